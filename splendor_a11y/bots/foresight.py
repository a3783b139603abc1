"""How well each way of answering the hard bot's search imagines (``plan.ANSWERS``) has
foreseen the opponents at this table, and how its deals are shared out among them.

The search cannot know how a person will answer, but it sees how they have answered: after
each action a player makes, every imagined way of choosing is asked what it would have
played there, and those that named the move are counted (``foreseen``). The search then
deals each way in proportion to the square of one more than its count (``Foresight``), so
that against a player who plays like the medium bot most deals imagine medium's answers,
and against one who races to fifteen most imagine the racer's, while every way keeps some
deals. Imagined one deal each in turn, the three ways cost games against medium (85 of 100
where two ways won 91); shared by this count, the bot won 90 of 100 against medium and 55
of 100 against the hard bot of before issue 52 (where two ways won 50), but 58 of 100
against the rival, whose moves each way names only about one time in four, so that its
deals are shared almost evenly there (docs/bot-lab.md, "Kept: the search imagining
most the answers that have foreseen its opponents").

The count is a function of the game's moves alone: each move is asked from the position as
everyone at the table knew it (no one's blind reservations; ``SPECTATOR``), on one deal
seeded by the game, so that a game replays the same, a resumed game goes on as it would
have, and no player's secret reaches another seat's bot. The table (``play``) and the
benchmarks' arena keep it the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields, replace

from splendor_a11y.bots.plan import ANSWERS, Answer
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import (
    SPECTATOR,
    CardBought,
    CardReserved,
    Command,
    Event,
    GameState,
    GemsTaken,
    IllegalAction,
    Passed,
    Phase,
    SeatView,
    action_event,
    determinize,
    view,
)

__all__ = ["Foresight", "Watched", "against", "foreseen", "tallied", "watched_action"]

ACTIONS = (GemsTaken, CardReserved, CardBought, Passed)
"""The events that are a player's action (what they chose on their turn), as against
what follows from it: tokens given back, a noble's visit."""
IMAGINED_FIELDS = ("card", "paid", "discarded")
"""What an imagined answer may tell otherwise than the move made, and still be the same
move: the card a deal imagines drawn blind or held hidden, and how it was paid for."""


@dataclass(frozen=True, slots=True)
class Foresight:
    """How many of the opponents' actions each answer (``plan.ANSWERS``, in order) has
    foreseen, and how many were watched."""

    hits: tuple[int, ...] = (0,) * len(ANSWERS)
    watched: int = 0

    def plus(self, other: Foresight) -> Foresight:
        """This count and another together (two opponents', or a move's more)."""
        return Foresight(tuple(a + b for a, b in zip(self.hits, other.hits, strict=True)), self.watched + other.watched)

    def shares(self) -> tuple[int, ...]:
        """Each answer's weight among the deals: the square of one more than its count, so
        that a way that has foreseen nothing yet keeps a deal now and then, and one that
        foresees most is dealt most."""
        return tuple((hits + 1) ** 2 for hits in self.hits)

    def answers(self) -> Iterator[Answer]:
        """The answers of the search's deals, one a deal, in proportion to their shares and
        spread evenly among them (a smooth weighted round robin): the first deal goes to
        the answer that has foreseen most, the first of them on a tie; with equal counts
        they take turns in order."""
        shares = self.shares()
        total = sum(shares)
        current = [0] * len(shares)
        while True:
            for index, share in enumerate(shares):
                current[index] += share
            chosen = max(range(len(shares)), key=current.__getitem__)
            current[chosen] -= total
            yield ANSWERS[chosen]


@dataclass(frozen=True, slots=True)
class Watched:
    """One action a player made: who made it, the position before it as everyone at the
    table knew it, the action's event, and the seed of the deal it is imagined on."""

    mover: int
    position: SeatView
    made: Event
    seed: str


def watched_action(event: Event, before: GameState, seed: str) -> Watched | None:
    """The action ``event`` is, when it is one made in ``before`` by the player to move;
    None for what follows an action, or anything else."""
    if before.phase is not Phase.ACTION or not isinstance(event, ACTIONS) or event.player != before.current:
        return None
    return Watched(before.current, view(before, SPECTATOR), event, seed)


def foreseen(watched: Watched) -> Foresight:
    """Which answers named the watched action, asked on one deal of the position."""
    imagined = determinize(watched.position, random.Random(watched.seed), standard_cards())
    hits = tuple(int(_names(imagined, answer(imagined), watched.made)) for answer in ANSWERS)
    return Foresight(hits, 1)


def tallied(counts: dict[int, Foresight], moves: Sequence[Watched]) -> dict[int, Foresight]:
    """Each player's count (by seat) with more of their actions watched."""
    counted = dict(counts)
    for move in moves:
        counted[move.mover] = counted.get(move.mover, Foresight()).plus(foreseen(move))
    return counted


def against(counts: dict[int, Foresight], seat: int) -> Foresight:
    """How well each answer foresaw the seat's opponents, all of them together."""
    total = Foresight()
    for mover, count in counts.items():
        if mover != seat:
            total = total.plus(count)
    return total


def _names(imagined: GameState, command: Command, made: Event) -> bool:
    """Whether an imagined answer is the move made: the same action in the same place, the
    cards a deal imagines and the payment aside."""
    try:
        event = action_event(imagined, command)
    except IllegalAction:
        return False
    if type(event) is not type(made):
        return False
    names = {field.name for field in fields(event)}  # type: ignore[arg-type]
    same = {name: getattr(made, name) for name in IMAGINED_FIELDS if name in names}
    return bool(replace(event, **same) == made)  # type: ignore[type-var]
