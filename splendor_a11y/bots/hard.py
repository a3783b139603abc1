"""The hard bot: a small search over imagined deals.

It shortlists its best-looking moves, then for each of several determinizations (the
hidden cards dealt at random from those it has not seen) plays each shortlisted move,
lets every opponent answer as the medium bot would, takes its own best reply, and
scores where that leaves it. The move with the best average wins. The budget is counted
in positions, not seconds, so the same seed always gives the same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from splendor_a11y.bots.evaluation import relative
from splendor_a11y.bots.medium import finish_own_decisions, greedy_command, greedy_score
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import Command, GameState, decide_and_apply, determinize, legal_commands

__all__ = ["SearchBudget", "choose_hard", "ranked_moves"]


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How wide and how often to look: moves shortlisted, and deals imagined."""

    shortlist: int = 6
    deals: int = 3


DEFAULT_BUDGET = SearchBudget()


def _after_round(state: GameState, seat: int, command: Command) -> float:
    """Play ``command``, the opponents' medium answers, then our own best reply; score it."""
    state = finish_own_decisions(decide_and_apply(state, command)[1], seat)
    while not state.is_over and state.current != seat:
        state = decide_and_apply(state, greedy_command(state))[1]
    if not state.is_over:
        state = finish_own_decisions(decide_and_apply(state, greedy_command(state))[1], seat)
    return relative(state, seat)


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
