"""How well the hard bot's search foresees each opponent of the pool: how often each
answer it imagines its opponents playing (``plan.ANSWERS``) is the move the opponent
really plays.

The search scores its moves against opponents who answer as the medium bot would, as a
careful player judging as the hard bot does, or as a racer (``plan.ANSWERS``), each
dealt by how often it has foreseen the opponent so far (``bots.foresight``, which asks
from the position everyone knew; here each is asked from the opponent's own view). An
opponent it foresees well is one it can plan against; one whose moves no answer
foresees is one it plans against blind. Issue 52 asks for models of the opponent that
hold for anyone: this says, opponent by opponent, how far the models it has are from
the players it meets.

Each game is the hard bot against one opponent at a table of two, seats alternating,
every bot thinking its second (``--think``), on every core. At each of the opponent's turns to act (not
its choices of gems to give back or of a noble), each imagined answer is asked what it
would play from the opponent's own view, on one deal of the cards the opponent cannot
see; it foresaw the move if it names the same command. Printed per opponent: the turns
watched, and the share of them each answer foresaw, and any of them. The watched
opponent plays as a bot of the benchmarks' own, so the hard bot as an opponent here is
told nothing of the game's moves (``foresight``).

Run: python benchmarks/predictions.py                    (6 games against each opponent)
     python benchmarks/predictions.py --games 20 --against rival
"""

from __future__ import annotations

import argparse
import os
import random
from collections import Counter
from collections.abc import Callable
from multiprocessing import Pool

from bots import POOL, POOL_BOTS, SEED_BASE, at_least, judged_a_second

from splendor_a11y.bots import THINK_SECONDS, Bot, bot_for, budget_for
from splendor_a11y.bots.arena import play_bots
from splendor_a11y.bots.plan import ANSWERS
from splendor_a11y.cli.parser import thinking_time
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import Command, Phase, SeatView, determinize

WATCHED = "watched"
"""The opponent's name at the table: not its level, so that against the hard bot itself
only the opponent's seat is watched."""
ANY = "any"
"""The tally of turns some imagined answer foresaw."""
TURNS = "turns"
"""The tally of turns watched."""


def foreseen_by(seen: SeatView, played: Command) -> list[str]:
    """The imagined answers that, in the player's place (its view, on one deal of what
    it cannot see), play what it played."""
    position = determinize(seen, random.Random(0), standard_cards())
    return [answer.__name__ for answer in ANSWERS if answer(position) == played]


def watching(bot: Bot, tally: Counter[str]) -> Bot:
    """The bot as it plays, each of its turns to act tallied by the answers that foresaw it."""

    def watched(seen: SeatView, rng: random.Random) -> Command:
        played = bot(seen, rng)
        if seen.phase is Phase.ACTION:
            foreseen = foreseen_by(seen, played)
            tally.update([TURNS, *foreseen, *([ANY] if foreseen else [])])
        return played

    return watched


def one_game(job: tuple[str, int, float | None]) -> tuple[str, Counter[str]]:
    """One game of the hard bot against ``opponent``; the opponent's turns, tallied."""
    opponent, seed, think = job
    budget = budget_for(think)
    tally: Counter[str] = Counter()
    made: Callable[..., Bot] | None = POOL_BOTS.get(opponent)
    played = made(budget) if made else bot_for(opponent, budget)
    seats = ["hard", WATCHED] if seed % 2 == 0 else [WATCHED, "hard"]
    play_bots(seats, SEED_BASE + seed, (), budget, {WATCHED: watching(played, tally)})
    return opponent, tally


def report(opponent: str, tally: Counter[str]) -> str:
    """One opponent's line: the turns watched and each answer's share of them foreseen."""
    turns = tally[TURNS]
    shares = ", ".join(f"{name} {tally[name] / max(turns, 1):.0%}" for name in [a.__name__ for a in ANSWERS] + [ANY])
    return f"{opponent:<8} {turns:4d} turns; foreseen by {shares}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=at_least(1), default=6, help="games against each opponent (default 6)")
    parser.add_argument(
        "--against", action="append", default=[], choices=POOL, metavar="OPPONENT", help="only this one (repeatable)"
    )
    parser.add_argument(
        "--think", type=thinking_time, default=THINK_SECONDS, help="each bot's seconds a move, or fixed (default 1)"
    )
    args = parser.parse_args()
    opponents = args.against or list(POOL)
    thought = "a fixed amount" if args.think is None else f"{args.think:g} s a move"
    print(f"Seeds {SEED_BASE} to {SEED_BASE + args.games - 1}, {os.cpu_count()} cores, every bot thinks {thought}")
    judged = judged_a_second()
    print(f"This machine: the hard bot's fixed thought judged {judged:,.0f} positions a second of the processor")
    tallies: dict[str, Counter[str]] = {opponent: Counter() for opponent in opponents}
    with Pool(os.cpu_count() or 2) as pool:
        jobs = [(opponent, seed, args.think) for opponent in opponents for seed in range(args.games)]
        for opponent, tally in pool.imap_unordered(one_game, jobs):
            tallies[opponent].update(tally)
    for opponent in opponents:
        print(report(opponent, tallies[opponent]))


if __name__ == "__main__":
    main()
