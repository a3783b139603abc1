"""What a table's computers know of how its players play: every action made, and how well
each answer the hard bot's search imagines foresaw them (``bots.foresight``).

The table notes each action as its events are folded, which costs next to nothing, and the
counting, a few thousandths of a second a move, is done only when a bot that foresees, or
a hint, first needs it, and off the event loop (by the table's thinkers), so that a table
without the hard bot never pays for it and no person waits on it. A resumed game notes its
past actions the same way, so that its computers go on as they would have.
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor_a11y.bots.foresight import Foresight, Watched, against, tallied, watched_action
from splendor_a11y.engine import Event, GameState
from splendor_a11y.play.thinkers import Thinkers

__all__ = ["Watch"]


class Watch:
    """A table's players' actions, and how well each answer foresaw each player's."""

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self.moves: list[Watched] = []
        """Every action made so far, in order."""
        self._counted: tuple[int, dict[int, Foresight]] = (0, {})
        """How many of ``moves`` are counted, and each player's count (by seat) over those."""

    def saw(self, events: Sequence[Event], befores: Sequence[GameState], first: int) -> None:
        """Note the actions among folded events: ``befores[i]`` is the position before
        ``events[i]``, and ``first`` the number of the first event in the game's log, which
        seeds the deal each action is imagined on."""
        for number, (event, before) in enumerate(zip(events, befores, strict=False), start=first):
            move = watched_action(event, before, f"{self.seed}:foresight:{number}")
            if move is not None:
                self.moves.append(move)

    def foresight_against(self, seat: int) -> Foresight:
        """How well each answer foresaw the seat's opponents in every action so far,
        counted here and now (in a worker thread: the prompt's computers and hints)."""
        upto, counts, pending = self._pending()
        if pending:
            counts = self._keep(upto, tallied(counts, pending))
        return against(counts, seat)

    async def counted_against(self, seat: int, thinkers: Thinkers) -> Foresight:
        """``foresight_against``, counted by ``thinkers``, off the event loop."""
        upto, counts, pending = self._pending()
        if pending:
            counts = self._keep(upto, await thinkers.think(tallied, counts, pending))
        return against(counts, seat)

    def _pending(self) -> tuple[int, dict[int, Foresight], tuple[Watched, ...]]:
        """The actions noted so far, the count kept, and the actions it does not count yet."""
        done, counts = self._counted
        upto = len(self.moves)
        return upto, counts, tuple(self.moves[done:upto])

    def _keep(self, upto: int, counts: dict[int, Foresight]) -> dict[int, Foresight]:
        """Keep a count over the first ``upto`` actions, unless one over more is kept
        already (counted meanwhile for another seat)."""
        if self._counted[0] < upto:
            self._counted = (upto, counts)
        return counts
