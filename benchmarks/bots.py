"""Bot benchmark: strength of each level against the one below, the hard bot's habits,
and decision times.

Games with fixed seeds, seats alternating, played on all cores. Prints each pairing's
win rate against its target (two players; and hard against three medium bots) as soon as
its games are over, so that a run of hours shows its figures as it goes (and on the
standard error, every tenth of a pairing's games, how many are played); then for the
hard bot: nobles, reservations, reservations never bought and tokens returned a
game, rounds to reach 15 points playing alone (a two-player deal whose other seat never
moves), games stopped by the safety stop, and seconds a move; each level's decision times
(on the processor's clock, and the wall clock beside). Its second line is the machine's
yardstick (``judged_a_second``): how fast the hard bot judges positions here, which a
second of thought and the fixed thought's time depend on.

With ``--rival``, the hard bot plays the rival instead: a tree search of another kind,
sharing none of its judgement (``splendor_a11y.bots.rival``), given the same time a move;
and the rival plays the medium bot, to show what beating it is worth. No targets there:
figures to compare from run to run.

The hard bot thinks as it does at the prompt, one second a move unless ``--think`` says
otherwise (``--think fixed``: the fixed amount of thought the tests use, no clock).

Run: python benchmarks/bots.py            (200 games per pairing)
     python benchmarks/bots.py --games 40 (a quicker look)
     python benchmarks/bots.py --module orient --module strongholds (with the modules)
     python benchmarks/bots.py --rival     (the hard bot against the rival)
     python benchmarks/bots.py --only medium (medium against easy only: one pairing, more closely)
     python benchmarks/bots.py --games 250 --first-seed 250 (the second part of a longer run)
     python benchmarks/bots.py --pool      (the hard bot against each opponent of the pool)
     python benchmarks/bots.py --pool --against planner --share 0.25 (one opponent, the hard
                                           bot with a quarter of its time, as on a busy machine)

With ``--pool``, the hard bot plays each opponent of a pool at a table of two: medium,
itself, the hard bot as it was before it learnt to answer anyone but medium
(``benchmarks/hard_before.py``), the rival, the minimax planner (``benchmarks/planner.py``:
a determinized three-move search with a count of its own) and the greedy racer
(``benchmarks/greedy.py``: its own count, no search); for each, its win rate with its
uncertainty (Wilson's 95 % interval), and its habits in those games: nobles, reservations
never bought (and when they were made: the rounds before the game's end at the median, and
the share made in its last five; and how many cards the hand already held then) and tokens
given back a game, and the rounds the games took; then the opponent's own nobles,
reservations never bought and tokens given back, so that a habit the hard bot falls
short of can be seen beside what its opponent made of the same games. The rival and
the planner think as long as the hard bot (``--think``); ``--share`` gives the hard bot
alone a share of that.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing.pool
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from multiprocessing import Pool
from typing import TypeVar

import hard_before
from greedy import choose_greedy
from planner import choose_planner

from splendor_a11y.bots import DEFAULT_BUDGET, THINK_SECONDS, Bot, SearchBudget, bot_for, budget_for
from splendor_a11y.bots.arena import RESERVATION_KINDS, DecisionTime, SeatHabits, play_alone, play_bots
from splendor_a11y.bots.clock import JUDGED_A_SECOND
from splendor_a11y.bots.evaluation import positions_judged
from splendor_a11y.bots.foresight import Foresight, against
from splendor_a11y.bots.plan import ANSWERS
from splendor_a11y.cli.parser import thinking_time
from splendor_a11y.engine import MODULES, Command, SeatView

Pairing = tuple[str, tuple[str, ...], float | None]
"""A level, the levels it plays against, and the share of games it should win (None: no target)."""
PAIRINGS: tuple[Pairing, ...] = (
    ("easy", ("random",), 0.90),
    ("medium", ("easy",), 0.90),
    ("hard", ("medium",), 0.90),
    ("hard", ("medium", "medium", "medium"), 0.60),
)
RIVAL_PAIRINGS: tuple[Pairing, ...] = (("rival", ("medium",), None), ("hard", ("rival",), None))
POOL = ("medium", "hard", "before", "rival", "planner", "greedy")
"""The opponents the hard bot is measured against with ``--pool``."""


def _before(budget: SearchBudget) -> hard_before.SearchBudget:
    """The same budget, as the hard bot before takes it; for the fixed thought, its own
    fixed thought (it had no clock that counts positions judged)."""
    if budget.counted:
        return hard_before.FIXED_BUDGET
    return hard_before.SearchBudget(**{name: value for name, value in asdict(budget).items() if name != "counted"})


POOL_BOTS: dict[str, Callable[[SearchBudget], Bot]] = {
    "before": lambda budget: functools.partial(hard_before.choose_hard, budget=_before(budget)),
    "planner": lambda budget: functools.partial(choose_planner, budget=budget),
    "greedy": lambda budget: choose_greedy,
}
"""The pool's opponents written here, each made for a budget and played as a level
(``arena.play_bots``)."""
ALONE = "hard"
ALONE_ROUNDS = 21
"""The most rounds the hard bot should take to reach 15 points alone (issue 52; it was 23)."""
LEVELS_PAIRED = tuple(dict.fromkeys(level for level, _, _ in PAIRINGS + RIVAL_PAIRINGS))
"""The levels that lead a pairing, for ``--only``."""
TIME_TARGETS = {"hard": (1.0, 2.0), "medium": (0.05, 0.2), "easy": (0.05, 0.2)}
LEVELS_TIMED = ("hard", "rival", "medium", "easy", "random")
HABIT_TARGETS = {
    "nobles": (0.6, "at least"),
    "reserved never bought": (1.0, "at most"),
    "tokens returned": (1.5, "at most"),
}
SEED_BASE = 20_000
LATE_ROUNDS = 5
"""A reservation made within this many rounds of the game's end is a late one."""


