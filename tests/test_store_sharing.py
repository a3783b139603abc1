"""One table, two server processes over one PostgreSQL database: what each needs to
share a table. A move written by one reaches the other's copy of the table through the
database's notices; two moves at one place cannot both be kept; one process at a time
runs a table, and another takes it over when that process is killed.

Real PostgreSQL started for the tests (skipped, with the reason, where it cannot start);
a real process killed with SIGKILL.
"""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from pg_helpers import Postgres

from splendor_a11y.bots import bot_for
from splendor_a11y.engine import Event, GameState, HintAsked, IllegalAction, decide_and_apply, view
from splendor_a11y.play.table import Table
from splendor_a11y.record import LogHeader, PlaceTaken, PlayerEntry
from splendor_a11y.serve.postgres import PostgresStore
from splendor_a11y.serve.store import TableSink

HEADER = LogHeader(players=(PlayerEntry("Ana"), PlayerEntry("Ben")), modules=(), seed=11)
PLAN = {"creator": "Ana", "modules": [], "seats": [{"name": "Ana"}, {"name": "Ben"}]}


class Heard:
    """A listener at a table: every event it was told, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def told(self, event: Event, before: GameState, after: GameState) -> None:
        self.events.append(event)

    def settled(self, events: tuple[Event, ...], before: GameState, after: GameState) -> None:
        pass


class CatchingUp:
    """A process's ears: a notice about the table makes its copy read what it missed."""

    def __init__(self, table: Table, number: int) -> None:
        self.table, self.number = table, number

    def table_changed(self, number: int, upto: int | None) -> None:
        if number == self.number:
            self.table.catch_up()

    def message(self, message: dict[str, Any]) -> None:
        pass


def _two_copies(postgres: Postgres) -> tuple[PostgresStore, PostgresStore, Table, Table, int]:
    url = postgres.new_database()
    first, second = PostgresStore(url), PostgresStore(url)
    number = first.new_table(PLAN)
    first.start_table(number, HEADER, PLAN)
    here = Table(HEADER.new_state(), HEADER, TableSink(first, number))
    there = Table(HEADER.new_state(), HEADER, TableSink(second, number))
    return first, second, here, there, number


def _random_move(table: Table, rng: random.Random) -> tuple[Event, ...]:
    state = table.state
    return decide_and_apply(state, bot_for("random")(view(state, state.current), rng))[0]


def test_every_move_written_by_one_process_is_told_once_at_the_other(postgres: Postgres) -> None:
    first, second, here, there, number = _two_copies(postgres)
    heard = Heard()
    there.listen(heard)

    async def play() -> None:
        loop = asyncio.get_running_loop()
        second.listen(loop, CatchingUp(there, number))
        here.commit((here.deal(),))
        rng = random.Random(3)
        for _ in range(30):
            here.commit(_random_move(here, rng))
        deadline = time.monotonic() + 10
        while there.events_so_far < here.events_so_far and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    try:
        asyncio.run(play())
        assert there.state == here.state and there.events_so_far == here.events_so_far
        assert heard.events == first.log_of(number).events
    finally:
        first.close()
        second.close()


def test_two_moves_at_one_place_cannot_both_be_kept(postgres: Postgres) -> None:
    first, second, here, there, number = _two_copies(postgres)
    try:
        here.commit((here.deal(),))
        there.catch_up()
        rng = random.Random(8)
        here.commit(_random_move(here, rng))
        stale = _random_move(there, random.Random(9))
        with pytest.raises(PlaceTaken):
            there.commit(stale)
        there.catch_up()
        assert there.state == here.state
        there.commit(_random_move(there, rng))
        assert len(first.log_of(number).events) == there.events_so_far == 3
    finally:
        first.close()
        second.close()


