"""The server over PostgreSQL, as a host runs it: ``serve --db postgresql://...`` in a
subprocess, a real telnet client, a real PostgreSQL started for the tests (skipped, with
the reason, where it cannot start)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pg_helpers import Postgres

from server_helpers import QUICK_THOUGHT, Server, exported, free_port, play_a_little


def _serve(home: Path, url: str) -> subprocess.CompletedProcess[str]:
    """A server started by hand, expected to stop at once (refused)."""
    return subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "serve", "--port", str(free_port()), "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SPLENDOR_A11Y_HOME": str(home)},
        check=False,
    )


def test_a_game_at_a_server_over_postgresql_is_kept_set_back_and_exported(tmp_path: Path, postgres: Postgres) -> None:
    url = postgres.new_database()
    server = Server(tmp_path, "--db", url, *QUICK_THOUGHT)
    server.start()
    try:
        play_a_little(server.telnet, "Ana")
    finally:
        printed = server.stop()
    assert "Traceback" not in printed
    again = Server(tmp_path, "--db", url)
    again.start()
    again.stop()
    assert "Tables set back where they were: 1." in again.output
    log = exported(tmp_path, url)
    assert [p.name for p in log.header.players][0] == "Ana" and len(log.events) >= 2


def test_a_database_that_cannot_be_reached_is_one_sentence_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql://host:s3cret@127.0.0.1:{free_port()}/splendor"
    refused = _serve(tmp_path, url)
    assert refused.returncode == 1
    assert "Traceback" not in refused.stderr and "s3cret" not in refused.stderr + refused.stdout
    line = refused.stderr.strip()
    assert line.startswith(f"Cannot open the database postgresql://host@127.0.0.1:{url.rsplit(':', 1)[1]}: ")
    assert len(line.splitlines()) == 1
