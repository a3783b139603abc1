"""Every store, the same tests: SQLite in a real file, PostgreSQL in a real cluster started
for the tests (``pg_helpers``; skipped, with the reason, where PostgreSQL cannot start).

What a host and a player would notice: accounts found by any spelling of their name and
never taken twice, tables numbered and kept, a command's events kept whole or not at
all, a place in a table's log never written twice, the schema brought up to date once,
and a damaged row read as one sentence, never as a crash.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pg_helpers import Postgres

from splendor_a11y.engine import GameEnded, HintAsked
from splendor_a11y.record import LogError, LogHeader, PlaceTaken, PlayerEntry
from splendor_a11y.serve.migrations import MIGRATIONS
from splendor_a11y.serve.store import Store, TableSink
from splendor_a11y.serve.stores import open_store

HEADER = LogHeader(players=(PlayerEntry("Ana"), PlayerEntry("Bot Ben", "bot", "easy")), modules=(), seed=7)
PLAN = {"creator": "Ana", "modules": [], "seats": [{"name": "Ana"}, {"level": "easy"}]}


@pytest.fixture
def store(database: Path | str) -> Store:
    opened = open_store(database)
    yield opened  # type: ignore[misc]
    opened.close()


def _started(store: Store) -> int:
    number = store.new_table(PLAN)
    store.start_table(number, HEADER, PLAN)
    return number


def test_a_new_store_runs_every_migration_once(database: Path | str) -> None:
    first = open_store(database)
    assert first.migrations() == [m.number for m in MIGRATIONS]
    first.register("Ana", "hash")
    first.close()
    again = open_store(database)
    assert again.migrations() == [m.number for m in MIGRATIONS]
    assert again.account("ana") is not None
    again.close()


def test_an_account_is_found_by_any_spelling_and_never_taken_twice(store: Store) -> None:
    assert store.register("Zoë", "hash", key="ssh-ed25519 AAAA") is None
    account = store.account("ZOË")
    assert account is not None and account.name == "Zoë" and account.password == "hash"
    assert account.keys == ("ssh-ed25519 AAAA",)
    assert store.register("zoë", "other") == "Zoë"
    assert store.register("Zoe\u0308", "other") == "Zoë"
    assert store.account("Ben") is None


def test_tables_are_numbered_kept_and_their_plans_changed(store: Store) -> None:
    first, second = store.new_table(PLAN), store.new_table({**PLAN, "creator": "Ben"})
    assert second > first
    store.save_plan(first, {**PLAN, "creator": "Cy"})
    assert store.table(first).plan["creator"] == "Cy" and store.table(first).header is None
    store.drop_table(second)
    with pytest.raises(KeyError):
        store.table(second)
    with pytest.raises(KeyError):
        store.log_of(first)


def test_a_command_s_events_are_kept_at_their_places_and_a_stale_writer_keeps_none(store: Store) -> None:
    number = _started(store)
    sink = TableSink(store, number)
    sink.append_all((HintAsked(0), HintAsked(1)))
    stale = TableSink(store, number, 1)
    with pytest.raises(PlaceTaken):
        stale.append_all((HintAsked(1), HintAsked(0)))
    log = store.log_of(number)
    assert log.header == HEADER and log.events == [HintAsked(0), HintAsked(1)]
    assert [json.loads(line)["seq"] for line in store.raw_table(number).lines] == [1, 2]


def test_a_game_over_or_closed_is_not_set_back_but_kept(store: Store) -> None:
    over, closed, going = _started(store), _started(store), _started(store)
    TableSink(store, over).append_all((GameEnded(scores=(15, 3), winners=(0,)),))
    store.close_table(closed)
    assert store.unfinished() == [going]
    assert store.log_of(over).events == [GameEnded(scores=(15, 3), winners=(0,))]
    assert store.log_of(closed).header == HEADER


def test_a_started_table_is_never_dropped(store: Store) -> None:
    number = _started(store)
    store.drop_table(number)
    assert store.table(number).header == HEADER


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
_ROWS = st.one_of(
    st.text(st.characters(blacklist_characters="\x00"), max_size=60),  # PostgreSQL's text never holds NUL
    _JSON.map(json.dumps),
    st.fixed_dictionaries({"seq": st.integers(), "event": st.sampled_from(["hint_asked", "gems_taken", "x"])}).map(
        json.dumps
    ),
    st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=_ROWS)
def test_a_damaged_event_row_is_a_log_error_never_a_crash(store: Store, line: str) -> None:
    number = _started(store)
    TableSink(store, number).append_all((HintAsked(0),))
    _damage(store, number, line)
    try:
        store.table(number)
    except LogError as error:
        assert error.key.startswith("log.")
    else:
        assert json.loads(line)["event"] == "hint_asked"


def _damage(store: Store, number: int, line: str) -> None:
    """Change a stored event by hand, as a host's mistake or a failing disk would."""
    with store._transaction() as db:  # noqa: SLF001 - the test plays the damage
        db.rows("UPDATE events SET line = ? WHERE table_id = ?", (line, number))


