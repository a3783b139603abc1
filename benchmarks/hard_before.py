"""The hard bot as it was before it learnt to answer opponents that are not the medium
bot (commit 0e9d9b5), kept unchanged as a yardstick: ``benchmarks/bots.py --pool`` plays
the hard bot against it. It judges with the shared pieces of today's package
(``evaluation``, ``habits``, ``medium``), which have not changed how they judge since
but for two things: its steer towards nobles is that commit's, kept beside it
(``race_before.NOBLE_PULL_BEFORE``), where until 2026-12-01 it was the package's of the
day; and with the Strongholds, since 2026-12-01 a card under an opponent's strongholds is
out of its reach too, as for every bot (``evaluation``). It races with that commit's
race, kept beside it (``race_before``). (Until 2026-11-30
it raced with the package's race of the day, which has changed since: the yardstick
changed with it.)

What follows is that commit's ``splendor_a11y/bots/hard.py`` word for word, but for this
note and its clock: it reads its thread's processor time (``time.thread_time``) where it
read ``time.monotonic``, as every bot of the pool counts its time, and its race is given
that clock too; on the wall clock it would think less than the others whenever the
machine is busy. (Until 2026-11-27 the race was left on the wall clock, and its
deadlines, readings of the processor's, had always passed: the yardstick never raced.)

The hard bot: a search over imagined deals that spends its thinking time where it
matters.

First, at a table of two, it sees whether it can race: when its fastest line to the
winning score, playing alone, gets there two turns before its opponent's could
(``race``), it plays that line's first move. Otherwise it searches, for what is left of
its time. A timed race that has not found its answer within ``RACE_SHARE`` of the time
is given up and left to the search.

It shortlists its best-looking moves, and reserving any face-up card that would take an
opponent to the winning score (one move's look rates that low), then deals the hidden
cards at random from those it has not seen (a determinization), plays each shortlisted
move there, lets every opponent answer as the medium bot would, plans its own next three
turns with the others answering each the same way (two turns, on a narrower front, with
three opponents), and scores where the plan's best line ends against its strongest
opponent.
Deal after deal, every move still in the running is scored again; every few deals the
weaker half is dropped (successive halving), so the moves that stay close get the
most deals. With a clock, the halving stops at the two best moves, and the rest of the
time goes to telling those two apart, deal after deal; it stops when one is clearly the
better (further ahead than the spread of their scores can explain), when the next deal
would run past its time, or after the most deals it would ever use. Without one, it stops
when one move is left.

Its time is a budget in seconds (``think``, one second unless the player says otherwise),
or, for recorded games and tests, a fixed number of deals with no clock, so that the same
seed always gives the same move.

Its judgement is the medium bot's with a strong player's habits added (``habits``): a
reserved card is worth what it will buy, so every card held takes a slot, one far out of
reach weighs more, and reserving a card its plan does not go on to buy costs the move;
tokens given back over ten were a turn wasted, and at a crowded table a hand of tokens
near the limit is marked down; a noble within reach steers which bonuses to build; and a
move that leaves it exactly where it was (taking tokens only to give them back) is
marked down, so that it never plays a position in a loop.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace

from race_before import NOBLE_PULL_BEFORE, RACING_TABLE, closing_move

from splendor_a11y.bots.evaluation import best_opponent, evaluate, relative
from splendor_a11y.bots.habits import RETURNED_TOKEN, habits, hoarded, move_and_returns
from splendor_a11y.bots.medium import STALL, finish_own_decisions, greedy_command, greedy_score
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.engine import (
    Buy,
    Command,
    GameState,
    Reserve,
    SeatView,
    determinize,
    legal_commands,
    play_legal,
    turn_again,
)

__all__ = [
    "FIXED_BUDGET",
    "RACE_SHARE",
    "THINK_SECONDS",
    "SearchBudget",
    "best_line",
    "choose_hard",
    "plan_habits",
    "plan_shape",
    "ranked_moves",
    "budget_for",
    "DEFAULT_BUDGET",
]


THINK_SECONDS = 1.0
"""The hard bot's time a move, unless the player gives it another (``--think``)."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How long to think: the moves shortlisted, deals between two halvings, the most deals,
    the seconds allowed (None: no clock, the same move for the same seed), and how many
    moves the halving leaves to share what time is left."""

    shortlist: int = 10
    halve_every: int = 2
    most_deals: int = 400
    seconds: float | None = THINK_SECONDS
    finalists: int = 2


FIXED_BUDGET = SearchBudget(shortlist=8, halve_every=2, most_deals=8, seconds=None, finalists=1)
"""A fixed amount of thought, the same on every machine: for recorded games and tests."""

DEFAULT_BUDGET = SearchBudget()
"""A second a move, as at the prompt when the player says nothing."""


def budget_for(seconds: float | None) -> SearchBudget:
    """The budget of ``--think``: seconds a move, or None for the fixed amount of thought
    with no clock. A budget is a value each bot is given, never a setting of the process,
    so that bots thinking at once in several threads never share one."""
    return SearchBudget(seconds=seconds) if seconds is not None else FIXED_BUDGET


PLAN_TURNS = 3
"""How many of its own turns the bot plans at the end of a round it imagines."""
PLAN_WIDTH = 3
"""How many of the best positions each planned turn goes on from."""
CROWDED_TABLE = 4
"""From this many players the plan is narrowed to ``CROWDED_PLAN``: with three opponents
answering every planned turn, the full plan took so long that a second a move scored
only a few of the shortlisted moves: with both modules the bot won 21 of 40 games
against three medium bots, and 30 with the narrow plan."""
CROWDED_PLAN = (2, 1)
"""Turns planned, and positions each planned turn goes on from, at a crowded table."""
UNBOUGHT_RESERVATION = 0.5
"""A card reserved that the plan's best line does not buy: the turn spent on it bought
nothing the plan can see but a gold token (keeping a card from an opponent shows in
their answers). Over 120 two-player games against medium with the fixed thought, the
reservations never bought fell from 1.15 to 0.83 a game and the games won rose from 114
to 116; at 1.0 they fell to 0.87, but only 109 games were won."""
PLANNED_FINISH = 500.0
"""Reaching the winning score within the plan: less than a game won, more than anything
else; a turn sooner is worth a point more."""


def plan_habits(state: GameState, seat: int) -> float:
    """The habits the plan judges a position by (``habits``), and at a crowded table the
    hand of tokens near the limit too (``hoarded``). There the plan looks only two turns
    ahead, too few to see tokens turn into cards, and with three opponents the cards the
    tokens bring near are often bought first: with both modules, over 40 four-player games
    against medium (fixed thought), the bot gave back 1.98 tokens a game and won 24; with
    the mark-down, 0.93 and 36 (in the base game, over 80: 1.71 and 44, against 1.58 and
    40, as close as 80 games can tell). At a table of two, where the plan sees three turns
    and the race sees to the end, it won no more: 65 of 70 base and module games, against
    68, and gave back more tokens."""
    value = habits(state, seat, NOBLE_PULL_BEFORE)
    if _crowded(len(state.players)) and not state.is_over:
        value -= hoarded(state.players[seat])
    return value


def plan_shape(players: int) -> tuple[int, int]:
    """The turns the plan looks ahead and the positions each goes on from, for a table of
    that many players."""
    return CROWDED_PLAN if _crowded(players) else (PLAN_TURNS, PLAN_WIDTH)


def _crowded(players: int) -> bool:
    """Whether a table of that many players is crowded: the plan narrowed there, and the
    hand of tokens near the limit marked down, since the narrow plan cannot see it spent."""
    return players >= CROWDED_TABLE


def _planned_score(state: GameState, seat: int, turn: int) -> float:
    """How good a position reached on the plan's ``turn`` (from 0) is for the seat, against
    its strongest opponent."""
    if state.is_over:
        return evaluate(state, seat)
    if state.players[seat].points >= state.rules.points_to_win:
        return PLANNED_FINISH - turn
    return evaluate(state, seat) + plan_habits(state, seat) - best_opponent(state, seat)


def _plan_goes_on(state: GameState, seat: int) -> bool:
    return not state.is_over and state.players[seat].points < state.rules.points_to_win


def answered(state: GameState, seat: int) -> GameState:
    """The table when the seat's turn comes round again, every other player having answered
    as the medium bot would."""
    while not state.is_over and state.current != seat:
        state = play_legal(state, greedy_command(state))[1]
    return state


def best_line(state: GameState, seat: int) -> tuple[float, GameState]:
    """The most the seat can make of its next few turns, the others answering each as the
    medium bot would: a beam search over its own moves, going on from the best few
    positions of each turn. Looking several turns ahead is what makes it save for a card
    worth points rather than buy the cheap one in front of it, and buy the cards it
    reserved; letting the others move in between keeps it from counting on a card they
    would take first, or on gems they would leave short. A line is judged where it ends:
    after the plan's last turn, or where the game is decided, once the others have
    answered wherever their answer may end it: reaching the winning score counts only if
    the round then ends with the seat ahead, and a line an opponent wins counts as lost.
    (Judged by the best position on any of its turns, a line that would go on to buy
    nothing looked as good as one that buys, and a turn's positions, before the others
    answer, often looked better than what came after, the line's end unseen: with the
    fixed thought, over 120 two-player games against medium, 110 won and 1.16
    reservations a game left unbought; judged where it ends, 114 and 0.82.)
    Reservations are left out of the plan: counting on their gold, it reserved more and
    bought fewer. Where the plan has no move, the position is judged as it stands. At a
    crowded table the plan is narrower (``plan_shape``). With the score comes the
    position the best line ends in."""
    plan = _Plan()
    frontier = [state]
    turns, width = plan_shape(len(state.players))
    for turn in range(turns):
        reached = _own_turn(frontier, seat, turn)
        if not reached:
            break
        frontier = plan.turn_played(reached[:width], seat, turn, last=turn == turns - 1)
        if not frontier:
            break
    best = plan.best()
    if best is None:
        return relative(state, seat) + plan_habits(state, seat), state
    return best


@dataclass
class _Plan:
    """The ends of the lines a plan has followed: the best line the game decided, and the
    best position of the last turn reached, where the lines still going on end."""

    decided: tuple[float, GameState] | None = None
    deepest: tuple[float, GameState] | None = None

    def turn_played(self, kept: list[tuple[float, GameState]], seat: int, turn: int, *, last: bool) -> list[GameState]:
        """Take in one planned turn's best positions; the others' answers to those the
        plan goes on from."""
        self.deepest = None
        frontier = []
        for score, after in kept:
            answer = _answer_if_needed(after, seat, last)
            if answer is not None and answer.is_over:
                self.decided = _better(self.decided, (_finished(answer, seat, turn), answer))
            elif not _plan_goes_on(after, seat):
                self.decided = _better(self.decided, (score, after))
            else:
                self.deepest = _better(self.deepest, (score, after))
                if answer is not None:
                    frontier.append(answer)
        return frontier

    def best(self) -> tuple[float, GameState] | None:
        """The best end of any line followed, None if the plan had no move."""
        return _better(self.decided, self.deepest)


def _better(
    one: tuple[float, GameState] | None, other: tuple[float, GameState] | None
) -> tuple[float, GameState] | None:
    """The higher scored of two line ends, either of which may be missing; the first on a tie."""
    if one is None or (other is not None and other[0] > one[0]):
        return other
    return one


def _own_turn(frontier: list[GameState], seat: int, turn: int) -> list[tuple[float, GameState]]:
    """Every position the seat's next move (not a reservation) reaches from each of the
    frontier's, scored, best first."""
    reached = [
        (_planned_score(after, seat, turn), after)
        for position in frontier
        for after in (
            finish_own_decisions(play_legal(position, command)[1], seat)
            for command in legal_commands(position)
            if not isinstance(command, Reserve)
        )
    ]
    reached.sort(key=lambda scored: scored[0], reverse=True)
    return reached


