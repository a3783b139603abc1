"""The languages the game speaks, each a catalogue with its own grammar rules, found by
their code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from splendor_a11y.domain.notation import Gem
from splendor_a11y.text.languages.en import ENGLISH

__all__ = ["LANGUAGES", "Language"]


class Language(Protocol):
    """What a language gives the text layer: its sentences and its grammar."""

    code: str
    catalogue: dict[str, str]

    def plural_form(self, n: int) -> str:
        """The suffix of the catalogue key for a count: ``one`` or ``many``."""

    def gem_word(self, gem: Gem, n: int = 1) -> str:
        """The word for a gem, for a count."""

    def join(self, items: Sequence[str]) -> str:
        """A list of words as the language joins them."""

    def indefinite(self, word: str) -> str:
        """The word with its indefinite article."""

    def agreement(self, you: bool) -> dict[str, str]:
        """Template fields that make verbs agree with "you" or with a player's name."""


LANGUAGES: dict[str, Language] = {ENGLISH.code: ENGLISH}
"""Every language, by its code; adding one is adding its module here."""
