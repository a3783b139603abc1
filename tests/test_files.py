"""Nothing the machine does loses a game: crashes at any point, a full disk, files that
are not logs, an unusable home, a terminal that cannot show every character. Each case
is played with the real command line and real files."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from splendor_a11y.record import LogError, LogWriter, read_log
from splendor_a11y.text.messages import problem_text

from conftest import cli_command, run_cli
from pty_helpers import PROMPT


def finished_game(home: Path, path: Path, players: str = "bot:easy,bot:random", seed: int = 5) -> list[str]:
    result = run_cli("play", "--players", players, "--seed", str(seed), "--log", str(path), home=home)
    assert result.returncode == 0, result.stderr
    return path.read_text(encoding="utf-8").splitlines()


# ---- a crash between any two lines -----------------------------------------------


def test_a_log_killed_before_the_deal_resumes_with_the_deal_of_its_seed(home: Path, tmp_path: Path) -> None:
    whole = finished_game(home, tmp_path / "whole.jsonl")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(whole[0] + "\n", encoding="utf-8")
    result = run_cli("resume", str(cut), home=home)
    assert result.returncode == 0, result.stderr
    assert "The log stopped before the cards were dealt; they are dealt now, from the game's seed." in result.stdout
    resumed = cut.read_text(encoding="utf-8").splitlines()
    assert resumed[1] == whole[1], "the same deal as the seed made the first time"
    assert resumed == whole, "the bots then play the same game"


def test_a_log_killed_before_the_result_records_it_on_resume(home: Path, tmp_path: Path) -> None:
    whole = finished_game(home, tmp_path / "whole.jsonl")
    assert json.loads(whole[-1])["event"] == "game_ended"
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(whole[:-1]) + "\n", encoding="utf-8")
    result = run_cli("resume", str(cut), home=home)
    assert result.returncode == 0, result.stderr
    assert "it is recorded now" in result.stdout and "The game is over." in result.stdout
    assert cut.read_text(encoding="utf-8").splitlines() == whole
    assert run_cli("replay", str(cut), "--verify").returncode == 0


def test_resume_locks_the_log_so_two_cannot_go_on(home: Path, tmp_path: Path) -> None:
    whole = finished_game(home, tmp_path / "whole.jsonl")
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(whole[:10]) + "\n", encoding="utf-8")
    first, _ = LogWriter.resume(cut)
    try:
        second = run_cli("resume", str(cut), home=home)
    finally:
        first.close()
    assert second.returncode == 1 and "Another game is using" in second.stderr
    assert cut.read_text(encoding="utf-8").splitlines() == whole[:10]


# ---- a full disk --------------------------------------------------------------------


def _limited(size: int):  # type: ignore[no-untyped-def]
    """A child whose files cannot grow past ``size`` bytes (writes fail with EFBIG), as a
    quota or a full disk refuses them."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def _play_limited(log: Path, home: Path, typed: str, limit: int | None) -> tuple[int, str, str]:
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(home))
    done = subprocess.run(
        cli_command() + ["play", "--players", "Ana,Ben", "--seed", "1", "--log", str(log), "--speech", "off"],
        input=typed.encode(),
        capture_output=True,
        env=env,
        preexec_fn=_limited(limit) if limit else None,
        timeout=60,
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.mark.skipif(sys.platform == "win32", reason="file size limits are POSIX")
def test_a_move_the_disk_refuses_is_not_played_and_the_player_is_back_at_the_prompt(tmp_path: Path) -> None:
    free = tmp_path / "free.jsonl"
    _play_limited(free, tmp_path / "home", "take sde\ntake ser\nquit\n", None)
    room = len(free.read_bytes()) - 10
    log = tmp_path / "g.jsonl"
    status, out, err = _play_limited(log, tmp_path / "home", "take sde\ntake ser\nplayers\nquit\n", room)
    assert status == 0, err
    assert "Traceback" not in out + err
    lines = out.splitlines()
    refused = lines.index(
        "The game could not be saved: the log file has reached the largest size this system "
        "allows. Nothing was played; quit, and the game so far can be resumed."
    )
    assert re.match(r"(Ana|Ben): 0 points; tokens none \(0\)", lines[refused + 1]), "Ben's take was not played"
    assert "1d 1s 1e (3)" in lines[refused + 2], "Ana's take, saved before, stands"
    assert lines[-1].startswith("The game is saved in")
    data = log.read_bytes()
    assert data.endswith(b"\n") and len(data) < room, "no part of the refused move is left in the log"
    assert run_cli("replay", str(log), "--verify").returncode == 0


@pytest.mark.skipif(sys.platform == "win32", reason="file size limits are POSIX")
def test_a_new_game_on_a_full_disk_leaves_no_empty_log(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(tmp_path / "home"))
    done = subprocess.run(
        cli_command() + ["play", "--log", str(log), "--speech", "off"],
        input=b"quit\n",
        capture_output=True,
        env=env,
        preexec_fn=_limited(10),
        timeout=60,
    )
    assert done.returncode == 1 and not log.exists()
    assert "Traceback" not in done.stderr.decode()


def test_a_refused_write_leaves_the_log_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ENOSPC in the middle of a command's events: none of them stays in the file."""
    from splendor_a11y.domain.notation import GemCounts
    from splendor_a11y.engine import GemsTaken, HintAsked
    from splendor_a11y.record import LogHeader, PlayerEntry, SaveError

    path = tmp_path / "g.jsonl"
    writer = LogWriter.create(path, LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben")), (), 1))
    before = path.read_bytes()
    real_fsync = os.fsync

    def full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError) as refused:
        writer.append_all((HintAsked(0), GemsTaken(0, GemCounts.parse("1d 1s 1e"))))
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert refused.value.cause == "disk_full"
    assert path.read_bytes() == before
    writer.append(HintAsked(0))
    writer.close()
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[1])["seq"] == 1


