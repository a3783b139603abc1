"""English: the source language. Its sentences are the template of every catalogue,
``text/locales/messages.pot``; here is only the grammar English sentences need: which
plural form a count takes, the article before a word, and how a verb agrees with "you"
or a player's name.
"""

from __future__ import annotations

from splendor_a11y.text.languages.base import CatalogueLanguage

__all__ = ["ENGLISH", "English"]


class English(CatalogueLanguage):
    """The English language's catalogue and rules."""

    code = "en"
    name = "English"
    filename = "messages.pot"

    def plural_index(self, n: int) -> int:
        """The first form for 1, the second for every other count, 0 included."""
        return 0 if n == 1 else 1

    @staticmethod
    def indefinite(word: str) -> str:
        """``a ruby``, ``an emerald``."""
        return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"

    @staticmethod
    def agreement(you: bool) -> dict[str, str]:
        """Fields that make a sentence's verbs agree with its subject: ``you have``,
        ``Ben has``, ``you hold``, ``Ben holds``."""
        return {"s": "" if you else "s", "have": "have" if you else "has"}


ENGLISH = English()
