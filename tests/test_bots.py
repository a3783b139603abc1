"""Computer players: legal at every decision, deterministic by seed, blind to hidden cards,
able to finish games of every size; and the player's ``hint``."""

from __future__ import annotations

import functools
import random
import re
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from splendor_a11y.bots import BOTS, bot_for, hard, plan, race, rival
from splendor_a11y.bots.arena import DECK, DENIED, IN_SIGHT, HeldCard, play_alone, play_bots
from splendor_a11y.bots.evaluation import WIN, evaluate, reach_gap
from splendor_a11y.bots.habits import move_and_returns
from splendor_a11y.bots.medium import finish_own_decisions, greedy_command
from splendor_a11y.domain.cards import Card, standard_cards
from splendor_a11y.domain.notation import COLOURS, DeckTop, GemCounts, HandSlot, Slot
from splendor_a11y.engine import (
    Buy,
    CardReserved,
    ChooseNoble,
    Command,
    GameState,
    Phase,
    Reserve,
    Reserved,
    TakeGems,
    deal,
    decide_and_apply,
    determinize,
    evolve,
    legal_commands,
    modules_named,
    play_legal,
    turn_again,
    view,
)
from splendor_a11y.engine.modules.orient import ASSOCIATE_PHASE, FREE_CARD_PHASE, NOBLE_RESERVE_PHASE
from splendor_a11y.engine.modules.strongholds import CONQUEST_PHASE, STRONGHOLD_PHASE
from splendor_a11y.play.grammar import parse_line
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log, replay
from splendor_a11y.text.explain import explain_move
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.messages import speaking
from splendor_a11y.text.narrator import Narrator

from conftest import (
    MODULE_SUBSETS,
    Typist,
    cheapest_card_worth_points,
    holding_the_price,
    new_game,
    play_through,
    seat_session,
    with_player,
)

LEVELS = ("random", "easy", "medium", "hard")
SEARCHERS = ("hard", "rival")
"""The bots that think longest a move: asked about fewer positions."""


MODULE_SETS = MODULE_SUBSETS


