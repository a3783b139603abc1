"""What a player hears, line by line, through the real command line: who "you" is, the
line that starts a turn, the questions (hand, score, whose, rules, afford, nobles),
coming back to a game (resume's list, the history before it, playing again), replay's
words, and the same in French. Each test reads only what is printed, as a player would."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import run_cli

END_QUESTION = "Play again with the same players and options? Type y or n."


def lines_of(*args: str, typed: str, home: Path) -> list[str]:
    result = run_cli(*args, "--speech", "off", stdin=typed, home=home)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout.splitlines()


def test_at_a_shared_keyboard_every_line_names_the_player(home: Path) -> None:
    lines = lines_of(
        "play",
        "--players",
        "Ana,Ben,Cy",
        "--seed",
        "6",
        "--log",
        str(home / "h.jsonl"),
        typed="take dse\nhint\ntake ser\nme\nlast 3\nquit\n",
        home=home,
    )
    said = "\n".join(lines)
    assert re.search(r"^New game\. Playing in this order: (Ana|Ben|Cy), (Ana|Ben|Cy) and (Ana|Ben|Cy)\.", said, re.M)
    first = re.search(r"^Your turn, (\w+)\. 0 points; bonuses none; tokens none; hand no cards\.", said, re.M)
    assert first, said
    assert f"{first.group(1)} takes 1d 1s 1e." in said
    assert re.search(r"^(Ana|Ben|Cy) asks for a hint\.$", said, re.M)
    assert not re.search(r"^You (take|ask|reserve|buy)|\byou\b and", said, re.M), said
    assert re.search(r"^(Ana|Ben|Cy): 0 points; tokens ", said, re.M), "me names the player too"


def test_alone_at_the_keyboard_the_player_is_you_and_only_you(home: Path) -> None:
    lines = lines_of("play", "--seed", "3", "--log", str(home / "a.jsonl"), typed="take dse\nquit\n", home=home)
    assert lines[0].startswith("New game. Playing in this order: you and Medium bot.")
    assert lines[1] == "Your turn. 0 points; bonuses none; tokens none; hand no cards. Medium bot: 0 points."
    assert "Player" not in "\n".join(lines[:4])
    assert lines[4].startswith(
        "Your turn. 0 points; bonuses none; tokens 1d 1s 1e; hand no cards. Medium bot: 0 points"
    )


def test_brief_and_full_choose_what_the_turn_says_and_the_queries_answer_what_help_says(home: Path) -> None:
    typed = "reserve c1\nhand\nscore\nwhose\nfull\ntake dse\nbrief\nhand medium\nrules\nrules nob\nquit\n"
    lines = lines_of("play", "--seed", "3", "--log", str(home / "q.jsonl"), typed=typed, home=home)
    said = "\n".join(lines)
    assert "Your hand: h1 c4d 3d 3r 6o." in lines
    assert "You: 0 points and Medium bot: 0 points; 15 points start the last round." in lines
    assert "Round 2: your turn." in lines
    assert re.search(
        r"^Your turn\. 0 points; bonuses none; tokens 1d 1s 1e 1g; hand h1 c4d 3d 3r 6o\. "
        r"Medium bot: 0 points; bonuses none; tokens [^;]+; hand no cards\.$",
        said,
        re.M,
    ), said
    assert "Medium bot's hand is empty." in lines
    assert any(line.startswith("The goal: you are gem merchants.") for line in lines)
    assert any(
        line.startswith("Nobles: at the end of your turn, a noble whose bonuses you have visits you") for line in lines
    )
    assert re.search(
        r"^Your turn\. 0 points; bonuses none; tokens [^;]+; hand 1 card\. Medium bot: 0 points\.$", said, re.M
    ), "brief is back"


def test_afford_names_each_card_once_with_what_it_costs_you(tmp_path: Path) -> None:
    from splendor_a11y.domain.notation import GemCounts
    from splendor_a11y.text.narrator import Narrator
    from splendor_a11y.text.queries import Answers

    from conftest import new_game, with_player

    state = with_player(new_game(2, 4), 0, tokens=GemCounts.parse("3d 3s 3e 3r 3o 1g"))
    said = Answers(Narrator(viewer=0)).afford(state, 0)
    entries = said.removeprefix("You can buy: ").removesuffix(".").split("; ")
    for entry in entries:
        assert re.fullmatch(r"[abch]\d [abc]\d[dsero] [0-9dsero ]+: (pay [0-9dserog ]+|free)", entry), entry
    state = with_player(new_game(2, 4), 0, tokens=GemCounts.parse("1g"))
    card = state.rows[2][0]
    assert card is not None
    told = Answers(Narrator(viewer=0)).place(
        state, __import__("splendor_a11y.domain.notation", fromlist=["Slot"]).Slot("c", 1), 0
    )
    assert "; your 1 gold pays for 1 of them, so you are " in told, told


def test_resume_without_a_file_lists_the_unfinished_games_and_the_history_reaches_back(home: Path) -> None:
    for seed in ("1", "2"):
        lines_of("play", "--seed", seed, "--players", "Ana,bot:easy", typed="take dse\nquit\n", home=home)
    lines = lines_of("resume", typed="2\nlast 4\nquit\n", home=home)
    assert lines[0] == "2 unfinished games, the newest first:"
    assert re.fullmatch(r"1: Ana and Easy bot, last played \d{4}-\d\d-\d\d \d\d:\d\d, round 2\.", lines[1])
    assert lines[3] == "Which game? Type its number, 1 to 2, or press Enter for the newest."
    assert lines[4].startswith("Resuming the game from ")
    recalled = lines[lines.index(next(line for line in lines if line.startswith("Your turn."))) + 1 :]
    assert any(line.startswith("You take 1d 1s 1e.") for line in recalled), "last reaches before the resume"


def test_a_finished_game_offers_another_with_the_same_players(home: Path) -> None:
    lines = lines_of(
        "play",
        "--players",
        "bot:easy,bot:random",
        "--seed",
        "4",
        "--log",
        str(home / "one.jsonl"),
        typed="y\nn\n",
        home=home,
    )
    assert lines.count(END_QUESTION) == 2
    after = lines[lines.index(END_QUESTION) + 1 :]
    assert after[0].startswith("New game. Playing in this order: "), after[:2]
    assert set(re.findall(r"Easy bot|Random bot", after[0])) == {"Easy bot", "Random bot"}
    assert after[-1] == END_QUESTION and after[-2].startswith("The game log is in ")
    assert len(list((home / "games").glob("*.jsonl"))) == 1, "the second game has a log of its own"


def test_replay_steps_over_hints_says_you_for_the_player_and_takes_a_name_s_start(home: Path) -> None:
    log = home / "r.jsonl"
    lines_of(
        "play",
        "--seed",
        "3",
        "--players",
        "Ana,bot:easy",
        "--log",
        str(log),
        typed="hint\nhint\ntake dse\nhint\ntake ser\nquit\n",
        home=home,
    )
    told = run_cli("replay", str(log), "--transcript", "--as", "an", home=home).stdout.splitlines()
    assert not any("asks for a hint" in line for line in told)
    assert told[0].startswith("Deal: New game.") and not told[0].endswith("Type help for the commands.")
    summary = run_cli("replay", str(log), "--summary", "--as", "AN", home=home).stdout
    assert "You asked for 3 hints." in summary and "You took 6 tokens" in summary and "Ana" not in summary
    stepped = lines_of("replay", str(log), typed="next\nnext\nhelp\nquit\n", home=home)
    assert stepped[stepped.index("Type next to hear the first move, turn 5 to jump, or help.") + 1].startswith(
        "Turn 1: Ana takes 1d 1s 1e."
    )
    assert not any(line.startswith(("hint:", "brief:", "full:")) for line in stepped), "help lists what works"
    state = json.loads(run_cli("replay", str(log), "--state-json", "--at", "2", home=home).stdout)
    assert (state["turn"], state["round"]) == (1, 1)


def test_help_describes_every_option(home: Path) -> None:
    for command in ("play", "resume", "replay"):
        shown = run_cli(command, "--help", home=home).stdout
        for option in ("--speech", "--verbosity", "--detail"):
            described = re.search(rf"{option} \{{[^}}]+\}}\s+(\S.*)", shown)
            assert described, (command, option, shown)
    assert "the game's log" in run_cli("replay", "--help", home=home).stdout


def test_french_agrees_and_keeps_one_typography(home: Path) -> None:
    typed = "indice\nmain\nscore\ntrait\nrègles bast\nplateau\nnobles\nprendre dse\nquitter\n"
    lines = lines_of("--lang", "fr", "play", "--seed", "3", "--log", str(home / "f.jsonl"), typed=typed, home=home)
    said = "\n".join(lines)
    assert lines[0].startswith("Nouvelle partie. Ordre de jeu : vous et Robot moyen.")
    assert "À vous. 0 point ; bonus : aucun ; jetons : aucun ; main : aucune carte. Robot moyen : 0 point." in lines
    assert "Votre main est vide." in lines
    assert "Vous : 0 point et Robot moyen : 0 point ; 15 points lancent la dernière manche." in lines
    assert "Manche 1 : à vous." in lines
    assert any(line.startswith("Les Bastions, avec --module strongholds : ") for line in lines)
    assert not re.search(r"[^.!?:] Vous\b", said), "no capital Vous mid-sentence"
    assert not re.search(r"\b[01] jetons\b|\b[01] points\b", said)
    assert not re.search(r"\w[;:]", said.replace("bot:", "")), "a space before every ; and :"
    near = re.search(r"à \d+ jetons? près", said)
    assert near or "cela met" not in said


def test_in_words_the_help_gives_its_examples_in_words(home: Path) -> None:
    """A player who chose words was shown ``take ser | take 2s``: codes they may not know.
    The examples with gems are said as commands are said to them; the rest, and the
    help in codes, are as written."""
    typed = "help take\nhelp buy\nhelp colour\ncodes\nhelp take\nquit\n"
    said = "\n".join(
        lines_of(
            "play", "--verbosity", "words", "--module", "orient", "--log", str(home / "w.jsonl"), typed=typed, home=home
        )
    )
    assert "Type it as: take sapphire, emerald, ruby | take 2 sapphires." in said, said
    assert "buy b1 | buy h2 | buy c3 pay 3d 2g | buy b5 with gg | " in said, said
    assert "colour ruby | colour 2 rubies" in said, said
    assert "Type it as: take ser | take 2s." in said, said
