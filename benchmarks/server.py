"""How fast the server answers: many tables of scripted players over SSH, each a whole game.

    python benchmarks/server.py [--tables 200] [--think 1.0] [--restore 1000] [--transport ssh|web]
                                [--db sqlite|postgresql|postgresql://...] [--processes N] [--arrival 0.2]

Starts ``splendor-a11y serve`` on a free loopback port, with a database of its own, as a
host would: players log in with passwords (each new name registered, its password
hashed with scrypt, as a real first login is). First a burst of ``--logins`` players
log in at once, to measure logins a second. Then two scripted players per table connect
(each table from its own loopback address, 127.0.x.y, as friends come from their own
machines) and wait in the lobby, to measure the memory a connection holds; then the
tables begin one after another, a fifth of a second apart, each a whole game. Each
player plays as a person reading the table: on its turn it asks ``afford`` (and
``supply`` when it cannot buy), thinks for half to one and a half times ``--think``
seconds, then buys the dearest card it can, else takes the three most plentiful gems,
falling back on two of a full pile, reserving and passing; it returns tokens as the
game suggests and takes the first noble offered. For every accepted move it measures
the time from Enter to the moment the move's line has reached both seats, and prints
the median and the 95th percentile (targets: under 50 ms and under 200 ms), the
server's CPU time per move (target 3 ms), and its memory per table and per connection.

With ``--transport web`` the same players come in at the web page instead: its login form,
then its WebSocket, as the page's script does.

With ``--db postgresql`` the server keeps its store in PostgreSQL, in a cluster the
benchmark starts for itself as the tests do (``tests/pg_helpers.py``: Debian's
postgresql package); with ``--db postgresql://user@host/any`` on that server, whose user
may create databases. Each part gets a new database of its own.

With ``--processes N`` (over PostgreSQL only) it starts N server processes over the
one database, and the two players of each table connect to two different processes
(table t's first player to process t mod N, its second to the next); the CPU time and
memory are those of every process together. Then, with two processes or more, it times
the takeover: a player at the first process makes five tables with a computer, which
that process runs; it is killed with SIGKILL, and the benchmark watches the database's
advisory locks until another process runs each table.

Last, with ``--restore N`` (1,000 by default, 0 to skip), it writes a store holding N
unfinished tables, each some twenty moves into its game, and times a server started
over it until it listens (target: within 5 seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import aiohttp
import asyncpg
import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from pg_helpers import Postgres, start_postgres  # noqa: E402

from splendor_a11y.bots import bot_for  # noqa: E402
from splendor_a11y.engine import decide_and_apply, view  # noqa: E402
from splendor_a11y.play.table import Table  # noqa: E402
from splendor_a11y.record import LogHeader, PlayerEntry  # noqa: E402
from splendor_a11y.serve.postgres import TABLE_LOCKS  # noqa: E402
from splendor_a11y.serve.store import TableSink  # noqa: E402
from splendor_a11y.serve.stores import is_address, open_store  # noqa: E402

from server_helpers import Server, free_port, plain  # noqa: E402

RESERVES = [f"reserve {level}{i}" for level in "abc" for i in range(1, 5)]
SENT, REFUSED, ASKED = [0], [0], [0]
ARRIVAL = [0.2]
"""Seconds between two tables' arrivals (``--arrival``): people come one after another,
not all at once."""
WAVE = 10
"""Tables whose players log in together: people arrive in small crowds, not all at once."""
STORE = ["SQLite, one file"]
"""Where the server keeps its store in this run, for the report."""
ACCEPTED = re.compile(r"^You (take|buy|reserve|return|pass)\b")


class Scripted:
    """One scripted player: its lines as they arrive, with the time each arrived."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[tuple[float, str]] = []
        self.partial = ""
        self.arrived = asyncio.Event()
        self.process: asyncssh.SSHClientProcess[str] | None = None
        self.thinking = random.Random(name)
        self.conn: asyncssh.SSHClientConnection | None = None

    async def connect(self, port: int, address: str) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            password=f"{self.name}-password",
            known_hosts=None,
            client_keys=None,
            local_addr=(address, 0),
        )
        self.process = await self.conn.create_process(term_type="xterm", term_size=(200, 50))
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        """Keep each line with the time it arrived; a waiter is woken however the
        connection ends."""
        assert self.process is not None
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    return
                now = time.perf_counter()
                *whole, self.partial = (self.partial + data).split("\n")
                self.lines.extend((now, plain(line).strip()) for line in whole if plain(line).strip())
                self.arrived.set()
        except (asyncssh.Error, OSError):
            return  # the server was killed (the takeover's part): the connection's end
        finally:
            self.arrived.set()

    def send(self, line: str) -> float:
        assert self.process is not None
        self.process.stdin.write(line + "\r")
        return time.perf_counter()

    async def line_after(self, index: int, pattern: re.Pattern[str], timeout: float = 60) -> tuple[int, float, str]:
        """The first line from ``index`` on that matches."""
        deadline = time.perf_counter() + timeout
        while True:
            for i in range(index, len(self.lines)):
                if pattern.search(self.lines[i][1]):
                    return i, self.lines[i][0], self.lines[i][1]
            index = max(index, len(self.lines))
            self.arrived.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{self.name} waited for {pattern.pattern}")
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except TimeoutError:
                pass

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


