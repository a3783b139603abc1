"""The web page as its players meet it: a real ``splendor-a11y serve --web`` on loopback,
a real Chromium (Debian's, driven by Playwright) and a real SSH client at one table.

The blind web player uses the keyboard only and hears what the page's live regions
announce; a sighted friend plays with the mouse on the board; the SSH player reads their
terminal. They play a whole game with a computer seat. Every line the page is sent is heard once, in order, and the
computer's moves are the same sentences at both seats.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splendor_a11y.serve.server import ServerOptions, start_lines

from server_helpers import QUICK_THOUGHT, Player, Server, free_port
from web_helpers import SPEECH, MousePlayer, WebPerson, chromium, plays_by_hints, playwright_or_skip


@pytest.fixture
def web_server(tmp_path: Path) -> tuple[Server, int]:
    port = free_port()
    running = Server(tmp_path, "--web", str(port), *QUICK_THOUGHT)
    running.start()
    yield running, port
    print("the server said, at its end:", running.stop())


@pytest.fixture
def browser_site(web_server: tuple[Server, int]) -> tuple[Server, str, Any]:
    """The server, its page's address, and Playwright (the test skipped without it or
    without Chromium)."""
    api = playwright_or_skip()
    server, port = web_server
    return server, f"http://127.0.0.1:{port}/", api


def run(coroutine: object) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 300))  # type: ignore[arg-type]


def spoken_once_in_order(said: list[str], heard: list[tuple[str, str]]) -> list[str]:
    """What the page was sent, as the live regions should have spoken it: each line once,
    in order, a line repeated within moments dropped (compared loosely: a repeat may fall
    either side of the window)."""
    texts = [text for _politeness, text in heard]
    assert len(texts) <= len(said)
    position = 0
    for text in texts:
        while position < len(said) and said[position] != text:
            position += 1
        assert position < len(said), f"heard out of order or never sent: {text!r}"
        position += 1
    skipped = [line for line in said if line not in texts]
    return skipped


@pytest.mark.parametrize("code", ["en", "fr"])
def test_a_blind_web_player_a_clicking_friend_and_an_ssh_player_play_a_whole_game_with_a_computer(
    browser_site: tuple[Server, str, Any], code: str
) -> None:
    """Ana types and hears (keyboard only); Cy plays every move with the mouse on the
    board; Ben plays over SSH; a computer takes the fourth seat; in English, and in
    French (the browsers' language, and ``lang fr`` over SSH)."""
    server, url, api = browser_site
    speech = SPEECH[code]
    locale = {"en": "en-GB", "fr": "fr-FR"}[code]

    async def ssh_typing(line: str) -> None:
        ben.send(line)

    async def game() -> None:
        async with chromium(api) as browser:
            ana = await WebPerson.arrive(browser, url, "Ana", "ana-secret-1", locale)
            cy = await WebPerson.arrive(browser, url, "Cy", "cy-secret-12", locale)
            await ben.connect()
            await ben.expect("Welcome, Ben: this name is now yours")
            ben.send(f"lang {code}")
            await ana.type("create 4 bot:easy")
            await ana.expect(speech.table_yours)
            ben.send("join 1")
            await ana.expect(speech.sits.format(name="Ben"))
            await cy.type("join 1")
            await ana.expect(speech.sits.format(name="Cy"))
            await asyncio.gather(
                plays_by_hints(ana.expect, ana.type, "Ana", speech),
                plays_by_hints(ben.expect, ssh_typing, "Ben", speech),
                clicking(cy).play_to_the_end(),
            )
            found["said"], found["heard"] = await ana.quiet()
            found["shown"] = await ana.history()
            found["page"] = await ana.page.evaluate(
                "({speaking, waiting: queue.length, seen: document.visibilityState})"
            )
            await ben.close()

    ben = Player(server.port, "Ben", "ben-secret-1")
    players: list[MousePlayer] = []
    found: dict[str, Any] = {}

    def clicking(person: WebPerson) -> MousePlayer:
        players.append(MousePlayer(person, "Cy", speech))
        return players[-1]

    run(game())
    said, heard = found["said"], found["heard"]
    assert speech.game_over in found["shown"] and speech.game_over in ben.text
    assert players[0].moves > 10
    skipped = spoken_once_in_order(said, heard)
    assert not skipped, f"sent to the page, never spoken: {skipped[:5]}; the page then: {found['page']}"
    assert len(heard) == len(said)
    urgent = [text for politeness, text in heard if politeness == "assertive"]
    assert any(re.match(speech.turn.format(name="Ana"), text) for text in urgent)
    web_bot = [line for line in said if line.startswith(speech.bot)]
    ssh_bot = [line.strip() for line in ben.text.splitlines() if line.strip().startswith(speech.bot)]
    assert web_bot and web_bot == ssh_bot


def test_a_reload_and_a_lost_connection_come_back_to_the_seat(browser_site: tuple[Server, str, Any]) -> None:
    """Back at the seat after a reload and after a socket closed under the page; chat
    with HTML in it is shown as the text typed, never as markup."""
    server, url, api = browser_site

    async def scenario() -> None:
        async with chromium(api) as browser:
            cy = await WebPerson.facing_a_computer(browser, url, "Cy", "cy-secret-12")
            await cy.page.reload()
            cy.seen = 0
            await cy.expect(r"Welcome back to table 1")
            assert await cy.page.is_hidden("#login")
            await cy.page.evaluate("socket.close()")
            await cy.expect(r"Welcome back to table 1")
            await cy.type("take dse")
            await cy.expect(r"You take 1d 1s 1e")
            await cy.type('say <b>bold</b><img src=x onerror="document.title=1">')
            await cy.expect("You say: <b>bold</b><img")
            assert await cy.page.locator("#history b, #history img, #polite img, #assertive b").count() == 0
            assert await cy.page.title() != "1"

    run(scenario())


async def logged_in_session(port: int, name: str, password: str) -> aiohttp.ClientSession:
    """A client that logged in through the form, holding the page's cookie."""
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # unsafe: a cookie from an address
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    async with session.post(
        f"http://127.0.0.1:{port}/login", data={"name": name, "password": password}, headers=origin
    ) as answer:
        assert "name" in await answer.json()
    return session


async def said_until(socket: aiohttp.ClientWebSocketResponse, pattern: str) -> str:
    """The lines said until one matches ``pattern``."""
    lines: list[str] = []
    while True:
        message = json.loads((await asyncio.wait_for(socket.receive(), 10)).data)
        if "say" in message:
            lines.append(message["say"])
            if re.search(pattern, message["say"]):
                return "\n".join(lines)


def test_what_no_page_sends_is_refused_in_one_sentence_and_loses_nothing(web_server: tuple[Server, int]) -> None:
    _server, port = web_server

    async def scenario() -> None:
        session = await logged_in_session(port, "Dee", "dee-secret-1")
        origin = {"Origin": f"http://127.0.0.1:{port}"}
        async with session.ws_connect(f"http://127.0.0.1:{port}/socket", headers=origin) as socket:
            await said_until(socket, "Welcome, Dee")
            for hostile in (
                "not json",
                "[1, 2]",
                json.dumps({"line": 5}),
                json.dumps({"key": "f9"}),
                json.dumps({"line": "who", "more": 1}),
            ):
                await socket.send_str(hostile)
                assert "The page sent something it never sends" in await said_until(socket, "never sends")
            await socket.send_str(json.dumps({"line": "x" * 600}))
            assert "500" in await said_until(socket, "500")
            await socket.send_str(json.dumps({"line": "say <b>hi</b> <script>alert(1)</script>"}))
            assert "You say: <b>hi</b> <script>alert(1)</script>" in await said_until(socket, "You say")
            await socket.send_str(json.dumps({"line": "who"}))
            assert "Dee" in await said_until(socket, "Dee")
        await session.close()

    run(scenario())


def test_a_socket_from_another_site_or_without_a_login_is_refused(web_server: tuple[Server, int]) -> None:
    _server, port = web_server

    async def scenario() -> None:
        session = await logged_in_session(port, "Eve", "eve-secret-1")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"http://127.0.0.1:{port}/socket", headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        await session.close()
        async with aiohttp.ClientSession() as stranger:
            origin = {"Origin": f"http://127.0.0.1:{port}"}
            async with stranger.ws_connect(f"http://127.0.0.1:{port}/socket", headers=origin) as socket:
                message = json.loads((await socket.receive(timeout=10)).data)
                assert message == {"login": "Log in to play."}
            async with stranger.post(
                f"http://127.0.0.1:{port}/login", data={"name": "Eve", "password": "wrong-one"}, headers=origin
            ) as answer:
                assert "do not match" in (await answer.json())["error"]
            async with stranger.get(f"http://127.0.0.1:{port}/") as page:
                policy = page.headers["Content-Security-Policy"]
                assert "script-src 'self'" in policy and "unsafe-inline" not in policy

    run(scenario())


def test_the_page_s_language_is_answered_whatever_the_browser_sends_with_a_script_s_requests(
    web_server: tuple[Server, int],
) -> None:
    """Chromium 150 sent its own ``en-US`` with the socket's handshake from a page in
    French, and the game spoke English: the page names its language (``?lang=fr``), and
    that is the one answered; without it, the browser's."""
    _server, port = web_server

    async def scenario() -> None:
        english = {"Origin": f"http://127.0.0.1:{port}", "Accept-Language": "en-US,en;q=0.9"}
        async with aiohttp.ClientSession() as stranger:
            for asked, said in (("?lang=fr", "Connectez-vous pour jouer."), ("?lang=xx", "Log in to play.")):
                async with stranger.ws_connect(f"http://127.0.0.1:{port}/socket{asked}", headers=english) as socket:
                    assert json.loads((await socket.receive(timeout=10)).data) == {"login": said}
            async with stranger.post(
                f"http://127.0.0.1:{port}/login?lang=fr",
                data={"name": "9 lives", "password": "pw-12345"},
                headers=english,
            ) as answer:
                assert (await answer.json())["error"].startswith("Un nom est une lettre, puis")

    run(scenario())


AXE_PLACES = (Path(__file__).resolve().parent.parent / ".ci" / "node" / "node_modules" / "axe-core" / "axe.min.js",)
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_or_skip() -> Path:
    """axe-core's script, as ``.ci/run`` installs it from npm, or the test skipped."""
    import os

    places = [Path(os.environ["SPLENDOR_AXE"])] if os.environ.get("SPLENDOR_AXE") else []
    for place in [*places, *AXE_PLACES]:
        if place.exists():
            return place
    pytest.skip("axe-core is not installed (npm install --prefix .ci/node axe-core, or SPLENDOR_AXE=axe.min.js)")


async def violations(page: object, axe: Path) -> list[str]:
    """axe-core's WCAG 2.1 AA violations on the page as it is now."""
    await page.add_script_tag(path=str(axe))  # type: ignore[attr-defined]
    found = await page.evaluate(  # type: ignore[attr-defined]
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}}).then(r => r.violations.map("
        "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))",
        WCAG_AA,
    )
    return list(found)


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_axe_finds_nothing_on_the_login_page_the_lobby_and_a_table(
    browser_site: tuple[Server, str, Any], locale: str
) -> None:
    axe = axe_or_skip()
    _server, url, api = browser_site

    async def scenario() -> None:
        async with chromium(api) as browser:
            context = await browser.new_context(locale=locale, bypass_csp=True)  # axe is injected as a script
            page = await context.new_page()
            await page.goto(url)
            await page.wait_for_selector("#login:not([hidden])")
            found = {"login": await violations(page, axe)}
            person = WebPerson(page, url)
            await person.log_in("Fay", "fay-secret-1")
            await person.expect("Fay")
            found["lobby"] = await violations(page, axe)
            await person.type("create 2 bot:easy" if locale == "en-GB" else "créer 2 bot:easy")
            await person.expect("Fay")
            found["table"] = await violations(page, axe)
            assert await page.get_attribute("html", "lang") == locale[:2]
        assert found == {"login": [], "lobby": [], "table": []}

    run(scenario())


def test_behind_a_proxy_each_visitor_meets_the_limits_of_their_own_address(web_server: tuple[Server, int]) -> None:
    """A proxy on the server's machine (Caddy, nginx) forwards everyone from 127.0.0.1: the
    address it forwarded for is the one counted, so five households are five addresses,
    while a fifth page from one address is refused as over SSH."""
    _server, port = web_server

    async def page_from(name: str, address: str) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse]:
        session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        headers = {"Origin": f"http://127.0.0.1:{port}", "X-Forwarded-For": address}
        async with session.post(
            f"http://127.0.0.1:{port}/login", data={"name": name, "password": f"{name}-secret"}, headers=headers
        ) as answer:
            assert "name" in await answer.json()
        return session, await session.ws_connect(f"http://127.0.0.1:{port}/socket", headers=headers)

    async def scenario() -> None:
        opened = [await page_from(f"Home{number}", f"198.51.100.{number}") for number in range(1, 6)]
        for number, (_session, socket) in enumerate(opened, start=1):
            assert f"Welcome, Home{number}" in await said_until(socket, "Welcome, Home")
        shared = [await page_from(f"Pupil{number}", "203.0.113.9") for number in range(1, 6)]
        for _session, socket in shared[:4]:
            await said_until(socket, "Welcome, Pupil")
        assert "Too many connections from your address; at most 4 at once." in await said_until(
            shared[4][1], "Too many"
        )
        for session, socket in opened + shared:
            await socket.close()
            await session.close()

    run(scenario())


