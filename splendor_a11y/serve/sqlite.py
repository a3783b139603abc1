"""The SQLite store: one file beside the server, the default.

Opened in WAL mode, each write its own transaction, fully synced; its files readable by
their owner only (they hold password hashes). One connection serves the event loop and
the worker threads that check passwords, so every use of it holds one lock: a
transaction is never begun inside another.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from splendor_a11y.record import PlaceTaken, SaveError
from splendor_a11y.serve.migrations import SQLITE
from splendor_a11y.serve.names import name_key, skeleton
from splendor_a11y.serve.store import Row, Store, StoreUnreadable

__all__ = ["SqliteStore"]


class _Cursor:
    """The store's SQL run on the SQLite connection (it reads ``?`` as it is written)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        return self._db.execute(sql, tuple(parameters)).fetchall()

    def many(self, sql: str, parameters: Sequence[Sequence[object]]) -> None:
        self._db.executemany(sql, [tuple(p) for p in parameters])


class SqliteStore(Store):
    """The store in one SQLite file."""

    dialect = SQLITE

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        self._lock = threading.RLock()
        path.parent.mkdir(parents=True, exist_ok=True)
        private = os.umask(0o077)
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._before_migrations()
            self._migrate()
        finally:
            os.umask(private)

    def _before_migrations(self) -> None:
        """A store made before the schema had migrations gains the columns added since
        (each account's name key and skeleton, filled in for the names it holds, and the
        mark of a table closed for want of players); the first migration then finds its
        tables and indexes made."""
        tables = {name for (name,) in self._read("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "accounts" not in tables or "schema_migrations" in tables:
            return
        with self._transaction() as db:
            _add_columns(db, "accounts", {"name_key": "TEXT", "skeleton": "TEXT"})
            _add_columns(db, "game_tables", {"closed": "INTEGER NOT NULL DEFAULT 0"})
            missing = db.rows("SELECT name FROM accounts WHERE name_key IS NULL OR skeleton IS NULL")
            db.many(
                "UPDATE accounts SET name_key = ?, skeleton = ? WHERE name = ?",
                [(name_key(name), skeleton(name), name) for (name,) in missing],
            )

    @contextmanager
    def _transaction(self) -> Iterator[_Cursor]:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield _Cursor(self._db)
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except (sqlite3.OperationalError, sqlite3.IntegrityError) as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                full = "full" in str(error)
                refused = PlaceTaken if "UNIQUE constraint failed: events" in str(error) else SaveError
                raise refused(OSError(errno.ENOSPC if full else errno.EIO, str(error)), self.path) from None

    def _read(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        with self._lock:
            try:
                return self._db.execute(sql, tuple(parameters)).fetchall()
            except sqlite3.DatabaseError as error:
                raise StoreUnreadable(str(error)) from None

    def close(self) -> None:
        self._db.close()


def _add_columns(db: _Cursor, table: str, columns: dict[str, str]) -> None:
    """Add the columns a store made by an older version lacks."""
    present = {row[1] for row in db.rows(f"PRAGMA table_info({table})")}
    for column, kind in columns.items():
        if column not in present:
            db.rows(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
