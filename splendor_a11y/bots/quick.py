"""Quick judgements for a module's own follow-up decisions, used inside the bots' look-
ahead: some of those decisions have many options, and judging each by a full evaluation
at every step of a search would be too slow. The module knows its options; the bot lends
it the worth of a face-up card to a player.
"""

from __future__ import annotations

from splendor_a11y.bots.evaluation import reach_gap
from splendor_a11y.domain.notation import Slot
from splendor_a11y.engine import Command, GameState

__all__ = ["quick_choice"]


def _card_value(state: GameState, place: Slot, seat: int) -> float:
    """A face-up card's worth to a player: its points, less the further it is out of reach."""
    card = state.card_at(place)
    if card is None:
        return 0.0
    return (card.points + 1.0) / (1.0 + reach_gap(card, state.players[seat], state.modules))


def quick_choice(state: GameState) -> Command | None:
    """A module's quick choice for the decision the game waits for, when it has one."""
    for module in state.modules:
        choice = module.quick_choice(state, lambda place, seat: _card_value(state, place, seat))
        if choice is not None:
            return choice
    return None