MESSAGES = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=300),
    st.dictionaries(
        st.sampled_from(["line", "key", "say", "prompt", "x"]),
        st.one_of(st.text(max_size=50), st.integers(), st.none(), st.lists(st.integers(), max_size=3)),
        max_size=3,
    ).map(json.dumps),
)
"""What a hostile page could send: any text, any bytes, JSON of any near-miss shape."""


def test_any_message_on_the_socket_leaves_the_server_answering(web_server: tuple[Server, int]) -> None:
    server, port = web_server
    loop = asyncio.new_event_loop()
    session = loop.run_until_complete(logged_in_session(port, "Gus", "gus-secret-1"))
    origin = {"Origin": f"http://127.0.0.1:{port}"}

    async def answers_after(junk: str | bytes) -> None:
        async with session.ws_connect(f"http://127.0.0.1:{port}/socket", headers=origin) as socket:
            await said_until(socket, "Welcome")
            if isinstance(junk, bytes):
                await socket.send_bytes(junk)
            else:
                await socket.send_str(junk)
            try:
                await socket.send_str(json.dumps({"line": "who"}))
                await said_until(socket, r"Connected, \d+:")
            except (ConnectionError, TypeError):  # binary ends the connection: a page never sends it
                pass
        async with session.ws_connect(f"http://127.0.0.1:{port}/socket", headers=origin) as socket:
            await socket.send_str(json.dumps({"line": "who"}))
            await said_until(socket, r"Connected, \d+:")

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(MESSAGES)
    def property_holds(junk: str | bytes) -> None:
        loop.run_until_complete(asyncio.wait_for(answers_after(junk), 30))

    try:
        property_holds()
    finally:
        loop.run_until_complete(session.close())
        loop.close()
    assert server.process is not None and server.process.poll() is None
    assert "Traceback" not in server.printed


