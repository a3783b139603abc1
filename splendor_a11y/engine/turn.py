"""The steps of a turn that every kind of event shares: a card leaving the board, a slot
refilled, the token limit, nobles, the end of a turn and of a round.

Pure functions of the state, used by the events' folds (the base game's and the modules').
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import LEVELS, DeckTop, GemCounts, Slot
from splendor_a11y.engine.state import GameState, Phase, PlayerState
from splendor_a11y.engine.values import replaced

if TYPE_CHECKING:
    from splendor_a11y.engine.module import Module

__all__ = [
    "after_action",
    "after_tokens",
    "continue_turn",
    "end_turn",
    "face_up",
    "finish_turn",
    "gain",
    "lose",
    "pool_of",
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
    return bool(state.modules) and any(module.replacement_waits(state, card) for module in state.modules)


def take_from_board(state: GameState, place: Slot | DeckTop, waits: bool = False) -> GameState:
    """A card leaves a slot or a deck top. The modules hear of a face-up card leaving; the
    slot is refilled from its deck at once, or, when ``waits``, once the turn's purchases
    are settled."""
    if isinstance(place, DeckTop):
        module = state.deck_module(place.word)
        if module is not None:
            return module.draw(state, place)
        return replaced(state, decks=top_drawn(state.decks, place.level))
    for module in state.modules:
        state = module.card_leaves(state, place)
    if waits:
        level = LEVELS.index(place.level)
        rows = list(state.rows)
        row = list(rows[level])
        row[place.index - 1] = None
        rows[level] = tuple(row)
        return replaced(state, rows=tuple(rows), refills=(*state.refills, place))
    return _refill(state, place)


def _refill(state: GameState, place: Slot) -> GameState:
    """Put the top card of a slot's deck in the slot (nothing when the deck is empty); a
    module's slots are refilled from its own decks."""
    module = state.slot_module(place.index) if state.modules else None
    if module is not None:
        return module.refill(state, place)
    rows, decks = top_to_slot(state.rows, state.decks, place)
    return replaced(state, rows=rows, decks=decks)


Decks = tuple[tuple[Card | None, ...], ...]
Rows = tuple[tuple[Card | None, ...], ...]


def top_drawn(decks: Decks, level: str) -> Decks:
    """The decks (one per level) once the top card of a level's deck is drawn."""
    index = LEVELS.index(level)
    return decks[:index] + (decks[index][1:],) + decks[index + 1 :]


def top_to_slot(rows: Rows, decks: Decks, place: Slot) -> tuple[Rows, Decks]:
    """The rows and decks once the top card of the slot's level's deck is put in the slot
    (the slot left empty when that deck is empty)."""
    level = LEVELS.index(place.level)
    deck = decks[level]
    row = list(rows[level])
    row[place.index - 1] = deck[0] if deck else None
    return rows[:level] + (tuple(row),) + rows[level + 1 :], top_drawn(decks, place.level)


def pool_of(state: GameState, place: Slot | DeckTop) -> str:
    """Where a reserved card would be imagined from when hidden: a module's deck, or ''."""
    if isinstance(place, DeckTop):
        word = "" if place.word == DeckTop.BASE_WORD else place.word
    else:
        module = state.slot_module(place.index)
        word = module.deck_word if module is not None else ""
    return f"{word} {place.level}" if word else ""


def end_turn(state: GameState) -> GameState:
    """The turn is over: the game ends after the last seat of the round, or play moves on."""
    count = len(state.players)
    if state.ends_after_turn_of(state.current) or state.passes >= count:
        return replaced(state, turn=state.turn + 1, phase=Phase.ENDING, action=None)
    following = (state.current + 1) % count
    return replaced(state, turn=state.turn + 1, current=following, phase=Phase.ACTION, action=None)


def after_tokens(state: GameState) -> GameState:
    """Once the token count is settled: nobles, then the end of the turn."""
    if state.qualifying_nobles():
        return replaced(state, phase=Phase.NOBLE)
    return finish_turn(state)


def finish_turn(state: GameState) -> GameState:
    """After the noble's visit (or none): what a module makes due at the very end of a
    turn (a coat of arms placed), else the turn is over."""
    for module in state.modules:
        waiting = module.turn_ends(state)
        if waiting is not None:
            return waiting
    return end_turn(state)


def after_action(state: GameState, done: Module | None = None) -> GameState:
    """After the action and its effects: a module's decision when one is due, else settle
    the turn. ``done``: the module whose decision was just made, so that only the modules
    after it are asked."""
    modules = state.modules
    if done is not None:
        modules = modules[modules.index(done) + 1 :]
    for module in modules:
        waiting = module.after_action(state, state.action)
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
        state = replaced(state, due=state.due[1:])
    return after_action(state)


def gain(player: PlayerState, card: Card, **changes: object) -> PlayerState:
    """A card joins the player's play area: its bonus (if it has a colour yet) and points."""
    if card.bonus is not None:
        bonuses = list(player.bonuses)
        bonuses[card.bonus.order] += card.bonus_count
        changes["bonuses"] = tuple.__new__(GemCounts, bonuses)
    return replaced(player, points=player.points + card.points, bought=(*player.bought, card), **changes)


def lose(state: GameState, player: PlayerState, cards: tuple[Card, ...]) -> PlayerState:
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
    lost = replaced(player, bonuses=GemCounts(bonuses), bought=tuple(bought), points=points)
    for module in state.modules:
        lost = module.cards_lost(lost, cards)
    return lost


def settle(state: GameState) -> GameState:
    """Refill the slots emptied this turn, then check the token limit."""
    if state.refills:
        for place in state.refills:
            state = _refill(state, place)
        state = replaced(state, refills=())
    if sum(state.players[state.current].tokens) > state.rules.token_limit:
        return replaced(state, phase=Phase.RETURN)
    return after_tokens(state)


def face_up(deck: tuple[Card, ...], slots: int) -> tuple[Card | None, ...]:
    """The first cards of a deck dealt face up into a number of slots (empty ones None)."""
    return tuple(deck[:slots]) + (None,) * (slots - len(deck[:slots]))
