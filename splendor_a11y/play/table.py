"""A game at a table: its state, its log and its computer seats.

Every change of the game goes through the table: a command is decided by the rules,
its events are written to the log (all of them, or none when the disk refuses), folded
into the state, and only then told to every listener. Listeners are seat sessions, one
per person listening; the table knows nothing of how they speak.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from splendor_a11y.bots import BOTS, DEFAULT_LEVEL, FORESEEING, Foresight, SearchBudget
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import (
    Command,
    Event,
    GameState,
    HintAsked,
    IllegalAction,
    Reason,
    SeatView,
    automatic_event,
    deal,
    decide_and_apply,
    evolve,
    modules_named,
    view,
)
from splendor_a11y.play.hints import HintBook
from splendor_a11y.play.thinkers import IN_THREADS, Thinkers, hint_of, move_of
from splendor_a11y.play.watch import Watch
from splendor_a11y.record import LogHeader, PlaceTaken, PlayerEntry, SaveError
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.messages import speaking, text

__all__ = ["EventSink", "Table", "TableListener", "name_bots", "named_as_said", "said_bots", "settle"]

RETRY_SECONDS = 5.0
"""How long a computer's move the disk refused waits before it is tried again."""


class EventSink(Protocol):
    """Where a table's events are kept: a log file, or a server's database."""

    def append_all(self, events: Sequence[Event]) -> None:
        """Keep one command's events, all of them or none.

        Raises:
            SaveError: nothing was kept.
        """

    def catch_up(self) -> list[Event]:
        """The events another writer kept since this one last wrote, in order (another
        server process at the same table; a log file has one writer), so that the next
        command is written after them.

        Raises:
            LogError: one of them cannot be read.
        """
        ...

    def close(self) -> None:
        """Release the file or the database."""


class TableListener(Protocol):
    """Someone told of each event once it is on disk and folded."""

    def told(self, event: Event, before: GameState, after: GameState) -> None:
        """One event, with the positions before and after it."""

    def settled(self, events: tuple[Event, ...], before: GameState, after: GameState) -> None:
        """A command's events have all been told; ``before`` is the position before the
        first of them."""


