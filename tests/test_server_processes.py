"""Several server processes over one PostgreSQL database, as a host runs them: players
meet at a table whichever process they reached, and a process killed or restarted
loses no table and no move.

Real ``serve`` processes, real SSH clients, a real PostgreSQL started for the tests
(skipped, with the reason, where it cannot start); a process killed with SIGKILL.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
from pg_helpers import Postgres

from splendor_a11y.record import replay
from splendor_a11y.serve.postgres import TABLE_LOCKS

from server_helpers import QUICK_THOUGHT, Player, Server, exported
from web_helpers import SPEECH, plays_by_hints

SPEECH_EN = SPEECH["en"]


def _processes(home: Path, url: str, count: int = 2) -> list[Server]:
    """``count`` server processes over one database, started one after the other."""
    servers = [Server(home, "--db", url, *QUICK_THOUGHT) for _ in range(count)]
    for server in servers:
        server.start()
    return servers


async def _arrive(server: Server, name: str, welcome: str = r"Welcome, ") -> Player:
    person = Player(server.port, name, f"{name.lower()}-secret-1")
    await person.connect()
    await person.expect(welcome + name if welcome == r"Welcome, " else welcome)
    return person


async def _meet(first: Server, second: Server, create: str) -> tuple[Player, Player]:
    """Ana at the first process makes table 1 (``create``), Ben at the second joins it.
    Ana hears of it without her place in what she heard moving on: the news that Ben sat
    down comes from the other process, and may reach her after the game's first lines
    (her first turn among them), which her play must still find."""
    ana = await _arrive(first, "Ana")
    ben = await _arrive(second, "Ben")
    ana.send(create)
    await ana.expect("Table 1 is yours")
    await asyncio.sleep(0.5)
    ben.send("join 1")
    await ana.expect("Ben sits down at table 1.", after=ana.seen)
    return ana, ben


async def _ana_s_process_ends(
    first: Server, second: Server, end: Callable[[], object], back_at: Server, computer_moves: int
) -> tuple[Player, Player, asyncio.Future[None]]:
    """Ana at the first process and Ben at the second play table 1 with a computer; after
    the computer's ``computer_moves``-th move the first process ends (``end``: killed,
    or stopped), and Ana's game there with it, and she logs in again at ``back_at``:
    Ana back at her seat, Ben, and Ben's game still going on."""
    ana, ben = await _meet(first, second, "create 3 bot:easy")
    ana_playing, ben_playing = asyncio.ensure_future(_play(ana)), asyncio.ensure_future(_play(ben))
    await _until_heard(ben, "Easy bot ", computer_moves)
    end()
    await asyncio.gather(ana_playing, return_exceptions=True)
    back = await _arrive(back_at, "Ana", r"Welcome back to table 1, round \d+\.")
    return back, ben, ben_playing


async def _play(person: Player) -> None:
    """Answer every decision with the hint's move until the game is over."""

    async def typing(line: str) -> None:
        person.send(line)

    await plays_by_hints(person.expect, typing, person.name, SPEECH_EN)


async def _no_table_run(url: str) -> None:
    """Wait until no process runs any table any more (the game over, its people gone):
    no table's lock is left held in the database."""
    connection = await asyncpg.connect(url)
    try:
        for _ in range(100):
            held = await connection.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid::bigint = $1 AND objsubid = 2",
                TABLE_LOCKS,
            )
            if held == 0:
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"{held} tables still run after their game ended")
    finally:
        await connection.close()


def _played(game: Callable[[], Awaitable[None]], servers: list[Server], home: Path, url: str) -> list[str]:
    """Play ``game`` (ten minutes at most), stop the processes still running, check that
    none printed a traceback, and read table 1's game as ``export`` writes it, checked by
    replaying it: its events' names."""
    try:
        asyncio.run(asyncio.wait_for(game(), 600))
    finally:
        printed = "".join(server.stop() for server in servers)
    assert "Traceback" not in printed, printed
    log = exported(home, url)
    replay(log)
    return [type(event).__name__ for event in log.events]


def test_two_players_on_two_processes_meet_at_one_table_and_play_a_whole_game(
    tmp_path: Path, postgres: Postgres
) -> None:
    url = postgres.new_database()
    first, second = _processes(tmp_path, url)

    async def game() -> None:
        ana = await _arrive(first, "Ana")
        ben = await _arrive(second, "Ben")
        ana.send("create 2")
        await ana.expect("Table 1 is yours")
        await asyncio.sleep(0.5)
        ben.send("tables")
        await ben.expect(r"Table 1, 2 seats: Ana and a free seat; waiting for 1 more")
        ben.send("who")
        await ben.expect(r"Ana at table 1")
        ben.send("tell Ana hello from the other process")
        await ana.expect("Ben tells you: hello from the other process")
        ben.send("join 1")
        await ana.expect("Ben sits down at table 1.")
        await asyncio.gather(_play(ana), _play(ben))
        ana.send("say good game")
        await ben.expect("Ana says: good game")
        again = await _arrive(second, "Ana", r"Welcome, Ana\.")
        await ana.expect("You logged in from elsewhere; this connection closes.")
        await again.close()
        await ana.close()
        await ben.close()
        await _no_table_run(url)

    events = _played(game, [first, second], tmp_path, url)
    assert events[0] == "GameSetUp" and events[-1] == "GameEnded"


async def _until_heard(person: Player, words: str, times: int) -> None:
    """Wait until ``words`` were printed ``times`` times to ``person`` (their own
    reading of the game left where it is)."""
    for _ in range(600):
        if person.text.count(words) >= times:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{person.name} heard {words!r} fewer than {times} times:\n{person.text[-2000:]}")


def test_the_process_running_a_table_is_killed_and_another_takes_it_over(tmp_path: Path, postgres: Postgres) -> None:
    """Three processes; the table is made at the first, which runs it (its computer
    plays there). That process is killed with SIGKILL midway: the two others race to
    take the table over, one wins, the computer plays on from there, Ben (at the second)
    never stops playing, and Ana logs in again at the third and sits back down."""
    url = postgres.new_database()
    first, second, third = _processes(tmp_path, url, 3)

    async def game() -> None:
        back, ben, ben_playing = await _ana_s_process_ends(first, second, first.kill, third, 4)
        await asyncio.gather(_play(back), ben_playing)
        assert "The game is over." in back.text and "The game is over." in ben.text
        await back.close()
        await ben.close()

    events = _played(game, [second, third], tmp_path, url)
    assert events[-1] == "GameEnded"


def test_a_rolling_restart_of_every_process_loses_no_table_and_no_move(tmp_path: Path, postgres: Postgres) -> None:
    """Two processes, restarted one at a time while a game goes on: the people of the
    process stopped log in again at the other, and the game ends as if nothing happened."""
    url = postgres.new_database()
    first, second = _processes(tmp_path, url)

    async def game() -> None:
        ana, ben, ben_playing = await _ana_s_process_ends(first, second, first.stop, second, 3)
        ana_playing = asyncio.ensure_future(_play(ana))
        first.start()
        await _until_heard(ben, "Easy bot ", 6)
        second.stop()
        await asyncio.gather(ana_playing, ben_playing, return_exceptions=True)
        ana = await _arrive(first, "Ana", r"Welcome back to table 1, round \d+\.")
        ben = await _arrive(first, "Ben", r"Welcome back to table 1, round \d+\.")
        second.start()
        await asyncio.gather(_play(ana), _play(ben))
        await ana.close()
        await ben.close()

    events = _played(game, [first, second], tmp_path, url)
    assert events[-1] == "GameEnded"
