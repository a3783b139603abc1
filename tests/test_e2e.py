"""The real ``splendor-a11y`` in a pseudo-terminal: a whole 2-player game against the computer.

The test plays as a person would: it reads only what is printed (``afford``, ``supply``,
the turn prompts), chooses a command, and goes on to the final announcement. Then it
checks the raw terminal bytes for a cursor-position request and for repeated redraws of
the input line, and has ``replay --verify`` check the log the game wrote.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from conftest import cli_command, run_cli  # noqa: E402
from pty_helpers import PROMPT, Collector, clean  # noqa: E402

END = "The game log is in"


class Player:
    """Drives the game through the terminal, one typed line at a time."""

    def __init__(self, child: "pexpect.spawn") -> None:
        self.child = child
        self.sent: list[str] = []

    def say(self, line: str) -> str:
        """Type a line; return what was printed up to the next prompt (or the end)."""
        for char in line:
            self.child.send(char)
        self.child.send("\r")
        self.sent.append(line)
        index = self.child.expect([PROMPT, END])
        text = clean(self.child.before)
        if index == 1:
            self.child.expect("Play again with the same players and options")
            ended = text + END + clean(self.child.before)
            self.child.send("n\r")
            self.child.expect(pexpect.EOF)
            return ended + clean(self.child.before)
        return text

    def choose(self, last: str) -> str:
        """What a simple player would type next, from what was just said."""
        if match := re.search(r"for example (return [a-z]+)", last):
            return match.group(1)
        if match := re.search(r"choose one: noble (\d+)", last):
            return f"noble {match.group(1)}"
        afford = self.say("afford")
        if match := re.search(r"You can buy: ([abch]\d)", afford):
            return f"buy {match.group(1)}"
        if (
            len(self.sent) >= 4
            and self.sent[-4].startswith("take")
            and self.sent[-3].split()[-1] == self.sent[-4].split()[-1]
            and self.sent[-3].startswith("return")
        ):
            return "reserve a1"  # taking and giving back the same gems goes nowhere: get a gold
        supply = self.say("supply")
        colours = [code for count, code in re.findall(r"(\d+)([dsero])", supply) if int(count) > 0]
        if colours:
            return "take " + "".join(colours[:3])
        return "reserve deck a"


def test_a_full_game_against_the_computer(tmp_path: Path) -> None:
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(tmp_path), TERM="xterm", SPLENDOR_A11Y_SPEECH="off")
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    log = tmp_path / "game.jsonl"
    command = cli_command()
    child = pexpect.spawn(
        command[0],
        command[1:] + ["play", "--seed", "11", "--log", str(log)],
        env=env,
        encoding="utf-8",
        dimensions=(24, 200),
        timeout=30,
    )
    raw: list[str] = []
    child.logfile_read = Collector(raw)
    child.expect(PROMPT)
    opening = clean(child.before)
    assert "New game. Playing in this order:" in opening and "Type help for the commands." in opening
    player = Player(child)
    last = opening
    for _ in range(400):
        if END in last:
            break
        reply = player.say(player.choose(last))
        if "cannot" in reply.split("\n")[0] and "take" in player.sent[-1]:
            reply = player.say("reserve deck a")
        last = reply
    else:
        pytest.fail(f"the game did not end; last sent {player.sent[-6:]}, last heard {last!r}")
    final = last
    assert "The game is over." in final and ("wins" in final or "You win" in final or "share" in final)
    assert str(log) in final
    child.close()
    assert child.exitstatus == 0
    output = "".join(raw)
    assert "\x1b[6n" not in output, "the prompt sent a cursor-position request"
    assert "Traceback" not in output
    takes = [line for line in player.sent if line.startswith("take")]
    assert clean(output).count("> " + takes[0]) == takes.count(takes[0]), "the input line was redrawn"
    assert run_cli("replay", str(log), "--verify").returncode == 0


def test_a_game_with_both_modules_played_by_following_hints(tmp_path: Path) -> None:
    """A player who types whatever ``hint`` suggests reaches the end of a game with The
    Orient and The Strongholds: every prompt of the modules can be answered by typing."""
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(tmp_path), TERM="xterm", SPLENDOR_A11Y_SPEECH="off")
    log = tmp_path / "modules.jsonl"
    command = cli_command()
    # Each hint is the hard bot's move, thought over for a tenth of a second (the least a
    # player can ask) rather than a second: what is checked is that every prompt can be
    # answered, not the moves.
    child = pexpect.spawn(
        command[0],
        command[1:]
        + [
            "play",
            "--seed",
            "3",
            "--log",
            str(log),
            "--module",
            "orient",
            "--module",
            "strongholds",
            "--players",
            "Ana,bot:medium",
            "--think",
            "0.1",
        ],
        env=env,
        encoding="utf-8",
        dimensions=(24, 200),
        timeout=60,
    )
    child.expect(PROMPT)
    player = Player(child)
    last = clean(child.before)
    typed: list[str] = []
    for _ in range(300):
        if END in last:
            break
        advice = player.say("hint")
        match = re.search(r"^([a-z][^:\n]*): [^\n]*\.$", advice, re.MULTILINE)
        assert match, advice
        typed.append(match.group(1))
        last = player.say(match.group(1))
        assert not re.search(r"^(You cannot|You must|There is no|Say |Unknown command|That )", last, re.M), last
    else:
        pytest.fail(f"the game did not end; typed {typed[-6:]}")
    assert "The game is over." in last
    child.close()
    assert child.exitstatus == 0
    verbs = {line.split()[0] for line in typed}
    assert {"take", "buy"} <= verbs and verbs & {"hold", "oust"}, verbs
    verified = run_cli("replay", str(log), "--verify")
    assert verified.returncode == 0, verified.stderr


def test_tab_completes_only_the_words_of_the_game_in_play(tmp_path: Path) -> None:
    """In a base game ``dec`` Tab offered the Strongholds' ``decline``, which the game
    then refused; now it completes nothing there, and ``decline`` in a Strongholds game."""
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(tmp_path), TERM="xterm", SPLENDOR_A11Y_SPEECH="off")
    for modules, completed in (((), False), (("--module", "strongholds"), True)):
        command = cli_command()
        log = tmp_path / f"game{len(modules)}.jsonl"
        arguments = [*command[1:], "play", "--seed", "4", *modules, "--players", "Ana,bot:easy", "--log", str(log)]
        child = pexpect.spawn(command[0], arguments, env=env, encoding="utf-8", dimensions=(24, 200), timeout=30)
        child.expect(PROMPT)
        child.send("dec\t")
        child.send("\r")
        child.expect(PROMPT)
        typed = clean(child.before).split("\n")[0]
        assert ("decline" in typed) is completed, typed
        child.send("quit\r")
        child.expect("The game is saved")
        child.expect(pexpect.EOF)


def _replaying_a_first_turn(home: Path, *options: str, told: tuple[str, ...] = ()) -> pexpect.spawn:
    """The real CLI in a pseudo-terminal, replaying a game whose one move is Ana's
    ``take ser`` (``options`` go before ``replay``, ``told`` after it)."""
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(home), TERM="xterm", SPLENDOR_A11Y_SPEECH="off")
    log = home / "game.jsonl"
    made = run_cli("play", "--seed", "4", "--players", "Ana,Ben", "--log", str(log), stdin="take ser\n", home=home)
    assert made.returncode == 0, made.stderr
    command = cli_command()
    return pexpect.spawn(
        command[0],
        [*command[1:], *options, "replay", *told, str(log)],
        env=env,
        encoding="utf-8",
        dimensions=(24, 200),
        timeout=30,
    )


def test_tab_at_the_replay_prompt_completes_the_replay_s_words(tmp_path: Path) -> None:
    """Tab at the replay prompt offered the game's words, moves included, and none of
    the replay's own: ``nex`` stayed ``nex``, an unknown command."""
    child = _replaying_a_first_turn(tmp_path)
    child.expect(PROMPT)
    child.send("nex\t")
    child.send("\r")
    child.expect(PROMPT)
    assert "Turn 1: Ana takes 1s 1e 1r." in clean(child.before), clean(child.before)
    child.send("quit\r")
    child.expect(pexpect.EOF)


