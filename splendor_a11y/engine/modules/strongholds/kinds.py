"""The Strongholds' own names: its refusals, its phase and the placement a purchase
leaves due (its events and commands are in ``events`` and ``commands``)."""

from __future__ import annotations

from dataclasses import dataclass

from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import Phase

__all__ = [
    "HOLD",
    "NAME",
    "STRONGHOLDS_EACH",
    "STRONGHOLD_PHASE",
    "HoldDue",
    "Reasons",
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


# ---- phases -----------------------------------------------------------------------


STRONGHOLD_PHASE = Phase(
    "stronghold", ("hold", "oust"), lambda state: IllegalAction(Reasons.STRONGHOLD_DUE, state.current)
)
"""After a purchase: place or move a stronghold, or send back a lone opponent's one."""
