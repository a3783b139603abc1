"""Cards and nobles told in words, shared by lookup and narration."""

from __future__ import annotations

from .cards import Card, Noble
from .messages import (
    GEM_SINGULAR,
    bonus_requirement_in_words,
    counts_in_words,
    plural,
    text,
)

__all__ = ["card_sentence", "card_words", "noble_sentence"]


def card_sentence(card: Card) -> str:
    """``c4s 7d: level c card, 4 prestige points, sapphire bonus, costs 7 diamonds.``"""
    return text(
        "lookup.card",
        code=card.text,
        level=card.level,
        points=plural(card.points, "points.one", "points.many", "points.none"),
        bonus=GEM_SINGULAR[card.bonus],
        cost=counts_in_words(card.cost),
    )


def card_words(card: Card) -> str:
    """``level b, 2 points, ruby bonus, costs 3 diamonds and 5 onyx``: the words verbosity."""
    return text(
        "words.card",
        level=card.level,
        points=plural(card.points, "words.points.one", "words.points.many"),
        bonus=GEM_SINGULAR[card.bonus],
        cost=counts_in_words(card.cost),
    )


def noble_sentence(noble: Noble) -> str:
    """``3 4s 4e: noble, 3 prestige points, needs 4 sapphire and 4 emerald bonuses.``"""
    return text(
        "lookup.noble",
        code=noble.text,
        points=plural(noble.points, "points.one", "points.many", "points.none"),
        requirement=bonus_requirement_in_words(noble.requirement),
    )
