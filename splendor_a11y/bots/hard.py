"""The hard bot: a small search over imagined deals.

It shortlists its best-looking moves, then for each of several determinizations (the
hidden cards dealt at random from those it has not seen) plays each shortlisted move,
lets every opponent answer as the medium bot would, takes its own best reply, and
scores where that leaves it. The move with the best average wins. The budget is counted
in positions, not seconds, so the same seed always gives the same move.

Its judgement is the medium bot's with a strong player's habits added: a reserved card
is worth what it will buy, so one far out of reach weighs on the hand; tokens given back
over ten were a turn wasted; and a noble within reach steers which bonuses to build.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from splendor_a11y.bots.evaluation import bonuses_missing, reach_gap, relative
from splendor_a11y.bots.medium import greedy_command, greedy_score, own_follow_ups
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import (
    Command,
    GameState,
    TokensReturned,
    decide_and_apply,
    determinize,
    legal_commands,
)

__all__ = ["SearchBudget", "choose_hard", "ranked_moves"]


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How wide and how often to look: moves shortlisted, and deals imagined."""

    shortlist: int = 8
    deals: int = 5


DEFAULT_BUDGET = SearchBudget()

RETURNED_TOKEN = 0.3
"""A token taken only to be given back cost a share of a turn."""
FAR_RESERVATION = 0.3
"""Per gem still missing, what a reserved card weighs on the hand beyond two gems away."""
NOBLE_PULL = (0.9, 0.5, 0.28, 0.14, 0.06)
"""A noble's points, as a share, by the bonuses still missing: the steer towards it."""


def _move(state: GameState, seat: int, command: Command) -> tuple[GameState, int]:
    """Play a command and the seat's own follow-ups; the tokens it gave back on the way."""
    events, state = decide_and_apply(state, command)
    state, follow_ups = own_follow_ups(state, seat)
    return state, sum(sum(event.gems) for event in events + follow_ups
                      if isinstance(event, TokensReturned) and event.player == seat)


def habits(state: GameState, seat: int) -> float:
    """What a strong player weighs beyond the shared judgement: reservations far from
    being bought, and nobles within reach."""
    if state.is_over:
        return 0.0
    player = state.players[seat]
    value = 0.0
    for held in player.reserved:
        if held.card is not None:
            value -= FAR_RESERVATION * max(0, reach_gap(held.card, player) - 2)
    for noble in state.noble_options(seat):
        if noble is None:
            continue
        missing = bonuses_missing(noble, player.bonuses)
        if missing < len(NOBLE_PULL):
            value += noble.points * NOBLE_PULL[missing]
    return value


def _after_round(state: GameState, seat: int, command: Command) -> float:
    """Play ``command``, the opponents' medium answers, then our own best reply; score it."""
    state, returned = _move(state, seat, command)
    while not state.is_over and state.current != seat:
        state = decide_and_apply(state, greedy_command(state))[1]
    if not state.is_over:
        state = _move(state, seat, greedy_command(state))[0]
    return relative(state, seat) + habits(state, seat) - RETURNED_TOKEN * returned


def ranked_moves(view: GameState, rng: random.Random,
                 budget: SearchBudget = DEFAULT_BUDGET) -> list[tuple[float, Command]]:
    """The shortlisted moves with their average searched value, best first."""
    seat = view.current
    commands = legal_commands(view)
    if len(commands) == 1:
        return [(0.0, commands[0])]
    deals = [determinize(view, random.Random(rng.random()), standard_cards()) for _ in range(budget.deals)]
    first = deals[0]
    shortlist = sorted(commands, key=lambda c: greedy_score(first, c), reverse=True)[: budget.shortlist]
    scored = []
    for order, command in enumerate(shortlist):
        total = sum(_after_round(deal, seat, command) for deal in deals)
        scored.append((total / len(deals), -order, command))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [(value, command) for value, _, command in scored]


def choose_hard(view: GameState, rng: random.Random) -> Command:
    """The searched best move."""
    return ranked_moves(view, rng)[0][1]
