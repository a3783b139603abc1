"""The rules engine: pure, no I/O. Commands in, events out, state folded from events.

This package's names below are the public API that the console, the log, narration
and the bots all use. A module's own kinds are in its package (``engine.modules``).
"""

from __future__ import annotations

from splendor_a11y.engine.check import check, check_and_apply
from splendor_a11y.engine.checks import gems_uncovered, price
from splendor_a11y.engine.commands import (
    Buy,
    ChooseNoble,
    Command,
    ModuleCommand,
    Pass,
    Reserve,
    ReturnTokens,
    TakeGems,
)
from splendor_a11y.engine.events import (
    EVENT_KINDS,
    CardBought,
    CardReserved,
    Event,
    GameEnded,
    GameSetUp,
    GemsTaken,
    HintAsked,
    NobleVisited,
    Passed,
    SeatEvent,
    TokensReturned,
)
from splendor_a11y.engine.fold import evolve, fold
from splendor_a11y.engine.module import Module
from splendor_a11y.engine.modules import MODULES, modules_named
from splendor_a11y.engine.nobles import (
    NEAR_NOBLE,
    NobleOutlook,
    bonuses_missing,
    noble_outlook,
    nobles_completed,
)
from splendor_a11y.engine.payment import default_payment, gems_missing, needed, shortfall
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.rulebook import RULES, Rules
from splendor_a11y.engine.rules import (
    action_event,
    automatic_event,
    decide,
    decide_and_apply,
    legal_commands,
    play_legal,
)
from splendor_a11y.engine.setup import deal
from splendor_a11y.engine.state import GameState, Phase, PlayerState, Reserved, face_up_slots
from splendor_a11y.engine.view import (
    SPECTATOR,
    HiddenReservation,
    SeatView,
    Seen,
    decks_unknown,
    determinize,
    redact,
    seen_by,
    turn_again,
    unseen_cards,
    view,
)

__all__ = [
    "SPECTATOR",
    "EVENT_KINDS",
    "MODULES",
    "NEAR_NOBLE",
    "RULES",
    "Buy",
    "CardBought",
    "CardReserved",
    "ChooseNoble",
    "Command",
    "Event",
    "GameEnded",
    "GameSetUp",
    "GameState",
    "GemsTaken",
    "HiddenReservation",
    "HintAsked",
    "IllegalAction",
    "Module",
    "ModuleCommand",
    "NobleVisited",
    "Pass",
    "Passed",
    "Phase",
    "PlayerState",
    "Reason",
    "Reserve",
    "Reserved",
    "ReturnTokens",
    "Rules",
    "SeatEvent",
    "SeatView",
    "Seen",
    "TakeGems",
    "TokensReturned",
    "action_event",
    "automatic_event",
    "check",
    "check_and_apply",
    "deal",
    "decide",
    "decide_and_apply",
    "play_legal",
    "bonuses_missing",
    "noble_outlook",
    "NobleOutlook",
    "default_payment",
    "decks_unknown",
    "determinize",
    "evolve",
    "face_up_slots",
    "fold",
    "gems_missing",
    "legal_commands",
    "modules_named",
    "needed",
    "nobles_completed",
    "gems_uncovered",
    "price",
    "redact",
    "seen_by",
    "shortfall",
    "turn_again",
    "unseen_cards",
    "view",
]
