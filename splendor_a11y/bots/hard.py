"""The hard bot: a search over imagined deals that spends its thinking time where it
matters.

First, at a table of two, it sees whether it can race: when its fastest line to the
winning score, playing alone, gets there two turns before its opponent's could
(``race``), it plays that line's first move. Otherwise it searches, for what is left of
its time. A timed race that has not found its answer within ``RACE_SHARE`` of the time
is given up and left to the search; with less than ``RACE_FROM`` to think, it does not
race at all, and the search has the whole time.

It shortlists its best-looking moves by the medium bot's judgement, less the tokens each
gives back (ten, or three when it is short of time: ``NARROW_SHORTLIST``), adds the two
moves a careful player would choose (``CAREFUL_MOVES``; four short of time,
``SHORT_CAREFUL_MOVES``) and the reservation of any
face-up card that would take an opponent to the winning score (one move's look rates
that low), then deals the hidden cards at random from those it has not seen (a
determinization), plays each shortlisted move there, lets every opponent answer, plans
its own next three turns with the others answering each (two turns, on a narrower front,
with three opponents), and scores where the plan's best line ends against its strongest
opponent (a line that reaches the winning score, by how soon and then by the points
it reaches: ``plan.finish_margin``). How the opponents choose their answers changes
from deal to deal (``ANSWERS``): as the medium bot would, as a player who judges as
the hard bot does, or as a racer; each way is given deals by how often it has foreseen this table's opponents
so far (``foresight``), so that the search is tuned to the opponents it meets.
Deal after deal, every move still in the running is scored again; every few deals the
weaker half is dropped (successive halving), so the moves that stay close get the
most deals. With a clock, the halving stops at the two best moves, and the rest of the
time goes to telling those two apart, deal after deal; it stops when one is clearly the
better (further ahead than the spread of their scores can explain), when the next deal
would run past its time, or after the most deals it would ever use. Without one, it stops
when one move is left. Between moves whose scores tie exactly, as on a turn that cannot
change how the game ends, it buys a card from its hand first, then any card
(``_settling``).

It reserves no face-up card far out of its reach but to keep an opponent from winning
(``FAR_OUT_OF_REACH``) once its hand holds a card: the first card it reserves may be far,
a plan to build towards. Short of time (less than half a second to search, counted as
the base game's seconds: each module in play makes a position dearer to judge,
``_short_of_time``), it shortlists fewer moves, and reserves no far card at all but to
keep an opponent from winning; with modules in play it then plans two turns ahead
instead of three (``SHORT_PLAN``), so that it still plays its moves in more than one
deal.

Its time is a budget in seconds of thought (``think``, one second unless the player says
otherwise), counted on its thread's own processor time (``clock``), or, for recorded
games and tests (the fixed thought), the default second counted in positions judged, so
that the same seed always gives the same move.

Its judgement is the medium bot's with a strong player's habits added (``habits``): a
reserved card is worth what it will buy, so every card held takes a slot, one far out of
reach weighs more, and reserving a card its plan does not go on to buy costs the move
(more where the game ends with the card still in the hand, and more for each card
already held); tokens given back over ten were a turn wasted, and at a crowded table a
hand of tokens near the limit is marked down; a noble within reach steers which bonuses
to build; and a move that leaves it exactly where it was (taking tokens only to give
them back) is marked down, so that it never plays a position in a loop.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from splendor_a11y.bots.clock import Clock, Judgements, Stopwatch
from splendor_a11y.bots.evaluation import reach_gap, relative
from splendor_a11y.bots.foresight import Foresight
from splendor_a11y.bots.habits import move_and_waste
from splendor_a11y.bots.medium import finish_own_decisions
from splendor_a11y.bots.plan import Answer, answered, best_line, finish_margin, habitual_worth
from splendor_a11y.bots.race import RACING_TABLE, closing_move
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import DeckTop, HandSlot
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
    "NARROW_BELOW",
    "NARROW_SHORTLIST",
    "SHORT_CAREFUL_MOVES",
    "RACE_FROM",
    "RACE_SHARE",
    "THINK_SECONDS",
    "SearchBudget",
    "choose_hard",
    "ranked_moves",
    "budget_for",
    "DEFAULT_BUDGET",
]


THINK_SECONDS = 1.0
"""The hard bot's time a move, unless the player gives it another (``--think``)."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How long to think: the moves shortlisted, deals between two halvings, the most deals,
    the seconds allowed (None: no clock, the same move for the same seed), how many
    moves the halving leaves to share what time is left, and whether the seconds are
    counted in positions judged (``counted``: the same move for the same seed as well)
    rather than on the processor's clock."""

    shortlist: int = 10
    halve_every: int = 2
    most_deals: int = 400
    seconds: float | None = THINK_SECONDS
    finalists: int = 2
    counted: bool = False

    def clock(self, state: GameState) -> Clock:
        """A clock started now, that the budget's seconds are read on, for thought about
        the position (its modules and its number of players change how fast positions
        are judged)."""
        return Judgements(len(state.modules), len(state.players)) if self.counted else Stopwatch()

    @property
    def processor_seconds(self) -> float | None:
        """The seconds for a thinker that judges positions its own way (the rival, the
        benchmarks' planner) and so reads the processor's clock: None with no clock, and
        for the fixed thought too, whose count of positions judged such a thinker would
        never move; with None it thinks its own fixed amount."""
        return None if self.counted else self.seconds