class WebScripted(Scripted):
    """The same player at the web page: it logs in with the page's form, then types and
    hears over the page's WebSocket, as the page's script does."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.session: aiohttp.ClientSession | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None

    async def connect(self, port: int, address: str) -> None:
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=(address, 0)), cookie_jar=aiohttp.CookieJar(unsafe=True)
        )
        origin = {"Origin": f"http://127.0.0.1:{port}"}
        async with self.session.post(
            f"http://127.0.0.1:{port}/login",
            headers=origin,
            data={"name": self.name, "password": f"{self.name}-password"},
        ) as answer:
            await answer.json()
        self.socket = await self.session.ws_connect(f"http://127.0.0.1:{port}/socket", headers=origin)
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.socket is not None
        try:
            async for message in self.socket:
                said = json.loads(message.data).get("say") if message.type == aiohttp.WSMsgType.TEXT else None
                if isinstance(said, str):
                    now = time.perf_counter()
                    self.lines.extend((now, line.strip()) for line in said.split("\n") if line.strip())
                    self.arrived.set()
        finally:
            self.arrived.set()

    def send(self, line: str) -> float:
        assert self.socket is not None
        asyncio.get_running_loop().create_task(self.socket.send_str(json.dumps({"line": line})))
        return time.perf_counter()

    def close(self) -> None:
        if self.session is not None:
            asyncio.get_running_loop().create_task(self.session.close())


PLAYERS: dict[str, type[Scripted]] = {"ssh": Scripted, "web": WebScripted}
"""The players of each way in (``--transport``)."""
TRANSPORT = ["ssh"]
PORTS: list[int] = []
"""The SSH (or web) port of each server process."""


def _player(name: str) -> Scripted:
    return PLAYERS[TRANSPORT[0]](name)


async def _ask(me: Scripted, query: str, answer: re.Pattern[str]) -> str:
    """A question answered at once, as a player presses a key before thinking."""
    mark = len(me.lines)
    me.send(query)
    ASKED[0] += 1
    _, _, line = await me.line_after(mark, answer)
    return line


async def _choices(me: Scripted) -> list[str]:
    """What a player who reads the table would try, best first: the dearest card it can
    buy, else three plentiful gems, else two of a full pile, then reserving, then passing."""
    afford = await _ask(me, "afford", re.compile(r"^You can buy: |^You cannot afford"))
    buys = sorted(re.findall(r"(?:: |; )([abch](\d)) ([abc]\d)", afford), key=lambda found: -int(found[2][1]))
    tries = [f"buy {place}" for place, _, _ in buys]
    if not tries:
        supply = await _ask(me, "supply", re.compile(r"^Supply: "))
        piles = sorted(((int(count), gem) for count, gem in re.findall(r"(\d+)([dsero])\b", supply)), reverse=True)
        tries.append("take " + "".join(gem for _, gem in piles[:3]))
        tries += [f"take 2{gem}" for count, gem in piles if count >= 4]
    return tries + RESERVES + ["pass"]


async def _my_move(me: Scripted, other: Scripted, decision: str, latencies: list[float], think: float) -> None:
    """Choose, think, and try moves until one is accepted; time the accepted one to both seats."""
    example = re.search(r"for example return (\S+)\.", decision)
    noble = re.search(r"choose one: noble (\d)", decision)
    tries = [f"return {example.group(1)}"] if example else [f"noble {noble.group(1)}"] if noble else await _choices(me)
    await asyncio.sleep(me.thinking.uniform(0.5 * think, 1.5 * think))
    for attempt in tries:
        mark, seen_other = len(me.lines), len(other.lines)
        sent = me.send(attempt)
        SENT[0] += 1
        index, when, line = await me.line_after(mark, re.compile(r"^You |^[A-Z]|noble"))
        if ACCEPTED.search(line) or noble:
            _, heard, _ = await other.line_after(seen_other, re.compile(rf"\b{me.name} [a-z]"))
            latencies.append(max(when, heard) - sent)
            return
        REFUSED[0] += 1


async def _seat_players(ports: list[int], number: int) -> tuple[Scripted, Scripted]:
    """The two players of a table, logged in and waiting in the lobby (each at its own
    process, when there are several)."""
    address = f"127.0.{number // 250}.{number % 250 + 2}"
    first, second = _player(f"P{number}a"), _player(f"P{number}b")
    await first.connect(ports[number % len(ports)], address)
    await second.connect(ports[(number + 1) % len(ports)], address)
    welcome = re.compile(r"Welcome, P\d+[ab]\. Tables")
    await first.line_after(0, welcome)
    await second.line_after(0, welcome)
    return first, second


async def _play_table(number: int, players: tuple[Scripted, Scripted], latencies: list[float], think: float) -> None:
    await asyncio.sleep(number * ARRIVAL[0])
    first, second = players
    mark = len(first.lines)
    first.send("create 2")
    await first.line_after(mark, re.compile("Table \\d+ is yours"))
    table = re.search(r"Table (\d+)", first.lines[-1][1])
    await asyncio.sleep(0.2 if len(PORTS) == 1 else 1.0)
    second.send(f"join {table.group(1) if table else 1}")
    cursor = {p.name: len(p.lines) for p in players}

    async def run(me: Scripted) -> None:
        other = second if me is first else first
        while True:
            pattern = re.compile(
                rf"Your turn(?:, {me.name})?\.|You hold \d+ tokens: return|choose one: noble|"
                "Type leave to go back"
            )
            index, _, line = await me.line_after(cursor[me.name], pattern, timeout=600)
            cursor[me.name] = index + 1
            if "Type leave" in line:
                return
            await _my_move(me, other, line, latencies, think)
            cursor[me.name] = max(cursor[me.name], len(me.lines) - 1)

    await asyncio.gather(*(run(p) for p in players))
    for player in players:
        player.close()


async def _logins_per_second(ports: list[int], count: int) -> float:
    """``count`` new players log in at once, each from its own address (spread over the
    processes); logins a second."""

    async def one(number: int) -> None:
        player = _player(f"L{number}")
        await player.connect(ports[number % len(ports)], f"127.1.{number // 250}.{number % 250 + 2}")
        await player.line_after(0, re.compile(r"Welcome, L\d+\. Tables"))
        player.close()

    started = time.perf_counter()
    await asyncio.gather(*(one(n) for n in range(count)))
    return count / (time.perf_counter() - started)


def _cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds the server processes have used, together."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _rss_kib(pids: list[int]) -> int:
    """The server processes' resident memory, together."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def _machine() -> str:
    """The machine the figures were measured on."""
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown processor",
    )
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