def test_the_replay_prompt_is_in_the_language_of_the_replay(tmp_path: Path) -> None:
    """The replay's prompt read ``replay>`` in French too, the one English word left on a
    French screen; a screen reader says the prompt at every line."""
    child = _replaying_a_first_turn(tmp_path, "--lang", "fr")
    child.expect("relecture> ")
    child.send("suivant\r")
    child.expect("relecture> ")
    assert "Tour 1 : Ana prend 1s 1e 1r." in clean(child.before), clean(child.before)
    assert "replay>" not in clean(child.before)
    child.send("quitter\r")
    child.expect(pexpect.EOF)


def test_the_keys_help_of_a_replay_told_to_nobody_says_whose_status_f3_tells(tmp_path: Path) -> None:
    """Told to nobody (as to a spectator), the help said ``F3 or Alt+S: your status``
    though F3 answers for the player whose turn it is, as ``me`` does; told as a player,
    it is their own status."""
    child = _replaying_a_first_turn(tmp_path)
    child.expect(PROMPT)
    child.send("help\r")
    child.expect(PROMPT)
    to_nobody = clean(child.before)
    assert "F3 or Alt+S: the status of the player whose turn it is: points, tokens, bonuses, hand" in to_nobody
    assert "your status" not in to_nobody
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child = _replaying_a_first_turn(tmp_path / "as-ana", told=("--as", "Ana"))
    child.expect(PROMPT)
    child.send("help\r")
    child.expect(PROMPT)
    assert "F3 or Alt+S: your status: points, tokens, bonuses, hand" in clean(child.before)
    child.send("quit\r")
    child.expect(pexpect.EOF)
