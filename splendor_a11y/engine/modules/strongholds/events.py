"""The Strongholds' events, each defined whole: its log form, how it folds, what it is about."""

from __future__ import annotations

from typing import ClassVar

from splendor_a11y.domain.notation import Slot
from splendor_a11y.engine.events import SeatEvent, event_kind, json_field
from splendor_a11y.engine.modules.strongholds.board import move, strongholds, strongholds_left
from splendor_a11y.engine.phrase import Phrase, PlacedCard
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.turn import continue_turn, settle
from splendor_a11y.engine.values import value

__all__ = ["ConquestDeclined", "StrongholdOusted", "StrongholdPlaced"]


@event_kind
@value
class StrongholdPlaced(SeatEvent):
    """A stronghold put on a face-up card, from the player's own supply (``source``
    empty) or moved from another slot."""

    kind: ClassVar[str] = "stronghold_placed"
    player: int = json_field("seat")
    to: Slot = json_field("slot")
    source: Slot | None = json_field("slot", key="from", default=None)

    def fold(self, state: GameState) -> GameState:
        return continue_turn(move(state, self.player, self.source, self.to))

    def told(self, before: GameState, after: GameState) -> Phrase:
        count = strongholds(after)[self.player].count(self.to)
        card = after.card_at(self.to)
        if self.source is not None:
            return Phrase(
                "event.move_hold",
                {"source": str(self.source), "card": PlacedCard(str(self.to), card), "count": count},
                seat=self.player,
            )
        left = strongholds_left(after, self.player)
        return Phrase(
            "event.hold" if left else "event.hold_last",
            {"card": PlacedCard(str(self.to), card), "count": count, "left": left},
            seat=self.player,
        )


@event_kind
@value
class StrongholdOusted(SeatEvent):
    """A lone opponent's stronghold sent back to its owner."""

    kind: ClassVar[str] = "stronghold_ousted"
    player: int = json_field("seat")
    place: Slot = json_field("slot")
    owner: int = json_field("seat")

    def fold(self, state: GameState) -> GameState:
        return continue_turn(move(state, self.owner, self.place, None))

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase(
            "event.oust",
            {"place": str(self.place), "owner": after.players[self.owner].name},
            seat=self.player,
            to_seat=self.owner,
            to_key="event.oust_yours",
        )


@event_kind
@value
class ConquestDeclined(SeatEvent):
    """The player chose not to buy the card they had conquered."""

    kind: ClassVar[str] = "conquest_declined"
    player: int = json_field("seat")

    def fold(self, state: GameState) -> GameState:
        return settle(state)

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase("event.declined", seat=self.player)
