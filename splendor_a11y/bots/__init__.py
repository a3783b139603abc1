"""Computer players. A bot sees only its seat's view and picks among ``legal_commands``.

Levels are found by name through ``BOTS``; each bot is deterministic given its random
generator, which the session seeds from the log header's seed.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from splendor_a11y.bots.easy import choose_easy
from splendor_a11y.bots.foresight import Foresight
from splendor_a11y.bots.hard import DEFAULT_BUDGET, THINK_SECONDS, SearchBudget, budget_for, choose_hard
from splendor_a11y.bots.medium import choose_medium
from splendor_a11y.bots.rival import choose_rival
from splendor_a11y.bots.uniform import choose_random
from splendor_a11y.engine import Command, SeatView

__all__ = [
    "BOTS",
    "DEFAULT_BUDGET",
    "DEFAULT_LEVEL",
    "FORESEEING",
    "THINK_SECONDS",
    "YARDSTICKS",
    "Bot",
    "Foresight",
    "SearchBudget",
    "bot_for",
    "budget_for",
    "hint_command",
]

Bot = Callable[[SeatView, random.Random], Command]

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


THINKERS = ("hard", "rival")
"""The bots that think against a budget; the others answer at once."""
FORESEEING = ("hard",)
"""The bots that imagine their opponents' answers as those have been foreseen so far
(``foresight``); the others are told nothing of the game's moves."""


def hint_command(
    view: SeatView, rng: random.Random, budget: SearchBudget | None = None, foresight: Foresight | None = None
) -> Command:
    """The move the strongest bot would make in the player's place: the ``hint``."""
    return choose_hard(view, rng, budget, foresight)


def bot_for(level: str, budget: SearchBudget | None = None, foresight: Foresight | None = None) -> Bot:
    """The bot of a level, or of a yardstick; one that thinks is given its budget, and
    one that foresees, how well each answer has foreseen its opponents.

    Raises:
        KeyError: for a level that is not known.
    """
    bot = BOTS[level] if level in BOTS else YARDSTICKS[level]
    if level in FORESEEING:
        return functools.partial(_thinking, bot, (budget, foresight))
    return functools.partial(_thinking, bot, (budget,)) if level in THINKERS else bot


def _thinking(bot: Callable[..., Command], told: tuple[object, ...], view: SeatView, rng: random.Random) -> Command:
    """A bot's move, with what it is told besides the view: its budget, and its count."""
    return bot(view, rng, *told)