FIXED_BUDGET = SearchBudget(counted=True)
"""A fixed amount of thought, the same on every machine: for recorded games and tests.
The default second, counted in positions judged (``clock.Judgements``) rather than on
the processor's clock, so that it thinks as much as the second and for as long, with
the modules as without. (It was the default second's shortlist told apart over sixteen
deals, with a race that had no clock: about the second's time in base games, but with
all three modules one game against medium had taken 26 minutes of the processor when it
was stopped; docs/bot-lab.md.)"""

DEFAULT_BUDGET = SearchBudget()
"""A second a move, as at the prompt when the player says nothing."""


def budget_for(seconds: float | None) -> SearchBudget:
    """The budget of ``--think``: seconds a move, or None for the fixed thought (the
    default second counted in positions judged). A budget is a value each bot is given,
    never a setting of the process, so that bots thinking at once in several threads
    never share one."""
    return SearchBudget(seconds=seconds) if seconds is not None else FIXED_BUDGET


UNBOUGHT_RESERVATION = 0.5
"""A card reserved that the plan's best line does not buy: the turn spent on it bought
nothing the plan can see but a gold token (keeping a card from an opponent shows in
their answers). Over 120 two-player games against medium with the fixed thought, the
reservations never bought fell from 1.15 to 0.83 a game and the games won rose from 114
to 116; at 1.0 they fell to 0.87, but only 109 games were won."""


HELD_AT_THE_END = 2.0
"""A card reserved now that is still in the hand where the line ends, the game over: a
reservation never bought, for certain, and its turn spent on a card that made no
difference to how the game ended (where it did, the win or the loss outweighs this).
Late in a game against strong opponents, most of the reservations the bot never bought
were made in its last rounds, where the plan sees the game end and a card left in the
hand cost nothing. Against the rival, half a second a move, 80 games on the same seeds:
reservations never bought 1.50 a game without the cost, 1.04 with it (1.18 when run
again), and 68 games won instead of 54 (58 when run again: the games won are within the
noise of such runs); against the hard bot before, as many won and as many left in the
hand (docs/bot-lab.md)."""


CROWDED_HAND = 0.4
"""A reservation made with cards already in the hand, for each of them: a card reserved
beside others waits its turn to be bought, and the plan, seeing three turns ahead,
does not see it wait. Against the hard bot before, half a second a move, 100 games
(seeds 20200 to 20299), the reservations made with one card already held that were
never bought fell from 46 to 20, the early ones made with two held from 84 to 48:
never bought 1.34 a game instead of 1.47, tokens given back 1.26 instead of 1.40,
nobles 0.44 instead of 0.36, and as many games won (43). Against the rival, 80 games,
it hardly shows (never bought 1.12 instead of 1.16, 62 won instead of 57). A flat cost
on every reservation (0.4) left as many cards unbought and more tokens given back
(1.58); 0.8 a card held, run beside 0.4, left as many unbought and gave back more
tokens (1.51 instead of 1.19); docs/bot-lab.md."""


