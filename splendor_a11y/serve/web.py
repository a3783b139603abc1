"""The server as a web page: a page and a WebSocket, on the same loop as SSH and telnet.

A person logs in with a form (the same accounts, the same delays after wrong passwords),
and gets a session cookie: ``HttpOnly``, ``SameSite=Strict``, ``Secure`` under HTTPS, so
that a reload keeps them logged in and no script, theirs or another site's, can read it.
The page then opens a WebSocket, whose ``Origin`` must be the page's own, and the visit
is the same as over SSH: lines typed in, lines said out, the same hall and seats.

What travels is JSON of a few known shapes, each bounded as it arrives. From the page:
``{"line": TEXT}`` (a line typed) and ``{"key": "f2"}`` … ``"f6"`` (the review and
question keys, answered here as at a terminal). To the page: ``{"say": TEXT, "kind":
CHANNEL}``, ``{"prompt": TEXT}``, ``{"words": [...]}`` (what Tab completes), ``{"board":
VIEW}`` (the table as the seat may see it, as ``replay --state-json`` writes a state, and
the seat's number), ``{"lang": CODE, "page": WORDS}`` (the page's own words, when the
person's language changes) and ``{"login": SENTENCE}`` when the cookie is no good. The
page shows every text as text, never as HTML.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import secrets
import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from splendor_a11y.play.console import KEYS, key_lines, keys_help
from splendor_a11y.play.conversation import Channel
from splendor_a11y.play.history import History
from splendor_a11y.serve.accounts import Doorman
from splendor_a11y.serve.gate import Gate
from splendor_a11y.serve.limits import LINE_BYTES, UNREAD_BYTES
from splendor_a11y.serve.lobby import tab_words
from splendor_a11y.serve.pace import Pace
from splendor_a11y.text.languages import LANGUAGES, Language
from splendor_a11y.text.messages import speaking, text

__all__ = ["WebLink", "web_server"]

PAGE_FOLDER = Path(__file__).resolve().parent / "webpage"
COOKIE = "splendor_session"
SESSION_SECONDS = 30 * 24 * 3600.0
"""How long a login on a browser lasts without being used."""
MESSAGE_BYTES = 2 * LINE_BYTES + 256
"""The largest message the page sends: one line, in JSON (escapes may double it)."""
REQUEST_BYTES = 4096
"""The largest request body: a login form."""
MESSAGES_WAITING = 256
"""Messages to a page not yet sent before the page is taken for gone."""
KEYS_PER_SECOND, KEY_BURST = 10.0, 20.0
"""Review and question keys a page may send, as lines are paced."""
PAGE_LABELS = (
    "title",
    "heading",
    "name",
    "password",
    "login",
    "logout",
    "history",
    "command",
    "keys",
    "speak",
    "connecting",
    "lost",
    "play",
    "board",
    "board_turn",
    "board_deck",
    "board_nobles",
    "board_supply",
    "board_supply_watched",
    "board_players",
    "board_tokens",
    "board_bonuses",
    "board_points",
    "board_point",
    "board_separator",
    "board_colon",
    "board_held",
    "board_hand",
    "board_face_down",
    "board_none",
)
"""The page's own words (``web.page.*`` in the catalogues), put into it in the visitor's language."""
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
FILES = {"app.js": "text/javascript", "app.css": "text/css"}
CLOSING_SECONDS = 5.0
"""How long a closing page is given to take its last lines."""

Visit = Callable[[str, "WebLink"], Awaitable[None]]


@dataclass
class Sessions:
    """Who each browser's cookie logs in: a random token, forgotten after a month unused
    or at logging out. Kept in memory: a server restarted asks for the password again."""

    names: dict[str, tuple[str, float]] = field(default_factory=dict)

    def open(self, name: str) -> str:
        token = secrets.token_urlsafe(32)
        self.names[token] = (name, time.monotonic() + SESSION_SECONDS)
        return token

    def name_of(self, token: str | None) -> str | None:
        found = self.names.get(token or "")
        if found is None or found[1] < time.monotonic():
            return None
        self.names[token or ""] = (found[0], time.monotonic() + SESSION_SECONDS)
        return found[0]

    def close(self, token: str | None) -> None:
        self.names.pop(token or "", None)


class WebLink:
    """One page's WebSocket: lines in, lines out, never waiting on the page to read."""

    def __init__(
        self, socket: web.WebSocketResponse, address: str, transport: asyncio.Transport | None, page_language: str
    ) -> None:
        self.socket = socket
        self.address = address
        self._transport = transport
        self._page_language = page_language
        self._modules: tuple[str, ...] | None = None
        self._spoken: Language | None = None
        self.keys_help: Callable[[bool], list[str]] = keys_help
        self.closed = False
        self.review = History()
        self._answer: Callable[[str], list[str]] | None = None
        self._lines: asyncio.Queue[str | None] = asyncio.Queue(MESSAGES_WAITING)
        self._outgoing: asyncio.Queue[str] = asyncio.Queue()
        self._keys = Pace(KEYS_PER_SECOND, KEY_BURST)
        self._writer = asyncio.get_running_loop().create_task(self._write_all())

    def set_answers(self, answer: Callable[[str], list[str]]) -> None:
        """What F3 and F4 ask (the seat's own questions)."""
        self._answer = answer

    def recall(self, lines: list[str]) -> None:
        """What the seat heard before this connection, reached by F5 and F6."""
        for line in lines:
            self.review.add(line)

    def send(self, line: str, channel: Channel) -> None:
        """A line for the page to show and speak; events are kept for the review keys."""
        if channel in (Channel.EVENT, Channel.PROMPT):
            self.review.add(line)
        self._send({"say": line, "kind": channel.name.lower()})

    def speak_in(self, spoken: Language) -> None:
        """The person hears this language (their choice, ``lang``, or their browser's):
        the page's own words, and what Tab completes, follow it."""
        if spoken.code == self._page_language:
            return
        self._page_language = spoken.code
        self._send({"lang": spoken.code, "page": page_words(spoken.code)})
        self.offer_words(spoken)

    def offer_words(self, spoken: Language) -> None:
        """What Tab completes at the page's command line: the lobby's words, and at a
        table its game's, in the person's language and in English."""
        self._spoken = spoken
        with speaking(spoken):
            self._send({"words": tab_words(self._modules)})

    def complete_for(self, modules: tuple[str, ...] | None) -> None:
        """Tab completes the lobby's words, and at a table its game's."""
        self._modules = modules
        if self._spoken is not None:
            self.offer_words(self._spoken)

    def show(self, board: Callable[[], dict[str, Any]]) -> None:
        """The table as the seat sees it, for the page's board (an empty one: no table)."""
        self._send({"board": board()})

    async def read_line(self, prompt: str) -> str | None:
        """The next line typed; None when the page is gone."""
        if self.closed:
            return None
        self._send({"prompt": prompt})
        return await self._lines.get()

    def close(self) -> None:
        """End the connection, after what is still to be sent."""
        if self.closed:
            return
        self.closed = True
        self._outgoing.put_nowait("")
        self._give_up_reading()

    async def finished(self) -> None:
        """Wait until what was queued has been sent and the socket closed (the page's
        handler must not return before: that would cut the last lines off)."""
        try:
            await asyncio.wait_for(asyncio.shield(self._writer), CLOSING_SECONDS)
        except TimeoutError:
            self._writer.cancel()

    def _send(self, message: dict[str, Any]) -> None:
        """Queued for the page; a page that leaves too much unread is let go."""
        if self.closed:
            return
        if self._outgoing.qsize() > MESSAGES_WAITING:
            self.close()
            return
        self._outgoing.put_nowait(json.dumps(message, ensure_ascii=False))

    async def _write_all(self) -> None:
        """Send the queued messages in order; an empty one ends the connection."""
        try:
            while data := await self._outgoing.get():
                if self._transport is not None and self._transport.get_write_buffer_size() > UNREAD_BYTES:
                    break
                await self.socket.send_str(data)
        except (ConnectionError, RuntimeError):
            pass
        finally:
            self.closed = True
            self._give_up_reading()
            await self.socket.close()

    def _give_up_reading(self) -> None:
        """Whoever waits for a line hears that there will be none."""
        while self._lines.full():
            self._lines.get_nowait()
        self._lines.put_nowait(None)

    async def read_messages(self) -> None:
        """Take the page's messages as they come, until it goes."""
        try:
            async for message in self.socket:
                if message.type != WSMsgType.TEXT:
                    break
                self._take(message.data)
        finally:
            self._give_up_reading()

    def _take(self, data: str) -> None:
        """One message: a line, a key, or something the page never sends (told so)."""
        try:
            message = json.loads(data)
        except ValueError:
            message = None
        if isinstance(message, dict) and isinstance(message.get("line"), str) and len(message) == 1:
            if self._lines.full():
                self.send(text("web.too_fast"), Channel.ERROR)
            else:
                self._lines.put_nowait(message["line"])
        elif isinstance(message, dict) and message.get("key") in _KEY_NAMES and len(message) == 1:
            self._press(str(message["key"]))
        else:
            self.send(text("web.bad_message"), Channel.ERROR)

    def _press(self, key: str) -> None:
        """A review or question key, answered as a terminal answers it."""
        if self._keys.spend():
            return
        for line in key_lines(key, self.review, self._answer):
            self.send(line, Channel.ANSWER)


