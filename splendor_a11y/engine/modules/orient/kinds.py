"""The Orient's own names: its refusals, its phases and the card effects it leaves due
(its events and commands are in ``events`` and ``commands``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import GameState, Phase

__all__ = [
    "ASSOCIATE",
    "ASSOCIATE_PHASE",
    "FREE_CARD_PHASE",
    "NAME",
    "NOBLE",
    "NOBLE_RESERVE_PHASE",
    "Reasons",
    "Effect",
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
    GOLD_CARDS_UNUSED = Reason.GOLD_CARDS_UNUSED
    FREE_WRONG_LEVEL = Reason("free_wrong_level")
    DISCARD_NOT_OWNED = Reason("discard_not_owned")
    DISCARD_WRONG_COLOUR = Reason("discard_wrong_colour")
    DISCARD_TWO = Reason("discard_two")
    DISCARD_TAKERS_FIRST = Reason("discard_takers_first")
    DISCARD_NOT_NEEDED = Reason("discard_not_needed")


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


# ---- phases -----------------------------------------------------------------------


def pending_free_level(state: GameState) -> str:
    """The level of the free card the effect now due gives, or empty when it gives none."""
    step = state.due[0] if state.due else None
    return step.level if isinstance(step, Effect) and step.what == "free" else ""


def _waiting(reason: Reason) -> Callable[[GameState], Exception]:
    return lambda state: IllegalAction(reason, state.current, level=pending_free_level(state))


ASSOCIATE_PHASE = Phase("associate", ("colour",), _waiting(Reasons.ASSOCIATE_DUE))
"""The card just taken takes the colour of one of the player's cards."""
FREE_CARD_PHASE = Phase("free_card", ("free",), _waiting(Reasons.FREE_CARD_DUE))
"""The player takes a face-up card of the due effect's level, free."""
NOBLE_RESERVE_PHASE = Phase("noble_reserve", ("keep",), _waiting(Reasons.NOBLE_RESERVE_DUE))
"""The player reserves a noble tile from the table."""