async def _main(tables: int, think: float, logins: int, database: str, processes: int) -> None:
    home = Path(tempfile.mkdtemp(prefix="splendor-bench-"))
    servers = []
    for _ in range(processes):
        web = ("--web", str(free_port())) if TRANSPORT[0] == "web" else ()
        db = ("--db", database) if database else ()
        server = Server(home, "--max-connections", str(2 * tables + logins + 10), *web, *db)
        server.start()
        if web:
            server.port = int(web[1])
        servers.append(server)
    PORTS[:] = [server.port for server in servers]
    try:
        figures = await _measured([server.process.pid for server in servers if server.process], tables, think, logins)
    finally:
        for server in servers:
            server.stop()
    _report(tables, think, logins, *figures)


async def _measured(
    pids: list[int], tables: int, think: float, logins: int
) -> tuple[float, list[float], float, float, list[int]]:
    """Logins a second, the latencies, the games' seconds, the server processes' CPU
    seconds, and their memory at start, before and after the players connected, and at
    peak (every process's together)."""
    at_start = _rss_kib(pids)
    rate = await _logins_per_second(PORTS, logins)
    await asyncio.sleep(1)
    before = _rss_kib(pids)
    seated: list[tuple[Scripted, Scripted]] = []
    for wave in range(0, tables, WAVE):
        seated += await asyncio.gather(*(_seat_players(PORTS, n) for n in range(wave, min(wave + WAVE, tables))))
    await asyncio.sleep(1)
    connected = _rss_kib(pids)
    cpu_at_start = _cpu_seconds(pids)
    latencies: list[float] = []
    started = time.perf_counter()
    peak = [connected]

    async def watch_memory() -> None:
        while True:
            peak[0] = max(peak[0], _rss_kib(pids))
            await asyncio.sleep(0.5)

    watcher = asyncio.get_running_loop().create_task(watch_memory())
    try:
        await asyncio.gather(*(_play_table(n, players, latencies, think) for n, players in enumerate(seated)))
    finally:
        watcher.cancel()
    cpu = _cpu_seconds(pids) - cpu_at_start
    return rate, latencies, time.perf_counter() - started, cpu, [at_start, before, connected, peak[0]]


