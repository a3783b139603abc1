"""The ``rules`` question: the game's rules in short spoken sections, in the language in
use, written from the rules texts this project follows (the 2024 English rules, and
the Cities of Splendor modules' own)."""

from __future__ import annotations

from splendor_a11y.engine import MODULES
from splendor_a11y.text.messages import folded, join_words, text

__all__ = ["RULE_SECTIONS", "module_named", "rules_lines", "section_command", "section_named"]

RULE_SECTIONS = ("goal", "turn", "tokens", "cards", "nobles", "end", *MODULES)
"""The sections, in the order a newcomer reads them (the base game's, then one for each
module, ``rules.<module>`` in the catalogue); ``rules`` alone says the first."""


def rules_lines(topic: str) -> list[str]:
    """``rules``: the goal and the other sections' names; ``rules nobles``: that section
    (a section's word in the language in use, in English, or the start of either)."""
    if not topic:
        return [text("rules.goal"), _sections()]
    section = section_named(topic)
    if section is None:
        return [text("rules.unknown", topic=topic) + " " + _sections()]
    return [text(f"rules.{section}")]


def section_named(topic: str) -> str | None:
    """The one section a word names, as ``rules`` reads it, or None: ``help`` asks too, so
    that ``help`` with a module's name, which names no command, points to its section."""
    wanted = _squeezed(topic)
    found = [
        section
        for section in RULE_SECTIONS
        if any(word.startswith(wanted) for word in (section, _squeezed(text(f"rules.word.{section}"))))
    ]
    return found[0] if len(found) == 1 else None


def module_named(words: str) -> str | None:
    """The module that words name as ``rules`` reads them (its name, or its section's word
    in the language in use or in English, two words joined or not), or None: a player
    makes a table with the name the game says. Its title with its article (``module.title``,
    as a game that begins says it) names it too, or the start of that title."""
    section = section_named(words)
    if section in MODULES:
        return section
    wanted = _squeezed(words)
    found = [name for name in MODULES if _squeezed(text(f"module.title.{name}")).startswith(wanted)]
    return found[0] if len(found) == 1 else None


def _squeezed(words: str) -> str:
    """Words as a section's name is matched: folded, without spaces or hyphens, so that
    a name of two words is found however the player joins them."""
    return "".join(character for character in folded(words) if character not in " -")


def section_command(section: str) -> str:
    """What to type for a section, in the language in use: ``rules nobles``."""
    return text("rules.command", word=text(f"rules.word.{section}"))


def _sections() -> str:
    return text(
        "rules.sections",
        sections=join_words([section_command(section) for section in RULE_SECTIONS]),
    )
