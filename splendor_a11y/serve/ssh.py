"""The server over SSH: asyncssh for the connection, prompt_toolkit for each person's prompt.

Each connection gets its own prompt session (``create_app_session``, by prompt_toolkit's
SSH server) on the one event loop, with cursor-position requests off: a screen reader
must never receive the probe. The prompt is the console's own, with its keys, history
and completion; lines from other players are printed above the line being typed, never
through it, at once (``LinePrompt.print_above``).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import asyncssh
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output

from splendor_a11y.play.console import Console
from splendor_a11y.play.conversation import LOGGER, Channel
from splendor_a11y.play.terminal import network_newlines
from splendor_a11y.serve.accounts import Admission, Doorman
from splendor_a11y.serve.gate import Gate, Ticket
from splendor_a11y.serve.keyboard import KeyboardInput
from splendor_a11y.serve.limits import HEADERS_WAITING, MAX_LINE, UNREAD_BYTES
from splendor_a11y.serve.lobby import tab_words
from splendor_a11y.serve.proxied import NotProxied, read_from_socket
from splendor_a11y.text.languages import Language
from splendor_a11y.text.messages import speaking

__all__ = ["SSHLink", "ssh_server"]

Visit = Callable[[str, "SSHLink"], Awaitable[None]]
WINDOW = 64 * 1024
"""How much a client may send that the server has not read yet (SSH's flow control)."""


class SSHLink:
    """One SSH connection's prompt and printed lines."""

    def __init__(self, session: _Session, address: str) -> None:
        app_session = session.app_session
        assert app_session is not None
        self.address = address
        self.session = session
        self.console = Console(
            stdout=session.stdout,
            interactive=True,
            pt_input=app_session.input,
            pt_output=app_session.output,
            max_line=MAX_LINE,
        )
        self.console.quit_question = "server.quit_confirm"
        self._spoken: Language | None = None
        self._modules: tuple[str, ...] | None = None
        self.console.tab_words = self._tab_words
        self.keys_help: Callable[[bool], list[str]] = self.console.keys_help
        self.closed = False

    def set_answers(self, answer: Callable[[str], list[str]]) -> None:
        """What F3 and F4 ask (the seat's own questions)."""
        self.console.answer_query = answer

    def speak_in(self, spoken: Language) -> None:
        """A terminal has no words of its own to translate; Tab completes in this language."""
        self._spoken = spoken

    def show(self, board: Callable[[], dict[str, Any]]) -> None:
        """A terminal draws no board: ``board``, ``me`` and F4 say it."""

    def complete_for(self, modules: tuple[str, ...] | None) -> None:
        """Tab completes the lobby's words, and at a table its game's."""
        self._modules = modules

    def _tab_words(self) -> list[str]:
        """What Tab completes now, in the language the person hears."""
        if self._spoken is None:
            return tab_words(self._modules)
        with speaking(self._spoken):
            return tab_words(self._modules)

    def recall(self, lines: list[str]) -> None:
        """What the seat heard before this connection, reached by F5 and F6."""
        for line in lines:
            self.console.review.add(line)

    def send(self, line: str, channel: Channel) -> None:
        """Print a line above the prompt, now; it leaves with what else this turn of the
        loop writes to the connection."""
        if not self.closed:
            self.console.announce_above(line, channel)

    def flush(self) -> None:
        """Send what was printed now, before the connection closes: lines are gathered
        until the end of the loop's turn, which a closing connection would not see."""
        self.session.output.send()

    async def read_line(self, prompt: str) -> str | None:
        """The next line typed; None at Ctrl-D, a confirmed Ctrl-C, or a closed connection."""
        if self.closed:
            return None
        line = await self.console.read_line_async(prompt)
        return None if self.closed else line

    def close(self) -> None:
        """End the prompt, then the connection."""
        self.closed = True
        self.console.end_prompt()
        self.session.close_channel()


class _Output:
    """What a connection's terminal is sent, gathered over two turns of the loop.

    prompt_toolkit writes a redraw in pieces (erase, printed lines, the prompt again),
    and each write would be its own encrypted SSH packet; gathered, they travel as one.
    """

    def __init__(self, session: _Session) -> None:
        self._session = session
        self._parts: list[str] = []

    def write(self, data: str) -> None:
        if not self._parts:
            asyncio.get_running_loop().call_soon(self._send_next_turn)
        self._parts.append(network_newlines(data))

    def _send_next_turn(self) -> None:
        """Wait one turn more: a line typed is answered in the turn after its Enter (the
        player's task wakes then), and the echo, the answer and the prompt drawn again
        then leave as one packet, not two."""
        asyncio.get_running_loop().call_soon(self.send)

    def send(self) -> None:
        """Send what was gathered (at the end of the loop's turn, or before closing). A
        client that has left ``UNREAD_BYTES`` unread is not listening: it is let go,
        rather than the server holding ever more for it."""
        data, self._parts = "".join(self._parts), []
        chan = self._session._chan
        if not data or chan is None:
            return
        try:
            if chan.get_write_buffer_size() > UNREAD_BYTES:
                chan.close()
                return
            chan.write(data)
        except (BrokenPipeError, OSError):
            pass  # the connection is closing: nobody is there to read it

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        """Sent at the end of the loop's turn, with whatever else this turn writes."""

    @property
    def encoding(self) -> str:
        return "utf-8"


class _Terminal(Vt100_Output):
    """prompt_toolkit's terminal output, flushed straight into ``_Output``: its own flush
    prepares a real file for writing (asking it for a descriptor, an exception each time
    for ours), at every line told."""

    def flush(self) -> None:
        if self._buffer:
            data, self._buffer = "".join(self._buffer), []
            self.stdout.write(data)


TERMINAL_COLUMNS = (20, 400)
TERMINAL_ROWS = (5, 200)
"""The terminal sizes a prompt is drawn for: a client may claim any size at all."""


class _Session(PromptToolkitSSHSession):
    """prompt_toolkit's SSH session, with keys read through ``KeyboardInput`` (bounded,
    and never through an operating system pipe the loop itself must drain), a terminal
    size kept within reason, and the visit ended when the client vanishes."""

    def __init__(self, interact: Callable[[PromptToolkitSSHSession], Awaitable[None]], address: str) -> None:
        super().__init__(interact, enable_cpr=False)  # type: ignore[arg-type]
        self.output = _Output(self)
        self.stdout = self.output  # type: ignore[assignment]
        self.address = address
        """The person's address, as the connection's server counted it."""

    def _get_size(self) -> Size:
        size = super()._get_size()
        return Size(
            rows=min(max(size.rows, TERMINAL_ROWS[0]), TERMINAL_ROWS[1]),
            columns=min(max(size.columns, TERMINAL_COLUMNS[0]), TERMINAL_COLUMNS[1]),
        )

    async def _interact(self) -> None:
        chan = self._chan
        assert chan is not None
        self._output = _Terminal(self.stdout, self._get_size, term=chan.get_terminal_type(), enable_cpr=False)
        keys = KeyboardInput(pause=chan.pause_reading, resume=chan.resume_reading)
        self._input = keys
        with create_app_session(input=keys, output=self._output) as session:
            self.app_session = session
            try:
                await self.interact(self)
            except Exception:  # noqa: BLE001 - one connection's fault must not stop the server
                LOGGER.exception("an SSH session failed")
            finally:
                chan.close()
                keys.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.interact_task is not None and not self.interact_task.done():
            self.interact_task.cancel()

    def close_channel(self) -> None:
        """Close the connection from the server's side, after what is still to be sent."""
        self.output.send()
        if self._chan is not None:
            self._chan.close()


class _Server(PromptToolkitSSHServer):
    """Logins checked by the doorman, connections counted by the gate. A login refused
    for a reason the person can mend (a name not allowed, a password too short, a wait)
    is told why in an authentication banner, which SSH clients print; a name refused
    outright offers no way to log in, so the client stops rather than asking for a
    password again."""

    def __init__(
        self,
        interact: Callable[[PromptToolkitSSHSession], Awaitable[None]],
        doorman: Doorman,
        gate: Gate,
        address: str = "",
    ) -> None:
        super().__init__(interact, enable_cpr=False)  # type: ignore[arg-type]
        self.doorman = doorman
        self.gate = gate
        self.address = address
        """The person's address: the one a load balancer named (``proxied.py``), or
        the connection's own."""
        self._conn: Any = None
        self._ticket: Ticket | None = None
        self._barred = False
        self._session: _Session | None = None

    def connection_made(self, conn: Any) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self.address = self.address or (str(peer[0]) if peer else "?")
        self._ticket = self.gate.arrive(self.address, conn.close)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._ticket is not None:
            self.gate.leave(self._ticket)

    def begin_auth(self, username: str) -> bool:
        if self._ticket is None:
            return self._bar(self.gate.refusal(self.address))
        refused = self.doorman.refusal(username, self.address)
        if refused is not None:
            return self._bar(self._sentence(refused, username))
        if self.doorman.open_door and self.doorman.by_password(username, "", self.address).admitted:
            return not self._admit()
        return True

    def _bar(self, line: str) -> bool:
        """Say why, and offer no way in."""
        self._barred = True
        self._banner(line)
        return True

    def _sentence(self, admission: Admission, name: str) -> str:
        return self.doorman.sentence(admission, name, self.address)

    def _admit(self) -> bool:
        """Count the person inside, or say why the server cannot take them."""
        assert self._ticket is not None
        if self.gate.admit(self._ticket):
            return True
        self._banner(self.gate.inside_refusal(self._ticket))
        return False

    def _banner(self, line: str) -> None:
        try:
            self._conn.send_auth_banner(line + "\r\n")
        except Exception:  # noqa: BLE001 - a client gone before the banner hears nothing, as it should
            pass

    def password_auth_supported(self) -> bool:
        return not self._barred

    async def validate_password(self, username: str, password: str) -> bool:
        admission = await asyncio.to_thread(self.doorman.by_password, username, password, self.address)
        if not admission.admitted:
            self._banner(self._sentence(admission, username))
            return False
        return self._admit()

    def public_key_auth_supported(self) -> bool:
        return not self._barred and not self.doorman.open_door

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        line = key.export_public_key("openssh").decode("ascii").split()
        admission = self.doorman.by_key(username, " ".join(line[:2]), self.address)
        return admission.admitted and self._admit()

    def session_requested(self) -> PromptToolkitSSHSession:
        """One session a connection: a second would be a second person on one login."""
        if self._session is not None:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "one session a connection")
        self._session = _Session(self.interact, self.address)
        return self._session