@dataclass
class Result:
    """One game, from the first level's seat."""

    won: bool
    stopped: bool
    habits: SeatHabits
    times: dict[str, list[DecisionTime]] = field(default_factory=dict)
    rounds: int = 0
    opponents: list[SeatHabits] = field(default_factory=list)
    """The other seats' habits: what a careful player's figures are worth is seen beside
    what the opponent's own came to in the same games."""
    foreseen: Foresight = field(default_factory=Foresight)
    """How often each answer the first level's search imagines named the others' actions
    (``bots.foresight``; nothing counted for a level that does not foresee)."""


_BUDGET = DEFAULT_BUDGET
"""This worker process's budget for the bots that think, from ``--think``."""
_LEAD_BUDGET = DEFAULT_BUDGET
"""The budget of the level that leads a pairing: ``--share`` of the others'."""


def shared(budget: SearchBudget, share: float) -> SearchBudget:
    """A share of a budget: of its seconds with a clock, of its deals without one (one at
    least), as a bot gets on a machine busy with other work."""
    if budget.seconds is not None:
        return replace(budget, seconds=budget.seconds * share)
    return replace(budget, most_deals=max(1, round(budget.most_deals * share)))


def _set_budget(think: float | None, share: float) -> None:
    """A worker's budgets, set once as it starts (each worker is a process of its own)."""
    global _BUDGET, _LEAD_BUDGET  # noqa: PLW0603 - one setting per worker process, from the command line
    _BUDGET = budget_for(think)
    _LEAD_BUDGET = shared(_BUDGET, share)


def one_game(job: tuple[str, tuple[str, ...], int, tuple[str, ...]]) -> Result:
    """Play one game, the first level's seat moving round the table with the seed."""
    strong, others, seed, modules = job
    seats = list(others)
    me = seed % (len(others) + 1)
    seats.insert(me, strong)
    own = {name: made(_BUDGET) for name, made in POOL_BOTS.items()}
    record = play_bots(seats, SEED_BASE + seed, modules, _BUDGET, own, budgets={me: _LEAD_BUDGET})
    times: dict[str, list[DecisionTime]] = {}
    for seat, level in enumerate(seats):
        times.setdefault(strong if seat == me else level, []).extend(record.times[seat])
    return Result(
        record.final.is_over and record.final.winners == (me,),
        not record.finished,
        record.habits[me],
        times,
        record.last_round,
        [record.habits[seat] for seat in range(len(seats)) if seat != me],
        against(record.foresight, me),
    )


def alone_game(job: tuple[int, tuple[str, ...]]) -> int | None:
    """The hard bot's turns to 15 playing alone (None: stopped by the safety stop)."""
    seed, modules = job
    return play_alone(ALONE, SEED_BASE + seed, modules, _BUDGET)


