"""The server's memory: accounts and every table's game, in one database.

A store is one protocol (``Store``) over two databases: SQLite, one file beside the
server (``serve/sqlite.py``, the default), and PostgreSQL, for a host who runs several
server processes over one database (``serve/postgres.py``). Both read and write the
same SQL, written once here; each says only how it opens a transaction and reads.

A command's events are committed in one transaction before anyone hears of them (the
table's ``EventSink``), so a server killed at any moment restarts with every game where
its players last heard it. Events are kept as the very JSON objects a game log holds,
so a table exported is a log like any other, read and checked the same way. Each event
is written at the place its table's writer expects (``(table, seq)`` is the primary
key), so a second writer can never interleave a table: its events are refused whole.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from splendor_a11y.engine import Event, GameEnded
from splendor_a11y.record import GameLog, LogError, LogHeader, decode_event, encode_event
from splendor_a11y.record.codec import decode_header
from splendor_a11y.serve.migrations import MIGRATIONS, MIGRATIONS_TABLE, Dialect
from splendor_a11y.serve.names import name_key, skeleton
from splendor_a11y.text.messages import text
from splendor_a11y.text.narrator import log_refusal

__all__ = [
    "Account",
    "RawTable",
    "Store",
    "StoreUnreadable",
    "StoredTable",
    "TableSink",
    "Transaction",
    "table_refusal",
]

Row = tuple[Any, ...]


class StoreUnreadable(Exception):
    """The database could not be read (gone, refused, damaged); the message says why."""


class Transaction(Protocol):
    """What the store's SQL is run through, inside one transaction of its database."""

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """Run one statement (``?`` for each parameter); the rows it gives back."""
        ...

    def many(self, sql: str, parameters: Sequence[Sequence[object]]) -> None:
        """Run one statement for each set of parameters."""
        ...


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


