"""The game log's format (version 1): the header, and each event as one JSON object.

A log is untrusted input: it is parsed as JSON only, its sizes are bounded and its tags
resolve through a closed table; every field is checked, and an error names its line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splendor_a11y.domain.cards import Card, CardSet, Noble, standard_cards
from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.domain.notation import LEVELS, DeckTop, Gem, GemCounts, HandSlot, NotationError, Slot, parse_place
from splendor_a11y.engine import (
    EVENT_KINDS,
    MODULES,
    Event,
    GameSetUp,
    GameState,
    IllegalAction,
    modules_named,
)

FORMAT = "splendor-a11y"
VERSION = 1
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024
MAX_EVENTS = 100_000
MAX_NAME_LENGTH = 40
PLAYER_KINDS = ("human", "bot")


class LogError(SplendorError):
    """A log that cannot be used: the line and what is wrong with it.

    ``rule`` holds the engine's refusal when the line breaks a rule, and ``state`` the
    position it was refused in, so the caller can say which rule in words; ``path`` is the
    file, once known.
    """

    def __init__(
        self,
        what: str,
        line: int | None = None,
        rule: IllegalAction | None = None,
        state: GameState | None = None,
        path: Path | None = None,
        **fields: object,
    ) -> None:
        self.line = line
        self.key = f"log.{what}"
        """The catalogue key of what is wrong; ``fields`` fill it in (the text layer says it)."""
        self.fields = fields
        self.rule = rule
        self.state = state
        self.path = path
        shown = f"{what} {fields}" if fields else what
        super().__init__(f"line {line}: {shown}" if line is not None else shown)


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A seat in the header: a name, human or bot, and a bot's level."""

    name: str
    kind: str = "human"
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The header form of this seat."""
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        return data


@dataclass(frozen=True, slots=True)
class LogHeader:
    """Line 1 of a log: who plays, which modules, the seed of the deal."""

    players: tuple[PlayerEntry, ...]
    modules: tuple[str, ...] = ()
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The header object as written."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "players": [p.to_json() for p in self.players],
            "modules": list(self.modules),
            "seed": self.seed,
        }

    def new_state(self) -> GameState:
        """The table before the deal, seated as the header says."""
        return GameState.new(tuple(p.name for p in self.players), modules_named(self.modules))


@dataclass(slots=True)
class GameLog:
    """A log as read: header, events in order, and the line of a dropped torn line."""

    path: Path
    header: LogHeader
    events: list[Event] = field(default_factory=list)
    torn_line: int | None = None
    damage: LogError | None = None
    """Set only by a lenient read: why reading stopped before the end of the file."""


# ---- encoding -------------------------------------------------------------------


def _setup_fields(event: GameSetUp) -> dict[str, Any]:
    data: dict[str, Any] = {
        "decks": {lvl: [c.text for c in deck] for lvl, deck in zip(LEVELS, event.decks, strict=True)},
        "nobles": [n.text for n in event.nobles],
        "first_player": event.first_player,
    }
    for word, decks in event.module_decks:
        data[f"{word}_decks"] = {lvl: [c.text for c in deck] for lvl, deck in zip(LEVELS, decks, strict=True)}
    return data


_WRITERS: dict[str, Callable[[Any], Any]] = {
    "card": lambda card: card.text,
    "noble": lambda noble: noble.text,
    "gems": lambda gems: gems.to_mapping(),
    "cards": lambda cards: [card.text for card in cards],
    "colour": lambda gem: gem.value,
    "ints": list,
    "place": str,
    "slot": str,
}
"""How a field of each shape is written, when not as it is (seats, counts, places)."""


@dataclass(frozen=True, slots=True)
class _Form:
    """One field of a kind of event as the log holds it."""

    name: str
    key: str
    shape: str
    low: int
    high: int
    optional: bool
    default: Any


_FORMS: dict[str, tuple[_Form, ...]] = {}


def _forms(kind: type[Event]) -> tuple[_Form, ...]:
    """The JSON form of each field of a kind, as the kind declares it (``json_field``)."""
    forms = _FORMS.get(kind.kind)
    if forms is None:
        forms = tuple(
            _Form(
                spec.name,
                spec.metadata["key"] or spec.name,
                spec.metadata["shape"],
                spec.metadata["low"],
                spec.metadata["high"],
                spec.default is not dataclasses.MISSING,
                spec.default,
            )
            for spec in dataclasses.fields(kind)  # type: ignore[arg-type]
        )
        _FORMS[kind.kind] = forms
    return forms


def _fields(event: Event) -> dict[str, Any]:
    """An event's JSON fields; an optional field is left out when it has its default."""
    data: dict[str, Any] = {}
    for form in _forms(type(event)):
        value = getattr(event, form.name)
        if form.optional and value == form.default:
            continue
        write = _WRITERS.get(form.shape)
        data[form.key] = write(value) if write else value
    return data


