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
    ConquestDeclined,
    GameEnded,
    HintAsked,
    GameSetUp,
    GemsTaken,
    NobleVisited,
    Passed,
    StrongholdOusted,
    StrongholdPlaced,
    TokensReturned,
)
from .strongholds import conquest_slot, send_home, stronghold_options
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


def _take_from_board(state: GameState, place: Slot | DeckTop) -> GameState:
    """A card leaves a slot or a deck top. Its strongholds go home; the slot is refilled
    from its deck at once, or, with a module, once the turn's purchases are settled."""
    level = LEVELS.index(place.level)
    if isinstance(place, DeckTop):
        decks = list(state.decks)
        decks[level] = decks[level][1:]
        return replace(state, decks=tuple(decks))
    state = replace(state, strongholds=send_home(state.strongholds, str(place)))
    if state.modules:
        rows = list(state.rows)
        row = list(rows[level])
        row[place.index - 1] = None
        rows[level] = tuple(row)
        return replace(state, rows=tuple(rows), refills=(*state.refills, str(place)))
    return _refill(state, place)


def _refill(state: GameState, place: Slot) -> GameState:
    """Put the top card of a slot's deck in the slot (nothing when the deck is empty)."""
    level = LEVELS.index(place.level)
    rows, decks = list(state.rows), list(state.decks)
    deck = decks[level]
    row = list(rows[level])
    row[place.index - 1] = deck[0] if deck else None
    rows[level] = tuple(row)
    decks[level] = deck[1:]
    return replace(state, rows=tuple(rows), decks=tuple(decks))


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
    """After the action and its effects: a conquest when one is on, else settle the turn."""
    if conquest_slot(state) is not None:
        return replace(state, phase=Phase.CONQUEST)
    return _settle(state)


def _after_purchase(state: GameState) -> GameState:
    """With the Strongholds module, every purchase is followed by a stronghold decision."""
    if state.strongholds and stronghold_options(state):
        return replace(state, phase=Phase.STRONGHOLD)
    return _after_action(state)


def _settle(state: GameState) -> GameState:
    """Refill the slots emptied this turn, then check the token limit."""
    for place in state.refills:
        state = _refill(state, Slot(place[0], int(place[1:])))
    state = replace(state, refills=())
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
    state = _take_from_board(state, place)
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
        passes=0,
    )


def _buy(state: GameState, event: CardBought) -> GameState:
    place = parse_place(event.source)
    player = state.players[event.player]
    if isinstance(place, HandSlot):
        hand = list(player.reserved)
        del hand[place.index - 1]
        reserved = tuple(hand)
    else:
        assert isinstance(place, Slot)
        state = _take_from_board(state, place)
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
            return _after_purchase(_buy(state, event))
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
        case StrongholdPlaced(player=seat, to=to, source=source):
            places = list(state.strongholds[seat])
            if source:
                places.remove(source)
            places.append(to)
            holds = list(state.strongholds)
            holds[seat] = tuple(places)
            return _after_action(replace(state, strongholds=tuple(holds)))
        case StrongholdOusted(place=place, owner=owner):
            places = list(state.strongholds[owner])
            places.remove(place)
            holds = list(state.strongholds)
            holds[owner] = tuple(places)
            return _after_action(replace(state, strongholds=tuple(holds)))
        case ConquestDeclined():
            return _settle(state)
        case _:
            assert_never(event)


def fold(state: GameState, events: Iterable[Event]) -> GameState:
    """Apply events in order (trusted; see ``rules.replay`` for the checked fold)."""
    for event in events:
        state = evolve(state, event)
    return state
