"""Nothing a player types ends a game: each slip gets one sentence and the game goes on.
Played through the real command line, as a player at a pipe or a screen reader would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from splendor_a11y.engine import MODULES, ModuleCommand, Reason
from splendor_a11y.engine.commands import COMMAND_KINDS
from splendor_a11y.text.messages import SOURCE

from conftest import REPO, run_cli

SLIPS = {
    "a0": "Places are numbered from 1, not 0",
    "c0": "Places are numbered from 1, not 0",
    "h0": "Places are numbered from 1, not 0",
    "b9": "There is no slot b9: each row has slots 1 to 4.",
    "h2": "There is no h2: your hand holds no cards.",
    "deck x": "Unknown level 'x'",
    "orient x": "Unknown level 'x'",
    "orient a": "There is no Orient deck in this game",
    "buy a0": "Places are numbered from 1, not 0",
    "look h0": "Places are numbered from 1, not 0",
    "reserve deck q": "Unknown level 'q'",
    "noble ²": "Say which noble by its number",
    "keep noble ①": "Say which noble to keep by its number",
    "last ①": "Say how many lines, 1 or more, for example last 10.",
    "last ٣": "Say how many lines, 1 or more, for example last 10.",
    "last 0": "Say how many lines, 1 or more, for example last 10.",
    "ｂ２": "Unknown command",
    "take ٣s": "Cannot read",
    "buy b1 pay ²d": "Unknown gem code '²'",
    # A word that is all that was read is named once ("Cannot read "3" in "3"").
    "take x": "Unknown gem code 'x'.",
    "return 3": 'Cannot read "3"; write counts like 3d 2s.',
    "buy b1 with ٣gg": "After with, say how many and gg",
    "buy c5 discard": "After discard, name the cards by their code",
    "buy c5 discard a9": "a9",
}


def test_every_slip_is_refused_in_one_sentence_and_the_game_goes_on(home: Path) -> None:
    typed = "".join(f"{line}\nme\n" for line in SLIPS) + "quit\n"
    result = run_cli("play", "--players", "Ana,bot:random", "--seed", "11", stdin=typed, home=home)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    out = result.stdout.splitlines()
    answers = [i for i, line in enumerate(out) if line.startswith("You: ")]
    assert len(answers) == len(SLIPS), "the game answered me after every slip"
    for (typed_line, expected), at in zip(SLIPS.items(), answers, strict=False):
        assert expected in out[at - 1], f"{typed_line!r} was answered {out[at - 1]!r}"
    assert out[-1].startswith("The game is saved in ")


def test_the_replay_stepper_refuses_the_same_slips(home: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    run_cli("play", "--players", "bot:easy,bot:random", "--seed", "3", "--log", str(log), home=home)
    typed = "".join(f"{line}\nwhere\n" for line in SLIPS) + "turn ²\nwhere\nquit\n"
    result = run_cli("replay", str(log), stdin=typed, home=home)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    wheres = [line for line in result.stdout.splitlines() if ", event 1 of " in line]
    assert len(wheres) == len(SLIPS) + 1, result.stdout[-2000:]
    assert "Say which turn by its number, for example turn 3." in result.stdout


def test_options_of_play_work_without_the_word_play(home: Path) -> None:
    result = run_cli("--seed", "7", "--players", "Ana,bot:hard", stdin="quit\n", home=home)
    assert result.returncode == 0, result.stderr
    log = next((home / "games").glob("*.jsonl"))
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["seed"] == 7 and [p["name"] for p in header["players"]] == ["Ana", "Hard bot"]
    assert run_cli("--version").returncode == 0


def test_help_lists_only_the_commands_of_the_game_in_play(home: Path) -> None:
    base = run_cli("play", "--seed", "2", stdin="help\nhelp hold\nhelp buy\nquit\n", home=home).stdout
    listing = base.split("Actions, one per turn:")[1].split("Notation:")[0]
    for word in ("colour r", "free b2", "keep noble", "hold b3", "oust b2", "conquer", "decline"):
        assert word not in listing, word
    assert "Orient marks" not in base
    assert "It belongs to the module The Strongholds, which is not part of this game" in base
    assert "with gg" not in base and "discard" not in base
    assert (
        "buy b1 | buy h2 | buy c3 pay 3d 2g: buy a face-up card or one from your hand; pay spells out the gems,"
        " gold included."
    ) in listing
    assert "Type it as: buy b1 | buy h2 | buy c3 pay 3d 2g." in base
    both = run_cli(
        "play",
        "--seed",
        "2",
        "--module",
        "orient",
        "--module",
        "strongholds",
        stdin="help\nhelp buy\nlang fr\naide acheter\nquit\n",
        home=home,
    ).stdout
    for word in (
        "colour r",
        "free b2",
        "keep noble",
        "hold b3",
        "oust b2",
        "conquer",
        "decline",
        "Orient marks",
        "Type it as: buy b1 | buy h2 | buy c3 pay 3d 2g | buy b5 with gg | buy c5 discard a0o 3e, b2o.",
        "gold included; with gg discards a double-gold card for 2 gold",
        "or compris ; avec gg défausse une carte double or pour 2 or",
        "acheter c3 payer 3d 2g | acheter b5 avec gg | acheter c5 défausser a0o 3e, b2o.",
    ):
        assert word in both, word


def test_every_refusal_has_its_sentence_in_the_catalogue() -> None:
    """Each reason the engine gives, with each variant it names, has a sentence (a missing
    one once ended a replay with a KeyError)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "splendor_a11y").rglob("*.py"))
    deck_words = {module.deck_word for module in MODULES.values() if module.deck_word}
    assert Reason.known, "the reasons are gathered as they are made"
    for reason in Reason.known.values():
        uses = re.findall(rf"Reasons?\.{reason.value.upper()}\b.*?\)\n", source, re.DOTALL)
        assert uses, f"{reason.value} is never given"
        variants = {
            v
            for use in uses
            for v in re.findall(r'(?:what|problem)=(?:"(\w+)")?[^,)]*?(?:else "(\w+)")?', use)
            for v in v
            if v
        }
        if any("what=place.word" in use for use in uses):
            variants |= deck_words
        if any("what=option.module" in use for use in uses):
            variants |= {module.name for module in MODULES.values() if module.options}
        if any(issubclass(kind, ModuleCommand) and kind.not_due is reason for kind in COMMAND_KINDS.values()):
            variants |= {"on", "off"}
        keys = [f"refuse.{reason.value}.{v}" for v in variants] or [f"refuse.{reason.value}"]
        for key in keys:
            assert key in SOURCE.sentences, key


@pytest.mark.parametrize("name", ["Ana\x1b[2J", "Bo\x07b", "E\u202evil"])
def test_player_names_with_control_characters_are_refused(home: Path, name: str) -> None:
    result = run_cli("play", "--players", f"{name},bot:easy", stdin="quit\n", home=home)
    assert result.returncode == 2 and "\x1b" not in result.stderr + result.stdout
    assert "printable characters" in result.stderr
