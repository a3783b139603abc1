"""A minimax planner: an opponent for the benchmarks built unlike the hard bot, sharing
none of its judgement (``splendor_a11y.bots.evaluation``) and none of its search.

It deals what it cannot see afresh a few times (determinizations), and in each deal
looks three moves deep as a cautious player does: each of its shortlisted moves, then
the opponent's best few answers by the planner's own count, assuming the one that hurts
it most (paranoid minimax), then its own best follow-up. At a table of more than two,
the others each play their best answer by the same count, one after another. The move
with the best average over the deals is played.

Its count of a position is its own: points; bonuses, worth more early in the game; the
three cards in sight (face up or in hand) that give the most for the turns they are
still away; the noble nearest; tokens, gold above a gem, and a hand crowded near ten
marked down; less the best opponent's count. Not a level players see: the pool of
``benchmarks/bots.py --pool`` measures the hard bot against it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from splendor_a11y.bots import DEFAULT_BUDGET, SearchBudget
from splendor_a11y.bots.clock import Stopwatch
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.engine import (
    Command,
    GameState,
    Phase,
    PlayerState,
    SeatView,
    determinize,
    gems_missing,
    legal_commands,
    play_legal,
)

__all__ = ["choose_planner"]

SHORTLIST = 12
"""The planner's own moves searched in each deal, the best by a look one move ahead."""
ANSWERS = 4
"""The opponent's answers considered at a table of two, its best by the planner's count."""
FIXED_DEALS = 3
"""Deals searched a move with no clock (``--think fixed``): the same move for the same seed."""
WON = 10_000.0

POINT = 10.0
BONUS_EARLY = 1.5
"""A bonus when nobody has points yet; it is worth less as the leader nears fifteen."""
TOKEN = 0.5
GOLD = 1.0
GIVEN_BACK = 5.0
"""A token taken only to be given back: the turn did less than it could."""
CROWDED_HAND = 9
"""From this many tokens a hand is marked down: the next take would give some back."""
CROWDING = 3.0
HELD = 3.0
"""A card in hand: a slot taken, and a turn spent that bought nothing yet."""
TARGETS = (1.0, 0.6, 0.4)
"""The weights of the three cards in sight that give the most for the turns still needed."""
NEAR = 0.6
"""How much a card, or a noble, is worth for each turn less it is away."""
NOBLE = 7.0


def _card_promise(player: PlayerState, card: Card, leader: int) -> float:
    """What a card in sight is worth to the player now: its points and bonus, less for
    each turn of taking three tokens it is still away."""
    turns = math.ceil(gems_missing(card, player) / 3)
    bonus = BONUS_EARLY * (1 - leader / 15) if card.bonus is not None else 0.0
    return (POINT * card.points + bonus) * 0.5 * NEAR**turns


def _noble_promise(state: GameState, player: PlayerState) -> float:
    """The nearest noble, worth less for each bonus still missing."""
    best = 0.0
    for noble in state.nobles:
        if noble is None:
            continue
        missing = sum(max(0, noble.requirement[i] - player.bonuses[i]) for i in range(5))
        best = max(best, NOBLE * NEAR**missing)
    return best


def _count(state: GameState, seat: int, leader: int) -> float:
    """The planner's own count of one seat's position."""
    player = state.players[seat]
    score = POINT * player.points + BONUS_EARLY * (1 - leader / 15) * sum(player.bonuses[:5])
    held = sum(player.tokens)
    score += TOKEN * sum(player.tokens[:5]) + GOLD * player.tokens[5]
    if held >= CROWDED_HAND:
        score -= CROWDING * (held - CROWDED_HAND + 1)
    score -= HELD * len(player.reserved)
    cards = [card for row in state.rows for card in row if card is not None]
    cards += [reserved.card for reserved in player.reserved if reserved.card is not None]
    promises = sorted((_card_promise(player, card, leader) for card in cards), reverse=True)
    score += sum(weight * promise for weight, promise in zip(TARGETS, promises, strict=False))
    return score + _noble_promise(state, player)


def judged(state: GameState, seat: int) -> float:
    """How good a position is for the seat: a game won or lost, or its count less its
    best opponent's."""
    if state.is_over:
        return WON if seat in state.winners else -WON
    leader = min(15, max(player.points for player in state.players))
    others = [_count(state, other, leader) for other in range(len(state.players)) if other != seat]
    return _count(state, seat, leader) - max(others)


