"""What every language shares: its catalogue read from its PO file, and the look-ups
that need no grammar (a sentence by key, a plural entry's form for a count)."""

from __future__ import annotations

from collections.abc import Sequence

from splendor_a11y.domain.notation import Gem
from splendor_a11y.text.languages.po import Catalogue, read_catalogue

__all__ = ["CatalogueLanguage"]


class CatalogueLanguage:
    """A language whose sentences are its catalogue's; a subclass gives its grammar."""

    code = ""
    name = ""
    """The language's name in itself, as its speakers would choose it from a list."""
    filename = ""
    """Its catalogue in ``text/locales``."""
    plural_forms = 2
    """How many forms a plural entry has (gettext's ``nplurals``)."""

    def __init__(self) -> None:
        self.catalogue: Catalogue = read_catalogue(self.filename)

    def sentence(self, key: str) -> str:
        """The catalogue's sentence for a key, with its fields still to fill in."""
        return self.catalogue.sentences[key]

    def has(self, key: str) -> bool:
        """Whether the catalogue has the key, as a sentence or a plural entry."""
        return key in self.catalogue.sentences or key in self.catalogue.plurals

    def counted(self, key: str, n: int) -> str:
        """A plural entry's form for the count ``n``, fields still to fill in."""
        return self.catalogue.plurals[key][self.plural_index(n)]

    def finish(self, said: str) -> str:
        """A sentence once its fields are filled in, with what only then can be known
        (French elides ``de`` before a name that starts with a vowel); as it is here."""
        return said

    def plural_index(self, n: int) -> int:
        """Which form of a plural entry a count takes (gettext's ``plural`` rule)."""
        raise NotImplementedError

    def gem_word(self, gem: Gem, n: int = 1) -> str:
        """The word for a gem, for a count."""
        return self.counted(f"gem.{gem.name.lower()}", n)

    def join(self, items: Sequence[str]) -> str:
        """``a``, ``a and b``, ``a, b and c`` in the language's words; its ``nothing``
        for no items."""
        if not items:
            return self.sentence("nothing")
        if len(items) == 1:
            return items[0]
        return f"{', '.join(items[:-1])} {self.sentence('and')} {items[-1]}"
