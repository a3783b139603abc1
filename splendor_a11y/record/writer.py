"""Writing a game log: locked, each command's events flushed and fsynced together before
they are announced, or none of them when the disk refuses."""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from splendor_a11y.domain.cards import CardSet
from splendor_a11y.engine import (
    Event,
)
from splendor_a11y.record.codec import GameLog, LogError, LogHeader, encode_event
from splendor_a11y.record.reader import kind_of, open_regular, read_log

# ---- writing --------------------------------------------------------------------

_LOCK_BYTES = 2**31 - 1
"""On Windows a lock covers a range of bytes: this one covers the whole file as it grows."""

_SAVE_CAUSES = {errno.ENOSPC: "disk_full", errno.EFBIG: "too_big"}
if hasattr(errno, "EDQUOT"):
    _SAVE_CAUSES[errno.EDQUOT] = "quota"


class SaveError(LogError):
    """Events that could not be put on disk; none of them is left in the file.

    ``cause`` is ``disk_full``, ``quota``, ``too_big`` or ``other`` (then ``detail`` holds
    the system's words), so the player hears why in one sentence.
    """

    def __init__(self, error: OSError, path: Path) -> None:
        self.cause = _SAVE_CAUSES.get(error.errno or 0, "other")
        self.detail = error.strerror or str(error)
        super().__init__("cannot_write_file_error", path=path, file=path, error=self.detail)


class PlaceTaken(SaveError):
    """A command's events were refused whole because another writer had already taken
    their first place in the game's log (another server process wrote a move to the same
    table first): the game has moved on, and the writer's ``catch_up`` reads what it
    missed."""


def _lock(handle: IO[bytes], path: Path) -> None:
    """Hold an exclusive lock for as long as the game runs, so two games never share a file.

    Raises:
        LogError: when another game holds it (the handle is closed then).
    """
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, _LOCK_BYTES)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise LogError("another_game_is_using_file", file=path) from None


def _end_with_a_whole_line(handle: IO[bytes], torn: bool) -> None:
    """Before appending: cut a torn last line, or end a whole last line that lost only
    its newline, so the next event starts a line of its own."""
    handle.seek(0)
    data = handle.read()
    if torn:
        handle.truncate(data.rfind(b"\n") + 1)
    elif data and not data.endswith(b"\n"):
        handle.seek(len(data))
        handle.write(b"\n")
    else:
        return
    os.fsync(handle.fileno())


def _sync_folder(folder: Path) -> None:
    """Make a new file's name durable: fsync the folder that holds it (POSIX only)."""
    if sys.platform == "win32":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def log_line(data: dict[str, Any]) -> bytes:
    """One line of a log, as every log writes it."""
    return (json.dumps(data, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


def event_lines(events: Sequence[Event], first_seq: int = 1) -> bytes:
    """Events as a log's lines, numbered from ``first_seq``."""
    return b"".join(log_line({"seq": first_seq + i, **encode_event(event)}) for i, event in enumerate(events))


def log_bytes(header: LogHeader, events: Sequence[Event]) -> bytes:
    """A whole log: its header, then its events (what a game's file holds)."""
    return log_line(header.to_json()) + event_lines(events)


class LogWriter:
    """Appends events to a locked log file, each command's events flushed and fsynced
    together before it returns, or none of them when the disk refuses."""

    def __init__(self, path: Path, handle: IO[bytes], next_seq: int) -> None:
        self.path = path
        self._handle = handle
        self._next_seq = next_seq
        self._size = handle.seek(0, os.SEEK_END)

    @classmethod
    def create(cls, path: Path, header: LogHeader) -> LogWriter:
        """Start a new log, readable by its owner only; never writes over an existing file,
        and never leaves an empty one behind.

        Raises:
            LogError: when the file exists or cannot be written (SaveError for a full disk).
        """
        if path.exists() or path.is_symlink():
            if not path.is_file():
                mode = os.stat(path).st_mode if path.exists() else os.lstat(path).st_mode
                raise LogError("file_is_kind_of_not_2", file=path, kind_of=kind_of(mode))
            raise LogError("file_already_exists_choose_another", file=path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            handle = os.fdopen(os.open(path, flags, 0o600), "wb", buffering=0)
        except FileExistsError:
            raise LogError("file_already_exists_choose_another", file=path) from None
        except OSError as error:
            raise LogError("cannot_write_file_error", file=path, error=error.strerror or error) from None
        _lock(handle, path)
        writer = cls(path, handle, 1)
        try:
            writer._put(writer._line(header.to_json()))
        except SaveError:
            writer.close()
            path.unlink(missing_ok=True)
            raise
        _sync_folder(path.parent)
        return writer

    @classmethod
    def resume(cls, path: Path, cards: CardSet | None = None) -> tuple[LogWriter, GameLog]:
        """Lock a log, then read it and reopen it to append, cutting a torn last line.

        The lock comes first, so two resumes of one game cannot both go on.

        Raises:
            LogError: when the file is not a log, cannot be opened, or is in use.
        """
        handle = os.fdopen(open_regular(path, os.O_RDWR), "r+b", buffering=0)
        _lock(handle, path)
        try:
            log = read_log(path, cards, handle=handle)
            _end_with_a_whole_line(handle, torn=log.torn_line is not None)
        except (LogError, OSError) as error:
            handle.close()
            if isinstance(error, OSError):
                raise LogError("cannot_write_file_error", file=path, error=error.strerror or error) from None
            raise
        return cls(path, handle, len(log.events) + 1), log

    @staticmethod
    def _line(data: dict[str, Any]) -> bytes:
        return log_line(data)

    def _put(self, data: bytes) -> None:
        """Write, flush and fsync ``data`` at the end of the file, all of it or nothing.

        Raises:
            SaveError: the disk refused; the file is cut back to where it was.
        """
        try:
            self._handle.seek(self._size)
            view = memoryview(data)
            while view:
                written = self._handle.write(view)
                view = view[written or 0 :]
            os.fsync(self._handle.fileno())
        except OSError as error:
            self._cut_back()
            raise SaveError(error, self.path) from None
        self._size += len(data)

    def _cut_back(self) -> None:
        """Remove whatever part of a failed write reached the file."""
        try:
            self._handle.truncate(self._size)
            os.fsync(self._handle.fileno())
        except OSError:
            pass

    def append_all(self, events: Sequence[Event]) -> None:
        """Write one command's events with the next sequence numbers, all on disk before
        returning, or none of them.

        Raises:
            SaveError: the disk refused (full, over quota, file too large); the log is as
                it was, and the events may be tried again.
        """
        data = event_lines(events, self._next_seq)
        self._put(data)
        self._next_seq += len(events)

    def catch_up(self) -> list[Event]:
        """Events another writer added since this one last wrote: none, since a log file
        has one writer (its lock)."""
        return []

    def append(self, event: Event) -> None:
        """Write one event (see ``append_all``)."""
        self.append_all((event,))

    def close(self) -> None:
        """Release the lock and the file."""
        if not self._handle.closed:
            self._handle.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
