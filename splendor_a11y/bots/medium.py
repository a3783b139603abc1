"""The medium bot: looks one move ahead and keeps the move that leaves it best placed
against its strongest opponent (see ``evaluation``). Engine building, nobles, denying a
card an opponent wants, and returns over ten all come from that one judgement.
"""

from __future__ import annotations

import random

from splendor_a11y.bots.evaluation import holding, holding_worth, relative
from splendor_a11y.bots.quick import quick_choice
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import (
    Command,
    Event,
    GameState,
    Phase,
    ReturnTokens,
    SeatView,
    decide_and_apply,
    determinize,
    legal_commands,
    play_legal,
)

__all__ = ["choose_medium", "finish_own_decisions", "greedy_command", "greedy_score", "own_follow_ups"]

STALL = 0.6
"""How much a move that leaves the player exactly as before is marked down, in points."""


def own_follow_ups(state: GameState, seat: int) -> tuple[GameState, tuple[Event, ...]]:
    """Play the seat's follow-up decisions (returns over ten, a choice of noble) greedily,
    so a move is judged by where it really leaves the player; with the events they made."""
    made: list[Event] = []
    while not state.is_over and state.current == seat and state.phase.follows_an_action:
        choice = quick_choice(state)
        events, state = decide_and_apply(state, choice) if choice else play_legal(state, greedy_command(state))
        made.extend(events)
    return state, tuple(made)


def finish_own_decisions(state: GameState, seat: int) -> GameState:
    """Where the seat's follow-up decisions leave it (see ``own_follow_ups``)."""
    return own_follow_ups(state, seat)[0]


def greedy_score(state: GameState, command: Command) -> float:
    """The relative value, for the mover, of the position a command leads to.

    Taking gems only to give the same ones back changes nothing; two players doing that
    forever would never finish, so such a move is marked down.
    """
    return _score_of(state, decide_and_apply(state, command)[1])


def _score_of(state: GameState, played: GameState) -> float:
    """``greedy_score`` of the state a command has just led to."""
    seat = state.current
    after = finish_own_decisions(played, seat)
    stall = STALL if after.players[seat] == state.players[seat] and state.phase is Phase.ACTION else 0.0
    return relative(after, seat) - stall


def greedy_command(state: GameState) -> Command:
    """The legal command with the best one-move value; the first in legal order on ties."""
    commands = legal_commands(state)
    if len(commands) == 1:
        return commands[0]
    if state.phase is Phase.RETURN:
        return _best_return(state, commands)
    return _best_of(state, commands)


def _best_of(state: GameState, commands: list[Command]) -> Command:
    """The command with the best one-move value, played out in full; the first on ties."""
    return max(commands, key=lambda command: _score_of(state, play_legal(state, command)[1]))


SAME_WORTH = 1e-9
"""Two ways of giving tokens back whose holdings' worths are this close are played out in
full to be told apart: the full value adds the same other terms to each, which may round
them equal, and then the first in legal order is the one chosen."""


def _best_return(state: GameState, commands: list[Command]) -> Command:
    """``greedy_command``'s choice of tokens to give back, found without playing each way
    out in full. A module's decisions come before the tokens are counted, and after them
    only a noble's visit and the turn's end, which no token changes; so the ways of giving
    back differ only in what the tokens left are worth (``holding``), unless the round's
    end decides the game, where every way is worth the same. The ways that come close are
    played out in full to settle it, so the choice is the one the full judgement makes.
    The medium bot makes this choice in every opponent's answer and every line the hard
    bot imagines: each way played out in full took a third of a race's time."""
    seat = state.current
    if finish_own_decisions(play_legal(state, commands[0])[1], seat).is_over:
        return _best_of(state, commands)
    player = state.player
    returns = [command for command in commands if isinstance(command, ReturnTokens)]
    held = [holding(state, player.with_tokens(player.tokens.minus(command.gems))) for command in returns]
    worths = [holding_worth(left) for left in held]
    top = max(worths)
    close = [
        (command, left) for command, left, worth in zip(returns, held, worths, strict=True) if worth >= top - SAME_WORTH
    ]
    if all(left == close[0][1] for _, left in close):
        return close[0][0]
    return _best_of(state, [command for command, _ in close])


def choose_medium(view: SeatView, rng: random.Random) -> Command:
    """Imagine the hidden cards once (seeded), then take the best-looking move."""
    return greedy_command(determinize(view, rng, standard_cards()))
