"""Ctrl-C while the game waits on a computer's move.

The move is thought in a worker thread while the event loop waits. A KeyboardInterrupt
raised into the loop would tear through it, so while a wait is watched, Ctrl-C is only
noted, and the waiting conversation asks whether to quit; elsewhere it interrupts as
usual.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["Interruptions"]


class Interruptions:
    """The SIGINT handler of a game on an event loop, and the waits it watches."""

    def __init__(self) -> None:
        self._event: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pending = False
        self._raise = False

    def install(self) -> None:
        """Take over SIGINT for this process: from now on Ctrl-C is noted, never raised
        into the middle of a move being saved or told."""
        signal.signal(signal.SIGINT, self._handle)

    def _handle(self, _signum: int, _frame: FrameType | None) -> None:
        if self._raise:
            raise KeyboardInterrupt
        event, loop = self._event, self._loop
        if event is not None and loop is not None:
            loop.call_soon_threadsafe(event.set)
        else:
            self._pending = True

    @contextmanager
    def raising(self) -> Iterator[None]:
        """While a line is read from a pipe: Ctrl-C interrupts the read at once, as usual,
        and one that came just before the read (while a line was being told) counts too."""
        if self._pending:
            self._pending = False
            raise KeyboardInterrupt
        self._raise = True
        try:
            yield
        finally:
            self._raise = False

    @contextmanager
    def watching(self) -> Iterator[asyncio.Event]:
        """For the length of a wait on the running loop: an event set by each Ctrl-C,
        already set when one came since the last wait."""
        self._loop = asyncio.get_running_loop()
        self._event = asyncio.Event()
        if self._pending:
            self._pending = False
            self._event.set()
        try:
            yield self._event
        finally:
            self._event = self._loop = None
