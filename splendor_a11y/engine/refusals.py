"""Why the rules refuse something: a reason code and the numbers behind it.

The engine never writes sentences for players; the narrator turns a refusal into one
sentence in rule terms from the catalogue.
"""

from __future__ import annotations

from typing import Any, ClassVar

from splendor_a11y.domain.errors import SplendorError

__all__ = ["IllegalAction", "Reason"]


class Reason:
    """One way a command or a logged event can break the rules; its ``value`` names its
    sentence in the catalogue (``refuse.<value>``). The base game's reasons are below; a
    module defines its own, and every reason made is kept in ``Reason.known``.
    """

    __slots__ = ("value",)
    known: ClassVar[dict[str, Reason]] = {}
    GAME_OVER: ClassVar[Reason]
    NOT_DEALT: ClassVar[Reason]
    RETURN_DUE: ClassVar[Reason]
    NOBLE_DUE: ClassVar[Reason]
    NO_RETURN_DUE: ClassVar[Reason]
    NO_NOBLE_DUE: ClassVar[Reason]
    TAKE_NOTHING: ClassVar[Reason]
    TAKE_GOLD: ClassVar[Reason]
    TAKE_TOO_MANY: ClassVar[Reason]
    TAKE_MIXED: ClassVar[Reason]
    TAKE_EMPTY_PILE: ClassVar[Reason]
    TAKE_TWO_LOW: ClassVar[Reason]
    TAKE_MORE_COLOURS: ClassVar[Reason]
    HAND_FULL: ClassVar[Reason]
    NO_SUCH_SLOT: ClassVar[Reason]
    EMPTY_SLOT: ClassVar[Reason]
    EMPTY_DECK: ClassVar[Reason]
    NO_SUCH_HAND_CARD: ClassVar[Reason]
    CANNOT_AFFORD: ClassVar[Reason]
    PAY_NOT_HELD: ClassVar[Reason]
    PAY_TOO_MUCH: ClassVar[Reason]
    PAY_TOO_LITTLE: ClassVar[Reason]
    RETURN_WRONG_COUNT: ClassVar[Reason]
    RETURN_NOT_HELD: ClassVar[Reason]
    NO_SUCH_NOBLE: ClassVar[Reason]
    NOBLE_GONE: ClassVar[Reason]
    NOBLE_NOT_MET: ClassVar[Reason]
    PASS_NOT_ALLOWED: ClassVar[Reason]
    WRONG_PLAYER: ClassVar[Reason]
    MISMATCH: ClassVar[Reason]
    BAD_SOURCE: ClassVar[Reason]
    BAD_SETUP: ClassVar[Reason]
    NO_DECK: ClassVar[Reason]
    GOLD_CARDS_SHORT: ClassVar[Reason]
    GOLD_CARDS_UNUSED: ClassVar[Reason]
    OPTION_OFF: ClassVar[Reason]

    def __init__(self, value: str) -> None:
        self.value = value
        Reason.known[value] = self

    def __repr__(self) -> str:
        return f"Reason({self.value!r})"


Reason.GAME_OVER = Reason("game_over")
Reason.NOT_DEALT = Reason("not_dealt")
Reason.RETURN_DUE = Reason("return_due")
Reason.NOBLE_DUE = Reason("noble_due")
Reason.NO_RETURN_DUE = Reason("no_return_due")
Reason.NO_NOBLE_DUE = Reason("no_noble_due")
Reason.TAKE_NOTHING = Reason("take_nothing")
Reason.TAKE_GOLD = Reason("take_gold")
Reason.TAKE_TOO_MANY = Reason("take_too_many")
Reason.TAKE_MIXED = Reason("take_mixed")
Reason.TAKE_EMPTY_PILE = Reason("take_empty_pile")
Reason.TAKE_TWO_LOW = Reason("take_two_low")
Reason.TAKE_MORE_COLOURS = Reason("take_more_colours")
Reason.HAND_FULL = Reason("hand_full")
Reason.NO_SUCH_SLOT = Reason("no_such_slot")
Reason.EMPTY_SLOT = Reason("empty_slot")
Reason.EMPTY_DECK = Reason("empty_deck")
Reason.NO_SUCH_HAND_CARD = Reason("no_such_hand_card")
Reason.CANNOT_AFFORD = Reason("cannot_afford")
Reason.PAY_NOT_HELD = Reason("pay_not_held")
Reason.PAY_TOO_MUCH = Reason("pay_too_much")
Reason.PAY_TOO_LITTLE = Reason("pay_too_little")
Reason.RETURN_WRONG_COUNT = Reason("return_wrong_count")
Reason.RETURN_NOT_HELD = Reason("return_not_held")
Reason.NO_SUCH_NOBLE = Reason("no_such_noble")
Reason.NOBLE_GONE = Reason("noble_gone")
Reason.NOBLE_NOT_MET = Reason("noble_not_met")
Reason.PASS_NOT_ALLOWED = Reason("pass_not_allowed")
Reason.WRONG_PLAYER = Reason("wrong_player")
Reason.MISMATCH = Reason("mismatch")
Reason.BAD_SOURCE = Reason("bad_source")
Reason.BAD_SETUP = Reason("bad_setup")
Reason.NO_DECK = Reason("no_deck")
Reason.GOLD_CARDS_SHORT = Reason("gold_cards_short")
Reason.GOLD_CARDS_UNUSED = Reason("gold_cards_unused")
Reason.OPTION_OFF = Reason("option_off")


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
