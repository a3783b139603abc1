"""What a stranger types cannot take the server down, grow it, or slow anyone else.

A real server in a subprocess, real SSH clients (asyncssh, with a terminal) and a raw
telnet socket on loopback. The server's memory is read from ``/proc``, as a host's
``top`` would show it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splendor_a11y.serve.keyboard import KeyFilter, key_presses
from splendor_a11y.serve.limits import LINE_BYTES
from splendor_a11y.serve.telnet import SUB_BYTES, TelnetBytes

from server_helpers import Player, Server, Telnet

FLOOD = 100_000
GROWTH_MIB = 24
"""What the server may grow by while one client floods it: its bound per connection is
the SSH window (64 KiB) unread, 256 keys waiting and a line of 500 characters; the rest
is Python's allocator and the other clients' ordinary work."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("hostile"), "--login-timeout", "5")
    running.start()
    yield running
    print("the server said, at its end:", running.stop())


def rss_mib(server: Server) -> float:
    assert server.process is not None
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def run(coroutine: object) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 120))  # type: ignore[arg-type]


async def answered(player: Player, timeout: float = 10) -> float:
    """Seconds from Enter to the answer of ``who``."""
    started = time.perf_counter()
    player.send("who")
    await player.expect(r"Connected, \d+:", timeout=timeout)
    return time.perf_counter() - started


async def welcomed(server: Server, name: str) -> Player:
    """A player logged in over SSH (their name registered with a password of its own)."""
    player = Player(server.port, name, f"{name}-secret-words")
    await player.connect()
    await player.expect(rf"Welcome, {name}\.")
    return player


