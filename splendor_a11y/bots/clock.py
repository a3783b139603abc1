"""The clock a thinking bot's time runs on: the processor time its own thread has had.

A budget of a second a move is meant as a second of thought. On the wall clock, bots
thinking at once (at a server, one per table, in threads that take turns at the
interpreter; on a machine busy with other work) each got only a share of it, and with a
quarter of its deals the hard bot's habits gave way. On the thread's own processor time
each gets the thought its budget buys, and the cores are shared as the system shares
them. So that nobody waits long for a move, real time counts too, ``WALL_STRETCH`` times
slower: a bot never takes more than that many times its budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["WALL_STRETCH", "Clock", "Stopwatch"]

WALL_STRETCH = 3.0
"""How many times its budget a bot may take in real time when it is not given the
processor: at a busy server, a third of its thought at least, and a player kept waiting
three seconds at most for a one-second bot."""

Clock = Callable[[], float]
"""A reading of seconds, later readings never smaller: ``time.monotonic``, or a ``Stopwatch``."""


class Stopwatch:
    """Seconds of thought since it was started: the thread's processor time, or the real
    time slowed ``WALL_STRETCH`` times, whichever is more."""

    __slots__ = ("_processor", "_real")

    def __init__(self) -> None:
        self._processor = time.thread_time()
        self._real = time.monotonic()

    def __call__(self) -> float:
        return max(time.thread_time() - self._processor, (time.monotonic() - self._real) / WALL_STRETCH)
