"""The game log: JSON Lines, written event by event, read strictly (SPEC section 4).

Every event is flushed and fsynced before anyone announces it, so a crash never loses
an announced action. A log is untrusted input: it is parsed as JSON only, its sizes are
bounded, tags resolve through a closed table, and every event is judged by the rules
before it is folded. Errors name the line.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .cards import Card, CardSet, Noble, standard_cards
from .engine import (
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
    MODULES,
    IllegalAction,
    NobleReserved,
    NobleVisited,
    Passed,
    StrongholdOusted,
    StrongholdPlaced,
    TokensReturned,
    check_and_apply,
)
from .errors import SplendorError
from .notation import Gem, GemCounts, NotationError, Slot, parse_place

__all__ = [
    "FORMAT",
    "VERSION",
    "GameLog",
    "LogError",
    "LogHeader",
    "LogWriter",
    "PlayerEntry",
    "decode_event",
    "encode_event",
    "read_log",
    "replay",
    "replay_good_part",
]

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
        message: str,
        line: int | None = None,
        rule: IllegalAction | None = None,
        state: GameState | None = None,
        path: Path | None = None,
    ) -> None:
        self.line = line
        self.problem = message
        self.rule = rule
        self.state = state
        self.path = path
        super().__init__(f"line {line}: {message}" if line is not None else message)


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


def encode_event(event: Event) -> dict[str, Any]:
    """The JSON object of an event, without ``seq``."""
    data: dict[str, Any] = {"event": event.kind}
    match event:
        case GameSetUp():
            data["decks"] = {lvl: [c.text for c in deck] for lvl, deck in zip("abc", event.decks)}
            data["nobles"] = [n.text for n in event.nobles]
            data["first_player"] = event.first_player
            if event.orient_decks:
                data["orient_decks"] = {lvl: [c.text for c in deck] for lvl, deck in zip("abc", event.orient_decks)}
        case GemsTaken() | TokensReturned():
            data["player"] = event.player
            data["gems"] = event.gems.to_mapping()
        case CardReserved():
            data.update(player=event.player, **{"from": event.source}, card=event.card.text, gold=event.gold)
        case CardBought():
            data.update(player=event.player, **{"from": event.source}, card=event.card.text,
                        paid=event.paid.to_mapping())
            if event.discarded:
                data["discarded"] = [c.text for c in event.discarded]
        case NobleVisited():
            data.update(player=event.player, noble=event.noble.text)
        case Passed() | HintAsked() | ConquestDeclined():
            data["player"] = event.player
        case StrongholdPlaced():
            data.update(player=event.player, to=event.to, **{"from": event.source} if event.source else {})
        case StrongholdOusted():
            data.update(player=event.player, place=event.place, owner=event.owner)
        case CardAssociated():
            data.update(player=event.player, card=event.card.text, colour=event.colour.value, count=event.count)
        case FreeCardTaken():
            data.update(player=event.player, **{"from": event.source}, card=event.card.text)
        case NobleReserved():
            data.update(player=event.player, noble=event.noble.text)
        case GameEnded():
            data.update(scores=list(event.scores), winners=list(event.winners))
    return data


# ---- decoding -------------------------------------------------------------------


class _Fields:
    """Typed access to one JSON object's fields, failing with the line number."""

    def __init__(self, data: Mapping[str, Any], line: int, cards: CardSet) -> None:
        self.data, self.line, self.cards = data, line, cards

    def fail(self, message: str) -> LogError:
        return LogError(message, self.line)

    def raw(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"the field \"{key}\" is missing")
        return self.data[key]

    def integer(self, key: str, low: int = 0, high: int = 1_000) -> int:
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"\"{key}\" must be a whole number from {low} to {high}")
        return value

    def string(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str) or len(value) > 200:
            raise self.fail(f"\"{key}\" must be a short text")
        return value

    def place(self, key: str, slots_only: bool = False) -> str:
        """A place written in the log (``b3``, ``deck a``, ``h2``), checked to be one."""
        value = self.string(key)
        try:
            place = parse_place(value)
        except NotationError as error:
            raise self.fail(str(error)) from None
        if slots_only and not isinstance(place, Slot):
            raise self.fail(f"\"{key}\" must be a face-up slot like b3, not {value!r}")
        return str(place)

    def gems(self, key: str) -> GemCounts:
        value = self.raw(key)
        if not isinstance(value, dict) or any(not isinstance(v, int) or v > 100 for v in value.values()):
            raise self.fail(f"\"{key}\" must be an object of gem codes to counts")
        try:
            return GemCounts.from_mapping(value)
        except NotationError as error:
            raise self.fail(str(error)) from None

    def _known(self, value: Any, find: Callable[[str], Any], kind: str) -> Any:
        try:
            found = find(value) if isinstance(value, str) else None
        except NotationError as error:
            raise self.fail(str(error)) from None
        if found is None:
            raise self.fail(f"{value!r} is not a {kind} of the game")
        return found

    def card(self, value: Any) -> Card:
        return self._known(value, self.cards.card, "card")  # type: ignore[no-any-return]

    def noble(self, value: Any) -> Noble:
        return self._known(value, self.cards.noble, "noble")  # type: ignore[no-any-return]

    def card_list(self, key: str) -> tuple[Card, ...]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) > 10:
            raise self.fail(f"\"{key}\" must be a short list of cards")
        return tuple(self.card(c) for c in value)

    def colour(self, key: str) -> Gem:
        value = self.string(key)
        if value not in ("d", "s", "e", "r", "o"):
            raise self.fail(f"\"{key}\" must be one of the colour codes d, s, e, r, o")
        return Gem(value)

    def int_list(self, key: str) -> tuple[int, ...]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) > 8 or any(
            isinstance(v, bool) or not isinstance(v, int) for v in value
        ):
            raise self.fail(f"\"{key}\" must be a short list of whole numbers")
        return tuple(value)


