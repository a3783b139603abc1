"""A real server in a subprocess on loopback ports, and real clients: asyncssh's SSH client
with a terminal, and a raw telnet socket. Clients read only what is printed."""

from __future__ import annotations

import asyncio
import codecs
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncssh

from splendor_a11y.record import GameLog, read_log

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")
PROMPTS = re.compile(r"(?:(?:lobby|table \d+)> ?)+")
WAIT = 20.0
QUICK_THOUGHT = ("--think", "0.1")
"""The least thought a server takes, for the servers the tests start: what they test is
the server (its tables, connections, stores and processes), not the hard bot's play,
which tests of its own check. Their players ask the hint for every move, and the hint
thinks as long as the server's bots: with ``--think fixed``, one whole game by hints
over two processes took 81 s and another 151 s (2026-11-30), and the suite 39 minutes;
with this, the two took 23 s together."""


_HANDED_OUT: set[int] = set()
_PORTS = random.Random()


def free_port() -> int:
    """A loopback port free now, never handed out before in this process, and below the
    range the system draws outgoing connections' ports from (32768 and up on Linux): a
    port the kernel picked there could be taken by any client's connection (the tests'
    many SSH and PostgreSQL connections) before the server binds it."""
    while True:
        port = _PORTS.randrange(20000, 32000)
        if port in _HANDED_OUT:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        _HANDED_OUT.add(port)
        return port


class Server:
    """``splendor-a11y serve`` as a user starts it, in a home folder of its own."""

    def __init__(self, home: Path, *options: str) -> None:
        self.home = home
        self.options = options
        self.port = free_port()
        self.telnet = free_port()
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    def start(self) -> None:
        environment = {**os.environ, "SPLENDOR_A11Y_HOME": str(self.home), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "splendor_a11y",
                "serve",
                "--port",
                str(self.port),
                "--telnet",
                str(self.telnet),
                *self.options,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=environment,
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.output.append(line.rstrip("\n"))
            if "Ctrl-C" in line:
                self._started_at = len(self.output)
                self._drain = threading.Thread(target=self._keep_reading, daemon=True)
                self._drain.start()
                return
        raise AssertionError(f"the server did not start: {self.output}")

    def _keep_reading(self) -> None:
        """Read everything the server prints while it runs, as a terminal would: a pipe
        nobody reads would fill, and block the server at its next line."""
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))

    @property
    def printed(self) -> str:
        """What the server printed since it said how to stop it."""
        return "\n".join(self.output[self._started_at :])

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(10)
        self._drain.join(10)

    def stop(self, signum: int = signal.SIGTERM) -> str:
        """SIGTERM, as a host's service manager would (or SIGINT, the host's Ctrl-C); what
        it printed after."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signum)
        self.process.wait(20)
        self._drain.join(10)
        return self.printed + "\n"


def plain(raw: str) -> str:
    """What a screen reader reads of a terminal's output: no escapes, no prompts."""
    return PROMPTS.sub("", ESCAPES.sub("", raw))


