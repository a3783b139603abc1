"""The deal: the only code in the engine that touches randomness.

Its result is recorded whole in ``game_set_up``, so replaying a log never needs a
random generator.
"""

from __future__ import annotations

import random

from ..cards import CardSet
from .events import GameSetUp
from .state import MAX_PLAYERS, MIN_PLAYERS, nobles_for

__all__ = ["deal"]


def deal(players: int, rng: random.Random, card_set: CardSet, modules: tuple[str, ...] = ()) -> GameSetUp:
    """Shuffle each level's deck, reveal players + 1 nobles, draw who starts; with the
    Orient module, shuffle its three decks too.

    Raises:
        ValueError: for a player count outside 2 to 4.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Splendor is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    decks = []
    for level in "abc":
        deck = list(card_set.level(level))
        rng.shuffle(deck)
        decks.append(tuple(deck))
    nobles = tuple(rng.sample(card_set.nobles, nobles_for(players)))
    first = rng.randrange(players)
    orient = []
    if "orient" in modules:
        for level in "abc":
            deck = list(card_set.orient_level(level))
            rng.shuffle(deck)
            orient.append(tuple(deck))
    return GameSetUp(decks=(decks[0], decks[1], decks[2]), nobles=nobles, first_player=first,
                     orient_decks=tuple(orient))
