"""Computer players against each other, or one playing alone, without a console: for
tests and benchmarks.

Each move is seeded as in a real session (game seed, seat, events so far), and each
bot that foresees is told how well each answer foresaw its opponents as a table tells it
(``foresight``), so a game here is the game the same bots would play at the prompt.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from splendor_a11y.bots import FORESEEING, Bot, SearchBudget, bot_for
from splendor_a11y.bots.foresight import Foresight, against, tallied, watched_action
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import DeckTop, HandSlot
from splendor_a11y.engine import (
    CardBought,
    CardReserved,
    Event,
    GameState,
    NobleVisited,
    SeatEvent,
    TokensReturned,
    deal,
    decide_and_apply,
    evolve,
    gems_missing,
    modules_named,
    turn_again,
    view,
)

__all__ = [
    "DECK",
    "DENIED",
    "IN_SIGHT",
    "RESERVATION_KINDS",
    "DecisionTime",
    "GameRecord",
    "HeldCard",
    "SeatHabits",
    "play_alone",
    "play_bots",
    "reservation_kind",
]

MAX_DECISIONS = 2_000
"""A safety stop: a real game takes about a hundred decisions."""


DECK = "from a deck"
DENIED = "one an opponent could buy"
IN_SIGHT = "in sight"
RESERVATION_KINDS = (DECK, DENIED, IN_SIGHT)
"""The kinds of reservation the benchmark tells apart (``HeldCard.kind``)."""


@dataclass(frozen=True)
class HeldCard:
    """A card in a seat's hand as the benchmark follows it: when it was reserved, beside
    how many others, and of what kind."""

    reserved_in: int
    """The round it was reserved in."""
    held_before: int
    """How many cards the hand already held when it was reserved."""
    kind: str = IN_SIGHT
    """Where it came from, as the mending of a card left unbought depends on it: ``DECK``
    (a deck's top card, reserved unseen, often for its gold), ``DENIED`` (a face-up card an
    opponent could have bought on their turn), or ``IN_SIGHT`` (any other face-up card:
    a plan of its own)."""


def reservation_kind(before: GameState, event: CardReserved) -> str:
    """What kind of reservation ``event`` was, in the position ``before`` it: unseen from
    a deck, a face-up card some opponent had the gems and bonuses to buy (kept from them,
    whatever else the reserver meant by it), or another face-up card. The price is the
    card's printed one: what a module changes of a price, or of who may take a card, is
    not counted, so that with modules the kinds are a good guess, not a verdict."""
    if isinstance(event.source, DeckTop):
        return DECK
    others = (player for seat, player in enumerate(before.players) if seat != event.player)
    return DENIED if any(gems_missing(event.card, player) == 0 for player in others) else IN_SIGHT


class DecisionTime(NamedTuple):
    """How long one decision took: on the wall clock, what a player waits; on the
    processor's clock of the thread that thought, what the bot spent of its budget. The
    two part on a busy machine, where the wall clock also counts the other work."""

    wall: float
    processor: float


@dataclass
class SeatHabits:
    """What one seat did over a game that a good player's habits show in."""

    nobles: int = 0
    reserved: int = 0
    reserved_bought: int = 0
    tokens_returned: int = 0
    held: dict[Card, HeldCard] = field(default_factory=dict)
    """The cards in the hand, one record each, so that what is known of a card comes and
    goes with the card."""

    @property
    def reserved_never_bought(self) -> int:
        """Reservations that ended the game still in hand."""
        return self.reserved - self.reserved_bought

    def rounds_held_at_the_end(self, last_round: int) -> list[int]:
        """For each card still in the hand when the game ended on ``last_round``, how many
        rounds before that it was reserved (0: in the last round). A card left unbought
        because the game ended first was reserved late; one reserved early and never
        bought was a plan given up."""
        return [last_round - held.reserved_in for held in self.held.values()]

    def never_bought_by_hand(self) -> list[int]:
        """For each card still in the hand at the end, how many cards were already held
        when it was reserved: a card reserved beside others waits its turn to be bought."""
        return [held.held_before for held in self.held.values()]

    def never_bought_by_kind(self) -> list[str]:
        """For each card still in the hand at the end, its kind of reservation
        (``reservation_kind``): a card reserved unseen for its gold, one kept from an
        opponent and one of a plan given up call for different mending."""
        return [held.kind for held in self.held.values()]

    def note(self, event: Event, round_number: int, before: GameState) -> None:
        """Count one of this seat's events, made in round ``round_number`` from the
        position ``before`` the move."""
        if isinstance(event, NobleVisited):
            self.nobles += 1
        elif isinstance(event, CardReserved):
            self.reserved += 1
            self.held[event.card] = HeldCard(round_number, len(self.held), reservation_kind(before, event))
        elif isinstance(event, CardBought) and isinstance(event.source, HandSlot):
            self.reserved_bought += 1
            self.held.pop(event.card, None)
        elif isinstance(event, TokensReturned):
            self.tokens_returned += sum(event.gems)