def _decode_setup(f: _Fields) -> GameSetUp:
    decks = f.raw("decks")
    if not isinstance(decks, dict) or set(decks) != {"a", "b", "c"}:
        raise f.fail("\"decks\" must hold the decks a, b and c")
    parsed = []
    for level in "abc":
        if not isinstance(decks[level], list) or len(decks[level]) > 100:
            raise f.fail(f"deck {level} must be a list of cards")
        parsed.append(tuple(f.card(c) for c in decks[level]))
    nobles = f.raw("nobles")
    if not isinstance(nobles, list) or len(nobles) > 10:
        raise f.fail("\"nobles\" must be a list of noble tiles")
    orient: tuple[tuple[Card, ...], ...] = ()
    if "orient_decks" in f.data:
        raw = f.raw("orient_decks")
        if not isinstance(raw, dict) or set(raw) != {"a", "b", "c"} or any(
                not isinstance(raw[level], list) or len(raw[level]) > 20 for level in "abc"):
            raise f.fail("\"orient_decks\" must hold the Orient decks a, b and c")
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
        raise f.fail(f"unknown event {kind!r}; a newer splendor-a11y may have written it")
    return decoder(f)


def _decode_header(data: Any) -> LogHeader:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LogError(f"this is not a {FORMAT} game log", 1)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise LogError("the header has no valid format version", 1)
    if version > VERSION:
        raise LogError(
            f"this log is format version {version}, from a newer splendor-a11y; this one reads version {VERSION}",
            1,
        )
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise LogError("the header must list 2 to 4 players", 1)
    entries = []
    for entry in players:
        if not isinstance(entry, dict):
            raise LogError("each player in the header must be an object", 1)
        name, kind, level = entry.get("name"), entry.get("kind", "human"), entry.get("level")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_LENGTH or not name.isprintable():
            raise LogError(f"a player name must be 1 to {MAX_NAME_LENGTH} printable characters", 1)
        if kind not in PLAYER_KINDS or (level is not None and not isinstance(level, str)):
            raise LogError(f"player {name} must be human or bot", 1)
        entries.append(PlayerEntry(name, kind, level))
    modules = data.get("modules", [])
    if not isinstance(modules, list) or any(m not in MODULES for m in modules) or len(set(modules)) != len(modules):
        raise LogError(f"this log uses modules this version cannot play: {modules}", 1)
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise LogError("the seed must be a whole number", 1)
    return LogHeader(tuple(entries), tuple(modules), seed)