_KEY_NAMES = {key for key, _first, _second in KEYS}


def _language_of(request: web.Request) -> str:
    """The visitor's language: the page's own, which its script names with what it asks
    (``?lang=fr``: the page came in it, or the player has since changed it), else the
    first of their browser's that the game speaks. A browser may send another language
    with a script's requests than with the page's: Chromium 150 sent its own ``en-US``
    with the socket's handshake to a page in French, and the game spoke English."""
    asked = request.query.get("lang", "").strip().lower()
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("Accept-Language", "").split(","):
        code = part.split(";")[0].strip().lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return next(iter(LANGUAGES))


def page_words(code: str) -> dict[str, str]:
    """The page's own words in a language, by label."""
    with speaking(LANGUAGES[code]):
        return {label: text(f"web.page.{label}") for label in PAGE_LABELS}


def _page(code: str) -> str:
    """The page, its words in the visitor's language (escaped: they are text)."""
    template = (PAGE_FOLDER / "index.html").read_text(encoding="utf-8")
    for label, word in page_words(code).items():
        template = template.replace(f"{{{label}}}", escape(word))
    return template.replace("{lang}", code)


def _same_origin(request: web.Request) -> bool:
    """Whether a request comes from this server's own page, not another site's: the page's
    host is the one asked (a proxy in front that speaks HTTPS changes the scheme only)."""
    origin = request.headers.get("Origin")
    return origin is not None and urlsplit(origin).netloc == request.host


def _behind_proxy(request: web.Request) -> bool:
    """Whether the request came through a proxy on this machine, whose forwarding headers
    are to be believed (from anywhere else, anyone could write them)."""
    try:
        return ipaddress.ip_address(request.remote or "").is_loopback
    except ValueError:
        return False


def _address(request: web.Request) -> str:
    """The visitor's address: the one a proxy on this machine says it forwarded for (the
    last it added), so that the limits an address meets are each visitor's own."""
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and _behind_proxy(request):
        return forwarded.split(",")[-1].strip()[:64]
    return request.remote or "?"


def _secure(request: web.Request, tls: bool) -> bool:
    """Whether the page reached its visitor over HTTPS: here, or at a proxy on this machine."""
    return tls or (_behind_proxy(request) and request.headers.get("X-Forwarded-Proto") == "https")


@dataclass
class _Web:
    """The web side's handlers, over the server's doorman, gate and visits."""

    doorman: Doorman
    gate: Gate
    visit: Visit
    greet_in: Callable[[str, Language], None]
    secure: bool
    sessions: Sessions = field(default_factory=Sessions)

    async def page(self, request: web.Request) -> web.Response:
        return web.Response(text=_page(_language_of(request)), content_type="text/html", headers=SECURITY_HEADERS)

    async def file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in FILES:
            raise web.HTTPNotFound()
        return web.Response(body=(PAGE_FOLDER / name).read_bytes(), content_type=FILES[name], headers=SECURITY_HEADERS)

    async def login(self, request: web.Request) -> web.Response:
        """The login form: a cookie, or the sentence the terminal would say."""
        if not _same_origin(request):
            raise web.HTTPForbidden(text=text("web.wrong_origin"))
        code = _language_of(request)
        form = await _form(request)
        name, password = form.get("name", ""), form.get("password", "")
        address = _address(request)
        with speaking(LANGUAGES[code]):
            admission = self.doorman.refusal(name, address)
            if admission is None:
                admission = await asyncio.to_thread(self.doorman.by_password, name, password, address)
            if not admission.admitted:
                return web.json_response(
                    {"error": self.doorman.sentence(admission, name, address)}, headers=SECURITY_HEADERS
                )
        real_name = self.doorman.real_name(name)
        response = web.json_response({"name": real_name}, headers=SECURITY_HEADERS)
        response.set_cookie(
            COOKIE,
            self.sessions.open(real_name),
            max_age=int(SESSION_SECONDS),
            httponly=True,
            secure=_secure(request, self.secure),
            samesite="Strict",
            path="/",
        )
        return response

    async def logout(self, request: web.Request) -> web.Response:
        if not _same_origin(request):
            raise web.HTTPForbidden(text=text("web.wrong_origin"))
        self.sessions.close(request.cookies.get(COOKIE))
        response = web.json_response({}, headers=SECURITY_HEADERS)
        response.del_cookie(COOKIE, path="/")
        return response

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        """A page's connection: refused from another site's page; told to log in
        without a good cookie; else a visit, counted at the gate like any other."""
        if not _same_origin(request):
            raise web.HTTPForbidden(text=text("web.wrong_origin"))
        socket = web.WebSocketResponse(max_msg_size=MESSAGE_BYTES, heartbeat=30.0)
        await socket.prepare(request)
        name = self.sessions.name_of(request.cookies.get(COOKIE))
        spoken = LANGUAGES[_language_of(request)]
        if name is None:
            with speaking(spoken):
                await socket.send_json({"login": text("web.log_in")})
            await socket.close()
            return socket
        self.greet_in(name, spoken)
        link = WebLink(socket, _address(request), request.transport, spoken.code)
        await self._stay(name, link, spoken)
        return socket

    async def _stay(self, name: str, link: WebLink, spoken: Language) -> None:
        ticket = self.gate.arrive(link.address, link.close)
        if ticket is None or not self.gate.admit(ticket):
            link.send(
                self.gate.refusal(link.address) if ticket is None else self.gate.inside_refusal(ticket), Channel.ERROR
            )
            link.close()
            await link.finished()
            if ticket is not None:
                self.gate.leave(ticket)
            return
        reading = asyncio.get_running_loop().create_task(link.read_messages())
        try:
            link.offer_words(spoken)
            await self.visit(name, link)
        finally:
            self.gate.leave(ticket)
            link.close()
            reading.cancel()
            await link.finished()


