"""The server's memory: accounts and every table's game, in one SQLite file.

A command's events are committed in one transaction before anyone hears of them (the
table's ``EventSink``), so a server killed at any moment restarts with every game where
its players last heard it. Events are kept as the very JSON objects a game log holds,
so a table exported is a log like any other, read and checked the same way.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splendor_a11y.engine import Event, GameEnded
from splendor_a11y.record import GameLog, LogHeader, SaveError, decode_event, encode_event
from splendor_a11y.record.codec import decode_header

__all__ = ["Account", "Store", "StoredTable", "TableSink"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    password TEXT
);
CREATE TABLE IF NOT EXISTS account_keys (
    name TEXT NOT NULL COLLATE NOCASE,
    key TEXT NOT NULL,
    PRIMARY KEY (name, key)
);
CREATE TABLE IF NOT EXISTS game_tables (
    id INTEGER PRIMARY KEY,
    plan TEXT NOT NULL,
    header TEXT,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


@dataclass(frozen=True, slots=True)
class Account:
    """A registered name: its password's hash (None when it logs in by key only) and keys."""

    name: str
    password: str | None
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as the database keeps it: its plan (who sits where, before and after the
    start), and once started its log header and events."""

    number: int
    plan: dict[str, Any]
    header: LogHeader | None
    events: list[Event]

    def log(self) -> GameLog:
        """The started table's game as a log, to export or to restore.

        Raises:
            KeyError: its game has not started.
        """
        if self.header is None:
            raise KeyError(self.number)
        return GameLog(Path(f"table-{self.number}"), self.header, self.events)


class Store:
    """The database: opened in WAL mode, each write its own transaction, fully synced;
    its files readable by their owner only (they hold password hashes)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        private = os.umask(0o077)
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
        finally:
            os.umask(private)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is kept, or none (a full disk becomes ``SaveError``)."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            full = "full" in str(error)
            raise SaveError(OSError(errno.ENOSPC if full else errno.EIO, str(error)), self.path) from None

    # ---- accounts -----------------------------------------------------------------

    def account(self, name: str) -> Account | None:
        """The account of a name (matched without regard to case), or None."""
        row = self._db.execute("SELECT name, password FROM accounts WHERE name = ?", (name,)).fetchone()
        if row is None:
            return None
        keys = tuple(k for (k,) in self._db.execute("SELECT key FROM account_keys WHERE name = ?", (name,)))
        return Account(row[0], row[1], keys)

    def register(self, name: str, password: str | None = None, key: str | None = None) -> bool:
        """Make a new account; False when the name was taken meanwhile."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone():
                return False
            db.execute("INSERT INTO accounts (name, password) VALUES (?, ?)", (name, password))
            if key is not None:
                db.execute("INSERT INTO account_keys (name, key) VALUES (?, ?)", (name, key))
        return True

    # ---- tables -------------------------------------------------------------------

    def new_table(self, plan: dict[str, Any]) -> int:
        """Keep a new table's plan; its number."""
        with self._transaction() as db:
            cursor = db.execute("INSERT INTO game_tables (plan) VALUES (?)", (json.dumps(plan),))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def save_plan(self, number: int, plan: dict[str, Any]) -> None:
        """Keep who sits where at a table now."""
        with self._transaction() as db:
            db.execute("UPDATE game_tables SET plan = ? WHERE id = ?", (json.dumps(plan), number))

    def start_table(self, number: int, header: LogHeader, plan: dict[str, Any]) -> None:
        """Keep the header of a table's game as it starts, with its plan as it starts
        (free seats given to the computer), together."""
        with self._transaction() as db:
            db.execute("UPDATE game_tables SET header = ?, plan = ? WHERE id = ?",
                       (json.dumps(header.to_json()), json.dumps(plan), number))

    def drop_table(self, number: int) -> None:
        """Forget a table that never started (everyone left it)."""
        with self._transaction() as db:
            db.execute("DELETE FROM game_tables WHERE id = ? AND header IS NULL", (number,))

    def append(self, number: int, events: Sequence[Event], over: bool) -> None:
        """Keep a command's events, with the next sequence numbers, in one transaction.

        Raises:
            SaveError: the database refused; none of them is kept.
        """
        with self._transaction() as db:
            (last,) = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?", (number,)).fetchone()
            db.executemany("INSERT INTO events (table_id, seq, line) VALUES (?, ?, ?)",
                           [(number, last + 1 + i, json.dumps({"seq": last + 1 + i, **encode_event(event)},
                                                               ensure_ascii=False))
                            for i, event in enumerate(events)])
            if over:
                db.execute("UPDATE game_tables SET over = 1 WHERE id = ?", (number,))

    def unfinished(self) -> list[StoredTable]:
        """Every table whose game is not over, in the order they were made."""
        numbers = [n for (n,) in self._db.execute("SELECT id FROM game_tables WHERE over = 0 ORDER BY id")]
        return [self.table(n) for n in numbers]

    def table(self, number: int) -> StoredTable:
        """One table as kept.

        Raises:
            KeyError: there is no such table.
        """
        row = self._db.execute("SELECT plan, header FROM game_tables WHERE id = ?", (number,)).fetchone()
        if row is None:
            raise KeyError(number)
        header = decode_header(json.loads(row[1])) if row[1] is not None else None
        lines = self._db.execute("SELECT line FROM events WHERE table_id = ? ORDER BY seq", (number,))
        events = [decode_event(json.loads(line), index + 2) for index, (line,) in enumerate(lines)]
        return StoredTable(number, json.loads(row[0]), header, events)

    def log_of(self, number: int) -> GameLog:
        """A started table's game as a log, to export or to restore.

        Raises:
            KeyError: there is no such table, or its game has not started.
        """
        return self.table(number).log()

    def close(self) -> None:
        """Close the database."""
        self._db.close()


class TableSink:
    """A table's events kept in the database: what a log file is to a local game."""

    def __init__(self, store: Store, number: int) -> None:
        self.store = store
        self.number = number

    def append_all(self, events: Sequence[Event]) -> None:
        """Keep one command's events, all or none (see ``Store.append``)."""
        self.store.append(self.number, events, over=any(isinstance(e, GameEnded) for e in events))

    def close(self) -> None:
        """The database stays open for the other tables."""
