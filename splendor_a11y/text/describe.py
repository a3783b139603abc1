"""Cards and nobles told in words, shared by lookup and narration."""

from __future__ import annotations

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import Gem
from splendor_a11y.engine.modules import MODULES
from splendor_a11y.engine.phrase import MarkWords, Phrase
from splendor_a11y.text.messages import (
    bonus_requirement_in_words,
    counts_in_words,
    gem_name,
    plural,
    text,
)

__all__ = ["card_sentence", "card_words", "card_words_in_row", "mark_words", "noble_sentence", "said_plainly"]

_NO_MARKS = MarkWords()


def mark_words(card: Card) -> MarkWords:
    """What the marks on a card mean, from the module whose marks they are (asked of every
    module: a card is looked up in a game without it too); nothing for a base-game card."""
    if card.marked:
        for module in MODULES.values():
            words = module.mark_words(card)
            if words is not None:
                return words
    return _NO_MARKS


def said_plainly(phrase: Phrase) -> str:
    """A module's phrase about a card in words: its fields are a gem or plain values, the
    same for every listener."""
    return text(phrase.key, **{name: gem_name(v) if isinstance(v, Gem) else v for name, v in phrase.fields.items()})


def bonus_words(card: Card) -> str:
    """``sapphire bonus``, ``two sapphire bonuses``, or what a card's mark means."""
    marks = mark_words(card)
    if marks.bonus is not None:
        bonus = said_plainly(marks.bonus)
    elif card.bonus is not None and card.bonus_count == 2:
        bonus = text("words.double_bonus", gem=gem_name(card.bonus))
    else:
        bonus = text("words.bonus", gem=gem_name(card.bonus)) if card.bonus is not None else ""
    return bonus + "".join(said_plainly(phrase) for phrase in marks.after)


def cost_words(card: Card) -> str:
    """``costs 7 diamonds``, or how a card priced in cards is bought."""
    cost = mark_words(card).cost
    return said_plainly(cost) if cost is not None else text("words.cost", cost=counts_in_words(card.cost))


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
    """``a level b card (2 points, ruby bonus, costing 3 diamonds and 5 onyx)``: a card
    named inside a sentence in the words verbosity, instead of its code. Its description
    is kept in brackets: it holds commas and "and" of its own, and the sentence goes on
    after it (``... costing 2 diamonds and 1 sapphire from a4`` ran the price into the
    place)."""
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
    """``costing 3 diamonds``, or how a card priced in cards is bought."""
    costing = mark_words(card).costing
    return said_plainly(costing) if costing is not None else text("words.costing", cost=counts_in_words(card.cost))


def noble_sentence(noble: Noble) -> str:
    """``3 4s 4e: noble, 3 prestige points, needs 4 sapphire and 4 emerald bonuses.``"""
    return text(
        "lookup.noble",
        code=noble.text,
        points=plural(noble.points, "points", "points.none"),
        requirement=bonus_requirement_in_words(noble.requirement),
    )
