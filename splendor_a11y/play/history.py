"""The review buffer of announcements: repeat, older, newer, the last few."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["History"]


@dataclass
class History:
    """The review buffer: every announcement, with a cursor for older and newer.

    speech-dispatcher keeps no history of its own, so the game keeps one.
    """

    lines: list[str] = field(default_factory=list)
    cursor: int = 0

    def add(self, line: str) -> None:
        """Remember a line; reviewing starts again from the newest."""
        self.lines.append(line)
        self.cursor = len(self.lines) - 1

    def last(self) -> str | None:
        """The newest line."""
        return self.lines[-1] if self.lines else None

    def older(self) -> tuple[str, bool] | None:
        """One line further back, and whether it was already the oldest (the cursor
        stops there)."""
        if not self.lines:
            return None
        stopped = self.cursor == 0
        self.cursor = max(0, self.cursor - 1)
        return self.lines[self.cursor], stopped

    def newer(self) -> tuple[str, bool] | None:
        """One line forward, and whether it was already the newest (the cursor stops there)."""
        if not self.lines:
            return None
        stopped = self.cursor >= len(self.lines) - 1
        self.cursor = min(len(self.lines) - 1, self.cursor + 1)
        return self.lines[self.cursor], stopped

    def recent(self, count: int) -> list[str]:
        """The last ``count`` lines, oldest first."""
        return self.lines[-count:] if count > 0 else []
