"""The server's store under load and by hand: many logins at once, a second server on the
same file, a table damaged in the database, two writers on one table.

A real server in a subprocess over a real SQLite file; real SSH and telnet clients.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from splendor_a11y.engine import HintAsked
from splendor_a11y.record import SaveError, read_log
from splendor_a11y.serve.sqlite import SqliteStore
from splendor_a11y.serve.store import TableSink

from server_helpers import QUICK_THOUGHT, Player, Server, free_port, play_a_little, telnet_login

REGISTERING = 20


def run(coroutine: object) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 120))  # type: ignore[arg-type]


def test_twenty_new_players_registering_at_once_all_get_in(tmp_path: Path) -> None:
    server = Server(tmp_path, "--login-timeout", "30")
    server.start()

    async def register(number: int) -> str:
        player = Player(
            server.port, f"New{number}", f"new-player-{number}-words", address=f"127.0.{number // 4}.{number % 4 + 2}"
        )
        await player.connect()
        found = await player.expect(rf"Welcome, New{number}\.", timeout=60)
        await player.close()
        return found.group(0)

    async def everyone() -> list[str | BaseException]:
        return await asyncio.gather(*(register(n) for n in range(REGISTERING)), return_exceptions=True)

    try:
        welcomed = asyncio.run(asyncio.wait_for(everyone(), 120))
    finally:
        printed = server.stop()
    assert [w for w in welcomed if isinstance(w, BaseException)] == []
    assert "Traceback" not in printed and "SaveError" not in printed
    store = SqliteStore(tmp_path / "server.sqlite3")
    assert all(store.account(f"new{n}") is not None for n in range(REGISTERING))
    store.close()


def _serve_again(home: Path) -> subprocess.CompletedProcess[str]:
    import os

    environment = {**os.environ, "SPLENDOR_A11Y_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "serve", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=30,
        env=environment,
    )


def test_a_second_server_on_the_same_database_says_so_and_writes_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    database = tmp_path / "server.sqlite3"
    try:
        before = {path.name: path.read_bytes() for path in tmp_path.glob("server.sqlite3*")}
        second = _serve_again(tmp_path)
        after = {path.name: path.read_bytes() for path in tmp_path.glob("server.sqlite3*")}
    finally:
        server.stop()
    assert second.returncode == 1
    assert second.stderr.strip() == (
        f"Another server is already running over {database}; stop it first, "
        "or give this one its own database with --db."
    )
    assert before == after


def test_a_table_damaged_in_the_database_is_set_aside_and_the_others_play_on(tmp_path: Path) -> None:
    server = Server(tmp_path, *QUICK_THOUGHT)
    server.start()
    play_a_little(server.telnet, "Ana")
    play_a_little(server.telnet, "Ben")
    server.stop()
    database = tmp_path / "server.sqlite3"
    with sqlite3.connect(database) as db:
        (line,) = db.execute("SELECT line FROM events WHERE table_id = 1 AND seq = 2").fetchone()
        event = json.loads(line)
        event["player"] = 1 - event["player"]
        db.execute("UPDATE events SET line = ? WHERE table_id = 1 AND seq = 2", (json.dumps(event),))
    again = Server(tmp_path, *QUICK_THOUGHT)
    again.start()
    try:
        assert "Tables set back where they were: 1." in again.output
        assert [line for line in again.output if line.startswith("Table 1 is set aside, its game kept as it was: ")]
        ben = telnet_login(again.telnet, "Ben")
        ben.expect(r"Welcome back to table 2")
        ben.expect(r"Your turn\.")
        # A move the random bot's answer cannot have made illegal: it may have emptied
        # the supply of a colour, but Ben's hand is empty, so a reservation stands.
        ben.send("reserve a1")
        ben.expect(r"You reserve")
        ben.close()
    finally:
        again.stop()
    with sqlite3.connect(database) as db:
        (kept,) = db.execute("SELECT line FROM events WHERE table_id = 1 AND seq = 2").fetchone()
    assert json.loads(kept) == event
    exported = subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "export", "1", str(tmp_path / "t1.jsonl"), "--db", str(database)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert exported.returncode == 0
    assert json.loads((tmp_path / "t1.jsonl").read_text().splitlines()[2])["player"] == event["player"]
    with sqlite3.connect(database) as db:
        # The line damaged above, which surely exists: the random bot's answer after it
        # may not have been stored before Ana quit, on a busy machine.
        db.execute("UPDATE events SET line = '{not json' WHERE table_id = 1 AND seq = 2")
    raw = subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "export", "1", str(tmp_path / "raw.jsonl"), "--db", str(database)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert raw.returncode == 1
    assert raw.stderr.startswith("Table 1's game does not replay (table 1: line 3: the line is not valid JSON)")
    assert (tmp_path / "raw.jsonl").read_text().splitlines()[2] == "{not json"


def test_a_second_writer_cannot_interleave_a_table(tmp_path: Path) -> None:
    server = Server(tmp_path, *QUICK_THOUGHT)
    server.start()
    play_a_little(server.telnet, "Cy")
    server.stop()
    store = SqliteStore(tmp_path / "server.sqlite3")
    events = len(store.table(1).events)
    stale = TableSink(store, 1, events - 1)
    with pytest.raises(SaveError):
        stale.append_all((HintAsked(0),))
    assert len(store.table(1).events) == events
    TableSink(store, 1, events).append_all((HintAsked(0),))
    assert len(store.table(1).events) == events + 1
    store.close()
    path = tmp_path / "t.jsonl"
    subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "export", "1", str(path), "--db", str(tmp_path / "server.sqlite3")],
        check=True,
        capture_output=True,
        timeout=30,
    )
    assert len(read_log(path).events) == events + 1


def test_a_game_everyone_left_is_closed_kept_and_exportable(tmp_path: Path) -> None:
    server = Server(tmp_path, *QUICK_THOUGHT, "--close-after", "1")
    server.start()
    try:
        play_a_little(server.telnet, "Ana")
        deadline = time.monotonic() + 15
        while "Table 1 is closed" not in server.printed and time.monotonic() < deadline:
            time.sleep(0.2)
        assert (
            "Table 1 is closed: all its players were away too long. Its game is kept; splendor-a11y export 1 writes it."
        ) in server.printed
        ana = telnet_login(server.telnet, "Ana")
        ana.expect(r"Welcome, Ana\. Tables: 0")
        ana.close()
    finally:
        server.stop()
    again = Server(tmp_path)
    again.start()
    again.stop()
    assert not [line for line in again.output if line.startswith("Tables set back")]
    path = tmp_path / "closed.jsonl"
    subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "export", "1", str(path), "--db", str(tmp_path / "server.sqlite3")],
        check=True,
        capture_output=True,
        timeout=30,
    )
    assert len(read_log(path).events) >= 3