# ---- files that are not logs ----------------------------------------------------------


@pytest.fixture
def strange_paths(tmp_path: Path) -> dict[str, Path]:
    folder = tmp_path / "folder"
    folder.mkdir()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    return {"folder": folder, "pipe": fifo, "device": Path("/dev/null"), "link to /dev/zero": zero}


@pytest.mark.skipif(sys.platform == "win32", reason="pipes and devices are POSIX")
@pytest.mark.parametrize(
    "command",
    [
        ("replay", "{}", "--verify"),
        ("replay", "{}", "--state-json"),
        ("replay", "{}", "--transcript"),
        ("replay", "{}"),
        ("resume", "{}"),
        ("play", "--log", "{}"),
    ],
)
def test_only_regular_files_are_read_or_written(
    home: Path, strange_paths: dict[str, Path], command: tuple[str, ...]
) -> None:
    for what, path in strange_paths.items():
        result = run_cli(*(part.format(path) for part in command), stdin="quit\n", home=home, timeout=20)
        assert result.returncode in (1, 2), (what, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert str(path) in result.stderr and (
            "not a game log file" in result.stderr or "not a file a game can be written to" in result.stderr
        )


def test_a_deeply_nested_line_and_a_deal_that_breaks_the_header_are_bad_lines(home: Path, tmp_path: Path) -> None:
    whole = finished_game(home, tmp_path / "whole.jsonl")
    deep = tmp_path / "deep.jsonl"
    deep.write_text("\n".join([*whole[:3], "[" * 1000 + "]" * 1000, *whole[4:]]) + "\n", encoding="utf-8")
    result = run_cli("replay", str(deep), "--verify")
    assert result.returncode == 1 and "line 4: the line is nested too deeply" in result.stderr
    header = json.loads(whole[0])
    header["modules"] = ["orient"]
    orient = tmp_path / "orient.jsonl"
    orient.write_text("\n".join([json.dumps(header), *whole[1:]]) + "\n", encoding="utf-8")
    for option in ("--verify", "--state-json", "--transcript", "--summary"):
        result = run_cli("replay", str(orient), option)
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
        assert "line 2" in result.stderr and "Orient decks are dealt exactly when The Orient is played" in result.stderr


def test_text_from_a_log_never_reaches_the_terminal_as_an_escape(home: Path, tmp_path: Path) -> None:
    whole = finished_game(home, tmp_path / "whole.jsonl")
    bad = tmp_path / "bad.jsonl"
    line = json.loads(whole[2])
    line["gems"] = {"\x1b[2J\x1b]0;owned\x07": 1}
    bad.write_text("\n".join([*whole[:2], json.dumps(line), *whole[3:]]) + "\n", encoding="utf-8")
    for option in ("--verify", "--transcript"):
        result = run_cli("replay", str(bad), option)
        assert result.returncode == 1 and "\x1b" not in result.stdout + result.stderr
        assert "\\x1b[2J" in result.stderr
    header = json.loads(whole[0])
    header["players"][0]["name"] = "Eve\x1b[31m"
    named = tmp_path / "named.jsonl"
    named.write_text("\n".join([json.dumps(header), *whole[1:]]) + "\n", encoding="utf-8")
    result = run_cli("replay", str(named), "--transcript")
    assert result.returncode == 1 and "\x1b" not in result.stdout + result.stderr
    assert "line 1: a player name must be 1 to 40 printable characters" in result.stderr


def test_a_log_whose_computer_plays_at_a_level_not_known_is_replayed_and_resumed(home: Path, tmp_path: Path) -> None:
    """A log changed by hand to a level there is not (``wizard``): its computer plays at the
    default level, as its moves are thought, and the game is heard, instead of a traceback."""
    whole = finished_game(home, tmp_path / "whole.jsonl", players="Ana,bot:easy")
    header = json.loads(whole[0])
    header["players"][1] = {"name": "Wiz", "kind": "bot", "level": "wizard"}
    wizard = tmp_path / "wizard.jsonl"
    wizard.write_text("\n".join([json.dumps(header), *whole[1:3]]) + "\n", encoding="utf-8")
    for command in (("replay", str(wizard), "--transcript"), ("resume", str(wizard))):
        result = run_cli(*command, home=home)
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
        assert re.search(r"Playing in this order: (Ana|you) and Wiz\.", result.stdout), result.stdout


# ---- what the game creates ------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_logs_are_created_private(home: Path, tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = tmp_path / "g.jsonl"
        finished_game(home, path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_unusable_games_folder_asks_for_a_log_file(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "SPLENDOR_A11Y_HOME")}
    env["XDG_DATA_HOME"] = str(blocker)
    env["SPLENDOR_A11Y_SPEECH"] = "off"
    done = subprocess.run(
        cli_command() + ["play", "--speech", "off"], input=b"quit\n", capture_output=True, env=env, timeout=60
    )
    assert done.returncode == 2
    assert "name a file for this game with --log FILE" in done.stderr.decode()
    log = tmp_path / "g.jsonl"
    done = subprocess.run(
        cli_command() + ["play", "--speech", "off", "--log", str(log)],
        input=b"me\nquit\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0 and "You: 0 points" in done.stdout.decode() and log.exists()


# ---- a terminal that cannot show everything --------------------------------------------


def test_a_terminal_that_cannot_encode_everything_gets_readable_stand_ins(home: Path) -> None:
    env = dict(os.environ, PYTHONIOENCODING="ascii", SPLENDOR_A11Y_HOME=str(home))
    done = subprocess.run(
        cli_command() + ["play", "--players", "Zoë,Ana", "--speech", "off", "--seed", "3"],
        input=b"players\nquit\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    out = done.stdout.decode("ascii")
    assert done.returncode == 0 and "Traceback" not in done.stderr.decode()
    assert "Zoe: 0 points" in out
    assert out.count("cannot show every character") == 1
    done = subprocess.run(cli_command() + ["lookup", "a0d 3s", "--braille"], capture_output=True, env=env, timeout=60)
    out = done.stdout.decode("ascii")
    assert done.returncode == 0 and "(dots " in out and "cannot show every character" in out


def test_read_log_refuses_a_device_before_reading(tmp_path: Path) -> None:
    with pytest.raises(LogError) as caught:
        read_log(Path("/dev/zero"))
    assert re.search("is a device, not a game log file", problem_text(caught.value))


# ---- the prompt's history ---------------------------------------------------------------


def _typed_game(home: Path, tmp_path: Path, lines: list[str]) -> str:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(home), TERM="xterm", SPLENDOR_A11Y_SPEECH="off")
    command = cli_command()
    child = pexpect.spawn(
        command[0],
        [*command[1:], "play", "--players", "Ana,bot:easy", "--seed", "4", "--log", str(tmp_path / "g.jsonl")],
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    prompt = PROMPT
    child.expect(prompt)
    heard = child.before
    for line in lines:
        child.send(line + "\r")
        child.expect([prompt, pexpect.EOF])
        heard += child.before
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return heard + child.before


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_the_prompt_history_is_private(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _typed_game(home, tmp_path, ["supply", "quit"])
    history = home / "prompt-history"
    assert "supply" in history.read_text(encoding="utf-8")
    assert stat.S_IMODE(history.stat().st_mode) == 0o600


def test_an_unwritable_history_is_said_once_and_the_game_plays_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "prompt-history").mkdir(parents=True)
    heard = _typed_game(home, tmp_path, ["supply", "me", "quit"])
    assert heard.count("Your typed lines cannot be kept in") == 1
    assert "You: 0 points" in heard and "Traceback" not in heard


def test_a_last_line_that_lost_only_its_newline_is_kept_and_ended_on_resume(home: Path, tmp_path: Path) -> None:
    whole = finished_game(home, tmp_path / "whole.jsonl")
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(whole[:12]), encoding="utf-8")
    result = run_cli("resume", str(cut), stdin="quit\n", home=home)
    assert result.returncode == 0, result.stderr
    assert cut.read_text(encoding="utf-8").splitlines()[:12] == whole[:12]
    assert run_cli("replay", str(cut), "--verify").returncode == 0
