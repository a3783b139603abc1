"""Bot benchmark: strength of each level against the one below, the hard bot's habits,
and decision times.

Games with fixed seeds, seats alternating, played on all cores. Prints each pairing's
win rate against its target (two players; and hard against three medium bots) as soon as
its games are over, so that a run of hours shows its figures as it goes; then for the
hard bot: nobles, reservations, reservations never bought and tokens returned a
game, rounds to reach 15 points playing alone (a two-player deal whose other seat never
moves), games stopped by the safety stop, and seconds a move; each level's decision times.

The hard bot thinks as it does at the prompt, one second a move unless ``--think`` says
otherwise (``--think fixed``: the fixed amount of thought the tests use, no clock).

Run: python benchmarks/bots.py            (200 games per pairing)
     python benchmarks/bots.py --games 40 (a quicker look)
     python benchmarks/bots.py --module orient --module strongholds (with the modules)
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass, field
from multiprocessing import Pool

from splendor_a11y.bots import THINK_SECONDS, set_thinking
from splendor_a11y.bots.arena import SeatHabits, play_alone, play_bots
from splendor_a11y.cli import thinking_time

PAIRINGS = (("easy", ("random",), 0.90), ("medium", ("easy",), 0.90), ("hard", ("medium",), 0.90),
            ("hard", ("medium", "medium", "medium"), 0.60))
ALONE = "hard"
TIME_TARGETS = {"hard": (1.0, 2.0), "medium": (0.05, 0.2), "easy": (0.05, 0.2)}
HABIT_TARGETS = {"nobles": (0.6, "at least"), "reserved never bought": (1.0, "at most"),
                 "tokens returned": (1.5, "at most")}
SEED_BASE = 20_000


@dataclass
class Result:
    """One game, from the first level's seat."""

    won: bool
    stopped: bool
    habits: SeatHabits
    seconds: dict[str, list[float]] = field(default_factory=dict)


def one_game(job: tuple[str, tuple[str, ...], int, tuple[str, ...]]) -> Result:
    """Play one game, the first level's seat moving round the table with the seed."""
    strong, others, seed, modules = job
    seats = list(others)
    me = seed % (len(others) + 1)
    seats.insert(me, strong)
    record = play_bots(seats, SEED_BASE + seed, modules)
    seconds: dict[str, list[float]] = {}
    for seat, level in enumerate(seats):
        seconds.setdefault(level, []).extend(record.seconds[seat])
    return Result(record.final.is_over and record.final.winners == (me,), not record.finished,
                  record.habits[me], seconds)


def alone_game(job: tuple[int, tuple[str, ...]]) -> int | None:
    """The hard bot's turns to 15 playing alone (None: stopped by the safety stop)."""
    seed, modules = job
    return play_alone(ALONE, SEED_BASE + seed, modules)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _habit_lines(results: list[Result]) -> list[str]:
    games = len(results)
    figures = {
        "nobles": sum(r.habits.nobles for r in results) / games,
        "reservations": sum(r.habits.reserved for r in results) / games,
        "reserved never bought": sum(r.habits.reserved_never_bought for r in results) / games,
        "tokens returned": sum(r.habits.tokens_returned for r in results) / games,
    }
    lines = []
    for name, value in figures.items():
        target = HABIT_TARGETS.get(name)
        verdict = ""
        if target is not None:
            bound, how = target
            met = value >= bound if how == "at least" else value <= bound
            verdict = f"  target {how} {bound:g}: {'met' if met else 'NOT met'}"
        lines.append(f"  hard {name} a game: {value:5.2f}{verdict}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--module", action="append", default=[], help="play with a module: orient, strongholds")
    parser.add_argument("--think", type=thinking_time, default=THINK_SECONDS,
                        help="the hard bot's seconds a move, or fixed (default %(default)g)")
    args = parser.parse_args()
    think = args.think
    games, modules = args.games, tuple(sorted(set(args.module)))
    times: dict[str, list[float]] = {}
    hard_results: list[Result] = []
    started = time.perf_counter()
    print(f"Seeds {SEED_BASE} onward, {os.cpu_count()} cores, hard thinks "
          + (f"{think:g} s a move" if think is not None else "a fixed amount")
          + (f", modules: {', '.join(modules)}" if modules else ""), flush=True)
    with Pool(os.cpu_count() or 2, initializer=set_thinking, initargs=(think,)) as pool:
        for strong, others, target in PAIRINGS:
            results = pool.map(one_game, [(strong, others, seed, modules) for seed in range(games)])
            wins = sum(r.won for r in results)
            for result in results:
                for level, spent in result.seconds.items():
                    times.setdefault(level, []).extend(spent)
            if strong == "hard":
                hard_results.extend(results)
            rate = wins / games
            print(f"{strong:>6} beats {' and '.join(others):<24} {wins:4d} of {games} games  {rate:6.1%}"
                  f"  target {target:.0%}: {'met' if rate >= target else 'NOT met'}", flush=True)
        alone = pool.map(alone_game, [(seed, modules) for seed in range(games)])
    print(f"The hard bot over its {len(hard_results)} games against medium bots:")
    print(*_habit_lines(hard_results), sep="\n")
    stopped = sum(r.stopped for r in hard_results) + alone.count(None)
    print(f"  games stopped by the safety stop: {stopped} of {len(hard_results) + len(alone)}  target none: "
          f"{'met' if not stopped else 'NOT met'}")
    reached = [turns for turns in alone if turns is not None]
    if reached:
        rounds = statistics.median(reached)
        print(f"  alone (the other seat never moving) it reaches 15 points in {rounds:.1f} rounds (median of "
              f"{len(reached)})  target at most 23: {'met' if rounds <= 23 else 'NOT met'}")
    for level in ("hard", "medium", "easy", "random"):
        decisions = times.get(level)
        if not decisions:
            continue
        median, p95 = statistics.median(decisions), percentile(decisions, 0.95)
        limits = TIME_TARGETS.get(level)
        verdict = (f"  targets {limits[0] * 1000:.0f} and {limits[1] * 1000:.0f} ms: "
                   f"{'met' if median <= limits[0] and p95 <= limits[1] else 'NOT met'}") if limits else ""
        print(f"{level:>6} decision: median {median * 1000:7.1f} ms, 95th percentile {p95 * 1000:7.1f} ms"
              f" ({len(decisions)} decisions){verdict}")
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