@dataclass
class GameRecord:
    """How a bot game went: the final state, each seat's decision times and habits."""

    levels: tuple[str, ...]
    final: GameState
    decisions: int = 0
    times: dict[int, list[DecisionTime]] = field(default_factory=dict)
    habits: dict[int, SeatHabits] = field(default_factory=dict)
    last_round: int = 0
    """The round of the game's last move (``final.round`` of a finished game is one more:
    the round that would have come next)."""
    foresight: dict[int, Foresight] = field(default_factory=dict)
    """How often each answer the hard bot imagines foresaw each seat's actions, by seat
    (counted when a bot that foresees is at the table)."""

    @property
    def finished(self) -> bool:
        """True when the game ended by the rules, not by the safety stop."""
        return self.final.is_over


def _dealt(levels: Sequence[str], seed: int, modules: tuple[str, ...]) -> GameState:
    """A game dealt from the seed for bots of the given levels, seat 0 first."""
    state = GameState.new(tuple(f"{level} {i + 1}" for i, level in enumerate(levels)), modules_named(modules))
    setup = deal(len(levels), random.Random(seed), standard_cards(), state.modules)
    return evolve(state, replace(setup, first_player=0))


def play_bots(
    levels: Sequence[str],
    seed: int,
    modules: tuple[str, ...] = (),
    budget: SearchBudget | None = None,
    others: Mapping[str, Bot] | None = None,
    most_decisions: int = MAX_DECISIONS,
    budgets: Mapping[int, SearchBudget] | None = None,
) -> GameRecord:
    """Play one game between bots of the given levels, seat 0 first; those that think are
    given ``budget``, or their seat's own in ``budgets`` (a benchmark's lead, given a
    share of the others' time). ``others`` names bots of the benchmarks' own, played as
    levels. ``most_decisions``: stop after that many decisions, the safety stop unless
    told (a benchmark's yardstick plays only a game's opening)."""
    state = _dealt(levels, seed, modules)
    record = GameRecord(
        tuple(levels),
        state,
        times={i: [] for i in range(len(levels))},
        habits={i: SeatHabits() for i in range(len(levels))},
    )
    events = 1
    counting = any(level in FORESEEING for level in levels)
    while not state.is_over and record.decisions < most_decisions:
        seat = state.current
        bot = (others or {}).get(levels[seat]) or bot_for(
            levels[seat], (budgets or {}).get(seat, budget), against(record.foresight, seat)
        )
        rng = random.Random(f"{seed}:{seat}:{events}")
        started, thought = time.perf_counter(), time.thread_time()
        command = bot(view(state, seat), rng)
        record.times[seat].append(DecisionTime(time.perf_counter() - started, time.thread_time() - thought))
        round_number = record.last_round = state.round
        before = state
        made, state = decide_and_apply(state, command)
        watched = watched_action(made[0], before, f"{seed}:foresight:{events}") if counting else None
        if watched is not None:
            record.foresight = tallied(record.foresight, (watched,))
        events += len(made)
        for event in made:
            if isinstance(event, SeatEvent):
                record.habits[event.player].note(event, round_number, before)
        record.decisions += 1
    record.final = state
    return record


def play_alone(level: str, seed: int, modules: tuple[str, ...] = (), budget: SearchBudget | None = None) -> int | None:
    """The turns a bot takes to reach the winning score playing by itself: a two-player
    deal in which the other seat lets every turn go by, leaving the table as the bot left
    it (the bot does not know that, and still reckons with an opponent). None if the
    safety stop comes first."""
    bot = bot_for(level, budget)
    state = _dealt((level, "idle"), seed, modules)
    turns = 0
    for decision in range(MAX_DECISIONS):
        command = bot(view(state, 0), random.Random(f"{seed}:0:{decision}"))
        state = decide_and_apply(state, command)[1]
        if state.is_over:
            return None
        if state.current == 0:
            continue
        turns += 1
        if state.players[0].points >= state.rules.points_to_win:
            return turns
        state = turn_again(state, 0)
    return None