class Table:
    """One game being played, from its state to its end; shared by every seat session."""

    def __init__(
        self,
        state: GameState,
        header: LogHeader,
        writer: EventSink,
        events_so_far: int = 0,
        thinking: SearchBudget | None = None,
        thinkers: Thinkers = IN_THREADS,
        past: tuple[Sequence[Event], Sequence[GameState]] = ((), ()),
    ) -> None:
        """``past``: a resumed game's events so far, and the position before each."""
        self.state = state
        self.thinking = thinking
        """How long its computers (and its hints) think a move."""
        self.header = header
        self.writer = writer
        self.events_so_far = events_so_far
        self.computers: dict[int, str] = {
            seat: entry.level or DEFAULT_LEVEL for seat, entry in enumerate(header.players) if entry.kind == "bot"
        }
        """The level of each seat the computer plays."""
        self.thinkers = thinkers
        """Where its computers' moves and its hints are thought (``play.thinkers``)."""
        self.humans = [seat for seat, entry in enumerate(header.players) if entry.kind == "human"]
        self._listeners: list[TableListener] = []
        self._driving = False
        self.hints = HintBook()
        self.watch = Watch(header.seed)
        """Its players' actions, for the computers that foresee how they play."""
        self.watch.saw(*past, first=0)

    def listen(self, listener: TableListener) -> None:
        """Tell ``listener`` of every event from now on."""
        self._listeners.append(listener)

    def forget(self, listener: TableListener) -> None:
        """Stop telling ``listener`` (a spectator who left)."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def commit(self, events: tuple[Event, ...]) -> None:
        """Write a command's events (all, or none), fold them, then tell every listener.

        Raises:
            SaveError: the disk refused; nothing was played.
        """
        self.writer.append_all(events)
        self.receive(events)

    def catch_up(self) -> None:
        """Fold and tell the events another server process wrote to this table since
        the last this one knows of."""
        self.receive(self.writer.catch_up())

    def _kept(self, decide: Callable[[], tuple[Event, ...]]) -> None:
        """A command's events decided and committed; when another server process took
        their place in the log meanwhile, the table catches up and decides once more, on
        the position as it now is (where the rules may refuse what they allowed before).

        Raises:
            IllegalAction: the rules refuse it.
            SaveError: the database refused, or the place was taken twice.
        """
        try:
            self.commit(decide())
        except PlaceTaken:
            self.catch_up()
            self.commit(decide())

    def receive(self, events: Sequence[Event]) -> None:
        """Fold events already kept, then tell every listener: a command's events just
        written here, or those another server process wrote to the same table (read
        from the store, in order, none skipped)."""
        if not events:
            return
        first = self.events_so_far
        self.events_so_far += len(events)
        states = [self.state]
        for event in events:
            states.append(evolve(states[-1], event))
        self.state = states[-1]
        self.watch.saw(events, states, first)
        for event, before, after in zip(events, states, states[1:], strict=False):
            for listener in list(self._listeners):
                listener.told(event, before, after)
        for listener in list(self._listeners):
            listener.settled(tuple(events), states[0], self.state)

    def deal(self) -> Event:
        """The deal a game's seed makes (the same one, however often it is made)."""
        seed = self.header.seed if self.header.seed is not None else 0
        return deal(len(self.header.players), random.Random(seed), standard_cards(), modules_named(self.header.modules))

    def play(self, seat: int, command: Command) -> None:
        """A seat's command: decided by the rules, then committed.

        Raises:
            IllegalAction: the rules refuse it (or it is not the seat's turn); nothing changed.
            SaveError: the disk refused; nothing was played.
        """
        self._kept(lambda: self._decided(seat, command))

    def _decided(self, seat: int, command: Command) -> tuple[Event, ...]:
        """A seat's command as the rules decide it in the position now."""
        if seat != self.state.current:
            raise IllegalAction(Reason.WRONG_PLAYER, self.state.current, logged=seat)
        return decide_and_apply(self.state, command)[0]

    def think(self, seat: int) -> tuple[Event, ...]:
        """A computer seat's move, thought here and now (``move_of``). Pure: safe in a
        worker thread."""
        state = self.state
        foresight = self.watch.foresight_against(seat) if self._foresees(seat) else None
        return decide_and_apply(state, move_of(*self._move_question(state, seat), foresight))[0]

    def _move_question(self, state: GameState, seat: int) -> tuple[SeatView, str, SearchBudget | None, str]:
        """What a computer seat's move is thought from: its own view, its level, the
        table's budget, and a seed of the game's seed and the number of events so far,
        so that a game replays the same (and, for a bot that foresees, how well each
        answer foresaw its opponents: ``watch``)."""
        return view(state, seat), self.computers[seat], self.thinking, f"{self.header.seed}:{seat}:{self.events_so_far}"

    def _foresees(self, seat: int) -> bool:
        """Whether the computer at the seat imagines its opponents as they have played."""
        return self.computers.get(seat) in FORESEEING

    async def _foresight(self, seat: int) -> Foresight | None:
        """How well each answer foresaw the opponents of a computer seat that foresees,
        counted off the event loop; None for one that does not."""
        return await self.watch.counted_against(seat, self.thinkers) if self._foresees(seat) else None

    def hand_to_computer(self, seat: int, level: str) -> None:
        """A person's seat is played by the computer from now on (they left the game)."""
        self.computers[seat] = level
        if seat in self.humans:
            self.humans.remove(seat)

    def hand_back(self, seat: int) -> None:
        """A person takes back a seat the computer played while they were away."""
        self.computers.pop(seat, None)
        if seat not in self.humans:
            self.humans.append(seat)
            self.humans.sort()

    async def play_computers(self) -> None:
        """Play the computer seats' moves until a person's turn or the end of the game,
        each thought by the table's ``thinkers`` so that the event loop, and every other
        table on it, goes on meanwhile. One driver at a time; a move is dropped and thought
        again when the position changed while it was thought (the seat was handed back).
        The move is decided by the rules here, on the position it was thought for."""
        if self._driving:
            return
        self._driving = True
        try:
            while not self.state.is_over and self.state.current in self.computers:
                position, seat = self.state, self.state.current
                foresight = await self._foresight(seat)
                command = await self.thinkers.think(move_of, *self._move_question(position, seat), foresight)
                if self.state is not position or seat not in self.computers:
                    continue
                try:
                    self.commit(decide_and_apply(position, command)[0])
                except PlaceTaken:
                    self.catch_up()
                except SaveError:
                    await asyncio.sleep(RETRY_SECONDS)
        finally:
            self._driving = False

    def note_hint(self, seat: int) -> None:
        """Note in the log that a seat asked for a hint, before it is given.

        Raises:
            SaveError: the note could not be written.
        """
        self._kept(lambda: (HintAsked(seat),))

    def hint_for(self, seat: int, state: GameState, events_so_far: int) -> Command:
        """The hint for a seat in a position: the one already given there, or the hard
        bot's move, seeded as the game's hints are, thought here and now. Safe in a
        worker thread (it touches only this seat's hints)."""
        command = self.hints.given(seat, state) or hint_of(
            *self._hint_question(seat, state, events_so_far), self.watch.foresight_against(seat)
        )
        self.hints.remember(seat, state, command)
        return command

    async def hint(self, seat: int, state: GameState, events_so_far: int) -> Command:
        """``hint_for``, the hard bot's move thought by the table's ``thinkers``."""
        command = self.hints.given(seat, state)
        if command is None:
            foresight = await self.watch.counted_against(seat, self.thinkers)
            command = await self.thinkers.think(hint_of, *self._hint_question(seat, state, events_so_far), foresight)
        self.hints.remember(seat, state, command)
        return command

    def _hint_question(
        self, seat: int, state: GameState, events_so_far: int
    ) -> tuple[SeatView, SearchBudget | None, str]:
        return view(state, seat), self.thinking, f"{self.header.seed}:hint:{events_so_far}"


