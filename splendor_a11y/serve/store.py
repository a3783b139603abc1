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

import asyncio
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
    "Hears",
    "KeptPlan",
    "RawTable",
    "Store",
    "StoreUnreadable",
    "StoredTable",
    "TableSink",
    "Transaction",
    "plan_text",
    "table_refusal",
]

Row = tuple[Any, ...]


class StoreUnreadable(Exception):
    """The database could not be read (gone, refused, damaged); the message says why."""


class Hears(Protocol):
    """What a server process is told of the others over a shared database."""

    def table_changed(self, number: int, upto: int | None) -> None:
        """A table changed: its log reaches its ``upto``-th event, or (None) its plan
        changed, or it was made, started, dropped or closed."""

    def message(self, message: dict[str, Any]) -> None:
        """A message another process sent (``Store.tell_processes``)."""


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
    kept_plan: str = ""
    """The plan's text as kept, to change it only if nobody else has since."""
    closed: bool = False
    """Whether the table was closed (nobody played at it any more)."""

    def log(self) -> GameLog:
        """The started table's game as a log, to export or to restore.

        Raises:
            KeyError: its game has not started.
        """
        if self.header is None:
            raise KeyError(self.number)
        return GameLog(Path(f"table-{self.number}"), self.header, self.events)


@dataclass(frozen=True, slots=True)
class KeptPlan:
    """A table's plan as the database keeps it: read as a plan and as its text (to
    change it only if nobody has since), whether its game has started, whether the
    table was closed."""

    plan: dict[str, Any]
    text: str
    started: bool
    closed: bool


@dataclass(frozen=True, slots=True)
class RawTable:
    """A table's plan, header and events as the database holds them, undecoded: what is
    decoded into a ``StoredTable``, and what can still be exported of a table whose
    events cannot be."""

    number: int
    plan: str
    header: str | None
    lines: list[str]
    closed: bool = False


