"""``splendor-a11y lookup``: cards and nobles described in words, and searches.

Pure: takes the card set and a query, returns the lines to print and whether anything
matched, so the command line only prints and picks the exit code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from splendor_a11y.domain.braille import to_braille
from splendor_a11y.domain.cards import Card, CardSet, Noble
from splendor_a11y.domain.notation import Gem, NotationError, parse_card_head
from splendor_a11y.engine.modules import MODULES
from splendor_a11y.text.describe import card_sentence, noble_sentence
from splendor_a11y.text.messages import plural, text
from splendor_a11y.text.similarity import edit_distance

__all__ = ["LookupQuery", "LookupResult", "group_codes", "run_lookup"]

_HEAD_TOKEN = re.compile(r"^[A-Za-z]\d+[^\s\d+]+(?:\+\S)?$")
_NOBLE_START = re.compile(r"^\d+$", re.ASCII)
CLOSEST_SHOWN = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class LookupQuery:
    """What the player asked: codes and filters, all optional."""

    codes: tuple[str, ...] = ()
    level: str | None = None
    bonus: Gem | None = None
    points: int | None = None
    max_cost: int | None = None
    costs: tuple[Gem, ...] = ()
    nobles: bool = False
    braille: bool = False
    marks: bool = False


@dataclass(frozen=True, slots=True)
class LookupResult:
    """Lines to print, and whether every code asked for was found."""

    lines: list[str] = field(default_factory=list)
    found: bool = True


def group_codes(words: Iterable[str]) -> list[str]:
    """Join command-line words into codes: ``c4s 7d a1d 4e`` gives two codes.

    A new code starts at a card head (``c4s``) or at a bare number (a noble's points).
    """
    codes: list[str] = []
    for word in " ".join(words).split():
        if _HEAD_TOKEN.match(word) or _NOBLE_START.match(word) or not codes:
            codes.append(word)
        else:
            codes[-1] += " " + word
    return codes


def _filters(query: LookupQuery) -> Callable[[Card], bool]:
    def keep(card: Card) -> bool:
        return (
            (query.level is None or card.level == query.level)
            and (query.bonus is None or card.bonus is query.bonus)
            and (query.points is None or card.points == query.points)
            and (query.max_cost is None or card.cost.total <= query.max_cost)
            and all(card.cost.get(gem) for gem in query.costs)
        )

    return keep


def _closest(asked: str, candidates: Sequence[Card | Noble]) -> list[str]:
    """The nearest codes to a mistyped one: fewest edits, then same head, then same letters."""
    head = asked.split()[0]

    def rank(item: Card | Noble) -> tuple[int, int, int, str]:
        other = item.text
        return (
            edit_distance(asked, other),
            0 if other.split()[0] == head else 1,
            0 if sorted(other) == sorted(asked) else 1,
            other,
        )

    return [item.text for item in sorted(candidates, key=rank)[:CLOSEST_SHOWN]]


def _listing(items: Sequence[Card | Noble], braille: bool, counted: str) -> list[str]:
    """Each item in words (and braille when asked), then the count."""
    lines: list[str] = []
    for item in items:
        lines.append(card_sentence(item) if isinstance(item, Card) else noble_sentence(item))
        if braille:
            lines.append(text("lookup.braille", code=item.text, cells=to_braille(item.text)))
    lines.append(plural(len(items), counted))
    return lines


def _card_lines(cards: Sequence[Card], braille: bool) -> list[str]:
    return _listing(cards, braille, "lookup.count")


def _noble_lines(nobles: Sequence[Noble], braille: bool) -> list[str]:
    return _listing(nobles, braille, "lookup.noble_count")


def _one_code(code: str, query: LookupQuery, card_set: CardSet) -> LookupResult:
    """Describe one code, list a head's matches, or say what is closest."""
    words = code.split()
    if _NOBLE_START.match(words[0]):
        noble = card_set.noble(code)
        if noble is None:
            asked = Noble.parse(code).text
            return LookupResult(
                [
                    f"{text('lookup.no_noble', code=asked)} "
                    f"{text('lookup.closest', codes=', '.join(_closest(asked, card_set.nobles)))}"
                ],
                False,
            )
        return LookupResult(_noble_lines([noble], query.braille)[:-1])
    if len(words) == 1:
        head = parse_card_head(words[0]).text
        keep = _filters(query)
        matches = [c for c in card_set.cards if c.head == head and keep(c)]
        if not matches:
            return LookupResult([text("lookup.none")], False)
        return LookupResult(_card_lines(matches, query.braille))
    card = card_set.card(code)
    if card is None:
        asked = Card.parse(code).text
        closest = ", ".join(_closest(asked, card_set.cards))
        return LookupResult([f"{text('lookup.no_card', code=asked)} {text('lookup.closest', codes=closest)}"], False)
    return LookupResult(_card_lines([card], query.braille)[:-1])


def run_lookup(query: LookupQuery, card_set: CardSet) -> LookupResult:
    """Answer a lookup: each code in turn, or else the filtered list.

    Raises:
        NotationError: for a malformed code, with the parser's sentence.
    """
    if query.codes:
        lines: list[str] = []
        found = True
        for code in query.codes:
            result = _one_code(code, query, card_set)
            lines.extend(result.lines)
            found = found and result.found
        return LookupResult(lines, found)
    if query.marks:
        return LookupResult([text(key) for module in MODULES.values() for key in module.mark_keys])
    if query.nobles:
        nobles = [n for n in card_set.nobles if all(n.requirement.get(gem) for gem in query.costs)]
        if not nobles:
            return LookupResult([text("lookup.none")], False)
        return LookupResult(_noble_lines(nobles, query.braille))
    if query == LookupQuery(braille=query.braille):
        raise NotationError("nothing_asked")
    matches = [c for c in card_set.cards if _filters(query)(c)]
    if not matches:
        return LookupResult([text("lookup.none")], False)
    return LookupResult(_card_lines(matches, query.braille))
