"""The bots' quick way through a game gives the game the rules give: a legal command
played without being judged again (``play_legal``) makes the very events and state that
``decide_and_apply`` makes, in every player count and module; and the answers the engine
keeps from one step to the next (the cards on the board, a hand, the nobles) are the same
when positions are asked about in any order, as a bot's search asks them."""

from __future__ import annotations

import itertools
import random

from splendor_a11y.domain.notation import GemCounts
from splendor_a11y.engine import (
    Command,
    GameState,
    decide_and_apply,
    legal_commands,
    play_legal,
)

from conftest import new_game, with_player

MODULE_SETS = ((), ("orient",), ("strongholds",), ("orient", "strongholds"))


def test_every_legal_command_played_without_judging_makes_what_judging_makes() -> None:
    compared = 0
    for players, modules in itertools.product((2, 3, 4), MODULE_SETS):
        for seed in range(2):
            rng = random.Random(seed)
            state = new_game(players, seed, modules)
            while not state.is_over:
                legal = legal_commands(state)
                for command in legal:
                    assert play_legal(state, command) == decide_and_apply(state, command), str(command)
                    compared += 1
                state = play_legal(state, rng.choice(legal))[1]
    assert compared > 5_000


def _nobles_by_the_rules(state: GameState) -> tuple[int, ...]:
    bonuses = state.player.bonuses
    return tuple(
        i
        for i, noble in enumerate(state.noble_options())
        if noble is not None and all(b >= r for b, r in zip(bonuses, noble.requirement, strict=True))
    )


def test_positions_asked_about_out_of_order_get_the_answers_they_got_in_order() -> None:
    asked: list[tuple[GameState, list[Command], tuple[int, ...]]] = []
    for players, modules in itertools.product((2, 4), MODULE_SETS):
        rng = random.Random(players)
        state = new_game(players, players, modules)
        while not state.is_over:
            legal = legal_commands(state)
            assert state.qualifying_nobles() == _nobles_by_the_rules(state)
            asked.append((state, legal, state.qualifying_nobles()))
            state = decide_and_apply(state, rng.choice(legal))[1]
    random.Random(0).shuffle(asked)
    for state, legal, nobles in asked:
        assert legal_commands(state) == legal
        assert state.qualifying_nobles() == nobles
    assert len(asked) > 500


def test_a_noble_visits_a_player_with_exactly_the_bonuses_it_asks_and_not_one_fewer() -> None:
    for seed in range(5):
        state = new_game(seed=seed)
        for place, noble in enumerate(state.nobles):
            assert noble is not None
            exact = with_player(state, 0, bonuses=noble.requirement)
            assert place in exact.qualifying_nobles()
            colour = next(i for i, count in enumerate(noble.requirement) if count)
            fewer = list(noble.requirement)
            fewer[colour] -= 1
            assert place not in with_player(state, 0, bonuses=GemCounts(fewer)).qualifying_nobles()
