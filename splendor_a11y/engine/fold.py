"""``evolve``: the pure fold of one event into the next state.

No validation, no randomness, no I/O: ``rules`` checks an event before it is folded.
After each action the fold moves the game to its next decision: a return of tokens,
a noble, the next player, or the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import COLOURS, LEVELS, DeckTop, GemCounts, HandSlot, Slot, parse_place, parse_slot
from splendor_a11y.engine.events import (
    CardAssociated,
    CardBought,
    CardReserved,
    ConquestDeclined,
    Event,
    FreeCardTaken,
    GameEnded,
    GameSetUp,
    GemsTaken,
    HintAsked,
    NobleReserved,
    NobleVisited,
    Passed,
    StrongholdOusted,
    StrongholdPlaced,
    TokensReturned,
)
from splendor_a11y.engine.modules.orient import ASSOCIATE, NOBLE, card_effects, free_options, pending_free_level
from splendor_a11y.engine.modules.strongholds import conquest_slot, send_home, stronghold_options
from splendor_a11y.engine.state import (
    ORIENT_SLOTS,
    ROW_SLOTS,
    GameState,
    Phase,
    PlayerState,
    Reserved,
)

__all__ = ["evolve", "fold"]


def _with_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def _replacement_waits(state: GameState, card: Card) -> bool:
    """Whether a card bought or taken free is replaced only once the turn's purchases are
    settled: The Strongholds places a stronghold before the replacement, and an Orient
    card's effects (and the free card they bring) come before it too. A reserved card is
    always replaced at once."""
    return bool(state.strongholds) or bool(card_effects(card)) or bool(state.effects)


def _take_from_board(state: GameState, place: Slot | DeckTop, waits: bool = False) -> GameState:
    """A card leaves a slot or a deck top. Its strongholds go home; the slot is refilled
    from its deck at once, or, when ``waits``, once the turn's purchases are settled."""
    level = LEVELS.index(place.level)
    if isinstance(place, DeckTop):
        if place.orient:
            orient = list(state.orient_decks)
            orient[level] = orient[level][1:]
            return replace(state, orient_decks=tuple(orient))
        decks = list(state.decks)
        decks[level] = decks[level][1:]
        return replace(state, decks=tuple(decks))
    if state.strongholds:
        state = replace(state, strongholds=send_home(state.strongholds, str(place)))
    if waits:
        rows = list(state.rows)
        row = list(rows[level])
        row[place.index - 1] = None
        rows[level] = tuple(row)
        return replace(state, rows=tuple(rows), refills=(*state.refills, str(place)))
    return _refill(state, place)


def _refill(state: GameState, place: Slot) -> GameState:
    """Put the top card of a slot's deck in the slot (nothing when the deck is empty);
    slots 5 and 6 are the Orient's and draw from its deck."""
    level = LEVELS.index(place.level)
    orient = place.index > ROW_SLOTS
    rows, decks = list(state.rows), list(state.orient_decks if orient else state.decks)
    deck = decks[level]
    row = list(rows[level])
    row[place.index - 1] = deck[0] if deck else None
    rows[level] = tuple(row)
    decks[level] = deck[1:]
    if orient:
        return replace(state, rows=tuple(rows), orient_decks=tuple(decks))
    return replace(state, rows=tuple(rows), decks=tuple(decks))


def _move_stronghold(state: GameState, seat: int, source: str, to: str) -> GameState:
    """One of a seat's strongholds leaves ``source`` (empty: its supply) for ``to`` (empty:
    back to its supply)."""
    places = list(state.strongholds[seat])
    if source:
        places.remove(source)
    if to:
        places.append(to)
    holds = list(state.strongholds)
    holds[seat] = tuple(places)
    return replace(state, strongholds=tuple(holds))


def _end_turn(state: GameState) -> GameState:
    """The turn is over: the game ends after the last seat of the round, or play moves on."""
    count = len(state.players)
    following = (state.current + 1) % count
    last_of_round = following == state.first_player
    reached = any(p.points >= state.rules.points_to_win for p in state.players)
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


