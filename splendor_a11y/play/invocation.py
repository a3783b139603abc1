"""How the player runs this program again, written as it works for them when typed.

The game tells the player what to type to go on later (``… resume FILE``) or to start
(``… play``). After the README's install the program is ``.venv/bin/splendor-a11y``,
not a name on the PATH: telling them ``splendor-a11y`` would be "command not found".
So the command is said the way this very run was started: by its name when it was found
on the PATH, by the path the player typed, or through Python (``python3 -m
splendor_a11y``).
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["NAME", "program", "typed"]

NAME = "splendor-a11y"


def program(argv0: str | None = None, python: str | None = None) -> str:
    """The command that runs this program, as this run was started (``sys.argv[0]``,
    unless given): its name, the path typed, or ``PYTHON -m splendor_a11y``. Run inside
    another program (a test runner calling ``main``), it is the program's name."""
    started = sys.argv[0] if argv0 is None and sys.argv else (argv0 or "")
    launched = Path(started)
    if launched.name == "__main__.py" and launched.parent.name == "splendor_a11y":
        return f"{typed(python or sys.executable)} -m splendor_a11y"
    if not launched.name.startswith(NAME) or "/" not in started.replace("\\", "/"):
        return NAME
    return typed(started)


def typed(word: str) -> str:
    """A path as a shell takes it, on Linux, macOS and Windows alike: in double quotes
    when it holds a space."""
    return f'"{word}"' if any(ch.isspace() for ch in word) else word
