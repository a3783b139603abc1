"""The Orient's marks on its cards, and what each one means.

The notation reads and writes a card's marks (``notation.add_card_marks``) without
knowing them; this module registers the Orient's and is the one place that says what a
card carrying them does: ``b0dd`` two bonuses, ``a0gg`` no colour and two gold when given
up in a purchase, ``a0*`` the colour of one of the buyer's cards, ``+a``/``+b`` a free
card of that level, ``+n`` a noble reserved, ``c3d -2o`` two onyx cards given up
instead of gems.
"""

from __future__ import annotations

from importlib import resources

from splendor_a11y.domain.cards import Card, add_module_cards
from splendor_a11y.domain.notation import Gem, add_card_marks
from splendor_a11y.engine.modules.orient.kinds import NAME

__all__ = ["CARDS", "discard_colour", "free_level", "is_associate", "is_double_gold", "takes_noble"]

ASSOCIATE_MARK = "*"
DOUBLE_GOLD_MARK = "gg"
FREE_LEVELS = ("a", "b")
NOBLE_MARK = "n"
DISCARD_SIGN = "-"
DISCARDED_PER_CARD = 2
"""How many cards of one colour a discard card's price gives up."""

CARDS_PER_LEVEL = 10

add_card_marks(
    bonus={ASSOCIATE_MARK: 1, DOUBLE_GOLD_MARK: 0},
    extras=(*FREE_LEVELS, NOBLE_MARK),
    price=DISCARD_SIGN,
)
CARDS = add_module_cards(NAME, resources.files(__package__).joinpath("cards.txt").read_text("utf-8"), CARDS_PER_LEVEL)
"""The Orient's 30 cards (``cards.txt`` beside this file), in the standard card set."""


def is_associate(card: Card) -> bool:
    """The card that takes the colour and bonus of one of its buyer's cards."""
    return card.mark == ASSOCIATE_MARK


def is_double_gold(card: Card) -> bool:
    """The colourless card that can be discarded for 2 gold during a purchase."""
    return card.mark == DOUBLE_GOLD_MARK


def free_level(card: Card) -> str:
    """The level of the free card this card brings (``a`` or ``b``), or empty."""
    return card.extra if card.extra in FREE_LEVELS else ""


def takes_noble(card: Card) -> bool:
    """The card that reserves a noble tile for its buyer."""
    return card.extra == NOBLE_MARK


def discard_colour(card: Card) -> Gem | None:
    """The colour of the two cards given up to buy a discard card, or None for a card
    bought with gems."""
    if card.card_price is None:
        return None
    return next((gem for gem in card.card_price.gems() if card.card_price.get(gem) == DISCARDED_PER_CARD), None)
