"""The PostgreSQL store: one database for any number of server processes.

The server's code calls its store from the event loop and from the threads that check
passwords, and waits for each answer (as it waits for SQLite's): so this store runs
asyncpg on an event loop of its own, in a thread of its own, and each call hands it a
coroutine and waits for the result, at most ``timeout`` seconds. The database keeps every
commit on disk before it answers (PostgreSQL's own ``synchronous_commit``), so a command's
events are kept before anyone hears them, as with SQLite.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import json
import os
import re
import threading
from collections.abc import Awaitable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from splendor_a11y.record import PlaceTaken, SaveError
from splendor_a11y.serve.migrations import POSTGRESQL
from splendor_a11y.serve.store import Hears, Row, Store, StoreUnreadable
from splendor_a11y.serve.stores import StoreUnreachable, shown_address

__all__ = ["PostgresStore"]

TIMEOUT = 10.0
"""Seconds a call waits for the database before it counts as refused."""
REGISTRATION_LOCK = 0x53504C44_0001
"""The advisory lock that registrations take in turn (``pg_advisory_xact_lock``)."""
TABLE_LOCKS = 0x53504C44
"""The first key of each table's advisory lock (the second is the table's number): the
process that holds it runs the table (``own``)."""
EVENTS_CHANNEL = "splendor_events"
"""Where a transaction says which table changed (``Store._announce``)."""
HALL_CHANNEL = "splendor_hall"
"""Where the processes tell each other what people say and do (``tell_processes``)."""
MESSAGE_BYTES = 7000
"""The longest message to the processes (PostgreSQL refuses a notice of 8,000 bytes)."""

_Result = TypeVar("_Result")
_PLACEHOLDER = re.compile(r"\?")
_FAULTS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, asyncio.TimeoutError, TimeoutError)


@functools.cache
def dollar_parameters(sql: str) -> str:
    """The store's SQL (``?`` for each parameter) as PostgreSQL numbers them (``$1``)."""
    count = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(count)}", sql)


class _Connection:
    """The store's SQL run on one PostgreSQL connection, from the server's side of the
    thread: each statement is handed to the store's loop and waited for."""

    def __init__(self, store: PostgresStore, connection: Any) -> None:
        self._store = store
        self._connection = connection

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        records = self._store.wait(self._connection.fetch(dollar_parameters(sql), *parameters))
        return [tuple(record) for record in records]

    def many(self, sql: str, parameters: Sequence[Sequence[object]]) -> None:
        self._store.wait(self._connection.executemany(dollar_parameters(sql), [tuple(p) for p in parameters]))


