"""Players' names at a server: letters of any script, one key per name, and no name that
looks like one already taken.

A name is told to every player and printed on their terminals, so it must be letters a
screen reader says as a name: a letter, then letters (with their accents), digits, ``-``
or ``_``, in any alphabet (``Zoë``, ``José``, ``Łucja``, ``Дарья``). Two spellings that
are the same name (``zoë`` and ``ZOË``, or ``e`` with its accent composed or not) share
one key. A name whose letters would look the same as an existing name's on a screen (a
Cyrillic ``а`` for a Latin ``a``) is refused as taken: its skeleton, each character
replaced by one stand-in for everything it can be confused with (Unicode's confusables,
as the confusable-homoglyphs package carries them), is the same.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["MAX_NAME", "name_key", "normal_name", "skeleton", "valid_name"]

MAX_NAME = 20
"""Characters a name may hold."""
_PUNCTUATION = "-_"


def normal_name(name: str) -> str:
    """The name as it is kept and shown: its accents composed (NFC), without spaces around it."""
    return unicodedata.normalize("NFC", name.strip())


def valid_name(name: str) -> bool:
    """Whether a name may be registered or used (given in its normal form)."""
    if not 0 < len(name) <= MAX_NAME or not unicodedata.category(name[0]).startswith("L"):
        return False
    return all(ch in _PUNCTUATION or unicodedata.category(ch)[0] in "LMN" and ch.isprintable() for ch in name)


def name_key(name: str) -> str:
    """The one key of every spelling of a name: compatible characters folded (NFKC), and
    case folded as Unicode does it (``ß`` as ``ss``)."""
    return unicodedata.normalize("NFKC", name).casefold()


def skeleton(name: str) -> str:
    """What the name looks like, whatever its case: each character replaced by the
    stand-in of everything it can be confused with (``Il`` looks like ``ll``), then
    case folded."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    return "".join(_stand_in(ch) for ch in decomposed).casefold()


def _stand_in(ch: str) -> str:
    """One character for ``ch`` and all it can be confused with, directly or through
    another: the lowest of them."""
    return _stand_ins().get(ch, ch)


@lru_cache(maxsize=1)
def _stand_ins() -> dict[str, str]:
    """Each confusable character's stand-in (read once, when a name is first checked:
    the table is large, and most runs never need it). The table lists, for a character,
    what it can be taken for, not always both ways: ``I`` and ``l`` are joined through
    ``l``'s entry, so characters are gathered into groups, each with one stand-in."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.setdefault(ch, ch) != ch:
            parent[ch] = parent[parent[ch]]
            ch = parent[ch]
        return ch

    for ch, entries in confusables_data.items():
        for entry in entries:
            look = entry["c"].strip("\u200e")
            if len(look) == 1:
                first, second = sorted((root(ch), root(look)))
                parent[second] = first
    return {ch: root(ch) for ch in parent}
