"""The console through prompt_toolkit's pipe input, and the plain piped mode of the real CLI."""

from __future__ import annotations

import io
import os
import subprocess
import uuid
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from splendor_a11y.engine import MODULES
from splendor_a11y.play.console import Console
from splendor_a11y.play.conversation import Channel
from splendor_a11y.play.grammar import parse_line
from splendor_a11y.play.speech import RecordingSpeaker

from conftest import cli_command, run_cli


def test_prompt_reads_lines_and_announces_them_printed_then_spoken() -> None:
    out = io.StringIO()
    speaker = RecordingSpeaker()
    with create_pipe_input() as pipe:
        console = Console(speaker=speaker, pt_input=pipe, pt_output=DummyOutput(), stdout=out)
        pipe.send_text("take ser\r")
        assert console.read_line("> ") == "take ser"
        pipe.send_text("\x04")  # Ctrl-D on an empty line
        assert console.read_line("> ") is None
    console.announce("You take 1s 1e 1r.", Channel.EVENT)
    console.announce("Supply: 4d.", Channel.ANSWER)
    assert out.getvalue() == "You take 1s 1e 1r.\nSupply: 4d.\n"
    assert speaker.spoken == [("You take 1s 1e 1r.", False), ("Supply: 4d.", True)]


def test_typing_interrupts_speech() -> None:
    speaker = RecordingSpeaker()
    with create_pipe_input() as pipe:
        console = Console(speaker=speaker, pt_input=pipe, pt_output=DummyOutput(), stdout=io.StringIO())
        pipe.send_text("me\r")
        console.read_line("> ")
    assert speaker.silenced >= 1


def test_ctrl_c_asks_before_quitting() -> None:
    out = io.StringIO()
    with create_pipe_input() as pipe:
        console = Console(pt_input=pipe, pt_output=DummyOutput(), stdout=out)
        pipe.send_text("\x03n\rboard\r")
        assert console.read_line("> ") == "board"
        pipe.send_text("\x03y\r")
        assert console.read_line("> ") is None
    assert "Quit the game?" in out.getvalue() and "Going on." in out.getvalue()


def test_the_review_keys_step_through_announcements() -> None:
    console = Console(interactive=False, stdin=io.StringIO(""), stdout=io.StringIO())
    for line in ("one", "two", "three"):
        console.announce(line, Channel.EVENT)
    assert console._key_lines("f2") == ["three"]
    assert console._key_lines("f5") == ["two"]
    assert console._key_lines("f5") == ["one"]
    assert console._key_lines("f5") == ["No line before this one, the first: one"]
    assert console._key_lines("f6") == ["two"]
    assert console._key_lines("f6") == ["three"]
    assert console._key_lines("f6") == ["No line after this one, the last: three"]


def test_piped_game_reads_one_command_a_line_and_stops_at_end_of_input(home: Path) -> None:
    script = "supply\nme\ntkae ser\ntake 2g\ntake ser\nfoo bar\n" + "x" * 300 + "\nboard\n"
    result = run_cli("play", "--seed", "3", "--log", str(home / "p.jsonl"), stdin=script, home=home)
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stderr
    assert lines[0].startswith("New game. Playing in this order:")
    assert "Supply: 4d 4s 4e 4r 4o 5g." in lines
    assert 'Unknown command "tkae". Did you mean take?' in lines
    assert "You cannot take gold: gold comes only with a reservation." in lines
    assert "You take 1s 1e 1r. You have 3 tokens: 1s 1e 1r." in lines
    assert any(line.startswith("That line is 300 characters long") for line in lines)
    command = f"{' '.join(cli_command())} resume {home / 'p.jsonl'}"
    assert lines[-1] == f"The game is saved in {home / 'p.jsonl'}. To go on later, type: {command}"
    assert run_cli("replay", str(home / "p.jsonl"), "--verify").returncode == 0
    typed = subprocess.run(
        command,
        shell=True,
        input="me\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SPLENDOR_A11Y_HOME": str(home), "SPLENDOR_A11Y_SPEECH": "off"},
    )
    assert typed.returncode == 0 and "You take 1s 1e 1r" not in typed.stderr
    assert "tokens 1s 1e 1r" in typed.stdout, typed.stdout + typed.stderr


@pytest.mark.parametrize(
    ("started", "told"),
    [
        (".venv/bin/splendor-a11y", ".venv/bin/splendor-a11y"),
        ("/home/ana/.venv/bin/splendor-a11y", "/home/ana/.venv/bin/splendor-a11y"),
        ("/home/ana b/.venv/bin/splendor-a11y", '"/home/ana b/.venv/bin/splendor-a11y"'),
        ("splendor-a11y", "splendor-a11y"),
        ("/usr/lib/python3/site-packages/splendor_a11y/__main__.py", "/usr/bin/python3 -m splendor_a11y"),
        ("/usr/bin/pytest", "splendor-a11y"),
    ],
)
def test_the_command_to_go_on_is_said_as_the_program_was_started(started: str, told: str) -> None:
    """After the README's install the program is .venv/bin/splendor-a11y, not a name on
    the PATH: the game tells the command as the player started it, so it works as typed."""
    from splendor_a11y.play.invocation import program

    assert program(started, python="/usr/bin/python3") == told