class PostgresStore(Store):
    """The store in a PostgreSQL database, named by its address
    (``postgresql://user@host/dbname``)."""

    dialect = POSTGRESQL
    shared = True
    one_registration_at_a_time = f"SELECT pg_advisory_xact_lock({REGISTRATION_LOCK})"
    announce_change = f"SELECT pg_notify('{EVENTS_CHANNEL}', ?)"

    def __init__(self, url: str, timeout: float = TIMEOUT) -> None:
        self.url = url
        self.where = shown_address(url)
        self.timeout = timeout
        self._lock = threading.RLock()
        self._alone: Any = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="postgresql", daemon=True)
        self._thread.start()
        try:
            self._pool = self.wait(_new_pool(url, timeout))
            self._migrate()
        except _FAULTS as error:
            self._stop_loop()
            raise StoreUnreachable(_reason(error)) from None
        except BaseException:
            self._stop_loop()
            raise

    def wait(self, work: Awaitable[_Result]) -> _Result:
        """Run a coroutine on the store's loop and wait for its result.

        Raises:
            TimeoutError: it took longer than the store's timeout.
        """
        future = asyncio.run_coroutine_threadsafe(_awaited(work), self._loop)
        try:
            return future.result(self.timeout)
        except TimeoutError:
            future.cancel()
            raise

    @contextmanager
    def _transaction(self) -> Iterator[_Connection]:
        """One transaction: begun in one hand-over to the store's loop (a connection of
        the pool, BEGIN), ended in one (COMMIT or ROLLBACK, the connection back)."""
        with self._lock:
            try:
                connection = self.wait(_begun(self._pool))
            except _FAULTS as error:
                raise _save_error(error, self.where) from None
            try:
                yield _Connection(self, connection)
            except BaseException as error:
                self._quietly(_ended(self._pool, connection, commit=False))
                if isinstance(error, _FAULTS):
                    raise _save_error(error, self.where) from None
                raise
            try:
                self.wait(_ended(self._pool, connection, commit=True))
            except _FAULTS as error:
                raise _save_error(error, self.where) from None

    def _quietly(self, work: Awaitable[object]) -> None:
        """Wait for some tidying up that may fail with the connection it tidies."""
        try:
            self.wait(work)
        except _FAULTS:
            pass

    def own(self, number: int) -> bool:
        """Take the running of a table, for as long as this store stays open (a table's
        advisory lock, on the store's own session: let go when the process ends, killed
        included); False when another process runs it."""
        session = self._session()
        return bool(self.wait(session.fetchval("SELECT pg_try_advisory_lock($1, $2)", TABLE_LOCKS, number)))

    def let_go(self, number: int) -> None:
        """Stop running a table (its game over, or closed), so that no lock outlives it."""
        session = self._session()
        self.wait(session.fetchval("SELECT pg_advisory_unlock($1, $2)", TABLE_LOCKS, number))

    def listen(self, loop: asyncio.AbstractEventLoop, hears: Hears) -> None:
        """Have ``hears`` told on ``loop`` whenever any process (this one included)
        changes a table, and of every message to the processes. A notice that does not
        read as one is ignored: a table's changes are read from the table itself, so a
        notice missed or doubled loses nothing."""

        def table_notice(_connection: object, _pid: int, _channel: str, payload: str) -> None:
            numbers = payload.split()
            if 1 <= len(numbers) <= 2 and all(n.isascii() and n.isdigit() and len(n) < 19 for n in numbers):
                upto = int(numbers[1]) if len(numbers) == 2 else None
                loop.call_soon_threadsafe(hears.table_changed, int(numbers[0]), upto)

        def hall_notice(_connection: object, _pid: int, _channel: str, payload: str) -> None:
            try:
                message = json.loads(payload)
            except ValueError:
                return
            if isinstance(message, dict):
                loop.call_soon_threadsafe(hears.message, message)

        session = self._session()
        self.wait(session.add_listener(EVENTS_CHANNEL, table_notice))
        self.wait(session.add_listener(HALL_CHANNEL, hall_notice))

    def tell_processes(self, message: dict[str, Any]) -> None:
        """A message to every server process, this one included (at most 7,000
        characters of JSON: PostgreSQL's notices are short); dropped when the database
        cannot be reached (the lines said are not kept)."""
        payload = json.dumps(message, ensure_ascii=False)
        if len(payload.encode()) > MESSAGE_BYTES:
            return
        try:
            self.wait(self._pool.execute("SELECT pg_notify($1, $2)", HALL_CHANNEL, payload))
        except _FAULTS:
            pass

    def _session(self) -> Any:
        """The store's own connection, outside the pool: it holds the locks and hears the
        notices for as long as the store is open.

        Raises:
            StoreUnreachable: it could not be made.
        """
        if self._alone is None:
            try:
                self._alone = self.wait(asyncpg.connect(self.url, timeout=self.timeout))
            except _FAULTS as error:
                raise StoreUnreachable(_reason(error)) from None
        return self._alone

    def _read(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        try:
            records = self.wait(self._pool.fetch(dollar_parameters(sql), *parameters))
        except _FAULTS as error:
            raise StoreUnreadable(_reason(error)) from None
        return [tuple(record) for record in records]

    def close(self) -> None:
        try:
            if self._alone is not None:
                self.wait(self._alone.close())
            self.wait(self._pool.close())
        except _FAULTS:
            pass
        self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(self.timeout)


async def _awaited(work: Awaitable[_Result]) -> _Result:
    return await work


async def _new_pool(url: str, timeout: float) -> Any:
    """The store's connections, made on the store's loop (a pool belongs to the loop
    it was made on)."""
    return await asyncpg.create_pool(url, min_size=1, max_size=4, command_timeout=timeout)


async def _begun(pool: Any) -> Any:
    """A connection of the pool, in a transaction."""
    connection = await pool.acquire()
    try:
        await connection.execute("BEGIN")
    except BaseException:
        await pool.release(connection)
        raise
    return connection


async def _ended(pool: Any, connection: Any, commit: bool) -> None:
    """A transaction committed (or rolled back), and its connection back in the pool
    whatever happened (the pool resets a connection whose transaction failed)."""
    try:
        if commit:
            await connection.execute("COMMIT")
        elif connection.is_in_transaction():
            await connection.execute("ROLLBACK")
    finally:
        await pool.release(connection)


def _reason(error: BaseException) -> str:
    """What went wrong with the database, in its own words (never a password)."""
    if isinstance(error, (asyncio.TimeoutError, TimeoutError)):
        return "no answer in time"
    if isinstance(error, OSError) and error.errno:
        return os.strerror(error.errno)
    return str(error) or type(error).__name__


def _save_error(error: BaseException, where: str) -> SaveError:
    """A write the database refused, as the log's ``SaveError`` (``PlaceTaken`` for a
    place in a table's log already taken, a lost connection): nothing of it was kept."""
    full = isinstance(error, asyncpg.DiskFullError)
    taken = isinstance(error, asyncpg.UniqueViolationError) and getattr(error, "table_name", "") == "events"
    return (PlaceTaken if taken else SaveError)(
        OSError(errno.ENOSPC if full else errno.EIO, _reason(error)), Path(where)
    )