def _settled(state: GameState, seat: int) -> GameState:
    """The position once the seat's own follow-ups (tokens given back, a noble chosen) are
    decided, each the best by the planner's count."""
    while not state.is_over and state.current == seat and state.phase.follows_an_action:
        state = max((play_legal(state, command)[1] for command in legal_commands(state)), key=lambda s: judged(s, seat))
    return state


def _outcomes(state: GameState) -> Iterator[GameState]:
    """Where each legal move of the player to move leaves the table, follow-ups decided,
    one at a time: a search that has seen enough stops before playing the rest."""
    seat = state.current
    return (_settled(play_legal(state, command)[1], seat) for command in legal_commands(state))


def _best_for_mover(state: GameState, count: int) -> list[GameState]:
    """The player to move's ``count`` best outcomes by the planner's count."""
    seat = state.current
    return sorted(_outcomes(state), key=lambda after: judged(after, seat), reverse=True)[:count]


def _others_play(state: GameState, seat: int) -> GameState:
    """The table when the seat's turn comes again, each other player having played their
    best move by the planner's count."""
    while not state.is_over and state.current != seat:
        state = _best_for_mover(state, 1)[0]
    return state


def _follow_up(state: GameState, seat: int, ceiling: float) -> float:
    """The seat's best next move from here; stops looking once a move reaches
    ``ceiling``, which the answer that hurts most already holds it to."""
    if state.is_over or state.current != seat:
        return judged(state, seat)
    best = -math.inf
    for after in _outcomes(state):
        best = max(best, judged(after, seat))
        if best >= ceiling:
            break
    return best


def _searched(state: GameState, seat: int) -> float:
    """A move's worth in one deal: the opponent's most hurtful of its best answers (at a
    table of two), or the others' best answers in turn, then the seat's best follow-up."""
    if state.is_over:
        return judged(state, seat)
    if len(state.players) > 2:
        return _follow_up(_others_play(state, seat), seat, math.inf)
    worst = math.inf
    for answer in _best_for_mover(state, ANSWERS):
        worst = min(worst, _follow_up(answer, seat, worst))
    return worst


def _one_move(state: GameState, command: Command) -> tuple[GameState, float]:
    """Where a move of the seat's leaves the table, and what it costs in tokens given back:
    the tokens it gained less those the seat holds more once its follow-ups are decided."""
    seat = state.current
    played = play_legal(state, command)[1]
    after = _settled(played, seat)
    given_back = sum(played.players[seat].tokens) - sum(after.players[seat].tokens)
    return after, GIVEN_BACK * max(0, given_back)


def _looked_at(state: GameState, command: Command) -> float:
    """A move judged by where it leaves the table, one move ahead."""
    after, cost = _one_move(state, command)
    return judged(after, state.current) - cost


def _searched_move(state: GameState, command: Command) -> float:
    """A move judged by the search, three moves deep."""
    after, cost = _one_move(state, command)
    return _searched(after, state.current) - cost


def choose_planner(view: SeatView, rng: random.Random, budget: SearchBudget | None = None) -> Command:
    """The shortlisted move with the best average over the deals searched: as many as the
    hard bot's time allows, or ``FIXED_DEALS`` when the budget gives it no seconds on the
    processor's clock (``SearchBudget.processor_seconds``: no clock, or the fixed thought)."""
    seconds = (budget or DEFAULT_BUDGET).processor_seconds
    clock = Stopwatch()
    commands = legal_commands(view)
    if len(commands) == 1:
        return commands[0]
    first = determinize(view, rng, standard_cards())
    if first.phase is not Phase.ACTION:
        return max(commands, key=lambda command: _looked_at(first, command))
    shortlist = sorted(commands, key=lambda command: _looked_at(first, command), reverse=True)[:SHORTLIST]
    totals = dict.fromkeys(shortlist, 0.0)
    deal, deals = first, 0
    while True:
        for command in shortlist:
            totals[command] += _searched_move(deal, command)
        deals += 1
        spent = clock()
        if (deals >= FIXED_DEALS) if seconds is None else spent * (deals + 1) / deals >= seconds:
            break
        deal = determinize(view, rng, standard_cards())
    return max(shortlist, key=lambda command: totals[command])
