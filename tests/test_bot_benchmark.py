"""The bot benchmark as a contributor runs it: the pool's lines, and its opponents
written for the benchmarks playing legal moves."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from splendor_a11y.bots import budget_for, race
from splendor_a11y.bots.arena import DECK, HeldCard, SeatHabits
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import Reserve, legal_commands, view

from conftest import new_game

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _bench(*arguments: str, script: str = "bots.py") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_pool_prints_a_line_for_each_opponent_asked_for() -> None:
    run = _bench("--pool", "--games", "2", "--against", "greedy", "--think", "0.1", "--share", "0.5")
    assert run.returncode == 0, run.stderr
    assert "hard thinks 0.1 s a move (the leading level 0.5 of that)" in run.stdout
    lines = run.stdout.splitlines()
    machine = r"This machine: the hard bot's fixed thought judged [\d,]+ positions a second of the processor .*"
    assert re.fullmatch(machine, lines[1]), "runs on machines of different speeds are told apart"
    [at] = [number for number, line in enumerate(lines) if "hard against" in line]
    ours = r"hard against greedy\s+\d of 2 \(.*95 % between \d+% and \d+%\); a game: nobles"
    assert re.search(ours, lines[at]), lines[at]
    theirs = r"greedy itself a game: nobles \d\.\d\d, never bought \d\.\d\d, tokens given back \d\.\d\d"
    assert re.fullmatch(r"\s+" + theirs, lines[at + 1]), lines[at + 1]
    foreseen = r"greedy's actions foreseen by the hard bot's answers: greedy_command \d+%, habitual_command \d+%, "
    found = re.fullmatch(r"\s+" + foreseen + r"racing_command (\d+)%", lines[at + 2])
    assert found and int(found.group(1)) > 0, "the greedy racer's moves are counted, the racer's answer naming some"
    assert "(hard against greedy: 1 of 2 games played)" in run.stderr, "a long run says how far it has come"


def test_decision_times_are_judged_on_the_processor_s_clock_with_the_wall_clock_beside() -> None:
    """Medium's targets (50 and 200 ms) hold on the processor's clock however busy the
    machine running the tests is; the wall clock, what a player waits, is printed too."""
    run = _bench("--only", "medium", "--games", "2")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    [at] = [number for number, line in enumerate(lines) if "medium decision" in line]
    figures = r"median\s+\d+\.\d ms, 95th percentile\s+\d+\.\d ms"
    judged = rf"medium decision, processor: {figures} \(\d+ decisions\)  targets 50 and 200 ms: met"
    assert re.fullmatch(judged, lines[at]), lines[at]
    assert re.fullmatch(rf"\s+wall clock: {figures}", lines[at + 1]), lines[at + 1]


def test_the_predictions_say_how_often_each_imagined_answer_foresaw_an_opponent() -> None:
    """Medium's own answer foresees the medium bot's moves, but for the cards medium
    imagines on its own deal: the benchmark reads the opponent's moves as played."""
    run = _bench("--games", "1", "--against", "medium", "--think", "0.1", script="predictions.py")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert re.fullmatch(r"This machine: the hard bot's fixed thought judged [\d,]+ positions .*", lines[1]), lines[1]
    shares = r"greedy_command (\d+)%, habitual_command \d+%, racing_command \d+%, any (\d+)%"
    found = re.fullmatch(rf"medium\s+(\d+) turns; foreseen by {shares}", lines[2])
    assert found, lines[2]
    turns, medium_s, any_answer = (int(figure) for figure in found.groups())
    assert turns >= 10, "every turn of a whole game is watched"
    assert 60 <= medium_s <= any_answer, "medium's answer is what medium plays, its imagined deal aside"


@pytest.mark.parametrize("share", ["0", "1.5", "half"])
def test_a_share_that_is_not_one_is_refused_in_one_sentence(share: str) -> None:
    run = _bench("--pool", "--share", share)
    assert run.returncode == 2
    assert "--share" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("opponent", ["planner", "before", "greedy"])
def test_the_pool_s_own_opponents_play_legal_moves(opponent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import bots as benchmark

    bot = benchmark.POOL_BOTS[opponent](budget_for(0.1))
    for seed in range(3):
        state = new_game(2, seed)
        assert bot(view(state, 0), random.Random(seed)) in legal_commands(state)


def test_the_pool_says_when_the_reservations_never_bought_were_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three cards left in hand over two games, reserved 1, 4 and 12 rounds before each
    game's last round: the median is 4, and two in three were made in its last five; one
    each with none, one and two cards already held: half a card a game each; two left in
    the game won, one in the game lost; one reserved from a deck, two in sight."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import bots as benchmark

    cards = standard_cards().level("a")[:3]
    first = SeatHabits(reserved=2, held={cards[0]: HeldCard(29, 1, DECK), cards[1]: HeldCard(18, 0)})
    second = SeatHabits(reserved=1, held={cards[2]: HeldCard(24, 2)})
    results = [
        benchmark.Result(won=True, stopped=False, habits=first, rounds=30),
        benchmark.Result(won=False, stopped=False, habits=second, rounds=28),
    ]
    assert benchmark._held_to_the_end(results) == (
        " (reserved 4 rounds before the end at the median, 67% in the last 5)"
    )
    assert benchmark._held_to_the_end(results[:0]) == ""
    assert benchmark._by_hand(results) == " (0.50, 0.50, 0.50 reserved with none, one, two cards already held)"
    assert benchmark._by_hand(results[:0]) == ""
    assert benchmark._by_outcome(results) == " (2.00 in a game won, 1.00 in a game lost)"
    assert benchmark._by_outcome(results[:1]) == ""
    assert benchmark._by_kind(results) == " (0.50 from a deck, 0.00 one an opponent could buy, 1.00 in sight)"
    assert benchmark._by_kind(results[:0]) == ""


def test_the_rounds_alone_are_told_with_their_mean_and_how_many_made_the_target(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lab worked out the mean and the games within 21 by hand each time: the line
    says them beside the median, and a game stopped by the safety stop counts in neither."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import bots as benchmark

    against_medium = {2: [benchmark.Result(won=True, stopped=False, habits=SeatHabits(), rounds=27)]}
    benchmark._hard_lines(against_medium, [20, 21, 23, 26, None])
    printed = capsys.readouterr().out
    assert "games stopped by the safety stop: 1 of 6  target none: NOT met" in printed
    assert (
        "15 points in 22.0 rounds (median of 4; 22.50 on average, 2 within 21)  target at most 21: NOT met" in printed
    )


def test_the_hard_bot_before_races_as_that_commit_s_bot_did(monkeypatch: pytest.MonkeyPatch) -> None:
    """The yardstick races with its own commit's race, not the hard bot's of the day: in a
    new game its race may reserve a face-up card, which the hard bot's race no longer tries."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import hard_before
    import race_before

    state = new_game(2, 0)
    assert hard_before.closing_move is race_before.closing_move
    assert any(isinstance(command, Reserve) for command in race_before.racing_moves(state))
    assert not any(isinstance(command, Reserve) for command in race.racing_moves(state))
