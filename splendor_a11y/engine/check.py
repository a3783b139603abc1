"""Judging a logged event by the rules: the log reader's one entry into the engine.

Every event is compared with what ``rules`` would make from the same command in the
same state, so a log and a live game can never disagree about a rule.
"""

from __future__ import annotations

from collections import Counter

from splendor_a11y.domain.cards import CardSet
from splendor_a11y.engine.events import (
    CardBought,
    CardReserved,
    Event,
    GameEnded,
    GameSetUp,
    HintAsked,
    SeatEvent,
)
from splendor_a11y.engine.fold import evolve
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.rules import action_event, automatic_event, command_for
from splendor_a11y.engine.state import GameState, Phase

__all__ = ["check", "check_and_apply"]


def _check_setup(state: GameState, event: GameSetUp, card_set: CardSet) -> None:
    if state.phase is not Phase.SETUP:
        raise IllegalAction(Reason.BAD_SETUP, state.current, problem="dealt_twice")
    for level, deck in zip("abc", event.decks, strict=False):
        if Counter(deck) != Counter(card_set.level(level)):
            raise IllegalAction(Reason.BAD_SETUP, state.current, problem="deck", level=level)
    wanted = state.rules.nobles_for(len(state.players))
    if len(event.nobles) != wanted or len(set(event.nobles)) != wanted:
        raise IllegalAction(Reason.BAD_SETUP, state.current, problem="nobles", wanted=wanted)
    if any(noble not in card_set.nobles for noble in event.nobles):
        raise IllegalAction(Reason.BAD_SETUP, state.current, problem="nobles", wanted=wanted)
    if not 0 <= event.first_player < len(state.players):
        raise IllegalAction(Reason.BAD_SETUP, state.current, problem="first_player")
    words = {module.deck_word for module in state.modules if module.deck_word}
    for word, _ in event.module_decks:
        if word not in words:
            raise IllegalAction(Reason.BAD_SETUP, state.current, problem=word)
    for module in state.modules:
        module.check_deal(state, event, card_set)


def check(state: GameState, event: Event, card_set: CardSet) -> None:
    """Accept an event that the rules allow here, or raise why not.

    Raises:
        IllegalAction: the rule broken, or MISMATCH when the event names the wrong card,
            gold or result.
    """
    if isinstance(event, GameSetUp):
        _check_setup(state, event, card_set)
        return
    if state.phase is Phase.SETUP:
        raise IllegalAction(Reason.NOT_DEALT, state.current)
    if isinstance(event, GameEnded):
        _check_end(state, event)
        return
    if state.phase in (Phase.OVER, Phase.ENDING):
        raise IllegalAction(Reason.GAME_OVER, state.current)
    assert isinstance(event, SeatEvent), "every event but the deal and the result is a player's"
    if event.player != state.current:
        raise IllegalAction(Reason.WRONG_PLAYER, state.current, logged=event.player)
    _check_move(state, event)


def _check_end(state: GameState, event: GameEnded) -> None:
    """The result is logged exactly when the game ends, and it is the rules' result."""
    expected = automatic_event(state)
    if not isinstance(expected, GameEnded):
        raise IllegalAction(Reason.MISMATCH, state.current, what="early_end")
    if expected != event:
        raise IllegalAction(
            Reason.MISMATCH, state.current, what="result", logged=event.winners, actual=expected.winners
        )


def _check_move(state: GameState, event: Event) -> None:
    """A player's event is the one that follows on its own here (a module's, such as a
    coat of arms placed), or the one the rules make of the command that would have made it."""
    if isinstance(event, HintAsked):
        return
    automatic = automatic_event(state)
    if automatic is not None and automatic == event:
        return
    command = command_for(state, event)
    if command is None:
        if automatic is not None:
            raise IllegalAction(Reason.MISMATCH, state.current, what="event")
        raise IllegalAction(Reason.BAD_SOURCE, state.current, source=getattr(event, "source", ""))
    expected = action_event(state, command)
    if expected != event:
        _mismatch(state, event, expected)


def _mismatch(state: GameState, event: Event, expected: Event) -> None:
    """Say how a logged event differs from the one the rules make."""
    if isinstance(event, CardReserved | CardBought) and isinstance(expected, CardReserved | CardBought):
        if expected.card != event.card:
            raise IllegalAction(
                Reason.MISMATCH, state.current, what="card", place=event.source, logged=event.card, actual=expected.card
            )
    if isinstance(event, CardReserved) and isinstance(expected, CardReserved):
        raise IllegalAction(Reason.MISMATCH, state.current, what="gold", logged=event.gold, actual=expected.gold)
    raise IllegalAction(Reason.MISMATCH, state.current, what="event")


def check_and_apply(state: GameState, event: Event, card_set: CardSet) -> GameState:
    """The checked fold of one event.

    Raises:
        IllegalAction: as ``check``.
    """
    check(state, event, card_set)
    return evolve(state, event)
