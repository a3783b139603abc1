"""The computer's levels as a player types and hears them: ``bot:hard`` in every
language, and the language's own words as well (French ``robot:difficile``), since a
player types the words they hear."""

from __future__ import annotations

from splendor_a11y.bots import BOTS, DEFAULT_LEVEL
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.messages import folded, text

__all__ = ["is_bot", "level_named", "levels_said"]


def is_bot(word: str) -> bool:
    """Whether a typed word seats the computer: ``bot``, ``bot:hard``, or the language's
    word for it (``robot:moyen``); with a level, another language's word too: ``robot:easy``
    in an English game had seated a person called "robot:easy". Alone, only this
    language's word: a player may be called Robot."""
    head, colon, _ = folded(word.strip()).partition(":")
    return head in {"bot", folded(text("level.bot"))} or (bool(colon) and head in _every_language("level.bot"))


def _every_language(key: str) -> set[str]:
    """A catalogue word as every language says it, folded."""
    return {folded(spoken.sentence(key)) for spoken in LANGUAGES.values()}


def level_named(word: str) -> str:
    """The level a typed ``bot:<level>`` names, by its name or any language's word for it
    (``bot:moyen`` is medium, in an English game too); the default level for a bare
    ``bot``; else the level as typed, for the refusal to quote."""
    typed = word.partition(":")[2].strip()
    if not typed:
        return DEFAULT_LEVEL
    for level in BOTS:
        if folded(typed) == level or folded(typed) in _every_language(f"level.{level}"):
            return level
    return typed.lower()


def levels_said() -> str:
    """The levels as the language in use says them, weakest first: what a refusal lists."""
    return ", ".join(text(f"level.{level}") for level in BOTS)