def _crowding(state: GameState, seat: int, command: Command) -> float:
    """What reserving costs for the cards already in the hand (``CROWDED_HAND`` each);
    nothing for any other move."""
    return CROWDED_HAND * len(state.players[seat].reserved) if isinstance(command, Reserve) else 0.0


def _after_round(
    state: GameState, seat: int, command: Command, answer: Answer, shape: tuple[int, int] | None = None
) -> float:
    """Play ``command`` and the opponents' answers (``answer``), then plan our next turns; score
    the plan's best against the strongest opponent. A card reserved now that is still in
    the hand where the line ends costs the move (``UNBOUGHT_RESERVATION``; more if the
    game is over by then, ``HELD_AT_THE_END``), and a reservation beside cards already
    held costs more (``CROWDED_HAND``)."""
    crowding = _crowding(state, seat, command)
    state, penalty = move_and_waste(state, seat, command)
    penalty += crowding
    reserved = state.players[seat].reserved[-1].card if isinstance(command, Reserve) else None
    state = answered(state, seat, answer)
    if state.is_over:
        won = finish_margin(state, seat) if seat in state.winners else 0.0
        return relative(state, seat) + won - penalty - _left_in_hand(state, seat, reserved)
    score, ending = best_line(state, seat, answer, shape)
    return score - penalty - _left_in_hand(ending, seat, reserved)


def _left_in_hand(ending: GameState, seat: int, card: Card | None) -> float:
    """What a card reserved on the move costs where its line ends: nothing once bought (or
    when no card was reserved), ``UNBOUGHT_RESERVATION`` while the game goes on and the
    plan may yet buy it, ``HELD_AT_THE_END`` when the game is over."""
    if card is None or all(held.card != card for held in ending.players[seat].reserved):
        return 0.0
    return HELD_AT_THE_END if ending.is_over else UNBOUGHT_RESERVATION


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

    def rank(self) -> tuple[float, int, int]:
        """Best mean first; on a tie, a purchase (``_settling``), then the move that looked
        best before the search."""
        return (self.mean, _settling(self.command), -self.order)


def _settling(command: Command) -> int:
    """How the bot breaks an exact tie: a card bought from its hand first, then any card
    bought, then the rest. Means tie exactly only where the turn cannot change how the game
    ends (every deal scores the win or the loss alike): there the bot had played the
    shortlist's first move, most often a take of gems, and left cards it could pay for in
    its hand; a player with nothing left to play for buys what they reserved."""
    if not isinstance(command, Buy):
        return 0
    return 2 if isinstance(command.place, HandSlot) else 1


def ranked_moves(
    view: GameState, rng: random.Random, budget: SearchBudget | None = None, foresight: Foresight | None = None
) -> list[tuple[float, Command]]:
    """The shortlisted moves with their average searched value, best first (the moves
    dropped along the way after those still in the running); ``DEFAULT_BUDGET`` when no
    budget is given. The opponents answer each deal the way ``foresight`` deals it (every
    way in turn when nothing has been watched yet)."""
    pace = _pace(budget or DEFAULT_BUDGET, view)
    budget = pace.budget
    clock = budget.clock(view)
    seat = view.current
    commands = legal_commands(view)
    if len(commands) == 1:
        return [(0.0, commands[0])]
    first = determinize(view, random.Random(rng.random()), standard_cards())
    running = [_Candidate(command, order) for order, command in enumerate(_shortlist(first, seat, commands, pace))]
    dropped: list[_Candidate] = []
    answers = (foresight or Foresight()).answers()
    deal, deals, scored = first, 0, 0
    while True:
        played = _score_deal(deal, seat, running, pace, clock, deals, next(answers))
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
        if _out_of_time(budget, clock, scored, len(running)):
            break
        deal = determinize(view, random.Random(rng.random()), standard_cards())
    running.sort(key=_Candidate.rank, reverse=True)
    return [(candidate.mean, candidate.command) for candidate in running + dropped]


