"""Notation: lenient reading, canonical writing, clear errors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import DeckTop, GemCounts, HandSlot, NotationError, Slot, parse_place
from splendor_a11y.text.messages import problem_text

from strategies import cards, gem_counts, nobles, places


@given(gem_counts)
def test_gem_counts_round_trip(counts: GemCounts) -> None:
    assert GemCounts.parse(str(counts)) == counts


@given(cards)
def test_card_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert str(Card.parse(str(card).upper())) == str(card)


@given(nobles)
def test_noble_round_trip(noble: Noble) -> None:
    assert Noble.parse(str(noble)) == noble


@given(places)
def test_place_round_trip(place: Slot | DeckTop | HandSlot) -> None:
    assert parse_place(str(place)) == place


def test_counts_read_in_any_order_case_and_spacing() -> None:
    assert str(GemCounts.parse("  2S 3d   2e ")) == "3d 2s 2e"
    assert str(Card.parse("C4S   7D")) == "c4s 7d"
    assert str(Card.parse("a0d 1o 1s 1e 1r")) == "a0d 1s 1e 1r 1o"


def test_places_read_leniently() -> None:
    assert parse_place("B3") == Slot("b", 3)
    assert parse_place("deck   C") == DeckTop("c")
    assert parse_place("deckc") == DeckTop("c")
    assert parse_place("H2") == HandSlot(2)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("a0x 3s", "unknown gem code 'x' in \"a0x 3s\""),
        ("z0d 3s", "unknown level 'z'"),
        ("a0d 3s 2s", "gem 's' is named twice"),
        ("a0d s", "a number must come before 's'"),
        ("a0g 3s", "gold cannot be a card's bonus"),
        ("a0d 3g", "a card cannot cost gold"),
        ("", "a card code is empty"),
    ],
)
def test_malformed_cards_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(code)
    assert re.search(message.replace("(", r"\("), problem_text(caught.value))


@pytest.mark.parametrize("text", ["x3", "deck z", "b0", "hello", "d4"])
def test_malformed_places_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_place(text)
