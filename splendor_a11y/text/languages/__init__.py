"""The languages the game speaks, found by their catalogues: the English source
(``text/locales/messages.pot``) and every translation beside it (``xx.po``). Adding a
language is adding its file; the choice of one comes from the user or their locale."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Protocol

from splendor_a11y.domain.notation import Gem
from splendor_a11y.text.languages.base import CatalogueLanguage
from splendor_a11y.text.languages.po import Catalogue, parse_catalogue

__all__ = ["ENGLISH", "LANGUAGES", "Language", "discover", "language_from_locale"]


class Language(Protocol):
    """What a language gives the text layer: its sentences and its grammar."""

    code: str
    name: str
    catalogue: Catalogue
    plural_forms: int
    """How many forms each plural entry has (gettext's ``nplurals``)."""

    def finish(self, said: str) -> str:
        """A sentence with its fields filled in, as the language finishes it."""

    def sentence(self, key: str) -> str:
        """The catalogue's sentence for a key, fields still to fill in."""

    def has(self, key: str) -> bool:
        """Whether the catalogue has the key."""

    def counted(self, key: str, n: int) -> str:
        """A plural entry's form for a count, fields still to fill in."""

    def gem_word(self, gem: Gem, n: int = 1) -> str:
        """The word for a gem, for a count."""

    def join(self, items: Sequence[str], last: str = "and") -> str:
        """A list of words as the language joins them; ``last`` is the word before the
        last item: ``and`` for a list, ``or`` for a choice."""

    def indefinite(self, gem: Gem) -> str:
        """A gem with its indefinite article."""

    def agreement(self, you: bool) -> dict[str, str]:
        """Template fields that make verbs agree with "you" or with a player's name."""


def discover(folder: Traversable) -> dict[str, Language]:
    """The languages whose catalogues are in a folder, by code: the English source
    first, then each translation, in the order of their codes."""
    found: dict[str, Language] = {}
    files = sorted(
        (entry for entry in folder.iterdir() if entry.name.endswith((".pot", ".po"))),
        key=lambda entry: (not entry.name.endswith(".pot"), entry.name),
    )
    for entry in files:
        catalogue = parse_catalogue(entry.read_text(encoding="utf-8"), entry.name, source=entry.name.endswith(".pot"))
        spoken = CatalogueLanguage(catalogue)
        found.setdefault(spoken.code, spoken)
    return found


LANGUAGES: dict[str, Language] = discover(resources.files("splendor_a11y.text") / "locales")
"""Every language, by its code."""
ENGLISH: Language = LANGUAGES["en"]
"""The source language: every key there is, and the words that always work."""

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a POSIX user's language is set, first found first (gettext's order)."""


def language_from_locale(environment: Mapping[str, str], windows_ui: str = "") -> str:
    """The code of the language a user's locale asks for, if the game speaks it, else
    ``en``: ``fr_CA.UTF-8`` is French. ``LANGUAGE`` may list several (``fr:de``); it
    counts only when a locale is set at all, as gettext does. On Windows, the user's
    interface language (``fr_BE``) when no variable says otherwise."""
    locale = next((environment[name] for name in _LOCALE_VARIABLES[1:] if environment.get(name)), "")
    wanted: list[str] = []
    if locale not in ("", "C", "POSIX") and environment.get("LANGUAGE"):
        wanted.extend(environment["LANGUAGE"].split(":"))
    wanted.extend([locale, windows_ui])
    for name in wanted:
        code = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return ENGLISH.code
