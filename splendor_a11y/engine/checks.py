"""The questions the rules ask of a position, shared by the commands' decisions, the list
of legal moves and the modules: which card a place names, whether a player may take it,
what it would cost them, and whether they have any action at all.

Each question raises an ``IllegalAction`` with its numbers, or answers plainly; none
changes the state.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import (
    COLOURS,
    LEVELS,
    PACKED_GUARDS,
    PACKED_ONES,
    DeckTop,
    Gem,
    HandSlot,
    Slot,
    packed_holding,
    packed_shortfall,
)
from splendor_a11y.engine.payment import (
    Paid,
    Terms,
    default_payment,
    gems_missing,
    needed,
    shortfall,
    terms_payment,
    uncovered,
)
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import ROW_SLOTS, GameState, Reserved

if TYPE_CHECKING:
    from splendor_a11y.engine.commands import Buy

__all__ = [
    "affordable",
    "buyable",
    "cannot_afford",
    "card_at_place",
    "check_take",
    "gems_uncovered",
    "has_action",
    "price",
    "PLACES",
    "PlaceMaker",
    "refuse",
    "reservable",
    "terms",
]

_T = TypeVar("_T")


def refuse(state: GameState, reason: Reason, **details: object) -> IllegalAction:
    """The refusal of the current player's command, for a reason with its numbers."""
    return IllegalAction(reason, state.current, **details)


def card_at_place(state: GameState, place: Slot | DeckTop | HandSlot) -> Card:
    """The card a command names, or the reason there is none."""
    if isinstance(place, Slot):
        row = state.rows[LEVELS.index(place.level)]
        if place.index > len(row):
            raise refuse(state, Reason.NO_SUCH_SLOT, place=place, slots=len(row) or ROW_SLOTS)
        card = row[place.index - 1]
        if card is None:
            waiting = place in state.refills
            raise refuse(state, Reason.EMPTY_SLOT, place=place, what="waiting" if waiting else "used_up")
        return card
    if isinstance(place, DeckTop):
        return _deck_top(state, place)
    hand = state.player.reserved
    if place.index > len(hand):
        raise refuse(state, Reason.NO_SUCH_HAND_CARD, place=place, held=len(hand))
    card = hand[place.index - 1].card
    assert card is not None, "a view cannot buy an unknown card"
    return card


def _deck_top(state: GameState, place: DeckTop) -> Card:
    """The top card of a deck, or why there is none."""
    base = place.word == DeckTop.BASE_WORD
    if not base and state.deck_module(place.word) is None:
        raise refuse(state, Reason.NO_DECK, place=place, what=place.word)
    deck = state.deck_at(place)
    if not deck:
        raise refuse(state, Reason.EMPTY_DECK, level=place.level, what="base" if base else place.word)
    top = deck[0]
    assert top is not None, "a view cannot draw from a deck"
    return top


def check_take(state: GameState, place: Slot | DeckTop | HandSlot, card: Card) -> None:
    """The modules' say on whether the current player may take this card."""
    for module in state.modules:
        module.check_take(state, place, card)


def cannot_afford(state: GameState, card: Card, gold_from_cards: int) -> IllegalAction:
    """Why a card is out of reach: the gems missing, and the gold (tokens and whatever
    else a module counts as gold) that cannot cover them."""
    player = state.player
    short = shortfall(needed(card.cost, player.bonuses), player.tokens)
    gold = player.tokens.get(Gem.GOLD) + gold_from_cards
    return refuse(
        state, Reason.CANNOT_AFFORD, card=card, short=short, gold=gold, what="some_gold" if gold else "no_gold"
    )


def terms(state: GameState, seat: int, card: Card, command: Buy | None = None) -> Terms:
    """What buying a card asks of a player: the price's chain, the base game's terms
    changed by each module in play in the modules' order.

    Raises:
        IllegalAction: when a module's rules forbid the purchase.
    """
    found = Terms(needed(card.cost, state.players[seat].bonuses))
    for module in state.modules:
        found = module.terms(state, seat, card, found, command)
    return found


