"""The braille-edition notation: gem codes, gem counts, card heads and places.

Every value has one canonical written form and one lenient parser, so that what a
player types in any order or case and what the log stores mean the same thing.
This module imports nothing else from the package.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from splendor_a11y.domain.errors import SplendorError

__all__ = [
    "COLOURS",
    "GEMS",
    "LEVELS",
    "DeckTop",
    "Gem",
    "GemCounts",
    "HandSlot",
    "NotationError",
    "PACKED_GUARDS",
    "PACKED_COLOURS",
    "PACKED_ONES",
    "packed_colours",
    "packed_holding",
    "packed_shortfall",
    "Place",
    "Slot",
    "EXTRA_SIGN",
    "CardHead",
    "add_card_marks",
    "price_mark",
    "parse_card_head",
    "parse_slot",
    "parse_place",
]


class NotationError(SplendorError, ValueError):
    """A code that does not follow the notation. ``key`` names what is wrong in the
    catalogue and ``fields`` fill it in; the text layer says it in the player's language."""

    def __init__(self, what: str, **fields: object) -> None:
        self.key = f"notation.{what}"
        self.fields = fields
        super().__init__(f"{what} {fields}" if fields else what)


class Gem(StrEnum):
    """A gem code, declared in the canonical order d s e r o, gold last."""

    DIAMOND = "d"
    SAPPHIRE = "s"
    EMERALD = "e"
    RUBY = "r"
    ONYX = "o"
    GOLD = "g"

    order: int
    """Position in the canonical order, the index into a ``GemCounts`` (named so as not to
    hide ``str.index``). Set on each gem once, below: a plain attribute, read at every
    step of every game a bot imagines."""


GEMS: tuple[Gem, ...] = tuple(Gem)
for _index, _gem in enumerate(GEMS):
    _gem.order = _index
del _index, _gem
COLOURS: tuple[Gem, ...] = GEMS[:5]
"""The five gem colours that can be bonuses and costs; gold is never a cost."""
_CODE_TO_GEM = {gem.value: gem for gem in GEMS}

LEVELS = ("a", "b", "c")
"""Level letters of the braille edition: a, b, c for levels 1, 2, 3."""

_COUNT_TOKEN = re.compile(r"\s*(\d+)\s*([A-Za-z])", re.ASCII)


def gem_from_code(code: str, text: str) -> Gem:
    """The gem for one letter, or a NotationError naming the text it came from."""
    gem = _CODE_TO_GEM.get(code.lower())
    if gem is None:
        raise NotationError("unknown_gem_code_code_in", code=code, text=text)
    return gem


class GemCounts(tuple[int, int, int, int, int, int]):
    """An immutable multiset of gems: six counts in the order d s e r o g.

    A tuple underneath, because the engine adds and compares these in its hot path;
    ``str()`` is the canonical notation (``3d 2s``), empty counts read as ``""``.
    """

    __slots__ = ()

    def __new__(cls, counts: Iterable[int] = (0, 0, 0, 0, 0, 0)) -> GemCounts:
        values = tuple(counts)
        if len(values) != 6:
            raise ValueError(f"GemCounts needs 6 counts, got {len(values)}")
        return tuple.__new__(cls, values)

    @classmethod
    def of(cls, **counts: int) -> GemCounts:
        """Counts from keyword codes: ``GemCounts.of(d=3, s=2)``."""
        return cls.from_mapping(counts)

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, int]) -> GemCounts:
        """Counts from a mapping of code to count, as stored in the log.

        Raises:
            NotationError: on an unknown code or a count that is not a whole number >= 0.
        """
        values = [0] * 6
        for code, count in mapping.items():
            gem = _CODE_TO_GEM.get(code) if isinstance(code, str) else None
            if gem is None:
                raise NotationError("unknown_gem_code_code_among", code=repr(code))
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise NotationError("the_count_of_code_must", code=code, count=repr(count))
            values[gem.order] += count
        return cls(values)

    @classmethod
    def parse(cls, text: str) -> GemCounts:
        """Read ``3d 2s`` in any order, case or spacing.

        Raises:
            NotationError: on an unknown code, a missing number or a gem named twice.
        """
        values = [0] * 6
        seen: set[Gem] = set()
        position = 0
        stripped = text.strip()
        while position < len(stripped):
            match = _COUNT_TOKEN.match(stripped, position)
            if match is None:
                rest = stripped[position:].strip()
                if rest and rest[0].isalpha():
                    raise NotationError("a_number_must_come_before", rest=rest[0], text=text)
                raise NotationError("cannot_read_rest_in_text", rest=rest, text=text)
            gem = gem_from_code(match.group(2), text)
            if gem in seen:
                raise NotationError("gem_gem_is_named_twice", gem=gem.value, text=text)
            seen.add(gem)
            values[gem.order] = int(match.group(1))
            position = match.end()
        return cls(values)

    def __str__(self) -> str:
        return " ".join(f"{n}{gem.value}" for gem, n in zip(GEMS, self, strict=False) if n)

    def __repr__(self) -> str:
        return f"GemCounts.parse({str(self)!r})"

    def get(self, gem: Gem) -> int:
        """The count of one gem."""
        return self[gem.order]

    @property
    def total(self) -> int:
        """How many gems in all, gold included."""
        return sum(self)

    def plus(self, other: Sequence[int]) -> GemCounts:
        """Element-wise sum."""
        return tuple.__new__(
            GemCounts,
            (
                self[0] + other[0],
                self[1] + other[1],
                self[2] + other[2],
                self[3] + other[3],
                self[4] + other[4],
                self[5] + other[5],
            ),
        )

    def minus(self, other: Sequence[int]) -> GemCounts:
        """Element-wise difference (may be negative; callers check)."""
        return tuple.__new__(
            GemCounts,
            (
                self[0] - other[0],
                self[1] - other[1],
                self[2] - other[2],
                self[3] - other[3],
                self[4] - other[4],
                self[5] - other[5],
            ),
        )

    def covers(self, other: Iterable[int]) -> bool:
        """True when every count here is at least the matching count of ``other``."""
        return all(map(operator.ge, self, other))

    def to_mapping(self) -> dict[str, int]:
        """The non-zero counts as ``{code: count}``, canonical order, for JSON."""
        return {gem.value: n for gem, n in zip(GEMS, self, strict=False) if n}

    def gems(self) -> tuple[Gem, ...]:
        """The gems present, canonical order."""
        return tuple(gem for gem, n in zip(GEMS, self, strict=False) if n)


