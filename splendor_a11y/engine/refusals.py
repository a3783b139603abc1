"""Why the rules refuse something: a reason code and the numbers behind it.

The engine never writes sentences for players; ``narration`` turns a refusal into one
sentence in rule terms from the catalogue in ``messages``.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from splendor_a11y.domain.errors import SplendorError

__all__ = ["IllegalAction", "Reason"]


class Reason(Enum):
    """Every way a command or a logged event can break the rules."""

    GAME_OVER = "game_over"
    NOT_DEALT = "not_dealt"
    RETURN_DUE = "return_due"
    NOBLE_DUE = "noble_due"
    NO_RETURN_DUE = "no_return_due"
    NO_NOBLE_DUE = "no_noble_due"
    TAKE_NOTHING = "take_nothing"
    TAKE_GOLD = "take_gold"
    TAKE_TOO_MANY = "take_too_many"
    TAKE_MIXED = "take_mixed"
    TAKE_EMPTY_PILE = "take_empty_pile"
    TAKE_TWO_LOW = "take_two_low"
    TAKE_MORE_COLOURS = "take_more_colours"
    HAND_FULL = "hand_full"
    NO_SUCH_SLOT = "no_such_slot"
    EMPTY_SLOT = "empty_slot"
    EMPTY_DECK = "empty_deck"
    NO_SUCH_HAND_CARD = "no_such_hand_card"
    CANNOT_AFFORD = "cannot_afford"
    PAY_NOT_HELD = "pay_not_held"
    PAY_TOO_MUCH = "pay_too_much"
    PAY_TOO_LITTLE = "pay_too_little"
    RETURN_WRONG_COUNT = "return_wrong_count"
    RETURN_NOT_HELD = "return_not_held"
    NO_SUCH_NOBLE = "no_such_noble"
    NOBLE_GONE = "noble_gone"
    NOBLE_NOT_MET = "noble_not_met"
    PASS_NOT_ALLOWED = "pass_not_allowed"
    WRONG_PLAYER = "wrong_player"
    MISMATCH = "mismatch"
    BAD_SOURCE = "bad_source"
    BAD_SETUP = "bad_setup"
    OCCUPIED = "occupied"
    STRONGHOLD_DUE = "stronghold_due"
    NO_STRONGHOLD_DUE = "no_stronghold_due"
    NO_STRONGHOLD_LEFT = "no_stronghold_left"
    NOT_YOUR_STRONGHOLD = "not_your_stronghold"
    STRONGHOLD_SAME_PLACE = "stronghold_same_place"
    OUST_NOT_LONE = "oust_not_lone"
    CONQUEST_DUE = "conquest_due"
    NO_CONQUEST = "no_conquest"
    ASSOCIATE_DUE = "associate_due"
    FREE_CARD_DUE = "free_card_due"
    NOBLE_RESERVE_DUE = "noble_reserve_due"
    NO_EFFECT_DUE = "no_effect_due"
    NO_ORIENT = "no_orient"
    DISCARD_SHORT = "discard_short"
    NO_PARTNER = "no_partner"
    NO_SUCH_PARTNER = "no_such_partner"
    GOLD_CARDS_SHORT = "gold_cards_short"
    GOLD_CARDS_UNUSED = "gold_cards_unused"
    FREE_WRONG_LEVEL = "free_wrong_level"
    DISCARD_NOT_NEEDED = "discard_not_needed"
    DISCARD_NOT_OWNED = "discard_not_owned"
    DISCARD_WRONG_COLOUR = "discard_wrong_colour"
    DISCARD_TWO = "discard_two"
    DISCARD_TAKERS_FIRST = "discard_takers_first"


class IllegalAction(SplendorError):
    """A command or event the rules do not allow; the state is left unchanged.

    ``details`` holds the numbers a sentence needs (gems, counts, places, cards);
    ``player`` is the seat that tried it.
    """

    def __init__(self, reason: Reason, player: int, **details: Any) -> None:
        self.reason = reason
        self.player = player
        self.details = details
        shown = ", ".join(f"{key}={value}" for key, value in details.items())
        super().__init__(f"{reason.value} (player {player}{', ' + shown if shown else ''})")
