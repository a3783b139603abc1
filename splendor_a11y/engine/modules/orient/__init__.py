"""The Orient (Cities of Splendor): three more decks whose cards sit in slots 5 and 6 of
each row and carry marks: a double bonus, a colour taken from another card, a free card,
a noble reserved, two virtual gold when given up, or a price paid in two cards.

Everything the engine knows of the module is here; the core meets it only through the
``Module`` hooks of ``ORIENT``.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from splendor_a11y.domain.cards import Card, CardSet, Noble
from splendor_a11y.domain.notation import LEVELS, DeckTop, Gem, GemCounts, Slot, add_deck_word
from splendor_a11y.engine.commands import Buy, Command, ModuleOption
from splendor_a11y.engine.events import CardBought, Event, GameSetUp
from splendor_a11y.engine.module import Module
from splendor_a11y.engine.modules.orient import rules, told
from splendor_a11y.engine.modules.orient.card_marks import discard_colour
from splendor_a11y.engine.modules.orient.commands import Associate, Discards, GoldCards, ReserveNoble, TakeFree
from splendor_a11y.engine.modules.orient.events import CardAssociated, FreeCardTaken, NobleReserved
from splendor_a11y.engine.modules.orient.kinds import (
    ASSOCIATE,
    ASSOCIATE_PHASE,
    FREE_CARD_PHASE,
    NAME,
    NOBLE,
    NOBLE_RESERVE_PHASE,
    Effect,
    Reasons,
    free_effect,
    pending_free_level,
)
from splendor_a11y.engine.modules.orient.marks import (
    OrientSeat,
    associations,
    card_effects,
    colour_of,
    discard_choice,
    discard_gap,
    free_options,
    gold_cards,
    orient_decks,
    partner_options,
    pending_associate,
    reserved_nobles,
    seat_part,
)
from splendor_a11y.engine.payment import Terms
from splendor_a11y.engine.phrase import MarkWords, Phrase
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import GameState, PlayerState
from splendor_a11y.engine.turn import face_up, top_drawn, top_to_slot
from splendor_a11y.engine.values import replaced

__all__ = [
    "ASSOCIATE",
    "ASSOCIATE_PHASE",
    "FREE_CARD_PHASE",
    "NAME",
    "NOBLE",
    "NOBLE_RESERVE_PHASE",
    "ORIENT",
    "Associate",
    "Discards",
    "GoldCards",
    "CardAssociated",
    "Effect",
    "FreeCardTaken",
    "NobleReserved",
    "OrientSeat",
    "Reasons",
    "ReserveNoble",
    "TakeFree",
    "associations",
    "card_effects",
    "colour_of",
    "discard_choice",
    "free_effect",
    "free_options",
    "gold_cards",
    "orient_decks",
    "partner_options",
    "pending_associate",
    "pending_free_level",
    "reserved_nobles",
]

SLOTS = 2
"""The Orient's face-up cards per level, in slots 5 and 6 of each row."""


def _with_decks(state: GameState, decks: tuple[tuple[Card | None, ...], ...]) -> GameState:
    return state.with_part(NAME, decks)


