"""The other server processes over the same database, as one process sees them.

Over PostgreSQL any number of server processes share the accounts and the tables. Each
keeps, in the database, who is connected to it and where they are (so that ``who``
and ``tell`` reach everyone), says it is alive every few seconds (a process killed
stops saying so, and its people are no longer counted), and passes to the others what
is said to people connected there: a table's news, ``say`` and ``tell``. Over SQLite,
one process has the database to itself and has no neighbours: every method here does
nothing, and nothing else changes.

A line passed on is a ``Notice``, a catalogue key and its values, so that each listener
hears it in their own language, whatever the language of the process that sent it.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from splendor_a11y.serve.names import name_key
from splendor_a11y.serve.store import Store
from splendor_a11y.text.messages import text

__all__ = ["ALIVE_EVERY", "Neighbours", "Notice"]

ALIVE_EVERY = 2.0
"""Seconds between a process's signs of life (and its look for tables to take over)."""
GONE_AFTER = 10
"""Seconds without a sign of life after which a process's people are no longer counted."""

Value = str | int
SPOKEN_KEYS = ("server.", "level.")
"""The catalogue's lines one process may ask another to tell: the server's sentences,
and the computer levels' names inside them."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A line of the server's catalogue with its values, made in the listener's
    language when told; a value may itself be such a line (a level's name)."""

    key: str
    values: tuple[tuple[str, Value | Notice], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Value | Notice) -> Notice:
        """``Notice.of("server.back", name="Ana")``."""
        return cls(key, tuple(values.items()))

    def __call__(self) -> str:
        return text(self.key, **{name: value() if isinstance(value, Notice) else value for name, value in self.values})

    def to_json(self) -> dict[str, Any]:
        """The notice as it travels to another process."""
        values = {name: value.to_json() if isinstance(value, Notice) else value for name, value in self.values}
        return {"key": self.key, "values": values}

    @classmethod
    def from_json(cls, data: object) -> Notice | None:
        """A notice as another process sent it; None when it is not one: only a line
        of the server's own catalogue, with the values it names, plain words or
        numbers, is told (it is made once here, to be sure it can be)."""
        notice = cls._read(data, 0)
        if notice is None or not notice.key.startswith("server."):
            return None
        try:
            notice()
        except (KeyError, ValueError, IndexError, TypeError, AttributeError):
            return None
        return notice

    @classmethod
    def _read(cls, data: object, depth: int) -> Notice | None:
        if depth > 2 or not isinstance(data, dict):
            return None
        key, values = data.get("key"), data.get("values")
        if not isinstance(key, str) or not key.startswith(SPOKEN_KEYS) or not isinstance(values, dict):
            return None
        kept: list[tuple[str, Value | Notice]] = []
        for name, value in values.items():
            inner = cls._read(value, depth + 1) if isinstance(value, dict) else value
            if not isinstance(name, str) or not isinstance(inner, (str, int, Notice)) or isinstance(inner, bool):
                return None
            kept.append((name, inner))
        return cls(key, tuple(kept))


class Neighbours:
    """This process among the others over a shared store (none over one that is not)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.shared = store.shared
        self.process = secrets.token_hex(6)
        """This process's name among the others, new at each start."""
        self.clock = clock

    def _now(self) -> int:
        return int(self.clock())

    def here(self, name: str, place: str = "") -> None:
        """A person connected here is at ``place`` (``""``: the lobby, ``"table 3"``,
        ``"watching 3"``)."""
        if self.shared:
            self.store.here(name, self.process, place, self._now())

    def gone(self, name: str) -> None:
        """A person's connection here ended."""
        if self.shared:
            self.store.gone(name, self.process)

    def alive(self) -> None:
        """This process and its people are still here."""
        if self.shared:
            self.store.still_here(self.process, self._now())

    def elsewhere(self) -> list[tuple[str, str]]:
        """The people connected to the other processes still alive: name and place."""
        if not self.shared:
            return []
        since = self._now() - GONE_AFTER
        return [(name, place) for name, process, place in self.store.people(since) if process != self.process]

    def found(self, name: str) -> tuple[str, str] | None:
        """A person connected to another process (any spelling of their name): their
        name as registered and where they are; None when they are not."""
        key = name_key(name)
        return next(((other, place) for other, place in self.elsewhere() if name_key(other) == key), None)

    def place_of(self, name: str) -> str | None:
        """Where a person connected to another process is; None when they are not."""
        found = self.found(name)
        return found[1] if found is not None else None

    def send(self, **message: Any) -> None:
        """A message to the other processes (this one ignores its own)."""
        if self.shared:
            self.store.tell_processes({"from": self.process, **message})

    def mine(self, message: dict[str, Any]) -> bool:
        """Whether a message heard is this process's own."""
        return message.get("from") == self.process
