"""The rules engine: pure, no I/O. Commands in, events out, state folded from events.

This package's names below are the public API that the console, the log, narration
and the bots all use.
"""

from __future__ import annotations

from .check import check, check_and_apply
from .commands import (
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
from .events import (
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
from .fold import evolve, fold
from .payment import default_payment, gems_missing, needed, shortfall
from .refusals import IllegalAction, Reason
from .rules import action_event, automatic_event, decide, decide_and_apply, legal_commands
from .setup import deal
from .state import (
    GOLD_TOKENS,
    MODULES,
    STRONGHOLDS_EACH,
    TOKEN_LIMIT,
    WINNING_POINTS,
    GameState,
    Phase,
    PlayerState,
    Reserved,
)
from .orient import price
from .view import determinize, unseen_cards, view

__all__ = [
    "Associate",
    "CardAssociated",
    "FreeCardTaken",
    "NobleReserved",
    "ReserveNoble",
    "TakeFree",
    "GOLD_TOKENS",
    "MODULES",
    "STRONGHOLDS_EACH",
    "TOKEN_LIMIT",
    "WINNING_POINTS",
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