def price(state: GameState, seat: int, card: Card) -> Paid | None:
    """What buying a card would cost a player by default: the gems paid and any cards given
    up; None when they cannot."""
    player = state.players[seat]
    if not state.modules:
        paid = default_payment(needed(card.cost, player.bonuses), player.tokens)
        return (paid, ()) if paid is not None else None
    try:
        found = terms(state, seat, card)
    except IllegalAction:
        return None
    return terms_payment(found, player.tokens)


def gems_uncovered(state: GameState, seat: int, card: Card) -> int:
    """The gems a player still lacks for a card once bonuses, gems and gold (tokens and
    what the modules count as gold, at what they make it worth) are counted."""
    player = state.players[seat]
    try:
        found = terms(state, seat, card)
    except IllegalAction:
        found = Terms(needed(card.cost, player.bonuses))
    short = shortfall(found.need, player.tokens)[:5]
    gold = player.tokens[5] + found.card_gold * len(found.gold_cards)
    return uncovered(short, gold, found.gold_worth)


def affordable(state: GameState, card: Card) -> bool:
    """Whether the current player can buy a card: it has a price for them. In the base
    game that is a closed sum (the hot path of legal moves); a module's price decides in
    its games."""
    if state.modules:
        return price(state, state.current, card) is not None
    return not gems_missing(card, state.player)


_HANDS_KEPT = 256
"""How many hands a ``PlaceMaker`` keeps the buyable entries of before starting again."""


class _Answers(threading.local, Generic[_T]):
    """The answers a thread's ``PlaceMaker`` keeps for the positions it was last asked
    about: each thread its own, so that bots thinking at once share no state."""

    def __init__(self) -> None:
        self.board: tuple[object, tuple[tuple[_T, int], ...]] = (None, ())
        self.rows: list[tuple[object, tuple[tuple[_T, int], ...]]] = [(None, ())] * len(LEVELS)
        self.held: dict[int, tuple[tuple[Reserved, ...], tuple[tuple[_T, int], ...]]] = {}


class PlaceMaker(Generic[_T]):
    """What each place a player may act on becomes: the place itself, or a command for
    it. Each is made once and kept in tables by row and place, so that listing the legal
    moves at every step of a search builds nothing new. The tables are the same for every
    thread (each entry made from its place alone); the answers kept for a position are
    each thread's own."""

    def __init__(self, make: Callable[[Slot | DeckTop | HandSlot], _T]) -> None:
        self._make = make
        self._rows: tuple[tuple[_T, ...], ...] = ()
        self._hand: tuple[_T, ...] = ()
        self._kept: _Answers[_T] = _Answers()
        self.decks: tuple[_T, ...] = tuple(make(DeckTop(level)) for level in LEVELS)
        """The top of each base deck, by level (0-based)."""
        self.module_deck: Callable[[int, str], _T] = functools.cache(
            lambda level, word: make(DeckTop(LEVELS[level], word))
        )
        """The top of a module's deck, by level (0-based) and the module's deck word."""

    def rows(self, width: int) -> tuple[tuple[_T, ...], ...]:
        """Per row, what each slot (0-based) becomes, for rows of ``width`` slots at least."""
        if len(self._rows) == 0 or len(self._rows[0]) < width:
            self._rows = tuple(tuple(self._make(Slot(level, index + 1)) for index in range(width)) for level in LEVELS)
        return self._rows

    def board(self, rows: tuple[tuple[Card | None, ...], ...]) -> tuple[tuple[_T, int], ...]:
        """What each face-up card's place becomes, with the card's packed cost, in order.

        Kept for the last rows asked about, and each row for the last of its level: the
        rows stay the same objects from one state to the next until a card leaves them,
        and then only that card's row is new, so most steps of a game find them here."""
        kept = self._kept
        kept_rows, entries = kept.board
        if kept_rows is not rows:
            entries = tuple([entry for level, row in enumerate(rows) for entry in self._row(level, row)])
            kept.board = (rows, entries)
        return entries

    def _row(self, level: int, row: tuple[Card | None, ...]) -> tuple[tuple[_T, int], ...]:
        """``board`` for one row (``level`` 0-based)."""
        kept = self._kept.rows
        kept_row, entries = kept[level]
        if kept_row is not row:
            places = self.rows(len(row))[level]
            entries = tuple([(places[i], card.packed_cost) for i, card in enumerate(row) if card is not None])
            kept[level] = (row, entries)
        return entries

    def held(self, reserved: tuple[Reserved, ...]) -> tuple[tuple[_T, int], ...]:
        """What each card of a hand that is known becomes, with its packed cost. Kept for
        the hands last asked about (found by identity, the hand kept with its answer so
        that no other can take its place): a hand stays the same object for many steps."""
        hands = self._kept.held
        kept = hands.get(id(reserved))
        if kept is not None and kept[0] is reserved:
            return kept[1]
        hand = self.hand(len(reserved))
        entries = tuple([(hand[i], held.card.packed_cost) for i, held in enumerate(reserved) if held.card is not None])
        if len(hands) >= _HANDS_KEPT:
            hands.clear()
        hands[id(reserved)] = (reserved, entries)
        return entries

    def hand(self, size: int) -> tuple[_T, ...]:
        """What each card of a hand (0-based) becomes, for a hand of ``size`` cards at least."""
        if len(self._hand) < size:
            self._hand = tuple(self._make(HandSlot(index + 1)) for index in range(size))
        return self._hand


