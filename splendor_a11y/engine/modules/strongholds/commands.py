"""The Strongholds' commands, each defined whole: its word, its prompt form, how it is
judged, and the logged event that answers it; and the answers its placement has."""

from __future__ import annotations

from typing import ClassVar

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import GemCounts, Slot
from splendor_a11y.engine.checks import card_at_place, refuse
from splendor_a11y.engine.commands import Buy, Command, ModuleCommand, command_kind
from splendor_a11y.engine.events import Event
from splendor_a11y.engine.modules.strongholds.board import (
    conquest_slot,
    holders,
    holders_by_slot,
    occupied_by_other,
    strongholds,
)
from splendor_a11y.engine.modules.strongholds.events import ConquestDeclined, StrongholdOusted, StrongholdPlaced
from splendor_a11y.engine.modules.strongholds.kinds import NAME, STRONGHOLDS_EACH, Reasons
from splendor_a11y.engine.phrase import PlacedCard
from splendor_a11y.engine.refusals import Reason
from splendor_a11y.engine.state import GameState, face_up_slots
from splendor_a11y.engine.values import value

__all__ = ["Conquer", "Decline", "Hold", "Oust", "check_free", "stronghold_options"]


def check_free(state: GameState, place: Slot, card: Card, what: str = "take") -> None:
    """Refuse a card that another player's strongholds keep (``what`` the player meant
    to do with it: take it, or put a stronghold on it)."""
    owner = occupied_by_other(state, place, state.current)
    if owner is not None:
        raise refuse(
            state,
            Reasons.OCCUPIED,
            card=PlacedCard(str(place), card),
            owner=state.players[owner].name,
            **({"what": what} if what != "take" else {}),
        )


class _StrongholdsCommand(ModuleCommand):
    """What the Strongholds' commands share: their module."""

    __slots__ = ()
    module: ClassVar[str] = NAME


@command_kind
@value
class Hold(_StrongholdsCommand):
    """Put a stronghold on a face-up card, from your supply or moved from another card
    (``hold b3``, ``hold b3 from c1``)."""

    word: ClassVar[str] = "hold"
    makes: ClassVar[type[Event] | None] = StrongholdPlaced
    due_in: ClassVar[tuple[str, ...]] = ("stronghold",)
    not_due: ClassVar[Reason] = Reasons.NO_STRONGHOLD_DUE
    to: Slot
    source: Slot | None = None

    def __str__(self) -> str:
        return f"hold {self.to}" + (f" from {self.source}" if self.source is not None else "")

    def decide(self, state: GameState) -> Event:
        to, source = self.to, self.source
        seat = state.current
        mine = strongholds(state)[seat]
        check_free(state, to, card_at_place(state, to), "hold")
        if source is None:
            if len(mine) >= STRONGHOLDS_EACH:
                raise refuse(
                    state,
                    Reasons.NO_STRONGHOLD_LEFT,
                    places=tuple(str(p) for p in sorted(set(mine))),
                    first=str(mine[0]),
                )
            return StrongholdPlaced(player=seat, to=to)
        if source not in mine:
            raise refuse(state, Reasons.NOT_YOUR_STRONGHOLD, place=source)
        if source == to:
            raise refuse(state, Reasons.STRONGHOLD_SAME_PLACE, place=to)
        return StrongholdPlaced(player=seat, to=to, source=source)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, StrongholdPlaced)
        return Hold(event.to, event.source)


def _why_not_ousted(found: dict[int, int], seat: int) -> dict[str, str]:
    """What a refused ``oust`` met: no stronghold at all, or only the player's own."""
    if not found:
        return {"problem": "none"}
    if set(found) == {seat}:
        return {"problem": "own"}
    return {}


@command_kind
@value
class Oust(_StrongholdsCommand):
    """Send a lone opponent's stronghold back (``oust b2``)."""

    word: ClassVar[str] = "oust"
    makes: ClassVar[type[Event] | None] = StrongholdOusted
    due_in: ClassVar[tuple[str, ...]] = ("stronghold",)
    not_due: ClassVar[Reason] = Reasons.NO_STRONGHOLD_DUE
    place: Slot

    def __str__(self) -> str:
        return f"oust {self.place}"

    def decide(self, state: GameState) -> Event:
        place = self.place
        card_at_place(state, place)
        found = holders(state, place)
        if len(found) != 1 or sum(found.values()) != 1 or state.current in found:
            raise refuse(
                state,
                Reasons.OUST_NOT_LONE,
                place=place,
                count=sum(found.values()),
                **_why_not_ousted(found, state.current),
            )
        return StrongholdOusted(player=state.current, place=place, owner=next(iter(found)))

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, StrongholdOusted)
        return Oust(event.place)


@command_kind
@value
class Conquer(_StrongholdsCommand):
    """Buy the card all three of your strongholds are on (its log shows the purchase,
    which answers a ``buy`` of that card)."""

    word: ClassVar[str] = "conquer"
    due_in: ClassVar[tuple[str, ...]] = ("conquest",)
    not_due: ClassVar[Reason] = Reasons.NO_CONQUEST
    pay: GemCounts | None = None

    def __str__(self) -> str:
        return "conquer" + (f" pay {self.pay}" if self.pay is not None else "")

    def decide(self, state: GameState) -> Event:
        slot = conquest_slot(state)
        assert slot is not None, "the conquest phase always has its card"
        return Buy(slot, self.pay).decide(state)


@command_kind
@value
class Decline(_StrongholdsCommand):
    """Do not buy the conquered card now."""

    word: ClassVar[str] = "decline"
    makes: ClassVar[type[Event] | None] = ConquestDeclined
    due_in: ClassVar[tuple[str, ...]] = ("conquest",)
    not_due: ClassVar[Reason] = Reasons.NO_CONQUEST

    def __str__(self) -> str:
        return "decline"

    def decide(self, state: GameState) -> Event:
        return ConquestDeclined(player=state.current)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        return Decline()


def stronghold_options(state: GameState) -> list[Hold | Oust]:
    """The current player's choices after a purchase; empty when neither is possible.
    Who holds each slot is found once for all of them: a bot's look-ahead asks this after
    every purchase it imagines."""
    seat = state.current
    mine = strongholds(state)[seat]
    held = holders_by_slot(state)
    slots = face_up_slots(state)
    targets = [slot for slot in slots if all(other == seat for other in held.get(slot, ()))]
    options: list[Hold | Oust] = []
    if len(mine) < STRONGHOLDS_EACH:
        options += [Hold(slot) for slot in targets]
    for source in sorted(set(mine)):
        options += [Hold(slot, source) for slot in targets if slot != source]
    for slot in slots:
        found = held.get(slot, {})
        if len(found) == 1 and sum(found.values()) == 1 and seat not in found:
            options.append(Oust(slot))
    return options
