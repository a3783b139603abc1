"""The catalogues: French is complete and says what English says with the same facts,
the PO files are what translators' tools read, and the language comes from the user."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from splendor_a11y.domain.notation import Gem
from splendor_a11y.text.languages import LANGUAGES, discover, language_from_locale
from splendor_a11y.text.languages.plural_rule import PluralRuleError, plural_rule
from splendor_a11y.text.languages.po import CatalogueError, parse_catalogue
from splendor_a11y.text.messages import gem_name, join_words, plural, set_language, speaking, text

LOCALES = Path(__file__).resolve().parent.parent / "splendor_a11y" / "text" / "locales"
ENGLISH, FRENCH = LANGUAGES["en"], LANGUAGES["fr"]
FIELD = re.compile(r"\{(\w+)[^}]*\}")
SUBJECT_FIELDS = {"subject", "subject_lower", "possessive"}
"""A refusal's subject: a language may say it its own way, with its own agreement."""


def fields(template: str) -> set[str]:
    return set(FIELD.findall(template))


TRANSLATIONS = [code for code in LANGUAGES if code != "en"]
"""Every catalogue found beside the English source: each is checked, not only French."""


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_english_sentence_has_a_translation_in_every_catalogue(code: str) -> None:
    source, translated = ENGLISH.catalogue, LANGUAGES[code].catalogue
    assert sorted(set(source.sentences) - set(translated.sentences)) == [], code
    assert sorted(set(source.plurals) - set(translated.plurals)) == [], code
    assert set(translated.sentences) == set(source.sentences)
    assert set(translated.plurals) == set(source.plurals)
    assert all(translated.sentences.values()) and all(all(forms) for forms in translated.plurals.values())
    for spoken in LANGUAGES.values():
        assert {len(forms) for forms in spoken.catalogue.plurals.values()} == {spoken.plural_forms}, spoken.code


def test_a_sentence_told_to_the_listener_has_its_form_told_of_another_under_one_name() -> None:
    """A sentence whose wording turns on who hears it is ``key.you`` for the listener and
    ``key.other`` for anyone else, never ``key`` alone: a translator finds every pair the
    same way, and the narrator names both forms with one method (``Narrator.told``)."""
    keys = set(ENGLISH.catalogue.sentences) | set(ENGLISH.catalogue.plurals)
    told_to_you = {key.removesuffix(".you") for key in keys if key.endswith(".you")}
    assert sorted(told_to_you & keys) == []


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_translation_fills_in_the_same_facts_as_english(code: str) -> None:
    translated = LANGUAGES[code]
    french_agreement = set(translated.agreement(True))
    english_agreement = set(ENGLISH.agreement(True))
    for key, english in ENGLISH.catalogue.sentences.items():
        said, wanted = fields(translated.catalogue.sentences[key]), fields(english)
        if wanted & SUBJECT_FIELDS:
            assert said <= wanted | french_agreement | SUBJECT_FIELDS, key
            assert wanted - SUBJECT_FIELDS - english_agreement <= said, key
        else:
            assert said == wanted, key
    for key, forms in ENGLISH.catalogue.plurals.items():
        wanted = fields(" ".join(forms)) | {"n"}
        assert all(fields(form) <= wanted for form in translated.catalogue.plurals[key]), key


def test_the_agreement_of_each_language_fills_the_same_fields_for_you_and_for_a_name() -> None:
    for spoken in LANGUAGES.values():
        assert set(spoken.agreement(True)) == set(spoken.agreement(False))


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("code", TRANSLATIONS)
def test_gettext_accepts_every_catalogue(code: str) -> None:
    checked = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(LOCALES / f"{code}.po")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr


