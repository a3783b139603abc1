"""The one base class for every failure a player or a program can be told about.

Each layer raises its own subclass (notation, rules, log, usage); the command line
catches ``SplendorError`` once and turns it into a sentence, so no traceback ever
reaches a player.
"""

from __future__ import annotations

__all__ = ["SplendorError", "Stopped"]


class SplendorError(Exception):
    """Base of every expected, user-facing failure."""


class Stopped(SystemExit):
    """The process was told to stop by a signal (SIGTERM, SIGHUP, SIGQUIT, or Ctrl-\\ at
    the prompt). A SystemExit, so it unwinds through every ``finally`` (the terminal
    leaves raw mode, the log is closed) and through prompt_toolkit's event loop."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(128 + signum)
