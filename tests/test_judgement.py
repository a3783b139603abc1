"""The bots' judgement where a plain count misleads: how far a card is out of reach when
its cost in gems does not say (a discard card, ``c3d -2o``, costs two cards of a colour,
no gems); a hand of tokens near the limit, which looks rich and buys nothing; and the
race, which runs on one deal of the hidden cards, never counts on a deck's top card and
tries only the moves that make a line faster; a card an opponent's strongholds keep from
a player, which no token brings within their reach;
and the choice of tokens to give back, found quickly, which must be the choice the full
judgement makes."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor_a11y.bots.evaluation import evaluate, reach_gap
from splendor_a11y.bots.habits import HOARDED_TOKEN, habits
from splendor_a11y.bots.medium import greedy_command, greedy_score
from splendor_a11y.bots.plan import plan_habits
from splendor_a11y.bots.race import racing_moves
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import DeckTop, GemCounts, Slot
from splendor_a11y.engine import (
    Buy,
    GameState,
    Phase,
    PlayerState,
    Reserve,
    Reserved,
    TakeGems,
    deal,
    evolve,
    legal_commands,
    modules_named,
    play_legal,
)

from conftest import new_game, with_player

DISCARD_CARD = Card.parse("c3d -2o")


def _onyx_cards(count: int) -> GemCounts:
    return GemCounts([0, 0, 0, 0, count, 0])


def _dealt_game(seed: int, module: str) -> GameState:
    """A dealt game of two with one module, P0 to play."""
    modules = modules_named((module,))
    state = GameState.new(("P0", "P1"), modules)
    return evolve(state, replace(deal(2, random.Random(seed), standard_cards(), modules), first_player=0))


@pytest.mark.parametrize(("onyx", "gap"), [(0, 6), (1, 3), (2, 0), (3, 0)])
def test_a_discard_card_is_as_far_as_the_cards_of_its_colour_lacking(onyx: int, gap: int) -> None:
    """Rich in gems but short of onyx cards, the card is still out of reach, as the
    Orient reckons it; without the Orient, its cost (none) is all there is."""
    player = PlayerState("P0", GemCounts([4, 4, 4, 4, 4, 3]), _onyx_cards(onyx), 0)
    assert reach_gap(DISCARD_CARD, player, modules_named(("orient",))) == gap
    assert reach_gap(DISCARD_CARD, player) == 0


def test_a_card_with_a_cost_is_as_far_as_its_gems_missing() -> None:
    player = PlayerState("P0", GemCounts([3, 0, 0, 0, 0, 1]), GemCounts([0, 1, 0, 0, 0, 0]), 0)
    assert reach_gap(Card.parse("c4s 7d"), player) == 3
    assert reach_gap(Card.parse("a0d 3s"), player) == 1


def test_a_held_discard_card_without_cards_of_its_colour_weighs_on_the_hand() -> None:
    state = _dealt_game(1, "orient")
    held = (Reserved(DISCARD_CARD, "c", blind=False),)
    unpaid = with_player(state, 0, reserved=held)
    payable = with_player(state, 0, reserved=held, bonuses=_onyx_cards(2))
    payable_without_it = with_player(state, 0, bonuses=_onyx_cards(2))
    unpaid_without_it = with_player(state, 0)
    assert habits(unpaid, 0) - habits(unpaid_without_it, 0) < habits(payable, 0) - habits(payable_without_it, 0)


def test_a_discard_card_the_player_cannot_pay_adds_nothing_to_their_reach() -> None:
    """Holding it is worth no more than the hand slot it takes costs."""
    state = _dealt_game(1, "orient")
    holding = with_player(state, 0, reserved=(Reserved(DISCARD_CARD, "c", blind=False),))
    assert evaluate(holding, 0) < evaluate(state, 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_under_an_opponents_strongholds_is_out_of_a_players_reach(seed: int) -> None:
    """Tokens one gem short of a card: worth less when the card lies under the opponent's
    stronghold (no token buys it), as much as on a free card when under the player's own.
    The same player, rows and nobles judged before and after the stronghold came: the
    judgement kept from before must not answer for after."""
    free = _dealt_game(seed, "strongholds")
    card = free.rows[1][0]
    assert card is not None
    short = list(card.cost)
    short[next(colour for colour in range(5) if short[colour])] -= 1
    free = with_player(free, 0, tokens=GemCounts(short))
    free_worth = evaluate(free, 0)
    kept = free.with_part("strongholds", ((), (Slot("b", 1),)))
    own = free.with_part("strongholds", ((Slot("b", 1),), ()))
    assert kept.players[0] is free.players[0]
    assert evaluate(kept, 0) < free_worth
    assert evaluate(own, 0) == pytest.approx(free_worth)


@pytest.mark.parametrize(
    ("players", "held", "cost"), [(4, 5, 0), (4, 7, 0), (4, 8, 1), (4, 10, 3), (3, 10, 0), (2, 10, 0)]
)
def test_at_a_crowded_table_each_token_held_beyond_seven_weighs_on_the_plan(players: int, held: int, cost: int) -> None:
    """Ten tokens that buy nothing: a strong player spends them, or does not take them.
    At a table of four the plan is too short to see them spent; at a smaller table it
    sees them spent, and they are judged as before."""
    state = new_game(players, 1)
    tokens = GemCounts([min(2, max(0, held - 2 * colour)) for colour in range(5)] + [0])
    assert sum(tokens) == held
    holding = with_player(state, 0, tokens=tokens)
    assert habits(holding, 0) == habits(state, 0)
    assert plan_habits(holding, 0) == pytest.approx(plan_habits(state, 0) - cost * HOARDED_TOKEN)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_race_tries_buying_and_taking_gems_within_the_limit(seed: int) -> None:
    """Eight tokens in hand: the race takes at most two gems, reserves nothing, and buys
    whatever the hand can pay for."""
    state = with_player(_dealt_game(seed, "orient"), 0, tokens=GemCounts([2, 2, 2, 1, 1, 0]))
    legal = legal_commands(state)
    quick = {
        command
        for command in legal
        if isinstance(command, Buy) or (isinstance(command, TakeGems) and sum(command.gems) <= 2)
    }
    assert any(isinstance(command, Buy) for command in quick)
    assert any(isinstance(command, TakeGems) and sum(command.gems) == 3 for command in legal)
    assert set(racing_moves(state)) == quick


@pytest.mark.parametrize(("seed", "colour"), [(1, 0), (2, 0), (3, 3)])
def test_a_race_left_only_slow_moves_never_reserves_a_decks_top_card(seed: int, colour: int) -> None:
    """Ten tokens of a colour that buy nothing on these deals: every move left gives gems
    back or reserves, and the race tries them all but a deck's top card it could not
    see."""
    tokens = [0] * 6
    tokens[colour] = 10
    state = with_player(_dealt_game(seed, "orient"), 0, tokens=GemCounts(tokens))
    legal = legal_commands(state)
    assert not any(isinstance(command, Buy) for command in legal)
    assert any(isinstance(command, TakeGems) for command in legal)
    blind = [command for command in legal if isinstance(command, Reserve) and isinstance(command.place, DeckTop)]
    assert {command.place.word for command in blind if isinstance(command.place, DeckTop)} == {"deck", "orient"}
    assert set(racing_moves(state)) == set(legal) - set(blind)


def _fully_judged_return(state: GameState) -> str:
    """The way of giving tokens back the medium bot's judgement picks when it plays every
    way out in full: the best one-move value, the first in legal order on ties."""
    return str(max(legal_commands(state), key=lambda command: greedy_score(state, command)))


def _first_return(seed: int, modules: tuple[str, ...]) -> GameState | None:
    """The first time a player must give tokens back, in a game of random moves on a real
    deal (None if none came within 60 moves)."""
    chosen = modules_named(modules)
    rng = random.Random(seed)
    state = evolve(GameState.new(("P0", "P1", "P2"), chosen), deal(3, rng, standard_cards(), chosen))
    for _ in range(60):
        if state.is_over:
            return None
        if state.phase is Phase.RETURN:
            return state
        state = play_legal(state, rng.choice(legal_commands(state)))[1]
    return None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), modules=st.sampled_from([(), ("orient",), ("strongholds",)]))
def test_the_quick_choice_of_tokens_to_give_back_is_the_full_judgements(seed: int, modules: tuple[str, ...]) -> None:
    """Judged by the tokens left alone, the medium bot gives back what it would give back
    having played every way out: the bots' play does not change, only their speed."""
    state = _first_return(seed, modules)
    if state is not None:
        assert str(greedy_command(state)) == _fully_judged_return(state)


def test_a_return_that_ends_the_game_is_chosen_as_the_full_judgement_chooses() -> None:
    """When the round's end decides the game whatever is given back, every way is worth the
    same to the full judgement, and the quick one must not prefer another."""
    state = with_player(new_game(), 0, points=15)
    state = with_player(state, 1, tokens=GemCounts([4, 4, 2, 1, 1, 0]))
    state = replace(state, current=1, phase=Phase.RETURN)
    assert str(greedy_command(state)) == _fully_judged_return(state) == str(legal_commands(state)[0])