def _answer_if_needed(after: GameState, seat: int, last: bool) -> GameState | None:
    """The others' answer to a planned move, where some use is made of it: another turn of
    the plan follows, or the seat reached the winning score and the round's end decides.
    After the plan's last turn the others' answers would go unused."""
    if after.is_over or (last and _plan_goes_on(after, seat)):
        return None
    return answered(after, seat)


def _finished(state: GameState, seat: int, turn: int) -> float:
    """A game the plan saw end on its ``turn``: the planned finish if the seat won, as bad
    the other way if it lost (a turn later is a point less bad)."""
    return PLANNED_FINISH - turn if seat in state.winners else -PLANNED_FINISH + turn


def _after_round(state: GameState, seat: int, command: Command) -> float:
    """Play ``command`` and the opponents' medium answers, then plan our next turns; score
    the plan's best against the strongest opponent. A card reserved now that the plan's
    best line leaves in the hand costs the move (``UNBOUGHT_RESERVATION``)."""
    before = state.players[seat]
    state, returned = move_and_returns(state, seat, command)
    penalty = RETURNED_TOKEN * returned + (STALL if state.players[seat] == before else 0.0)
    reserved = state.players[seat].reserved[-1].card if isinstance(command, Reserve) else None
    state = answered(state, seat)
    if state.is_over:
        return relative(state, seat) - penalty
    score, ending = best_line(state, seat)
    if reserved is not None and _still_held(ending, seat, reserved):
        penalty += UNBOUGHT_RESERVATION
    return score - penalty


