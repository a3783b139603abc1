"""A table at the server: its seats before the game and the game once it starts.

Before the start a table is a plan: how many seats, which are the computer's and at what
level, who sat down, which modules. At the start the plan becomes a log header and a
``Table``, whose events the database keeps; each person seated gets a ``NetSeat``.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from splendor_a11y.bots import DEFAULT_LEVEL, SearchBudget
from splendor_a11y.engine import Event, GameState, Phase
from splendor_a11y.play.conversation import Channel
from splendor_a11y.play.table import Table, name_bots, said_bots, settle
from splendor_a11y.play.thinkers import IN_THREADS, Thinkers
from splendor_a11y.record import LogHeader, PlaceTaken, PlayerEntry, SaveError, replay
from splendor_a11y.serve.names import name_key
from splendor_a11y.serve.seats import NetSeat, Said, Spectator, StoredGame
from splendor_a11y.serve.store import Store, StoredTable, TableSink, plan_text

__all__ = ["HostedTable", "Seating"]


@dataclass(slots=True)
class Seating:
    """One seat of a table: a person's name (None while the seat is free), or a computer
    level; ``stand_in`` is the level of a computer playing a person's seat meanwhile."""

    name: str | None = None
    level: str | None = None
    stand_in: str | None = None
    heard: int | None = None
    """How many of the game's events the person had heard when they left (None: they
    are here, or heard all there was)."""

    @property
    def computer(self) -> bool:
        """A seat the computer holds from the start."""
        return self.level is not None

    def to_json(self) -> dict[str, Any]:
        """The seat as the database keeps it."""
        return {"name": self.name, "level": self.level, "stand_in": self.stand_in, "heard": self.heard}

    @classmethod
    def from_json(cls, data: object) -> Seating:
        """A seat as the database kept it.

        Raises:
            ValueError: it is not one (a row changed by hand).
        """
        if not isinstance(data, dict):
            raise ValueError(f"a seat is not {data!r}")
        texts = [data.get(key) for key in ("name", "level", "stand_in")]
        if not all(value is None or isinstance(value, str) for value in texts):
            raise ValueError(f"a seat is not {data!r}")
        heard = data.get("heard")
        name, level, stand_in = texts
        return cls(name, level, stand_in, heard if isinstance(heard, int) and not isinstance(heard, bool) else None)


