"""How many connections the server takes: a few per address, and a limit in all, counted
apart for those still at the door and those logged in.

A connection that has not logged in yet costs its sender nothing, so it is counted on
its own: at most ``per_address`` from one address, and at most ``waiting_total`` in
all, where a new arrival lets go the one waiting longest, once that one has waited
``PATIENCE`` seconds, rather than be refused (a stranger holding the door open from many
addresses cannot keep players out: they would have to keep opening connections faster
than that); while everyone at the door arrived within it (a crowd logging in at once),
the newcomer is told the server is busy and tries again. A login moves a connection to
the people inside, at most ``per_address`` from one address and ``total`` in all
(``--max-connections``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from splendor_a11y.text.messages import text

__all__ = ["Gate", "PATIENCE", "Ticket"]

PATIENCE = 5.0
"""Seconds a connection at the door keeps its place when the door is crowded."""


@dataclass(eq=False)
class Ticket:
    """One connection at the gate: its address, whether it logged in, and how to let it go."""

    address: str
    drop: Callable[[], None] = field(repr=False)
    since: float = 0.0
    inside: bool = False


class Gate:
    """Counts connections at the door and inside, per address and in all."""

    def __init__(
        self,
        total: int = 200,
        per_address: int = 4,
        waiting_total: int = 64,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.per_address = per_address
        self.waiting_total = waiting_total
        self.clock = clock
        self._waiting: dict[Ticket, None] = {}
        self._waiting_from: Counter[str] = Counter()
        self._inside: Counter[str] = Counter()

    def arrive(self, address: str, drop: Callable[[], None]) -> Ticket | None:
        """A new connection at the door; None (not counted) when its address has too many
        there already, or the door is crowded with connections that all came within
        ``PATIENCE`` (``refusal`` says which). When the door is crowded, the connection
        waiting longest is dropped, once it has waited that long."""
        now = self.clock()
        if self._waiting_from[address] >= self.per_address:
            return None
        if len(self._waiting) >= self.waiting_total:
            oldest = next(iter(self._waiting))
            if now - oldest.since < PATIENCE:
                return None
            self.leave(oldest)
            oldest.drop()
        ticket = Ticket(address, drop, now)
        self._waiting[ticket] = None
        self._waiting_from[address] += 1
        return ticket

    def admit(self, ticket: Ticket) -> bool:
        """A connection logged in: counted inside, or False when its address, or the
        server, has as many inside as it takes (it stays at the door)."""
        if ticket.inside:
            return True
        full = self._inside[ticket.address] >= self.per_address or sum(self._inside.values()) >= self.total
        if full or ticket not in self._waiting:
            return False
        self._forget_waiting(ticket)
        self._inside[ticket.address] += 1
        ticket.inside = True
        return True

    def refusal(self, address: str) -> str:
        """Why ``arrive`` refused a connection from ``address``, in one sentence."""
        if self._waiting_from[address] >= self.per_address:
            return text("server.too_many", limit=self.per_address)
        return text("server.busy")

    def inside_refusal(self, ticket: Ticket) -> str:
        """Why ``admit`` refused a connection, in one sentence: its address's limit, or
        the server's."""
        if self._inside[ticket.address] >= self.per_address:
            return text("server.too_many", limit=self.per_address)
        return text("server.no_room", limit=self.total)

    def leave(self, ticket: Ticket) -> None:
        """A counted connection closed (or was dropped); leaving twice counts once."""
        if ticket.inside:
            ticket.inside = False
            self._inside[ticket.address] -= 1
            if self._inside[ticket.address] <= 0:
                del self._inside[ticket.address]
        elif ticket in self._waiting:
            self._forget_waiting(ticket)

    def _forget_waiting(self, ticket: Ticket) -> None:
        del self._waiting[ticket]
        self._waiting_from[ticket.address] -= 1
        if self._waiting_from[ticket.address] <= 0:
            del self._waiting_from[ticket.address]