def _still_held(state: GameState, seat: int, card: Card) -> bool:
    """Whether the card is in the seat's hand still, the game going on."""
    return not state.is_over and any(held.card == card for held in state.players[seat].reserved)


@dataclass
class _Candidate:
    """A move in the running, with the sum of its scores over the deals it was played in."""

    command: Command
    order: int
    total: float = 0.0
    squares: float = 0.0
    deals: int = 0

    def scored(self, score: float) -> None:
        """Count one more deal's score."""
        self.total += score
        self.squares += score * score
        self.deals += 1

    @property
    def mean(self) -> float:
        return self.total / self.deals if self.deals else float("-inf")

    @property
    def uncertainty(self) -> float:
        """How far the mean may be from the truth: its standard error (none known before
        two deals)."""
        if self.deals < 2:
            return math.inf
        variance = max(0.0, (self.squares - self.total * self.mean) / (self.deals - 1))
        return math.sqrt(variance / self.deals)

    def rank(self) -> tuple[float, int]:
        """Best mean first; on a tie, the move that looked best before the search."""
        return (self.mean, -self.order)


def ranked_moves(
    view: GameState, rng: random.Random, budget: SearchBudget | None = None
) -> list[tuple[float, Command]]:
    """The shortlisted moves with their average searched value, best first (the moves
    dropped along the way after those still in the running); ``DEFAULT_BUDGET`` when no
    budget is given."""
    budget = budget or DEFAULT_BUDGET
    started = time.thread_time()
    seat = view.current
    commands = legal_commands(view)
    if len(commands) == 1:
        return [(0.0, commands[0])]
    first = determinize(view, random.Random(rng.random()), standard_cards())
    shortlist = sorted(commands, key=lambda c: greedy_score(first, c), reverse=True)[: budget.shortlist]
    shortlist += [denial for denial in _denials(first, seat, commands) if denial not in shortlist]
    running = [_Candidate(command, order) for order, command in enumerate(shortlist)]
    dropped: list[_Candidate] = []
    deal, deals, scored = first, 0, 0
    while True:
        played = _score_deal(deal, seat, running, budget, started, first=deals == 0)
        deals += 1
        scored += played
        if played < len(running):
            running, dropped = running[:played], running[played:]
            break
        if deals >= budget.most_deals:
            break
        if deals % budget.halve_every == 0 and len(running) > budget.finalists:
            running.sort(key=_Candidate.rank, reverse=True)
            keep = (len(running) + 1) // 2
            dropped = running[keep:] + dropped
            running = running[:keep]
        if len(running) == 1 and deals >= budget.halve_every:
            break
        if budget.seconds is not None and _settled(running):
            break
        if _out_of_time(budget, started, scored, len(running)):
            break
        deal = determinize(view, random.Random(rng.random()), standard_cards())
    running.sort(key=_Candidate.rank, reverse=True)
    return [(candidate.mean, candidate.command) for candidate in running + dropped]