EMPTY = GemCounts()

PACKED_GUARDS = 0x80_80_80_80_80
"""The top bit of each colour's byte in packed counts (see ``packed_colours``)."""
PACKED_COLOURS = 0xFF_FF_FF_FF_FF
"""The five colours' bytes of packed counts: gold's left out."""
PACKED_ONES = 0x01_01_01_01_01
"""One of each colour, packed: ``n * PACKED_ONES`` adds ``n`` to every colour at once."""


def packed_colours(counts: Sequence[int]) -> int:
    """The five colour counts (gold left out) in one integer, a byte each, so that whether
    a holding covers a cost is one subtraction: ``(held - cost) & PACKED_GUARDS`` equals
    ``PACKED_GUARDS`` exactly when every colour is covered (a holding is packed by
    ``packed_holding``, each byte's top bit set). Counts are held to 0 to 127, so that no
    byte borrows from the next: a cost read from a file may say anything."""
    return int.from_bytes(bytes([min(max(count, 0), 127) for count in counts[:5]]), "little")


def packed_holding(bonuses: Sequence[int], tokens: Sequence[int] | None = None) -> int:
    """What a player has of each colour (bonuses, and tokens when given; gold apart),
    packed and guarded (see ``packed_colours``): whether it covers a packed cost is
    ``(held - cost) & PACKED_GUARDS == PACKED_GUARDS``. Made from the counts' bytes at
    once, for a player's counts (0 to 127): this is asked at every step of every game a
    bot imagines."""
    packed = int.from_bytes(bytes(bonuses), "little")
    if tokens is not None:
        packed += int.from_bytes(bytes(tokens), "little")
    return (packed & PACKED_COLOURS) | PACKED_GUARDS


def packed_shortfall(held: int, cost: int) -> int:
    """How many gems of a packed cost a packed holding (``packed_holding``) lacks, all
    colours together: the gold it would take. Each colour's byte of ``held - cost`` is
    128 plus what the holding has over the cost; where that lost its top bit, 128 less
    the byte is what it lacks, and those bytes are summed."""
    left = held - cost
    short = ~left & PACKED_GUARDS
    lacking = left & ((short >> 7) * 0xFF)
    return sum((short - lacking).to_bytes(5, "little"))


_HEAD = re.compile(r"^([A-Za-z])(\d+)([^\s\d+]+)(?:\+(\S))?$")
EXTRA_SIGN = "+"
"""What joins an extra mark to the bonus in a card head (``b1d+n``)."""

BONUS_MARKS: dict[str, int] = {}
"""The words that stand in a card's bonus place instead of a colour, registered by the
modules whose cards carry them, each with how many bonuses it counts for until the card
has a colour (``add_card_marks``)."""
EXTRA_MARKS: set[str] = set()
"""The letters a module's cards may carry after ``+`` in their head."""
PRICE_MARKS: set[str] = set()
"""The signs that start a price paid in cards given up rather than in gems (``-2o``)."""


def add_card_marks(*, bonus: Mapping[str, int] = {}, extras: Iterable[str] = (), price: str = "") -> None:
    """A module whose cards carry marks makes the notation read them; what each mark
    means stays the module's own (the domain only reads and writes them)."""
    BONUS_MARKS.update({mark.lower(): count for mark, count in bonus.items()})
    EXTRA_MARKS.update(extra.lower() for extra in extras)
    if price:
        PRICE_MARKS.add(price)


def price_mark(text: str) -> str:
    """The registered sign a written price starts with, or empty for a price in gems."""
    return next((mark for mark in PRICE_MARKS if text.startswith(mark)), "")