def encode_event(event: Event) -> dict[str, Any]:
    """The JSON object of an event, without ``seq``."""
    if isinstance(event, GameSetUp):
        return {"event": event.kind, **_setup_fields(event)}
    return {"event": event.kind, **_fields(event)}


# ---- decoding -------------------------------------------------------------------


class _Fields:
    """Typed access to one JSON object's fields, failing with the line number."""

    def __init__(self, data: Mapping[str, Any], line: int, cards: CardSet) -> None:
        self.data, self.line, self.cards = data, line, cards

    def fail(self, what: str, **fields: Any) -> LogError:
        return LogError(what, self.line, **fields)

    def raw(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail("the_field_key_is_missing", key=key)
        return self.data[key]

    def integer(self, key: str, low: int = 0, high: int = 1_000) -> int:
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail("key_must_be_a_whole", key=key, low=low, high=high)
        return value

    def string(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str) or len(value) > 200:
            raise self.fail("key_must_be_a_short", key=key)
        return value

    def place(self, key: str, slots_only: bool = False) -> Slot | DeckTop | HandSlot:
        """A place written in the log (``b3``, ``deck a``, ``h2``), read once into its value."""
        value = self.string(key)
        try:
            place = parse_place(value)
        except NotationError as error:
            raise self.fail("notation", cause=error) from None
        if slots_only and not isinstance(place, Slot):
            raise self.fail("key_must_be_a_face", key=key, value=repr(value))
        return place

    def gems(self, key: str) -> GemCounts:
        value = self.raw(key)
        if not isinstance(value, dict) or any(not isinstance(v, int) or v > 100 for v in value.values()):
            raise self.fail("key_must_be_an_object", key=key)
        try:
            return GemCounts.from_mapping(value)
        except NotationError as error:
            raise self.fail("notation", cause=error) from None

    def _known(self, value: Any, find: Callable[[str], Any], kind: str) -> Any:
        try:
            found = find(value) if isinstance(value, str) else None
        except NotationError as error:
            raise self.fail("notation", cause=error) from None
        if found is None:
            raise self.fail("value_is_not_a_kind", value=repr(value), kind=kind)
        return found

    def card(self, value: Any) -> Card:
        return self._known(value, self.cards.card, "card")  # type: ignore[no-any-return]

    def noble(self, value: Any) -> Noble:
        return self._known(value, self.cards.noble, "noble")  # type: ignore[no-any-return]

    def card_list(self, key: str) -> tuple[Card, ...]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) > 10:
            raise self.fail("key_must_be_a_short_2", key=key)
        return tuple(self.card(c) for c in value)

    def colour(self, key: str) -> Gem:
        value = self.string(key)
        if value not in ("d", "s", "e", "r", "o"):
            raise self.fail("key_must_be_one_of", key=key)
        return Gem(value)

    def int_list(self, key: str) -> tuple[int, ...]:
        value = self.raw(key)
        if (
            not isinstance(value, list)
            or len(value) > 8
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        ):
            raise self.fail("key_must_be_a_short_3", key=key)
        return tuple(value)


def _decks(f: _Fields, key: str, what: str, longest: int) -> tuple[tuple[Card, ...], ...]:
    """Three decks by level, as a deal writes them."""
    raw = f.raw(key)
    if (
        not isinstance(raw, dict)
        or set(raw) != set(LEVELS)
        or any(not isinstance(raw[level], list) or len(raw[level]) > longest for level in LEVELS)
    ):
        raise f.fail(what, key=key)
    return tuple(tuple(f.card(c) for c in raw[level]) for level in LEVELS)


