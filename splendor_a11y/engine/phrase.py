"""What a module says, without words: a catalogue key and the facts that fill it in.

The engine writes no sentence for a player, yet a module knows what its events, phases
and hints are about. It says so as a ``Phrase``: the key of a sentence in the catalogues
and its fields as plain values (a card, gem counts, a number, a seat), which the
narrator turns into words in the listener's language and verbosity.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import DeckTop, Gem, GemCounts, HandSlot, Slot

__all__ = [
    "CardList",
    "Choice",
    "Counted",
    "Deck",
    "GemName",
    "Hand",
    "LastRound",
    "MarkWords",
    "NobleNumbers",
    "Outcome",
    "OwnedCard",
    "PlacedCard",
    "Phrase",
    "ModulesInPlay",
    "PlayOrder",
    "Points",
    "Price",
    "Refill",
    "Scores",
    "SlotCards",
    "Source",
    "TableNobles",
    "Tokens",
]


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence by its catalogue ``key``, filled in with ``fields``.

    With ``seat``, the sentence is about what that player did: the key takes ``.you``
    when the listener is that player and ``.other`` (with their ``name``) otherwise.
    ``to_seat`` names a player the sentence is about in another way, and ``to_key`` the
    sentence that player hears instead (always the ``.other`` form, with the doer's name).
    """

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)
    seat: int | None = None
    to_seat: int | None = None
    to_key: str = ""


@dataclass(frozen=True, slots=True)
class MarkWords:
    """What a module's marks on one of its cards mean, for the text layer to say in its
    description of the card: ``bonus`` instead of the colour's words, ``after`` added after
    the bonus, ``cost`` and ``costing`` instead of the gems' (a price in cards), ``keep``
    why such a card is worth reserving. Their fields are plain values (a gem, a level)."""

    bonus: Phrase | None = None
    after: tuple[Phrase, ...] = ()
    cost: Phrase | None = None
    costing: Phrase | None = None
    keep: Phrase | None = None


@dataclass(frozen=True, slots=True)
class Source:
    """Where a card was bought from: a board slot, said as it is, or a player's hand,
    said as in that player's hand to anyone else (``h1 in their hand``), so that no listener
    takes another's hand slot for their own."""

    place: Slot | DeckTop | HandSlot
    seat: int


@dataclass(frozen=True, slots=True)
class Points:
    """A number of prestige points (``7 points``)."""

    count: int


@dataclass(frozen=True, slots=True)
class Counted:
    """A number of things, said by the catalogue's plural entry ``key``
    (``tokens.count``: ``1 token``, ``3 tokens``)."""

    key: str
    count: int


@dataclass(frozen=True, slots=True)
class Price:
    """What a purchase costs: gems paid and cards given up."""

    paid: GemCounts
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class GemName:
    """The word for a gem, for a count (``rubies``)."""

    gem: Gem
    count: int = 1


@dataclass(frozen=True, slots=True)
class Refill:
    """What became of a slot a card left: refilled with a card, left empty, or to be
    refilled at the end of the turn."""

    place: Slot | DeckTop | HandSlot
    """Only a face-up slot is refilled; any other place says nothing."""


@dataclass(frozen=True, slots=True)
class NobleNumbers:
    """Nobles by their numbers on the table (``noble 1 and noble 3``)."""

    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """Things to choose from, said as a choice (``colour d or colour ss``)."""

    items: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class CardList:
    """Cards said as a list (``a1o and b2o``)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class OwnedCard:
    """A card after a possessive (``your a0* 3e 2o``): its code, or in words only its
    level (``your level a card``), since the sentence before told it in full and a
    description with its article ran on after "your" (``your a level a card (...)``)."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """A card named with its place: ``b3 b1e 3d 2e 3r`` in codes, and in words the place
    after the card (``a level b card (...) at b3``), where before it the place ran into
    the card's own words (``then you can buy a4 a level a card``)."""

    place: str
    card: Card | None


@dataclass(frozen=True, slots=True)
class SlotCards:
    """Face-up cards with their slots, said one after another (``b1 b2s 3d; b4 ...``), each
    as a ``PlacedCard`` is."""

    items: tuple[tuple[str, Card | None], ...]


@dataclass(frozen=True, slots=True)
class Tokens:
    """The tokens a player holds (``none`` when they hold none)."""

    counts: GemCounts


@dataclass(frozen=True, slots=True)
class Hand:
    """How many cards a hand holds (``1 card``, ``no cards``)."""

    count: int


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck by its level, and its module's word when it is a module's."""

    place: DeckTop


@dataclass(frozen=True, slots=True)
class LastRound:
    """That a player has just reached the points to win, so the round is the last (said
    only when this is the first time anyone reached them)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayOrder:
    """The players in the order they play, from the first."""


@dataclass(frozen=True, slots=True)
class ModulesInPlay:
    """The modules of the game by their titles, after "with" (nothing in a base game): a
    player who joins a table hears what it plays."""


@dataclass(frozen=True, slots=True)
class TableNobles:
    """The nobles on the table, by their numbers."""


@dataclass(frozen=True, slots=True)
class Scores:
    """Every player's score."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won, shared or on the tie-break."""
