"""The unfinished games in the games folder, for ``resume`` without a file: newest
first, each said as its players, when it was last played and its round, so a player
can choose one by its number."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.engine import GameEnded
from splendor_a11y.play.table import said_bots
from splendor_a11y.record import read_log, replay
from splendor_a11y.text.messages import join_words, text

__all__ = ["MOST_LISTED", "Unfinished", "choice", "unfinished_games"]

MOST_LISTED = 9
"""The newest unfinished games offered: few enough to hear, one digit each."""


@dataclass(frozen=True, slots=True)
class Unfinished:
    """One unfinished game: its log, its players, when it was last played, its round."""

    path: Path
    players: tuple[str, ...]
    played: datetime
    round: int

    def said(self, number: int) -> str:
        """``1: Ana and Medium bot, last played 2026-11-27 01:23, round 2``."""
        return text(
            "resume.game",
            number=number,
            players=join_words(list(self.players)),
            date=self.played.strftime("%Y-%m-%d %H:%M"),
            round=self.round,
        )


def unfinished_games(folder: Path) -> list[Unfinished]:
    """The newest unfinished games in a folder (a log that cannot be read is passed over:
    it is not a game that can be resumed)."""
    try:
        paths = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    found: list[Unfinished] = []
    for path in paths:
        game = _unfinished(path)
        if game is not None:
            found.append(game)
            if len(found) == MOST_LISTED:
                break
    return found


def _unfinished(path: Path) -> Unfinished | None:
    try:
        log = read_log(path)
        if log.events and isinstance(log.events[-1], GameEnded):
            return None
        log.header = said_bots(log.header)
        state = replay(log)[-1]
        played = datetime.fromtimestamp(path.stat().st_mtime)
    except (SplendorError, OSError):
        return None
    if state.is_over:
        return None
    return Unfinished(path, tuple(player.name for player in state.players), played, state.round)


def choice(games: list[Unfinished], answer: str) -> Unfinished | None:
    """The game an answer chooses: its number, or Enter for the newest; None when the
    answer is neither."""
    typed = answer.strip()
    if not typed:
        return games[0]
    if typed.isdecimal() and typed.isascii() and 1 <= int(typed) <= len(games):
        return games[int(typed) - 1]
    return None
