"""The whole game in French, as a French speaker meets it: computer games and their
replays with every module, sentence by sentence for the events and refusals, the
French command words at the prompt, and the language chosen by the locale."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from splendor_a11y.domain.notation import GemCounts
from splendor_a11y.engine import TakeGems
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.messages import set_language, speaking
from splendor_a11y.text.narrator import Narrator

from conftest import MODULE_SUBSETS, cli_command, new_game, refused, run_cli
from pty_helpers import clean

ENGLISH_WORDS = {
    "the",
    "you",
    "your",
    "and",
    "take",
    "takes",
    "buy",
    "buys",
    "reserve",
    "reserves",
    "return",
    "returns",
    "deck",
    "turn",
    "round",
    "level",
    "game",
    "card",
    "cards",
    "wins",
    "win",
    "visits",
    "with",
    "from",
    "has",
    "have",
    "is",
    "of",
    "to",
    "stronghold",
    "strongholds",
    "free",
    "gold",
    "tokens",
    "token",
    "hand",
    "over",
    "player",
    "players",
    "empty",
    "now",
    "left",
    "paying",
    "bot",
    "computer",
    "type",
    "help",
    "new",
    "order",
    "playing",
    "last",
    "none",
    "no",
    "ask",
    "asks",
    "hint",
    "conquer",
    "conquers",
    "refilled",
    "discarding",
    "colour",
    "replay",
    "event",
    "events",
    "all",
    "legal",
    "sapphire",
    "diamond",
    "emerald",
    "ruby",
    "rubies",
    "diamonds",
    "sapphires",
    "emeralds",
}
"""English words a French transcript must never contain (``or``, ``bonus``, ``noble``,
``points`` and ``main`` are French words too, so they are not here)."""
WORD = re.compile(r"[A-Za-zÀ-ÿ]+")
CODE = re.compile(r"^[abch]\d|^\d")


def english_left(lines: list[str]) -> list[tuple[str, str]]:
    """Each English word left in the lines, with its line."""
    found = []
    for line in lines:
        for word in WORD.findall(re.sub(r"\S*/\S*", "", line)):
            if word.lower() in ENGLISH_WORDS:
                found.append((word, line))
    return found


@pytest.mark.parametrize("modules", MODULE_SUBSETS)
def test_a_computer_game_and_its_replay_say_no_english_word(tmp_path: Path, modules: tuple[str, ...]) -> None:
    log = tmp_path / "partie.jsonl"
    module_args = [arg for name in modules for arg in ("--module", name)]
    played = run_cli(
        "--lang",
        "fr",
        "--players",
        "bot:easy,bot:medium,bot:random",
        "--seed",
        "11",
        "--log",
        str(log),
        *module_args,
        home=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    transcript = run_cli("replay", str(log), "--transcript", "--lang", "fr", home=tmp_path)
    summary = run_cli("replay", str(log), "--summary", "--lang", "fr", home=tmp_path)
    verified = run_cli("replay", str(log), "--verify", "--lang", "fr", home=tmp_path)
    lines = (played.stdout + transcript.stdout + summary.stdout + verified.stdout).splitlines()
    assert "La partie est finie." in played.stdout
    assert "événements, chacun conforme aux règles. La partie est finie." in verified.stdout
    assert sorted({word for word, _ in english_left(lines)}) == [], english_left(lines)[:5]


def test_the_log_of_a_french_game_is_the_same_as_an_english_one(tmp_path: Path) -> None:
    french, english = tmp_path / "fr.jsonl", tmp_path / "en.jsonl"
    for lang, log in (("fr", french), ("en", english)):
        assert (
            run_cli(
                "--lang",
                lang,
                "--players",
                "Ana,Ben",
                "--seed",
                "4",
                "--log",
                str(log),
                stdin="take ser\ntake dso\nquit\n",
                home=tmp_path,
            ).returncode
            == 0
        )
    strip = [
        {k: v for k, v in json.loads(line).items() if k not in ("created", "time")}
        for line in french.read_text().splitlines()
    ]
    assert strip == [
        {k: v for k, v in json.loads(line).items() if k not in ("created", "time")}
        for line in english.read_text().splitlines()
    ]


def test_french_words_play_a_turn_with_or_without_accents(tmp_path: Path) -> None:
    result = run_cli(
        "--lang",
        "fr",
        "--players",
        "Ana,Ben",
        "--seed",
        "4",
        "--log",
        str(tmp_path / "g.jsonl"),
        stdin="prendre ser\nreserver paquet c\nRÉSERVER a1\nplateau\nbanque\nmoi Ben\naide rendre\n"
        "voix non\nprendr dso\nachetr b1\nquitter\n",
        home=tmp_path,
    )
    out = result.stdout
    assert "Ana prend 1s 1e 1r. Ana a 3 jetons : 1s 1e 1r." in out or "Vous prenez 1s 1e 1r." in out
    assert "Ben réserve la carte du dessus du paquet c et prend 1 or. La main de Ben contient 1 carte." in out
    assert "La main d'Ana contient 1 carte." in out
    assert "Niveau c : " in out and "Réserve : " in out
    assert "rendre : rendre des jetons quand vous en avez plus de 10. Tapez-la ainsi : rendre so | rendre 2s." in out
    assert "Commande inconnue « achetr ». Vouliez-vous dire acheter ?" in out
    assert "La partie est sauvegardée dans" in out
    assert english_left(out.splitlines()) == []
    assert re.search(
        r"À vous, (Ana|Ben)\. 0 point ; bonus : aucun ; jetons : aucun ; main : aucune carte\. (Ana|Ben) : 0 point\.",
        out,
    )
    assert re.search(
        r"(Ben|Vous) : \d+ points? ; jetons : [^;]+ \(\d+\) ; bonus : aucun ; main : [^;]+ ; nobles : aucun\.", out
    )


def test_the_locale_chooses_french_and_lang_at_the_prompt_changes_it(tmp_path: Path) -> None:
    env_before = dict(os.environ)
    try:
        os.environ["LANG"] = "fr_CA.UTF-8"
        result = run_cli(
            "--players",
            "Ana,Ben",
            "--seed",
            "4",
            "--log",
            str(tmp_path / "g.jsonl"),
            stdin="langue en\nboard\nlang fr\nplateau\nquit\n",
            home=tmp_path,
        )
    finally:
        os.environ.clear()
        os.environ.update(env_before)
    assert result.stdout.startswith("Nouvelle partie.")
    assert "The game now speaks English." in result.stdout and "Level c: " in result.stdout
    assert "Le jeu parle maintenant français." in result.stdout and "Niveau c : " in result.stdout


def test_an_unknown_language_is_refused_in_one_sentence(tmp_path: Path) -> None:
    result = run_cli("--lang", "de", home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "There is no language 'de'; the languages are en English, fr français."


def test_refusals_in_french_agree_with_vous_and_with_a_name() -> None:
    state = new_game()
    refusal = refused(state, TakeGems(GemCounts([0, 0, 0, 0, 0, 1])))
    set_language("fr")
    assert Narrator(viewer=state.current).refusal(refusal, state) == (
        "Vous ne pouvez pas prendre d'or : l'or ne vient qu'avec une réservation."
    )
    name = state.players[state.current].name
    set_language("en")
    with speaking(LANGUAGES["fr"]):
        said = Narrator(viewer=None).refusal(refusal, state)
    assert said == f"{name} ne peut pas prendre d'or : l'or ne vient qu'avec une réservation."


def test_tab_completes_the_french_words_in_a_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(tmp_path), TERM="xterm", SPLENDOR_A11Y_SPEECH="off")
    command = cli_command()
    child = pexpect.spawn(
        command[0],
        [*command[1:], "--lang", "fr", "--players", "Ana,bot:easy", "--seed", "4", "--log", str(tmp_path / "g.jsonl")],
        env=env,
        encoding="utf-8",
        dimensions=(24, 200),
        timeout=30,
    )
    child.expect(r"À vous\. ")
    child.send("pren\t")
    child.send(" ser\r")
    child.expect(r"Vous prenez 1s 1e 1r\.")
    assert "prendre ser" in clean(child.before), "Tab did not complete pren into prendre"
    child.expect(r"À vous\. ")
    child.send("plat\t\r")
    child.expect("Niveau c : ")
    assert "plateau" in clean(child.before), "Tab did not complete plat into plateau"
    child.send("quitter\r")
    child.expect("La partie est sauvegardée")
    child.expect(pexpect.EOF)
