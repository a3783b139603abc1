"""Two hundred computer games over every combination of the modules in the registry: each
ends, and its log, written through the codec and read back, is accepted event by event by
the rules that check a log (a module's events that follow on their own included)."""

from __future__ import annotations

import json
import random

import pytest

from splendor_a11y.bots import bot_for
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import Event, GameState, check_and_apply, deal, decide_and_apply, evolve, modules_named, view
from splendor_a11y.record.codec import decode_event, encode_event

from conftest import MODULE_SUBSETS

GAMES = 200
CARDS = standard_cards()


def checked_game(seed: int) -> GameState:
    """A game of random and easy computers, every event through the log's JSON and the
    checker: the last state, as the log replays it."""
    rng = random.Random(seed)
    modules = modules_named(MODULE_SUBSETS[seed % len(MODULE_SUBSETS)])
    players = 2 + seed % 3
    start = GameState.new(tuple(f"P{i}" for i in range(players)), modules)
    setup = deal(players, rng, CARDS, modules)
    live = evolve(start, setup)
    replayed = check_and_apply(start, through_the_log(setup, 1), CARDS)
    bots = [bot_for(rng.choice(["random", "easy"])) for _ in range(players)]
    line = 2
    for _ in range(1_000):
        if live.is_over:
            break
        events, live = decide_and_apply(live, bots[live.current](view(live, live.current), rng))
        for event in events:
            replayed = check_and_apply(replayed, through_the_log(event, line), CARDS)
            line += 1
    assert live.is_over, f"seed {seed} did not end"
    assert replayed == live
    return live


def through_the_log(event: Event, line: int) -> Event:
    """An event as a log's line holds it, read back."""
    return decode_event(json.loads(json.dumps(encode_event(event))), line, CARDS)


@pytest.mark.parametrize("batch", range(4))
def test_every_combination_of_modules_ends_and_its_log_checks(batch: int) -> None:
    for seed in range(batch, GAMES, 4):
        checked_game(seed)
