"""The server's memory: accounts and every table's game, in one SQLite file.

A command's events are committed in one transaction before anyone hears of them (the
table's ``EventSink``), so a server killed at any moment restarts with every game where
its players last heard it. Events are kept as the very JSON objects a game log holds,
so a table exported is a log like any other, read and checked the same way.

One connection serves the event loop and the worker threads that check passwords, so
every use of it holds one lock: a transaction is never begun inside another. Each event
is written at the place its table's writer expects (``(table, seq)`` is the primary
key), so a second writer can never interleave a table: its events are refused whole.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splendor_a11y.engine import Event, GameEnded
from splendor_a11y.record import GameLog, LogError, LogHeader, SaveError, decode_event, encode_event
from splendor_a11y.record.codec import decode_header
from splendor_a11y.serve.names import name_key, skeleton
from splendor_a11y.text.messages import text
from splendor_a11y.text.narrator import log_refusal

__all__ = ["Account", "RawTable", "Store", "StoredTable", "TableSink", "table_refusal"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    password TEXT,
    name_key TEXT,
    skeleton TEXT
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
    over INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0
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


@dataclass(frozen=True, slots=True)
class RawTable:
    """A table's plan, header and events as the database holds them, undecoded: what is
    decoded into a ``StoredTable``, and what can still be exported of a table whose
    events cannot be."""

    number: int
    plan: str
    header: str | None
    lines: list[str]


class Store:
    """The database: opened in WAL mode, each write its own transaction, fully synced;
    its files readable by their owner only (they hold password hashes)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        path.parent.mkdir(parents=True, exist_ok=True)
        private = os.umask(0o077)
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._upgrade()
        finally:
            os.umask(private)

    def _upgrade(self) -> None:
        """A store made by an older version gains the columns added since: each account's
        name key and skeleton (filled in for the names it holds, so that every account is
        found by its key and checked by its skeleton), and the mark of a table closed for
        want of players."""
        with self._transaction() as db:
            _add_columns(db, "accounts", {"name_key": "TEXT", "skeleton": "TEXT"})
            _add_columns(db, "game_tables", {"closed": "INTEGER NOT NULL DEFAULT 0"})
            missing = db.execute("SELECT name FROM accounts WHERE name_key IS NULL OR skeleton IS NULL").fetchall()
            db.executemany(
                "UPDATE accounts SET name_key = ?, skeleton = ? WHERE name = ?",
                [(name_key(name), skeleton(name), name) for (name,) in missing],
            )
            db.execute("CREATE UNIQUE INDEX IF NOT EXISTS account_keys_by_name ON accounts (name_key)")
            db.execute("CREATE INDEX IF NOT EXISTS account_skeletons ON accounts (skeleton)")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction, one at a time: all of it is kept, or none (a full disk, or a
        place in a table's log already taken, becomes ``SaveError``)."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except (sqlite3.OperationalError, sqlite3.IntegrityError) as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                full = "full" in str(error)
                raise SaveError(OSError(errno.ENOSPC if full else errno.EIO, str(error)), self.path) from None

    def _read(self, query: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        """Every row a query finds, read while no transaction is under way."""
        with self._lock:
            return self._db.execute(query, parameters).fetchall()

    # ---- accounts -----------------------------------------------------------------

    def account(self, name: str) -> Account | None:
        """The account of a name (any spelling of it: ``zoë``, ``ZOË``), or None."""
        rows = self._read("SELECT name, password FROM accounts WHERE name_key = ?", (name_key(name),))
        if not rows:
            return None
        keys = tuple(k for (k,) in self._read("SELECT key FROM account_keys WHERE name = ?", (rows[0][0],)))
        return Account(rows[0][0], rows[0][1], keys)

    def register(self, name: str, password: str | None = None, key: str | None = None) -> str | None:
        """Make a new account; None when it is made, or the name already registered that
        it would be taken for (the same name, or one that looks the same)."""
        key_of_name, looks = name_key(name), skeleton(name)
        with self._transaction() as db:
            taken = db.execute(
                "SELECT name FROM accounts WHERE name_key = ? OR skeleton = ?", (key_of_name, looks)
            ).fetchone()
            if taken:
                return str(taken[0])
            db.execute(
                "INSERT INTO accounts (name, password, name_key, skeleton) VALUES (?, ?, ?, ?)",
                (name, password, key_of_name, looks),
            )
            if key is not None:
                db.execute("INSERT INTO account_keys (name, key) VALUES (?, ?)", (name, key))
        return None

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
            db.execute(
                "UPDATE game_tables SET header = ?, plan = ? WHERE id = ?",
                (json.dumps(header.to_json()), json.dumps(plan), number),
            )

    def drop_table(self, number: int) -> None:
        """Forget a table that never started (everyone left it)."""
        with self._transaction() as db:
            db.execute("DELETE FROM game_tables WHERE id = ? AND header IS NULL", (number,))

    def append(self, number: int, first: int, events: Sequence[Event], over: bool) -> None:
        """Keep a command's events at places ``first``, ``first + 1``... of the table's
        log, in one transaction.

        Raises:
            SaveError: the database refused, or one of those places is taken (another
                writer has the table); none of them is kept.
        """
        with self._transaction() as db:
            db.executemany(
                "INSERT INTO events (table_id, seq, line) VALUES (?, ?, ?)",
                [
                    (number, first + i, json.dumps({"seq": first + i, **encode_event(event)}, ensure_ascii=False))
                    for i, event in enumerate(events)
                ],
            )
            if over:
                db.execute("UPDATE game_tables SET over = 1 WHERE id = ?", (number,))

    def unfinished(self) -> list[int]:
        """The number of every table whose game is not over (nor closed), in the order they were made."""
        return [n for (n,) in self._read("SELECT id FROM game_tables WHERE over = 0 AND closed = 0 ORDER BY id")]

    def close_table(self, number: int) -> None:
        """A table nobody plays at any more: kept, and exportable, but not set back at a start."""
        with self._transaction() as db:
            db.execute("UPDATE game_tables SET closed = 1 WHERE id = ?", (number,))

    def table(self, number: int) -> StoredTable:
        """One table as kept.

        Raises:
            KeyError: there is no such table.
        """
        raw = self.raw_table(number)
        header = decode_header(_json(raw.header, 1)) if raw.header is not None else None
        events = [decode_event(_json(line, index + 2), index + 2) for index, line in enumerate(raw.lines)]
        return StoredTable(number, _json(raw.plan, 1), header, events)

    def raw_table(self, number: int) -> RawTable:
        """One table's header and events as kept, undecoded.

        Raises:
            KeyError: there is no such table.
        """
        rows = self._read("SELECT plan, header FROM game_tables WHERE id = ?", (number,))
        if not rows:
            raise KeyError(number)
        lines = [line for (line,) in self._read("SELECT line FROM events WHERE table_id = ? ORDER BY seq", (number,))]
        return RawTable(number, rows[0][0], rows[0][1], lines)

    def log_of(self, number: int) -> GameLog:
        """A started table's game as a log, to export or to restore.

        Raises:
            KeyError: there is no such table, or its game has not started.
        """
        return self.table(number).log()

    def close(self) -> None:
        """Close the database."""
        self._db.close()


def table_refusal(number: int, error: LogError) -> str:
    """Why a stored table's game cannot be read or replayed, in one sentence that names
    the table (as a log refusal names its file)."""
    error.path = Path(text("server.table_name", number=number))
    return log_refusal(error)


def _add_columns(db: sqlite3.Connection, table: str, columns: dict[str, str]) -> None:
    """Add the columns a store made by an older version lacks."""
    present = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
    for column, kind in columns.items():
        if column not in present:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")


def _json(line: str, number: int) -> Any:
    """A stored JSON text, decoded.

    Raises:
        LogError: it is not JSON (the row was changed by hand, or damaged).
    """
    try:
        return json.loads(line)
    except (TypeError, ValueError):
        raise LogError("not_json", number) from None


class TableSink:
    """A table's events kept in the database: what a log file is to a local game. It
    knows how many events the table holds, and writes each at its place."""

    def __init__(self, store: Store, number: int, events_so_far: int = 0) -> None:
        self.store = store
        self.number = number
        self.events_so_far = events_so_far

    def append_all(self, events: Sequence[Event]) -> None:
        """Keep one command's events, all or none (see ``Store.append``)."""
        self.store.append(
            self.number, self.events_so_far + 1, events, over=any(isinstance(e, GameEnded) for e in events)
        )
        self.events_so_far += len(events)

    def close(self) -> None:
        """The database stays open for the other tables."""