def settle(state: GameState) -> tuple[Event, ...]:
    """The events that follow from a position without anyone choosing (a lone noble's
    visit, the end of the game): what a log cut short by a crash already decides."""
    events: list[Event] = []
    follow = automatic_event(state)
    while follow is not None:
        events.append(follow)
        state = evolve(state, follow)
        follow = automatic_event(state)
    return tuple(events)


def name_bots(entries: Sequence[PlayerEntry]) -> list[PlayerEntry]:
    """Name each unnamed computer seat by its level, so a listener can tell computers
    apart and knows how strong the winner was: ``Hard bot``, and ``Easy bot 1`` and
    ``Easy bot 2`` only when two share a level."""
    levels = [level_of(entry) for entry in entries if entry.kind == "bot" and not entry.name]
    seen: dict[str, int] = {}
    named: list[PlayerEntry] = []
    for entry in entries:
        if entry.kind != "bot" or entry.name:
            named.append(entry)
            continue
        level = level_of(entry)
        seen[level] = seen.get(level, 0) + 1
        number = f" {seen[level]}" if levels.count(level) > 1 else ""
        named.append(replace(entry, name=text("cli.bot_name", bot=text(f"bot.{level}"), number=number)))
    return named


def level_of(entry: PlayerEntry) -> str:
    """The level a computer seat plays at: the one its entry names, or the default level
    where it names none or one not known (a log written by hand or damaged), as its moves
    are thought (``move_of``)."""
    return entry.level if entry.level in BOTS else DEFAULT_LEVEL


def said_bots(header: LogHeader) -> LogHeader:
    """A log's header with its computers named in the language in use when they bear
    the name of their level in any language: an English game replayed or resumed in
    French names its bots in French. Names a player chose are kept as they are."""
    entries = [
        replace(entry, name="") if entry.kind == "bot" and _level_named(entry) else entry for entry in header.players
    ]
    return replace(header, players=tuple(name_bots(entries)))


def named_as_said(state: GameState, header: LogHeader) -> GameState:
    """A position with its computers named as ``said_bots`` names them in the language in
    use: at a server, people who speak different languages share a table whose
    computers were named in the language of whoever started it, and each hears them
    named in their own. The same position when no name changes."""
    names = [entry.name for entry in said_bots(header).players]
    if len(names) != len(state.players) or all(
        player.name == name for player, name in zip(state.players, names, strict=True)
    ):
        return state
    players = tuple(
        player if player.name == name else replace(player, name=name)
        for player, name in zip(state.players, names, strict=True)
    )
    return replace(state, players=players)


def _level_named(entry: PlayerEntry) -> bool:
    """Whether a computer's name is its level's, in some language (``Hard bot``,
    ``Robot moyen 2``)."""
    level = level_of(entry)
    stem = entry.name.rstrip("0123456789").rstrip()
    for code in LANGUAGES:
        with speaking(LANGUAGES[code]):
            if stem == text(f"bot.{level}"):
                return True
    return False