def _lines(path: Path) -> Iterator[tuple[int, bytes, bool]]:
    """(line number, bytes, ended by a newline) for each line, with size limits."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise LogError(f"the file is {size} bytes; a game log is at most {MAX_FILE_BYTES}")
        with path.open("rb") as handle:
            for number, raw in enumerate(handle, start=1):
                if len(raw) > MAX_LINE_BYTES:
                    raise LogError(f"the line is longer than {MAX_LINE_BYTES} bytes", number)
                if number > MAX_EVENTS + 1:
                    raise LogError(f"the log has more than {MAX_EVENTS} events", number)
                yield number, raw, raw.endswith(b"\n")
    except OSError as error:
        raise LogError(f"cannot read {path}: {error.strerror or error}") from None


def read_log(path: Path, cards: CardSet | None = None, lenient: bool = False) -> GameLog:
    """Read a log's structure strictly; rules are judged by ``replay``.

    A torn last line (no newline, not valid JSON) is dropped and its number kept in
    ``torn_line``; any other damage is refused. A log still being written reads as far
    as its last complete line.

    With ``lenient``, damage after the header does not raise: the events before the bad
    line are kept and the error is put in ``damage``, so a replay can go up to there.

    Raises:
        LogError: naming the file and the first bad line (the header's, when lenient).
    """
    try:
        return _read_log(path, cards or standard_cards(), lenient)
    except LogError as error:
        error.path = error.path or path
        raise


def _read_log(path: Path, cards: CardSet, lenient: bool) -> GameLog:
    header: LogHeader | None = None
    events: list[Event] = []
    torn: int | None = None
    pending: tuple[int, bytes, bool] | None = None
    try:
        for item in _lines(path):
            if pending is not None:
                _take_line(pending, header, events, cards)
            pending = item
            if header is None:
                header = _decode_header(_json(item[1], item[0], final=not item[2]))
                pending = None
        if header is None:
            raise LogError("the file is empty; a game log starts with its header line", 1)
        if pending is not None:
            number, raw, ended = pending
            if not ended and _is_torn(raw):
                torn = number
            else:
                _take_line(pending, header, events, cards)
    except LogError as error:
        if not lenient or header is None:
            raise
        error.path = path
        return GameLog(path=path, header=header, events=events, damage=error)
    return GameLog(path=path, header=header, events=events, torn_line=torn)


def _is_torn(raw: bytes) -> bool:
    try:
        json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return True
    return False


def _json(raw: bytes, number: int, final: bool = False) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LogError("the line is not UTF-8 text", number) from None
    except ValueError:
        raise LogError("the line is not valid JSON" + (" (the file may be cut short)" if final else ""),
                       number) from None


def _take_line(item: tuple[int, bytes, bool], header: LogHeader | None, events: list[Event], cards: CardSet) -> None:
    number, raw, _ = item
    if not raw.strip():
        raise LogError("the line is empty", number)
    data = _json(raw, number)
    if not isinstance(data, dict):
        raise LogError("the line is not a JSON object", number)
    seq = data.get("seq")
    if seq != len(events) + 1 or isinstance(seq, bool):
        raise LogError(f"the event number is {seq!r}; {len(events) + 1} was expected", number)
    events.append(decode_event(data, number, cards))


def replay(log: GameLog, until: int | None = None, cards: CardSet | None = None) -> list[GameState]:
    """Judge and fold every event; the states after each (index 0 is before any event).

    Raises:
        LogError: at the first event the rules refuse, with the refusal in ``rule``.
    """
    cards = cards or standard_cards()
    state = log.header.new_state()
    states = [state]
    for index, event in enumerate(log.events[:until]):
        try:
            state = check_and_apply(state, event, cards)
        except IllegalAction as refusal:
            raise LogError("the event breaks a rule", index + 2, refusal, state, log.path) from None
        states.append(state)
    return states


def replay_good_part(log: GameLog, cards: CardSet | None = None) -> tuple[list[GameState], LogError | None]:
    """Like ``replay``, but stop at the first refused event instead of raising.

    Returns the states up to the last good event, and the reason the replay stops early
    (a rule broken, or the damage a lenient read found), or None when all is well.
    """
    try:
        return replay(log, cards=cards), log.damage
    except LogError as error:
        good = replay(log, until=(error.line or 2) - 2, cards=cards)
        return good, error


# ---- writing --------------------------------------------------------------------


def _lock(handle: IO[bytes], path: Path) -> None:
    """Hold an exclusive lock for as long as the game runs, so two games never share a file."""
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise LogError(f"another game is using {path}; close it first") from None


class LogWriter:
    """Appends events to a locked log file, each flushed and fsynced before it returns."""

    def __init__(self, path: Path, handle: IO[bytes], next_seq: int) -> None:
        self.path = path
        self._handle = handle
        self._next_seq = next_seq

    @classmethod
    def create(cls, path: Path, header: LogHeader) -> LogWriter:
        """Start a new log; never writes over an existing file.

        Raises:
            LogError: when the file exists or cannot be written.
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = path.open("xb")
        except FileExistsError:
            raise LogError(f"{path} already exists; choose another file or resume it") from None
        except OSError as error:
            raise LogError(f"cannot write {path}: {error.strerror or error}") from None
        _lock(handle, path)
        writer = cls(path, handle, 1)
        writer._write(header.to_json())
        return writer

    @classmethod
    def resume(cls, log: GameLog) -> LogWriter:
        """Reopen a log to append to it, cutting a torn last line first.

        Raises:
            LogError: when the file cannot be opened or is in use.
        """
        try:
            handle = log.path.open("r+b")
        except OSError as error:
            raise LogError(f"cannot write {log.path}: {error.strerror or error}") from None
        _lock(handle, log.path)
        if log.torn_line is not None:
            data = handle.read()
            handle.truncate(data.rfind(b"\n") + 1)
        handle.seek(0, os.SEEK_END)
        return cls(log.path, handle, len(log.events) + 1)

    def _write(self, data: dict[str, Any]) -> None:
        line = json.dumps(data, ensure_ascii=False, separators=(", ", ": ")) + "\n"
        try:
            self._handle.write(line.encode("utf-8"))
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as error:
            raise LogError(f"cannot write {self.path}: {error.strerror or error}") from None

    def append(self, event: Event) -> None:
        """Write one event with the next sequence number, on disk before returning."""
        self._write({"seq": self._next_seq, **encode_event(event)})
        self._next_seq += 1

    def close(self) -> None:
        """Release the lock and the file."""
        if not self._handle.closed:
            self._handle.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
