"""The card data file: the real card set, checked on load, shipped in the package."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from splendor_a11y.domain.cards import Card, CardDataError, CardSet, load_cards, parse_module_cards
from splendor_a11y.domain.notation import NotationError
from splendor_a11y.engine.modules.orient import card_marks
from splendor_a11y.engine.modules.orient.card_marks import (
    discard_colour,
    free_level,
    is_associate,
    is_double_gold,
    takes_noble,
)
from splendor_a11y.text.messages import problem_text

from conftest import DATA_FILE, run_cli


def test_the_whole_base_game_is_there(cards: CardSet) -> None:
    base = [c for level in "abc" for c in cards.level(level)]
    assert len(base) == 90 and len(cards.cards) == 120
    assert Counter(c.level for c in base) == {"a": 40, "b": 30, "c": 20}
    for level, per_colour in (("a", 8), ("b", 6), ("c", 4)):
        assert set(Counter(c.bonus for c in cards.level(level)).values()) == {per_colour}
    assert len(cards.nobles) == 10
    assert all(n.points == 3 for n in cards.nobles)


def test_published_cards_spot_checks(cards: CardSet) -> None:
    """Cards checked by hand against published lists, one per kind of cost shape."""
    for code in [
        "c4s 7d",
        "a0d 3s",
        "a1d 4e",
        "b3d 6d",
        "b1e 3d 2e 3r",
        "c3o 3d 3s 5e 3r",
        "c5e 7s 3e",
        "a0o 1e 3r 1o",
        "b2s 5s",
        "c4r 3s 6e 3r",
    ]:
        assert cards.card(code) is not None, code
    for noble in ["3 4d 4s", "3 4s 4e", "3 3d 3s 3e", "3 3e 3r 3o"]:
        assert cards.noble(noble) is not None, noble


def test_total_cost_by_level_matches_the_published_set(cards: CardSet) -> None:
    """A checksum over all 90 cards: any wrong number in the file changes these sums."""
    sums = {level: sum(c.cost.total for c in cards.level(level)) for level in "abc"}
    points = {level: sum(c.points for c in cards.level(level)) for level in "abc"}
    assert sums == {"a": 165, "b": 205, "c": 215}
    assert points == {"a": 5, "b": 55, "c": 80}


def test_the_orient_cards_match_the_reference_list(cards: CardSet) -> None:
    """Every row of the module's reference list (a copy of the shared reference facts) is in
    the file, read back with its effect."""
    import csv

    reference = Path(__file__).resolve().parent / "data" / "orient_cards.csv"
    rows = list(csv.DictReader(reference.open(encoding="utf-8")))
    orient = [c for level in "abc" for c in cards.module_level("orient", level)]
    assert len(orient) == len(rows) == 30
    for row, card in zip(rows, orient, strict=False):
        assert card.level == "abc"[int(row["level"]) - 1] and card.points == int(row["points"])
        effect = row["effect"]
        if effect.startswith("discard_2_"):
            gem = discard_colour(card)
            assert gem is not None and gem.value == effect[-1] and card.cost.total == 0
            continue
        assert [card.cost[i] for i in range(5)] == [int(row[f"cost_{g}"]) for g in "dsero"]
        assert is_double_gold(card) == (effect == "double_gold")
        assert is_associate(card) == effect.startswith("associate")
        assert free_level(card) == {"associate_cascade_1": "a", "cascade_2": "b"}.get(effect, "")
        assert takes_noble(card) == (effect == "reserve_noble")
        assert card.bonus_count == int(row["bonus_count"]) or is_associate(card) or is_double_gold(card)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA_FILE.read_text(encoding="utf-8")
    assert "\n" + old in text
    path = tmp_path / "cards.txt"
    path.write_text(text.replace("\n" + old, "\n" + new, 1), encoding="utf-8")
    return path


def _line_of(text: str) -> int:
    return DATA_FILE.read_text(encoding="utf-8").splitlines().index(text) + 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("c4s 7d\n", "c4s 7x\n", "line {line}: unknown gem code 'x'"),
        ("c4s 7d\n", "c9s 7d\n", "line {line}: c9s 7d has 9 points"),
        ("c4s 7d\n", "c4s 9d\n", "line {line}: c4s 9d asks for more than 7"),
        ("a0d 3s\n", "a0d 2r 1o\n", "line {line}: a0d 2r 1o is already on line"),
        ("c4s 7d\n", "", "level c has 19 cards"),
        ("c4s 7d\n", "c4e 7d\n", "level c has 3 cards with bonus s"),
        ("3 4d 4s\n", "3 4d 3s\n", "line {line}: noble 3 3s 4d"),
        ("3 4d 4s\n", "", "the file has 9 nobles"),
    ],
)
def test_each_check_names_the_fault(tmp_path: Path, old: str, new: str, message: str) -> None:
    line = _line_of(old.strip()) if old.strip() else 0
    with pytest.raises(CardDataError) as caught:
        load_cards(_broken(tmp_path, old, new))
    expected = message.format(line=line).replace("noble 3 3s 4d", "noble 3 4d 3s")
    assert expected in problem_text(caught.value)


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CardDataError) as caught:
        load_cards(tmp_path / "nope.txt")
    assert problem_text(caught.value) == "cannot read the card data file: No such file or directory"


def test_installed_package_finds_its_data_from_any_folder(tmp_path: Path) -> None:
    result = run_cli("lookup", "c4s", "7d", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == "c4s 7d: level c card, 4 prestige points, sapphire bonus, costs 7 diamonds."


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("b0dd 4s 3e", "two diamond bonuses"),
        ("a0gg 3o", "no colour, and may be discarded during a purchase for 2 gold"),
        ("a0* 3e 2o", "takes the colour and bonus of one of its owner's cards"),
        ("b0*+a 4e 3r 1o", "then its buyer takes a face-up level a card free"),
        ("b1d+n 2s 2e 2r 2o", "and its buyer reserves a noble tile"),
        ("c3d -2o", "bought by discarding two onyx cards instead of gems"),
    ],
)
def test_every_orient_mark_reads_in_words(code: str, words: str) -> None:
    result = run_cli("lookup", code)
    assert result.returncode == 0 and words in result.stdout and "Orient card" in result.stdout


def _fresh_python(script: str) -> str:
    """What a script prints in a new process, where no module has registered anything."""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_domain_alone_knows_no_module_card() -> None:
    """Without a module, the notation reads the base game's cards and none of a module's
    marks: the marks, their meaning and the cards that carry them are the module's own."""
    script = (
        "from splendor_a11y.domain.cards import Card, standard_cards\n"
        "from splendor_a11y.domain.notation import NotationError\n"
        "print(len(standard_cards().cards), standard_cards().modules)\n"
        "try:\n    Card.parse('a0gg 3o')\nexcept NotationError as error:\n    print(error.key)\n"
    )
    assert _fresh_python(script).split("\n")[:2] == ["90 {}", "notation.gold_cannot_be_a_card"]


