"""The engine's quick answers agree with the rules spelt out colour by colour: which cards
a player can buy (packed counts, one subtraction a card), what a card lacks, and every way
to give tokens back over ten. The legal moves of whole random games are checked against
the slow answers, so a wrong shortcut shows as a move offered that the rules refuse, or
one the rules allow that is never offered."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import (
    PACKED_GUARDS,
    GemCounts,
    HandSlot,
    Slot,
    packed_colours,
    packed_holding,
    packed_shortfall,
)
from splendor_a11y.engine import (
    Buy,
    GameState,
    Phase,
    ReturnTokens,
    deal,
    decide_and_apply,
    default_payment,
    evolve,
    legal_commands,
    needed,
)

counts = st.lists(st.integers(0, 30), min_size=6, max_size=6).map(GemCounts)
costs = st.lists(st.integers(0, 12), min_size=5, max_size=5).map(lambda c: GemCounts([*c, 0]))


@given(counts, counts, costs)
def test_a_packed_holding_covers_a_cost_exactly_when_every_colour_does(
    bonuses: GemCounts, tokens: GemCounts, cost: GemCounts
) -> None:
    tokens = GemCounts([min(n, 20) for n in tokens])
    held = packed_holding(bonuses, tokens)
    lacking = sum(max(0, cost[i] - bonuses[i] - tokens[i]) for i in range(5))
    assert ((held - packed_colours(cost)) & PACKED_GUARDS == PACKED_GUARDS) == (lacking == 0)
    assert packed_shortfall(held, packed_colours(cost)) == lacking


def test_a_cost_from_a_file_that_says_too_much_is_never_within_reach() -> None:
    card = Card.parse("c4s 300d")
    assert (
        packed_holding(GemCounts((30, 0, 0, 0, 0, 0)), GemCounts((7, 0, 0, 0, 0, 5))) - card.packed_cost
    ) & PACKED_GUARDS != PACKED_GUARDS


def _can_pay(state: GameState, card: Card | None) -> bool:
    player = state.player
    return card is not None and default_payment(needed(card.cost, player.bonuses), player.tokens) is not None


def _buys_by_the_rules(state: GameState) -> list[Slot | HandSlot]:
    places: list[Slot | HandSlot] = [
        Slot(level, i + 1)
        for level, row in zip("abc", state.rows, strict=True)
        for i, card in enumerate(row)
        if _can_pay(state, card)
    ]
    return places + [HandSlot(i + 1) for i, held in enumerate(state.player.reserved) if _can_pay(state, held.card)]


def _returns_by_the_rules(state: GameState) -> set[GemCounts]:
    held = state.player.tokens
    excess = sum(held) - state.rules.token_limit
    ways = itertools.product(*(range(n + 1) for n in held))
    return {GemCounts(way) for way in ways if sum(way) == excess}


def test_the_legal_moves_of_random_games_are_the_ones_the_rules_spell_out() -> None:
    checked = {"buy": 0, "return": 0}
    for seed in range(40):
        rng = random.Random(seed)
        state = evolve(GameState.new(("A", "B", "C")), deal(3, rng, standard_cards()))
        while not state.is_over:
            legal = legal_commands(state)
            if state.phase is Phase.ACTION:
                assert [c.place for c in legal if isinstance(c, Buy)] == _buys_by_the_rules(state)
                checked["buy"] += 1
            if state.phase is Phase.RETURN:
                offered = [c.gems for c in legal if isinstance(c, ReturnTokens)]
                assert len(offered) == len(set(offered)) and set(offered) == _returns_by_the_rules(state)
                for command in legal:
                    decide_and_apply(state, command)
                checked["return"] += 1
            state = decide_and_apply(state, rng.choice(legal))[1]
    assert checked["buy"] > 1000 and checked["return"] > 100
