"""Which store a ``--db`` names: a file is SQLite's, a ``postgresql://`` address is
PostgreSQL's; and the hold that keeps a second server off the same store. Light to
import (the command line reads ``--db`` with it); the stores load when opened."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from splendor_a11y.serve.lockfile import StoreLock

if TYPE_CHECKING:
    from splendor_a11y.serve.store import Store

__all__ = ["POSTGRESQL_SCHEMES", "StoreHold", "StoreUnreachable", "is_address", "open_store", "shown_address"]

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


class StoreUnreachable(Exception):
    """The database could not be reached or refused the server; the message says why."""


def shown_address(url: str) -> str:
    """A database address as it may be printed: its password left out."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit((parts.scheme, f"{user}{host}{port}", parts.path, parts.query, parts.fragment))


def is_address(where: str | Path) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a file."""
    return isinstance(where, str) and where.lower().startswith(POSTGRESQL_SCHEMES)


def open_store(where: str | Path) -> Store:
    """The store a ``--db`` names, opened and brought up to date.

    Raises:
        StoreUnreachable: a PostgreSQL database could not be reached.
        sqlite3.DatabaseError: the file is not a database.
    """
    if is_address(where):
        from splendor_a11y.serve.postgres import PostgresStore

        return PostgresStore(str(where))
    from splendor_a11y.serve.sqlite import SqliteStore

    return SqliteStore(Path(where))


class StoreHold:
    """One server per SQLite file, for as long as it runs: a lock beside it, taken
    before the database is opened, let go however the server ends, killed included. A
    PostgreSQL database is shared by any number of server processes: nothing to hold."""

    def __init__(self, where: str | Path) -> None:
        self.where = where
        self._file = None if is_address(where) else StoreLock(Path(where))

    def before_opening(self) -> None:
        """Raises:
        StoreTaken: another server holds the file."""
        if self._file is not None:
            self._file.acquire()

    def release(self) -> None:
        if self._file is not None:
            self._file.release()