def _report(
    tables: int,
    think: float,
    logins: int,
    rate: float,
    latencies: list[float],
    elapsed: float,
    cpu: float,
    memory: list[int],
) -> None:
    at_start, before, connected, peak = memory
    ordered = sorted(latencies)
    median = statistics.median(ordered) * 1000
    p95 = ordered[int(0.95 * (len(ordered) - 1))] * 1000
    per_move = 1000 * cpu / max(len(ordered), 1)
    print(f"machine: {_machine()}")
    print(f"store: {STORE[0]}; server processes: {len(PORTS)}")
    way = {"ssh": "over SSH", "web": "at the web page"}[TRANSPORT[0]]
    print(f"{logins} new players logging in at once {way} with passwords (scrypt): {rate:.1f} logins a second")
    print(f"{tables} tables, 2 players each {way}, every game played to its end in {elapsed:.1f} s")
    print(f"moves timed: {len(ordered)} ({len(ordered) / elapsed:.1f} a second); from Enter to the line at both seats:")
    print(f"  median {median:7.1f} ms  target 50 ms: {'met' if median < 50 else 'NOT met'}")
    print(f"  95th   {p95:7.1f} ms  target 200 ms: {'met' if p95 < 200 else 'NOT met'}")
    print(
        f"tables arriving {ARRIVAL[0]:g} s apart; each player thought {think / 2:g} to {1.5 * think:g} s "
        f"before each move; moves sent {SENT[0]}, refused {REFUSED[0]}; questions asked {ASKED[0]}"
    )
    print(
        f"server CPU {cpu:.1f} s over the games, {per_move:.2f} ms a move accepted, with its questions, refusals "
        f"and both seats' lines  target 3 ms: {'met' if per_move <= 3 else 'NOT met'}; "
        f"the clients' CPU {time.process_time():.1f} s"
    )
    print(f"  that is {1000 * cpu / max(SENT[0] + ASKED[0], 1):.2f} ms a line typed (a move or a question)")
    print(
        f"server memory: {at_start / 1024:.1f} MiB at start, {connected / 1024:.1f} MiB with "
        f"{2 * tables} players in the lobby ({(connected - before) / 2 / tables:.0f} KiB a connection), "
        f"{peak / 1024:.1f} MiB at peak ({(peak - connected) / tables:.0f} KiB a table)"
    )


