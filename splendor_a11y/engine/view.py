"""What one seat may know: the deck order and others' blind reservations are hidden.

Bots and narration work from views, so they cannot peek.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, NewType

from splendor_a11y.domain.cards import Card, CardSet
from splendor_a11y.domain.notation import LEVELS, DeckTop
from splendor_a11y.engine.events import CardReserved, Event, GameSetUp
from splendor_a11y.engine.phrase import Deck, Hand, Phrase
from splendor_a11y.engine.state import ROW_SLOTS, GameState, Phase, PlayerState, Reserved
from splendor_a11y.engine.values import replaced

if TYPE_CHECKING:
    from splendor_a11y.engine.module import Module

__all__ = [
    "SPECTATOR",
    "HiddenReservation",
    "SeatView",
    "Seen",
    "decks_unknown",
    "determinize",
    "redact",
    "seen_by",
    "unseen_cards",
    "view",
]

SPECTATOR = -1
"""The seat of someone who watches: no player holds it, so its view is what is public."""


@dataclass(frozen=True, slots=True)
class HiddenReservation:
    """Another player's reservation from the top of a deck, as a seat may know it: from
    where, and whether a gold came with it; never which card."""

    kind: ClassVar[str] = "card_reserved"
    player: int
    source: DeckTop
    gold: int

    def told(self, before: GameState, after: GameState) -> Phrase:
        """Where the card came from and the hand it joined; never the card."""
        gold = Phrase("event.gold", seat=self.player) if self.gold else ""
        return Phrase(
            "event.reserved_blind",
            {"deck": Deck(self.source), "gold": gold, "hand": Hand(len(after.players[self.player].reserved))},
            seat=self.player,
        )


@dataclass(frozen=True, slots=True)
class Seen:
    """An event as one listener may know it, with the positions before and after it as
    that listener sees them: all that a narrator is given."""

    event: Event | HiddenReservation
    before: GameState
    after: GameState


def redact(event: Event, seat: int, modules: tuple[Module, ...] = ()) -> Event | HiddenReservation:
    """The event with what ``seat`` may not know taken out: another player's blind
    reservation loses its card, and the deal keeps only the face-up cards."""
    if isinstance(event, CardReserved) and event.player != seat and isinstance(event.source, DeckTop):
        return HiddenReservation(event.player, event.source, event.gold)
    if isinstance(event, GameSetUp):
        by_word = {module.deck_word: module for module in modules}
        module_decks = tuple(
            (word, by_word[word].redact_deal(decks) if word in by_word else ()) for word, decks in event.module_decks
        )
        return replace(
            event,
            decks=tuple(deck[:ROW_SLOTS] for deck in event.decks),  # type: ignore[arg-type]
            module_decks=module_decks,
        )
    return event


def seen_by(event: Event, before: GameState, after: GameState, seat: int | None) -> Seen:
    """What ``seat`` may know of an event and the positions around it (everything for a
    spectator told all, ``seat`` None)."""
    if seat is None:
        return Seen(event, before, after)
    return Seen(redact(event, seat, before.modules), view(before, seat), view(after, seat))


def _hide_blind(player: PlayerState) -> PlayerState:
    if not any(r.blind for r in player.reserved):
        return player
    hidden = tuple(Reserved(None, r.level, True, r.pool) if r.blind else r for r in player.reserved)
    return replaced(player, reserved=hidden)


SeatView = NewType("SeatView", GameState)
"""A position as one seat may know it, made only by ``view``: a bot is given a
``SeatView``, and the type checker refuses it a whole ``GameState``, so that no bot is
handed what its seat may not see."""


def view(state: GameState, seat: int) -> SeatView:
    """The state as ``seat`` sees it: decks keep their size but not their cards."""
    players = tuple(p if i == seat else _hide_blind(p) for i, p in enumerate(state.players))
    action = state.action if state.action is None or getattr(state.action, "player", None) == seat else None
    return SeatView(decks_unknown(replaced(state, players=players, action=action)))


def decks_unknown(state: GameState) -> GameState:
    """The state with every deck's cards unknown (a module's decks too), all else as it is:
    a card bought or reserved from a row leaves its place empty. What a seat's view hides,
    and how a plan counts only on the cards in sight, where a plan on an imagined deal
    would count on cards that may never come."""
    hidden = replaced(state, decks=tuple((None,) * len(deck) for deck in state.decks))
    for module in state.modules:
        hidden = module.hide(hidden)
    return hidden


def unseen_cards(state: GameState, card_set: CardSet) -> dict[str, list[Card]]:
    """Per deck (``a`` to ``c``, and a module's as ``<word> a`` to ``<word> c``), the
    cards a view does not show: the decks and others' blind reservations."""
    seen: Counter[Card] = Counter()
    for row in state.rows:
        seen.update(card for card in row if card is not None)
    for player in state.players:
        seen.update(player.bought)
        seen.update(r.card for r in player.reserved if r.card is not None)
    unseen: dict[str, list[Card]] = {}
    for level in LEVELS:
        left = Counter(card_set.level(level)) - seen
        unseen[level] = sorted(left.elements(), key=lambda card: card.text)
        for module in state.modules:
            if module.deck_word:
                left = Counter(module.pools(card_set, level)) - seen
                unseen[f"{module.deck_word} {level}"] = sorted(left.elements(), key=lambda card: card.text)
    return unseen


def determinize(state: GameState, rng: random.Random, card_set: CardSet) -> GameState:
    """A full state that agrees with a view: every hidden card dealt at random from the
    cards the view has not shown. How a bot imagines what it cannot see, without peeking.
    """
    pools = unseen_cards(state, card_set)
    for pool in pools.values():
        rng.shuffle(pool)

    def draw(pool: str) -> Card:
        return pools[pool].pop() if pools.get(pool) else card_set.level(pool[-1])[0]

    players = tuple(
        replaced(
            p,
            reserved=tuple(
                Reserved(draw(r.pool or r.level), r.level, r.blind, r.pool) if r.card is None else r for r in p.reserved
            ),
        )
        if any(r.card is None for r in p.reserved)
        else p
        for p in state.players
    )
    decks = tuple(
        tuple(card if card is not None else draw(level) for card in deck)
        for level, deck in zip(LEVELS, state.decks, strict=False)
    )
    dealt = replaced(state, players=players, decks=decks)
    for module in state.modules:
        dealt = module.imagine(dealt, draw)
    return dealt


def turn_again(state: GameState, seat: int) -> GameState:
    """The state with ``seat`` to act once more, as though every other player had let
    their turn go by and left the table as it is: how a bot asks what an opponent could do
    now, and how a bot plays alone in a benchmark. Not a position of the game; nothing in
    it reaches a log."""
    return replaced(state, current=seat, phase=Phase.ACTION)
