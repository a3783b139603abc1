"""No sentence told to a seat names a card that seat cannot know: another player's blind
reservation, or a card still in a deck. Checked over 200 computer games, every module
combination and player count, for every seat, every event and every turn prompt."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from splendor_a11y.bots import bot_for
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.engine import Event, GameState, deal, decide_and_apply, evolve, modules_named, view
from splendor_a11y.engine.modules.orient import orient_decks
from splendor_a11y.text.narrator import Narrator

from conftest import MODULE_SUBSETS

COMBINATIONS = MODULE_SUBSETS
GAMES = 200


def hidden_from(state: GameState, seat: int) -> set[Card]:
    """Cards ``seat`` may not know in a position: the decks, and others' blind reservations."""
    hidden = {card for deck in (*state.decks, *orient_decks(state)) for card in deck if card is not None}
    for other, player in enumerate(state.players):
        if other != seat:
            hidden |= {r.card for r in player.reserved if r.blind and r.card is not None}
    return hidden


def named(line: str, card: Card) -> bool:
    """Whether a sentence names a card (its whole code, not the start of a longer one).
    The plain search first: most sentences hold no code of a hidden card, and the pattern
    is only worth building for those that do."""
    return card.text in line and re.search(rf"(?<![\w*+-]){re.escape(card.text)}(?![ ]\d|[\w*+])", line) is not None


def played_game(seed: int) -> Iterator[tuple[Event, GameState, GameState]]:
    rng = random.Random(seed)
    modules = COMBINATIONS[seed % len(COMBINATIONS)]
    players = 2 + seed % 3
    state = GameState.new(tuple(f"P{i}" for i in range(players)), modules_named(modules))
    setup = deal(players, rng, standard_cards(), modules_named(modules))
    after = evolve(state, setup)
    yield setup, state, after
    state = after
    bots = [bot_for(rng.choice(["random", "easy", "easy"])) for _ in range(players)]
    for _ in range(600):
        if state.is_over:
            return
        seat = state.current
        events, _ = decide_and_apply(state, bots[seat](view(state, seat), rng))
        for event in events:
            after = evolve(state, event)
            yield event, state, after
            state = after


@pytest.mark.parametrize("batch", range(4))
def test_no_seat_hears_a_card_it_cannot_know(batch: int) -> None:
    blind_seen = 0
    for seed in range(batch, GAMES, 4):
        narrators: dict[int, Narrator] = {}
        for event, before, after in played_game(seed):
            for seat in range(len(after.players)):
                narrator = narrators.setdefault(seat, Narrator(viewer=seat))
                lines = [narrator.event(event, before, after)]
                if not after.is_over:
                    lines.append(narrator.turn(view(after, seat)))
                secret = hidden_from(after, seat)
                for line in lines:
                    leaked = [card.text for card in secret if named(line, card)]
                    assert not leaked, f"game {seed}, seat {seat} heard {leaked} in {line!r}"
            if "reserves the top card" in Narrator(viewer=(getattr(event, "player", 0) + 1) % 2).event(
                event, before, after
            ):
                blind_seen += 1
    assert blind_seen > 0, "the games must include blind reservations for the test to mean anything"
