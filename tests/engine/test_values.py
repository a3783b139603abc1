"""The engine's values are copied with changes, never changed: a bot's imagined move
must leave the position it started from exactly as it was."""

from __future__ import annotations

import random

import pytest

from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import GameState, deal, decide_and_apply, evolve, legal_commands
from splendor_a11y.engine.values import replaced


def dealt() -> GameState:
    return evolve(GameState.new(("Ana", "Ben")), deal(2, random.Random(7), standard_cards()))


def test_every_legal_move_leaves_the_position_it_was_played_from_unchanged() -> None:
    state = dealt()
    copy = replaced(state)
    for command in legal_commands(state):
        decide_and_apply(state, command)
    assert state == copy and hash(state) == hash(copy)
    assert state is not copy


def test_a_copy_with_a_change_differs_only_there() -> None:
    state = dealt()
    moved = replaced(state, current=1 - state.current, turn=5)
    assert (moved.current, moved.turn) == (1 - state.current, 5)
    assert moved.players is state.players and moved.rows is state.rows
    assert moved != state


def test_a_field_the_state_does_not_have_is_refused() -> None:
    with pytest.raises(KeyError):
        replaced(dealt(), scores=(1, 2))
