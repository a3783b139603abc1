"""Several hard bots thinking at once, as at a server with several tables: in the event
loop's threads (as the server thought before) and in worker processes (as it thinks now).

    python benchmarks/thinkers.py [--bots 1 2 4 8] [--moves 3] [--think 1.0]

For each number of bots thinking at once, each bot thinks ``--moves`` moves from a
position some moves into a base game, all of them at the same time, while the event loop
ticks every 10 ms as it does answering players. It prints, for threads and for processes:
the processor seconds a move each bot had (its budget is ``--think`` seconds of its own
processor time, cut short at three times that in all), the seconds a move took from
asking to answer, and the event loop's worst delay meanwhile. A useful budget is the
whole of it; a fair share is every bot getting about the same.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import time

from splendor_a11y.bots import SearchBudget, budget_for
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import Command, GameState, SeatView, deal, evolve, legal_commands, play_legal, view
from splendor_a11y.play.thinkers import IN_THREADS, InProcesses, Thinkers, move_of

TICK = 0.01
"""How often the event loop's ticker asks to run, as a loop answering players does."""


def timed_move(position: SeatView, budget: SearchBudget, seed: str) -> tuple[Command, float]:
    """The hard bot's move and the processor seconds its thread spent on it."""
    started = time.thread_time()
    command = move_of(position, "hard", budget, seed)
    return command, time.thread_time() - started


def _position(seed: int) -> GameState:
    """A two-player base game, a few random moves in."""
    state = GameState.new(("Ana", "Ben"), ())
    state = evolve(state, deal(2, random.Random(seed), standard_cards(), ()))
    rng = random.Random(seed)
    for _ in range(8):
        state = play_legal(state, rng.choice(legal_commands(state)))[1]
    return state


async def _ticker(delays: list[float], stop: asyncio.Event) -> None:
    """Ask to run every ``TICK`` seconds; note how late each turn came."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(TICK)
        delays.append(time.perf_counter() - asked - TICK)


async def _one_bot(thinkers: Thinkers, bot: int, moves: int, budget: SearchBudget) -> list[tuple[float, float]]:
    """A bot's moves, one after another: processor seconds and seconds taken, each."""
    done = []
    for move in range(moves):
        state = _position(bot * 100 + move)
        asked = time.perf_counter()
        _command, spent = await thinkers.think(timed_move, view(state, state.current), budget, f"{bot}:{move}")
        done.append((spent, time.perf_counter() - asked))
    return done


async def _measured(
    thinkers: Thinkers, bots: int, moves: int, budget: SearchBudget
) -> tuple[list[float], list[float], float]:
    delays: list[float] = []
    stop = asyncio.Event()
    ticking = asyncio.ensure_future(_ticker(delays, stop))
    results = await asyncio.gather(*(_one_bot(thinkers, bot, moves, budget) for bot in range(bots)))
    stop.set()
    await ticking
    moves_done = [move for result in results for move in result]
    return [spent for spent, _ in moves_done], [took for _, took in moves_done], max(delays, default=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", type=int, nargs="+", default=[1, 2, 4, 8], help="bots thinking at once")
    parser.add_argument("--moves", type=int, default=3, help="moves each bot thinks (default 3)")
    parser.add_argument("--think", type=float, default=1.0, help="the hard bot's seconds a move (default 1)")
    args = parser.parse_args()
    budget = budget_for(args.think)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"hard bots thinking {args.think:g} s a move, {args.moves} moves each, all at once")
    processes = InProcesses()
    asyncio.run(_measured(processes, processes.workers, 1, budget_for(None)))  # the workers started
    try:
        for bots in args.bots:
            for name, thinkers in (("threads", IN_THREADS), ("processes", processes)):
                spent, took, worst = asyncio.run(_measured(thinkers, bots, args.moves, budget))
                print(
                    f"  {bots:2d} bots, {name:<9}: processor a move {statistics.median(spent):.2f} s "
                    f"(least {min(spent):.2f}), a move took {statistics.median(took):.2f} s "
                    f"(most {max(took):.2f}); the loop's worst delay {worst * 1000:.0f} ms",
                    flush=True,
                )
    finally:
        processes.close()


if __name__ == "__main__":
    main()
