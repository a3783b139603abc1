"""Where the computers' moves and the hints are thought, off the event loop.

A computer's move and a hint are each a pure function of a seat's view, a level, a
budget, a seed and how well each answer foresaw the opponents (``move_of``, ``hint_of``;
``bots.foresight``), so they can be thought anywhere. At the
prompt, one game for one person, they are thought in a worker thread (``IN_THREADS``),
which keeps the prompt answering. At a server they are thought in worker processes
(``InProcesses``): a hard bot spends its second in Python, which holds the interpreter's
lock, so in threads every table's computers and the event loop that answers every person
took turns on one core; with four hard bots thinking at once each had about a quarter
of a core, and everyone's answers waited their turn for the lock. In processes the bots
share every core, the operating system shares them out fairly, and the event loop answers
meanwhile.

Nothing from outside crosses to a worker: a view of a position the engine made, a level
from the list of levels, a budget, a seed and a count go there, and a command comes
back, which the rules check again before it is played (or, to count the players' actions,
the public positions before them and their events go there, and a count comes back).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol, TypeVar

from splendor_a11y.bots import BOTS, DEFAULT_LEVEL, Foresight, SearchBudget, bot_for, hint_command
from splendor_a11y.engine import Command, SeatView

__all__ = ["IN_THREADS", "InProcesses", "Thinkers", "hint_of", "move_of"]

Thought = TypeVar("Thought")
"""What is thought: a command, at a game."""

THINKERS_PER_CORE = 2
"""Worker processes a server keeps for each core: as many bots as that think at once,
each given its time of the processor shared out by the operating system (a bot's budget
counts its own processor time, up to three times its length in all: ``bots.clock``),
so that each still thinks its whole budget; more wait their turn, first come first."""
PARENT_LOOK_SECONDS = 1.0
"""How often a worker looks whether its server is still there."""


def move_of(
    position: SeatView, level: str, thinking: SearchBudget | None, seed: str, foresight: Foresight | None = None
) -> Command:
    """A computer's move: the bot of its level (the default level for one not known)
    thinking from the seat's view, seeded so that a game replays the same, and told how
    well each answer foresaw its opponents if it is one that foresees."""
    bot = bot_for(level if level in BOTS else DEFAULT_LEVEL, thinking, foresight)
    return bot(position, random.Random(seed))


def hint_of(
    position: SeatView, thinking: SearchBudget | None, seed: str, foresight: Foresight | None = None
) -> Command:
    """The move a hint suggests, thought as the hard bot thinks."""
    return hint_command(position, random.Random(seed), thinking, foresight)


class Thinkers(Protocol):
    """Where a move or a hint is thought."""

    async def think(self, thought: Callable[..., Thought], *arguments: object) -> Thought:
        """``thought(*arguments)``, away from the event loop."""
        ...

    def close(self) -> None:
        """Stop thinking anything more (the server stops)."""


class _InThreads:
    """In the event loop's worker threads: at the prompt."""

    async def think(self, thought: Callable[..., Thought], *arguments: object) -> Thought:
        return await asyncio.get_running_loop().run_in_executor(None, thought, *arguments)

    def close(self) -> None:
        pass


IN_THREADS: Thinkers = _InThreads()


class InProcesses:
    """In worker processes of the server's own, started when first needed: at a server.
    A worker that died (killed by the host, out of memory) takes its move with it; the
    workers are started again and the move is thought in a thread meanwhile, so that no
    table stops."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or THINKERS_PER_CORE * (os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_server,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def think(self, thought: Callable[..., Thought], *arguments: object) -> Thought:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), thought, *arguments)
        except BrokenProcessPool:
            self.close()
            return await loop.run_in_executor(None, thought, *arguments)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _watch_server(server: int) -> None:
    """In a worker as it starts: end with the server. A server killed outright (SIGKILL)
    cannot stop its workers, and they would wait for work for ever."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_LOOK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="server watch", daemon=True).start()
