"""Answers to the questions a player may ask at any time: board, rows, a card, nobles,
the supply, anyone's status, what they can afford. Pure, and never changes the game.
"""

from __future__ import annotations

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import LEVELS, DeckTop, HandSlot, Slot
from splendor_a11y.engine import GameState, needed, price, shortfall
from splendor_a11y.text.describe import card_sentence
from splendor_a11y.text.messages import join_words, plural, text
from splendor_a11y.text.narrator import Narrator

__all__ = ["Answers"]


class Answers:
    """Query answers for one listener, in their verbosity."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    def row(self, state: GameState, level: str) -> str:
        """One level's face-up cards, one per slot, and what is left in its deck."""
        index = LEVELS.index(level)
        slots = [
            self._slot(state, Slot(level, i + 1), card) if card is not None
            else text("query.slot_empty", place=f"{level}{i + 1}")
            for i, card in enumerate(state.rows[index])
        ]
        deck = plural(len(state.decks[index]), "query.deck", "query.deck.none")
        line = text("query.row", level=level, slots="; ".join(slots), deck=deck)
        for module in state.modules:
            if module.deck_word:
                left = plural(len(module.deck(state, level)), "query.deck", "query.deck.none")
                line += text(f"query.{module.deck_word}_deck", level=level, deck=left)
        return line

    def _slot(self, state: GameState, place: Slot, card: Card) -> str:
        held = {seat: n for module in state.modules for seat, n in module.pieces(state, place).items()}
        if not held:
            return text("query.slot", place=place, card=self.narrator.card(card))
        names = [plural(n, "query.holder", name=self._name(state, seat))
                 for seat, n in held.items()]
        return text("query.slot_held", place=place, card=self.narrator.card(card), holders=join_words(names))

    def _name(self, state: GameState, seat: int) -> str:
        return text("you.object") if self.narrator.is_you(seat) else state.players[seat].name

    def board(self, state: GameState) -> list[str]:
        """The three rows from level c down to level a, then the nobles."""
        return [self.row(state, level) for level in reversed(LEVELS)] + [self.nobles(state)]

    def place(self, state: GameState, place: Slot | DeckTop | HandSlot, seat: int) -> str:
        """A card at a slot or in the listener's hand, in words, with what it would cost them."""
        card: Card | None
        if isinstance(place, HandSlot):
            hand = state.players[seat].reserved
            if place.index > len(hand):
                whose = "you" if self.narrator.is_you(seat) else "other"
                return text(f"query.no_hand_card.{whose}", place=str(place), name=state.players[seat].name,
                            held=self.narrator.hand(len(hand)))
            held = hand[place.index - 1]
            if held.card is None:
                return text("query.card_hidden", place=str(place), level=held.level)
            card = held.card
        elif isinstance(place, Slot):
            slots = len(state.rows[LEVELS.index(place.level)])
            if place.index > slots:
                return text("query.no_slot", place=str(place), slots=slots)
            card = state.card_at(place)
        elif place.word != DeckTop.BASE_WORD and state.deck_module(place.word) is None:
            return text(f"query.no_deck.{place.word}")
        else:
            return self.row(state, place.level)
        if card is None:
            return text("query.card_empty", place=str(place))
        player = state.players[seat]
        cost = price(state, seat, card)
        owner = state.kept_from(place, seat) if isinstance(place, Slot) else None
        if owner is not None:
            extra = text("query.need.held", owner=state.players[owner].name)
        elif cost is not None:
            extra = text("query.need.you_can", paid=self.narrator.price_words(cost))
        else:
            short = shortfall(needed(card.cost, player.bonuses), player.tokens)
            missing = short.total - player.tokens[5]
            extra = text("query.need.you_cannot", short=self.narrator.gems(short)) if missing > 0 else ""
        return text("query.card", place=str(place), sentence=card_sentence(card), need=extra)

    def nobles(self, state: GameState) -> str:
        """The nobles on the table by number; those taken say so."""
        items = [
            text("query.noble", index=i + 1, noble=noble.text) if noble is not None
            else text("query.noble_gone", index=i + 1)
            for i, noble in enumerate(state.nobles)
        ]
        return text("query.nobles", nobles="; ".join(items))

    def supply(self, state: GameState) -> str:
        """Tokens left in the supply, gold included."""
        return text("query.supply", gems=self.narrator.tokens(state.supply))

    def status(self, state: GameState, seat: int) -> str:
        """One player's points, tokens, bonuses, hand and nobles."""
        player = state.players[seat]
        hand = [
            text("query.hand_card", index=i + 1, card=self.narrator.card(r.card)) if r.card is not None
            else text("query.hand_hidden", index=i + 1, level=r.level)
            for i, r in enumerate(player.reserved)
        ]
        key = "query.status.you" if self.narrator.is_you(seat) else "query.status.other"
        extra = "".join(self.narrator.phrase(phrase, state, state)
                        for module in state.modules for phrase in module.status(state, seat))
        return text(
            key,
            name=player.name,
            points=self.narrator.points(player.points),
            tokens=self.narrator.tokens(player.tokens),
            count=player.token_count,
            bonuses=self.narrator.tokens(player.bonuses),
            hand=join_words(hand) if hand else self.narrator.hand(0),
            nobles=join_words([n.text for n in player.nobles]) if player.nobles else text("query.none"),
        ) + extra

    def everyone(self, state: GameState) -> list[str]:
        """Every player's status, in seat order."""
        return [self.status(state, seat) for seat in range(len(state.players))]

    def afford(self, state: GameState, seat: int) -> str:
        """The cards on the board and in hand that the player could buy now, with the payment."""
        player = state.players[seat]
        found = []
        places: list[tuple[Slot | HandSlot, Card | None]] = [
            (Slot(level, i + 1), card)
            for level, row in zip(LEVELS, state.rows, strict=True) for i, card in enumerate(row)
        ] + [(HandSlot(i + 1), r.card) for i, r in enumerate(player.reserved)]
        for place, card in places:
            if card is None or (isinstance(place, Slot) and state.kept_from(place, seat) is not None):
                continue
            cost = price(state, seat, card)
            if cost is not None:
                found.append(text("query.afford.card", place=place, card=self.narrator.card(card))
                             + f", {self.narrator.price_words(cost)}")
        suffix = "" if self.narrator.is_you(seat) else ".other"
        if not found:
            return text("query.afford.none" + suffix, name=player.name)
        return text("query.afford.some" + suffix, name=player.name, cards="; ".join(found))