async def flooded(server: Server, name: str, burst: bool) -> None:
    flooder = await welcomed(server, name)
    other = await welcomed(server, f"{name}x")
    before = rss_mib(server)
    if burst:
        flooder.type("x" * FLOOD)
    else:
        for _ in range(FLOOD // 1000):
            flooder.type("x" * 1000)
            await asyncio.sleep(0.002)
    slowest = max([await answered(other) for _ in range(15)])
    grown = rss_mib(server) - before
    await flooder.expect("A line holds at most 500 characters; what you typed past that was not taken.")
    await flooder.close()
    assert grown < GROWTH_MIB, f"the server grew by {grown:.1f} MiB"
    assert slowest < 1.0, f"another player waited {slowest:.2f} s for an answer"
    assert await answered(other) < 1.0


def test_keys_without_enter_in_small_chunks_are_capped_and_slow_nobody(server: Server) -> None:
    run(flooded(server, "Flo", burst=False))


def test_keys_without_enter_in_one_burst_are_capped_and_slow_nobody(server: Server) -> None:
    run(flooded(server, "Bur", burst=True))


def test_a_mouse_report_typed_over_ssh_raises_nothing_and_the_enter_after_it_counts(server: Server) -> None:
    async def scenario() -> None:
        ana = await welcomed(server, "Mou")
        ana.type("\x1b[31m")
        await answered(ana)
        ana.type("\x1b[<64;85;12M\x1b[M !!\x1b[200~who\x1b[201~\r")
        await ana.expect(r"Connected, \d+:")
        await ana.close()

    run(scenario())
    assert "Traceback" not in server.printed


def test_ctrl_backslash_over_ssh_leaves_the_server_running(server: Server) -> None:
    async def scenario() -> None:
        ana = await welcomed(server, "Sig")
        ana.type("\x1c")
        await answered(ana)
        await ana.close()

    run(scenario())
    assert server.process is not None and server.process.poll() is None


def test_the_key_filter_keeps_keys_and_drops_what_is_not_a_key() -> None:
    keys = KeyFilter()
    assert keys.feed("take ser\r") == list("take ser\r")
    assert keys.feed("\x1b[A\x1bOP\x1br") == ["\x1b[A", "\x1bOP", "\x1b", "r"]
    assert keys.feed("\x1b[31m\x1b[<0;1;1M\x1b[Mabcde") == ["d", "e"]
    assert keys.feed("\x1b[" + "1;" * 5000 + "Rok") == ["o", "k"]
    assert keys.feed("\x1b[1") == [] and keys.feed("5~") == ["\x1b[15~"]
    assert keys.feed("\x1b") == [] and keys.flush() == ["\x1b"]


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_the_key_filter_never_holds_more_than_one_sequence(typed: str) -> None:
    keys = KeyFilter()
    out = keys.feed(typed)
    assert all(len(key) == 1 or key.startswith("\x1b") and len(key) <= 16 for key in out)
    assert len(keys._held) <= 16


JUNK = st.binary(min_size=1, max_size=120)
CLEAN = b"\x07\x05\x15"
"""What a person types to start a line afresh, whatever the junk left half done (a
Ctrl-V waiting for its key, the cursor moved): Ctrl-G, Ctrl-E, Ctrl-U."""


class Clients:
    """One SSH and one telnet connection, made again when junk typed ended them (a
    ``quit`` spelt by chance, Ctrl-D)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.ssh: Player | None = None
        self.telnet: Telnet | None = None

    async def ssh_client(self) -> Player:
        if self.ssh is None or not self.ssh.connected:
            if self.ssh is not None:
                await self.ssh.close()
                await asyncio.sleep(0.1)
            self.ssh = Player(self.server.port, "Junk", "junk-secret-words")
            await self.ssh.connect()
            await self.ssh.expect(r"Welcome, Junk\.")
        return self.ssh

    def telnet_client(self) -> Telnet:
        if self.telnet is None or self.telnet.closed_by_server(0.01):
            self.telnet = Telnet(self.server.telnet)
            self.telnet.send("Tel")
            self.telnet.send("telnet-secret-words")
            self.telnet.expect(r"Welcome, Tel\.")
        return self.telnet


async def ssh_answers_after(clients: Clients, junk: bytes) -> None:
    player = await clients.ssh_client()
    try:
        player.type(junk)
        player.type(b"\r")
        await asyncio.sleep(0.05)
        player.type(CLEAN + b"\r" + CLEAN + b"who\r")
        await player.expect(r"Connected, \d+:|Leave the server\?")
    except (ConnectionError, OSError):
        await player.close()
        clients.ssh = None
        player = await clients.ssh_client()
        await answered(player)
        return
    if player.text.rstrip().endswith("anything else to stay."):
        player.send("no")
        await answered(player)


def telnet_answers_after(clients: Clients, junk: bytes) -> None:
    client = clients.telnet_client()
    client.sock.sendall(junk + b"\xff\xf0\xff\xf0\r\n")
    client.send("who")
    try:
        client.expect(r"Connected, \d+:")
    except ConnectionError:
        client = clients.telnet_client()
        client.send("who")
        client.expect(r"Connected, \d+:")


def test_any_bytes_over_ssh_and_telnet_leave_the_server_answering(server: Server) -> None:
    clients = Clients(server)
    loop = asyncio.new_event_loop()

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(JUNK)
    def property_holds(junk: bytes) -> None:
        loop.run_until_complete(asyncio.wait_for(ssh_answers_after(clients, junk), 30))
        telnet_answers_after(clients, junk)

    try:
        property_holds()
    finally:
        loop.close()
    assert server.process is not None and server.process.poll() is None
    assert "Traceback" not in server.printed


def test_telnet_lines_lose_commands_and_keep_their_words() -> None:
    stream = TelnetBytes()
    stream.feed(b"\xff\xfb\x01take\xff\xfa\x18\x00xterm\xff\xf0 ser\r\n\x00who\n" + b"y" * 5000 + b"\n")
    assert list(stream.lines)[:2] == [b"take ser", b"who"]
    assert len(stream.lines[2]) == LINE_BYTES + 1


def test_a_subnegotiation_never_ended_gives_the_lines_after_it_back() -> None:
    """IAC SB opened and never closed swallowed every line after it until the idle
    timeout; past SUB_BYTES the bytes are read as typed: the line they end on is refused
    by the game, and the lines after it are heard."""
    stream = TelnetBytes()
    stream.feed(b"who\n\xff\xfa\x18" + b"x" * SUB_BYTES + b"\ntake ser\n")
    assert list(stream.lines)[0] == b"who"
    assert list(stream.lines)[-1] == b"take ser"
    assert len(stream.lines) == 3


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300), st.lists(st.integers(min_value=1, max_value=50), max_size=20))
def test_telnet_lines_are_the_same_however_the_bytes_are_cut(data: bytes, cuts: list[int]) -> None:
    whole, pieces = TelnetBytes(), TelnetBytes()
    whole.feed(data)
    at = 0
    for cut in cuts:
        pieces.feed(data[at : at + cut])
        at += cut
    pieces.feed(data[at:])
    assert list(pieces.lines) == list(whole.lines)
    assert all(len(line) <= LINE_BYTES + 1 for line in whole.lines)


def test_plain_characters_arrive_as_one_key_and_every_other_key_as_its_own() -> None:
    keys = key_presses(["t", "a", "k", "e", " ", "2", "s", "\r", "\x1b", "r", "e", "\x1b[A", "x"])
    assert [(str(key.key), key.data) for key in keys] == [
        ("t", "take "),
        ("2", "2"),
        ("s", "s"),
        ("Keys.ControlM", "\r"),
        ("Keys.Escape", "\x1b"),
        ("r", "r"),
        ("e", "e"),
        ("Keys.Up", "\x1b[A"),
        ("x", "x"),
    ]
