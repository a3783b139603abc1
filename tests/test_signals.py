"""The real game in a pseudo-terminal, stopped every way a machine stops a program: Ctrl-C
while a computer thinks, Ctrl-\\, SIGTERM, SIGHUP, and SIGKILL at random moments. The game
ends cleanly or resumes, and nothing announced is ever missing from the log."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from splendor_a11y.record import read_log, replay_good_part  # noqa: E402
from splendor_a11y.text.narrator import Narrator  # noqa: E402

from conftest import cli_command, run_cli  # noqa: E402
from pty_helpers import PROMPT, Collector, clean  # noqa: E402

SAVED = f"To go on later, type: {' '.join(cli_command())} resume"
"""The command that goes on, as this test started the program (by its path)."""


def spawn(tmp_path: Path, *args: str, timeout: float = 30) -> "pexpect.spawn":
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(tmp_path / "home"), TERM="xterm", SPLENDOR_A11Y_SPEECH="off")
    command = cli_command()
    return pexpect.spawn(
        command[0], [*command[1:], *args], env=env, encoding="utf-8", dimensions=(24, 200), timeout=timeout
    )


def finish(child: "pexpect.spawn") -> str:
    child.expect(pexpect.EOF)
    child.close()
    return clean(child.before)


@pytest.mark.parametrize("how, status", [("SIGTERM", 143), ("SIGHUP", 129), ("ctrl-backslash", 131)])
def test_a_signal_at_the_prompt_ends_the_game_cleanly(tmp_path: Path, how: str, status: int) -> None:
    log = tmp_path / "g.jsonl"
    child = spawn(tmp_path, "play", "--players", "Ana,bot:easy", "--seed", "5", "--log", str(log))
    raw = Collector()
    child.logfile_read = raw
    child.expect(PROMPT)
    child.send("take ser\r")
    child.expect(PROMPT)
    if how == "ctrl-backslash":
        child.sendcontrol("\\")
    else:
        child.kill(getattr(signal, how))
    rest = finish(child)
    assert child.exitstatus == status
    assert "Traceback" not in rest and SAVED in rest
    output = "".join(raw.data)
    assert output.rfind("\x1b[?2004l") > output.rfind("\x1b[?2004h"), "the prompt was closed, the terminal restored"
    assert "Task was destroyed" not in output and "Traceback" not in output
    assert run_cli("replay", str(log), "--verify").returncode == 0
    resumed = run_cli("resume", str(log), stdin="me Ana\nquit\n", home=tmp_path / "home")
    assert resumed.returncode == 0 and "tokens 1s 1e 1r (3)" in resumed.stdout


def _three_hard_bots(tmp_path: Path, log: Path) -> "pexpect.spawn":
    """A game of three hard bots with the fixed thought, logged to ``log``: a game in
    which the computers are thinking whenever the player presses a key."""
    return spawn(
        tmp_path,
        "play",
        "--players",
        "bot:hard,bot:hard,bot:hard",
        "--seed",
        "9",
        "--log",
        str(log),
        "--think",
        "fixed",
    )


def test_ctrl_c_while_a_computer_thinks_asks_before_quitting(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    child = _three_hard_bots(tmp_path, log)
    child.expect("takes|buys|reserves")
    time.sleep(0.3)
    child.sendintr()
    child.expect("Quit the game\\? It is saved and can be resumed.")
    child.send("n\r")
    # The game goes on: the computers play further moves (a whole game of three hard
    # bots takes minutes on a slow machine, so two moves are enough to tell).
    child.expect("takes|buys|reserves", timeout=60)
    child.expect("takes|buys|reserves", timeout=60)
    child.sendintr()
    child.expect("Quit the game\\?")
    child.send("y\r")
    rest = finish(child)
    assert child.exitstatus == 0 and "Traceback" not in rest and SAVED in rest
    assert run_cli("replay", str(log), "--verify").returncode == 0


def test_ctrl_c_then_yes_while_a_computer_thinks_saves_and_stops(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    child = _three_hard_bots(tmp_path, log)
    child.expect("takes|buys|reserves")
    child.sendintr()
    child.expect("Quit the game\\?")
    child.send("y\r")
    rest = finish(child)
    assert child.exitstatus == 0 and SAVED in rest
    assert run_cli("replay", str(log), "--verify").returncode == 0


def announced(text: str) -> list[str]:
    """Whole lines the game printed (a line cut by the kill is left out)."""
    lines = clean(text).split("\n")
    return [line.strip() for line in lines[:-1] if line.strip() and not line.startswith("The game log is in")]


def test_sigkill_at_random_moments_never_loses_an_announcement(tmp_path: Path) -> None:
    rng = random.Random(2024)
    cut_short = 0
    for trial in range(8):
        log = tmp_path / f"g{trial}.jsonl"
        child = spawn(tmp_path, "play", "--players", "bot:hard,bot:medium", "--seed", str(trial), "--log", str(log))
        time.sleep(rng.uniform(0.1, 3.0))
        child.kill(signal.SIGKILL)
        child.expect(pexpect.EOF)
        printed = announced(child.before)
        child.close()
        if not log.exists():
            assert not any("New game." in line for line in printed)
            continue
        game = read_log(log, lenient=True)
        states, _ = replay_good_part(game)
        narrator = Narrator()
        told = {narrator.event(e, b, a) for e, b, a in zip(game.events, states, states[1:], strict=False)}
        for line in printed:
            assert line in told, f"trial {trial}: {line!r} was announced but is not in the log"
        if not states[-1].is_over:
            cut_short += 1
            # The rest of the game is played at the hard bot's shortest thought: what is
            # checked is that the log goes on to a legal end, not the bot's moves.
            resumed = run_cli("resume", str(log), "--think", "0.1", home=tmp_path / "home", timeout=120)
            assert resumed.returncode == 0, resumed.stderr
            assert "Traceback" not in resumed.stderr
        verified = run_cli("replay", str(log), "--verify")
        assert verified.returncode == 0 and "the game is over" in verified.stdout.lower(), verified.stdout
    assert cut_short >= 3, "most kills should land in the middle of a game"


def test_ctrl_c_in_a_pipe_saves_and_stops_with_130(tmp_path: Path) -> None:
    import subprocess

    log = tmp_path / "g.jsonl"
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(tmp_path / "home"), SPLENDOR_A11Y_SPEECH="off")
    command = cli_command()
    child = subprocess.Popen(
        [*command, "play", "--players", "Ana,bot:easy", "--seed", "77", "--log", str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert child.stdout is not None
    while "Your turn." not in child.stdout.readline().decode():
        pass
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert SAVED in out.decode() and "Traceback" not in err.decode()
    assert run_cli("replay", str(log), "--verify").returncode == 0


def test_a_ctrl_c_just_before_a_pipe_read_still_stops_the_read() -> None:
    """The signal can land while the turn is being told, a moment before the read starts."""
    from splendor_a11y.play.interrupt import Interruptions

    interruptions = Interruptions()
    interruptions._handle(signal.SIGINT, None)
    with pytest.raises(KeyboardInterrupt):
        with interruptions.raising():
            pass
    with interruptions.raising():
        pass
