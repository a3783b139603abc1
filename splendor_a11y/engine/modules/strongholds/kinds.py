"""The Strongholds' own kinds: its events, commands, phases, refusals and the placement a
purchase leaves due, each defined once here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from splendor_a11y.domain.notation import GemCounts, Slot
from splendor_a11y.engine.commands import ModuleCommand
from splendor_a11y.engine.events import SeatEvent, event_kind, json_field
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import Phase

__all__ = [
    "HOLD",
    "NAME",
    "STRONGHOLDS_EACH",
    "STRONGHOLD_PHASE",
    "Conquer",
    "ConquestDeclined",
    "Decline",
    "Hold",
    "HoldDue",
    "Oust",
    "Reasons",
    "StrongholdOusted",
    "StrongholdPlaced",
]

NAME = "strongholds"
"""The module's name, on the command line and in a log's header."""
STRONGHOLDS_EACH = 3
"""Strongholds per player."""


class Reasons:
    """The Strongholds' refusals."""

    OCCUPIED = Reason("occupied")
    STRONGHOLD_DUE = Reason("stronghold_due")
    NO_STRONGHOLD_DUE = Reason("no_stronghold_due")
    NO_STRONGHOLD_LEFT = Reason("no_stronghold_left")
    NOT_YOUR_STRONGHOLD = Reason("not_your_stronghold")
    STRONGHOLD_SAME_PLACE = Reason("stronghold_same_place")
    OUST_NOT_LONE = Reason("oust_not_lone")
    CONQUEST_DUE = Reason("conquest_due")
    NO_CONQUEST = Reason("no_conquest")


@dataclass(frozen=True, slots=True)
class HoldDue:
    """Due after a purchase: place or move a stronghold, or send one back. It has no
    name among the effects a position lists (it is told by its phase)."""

    def __str__(self) -> str:
        return ""


HOLD = HoldDue()


# ---- events -----------------------------------------------------------------------


@event_kind
@dataclass(frozen=True, slots=True)
class StrongholdPlaced(SeatEvent):
    """A stronghold put on a face-up card, from the player's own supply (``source``
    empty) or moved from another slot."""

    kind: ClassVar[str] = "stronghold_placed"
    player: int = json_field("seat")
    to: Slot = json_field("slot")
    source: Slot | None = json_field("slot", key="from", default=None)


@event_kind
@dataclass(frozen=True, slots=True)
class StrongholdOusted(SeatEvent):
    """A lone opponent's stronghold sent back to its owner."""

    kind: ClassVar[str] = "stronghold_ousted"
    player: int = json_field("seat")
    place: Slot = json_field("slot")
    owner: int = json_field("seat")


@event_kind
@dataclass(frozen=True, slots=True)
class ConquestDeclined(SeatEvent):
    """The player chose not to buy the card they had conquered."""

    kind: ClassVar[str] = "conquest_declined"
    player: int = json_field("seat")


# ---- commands ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hold(ModuleCommand):
    """Put a stronghold on a face-up card, from your supply or moved from another card
    (``hold b3``, ``hold b3 from c1``)."""

    module: ClassVar[str] = NAME
    due_in: ClassVar[tuple[str, ...]] = ("stronghold",)
    not_due: ClassVar[Reason] = Reasons.NO_STRONGHOLD_DUE
    to: Slot
    source: Slot | None = None

    def __str__(self) -> str:
        return f"hold {self.to}" + (f" from {self.source}" if self.source is not None else "")


@dataclass(frozen=True, slots=True)
class Oust(ModuleCommand):
    """Send a lone opponent's stronghold back (``oust b2``)."""

    module: ClassVar[str] = NAME
    due_in: ClassVar[tuple[str, ...]] = ("stronghold",)
    not_due: ClassVar[Reason] = Reasons.NO_STRONGHOLD_DUE
    place: Slot

    def __str__(self) -> str:
        return f"oust {self.place}"


@dataclass(frozen=True, slots=True)
class Conquer(ModuleCommand):
    """Buy the card all three of your strongholds are on."""

    module: ClassVar[str] = NAME
    due_in: ClassVar[tuple[str, ...]] = ("conquest",)
    not_due: ClassVar[Reason] = Reasons.NO_CONQUEST
    pay: GemCounts | None = None

    def __str__(self) -> str:
        return "conquer" + (f" pay {self.pay}" if self.pay is not None else "")


@dataclass(frozen=True, slots=True)
class Decline(ModuleCommand):
    """Do not buy the conquered card now."""

    module: ClassVar[str] = NAME
    due_in: ClassVar[tuple[str, ...]] = ("conquest",)
    not_due: ClassVar[Reason] = Reasons.NO_CONQUEST

    def __str__(self) -> str:
        return "decline"


# ---- phases -----------------------------------------------------------------------


STRONGHOLD_PHASE = Phase("stronghold", (Hold, Oust),
                         lambda state: IllegalAction(Reasons.STRONGHOLD_DUE, state.current))
"""After a purchase: place or move a stronghold, or send back a lone opponent's one."""