async def _takeover_seconds(database: str, processes: int, tables: int = 5) -> list[float]:
    """Seconds from the SIGKILL of the process that runs ``tables`` tables (each a
    player with a computer) until another process runs each, as the database's advisory
    locks show it."""
    home = Path(tempfile.mkdtemp(prefix="splendor-takeover-"))
    servers = [Server(home, "--db", database, "--think", "fixed") for _ in range(processes)]
    for server in servers:
        server.start()
    players = [Scripted(f"T{n}") for n in range(tables)]
    connection = await asyncpg.connect(database)
    try:
        for number, player in enumerate(players):
            await player.connect(servers[0].port, f"127.2.0.{number + 2}")
            await player.line_after(0, re.compile(r"Welcome, T\d+\. Tables"))
            player.send("create 2 bot:easy")
            await player.line_after(0, re.compile(r"Table \d+ is yours"))
        before = await _runners(connection)
        killed = time.perf_counter()
        servers[0].kill()
        taken: dict[int, float] = {}
        while len(taken) < len(before) and time.perf_counter() - killed < 60:
            for table, pid in (await _runners(connection)).items():
                if before.get(table, pid) != pid:
                    taken.setdefault(table, time.perf_counter() - killed)
            await asyncio.sleep(0.02)
        return list(taken.values())
    finally:
        await connection.close()
        for player in players:
            player.close()
        for server in servers[1:]:
            server.stop()


async def _runners(connection: asyncpg.Connection) -> dict[int, int]:
    """Which database session (its process number) runs each table: who holds its
    advisory lock (``PostgresStore.own``)."""
    rows = await connection.fetch(
        "SELECT objid::bigint AS number, pid FROM pg_locks WHERE locktype = 'advisory' "
        "AND classid::bigint = $1 AND objsubid = 2 AND granted",
        TABLE_LOCKS,
    )
    return {int(row["number"]): int(row["pid"]) for row in rows}


def _fill_store(where: Path | str, tables: int) -> None:
    """A store of ``tables`` unfinished games, each about twenty moves in, played by
    random bots through the real table and its sink."""
    store = open_store(where)
    for number in range(tables):
        header = LogHeader(players=(PlayerEntry(f"A{number}"), PlayerEntry(f"B{number}")), seed=number)
        table_number = store.new_table(
            {"creator": f"A{number}", "modules": [], "seats": [{"name": f"A{number}"}, {"name": f"B{number}"}]}
        )
        store.start_table(
            table_number,
            header,
            {"creator": f"A{number}", "modules": [], "seats": [{"name": f"A{number}"}, {"name": f"B{number}"}]},
        )
        table = Table(header.new_state(), header, TableSink(store, table_number))
        table.commit((table.deal(),))
        bot, rng = bot_for("random"), random.Random(number)
        for _ in range(20):
            if table.state.is_over:
                break
            events, _ = decide_and_apply(table.state, bot(view(table.state, table.state.current), rng))
            table.commit(events)
    store.close()