NARROW_BELOW = 0.5
"""With less than this many seconds to search, counted as the base game's
(``_short_of_time``), the search is short of time."""
NARROW_SHORTLIST = 3
"""The moves shortlisted (``_Looked.looks``) for a search with little time (``NARROW_BELOW``):
fewer moves, more deals each, so that the choice is less a matter of chance; a careful
player's moves make up the rest (``SHORT_CAREFUL_MOVES``). Five, with the careful
player's two, against the hard bot before with a quarter of a second (it keeping its
second), 50 games on the same seeds (20000 to 20049, 2026-11-29): 27 won instead of 17,
nobles 0.58 instead of 0.38, reservations never bought 1.26 instead of 1.60, tokens
given back 0.50 instead of 0.90. Three, with four of the careful player's, against the
rival (100 games, seeds 20000 to 20099, 2026-12-04): 75 won where five won 71, nobles
0.67 where 0.46, never bought 0.62 where 1.06 (docs/bot-lab.md). With a second a move
it seldom applies in the base game: only when a race has left the search less than half
of it (in base games the race takes at most 0.45 s); with two modules in play a second
is short (``SHORT_PER_MODULE``)."""
SHORT_CAREFUL_MOVES = 4
"""How many of a careful player's moves (``_Looked.careful``) join the shortlist when the
search is short of time, where ``CAREFUL_MOVES`` join it otherwise. Short of time the
search scores its moves in a deal or two, and chooses among the moves it was given: a
careful player's judgement steers towards nobles and away from cards left in the hand,
medium's does not, and with medium's five and the careful two the bot took 0.46 nobles a
game against the rival and left 1.06 cards in the hand (``NARROW_SHORTLIST``)."""


@dataclass(frozen=True, slots=True)
class _Pace:
    """How a search goes about one position with its budget, settled once before it
    starts: whether it is short of time there (``_short_of_time``); the budget it keeps,
    with a shortlist of ``NARROW_SHORTLIST`` when short; and the plan's turns and width in
    its deals (``SHORT_PLAN`` with modules in play and short of time, else the plan's own:
    None)."""

    budget: SearchBudget
    short: bool
    shape: tuple[int, int] | None


def _pace(budget: SearchBudget, state: GameState) -> _Pace:
    """The search's pace in ``state`` with ``budget`` (``_Pace``)."""
    if not _short_of_time(budget, state):
        return _Pace(budget, short=False, shape=None)
    narrowed = replace(budget, shortlist=min(budget.shortlist, NARROW_SHORTLIST))
    return _Pace(narrowed, short=True, shape=SHORT_PLAN if state.modules else None)


CAREFUL_MOVES = 2
"""How many of the moves a careful player would choose (``habitual_score``) join the
shortlist. Medium's judgement ranks the forceful moves first, and the search needs them:
drawn up by the careful judgement alone, the shortlist left the bot giving back a third
of the tokens but losing seven to ten games in a hundred more against the hard bot
before. Given both, at half a second, 100 games (seeds 20200 to 20299): against the
hard bot before it won 50 (52 without), gave back 0.86 tokens a game (1.37) and left
1.56 reservations unbought (1.66); against the rival it won 75 (73), its habits much
the same (docs/bot-lab.md)."""


def _shortlist(state: GameState, seat: int, commands: list[Command], pace: _Pace) -> list[Command]:
    """The moves the search plays, best-looking first: the best few by medium's judgement
    less what each wastes (the budget's ``shortlist``; ``_Looked.looks``), then a careful
    player's best (``CAREFUL_MOVES``, or ``SHORT_CAREFUL_MOVES`` short of time) and the
    reservations that keep an opponent from
    winning (``_denials``) that are not among them. No card far out of reach is reserved
    but to keep an opponent from winning (``_within_reach``) short of time, or once the
    seat's hand holds a card."""
    far_allowed = not pace.short and not state.players[seat].reserved
    considered = commands if far_allowed else _within_reach(state, seat, commands)
    looked = [_looked(state, seat, command) for command in considered]
    shortlist = [move.command for move in sorted(looked, key=_Looked.looks, reverse=True)[: pace.budget.shortlist]]
    careful_moves = SHORT_CAREFUL_MOVES if pace.short else CAREFUL_MOVES
    careful = [move.command for move in sorted(looked, key=_Looked.careful, reverse=True)[:careful_moves]]
    for move in careful + _denials(state, seat, commands):
        if move not in shortlist:
            shortlist.append(move)
    return shortlist


