"""The rules engine: pure, no I/O. Commands in, events out, state folded from events.

This package's names below are the public API that the console, the log, narration
and the bots all use.
"""

from __future__ import annotations

from .check import check, check_and_apply
from .commands import Buy, ChooseNoble, Command, Pass, Reserve, ReturnTokens, TakeGems
from .events import (
    CardBought,
    CardReserved,
    Event,
    GameEnded,
    GameSetUp,
    GemsTaken,
    HintAsked,
    NobleVisited,
    Passed,
    TokensReturned,
)
from .fold import evolve, fold
from .payment import default_payment, needed, shortfall
from .refusals import IllegalAction, Reason
from .rules import action_event, automatic_event, decide, decide_and_apply, legal_commands
from .setup import deal
from .state import (
    GOLD_TOKENS,
    TOKEN_LIMIT,
    WINNING_POINTS,
    GameState,
    Phase,
    PlayerState,
    Reserved,
)
from .view import view

__all__ = [
    "GOLD_TOKENS",
    "TOKEN_LIMIT",
    "WINNING_POINTS",
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
    "HintAsked",
    "IllegalAction",
    "NobleVisited",
    "Pass",
    "Passed",
    "Phase",
    "PlayerState",
    "Reason",
    "Reserve",
    "Reserved",
    "ReturnTokens",
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
    "fold",
    "legal_commands",
    "needed",
    "shortfall",
    "view",
]
