"""The Orient's own kinds: its events, commands, phases, refusals and the card effects it
leaves due, each defined once here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import Gem, Slot
from splendor_a11y.engine.commands import ModuleCommand
from splendor_a11y.engine.events import SeatEvent, event_kind, json_field
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import GameState, Phase

__all__ = [
    "ASSOCIATE",
    "ASSOCIATE_PHASE",
    "FREE_CARD_PHASE",
    "NAME",
    "NOBLE",
    "NOBLE_RESERVE_PHASE",
    "Associate",
    "Reasons",
    "CardAssociated",
    "Effect",
    "FreeCardTaken",
    "NobleReserved",
    "ReserveNoble",
    "TakeFree",
    "free_effect",
    "pending_free_level",
]

NAME = "orient"
"""The module's name, on the command line and in a log's header; also its decks' word."""


class Reasons:
    """The Orient's refusals."""

    ASSOCIATE_DUE = Reason("associate_due")
    FREE_CARD_DUE = Reason("free_card_due")
    NOBLE_RESERVE_DUE = Reason("noble_reserve_due")
    NO_EFFECT_DUE = Reason("no_effect_due")
    DISCARD_SHORT = Reason("discard_short")
    NO_PARTNER = Reason("no_partner")
    NO_SUCH_PARTNER = Reason("no_such_partner")
    GOLD_CARDS_UNUSED = Reason("gold_cards_unused")
    FREE_WRONG_LEVEL = Reason("free_wrong_level")
    DISCARD_NOT_OWNED = Reason("discard_not_owned")
    DISCARD_WRONG_COLOUR = Reason("discard_wrong_colour")
    DISCARD_TWO = Reason("discard_two")
    DISCARD_TAKERS_FIRST = Reason("discard_takers_first")


@dataclass(frozen=True, slots=True)
class Effect:
    """What a card does once bought or taken, due this turn in the order the rules give:
    take a colour, take a free card of ``level``, or reserve a noble."""

    what: str
    level: str = ""

    def __str__(self) -> str:
        return f"{self.what} {self.level}" if self.level else self.what


ASSOCIATE = Effect("associate")
NOBLE = Effect("noble")


def free_effect(level: str) -> Effect:
    """The effect of a card that gives a free card of a level."""
    return Effect("free", level)


# ---- events -----------------------------------------------------------------------


@event_kind
@dataclass(frozen=True, slots=True)
class CardAssociated(SeatEvent):
    """A card that takes a colour took ``colour`` (``count`` bonuses)."""

    kind: ClassVar[str] = "card_associated"
    player: int = json_field("seat")
    card: Card = json_field("card")
    colour: Gem = json_field("colour")
    count: int = json_field("count", low=1, high=2)


@event_kind
@dataclass(frozen=True, slots=True)
class FreeCardTaken(SeatEvent):
    """A face-up card taken without paying (not a purchase)."""

    kind: ClassVar[str] = "free_card_taken"
    player: int = json_field("seat")
    source: Slot = json_field("slot", key="from")
    card: Card = json_field("card")


@event_kind
@dataclass(frozen=True, slots=True)
class NobleReserved(SeatEvent):
    """A noble tile taken from the table, kept for this player only."""

    kind: ClassVar[str] = "noble_reserved"
    player: int = json_field("seat")
    noble: Noble = json_field("noble")


# ---- commands ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Associate(ModuleCommand):
    """Give the card that takes a colour one of your colours (``colour r``; ``colour rr``
    to follow a double-bonus card)."""

    module: ClassVar[str] = NAME
    due_in: ClassVar[tuple[str, ...]] = ("associate",)
    not_due: ClassVar[Reason] = Reasons.NO_EFFECT_DUE
    colour: Gem
    count: int = 1

    def __str__(self) -> str:
        return f"colour {self.colour.value * self.count}"


@dataclass(frozen=True, slots=True)
class TakeFree(ModuleCommand):
    """Take a face-up card free (``free b2``)."""

    module: ClassVar[str] = NAME
    due_in: ClassVar[tuple[str, ...]] = ("free_card",)
    not_due: ClassVar[Reason] = Reasons.NO_EFFECT_DUE
    place: Slot

    def __str__(self) -> str:
        return f"free {self.place}"


@dataclass(frozen=True, slots=True)
class ReserveNoble(ModuleCommand):
    """Reserve a noble tile from the table (``keep noble 2``)."""

    module: ClassVar[str] = NAME
    due_in: ClassVar[tuple[str, ...]] = ("noble_reserve",)
    not_due: ClassVar[Reason] = Reasons.NO_EFFECT_DUE
    index: int

    def __str__(self) -> str:
        return f"keep noble {self.index}"


# ---- phases -----------------------------------------------------------------------


def pending_free_level(state: GameState) -> str:
    """The level of the free card the effect now due gives, or empty when it gives none."""
    step = state.due[0] if state.due else None
    return step.level if isinstance(step, Effect) and step.what == "free" else ""


def _waiting(reason: Reason) -> Callable[[GameState], Exception]:
    return lambda state: IllegalAction(reason, state.current, level=pending_free_level(state))


ASSOCIATE_PHASE = Phase("associate", (Associate,), _waiting(Reasons.ASSOCIATE_DUE))
"""The card just taken takes the colour of one of the player's cards."""
FREE_CARD_PHASE = Phase("free_card", (TakeFree,), _waiting(Reasons.FREE_CARD_DUE))
"""The player takes a face-up card of the due effect's level, free."""
NOBLE_RESERVE_PHASE = Phase("noble_reserve", (ReserveNoble,), _waiting(Reasons.NOBLE_RESERVE_DUE))
"""The player reserves a noble tile from the table."""