def test_registrations_racing_for_names_that_look_alike_take_one(database: Path | str) -> None:
    """Two stores at once (two server processes), twelve people registering names that
    look the same (Latin, Cyrillic and Greek letters): exactly one gets it."""
    stores = [open_store(database), open_store(database)]
    names = ["Ana", "АNA", "Аna", "ANA", "ana", "Αna"] * 2
    random.Random(5).shuffle(names)
    results: list[str | None] = []

    def register(index: int) -> None:
        results.append(stores[index % 2].register(names[index], "hash"))

    threads = [threading.Thread(target=register, args=(i,)) for i in range(len(names))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for opened in stores:
        opened.close()
    assert results.count(None) == 1 and len(results) == len(names)


def test_a_store_made_before_migrations_is_brought_up_to_date(tmp_path: Path) -> None:
    """A server's file from before the schema had migrations (and before accounts had
    name keys): opened, it gains what it lacks and its accounts are found."""
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        """
        CREATE TABLE accounts (name TEXT PRIMARY KEY COLLATE NOCASE, password TEXT);
        CREATE TABLE account_keys (name TEXT NOT NULL COLLATE NOCASE, key TEXT NOT NULL, PRIMARY KEY (name, key));
        CREATE TABLE game_tables (id INTEGER PRIMARY KEY, plan TEXT NOT NULL, header TEXT,
                                  over INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE events (table_id INTEGER NOT NULL REFERENCES game_tables (id), seq INTEGER NOT NULL,
                             line TEXT NOT NULL, PRIMARY KEY (table_id, seq));
        INSERT INTO accounts VALUES ('Zoë', 'hash');
        INSERT INTO game_tables (plan) VALUES ('{"creator": "Zoë", "seats": []}');
        """
    )
    old.close()
    store = open_store(path)
    assert store.migrations() == [m.number for m in MIGRATIONS]
    account = store.account("ZOË")
    assert account is not None and account.name == "Zoë"
    assert store.register("ZOË", "x") == "Zoë"
    assert store.unfinished() == [1]
    store.close()


def test_a_postgresql_address_is_never_shown_with_its_password(postgres: Postgres) -> None:
    from splendor_a11y.serve.postgres import PostgresStore
    from splendor_a11y.serve.stores import shown_address

    url = postgres.new_database().replace("postgres@", "postgres:s3cret-words@")
    assert shown_address(url) == url.replace(":s3cret-words", "")
    store = PostgresStore(url)
    assert "s3cret" not in store.where
    store.close()


def test_a_plan_is_changed_only_if_nobody_changed_it_since_it_was_read(store: Store) -> None:
    number = store.new_table(PLAN)
    read = store.table(number).kept_plan
    assert store.save_plan(number, {**PLAN, "creator": "Ben"}, was=read)
    assert not store.save_plan(number, {**PLAN, "creator": "Cy"}, was=read)
    assert store.table(number).plan["creator"] == "Ben"
    again = store.table(number).kept_plan
    assert not store.start_table(number, HEADER, PLAN, was=read)
    assert store.start_table(number, HEADER, PLAN, was=again)
    assert not store.start_table(number, HEADER, PLAN)
    assert store.progress() == {number: (store.table(number).kept_plan, 0)}


def test_who_is_connected_where_is_kept_while_their_process_lives(store: Store) -> None:
    store.here("Ana", "p1", "", 100)
    store.here("Ben", "p2", "table 3", 100)
    store.here("ana", "p2", "watching 3", 101)
    assert store.people(90) == [("ana", "p2", "watching 3"), ("Ben", "p2", "table 3")]
    store.gone("Ana", "p1")
    assert len(store.people(90)) == 2
    store.still_here("p2", 200)
    store.here("Cy", "p1", "", 150)
    assert [name for name, _process, _place in store.people(190)] == ["ana", "Ben"]
    store.gone("Ben", "p2")
    assert [name for name, _process, _place in store.people(0)] == ["ana", "Cy"]
