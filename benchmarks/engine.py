"""Engine benchmark: complete random games per second, microseconds per step, and the time
to verify a corpus of 1,000 logs. Fixed seeds; uniform random choice among legal commands;
full rules (returns over ten and noble choices included).

Run: python benchmarks/engine.py
"""

from __future__ import annotations

import random
import shutil
import tempfile
import time
from pathlib import Path

from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import GameState, deal, decide_and_apply, evolve, legal_commands
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log, replay

TARGET_TWO_PLAYER_GAMES_PER_SECOND = 200


def random_game(players: int, seed: int, writer: LogWriter | None = None) -> int:
    """Play one complete game; return its number of commands."""
    rng = random.Random(seed)
    state = GameState.new(tuple(f"P{i}" for i in range(players)))
    setup = deal(players, rng, standard_cards())
    state = evolve(state, setup)
    if writer is not None:
        writer.append(setup)
    steps = 0
    while not state.is_over:
        events, state = decide_and_apply(state, rng.choice(legal_commands(state)))
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


def main() -> None:
    standard_cards()
    two, two_step = games_per_second(2, 400)
    four, four_step = games_per_second(4, 100)
    verify = verify_corpus(1_000)
    print(f"2-player random games per second: {two:8.1f}  ({two_step:5.1f} us per step)"
          f"  target {TARGET_TWO_PLAYER_GAMES_PER_SECOND}: "
          f"{'met' if two >= TARGET_TWO_PLAYER_GAMES_PER_SECOND else 'NOT met'}")
    print(f"4-player random games per second: {four:8.1f}  ({four_step:5.1f} us per step)")
    print(f"verify 1,000 logs: {verify:6.2f} s  ({verify:.2f} ms per log, checked by the rules)")


if __name__ == "__main__":
    main()
