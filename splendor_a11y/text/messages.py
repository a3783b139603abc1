"""The text layer's way to the catalogue: every sentence is taken from the language in
use, by key, and the language's own rules make plurals, lists and articles.

Adding a language is a module in ``text/languages`` and nothing else.
"""

from __future__ import annotations

import contextlib
import logging
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar

from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.domain.notation import GEMS, Gem, GemCounts
from splendor_a11y.text.languages import ENGLISH, LANGUAGES, Language

__all__ = [
    "SOURCE",
    "agreement",
    "answer_words",
    "counts_in_words",
    "folded",
    "gem_name",
    "has_text",
    "indefinite",
    "is_yes",
    "join_words",
    "language",
    "language_list",
    "listed",
    "modules_with",
    "plural",
    "problem_text",
    "said_word",
    "separated",
    "set_language",
    "speak_as_a_server",
    "speaking",
    "text",
    "typed_in_language",
    "variant",
]

SOURCE = ENGLISH.catalogue
"""The source (English) catalogue: every key there is."""

_process_language: Language = ENGLISH
_listener_language: ContextVar[Language | None] = ContextVar("listener_language", default=None)


def language() -> Language:
    """The language sentences are made in: the listener's being served now (a seat at a
    server), else the one the program was started with."""
    return _listener_language.get() or _process_language


def set_language(code: str) -> None:
    """Speak this language (a code of ``LANGUAGES``) from now on, unless a listener's own
    is in force (``speaking``)."""
    global _process_language
    _process_language = LANGUAGES[code]


_at_a_server = False


def speak_as_a_server() -> None:
    """From now on, say how to start a game as a server's lobby does (``create 2`` and
    the module), not as the command line does (``--module``): a catalogue entry's
    ``.server`` form is said where it has one. A server's process serves nothing else."""
    global _at_a_server
    _at_a_server = True


def _as_said_here(key: str, spoken: Language) -> str:
    """The key itself, or its ``.server`` form at a server when the language has it."""
    return key + ".server" if _at_a_server and spoken.has(key + ".server") else key


@contextlib.contextmanager
def speaking(chosen: Language) -> Iterator[None]:
    """Make every sentence inside in this listener's language: several people at one
    server's table may each hear their own."""
    token = _listener_language.set(chosen)
    try:
        yield
    finally:
        _listener_language.reset(token)


def language_list() -> str:
    """``en English, fr français``: the codes to type, each with its language's own name."""
    return ", ".join(text("language.item", code=code, name=spoken.name) for code, spoken in LANGUAGES.items())


def _items(listed: str) -> list[str]:
    return [item.strip() for item in listed.split(",")]


def listed(key: str) -> list[str]:
    """A catalogue entry that is a list (``first, second, third``), item by item."""
    return _items(text(key))


def answer_words(key: str) -> list[str]:
    """The words that give one answer to a question (``answer.yes``: ``y``, ``yes``, and
    in French ``o``, ``oui``), in English and in the language in use."""
    return list(dict.fromkeys(word for each in (ENGLISH, language()) for word in _items(each.sentence(key))))


def said_word(name: str) -> str:
    """The word for a command or a part of one in the language in use: ``prendre`` for
    ``take`` in French; a word the catalogue does not name (a code, a place) as it is."""
    key = f"word.{name}"
    return text(key) if has_text(key) else name


def typed_in_language(command: object) -> str:
    """A command as the listener would type it in the language in use: ``reserve deck c``
    is ``réserver paquet c`` in French (codes and places are the same in every language)."""
    return " ".join(said_word(word) for word in str(command).split(" "))


