"""The hard bot's race as it was before the hard bot learnt to answer opponents that are
not the medium bot (commit 0e9d9b5): the race of the yardstick ``hard_before``, so that
the hard bot is measured against that commit's bot in full. Until 2026-11-30 the
yardstick raced with the package's race of the day (``splendor_a11y.bots.race``), and
every change to the hard bot's race changed its yardstick as well: the race in sight
(4aeef0c) was measured against a bot before that raced in sight too.

What follows is that commit's ``splendor_a11y/bots/race.py`` word for word, but for this
note and its clock: its deadlines are readings of the ``clock`` it is given (the
yardstick gives its thread's processor time, as every bot of the pool counts its time),
where it read ``time.monotonic``.

Racing to the winning score when no opponent can keep up: how a strong player closes
out a game won on tempo, and plays when nobody else is in the race.

The hard bot's search plans three turns and reckons with every answer the others may
make; that keeps it from counting on a card someone takes first, but it also keeps it
from seeing the fastest way to 15, which may be twenty turns long. When the bot, racing
alone on a deal it imagines, would reach the winning score at least ``LEAD_TURNS`` turns
before any opponent could racing alone from where they stand, their answers can no
longer catch it up, and it plays the first move of its fastest line instead.

It makes the bot reach 15 sooner alone and give fewer tokens back, at no cost in games
won at a table of two that a hundred games can tell; with more opponents it lost games
(each opponent's race is reckoned more roughly than the bot's own, and one of several is
often close), so only a table of two races. The figures are in git's history of this
file and of the benchmarks.

A race can be long (with the modules' choices, a few seconds in the slowest
positions), so a timed bot gives it a deadline: a race that has not found its answer by
then is given up, as if an opponent could keep up, and the search decides. Once the
race is on there is nothing else to think about: the bot races again, keeping more
positions a turn, for as long as the move's time allows, and plays the faster line.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from splendor_a11y.bots.evaluation import evaluate
from splendor_a11y.bots.habits import RETURNED_TOKEN, habits, move_and_returns
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.domain.notation import DeckTop
from splendor_a11y.engine import Command, GameState, Phase, Reserve, determinize, legal_commands, turn_again

__all__ = [
    "LEAD_TURNS",
    "NOBLE_PULL_BEFORE",
    "RACING_TABLE",
    "RaceOutOfTime",
    "closing_move",
    "fastest_line",
    "racing_moves",
]

NOBLE_PULL_BEFORE = (1.2, 0.75, 0.42, 0.2, 0.08)
"""The steer towards nobles of that commit's habits (``habits.NOBLE_PULL`` then), kept
here so that the yardstick does not move when the hard bot's is tuned: until 2026-12-01
the yardstick read the package's, and the run of a pull twice as strong ("Nobles pulling
twice as hard, not kept", docs/bot-lab.md) was against a bot before that pulled twice
as hard too."""

RACING_TABLE = 2
"""The only number of players at which the bot races."""
RACE_WIDTH = 15
"""The bot's own race keeps this many best positions each turn."""
WIDE_RACE = 30
"""Once the race is on, the bot's own race is run again keeping this many, time allowing,
and its line played if it is no slower (``closing_move``)."""
RIVAL_WIDTH = 5
"""An opponent's race, reckoned only to see whether it is close, keeps fewer."""
LEAD_TURNS = 2
"""How many turns sooner than every opponent the bot must reach the winning score, racing
alone, for it to race."""
MOST_TURNS = 40
"""A race that has not reached the winning score in this many turns is given up."""


class RaceOutOfTime(Exception):
    """The race's deadline came before it knew how many turns the line takes."""


@dataclass(frozen=True, slots=True)
class _Line:
    """One line of the race: its first move, what the tokens given back on it wasted (each
    a share of a turn), its score, and the position it reached at the start of a turn."""

    first: Command | None
    wasted: float
    score: float
    state: GameState


