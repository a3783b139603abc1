"""How many connections the server takes: a few per address, and a limit in all."""

from __future__ import annotations

from collections import Counter

__all__ = ["Gate"]


class Gate:
    """Counts open connections per address and in all."""

    def __init__(self, total: int = 200, per_address: int = 4) -> None:
        self.total = total
        self.per_address = per_address
        self._open: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        """Count a new connection; False (and not counted) when it is one too many."""
        if self._open[address] >= self.per_address or sum(self._open.values()) >= self.total:
            return False
        self._open[address] += 1
        return True

    def leave(self, address: str) -> None:
        """A counted connection closed."""
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]
