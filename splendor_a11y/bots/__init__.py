"""Computer players. A bot sees only its seat's view and picks among ``legal_commands``.

Levels are found by name through ``BOTS``; each bot is deterministic given its random
generator, which the session seeds from the log header's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Command, GameState
from .easy import choose_easy
from .uniform import choose_random

__all__ = ["BOTS", "DEFAULT_LEVEL", "Bot", "bot_for"]

Bot = Callable[[GameState, random.Random], Command]

BOTS: dict[str, Bot] = {
    "random": choose_random,
    "easy": choose_easy,
}
DEFAULT_LEVEL = "easy"
"""The strongest level that exists so far; ``medium`` and ``hard`` fall back to it."""
PLANNED_LEVELS = ("medium", "hard")


def bot_for(level: str) -> Bot:
    """The bot of a level; planned levels not built yet play as the default.

    Raises:
        KeyError: for a level that is not known at all.
    """
    if level in BOTS:
        return BOTS[level]
    if level in PLANNED_LEVELS:
        return BOTS[DEFAULT_LEVEL]
    raise KeyError(level)