YARDSTICK_DECISIONS = 16
"""The decisions of a game's opening, both seats', the machine's yardstick plays
(``judged_a_second``): about eight of the hard bot's."""
YARDSTICK_WHEN_SET = 23_000
"""What the yardstick read on the machine ``clock.JUDGED_A_SECOND`` was set on
(2026-12-02: 22,200 and 23,800 on the machine otherwise idle): the fixed thought took
about the second's time there (0.77 s a move, the second 0.65 s on average)."""


def judged_a_second() -> float:
    """Positions the hard bot judges in a second of the processor on this machine: its
    fixed thought over the opening of the first seed's game against medium
    (``YARDSTICK_DECISIONS``). The same work on any machine, so that runs on machines of
    different speeds can be told apart (a second of thought buys that much more or less
    on each, for every bot that thinks by the clock); beside ``YARDSTICK_WHEN_SET`` it
    says whether the fixed thought, which counts ``clock.JUDGED_A_SECOND`` positions to
    its second, takes longer here than the second or less."""
    fixed = bot_for("hard", budget_for(None))
    judged = 0

    def counted(seen: SeatView, rng: random.Random) -> Command:
        nonlocal judged
        first = positions_judged()
        command = fixed(seen, rng)
        judged += positions_judged() - first
        return command

    record = play_bots(("hard", "medium"), SEED_BASE, (), others={"hard": counted}, most_decisions=YARDSTICK_DECISIONS)
    return judged / sum(decision.processor for decision in record.times[0])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _habit_figures(seats: list[SeatHabits]) -> dict[str, float]:
    """Habits, a game on average over these seats' games (the hard bot's, or its
    opponents')."""
    games = len(seats)
    return {
        "nobles": sum(seat.nobles for seat in seats) / games,
        "reservations": sum(seat.reserved for seat in seats) / games,
        "reserved never bought": sum(seat.reserved_never_bought for seat in seats) / games,
        "tokens returned": sum(seat.tokens_returned for seat in seats) / games,
    }


def _hard_seats(results: list[Result]) -> list[SeatHabits]:
    """The hard bot's seat in each game."""
    return [result.habits for result in results]


def _opponent_seats(results: list[Result]) -> list[SeatHabits]:
    """Every other seat in each game."""
    return [habits for result in results for habits in result.opponents]


def _held_to_the_end(results: list[Result]) -> str:
    """When the reservations never bought were made: the rounds between each and the game's
    end, at the median and the share made in its last five rounds. Left unbought because
    the game ended first, or a plan given up, call for different mending."""
    before_end = [held for r in results for held in r.habits.rounds_held_at_the_end(r.rounds)]
    if not before_end:
        return ""
    late = sum(rounds < LATE_ROUNDS for rounds in before_end) / len(before_end)
    return (
        f" (reserved {statistics.median(before_end):.0f} rounds before the end at the median, "
        f"{late:.0%} in the last {LATE_ROUNDS})"
    )


def _by_hand(results: list[Result]) -> str:
    """The reservations never bought by how many cards were already held when each was
    made, a game: a card reserved beside others waits its turn, and one reserved into an
    empty hand was a plan given up or a denial."""
    games = len(results)
    beside = [held for r in results for held in r.habits.never_bought_by_hand()]
    if not beside:
        return ""
    counts = ", ".join(f"{sum(held == n for held in beside) / games:.2f}" for n in range(3))
    return f" ({counts} reserved with none, one, two cards already held)"


def _by_kind(results: list[Result]) -> str:
    """The reservations never bought by their kind, a game (``arena.reservation_kind``):
    reserved unseen from a deck, kept from an opponent who could have bought it, or
    another card in sight. A gold taken blind, a denial and a plan given up call for
    different mending."""
    games = len(results)
    kinds = [kind for r in results for kind in r.habits.never_bought_by_kind()]
    if not kinds:
        return ""
    return " (" + ", ".join(f"{kinds.count(kind) / games:.2f} {kind}" for kind in RESERVATION_KINDS) + ")"


