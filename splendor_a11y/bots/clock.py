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


JUDGED_A_SECOND = 25_000.0
"""Positions the hard bot's thought judges (``evaluation.positions_judged``) in a second
of the processor, in two-player base games against medium at one second a move, on the
machine its budgets are measured on: 25,000 to 27,000 (2026-12-02, and the same on the
code of 2026-11-30, where 9,300 to 10,300 had been measured that day: the machine, or
how it was measured, differs, not the code). At 10,000 the fixed thought took 0.32 s a
move at the median here where the second took 0.97; at this rate 0.77 s (the mean
0.77 s, the second's 0.65: the second gives back what it does not need;
docs/bot-lab.md). A count cannot follow a machine's speed: where positions are
judged half as fast, the fixed thought takes twice as long."""
MODULE_SLOWS = 2.1
"""How many times slower positions are judged for each module in play: the modules' worth
and follow-up decisions cost more than the base game, and the judgement's kept answers
(``evaluation``) serve them less. At the default second against medium (2026-12-02, one
game each, seed 20000) the hard bot judged 27,000 positions a second of the processor in
base games, 9,300 to 16,200 with one of the three modules, and 6,200 with the first two:
2.1 times fewer for each of two. With those two, the fixed thought took 0.93 s a move
at the median where the second took 0.96 (at 1.45, measured on 2026-11-30 when base
games judged 9,400 a second: 1.77 s). The search's own reckoning of whether it is short
of time keeps its own (``hard.SHORT_PER_MODULE``)."""
LARGER_TABLE_JUDGES = {3: 1.2, 4: 1.35}
"""How many times as many positions the thought judges in a second at a table of three
or four as at a table of two: at a table of two the hard bot races, and the race's
positions, each played on with its follow-ups, are the dearest to judge. At the default
second against medium bots (2026-12-02, seeds 900 and 901) it judged 28,900 a second of
the processor at three and 37,000 at four, where two judged 27,000. With these the fixed
thought took 1.08 s a move at the median at three and 0.97 at four, where the second
took 0.96 and 0.98 (one game each; at 1.7 and 1.95, set on 2026-11-30 when two judged
9,100 a second, 1.16 s at three; at 2.2 and 2.8, 1.79 and 1.61 s; docs/bot-lab.md)."""


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
