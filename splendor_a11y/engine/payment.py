"""Paying for a card: bonuses first, then gems, gold as wild; no change is given.

In a game with modules a price is a chain (``Terms``): the base game's terms (the gems
due after bonuses, each gold worth one gem), then each module's change in the modules'
order (a gold worth two gems of one colour, cards the player may give up for virtual
gold, a price paid in cards). One reckoning (``terms_payment``, ``checked_payment``)
pays any terms, so the changes of several modules combine as the rules say.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import COLOURS, Gem, GemCounts, packed_holding, packed_shortfall
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.values import value

if TYPE_CHECKING:
    from splendor_a11y.engine.state import PlayerState

__all__ = [
    "Terms",
    "checked_payment",
    "default_payment",
    "explicit_payment",
    "gems_missing",
    "gold_units",
    "needed",
    "shortfall",
    "terms_payment",
    "uncovered",
]

Paid = tuple[GemCounts, tuple["Card", ...]]
"""A purchase's payment: the tokens paid and the cards given up."""


@value
class Terms:
    """What buying one card asks of one player, as the base game and then each module in
    play set it (``Module.terms``)."""

    need: GemCounts
    """The gems due once bonuses are counted."""
    gold_worth: int = 1
    """How many gems of one colour each gold (a token or virtual gold) stands in for."""
    gold_cards: tuple[Card, ...] = ()
    """Cards the player may give up in this purchase, each for ``card_gold`` virtual gold."""
    card_gold: int = 0
    """The virtual gold each of ``gold_cards`` is worth, spent in this purchase or lost."""
    given: tuple[Card, ...] = ()
    """Cards given up whatever else is paid: a price in cards."""
    cards_wanted: int | None = None
    """How many of ``gold_cards`` the player chose to give up (None: as few as will do)."""


def gold_units(short: Iterable[int], worth: int) -> int:
    """The golds that cover what each colour still lacks, each standing in for ``worth``
    gems of one colour."""
    if worth == 1:
        return sum(short)
    return sum(-(-gap // worth) for gap in short)


def uncovered(short: Iterable[int], gold: int, worth: int) -> int:
    """The gems ``gold`` golds cannot cover of what each colour lacks, each gold standing
    in for ``worth`` gems of one colour: spent first where it covers all it is worth,
    then on the largest of what is left of each colour."""
    gaps = list(short)
    whole = sum(gap // worth for gap in gaps)
    spent = min(gold, whole)
    covered = spent * worth
    rests = sorted((gap % worth for gap in gaps if gap % worth), reverse=True)
    covered += sum(rests[: gold - spent])
    return sum(gaps) - covered


def _cards_needed(units: int, gold: int, terms: Terms) -> int:
    """As few cards worth gold as cover what the gold tokens cannot."""
    if not terms.card_gold or units <= gold:
        return 0
    return -(-(units - gold) // terms.card_gold)


def _gems_first(terms: Terms, tokens: GemCounts) -> tuple[list[int], int]:
    """The coloured gems that pay first on these terms, and the golds the rest asks for."""
    need = terms.need
    coloured = [n if n < t else t for n, t in zip(need[:5], tokens[:5], strict=False)]
    return coloured, gold_units([n - c for n, c in zip(need[:5], coloured, strict=False)], terms.gold_worth)


def terms_payment(terms: Terms, tokens: GemCounts, wanted: int | None = None) -> Paid | None:
    """Pay on these terms: coloured gems first, then as few cards worth gold as will do
    (or ``wanted`` of them, each used), then gold tokens; None when that cannot pay."""
    coloured, units = _gems_first(terms, tokens)
    cards = _cards_needed(units, tokens[5], terms) if wanted is None else wanted
    if cards > len(terms.gold_cards) or (cards and terms.card_gold * (cards - 1) >= units):
        return None
    gold = max(0, units - terms.card_gold * cards)
    if gold > tokens[5]:
        return None
    return GemCounts([*coloured, gold]), terms.given + terms.gold_cards[:cards]


def checked_payment(
    terms: Terms,
    tokens: GemCounts,
    pay: GemCounts | None,
    wanted: int | None,
    refuse: Callable[..., IllegalAction],
) -> Paid | None:
    """A payment on these terms as the player asked for it: the tokens they named
    (``pay``), the number of cards worth gold they chose to give up (``wanted``), or
    the default for either; None when the default cannot pay (the caller says why).

    Raises:
        IllegalAction: from ``refuse``, for cards or tokens named that do not pay.
    """
    owned = len(terms.gold_cards)
    if wanted is not None and wanted > owned:
        problem = {"problem": ("none", "one")[owned]} if owned < 2 else {}
        raise refuse(Reason.GOLD_CARDS_SHORT, wanted=wanted, owned=owned, **problem)
    if pay is not None:
        return _named_payment(terms, tokens, pay, wanted or 0, refuse), terms.given + terms.gold_cards[: wanted or 0]
    paid = terms_payment(terms, tokens, wanted)
    if paid is None and wanted and terms_payment(terms, tokens) is not None:
        raise refuse(Reason.GOLD_CARDS_UNUSED, wanted=wanted, unpaid=_gems_first(terms, tokens)[1])
    return paid


def _named_payment(
    terms: Terms, tokens: GemCounts, pay: GemCounts, cards: int, refuse: Callable[..., IllegalAction]
) -> GemCounts:
    """The tokens the player named, with ``cards`` cards worth gold covering what they
    leave: each held, no colour paid beyond its need, every gold and card used."""
    need = terms.need
    for gem in Gem:
        if pay.get(gem) > tokens.get(gem):
            raise refuse(Reason.PAY_NOT_HELD, gem=gem, named=pay.get(gem), held=tokens.get(gem))
    for gem in COLOURS:
        if pay.get(gem) > need.get(gem):
            raise refuse(Reason.PAY_TOO_MUCH, need=need)
    unpaid = GemCounts([n - p for n, p in zip(need[:5], pay[:5], strict=False)] + [0])
    left = gold_units(unpaid[:5], terms.gold_worth) - pay.get(Gem.GOLD)
    if cards:
        if not terms.card_gold * (cards - 1) < left <= terms.card_gold * cards:
            raise refuse(Reason.GOLD_CARDS_UNUSED, wanted=cards, unpaid=max(0, left))
        return pay
    if left < 0:
        raise refuse(Reason.PAY_TOO_MUCH, need=need)
    if left > 0:
        raise refuse(Reason.PAY_TOO_LITTLE, unpaid=unpaid, gold_short=left)
    return pay


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
    """Check a payment the player spelled out in the base game: held, never more than
    needed, covering all. Gold may stand in for any gem, even one the player holds.

    Raises:
        IllegalAction: from ``refuse`` with the reason and its numbers.
    """
    return _named_payment(Terms(need), tokens, pay, 0, refuse)