def _score_deal(
    deal: GameState, seat: int, running: list[_Candidate], budget: SearchBudget, started: float, *, first: bool
) -> int:
    """Score the moves in the running on one more deal, in order; how many were scored.
    The first deal is timed move by move, since it plays the whole shortlist: with many
    moves and several opponents to answer, it alone could outlast the time, and it stops
    before the first move it has no time for."""
    for done, candidate in enumerate(running):
        if first and done and _out_of_time(budget, started, done, 1):
            return done
        candidate.scored(_after_round(deal, seat, candidate.command))
    return len(running)


def _denials(state: GameState, seat: int, commands: list[Command]) -> list[Command]:
    """Reserving a face-up card that would take an opponent to the winning score if it
    were their turn now. The one-move judgement that draws up the shortlist sees little
    in a card reserved only to keep it from someone else, yet that card may be their win:
    the search is given the move to judge."""
    reservations: dict[object, Command] = {
        command.place: command for command in commands if isinstance(command, Reserve)
    }
    found: list[Command] = []
    for other in range(len(state.players)):
        if other == seat:
            continue
        their_turn = turn_again(state, other)
        for command in legal_commands(their_turn):
            denial = reservations.get(command.place) if isinstance(command, Buy) else None
            if denial is None or denial in found:
                continue
            after = finish_own_decisions(play_legal(their_turn, command)[1], other)
            if after.players[other].points >= state.rules.points_to_win:
                found.append(denial)
    return found


