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
from splendor_a11y.domain.notation import LEVELS, DeckTop, GemCounts, HandSlot, Slot, parse_slot
from splendor_a11y.engine.events import (
    CardBought,
    CardReserved,
    Event,
    GameEnded,
    GameSetUp,
    GemsTaken,
    HintAsked,
    NobleVisited,
    Passed,
    TokensReturned,
)
from splendor_a11y.engine.state import ROW_SLOTS, GameState, Phase, PlayerState, Reserved

__all__ = [
    "after_action",
    "continue_turn",
    "evolve",
    "face_up",
    "fold",
    "gain",
    "replacement_waits",
    "settle",
    "take_from_board",
    "top_drawn",
    "top_to_slot",
    "with_player",
]


def with_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """The players with one seat changed."""
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def replacement_waits(state: GameState, card: Card) -> bool:
    """Whether a card bought or taken is replaced only once the turn's purchases are
    settled, as a module's rules may say (a reserved card is always replaced at once)."""
    return any(module.replacement_waits(state, card) for module in state.modules)


def take_from_board(state: GameState, place: Slot | DeckTop, waits: bool = False) -> GameState:
    """A card leaves a slot or a deck top. The modules hear of a face-up card leaving; the
    slot is refilled from its deck at once, or, when ``waits``, once the turn's purchases
    are settled."""
    level = LEVELS.index(place.level)
    if isinstance(place, DeckTop):
        module = state.deck_module(place.word)
        if module is not None:
            return module.draw(state, place)
        return replace(state, decks=top_drawn(state.decks, place.level))
    for module in state.modules:
        state = module.card_leaves(state, place)
    if waits:
        rows = list(state.rows)
        row = list(rows[level])
        row[place.index - 1] = None
        rows[level] = tuple(row)
        return replace(state, rows=tuple(rows), refills=(*state.refills, str(place)))
    return _refill(state, place)


def _refill(state: GameState, place: Slot) -> GameState:
    """Put the top card of a slot's deck in the slot (nothing when the deck is empty); a
    module's slots are refilled from its own decks."""
    module = state.slot_module(place.index)
    if module is not None:
        return module.refill(state, place)
    rows, decks = top_to_slot(state.rows, state.decks, place)
    return replace(state, rows=rows, decks=decks)


Decks = tuple[tuple[Card | None, ...], ...]
Rows = tuple[tuple[Card | None, ...], ...]


def top_drawn(decks: Decks, level: str) -> Decks:
    """The decks (one per level) once the top card of a level's deck is drawn."""
    index = LEVELS.index(level)
    return decks[:index] + (decks[index][1:],) + decks[index + 1:]


def top_to_slot(rows: Rows, decks: Decks, place: Slot) -> tuple[Rows, Decks]:
    """The rows and decks once the top card of the slot's level's deck is put in the slot
    (the slot left empty when that deck is empty)."""
    level = LEVELS.index(place.level)
    deck = decks[level]
    row = list(rows[level])
    row[place.index - 1] = deck[0] if deck else None
    return rows[:level] + (tuple(row),) + rows[level + 1:], top_drawn(decks, place.level)


def _pool(state: GameState, place: Slot | DeckTop) -> str:
    """Where a reserved card would be imagined from when hidden: a module's deck, or ''."""
    if isinstance(place, DeckTop):
        word = "" if place.word == DeckTop.BASE_WORD else place.word
    else:
        module = state.slot_module(place.index)
        word = module.deck_word if module is not None else ""
    return f"{word} {place.level}" if word else ""


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


def after_action(state: GameState) -> GameState:
    """After the action and its effects: a module's decision when one is due, else settle
    the turn."""
    for module in state.modules:
        waiting = module.after_action(state)
        if waiting is not None:
            return waiting
    return settle(state)


def continue_turn(state: GameState) -> GameState:
    """After a purchase or a card taken: the steps the modules left due, in order, each
    resolved by its module (a step that cannot be done is skipped), then the rest of the
    turn."""
    while state.due:
        step = state.due[0]
        owner = next(module for module in state.modules if module.owns_step(step))
        waiting = owner.resolve(state, step)
        if waiting is not None:
            return waiting
        state = replace(state, due=state.due[1:])
    return after_action(state)


def gain(player: PlayerState, card: Card, **changes: object) -> PlayerState:
    """A card joins the player's play area: its bonus (if it has a colour yet) and points."""
    bonuses = list(player.bonuses)
    if card.bonus is not None:
        bonuses[card.bonus.order] += card.bonus_count
    return replace(player, bonuses=GemCounts(bonuses), points=player.points + card.points,
                   bought=(*player.bought, card), **changes)  # type: ignore[arg-type]


def _lose(state: GameState, player: PlayerState, cards: tuple[Card, ...]) -> PlayerState:
    """Cards given up to the box: their bonuses and points go with them; nobles stay. A
    module that gave a card its colour takes that colour back."""
    bonuses = list(player.bonuses)
    bought = list(player.bought)
    points = player.points
    for card in cards:
        if card.bonus is not None:
            bonuses[card.bonus.order] -= card.bonus_count
        bought.remove(card)
        points -= card.points
    lost = replace(player, bonuses=GemCounts(bonuses), bought=tuple(bought), points=points)
    for module in state.modules:
        lost = module.cards_lost(lost, cards)
    return lost


def settle(state: GameState) -> GameState:
    """Refill the slots emptied this turn, then check the token limit."""
    if state.refills:
        for place in state.refills:
            state = _refill(state, parse_slot(place))
        state = replace(state, refills=())
    if state.player.token_count > state.rules.token_limit:
        return replace(state, phase=Phase.RETURN)
    return _after_tokens(state)


def face_up(deck: tuple[Card, ...], slots: int) -> tuple[Card | None, ...]:
    """The first cards of a deck dealt face up into a number of slots (empty ones None)."""
    return tuple(deck[:slots]) + (None,) * (slots - len(deck[:slots]))


def _set_up(state: GameState, event: GameSetUp) -> GameState:
    colours = state.rules.gems_per_colour(len(state.players))
    dealt = replace(
        state,
        supply=GemCounts((colours,) * 5 + (state.rules.gold_tokens,)),
        rows=tuple(face_up(deck, ROW_SLOTS) for deck in event.decks),
        decks=tuple(tuple(deck[ROW_SLOTS:]) for deck in event.decks),
        nobles=tuple(event.nobles),
        current=event.first_player,
        first_player=event.first_player,
        phase=Phase.ACTION,
    )
    for module in state.modules:
        dealt = module.set_up(dealt, event)
    return dealt


def _reserve(state: GameState, event: CardReserved) -> GameState:
    place = event.source
    assert not isinstance(place, HandSlot)
    pool = _pool(state, place)
    state = take_from_board(state, place)
    player = state.players[event.player]
    gold = GemCounts((0, 0, 0, 0, 0, event.gold))
    blind = isinstance(place, DeckTop)
    player = replace(
        player,
        tokens=player.tokens.plus(gold),
        reserved=(*player.reserved, Reserved(event.card, event.card.level, blind, pool)),
    )
    return replace(
        state,
        players=with_player(state, event.player, player),
        supply=state.supply.minus(gold),
        passes=0,
    )


def _buy(state: GameState, event: CardBought) -> GameState:
    place = event.source
    player = state.players[event.player]
    if isinstance(place, HandSlot):
        hand = list(player.reserved)
        del hand[place.index - 1]
        reserved = tuple(hand)
    else:
        assert isinstance(place, Slot)
        state = take_from_board(state, place, replacement_waits(state, event.card))
        reserved = player.reserved
    card = event.card
    if event.discarded:
        player = _lose(state, player, event.discarded)
    player = gain(player, card, tokens=player.tokens.minus(event.paid), reserved=reserved)
    bought = replace(state, players=with_player(state, event.player, player), supply=state.supply.plus(event.paid),
                     passes=0)
    if not state.modules:
        return bought
    return replace(bought, due=tuple(step for module in state.modules for step in module.after_purchase(state, card)))


def _take_gems(state: GameState, event: GemsTaken) -> GameState:
    player = state.players[event.player]
    player = replace(player, tokens=player.tokens.plus(event.gems))
    taken = replace(state, players=with_player(state, event.player, player), supply=state.supply.minus(event.gems),
                    passes=0)
    return after_action(taken)


def _return_tokens(state: GameState, event: TokensReturned) -> GameState:
    player = state.players[event.player]
    player = replace(player, tokens=player.tokens.minus(event.gems))
    returned = replace(state, players=with_player(state, event.player, player), supply=state.supply.plus(event.gems))
    return _after_tokens(returned)


def _visit(state: GameState, event: NobleVisited) -> GameState:
    player = state.players[event.player]
    player = replace(player, nobles=(*player.nobles, event.noble), points=player.points + event.noble.points)
    for module in state.modules:
        player = module.noble_visits(player, event.noble)
    nobles = tuple(None if n == event.noble else n for n in state.nobles)
    return _end_turn(replace(state, players=with_player(state, event.player, player), nobles=nobles))


_FOLDS: dict[type, Callable[[GameState, Any], GameState]] = {
    GameSetUp: _set_up,
    GemsTaken: _take_gems,
    CardReserved: lambda state, e: after_action(_reserve(state, e)),
    CardBought: lambda state, e: continue_turn(_buy(state, e)),
    TokensReturned: _return_tokens,
    NobleVisited: _visit,
    Passed: lambda state, e: after_action(replace(state, passes=state.passes + 1)),
    GameEnded: lambda state, e: replace(state, phase=Phase.OVER, winners=tuple(e.winners)),
    HintAsked: lambda state, e: state,
}
"""How each kind of the base game's events folds, looked up by its type; a module's are
in its ``folds``."""


def evolve(state: GameState, event: Event) -> GameState:
    """The state after one event. Pure and total; trusts that ``rules.check`` passed."""
    apply = _FOLDS.get(type(event))
    if apply is None:
        apply = next(module.folds[type(event)] for module in state.modules if type(event) in module.folds)
    return apply(state, event)


def fold(state: GameState, events: Iterable[Event]) -> GameState:
    """Apply events in order (trusted; see ``rules.replay`` for the checked fold)."""
    for event in events:
        state = evolve(state, event)
    return state
