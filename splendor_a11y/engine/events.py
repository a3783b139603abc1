"""What happened: one frozen class per event of the log format (the README's "Game logs"
section), each defined once, here or in the module it belongs to.

A kind declares itself: its class carries ``kind``, its tag in the log, and each field
says its JSON form through ``json_field`` (the key, when not the field's name, and its
shape); ``@event_kind`` enters it in ``EVENT_KINDS``, where the log's codec finds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import DeckTop, GemCounts, HandSlot, Slot

__all__ = [
    "EVENT_KINDS",
    "CardBought",
    "CardReserved",
    "Event",
    "GameEnded",
    "GameSetUp",
    "GemsTaken",
    "HintAsked",
    "NobleVisited",
    "Passed",
    "SeatEvent",
    "TokensReturned",
    "event_kind",
    "json_field",
]


class Event:
    """Something that happened; its ``kind`` is its tag in the log."""

    __slots__ = ()
    kind: ClassVar[str] = ""


class SeatEvent(Event):
    """Something one player did."""

    __slots__ = ()
    player: int


EVENT_KINDS: dict[str, type[Event]] = {}
"""Every kind of event, by its tag in the log."""

_E = TypeVar("_E", bound=type[Event])


def event_kind(cls: _E) -> _E:
    """Enter a kind of event in ``EVENT_KINDS`` (put above ``@dataclass``)."""
    EVENT_KINDS[cls.kind] = cls
    return cls


SHAPES = ("seat", "count", "place", "slot", "card", "noble", "gems", "cards", "colour", "ints")
"""The JSON forms a field can take: a seat number, a small count, a place (``b3``,
``deck a``, ``h2``) or a face-up slot only, a card or a noble in notation, gem counts,
a list of cards, a colour letter, a list of numbers."""


_REQUIRED: Any = object()


def json_field(shape: str, key: str = "", low: int = 0, high: int = 3, default: Any = _REQUIRED) -> Any:
    """A field of an event and its JSON form: ``shape`` (one of ``SHAPES``), the ``key``
    when it is not the field's name, the bounds of a count, and a default that makes the
    field optional (left out of the log when it has that value)."""
    metadata = {"shape": shape, "key": key, "low": low, "high": high}
    if default is _REQUIRED:
        return field(metadata=metadata)
    return field(default=default, metadata=metadata)


@event_kind
@dataclass(frozen=True, slots=True)
class GameSetUp(Event):
    """The whole deal: each deck in draw order (first four face up), the nobles, who starts.

    Its JSON form is the codec's own (decks by level); a module's decks are kept under
    their deck word and written as ``<word>_decks``.
    """

    kind: ClassVar[str] = "game_set_up"
    decks: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    nobles: tuple[Noble, ...]
    first_player: int
    module_decks: tuple[tuple[str, tuple[tuple[Card, ...], ...]], ...] = ()
    """Per module with decks of its own, its deck word and its three decks in draw order."""

    def decks_of(self, word: str) -> tuple[tuple[Card, ...], ...]:
        """A module's decks in this deal, by its deck word (none when it has no part)."""
        return next((decks for owner, decks in self.module_decks if owner == word), ())


@event_kind
@dataclass(frozen=True, slots=True)
class GemsTaken(SeatEvent):
    """A player took gems from the supply."""

    kind: ClassVar[str] = "gems_taken"
    player: int = json_field("seat")
    gems: GemCounts = json_field("gems")


@event_kind
@dataclass(frozen=True, slots=True)
class CardReserved(SeatEvent):
    """A player reserved a card from a slot (``a2``) or a deck top (``deck a``)."""

    kind: ClassVar[str] = "card_reserved"
    player: int = json_field("seat")
    source: Slot | DeckTop | HandSlot = json_field("place", key="from")
    card: Card = json_field("card")
    gold: int = json_field("count", high=1)


@event_kind
@dataclass(frozen=True, slots=True)
class CardBought(SeatEvent):
    """A player bought a card from a slot (``b1``) or their hand (``h2``)."""

    kind: ClassVar[str] = "card_bought"
    player: int = json_field("seat")
    source: Slot | DeckTop | HandSlot = json_field("place", key="from")
    card: Card = json_field("card")
    paid: GemCounts = json_field("gems")
    discarded: tuple[Card, ...] = json_field("cards", default=())
    """Cards given up besides the gems, where a module's cards ask for that."""


@event_kind
@dataclass(frozen=True, slots=True)
class TokensReturned(SeatEvent):
    """A player over ten tokens gave some back."""

    kind: ClassVar[str] = "tokens_returned"
    player: int = json_field("seat")
    gems: GemCounts = json_field("gems")


@event_kind
@dataclass(frozen=True, slots=True)
class NobleVisited(SeatEvent):
    """A noble visited a player at the end of their turn."""

    kind: ClassVar[str] = "noble_visited"
    player: int = json_field("seat")
    noble: Noble = json_field("noble")


@event_kind
@dataclass(frozen=True, slots=True)
class Passed(SeatEvent):
    """A player with no legal action passed."""

    kind: ClassVar[str] = "passed"
    player: int = json_field("seat")


@event_kind
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: final scores and the winners (more than one when shared)."""

    kind: ClassVar[str] = "game_ended"
    scores: tuple[int, ...] = json_field("ints")
    winners: tuple[int, ...] = json_field("ints")


@event_kind
@dataclass(frozen=True, slots=True)
class HintAsked(SeatEvent):
    """A note, not a move: the player whose turn it is asked for a hint.

    It changes nothing in the game; it is logged so that a summary can tell.
    """

    kind: ClassVar[str] = "hint_asked"
    player: int = json_field("seat")
