"""The questions the rules ask of a position, shared by the commands' decisions, the list
of legal moves and the modules: which card a place names, whether a player may take it,
what it would cost them, and whether they have any action at all.

Each question raises an ``IllegalAction`` with its numbers, or answers plainly; none
changes the state.
"""

from __future__ import annotations

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import COLOURS, LEVELS, DeckTop, Gem, GemCounts, HandSlot, Slot
from splendor_a11y.engine.payment import default_payment, gems_missing, needed, shortfall
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import ROW_SLOTS, GameState

__all__ = [
    "affordable",
    "blocked",
    "cannot_afford",
    "card_at_place",
    "check_take",
    "has_action",
    "price",
    "refuse",
]


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
    return refuse(state, Reason.CANNOT_AFFORD, card=card, short=short, gold=gold,
                  what="some_gold" if gold else "no_gold")


def price(state: GameState, seat: int, card: Card) -> tuple[GemCounts, tuple[Card, ...]] | None:
    """What buying a card would cost a player by default: the gems paid and any cards given
    up; None when they cannot."""
    player = state.players[seat]
    for module in state.modules:
        if module.prices:
            return module.price(player, card)
    paid = default_payment(needed(card.cost, player.bonuses), player.tokens)
    return (paid, ()) if paid is not None else None


def affordable(state: GameState, card: Card) -> bool:
    """Whether the current player can buy a card: it has a price for them. In the base
    game that is a closed sum (the hot path of legal moves); a module's price decides in
    its games."""
    if state.modules:
        return price(state, state.current, card) is not None
    player = state.player
    return not gems_missing(card.cost, player.bonuses, player.tokens)


def blocked(state: GameState, level: str, index: int) -> bool:
    """Whether a module keeps the current player from taking the card at a slot (0-based
    ``index`` in its row)."""
    return bool(state.modules) and state.kept_from(Slot(level, index + 1), state.current) is not None


def _face_up(state: GameState) -> list[Card]:
    """The face-up cards the current player may take."""
    return [card for level, row in zip(LEVELS, state.rows, strict=False) for i, card in enumerate(row)
            if card is not None and not blocked(state, level, i)]


def has_action(state: GameState) -> bool:
    """Whether the current player can take, reserve or buy anything (else they pass)."""
    if any(state.supply.get(gem) for gem in COLOURS):
        return True
    cards = _face_up(state)
    if len(state.player.reserved) < state.rules.hand_limit and (
            cards or any(state.decks) or any(m.deck(state, level) for m in state.modules if m.deck_word
                                             for level in LEVELS)):
        return True
    hand = [held.card for held in state.player.reserved if held.card is not None]
    return any(affordable(state, card) for card in cards + hand)