def test_each_language_counts_by_the_plural_rule_of_its_catalogue() -> None:
    assert FRENCH.catalogue.headers["Plural-Forms"] == "nplurals=2; plural=(n > 1);"
    assert ENGLISH.catalogue.headers["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert [FRENCH.counted("hand", n).format(n=n) for n in range(3)] == ["0 carte", "1 carte", "2 cartes"]
    assert [ENGLISH.counted("hand", n).format(n=n) for n in range(3)] == ["0 cards", "1 card", "2 cards"]


def test_a_fuzzy_or_empty_translation_is_not_used_and_a_broken_file_is_refused() -> None:
    po = "\n".join(
        [
            "#, fuzzy",
            'msgctxt "a"',
            'msgid "A"',
            'msgstr "Ah"',
            "",
            'msgctxt "b"',
            'msgid "B"',
            'msgstr ""',
            "",
            'msgctxt "c"',
            'msgid "C"',
            'msgstr "Ç"',
            '"a"',
        ]
    )
    catalogue = parse_catalogue(po, "test.po", source=False)
    assert catalogue.sentences == {"c": "Ça"}
    with pytest.raises(CatalogueError):
        parse_catalogue('msgctxt "a"\nmsgid "A"\nmsgstr "x\\q"', "bad.po", source=False)
    with pytest.raises(CatalogueError):
        parse_catalogue('msgctxt "a"\nnonsense', "bad.po", source=False)


def test_french_grammar_counts_articles_and_lists() -> None:
    set_language("fr")
    assert plural(0, "hand") == "0 carte" and plural(1, "hand") == "1 carte" and plural(2, "hand") == "2 cartes"
    assert plural(0, "hand", "hand.none") == "aucune carte"
    assert gem_name(Gem.EMERALD, 2) == "émeraudes" and gem_name(Gem.RUBY, 3) == "rubis"
    assert join_words(["a", "b", "c"]) == "a, b et c"
    assert FRENCH.indefinite(Gem.EMERALD) == "une émeraude" and FRENCH.indefinite(Gem.ONYX) == "un onyx"
    assert FRENCH.finish("la main de Ana, de a3, que Ulysse") == "la main d'Ana, de a3, qu'Ulysse"
    assert FRENCH.finish("Au tour de ana.") == "Au tour d'ana."
    assert FRENCH.finish("plus de émeraude, de a0e, de e, de hugo") == "plus d'émeraude, de a0e, de e, de hugo"
    assert ENGLISH.finish("the hand of Ana") == "the hand of Ana"


def test_a_third_language_is_a_catalogue_and_nothing_more(tmp_path: Path) -> None:
    shutil.copy(LOCALES / "messages.pot", tmp_path / "messages.pot")
    french = (LOCALES / "fr.po").read_text(encoding="utf-8")
    third = french.replace('"Language: fr\\n"', '"Language: pl\\n"').replace(
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"',
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"',
    )
    third = third.replace(
        'msgctxt "hand"\nmsgid "1 card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} carte"\nmsgstr[1] "{n} cartes"',
        'msgctxt "hand"\nmsgid "1 card"\nmsgid_plural "{n} cards"\n'
        'msgstr[0] "{n} karta"\nmsgstr[1] "{n} karty"\nmsgstr[2] "{n} kart"',
    )
    (tmp_path / "pl.po").write_text(third, encoding="utf-8")
    found = discover(tmp_path)
    assert list(found) == ["en", "pl"]
    polish = found["pl"]
    assert [polish.counted("hand", n).format(n=n) for n in (1, 2, 5, 22, 25)] == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
        "25 kart",
    ]
    with speaking(polish):
        assert text("speech.on") == "La voix est activée."


def test_a_plural_rule_is_read_not_evaluated() -> None:
    forms, rule = plural_rule("nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2;")
    assert forms == 3 and [rule(n) for n in (0, 1, 2, 11, 21)] == [2, 0, 1, 1, 0]
    for hostile in (
        "nplurals=2; plural=__import__('os');",
        "nplurals=2; plural=(n > 1",
        "plural=n;",
        "nplurals=2; plural=n n;",
    ):
        with pytest.raises(PluralRuleError):
            plural_rule(hostile)


def test_a_listener_may_hear_another_language_than_the_program() -> None:
    set_language("en")
    with speaking(FRENCH):
        assert text("speech.on") == "La voix est activée."
    assert text("speech.on") == "Speech is on."


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fr_BE.UTF-8"}, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "de:fr"}, "fr"),
        ({"LANG": "C", "LANGUAGE": "fr"}, "en"),
        ({"LANG": "de_CH.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_follows_the_locale(environment: dict[str, str], expected: str) -> None:
    assert language_from_locale(environment) == expected


def test_on_windows_the_interface_language_counts_when_no_variable_says_otherwise() -> None:
    assert language_from_locale({}, windows_ui="fr_BE") == "fr"
    assert language_from_locale({"LANG": "en_US"}, windows_ui="fr_BE") == "en"


def test_a_sentence_missing_from_a_catalogue_is_said_in_english_and_told_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    shutil.copy(LOCALES / "messages.pot", tmp_path / "messages.pot")
    french = (LOCALES / "fr.po").read_text(encoding="utf-8")
    lacking = re.sub(r'#[^\n]*\nmsgctxt "refuse.take_too_many"\nmsgid [^\n]*\nmsgstr [^\n]*\n', "", french)
    lacking = re.sub(r'msgctxt "speech.on"\nmsgid [^\n]*\nmsgstr [^\n]*\n', "", lacking)
    assert lacking.count("\n") < french.count("\n") - 4
    (tmp_path / "de.po").write_text(lacking.replace('"Language: fr\\n"', '"Language: de\\n"'), encoding="utf-8")
    german = discover(tmp_path)["de"]
    from splendor_a11y.domain.notation import GemCounts
    from splendor_a11y.engine import TakeGems
    from splendor_a11y.text.narrator import Narrator

    from conftest import new_game, refused

    state = new_game()
    error = refused(state, TakeGems(GemCounts.parse("1d 1s 1e 1r")))
    with caplog.at_level("WARNING", logger="splendor_a11y"), speaking(german):
        assert text("speech.on") == "Speech is on."
        assert text("speech.on") == "Speech is on."
        said = Narrator(viewer=0).refusal(error, state)
        assert said.endswith(" cannot take 4 gems: take three different gems, or two of one colour."), said
    warned = [record.getMessage() for record in caplog.records]
    assert warned.count("the de catalogue has no 'speech.on'; said in English") == 1, warned
