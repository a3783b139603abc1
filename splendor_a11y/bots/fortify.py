"""A quick judgement for the Strongholds module's placement, used inside the bots' look-
ahead: the placement options are many, and judging each by a full evaluation at every
step of a search would be too slow.

A stronghold is worth most on a card the player can nearly afford and that is worth
points (it keeps the card for them), more when it completes three for a conquest;
sending back an opponent's lone stronghold is worth the card's value to that opponent.
"""

from __future__ import annotations

from splendor_a11y.bots.evaluation import reach_gap
from splendor_a11y.domain.notation import parse_slot
from splendor_a11y.engine import Command, GameState, Hold, Oust, legal_commands

__all__ = ["quick_stronghold"]


def _card_value(state: GameState, place: str, seat: int) -> float:
    slot_card = state.card_at(parse_slot(place))
    if slot_card is None:
        return 0.0
    return (slot_card.points + 1.0) / (1.0 + reach_gap(slot_card, state.players[seat]))


def quick_stronghold(state: GameState) -> Command:
    """The placement, move or send-back that looks best at a glance."""
    seat = state.current
    mine = state.strongholds[seat]

    def value(command: Command) -> float:
        if isinstance(command, Oust):
            owner = next(iter(state.holders(str(command.place))))
            return _card_value(state, str(command.place), owner)
        assert isinstance(command, Hold)
        to = str(command.to)
        gain = _card_value(state, to, seat) * (1 + mine.count(to))
        if mine.count(to) == 2:
            gain += 2.0
        if command.source is not None:
            gain -= _card_value(state, str(command.source), seat) * mine.count(str(command.source))
        return gain

    return max(legal_commands(state), key=value)
