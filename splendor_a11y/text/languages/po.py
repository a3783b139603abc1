"""Reading the catalogues: gettext's PO format, which translators' tools (Poedit,
Weblate, Lokalize, msgfmt) read and write.

Every entry is keyed by its ``msgctxt``, the key the code asks for. The template
(``messages.pot``) is the English source: its ``msgid`` is the English sentence. A
language's ``xx.po`` gives each entry's ``msgstr``; an entry marked fuzzy, or left
empty, is not translated. An entry with ``msgid_plural`` has one form per plural form
of the language (``msgstr[0]``, ``msgstr[1]``...). The files are the game's own, but
they are read strictly all the same: a line that is not PO is an error, not a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Catalogue", "CatalogueError", "parse_catalogue"]

_LINE = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[(\d)\])?)\s+"(.*)"$')
_CONTINUATION = re.compile(r'^"(.*)"$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


class CatalogueError(ValueError):
    """A catalogue file that is not well-formed PO: a fault of the installation."""


@dataclass
class Catalogue:
    """One language's sentences by key, and its plural entries' forms by key."""

    sentences: dict[str, str] = field(default_factory=dict)
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class _Entry:
    fields: dict[str, str] = field(default_factory=dict)
    forms: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    last: str = ""


def _unescape(quoted: str, where: str) -> str:
    out: list[str] = []
    chars = iter(quoted)
    for ch in chars:
        if ch != "\\":
            out.append(ch)
            continue
        escaped = next(chars, "")
        if escaped not in _ESCAPES:
            raise CatalogueError(f"{where}: unknown escape \\{escaped}")
        out.append(_ESCAPES[escaped])
    return "".join(out)


def _entries(lines: list[str], name: str) -> list[_Entry]:
    """The file's entries, in order, each with its fields and plural forms."""
    entries: list[_Entry] = []
    entry = _Entry()
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            if entry.fields or entry.forms:
                entries.append(entry)
            entry = _Entry()
            continue
        if line.startswith("#"):
            entry.fuzzy = entry.fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        _read_line(entry, line, where)
    if entry.fields or entry.forms:
        entries.append(entry)
    return entries


def _read_line(entry: _Entry, line: str, where: str) -> None:
    """One line of an entry: a keyword and its string, or a string continuing the last."""
    match = _LINE.match(line)
    if match is not None:
        keyword, index, quoted = match.groups()
        entry.last = keyword
        value = _unescape(quoted, where)
        if index is not None:
            entry.forms[int(index)] = value
        else:
            entry.fields[keyword] = value
        return
    more = _CONTINUATION.match(line)
    if more is None or not entry.last:
        raise CatalogueError(f"{where}: not a line of a PO file: {line[:60]}")
    value = _unescape(more.group(1), where)
    if entry.last.startswith("msgstr["):
        index = int(entry.last[7])
        entry.forms[index] += value
    else:
        entry.fields[entry.last] += value


def _headers(entry: _Entry) -> dict[str, str]:
    pairs = (line.partition(":") for line in entry.fields.get("msgstr", "").splitlines())
    return {key.strip(): value.strip() for key, _, value in pairs if key.strip()}


def parse_catalogue(text: str, name: str, source: bool) -> Catalogue:
    """A catalogue from PO text: the ``msgid`` forms when ``source`` (the template), else
    the translated ``msgstr`` forms, leaving out what is fuzzy or empty."""
    catalogue = Catalogue()
    for entry in _entries(text.splitlines(), name):
        key = entry.fields.get("msgctxt")
        if key is None:
            if entry.fields.get("msgid") == "":
                catalogue.headers = _headers(entry)
            continue
        if source:
            _add_source(catalogue, key, entry)
        elif not entry.fuzzy:
            _add_translation(catalogue, key, entry)
    return catalogue


def _add_source(catalogue: Catalogue, key: str, entry: _Entry) -> None:
    if "msgid_plural" in entry.fields:
        catalogue.plurals[key] = (entry.fields["msgid"], entry.fields["msgid_plural"])
    else:
        catalogue.sentences[key] = entry.fields["msgid"]


def _add_translation(catalogue: Catalogue, key: str, entry: _Entry) -> None:
    if entry.forms:
        forms = tuple(entry.forms[i] for i in sorted(entry.forms))
        if all(forms):
            catalogue.plurals[key] = forms
    elif entry.fields.get("msgstr"):
        catalogue.sentences[key] = entry.fields["msgstr"]
