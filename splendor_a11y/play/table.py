"""A game at a table: its state, its log and its computer seats.

Every change of the game goes through the table: a command is decided by the rules,
its events are written to the log (all of them, or none when the disk refuses), folded
into the state, and only then told to every listener. Listeners are seat sessions, one
per person listening; the table knows nothing of how they speak.
"""

from __future__ import annotations

import random
from typing import Protocol

from splendor_a11y.bots import BOTS, DEFAULT_LEVEL, Bot, bot_for, hint_command
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import (
    Command,
    Event,
    GameState,
    HintAsked,
    IllegalAction,
    Reason,
    automatic_event,
    deal,
    decide_and_apply,
    evolve,
    modules_named,
    view,
)
from splendor_a11y.record import LogHeader, LogWriter

__all__ = ["Table", "TableListener", "settle"]


class TableListener(Protocol):
    """Someone told of each event once it is on disk and folded."""

    def told(self, event: Event, before: GameState, after: GameState) -> None:
        """One event, with the positions before and after it."""


class Table:
    """One game being played, from its state to its end; shared by every seat session."""

    def __init__(self, state: GameState, header: LogHeader, writer: LogWriter, events_so_far: int = 0) -> None:
        self.state = state
        self.header = header
        self.writer = writer
        self.events_so_far = events_so_far
        self.computers: dict[int, Bot] = {
            seat: bot_for(entry.level if entry.level in BOTS else DEFAULT_LEVEL)
            for seat, entry in enumerate(header.players) if entry.kind == "bot"
        }
        self.humans = [seat for seat, entry in enumerate(header.players) if entry.kind == "human"]
        self._listeners: list[TableListener] = []

    def listen(self, listener: TableListener) -> None:
        """Tell ``listener`` of every event from now on."""
        self._listeners.append(listener)

    def commit(self, events: tuple[Event, ...]) -> None:
        """Write a command's events (all, or none), fold them, then tell every listener.

        Raises:
            SaveError: the disk refused; nothing was played.
        """
        self.writer.append_all(events)
        self.events_so_far += len(events)
        states = [self.state]
        for event in events:
            states.append(evolve(states[-1], event))
        self.state = states[-1]
        for event, before, after in zip(events, states, states[1:], strict=False):
            for listener in self._listeners:
                listener.told(event, before, after)

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
        if seat != self.state.current:
            raise IllegalAction(Reason.WRONG_PLAYER, self.state.current, logged=seat)
        events, _ = decide_and_apply(self.state, command)
        self.commit(events)

    def think(self, seat: int) -> tuple[Event, ...]:
        """A computer seat's move from its own view, seeded by the game's seed and the
        number of events so far, so a game replays the same. Pure: safe in a worker thread."""
        state = self.state
        rng = random.Random(f"{self.header.seed}:{seat}:{self.events_so_far}")
        command = self.computers[seat](view(state, seat), rng)
        return decide_and_apply(state, command)[0]

    def hint(self, seat: int) -> Command:
        """The hard bot's move for a seat, noted in the log first.

        Raises:
            SaveError: the note could not be written.
        """
        self.commit((HintAsked(seat),))
        rng = random.Random(f"{self.header.seed}:hint:{self.events_so_far}")
        return hint_command(view(self.state, seat), rng)


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