class Store(ABC):
    """The accounts and tables, in SQL both databases read; ``_transaction`` and ``_read``
    are each database's own. ``where`` names the database to its host (a file, or an
    address without its password)."""

    dialect: Dialect
    where: str
    announce_events = ""
    """The statement that tells the other server processes over this database, as a
    command's transaction commits, ``"T N"``: table T's log now reaches its N-th event
    (a database only one process uses has no one to tell)."""
    one_registration_at_a_time = ""
    """The statement that makes registrations wait for one another, so that two names
    that look the same, registered at once from two processes, cannot both be taken (a
    database with one writer at a time, SQLite, needs none)."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Transaction]:
        """One transaction, one at a time: all of it is kept, or none (a full disk, a lost
        database, or a place in a table's log already taken, becomes ``SaveError``)."""

    @abstractmethod
    def _read(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """Every row a query finds, read outside any transaction.

        Raises:
            StoreUnreadable: the database could not be read.
        """

    @abstractmethod
    def close(self) -> None:
        """Close the database."""

    def hold_alone(self) -> bool:
        """Hold the database for this server alone while it runs; False when another
        server holds it. A file is held by its lock, taken before it is opened
        (``stores.StoreHold``), so there is nothing more to take here."""
        return True

    def _migrate(self) -> None:
        """Run, in order, each migration this database has not run yet, each in its own
        transaction with its number noted (``serve/migrations.py``)."""
        with self._transaction() as db:
            db.rows(MIGRATIONS_TABLE)
        done = {number for (number,) in self._read("SELECT number FROM schema_migrations")}
        for migration in MIGRATIONS:
            if migration.number in done:
                continue
            with self._transaction() as db:
                for statement in migration.statements:
                    db.rows(self.dialect.spelled(statement))
                db.rows(
                    "INSERT INTO schema_migrations (number, purpose) VALUES (?, ?)",
                    (migration.number, migration.purpose),
                )

    def migrations(self) -> list[int]:
        """The numbers of the migrations this database has run, in order."""
        return [number for (number,) in self._read("SELECT number FROM schema_migrations ORDER BY number")]

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
            if self.one_registration_at_a_time:
                db.rows(self.one_registration_at_a_time)
            taken = db.rows("SELECT name FROM accounts WHERE name_key = ? OR skeleton = ?", (key_of_name, looks))
            if taken:
                return str(taken[0][0])
            db.rows(
                "INSERT INTO accounts (name, password, name_key, skeleton) VALUES (?, ?, ?, ?)",
                (name, password, key_of_name, looks),
            )
            if key is not None:
                db.rows("INSERT INTO account_keys (name, key) VALUES (?, ?)", (name, key))
        return None

    # ---- tables -------------------------------------------------------------------

    def new_table(self, plan: dict[str, Any]) -> int:
        """Keep a new table's plan; its number."""
        with self._transaction() as db:
            rows = db.rows("INSERT INTO game_tables (plan) VALUES (?) RETURNING id", (json.dumps(plan),))
        return int(rows[0][0])

    def save_plan(self, number: int, plan: dict[str, Any]) -> None:
        """Keep who sits where at a table now."""
        with self._transaction() as db:
            db.rows("UPDATE game_tables SET plan = ? WHERE id = ?", (json.dumps(plan), number))

    def start_table(self, number: int, header: LogHeader, plan: dict[str, Any]) -> None:
        """Keep the header of a table's game as it starts, with its plan as it starts
        (free seats given to the computer), together."""
        with self._transaction() as db:
            db.rows(
                "UPDATE game_tables SET header = ?, plan = ? WHERE id = ?",
                (json.dumps(header.to_json()), json.dumps(plan), number),
            )

    def drop_table(self, number: int) -> None:
        """Forget a table that never started (everyone left it)."""
        with self._transaction() as db:
            db.rows("DELETE FROM game_tables WHERE id = ? AND header IS NULL", (number,))

    def append(self, number: int, first: int, events: Sequence[Event], over: bool) -> None:
        """Keep a command's events at places ``first``, ``first + 1``... of the table's
        log, in one transaction.

        Raises:
            SaveError: the database refused, or one of those places is taken (another
                writer has the table); none of them is kept.
        """
        with self._transaction() as db:
            db.many(
                "INSERT INTO events (table_id, seq, line) VALUES (?, ?, ?)",
                [
                    (number, first + i, json.dumps({"seq": first + i, **encode_event(event)}, ensure_ascii=False))
                    for i, event in enumerate(events)
                ],
            )
            if over:
                db.rows("UPDATE game_tables SET over = 1 WHERE id = ?", (number,))
            if self.announce_events:
                db.rows(self.announce_events, (f"{number} {first + len(events) - 1}",))

    def events_after(self, number: int, seq: int) -> list[Event]:
        """A table's events after the ``seq``-th, in order: what another process wrote
        since this one last read.

        Raises:
            LogError: one of them cannot be read (a damaged row).
        """
        rows = self._read("SELECT seq, line FROM events WHERE table_id = ? AND seq > ? ORDER BY seq", (number, seq))
        return [decode_event(_json(line, at + 1), at + 1) for at, line in rows]

    def unfinished(self) -> list[int]:
        """The number of every table whose game is not over (nor closed), in the order they were made."""
        return [n for (n,) in self._read("SELECT id FROM game_tables WHERE over = 0 AND closed = 0 ORDER BY id")]

    def close_table(self, number: int) -> None:
        """A table nobody plays at any more: kept, and exportable, but not set back at a start."""
        with self._transaction() as db:
            db.rows("UPDATE game_tables SET closed = 1 WHERE id = ?", (number,))

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


def table_refusal(number: int, error: LogError) -> str:
    """Why a stored table's game cannot be read or replayed, in one sentence that names
    the table (as a log refusal names its file)."""
    error.path = Path(text("server.table_name", number=number))
    return log_refusal(error)


def _json(line: str, number: int) -> dict[str, Any]:
    """A stored JSON object, decoded, as a log's line is read.

    Raises:
        LogError: it is not a JSON object (the row was changed by hand, or damaged).
    """
    try:
        data = json.loads(line)
    except (TypeError, ValueError):
        raise LogError("not_json", number) from None
    except RecursionError:
        raise LogError("the_line_is_nested_too", number) from None
    if not isinstance(data, dict):
        raise LogError("the_line_is_not_a", number)
    return data


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

    def catch_up(self) -> list[Event]:
        """The table's events that another server process wrote since the last this sink
        knows of, in order; the next write goes after them.

        Raises:
            LogError: one of them cannot be read.
        """
        events = self.store.events_after(self.number, self.events_so_far)
        self.events_so_far += len(events)
        return events

    def close(self) -> None:
        """The database stays open for the other tables."""
