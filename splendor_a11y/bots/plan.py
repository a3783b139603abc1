"""The hard bot's plan: the most a seat can make of its next few turns, the others
answering each, judged where the best line ends; and the ways the search imagines its
opponents choosing those answers (``ANSWERS``). The search (``hard``) scores each move it
considers by the plan that follows it, deal after deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from splendor_a11y.bots.evaluation import best_opponent, evaluate, reach_gap, relative
from splendor_a11y.bots.habits import habits, hoarded, move_and_waste
from splendor_a11y.bots.medium import finish_own_decisions, greedy_command
from splendor_a11y.engine import Buy, Command, GameState, Phase, Reserve, TakeGems, legal_commands, play_legal

__all__ = [
    "ANSWERS",
    "FINISH_POINT",
    "FINISH_POINTS_COUNTED",
    "PLANNED_FINISH",
    "Answer",
    "answered",
    "best_line",
    "finish_margin",
    "habitual_command",
    "habitual_score",
    "habitual_worth",
    "plan_habits",
    "plan_shape",
    "racing_command",
]


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
PLANNED_FINISH = 500.0
"""Reaching the winning score within the plan: less than a game won, more than anything
else; a turn sooner is worth a point more."""
FINISH_POINT = 0.1
"""Each point beyond the winning score where a line reaches it (``finish_margin``)."""
FINISH_POINTS_COUNTED = 9
"""The most points beyond the winning score a finish counts: its margin stays under the
point a turn sooner is worth."""


def finish_margin(state: GameState, seat: int) -> float:
    """What a finish is worth beyond finishing: ``FINISH_POINT`` for each point over the
    winning score (at most ``FINISH_POINTS_COUNTED``). Of two lines that finish as soon,
    the one that takes a noble on the way is the better; a turn sooner is better still.
    Every finish counted the same, and most games against strong opponents ended with
    both players a bonus or two from a noble still on the table. Against the rival, one
    second a move, 100 games (seeds 20000 to 20099): nobles 0.63 a game where 0.48, 76
    games won where 71, as many against the hard bot before (51 of 100;
    docs/bot-lab.md, "A finish counts its points")."""
    over = state.players[seat].points - state.rules.points_to_win
    return FINISH_POINT * min(over, FINISH_POINTS_COUNTED)


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
    value = habits(state, seat)
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
        return PLANNED_FINISH - turn + finish_margin(state, seat)
    return evaluate(state, seat) + plan_habits(state, seat) - best_opponent(state, seat)


def _plan_goes_on(state: GameState, seat: int) -> bool:
    return not state.is_over and state.players[seat].points < state.rules.points_to_win


Answer = Callable[[GameState], Command]
"""How an imagined opponent chooses its move in a position where it is to play."""


def answered(state: GameState, seat: int, answer: Answer = greedy_command) -> GameState:
    """The table when the seat's turn comes round again, every other player having answered
    as ``answer`` says (the medium bot's choice unless told)."""
    while not state.is_over and state.current != seat:
        state = play_legal(state, answer(state))[1]
    return state


def habitual_command(state: GameState) -> Command:
    """The action the player to move would choose judging one move as the hard bot's plan
    judges a position (``_planned_score``: the shared judgement, a strong player's
    habits, reaching the winning score), less the tokens it gives back and a move that
    changes nothing; its other decisions as the medium bot makes them. A strong player
    builds towards nobles and keeps few cards in hand, which the medium bot does not."""
    if state.phase is not Phase.ACTION:
        return greedy_command(state)
    return max(legal_commands(state), key=lambda command: habitual_score(state, command))


def habitual_score(state: GameState, command: Command) -> float:
    """One move judged as a strong player judges it (``habitual_command``): where it leaves
    the mover by the plan's judgement, less what it wastes."""
    mover = state.current
    after, wasted = move_and_waste(state, mover, command)
    return habitual_worth(after, mover) - wasted


def habitual_worth(after: GameState, mover: int) -> float:
    """Where a move left the mover, as a strong player judges it (``habitual_score``, before
    what the move wasted): for a caller that has played the move already."""
    return _planned_score(after, mover, 0)


def racing_command(state: GameState) -> Command:
    """The action a player racing to the winning score would choose: the purchase worth
    the most points (bonuses breaking a tie), or, with nothing to buy, the take of gems
    that brings the card nearest in reach, by its points, closest; never a reservation.
    Its other decisions as the medium bot makes them. Neither medium nor a careful player
    plays so: of the rival's moves, their answers named one in five, and with this one
    two in five (docs/benchmarks.md, "How well the search foresees each opponent")."""
    if state.phase is not Phase.ACTION:
        return greedy_command(state)
    commands = legal_commands(state)
    mover = state.current
    buys = [command for command in commands if isinstance(command, Buy)]
    if buys:
        return max(buys, key=lambda command: _points_gained(state, mover, command))
    takes = [command for command in commands if isinstance(command, TakeGems)]
    if not takes:
        return greedy_command(state)
    return max(takes, key=lambda command: _nearness(state, mover, command))


def _points_gained(state: GameState, mover: int, command: Command) -> float:
    """What a purchase brings a racer: its points, a bonus a hundredth, less what it wastes."""
    after, wasted = move_and_waste(state, mover, command)
    player = after.players[mover]
    return player.points - state.players[mover].points + 0.01 * sum(player.bonuses) - wasted


def _nearness(state: GameState, mover: int, command: Command) -> float:
    """How near a take brings a racer to a card: the best of a card's points and one,
    over one more than the gems still missing, among the cards in sight and in hand;
    less what the take wastes."""
    after, wasted = move_and_waste(state, mover, command)
    player = after.players[mover]
    cards = [card for row in after.rows for card in row if card is not None]
    cards += [held.card for held in player.reserved if held.card is not None]
    nearest = max(((card.points + 1) / (1 + reach_gap(card, player, after.modules)) for card in cards), default=0.0)
    return nearest - wasted


ANSWERS: tuple[Answer, ...] = (greedy_command, habitual_command, racing_command)
"""The ways of choosing a move the search imagines its opponents playing by: the medium
bot's, a careful player's who judges as the hard bot does, and a racer's. How many deals
each is given depends on how often it has foreseen the opponents' moves so far
(``foresight``): a search that imagines only medium's answers is tuned to medium."""


def best_line(
    state: GameState, seat: int, answer: Answer = greedy_command, shape: tuple[int, int] | None = None
) -> tuple[float, GameState]:
    """The most the seat can make of its next few turns, the others answering each as
    ``answer`` chooses (the medium bot's choice unless told): a beam search over its own
    moves, going on from the best few positions of each turn. Looking several turns ahead
    is what makes it save for a card worth points rather than buy the cheap one in front
    of it, and buy the cards it reserved; letting the others move in between keeps it
    from counting on a card they would take first, or on gems they would leave short. A line is judged where it ends:
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
    crowded table the plan is narrower (``plan_shape``), and a search short of time may
    ask for fewer turns and positions (``shape``; never more than the table's). With the
    score comes the position the best line ends in."""
    plan = _Plan()
    frontier = [state]
    turns, width = plan_shape(len(state.players))
    if shape is not None:
        turns, width = min(turns, shape[0]), min(width, shape[1])
    for turn in range(turns):
        reached = _own_turn(frontier, seat, turn)
        if not reached:
            break
        frontier = plan.turn_played(reached[:width], seat, turn, answer, last=turn == turns - 1)
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

    def turn_played(
        self, kept: list[tuple[float, GameState]], seat: int, turn: int, answer: Answer, *, last: bool
    ) -> list[GameState]:
        """Take in one planned turn's best positions; the others' answers to those the
        plan goes on from."""
        self.deepest = None
        frontier = []
        for score, after in kept:
            answering = _answer_if_needed(after, seat, answer, last)
            if answering is not None and answering.is_over:
                self.decided = _better(self.decided, (_finished(answering, seat, turn), answering))
            elif not _plan_goes_on(after, seat):
                self.decided = _better(self.decided, (score, after))
            else:
                self.deepest = _better(self.deepest, (score, after))
                if answering is not None:
                    frontier.append(answering)
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


def _answer_if_needed(after: GameState, seat: int, answer: Answer, last: bool) -> GameState | None:
    """The others' answer to a planned move, where some use is made of it: another turn of
    the plan follows, or the seat reached the winning score and the round's end decides.
    After the plan's last turn the others' answers would go unused."""
    if after.is_over or (last and _plan_goes_on(after, seat)):
        return None
    return answered(after, seat, answer)


def _finished(state: GameState, seat: int, turn: int) -> float:
    """A game the plan saw end on its ``turn``: the planned finish if the seat won (with its
    ``finish_margin``), as bad the other way if it lost (a turn later is a point less bad)."""
    if seat in state.winners:
        return PLANNED_FINISH - turn + finish_margin(state, seat)
    return -PLANNED_FINISH + turn