def _time_to_listen(tables: int, database: str) -> float:
    home = Path(tempfile.mkdtemp(prefix="splendor-restore-"))
    _fill_store(database or home / "server.sqlite3", tables)
    server = Server(home, *(("--db", database) if database else ()))
    started = time.perf_counter()
    server.start()
    listening = time.perf_counter() - started
    server.stop()
    return listening


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0, help="seconds each player thinks before a move")
    parser.add_argument("--logins", type=int, default=50, help="players logging in at once, for logins a second")
    parser.add_argument("--restore", type=int, default=1000, help="unfinished tables to start a server over (0: skip)")
    parser.add_argument(
        "--transport",
        choices=sorted(PLAYERS),
        default="ssh",
        help="how the players come in: SSH with a terminal, or the web page's WebSocket",
    )
    parser.add_argument(
        "--arrival",
        type=float,
        default=0.2,
        help="seconds between two tables' first moves (0.2: people arrive in turn)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes over the one database (PostgreSQL only), each table's players on two of them",
    )
    parser.add_argument(
        "--db",
        default="sqlite",
        help="the server's store: sqlite (a file), postgresql (a cluster of its own), or a postgresql:// address",
    )
    arguments = parser.parse_args()
    TRANSPORT[0] = arguments.transport
    ARRIVAL[0] = arguments.arrival
    if arguments.processes > 1 and arguments.db == "sqlite":
        sys.exit("several server processes need PostgreSQL: --db postgresql, or an address")
    cluster = start_postgres() if arguments.db == "postgresql" else None
    if isinstance(cluster, str):
        sys.exit(f"cannot start PostgreSQL: {cluster}")
    try:
        _run(arguments, cluster)
    finally:
        if cluster is not None:
            cluster.stop()


def _run(arguments: argparse.Namespace, cluster: Postgres | None) -> None:
    """Each part of the benchmark, over a store of its own."""
    if arguments.tables:
        database = _new_store(arguments.db, cluster)
        asyncio.run(_main(arguments.tables, arguments.think, arguments.logins, database, arguments.processes))
    if arguments.processes > 1:
        taken = asyncio.run(_takeover_seconds(_new_store(arguments.db, cluster), arguments.processes))
        print(
            f"the process running 5 tables killed (SIGKILL): each taken over by another after "
            f"{statistics.median(taken):.2f} s (median), {max(taken):.2f} s at most; "
            f"{len(taken)} of 5 taken over within a minute"
            if taken
            else "the process running 5 tables killed (SIGKILL): none taken over within a minute"
        )
    if arguments.restore:
        seconds = _time_to_listen(arguments.restore, _new_store(arguments.db, cluster))
        print(
            f"a server over a store of {arguments.restore} unfinished tables listens after {seconds:.2f} s  "
            f"target 5 s: {'met' if seconds <= 5 else 'NOT met'}"
        )


def _new_store(kind: str, cluster: Postgres | None) -> str:
    """The ``--db`` of one part: empty ("", the server's own file), or a new database of
    the benchmark's cluster or of the PostgreSQL server given."""
    if cluster is not None:
        STORE[0] = "PostgreSQL, a cluster on this machine"
        return cluster.new_database()
    if not is_address(kind):
        STORE[0] = "SQLite, one file"
        return ""
    STORE[0] = "PostgreSQL, the server given"
    return asyncio.run(_new_database(kind))


async def _new_database(url: str) -> str:
    """A new database on the PostgreSQL server of ``url``; its address."""
    parts = urlsplit(url)
    name = f"splendor_bench_{os.getpid()}_{time.time_ns() % 10**9}"
    connection = await asyncpg.connect(urlunsplit(parts._replace(path="/postgres")))
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return urlunsplit(parts._replace(path=f"/{name}"))


if __name__ == "__main__":
    main()
