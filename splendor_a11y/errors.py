"""The one base class for every failure a player or a program can be told about.

Each layer raises its own subclass (notation, rules, log, usage); the command line
catches ``SplendorError`` once and turns it into a sentence, so no traceback ever
reaches a player.
"""

from __future__ import annotations

__all__ = ["SplendorError"]


class SplendorError(Exception):
    """Base of every expected, user-facing failure."""
