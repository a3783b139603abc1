"""Recorded games: what the player hears of a fixed set of seeded computer games, every
module combination, and what every replay of their logs says, kept in ``tests/golden``.

The code may be reshaped freely; these recordings say that players hear no difference.
``python tests/golden_games.py`` records them again, after a change that is meant to be
heard (then read the diff before committing it).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "golden"

GAMES: dict[str, tuple[str, ...]] = {
    "base-2": ("--players", "bot:medium,bot:easy", "--seed", "101"),
    "base-4": ("--players", "bot:medium,bot:easy,bot:random,bot:medium", "--seed", "102"),
    "base-hard": ("--players", "bot:hard,bot:medium", "--seed", "103", "--think", "fixed"),
    "orient-2": ("--players", "bot:medium,bot:easy", "--seed", "104", "--module", "orient"),
    "orient-3": ("--players", "bot:medium,bot:random,bot:easy", "--seed", "105", "--module", "orient"),
    "strongholds-2": ("--players", "bot:medium,bot:easy", "--seed", "106", "--module", "strongholds"),
    "strongholds-3": ("--players", "bot:easy,bot:medium,bot:medium", "--seed", "107", "--module", "strongholds"),
    "both-2": ("--players", "bot:medium,bot:medium", "--seed", "108", "--module", "orient", "--module", "strongholds"),
    "both-4": (
        "--players",
        "bot:medium,bot:easy,bot:random,bot:easy",
        "--seed",
        "109",
        "--module",
        "orient",
        "--module",
        "strongholds",
    ),
    "tradingposts-2": ("--players", "bot:medium,bot:easy", "--seed", "112", "--module", "tradingposts"),
    "all-3": (
        "--players",
        "bot:medium,bot:easy,bot:medium",
        "--seed",
        "113",
        "--module",
        "orient",
        "--module",
        "strongholds",
        "--module",
        "tradingposts",
    ),
    "fr-tradingposts-2": (
        "--players",
        "bot:medium,bot:medium",
        "--seed",
        "114",
        "--module",
        "tradingposts",
        "--module",
        "orient",
    ),
    "fr-base-hard": ("--players", "bot:hard,bot:medium,bot:easy", "--seed", "110", "--think", "fixed"),
    "fr-both-3": (
        "--players",
        "bot:medium,bot:easy,bot:medium",
        "--seed",
        "111",
        "--module",
        "orient",
        "--module",
        "strongholds",
    ),
}
LANGUAGE_OF = {"fr-base-hard": "fr", "fr-both-3": "fr", "fr-tradingposts-2": "fr"}
"""The games recorded in another language than English: every call speaks it."""


def _run(argv: list[str]) -> str:
    from splendor_a11y.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        sys.stdin = old_stdin
    return f"exit {status}\n{out.getvalue()}{err.getvalue()}"


def record(name: str) -> str:
    """Everything said about one game: its play, its replays, its final state."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "game.jsonl"
        spoken = ["--lang", LANGUAGE_OF[name]] if name in LANGUAGE_OF else []
        parts = [("play", _run(["play", *spoken, *GAMES[name], "--log", str(log), "--speech", "off"]))]
        first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["players"][0]["name"]
        for option in (
            ["--transcript"],
            ["--summary"],
            ["--transcript", "--verbosity", "words"],
            ["--transcript", "--as", first],
            ["--summary", "--as", first],
            ["--verify"],
            ["--state-json"],
            ["--state-json", "--at", "20"],
        ):
            parts.append((" ".join(option), _run(["replay", *spoken, str(log), *option])))
        parts.append(("log", log.read_text(encoding="utf-8")))
        text = "".join(f"==== {title}\n{body}" for title, body in parts)
        return text.replace(str(log), "GAME.jsonl")


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name in GAMES:
        (FOLDER / f"{name}.txt").write_text(record(name), encoding="utf-8")
        print(f"recorded {name}")


if __name__ == "__main__":
    main()
