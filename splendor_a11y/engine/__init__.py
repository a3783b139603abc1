"""The rules engine: pure, no I/O. Commands in, events out, state folded from events.

This package's names below are the public API that the console, the log, narration
and the bots all use.
"""

from __future__ import annotations

from splendor_a11y.engine.check import check, check_and_apply
from splendor_a11y.engine.commands import (
    Associate,
    Buy,
    ChooseNoble,
    Command,
    Conquer,
    Decline,
    Hold,
    Oust,
    Pass,
    Reserve,
    ReserveNoble,
    ReturnTokens,
    TakeFree,
    TakeGems,
)
from splendor_a11y.engine.events import (
    CardAssociated,
    CardBought,
    CardReserved,
    ConquestDeclined,
    Event,
    FreeCardTaken,
    GameEnded,
    GameSetUp,
    GemsTaken,
    HintAsked,
    NobleReserved,
    NobleVisited,
    Passed,
    StrongholdOusted,
    StrongholdPlaced,
    TokensReturned,
)
from splendor_a11y.engine.fold import evolve, fold
from splendor_a11y.engine.modules.orient import price
from splendor_a11y.engine.payment import default_payment, gems_missing, needed, shortfall
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.rulebook import RULES, Rules
from splendor_a11y.engine.rules import action_event, automatic_event, decide, decide_and_apply, legal_commands
from splendor_a11y.engine.setup import deal
from splendor_a11y.engine.state import (
    MODULES,
    GameState,
    Phase,
    PlayerState,
    Reserved,
)
from splendor_a11y.engine.view import HiddenReservation, Seen, determinize, redact, seen_by, unseen_cards, view

__all__ = [
    "RULES",
    "Rules",
    "HiddenReservation",
    "Seen",
    "redact",
    "seen_by",
    "Associate",
    "CardAssociated",
    "FreeCardTaken",
    "NobleReserved",
    "ReserveNoble",
    "TakeFree",
    "MODULES",
    "Buy",
    "CardBought",
    "CardReserved",
    "ChooseNoble",
    "Command",
    "Conquer",
    "ConquestDeclined",
    "Decline",
    "Event",
    "GameEnded",
    "GameSetUp",
    "GameState",
    "GemsTaken",
    "HintAsked",
    "Hold",
    "IllegalAction",
    "NobleVisited",
    "Oust",
    "Pass",
    "Passed",
    "Phase",
    "PlayerState",
    "Reason",
    "Reserve",
    "Reserved",
    "ReturnTokens",
    "StrongholdOusted",
    "StrongholdPlaced",
    "TakeGems",
    "TokensReturned",
    "action_event",
    "automatic_event",
    "check",
    "check_and_apply",
    "deal",
    "decide",
    "decide_and_apply",
    "default_payment",
    "evolve",
    "gems_missing",
    "fold",
    "legal_commands",
    "price",
    "needed",
    "shortfall",
    "determinize",
    "unseen_cards",
    "view",
]
