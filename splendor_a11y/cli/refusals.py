"""argparse's refusals said again in the language in use: argparse writes them in English
only ("argument --seed: invalid int value: 'x'"), and a French player read that in the
middle of a French sentence. Each refusal argparse makes is read back by its shape and
said as one plain sentence from the catalogue; one of a shape not known here is passed
on as argparse wrote it."""

from __future__ import annotations

import re

from splendor_a11y.text.messages import text

__all__ = ["said_again"]

_VALUE = r"""['"](?P<value>.*)['"]"""
"""A typed value as argparse quotes it (``repr``: in double quotes when it holds a single)."""
_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"argument (?P<name>[^-\s]\S*): invalid (?:int|float) value: {_VALUE}"), "cli.refused.number_alone"),
    (re.compile(rf"argument (?P<option>\S+): invalid (?:int|float) value: {_VALUE}"), "cli.refused.number"),
    (re.compile(rf"argument command: invalid choice: {_VALUE} \(choose from (?P<choices>.+)\)"), "cli.refused.command"),
    (
        re.compile(rf"argument (?P<option>\S+): invalid choice: {_VALUE} \(choose from (?P<choices>.+)\)"),
        "cli.refused.choice",
    ),
    (re.compile(r"argument (?P<option>\S+): expected one argument"), "cli.refused.value_missing"),
    (re.compile(r"the following arguments are required: (?P<names>.+)"), "cli.refused.required"),
    (re.compile(r"unrecognized arguments: (?P<words>.+)"), "cli.refused.unrecognized"),
    (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)"), "cli.refused.ambiguous"),
    (re.compile(r"argument (?P<option>\S+): (?P<message>.+)"), "cli.refused.option"),
)
"""Each refusal argparse makes, by its English shape, and the catalogue's sentence for it."""


def said_again(message: str) -> str:
    """argparse's refusal as the catalogue says it, without a closing full stop (the
    caller adds where to look for help); the refusal as written, its first letter
    capitalised, when its shape is not known."""
    for shape, key in _SHAPES:
        match = shape.fullmatch(message)
        if match is not None:
            found = match.groupdict()
            if "choices" in found:
                found["choices"] = found["choices"].replace("'", "")
            return text(key, **found)
    return f"{message[0].upper()}{message[1:]}"
