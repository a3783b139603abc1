"""The game log: written event by event, read strictly, damaged files refused at the right line."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import deal, decide_and_apply, evolve, legal_commands
from splendor_a11y.record import LogError, LogHeader, LogWriter, PlayerEntry, read_log, replay
from splendor_a11y.text.messages import problem_text

from conftest import run_cli

HEADER = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben", "bot", "easy")), (), 7)


def write_game(path: Path, moves: int = 400, seed: int = 7) -> list[dict]:
    """A real game played by the engine and logged; returns the lines as objects."""
    rng = random.Random(seed)
    with LogWriter.create(path, HEADER) as writer:
        state = HEADER.new_state()
        setup = deal(2, rng, standard_cards())
        writer.append(setup)
        state = evolve(state, setup)
        for _ in range(moves):
            if state.is_over:
                break
            events, state = decide_and_apply(state, rng.choice(legal_commands(state)))
            for event in events:
                writer.append(event)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def rewrite(path: Path, lines: list[dict | str]) -> None:
    path.write_text("".join((l if isinstance(l, str) else json.dumps(l)) + "\n" for l in lines), encoding="utf-8")


def test_header_and_events_follow_the_format(tmp_path: Path) -> None:
    lines = write_game(tmp_path / "g.jsonl")
    assert lines[0] == {
        "format": "splendor-a11y",
        "version": 1,
        "seed": 7,
        "modules": [],
        "players": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "bot", "level": "easy"}],
    }
    assert [l["seq"] for l in lines[1:]] == list(range(1, len(lines)))
    setup = lines[1]
    assert setup["event"] == "game_set_up" and [len(setup["decks"][k]) for k in "abc"] == [40, 30, 20]
    assert lines[-1]["event"] == "game_ended"


def test_a_written_log_verifies_and_replays_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(path)
    result = run_cli("replay", str(path), "--verify")
    assert result.returncode == 0 and "every one legal. The game is over." in result.stdout
    assert replay(read_log(path))[-1].is_over


def test_a_log_of_one_event_is_counted_as_one(tmp_path: Path, home: Path) -> None:
    """A game quit at once verified as "1 events, all legal"."""
    path = tmp_path / "g.jsonl"
    run_cli("play", "--players", "Ana,Ben", "--seed", "2", "--log", str(path), stdin="quit\n", home=home)
    result = run_cli("replay", str(path), "--verify")
    assert result.returncode == 0
    assert f"{path}: 1 event, every one legal. The game is not finished; round 1." in result.stdout


def test_state_json_reflects_the_log(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = write_game(path)
    first = lines[2]
    data = json.loads(run_cli("replay", str(path), "--state-json", "--at", "2").stdout)
    mover = data["players"][first["player"]]
    assert data["events"] == 2
    if first["event"] == "gems_taken":
        assert mover["tokens"] == first["gems"]
    assert set(data["board"]) == {"a", "b", "c"} and len(data["board"]["a"]) == 4
    assert data["supply"]["g"] <= 5 and data["phase"] in ("action", "return", "noble")
    end = json.loads(run_cli("replay", str(path), "--state-json").stdout)
    assert end["phase"] == "over" and end["winners"] == lines[-1]["winners"]
    assert run_cli("replay", str(path), "--state-json", "--at", "99999").returncode == 2


def _first(lines: list[dict], kind: str) -> int:
    return next(i for i, l in enumerate(lines) if l.get("event") == kind)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("bad_json", "line 4: the line is not valid JSON"),
        ("missing_field", 'line 4: the field "player" is missing'),
        ("gap", "line 4: the event number is 4; 3 was expected"),
        ("illegal", "line 4 breaks a rule"),
        ("wrong_card", "line {n} breaks a rule: The log says"),
        ("newer", "line 1: this log is format version 2"),
        ("not_a_log", "line 1: this is not a splendor-a11y game log"),
        ("unknown_event", "line 4: unknown event 'teleported'"),
    ],
)
def test_damaged_logs_are_refused_at_the_right_line(tmp_path: Path, damage: str, message: str) -> None:
    path = tmp_path / "g.jsonl"
    lines: list[dict | str] = list(write_game(path))
    n = 0
    if damage == "bad_json":
        lines[3] = '{"seq": 3, "event": '
        lines.append(lines[4])
    elif damage == "missing_field":
        del lines[3]["player"]  # type: ignore[union-attr]
    elif damage == "gap":
        lines[3]["seq"] = 4  # type: ignore[index]
    elif damage == "illegal":
        lines[3] = {"seq": 3, "event": "gems_taken", "player": lines[3]["player"], "gems": {"g": 1}}  # type: ignore[index]
    elif damage == "wrong_card":
        n = _first(lines, "card_bought")  # type: ignore[arg-type]
        other = "c4s 7d" if lines[n]["card"] != "c4s 7d" else "c4e 7s"  # type: ignore[index]
        lines[n]["card"] = other  # type: ignore[index]
        n += 1
    elif damage == "newer":
        lines[0]["version"] = 2  # type: ignore[index]
    elif damage == "not_a_log":
        lines[0] = {"hello": 1}
    elif damage == "unknown_event":
        lines[3]["event"] = "teleported"  # type: ignore[index]
    rewrite(path, lines)
    result = run_cli("replay", str(path), "--verify")
    assert result.returncode == 1
    assert message.format(n=n) in result.stderr
    assert "Traceback" not in result.stderr


def test_a_rule_breaking_line_says_which_rule(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines: list[dict | str] = list(write_game(path))
    lines[2] = {"seq": 2, "event": "gems_taken", "player": lines[2]["player"], "gems": {"s": 2, "e": 1}}  # type: ignore[index]
    rewrite(path, lines)
    result = run_cli("replay", str(path), "--verify")
    assert "line 3 breaks a rule:" in result.stderr
    assert "cannot take 2s 1e: take three different gems, or two of one colour." in result.stderr


def test_a_torn_last_line_is_reported_and_dropped(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(path, moves=6)
    with path.open("ab") as handle:
        handle.write(b'{"seq": 99, "event": "gems_ta')
    log = read_log(path)
    assert log.torn_line is not None
    result = run_cli("replay", str(path), "--verify")
    assert result.returncode == 0 and "was cut short" in result.stderr


def test_resume_cuts_a_torn_line_before_appending(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(path, moves=6)
    good = path.read_bytes()
    with path.open("ab") as handle:
        handle.write(b'{"seq": 99, "ev')
    writer, log = LogWriter.resume(path)
    writer.close()
    assert log.torn_line is not None
    assert path.read_bytes() == good


def test_two_games_cannot_write_one_file(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(path, moves=4)
    first, _ = LogWriter.resume(path)
    try:
        with pytest.raises(LogError) as caught:
            LogWriter.resume(path)
        assert re.search("another game is using", problem_text(caught.value))
    finally:
        first.close()


def test_a_new_log_never_overwrites_a_file(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("precious\n")
    with pytest.raises(LogError) as caught:
        LogWriter.create(path, HEADER)
    assert re.search("already exists", problem_text(caught.value))
    assert path.read_text() == "precious\n"


def test_sizes_are_bounded(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(path, moves=2)
    with path.open("a") as handle:
        handle.write('{"seq": 5, "pad": "' + "x" * 70_000 + '"}\n')
    with pytest.raises(LogError) as caught:
        read_log(path)
    assert re.search("longer than", problem_text(caught.value))


def test_a_missing_file_is_exit_1_with_a_sentence(tmp_path: Path) -> None:
    result = run_cli("replay", str(tmp_path / "none.jsonl"), "--verify")
    assert result.returncode == 1 and "Cannot read" in result.stderr and "Traceback" not in result.stderr


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines: list[dict | str] = list(write_game(path, moves=5))
    lines[0]["note"] = "from the future"  # type: ignore[index]
    lines[2]["comment"] = "hi"  # type: ignore[index]
    rewrite(path, lines)
    assert run_cli("replay", str(path), "--verify").returncode == 0
