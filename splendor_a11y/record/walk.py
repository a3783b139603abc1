"""One walk over a log: every event judged by the rules, folded, and shown to visitors.

Verifying a log, its state at some event, its transcript and its summary are each a
visitor of the same walk (python-chess reads a PGN the same way), so a log is read and
judged one way whatever is asked of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_a11y.domain.cards import CardSet, standard_cards
from splendor_a11y.engine import Event, GameState, IllegalAction, check_and_apply
from splendor_a11y.record.codec import GameLog, LogError

__all__ = ["At", "Final", "States", "Visitor", "replay", "replay_good_part", "walk"]


class Visitor:
    """Hears a walk over a log: the position before the first event, each event with the
    positions before and after it, and the end (with why the walk stopped short, if it did)."""

    def start(self, state: GameState) -> None:
        """The table before the first event."""

    def event(self, index: int, event: Event, before: GameState, after: GameState) -> None:
        """Event ``index`` (from 0), judged good and folded."""

    def end(self, final: GameState, stopped: LogError | None) -> None:
        """The last good position, and why the walk stopped before the end (None: it did not)."""


class States(Visitor):
    """Every position: before any event, then after each (for a replay stepper)."""

    def __init__(self) -> None:
        self.states: list[GameState] = []

    def start(self, state: GameState) -> None:
        self.states = [state]

    def event(self, index: int, event: Event, before: GameState, after: GameState) -> None:
        self.states.append(after)


class Final(Visitor):
    """The last position and how many events led to it (for ``--verify``)."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.events = 0

    def end(self, final: GameState, stopped: LogError | None) -> None:
        self.state = final

    def event(self, index: int, event: Event, before: GameState, after: GameState) -> None:
        self.events = index + 1


class At(Visitor):
    """The position after ``at`` events (0: before the first), when the log reaches it."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.state: GameState | None = None

    def start(self, state: GameState) -> None:
        if self.at == 0:
            self.state = state

    def event(self, index: int, event: Event, before: GameState, after: GameState) -> None:
        if index + 1 == self.at:
            self.state = after


def walk(
    log: GameLog,
    visitors: Sequence[Visitor],
    cards: CardSet | None = None,
    lenient: bool = False,
    until: int | None = None,
) -> LogError | None:
    """Judge and fold the log's events (the first ``until`` of them), showing each to the
    visitors. Returns why the walk stopped short in a ``lenient`` walk (a broken rule, or
    the damage a lenient read found), or None.

    Raises:
        LogError: without ``lenient``, at the first event the rules refuse (with the
            refusal in ``rule``).
    """
    cards = cards or standard_cards()
    state = log.header.new_state()
    for visitor in visitors:
        visitor.start(state)
    stopped = log.damage if lenient else None
    for index, event in enumerate(log.events[:until]):
        try:
            after = check_and_apply(state, event, cards)
        except IllegalAction as refusal:
            error = LogError("breaks_rule", index + 2, refusal, state, log.path)
            if not lenient:
                raise error from None
            stopped = error
            break
        for visitor in visitors:
            visitor.event(index, event, state, after)
        state = after
    for visitor in visitors:
        visitor.end(state, stopped)
    return stopped


def replay(log: GameLog, until: int | None = None, cards: CardSet | None = None) -> list[GameState]:
    """Judge and fold every event; the states after each (index 0 is before any event).

    Raises:
        LogError: at the first event the rules refuse, with the refusal in ``rule``.
    """
    states = States()
    walk(log, (states,), cards, until=until)
    return states.states


def replay_good_part(log: GameLog, cards: CardSet | None = None) -> tuple[list[GameState], LogError | None]:
    """Like ``replay``, but stop at the first refused event instead of raising.

    Returns the states up to the last good event, and the reason the replay stops early
    (a rule broken, or the damage a lenient read found), or None when all is well.
    """
    states = States()
    stopped = walk(log, (states,), cards, lenient=True)
    return states.states, stopped
