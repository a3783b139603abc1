"""When a card taken from the board is replaced, as the rules texts say: a reserved card at
once in every game; a purchased card at once, except where a module holds it back (The
Strongholds' placement, The Orient's effects) until the turn's purchases are settled. And
the sentences around it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import Slot, parse_card_head
from splendor_a11y.engine import (
    Buy,
    GameState,
    Reason,
    Reserve,
    deal,
    decide_and_apply,
    evolve,
    legal_commands,
    modules_named,
)
from splendor_a11y.engine.modules.orient import Discards
from splendor_a11y.engine.modules.orient import Reasons as OrientReasons
from splendor_a11y.engine.modules.strongholds import CONQUEST_PHASE, STRONGHOLD_PHASE, Conquer, Hold, strongholds
from splendor_a11y.text.narrator import Narrator

from conftest import card_at, gems, play, refused, with_player

CARDS = standard_cards()
COMBINATIONS = [(), ("orient",), ("strongholds",), ("orient", "strongholds")]


def game(modules: tuple[str, ...], seed: int = 5) -> GameState:
    state = GameState.new(("Ana", "Ben"), modules_named(modules))
    setup = deal(2, random.Random(seed), CARDS, modules_named(modules))
    return evolve(state, replace(setup, first_player=0))


@pytest.mark.parametrize("modules", COMBINATIONS, ids=lambda m: "+".join(m) or "base")
def test_a_reserved_card_is_replaced_at_once(modules: tuple[str, ...]) -> None:
    state = game(modules)
    top = state.decks[0][0]
    events, after = decide_and_apply(state, Reserve(Slot("a", 2)))
    assert card_at(after, "a2") == top, "the deck's top card is in a2 before anything else happens"
    assert after.decks[0] == state.decks[0][1:]
    assert not after.refills
    line = Narrator(0).event(events[0], state, after)
    assert f"a2 is now {top.text}." in line
    assert "end of the turn" not in line


def test_a_reserved_card_is_replaced_before_a_conquest_and_its_stronghold() -> None:
    """The issue's case: all three strongholds on a card you can buy; reserve a2, conquer,
    then the stronghold may go on the card that replaced a2."""
    state = game(("strongholds",))
    state = with_player(state, 0, bonuses=gems("2d 2s 2e 2r 2o"), tokens=gems("1d 1s 1e 1r 1o 4g"))
    state = state.with_part("strongholds", ((Slot("c", 1),) * 3, ()))
    top = state.decks[0][0]
    after = play(state, Reserve(Slot("a", 2)))
    assert after.phase is CONQUEST_PHASE and card_at(after, "a2") == top
    after = play(after, Conquer())
    assert after.phase is STRONGHOLD_PHASE
    assert Hold(Slot("a", 2)) in legal_commands(after)
    placed = play(after, Hold(Slot("a", 2)))
    assert strongholds(placed)[0] == (Slot("a", 2),)
    assert card_at(placed, "c1") is not None, "the conquered card is replaced at the end of the turn"


def test_a_purchase_with_strongholds_still_waits_for_the_placement() -> None:
    state = game(("strongholds",))
    state = with_player(state, 0, bonuses=gems("2d 2s 2e 2r 2o"), tokens=gems("1d 1s 1e 1r 1o 5g"))
    after = play(state, Buy(Slot("a", 1)))
    assert after.phase is STRONGHOLD_PHASE and card_at(after, "a1") is None


def test_an_empty_slot_says_whether_it_waits_or_its_deck_is_used_up() -> None:
    state = game(("strongholds",))
    state = with_player(state, 0, bonuses=gems("2d 2s 2e 2r 2o"), tokens=gems("1d 1s 1e 1r 1o 5g"))
    waiting = play(state, Buy(Slot("a", 1)))
    refusal = refused(waiting, Hold(Slot("a", 1)))
    assert refusal.reason is Reason.EMPTY_SLOT
    assert Narrator(0).refusal(refusal, waiting) == (
        "Slot a1 is empty until the end of this turn, when it is refilled."
    )
    rows = (state.rows[0][:1] + (None,) + state.rows[0][2:], *state.rows[1:])
    used_up = replace(state, rows=rows, decks=((), *state.decks[1:]))
    refusal = refused(used_up, Reserve(Slot("a", 2)))
    assert Narrator(0).refusal(refusal, used_up) == "Slot a2 is empty: its deck is used up."


def test_a_discard_refusal_names_the_card_the_player_typed() -> None:
    state = game(("orient",))
    wanted = CARDS.card("c3d -2o")
    assert wanted is not None
    rows = list(state.rows)
    rows[2] = rows[2][:4] + (wanted,) + rows[2][5:]
    state = replace(state, rows=tuple(rows))
    owned = tuple(CARDS.card(code) for code in ("a1o 4s", "b0dd 4s 3e", "b2o 5d"))
    state = with_player(state, 0, bought=owned, bonuses=gems("2d 2o"))
    command = Buy(
        Slot("c", 5),
        options=(
            Discards(
                (
                    Card.parse("b0dd 4s 3e"),
                    parse_card_head("a1o"),
                )
            ),
        ),
    )
    refusal = refused(state, command)
    assert refusal.reason is OrientReasons.DISCARD_WRONG_COLOUR
    sentence = Narrator(0).refusal(refusal, state)
    assert sentence == "Your card b0dd 4s 3e is not onyx; this card asks for two onyx cards."