def test_a_sighted_friend_plays_by_clicking_and_never_sees_a_blind_reservation(
    browser_site: tuple[Server, str, Any],
) -> None:
    """Cy plays with the mouse on the board (gems and cards fill the command line, Play
    plays it); Dan, at the keyboard, reserves a deck's top blind. The card is on Dan's
    board, and nowhere in Cy's page: not its text, its attributes, nor what its socket
    was sent."""
    _server, url, api = browser_site

    async def scenario() -> None:
        async with chromium(api) as browser:
            dan = await WebPerson.arrive(browser, url, "Dan", "dan-secret-1")
            await dan.type("create 2")
            cy = await WebPerson.open(browser, url)
            received: list[str] = []
            cy.page.on(
                "websocket",
                lambda socket: socket.on(
                    "framereceived",
                    lambda frame: received.append(frame if isinstance(frame, str) else frame.get("payload", "")),
                ),
            )
            await cy.page.reload()
            await cy.page.wait_for_selector("#login:not([hidden])")
            await cy.page.click("#name")
            await cy.page.keyboard.type("Cy")
            await cy.page.click("#password")
            await cy.page.keyboard.type("cy-secret-12")
            await cy.page.click("#login button")
            await cy.expect("Welcome, Cy")
            await cy.type("join 1")
            await dan.expect("Cy sits down at table 1.")
            first = await dan.expect(r"Your turn\.|Cy's turn\.")
            if first.group(0).startswith("Your turn"):
                await dan.type("take dse")
                await cy.expect(r"Your turn\.")
            supply = await cy.page.locator("#board h3 + .row .token").all_inner_texts()
            assert [token[-1] for token in supply] == list("dserog"), "every colour, none left included"
            for gem in "roe":
                await cy.page.click(f"#board .token.gem-{gem}")
            assert await cy.page.input_value("#command") == "take roe"
            await cy.page.click("#command-form button")
            await cy.expect(r"You take 1e 1r 1o")
            await dan.expect(r"Cy takes 1e 1r 1o")
            await dan.expect(r"Your turn\.")
            await dan.type("reserve deck a")
            await dan.expect(r"You reserve (\S+ [^.]*?) from the top of deck a")
            await dan.page.wait_for_selector("#board .card[class*='gem'] >> text=/^h1 /")
            held = (await dan.page.inner_text("#board li .card")).removeprefix("h1 ").strip()
            await cy.expect(r"Dan reserves")
            face_up = "#board .row button.card:not(.noble) >> nth=0"
            await cy.page.click(face_up)
            bought = await cy.page.input_value("#command")
            assert re.fullmatch(r"buy [abc][1-4]", bought)
            await cy.page.click(face_up)
            assert await cy.page.input_value("#command") == bought.replace("buy", "reserve")
            await cy.page.click("#board .deck >> text=/^a:/")
            assert await cy.page.input_value("#command") == "reserve deck a"
            await cy.page.click("#board .noble >> nth=1")
            assert await cy.page.input_value("#command") == "noble 2"
            await cy.page.click(face_up)
            await cy.page.click("#command-form button")
            await cy.expect(r"You (buy|cannot)|afford|enough")
            seen = await cy.page.content() + "\n".join(received)
            shown = await cy.page.inner_text("#board")
        assert held and held not in seen, f"Cy's page holds Dan's blind card {held}"
        assert "a face down" in shown

    run(scenario())


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, as a host's would be (made here, for the test)."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(key, hashes.SHA256())
    )
    cert, private = folder / "cert.pem", folder / "key.pem"
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    private.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert, private


