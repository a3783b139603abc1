"""One server per store: a running server holds a lock beside its database.

Two servers over one database would both restore the same tables and both accept moves
at them. The lock is the operating system's (``flock`` on a file beside the database,
``msvcrt.locking`` on Windows), so it is let go however the server ends, killed
included, and a second server is told at once, before it writes anything.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

__all__ = ["StoreLock", "StoreTaken"]


class StoreTaken(Exception):
    """Another process holds the store."""


class StoreLock:
    """The lock on one database, held from ``acquire`` until ``release`` or the process ends."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        self._handle: IO[bytes] | None = None

    def acquire(self) -> None:
        """Take the lock, or say who has it.

        Raises:
            StoreTaken: another server runs over this database.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+b")  # noqa: SIM115 - held open as long as the server runs
        try:
            _lock(handle)
        except OSError:
            handle.close()
            raise StoreTaken(str(self.path)) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n".encode("ascii"))
        handle.flush()
        self._handle = handle

    def release(self) -> None:
        """Let the lock go."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _lock(handle: IO[bytes]) -> None:
    """Lock the open file without waiting; OSError when it is locked already."""
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