SHORT_PLAN = (2, 2)
"""With modules in play and short of time, the plan's turns and the positions each goes
on from (``plan.best_line``), instead of three and three. With both modules at one
second, planning three turns, the search's first deal was cut short in 97 of 109
decisions (three games against medium, the fixed thought's clock): it scored about half
its shortlist, once, and chose among the first few moves of it. Planning two turns, it
played its moves in at least two deals in every one of six positions, and against the
bot before (20 games, seeds 20000 to 20019) won 14 where it won 10 planning three, with
1.20 nobles a game (0.80) and 0.50 cards left in the hand (1.00). In the base game a
quarter of a second scores the shortlist once planning three turns (78 decisions of 87),
and planning two took fewer nobles there (0.44 a game against 0.60 over 100 games
against the bot before; docs/bot-lab.md)."""


FAR_OUT_OF_REACH = 3
"""The gems a face-up card may still lack, once the reservation's gold is counted, for the
search short of time (``_short_of_time``), or with a card in the bot's hand, to reserve
it other than to keep an opponent from winning. With a quarter of a second, a card
reserved that far out was all but never bought: 12 left in the hand of 13, where of the
cards one gem away or none 7 of 43 were (20 games against the rival and the bot itself
with its second; docs/bot-lab.md). With the whole second, a first reservation may be
far. Held at every pace (96cded9, withdrawn the same day), the cards left in the
hand against the rival fell from 1.17 a game to 0.80 (64 games of 100 won, where 58
were), but against the hard bot before it won 90 games of 200 where the bot that weighed
them won 110 of the same 200. Held as now, against the rival it won 71 of the same
hundred and left 0.79 cards a game, and against the bot before 51 of the harder hundred
(where the bot that weighed them won 55 and 96cded9 41; docs/bot-lab.md).
A cost on such cards within the search's judgement instead (1.5 a gem beyond two) left
as many in the hand over two opponents (0.96 and 1.04 a game against the bot before and
the rival, where the bot left 1.26 and 0.88). Not weighed at all, at a quarter of a
second against the bot before over 100 games: 0.97 cards left a game (1.23), 0.60
nobles (0.51) and 47 games won (42). At two gems, against the rival over 100 games:
0.69 cards left (1.04), but 0.41 nobles (0.52) and 47 games won (69): cards two gems
away are the plans a quarter of a second still carries out."""


SHORT_PER_MODULE = 1.45
"""How many times shorter each module in play makes the search's seconds, for whether it
is short of time (``_short_of_time``): a second with two modules is short, with one it
is not. It was the fixed thought's count of how much dearer a module makes a position
(``clock.MODULE_SLOWS``, 1.45 on 2026-11-30), and play with the modules was measured
with it. Counted again on a machine that judges the base game's positions two and a
half times as fast and the modules' not so much faster, a module makes a position
about 2.1 times dearer (2026-12-02, docs/bot-lab.md): that would count one module's
second short as well, a change in play not measured, so the search keeps this."""


def _short_of_time(budget: SearchBudget, state: GameState) -> bool:
    """Whether the search has less than ``NARROW_BELOW`` seconds, counted as the base
    game's: each module in play makes them ``SHORT_PER_MODULE`` times shorter, so that a
    second with two modules buys what less than half a second buys without."""
    return budget.seconds is not None and budget.seconds / SHORT_PER_MODULE ** len(state.modules) < NARROW_BELOW


def _within_reach(state: GameState, seat: int, commands: list[Command]) -> list[Command]:
    """The moves, less the reservations of face-up cards still ``FAR_OUT_OF_REACH`` or
    more gems away once the reservation's gold is counted (all of them, if nothing else
    is left). A deck's top card is unknown to the bot, and stays."""
    near = [command for command in commands if not _reserves_far(state, seat, command)]
    return near or commands


def _reserves_far(state: GameState, seat: int, command: Command) -> bool:
    """Whether ``command`` reserves a face-up card ``FAR_OUT_OF_REACH`` or more gems out of
    the seat's reach, the gold it brings counted."""
    if not isinstance(command, Reserve) or isinstance(command.place, DeckTop):
        return False
    after = play_legal(state, command)[1]
    card = after.players[seat].reserved[-1].card
    return card is not None and reach_gap(card, after.players[seat], after.modules) >= FAR_OUT_OF_REACH


