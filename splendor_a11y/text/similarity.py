"""How far apart two typed strings are, and the nearest of several, for "did you mean"
suggestions."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["edit_distance", "nearest"]


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance, where swapping two letters anywhere also counts as one edit.

    Swapped letters are the most common slip when typing codes (``c4e 7s`` for
    ``c4s 7e``) and command words (``tkae`` for ``take``).
    """
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    distance = previous[-1]
    if len(a) == len(b):
        differing = [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
        if len(differing) == 2 and a[differing[0]] == b[differing[1]] and a[differing[1]] == b[differing[0]]:
            distance = min(distance, 1)
    return distance


def nearest(typed: str, candidates: Iterable[str], within: int) -> str | None:
    """The candidate fewest edits from ``typed`` (the first of equals), when it is at most
    ``within`` edits away; else None. Each caller sets its own reach: a command word
    forgives more slips than a lobby word, as a longer word holds more."""
    scored = ((edit_distance(typed, candidate), candidate) for candidate in candidates)
    closest = min(scored, key=lambda pair: pair[0], default=None)
    if closest is None or closest[0] > within:
        return None
    return closest[1]