def test_over_https_the_page_and_its_cookie_are_secure(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    port = free_port()
    server = Server(tmp_path, "--web", str(port), "--tls-cert", str(cert), "--tls-key", str(key))
    server.start()

    async def scenario() -> None:
        origin = {"Origin": f"https://127.0.0.1:{port}"}
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(f"https://127.0.0.1:{port}/", ssl=False) as page:
                assert page.status == 200 and "Command" in await page.text()
            async with session.post(
                f"https://127.0.0.1:{port}/login",
                ssl=False,
                headers=origin,
                data={"name": "Hal", "password": "hal-secret-1"},
            ) as answer:
                cookie = answer.headers["Set-Cookie"]
            assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
            async with session.ws_connect(f"https://127.0.0.1:{port}/socket", ssl=False, headers=origin) as socket:
                assert "Welcome, Hal" in await said_until(socket, "Welcome")

    try:
        run(scenario())
        assert f"Web page at https://127.0.0.1:{port}/" in "\n".join(server.output)
    finally:
        server.stop()


def test_the_web_page_in_the_clear_on_the_network_is_warned_of(tmp_path: Path) -> None:
    """Served on an address other machines reach, without HTTPS, the host is told that
    passwords cross the network in the clear; with a certificate, or on loopback, not."""

    def told(host: str, *tls: Path) -> list[str]:
        options = ServerOptions(
            db=tmp_path / "db",
            host_key=tmp_path / "key",
            host=host,
            web=8080,
            tls_cert=tls[0] if tls else None,
            tls_key=tls[1] if tls else None,
        )
        return [line for line in start_lines(options, "SHA256:x", 0, {}) if "in the clear" in line]

    assert told("0.0.0.0") == [
        "WARNING: the web page is served without HTTPS on an address other machines can "
        "reach: passwords cross the network in the clear. Give --tls-cert and --tls-key, "
        "or put a reverse proxy with HTTPS in front."
    ]
    assert told("192.0.2.7") and not told("127.0.0.1") and not told("192.0.2.7", tmp_path / "c", tmp_path / "k")


def test_a_certificate_without_its_key_is_one_sentence_and_exit_2(tmp_path: Path) -> None:
    from conftest import run_cli

    result = run_cli("serve", "--web", "8080", "--tls-cert", str(tmp_path / "cert.pem"), home=tmp_path)
    assert result.returncode == 2
    assert "--tls-cert and --tls-key go together: give both, or neither." in result.stderr
    assert "Traceback" not in result.stderr
    missing = run_cli(
        "serve",
        "--port",
        str(free_port()),
        "--web",
        str(free_port()),
        "--tls-cert",
        str(tmp_path / "cert.pem"),
        "--tls-key",
        str(tmp_path / "key.pem"),
        home=tmp_path,
    )
    assert missing.returncode == 1 and "Traceback" not in missing.stderr and missing.stderr.count("\n") == 1
    assert "cert.pem" in missing.stderr


def test_lang_turns_the_page_itself_to_the_language_chosen(browser_site: tuple[Server, str, Any]) -> None:
    """A player whose browser speaks English types ``lang fr``: the game answers in French,
    and so does the page (the command line is then named "Commande"), with its language
    set for the screen reader and the browser's voice; a reload keeps it. At a table, the
    help's keys are said in French (they stayed in the language of the connection) and
    the players' panel counts "0 point" with French spacing and colons ("0 point ; jetons : aucun")."""
    _server, url, api = browser_site

    async def scenario() -> None:
        async with chromium(api) as browser:
            ivy = await WebPerson.arrive(browser, url, "Ivy", "ivy-secret-1")
            await ivy.type("lang fr")
            await ivy.expect("français")
            await ivy.page.get_by_label("Commande").wait_for()
            assert await ivy.page.get_attribute("html", "lang") == "fr"
            assert await ivy.page.get_by_role("button", name="Jouer").count() == 1
            await ivy.page.get_by_label("Commande").press_sequentially("qui")
            await ivy.page.keyboard.press("Enter")
            await ivy.expect(r"Connectés, 1")
            await ivy.page.reload()
            await ivy.page.get_by_label("Commande").wait_for()
            await ivy.type("créer 2 robot:facile")
            await ivy.expect(r"À vous\.")
            await ivy.type("aide")
            await ivy.expect(r"F2 ou Alt\+R : répéter la dernière annonce\.")
            players = await ivy.page.inner_text("#board li")
            assert "Ivy (à jouer) 0 point ; jetons : aucun ; bonus : aucun" in players, players

    run(scenario())


def test_the_board_shows_who_holds_a_card_with_strongholds(browser_site: tuple[Server, str, Any]) -> None:
    """A stronghold was nowhere on the page's board: a sighted friend saw a card they
    could not take with nothing to say why. Playing the hints at a Strongholds table, the
    first stronghold placed shows on its card, in words (and a dashed edge)."""
    _server, url, api = browser_site
    decision = r"Your turn\.|Place a stronghold|You hold \d+ tokens|Several nobles would visit you"

    async def scenario() -> None:
        async with chromium(api) as browser:
            ana = await WebPerson.arrive(browser, url, "Ana", "ana-secret-1")
            await ana.type("create 2 bot:easy module strongholds")
            for _move in range(40):
                await ana.expect(decision, timeout=60)
                if await ana.page.locator("#board .card.held").count():
                    break
                await ana.type("hint")
                await ana.type((await ana.expect(SPEECH["en"].hint, timeout=60)).group(1))
            held = await ana.page.inner_text("#board .card.held >> nth=0")
            assert re.fullmatch(r"[abc][1-4] [abc]\d\S* [^,]+, held by (you|Easy bot) with [1-3] strongholds?", held), (
                held
            )

    run(scenario())


def test_a_spectator_s_board_names_the_computers_in_their_language_and_offers_no_move(
    browser_site: tuple[Server, str, Any],
) -> None:
    """A French spectator at an English player's table saw ``Easy bot`` on the board, and
    cards and gems to click under "click a gem to take it", each click refused. The
    board names the computer in French, and nothing on it is a button."""
    server, url, api = browser_site
    ana = Player(server.port, "Ana", "ana-secret-1")

    async def scenario() -> None:
        await ana.connect()
        await ana.expect("Welcome, Ana")
        ana.send("create 2 bot:easy")
        await ana.expect(r"Your turn\.")
        async with chromium(api) as browser:
            eve = await WebPerson.arrive(browser, url, "Eve", "eve-secret-12", "fr-FR")
            await eve.type("regarder 1")
            await eve.expect(r"Ordre de jeu : (Ana et Robot facile|Robot facile et Ana)\.")
            await eve.page.locator("#board li").nth(1).wait_for()
            players = await eve.page.inner_text("#board ul")
            assert "Robot facile" in players and "Easy bot" not in players, players
            assert await eve.page.locator("#board h3").first.inner_text() == "Réserve"
            assert await eve.page.locator("#board .card").count() > 12
            assert await eve.page.locator("#board button").count() == 0
        await ana.close()

    run(scenario())


def test_on_a_phone_nothing_runs_wider_than_the_screen(browser_site: tuple[Server, str, Any]) -> None:
    """At a small phone's width (320 CSS pixels, as WCAG's reflow asks) the page never
    scrolls sideways: the command line's box kept its own width and pushed Play off the
    screen, in French most."""
    _server, url, api = browser_site
    too_wide = "Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > innerWidth + 1).map(e => e.outerHTML.slice(0, 80))"

    async def scenario() -> None:
        async with chromium(api) as browser:
            for locale in ("fr-FR", "en-GB"):
                phone = {"viewport": {"width": 320, "height": 640}, "is_mobile": True}
                lou = await WebPerson.arrive(browser, url, f"Lou{locale[:2]}", "lou-secret-1", locale, **phone)
                await lou.type("create 2 bot:easy module orient module strongholds")
                await lou.page.wait_for_selector("#board:not([hidden]) .card")
                assert await lou.page.evaluate("document.documentElement.scrollWidth") <= 320
                assert await lou.page.evaluate(too_wide) == [], locale

    run(scenario())


def test_tab_completes_the_lobby_s_words_and_at_a_table_the_game_s(browser_site: tuple[Server, str, Any]) -> None:
    """In the lobby Tab offered the game's words and none of the lobby's (``cre`` stayed
    ``cre``); at a table it completes both, and no word of a module not in play."""
    _server, url, api = browser_site

    async def tab(person: WebPerson, typed: str) -> str:
        await person.page.fill("#command", typed)
        await person.page.keyboard.press("Tab")
        value = str(await person.page.input_value("#command"))
        await person.page.fill("#command", "")
        return value

    async def scenario() -> None:
        async with chromium(api) as browser:
            jo = await WebPerson.arrive(browser, url, "Jo", "jo-secret-12")
            assert await tab(jo, "cre") == "create "
            assert await tab(jo, "sup") == "sup"  # supply: a game's word, and Jo is at no table
            await jo.type("create 2 bot:easy")
            await jo.expect(r"Your turn\.")
            assert [await tab(jo, typed) for typed in ("sup", "sa", "dec")] == ["supply ", "say ", "dec"]

    run(scenario())


def test_the_terminal_s_keys_work_at_the_page(browser_site: tuple[Server, str, Any]) -> None:
    """Up recalls a line typed, Tab completes a command of this game, F2 repeats the last line, F3
    tells the player's status, F5 steps back, Alt+B reads the board; help lists the keys."""
    _server, url, api = browser_site

    async def scenario() -> None:
        async with chromium(api) as browser:
            jo = await WebPerson.facing_a_computer(browser, url, "Jo", "jo-secret-12")
            await jo.type("take dse")
            await jo.expect(r"You take 1d 1s 1e")
            await jo.expect(r"Your turn\.")
            keys = jo.page.keyboard
            await keys.press("ArrowUp")
            assert await jo.page.input_value("#command") == "take dse"
            await jo.page.fill("#command", "supp")
            await keys.press("Tab")
            assert await jo.page.input_value("#command") == "supply "
            await jo.page.fill("#command", "dec")
            await keys.press("Tab")
            assert await jo.page.input_value("#command") == "dec"  # decline: a module's, not this game's
            await jo.page.fill("#command", "")
            _said, before = await jo.quiet()
            await keys.press("F2")
            await jo.expect(r"Your turn\.")
            await keys.press("F3")
            await jo.expect(r"1d 1s 1e")
            await keys.press("F5")
            await keys.press("Alt+B")
            await jo.expect(r"c1 ")
            _said, after = await jo.quiet()
            told = [text for _politeness, text in after[len(before) :]]
            assert told[0].startswith("Your turn."), told  # F2, though it repeats the line before
            assert any("1d 1s 1e" in text for text in told[1:]) and any(
                text.startswith("c1 ") or " c1 " in text for text in told
            )
            await jo.type("help")
            await jo.expect(r"F2 or Alt\+R")

    run(scenario())
