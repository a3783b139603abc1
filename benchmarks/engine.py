"""Engine benchmark: complete random games per second, microseconds per step, and the time
to verify a corpus of 1,000 logs. Fixed seeds; uniform random choice among legal commands,
each played as a bot's look-ahead plays it (``play_legal``: not judged again; an engine
without that call judges it with ``decide_and_apply``); full rules (returns over ten and
noble choices included).

With ``--before REV`` (by default the last commit before the engine was made faster), the
same random games are also played by that commit's engine, taken from git into a
temporary folder and run in a child process, in turns with today's so that both meet the
same load; the best of each is printed with the ratio.

Run: python benchmarks/engine.py [--before REV] [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from splendor_a11y import engine
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import GameState, deal, decide_and_apply, evolve, legal_commands
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log, replay

TARGET_TWO_PLAYER_GAMES_PER_SECOND = 700
TARGET_SPEED_UP = 3.0
BEFORE = "217daca"
"""The last commit before the engine was made faster: the issue's "today"."""
ROOT = Path(__file__).resolve().parents[1]


def random_game(players: int, seed: int, writer: LogWriter | None = None) -> int:
    """Play one complete game; return its number of commands."""
    rng = random.Random(seed)
    state = GameState.new(tuple(f"P{i}" for i in range(players)))
    setup = deal(players, rng, standard_cards())
    state = evolve(state, setup)
    if writer is not None:
        writer.append(setup)
    steps = 0
    play = getattr(engine, "play_legal", decide_and_apply)
    while not state.is_over:
        events, state = play(state, rng.choice(legal_commands(state)))
        steps += 1
        if writer is not None:
            for event in events:
                writer.append(event)
    return steps


def games_per_second(players: int, games: int) -> tuple[float, float]:
    started = time.perf_counter()
    steps = sum(random_game(players, seed) for seed in range(games))
    elapsed = time.perf_counter() - started
    return games / elapsed, elapsed / steps * 1e6


def verify_corpus(count: int) -> float:
    folder = Path(tempfile.mkdtemp())
    try:
        for seed in range(count):
            header = LogHeader((PlayerEntry("A"), PlayerEntry("B")), (), seed)
            with LogWriter.create(folder / f"{seed}.jsonl", header) as writer:
                random_game(2, seed, writer)
        started = time.perf_counter()
        for path in folder.glob("*.jsonl"):
            assert replay(read_log(path))[-1].is_over
        return time.perf_counter() - started
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _child_figures(package_root: Path) -> tuple[float, float]:
    """Two-player games a second and microseconds a step, measured by a fresh process
    whose engine is the one under ``package_root``."""
    done = subprocess.run(
        [sys.executable, __file__, "--child"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(package_root)},
        cwd=package_root,
    )
    games, step = done.stdout.split()
    return float(games), float(step)


def _export(revision: str, folder: Path) -> bool:
    """The package and card data of a commit, written under ``folder``; False when git
    cannot give them (no git, a shallow clone)."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision, "splendor_a11y", "data"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return True


def compare(revision: str, rounds: int) -> None:
    """Today's engine against a commit's, in turns; the best round of each."""
    folder = Path(tempfile.mkdtemp())
    try:
        if not _export(revision, folder):
            print(f"before: commit {revision} cannot be read from git here; no comparison")
            return
        before = after = (0.0, 0.0)
        for _ in range(rounds):
            before = max(before, _child_figures(folder))
            after = max(after, _child_figures(ROOT))
        ratio = before[1] / after[1]
        print(f"before ({revision}): {before[0]:8.1f} games/s  ({before[1]:5.1f} us per step)")
        print(f"after  (this tree): {after[0]:8.1f} games/s  ({after[1]:5.1f} us per step)")
        print(
            f"speed-up per step: {ratio:4.2f} x  target {TARGET_SPEED_UP:.0f} x: "
            f"{'met' if ratio >= TARGET_SPEED_UP else 'NOT met'}"
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="the commit to compare with (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each engine in the comparison")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    standard_cards()
    if options.child:
        print(*games_per_second(2, 300))
        return
    compare(options.before, options.rounds)
    two, two_step = games_per_second(2, 400)
    four, four_step = games_per_second(4, 100)
    verify = verify_corpus(1_000)
    print(
        f"2-player random games per second: {two:8.1f}  ({two_step:5.1f} us per step)"
        f"  target {TARGET_TWO_PLAYER_GAMES_PER_SECOND}: "
        f"{'met' if two >= TARGET_TWO_PLAYER_GAMES_PER_SECOND else 'NOT met'}"
    )
    print(f"4-player random games per second: {four:8.1f}  ({four_step:5.1f} us per step)")
    print(f"verify 1,000 logs: {verify:6.2f} s  ({verify:.2f} ms per log, checked by the rules)")


if __name__ == "__main__":
    main()
