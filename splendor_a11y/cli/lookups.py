"""``lookup``: cards and nobles described or searched."""

from __future__ import annotations

import argparse

from splendor_a11y.cli.exits import EXIT_OK, EXIT_REFUSED, UsageError
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.domain.notation import Gem, NotationError
from splendor_a11y.play.terminal import write_line
from splendor_a11y.text.lookup import LookupQuery, group_codes, run_lookup
from splendor_a11y.text.messages import (
    problem_text,
    sentence,
    text,
)


def _gem_option(value: str, option: str) -> Gem:
    if len(value) != 1 or value.lower() not in "dsero":
        raise UsageError(text("cli.gem_option", option=option, value=value))
    return Gem(value.lower())


def _refusal(error: NotationError) -> str:
    """The notation's sentence, and where a code began with a word (``lookup "noble 4s"``,
    ``lookup emerald``) the options that search in words: the sentence alone left the
    person asking for nobles with a card's example and no way to them."""
    said = sentence(problem_text(error))
    head = error.fields.get("head")
    if isinstance(head, str) and len(head) > 1 and head.isalpha():
        said += " " + text("cli.lookup_in_words")
    return said


def look_up(args: argparse.Namespace) -> int:
    level = {"1": "a", "2": "b", "3": "c"}.get(args.level, args.level)
    query = LookupQuery(
        codes=tuple(group_codes(args.codes)),
        level=level,
        bonus=_gem_option(args.bonus, "--bonus") if args.bonus else None,
        points=args.points,
        max_cost=args.max_cost,
        costs=tuple(_gem_option(c, "--costs") for c in args.costs.replace(" ", "")),
        nobles=args.nobles,
        braille=args.braille,
        marks=args.marks,
    )
    try:
        result = run_lookup(query, standard_cards())
    except NotationError as error:
        raise UsageError(_refusal(error)) from None
    for line in result.lines:
        write_line(line)
    return EXIT_OK if result.found else EXIT_REFUSED