@functools.cache
def _slot(level: int, index: int) -> Slot:
    """The slot of a row (0-based) and place (from 1), made once: places are values."""
    return Slot(LEVELS[level], index)


PLACES: PlaceMaker[Slot | DeckTop | HandSlot] = PlaceMaker(lambda place: place)
"""The places themselves."""


def _face_up(state: GameState) -> list[tuple[int, int, Card]]:
    """The face-up cards the current player may take (no module keeps them): row
    (0-based), place in the row (from 1), card."""
    cards = [
        (level, i + 1, card) for level, row in enumerate(state.rows) for i, card in enumerate(row) if card is not None
    ]
    if not state.modules:
        return cards
    return [
        (level, index, card)
        for level, index, card in cards
        if state.kept_from(_slot(level, index), state.current) is None
    ]


def reservable(state: GameState, make: PlaceMaker[_T]) -> list[_T]:
    """Where the current player may reserve a card from, in order: face-up cards, then the
    base decks, then the modules' decks; none when their hand is full."""
    if len(state.player.reserved) >= state.rules.hand_limit:
        return []
    if state.modules:
        table = make.rows(max(map(len, state.rows)))
        places = [table[level][index - 1] for level, index, _ in _face_up(state)]
    else:
        places = [made for made, _ in make.board(state.rows)]
    decks = make.decks
    places += [decks[level] for level, deck in enumerate(state.decks) if deck]
    for module in state.modules:
        if module.deck_word:
            places += [
                make.module_deck(level, module.deck_word)
                for level, letter in enumerate(LEVELS)
                if module.deck(state, letter)
            ]
    return places


def buyable(state: GameState, make: PlaceMaker[_T]) -> list[_T]:
    """The face-up cards, then the hand's cards, the current player can buy now."""
    player = state.player
    if state.modules:
        table = make.rows(max(map(len, state.rows)))
        hand = make.hand(len(player.reserved))
        places = [table[level][index - 1] for level, index, card in _face_up(state) if affordable(state, card)]
        return places + [
            hand[i] for i, held in enumerate(player.reserved) if held.card is not None and affordable(state, held.card)
        ]
    candidates = make.board(state.rows)
    if player.reserved:
        candidates = candidates + make.held(player.reserved)
    held = packed_holding(player.bonuses, player.tokens)
    guards = PACKED_GUARDS
    gold = player.tokens[5]
    if not gold:
        return [made for made, cost in candidates if (held - cost) & guards == guards]
    spread = gold * PACKED_ONES
    # Within reach: every colour covered; or, with gold, no colour short by more than the
    # gold, and all colours together short by no more than it.
    return [
        made
        for made, cost in candidates
        if (left := held - cost) & guards == guards
        or ((left + spread) & guards == guards and packed_shortfall(held, cost) <= gold)
    ]


def has_action(state: GameState) -> bool:
    """Whether the current player can take, reserve or buy anything (else they pass)."""
    return any(state.supply.get(gem) for gem in COLOURS) or bool(reservable(state, PLACES) or buyable(state, PLACES))
