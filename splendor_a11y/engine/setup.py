"""The deal: the only code in the engine that touches randomness.

Its result is recorded whole in ``game_set_up``, so replaying a log never needs a
random generator.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from splendor_a11y.domain.cards import CardSet
from splendor_a11y.engine.events import GameSetUp
from splendor_a11y.engine.rulebook import RULES

if TYPE_CHECKING:
    from splendor_a11y.engine.module import Module

__all__ = ["deal"]


def deal(players: int, rng: random.Random, card_set: CardSet, modules: tuple[Module, ...] = ()) -> GameSetUp:
    """Shuffle each level's deck, reveal players + 1 nobles, draw who starts; then each
    module with decks of its own shuffles them, in the modules' order.

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
    module_decks = []
    for module in sorted(modules, key=lambda m: m.order):
        dealt = module.deal(rng, card_set)
        if dealt:
            module_decks.append((module.deck_word, dealt))
    return GameSetUp(
        decks=(decks[0], decks[1], decks[2]), nobles=nobles, first_player=first, module_decks=tuple(module_decks)
    )
