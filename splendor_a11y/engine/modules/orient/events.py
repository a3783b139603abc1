"""The Orient's events, each defined whole: its log form, how it folds, what it is about."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import COLOURS, Gem, GemCounts, Slot
from splendor_a11y.engine.events import SeatEvent, event_kind, json_field
from splendor_a11y.engine.modules.orient.kinds import NAME
from splendor_a11y.engine.modules.orient.marks import card_effects, seat_part
from splendor_a11y.engine.phrase import GemName, LastRound, OwnedCard, Phrase, Points, Refill
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.turn import continue_turn, gain, replacement_waits, take_from_board, with_player
from splendor_a11y.engine.values import replaced, value

__all__ = ["CardAssociated", "FreeCardTaken", "NobleReserved"]


@event_kind
@value
class CardAssociated(SeatEvent):
    """A card that takes a colour took ``colour`` (``count`` bonuses)."""

    kind: ClassVar[str] = "card_associated"
    player: int = json_field("seat")
    card: Card = json_field("card")
    colour: Gem = json_field("colour")
    count: int = json_field("count", low=1, high=2)

    def fold(self, state: GameState) -> GameState:
        player = state.players[self.player]
        bonuses = list(player.bonuses)
        bonuses[COLOURS.index(self.colour)] += self.count
        part = seat_part(player)
        player = replaced(player, bonuses=GemCounts(bonuses)).with_part(
            NAME, replace(part, associations=(*part.associations, (self.card, self.colour, self.count)))
        )
        return continue_turn(replaced(state, players=with_player(state, self.player, player), due=state.due[1:]))

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase(
            "event.associated",
            {
                "card": OwnedCard(self.card),
                "colour": GemName(self.colour),
                "count": self.count,
                "bonuses": after.players[self.player].bonuses,
            },
            seat=self.player,
        )


@event_kind
@value
class FreeCardTaken(SeatEvent):
    """A face-up card taken without paying (not a purchase)."""

    kind: ClassVar[str] = "free_card_taken"
    player: int = json_field("seat")
    source: Slot = json_field("slot", key="from")
    card: Card = json_field("card")

    def fold(self, state: GameState) -> GameState:
        taken = take_from_board(state, self.source, replacement_waits(state, self.card))
        player = gain(taken.players[self.player], self.card)
        due = card_effects(self.card) + state.due[1:]
        return continue_turn(replaced(taken, players=with_player(taken, self.player, player), due=due))

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase(
            "event.free",
            {
                "card": self.card,
                "place": str(self.source),
                "points": Points(after.players[self.player].points),
                "refill": Refill(self.source),
                "last_round": LastRound(self.player),
            },
            seat=self.player,
        )


@event_kind
@value
class NobleReserved(SeatEvent):
    """A noble tile taken from the table, kept for this player only."""

    kind: ClassVar[str] = "noble_reserved"
    player: int = json_field("seat")
    noble: Noble = json_field("noble")

    def fold(self, state: GameState) -> GameState:
        part = seat_part(state.players[self.player])
        player = state.players[self.player].with_part(
            NAME, replace(part, reserved_nobles=(*part.reserved_nobles, self.noble))
        )
        nobles = tuple(None if n == self.noble else n for n in state.nobles)
        return continue_turn(
            replaced(state, players=with_player(state, self.player, player), nobles=nobles, due=state.due[1:])
        )

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase("event.noble_reserved", {"noble": self.noble}, seat=self.player)
