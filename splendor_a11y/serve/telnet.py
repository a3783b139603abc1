"""The server over telnet, line by line, for MUD clients and plain telnet.

Blind players often reach text games with a MUD client (MUSHclient, Mudlet, TinTin++),
which edits the line itself and sends it whole, and speaks what arrives. So this side
keeps to lines: no cursor movement and no redrawing, the prompt written again after
lines that arrive while one waits. Telnet's negotiations are read and dropped; the
password is asked with the client's echo turned off.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from splendor_a11y.play.conversation import Channel, no_keys
from splendor_a11y.play.terminal import escape_controls, network_newlines
from splendor_a11y.serve.accounts import Doorman
from splendor_a11y.serve.gate import Gate
from splendor_a11y.serve.limits import LINE_BYTES, MAX_LINE, UNREAD_BYTES
from splendor_a11y.serve.pace import Pace
from splendor_a11y.serve.proxied import NotProxied, read_from_stream
from splendor_a11y.text.languages import Language
from splendor_a11y.text.messages import text

__all__ = ["TelnetLink", "telnet_server"]

IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
ECHO = 1
_DATA, _COMMAND, _OPTION, _SUB, _SUB_IAC = range(5)
CHUNK = 4096
BYTES_PER_SECOND = 4000.0
BYTE_BURST = 16384.0
"""Bytes a telnet client may send at once (a pasted page), and then each second."""
SUB_BYTES = 1024
"""The most bytes a subnegotiation (IAC SB ... IAC SE) is read as one. The server agrees
to no option a client could subnegotiate (it offers only to echo, for the password),
so any is out of turn; past this many bytes the rest is read as typed, so that a client
that opens one and never ends it hears its next line refused, where everything it
typed had vanished until the idle timeout closed the connection."""


class TelnetBytes:
    """Telnet's bytes as lines: its commands (and their options and subnegotiations)
    dropped, carriage returns and NULs too, each line cut at ``LINE_BYTES`` plus one
    (so that an over-long line is known as such). The state is kept across chunks."""

    def __init__(self) -> None:
        self.lines: deque[bytes] = deque()
        self._line = bytearray()
        self._state = _DATA
        self._sub_bytes = 0

    def feed(self, chunk: bytes) -> None:
        """Read a chunk of what the client sent."""
        for value in chunk:
            self._state = self._STEPS[self._state](self, value)

    def _data(self, value: int) -> int:
        if value == IAC:
            return _COMMAND
        if value == 10:
            self.lines.append(bytes(self._line))
            self._line.clear()
        elif value not in (0, 13) and len(self._line) <= LINE_BYTES:
            self._line.append(value)
        return _DATA

    def _command(self, value: int) -> int:
        if value in (DO, DONT, WILL, WONT):
            return _OPTION
        self._sub_bytes = 0
        return _SUB if value == SB else _DATA

    def _option(self, value: int) -> int:
        return _DATA

    def _sub(self, value: int) -> int:
        self._sub_bytes += 1
        if self._sub_bytes > SUB_BYTES:
            return self._data(value)
        return _SUB_IAC if value == IAC else _SUB

    def _sub_iac(self, value: int) -> int:
        return _DATA if value == SE else _SUB

    _STEPS: tuple[Callable[[TelnetBytes, int], int], ...] = (_data, _command, _option, _sub, _sub_iac)


class TelnetLink:
    """One telnet connection: lines in (negotiations dropped), lines out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.keys_help: Callable[[bool], list[str]] = no_keys
        self.prompt: str | None = None
        self.closed = False
        self._bytes = TelnetBytes()
        self._pace = Pace(BYTES_PER_SECOND, BYTE_BURST)

    def set_answers(self, answer: Callable[[str], list[str]]) -> None:
        """Telnet has no keys of its own: questions are typed."""

    def speak_in(self, spoken: Language) -> None:
        """A MUD client has no words of its own to translate."""

    def show(self, board: Callable[[], dict[str, Any]]) -> None:
        """A MUD client draws no board: ``board`` and ``me`` say it."""

    def complete_for(self, modules: tuple[str, ...] | None) -> None:
        """A MUD client completes nothing of ours."""

    def recall(self, lines: list[str]) -> None:
        """Telnet has no review keys: ``last`` reaches what was said."""

    def _write(self, data: str) -> None:
        if self.closed or self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > UNREAD_BYTES:
            self.close()
            return
        self.writer.write(network_newlines(data).encode("utf-8"))

    def send(self, line: str, channel: Channel) -> None:
        """A line, on a line of its own; the prompt again after it when one waits."""
        ahead = "\n" if self.prompt is not None else ""
        self._write(f"{ahead}{escape_controls(line)}\n")
        if self.prompt is not None:
            self._write(self.prompt)

    async def read_line(self, prompt: str, secret: bool = False) -> str | None:
        """The next whole line; None when the connection is gone. Over-long lines and
        undecodable bytes are refused and the next line is waited for."""
        while True:
            self.prompt = prompt
            if secret:
                self.writer.write(bytes((IAC, WILL, ECHO)))
            self._write(prompt)
            try:
                raw = await self._raw_line()
            except (ConnectionError, asyncio.IncompleteReadError):
                raw = None
            finally:
                self.prompt = None
                if secret:
                    self.writer.write(bytes((IAC, WONT, ECHO)) + b"\r\n")
            if raw is None:
                return None
            problem = _problem(raw)
            if problem is None:
                return raw.decode("utf-8")
            self.send(problem, Channel.ERROR)

    async def _raw_line(self) -> bytes | None:
        """The bytes of one line, without telnet's commands; None at the end. Bytes are
        read a chunk at a time, at most ``BYTES_PER_SECOND`` after a burst: a faster
        client waits, held back by TCP itself."""
        while not self._bytes.lines:
            chunk = await self.reader.read(CHUNK)
            if not chunk:
                return None
            self._bytes.feed(chunk)
            wait = self._pace.spend(len(chunk))
            if wait:
                await asyncio.sleep(wait)
        return self._bytes.lines.popleft()

    def close(self) -> None:
        """End the connection."""
        self.closed = True
        self.writer.close()


