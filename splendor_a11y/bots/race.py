"""Racing to the winning score when no opponent can keep up: how a strong player closes
out a game won on tempo, and plays when nobody else is in the race.

The hard bot's search plans three turns and reckons with every answer the others may
make; that keeps it from counting on a card someone takes first, but it also keeps it
from seeing the fastest way to 15, which may be twenty turns long. When the bot, racing
alone, would reach the winning score at least ``LEAD_TURNS`` turns
before any opponent could racing alone from where they stand, their answers can no
longer catch it up, and it plays the first move of its fastest line instead.

It makes the bot reach 15 sooner alone and give fewer tokens back, at no cost in games
won at a table of two that a hundred games can tell; with more opponents it lost games
(each opponent's race was then reckoned more roughly than the bot's own, and one of
several is often close), so only a table of two races. The figures are in git's history
of this file and of the benchmarks.

Whether to race is reckoned on one imagined deal of the hidden cards, for the bot and
each opponent alike, each race keeping as many positions a turn (``RACE_WIDTH``; the
opponent's fewer with a module in play, where positions are dearer), and
the line it plays is raced again, wider, on that deal. A line that counts only on the
cards in sight (every deck's cards unknown, a card bought leaving its place empty)
reached 15 sooner alone, where a long line on one imagined deal buys cards that never
come (re-racing every turn alone, 22.95 turns keeping 30 positions a turn against 23.5
on a fresh imagined deal, and 22.4 keeping 120 against 23.85 keeping 250; seeing the
real cards, 22.8 and 21.25; 20 deals, seeds 20000 to 20019); but at a table of two,
where the race comes near the end, it won fewer games and took fewer nobles
(``WIDER_RACES``), and was given up. Reckoning the opponents' races in sight as well
would have the bot race at a table of two where the cards to come could still bring an
opponent level; tried, it won 20 of 50 games against the hard bot before, where the bot
as it was had won 28 on the same seeds.

A race can be long (with the modules' choices, a few seconds in the slowest
positions), so a timed bot gives it a deadline, on its own clock (``clock``): a race
that has not found its answer by then is given up, as if an opponent could keep up, and
the search decides. Once the race is on there is nothing else to think about: the
wider races may run to the end of the move's time.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from splendor_a11y.bots.clock import Clock
from splendor_a11y.bots.evaluation import evaluate
from splendor_a11y.bots.habits import RETURNED_TOKEN, habits, move_and_returns
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.domain.notation import DeckTop
from splendor_a11y.engine import (
    Command,
    GameState,
    Phase,
    Reserve,
    TakeGems,
    determinize,
    legal_commands,
    turn_again,
)

__all__ = [
    "LEAD_TURNS",
    "MODULE_RIVAL_WIDTH",
    "RACING_TABLE",
    "RaceOutOfTime",
    "closing_move",
    "fastest_line",
    "racing_moves",
]

RACING_TABLE = 2
"""The only number of players at which the bot races."""
RACE_WIDTH = 15
"""The bot's own race keeps this many best positions each turn, and so does the
opponent's, reckoned to see whether it is close (``_uncaught_line``). Keeping 5 for the
opponent's, the bot raced where it was not clearly ahead: on one deal, reckoned at 15,
the opponent's race came within a turn of the bot's on 20 of 62 of its races. At 15,
against the hard bot before, one second a move, 100 games (seeds 20000 to 20099), it
won 56 where it had won 46 and 51, with 0.81 nobles a game where 0.67; against the
rival, 82 where 65, with 0.66 nobles where 0.50 (docs/bot-lab.md, "Kept: the opponent's
race reckoned as the bot's own"). Playing alone (an opponent who never moves, far
behind either way) it is as fast as before. With a module in play the opponent's race
keeps fewer (``MODULE_RIVAL_WIDTH``)."""
MODULE_RIVAL_WIDTH = 5
"""With a module in play, the opponent's race keeps only this many positions a turn, as
it did in every game before the base game's was widened to ``RACE_WIDTH``. A module's
positions are judged two to three times as slowly, and with the Trading Posts the
opponent's race at 15 ran past the race's deadline on 19 of 148 decisions (2 of 143 at
5) and took 0.46 s of the second at the median (0.35 s), leaving the search too little
of it: over forty games against the hard bot before (seeds 20000 to 20039) the bot won
16 and took 0.42 nobles a game on a loaded machine, 21 and 0.70 on a less loaded one,
where keeping 5 it won 26 and took 0.78 (docs/bot-lab.md, "The rest of the one run")."""
WIDER_RACES = (30,)
"""Once the race is on, the bot races again on the same imagined deal, keeping each of
these many positions a turn in turn, for as long as the move's time allows, and plays
the fastest line's first move (``closing_move``). Racing again with only the cards in
sight (``decks_unknown``: a card bought leaving its place empty), keeping 30 to 240
positions a turn, reached 15 alone 1.4 rounds sooner, but at a table of two it won 83
of 100 games against medium with 0.86 nobles a game, where this won 90 with 1.17, and
46 of 100 against the hard bot before with 0.54 nobles, where this won 49 with 0.68
(docs/bot-lab.md)."""
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
    clock: Clock = time.monotonic,
) -> tuple[int, Command | None]:
    """The turns the seat needs to reach the winning score playing alone (``most_turns`` + 1
    if it cannot within them), and the first move of that line: a beam search over its own
    moves, the table standing still, keeping the ``width`` best positions each turn (by
    the shared judgement and a strong player's habits, less the tokens given back), the
    same position reached by two lines kept once; of the lines that get there in as few
    turns, the one that leaves the fewest cards reserved and never bought (``_extend``),
    then the one that reaches the most points (a noble on the way: ``_Finish.order``).
    Past the ``deadline`` (a reading of the ``clock``), ``RaceOutOfTime``."""
    beam = [_Line(None, 0.0, 0.0, state)]
    for turn in range(1, most_turns + 1):
        reached: dict[object, _Line] = {}
        finishes: list[_Finish] = []
        for line in beam:
            if deadline is not None and clock() >= deadline:
                raise RaceOutOfTime
            finishes.extend(_extend(line, seat, reached))
        if finishes:
            return turn, min(finishes, key=_Finish.order).first
        if not reached:
            break
        beam = sorted(reached.values(), key=lambda line: line.score, reverse=True)[:width]
    return most_turns + 1, beam[0].first if beam else None


def racing_moves(state: GameState) -> list[Command]:
    """The moves a race tries: buying, and taking gems that stay within the limit of the
    hand, while there is one; else any legal move but reserving a deck's top card, which
    the race does not know (when it ran on an imagined deal, with both modules, over 26
    games against medium, 23 of the race's 35 reservations were of a deck's top card).
    Reserving a card in sight, or taking gems only to give some back, made no line
    faster but doubled the race's time: on 40 deals seen whole, the race keeping 15
    positions a turn took 24.0 turns in 0.45 s with them, 23.7 in 0.21 s without the
    reservations, and keeping 60 positions without either 22.3 turns in about half a
    second (docs/bot-lab.md)."""
    sighted = [
        command
        for command in legal_commands(state)
        if not (isinstance(command, Reserve) and isinstance(command.place, DeckTop))
    ]
    quick = [command for command in sighted if not _slow(state, command)]
    return quick or sighted


def _slow(state: GameState, command: Command) -> bool:
    """A move a race need not try: a reservation, or gems taken over the limit of the hand."""
    if isinstance(command, Reserve):
        return True
    held = state.players[state.current].token_count
    return isinstance(command, TakeGems) and held + command.gems.total > state.rules.token_limit


@dataclass(frozen=True, slots=True)
class _Finish:
    """A line that reaches the winning score: its first move, the cards it leaves in the
    hand, never to be bought, and the points it reaches."""

    first: Command
    held: int
    points: int

    def order(self) -> tuple[int, int]:
        """Of lines as fast, the fewest cards left in the hand first, then the most points
        (a noble taken on the way: ``plan.finish_margin``)."""
        return self.held, -self.points


def _extend(line: _Line, seat: int, reached: dict[object, _Line]) -> list[_Finish]:
    """Every racing move from the line's position, the better line kept for each position
    reached; the lines that reach the winning score, if any do. Of lines as fast, the
    race plays the one that leaves the fewest cards in the hand (``fastest_line``): where
    a card in sight and a card reserved each won, it had bought the first it met, the card
    in sight, and the reserved card was left unbought."""
    finishes: list[_Finish] = []
    for command in racing_moves(line.state):
        after, returned = move_and_returns(line.state, seat, command)
        first = line.first if line.first is not None else command
        player = after.players[seat]
        if player.points >= after.rules.points_to_win:
            finishes.append(_Finish(first, len(player.reserved), player.points))
            continue
        if after.is_over:
            continue
        wasted = line.wasted + RETURNED_TOKEN * returned
        score = evaluate(after, seat) + habits(after, seat) - wasted
        key = (player.tokens, player.bonuses, player.points, len(player.reserved), after.rows)
        if key not in reached or reached[key].score < score:
            reached[key] = _Line(first, wasted, score, after if after.current == seat else turn_again(after, seat))
    return finishes


def closing_move(
    view: GameState,
    rng: random.Random,
    deadline: float | None = None,
    finish_by: float | None = None,
    clock: Clock = time.monotonic,
) -> Command | None:
    """The first move of the seat's fastest line to the winning score, when on one deal of
    the hidden cards no opponent could get there within ``LEAD_TURNS`` turns of it; None
    when one could, outside the seat's main action, or when the ``deadline`` (a reading of
    the ``clock``) comes first. Once the race is on, nothing else is left to think about:
    its wider races may run on until ``finish_by`` (the deadline, unless given)."""
    if view.phase is not Phase.ACTION:
        return None
    deal = determinize(view, random.Random(rng.random()), standard_cards())
    try:
        first, _ = _uncaught_line(deal, view.current, deadline, clock)
    except RaceOutOfTime:
        return None
    if first is None:
        return None
    return _wider_line(deal, view.current, first, finish_by if finish_by is not None else deadline, clock)


def _uncaught_line(deal: GameState, seat: int, deadline: float | None, clock: Clock) -> tuple[Command | None, int]:
    """The first move of the seat's fastest line and its turns, the move None if an
    opponent's race (as wide as the seat's, narrower with a module: ``MODULE_RIVAL_WIDTH``)
    comes within ``LEAD_TURNS`` turns of it."""
    turns, first = fastest_line(deal, seat, RACE_WIDTH, deadline=deadline, clock=clock)
    if first is None or turns > MOST_TURNS:
        return None, turns
    within = turns + LEAD_TURNS - 1
    rival_width = MODULE_RIVAL_WIDTH if deal.modules else RACE_WIDTH
    for other in range(len(deal.players)):
        if other == seat:
            continue
        if fastest_line(turn_again(deal, other), other, rival_width, within, deadline, clock)[0] <= within:
            return None, turns
    return first, turns


def _wider_line(deal: GameState, seat: int, first: Command, deadline: float | None, clock: Clock) -> Command:
    """The first move of the fastest line to the winning score on the deal, raced keeping
    each of ``WIDER_RACES`` positions a turn in turn for as long as the deadline allows
    (with no clock, all of them); ``first``, the narrow race's line, if no wider race gets
    there in time."""
    turns = MOST_TURNS
    for width in WIDER_RACES:
        try:
            wide_turns, wide_first = fastest_line(deal, seat, width, turns, deadline, clock)
        except RaceOutOfTime:
            break
        if wide_first is not None and wide_turns <= turns:
            first, turns = wide_first, wide_turns
    return first