def _continue(state: GameState) -> GameState:
    """After a purchase or a free card: its effects in order (each skipped when it cannot
    be done), then the purchase's one stronghold, then the rest of the turn."""
    while state.effects:
        effect = state.effects[0]
        if effect == ASSOCIATE:
            return replace(state, phase=Phase.ASSOCIATE)
        if effect == NOBLE and any(n is not None for n in state.nobles):
            return replace(state, phase=Phase.NOBLE_RESERVE)
        level = pending_free_level(state)
        if level and free_options(state, level):
            return replace(state, phase=Phase.FREE_CARD)
        state = replace(state, effects=state.effects[1:])
    if state.hold_due:
        state = replace(state, hold_due=False)
        if stronghold_options(state):
            return replace(state, phase=Phase.STRONGHOLD)
    return _after_action(state)


def _gain(player: PlayerState, card: Card, **changes: object) -> PlayerState:
    """A card joins the player's play area: its bonus (if it has a colour yet) and points."""
    bonuses = list(player.bonuses)
    if card.bonus is not None:
        bonuses[card.bonus.order] += card.bonus_count
    return replace(player, bonuses=GemCounts(bonuses), points=player.points + card.points,
                   bought=(*player.bought, card), **changes)  # type: ignore[arg-type]


def _lose(player: PlayerState, cards: tuple[Card, ...]) -> PlayerState:
    """Cards discarded to the box: their bonuses and points go with them; nobles stay."""
    bonuses = list(player.bonuses)
    bought = list(player.bought)
    points = player.points
    for card in cards:
        gem, count = player.colour_of(card)
        if gem is not None:
            bonuses[COLOURS.index(gem)] -= count
        bought.remove(card)
        points -= card.points
    associations = tuple(a for a in player.associations if a[0] not in cards)
    return replace(player, bonuses=GemCounts(bonuses), bought=tuple(bought), points=points,
                   associations=associations)


def _settle(state: GameState) -> GameState:
    """Refill the slots emptied this turn, then check the token limit."""
    if state.refills:
        for place in state.refills:
            state = _refill(state, parse_slot(place))
        state = replace(state, refills=())
    if state.player.token_count > state.rules.token_limit:
        return replace(state, phase=Phase.RETURN)
    return _after_tokens(state)


def _face_up(deck: tuple[Card, ...], slots: int) -> tuple[Card | None, ...]:
    return tuple(deck[:slots]) + (None,) * (slots - len(deck[:slots]))