def _problem(raw: bytes) -> str | None:
    """Why a line is refused, or None."""
    if len(raw) > LINE_BYTES:
        return text("lobby.too_long", limit=MAX_LINE)
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return text("console.not_utf8")
    if len(line) > MAX_LINE:
        return text("lobby.too_long", limit=MAX_LINE)
    return None


async def _login(link: TelnetLink, doorman: Doorman) -> str | None:
    """Name, then password (not echoed): the name to play as, or None. A name refused
    outright (not allowed, or made to wait) is told at once, before any password."""
    for _ in range(3):
        name = await link.read_line(text("server.ask_name"))
        if name is None:
            return None
        admission = doorman.refusal(name, link.address)
        if admission is None:
            password = "" if doorman.open_door else await link.read_line(text("server.ask_password"), secret=True)
            admission = await asyncio.to_thread(doorman.by_password, name, password or "", link.address)
        if admission.admitted:
            return doorman.real_name(name)
        link.send(doorman.sentence(admission, name, link.address), Channel.ERROR)
    return None


async def telnet_server(
    host: str,
    port: int,
    doorman: Doorman,
    gate: Gate,
    visit: Callable[[str, TelnetLink], Awaitable[None]],
    login_timeout: float,
    proxied: bool = False,
) -> asyncio.Server:
    """Listen for telnet connections; each logged-in one is a visit. ``proxied``: each
    connection begins with a load balancer's PROXY header, naming the person's address."""

    async def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = TelnetLink(reader, writer)
        if proxied:
            try:
                link.address = await read_from_stream(reader)
            except NotProxied:
                writer.close()
                return
        ticket = gate.arrive(link.address, link.close)
        if ticket is None:
            link.send(gate.refusal(link.address), Channel.ERROR)
            link.close()
            return
        try:
            link.send(text("server.telnet_welcome"), Channel.ANSWER)
            try:
                name = await asyncio.wait_for(_login(link, doorman), login_timeout)
            except TimeoutError:
                link.send(text("server.login_timeout"), Channel.ERROR)
                name = None
            if name is not None and gate.admit(ticket):
                await visit(name, link)
            elif name is not None:
                link.send(gate.inside_refusal(ticket), Channel.ERROR)
            await _drain(writer)
        finally:
            gate.leave(ticket)
            link.close()

    return await asyncio.start_server(connected, host, port)


async def _drain(writer: asyncio.StreamWriter) -> None:
    try:
        await asyncio.wait_for(writer.drain(), 2)
    except (ConnectionError, TimeoutError):
        pass