async def ssh_server(
    host: str,
    port: int,
    host_key: asyncssh.SSHKey,
    doorman: Doorman,
    gate: Gate,
    visit: Visit,
    login_timeout: float,
    proxied: bool = False,
) -> asyncssh.SSHAcceptor | ProxiedListener:
    """Listen for SSH connections; each logged-in one is a visit. ``proxied``: each
    connection begins with a load balancer's PROXY header, naming the person's address."""

    async def interact(session: PromptToolkitSSHSession) -> None:
        chan = session._chan
        name = doorman.real_name(str(chan.get_extra_info("username"))) if chan is not None else "?"
        assert isinstance(session, _Session)
        link = SSHLink(session, session.address)
        try:
            await visit(name, link)
        finally:
            link.flush()
            link.closed = True

    options: dict[str, Any] = {
        "server_host_keys": [host_key],
        "login_timeout": login_timeout,
        "keepalive_interval": 30,
        "keepalive_count_max": 4,
        "line_editor": False,
        "errors": "replace",
        "window": WINDOW,
        "max_pktsize": WINDOW // 2,
    }
    if proxied:
        return await proxied_server(host, port, lambda address: _Server(interact, doorman, gate, address), options)
    return await asyncssh.create_server(lambda: _Server(interact, doorman, gate), host, port, **options)


