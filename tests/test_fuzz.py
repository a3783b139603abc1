"""Hostile input, generated: any line typed at the prompt, any damage done to a log.
Neither ever raises past the game: a line is answered and the game goes on; a log is
verified, replayed, exported as state or resumed, or refused naming its line."""

from __future__ import annotations

import io
import json
import random
import re
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from splendor_a11y.cli import main
from splendor_a11y.play.grammar import COMMANDS, GrammarError, Query, parse_line
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log, replay

from conftest import Typist, play_through, seat_session

WORDS = [name for spec in COMMANDS for name in (spec.name, *spec.aliases)] + [
    "a1",
    "b2",
    "c4",
    "h1",
    "deck a",
    "orient b",
    "noble",
    "pay",
    "with",
    "discard",
    "from",
    "gg",
]
ARGUMENTS = st.one_of(
    st.sampled_from(
        [
            "ser",
            "2s",
            "a1",
            "b9",
            "h0",
            "deck c",
            "orient x",
            "1",
            "0",
            "²",
            "①",
            "٣",
            "ｂ２",
            "3d 2g",
            "with 2gg",
            "discard a0o, b2o",
            "pay 99999999999999999999d",
            "from c1",
            "rr",
            "*",
        ]
    ),
    st.text(max_size=30),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
LINES = st.one_of(
    st.text(max_size=300),
    st.text(alphabet=st.characters(max_codepoint=0x1F), max_size=20),
    st.builds(lambda word, args: " ".join([word, *args]), st.sampled_from(WORDS), st.lists(ARGUMENTS, max_size=3)),
)


def quits(line: str) -> bool:
    try:
        parsed = parse_line(line)
    except GrammarError:
        return False
    return isinstance(parsed, Query) and parsed.name in ("quit", "hint")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(LINES, min_size=1, max_size=8), modules=st.sampled_from([(), ("orient", "strongholds")]))
def test_any_typed_line_is_answered_and_the_game_goes_on(lines: list[str], modules: tuple[str, ...]) -> None:
    assume(not any(quits(line) for line in lines))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.jsonl"
        header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Rob", "bot", "random")), modules, 17)
        typist = Typist(*lines, "me")
        with LogWriter.create(path, header) as writer:
            session = seat_session(header, writer, typist.io())
            play_through(session, new_game=True)
        said = [line for line, _ in typist.said]
        if not session.state.is_over:
            assert any(line.startswith("You: ") for line in said[-3:]), said[-3:]
        assert all(line.isprintable() for line in said)
        replay(read_log(path))


# ---- damaged logs ------------------------------------------------------------------------

MUTATIONS = ("truncate", "flip", "duplicate", "swap", "delete", "huge", "nest", "retype")


def a_game_log(folder: Path) -> bytes:
    """A real game with both modules, played by the computer to its end."""
    path = folder / "source.jsonl"
    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben", "bot", "easy")), ("orient", "strongholds"), 5)
    rng = random.Random(5)
    from splendor_a11y.engine import decide_and_apply, legal_commands

    with LogWriter.create(path, header) as writer:
        session = seat_session(header, writer, Typist().io())
        session.start(new_game=True)
        while not session.state.is_over and session.table.events_so_far < 120:
            events, _ = decide_and_apply(session.state, rng.choice(legal_commands(session.state)))
            session.commit(events)
    return path.read_bytes()


@pytest.fixture(scope="module")
def source_log(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return a_game_log(tmp_path_factory.mktemp("fuzz"))


def mutate(data: bytes, how: str, a: int, b: int, value: object) -> bytes:
    lines = data.split(b"\n")[:-1]
    i, j = a % len(lines), b % len(lines)
    if how == "truncate":
        return data[: a % len(data)]
    if how == "flip":
        flipped = bytearray(data)
        flipped[a % len(data)] ^= 1 << (b % 8)
        return bytes(flipped)
    if how == "duplicate":
        lines.insert(i, lines[i])
    elif how == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "delete":
        del lines[i]
    elif how == "huge":
        lines[i] = re.sub(rb"\b\d+\b", str(10**40 + b).encode(), lines[i], count=1)
    elif how == "nest":
        lines[i] = b"[" * (500 + b % 2000) + b"]" * (500 + b % 2000)
    else:
        line = json.loads(lines[i])
        key = sorted(line)[b % len(line)]
        line[key] = value
        lines[i] = json.dumps(line).encode()
    return b"\n".join(lines) + b"\n"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=6,
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str], typed: str = "quit\n") -> tuple[int, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(typed)
    try:
        status = main(argv)
    finally:
        sys.stdin = old
    captured = capsys.readouterr()
    return status, captured.out + captured.err


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(how=st.sampled_from(MUTATIONS), a=st.integers(0, 10**6), b=st.integers(0, 10**6), value=JSON_VALUES)
def test_a_damaged_log_is_refused_at_its_line_or_resumed_cleanly(
    source_log: bytes,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    how: str,
    a: int,
    b: int,
    value: object,
) -> None:
    monkeypatch.setenv("SPLENDOR_A11Y_HOME", str(tmp_path / "home"))
    path = tmp_path / f"damaged-{how}-{a}-{b}.jsonl"
    path.write_bytes(mutate(source_log, how, a, b, value))
    for option in ("--verify", "--state-json", "--transcript"):
        status, said = run(["replay", str(path), option], capsys)
        assert "Traceback" not in said
        assert status in (0, 1), (option, said)
        if status == 1:
            assert re.search(r"line \d+|empty|not a game log", said), said
    status, said = run(["resume", str(path), "--speech", "off"], capsys)
    assert "Traceback" not in said and status in (0, 1, 2), said
    if status == 0:
        assert "The game is saved in" in said or "The game log is in" in said
        assert run(["replay", str(path), "--verify"], capsys)[0] == 0