def fastest_line(
    state: GameState,
    seat: int,
    width: int = RACE_WIDTH,
    most_turns: int = MOST_TURNS,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[int, Command | None]:
    """The turns the seat needs to reach the winning score playing alone (``most_turns`` + 1
    if it cannot within them), and the first move of that line: a beam search over its own
    moves, the table standing still, keeping the ``width`` best positions each turn (by
    the shared judgement and a strong player's habits, less the tokens given back), the
    same position reached by two lines kept once. Past the ``deadline`` (a
    ``time.monotonic`` reading), ``RaceOutOfTime``."""
    beam = [_Line(None, 0.0, 0.0, state)]
    for turn in range(1, most_turns + 1):
        reached: dict[object, _Line] = {}
        for line in beam:
            if deadline is not None and clock() >= deadline:
                raise RaceOutOfTime
            finished = _extend(line, seat, reached)
            if finished is not None:
                return turn, finished
        if not reached:
            break
        beam = sorted(reached.values(), key=lambda line: line.score, reverse=True)[:width]
    return most_turns + 1, beam[0].first if beam else None


def racing_moves(state: GameState) -> list[Command]:
    """The moves a race may make: all the legal ones but reserving a deck's top card. The
    race runs on one deal of the hidden cards, where a deck's top card is known; a line
    that reserves it counts on a card the bot cannot see. With both modules, over 26 games
    against medium, 23 of the race's 35 reservations were of a deck's top card."""
    return [
        command
        for command in legal_commands(state)
        if not (isinstance(command, Reserve) and isinstance(command.place, DeckTop))
    ]


def _extend(line: _Line, seat: int, reached: dict[object, _Line]) -> Command | None:
    """Every racing move from the line's position, the better line kept for each position
    reached; the first move of a line that reaches the winning score, if one does."""
    for command in racing_moves(line.state):
        after, returned = move_and_returns(line.state, seat, command)
        first = line.first if line.first is not None else command
        player = after.players[seat]
        if player.points >= after.rules.points_to_win:
            return first
        if after.is_over:
            continue
        wasted = line.wasted + RETURNED_TOKEN * returned
        score = evaluate(after, seat) + habits(after, seat, NOBLE_PULL_BEFORE) - wasted
        key = (player.tokens, player.bonuses, player.points, len(player.reserved), after.rows)
        if key not in reached or reached[key].score < score:
            reached[key] = _Line(first, wasted, score, after if after.current == seat else turn_again(after, seat))
    return None


def closing_move(
    view: GameState,
    rng: random.Random,
    deadline: float | None = None,
    finish_by: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Command | None:
    """The first move of the seat's fastest line to the winning score, on one deal of the
    hidden cards, when no opponent could get there within ``LEAD_TURNS`` turns of it;
    None when one could, outside the seat's main action, or when the ``deadline`` (a
    ``time.monotonic`` reading) comes first. Once the race is on, nothing else is left
    to think about: its wider race may run on until ``finish_by`` (the deadline, unless
    given)."""
    if view.phase is not Phase.ACTION:
        return None
    deal = determinize(view, random.Random(rng.random()), standard_cards())
    try:
        first, turns = _uncaught_line(deal, view.current, deadline, clock)
    except RaceOutOfTime:
        return None
    if first is None:
        return None
    return _wider_line(deal, view.current, first, turns, finish_by if finish_by is not None else deadline, clock)


def _uncaught_line(
    deal: GameState, seat: int, deadline: float | None, clock: Callable[[], float]
) -> tuple[Command | None, int]:
    """The first move of the seat's fastest line and its turns, the move None if an
    opponent's race comes within ``LEAD_TURNS`` turns of it."""
    turns, first = fastest_line(deal, seat, deadline=deadline, clock=clock)
    if first is None or turns > MOST_TURNS:
        return None, turns
    within = turns + LEAD_TURNS - 1
    for other in range(len(deal.players)):
        if (
            other != seat
            and fastest_line(turn_again(deal, other), other, RIVAL_WIDTH, within, deadline, clock)[0] <= within
        ):
            return None, turns
    return first, turns


def _wider_line(
    deal: GameState, seat: int, first: Command, turns: int, deadline: float | None, clock: Callable[[], float]
) -> Command:
    """The first move of the line found keeping ``WIDE_RACE`` positions a turn, if that
    race ends before the deadline and is no slower than the narrow race's ``turns``; else
    the narrow race's ``first``. The wider race finds faster lines (alone, over 40 base
    deals with the fixed thought, 23.1 rounds to 15 on average instead of 24.2) but takes
    about twice as long, and timed it ran past its deadline in one race in three; the
    narrow race first says whether to race at all, with an answer to fall back on.
    (No opponent need be asked again: a faster line leaves them less time to catch up.)"""
    try:
        wide_turns, wide_first = fastest_line(deal, seat, WIDE_RACE, turns, deadline, clock)
    except RaceOutOfTime:
        return first
    return wide_first if wide_first is not None and wide_turns <= turns else first
