"""Hints that keep their word: the same hint while the table has not changed, and the
purchase a hint promised ("then you can buy h1 next turn") said again next turn: as
planned, taken away by the table (by whom), out of reach now (why), or still there
while the hard bot's move is another, stronger one.

The hard bot thinks against a clock, so two hints asked of one position could differ,
and its next move need not be the one a hint's reason promised; a player who follows
a hint must be able to trust it. What each seat was told is kept here, per table.

The promise is said, never played in the bot's place: a take's reason names the card
it brings nearest, which need not be the card the bot builds towards. Hints that
bought the promised card whenever they could won 10 of 16 games against medium, where
the hard bot's own moves won 15 on the same seeds (fixed thought, 2026-12-03).
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import GemCounts, HandSlot, Slot
from splendor_a11y.engine import Buy, Command, GameState, IllegalAction, Phase, TakeGems, decide, view
from splendor_a11y.text.explain import card_places, explain_move, planned_purchase
from splendor_a11y.text.messages import text
from splendor_a11y.text.narrator import Narrator, Verbosity

__all__ = ["HintBook"]


@dataclass(frozen=True, slots=True)
class _Plan:
    """A purchase a hint promised for the seat's next turn, if it takes what was hinted."""

    card: Card
    place: Slot | HandSlot | None
    """Where the card was when the plan was made: the place the hint named."""
    tokens: GemCounts
    """The seat's tokens once it has taken the hinted gems: anything else, and the plan
    was not followed."""


class HintBook:
    """What the hint told each seat: the last hint, by position, and the plan it made."""

    def __init__(self) -> None:
        self._given: dict[int, tuple[GameState, Command]] = {}
        self._plans: dict[tuple[int, int], _Plan] = {}
        """Each seat's plan by the round it was made in: this round's, and last round's,
        which this round's hint keeps or says what broke."""

    def given(self, seat: int, state: GameState) -> Command | None:
        """The hint already given to a seat in this very position (asked again)."""
        given = self._given.get(seat)
        return given[1] if given is not None and given[0] == state else None

    def remember(self, seat: int, state: GameState, command: Command) -> None:
        """Keep the hint given to a seat, and the purchase it promises for next turn. A
        plan is made and kept at the turn's action only: a decision that follows it (a
        module's piece to place, tokens to give back) had dropped the plan just made."""
        self._given[seat] = (state, command)
        if state.phase is not Phase.ACTION:
            return
        self._plans.pop((seat, state.round), None)
        self._plans.pop((seat, state.round - 2), None)
        seen = view(state, seat)
        card = planned_purchase(seen, seat, command)
        if card is not None and isinstance(command, TakeGems):
            tokens = state.players[seat].tokens.plus(command.gems)
            self._plans[seat, state.round] = _Plan(card, _place_of(seen, seat, card), tokens)

    def explain(self, seat: int, state: GameState, command: Command, narrator: Narrator) -> str:
        """The hint's sentence, saying when it keeps last turn's plan or what broke it:
        at the turn's action, where the planned card may be bought. (At a module's piece to
        place after a purchase, it said the card could not be bought before placing it.)
        A card another player's pieces keep is said to be kept, by whom: the refusal
        named the card a second time (``cannot be bought now: you cannot take b1 ...``)."""
        seen = view(state, seat)
        hint = explain_move(seen, seat, command, narrator)
        plan = self._plan(seat, state) if state.phase is Phase.ACTION else None
        if plan is None:
            return hint
        place = _place_of(seen, seat, plan.card)
        if place is not None and command == Buy(place):
            return text("hint.as_planned", hint=hint)
        if place is None:
            return _gone(plan, narrator, _whom(seen, plan.card), hint)
        card = _recalled(narrator, place, plan.card)
        owner = seen.kept_from(place, seat) if isinstance(place, Slot) else None
        if owner is not None:
            return text("hint.plan_kept", card=card, owner=seen.players[owner].name, hint=hint)
        try:
            decide(state, Buy(place))
        except IllegalAction as refusal:
            why = narrator.refusal_after_colon(refusal, seen)
            return text("hint.plan_blocked", card=card, why=why, hint=hint)
        return text("hint.plan_waits", card=card, hint=hint)

    def _plan(self, seat: int, state: GameState) -> _Plan | None:
        """Last turn's plan, if the seat followed it (its tokens are as the hint left them)."""
        plan = self._plans.get((seat, state.round - 1))
        if plan is None or state.players[seat].tokens != plan.tokens:
            return None
        return plan


def _recalled(narrator: Narrator, place: Slot | HandSlot, card: Card) -> str:
    """A card the player was told of in full last turn, said again: with its place in
    codes (``a3 a0e 2d 1s``, short), by its place alone in words, where the card's
    description made the sentence the longest hint of a game (about one hint in four in
    a game in words says that the plan waits)."""
    return narrator.card_at(place, card) if narrator.verbosity is Verbosity.NOTATION else str(place)


def _gone(plan: _Plan, narrator: Narrator, whom: str, hint: str) -> str:
    """The planned card gone from the table: in codes the card, short; in words the place
    it was at, as the hint named it (``at a1 next turn``), where the card's description
    made the sentence as long as the hint itself."""
    if narrator.verbosity is Verbosity.NOTATION or plan.place is None:
        return text("hint.plan_gone", card=narrator.card(plan.card), whom=whom, hint=hint)
    return text("hint.plan_gone_from", place=str(plan.place), whom=whom, hint=hint)


def _place_of(state: GameState, seat: int, card: Card) -> Slot | HandSlot | None:
    """Where a card is for the seat to buy: a face-up slot or its own hand."""
    return next((place for place, known in card_places(state, seat) if known == card), None)


def _whom(state: GameState, card: Card) -> str:
    """Who took a card off the table: bought it, reserved it, or someone unseen."""
    for player in state.players:
        if card in player.bought:
            return text("hint.plan_bought", name=player.name)
        if any(held.card == card for held in player.reserved):
            return text("hint.plan_reserved", name=player.name)
    return text("hint.plan_taken")