def test_non_utf8_and_control_characters_are_refused_politely(home: Path) -> None:
    result = run_cli(
        "play", "--seed", "3", "--log", str(home / "p.jsonl"), stdin=b"\xff\xfe take\n\x1b[Atake\nsupply\n", home=home
    )
    assert "That line is not UTF-8 text; please type it again." in result.stdout
    assert "That line has control characters in it; please type it again." in result.stdout
    assert "Supply:" in result.stdout and "Traceback" not in result.stderr


def test_resume_continues_where_the_game_stopped(home: Path) -> None:
    log = home / "games" / "r.jsonl"
    run_cli("play", "--seed", "3", "--log", str(log), stdin="take ser\n", home=home)
    result = run_cli("resume", stdin="me\n", home=home)
    assert result.returncode == 0
    assert f"Resuming the game from {log}, round 2." in result.stdout
    assert "New game" not in result.stdout and "Playing in this order: " in result.stdout
    assert "You: 0 points; tokens 1s 1e 1r (3)" in result.stdout


def test_a_closed_pipe_is_not_a_traceback(home: Path) -> None:
    import os
    import subprocess

    from conftest import cli_command

    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(home))
    proc = subprocess.Popen(
        cli_command() + ["lookup", "--level", "a"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdout is not None
    proc.stdout.read(10)
    proc.stdout.close()
    _, err = proc.communicate(timeout=30)
    assert b"Traceback" not in err


def test_bad_usage_is_exit_2(home: Path) -> None:
    assert run_cli("play", "--players", "Ana", home=home).returncode == 2
    result = run_cli("play", "--players", "Ana,bot:wizard", home=home)
    assert result.returncode == 2 and "There is no computer level 'wizard'" in result.stderr
    result = run_cli("play", "--module", "cities", home=home)
    listed = ", ".join(MODULES)
    assert result.returncode == 2 and f"There is no module 'cities'; the modules are {listed}." in result.stderr
    assert run_cli("frobnicate", home=home).returncode == 2


def test_setup_asks_one_question_at_a_time(home: Path) -> None:
    answers = "5\n2\nAna\nn\nBen\ny\nwizard\neasy\nplayers\n"
    result = run_cli("play", "--setup", "--seed", "2", "--log", str(home / "s.jsonl"), stdin=answers, home=home)
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "How many players, 2 to 4?",
        "Please answer with one of: 2, 3, 4.",
        "How many players, 2 to 4?",
    ]
    assert "Is Ben played by the computer? Type y or n." in lines
    assert "Please answer with one of: random, easy, medium, hard." in lines
    assert "Your turn. 0 points; bonuses none; tokens none; hand no cards. Ben: 0 points." in lines
    assert any(line.startswith("You: 0 points") for line in lines)
    assert any(line.startswith("Ben: 0 points") for line in lines)


def _two_at_one_keyboard(home: Path, typed: str, lang: str = "en", modules: tuple[str, ...] = ()) -> list[str]:
    """The lines Ana sees typing ``typed`` at the start of a game she and Ben share a
    keyboard for (seed 3), in ``lang``, with ``modules``; each game in a log of its own."""
    chosen = [word for module in modules for word in ("--module", module)]
    log = home / f"{uuid.uuid4().hex}.jsonl"
    arguments = ("play", "--lang", lang, "--seed", "3", *chosen, "--players", "Ana,Ben", "--log", str(log))
    return run_cli(*arguments, stdin=typed, home=home).stdout.splitlines()


def test_a_command_without_its_card_is_answered_with_a_command_that_works(home: Path) -> None:
    """The example in the question is typed back as it stands and is accepted."""
    for lang, typed, question, example in (
        ("en", "free", "Say which card to take free, for example free b1.", "free b1"),
        ("en", "look", "Say which card to look at, for example look b1, or board for the whole table.", "look b1"),
        ("fr", "voir", "Dites quelle carte regarder, par exemple voir b1, ou plateau pour toute la table.", "voir b1"),
    ):
        lines = _two_at_one_keyboard(home, f"{typed}\n{example}\n", lang, ("orient",))
        assert question in lines
        after = lines[lines.index(question) + 1]
        assert not after.startswith(("Say which", "Dites quelle", "Unknown", "Commande inconnue")), after


def test_help_on_a_module_s_name_points_to_its_rules_and_the_pointer_reads_them(home: Path) -> None:
    """``help strongholds`` names no command; a player asking it wants the module
    explained: the answer says which ``rules`` to type, in either language, and typing it
    reads that section, its name spaced or hyphenated as the player likes (``rules
    tradingposts`` was the only way in)."""
    english = 'No command is called "stronghold"; type rules strongholds to read that part of the rules.'
    french = "Aucune commande ne s'appelle « bastion » ; tapez règles bastions pour lire cette partie des règles."
    trading = 'No command is called "trading posts"; type rules trading posts to read that part of the rules.'
    for lang, asked, pointer, pointed, section in (
        ("en", "help stronghold", english, "rules strongholds", "The Strongholds, with --module strongholds"),
        ("fr", "aide bastion", french, "règles bastions", "Les Bastions, avec --module strongholds"),
        ("en", "help trading posts", trading, "rules trading-posts", "The Trading Posts, with --module tradingposts"),
    ):
        lines = _two_at_one_keyboard(home, f"{asked}\n{pointed}\n", lang, ("strongholds",))
        assert pointer in lines, lines
        assert lines[lines.index(pointer) + 1].startswith(section), lines


def test_a_bare_look_names_the_board_and_board_then_reads_the_whole_table(home: Path) -> None:
    """A player who types ``look`` (or ``cards``, taken for it) without a card most often
    wants the whole table: the question names ``board``, and typing it reads every row."""
    lines = _two_at_one_keyboard(home, "look\nboard\n")
    question = "Say which card to look at, for example look b1, or board for the whole table."
    assert question in lines
    after = lines[lines.index(question) + 1 :]
    assert [line.split(":")[0] for line in after[:4]] == ["Level c", "Level b", "Level a", "Nobles"], after


def test_gems_typed_without_take_are_refused_with_the_words_to_type(home: Path) -> None:
    """``e s r`` read as a prefix was exit, and quit the game; ``d s e`` was a Strongholds
    word. A line of gems alone is refused with the move to type, the game goes on, and
    the move typed as told is played."""
    told = '"e s r" names gems but no move: type take e s r to take them, or return e s r to give them back.'
    lines = _two_at_one_keyboard(home, "e s r\nd s e\ntake e s r\n")
    assert told in lines
    assert any(line.startswith('"d s e" names gems but no move: type take d s e') for line in lines)
    assert "Ana takes 1e 1r 1s." not in lines and any(line.startswith("Ana takes 1s 1e 1r.") for line in lines)
    assert not any(line.startswith("The game is saved") for line in lines[: lines.index(told)])
    french = _two_at_one_keyboard(home, "2s\n", "fr")
    assert (
        "« 2s » nomme des jetons mais aucune action : tapez prendre 2s pour les prendre, ou rendre 2s pour les rendre."
        in french
    )


def test_a_word_s_start_names_only_the_commands_of_the_game_in_play(home: Path) -> None:
    """In a base game ``d`` is no longer the Strongholds' ``decline`` (refused as not part
    of this game) and ``h`` does not offer ``hold``; with the Strongholds it is theirs."""
    base = _two_at_one_keyboard(home, "d\nh\ng\n")
    assert 'Unknown command "d". Type help for the list of commands.' in base
    assert '"h" could be hand, hint or help; type more letters.' in base
    assert 'Unknown command "g". Type help for the list of commands.' in base
    assert not any("Strongholds" in line or "Trading" in line for line in base)
    strongholds = _two_at_one_keyboard(home, "h\n", modules=("strongholds",))
    assert '"h" could be hold, hand, hint or help; type more letters.' in strongholds


def test_a_letter_names_the_command_whose_word_it_begins_before_an_alias(home: Path) -> None:
    """``t ser`` is take: the board's second name, ``table``, made ``t`` ambiguous between
    take and board, a word it does not begin. An alias alone still answers to its start
    (``hist`` for last's ``history``), and letters several words begin stay ambiguous."""
    lines = _two_at_one_keyboard(home, "t ser\nhist\np\n")
    assert not any("could be take" in line for line in lines)
    assert any('"p" could be pass or players; type more letters.' in line for line in lines)
    taken = sum(line.startswith("Ana takes 1s 1e 1r.") for line in lines)
    assert taken == 2, f"took once and read again by hist: {lines}"
    assert not any('command "hist"' in line or '"hist" could be' in line for line in lines)


def test_a_word_s_start_names_the_one_command_that_reads_the_words_after_it(home: Path) -> None:
    """In French ``acheter`` and ``achetables`` begin alike, so ``ach a1`` was refused as
    ambiguous and buying took six letters; ``t ser`` was prendre or trait. Where only one
    of the commands a start names reads the words after it, it is that one; alone, the
    start is still ambiguous, among the French words it begins (``t`` alone is trait)."""
    lines = _two_at_one_keyboard(home, "ach\np\nt\nt ser\nach a1\np ser\nquitter\n", "fr")
    assert "« ach » pourrait être acheter ou achetables ; tapez plus de lettres." in lines
    # The English words work too, but the choices name the French words the start begins.
    assert "« p » pourrait être prendre, passer ou plateau ; tapez plus de lettres." in lines
    assert "Manche 1 : au tour d'Ana." in lines
    assert any(line.startswith("Ana prend 1s 1e 1r.") for line in lines), lines
    assert any(line.startswith("Ben ne peut pas acheter a") for line in lines), lines
    assert any(line.startswith("Ben prend 1s 1e 1r.") for line in lines), lines
    assert not any("pourrait être prendre ou trait" in line for line in lines)


def test_a_player_s_name_is_matched_case_aside_and_said_back_as_typed(home: Path) -> None:
    """``me Zed`` was answered "There is no player called zed"."""
    lines = _two_at_one_keyboard(home, "me Zed\nme ANA\n")
    assert "There is no player called Zed; the players are Ana and Ben." in lines
    assert any(line.startswith("Ana: 0 points; tokens none") for line in lines), lines


def test_quit_with_words_after_it_is_a_slip_and_the_game_goes_on(home: Path) -> None:
    """``e x`` began with exit's letter and ended the game at once. Quit with any word
    after it is refused with the word to type alone; the game goes on, and quit alone
    still stops it."""
    told = '"e x" would be quit, which stands alone: type quit with nothing after it to stop.'
    lines = _two_at_one_keyboard(home, "e x\ntake d s e\nquit\n")
    assert told in lines
    assert not any(line.startswith("The game is saved") for line in lines[: lines.index(told)])
    assert any(line.startswith("Ana takes 1d 1s 1e.") for line in lines[lines.index(told) :]), lines
    assert any(line.startswith("The game is saved") for line in lines[lines.index(told) :]), lines
    french = _two_at_one_keyboard(home, "quitter maintenant\n", "fr")
    assert (
        "« quitter maintenant » serait quitter, qui s'emploie seul : tapez quitter sans rien après pour arrêter."
        in french
    )


def test_gems_named_in_full_with_commas_or_not_are_taken(home: Path) -> None:
    """A player who hears ``sapphire`` types it: gems named in full, in the game's
    language or in English, with commas or not, are the codes. ``take sapphire, emerald,
    ruby`` was "Unknown gem code 'a'", and ``take s, e, r`` "Unknown gem code ','"."""
    lines = _two_at_one_keyboard(home, "take sapphire, emerald, ruby\ntake 2 diamonds\n")
    assert any(line.startswith("Ana takes 1s 1e 1r.") for line in lines), lines
    assert any(line.startswith("Ben takes 2d.") for line in lines), lines
    french = _two_at_one_keyboard(home, "prendre saphir, émeraude, rubis\nprendre o, d, e\n", "fr")
    assert any(line.startswith("Ana prend 1s 1e 1r.") for line in french), french
    assert any(line.startswith("Ben prend 1d 1e 1o.") for line in french), french


def test_a_gem_name_misspelt_is_answered_with_the_name_it_is_nearest(home: Path) -> None:
    """``take diamnd`` was "Unknown gem code 'i' in "diamnd"": the player typed a name,
    and is told the name it is nearest, in the game's language when that is as near; a
    word like no gem is told how gems are named. Nothing is played, and the turn stays."""
    lines = _two_at_one_keyboard(home, "take diamnd, saphire\ntake gems please\ntake d s e\n")
    assert '"diamnd" is not a gem. Did you mean diamond?' in lines, lines
    told = '"gems" is not a gem: name gems by letter, as in ser, or in full, as in sapphire emerald ruby.'
    assert told in lines, lines
    assert any(line.startswith("Ana takes 1d 1s 1e.") for line in lines[lines.index(told) :]), lines
    french = _two_at_one_keyboard(home, "prendre emeraud\n", "fr")
    assert "« emeraud » n'est pas un jeton. Vouliez-vous dire émeraude ?" in french, french


@pytest.mark.parametrize(
    ("named", "coded"),
    [
        ("gain ruby", "gain r"),
        ("colour emerald", "colour e"),
        ("colour ruby ruby", "colour rr"),
        ("buy c3 pay 3 diamonds, 1 gold", "buy c3 pay 3d 1g"),
        ("return onyx, onyx", "return 2o"),
    ],
)
def test_a_gem_named_in_full_is_read_as_its_code_by_every_command(named: str, coded: str) -> None:
    """Where a command names a colour (a module's ``gain`` and ``colour``, ``pay``,
    ``return``), its name in full is its code too."""
    assert parse_line(named) == parse_line(coded)
