"""The clock a thinking bot's time runs on: the processor time its own thread has had.

A budget of a second a move is meant as a second of thought. On the wall clock, bots
thinking at once (at a server, one per table, in threads that take turns at the
interpreter; on a machine busy with other work) each got only a share of it, and with a
quarter of its deals the hard bot's habits gave way. On the thread's own processor time
each gets the thought its budget buys, and the cores are shared as the system shares
them. So that nobody waits long for a move, real time counts too, ``WALL_STRETCH`` times
slower: a bot never takes more than that many times its budget.

The fixed thought, which must give the same move for the same seed on any machine, reads
its seconds on a count of the positions it judged instead (``Judgements``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from splendor_a11y.bots.evaluation import positions_judged

__all__ = ["JUDGED_A_SECOND", "LARGER_TABLE_JUDGES", "MODULE_SLOWS", "WALL_STRETCH", "Clock", "Judgements", "Stopwatch"]

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


JUDGED_A_SECOND = 10_000.0
"""Positions the hard bot's thought judges (``evaluation.positions_judged``) in a second
of the processor, in two-player base games against medium at one second a move, on the
machine its budgets were measured on: 9,300 to 10,300 (2026-11-30)."""
MODULE_SLOWS = 1.45
"""How many times slower positions are judged for each module in play: the modules' worth
and follow-up decisions cost more than the base game. The fixed thought judged 9,400 a
second of the processor in base games, 5,500 to 6,700 with one of the three modules, and
3,000 with all three (about 1.45 times fewer for each; docs/benchmarks.md)."""
LARGER_TABLE_JUDGES = {3: 1.7, 4: 1.95}
"""How many times as many positions the thought judges in a second at a table of three
or four as at a table of two: only a table of two races, and the race's positions, each
played on with its follow-ups, are the dearest to judge. Counted at the rate of two, the
fixed thought took 0.5 s a move at the median at a table of three, where the second
took 0.9. With these, against medium bots (2026-11-30, seeds 900 to 904): at three, 0.69
and 0.83 s in two runs where the second took 0.91 and 0.75; at four, about the second's
0.95 (0.81 at 1.85 times, 1.04 at 2.1)."""


class Judgements:
    """Seconds of thought counted in positions judged, ``JUDGED_A_SECOND`` to the second
    at a table of two (more at a larger table, ``LARGER_TABLE_JUDGES``; fewer,
    ``MODULE_SLOWS`` times for each module in play): the fixed thought's clock. The same
    count on any machine, and so the same move for the same seed; and about as much work
    as the timed second buys, whatever the position costs (with the modules, a race with
    no clock at all had judged for minutes)."""

    __slots__ = ("_rate", "_start")

    def __init__(self, modules: int = 0, players: int = 2) -> None:
        self._rate = JUDGED_A_SECOND * LARGER_TABLE_JUDGES.get(players, 1.0) / MODULE_SLOWS**modules
        self._start = positions_judged()

    def __call__(self) -> float:
        return (positions_judged() - self._start) / self._rate
