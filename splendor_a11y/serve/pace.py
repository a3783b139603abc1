"""A pace a connection may keep: so many things at once, then so many a second.

Used for keys and for lines: a person never reaches it, a flood is slowed to it (never
dropped), so that one connection cannot take the server's time from everyone else.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["Pace"]


class Pace:
    """A token bucket: ``burst`` at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._tokens = burst
        self._at = clock()

    def spend(self, count: float = 1) -> float:
        """Spend ``count``; the seconds to wait before going on (0 within the pace)."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate) - count
        self._at = now
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate
