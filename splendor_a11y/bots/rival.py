"""The rival: a yardstick for the hard bot, built on another idea and sharing none of its
judgement. Not offered at the table; ``benchmarks/bots.py`` plays the hard bot against it.

It is a Monte Carlo tree search over what it cannot see (single-observer information set
search): each round of its thinking deals the hidden cards afresh, walks down a tree of
moves from the view (the moves tried least and winning most first, by the UCB1 rule),
adds one new move, and plays the game out to its end with a quick policy of its own (buy
the card worth most, else gather the gems the nearest worthwhile card lacks). Every
move on the way counts the game's result for the player who made it, a win counting
for less the longer it took. The move tried most at the root is played; but a move that
wins the game at once is played without a search (a decisive move: the search, with
every move winning in the playouts of a player far ahead, may not tell it from the
rest).

A strength measured against a bot that judges positions with no weights of ours tells
whether the hard bot's weights, and not only its search, make it strong.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from splendor_a11y.bots import hard
from splendor_a11y.bots.clock import Stopwatch
from splendor_a11y.bots.hard import SearchBudget
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.engine import (
    Buy,
    Command,
    GameState,
    Phase,
    Reserve,
    SeatView,
    TakeGems,
    determinize,
    gems_missing,
    legal_commands,
    needed,
    play_legal,
    shortfall,
)

__all__ = ["FIXED_ROUNDS", "choose_rival"]

FIXED_ROUNDS = 120
"""Rounds of thinking a move when the budget gives the rival no seconds to read on the
processor's clock (``SearchBudget.processor_seconds``: no clock, or the fixed thought):
the same move for the same seed."""
EXPLORATION = 0.7
"""The UCB1 rule's weight on trying moves seldom tried, for results between 0 and 1."""
PLAYOUT_DECISIONS = 400
"""A playout that has not ended by then is scored by points: a safety stop."""
SOONER = 0.99
"""A win is worth this much less for every decision it takes: without it, a player far
ahead sees every move win in the playouts and has no reason to end the game now."""


@dataclass
class _Node:
    """A move in the tree: the player who made it, how often it was tried, what it won for
    them, and how often it was among the legal moves when its parent was reached."""

    mover: int
    tries: int = 0
    won: float = 0.0
    offered: int = 0
    children: dict[Command, _Node] = field(default_factory=dict)

    def promise(self) -> float:
        """The UCB1 rule: the share won, plus more for a move seldom tried."""
        return self.won / self.tries + EXPLORATION * math.sqrt(math.log(self.offered) / self.tries)


def choose_rival(view: SeatView, rng: random.Random, budget: SearchBudget | None = None) -> Command:
    """The move that wins at once, or the move tried most by the tree search, in the hard
    bot's time (or a fixed number of rounds when it thinks a fixed amount)."""
    commands = legal_commands(view)
    if len(commands) == 1:
        return commands[0]
    deal = determinize(view, rng, standard_cards())
    for command in commands:
        if play_legal(deal, command)[1].winners == (view.current,):
            return command
    root = _Node(mover=-1)
    seconds = (budget or hard.DEFAULT_BUDGET).processor_seconds
    clock = Stopwatch()
    rounds = 0
    while (rounds < FIXED_ROUNDS) if seconds is None else (clock() < seconds):
        _one_round(root, determinize(view, rng, standard_cards()), rng)
        rounds += 1
    return max(commands, key=lambda command: root.children[command].tries if command in root.children else -1)


def _one_round(root: _Node, state: GameState, rng: random.Random) -> None:
    """Walk down the tree on one deal, add a move, play out, and count the result."""
    path = [root]
    node = root
    while not state.is_over:
        legal = legal_commands(state)
        for command in legal:
            child = node.children.get(command)
            if child is not None:
                child.offered += 1
        untried = [command for command in legal if command not in node.children]
        if untried:
            command = rng.choice(untried)
            node.children[command] = _Node(mover=state.current, offered=1)
            path.append(node.children[command])
            state = play_legal(state, command)[1]
            break
        command = max(legal, key=lambda move: node.children[move].promise())
        node = node.children[command]
        path.append(node)
        state = play_legal(state, command)[1]
    results = _played_out(state, rng, len(path) - 1)
    for visited in path[1:]:
        visited.tries += 1
        visited.won += results[visited.mover]


def _played_out(state: GameState, rng: random.Random, decisions: int) -> list[float]:
    """Each seat's result of the game played out from here by the quick policy, the
    ``decisions`` since the root counted: a share of the win, or of the lead in points at
    the safety stop, less for each decision it took."""
    for _ in range(PLAYOUT_DECISIONS):
        if state.is_over:
            break
        state = play_legal(state, _quick_move(state, rng))[1]
        decisions += 1
    if state.is_over:
        leaders = state.winners
    else:
        most = max(player.points for player in state.players)
        leaders = tuple(seat for seat, player in enumerate(state.players) if player.points == most)
    share = SOONER**decisions / len(leaders)
    return [share if seat in leaders else 0.0 for seat in range(len(state.players))]


def _quick_move(state: GameState, rng: random.Random) -> Command:
    """The playout's move: buy the card worth most, else take the gems the nearest
    worthwhile card lacks, else reserve; any other decision at random."""
    commands = legal_commands(state)
    if state.phase is not Phase.ACTION or len(commands) == 1:
        return rng.choice(commands)
    buys = [command for command in commands if isinstance(command, Buy)]
    if buys:
        return max(buys, key=lambda command: (_points(state.card_at(command.place)), rng.random()))
    takes = [command for command in commands if isinstance(command, TakeGems)]
    if takes:
        lacking = _lacking(state)
        return max(
            takes,
            key=lambda command: (
                sum(min(command.gems[i], lacking[i]) for i in range(5)),
                sum(command.gems),
                rng.random(),
            ),
        )
    reserves = [command for command in commands if isinstance(command, Reserve)]
    return rng.choice(reserves or commands)


def _points(card: Card | None) -> int:
    return card.points if card is not None else 0


def _lacking(state: GameState) -> tuple[int, ...]:
    """The gems of each colour missing for the face-up or held card best worth its
    distance: points, plus one, over the gems still missing, plus one."""
    player = state.players[state.current]
    cards = [card for row in state.rows for card in row if card is not None]
    cards += [held.card for held in player.reserved if held.card is not None]
    if not cards:
        return (1, 1, 1, 1, 1)
    target = max(cards, key=lambda card: (card.points + 1) / (gems_missing(card, player) + 1))
    return tuple(shortfall(needed(target.cost, player.bonuses), player.tokens)[:5])