class Orient(Module):
    """The Orient's hooks."""

    name = NAME
    order = 1
    slots = SLOTS
    deck_word = NAME
    words = told.WORDS
    options = told.OPTIONS
    extends = ("buy",)

    def new_part(self, players: int) -> object | None:
        return ()

    def new_seat_part(self) -> object | None:
        return OrientSeat()

    def deal(self, rng: random.Random, card_set: CardSet) -> tuple[tuple[Card, ...], ...]:
        decks = []
        for level in LEVELS:
            deck = list(card_set.module_level(NAME, level))
            rng.shuffle(deck)
            decks.append(tuple(deck))
        return tuple(decks)

    def check_deal(self, state: GameState, event: GameSetUp, card_set: CardSet) -> None:
        decks = event.decks_of(NAME)
        if len(decks) != len(LEVELS):
            raise IllegalAction(Reason.BAD_SETUP, state.current, problem=NAME)
        for level, deck in zip(LEVELS, decks, strict=False):
            if Counter(deck) != Counter(card_set.module_level(NAME, level)):
                raise IllegalAction(Reason.BAD_SETUP, state.current, problem="deck", level=level)

    def set_up(self, state: GameState, event: GameSetUp) -> GameState:
        decks = event.decks_of(NAME)
        rows = tuple(row + face_up(deck, SLOTS) for row, deck in zip(state.rows, decks, strict=False))
        return _with_decks(replaced(state, rows=rows), tuple(tuple(deck[SLOTS:]) for deck in decks))

    def deck(self, state: GameState, level: str) -> tuple[Card | None, ...]:
        decks = orient_decks(state)
        return decks[LEVELS.index(level)] if decks else ()

    def draw(self, state: GameState, place: DeckTop) -> GameState:
        return _with_decks(state, top_drawn(orient_decks(state), place.level))

    def refill(self, state: GameState, place: Slot) -> GameState:
        rows, decks = top_to_slot(state.rows, orient_decks(state), place)
        return _with_decks(replaced(state, rows=rows), decks)

    def own_nobles(self, player: PlayerState) -> tuple[Noble, ...]:
        return reserved_nobles(player)

    def noble_visits(self, player: PlayerState, noble: Noble) -> PlayerState:
        part = seat_part(player)
        if noble not in part.reserved_nobles:
            return player
        kept = tuple(n for n in part.reserved_nobles if n != noble)
        return player.with_part(NAME, replace(part, reserved_nobles=kept))

    def terms(self, state: GameState, seat: int, card: Card, found: Terms, command: Buy | None) -> Terms:
        return rules.terms(state, seat, card, found, command)

    def reach(self, card: Card) -> Callable[[PlayerState], int] | None:
        gem = discard_colour(card)
        return functools.partial(discard_gap, gem) if gem is not None else None

    def options_of(self, state: GameState, event: CardBought) -> tuple[ModuleOption, ...]:
        return rules.options_of(event)

    def cards_lost(self, player: PlayerState, cards: tuple[Card, ...]) -> PlayerState:
        part = seat_part(player)
        lost = [entry for entry in part.associations if entry[0] in cards]
        if not lost:
            return player
        bonuses = list(player.bonuses)
        for _, gem, count in lost:
            bonuses[gem.order] -= count
        kept = tuple(entry for entry in part.associations if entry[0] not in cards)
        return replaced(player, bonuses=GemCounts(bonuses)).with_part(NAME, replace(part, associations=kept))

    def after_purchase(self, state: GameState, card: Card) -> tuple[object, ...]:
        return card_effects(card)

    def owns_step(self, step: object) -> bool:
        return isinstance(step, Effect)

    def resolve(self, state: GameState, step: object) -> GameState | None:
        if step == ASSOCIATE:
            return replaced(state, phase=ASSOCIATE_PHASE)
        if step == NOBLE and any(n is not None for n in state.nobles):
            return replaced(state, phase=NOBLE_RESERVE_PHASE)
        level = pending_free_level(state)
        if level and free_options(state, level):
            return replaced(state, phase=FREE_CARD_PHASE)
        return None

    def replacement_waits(self, state: GameState, card: Card) -> bool:
        return bool(card_effects(card)) or any(isinstance(step, Effect) for step in state.due)

    def legal(self, state: GameState) -> list[Command] | None:
        return rules.legal(state)

    def tell(self, event: Event, before: GameState, after: GameState) -> Phrase | None:
        return told.tell(event, before, after)

    def prompt(self, state: GameState) -> Phrase | None:
        return told.prompt(state)

    mark_keys = tuple(
        f"lookup.mark.{mark}" for mark in ("double", "gold", "associate", "free", "noble", "discard", "places")
    )

    def mark_words(self, card: Card) -> MarkWords | None:
        return told.mark_words(card)

    def explain(self, state: GameState, seat: int, command: Command) -> Phrase | None:
        return told.explain(state, seat, command)

    def purchase_gives(self, state: GameState, seat: int, card: Card) -> tuple[Phrase, ...]:
        return told.purchase_gives(card)

    def status(self, state: GameState, seat: int) -> tuple[Phrase, ...]:
        return told.status(state, seat)

    def colour_of(self, player: PlayerState, card: Card) -> tuple[Gem | None, int] | None:
        return colour_of(player, card)

    def facts(self, state: GameState) -> dict[str, object]:
        return {"orient_decks": {level: len(deck) for level, deck in zip(LEVELS, orient_decks(state), strict=False)}}

    def seat_facts(self, player: PlayerState) -> dict[str, object]:
        return {
            "associations": {card.text: gem.value * count for card, gem, count in associations(player)},
            "reserved_nobles": [n.text for n in reserved_nobles(player)],
        }

    def hide(self, state: GameState) -> GameState:
        return _with_decks(state, tuple((None,) * len(deck) for deck in orient_decks(state)))

    def redact_deal(self, decks: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(deck[:SLOTS] for deck in decks)

    def imagine(self, state: GameState, draw: Callable[[str], Card]) -> GameState:
        decks = tuple(
            tuple(card if card is not None else draw(f"{NAME} {level}") for card in deck)
            for level, deck in zip(LEVELS, orient_decks(state), strict=False)
        )
        return _with_decks(state, decks)

    def pools(self, card_set: CardSet, level: str) -> tuple[Card, ...]:
        return card_set.module_level(NAME, level)


ORIENT = Orient()
"""The Orient, as the registry lists it."""

add_deck_word(NAME)