def random_positions(count: int, seed: int, modules: tuple[str, ...] = ()) -> list[GameState]:
    """Positions from random play with 2 to 4 players, returns over ten included."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        players = rng.randint(2, 4)
        state = GameState.new(tuple(f"P{i}" for i in range(players)), modules_named(modules))
        state = evolve(
            state, deal(players, random.Random(rng.randrange(10_000)), standard_cards(), modules_named(modules))
        )
        for _ in range(rng.randrange(5, 120)):
            if state.is_over:
                break
            state = decide_and_apply(state, rng.choice(legal_commands(state)))[1]
        if not state.is_over:
            found.append(state)
    return found


def over_ten(seed: int) -> GameState:
    """A position where the player must return tokens."""
    state = new_game(2, seed)
    state = with_player(state, 0, tokens=GemCounts.parse("3d 3s 3e 1r 1g"))
    return decide_and_apply(state, TakeGems(GemCounts.parse("1d 1s 1o")))[1]


def two_nobles(seed: int) -> GameState:
    """A position where the player must choose between two nobles."""
    state = new_game(2, seed)
    first, second = state.nobles[0], state.nobles[1]
    assert first is not None and second is not None
    bonuses = GemCounts([max(a, b) for a, b in zip(first.requirement, second.requirement, strict=False)])
    return replace(with_player(state, 0, bonuses=bonuses), phase=Phase.NOBLE)


@pytest.mark.parametrize("level", [*LEVELS, "rival"])
def test_every_level_chooses_a_legal_command_at_every_kind_of_decision(level: str) -> None:
    bot = bot_for(level)
    count = 12 if level in SEARCHERS else 40
    positions = random_positions(count, seed=zlib.crc32(level.encode()) % 1000) + [over_ten(3), two_nobles(4)]
    assert any(p.phase is Phase.RETURN for p in positions) and any(p.phase is Phase.NOBLE for p in positions)
    for index, state in enumerate(positions):
        seat = state.current
        command = bot(view(state, seat), random.Random(index))
        assert command in legal_commands(state), (level, state.phase, command)
        decide_and_apply(state, command)


@functools.cache
def module_decisions(seed: int, each: int = 3) -> tuple[GameState, ...]:
    """Positions at every decision the modules add (``each`` of every kind), reached by
    random play; found once for all the levels (two and a half seconds each time)."""
    rng = random.Random(seed)
    wanted = {ASSOCIATE_PHASE, FREE_CARD_PHASE, NOBLE_RESERVE_PHASE, STRONGHOLD_PHASE, CONQUEST_PHASE}
    found: dict[Phase, list[GameState]] = {}
    for game_number in range(60):
        state = GameState.new(("P0", "P1", "P2"), modules_named(("orient", "strongholds")))
        state = evolve(
            state, deal(3, random.Random(game_number), standard_cards(), modules_named(("orient", "strongholds")))
        )
        while not state.is_over:
            if state.phase in wanted and len(found.setdefault(state.phase, [])) < each:
                found[state.phase].append(state)
            state = decide_and_apply(state, rng.choice(legal_commands(state)))[1]
        if all(len(found.get(phase, [])) >= each for phase in wanted):
            break
    assert set(found) == wanted
    return tuple(state for states in found.values() for state in states)


@pytest.mark.usefixtures("brief_thinking")
@pytest.mark.parametrize("level", [*LEVELS, "rival"])
def test_every_level_makes_every_module_decision_legally(level: str) -> None:
    """Whatever a module asks, each level answers by the rules: the searchers with their
    least thought and no clock (with their second, 23 and 22 seconds for eight
    positions), since what is checked is which moves they may choose, not how well."""
    searcher = level in SEARCHERS
    positions = [*module_decisions(8, 1 if searcher else 3)] + random_positions(
        3 if searcher else 20, 3, ("orient", "strongholds")
    )
    for index, state in enumerate(positions):
        command = bot_for(level)(view(state, state.current), random.Random(index))
        assert command in legal_commands(state), (level, state.phase, command)


BRIEF_RACE = 5
"""Positions a turn each of the hard bot's races keeps in ``brief_thinking``. A race with
the modules is slow (every line's follow-up decisions are judged in full): at its widths
of play, one game with all three took more than three minutes, the suite's slowest test."""


BRIEF_RIVAL_ROUNDS = 10
"""The rival's rounds of its tree search a move in ``brief_thinking`` (its fixed amount is
120: eight positions with the modules took 26 seconds)."""


@pytest.fixture
def brief_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard bot's search and races at their smallest, still with no clock: for tests
    that need whole games of it rather than its best moves (its fixed thought takes
    minutes for a game with the modules): one deal a move (with two, one game with all
    three modules took two minutes, the suite's slowest test; three quarters of it the
    search's plans), and no wider race once the race is on (at this width it would run
    the same race again; test_race checks the wider races); and a plan of two turns going
    on from one position each (with three and three, the game with all three modules took
    55 seconds, 43 with this; test_the_plan_narrows_at_a_table_of_four checks the widths).
    The rival, which reads the processor's clock, thinks a few rounds only."""
    monkeypatch.setattr(
        hard, "DEFAULT_BUDGET", hard.SearchBudget(shortlist=4, halve_every=1, most_deals=1, seconds=None, finalists=1)
    )
    monkeypatch.setattr(race, "RACE_WIDTH", BRIEF_RACE)
    monkeypatch.setattr(race, "MODULE_RIVAL_WIDTH", BRIEF_RACE)
    monkeypatch.setattr(race, "WIDER_RACES", ())
    monkeypatch.setattr(plan, "PLAN_TURNS", 2)
    monkeypatch.setattr(plan, "PLAN_WIDTH", 1)
    monkeypatch.setattr(rival, "FIXED_ROUNDS", BRIEF_RIVAL_ROUNDS)


HARD_GAMES_MODULES = [modules for modules in MODULE_SETS[1:] if len(modules) != 2]
"""The modules of the hard bot's whole games: each alone, and all three. Its decisions in
every module's phases are checked one by one above; these check that whole games end.
The pairs, played too, made four of the suite's slowest tests (two minutes together)."""


@pytest.mark.usefixtures("brief_thinking")
@pytest.mark.parametrize(
    ("levels", "modules"),
    [
        pytest.param(levels, modules, id="-".join(levels + modules))
        for levels, sets in ((("medium", "easy"), MODULE_SETS[1:]), (("hard", "medium"), HARD_GAMES_MODULES))
        for modules in sets
    ],
)
def test_bots_finish_games_with_each_module(levels: tuple[str, ...], modules: tuple[str, ...]) -> None:
    record = play_bots(levels, seed=11, modules=modules)
    assert record.finished and record.final.winners


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bot_playing_alone_counts_its_own_turns_to_the_winning_score(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the bot moves; each of its turns counts once, a return over ten included."""
    actions: list[GameState] = []

    def counted(state: GameState, rng: random.Random) -> Command:
        assert state.current == 0
        if state.phase is Phase.ACTION:
            actions.append(state)
        return BOTS["medium"](state, rng)

    monkeypatch.setitem(BOTS, "counted", counted)
    turns = play_alone("counted", seed)
    assert turns == len(actions)
    assert 12 <= len(actions) <= 40
    assert all(sum(state.players[1].tokens) == 0 and not state.players[1].reserved for state in actions)
    assert actions[-1].players[0].points < 15


@pytest.mark.parametrize("seed", [0, 3, 5])
def test_a_game_s_reservations_never_bought_are_the_cards_left_in_each_hand_with_their_rounds(seed: int) -> None:
    """The benchmark's habits agree with the game replayed move by move: the cards counted
    as never bought are those left in each hand, each with the round it was reserved in,
    the cards its hand held then and its kind (unseen from a deck, a card an opponent
    could have bought, another in sight), and the game's last round is the one its last
    move was made in."""
    record = play_bots(["medium", "medium"], seed)
    replayed, last_round = _reservations_replayed(record.final, seed)
    assert record.finished
    assert record.last_round == last_round
    for seat, habits in record.habits.items():
        left = [held.card for held in record.final.players[seat].reserved]
        assert habits.reserved_never_bought == len(left)
        assert habits.held == {card: replayed[card] for card in left}
        assert sorted(habits.never_bought_by_hand()) == sorted(replayed[card].held_before for card in left)
        assert sorted(habits.never_bought_by_kind()) == sorted(replayed[card].kind for card in left)
        assert sorted(habits.rounds_held_at_the_end(last_round)) == sorted(
            last_round - replayed[card].reserved_in for card in left
        )
    assert any(record.habits[seat].held for seat in record.habits)


def _reservations_replayed(final: GameState, seed: int) -> tuple[dict[Card, HeldCard], int]:
    """The game ``play_bots`` plays between two medium bots on a seed, played again here
    move by move: for each card reserved, the round it was reserved in, how many cards
    its hand already held then and its kind (an opponent could buy it when the other's
    turn there had the purchase among its legal moves); and the round of the last move."""
    game = GameState.new(("medium 1", "medium 2"))
    game = evolve(game, replace(deal(2, random.Random(seed), standard_cards()), first_player=0))
    replayed: dict[Card, HeldCard] = {}
    events, round_number = 1, 0
    while not game.is_over:
        seat, round_number, before = game.current, game.round, game
        command = BOTS["medium"](view(game, seat), random.Random(f"{seed}:{seat}:{events}"))
        made, game = decide_and_apply(game, command)
        events += len(made)
        held = len(before.players[seat].reserved)
        for event in made:
            if isinstance(event, CardReserved):
                replayed[event.card] = HeldCard(round_number, held, _kind_replayed(before, event))
    assert game == final
    return replayed, round_number


def _kind_replayed(before: GameState, event: CardReserved) -> str:
    """A reservation's kind as the rules tell it: from a deck, or a face-up card the other
    seat could have bought had it been their turn, or another face-up card."""
    if isinstance(event.source, DeckTop):
        return DECK
    their_turn = turn_again(before, 1 - event.player)
    bought = [command.place for command in legal_commands(their_turn) if isinstance(command, Buy)]
    return DENIED if event.source in bought else IN_SIGHT


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_same_seed_gives_the_same_move(level: str) -> None:
    for index, state in enumerate(random_positions(6, seed=77)):
        mine = view(state, state.current)
        first = bot_for(level)(mine, random.Random(f"seed:{index}"))
        again = bot_for(level)(mine, random.Random(f"seed:{index}"))
        assert first == again


def hidden_twins(seed: int) -> tuple[GameState, GameState, int]:
    """Two positions that differ only in what seat 0 cannot see: the deck order and the
    card seat 1 reserved blind."""
    state = new_game(2, seed)
    state = decide_and_apply(state, TakeGems(GemCounts.parse("1d 1s 1e")))[1]
    state = decide_and_apply(state, Reserve(DeckTop("b")))[1]
    rng = random.Random(seed)
    decks = [list(deck) for deck in state.decks]
    hidden = state.players[1].reserved[0].card
    swap = rng.randrange(len(decks[1]))
    decks[1][swap], hidden = hidden, decks[1][swap]
    for deck in decks:
        rng.shuffle(deck)
    twin = with_player(state, 1, reserved=(Reserved(hidden, "b", True),))
    twin = replace(twin, decks=tuple(tuple(deck) for deck in decks))
    assert twin.decks != state.decks and twin.players[1].reserved != state.players[1].reserved
    return state, twin, 0


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_cannot_tell_apart_positions_that_differ_only_in_hidden_cards(level: str) -> None:
    for seed in range(4):
        state, twin, seat = hidden_twins(seed)
        assert view(state, seat) == view(twin, seat)
        moves = {str(bot_for(level)(view(s, seat), random.Random(seed))) for s in (state, twin)}
        assert len(moves) == 1


def test_determinizing_deals_only_unseen_cards_and_keeps_what_is_seen() -> None:
    state, _, seat = hidden_twins(1)
    mine = view(state, seat)
    imagined = determinize(mine, random.Random(3), standard_cards())
    assert imagined.rows == state.rows and imagined.players[0] == state.players[0]
    assert [len(d) for d in imagined.decks] == [len(d) for d in state.decks]
    everything = [c for deck in imagined.decks for c in deck] + [r.card for p in imagined.players for r in p.reserved]
    everything += [c for row in imagined.rows for c in row if c is not None]
    assert len(everything) == len(set(everything)) == 90


@pytest.mark.parametrize(
    "levels",
    [
        ("medium", "easy"),
        ("easy", "medium", "random"),
        ("medium", "easy", "easy", "medium"),
        ("hard", "medium", "easy"),
        ("rival", "medium", "easy"),
    ],
)
@pytest.mark.usefixtures("brief_thinking")
def test_bots_finish_games_of_every_size(levels: tuple[str, ...]) -> None:
    record = play_bots(levels, seed=5)
    assert record.finished and record.final.winners
    assert max(record.final.scores()) >= 15 or record.final.passes >= len(levels)


def test_hint_gives_a_legal_explained_move_and_the_log_notes_it(tmp_path: Path) -> None:
    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben", "bot", "medium")), (), 21)
    path = tmp_path / "hint.jsonl"
    player = Typist("take ser", "hint")
    with LogWriter.create(path, header) as writer:
        session = seat_session(header, writer, player.io())
        setup = deal(2, random.Random(21), standard_cards())
        play_through(session, (replace(setup, first_player=0),))
    before_hint = session.state
    lines = [line for line, _ in player.said]
    asked = lines.index("You ask for a hint.")
    answer = lines[asked + 1]
    assert re.fullmatch(r"(take|buy|reserve|return|noble|pass)\b[^:]*: .+\.", answer), answer
    command = parse_line(answer.split(":")[0])
    assert command in legal_commands(before_hint)
    log = read_log(path)
    assert [e.kind for e in log.events].count("hint_asked") == 1
    states = replay(log)
    assert states[-1] == states[-2]
    summary_lines = __import__("splendor_a11y.text.summary", fromlist=["game_summary"]).game_summary(
        log.events, states, session.narrator()
    )
    assert "You asked for 1 hint." in summary_lines, "Ana hears her own summary"


def test_every_level_is_named_in_help_and_accepted_on_the_command_line() -> None:
    from splendor_a11y.cli.games import parse_players

    assert tuple(BOTS) == ("random", "easy", "medium", "hard")
    assert "rival" not in BOTS, "a yardstick of the benchmarks, not offered at the table"
    entries = parse_players("Ana,bot:hard,bot:medium,bot")
    assert [e.level for e in entries[1:]] == ["hard", "medium", "medium"]


def test_hint_counts_read_as_words() -> None:
    state = with_player(new_game(2, 4), 0, tokens=GemCounts(), bonuses=GemCounts())
    cheapest = min((c for c in state.rows[0] if c is not None), key=lambda c: c.cost.total)
    one_short = GemCounts(
        [
            max(0, n - (1 if i == next(j for j in range(5) if cheapest.cost[j]) else 0))
            for i, n in enumerate(cheapest.cost[:5])
        ]
        + [0]
    )
    state = with_player(state, 0, tokens=one_short)
    place = next(f"a{i + 1}" for i, c in enumerate(state.rows[0]) if c == cheapest)
    line = explain_move(state, 0, Reserve(parse_line(f"reserve {place}").place), Narrator(0))  # type: ignore[union-attr]
    assert "you are 1 gem away from it" in line, line


def _timed_search(monkeypatch: pytest.MonkeyPatch, spread: float) -> tuple[list[str], dict[str, int]]:
    """A timed search of one second on a clock that moves 10 ms for each move scored (the
    same on any machine), where each move scores its place in the shortlist, best first,
    plus and minus ``spread`` in turns: the moves searched, best first, and the deals each
    was played in."""
    played: dict[str, int] = {}
    order: dict[str, int] = {}
    monkeypatch.setattr(hard, "Stopwatch", lambda: lambda: sum(played.values()) * 0.01)

    def scored(state: GameState, seat: int, command: Command, answer: plan.Answer, shape: object) -> float:
        played[str(command)] = played.get(str(command), 0) + 1
        return -order.setdefault(str(command), len(order)) + (spread if played[str(command)] % 2 else -spread)

    monkeypatch.setattr(hard, "_after_round", scored)
    ranked = hard.ranked_moves(view(new_game(2, 8), 0), random.Random(1), hard.SearchBudget(seconds=1.0))
    return [str(command) for _, command in ranked], played


def test_a_timed_search_gives_the_rest_of_its_time_to_two_close_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    ranked, played = _timed_search(monkeypatch, spread=20.0)
    assert len(ranked) == hard.SearchBudget().shortlist
    deals = played[ranked[0]]
    assert deals == played[ranked[1]] > 3 * max(played[move] for move in ranked[2:])
    # Each move is reckoned at the average so far, and the next deal plays the two left:
    # the search stops with less than that deal's time to spare, never past its second.
    spent = sum(played.values())
    assert 98 <= spent < 100


def test_each_deal_imagines_one_kind_of_opponent_for_every_move_in_the_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search is not built around one opponent: deal after deal, the opponents answer
    as the medium bot would, then as a player judging as the hard bot does, and every
    move still in the running is scored on the same answers in a deal."""
    deals: list[set[object]] = []
    counted: dict[str, int] = {}

    def scored(state: GameState, seat: int, command: Command, answer: plan.Answer, shape: object) -> float:
        counted[str(command)] = counted.get(str(command), 0) + 1
        if counted[str(command)] > len(deals):
            deals.append(set())
        deals[counted[str(command)] - 1].add(answer)
        return -len(counted)

    monkeypatch.setattr(hard, "_after_round", scored)
    hard.ranked_moves(view(new_game(2, 8), 0), random.Random(1), hard.FIXED_BUDGET)
    assert len(deals) >= 4
    assert all(len(answers) == 1 for answers in deals)
    assert [answers.pop() for answers in deals[:2]] == [greedy_command, plan.habitual_command]


def _medium_plays(seed: int, turns: int) -> GameState:
    """A two-player game of the seed after the medium bot has played ``turns`` decisions."""
    state = new_game(2, seed)
    for _ in range(turns):
        state = play_legal(state, greedy_command(state))[1]
    return state


@pytest.mark.parametrize(("seed", "turns"), [(0, 8), (3, 7), (7, 5)])
def test_the_search_plays_the_moves_a_careful_player_would_choose_that_medium_ranks_low(seed: int, turns: int) -> None:
    """Medium's judgement (less what a move wastes) draws up the shortlist, and ranks a
    careful player's best moves below its first ten here; the search plays them too, in
    every deal it makes."""
    state = _medium_plays(seed, turns)
    first = determinize(view(state, state.current), random.Random(random.Random(seed).random()), standard_cards())
    commands = legal_commands(first)
    by_looks = sorted(commands, key=lambda command: hard._looked(first, first.current, command).looks(), reverse=True)
    careful = sorted(commands, key=lambda command: plan.habitual_score(first, command), reverse=True)[:2]
    assert any(move not in by_looks[: hard.SearchBudget().shortlist] for move in careful)
    searched = [move for _, move in hard.ranked_moves(view(state, state.current), random.Random(seed))]
    assert set(careful) <= set(searched)


@pytest.mark.parametrize("seed", range(4))
def test_an_imagined_strong_opponent_plays_by_the_rules_in_every_phase(seed: int) -> None:
    """The other kind of opponent the search imagines chooses a legal move wherever it is
    to play: its actions by the hard bot's judgement, a return or a noble as medium."""
    state = new_game(2, seed)
    for _ in range(60):
        if state.is_over:
            break
        command = plan.habitual_command(state)
        assert command in legal_commands(state)
        state = play_legal(state, command)[1]
    assert state.round > 10


def test_a_timed_search_reckons_a_deal_by_the_moves_it_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each move takes 36 ms, so the first deal of ten takes 0.36 s, as at a table of four.
    # Reckoned by the deal, a third deal would have looked as long and the search would
    # have stopped at 0.72 s; after the halving it plays five moves, and fits, and a
    # fourth would not.
    played: dict[str, int] = {}
    monkeypatch.setattr(hard, "Stopwatch", lambda: lambda: sum(played.values()) * 0.036)

    def scored(state: GameState, seat: int, command: Command, answer: plan.Answer, shape: object) -> float:
        played[str(command)] = played.get(str(command), 0) + 1
        return 0.0

    monkeypatch.setattr(hard, "_after_round", scored)
    hard.ranked_moves(view(new_game(2, 8), 0), random.Random(1), hard.SearchBudget(seconds=1.0))
    assert sum(played.values()) == 10 + 10 + 5


def test_a_timed_search_stops_early_once_one_move_is_clearly_better(monkeypatch: pytest.MonkeyPatch) -> None:
    ranked, played = _timed_search(monkeypatch, spread=0.1)
    assert played[ranked[0]] == played[ranked[1]] == hard.SETTLED_DEALS


def test_a_first_deal_longer_than_the_time_stops_part_way(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each move of the first deal takes a quarter of the second (the clock, first read
    # when the first move is scored, moves that much each time it is read): three moves
    # fit, the fourth would run past the second.
    clock = iter(range(1, 1_000_000))
    monkeypatch.setattr(hard, "Stopwatch", lambda: lambda: next(clock) * 0.25)
    monkeypatch.setattr(hard, "_after_round", lambda state, seat, command, answer, shape: 0.0)
    budget = hard.SearchBudget(seconds=1.0)
    ranked = hard.ranked_moves(view(new_game(2, 8), 0), random.Random(1), budget)
    # Every shortlisted move is still listed (the hint and the bot pick the first), the
    # three played first ahead of those there was no time to play.
    assert len(ranked) == budget.shortlist
    assert [score for score, _ in ranked] == [0.0] * 3 + [float("-inf")] * (budget.shortlist - 3)


def test_a_search_with_little_time_plays_fewer_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under half a second, the shortlist (``hard._Looked.looks``) holds three moves, not ten,
    and the careful player's four may join them: fewer moves, more deals each, more of
    them a careful player's. With a second, ten, and the careful player's two."""
    monkeypatch.setattr(hard, "Stopwatch", lambda: lambda: 0.0)
    monkeypatch.setattr(hard, "_after_round", lambda state, seat, command, answer, shape: 0.0)
    position = view(new_game(2, 8), 0)
    short = hard.ranked_moves(position, random.Random(1), hard.SearchBudget(seconds=0.25))
    whole = hard.ranked_moves(position, random.Random(1), hard.SearchBudget(seconds=1.0))
    assert hard.NARROW_SHORTLIST <= len(short) <= hard.NARROW_SHORTLIST + hard.SHORT_CAREFUL_MOVES
    dealt = new_game(2, 8)
    pace = hard._pace(hard.SearchBudget(seconds=0.25), dealt)
    considered = hard._within_reach(dealt, 0, legal_commands(dealt))
    careful = sorted(
        (hard._looked(dealt, 0, command) for command in considered), key=hard._Looked.careful, reverse=True
    )
    shortlist = hard._shortlist(dealt, 0, legal_commands(dealt), pace)
    assert {looked.command for looked in careful[: hard.SHORT_CAREFUL_MOVES]} <= set(shortlist)
    assert len(whole) == hard.SearchBudget().shortlist
    best_looking = [move for _, move in whole][: hard.NARROW_SHORTLIST]
    assert set(best_looking) <= {move for _, move in short}


def _far_reservations(state: GameState, commands: list[Command]) -> list[Command]:
    """The reservations of face-up cards still three gems or more out of the mover's reach
    once the reservation's gold is counted (as the shared judgement reckons a card's gap:
    with a module, by its own price)."""
    seat = state.current
    far = []
    for command in commands:
        if isinstance(command, Reserve) and isinstance(command.place, Slot):
            after = play_legal(state, command)[1].players[seat]
            card = after.reserved[-1].card
            if card is not None and reach_gap(card, after, state.modules) >= 3:
                far.append(command)
    return far


def _played_at_random(seed: int, moves: int, modules: tuple[str, ...] = ()) -> list[GameState]:
    """The positions of a two-player deal with the modules, each of its first ``moves``
    moves played at random."""
    state, rng = new_game(2, seed, modules), random.Random(seed)
    positions = [state]
    for _ in range(moves):
        state = play_legal(state, rng.choice(legal_commands(state)))[1]
        positions.append(state)
    return positions


@pytest.mark.parametrize(("modules", "seconds"), [((), 0.25), (("orient", "strongholds"), 1.0)])
def test_short_of_time_the_hard_bot_reserves_no_card_far_out_of_its_reach(
    modules: tuple[str, ...], seconds: float
) -> None:
    """With a quarter of a second, or a second with two modules (each makes a position
    dearer to judge, and the search then scored only the first few moves of its
    shortlist), the search is given no reservation of a face-up card still three gems or
    more away once the gold is counted: with few deals, such cards were reserved and all
    but never bought."""
    short = hard.SearchBudget(seconds=seconds)
    for state in (position for seed in range(1, 9) for position in _played_at_random(seed, 24, modules)):
        commands = legal_commands(state)
        assert not _far_reservations(state, hard._shortlist(state, state.current, commands, hard._pace(short, state)))


def test_with_its_second_the_hard_bot_reserves_a_far_card_only_as_its_first() -> None:
    """With its whole second, a far card may be the first the bot reserves, a plan to
    build towards, and is weighed then; once its hand holds a card, no other far card is
    given to the search. Held at every pace, it lost games against the hard bot before;
    weighed at every pace, more than one card a game was left in the hand against the
    rival (docs/bot-lab.md)."""
    second = hard.SearchBudget(seconds=1.0)
    weighed_with_an_empty_hand = offered_with_a_card_held = 0
    for state in (position for seed in range(1, 41) for position in _played_at_random(seed, 20)):
        commands = legal_commands(state)
        found = _far_reservations(state, hard._shortlist(state, state.current, commands, hard._pace(second, state)))
        if state.players[state.current].reserved:
            offered_with_a_card_held += len(_far_reservations(state, commands))
            assert not found
        else:
            weighed_with_an_empty_hand += len(found)
    assert weighed_with_an_empty_hand >= 20
    assert offered_with_a_card_held >= 20


@pytest.mark.parametrize("seed", [2, 3, 7, 9])
def test_short_of_time_the_hard_bot_still_keeps_an_opponents_winning_card_from_them(seed: int) -> None:
    """The opponent's winning card is far out of the bot's reach, and reserving it is still
    among the moves a search with a quarter of a second weighs."""
    state, winning = _one_card_from_winning(seed)
    assert _far_reservations(state, [Reserve(winning)]) == [Reserve(winning)]
    shortlist = hard._shortlist(state, 0, legal_commands(state), hard._pace(hard.SearchBudget(seconds=0.25), state))
    assert Reserve(winning) in shortlist


def _deals_searched(state: GameState, budget: hard.SearchBudget, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many deals of the hidden cards the search played its moves in."""
    numbers = [-1]
    score_deal = hard._score_deal

    def scoring(*arguments: Any) -> int:
        numbers.append(arguments[5])
        return score_deal(*arguments)

    monkeypatch.setattr(hard, "_score_deal", scoring)
    hard.ranked_moves(view(state, state.current), random.Random(1), budget)
    return max(numbers) + 1


def test_with_two_modules_the_search_deals_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """With both modules at one second, the search plans two turns ahead instead of three:
    in every one of six positions it plays its moves in several deals of the hidden
    cards, and imagines the opponents answering every way (``plan.ANSWERS``). Planning
    three, it played them in one deal or part of one, the opponents answering as medium
    would."""
    budget = hard.SearchBudget(seconds=1.0, counted=True)
    deals = []
    for seed in range(1, 7):
        played = _played_at_random(seed, 12 + 2 * seed, ("orient", "strongholds"))
        acting = next(state for state in reversed(played) if state.phase is Phase.ACTION)
        deals.append(_deals_searched(acting, budget, monkeypatch))
    assert min(deals) >= len(plan.ANSWERS), deals


def _two_turns_from_winning(seed: int, *, opponent_may_reserve: bool = False) -> GameState:
    """Seat 0 three gems short of a level-b card that brings it to 15 points, with those
    gems in the supply: a win in two turns (take them, then buy), none in one. Unless
    told otherwise, the opponent's hand is full of cards from the a deck, so that they
    cannot reserve the card away in between."""
    state = new_game(2, seed)
    if not opponent_may_reserve:
        full_hand = tuple(Reserved(card, "a", True) for card in state.decks[0][:3])
        state = replace(with_player(state, 1, reserved=full_hand), decks=(state.decks[0][3:], *state.decks[1:]))
    card, _ = cheapest_card_worth_points(state)
    state = holding_the_price(state, 0, card, short=3)
    assert all(decide_and_apply(state, command)[1].players[0].points < 15 for command in legal_commands(state))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hard_bot_plans_its_own_turns_to_a_win_one_move_cannot_see(seed: int) -> None:
    state = _two_turns_from_winning(seed)
    assert plan.best_line(state, 0)[0] == plan.PLANNED_FINISH - 1


@pytest.mark.parametrize("seed", [1, 3, 4])
def test_the_hard_bot_does_not_count_on_a_card_its_opponent_would_reserve_first(seed: int) -> None:
    state = _two_turns_from_winning(seed, opponent_may_reserve=True)
    assert plan.best_line(state, 0)[0] < plan.PLANNED_FINISH - 100


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_plan_the_opponent_wins_on_their_answer_counts_as_lost(seed: int) -> None:
    """The opponent holds the gems for a card worth the points they lack; the seat has no
    tokens to buy it first. Whatever the seat does (short of reserving it, which the plan
    leaves out) the opponent's answer wins, and the plan is worth a lost game, not what
    the seat's own move looked like before that answer."""
    state = new_game(2, seed)
    card = min(
        (card for card in state.rows[0] + state.rows[1] if card is not None and card.points), key=lambda c: sum(c.cost)
    )
    state = with_player(state, 1, points=15 - card.points, tokens=GemCounts(list(card.cost[:5]) + [0]))
    state = with_player(state, 0, tokens=GemCounts())
    assert plan.best_line(state, 0)[0] == -plan.PLANNED_FINISH


def test_a_seat_planned_to_act_again_finds_the_table_as_its_last_move_left_it() -> None:
    state = new_game(2, 1)
    taken = decide_and_apply(state, TakeGems(GemCounts.parse("1d 1s 1e")))[1]
    assert taken.current == 1
    again = turn_again(taken, 0)
    assert (again.current, again.phase) == (0, Phase.ACTION)
    after = decide_and_apply(again, TakeGems(GemCounts.parse("1d 1s 1e")))[1]
    assert after.players[0].tokens == GemCounts.parse("2d 2s 2e")
    assert after.supply == GemCounts.parse("2d 2s 2e 4r 4o 5g")


def test_a_plan_with_no_move_but_reserving_judges_the_position_as_it_stands() -> None:
    state = replace(new_game(2, 1), supply=GemCounts.parse("5g"))
    assert all(isinstance(command, Reserve) for command in legal_commands(state))
    assert plan.best_line(state, 0)[0] > -100
    assert isinstance(hard.choose_hard(view(state, 0), random.Random(1)), Reserve)


def test_a_judged_position_is_judged_again_when_the_rows_or_the_nobles_change() -> None:
    """The judgement is kept by the identity of the player, the rows and the nobles; the
    same player before other rows or other nobles is judged afresh."""
    state = new_game(2, 4)
    noble = state.nobles[0]
    assert noble is not None
    near = GemCounts([max(0, need - (order == 0)) for order, need in enumerate(noble.requirement[:5])] + [0])
    state = with_player(state, 0, tokens=GemCounts.parse("2d 2s 1e 1r"), bonuses=near)
    player = state.players[0]
    first = evaluate(state, 0)
    emptied = replace(state, rows=tuple(tuple(None for _ in row) for row in state.rows))
    unvisited = replace(state, nobles=())
    assert emptied.players[0] is unvisited.players[0] is player
    assert evaluate(emptied, 0) < first
    assert evaluate(unvisited, 0) < first
    assert evaluate(state, 0) == first


def _one_card_from_winning(seed: int) -> tuple[GameState, Slot]:
    """Seat 0 to move with nothing; seat 1 one bonus short of a noble, holding the exact
    price of a face-up card of no points that brings it: the noble's points take them to
    the winning score."""
    state = new_game(2, seed)
    noble = state.nobles[0]
    assert noble is not None
    for index, card in enumerate(state.rows[0], 1):
        if card is None or card.points or card.bonus is None or not noble.requirement[COLOURS.index(card.bonus)]:
            continue
        short = COLOURS.index(card.bonus)
        bonuses = GemCounts([need - (colour == short) for colour, need in enumerate(noble.requirement[:5])] + [0])
        price = GemCounts([*card.cost[:5], 0])
        seat = replace(state.players[1], tokens=price, bonuses=bonuses, points=15 - noble.points)
        return replace(state, players=(state.players[0], seat), supply=state.supply.minus(price)), Slot("a", index)
    raise AssertionError(f"deal {seed} has no card of no points towards its first noble")


@pytest.mark.parametrize("seed", [2, 3, 5, 6])
def test_the_hard_bot_reserves_the_card_an_opponent_needs_to_win(seed: int) -> None:
    """A card worth no points that brings a noble looks like nothing to take away, but it
    is the opponent's win."""
    state, winning = _one_card_from_winning(seed)
    their_turn = turn_again(state, 1)
    wins = [
        command.place
        for command in legal_commands(their_turn)
        if isinstance(command, Buy)
        and finish_own_decisions(decide_and_apply(their_turn, command)[1], 1).players[1].points >= 15
    ]
    assert wins == [winning]
    assert hard.choose_hard(view(state, 0), random.Random(seed)) == Reserve(winning)


def test_the_hint_says_a_reservation_keeps_an_opponent_from_winning() -> None:
    state, winning = _one_card_from_winning(2)
    line = explain_move(state, 0, Reserve(winning), Narrator(0))
    assert "P1 could buy it and win the game" in line, line
    short_of_winning = with_player(state, 1, points=state.players[1].points - 1)
    line = explain_move(short_of_winning, 0, Reserve(winning), Narrator(0))
    assert "P1 could buy it next" in line, line


def _two_rivals_who_could_buy(seed: int) -> tuple[GameState, Slot]:
    """Three players: seats 1 and 2 each hold the exact price of the first level-b card."""
    state = new_game(3, seed)
    card = state.rows[1][0]
    assert card is not None
    price = GemCounts([*card.cost[:5], 0])
    return with_player(with_player(state, 1, tokens=price), 2, tokens=price), Slot("b", 1)


def test_the_hint_names_two_rivals_with_a_verb_for_both_in_english_and_french() -> None:
    state, place = _two_rivals_who_could_buy(4)
    assert "P1 and P2 could buy it next" in explain_move(state, 0, Reserve(place), Narrator(0))
    with speaking(LANGUAGES["fr"]):
        assert "P1 et P2 pourraient l'acheter au prochain tour" in explain_move(state, 0, Reserve(place), Narrator(0))
    alone = with_player(state, 2, tokens=GemCounts())
    with speaking(LANGUAGES["fr"]):
        assert "P1 pourrait l'acheter au prochain tour" in explain_move(alone, 0, Reserve(place), Narrator(0))


def test_the_noble_hint_says_two_rivals_are_close_to_it() -> None:
    state = new_game(3, 4)
    noble = state.nobles[0]
    assert noble is not None
    close = GemCounts([*noble.requirement[:5], 0])
    state = with_player(with_player(state, 1, bonuses=close), 2, bonuses=close)
    line = explain_move(state, 0, ChooseNoble(1), Narrator(0))
    assert "and P1 and P2 are close to this one." in line, line
    with speaking(LANGUAGES["fr"]):
        line = explain_move(state, 0, ChooseNoble(1), Narrator(0))
    assert "et P1 et P2 sont près de celui-ci." in line, line
    line = explain_move(with_player(state, 2, bonuses=GemCounts()), 0, ChooseNoble(1), Narrator(0))
    assert "and P1 is close to this one." in line, line


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_rival_takes_the_win_it_has_in_one_move(seed: int) -> None:
    """Last in the round and holding the price of a card that takes it to 15: the tree
    search finds the one move that ends the game won, among some thirty."""
    state = turn_again(new_game(2, seed), 1)
    card = max((card for card in state.rows[1] if card is not None), key=lambda card: card.points)
    price = GemCounts([*card.cost[:5], 0])
    state = replace(with_player(state, 1, tokens=price, points=15 - card.points), supply=state.supply.minus(price))
    winning = [command for command in legal_commands(state) if decide_and_apply(state, command)[1].winners == (1,)]
    assert 1 <= len(winning) < len(legal_commands(state)) // 4
    assert bot_for("rival")(view(state, 1), random.Random(seed)) in winning


def test_the_rival_thinks_its_own_fixed_rounds_for_the_fixed_thought(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fixed thought counts positions judged, which the rival's search never moves:
    given it, the rival thinks its fixed rounds (the same move for the same seed), not
    the fixed thought's second on the processor's clock."""
    rounds: list[object] = []
    monkeypatch.setattr(rival, "_one_round", lambda *args: rounds.append(args))
    state = new_game(2, 3)
    bot_for("rival", hard.FIXED_BUDGET)(view(state, 0), random.Random(1))
    assert len(rounds) == rival.FIXED_ROUNDS


@pytest.mark.parametrize(("players", "turns", "widest"), [(2, 3, 3), (3, 3, 3), (4, 2, 1)])
def test_the_plan_narrows_at_a_table_of_four(
    players: int, turns: int, widest: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three opponents answer each planned turn: the plan then looks two turns ahead from
    one position each: the full plan took too long for a second a move."""
    fronts: list[int] = []
    own_turn = plan._own_turn

    def counted(frontier: list[GameState], seat: int, turn: int) -> list[tuple[float, GameState]]:
        fronts.append(len(frontier))
        return own_turn(frontier, seat, turn)

    monkeypatch.setattr(plan, "_own_turn", counted)
    plan.best_line(new_game(players, 5), 0)
    assert len(fronts) == turns
    assert max(fronts) == widest


def _reserving(seed: int, level: int, holding_its_price: bool) -> tuple[GameState, Reserve, Card]:
    """Seat 0, with nothing, or holding the exact price of the face-up card it reserves
    (the dearest of the row, in the ``level``'s row)."""
    state = new_game(2, seed)
    card = max((card for card in state.rows[level] if card is not None), key=lambda card: max(card.cost[:5]))
    tokens = GemCounts([*card.cost[:5], 0]) if holding_its_price else GemCounts()
    state = replace(with_player(state, 0, tokens=tokens), supply=state.supply.minus(tokens))
    place = Slot("abc"[level], state.rows[level].index(card) + 1)
    return state, Reserve(place), card


@pytest.mark.parametrize("seed", [1, 2])
def test_a_plan_is_judged_where_it_ends_so_a_reserved_card_paid_for_is_bought(seed: int) -> None:
    """The dearest level-b card reserved with its whole price in hand: the plan's best line
    is its third planned turn, the card bought by then. Judged by the best position on
    any of its turns, the line ended on an earlier turn (before the opponent's answer
    made it look worse) with the card still in the hand."""
    state, reserve, card = _reserving(seed, 1, True)
    start = plan.answered(decide_and_apply(state, reserve)[1], 0)
    ending = plan.best_line(start, 0)[1]
    assert ending.turn == start.turn + 5
    assert card in ending.players[0].bought
    assert all(held.card != card for held in ending.players[0].reserved)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_reserved_that_the_plan_does_not_buy_costs_the_move(seed: int) -> None:
    """A level-c card asking six or seven gems of one colour, reserved with nothing in
    hand: three more turns cannot pay for it, and the reservation is marked down; a
    level-a card whose price is in hand is bought in the plan, and costs nothing."""
    for level, holding, cost in ((2, False, hard.UNBOUGHT_RESERVATION), (0, True, 0.0)):
        state, reserve, card = _reserving(seed, level, holding)
        score, ending = plan.best_line(plan.answered(decide_and_apply(state, reserve)[1], 0), 0)
        assert any(held.card == card for held in ending.players[0].reserved) == bool(cost)
        assert hard._after_round(state, 0, reserve, greedy_command) == pytest.approx(score - cost)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_reservation_beside_cards_already_held_costs_more_for_each(seed: int) -> None:
    """The same level-c card reserved with none, one and two cards drawn from the a deck
    already in the hand: each card held costs the reservation ``CROWDED_HAND`` more than
    its plan's best line and the card left in the hand. Taking gems beside them costs
    nothing more. Before, a third card reserved cost no more than the first."""
    state, reserve, card = _reserving(seed, 2, False)
    take = next(command for command in legal_commands(state) if isinstance(command, TakeGems))
    for count in (0, 1, 2):
        held = tuple(Reserved(drawn, "a", True) for drawn in state.decks[0][:count])
        crowded = replace(with_player(state, 0, reserved=held), decks=(state.decks[0][count:], *state.decks[1:]))
        score, ending = plan.best_line(plan.answered(decide_and_apply(crowded, reserve)[1], 0), 0)
        expected = score - hard._left_in_hand(ending, 0, card) - count * hard.CROWDED_HAND
        assert hard._after_round(crowded, 0, reserve, greedy_command) == pytest.approx(expected)
        assert hard._crowding(crowded, 0, take) == 0.0


def _lost_whatever_it_does(seed: int) -> GameState:
    """Seat 0 to move with nothing; seat 1 a point from the winning score with five bonuses
    of every colour, free to buy most of the cards worth points on its answer: no move
    of seat 0's keeps it from winning."""
    state = new_game(2, seed)
    return with_player(state, 1, points=14, bonuses=GemCounts([5, 5, 5, 5, 5, 0]))


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_card_reserved_that_is_still_in_hand_when_the_game_ends_costs_the_move(seed: int) -> None:
    """The game lost on the opponent's answer whatever the bot does: reserving a card it
    will never buy scores lower by ``HELD_AT_THE_END`` than taking gems, and the bot does
    not spend its last turn on a card that changes nothing. Before, a line that ended the
    game (here on the opponent's answer) counted no cost for a card left in the hand."""
    state = _lost_whatever_it_does(seed)
    reservations = [command for command in legal_commands(state) if isinstance(command, Reserve)]
    take = next(command for command in legal_commands(state) if isinstance(command, TakeGems))
    taking = hard._after_round(state, 0, take, greedy_command)
    assert taking <= -WIN
    for reserve in reservations:
        assert hard._after_round(state, 0, reserve, greedy_command) == pytest.approx(taking - hard.HELD_AT_THE_END)
    assert not isinstance(hard.choose_hard(view(state, 0), random.Random(seed)), Reserve)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_on_a_turn_that_cannot_change_the_end_the_hard_bot_buys_the_card_in_its_hand(seed: int) -> None:
    """The game lost on the opponent's answer whatever the bot does, with a card in its hand
    whose price it holds: buying it scores the same as taking gems, and on that tie the
    bot buys the card rather than leave it unbought. Before, the tie went to the move
    shortlisted first, and on two of these three deals the bot took gems."""
    state = _lost_whatever_it_does(seed)
    card = state.decks[0][0]
    price = GemCounts([*card.cost[:5], 0])
    state = replace(
        with_player(state, 0, reserved=(Reserved(card, "a", True),), tokens=price),
        decks=(state.decks[0][1:], *state.decks[1:]),
        supply=state.supply.minus(price),
    )
    commands = legal_commands(state)
    buy = next(command for command in commands if isinstance(command, Buy) and isinstance(command.place, HandSlot))
    take = next(command for command in commands if isinstance(command, TakeGems) and command.gems.total == 3)
    taking = hard._after_round(state, 0, take, greedy_command)
    assert taking <= -WIN
    assert hard._after_round(state, 0, buy, greedy_command) == taking
    assert hard.choose_hard(view(state, 0), random.Random(seed)) == buy


def test_each_table_gives_its_computers_and_hints_its_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The thinking budget is a value each bot is given, not a setting of the process:
    two tables with different budgets each give their computer their own."""
    from splendor_a11y import bots
    from splendor_a11y.bots import budget_for
    from splendor_a11y.play.table import Table
    from splendor_a11y.record import LogHeader, PlayerEntry

    given: list[object] = []

    def recorder(view: object, rng: random.Random, budget: object = None, foresight: object = None) -> object:
        given.append(budget)
        return legal_commands(view)[0]  # type: ignore[arg-type]

    monkeypatch.setitem(bots.BOTS, "hard", recorder)
    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Hal", "bot", "hard")), (), 3)
    quick, slow = budget_for(0.2), budget_for(5.0)
    state = new_game(2, 3)
    for budget in (quick, slow):
        table = Table(state, header, writer=None, thinking=budget)  # type: ignore[arg-type]
        table.think(1)
    assert given == [quick, slow]


@pytest.mark.parametrize(("seed", "held"), [(12, "2d 2s 2e 2r 1o 1g"), (22, "2d 2s 2e 2r 2o")])
def test_holding_ten_with_cards_to_buy_the_hard_bot_gives_no_tokens_back(seed: int, held: str) -> None:
    """Medium's one-move judgement counts taking gems over ten and giving as many back as
    an exchange of colours, worth more than a cheap card. Drawn up by it alone, the
    search's shortlist was full of such takes, and here the bot took two gems to give two
    back with cards to buy. The shortlist now marks each move down by what it wastes, as
    the search does, and the bot gives nothing back."""
    state = with_player(new_game(2, seed), 0, tokens=GemCounts.parse(held))
    assert any(isinstance(command, Buy) for command in legal_commands(state))
    chosen = hard.choose_hard(view(state, 0), random.Random(seed), hard.FIXED_BUDGET)
    assert move_and_returns(state, 0, chosen)[1] == 0, chosen