@dataclass(frozen=True, slots=True)
class _Looked:
    """A move as it looks before the search, played once and judged two ways: where it
    leaves the seat and what it wastes (``move_and_waste``)."""

    command: Command
    after: GameState
    seat: int
    wasted: float

    def looks(self) -> float:
        """Medium's one-move judgement, less the tokens the move gives back and a move
        that changes nothing, as the search will mark it down. Medium's judgement alone
        counts a take over ten as an exchange of colours: holding ten, every way of taking
        three and giving three back looked better than a cheap purchase, the shortlist
        held none but those, and the search chose among them (over 101 positions of ten
        games with two modules, the bot holding seven tokens or more: 21 moves giving back
        41 tokens, 20 of them with a purchase to be had; with this, 3 moves and 3 tokens;
        docs/bot-lab.md)."""
        return relative(self.after, self.seat) - self.wasted

    def careful(self) -> float:
        """A careful player's judgement of the move (``plan.habitual_score``)."""
        return habitual_worth(self.after, self.seat) - self.wasted


def _looked(state: GameState, seat: int, command: Command) -> _Looked:
    """The move played once, for the shortlist to judge two ways (``_Looked``)."""
    after, wasted = move_and_waste(state, seat, command)
    return _Looked(command, after, seat, wasted)


def _score_deal(
    deal: GameState, seat: int, running: list[_Candidate], pace: _Pace, clock: Clock, number: int, answer: Answer
) -> int:
    """Score the moves in the running on the search's deal ``number`` (from 0), in order,
    the opponents answering that deal's way (``answer``) and the plan of the
    search's pace (``_Pace.shape``); how many were scored. The first deal is timed move
    by move, since it plays the whole shortlist: with many moves and several opponents to
    answer, it alone could outlast the time, and it stops before the first move it has
    no time for."""
    for done, candidate in enumerate(running):
        if number == 0 and done and _out_of_time(pace.budget, clock, done, 1):
            return done
        candidate.scored(_after_round(deal, seat, candidate.command, answer, pace.shape))
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


def _out_of_time(budget: SearchBudget, clock: Clock, scored: int, coming: int) -> bool:
    """Whether scoring ``coming`` more moves (the next deal's, or in the first deal the
    next move) would take a timed search past its time, a move reckoned at the average of
    the ``scored`` so far. (Reckoned by the deal instead, the deals after a halving, half
    as long, looked as long as the first: at a table of four, with both modules, the
    search stopped after two deals of the whole shortlist with a third of its second
    left.)"""
    if budget.seconds is None:
        return False
    spent = clock()
    return spent + spent / scored * coming >= budget.seconds


RACE_SHARE = 0.8
"""The share of a timed move's budget the race may spend before it is given up: the
search then has the rest. With one second a move against medium (8 games each, the
processor's time, 2026-11-29), the race took 0.12 s at the median and at most 0.45 s in
base games; with both modules 0.17 s at the median but 0.81 s at the 95th percentile,
and it was given up at this deadline on 29 of 369 decisions. Before the race kept to
buying and taking within the limit (``race.racing_moves``), base games took 0.33 s at the
median, and with both modules up to 2.6 s."""
RACE_FROM = 0.5
"""The fewest seconds a move in which the bot races. With less, the race was given up
more often than not, and the search had what was left: with a quarter of a second a
move against medium (40 games), racing left 2.70 tokens given back a game, 1.43
reservations never bought and 0.57 nobles; not racing, 1.45, 1.05 and 0.65, and as many
games won (36)."""


def choose_hard(
    view: SeatView, rng: random.Random, budget: SearchBudget | None = None, foresight: Foresight | None = None
) -> Command:
    """The move of the bot's fastest line to the winning score when its one opponent
    cannot keep up (``race``; two players only), else the searched best move, searched
    for what is left of the time, the opponents imagined answering as ``foresight``
    deals their answers."""
    budget = budget or DEFAULT_BUDGET
    clock = budget.clock(view)
    if len(view.players) == RACING_TABLE and (budget.seconds is None or budget.seconds >= RACE_FROM):
        deadline = None if budget.seconds is None else RACE_SHARE * budget.seconds
        closing = closing_move(view, rng, deadline, budget.seconds, clock)
        if closing is not None:
            return closing
    if budget.seconds is not None:
        budget = replace(budget, seconds=budget.seconds - clock())
    return ranked_moves(view, rng, budget, foresight)[0][1]
