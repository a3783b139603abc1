"""Replaying a log: every event judged by the rules, then folded."""

from __future__ import annotations

from splendor_a11y.domain.cards import CardSet, standard_cards
from splendor_a11y.engine import (
    GameState,
    IllegalAction,
    check_and_apply,
)
from splendor_a11y.record.codec import GameLog, LogError


def replay(log: GameLog, until: int | None = None, cards: CardSet | None = None) -> list[GameState]:
    """Judge and fold every event; the states after each (index 0 is before any event).

    Raises:
        LogError: at the first event the rules refuse, with the refusal in ``rule``.
    """
    cards = cards or standard_cards()
    state = log.header.new_state()
    states = [state]
    for index, event in enumerate(log.events[:until]):
        try:
            state = check_and_apply(state, event, cards)
        except IllegalAction as refusal:
            raise LogError("breaks_rule", index + 2, refusal, state, log.path) from None
        states.append(state)
    return states


def replay_good_part(log: GameLog, cards: CardSet | None = None) -> tuple[list[GameState], LogError | None]:
    """Like ``replay``, but stop at the first refused event instead of raising.

    Returns the states up to the last good event, and the reason the replay stops early
    (a rule broken, or the damage a lenient read found), or None when all is well.
    """
    try:
        return replay(log, cards=cards), log.damage
    except LogError as error:
        good = replay(log, until=(error.line or 2) - 2, cards=cards)
        return good, error
