"""Cards and nobles told in words, shared by lookup and narration."""

from __future__ import annotations

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.text.messages import (
    bonus_requirement_in_words,
    counts_in_words,
    gem_name,
    plural,
    text,
)

__all__ = ["card_sentence", "card_words", "card_words_in_row", "noble_sentence"]


def bonus_words(card: Card) -> str:
    """``sapphire bonus``, ``two sapphire bonuses``, or what a card's mark means."""
    if card.associate:
        bonus = text("words.associate")
    elif card.bonus is None:
        bonus = text("words.double_gold")
    elif card.bonus_count == 2:
        bonus = text("words.double_bonus", gem=gem_name(card.bonus))
    else:
        bonus = text("words.bonus", gem=gem_name(card.bonus))
    if card.free_level:
        bonus += text("words.free", level=card.free_level)
    if card.takes_noble:
        bonus += text("words.takes_noble")
    return bonus


def cost_words(card: Card) -> str:
    """``costs 7 diamonds``, or a discard card's cost."""
    if card.discard is not None:
        return text("words.discard_cost", gem=gem_name(card.discard))
    return text("words.cost", cost=counts_in_words(card.cost))


def card_sentence(card: Card) -> str:
    """``c4s 7d: level c card, 4 prestige points, sapphire bonus, costs 7 diamonds.``"""
    return text(
        "lookup.card.marked" if card.marked else "lookup.card",
        code=card.text,
        level=card.level,
        points=plural(card.points, "points", "points.none"),
        bonus=bonus_words(card),
        cost=cost_words(card),
    )


def card_words(card: Card) -> str:
    """``a level b card, 2 points, ruby bonus, costing 3 diamonds and 5 onyx``: a card
    named inside a sentence in the words verbosity, instead of its code."""
    return text(
        "words.card",
        level=card.level,
        points=plural(card.points, "words.points"),
        bonus=bonus_words(card),
        cost=_costing(card),
    )


def card_words_in_row(card: Card) -> str:
    """``2 points, ruby bonus, costing 3 diamonds and 5 onyx``: a card read in its row,
    where the level goes without saying (a row read in words stays short)."""
    return text(
        "words.card_in_row", points=plural(card.points, "words.points"), bonus=bonus_words(card), cost=_costing(card)
    )


def _costing(card: Card) -> str:
    """``costing 3 diamonds``, or how a discard card is bought."""
    if card.discard is not None:
        return text("words.discard_costing", gem=gem_name(card.discard))
    return text("words.costing", cost=counts_in_words(card.cost))


def noble_sentence(noble: Noble) -> str:
    """``3 4s 4e: noble, 3 prestige points, needs 4 sapphire and 4 emerald bonuses.``"""
    return text(
        "lookup.noble",
        code=noble.text,
        points=plural(noble.points, "points", "points.none"),
        requirement=bonus_requirement_in_words(noble.requirement),
    )
