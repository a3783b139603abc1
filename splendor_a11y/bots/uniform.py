"""The uniform random player: a yardstick for benchmarks and tests, not a real opponent."""

from __future__ import annotations

import random

from splendor_a11y.engine import Command, SeatView, legal_commands

__all__ = ["choose_random"]


def choose_random(view: SeatView, rng: random.Random) -> Command:
    """Any legal command, each equally likely."""
    return rng.choice(legal_commands(view))
