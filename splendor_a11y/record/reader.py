"""Reading a game log strictly: regular files only, sizes bounded, a torn last line
dropped and reported, any other damage refused with its line number."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from splendor_a11y.domain.cards import CardSet, standard_cards
from splendor_a11y.engine import (
    Event,
)
from splendor_a11y.record.codec import (
    MAX_EVENTS,
    MAX_FILE_BYTES,
    MAX_LINE_BYTES,
    GameLog,
    LogError,
    LogHeader,
    decode_event,
    decode_header,
)


def open_regular(path: Path, flags: int) -> int:
    """A descriptor on ``path`` when it is a regular file of a game log's size.

    Folders, pipes, devices and links to them are refused before anything is read (a
    pipe would block, a device would never end), and so is a file too large to be a log.

    Raises:
        LogError: saying what the path is instead.
    """
    try:
        kind = os.stat(path).st_mode
        if not stat.S_ISREG(kind):
            raise LogError("file_is_kind_of_not", file=path, kind_of=kind_of(kind))
        descriptor = os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise LogError("cannot_read_file_error", file=path, error=error.strerror or error) from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
        os.close(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise LogError("file_is_kind_of_not", file=path, kind_of=kind_of(info.st_mode))
        raise LogError("the_file_is_info_bytes", info=info.st_size, max_file_bytes=MAX_FILE_BYTES)
    if hasattr(os, "set_blocking"):
        os.set_blocking(descriptor, True)
    return descriptor


def kind_of(mode: int) -> str:
    """What a path is, as the key of its word in the catalogue (``file_kind.<what>``), for
    a refusal."""
    if stat.S_ISDIR(mode):
        return "file_kind.folder"
    if stat.S_ISFIFO(mode):
        return "file_kind.pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "file_kind.device"
    if stat.S_ISSOCK(mode):
        return "file_kind.socket"
    return "file_kind.other"


def _lines(handle: IO[bytes]) -> Iterator[tuple[int, bytes, bool]]:
    """(line number, bytes, ended by a newline) for each line, with size limits."""
    read = 0
    try:
        for number, raw in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), start=1):
            read += len(raw)
            if len(raw) > MAX_LINE_BYTES:
                raise LogError("the_line_is_longer_than", number, max_line_bytes=MAX_LINE_BYTES)
            if read > MAX_FILE_BYTES:
                raise LogError("the_file_is_longer_than", number, max_file_bytes=MAX_FILE_BYTES)
            if number > MAX_EVENTS + 1:
                raise LogError("the_log_has_more_than", number, max_events=MAX_EVENTS)
            yield number, raw, raw.endswith(b"\n")
    except OSError as error:
        raise LogError("cannot_read_the_log_error", error=error.strerror or error) from None


def read_log(
    path: Path, cards: CardSet | None = None, lenient: bool = False, handle: IO[bytes] | None = None
) -> GameLog:
    """Read a log's structure strictly; rules are judged by ``replay``.

    A torn last line (no newline, not valid JSON) is dropped and its number kept in
    ``torn_line``; any other damage is refused. A log still being written reads as far
    as its last complete line. Only a regular file is read; ``handle``, when given, is an
    open and locked handle on it to read through (on Windows a locked file can only be
    read through the handle that locked it).

    With ``lenient``, damage after the header does not raise: the events before the bad
    line are kept and the error is put in ``damage``, so a replay can go up to there.

    Raises:
        LogError: naming the file and the first bad line (the header's, when lenient).
    """
    try:
        if handle is not None:
            handle.seek(0)
            return _read_log(path, handle, cards or standard_cards(), lenient)
        with os.fdopen(open_regular(path, os.O_RDONLY), "rb") as opened:
            return _read_log(path, opened, cards or standard_cards(), lenient)
    except LogError as error:
        error.path = error.path or path
        raise


def _read_log(path: Path, handle: IO[bytes], cards: CardSet, lenient: bool) -> GameLog:
    header: LogHeader | None = None
    events: list[Event] = []
    torn: int | None = None
    pending: tuple[int, bytes, bool] | None = None
    try:
        for item in _lines(handle):
            if pending is not None:
                _take_line(pending, header, events, cards)
            pending = item
            if header is None:
                header = decode_header(_json(item[1], item[0], final=not item[2]))
                pending = None
        if header is None:
            raise LogError("the_file_is_empty_a", 1)
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
    except (UnicodeDecodeError, ValueError, RecursionError):
        return True
    return False


def _json(raw: bytes, number: int, final: bool = False) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LogError("the_line_is_not_utf", number) from None
    except ValueError:
        raise LogError("not_json_cut_short" if final else "not_json", number) from None
    except RecursionError:
        raise LogError("the_line_is_nested_too", number) from None


def _take_line(item: tuple[int, bytes, bool], header: LogHeader | None, events: list[Event], cards: CardSet) -> None:
    number, raw, _ = item
    if not raw.strip():
        raise LogError("the_line_is_empty", number)
    data = _json(raw, number)
    if not isinstance(data, dict):
        raise LogError("the_line_is_not_a", number)
    seq = data.get("seq")
    if seq != len(events) + 1 or isinstance(seq, bool):
        raise LogError("the_event_number_is_seq", number, seq=repr(seq), count=len(events) + 1)
    events.append(decode_event(data, number, cards))
