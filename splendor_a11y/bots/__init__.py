"""Computer players. A bot sees only its seat's view and picks among ``legal_commands``.

Levels are found by name through ``BOTS``; each bot is deterministic given its random
generator, which the session seeds from the log header's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from splendor_a11y.bots.easy import choose_easy
from splendor_a11y.bots.hard import THINK_SECONDS, choose_hard, set_thinking
from splendor_a11y.bots.medium import choose_medium
from splendor_a11y.bots.rival import choose_rival
from splendor_a11y.bots.uniform import choose_random
from splendor_a11y.engine import Command, GameState

__all__ = ["BOTS", "DEFAULT_LEVEL", "THINK_SECONDS", "YARDSTICKS", "Bot", "bot_for", "hint_command", "set_thinking"]

Bot = Callable[[GameState, random.Random], Command]

BOTS: dict[str, Bot] = {
    "random": choose_random,
    "easy": choose_easy,
    "medium": choose_medium,
    "hard": choose_hard,
}
"""Every level by name, weakest first; ``random`` is a yardstick, not an opponent."""

YARDSTICKS: dict[str, Bot] = {"rival": choose_rival}
"""Bots the benchmarks measure the levels against, not offered at the table."""

DEFAULT_LEVEL = "medium"
"""A fair game for most players: sound, quick, beatable."""


def hint_command(view: GameState, rng: random.Random) -> Command:
    """The move the strongest bot would make in the player's place: the ``hint``."""
    return choose_hard(view, rng)


def bot_for(level: str) -> Bot:
    """The bot of a level, or of a yardstick.

    Raises:
        KeyError: for a level that is not known.
    """
    return BOTS[level] if level in BOTS else YARDSTICKS[level]
