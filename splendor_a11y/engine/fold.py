"""``evolve``: the pure fold of one event into the next state.

No validation, no randomness, no I/O: ``rules`` checks an event before it is folded.
After each action the fold moves the game to its next decision: a return of tokens,
a noble, the next player, or the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import assert_never

from ..notation import COLOURS, LEVELS, DeckTop, GemCounts, HandSlot, Slot, parse_place
from .events import (
    CardBought,
    CardReserved,
    Event,
    GameEnded,
    HintAsked,
    GameSetUp,
    GemsTaken,
    NobleVisited,
    Passed,
    TokensReturned,
)
from .state import (
    GOLD_TOKENS,
    ROW_SLOTS,
    TOKEN_LIMIT,
    WINNING_POINTS,
    GameState,
    Phase,
    PlayerState,
    Reserved,
    gems_per_colour,
)

__all__ = ["evolve", "fold"]


def _with_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def _take_from_board(
    state: GameState, place: Slot | DeckTop
) -> tuple[tuple[tuple[object, ...], ...], tuple[tuple[object, ...], ...]]:
    """Rows and decks after a card leaves a slot (refilled from its deck) or a deck top."""
    level = LEVELS.index(place.level)
    rows, decks = list(state.rows), list(state.decks)
    deck = decks[level]
    if isinstance(place, Slot):
        row = list(rows[level])
        row[place.index - 1] = deck[0] if deck else None
        rows[level] = tuple(row)
    decks[level] = deck[1:]
    return tuple(rows), tuple(decks)


def _end_turn(state: GameState) -> GameState:
    """The turn is over: the game ends after the last seat of the round, or play moves on."""
    count = len(state.players)
    following = (state.current + 1) % count
    last_of_round = following == state.first_player
    reached = any(p.points >= WINNING_POINTS for p in state.players)
    if (reached and last_of_round) or state.passes >= count:
        return replace(state, turn=state.turn + 1, phase=Phase.ENDING)
    return replace(state, turn=state.turn + 1, current=following, phase=Phase.ACTION)


def _after_tokens(state: GameState) -> GameState:
    """Once the token count is settled: nobles, then the end of the turn."""
    if state.qualifying_nobles():
        return replace(state, phase=Phase.NOBLE)
    return _end_turn(state)


def _after_action(state: GameState) -> GameState:
    if state.player.token_count > TOKEN_LIMIT:
        return replace(state, phase=Phase.RETURN)
    return _after_tokens(state)


def _set_up(state: GameState, event: GameSetUp) -> GameState:
    colours = gems_per_colour(len(state.players))
    rows = tuple(tuple(deck[:ROW_SLOTS]) + (None,) * (ROW_SLOTS - len(deck[:ROW_SLOTS])) for deck in event.decks)
    return replace(
        state,
        supply=GemCounts((colours,) * 5 + (GOLD_TOKENS,)),
        rows=rows,
        decks=tuple(tuple(deck[ROW_SLOTS:]) for deck in event.decks),
        nobles=tuple(event.nobles),
        current=event.first_player,
        first_player=event.first_player,
        phase=Phase.ACTION,
    )


def _reserve(state: GameState, event: CardReserved) -> GameState:
    place = parse_place(event.source)
    assert not isinstance(place, HandSlot)
    rows, decks = _take_from_board(state, place)
    player = state.players[event.player]
    gold = GemCounts((0, 0, 0, 0, 0, event.gold))
    player = replace(
        player,
        tokens=player.tokens.plus(gold),
        reserved=(*player.reserved, Reserved(event.card, event.card.level, isinstance(place, DeckTop))),
    )
    return replace(
        state,
        players=_with_player(state, event.player, player),
        supply=state.supply.minus(gold),
        rows=rows,  # type: ignore[arg-type]
        decks=decks,  # type: ignore[arg-type]
        passes=0,
    )


def _buy(state: GameState, event: CardBought) -> GameState:
    place = parse_place(event.source)
    player = state.players[event.player]
    rows, decks = state.rows, state.decks
    if isinstance(place, HandSlot):
        hand = list(player.reserved)
        del hand[place.index - 1]
        reserved = tuple(hand)
    else:
        assert isinstance(place, Slot)
        rows, decks = _take_from_board(state, place)  # type: ignore[assignment]
        reserved = player.reserved
    card = event.card
    bonuses = list(player.bonuses)
    bonuses[COLOURS.index(card.bonus)] += 1
    player = replace(
        player,
        tokens=player.tokens.minus(event.paid),
        bonuses=GemCounts(bonuses),
        points=player.points + card.points,
        bought=(*player.bought, card),
        reserved=reserved,
    )
    return replace(
        state,
        players=_with_player(state, event.player, player),
        supply=state.supply.plus(event.paid),
        rows=rows,
        decks=decks,
        passes=0,
    )


def evolve(state: GameState, event: Event) -> GameState:
    """The state after one event. Pure and total; trusts that ``rules.check`` passed."""
    match event:
        case GameSetUp():
            return _set_up(state, event)
        case GemsTaken(player=seat, gems=gems):
            player = state.players[seat]
            player = replace(player, tokens=player.tokens.plus(gems))
            taken = replace(
                state, players=_with_player(state, seat, player), supply=state.supply.minus(gems), passes=0
            )
            return _after_action(taken)
        case CardReserved():
            return _after_action(_reserve(state, event))
        case CardBought():
            return _after_action(_buy(state, event))
        case TokensReturned(player=seat, gems=gems):
            player = state.players[seat]
            player = replace(player, tokens=player.tokens.minus(gems))
            returned = replace(state, players=_with_player(state, seat, player), supply=state.supply.plus(gems))
            return _after_tokens(returned)
        case NobleVisited(player=seat, noble=noble):
            player = state.players[seat]
            player = replace(player, nobles=(*player.nobles, noble), points=player.points + noble.points)
            nobles = tuple(None if n == noble else n for n in state.nobles)
            return _end_turn(replace(state, players=_with_player(state, seat, player), nobles=nobles))
        case Passed():
            return _after_action(replace(state, passes=state.passes + 1))
        case GameEnded(winners=winners):
            return replace(state, phase=Phase.OVER, winners=tuple(winners))
        case HintAsked():
            return state
        case _:
            assert_never(event)


def fold(state: GameState, events: Iterable[Event]) -> GameState:
    """Apply events in order (trusted; see ``rules.replay`` for the checked fold)."""
    for event in events:
        state = evolve(state, event)
    return state