@dataclass(frozen=True, slots=True)
class CardHead:
    """A card head in braille-edition notation, with the marks of the modules' cards.

    ``c4s``: level c, 4 points, sapphire bonus. A module's cards may carry marks: a
    doubled bonus letter (``b0dd``, two bonuses), a registered word in the bonus place
    (``mark``: the card has no colour of its own), and a registered letter after ``+``
    (``extra``). What they mean, the module that registered them says.
    """

    level: str
    points: int
    bonus: Gem | None
    bonus_count: int = 1
    mark: str = ""
    """The registered word in the bonus place, or empty for a colour."""
    extra: str = ""
    """The registered letter after ``+``, or empty."""

    @property
    def text(self) -> str:
        bonus = self.mark or (self.bonus.value * self.bonus_count if self.bonus is not None else "")
        return f"{self.level}{self.points}{bonus}" + (f"{EXTRA_SIGN}{self.extra}" if self.extra else "")


def parse_card_head(head: str, text: str | None = None) -> CardHead:
    """Read a card head such as ``c4s`` or ``b0dd``, with the marks the modules registered.

    Raises:
        NotationError: naming the part that is wrong.
    """
    whole = text if text is not None else head
    match = _HEAD.match(head.strip())
    if match is None:
        raise NotationError("head_is_not_a_card", head=head.strip(), whole=whole)
    level, points, bonus = match.group(1).lower(), int(match.group(2)), match.group(3).lower()
    extra = (match.group(4) or "").lower()
    if level not in LEVELS:
        raise NotationError("unknown_level_match_in_whole", match=match.group(1), whole=whole)
    if extra and extra not in EXTRA_MARKS:
        marks = ", ".join(sorted(EXTRA_SIGN + mark for mark in EXTRA_MARKS))
        raise NotationError("extra_is_not_a_mark", extra=extra, whole=whole, marks=marks)
    if bonus in BONUS_MARKS:
        return CardHead(level, points, None, BONUS_MARKS[bonus], mark=bonus, extra=extra)
    if not bonus.isascii() or not bonus.isalpha() or len(bonus) > 2 or (len(bonus) == 2 and bonus[0] != bonus[1]):
        raise NotationError("bonus_is_not_one_bonus", bonus=bonus, whole=whole)
    gem = gem_from_code(bonus[0], whole)
    if gem is Gem.GOLD:
        raise NotationError("gold_cannot_be_a_card", whole=whole)
    return CardHead(level, points, gem, len(bonus), extra=extra)


@dataclass(frozen=True, slots=True, order=True)
class Slot:
    """A face-up card position on the board: level letter and 1-based index (``b3``)."""

    level: str
    index: int

    def __str__(self) -> str:
        return f"{self.level}{self.index}"


@dataclass(frozen=True, slots=True)
class DeckTop:
    """The top card of a level's deck (``deck c``), or of a module's deck of that level,
    named by the module's deck word."""

    level: str
    word: str = "deck"

    BASE_WORD: ClassVar[str] = "deck"

    def __str__(self) -> str:
        return f"{self.word} {self.level}"


DECK_WORDS: set[str] = {DeckTop.BASE_WORD}
"""The words that name decks in places: ``deck``, and each module's that has decks."""


def add_deck_word(word: str) -> None:
    """A module with decks of its own makes its word name them in places."""
    DECK_WORDS.add(word.lower())


@dataclass(frozen=True, slots=True)
class HandSlot:
    """A reserved card in the acting player's hand, 1-based (``h2``)."""

    index: int

    def __str__(self) -> str:
        return f"h{self.index}"


Place = Slot | DeckTop | HandSlot

_SLOT = re.compile(r"^([A-Za-z])\s*(\d+)$", re.ASCII)
_DECK = re.compile(r"^([A-Za-z]+?)\s*([A-Za-z])$", re.ASCII)


def parse_place(text: str) -> Place:
    """Read ``b3``, ``deck c`` or ``h2`` in any case and spacing.

    Raises:
        NotationError: saying which forms are understood.
    """
    stripped = " ".join(text.split())
    deck = _DECK.match(stripped)
    if deck and deck.group(1).lower() in DECK_WORDS:
        level = deck.group(2).lower()
        if level not in LEVELS:
            raise NotationError("unknown_level_deck_in_text", deck=deck.group(2), text=text)
        return DeckTop(level, deck.group(1).lower())
    slot = _SLOT.match(stripped)
    if slot:
        letter, number = slot.group(1).lower(), int(slot.group(2))
        if number < 1:
            raise NotationError("places_are_numbered_from_not", number=number, text=text)
        if letter == "h":
            return HandSlot(number)
        if letter in LEVELS:
            return Slot(letter, number)
        raise NotationError("unknown_row_slot_in_text", slot=slot.group(1), text=text)
    raise NotationError("text_is_not_a_place", text=text.strip())


def parse_slot(text: str) -> Slot:
    """Read a face-up slot such as ``b3`` (some commands name only slots).

    Raises:
        NotationError: when the text is not a place, or names a deck or a hand card.
    """
    place = parse_place(text)
    if not isinstance(place, Slot):
        raise NotationError("text_is_not_a_face", text=text.strip())
    return place