async def _no_icon(request: web.Request) -> web.Response:
    """The page has no icon; a browser that asks is told so without an error."""
    return web.Response(status=204, headers=SECURITY_HEADERS)


async def _form(request: web.Request) -> dict[str, str]:
    """The login form's fields, as text; anything else is an empty form."""
    try:
        fields = await request.post()
    except (ValueError, web.HTTPException):
        return {}
    return {key: value for key, value in fields.items() if isinstance(value, str)}


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """HTTPS with the host's certificate and key."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert, key)
    except OSError as error:  # ssl's own errors name no file: the host is told which
        missing = next((path for path in (cert, key) if not path.is_file()), None)
        if missing is not None:
            raise OSError(error.errno, error.strerror or str(error), str(missing)) from error
        raise OSError(error.errno, text("web.bad_certificate"), f"{cert}, {key}") from error
    return context


async def web_server(
    host: str,
    port: int,
    doorman: Doorman,
    gate: Gate,
    visit: Visit,
    greet_in: Callable[[str, Language], None],
    tls: ssl.SSLContext | None = None,
) -> web.AppRunner:
    """Serve the page and its WebSocket on the running loop; the runner, to stop it."""
    handlers = _Web(doorman, gate, visit, greet_in, secure=tls is not None)
    app = web.Application(client_max_size=REQUEST_BYTES)
    app.add_routes(
        [
            web.get("/", handlers.page),
            web.get("/static/{name}", handlers.file),
            web.get("/favicon.ico", _no_icon),
            web.post("/login", handlers.login),
            web.post("/logout", handlers.logout),
            web.get("/socket", handlers.socket),
        ]
    )
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, host, port, ssl_context=tls).start()
    return runner