class ProxiedListener:
    """SSH behind a load balancer that speaks the PROXY protocol: each connection
    accepted here, its header read, then handed to asyncssh with the address it names."""

    def __init__(self, listener: socket.socket, server_for: Callable[[str], _Server], options: dict[str, Any]) -> None:
        self.listener = listener
        self.server_for = server_for
        self.options = options
        self.waiting = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._accepting = asyncio.get_running_loop().create_task(self._accept())

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            connection, _ = await loop.sock_accept(self.listener)
            if self.waiting >= HEADERS_WAITING:
                connection.close()
                continue
            connection.setblocking(False)
            task = loop.create_task(self._serve(connection))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _serve(self, connection: socket.socket) -> None:
        """One connection: its header, then SSH; closed at once without a header."""
        self.waiting += 1
        try:
            address = await read_from_socket(connection)
        except NotProxied:
            connection.close()
            return
        finally:
            self.waiting -= 1
        try:
            await asyncssh.run_server(connection, server_factory=lambda: self.server_for(address), **self.options)
        except (asyncssh.Error, OSError):
            connection.close()

    def close(self) -> None:
        self._accepting.cancel()
        self.listener.close()


async def proxied_server(
    host: str, port: int, server_for: Callable[[str], _Server], options: dict[str, Any]
) -> ProxiedListener:
    """Listen for SSH behind a load balancer (see ``ProxiedListener``).

    Raises:
        OSError: the port cannot be listened on.
    """
    listener = socket.create_server((host, port))
    listener.setblocking(False)
    return ProxiedListener(listener, server_for, options)
