"""French: the catalogue ``text/locales/fr.po``, and the grammar French sentences need.

French counts 0 and 1 as singular; a gem's article follows its gender (``une
émeraude``, ``un rubis``); and a verb agrees with "vous" or with a player's name, so
the sentences that speak of either take the verb from ``agreement`` (``{subject} ne
{peut} pas...``: ``Vous ne pouvez pas``, ``Ben ne peut pas``).
"""

from __future__ import annotations

import re

from splendor_a11y.text.languages.base import CatalogueLanguage

__all__ = ["FRENCH", "French"]

_FEMININE = frozenset({"émeraude", "carte", "tuile"})
"""The words the game puts an article before that are feminine."""
_ELIDED = re.compile(r"\b([DdQq]u?)e (?=[AEIOUYÀÂÉÈÊÎÔÛH])")
"""``de`` and ``que`` before a name (capitalised) that starts with a vowel sound."""


class French(CatalogueLanguage):
    """The French language's catalogue and rules."""

    code = "fr"
    name = "français"
    filename = "fr.po"

    def finish(self, said: str) -> str:
        """``la main d'Ana``, ``qu'Ana``: elision before a player's name, which only the
        filled-in sentence knows."""
        return _ELIDED.sub(lambda match: f"{match.group(1)}'", said)

    def plural_index(self, n: int) -> int:
        """The first form for 0 and 1, the second from 2 on (gettext's ``n > 1``)."""
        return 0 if n <= 1 else 1

    @staticmethod
    def indefinite(word: str) -> str:
        """``un rubis``, ``une émeraude``."""
        return f"{'une' if word.lower() in _FEMININE else 'un'} {word}"

    @staticmethod
    def agreement(you: bool) -> dict[str, str]:
        """The verbs and possessives of a sentence about "vous" or a player: ``{peut}``,
        ``{doit}``, ``{a}``, and ``{ses}`` (``vos`` or ``ses``)."""
        if you:
            return {"peut": "pouvez", "doit": "devez", "a": "avez", "ses": "vos"}
        return {"peut": "peut", "doit": "doit", "a": "a", "ses": "ses"}


FRENCH = French()