class Player:
    """One person at an SSH client with a terminal."""

    def __init__(self, port: int, name: str, password: str, address: str = "127.0.0.1") -> None:
        self.port, self.name, self.password, self.address = port, name, password, address
        self.raw = ""
        self.seen = 0
        self._conn: asyncssh.SSHClientConnection | None = None
        self._process: asyncssh.SSHClientProcess[bytes] | None = None
        self._reader: asyncio.Task[None] | None = None
        self._arrived = asyncio.Event()

    @property
    def text(self) -> str:
        return plain(self.raw)

    async def connect(self) -> None:
        self._conn = await asyncssh.connect(
            "127.0.0.1",
            self.port,
            username=self.name,
            password=self.password,
            known_hosts=None,
            client_keys=None,
            local_addr=(self.address, 0),
        )
        self._process = await self._conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        """Keep what arrives; whoever waits is woken however the connection ends (a server
        killed mid-stream makes the read raise rather than return nothing, and a waiter
        not woken then would sleep out its whole timeout)."""
        assert self._process is not None
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        try:
            while True:
                data = await self._process.stdout.read(65536)
                if not data:
                    return
                self.raw += decoder.decode(data)
                self._arrived.set()
        except (asyncssh.Error, OSError):
            return  # the server was killed: the connection's end, as any other
        finally:
            self._arrived.set()

    @property
    def connected(self) -> bool:
        return self._reader is not None and not self._reader.done()

    def send(self, line: str) -> None:
        self.type(line + "\r")

    def type(self, keys: str | bytes) -> None:
        """Keys as a terminal sends them, with no Enter unless they hold one."""
        assert self._process is not None
        self._process.stdin.write(keys.encode("utf-8") if isinstance(keys, str) else keys)

    async def expect(self, pattern: str, after: int | None = None, timeout: float = WAIT) -> re.Match[str]:
        """Wait for ``pattern`` in what was printed since the last match; with ``after``,
        since that offset, leaving the place of the last match alone (for another task's look)."""
        start = self.seen if after is None else after
        deadline = time.monotonic() + timeout
        while True:
            found = re.compile(pattern).search(self.text, start)
            if found:
                if after is None:
                    self.seen = found.end()
                return found
            if not self.connected:
                raise ConnectionError(f"{self.name}: connection closed waiting for {pattern!r}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.name} never heard {pattern!r}; heard:\n{self.text[-3000:]}")
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except TimeoutError:
                pass

    async def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            await self._conn.wait_closed()
        if self._reader is not None:
            self._reader.cancel()


class Telnet:
    """A MUD client's view of the server: raw bytes on a socket, telnet commands and all."""

    def __init__(self, port: int, address: str = "127.0.0.1") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT, source_address=(address, 0))
        self.received = b""
        self.seen = 0

    def send(self, line: str | bytes) -> None:
        data = line.encode("utf-8") if isinstance(line, str) else line
        self.sock.sendall(data + b"\r\n")

    @property
    def text(self) -> str:
        raw = re.sub(rb"\xff[\xfb-\xfe].", b"", self.received).decode("utf-8", "replace").replace("\r", "")
        return PROMPTS.sub("", raw)

    def expect(self, pattern: str, timeout: float = WAIT) -> re.Match[str]:
        """Wait for ``pattern`` in what arrived since the last match."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.compile(pattern).search(self.text, self.seen)
            if found:
                self.seen = found.end()
                return found
            self.sock.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                data = None
            if data == b"":
                found = re.compile(pattern).search(self.text, self.seen)
                if found:
                    self.seen = found.end()
                    return found
                raise ConnectionError(f"closed before {pattern!r}; heard:\n{self.text[-2000:]}")
            if data:
                self.received += data
            elif time.monotonic() > deadline:
                raise AssertionError(f"never heard {pattern!r}; heard:\n{self.text[-2000:]}")

    def closed_by_server(self, timeout: float = WAIT) -> bool:
        self.sock.settimeout(timeout)
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    return True
                self.received += data
        except TimeoutError:
            return False

    def close(self) -> None:
        self.sock.close()


def telnet_login(port: int, name: str, password: str | None = None, address: str = "127.0.0.1") -> Telnet:
    """A MUD client that was asked its name and typed it, then a password
    (``<name>-secret-words`` unless given); what the server answers is the caller's to expect."""
    client = Telnet(port, address)
    client.expect("Name: |Nom : ")
    client.send(name)
    client.send(password if password is not None else f"{name}-secret-words")
    return client


def play_a_little(port: int, name: str) -> None:
    """Over telnet, ``name`` logs in, makes a table against the random computer, takes
    three gems, and quits: a game under way, kept in the store."""
    client = telnet_login(port, name)
    client.expect(rf"Welcome, {name}\.")
    client.send("create 2 bot:random")
    client.expect(r"Your turn\.")
    client.send("take ser")
    client.expect(rf"{name} takes|You take")
    client.send("quit")
    client.close()


def exported(home: Path, url: str, number: int = 1) -> GameLog:
    """A server table's game as ``export`` writes it from the database (``--db``), read
    back as a game log."""
    path = home / f"table-{number}.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "export", str(number), str(path), "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return read_log(path)