class Store(ABC):
    """The accounts and tables, in SQL both databases read; ``_transaction`` and ``_read``
    are each database's own. ``where`` names the database to its host (a file, or an
    address without its password)."""

    dialect: Dialect
    where: str
    announce_change = ""
    """The statement that tells the other server processes over this database, as a
    transaction commits, that a table changed (``_announce``); a database only one
    process uses has no one to tell."""
    shared = False
    """Whether several server processes may use this database at once."""
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

    # ---- several processes ----------------------------------------------------------

    def own(self, number: int) -> bool:
        """Take the running of a table (its computers, its deal, closing it); False when
        another process runs it. A database only one process uses: always this one."""
        return True

    def let_go(self, number: int) -> None:
        """Stop running a table (its game over, or closed)."""
        return None

    def listen(self, loop: asyncio.AbstractEventLoop, hears: Hears) -> None:
        """Have ``hears`` told, on ``loop``, of what the other processes change and say
        (a database only one process uses: nothing)."""
        return None

    def tell_processes(self, message: dict[str, Any]) -> None:
        """A message to every server process over this database (``Hears.message``);
        a database only one process uses has no other."""
        return None

    def here(self, name: str, process: str, place: str, now: int) -> None:
        """A person is connected to ``process``, at ``place`` (``""``: the lobby,
        ``"table 3"``, ``"watching 3"``), as of ``now`` (seconds)."""
        with self._transaction() as db:
            db.rows(
                "INSERT INTO presence (name_key, name, process, place, seen) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (name_key) DO UPDATE SET name = excluded.name, process = excluded.process, "
                "place = excluded.place, seen = excluded.seen",
                (name_key(name), name, process, place, now),
            )

    def gone(self, name: str, process: str) -> None:
        """A person's connection to ``process`` ended (one made since to another stays)."""
        with self._transaction() as db:
            db.rows("DELETE FROM presence WHERE name_key = ? AND process = ?", (name_key(name), process))

    def still_here(self, process: str, now: int) -> None:
        """``process`` is alive: the people connected to it are still there."""
        with self._transaction() as db:
            db.rows("UPDATE presence SET seen = ? WHERE process = ?", (now, process))

    def people(self, since: int) -> list[tuple[str, str, str]]:
        """Everyone connected to a process that was alive ``since`` (seconds): name,
        process, place."""
        rows = self._read("SELECT name, process, place FROM presence WHERE seen >= ? ORDER BY name_key", (since,))
        return [(str(name), str(process), str(place)) for name, process, place in rows]

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
            rows = db.rows("INSERT INTO game_tables (plan) VALUES (?) RETURNING id", (plan_text(plan),))
            self._announce(db, f"{rows[0][0]}")
        return int(rows[0][0])

    def save_plan(self, number: int, plan: dict[str, Any], was: str | None = None) -> bool:
        """Keep who sits where at a table now; with ``was``, only if the plan kept is
        still that one (another server process may have changed it since it was read):
        whether it was kept."""
        with self._transaction() as db:
            if was is None:
                rows = db.rows("UPDATE game_tables SET plan = ? WHERE id = ? RETURNING id", (plan_text(plan), number))
            else:
                rows = db.rows(
                    "UPDATE game_tables SET plan = ? WHERE id = ? AND plan = ? RETURNING id",
                    (plan_text(plan), number, was),
                )
            if rows:
                self._announce(db, f"{number}")
        return bool(rows)

    def start_table(self, number: int, header: LogHeader, plan: dict[str, Any], was: str | None = None) -> bool:
        """Keep the header of a table's game as it starts, with its plan as it starts
        (free seats given to the computer), together; only if it has not started yet
        (and, with ``was``, its plan is still that one): whether it was kept."""
        parameters: tuple[object, ...] = (json.dumps(header.to_json()), plan_text(plan), number)
        unchanged = ""
        if was is not None:
            unchanged, parameters = " AND plan = ?", (*parameters, was)
        with self._transaction() as db:
            rows = db.rows(
                f"UPDATE game_tables SET header = ?, plan = ? WHERE id = ? AND header IS NULL{unchanged} RETURNING id",
                parameters,
            )
            if rows:
                self._announce(db, f"{number}")
        return bool(rows)

    def drop_table(self, number: int) -> None:
        """Forget a table that never started (everyone left it)."""
        with self._transaction() as db:
            db.rows("DELETE FROM game_tables WHERE id = ? AND header IS NULL", (number,))
            self._announce(db, f"{number}")

    def _announce(self, db: Transaction, notice: str) -> None:
        """Tell the other server processes, as the transaction commits, that a table
        changed: ``"T"``, its plan (or it was made, started, dropped or closed), ``"T N"``,
        its log reaches its N-th event."""
        if self.announce_change:
            db.rows(self.announce_change, (notice,))

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
            self._announce(db, f"{number} {first + len(events) - 1}")

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

    def plan_of(self, number: int) -> KeptPlan | None:
        """A table's plan as kept, without its events (None: there is no such table).

        Raises:
            StoreUnreadable: the database could not be read.
            LogError: the plan is not a JSON object.
        """
        rows = self._read("SELECT plan, header IS NOT NULL, closed FROM game_tables WHERE id = ?", (number,))
        if not rows:
            return None
        plan, started, closed = rows[0]
        return KeptPlan(_json(plan, 1), str(plan), bool(started), bool(closed))

    def progress(self) -> dict[int, tuple[str, int]]:
        """Every table whose game is not over (nor closed): its plan's text, and how many
        events its log holds; what a process compares with its own copies, now and then,
        in case it missed a notice."""
        rows = self._read(
            "SELECT id, plan, (SELECT COUNT(*) FROM events WHERE table_id = game_tables.id) "
            "FROM game_tables WHERE over = 0 AND closed = 0"
        )
        return {int(number): (str(plan), int(count)) for number, plan, count in rows}

    def close_table(self, number: int) -> None:
        """A table nobody plays at any more: kept, and exportable, but not set back at a start."""
        with self._transaction() as db:
            db.rows("UPDATE game_tables SET closed = 1 WHERE id = ?", (number,))
            self._announce(db, f"{number}")

    def table(self, number: int) -> StoredTable:
        """One table as kept.

        Raises:
            KeyError: there is no such table.
        """
        raw = self.raw_table(number)
        header = decode_header(_json(raw.header, 1)) if raw.header is not None else None
        events = [decode_event(_json(line, index + 2), index + 2) for index, line in enumerate(raw.lines)]
        return StoredTable(number, _json(raw.plan, 1), header, events, raw.plan, raw.closed)

    def raw_table(self, number: int) -> RawTable:
        """One table's header and events as kept, undecoded.

        Raises:
            KeyError: there is no such table.
        """
        rows = self._read("SELECT plan, header, closed FROM game_tables WHERE id = ?", (number,))
        if not rows:
            raise KeyError(number)
        lines = [line for (line,) in self._read("SELECT line FROM events WHERE table_id = ? ORDER BY seq", (number,))]
        return RawTable(number, rows[0][0], rows[0][1], lines, bool(rows[0][2]))

    def log_of(self, number: int) -> GameLog:
        """A started table's game as a log, to export or to restore.

        Raises:
            KeyError: there is no such table, or its game has not started.
        """
        return self.table(number).log()


def plan_text(plan: dict[str, Any]) -> str:
    """A table's plan as the database keeps it (the same plan, the same text: a process
    compares what it read with what is kept now)."""
    return json.dumps(plan, sort_keys=True)


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