def _set_up(state: GameState, event: GameSetUp) -> GameState:
    colours = state.rules.gems_per_colour(len(state.players))
    rows = tuple(_face_up(deck, ROW_SLOTS) for deck in event.decks)
    if event.orient_decks:
        rows = tuple(row + _face_up(deck, ORIENT_SLOTS) for row, deck in zip(rows, event.orient_decks, strict=False))
    return replace(
        state,
        supply=GemCounts((colours,) * 5 + (state.rules.gold_tokens,)),
        rows=rows,
        decks=tuple(tuple(deck[ROW_SLOTS:]) for deck in event.decks),
        nobles=tuple(event.nobles),
        orient_decks=tuple(tuple(deck[ORIENT_SLOTS:]) for deck in event.orient_decks),
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
    blind = isinstance(place, DeckTop)
    player = replace(
        player,
        tokens=player.tokens.plus(gold),
        reserved=(*player.reserved, Reserved(event.card, event.card.level, blind, event.card.orient)),
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
        state = _take_from_board(state, place, _replacement_waits(state, event.card))
        reserved = player.reserved
    card = event.card
    if event.discarded:
        player = _lose(player, event.discarded)
    player = _gain(player, card, tokens=player.tokens.minus(event.paid), reserved=reserved)
    if not state.modules:
        return replace(state, players=_with_player(state, event.player, player),
                       supply=state.supply.plus(event.paid), passes=0)
    return replace(
        state,
        players=_with_player(state, event.player, player),
        supply=state.supply.plus(event.paid),
        passes=0,
        effects=card_effects(card),
        hold_due=bool(state.strongholds),
    )


def _take_gems(state: GameState, event: GemsTaken) -> GameState:
    player = state.players[event.player]
    player = replace(player, tokens=player.tokens.plus(event.gems))
    taken = replace(state, players=_with_player(state, event.player, player), supply=state.supply.minus(event.gems),
                    passes=0)
    return _after_action(taken)


def _associate(state: GameState, event: CardAssociated) -> GameState:
    player = state.players[event.player]
    bonuses = list(player.bonuses)
    bonuses[COLOURS.index(event.colour)] += event.count
    player = replace(player, bonuses=GemCounts(bonuses),
                     associations=(*player.associations, (event.card, event.colour, event.count)))
    return _continue(replace(state, players=_with_player(state, event.player, player), effects=state.effects[1:]))


def _take_free(state: GameState, event: FreeCardTaken) -> GameState:
    taken = _take_from_board(state, parse_slot(event.source), _replacement_waits(state, event.card))
    player = _gain(taken.players[event.player], event.card)
    effects = card_effects(event.card) + state.effects[1:]
    return _continue(replace(taken, players=_with_player(taken, event.player, player), effects=effects))


def _reserve_noble(state: GameState, event: NobleReserved) -> GameState:
    player = state.players[event.player]
    player = replace(player, reserved_nobles=(*player.reserved_nobles, event.noble))
    nobles = tuple(None if n == event.noble else n for n in state.nobles)
    return _continue(replace(state, players=_with_player(state, event.player, player), nobles=nobles,
                             effects=state.effects[1:]))


def _return_tokens(state: GameState, event: TokensReturned) -> GameState:
    player = state.players[event.player]
    player = replace(player, tokens=player.tokens.minus(event.gems))
    returned = replace(state, players=_with_player(state, event.player, player), supply=state.supply.plus(event.gems))
    return _after_tokens(returned)


def _visit(state: GameState, event: NobleVisited) -> GameState:
    player = state.players[event.player]
    kept = tuple(n for n in player.reserved_nobles if n != event.noble)
    player = replace(player, nobles=(*player.nobles, event.noble), points=player.points + event.noble.points,
                     reserved_nobles=kept)
    nobles = tuple(None if n == event.noble else n for n in state.nobles)
    return _end_turn(replace(state, players=_with_player(state, event.player, player), nobles=nobles))


_FOLDS: dict[type, Callable[[GameState, Any], GameState]] = {
    GameSetUp: _set_up,
    GemsTaken: _take_gems,
    CardReserved: lambda state, e: _after_action(_reserve(state, e)),
    CardBought: lambda state, e: _continue(_buy(state, e)),
    CardAssociated: _associate,
    FreeCardTaken: _take_free,
    NobleReserved: _reserve_noble,
    TokensReturned: _return_tokens,
    NobleVisited: _visit,
    Passed: lambda state, e: _after_action(replace(state, passes=state.passes + 1)),
    GameEnded: lambda state, e: replace(state, phase=Phase.OVER, winners=tuple(e.winners)),
    HintAsked: lambda state, e: state,
    StrongholdPlaced: lambda state, e: _after_action(_move_stronghold(state, e.player, e.source, e.to)),
    StrongholdOusted: lambda state, e: _after_action(_move_stronghold(state, e.owner, e.place, "")),
    ConquestDeclined: lambda state, e: _settle(state),
}
"""How each kind of event folds, looked up by its type."""


def evolve(state: GameState, event: Event) -> GameState:
    """The state after one event. Pure and total; trusts that ``rules.check`` passed."""
    return _FOLDS[type(event)](state, event)


def fold(state: GameState, events: Iterable[Event]) -> GameState:
    """Apply events in order (trusted; see ``rules.replay`` for the checked fold)."""
    for event in events:
        state = evolve(state, event)
    return state