def folded(word: str) -> str:
    """A typed word as it is matched: lower case, accents dropped (``Réserver`` is
    ``reserver``), so a player may type with or without them."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def is_yes(answer: str) -> bool:
    """Whether an answer to a yes-or-no question is yes, in English or the language in use."""
    return answer.strip().lower() in answer_words("answer.yes")


def text(key: str, /, **fields: object) -> str:
    """The catalogue sentence for ``key`` with its fields filled in; in English when the
    language's catalogue lacks it (said once in the fault log), so that a catalogue
    behind the code never stops a game."""
    spoken = language()
    if spoken.has(key) or spoken is ENGLISH:
        return spoken.finish(spoken.sentence(_as_said_here(key, spoken)).format(**fields))
    _missing(spoken, key)
    return ENGLISH.sentence(_as_said_here(key, ENGLISH)).format(**fields)


_MISSED: set[tuple[str, str]] = set()
"""The sentences a catalogue was found to lack, each told once to the fault log."""


def _missing(spoken: Language, key: str) -> None:
    if (spoken.code, key) not in _MISSED:
        _MISSED.add((spoken.code, key))
        logging.getLogger("splendor_a11y").warning("the %s catalogue has no %r; said in English", spoken.code, key)


def agreement(you: bool) -> dict[str, str]:
    """The fields that make a sentence's verbs agree with "you" or a name, in the
    language in use and in English (which a sentence missing from the catalogue uses)."""
    return {**ENGLISH.agreement(you), **language().agreement(you)}


def has_text(key: str) -> bool:
    """True when the catalogue has ``key`` (a module's optional sentences)."""
    return language().has(key)


def variant(key: str, form: str, wanted: bool) -> str:
    """``key`` or, when ``wanted`` and the catalogue has it, its ``key.form`` variant: a
    sentence said in words (``.words``), or to someone who holds no seat (``.watching``),
    where that listener needs other words than the usual ones."""
    other = f"{key}.{form}"
    return other if wanted and has_text(other) else key


def sentence(words: str) -> str:
    """Words as one sentence: a capital first letter and a full stop at the end."""
    words = words.strip()
    if not words:
        return words
    return words[0].upper() + words[1:] + ("" if words.endswith((".", "?", "!")) else ".")


def plural(n: int, key: str, none_key: str | None = None, **fields: object) -> str:
    """A plural entry's form for the count ``n`` (the language's rule chooses it), with
    ``n`` and the fields filled in; ``none_key``'s sentence for 0 when there is one."""
    if n == 0 and none_key is not None:
        return text(none_key, **fields)
    spoken = language()
    if spoken.has(key) or spoken is ENGLISH:
        return spoken.finish(spoken.counted(key, n).format(n=n, **fields))
    _missing(spoken, key)
    return ENGLISH.counted(key, n).format(n=n, **fields)


def gem_name(gem: Gem, n: int = 1) -> str:
    """The word for a gem, for a count."""
    return language().gem_word(gem, n)


def indefinite(gem: Gem) -> str:
    """A gem with its indefinite article (``an emerald``)."""
    return language().indefinite(gem)


def join_words(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``, as the language joins a list; ``last="or"``
    joins a choice (``a, b or c``)."""
    return language().join(items, last)


def modules_with(names: Iterable[str]) -> str:
    """The modules by their titles in the catalogue (``module.title.<name>``), after
    "with" (``modules.with``), in the order of their names, as the lobby lists a table's
    and a game's header keeps them; nothing for a base game. A player
    who joins a table, or hears a game begin, is told what it plays by the names the rules
    give."""
    titles = [text(f"module.title.{name}") if has_text(f"module.title.{name}") else name for name in sorted(names)]
    return text("modules.with", modules=join_words(titles)) if titles else ""


def separated(items: Iterable[str]) -> str:
    """Items that each hold words or commas of their own (a row's cards, the nobles), one
    after another as the language separates them: ``a; b`` in English, and in French with
    the space before the semicolon (``list.separator``)."""
    return text("list.separator").join(items)


def counts_in_words(counts: Iterable[int]) -> str:
    """``3 diamonds, 2 sapphires and 1 gold``; ``nothing`` for empty counts."""
    gc = counts if isinstance(counts, GemCounts) else GemCounts(counts)
    return join_words([f"{n} {gem_name(gem, n)}" for gem, n in zip(GEMS, gc, strict=False) if n])


def bonus_requirement_in_words(counts: GemCounts) -> str:
    """``4 sapphire and 4 emerald``: counts named by colour, for bonuses; each language
    chooses the colour's word or its plural (French ``4 saphirs et 4 émeraudes``)."""
    return join_words([plural(n, f"bonus_count.{gem.name.lower()}") for gem, n in zip(GEMS, counts, strict=False) if n])


def problem_text(error: SplendorError) -> str:
    """What is wrong, in the language in use: from the catalogue when the error names its
    problem there (a code or a log that breaks the notation), else its own words."""
    key, fields = getattr(error, "key", None), getattr(error, "fields", None)
    if not isinstance(key, str) or not isinstance(fields, dict):
        return str(error)
    if _names_the_whole(fields) and has_text(f"{key}.alone"):
        key = f"{key}.alone"
    return text(key, **{name: _field_text(value) for name, value in fields.items()})


def _names_the_whole(fields: dict[str, object]) -> bool:
    """Whether a problem's part is the whole of what was read (``7d``, not a card head in
    ``7d``): then its ``.alone`` sentence names it once."""
    whole = fields.get("whole", fields.get("text"))
    return isinstance(whole, str) and any(
        isinstance(value, str) and value.strip() == whole.strip()
        for name, value in fields.items()
        if name not in ("whole", "text")
    )


def _field_text(value: object) -> object:
    """A field of a problem in words: a nested problem, or a word the catalogue keeps
    (``file_kind.pipe``)."""
    if isinstance(value, SplendorError):
        return problem_text(value)
    if isinstance(value, str) and value.startswith("file_kind."):
        return text(value)
    return value