SETTLED_DEALS = 6
"""The fewest deals each of the last two moves is played in before the search may stop
early because one is clearly better."""
SETTLED_MARGIN = 3.0
"""How many standard errors apart the last two moves must be for that."""


def _settled(running: list[_Candidate]) -> bool:
    """Whether the last two moves are told apart: each played in enough deals, and their
    means further apart than their uncertainty can explain. A timed search then gives the
    rest of its time back instead of dealing on."""
    if len(running) != 2 or min(candidate.deals for candidate in running) < SETTLED_DEALS:
        return False
    first, second = running
    return abs(first.mean - second.mean) >= SETTLED_MARGIN * math.hypot(first.uncertainty, second.uncertainty)


def _out_of_time(budget: SearchBudget, started: float, scored: int, coming: int) -> bool:
    """Whether scoring ``coming`` more moves (the next deal's, or in the first deal the
    next move) would take a timed search past its time, a move reckoned at the average of
    the ``scored`` so far. (Reckoned by the deal instead, the deals after a halving, half
    as long, looked as long as the first: at a table of four, with both modules, the
    search stopped after two deals of the whole shortlist with a third of its second
    left.)"""
    if budget.seconds is None:
        return False
    spent = time.thread_time() - started
    return spent + spent / scored * coming >= budget.seconds


RACE_SHARE = 0.8
"""The share of a timed move's budget the race may spend before it is given up: the
search then has the rest. Racing with one second a move, the race took 0.33 s at the
median and 0.78 s at the 99th percentile in base games, but with both modules 1.5 s at
the 95th and up to 2.6 s."""


def choose_hard(view: SeatView, rng: random.Random, budget: SearchBudget | None = None) -> Command:
    """The move of the bot's fastest line to the winning score when its one opponent
    cannot keep up (``race``; two players only), else the searched best move, searched
    for what is left of the time."""
    started = time.thread_time()
    budget = budget or DEFAULT_BUDGET
    if len(view.players) == RACING_TABLE:
        deadline = None if budget.seconds is None else started + RACE_SHARE * budget.seconds
        finish_by = None if budget.seconds is None else started + budget.seconds
        closing = closing_move(view, rng, deadline, finish_by, time.thread_time)
        if closing is not None:
            return closing
    if budget.seconds is not None:
        budget = replace(budget, seconds=budget.seconds - (time.thread_time() - started))
    return ranked_moves(view, rng, budget)[0][1]