def _by_outcome(results: list[Result]) -> str:
    """The reservations never bought a game, in the games won and in the games lost: a
    player who falls behind reserves to keep cards from the leader or to take a gold, and
    the game often ends before those are bought, so the figure over all games moves with
    how many are lost as much as with the habit."""
    won = _hard_seats([r for r in results if r.won])
    lost = _hard_seats([r for r in results if not r.won])
    if not won or not lost:
        return ""
    figure = "reserved never bought"
    return f" ({_habit_figures(won)[figure]:.2f} in a game won, {_habit_figures(lost)[figure]:.2f} in a game lost)"


def _habit_lines(results: list[Result]) -> list[str]:
    lines = []
    for name, value in _habit_figures(_hard_seats(results)).items():
        target = HABIT_TARGETS.get(name)
        verdict = ""
        if target is not None:
            bound, how = target
            met = value >= bound if how == "at least" else value <= bound
            verdict = f"  target {how} {bound:g}: {'met' if met else 'NOT met'}"
        lines.append(f"  hard {name} a game: {value:5.2f}{verdict}")
    return lines


def _habits_by_table(by_table: dict[int, list[Result]]) -> list[str]:
    """The same habits at each size of table, with no targets: the targets are over all
    the games, but a change to the bot often moves one table and not the other."""
    return [
        f"    at a table of {players}: "
        + ", ".join(f"{name} {value:.2f}" for name, value in _habit_figures(_hard_seats(results)).items())
        for players, results in sorted(by_table.items())
    ]


def _pairings_played(
    pool: multiprocessing.pool.Pool,
    pairings: tuple[Pairing, ...],
    seeds: range,
    modules: tuple[str, ...],
    times: dict[str, list[DecisionTime]],
) -> dict[int, list[Result]]:
    """Play each pairing's games and print its win rate as soon as they are over; each
    level's decision times go into ``times``. The hard bot's games against medium bots
    are returned, for its habits, by the number of players at the table."""
    hard_results: dict[int, list[Result]] = {}
    games = len(seeds)
    for strong, others, target in pairings:
        jobs = [(strong, others, seed, modules) for seed in seeds]
        results = played(pool, one_game, jobs, f"{strong} against {' and '.join(others)}")
        wins = sum(r.won for r in results)
        for result in results:
            for level, spent in result.times.items():
                times.setdefault(level, []).extend(spent)
        if strong == "hard" and set(others) == {"medium"}:
            hard_results.setdefault(len(others) + 1, []).extend(results)
        rate = wins / games
        verdict = "no target" if target is None else f"target {target:.0%}: {'met' if rate >= target else 'NOT met'}"
        print(
            f"{strong:>6} beats {' and '.join(others):<24} {wins:4d} of {games} games  {rate:6.1%}  {verdict}",
            flush=True,
        )
    return hard_results


Job = TypeVar("Job")
Played = TypeVar("Played")


