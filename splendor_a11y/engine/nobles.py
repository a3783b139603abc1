"""What a change of a player's bonuses does for the nobles: those it makes visit, and the
one it brings nearest. A purchase's hint and a module's hints for its own commands say
the same of the nobles, so they reckon it here, once, and find here the phrases that
say it (a catalogue key and its facts: the words are the narrator's)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from splendor_a11y.domain.cards import Noble
from splendor_a11y.domain.notation import GemCounts
from splendor_a11y.engine.phrase import Choice, Counted, Phrase

__all__ = ["NEAR_NOBLE", "NobleOutlook", "bonuses_missing", "noble_outlook", "nobles_completed"]

NEAR_NOBLE = 3
"""A noble this many bonuses away or nearer is worth naming in a hint."""


def bonuses_missing(noble: Noble, bonuses: Sequence[int]) -> int:
    """How many more bonuses the noble asks of a player holding ``bonuses`` (five colour
    counts at least). Counted colour by colour, with no counts made on the way: the
    bots' judgement asks this of every noble at every position a search judges."""
    requirement = noble.requirement
    missing = 0
    for colour in range(5):
        lack = requirement[colour] - bonuses[colour]
        if lack > 0:
            missing += lack
    return missing


def nobles_completed(nobles: Iterable[Noble | None], before: GemCounts, after: GemCounts) -> tuple[Noble, ...]:
    """The nobles, in their order, that bonuses ``after`` qualify for and ``before`` did
    not: two or more, and the player chooses which visits."""
    return tuple(
        noble
        for noble in nobles
        if noble is not None and bonuses_missing(noble, before) > 0 and bonuses_missing(noble, after) == 0
    )


def _nearest_noble(nobles: Iterable[Noble | None], before: GemCounts, after: GemCounts) -> tuple[Noble, int] | None:
    """The noble bonuses ``after`` bring nearest of those they bring nearer than ``before``
    (the first in order of those as near), with the bonuses it still asks (0: it visits),
    when within ``NEAR_NOBLE``. The first noble brought nearer was once said: ``the noble
    3 4d 4s is then 3 bonuses away`` where the same card left 3 3d 3s 3e one away."""
    nearer = [
        (missing, order, noble)
        for order, noble in enumerate(nobles)
        if noble is not None and (missing := bonuses_missing(noble, after)) < bonuses_missing(noble, before)
    ]
    if not nearer:
        return None
    missing, _, noble = min(nearer, key=lambda found: found[:2])
    return (noble, missing) if missing <= NEAR_NOBLE else None


@dataclass(frozen=True, slots=True)
class NobleOutlook:
    """What a change of bonuses does for the nobles, as a hint tells it: the nobles it
    completes (two or more: the player chooses which visits), else the noble it brings
    nearest within ``NEAR_NOBLE`` and the bonuses that noble still asks; nothing when it
    brings none near."""

    completed: tuple[Noble, ...] = ()
    nearest: Noble | None = None
    missing: int = 0

    def gift(self) -> Phrase | None:
        """The nobles completed, as a hint names what a move gives: ``a noble at once,
        your choice of ...`` of two or more, ``the noble ... at once`` of one; None when
        it completes none. A purchase's hint and a module's hints put it in their own
        sentences, and had each worded it in a copy of their own."""
        if len(self.completed) > 1:
            return Phrase("hint.noble_choice", {"nobles": Choice(self.completed)})
        if self.completed:
            return Phrase("hint.noble_now", {"noble": self.completed[0]})
        return None

    def nearness(self) -> Phrase | None:
        """The noble brought nearest, as the clause said after what a move gives (``; the
        noble ... is then 2 bonuses away``); None when a noble is completed or none is
        brought near."""
        if self.completed or self.nearest is None:
            return None
        return Phrase("hint.noble_near", {"noble": self.nearest, "missing": Counted("hint.bonuses", self.missing)})


def noble_outlook(nobles: Iterable[Noble | None], before: GemCounts, after: GemCounts) -> NobleOutlook:
    """What bonuses ``after`` do for the nobles that ``before`` did not (``NobleOutlook``):
    a purchase's hint and a module's hints for its own commands say it in the same
    order: the choice, then at once, then how near."""
    nobles = tuple(nobles)
    completed = nobles_completed(nobles, before, after)
    if completed:
        return NobleOutlook(completed=completed)
    near = _nearest_noble(nobles, before, after)
    return NobleOutlook() if near is None else NobleOutlook(nearest=near[0], missing=near[1])
