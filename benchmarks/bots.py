"""Bot benchmark: strength of each level against the one below, and decision times.

Two-player games with fixed seeds, seats alternating, played on all cores. Prints one
table: each pairing's win rate against its target, the rounds the hard bot needs to
reach 15 points, and each level's median and 95th-percentile decision time.

Run: python benchmarks/bots.py            (200 games per pairing)
     python benchmarks/bots.py --games 40 (a quicker look)
     python benchmarks/bots.py --module orient --module strongholds (with the modules)
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from multiprocessing import Pool

from splendor_a11y.bots.arena import play_bots

PAIRINGS = (("easy", "random", 0.90), ("medium", "easy", 0.90), ("hard", "medium", 0.70))
TIME_TARGETS = {"hard": 1.0, "medium": 0.05, "easy": 0.05}
SEED_BASE = 20_000


def one_game(job: tuple[str, str, int, tuple[str, ...]]) -> tuple[bool, int | None, list[float], list[float]]:
    """Play one game; the first level's win, its round reaching 15, and both levels' times."""
    strong, weak, seed, modules = job
    seats = (strong, weak) if seed % 2 == 0 else (weak, strong)
    me = seats.index(strong)
    record = play_bots(seats, SEED_BASE + seed, modules)
    won = record.final.is_over and record.final.winners == (me,)
    return won, record.round_reached_15.get(me), record.seconds[me], record.seconds[1 - me]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--module", action="append", default=[], help="play with a module: orient, strongholds")
    args = parser.parse_args()
    games, modules = args.games, tuple(sorted(set(args.module)))
    times: dict[str, list[float]] = {}
    rows = []
    hard_rounds: list[int] = []
    started = time.perf_counter()
    with Pool(os.cpu_count() or 2) as pool:
        for strong, weak, target in PAIRINGS:
            results = pool.map(one_game, [(strong, weak, seed, modules) for seed in range(games)])
            wins = sum(won for won, _, _, _ in results)
            for _, reached, mine, theirs in results:
                times.setdefault(strong, []).extend(mine)
                times.setdefault(weak, []).extend(theirs)
                if strong == "hard" and reached is not None:
                    hard_rounds.append(reached)
            rate = wins / games
            rows.append(f"{strong:>6} beats {weak:<6} {wins:4d} of {games} games  {rate:6.1%}"
                        f"  target {target:.0%}: {'met' if rate >= target else 'NOT met'}")
    print(f"Two-player games, seats alternating, seeds {SEED_BASE} onward, {os.cpu_count()} cores"
          + (f", modules: {', '.join(modules)}" if modules else ""))
    print(*rows, sep="\n")
    if hard_rounds:
        print(f"hard reaches 15 points in {statistics.mean(hard_rounds):.1f} rounds on average "
              f"({len(hard_rounds)} games)")
    for level in ("hard", "medium", "easy", "random"):
        spent = times.get(level)
        if not spent:
            continue
        median, p95 = statistics.median(spent), percentile(spent, 0.95)
        target = TIME_TARGETS.get(level)
        verdict = f"  target median under {target * 1000:.0f} ms: {'met' if median < target else 'NOT met'}" \
            if target else ""
        print(f"{level:>6} decision: median {median * 1000:7.1f} ms, 95th percentile {p95 * 1000:7.1f} ms"
              f" ({len(spent)} decisions){verdict}")
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