def played(
    pool: multiprocessing.pool.Pool, game: Callable[[Job], Played], jobs: Sequence[Job], what: str
) -> list[Played]:
    """Each job's game played in the pool, in the jobs' order; a line on the standard error
    every tenth of the way (``what``: whose games), so that a run of a hundred games, the
    better part of an hour, shows that it is going and how far it has come."""
    results: list[Played] = []
    step = max(1, len(jobs) // 10)
    for done, result in enumerate(pool.imap(game, jobs), start=1):
        results.append(result)
        if done % step == 0 and done < len(jobs):
            print(f"  ({what}: {done} of {len(jobs)} games played)", file=sys.stderr, flush=True)
    return results


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The interval a win rate lies in, 95 % sure (Wilson's, which holds at 0 and 100 %
    too, where the usual one shrinks to nothing)."""
    rate, spread = wins / games, z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * ((rate * (1 - rate) + spread / 4) / games) ** 0.5 / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def _pool_played(
    pool: multiprocessing.pool.Pool, seeds: range, modules: tuple[str, ...], opponents: tuple[str, ...]
) -> None:
    """The hard bot against each opponent of the pool, two players, seats alternating:
    each opponent's line as soon as its games are over."""
    games = len(seeds)
    for opponent in opponents:
        jobs = [("hard", (opponent,), seed, modules) for seed in seeds]
        results = played(pool, one_game, jobs, f"hard against {opponent}")
        wins = sum(r.won for r in results)
        rate = wins / games
        low, high = wilson(wins, games)
        habits = _habit_figures(_hard_seats(results))
        theirs = _habit_figures(_opponent_seats(results))
        print(
            f"  hard against {opponent:<7} {wins:4d} of {games} ({rate:6.1%}, 95 % between {low:.0%} and {high:.0%}); "
            f"a game: nobles {habits['nobles']:.2f}, "
            f"never bought {habits['reserved never bought']:.2f}{_by_outcome(results)}{_held_to_the_end(results)}"
            f"{_by_hand(results)}{_by_kind(results)}, "
            f"tokens given back {habits['tokens returned']:.2f}, "
            f"rounds {statistics.median(r.rounds for r in results):.0f}; "
            f"safety stops {sum(r.stopped for r in results)}",
            f"    {opponent} itself a game: nobles {theirs['nobles']:.2f}, "
            f"never bought {theirs['reserved never bought']:.2f}, tokens given back {theirs['tokens returned']:.2f}",
            f"    {opponent}'s actions foreseen by the hard bot's answers: {_foreseen(results)}",
            sep="\n",
            flush=True,
        )


def _foreseen(results: list[Result]) -> str:
    """The share of the opponent's actions each imagined answer named, over the games
    (``bots.foresight``): how the hard bot's deals were shared out against it."""
    total = Foresight()
    for result in results:
        total = total.plus(result.foreseen)
    watched = max(total.watched, 1)
    return ", ".join(
        f"{answer.__name__} {hits / watched:.0%}" for answer, hits in zip(ANSWERS, total.hits, strict=True)
    )


def _hard_lines(by_table: dict[int, list[Result]], alone: list[int | None]) -> None:
    """Print the hard bot's habits (over all its games, then at each size of table), its
    games stopped by the safety stop, and its rounds to 15 alone."""
    hard_results = [result for results in by_table.values() for result in results]
    print(f"The hard bot over its {len(hard_results)} games against medium bots:")
    print(*_habit_lines(hard_results), *_habits_by_table(by_table), sep="\n")
    stopped = sum(r.stopped for r in hard_results) + alone.count(None)
    print(
        f"  games stopped by the safety stop: {stopped} of {len(hard_results) + len(alone)}  target none: "
        f"{'met' if not stopped else 'NOT met'}"
    )
    reached = [turns for turns in alone if turns is not None]
    if reached:
        rounds = statistics.median(reached)
        within = sum(turns <= ALONE_ROUNDS for turns in reached)
        print(
            f"  alone (the other seat never moving) it reaches 15 points in {rounds:.1f} rounds (median of "
            f"{len(reached)}; {statistics.mean(reached):.2f} on average, {within} within {ALONE_ROUNDS})  "
            f"target at most {ALONE_ROUNDS}: {'met' if rounds <= ALONE_ROUNDS else 'NOT met'}"
        )


def _median_and_p95(seconds: list[float]) -> tuple[float, float]:
    """A list of decision times' median and 95th percentile."""
    return statistics.median(seconds), percentile(seconds, 0.95)


def _in_ms(median: float, p95: float) -> str:
    """A median and 95th percentile as the benchmark prints them."""
    return f"median {median * 1000:7.1f} ms, 95th percentile {p95 * 1000:7.1f} ms"


def _time_lines(times: dict[str, list[DecisionTime]]) -> None:
    """Print each level's decision times, against its targets where it has them. The
    targets are judged on the processor's clock, the one the bots' budgets are counted
    on, so that a machine busy with other work (the wall clock also counts that) does not
    fail them; on a quiet machine the two clocks agree, and the wall clock is printed
    beside."""
    for level in LEVELS_TIMED:
        decisions = times.get(level)
        if not decisions:
            continue
        median, p95 = _median_and_p95([decision.processor for decision in decisions])
        limits = TIME_TARGETS.get(level)
        verdict = (
            (
                f"  targets {limits[0] * 1000:.0f} and {limits[1] * 1000:.0f} ms: "
                f"{'met' if median <= limits[0] and p95 <= limits[1] else 'NOT met'}"
            )
            if limits
            else ""
        )
        print(
            f"{level:>6} decision, processor: {_in_ms(median, p95)} ({len(decisions)} decisions){verdict}",
            f"{'':>17}wall clock: {_in_ms(*_median_and_p95([decision.wall for decision in decisions]))}",
            sep="\n",
        )


def at_least(lowest: int) -> Callable[[str], int]:
    """An argument type: a whole number no lower than ``lowest``."""

    def whole(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if number < lowest:
            raise argparse.ArgumentTypeError(f"must be at least {lowest}: {number}")
        return number

    return whole


def _share(text: str) -> float:
    """An argument type: a share of a budget, above 0 and at most 1."""
    try:
        share = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < share <= 1:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most 1: {share:g}")
    return share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=at_least(1), default=200, help="games per pairing (default 200)")
    parser.add_argument(
        "--first-seed",
        type=at_least(0),
        default=0,
        metavar="N",
        help=f"start at seed {SEED_BASE} + N, to play a long run in parts (default 0)",
    )
    parser.add_argument("--module", action="append", default=[], help=f"play with a module: {', '.join(MODULES)}")
    parser.add_argument(
        "--think",
        type=thinking_time,
        default=THINK_SECONDS,
        help="the hard bot's seconds a move, or fixed (default %(default)g)",
    )
    parser.add_argument(
        "--rival",
        action="store_true",
        help="play the hard bot against the rival, and the rival against medium, instead",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        choices=LEVELS_PAIRED,
        metavar="LEVEL",
        help="play only the pairings this level leads, to measure one more closely "
        "(repeatable; the hard bot's habits and rounds alone come with hard)",
    )
    parser.add_argument(
        "--pool",
        action="store_true",
        help=f"play the hard bot against each opponent of the pool: {', '.join(POOL)}",
    )
    parser.add_argument(
        "--against",
        action="append",
        default=[],
        choices=POOL,
        metavar="OPPONENT",
        help=f"with --pool, play only against this opponent (repeatable): {', '.join(POOL)}",
    )
    parser.add_argument(
        "--share",
        type=_share,
        default=1.0,
        metavar="FRACTION",
        help="give the leading level (the hard bot) only this share of its budget, as on a busy "
        "machine, its opponents keeping theirs (0.25: a quarter; default 1)",
    )
    parser.add_argument(
        "--two-players",
        action="store_true",
        help="play only the two-player pairings, and not the hard bot alone: a module's effect "
        "on one pairing, measured in less time",
    )
    args = parser.parse_args()
    think = args.think
    seeds = range(args.first_seed, args.first_seed + args.games)
    modules = tuple(sorted(set(args.module)))
    times: dict[str, list[DecisionTime]] = {}
    started = time.perf_counter()
    pairings = tuple(
        pairing
        for pairing in (RIVAL_PAIRINGS if args.rival else PAIRINGS)
        if (not args.only or pairing[0] in args.only) and (not args.two_players or len(pairing[1]) == 1)
    )
    thinkers = any(level in ("hard", "rival") for strong, others, _ in pairings for level in (strong, *others))
    print(
        f"Seeds {SEED_BASE + seeds.start} to {SEED_BASE + seeds.stop - 1}, {os.cpu_count()} cores"
        + (", hard thinks " + (f"{think:g} s a move" if think is not None else "a fixed amount") if thinkers else "")
        + (f" (the leading level {args.share:g} of that)" if args.share != 1 else "")
        + (", and the rival as long" if args.rival else "")
        + (", and the rival and the planner as long" if args.pool else "")
        + (f", modules: {', '.join(modules)}" if modules else ""),
        flush=True,
    )
    if thinkers or args.pool:
        print(
            f"This machine: the hard bot's fixed thought judged {judged_a_second():,.0f} positions a "
            f"second of the processor over a game's opening ({YARDSTICK_WHEN_SET:,} "
            f"where its count of {JUDGED_A_SECOND:,.0f} to the second was set; where fewer, a second "
            "buys less thought and the fixed thought takes longer)",
            flush=True,
        )
    if args.pool:
        with Pool(os.cpu_count() or 2, initializer=_set_budget, initargs=(think, args.share)) as pool:
            _pool_played(pool, seeds, modules, tuple(args.against) or POOL)
        print(f"total {time.perf_counter() - started:.0f} s")
        return
    with Pool(os.cpu_count() or 2, initializer=_set_budget, initargs=(think, args.share)) as pool:
        hard_results = _pairings_played(pool, pairings, seeds, modules, times)
        if hard_results:
            alone = [] if args.two_players else played(pool, alone_game, [(seed, modules) for seed in seeds], "alone")
            _hard_lines(hard_results, alone)
    _time_lines(times)
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as a pipeline's writer does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
