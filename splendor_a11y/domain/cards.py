"""Development cards and noble tiles, and the checked loading of the card data file.

A card's notation is its identity (``str(card) == "c4s 7d"``): the same string is
spoken, written in the log and looked up in ``data/braille_cards.txt``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.domain.notation import (
    COLOURS,
    LEVELS,
    Gem,
    GemCounts,
    NotationError,
    packed_colours,
    parse_card_head,
    price_mark,
)

__all__ = ["Card", "CardDataError", "CardSet", "Noble", "add_module_cards", "load_cards", "standard_cards"]

CARDS_PER_LEVEL = {"a": 40, "b": 30, "c": 20}
NOBLE_COUNT = 10
MAX_POINTS = 5
MAX_GEMS_OF_ONE_COLOUR = 7


class CardDataError(SplendorError):
    """The card data file breaks one of its checks: the catalogue's ``data.<problem>``
    sentence says which, filled in with ``fields`` (the line, the counts; a code that
    breaks the notation is kept as ``cause``, for the text layer to say)."""

    def __init__(self, problem: str, **fields: object) -> None:
        self.key = f"data.{problem}"
        self.fields = fields
        super().__init__(f"{problem}: {fields}")


@dataclass(frozen=True, slots=True)
class Card:
    """One development card; ``str(card)`` is its notation and its identity.

    A module's cards carry marks, registered by the module that owns them
    (``notation.add_card_marks``) and meant by it alone: ``bonus`` is None for a card whose
    bonus place holds a ``mark`` instead of a colour; ``bonus_count`` is 2 for a doubled
    bonus letter; ``extra`` is the letter after ``+``; ``card_price`` is the colours of the
    cards given up instead of gems, for a price written after a price mark (``c3d -2o``).
    """

    level: str
    points: int
    bonus: Gem | None
    cost: GemCounts
    text: str = field(compare=False, default="")
    bonus_count: int = 1
    mark: str = ""
    extra: str = ""
    card_price: GemCounts | None = None
    marked: bool = field(compare=False, default=False)
    """True for a card with a mark: a card of a module's decks, never of the base game's."""
    packed_cost: int = field(init=False, compare=False, repr=False)
    """The colours of the cost packed in one integer (``notation.packed_colours``): whether
    a holding covers it is one subtraction, and what it lacks a few more; asked of every
    card at every step of a search."""

    _hash: int = field(init=False, compare=False, repr=False)
    """The hash, worked out once: a search keys the positions it reaches by their face-up
    cards, and hashing every field of every card each time took a twentieth of a race.
    Made of numbers only, so that a card sent to another process (a benchmark's worker)
    keeps a hash that process agrees with."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "packed_cost", packed_colours(self.cost))
        words = "/".join((self.level, self.bonus or "", self.mark, self.extra)).encode()
        given = tuple(self.card_price) if self.card_price is not None else ()
        object.__setattr__(
            self,
            "_hash",
            hash((int.from_bytes(words, "little"), self.points, tuple(self.cost), self.bonus_count, given)),
        )

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``c4s 7d`` in any gem order, case or spacing; marks too.

        Raises:
            NotationError: saying what is wrong with the code.
        """
        parts = text.split(maxsplit=1)
        if not parts:
            raise NotationError("a_card_code_is_empty")
        head = parse_card_head(parts[0], text.strip())
        rest = parts[1].strip() if len(parts) > 1 else ""
        mark = price_mark(rest)
        card_price = _card_price(rest[len(mark) :], text.strip()) if mark else None
        cost = GemCounts.parse(rest) if rest and not mark else GemCounts()
        if cost.get(Gem.GOLD):
            raise NotationError("a_card_cannot_cost_gold", text=text.strip())
        price = f"{mark}{card_price}" if card_price is not None else str(cost)
        return cls(
            level=head.level,
            points=head.points,
            bonus=head.bonus,
            cost=cost,
            text=f"{head.text} {price}".strip(),
            bonus_count=head.bonus_count,
            mark=head.mark,
            extra=head.extra,
            card_price=card_price,
            marked=bool(head.mark or head.extra or card_price is not None or head.bonus_count != 1),
        )

    @property
    def head(self) -> str:
        """The level, points and bonus part with its marks, ``c4s`` or ``b0*+a``."""
        return self.text.split()[0]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"


def _card_price(written: str, text: str) -> GemCounts:
    """The cards given up, by colour, of a price written after a price mark (``2o``)."""
    try:
        given = GemCounts.parse(written)
    except NotationError:
        raise NotationError("a_discard_cost_is_written", text=text) from None
    if not given.total:
        raise NotationError("a_discard_cost_is_written", text=text)
    if given.get(Gem.GOLD):
        raise NotationError("gold_cards_cannot_be_discarded", text=text)
    return given


@dataclass(frozen=True, slots=True)
class Noble:
    """One noble tile; ``str(noble)`` is its notation, ``3 4s 4e``."""

    points: int
    requirement: GemCounts
    text: str = field(compare=False, default="")
    packed_requirement: int = field(init=False, compare=False, repr=False)
    """The requirement packed in one integer (``notation.packed_colours``): whether a
    player's bonuses meet it is one subtraction."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "packed_requirement", packed_colours(self.requirement))

    @classmethod
    def parse(cls, text: str) -> Noble:
        """Read ``3 4s 4e``: points, then the bonuses needed.

        Raises:
            NotationError: saying what is wrong.
        """
        parts = text.split(maxsplit=1)
        if not parts or not (parts[0].isascii() and parts[0].isdigit()):
            raise NotationError("a_noble_starts_with_its", text=text.strip())
        requirement = GemCounts.parse(parts[1]) if len(parts) > 1 else GemCounts()
        if requirement.get(Gem.GOLD):
            raise NotationError("a_noble_cannot_ask_for", text=text.strip())
        points = int(parts[0])
        return cls(points=points, requirement=requirement, text=f"{points} {requirement}".strip())

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Noble.parse({self.text!r})"


@dataclass(frozen=True, slots=True)
class CardSet:
    """The whole, checked card set, with look-ups by notation: the base game's cards and
    nobles, and each module's own cards (``modules``, by the module's name)."""

    cards: tuple[Card, ...]
    nobles: tuple[Noble, ...]
    modules: dict[str, tuple[Card, ...]] = field(compare=False, repr=False)
    base: tuple[Card, ...] = field(compare=False, repr=False)
    """The base game's cards alone, kept apart once: a bot's every imagined deal asks for them."""
    _cards_by_text: dict[str, Card] = field(compare=False, repr=False)
    _nobles_by_text: dict[str, Noble] = field(compare=False, repr=False)

    @classmethod
    def build(
        cls, cards: Iterable[Card], nobles: Iterable[Noble], modules: dict[str, tuple[Card, ...]] | None = None
    ) -> CardSet:
        """Index the base game's cards, its nobles and the modules' cards by their notation."""
        module_cards = dict(modules or {})
        base = tuple(cards)
        card_tuple = (*base, *(card for own in module_cards.values() for card in own))
        noble_tuple = tuple(nobles)
        return cls(
            cards=card_tuple,
            nobles=noble_tuple,
            modules=module_cards,
            base=base,
            _cards_by_text={c.text: c for c in card_tuple},
            _nobles_by_text={n.text: n for n in noble_tuple},
        )

    def level(self, level: str) -> tuple[Card, ...]:
        """All base-game cards of one level, in file order."""
        return tuple(c for c in self.base if c.level == level)

    def module_level(self, name: str, level: str) -> tuple[Card, ...]:
        """A module's own cards of one level, in its file's order."""
        return tuple(c for c in self.modules.get(name, ()) if c.level == level)

    def card(self, text: str) -> Card | None:
        """The card with this notation (any order or case), or None."""
        return self._cards_by_text.get(Card.parse(text).text)

    def noble(self, text: str) -> Noble | None:
        """The noble with this notation, or None."""
        return self._nobles_by_text.get(Noble.parse(text).text)


def _check_card(card: Card, line: int) -> None:
    if not 0 <= card.points <= MAX_POINTS:
        raise CardDataError("points", line=line, card=card.text, points=card.points, most=MAX_POINTS)
    if card.cost.total == 0 and card.card_price is None:
        raise CardDataError("no_cost", line=line, card=card.text)
    if max(card.cost) > MAX_GEMS_OF_ONE_COLOUR:
        raise CardDataError("one_colour", line=line, card=card.text, most=MAX_GEMS_OF_ONE_COLOUR)


def _check_noble(noble: Noble, line: int) -> None:
    shape = sorted(n for n in noble.requirement if n)
    if noble.points != 3 or shape not in ([4, 4], [3, 3, 3]):
        raise CardDataError("noble_shape", line=line, noble=noble.text)


def _check_totals(cards: list[tuple[Card, int]], nobles: list[tuple[Noble, int]]) -> None:
    for level, expected in CARDS_PER_LEVEL.items():
        found = sum(1 for c, _ in cards if c.level == level)
        if found != expected:
            raise CardDataError("level_count", level=level, found=found, expected=expected)
        per_colour = Counter(c.bonus for c, _ in cards if c.level == level)
        for colour in COLOURS:
            if per_colour[colour] != expected // 5:
                raise CardDataError(
                    "colour_count", level=level, found=per_colour[colour], colour=colour.value, expected=expected // 5
                )
    if len(nobles) != NOBLE_COUNT:
        raise CardDataError("noble_count", found=len(nobles), expected=NOBLE_COUNT)


def _read_lines(text: str) -> tuple[list[tuple[Card, int]], list[tuple[Noble, int]]]:
    """Every card and noble of a data file's text, each checked on its own, with its line.

    Raises:
        CardDataError: naming the line of the first fault.
    """
    cards: list[tuple[Card, int]] = []
    nobles: list[tuple[Noble, int]] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            if line[0].isdigit():
                noble = Noble.parse(line)
                _check_noble(noble, number)
                key = noble.text
                nobles.append((noble, number))
            else:
                card = Card.parse(line)
                _check_card(card, number)
                key = card.text
                cards.append((card, number))
        except NotationError as error:
            raise CardDataError("bad_code", line=number, cause=error) from None
        if key in seen:
            raise CardDataError("duplicate", line=number, code=key, first=seen[key])
        seen[key] = number
    if any(c.level not in LEVELS for c, _ in cards):
        raise CardDataError("unknown_level")
    return cards, nobles


def parse_card_data(text: str) -> CardSet:
    """Read and check the base game's card data file's text.

    Raises:
        CardDataError: naming the line of the first fault, or the count that is off.
    """
    cards, nobles = _read_lines(text)
    _check_totals(cards, nobles)
    return CardSet.build((c for c, _ in cards), (n for n, _ in nobles))


def parse_module_cards(text: str, per_level: int) -> tuple[Card, ...]:
    """Read and check a module's own cards: the same notation, with the marks the module
    registered, ``per_level`` of each level, and no noble.

    Raises:
        CardDataError: naming the line of the first fault, or the count that is off.
    """
    cards, nobles = _read_lines(text)
    if nobles:
        noble, line = nobles[0]
        raise CardDataError("module_noble", line=line, noble=noble.text)
    for level in LEVELS:
        found = sum(1 for c, _ in cards if c.level == level)
        if found != per_level:
            raise CardDataError("marked_count", level=level, found=found, expected=per_level)
    return tuple(c for c, _ in cards)


MODULE_CARDS: dict[str, tuple[Card, ...]] = {}
"""Each module's own cards, by its name, registered by the module (``add_module_cards``)."""


def add_module_cards(name: str, text: str, per_level: int) -> tuple[Card, ...]:
    """A module's own cards join the standard card set (its decks, look-ups, the log).

    Raises:
        CardDataError: when the module's card text breaks a check.
    """
    MODULE_CARDS[name] = parse_module_cards(text, per_level)
    standard_cards.cache_clear()
    return MODULE_CARDS[name]


def load_cards(path: Path | None = None) -> CardSet:
    """Load and check a card data file; the shipped one when no path is given.

    Raises:
        CardDataError: when the file is missing or breaks a check.
    """
    try:
        text = path.read_text(encoding="utf-8") if path is not None else _shipped_data_text()
    except (OSError, UnicodeDecodeError) as error:
        raise CardDataError(
            "unreadable", reason=error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        ) from None
    return parse_card_data(text)


def _shipped_data_text() -> str:
    """The data file installed inside the package, or the repository copy when run from source."""
    packaged = resources.files("splendor_a11y").joinpath("data", "braille_cards.txt")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source_tree = Path(__file__).resolve().parents[2] / "data" / "braille_cards.txt"
    return source_tree.read_text(encoding="utf-8")


@functools.cache
def standard_cards() -> CardSet:
    """The shipped card set, loaded and checked once per process: the base game's, and the
    cards of every module registered."""
    base = load_cards()
    return CardSet.build(base.base, base.nobles, MODULE_CARDS)
