"""The game log's format (version 1): the header, and each event as one JSON object.

A log is untrusted input: it is parsed as JSON only, its sizes are bounded and its tags
resolve through a closed table; every field is checked, and an error names its line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splendor_a11y.domain.cards import Card, CardSet, Noble, standard_cards
from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.domain.notation import Gem, GemCounts, NotationError, Slot, parse_place
from splendor_a11y.engine import (
    MODULES,
    CardAssociated,
    CardBought,
    CardReserved,
    ConquestDeclined,
    Event,
    FreeCardTaken,
    GameEnded,
    GameSetUp,
    GameState,
    GemsTaken,
    HintAsked,
    IllegalAction,
    NobleReserved,
    NobleVisited,
    Passed,
    StrongholdOusted,
    StrongholdPlaced,
    TokensReturned,
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
        return GameState.new(tuple(p.name for p in self.players), self.modules)


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
        "decks": {lvl: [c.text for c in deck] for lvl, deck in zip("abc", event.decks, strict=True)},
        "nobles": [n.text for n in event.nobles],
        "first_player": event.first_player,
    }
    if event.orient_decks:
        data["orient_decks"] = {lvl: [c.text for c in deck]
                                for lvl, deck in zip("abc", event.orient_decks, strict=True)}
    return data


def _bought_fields(event: CardBought) -> dict[str, Any]:
    data: dict[str, Any] = {"player": event.player, "from": event.source, "card": event.card.text,
                            "paid": event.paid.to_mapping()}
    if event.discarded:
        data["discarded"] = [c.text for c in event.discarded]
    return data


def _placed_fields(event: StrongholdPlaced) -> dict[str, Any]:
    data: dict[str, Any] = {"player": event.player, "to": event.to}
    if event.source:
        data["from"] = event.source
    return data


_ENCODERS: dict[type, Callable[[Any], dict[str, Any]]] = {
    GameSetUp: _setup_fields,
    GemsTaken: lambda e: {"player": e.player, "gems": e.gems.to_mapping()},
    TokensReturned: lambda e: {"player": e.player, "gems": e.gems.to_mapping()},
    CardReserved: lambda e: {"player": e.player, "from": e.source, "card": e.card.text, "gold": e.gold},
    CardBought: _bought_fields,
    NobleVisited: lambda e: {"player": e.player, "noble": e.noble.text},
    Passed: lambda e: {"player": e.player},
    HintAsked: lambda e: {"player": e.player},
    ConquestDeclined: lambda e: {"player": e.player},
    StrongholdPlaced: _placed_fields,
    StrongholdOusted: lambda e: {"player": e.player, "place": e.place, "owner": e.owner},
    CardAssociated: lambda e: {"player": e.player, "card": e.card.text, "colour": e.colour.value, "count": e.count},
    FreeCardTaken: lambda e: {"player": e.player, "from": e.source, "card": e.card.text},
    NobleReserved: lambda e: {"player": e.player, "noble": e.noble.text},
    GameEnded: lambda e: {"scores": list(e.scores), "winners": list(e.winners)},
}
"""Each kind of event's JSON fields, looked up by its type."""


def encode_event(event: Event) -> dict[str, Any]:
    """The JSON object of an event, without ``seq``."""
    return {"event": event.kind, **_ENCODERS[type(event)](event)}


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

    def place(self, key: str, slots_only: bool = False) -> str:
        """A place written in the log (``b3``, ``deck a``, ``h2``), checked to be one."""
        value = self.string(key)
        try:
            place = parse_place(value)
        except NotationError as error:
            raise self.fail("notation", cause=error) from None
        if slots_only and not isinstance(place, Slot):
            raise self.fail("key_must_be_a_face", key=key, value=repr(value))
        return str(place)

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
        if not isinstance(value, list) or len(value) > 8 or any(
            isinstance(v, bool) or not isinstance(v, int) for v in value
        ):
            raise self.fail("key_must_be_a_short_3", key=key)
        return tuple(value)