def test_a_move_behind_another_process_s_write_is_decided_again_on_the_game_as_it_is(postgres: Postgres) -> None:
    """Ben asks for a hint at one process (noted in the log) just as Ana's move reaches
    the other, which has not heard of the note yet: the place is taken, so that copy
    catches up and the rules decide Ana's move again, and it is kept after the note."""
    first, second, here, there, number = _two_copies(postgres)
    try:
        here.commit((here.deal(),))
        there.catch_up()
        ana = here.state.current
        here.note_hint(1 - ana)
        move = bot_for("random")(view(there.state, ana), random.Random(4))
        there.play(ana, move)
        kept = first.log_of(number).events
        assert there.events_so_far == len(kept) == 3
        assert isinstance(kept[1], HintAsked) and there.state.current == 1 - ana
        with pytest.raises(IllegalAction):
            there.play(ana, move)
    finally:
        first.close()
        second.close()


_OWNER = """
import sys, time
from splendor_a11y.serve.postgres import PostgresStore
store = PostgresStore(sys.argv[1])
print(store.own(7), flush=True)
time.sleep(600)
"""


def test_one_process_runs_a_table_and_another_takes_it_over_when_it_is_killed(postgres: Postgres) -> None:
    url = postgres.new_database()
    owner = subprocess.Popen([sys.executable, "-c", _OWNER, url], stdout=subprocess.PIPE, text=True)
    other = PostgresStore(url)
    try:
        assert owner.stdout is not None and owner.stdout.readline().strip() == "True"
        assert not other.own(7)
        assert other.own(8)
        owner.send_signal(signal.SIGKILL)
        owner.wait(10)
        deadline = time.monotonic() + 10
        while not other.own(7):
            assert time.monotonic() < deadline, "the killed process's table was never let go"
            time.sleep(0.1)
        other.let_go(7)
    finally:
        owner.kill()
        other.close()


class Ears:
    """Everything a process is told, in order."""

    def __init__(self) -> None:
        self.heard: list[object] = []

    def table_changed(self, number: int, upto: int | None) -> None:
        self.heard.append((number, upto))

    def message(self, message: dict[str, Any]) -> None:
        self.heard.append(message)


def test_notices_that_do_not_read_as_one_are_ignored(postgres: Postgres) -> None:
    """Anyone who can write to the database's channels may send anything: a process
    hears a table's number (and event) and a JSON object, and nothing else."""
    url = postgres.new_database()
    listening, sending = PostgresStore(url), PostgresStore(url)
    ears = Ears()

    async def hear() -> None:
        listening.listen(asyncio.get_running_loop(), ears)
        for payload in ["abc", "1 2 3", "9" * 40 + " 1", "-1 2", "٣ 4", "", "7", "7 12"]:
            sending.wait(sending._pool.execute("SELECT pg_notify('splendor_events', $1)", payload))  # noqa: SLF001
        for payload in ["[1, 2]", "not json", '"text"', '{"from": "p", "to": "Ana"}']:
            sending.wait(sending._pool.execute("SELECT pg_notify('splendor_hall', $1)", payload))  # noqa: SLF001
        deadline = time.monotonic() + 10
        while len(ears.heard) < 3 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)

    try:
        asyncio.run(hear())
    finally:
        listening.close()
        sending.close()
    assert ears.heard == [(7, None), (7, 12), {"from": "p", "to": "Ana"}]


def test_processes_racing_to_run_one_table_one_wins(postgres: Postgres) -> None:
    """Eight stores (as eight processes would) try to take one table at the same moment:
    exactly one runs it; when it lets go, the next try takes it."""
    url = postgres.new_database()
    stores = [PostgresStore(url) for _ in range(8)]
    start = threading.Barrier(len(stores))
    won: list[bool] = [False] * len(stores)

    def race(index: int) -> None:
        start.wait(10)
        won[index] = stores[index].own(5)

    try:
        racers = [threading.Thread(target=race, args=(i,)) for i in range(len(stores))]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(20)
        assert won.count(True) == 1
        winner = won.index(True)
        assert not any(store.own(5) for store in stores if store is not stores[winner])
        stores[winner].let_go(5)
        assert stores[(winner + 1) % len(stores)].own(5)
    finally:
        for store in stores:
            store.close()
