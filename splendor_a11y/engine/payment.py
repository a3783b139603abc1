"""Paying for a card: bonuses first, then gems, gold as wild; no change is given."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from splendor_a11y.domain.notation import COLOURS, Gem, GemCounts, packed_holding, packed_shortfall
from splendor_a11y.engine.refusals import IllegalAction, Reason

if TYPE_CHECKING:
    from splendor_a11y.domain.cards import Card
    from splendor_a11y.engine.state import PlayerState

__all__ = ["default_payment", "explicit_payment", "gems_missing", "needed", "shortfall"]


def needed(cost: GemCounts, bonuses: GemCounts) -> GemCounts:
    """What is left to pay in gems once bonuses are counted (never below zero)."""
    c0, c1, c2, c3, c4, _ = cost
    b0, b1, b2, b3, b4, _ = bonuses
    return tuple.__new__(
        GemCounts,
        (
            c0 - b0 if c0 > b0 else 0,
            c1 - b1 if c1 > b1 else 0,
            c2 - b2 if c2 > b2 else 0,
            c3 - b3 if c3 > b3 else 0,
            c4 - b4 if c4 > b4 else 0,
            0,
        ),
    )


def shortfall(need: GemCounts, tokens: GemCounts) -> GemCounts:
    """The gems of each colour still missing once held gems are counted; gold not used."""
    return GemCounts([max(0, n - t) for n, t in zip(need[:5], tokens[:5], strict=False)] + [0])


def gems_missing(card: Card, player: PlayerState) -> int:
    """Gems still missing for a card once the player's bonuses, coloured tokens and gold
    are counted: how far it is out of reach (0 when it can be bought)."""
    short = packed_shortfall(packed_holding(player.bonuses, player.tokens), card.packed_cost)
    gold = player.tokens[5]
    return short - gold if short > gold else 0


def default_payment(need: GemCounts, tokens: GemCounts) -> GemCounts | None:
    """Coloured gems first, gold only for the shortfall; None when even gold cannot cover it."""
    n0, n1, n2, n3, n4, _ = need
    t0, t1, t2, t3, t4, held_gold = tokens
    paid = (
        n0 if n0 < t0 else t0,
        n1 if n1 < t1 else t1,
        n2 if n2 < t2 else t2,
        n3 if n3 < t3 else t3,
        n4 if n4 < t4 else t4,
    )
    gold = n0 + n1 + n2 + n3 + n4 - sum(paid)
    if gold > held_gold:
        return None
    return tuple.__new__(GemCounts, (*paid, gold))


def explicit_payment(
    need: GemCounts,
    tokens: GemCounts,
    pay: GemCounts,
    refuse: Callable[..., IllegalAction],
) -> GemCounts:
    """Check a payment the player spelled out: held, never more than needed, covering all.

    Gold may stand in for any gem, even one the player holds.

    Raises:
        IllegalAction: from ``refuse`` with the reason and its numbers.
    """
    for gem in Gem:
        if pay.get(gem) > tokens.get(gem):
            raise refuse(Reason.PAY_NOT_HELD, gem=gem, named=pay.get(gem), held=tokens.get(gem))
    for gem in COLOURS:
        if pay.get(gem) > need.get(gem):
            raise refuse(Reason.PAY_TOO_MUCH, need=need)
    unpaid = sum(need[:5]) - sum(pay[:5])
    gold = pay.get(Gem.GOLD)
    if gold > unpaid:
        raise refuse(Reason.PAY_TOO_MUCH, need=need)
    if gold < unpaid:
        left: dict[str, Any] = {
            "unpaid": GemCounts([n - p for n, p in zip(need[:5], pay[:5], strict=False)] + [0]),
            "gold_short": unpaid - gold,
        }
        raise refuse(Reason.PAY_TOO_LITTLE, **left)
    return pay
