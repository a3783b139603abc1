"""The command line as a user meets it: options, names, files, exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import run_cli


def test_computer_players_are_named_by_their_level(home: Path, tmp_path: Path) -> None:
    log = tmp_path / "bots.jsonl"
    result = run_cli("play", "--players", "bot:medium,bot:easy,bot:easy", "--seed", "3", "--log", str(log), home=home)
    assert result.returncode == 0, result.stderr
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert [p["name"] for p in header["players"]] == ["Medium bot", "Easy bot 1", "Easy bot 2"]
    assert "Medium bot wins." in result.stdout
    summary = run_cli("replay", str(log), "--summary")
    assert "Easy bot 2" in summary.stdout and "Bot 2" not in summary.stdout.replace("Easy bot 2", "")


def test_the_default_opponent_says_its_level(home: Path) -> None:
    result = run_cli("play", "--seed", "4", stdin="players\nquit\n", home=home)
    assert "Medium bot" in result.stdout


def test_the_hard_bots_thinking_time_is_checked(home: Path) -> None:
    """A time out of bounds, or not a time, is refused in one sentence, and nothing
    starts. (That the fixed thought plays the same game every time is the recorded
    games' check: base-hard and fr-base-hard are played with ``--think fixed`` and heard
    again on every run of test_golden. Two more whole games of it here took 27 seconds.)"""
    for wrong in ("0", "ages", "61"):
        refused = run_cli("play", "--think", wrong, home=home)
        assert refused.returncode == 2
        assert refused.stderr.strip().splitlines() == [
            f"The option --think: it takes seconds from 0.1 to 60, or fixed; {wrong} is neither. "
            "Type splendor-a11y --help for the options."
        ]


def test_a_mistyped_option_is_answered_with_the_option_it_was_meant_to_be(home: Path) -> None:
    """``--language fr`` was "Unrecognized arguments: --language fr", in English even to a
    French player: the option meant is named, among those of the subcommand typed, in the
    player's language; an option like none is refused as before. Nothing is started."""
    cases = {
        ("play", "--language", "fr"): "There is no option --language; did you mean --lang?",
        ("--seeds", "3"): "There is no option --seeds; did you mean --seed?",
        ("play", "--speach", "off"): "There is no option --speach; did you mean --speech?",
        ("--lang", "fr", "play", "--langue", "fr"): "Il n'y a pas d'option --langue ; vouliez-vous dire --lang ?",
        ("replay", "game.jsonl", "--seed", "3"): "Unrecognized arguments: --seed 3.",
        (
            "--speech",
            "off",
            "play",
        ): "The subcommand comes first, then its options: type splendor-a11y play --speech off",
        ("--lang", "fr", "--speech", "off", "replay", "game.jsonl"): (
            "Le nom de la commande vient d'abord, ses options ensuite : "
            "tapez splendor-a11y replay --lang fr --speech off game.jsonl"
        ),
    }
    for words, said in cases.items():
        refused = run_cli(*words, home=home)
        assert refused.returncode == 2, refused
        assert refused.stdout == "" and refused.stderr.startswith(said), (words, refused.stderr)
    assert not (home / "games").exists()


def test_a_refused_command_line_is_one_sentence_in_the_players_language(home: Path) -> None:
    """argparse's refusals were English even to a French player ("Argument --seed: invalid
    int value: 'x'. Tapez ..."): each is said in the language in use, a typed value
    quoted as the language quotes, and an escape typed is shown, never sent."""
    cases = {
        ("play", "--seed", "x"): "The option --seed wants a number; 'x' is not one. Type splendor-a11y --help",
        ("--lang", "fr", "play", "--seed", "x"): "L'option --seed attend un nombre ; « x » n'en est pas un. Tapez",
        ("--lang", "fr", "play", "--seed"): "L'option --seed attend une valeur après elle.",
        ("--lang", "fr", "frob"): "Il n'y a pas de commande « frob » ; les commandes sont play, resume, replay,",
        ("--lang", "fr", "play", "--speech", "fort"): "L'option --speech prend auto, on, off ; « fort » n'en fait",
        ("--lang", "fr", "play", "--se", "3"): "L'option --se peut être --seed, --setup ; tapez-la en entier.",
        ("--lang", "fr", "replay", "a", "b"): "Arguments non reconnus : b.",
        ("--lang", "fr", "replay"): "Il manque : FICHIER. Tapez splendor-a11y --help",
        ("replay",): "Something is missing: FILE. Type splendor-a11y --help",
        (
            "--lang",
            "fr",
            "play",
            "--think",
            "99",
        ): "L'option --think : il faut des secondes de 0.1 à 60, ou fixed ; 99 n'est",
        ("play", "--seed", "\x1b[2J"): "The option --seed wants a number; '\\x1b[2J' is not one.",
        ("export", "abc"): "TABLE must be a number; 'abc' is not one.",
        ("--lang", "fr", "export", "abc"): "TABLE doit être un nombre ; « abc » n'en est pas un.",
    }
    for words, said in cases.items():
        refused = run_cli(*words, home=home)
        assert refused.returncode == 2, refused
        assert refused.stdout == "" and refused.stderr.startswith(said), (words, refused.stderr)
        assert "\x1b" not in refused.stderr and "Traceback" not in refused.stderr
    assert not (home / "games").exists()


def test_a_french_player_sets_up_a_game_with_the_levels_in_french(home: Path) -> None:
    """The setup asks whether the computer plays for each name in a form that fits any
    name (it asked "Ana est-il joué", a man's form), lists the levels as the language says
    them, takes the French word or the English name, and asks again listing only the
    French: the refusal listed both."""
    answers = "2\nAna\nn\nBen\no\nexpert\nDifficile\nquitter\n"
    log = home / "fr.jsonl"
    played = run_cli("--lang", "fr", "play", "--setup", "--seed", "2", "--log", str(log), stdin=answers, home=home)
    lines = played.stdout.splitlines()
    assert "L'ordinateur joue-t-il pour Ana ? Tapez o ou n." in lines, played
    assert "Quel niveau pour Ben : hasard, facile, moyen, difficile ?" in lines, played
    assert "Répondez par l'un de ces choix : hasard, facile, moyen, difficile." in lines, played
    assert json.loads(log.read_text().splitlines()[0])["players"][1] == {"name": "Ben", "kind": "bot", "level": "hard"}
    english = run_cli(
        "--lang",
        "fr",
        "play",
        "--setup",
        "--seed",
        "2",
        "--log",
        str(home / "en.jsonl"),
        stdin="2\nAna\nn\nBen\no\nmedium\nquitter\n",
        home=home,
    )
    assert json.loads((home / "en.jsonl").read_text().splitlines()[0])["players"][1]["level"] == "medium", english


def test_a_french_player_names_the_computer_in_french(home: Path) -> None:
    """``--players "Ana,robot:facile"`` seats the easy bot, as ``bot:easy`` does; an
    unknown level is refused with the levels as the language says them."""
    played = run_cli(
        "--lang", "fr", "play", "--players", "Ana,robot:facile", "--seed", "3", stdin="quitter\n", home=home
    )
    assert played.returncode == 0 and "Ordre de jeu : vous et Robot facile." in played.stdout, played
    refused = run_cli("--lang", "fr", "play", "--players", "Ana,bot:expert", home=home)
    assert refused.returncode == 2
    assert refused.stderr.startswith(
        "Il n'y a pas de niveau d'ordinateur « expert » ; les niveaux sont hasard, facile, moyen, difficile."
    ), refused.stderr


def test_the_other_language_s_word_for_the_computer_seats_it_with_a_level(home: Path) -> None:
    """In an English game, ``robot:easy`` (the French word, an English level) and
    ``bot:moyen`` seat computers; they had seated a person called "robot:easy". A person
    may still be called Robot."""
    played = run_cli("play", "--players", "Robot,robot:easy,bot:moyen", "--seed", "3", stdin="quit\n", home=home)
    assert played.returncode == 0, played
    order = next(line for line in played.stdout.splitlines() if "Playing in this order: " in line)
    assert sorted(order.split(". ")[1].removeprefix("Playing in this order: ").replace(" and ", ", ").split(", ")) == [
        "Easy bot",
        "Medium bot",
        "you",
    ], order


@pytest.mark.parametrize("command", ["play", "resume", "replay", "serve", "export", "lookup"])
def test_the_french_help_names_every_value_in_french(home: Path, command: str) -> None:
    """Each option's value is named in the help's language (``--seed GRAINE``, ``--db
    FICHIER|ADRESSE``): the French help said ``--max-cost MAX_COST`` and ``--as NAME``.
    The English names stay as they were."""
    english = {
        "PLAYERS",
        "SEED",
        "LOG",
        "AT",
        "NAME",
        "HOST",
        "FILE",
        "NUMBER",
        "SECONDS",
        "GEMS",
        "COSTS",
    }
    helped = run_cli("--lang", "fr", command, "--help", home=home)
    assert helped.returncode == 0, helped
    assert not english & set(re.findall(r"\b[A-Z][A-Z_]+\b", helped.stdout)), helped.stdout
    said = run_cli(command, "--help", home=home).stdout
    assert english & set(re.findall(r"\b[A-Z][A-Z_]+\b", said)), said


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("command", ["play", "resume", "replay", "serve", "export", "lookup"])
def test_every_value_in_the_help_is_a_word_a_screen_reader_says(home: Path, command: str, lang: str) -> None:
    """An option's value is one word: ``--max-connections MAX_CONNECTIONS`` was read
    "max underscore connections", and ``--max-cost MAX_COST`` the same."""
    helped = run_cli("--lang", lang, command, "--help", home=home)
    assert helped.returncode == 0, helped
    assert not re.findall(r"\b[A-Z]+_[A-Z_]+\b", helped.stdout), helped.stdout


def test_every_value_given_without_an_option_is_named_as_the_others() -> None:
    """A value typed alone is named in capitals like every other (``export TABLE
    [FILE]``): ``table`` and ``codes`` were the only ones in small letters."""
    assert "TABLE [FILE]" in run_cli("export", "--help").stdout
    assert "[CODES ...]" in run_cli("lookup", "--help").stdout
    assert "[CODES ...]" in run_cli("--lang", "fr", "lookup", "--help").stdout