def _decode_setup(f: _Fields) -> GameSetUp:
    decks = f.raw("decks")
    if not isinstance(decks, dict) or set(decks) != {"a", "b", "c"}:
        raise f.fail("decks_must_hold_the_decks")
    parsed = []
    for level in "abc":
        if not isinstance(decks[level], list) or len(decks[level]) > 100:
            raise f.fail("deck_level_must_be_a", level=level)
        parsed.append(tuple(f.card(c) for c in decks[level]))
    nobles = f.raw("nobles")
    if not isinstance(nobles, list) or len(nobles) > 10:
        raise f.fail("nobles_must_be_a_list")
    orient: tuple[tuple[Card, ...], ...] = ()
    if "orient_decks" in f.data:
        raw = f.raw("orient_decks")
        if not isinstance(raw, dict) or set(raw) != {"a", "b", "c"} or any(
                not isinstance(raw[level], list) or len(raw[level]) > 20 for level in "abc"):
            raise f.fail("orient_decks_must_hold_the")
        orient = tuple(tuple(f.card(c) for c in raw[level]) for level in "abc")
    return GameSetUp(
        decks=(parsed[0], parsed[1], parsed[2]),
        nobles=tuple(f.noble(n) for n in nobles),
        first_player=f.integer("first_player", 0, 3),
        orient_decks=orient,
    )


_DECODERS: dict[str, Callable[[_Fields], Event]] = {
    "game_set_up": _decode_setup,
    "gems_taken": lambda f: GemsTaken(player=f.integer("player", 0, 3), gems=f.gems("gems")),
    "card_reserved": lambda f: CardReserved(
        player=f.integer("player", 0, 3), source=f.place("from"), card=f.card(f.raw("card")),
        gold=f.integer("gold", 0, 1)),
    "card_bought": lambda f: CardBought(
        player=f.integer("player", 0, 3), source=f.place("from"), card=f.card(f.raw("card")),
        paid=f.gems("paid"), discarded=f.card_list("discarded") if "discarded" in f.data else ()),
    "card_associated": lambda f: CardAssociated(
        player=f.integer("player", 0, 3), card=f.card(f.raw("card")), colour=f.colour("colour"),
        count=f.integer("count", 1, 2)),
    "free_card_taken": lambda f: FreeCardTaken(
        player=f.integer("player", 0, 3), source=f.place("from", True), card=f.card(f.raw("card"))),
    "noble_reserved": lambda f: NobleReserved(player=f.integer("player", 0, 3), noble=f.noble(f.raw("noble"))),
    "tokens_returned": lambda f: TokensReturned(player=f.integer("player", 0, 3), gems=f.gems("gems")),
    "noble_visited": lambda f: NobleVisited(player=f.integer("player", 0, 3), noble=f.noble(f.raw("noble"))),
    "passed": lambda f: Passed(player=f.integer("player", 0, 3)),
    "hint_asked": lambda f: HintAsked(player=f.integer("player", 0, 3)),
    "stronghold_placed": lambda f: StrongholdPlaced(
        player=f.integer("player", 0, 3), to=f.place("to", True),
        source=f.place("from", True) if "from" in f.data else ""),
    "stronghold_ousted": lambda f: StrongholdOusted(
        player=f.integer("player", 0, 3), place=f.place("place", True), owner=f.integer("owner", 0, 3)),
    "conquest_declined": lambda f: ConquestDeclined(player=f.integer("player", 0, 3)),
    "game_ended": lambda f: GameEnded(scores=f.int_list("scores"), winners=f.int_list("winners")),
}


def decode_event(data: Mapping[str, Any], line: int, cards: CardSet | None = None) -> Event:
    """One event object into an event; unknown keys are ignored.

    Raises:
        LogError: naming the line and the field at fault.
    """
    f = _Fields(data, line, cards or standard_cards())
    kind = f.raw("event")
    decoder = _DECODERS.get(kind) if isinstance(kind, str) else None
    if decoder is None:
        raise f.fail("unknown_event_kind_a_newer", kind=repr(kind))
    return decoder(f)


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