def test_a_module_s_marks_are_read_once_it_registers_them() -> None:
    """A module registers the words and letters its cards carry; the notation then reads
    and writes them as they are, and a card carrying one is marked."""
    script = (
        "from splendor_a11y.domain.cards import Card\n"
        "from splendor_a11y.domain.notation import add_card_marks\n"
        "add_card_marks(bonus={'zz': 0}, extras=('q',), price='~')\n"
        "card = Card.parse('A0ZZ+Q ~ 2R')\n"
        "print(card, card.bonus, card.bonus_count, card.mark, card.extra, card.card_price, card.marked)\n"
    )
    assert _fresh_python(script).strip() == "a0zz+q ~2r None 0 zz q 2r True"


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("a0d+q 3s", '"+q" is not a mark in "a0d+q 3s"; the marks after a bonus are +a, +b, +n'),
        ("a0zx 3s", '"zx" is not one bonus code in "a0zx 3s"'),
        ("c3d -2g", 'gold cards cannot be discarded, in "c3d -2g"'),
        ("c3d -", 'a discard cost is written -2 and a colour, like -2o, in "c3d -"'),
    ],
)
def test_a_mark_no_module_registered_is_refused_in_one_sentence(code: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(code)
    assert problem_text(caught.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a0gg 3o\n", "line 56: a0gg 3o is already on line 16"),
        ("3 4d 4s\n", "is a noble; a module's card file holds only cards"),
        ("b0* 4s\n", "level b has 11 cards with marks; there are 10"),
    ],
)
def test_a_module_s_own_cards_are_checked_as_the_base_file_is(text: str, message: str) -> None:
    orient = (Path(card_marks.__file__).parent / "cards.txt").read_text(encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        parse_module_cards(orient + text, card_marks.CARDS_PER_LEVEL)
    assert message in problem_text(caught.value)


def test_a_module_s_card_count_per_level_is_its_own() -> None:
    orient = (Path(card_marks.__file__).parent / "cards.txt").read_text(encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        parse_module_cards(orient.replace("\nc3d -2o\n", "\n"), card_marks.CARDS_PER_LEVEL)
    assert problem_text(caught.value) == "level c has 9 cards with marks; there are 10"
