"""The numbers of the rules, defined once.

Every rule that counts (points to win, the token and hand limits, the supply) reads
them from the ``Rules`` a game's state carries, so a module that changes one (the
Cities of Splendor's cities change the points to win) gives its own ``Rules`` and no
other code changes.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RULES", "Rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules' numbers, as the 2024 English rules give them."""

    points_to_win: int = 15
    """A player with this many points ends the game at the end of the round."""
    token_limit: int = 10
    """Tokens a player may hold at the end of a turn; the excess is returned."""
    hand_limit: int = 3
    """Reserved cards a player may hold."""
    gold_tokens: int = 5
    take_two_minimum: int = 4
    """Two gems of one colour may be taken only from a pile of at least this many."""
    gems_by_players: tuple[int, int, int] = (4, 5, 7)
    """Gems of each colour in the supply for 2, 3 and 4 players."""
    min_players: int = 2
    max_players: int = 4

    def gems_per_colour(self, players: int) -> int:
        """Gems of each colour in the supply for a number of players."""
        return self.gems_by_players[players - self.min_players]

    def nobles_for(self, players: int) -> int:
        """Nobles revealed: one more than the players."""
        return players + 1


RULES = Rules()
"""The base game's rules."""
