"""A language is its catalogue: the sentences, and the little grammar they need, are
all read from its PO file, so that adding a language is adding a file.

The grammar in a catalogue: the plural rule (the ``Plural-Forms`` header), the word for
each gem for a count (``gem.<name>``), a gem with its article (``indefinite.<name>``),
the words that make a refusal's verbs agree with "you" or a name (``agreement.you``,
``agreement.other``: ``field=word`` pairs), and the short words elided before a name
that starts with a vowel (``elision``: ``de → d'``; ``-`` for none).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from splendor_a11y.domain.notation import Gem
from splendor_a11y.text.languages.plural_rule import plural_rule
from splendor_a11y.text.languages.po import Catalogue

__all__ = ["CatalogueLanguage"]

_NAME_STARTS = "AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜH"
"""The capitals a name starting with a vowel sound may begin with."""
_WORD_STARTS = "aeiouyàâäéèêëîïôöùûü"
"""The small letters a name or a word starting with a vowel may begin with: a login
(``Au tour d'ana``; it said ``de ana``) or a gem's name (``plus d'émeraude``). Only when
a letter follows, so that a code stays as it is (``de a3``, ``de e``); never an ``h``,
which a small letter leaves unsure (``hugo``, ``hard``)."""


class CatalogueLanguage:
    """A language whose every sentence and rule is its catalogue's."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.code = self.catalogue.headers.get("Language", "").split("_")[0].lower()
        self.name = self.sentence("language.name")
        self.plural_forms, self._plural = plural_rule(self.catalogue.headers.get("Plural-Forms", ""))
        self._agreement = {
            you: _pairs(self.sentence(f"agreement.{'you' if you else 'other'}"), "=") for you in (True, False)
        }
        elided = _pairs(self.sentence("elision"), "→")
        self._elision = (
            None
            if not elided
            else re.compile(
                rf"\b((?i:{'|'.join(map(re.escape, elided))})) (?=[{_NAME_STARTS}]|[{_WORD_STARTS}][^\W\d_])"
            )
        )
        self._elided = {word.lower(): short for word, short in elided.items()}

    def sentence(self, key: str) -> str:
        """The catalogue's sentence for a key, with its fields still to fill in."""
        return self.catalogue.sentences[key]

    def has(self, key: str) -> bool:
        """Whether the catalogue has the key, as a sentence or a plural entry."""
        return key in self.catalogue.sentences or key in self.catalogue.plurals

    def counted(self, key: str, n: int) -> str:
        """A plural entry's form for the count ``n``, fields still to fill in."""
        return self.catalogue.plurals[key][self._plural(n)]

    def gem_word(self, gem: Gem, n: int = 1) -> str:
        """The word for a gem, for a count."""
        return self.counted(f"gem.{gem.name.lower()}", n)

    def indefinite(self, gem: Gem) -> str:
        """A gem with its indefinite article: ``an emerald``, ``une émeraude``."""
        return self.sentence(f"indefinite.{gem.name.lower()}")

    def agreement(self, you: bool) -> dict[str, str]:
        """The fields that make a refusal's verbs agree with "you" or with a name."""
        return dict(self._agreement[you])

    def join(self, items: Sequence[str], last: str = "and") -> str:
        """``a``, ``a and b``, ``a, b and c`` in the language's words (``last="or"``:
        ``a, b or c``, for a choice); its ``nothing`` for no items."""
        if not items:
            return self.sentence("nothing")
        if len(items) == 1:
            return items[0]
        return f"{', '.join(items[:-1])} {self.sentence(last)} {items[-1]}"

    def finish(self, said: str) -> str:
        """A sentence once its fields are filled in: the short words the language elides
        before a name that starts with a vowel (``la main d'Ana``)."""
        if self._elision is None:
            return said
        return self._elision.sub(lambda match: _same_case(match.group(1), self._elided[match.group(1).lower()]), said)


def _same_case(word: str, short: str) -> str:
    return short[:1].upper() + short[1:] if word[:1].isupper() else short


def _pairs(listed: str, separator: str) -> dict[str, str]:
    """``s=, have=has`` as a mapping; ``-`` is none."""
    if listed.strip() == "-":
        return {}
    pairs = (item.partition(separator) for item in listed.split(","))
    return {key.strip(): value.strip() for key, _, value in pairs if key.strip()}
