"""A greedy racer: an opponent for the benchmarks built unlike the hard bot, sharing none
of its judgement (``splendor_a11y.bots.evaluation``) and none of its search.

It plays as a plain, fast human racer does: it picks a target, the card in sight (face
up, or in its hand) that gives the most for the tokens it still lacks, and every move
is the one that leaves it best placed by its own count: points first, then the bonuses
that make later cards cheaper, then how close it is to its target and to the nobles,
then its tokens (a gold above a gem). It never looks at what the others want. Not a
level players see: the pool of ``benchmarks/bots.py --pool`` measures the hard bot
against it.
"""

from __future__ import annotations

import random

from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import COLOURS
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

__all__ = ["choose_greedy"]

POINT = 100.0
BONUS = 9.0
TOKEN = 2.0
GOLD = 3.0
TARGET = 6.0
"""What one token fewer to find for the target card is worth."""
NOBLE = 2.0
"""What one bonus fewer to find for the nearest noble is worth."""


def _in_sight(state: GameState, player: PlayerState) -> list[Card]:
    cards = [card for row in state.rows for card in row if card is not None]
    cards += [reserved.card for reserved in player.reserved if isinstance(reserved.card, Card)]
    return cards


def _standing(state: GameState, seat: int) -> float:
    """How well placed a seat is, by the racer's own count."""
    player = state.players[seat]
    score = POINT * player.points + BONUS * sum(player.bonuses[: len(COLOURS)])
    score += TOKEN * sum(player.tokens[: len(COLOURS)]) + GOLD * player.tokens[len(COLOURS)]
    cards = _in_sight(state, player)
    if cards:
        best = max(cards, key=lambda card: (card.points + 1) / (gems_missing(card, player) + 1))
        score -= TARGET * gems_missing(best, player)
    nobles = [noble for noble in state.nobles if noble is not None]
    if nobles:
        lacking = min(
            sum(max(0, noble.requirement[i] - player.bonuses[i]) for i in range(len(COLOURS))) for noble in nobles
        )
        score -= NOBLE * lacking
    return score


def _own_turn(state: GameState, seat: int) -> GameState:
    """Where the seat's own follow-ups (tokens given back, a noble chosen) leave it, each
    chosen the same greedy way."""
    while not state.is_over and state.current == seat and state.phase not in (Phase.ACTION, Phase.SETUP):
        commands = legal_commands(state)
        state = max((play_legal(state, command)[1] for command in commands), key=lambda s: _standing(s, seat))
    return state


def choose_greedy(view: SeatView, rng: random.Random) -> Command:
    """The legal move that leaves the racer best placed by its own count (hidden cards
    imagined once, seeded)."""
    state = determinize(view, rng, standard_cards())
    seat = state.current
    commands = legal_commands(state)
    if len(commands) == 1:
        return commands[0]
    return max(commands, key=lambda command: _standing(_own_turn(play_legal(state, command)[1], seat), seat))
