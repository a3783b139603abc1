"""Random command streams never crash the engine, and its invariants always hold.

Checked after every step: tokens of each colour and all 90 cards are conserved, no count
is negative, ``legal_commands`` agrees exactly with what ``decide`` accepts over the whole
command space, and the log written so far replays to the live state.
"""

from __future__ import annotations

import itertools
import random
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import COLOURS, DeckTop, GemCounts, HandSlot, Slot
from splendor_a11y.engine import (
    Buy,
    CardBought,
    ChooseNoble,
    Command,
    GameState,
    IllegalAction,
    Pass,
    Reserve,
    ReturnTokens,
    TakeGems,
    deal,
    decide_and_apply,
    evolve,
    legal_commands,
    modules_named,
)
from splendor_a11y.engine.modules.orient import Associate, ReserveNoble, TakeFree, colour_of, orient_decks
from splendor_a11y.engine.modules.strongholds import (
    CONQUEST_PHASE,
    STRONGHOLDS_EACH,
    Conquer,
    Decline,
    Hold,
    Oust,
    conquest_slot,
    strongholds,
)
from splendor_a11y.engine.modules.tradingposts import Gain
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log, replay

from conftest import MODULE_SUBSETS


def _counts(combo: tuple[int, ...]) -> GemCounts:
    values = [0] * 6
    for index in combo:
        values[index] += 1
    return GemCounts(values)


def command_space(state: GameState) -> list[Command]:
    """Every command worth trying here, legal or not (buys with the default payment)."""
    commands: list[Command] = []
    for size in (1, 2, 3):
        for combo in itertools.combinations_with_replacement(range(6), size):
            commands.append(TakeGems(_counts(combo)))
    for level in "abc":
        for index in range(1, 8):
            commands += [Reserve(Slot(level, index)), Buy(Slot(level, index))]
        commands += [Reserve(DeckTop(level)), Reserve(DeckTop(level, "orient"))]
    commands += [Buy(HandSlot(i)) for i in range(1, 5)]
    excess = max(1, state.player.token_count - 10)
    commands += [ReturnTokens(_counts(c)) for c in itertools.combinations_with_replacement(range(6), excess)]
    commands += [ChooseNoble(i) for i in range(1, 7)]
    commands.append(Pass())
    if orient_decks(state):
        commands += [Associate(gem, count) for gem in COLOURS for count in (1, 2)]
        commands += [TakeFree(Slot(level, index)) for level in "abc" for index in range(1, 8)]
        commands += [ReserveNoble(i) for i in range(1, 7)]
    if strongholds(state):
        slots = [Slot(level, index) for level in "abc" for index in range(1, 8)]
        commands += [Hold(slot) for slot in slots] + [Oust(slot) for slot in slots] + [Conquer(), Decline()]
        commands += [Hold(to, source) for to in slots for source in slots]
    if "tradingposts" in state.module_names:
        commands += [Gain(gem, count) for gem in COLOURS for count in (1, 2)]
    return commands


MODULE_CHOICES = st.sampled_from(MODULE_SUBSETS)


