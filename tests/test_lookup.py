"""``splendor-a11y lookup``: sentences, searches, braille and exit codes, through the real CLI."""

from __future__ import annotations

import pytest

from splendor_a11y.domain.braille import to_braille

from conftest import run_cli


def test_one_card_in_words() -> None:
    result = run_cli("lookup", "c4s", "7d")
    assert (result.returncode, result.stdout) == (
        0,
        "c4s 7d: level c card, 4 prestige points, sapphire bonus, costs 7 diamonds.\n",
    )


def test_a_noble_in_words() -> None:
    result = run_cli("lookup", "3 4s 4e")
    assert result.stdout == "3 4s 4e: noble, 3 prestige points, needs 4 sapphire and 4 emerald bonuses.\n"


def test_filters_list_matches_then_a_count() -> None:
    result = run_cli("lookup", "--level", "a", "--bonus", "d")
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and lines[-1] == "8 cards." and len(lines) == 9
    assert all(line.startswith("a") and "diamond bonus" in line for line in lines[:-1])


def test_points_cost_and_colour_filters() -> None:
    lines = run_cli("lookup", "--points", "5").stdout.splitlines()
    assert lines[-1] == "5 cards."
    lines = run_cli("lookup", "--level", "b", "--costs", "o", "--max-cost", "5").stdout.splitlines()
    assert lines == ["b2r 5o: level b card, 2 prestige points, ruby bonus, costs 5 onyx.", "1 card."]


def test_a_head_lists_every_card_it_matches() -> None:
    lines = run_cli("lookup", "c4s").stdout.splitlines()
    assert lines == [
        "c4s 7d: level c card, 4 prestige points, sapphire bonus, costs 7 diamonds.",
        "c4s 6d 3s 3o: level c card, 4 prestige points, sapphire bonus, costs 6 diamonds, 3 sapphires and 3 onyx.",
        "2 cards.",
    ]


def test_nobles_listed() -> None:
    assert run_cli("lookup", "--nobles").stdout.splitlines()[-1] == "10 nobles."


def test_no_such_card_says_the_closest() -> None:
    result = run_cli("lookup", "c4s", "7e")
    assert (result.returncode, result.stdout) == (1, "No card c4s 7e. Closest: c4s 7d, c4e 7s.\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["a0x", "3s"], "Unknown gem code 'x' in \"a0x 3s\"."),
        (["--bonus", "q"], "--bonus takes one gem code"),
        (["--points", "many"], "The option --points wants a number; 'many' is not one."),
        ([], "Say a card code"),
        (["noble", "4s"], "To list the nobles: lookup --nobles; to search the cards: --bonus, --points, --costs."),
        # A word alone was said twice: '"7d" is not a card head in "7d"'.
        (["7d"], '"7d" is not a card head; a card starts with its level, points and bonus, like c4s.'),
    ],
)
def test_bad_input_is_a_sentence_and_exit_2(args: list[str], message: str) -> None:
    result = run_cli("lookup", *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_code_of_letters_and_digits_gets_no_word_search_advice() -> None:
    """The advice on searching in words follows a word, not a mistyped code."""
    result = run_cli("lookup", "x4s", "3d")
    assert result.returncode == 2
    assert "levels are a, b and c" in result.stderr
    assert "--nobles" not in result.stderr


def test_an_orient_card_paid_in_cards_is_looked_up_unquoted() -> None:
    """``lookup c3d -2o`` was refused ("Unrecognized arguments: -2o"): argparse took the
    cost in cards for an option. A word as a card's cost is read as one."""
    result = run_cli("lookup", "c3d", "-2o", "--braille")
    assert result.returncode == 0, result
    assert result.stdout.splitlines()[0] == (
        "c3d -2o: level c Orient card, 3 prestige points, diamond bonus, bought by discarding two onyx cards "
        "instead of gems."
    )


def test_braille_labels() -> None:
    result = run_cli("lookup", "a0d", "3s", "--braille")
    assert result.stdout.splitlines()[1] == "a0d 3s in braille: \u2801\u283c\u281a\u2830\u2819\u2800\u283c\u2809\u280e"


def test_braille_rules() -> None:
    # number sign before digits; grade-1 indicator only before a-j after a digit
    assert to_braille("c4s") == "\u2809\u283c\u2819\u280e"
    assert to_braille("a0d") == "\u2801\u283c\u281a\u2830\u2819"
    assert to_braille("12") == "\u283c\u2801\u2803"


def test_lookup_marks_explains_every_orient_mark() -> None:
    from conftest import run_cli

    result = run_cli("lookup", "--marks")
    assert result.returncode == 0
    for mark in ("b0dd:", "a0gg:", "a0*:", "c0d+b:", "b1d+n:", "c3d -2o:", "slots 5 and 6"):
        assert mark in result.stdout
