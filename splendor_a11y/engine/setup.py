"""The deal: the only code in the engine that touches randomness.

Its result is recorded whole in ``game_set_up``, so replaying a log never needs a
random generator.
"""

from __future__ import annotations

import random

from splendor_a11y.domain.cards import CardSet
from splendor_a11y.engine.events import GameSetUp
from splendor_a11y.engine.rulebook import RULES

__all__ = ["deal"]


def deal(players: int, rng: random.Random, card_set: CardSet, modules: tuple[str, ...] = ()) -> GameSetUp:
    """Shuffle each level's deck, reveal players + 1 nobles, draw who starts; with the
    Orient module, shuffle its three decks too.

    Raises:
        ValueError: for a player count outside 2 to 4.
    """
    if not RULES.min_players <= players <= RULES.max_players:
        raise ValueError(f"Splendor is for {RULES.min_players} to {RULES.max_players} players, not {players}")
    decks = []
    for level in "abc":
        deck = list(card_set.level(level))
        rng.shuffle(deck)
        decks.append(tuple(deck))
    nobles = tuple(rng.sample(card_set.nobles, RULES.nobles_for(players)))
    first = rng.randrange(players)
    orient = []
    if "orient" in modules:
        for level in "abc":
            deck = list(card_set.orient_level(level))
            rng.shuffle(deck)
            orient.append(tuple(deck))
    return GameSetUp(decks=(decks[0], decks[1], decks[2]), nobles=nobles, first_player=first,
                     orient_decks=tuple(orient))
