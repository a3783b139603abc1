"""Where the game keeps its files: the data folder, new game logs, the prompt's history,
the server's database."""

from __future__ import annotations

import os
import time
from pathlib import Path

from splendor_a11y.cli.exits import UsageError
from splendor_a11y.serve.stores import is_address
from splendor_a11y.text.messages import (
    text,
)


def data_folder() -> Path:
    """Where logs and prompt history live: SPLENDOR_A11Y_HOME, or the user data directory."""
    override = os.environ.get("SPLENDOR_A11Y_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("splendor-a11y", appauthor=False))


def new_log_path() -> Path:
    """A new file in the games folder, which must be usable (else the player is asked for
    ``--log``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder = data_folder() / "games"
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK):
            raise PermissionError(13, text("cli.folder_read_only"))
    except (OSError, RuntimeError, KeyError) as error:
        where = locals().get("folder", text("cli.user_data_folder"))
        reason = getattr(error, "strerror", None) or str(error)
        raise UsageError(text("cli.no_games_folder", folder=where, reason=reason)) from None
    path = folder / f"game-{stamp}.jsonl"
    counter = 2
    while path.exists():
        path = folder / f"game-{stamp}-{counter}.jsonl"
        counter += 1
    return path


def history_file() -> Path | None:
    """Where typed lines are kept between games; None (memory only) without a data folder."""
    try:
        return data_folder() / "prompt-history"
    except (OSError, RuntimeError, KeyError):
        return None


def database(given: str) -> Path | str:
    """``--db``: a PostgreSQL database's address as it is, else a file's path."""
    return given if is_address(given) else Path(given)


def server_db(given: Path | str | None) -> Path | str:
    """The server's database: the one named, or ``server.sqlite3`` in the data folder."""
    return given if given is not None else data_folder() / "server.sqlite3"