class GameMachine(RuleBasedStateMachine):
    """Plays one game with random legal and illegal commands."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp())

    @initialize(players=st.integers(2, 4), seed=st.integers(0, 10_000), modules=MODULE_CHOICES)
    def start(self, players: int, seed: int, modules: tuple[str, ...]) -> None:
        header = LogHeader(tuple(PlayerEntry(f"P{i}") for i in range(players)), modules, seed)
        self.writer = LogWriter.create(self.folder / "game.jsonl", header)
        self.state = header.new_state()
        self.boxed: list[Card] = []
        setup = deal(players, random.Random(seed), standard_cards(), modules_named(modules))
        self.writer.append(setup)
        self.state = evolve(self.state, setup)
        self.totals = self.state.supply

    def teardown(self) -> None:
        if hasattr(self, "writer"):
            self.writer.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def apply(self, command: Command) -> None:
        events, self.state = decide_and_apply(self.state, command)
        for event in events:
            self.writer.append(event)
            if isinstance(event, CardBought):
                self.boxed += event.discarded

    @precondition(lambda self: not self.state.is_over)
    @rule(choice=st.integers(0, 10_000))
    def play_legal(self, choice: int) -> None:
        commands = legal_commands(self.state)
        self.apply(commands[choice % len(commands)])

    @precondition(lambda self: not self.state.is_over)
    @rule(choice=st.integers(0, 10_000))
    def try_anything(self, choice: int) -> None:
        space = command_space(self.state)
        before = self.state
        try:
            self.apply(space[choice % len(space)])
        except IllegalAction:
            assert self.state == before

    @invariant()
    def tokens_conserved_and_never_negative(self) -> None:
        total = self.state.supply
        for player in self.state.players:
            assert min(player.tokens) >= 0
            total = total.plus(player.tokens)
        assert min(self.state.supply) >= 0
        assert total == self.totals

    @invariant()
    def every_card_conserved(self) -> None:
        where = [c for row in self.state.rows for c in row if c is not None] + self.boxed
        where += [c for deck in self.state.decks + orient_decks(self.state) for c in deck if c is not None]
        for player in self.state.players:
            where += [r.card for r in player.reserved if r.card is not None] + list(player.bought)
        cards = standard_cards()
        expected = [c for level in "abc" for c in cards.level(level)]
        if orient_decks(self.state):
            expected += [c for level in "abc" for c in cards.module_level("orient", level)]
        assert sorted(map(str, where)) == sorted(map(str, expected))

    @invariant()
    def bonuses_match_the_cards_owned(self) -> None:
        for player in self.state.players:
            counts = [0] * 6
            for card in player.bought:
                gem, count = colour_of(player, card)
                if gem is not None:
                    counts[gem.order] += count
            assert GemCounts(counts) == player.bonuses
            from_modules = sum(module.points_given(player) for module in self.state.modules)
            assert (
                player.points
                == sum(c.points for c in player.bought) + sum(n.points for n in player.nobles) + from_modules
            )

    @invariant()
    def legal_commands_match_decide(self) -> None:
        legal = set(legal_commands(self.state))
        for command in command_space(self.state):
            try:
                decide_and_apply(self.state, command)
                accepted = True
            except IllegalAction:
                accepted = False
            conquest_as_buy = (
                self.state.phase is CONQUEST_PHASE
                and isinstance(command, Buy)
                and command.place == conquest_slot(self.state)
            )
            assert accepted == (command in legal or conquest_as_buy), command
        assert legal <= set(command_space(self.state)) | {c for c in legal if isinstance(c, ReturnTokens)}

    @invariant()
    def strongholds_stay_on_face_up_cards_one_owner_each(self) -> None:
        held: dict[Slot, int] = {}
        for seat, places in enumerate(strongholds(self.state)):
            assert len(places) <= STRONGHOLDS_EACH
            for slot in places:
                assert self.state.rows["abc".index(slot.level)][slot.index - 1] is not None
                assert held.setdefault(slot, seat) == seat

    @invariant()
    def the_log_replays_to_the_live_state(self) -> None:
        assert replay(read_log(self.writer.path))[-1] == self.state


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(
    max_examples=25,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def test_complete_random_games_for_every_player_count() -> None:
    """Whole games to their end, with and without modules: the rules always reach a result."""
    for players, modules in itertools.product((2, 3, 4), MODULE_SUBSETS):
        for seed in range(5):
            rng = random.Random(seed)
            state = evolve(
                GameState.new(tuple(f"P{i}" for i in range(players)), modules_named(modules)),
                deal(players, rng, standard_cards(), modules_named(modules)),
            )
            for _ in range(5_000):
                if state.is_over:
                    break
                state = decide_and_apply(state, rng.choice(legal_commands(state)))[1]
            assert state.is_over and state.winners