def _decode_setup(f: _Fields) -> GameSetUp:
    decks = f.raw("decks")
    if not isinstance(decks, dict) or set(decks) != set(LEVELS):
        raise f.fail("decks_must_hold_the_decks")
    parsed = []
    for level in LEVELS:
        if not isinstance(decks[level], list) or len(decks[level]) > 100:
            raise f.fail("deck_level_must_be_a", level=level)
        parsed.append(tuple(f.card(c) for c in decks[level]))
    nobles = f.raw("nobles")
    if not isinstance(nobles, list) or len(nobles) > 10:
        raise f.fail("nobles_must_be_a_list")
    module_decks = tuple(
        (module.deck_word, _decks(f, f"{module.deck_word}_decks", "module_decks_must_hold", 20))
        for module in MODULES.values()
        if module.deck_word and f"{module.deck_word}_decks" in f.data
    )
    return GameSetUp(
        decks=(parsed[0], parsed[1], parsed[2]),
        nobles=tuple(f.noble(n) for n in nobles),
        first_player=f.integer("first_player", 0, 3),
        module_decks=module_decks,
    )


_READERS: dict[str, Callable[[_Fields, _Form], Any]] = {
    "seat": lambda f, form: f.integer(form.key, 0, 3),
    "count": lambda f, form: f.integer(form.key, form.low, form.high),
    "place": lambda f, form: f.place(form.key),
    "slot": lambda f, form: f.place(form.key, True),
    "card": lambda f, form: f.card(f.raw(form.key)),
    "noble": lambda f, form: f.noble(f.raw(form.key)),
    "gems": lambda f, form: f.gems(form.key),
    "cards": lambda f, form: f.card_list(form.key),
    "colour": lambda f, form: f.colour(form.key),
    "ints": lambda f, form: f.int_list(form.key),
}
"""How a field of each shape is read and checked."""


def _decode(kind: type[Event], f: _Fields) -> Event:
    """An event of a kind, each field read by the form the kind declares."""
    values: dict[str, Any] = {}
    for form in _forms(kind):
        if form.key in f.data or not form.optional:
            values[form.name] = _READERS[form.shape](f, form)
    return kind(**values)


def decode_event(data: Mapping[str, Any], line: int, cards: CardSet | None = None) -> Event:
    """One event object into an event; unknown keys are ignored.

    Raises:
        LogError: naming the line and the field at fault.
    """
    f = _Fields(data, line, cards or standard_cards())
    kind = f.raw("event")
    found = EVENT_KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise f.fail("unknown_event_kind_a_newer", kind=repr(kind))
    if found is GameSetUp:
        return _decode_setup(f)
    return _decode(found, f)


def decode_header(data: Any) -> LogHeader:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LogError("this_is_not_a_format", 1, format=FORMAT)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise LogError("the_header_has_no_valid", 1)
    if version > VERSION:
        raise LogError("this_log_is_format_version", 1, version=version, version2=VERSION)
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise LogError("the_header_must_list_to", 1)
    modules = data.get("modules", [])
    if not isinstance(modules, list) or any(m not in MODULES for m in modules) or len(set(modules)) != len(modules):
        raise LogError("this_log_uses_modules_this", 1, modules=modules)
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise LogError("the_seed_must_be_a", 1)
    return LogHeader(tuple(_decode_player(entry) for entry in players), tuple(modules), seed)


def _decode_player(entry: Any) -> PlayerEntry:
    """One seat of the header; a name must be short and printable (it reaches terminals)."""
    if not isinstance(entry, dict):
        raise LogError("each_player_in_the_header", 1)
    name, kind, level = entry.get("name"), entry.get("kind", "human"), entry.get("level")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_LENGTH or not name.isprintable():
        raise LogError("a_player_name_must_be", 1, max_name_length=MAX_NAME_LENGTH)
    if kind not in PLAYER_KINDS or (level is not None and not isinstance(level, str)):
        raise LogError("player_name_must_be_human", 1, name=name)
    return PlayerEntry(name, kind, level)
