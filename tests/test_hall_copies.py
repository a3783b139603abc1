"""A server process's copy of a table, read from the database (at a start, or after
another process changed it), whatever the database holds: a plan changed by hand into
anything is set aside or left as it was, never a crash. A real SQLite file."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splendor_a11y.record import LogHeader, PlayerEntry
from splendor_a11y.serve import tables
from splendor_a11y.serve.hall import Hall
from splendor_a11y.serve.sharing import refresh_table
from splendor_a11y.serve.sqlite import SqliteStore

HEADER = LogHeader(players=(PlayerEntry("Ana"), PlayerEntry("Ben")), seed=3)
COMPUTER_FIRST = 1
"""A seed whose deal gives the first turn to the first seat."""
PLAN = {"creator": "Ana", "modules": [], "seats": [{"name": "Ana"}, {"name": None}]}
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["seats", "creator", "modules", "name", "level", "stand_in", "heard", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


def _damage(store: SqliteStore, number: int, plan: Any) -> None:
    with store._transaction() as db:  # noqa: SLF001 - the test plays the damage
        db.rows("UPDATE game_tables SET plan = ? WHERE id = ?", (json.dumps(plan), number))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON, st.booleans())
def test_any_plan_a_process_reads_is_set_aside_or_kept_never_a_crash(plan: Any, started: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "server.sqlite3")
        try:
            number = store.new_table(PLAN)
            if started:
                store.start_table(number, HEADER, {**PLAN, "seats": [{"name": "Ana"}, {"name": "Ben"}]})
            hall = Hall(store)
            assert hall.restore() == 1
            _damage(store, number, plan)
            refresh_table(hall, number)
            again = Hall(store)
            again.restore()
            assert number in again.tables or number in again.set_aside
        finally:
            store.close()


@pytest.mark.parametrize("dealt", [True, False], ids=["dealt", "stopped before the deal"])
def test_a_game_begun_at_another_process_is_played_on_by_the_process_that_runs_it(
    dealt: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ben's process starts the table and deals (or stops before it); the process that
    runs the table (Ana's) reads the header and the deal at one look, as a notice can
    find them, and its computer, first to play, plays its move there (after its deal)."""
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "server.sqlite3")
        try:
            monkeypatch.setattr(tables, "_seed", lambda: COMPUTER_FIRST)
            seats = [{"level": "easy"}, {"name": "Ana"}, {"name": "Ben"}]
            number = store.new_table({"creator": "Ana", "modules": [], "seats": seats})
            runs, starts = Hall(store), Hall(store)
            runs.restore(), starts.restore()
            elsewhere = starts.tables[number]
            elsewhere.owned = False
            assert elsewhere.start(store)
            if dealt:
                elsewhere.play_what_follows()

            async def heard_at_the_running_process() -> int:
                refresh_table(runs, number)
                assert runs.tables[number].table.state.current == 0  # type: ignore[union-attr]
                for _ in range(200):
                    if runs.tables[number].table.events_so_far > 1:  # type: ignore[union-attr]
                        break
                    await asyncio.sleep(0.05)
                return len(store.table(number).log().events)

            assert asyncio.run(heard_at_the_running_process()) >= 2, "the computer never played its first move"
        finally:
            store.close()