@dataclass
class HostedTable:
    """A table of the server, before and during its game."""

    number: int
    creator: str
    seats: list[Seating]
    modules: tuple[str, ...] = ()
    table: Table | None = None
    sessions: dict[int, NetSeat] = field(default_factory=dict)
    watchers: list[Spectator] = field(default_factory=list)
    away_since: dict[int, float] = field(default_factory=dict)
    thinking: SearchBudget | None = None
    """How long its computers and its hints think a move (the server's ``--think``)."""
    thinkers: Thinkers = IN_THREADS
    """Where they think it (the server's worker processes)."""
    owned: bool = False
    """Whether this server process runs the table: plays its computers, deals, settles
    (over PostgreSQL, one process of several; see ``Store.own``)."""
    kept_plan: str = ""
    """The plan as this process last read or wrote it in the database: it is changed
    there only if nobody else changed it since (``Store.save_plan``)."""

    # ---- the plan -----------------------------------------------------------------

    def plan(self) -> dict[str, Any]:
        """What the database keeps of the table besides its events."""
        return {"creator": self.creator, "modules": list(self.modules), "seats": [s.to_json() for s in self.seats]}

    @classmethod
    def from_plan(
        cls, number: int, plan: dict[str, Any], thinking: SearchBudget | None = None, thinkers: Thinkers = IN_THREADS
    ) -> HostedTable:
        """A table as the database kept it, before its game is restored."""
        return cls(number, str(plan["creator"]), seats_of(plan), modules_of(plan), thinking=thinking, thinkers=thinkers)

    @property
    def started(self) -> bool:
        """Whether its game has begun."""
        return self.table is not None

    @property
    def over(self) -> bool:
        """Whether its game has ended."""
        return self.table is not None and self.table.state.is_over

    def seat_of(self, name: str) -> int | None:
        """The seat of a person (by name, without regard to case), or None."""
        key = name_key(name)
        return next(
            (i for i, s in enumerate(self.seats) if s.name is not None and name_key(s.name) == key and not s.computer),
            None,
        )

    def free_seat(self) -> int | None:
        """The first seat waiting for a person, or None when every seat is taken."""
        return next((i for i, s in enumerate(self.seats) if s.name is None and not s.computer), None)

    def people(self) -> list[str]:
        """The names of the people seated."""
        return [s.name for s in self.seats if s.name is not None and not s.computer]

    # ---- the game -----------------------------------------------------------------

    def _entries(self, seats: list[Seating] | None = None) -> list[PlayerEntry]:
        """The seats as a log header's players, computers named as the game will name them;
        a free seat is a person without a name yet."""
        return name_bots(
            [PlayerEntry("", "bot", s.level) if s.computer else PlayerEntry(s.name or "") for s in seats or self.seats]
        )

    def names(self) -> list[str]:
        """Who sits at each seat, as the game tells them in the language in use ("" for
        a free seat): the computers were named in the language of whoever started it."""
        if self.table is not None:
            return [entry.name for entry in said_bots(self.table.header).players]
        return [entry.name for entry in self._entries()]

    def start(self, store: Store) -> bool:
        """Begin the game: the header kept and every person given a seat, before the
        deal; False (nothing changed here) when another process changed or started the
        table meanwhile."""
        seats = [replace(seating) for seating in self.seats]
        for seating in seats:
            if seating.name is None and not seating.computer:
                seating.level = DEFAULT_LEVEL
        plan = {**self.plan(), "seats": [seating.to_json() for seating in seats]}
        header = LogHeader(players=tuple(self._entries(seats)), modules=self.modules, seed=_seed())
        if not store.start_table(self.number, header, plan, was=self.kept_plan):
            return False
        self.seats, self.kept_plan = seats, plan_text(plan)
        self._open(header, header.new_state(), 0, store)
        return True

    def restore(self, stored: StoredTable, store: Store) -> None:
        """Set a started table back where the database left it, every person away, each
        to hear again what was said before, and what they missed."""
        log = stored.log()
        states = replay(log)
        state = states[-1]
        self._open(log.header, state, len(log.events), store, past=(log.events, states))
        stored_game = StoredGame(states[0], tuple(log.events))
        for session in self.sessions.values():
            session.recall(stored_game)
        now = time.monotonic()
        self.away_since = {seat: now for seat in self.sessions}

    def take_over(self) -> None:
        """This process runs the table from now on: it catches up with the game, plays
        what follows without anyone choosing (the deal of a game stopped before it, the
        visit of a lone noble, the end), and its computers play on. A database that
        refuses leaves the table waiting; the next look tries again.

        Raises:
            LogError: a stored event cannot be read.
        """
        self.owned = True
        if self.table is None or self.over:
            return
        self.table.catch_up()
        try:
            self.play_what_follows()
        except SaveError:
            return
        self.go_on()

    def play_what_follows(self) -> None:
        """Play what follows without anyone choosing: the deal of a game not dealt yet,
        a lone noble's visit, the end. When another process played it first, its events
        are heard instead.

        Raises:
            SaveError: the database refused; the game waits where it is.
        """
        table = self.table
        assert table is not None
        pending = (table.deal(),) if table.state.phase is Phase.SETUP else settle(table.state)
        try:
            if pending:
                table.commit(pending)
        except PlaceTaken:
            table.catch_up()

    def _open(
        self,
        header: LogHeader,
        state: GameState,
        events: int,
        store: Store,
        past: tuple[Sequence[Event], Sequence[GameState]] = ((), ()),
    ) -> None:
        sink = TableSink(store, self.number, events)
        table = Table(state, header, sink, events, self.thinking, self.thinkers, past)
        self.table = table
        for seat, seating in enumerate(self.seats):
            if seating.computer:
                continue
            self.sessions[seat] = NetSeat(table, seat)
            if seating.stand_in is not None:
                table.hand_to_computer(seat, seating.stand_in)

    def go_on(self) -> None:
        """Let the computer seats play, if it is their turn (off the event loop), at the
        process that runs the table."""
        if self.owned and self.table is not None and not self.table.state.is_over:
            asyncio.get_running_loop().create_task(self.table.play_computers())

    def tell_everyone(self, line: Said, but: int | NetSeat | None = None, channel: Channel = Channel.ANSWER) -> None:
        """A line from the server to everyone at the table (but one seat, or one seat
        session: a spectator), each in their own language; as an event, it is kept for
        review and for the recap of those away."""
        for seat, session in self.sessions.items():
            if seat != but and session is not but:
                session.tell(line, channel)
        for watcher in self.watchers:
            if watcher is not but:
                watcher.tell(line, channel)


def _seed() -> int:
    """A new game's seed: unguessable, so that nobody can know the deck's order."""
    return random.SystemRandom().randrange(2**31)


def seats_of(plan: dict[str, Any]) -> list[Seating]:
    """A kept plan's seats.

    Raises:
        ValueError: they are not two to four seats (a row changed by hand).
    """
    seats = plan.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise ValueError("a table has two to four seats")
    return [Seating.from_json(seat) for seat in seats]


def modules_of(plan: dict[str, Any]) -> tuple[str, ...]:
    """A kept plan's modules.

    Raises:
        ValueError: they are not a list of names.
    """
    modules = plan.get("modules", [])
    if not isinstance(modules, list) or not all(isinstance(name, str) for name in modules):
        raise ValueError("a table's modules are a list of names")
    return tuple(modules)
