"""``evolve``: the pure fold of one event into the next state.

No validation, no randomness, no I/O: ``check`` judges an event before it is folded.
Each kind of event folds itself (``Event.fold``); after each action the fold moves the
game to its next decision: a return of tokens, a noble, the next player, or the end.
"""

from __future__ import annotations

from collections.abc import Iterable

from splendor_a11y.engine.events import Event
from splendor_a11y.engine.state import GameState

__all__ = ["evolve", "fold"]


def evolve(state: GameState, event: Event) -> GameState:
    """The state after one event. Pure and total; trusts that ``check`` passed."""
    return event.fold(state)


def fold(state: GameState, events: Iterable[Event]) -> GameState:
    """Apply events in order (trusted; see ``check_and_apply`` for the checked fold)."""
    for event in events:
        state = event.fold(state)
    return state
