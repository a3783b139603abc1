"""gettext's plural rule, read from a catalogue's ``Plural-Forms`` header: which form of
a plural entry a count takes (``n != 1`` in English, ``n > 1`` in French, the three
forms of Polish...). The expression is C's, on one variable ``n``; it is parsed here
into a function, never evaluated as code.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

__all__ = ["PluralRuleError", "plural_rule"]

Rule = Callable[[int], int]

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[<>%?:()!]))")
_BINARY: list[dict[str, Callable[[int, int], int]]] = [
    {"||": lambda a, b: int(bool(a) or bool(b))},
    {"&&": lambda a, b: int(bool(a) and bool(b))},
    {"==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b)},
    {
        "<": lambda a, b: int(a < b),
        ">": lambda a, b: int(a > b),
        "<=": lambda a, b: int(a <= b),
        ">=": lambda a, b: int(a >= b),
    },
    {"%": lambda a, b: operator.mod(a, b) if b else 0},
]
"""C's binary operators a plural rule uses, from the loosest to the tightest."""


class PluralRuleError(ValueError):
    """A ``Plural-Forms`` expression that is not gettext's C subset."""


def _tokens(expression: str) -> list[str]:
    tokens, position = [], 0
    expression = expression.strip().rstrip(";")
    while position < len(expression):
        match = _TOKEN.match(expression, position)
        if match is None or match.end() == position:
            raise PluralRuleError(f"cannot read the plural rule at: {expression[position:]!r}")
        tokens.append(next(group for group in match.groups() if group is not None))
        position = match.end()
    return tokens


class _Parser:
    """Recursive descent over the tokens: conditional, then each level of ``_BINARY``."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.at = 0

    def peek(self) -> str:
        return self.tokens[self.at] if self.at < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if not token or (expected is not None and token != expected):
            raise PluralRuleError(f"expected {expected or 'more'} in the plural rule, found {token!r}")
        self.at += 1
        return token

    def conditional(self) -> Rule:
        test = self.binary(0)
        if self.peek() != "?":
            return test
        self.take("?")
        then = self.conditional()
        self.take(":")
        otherwise = self.conditional()
        return lambda n: then(n) if test(n) else otherwise(n)

    def binary(self, level: int) -> Rule:
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in _BINARY[level]:
            combine, right = _BINARY[level][self.take()], self.binary(level + 1)
            left = (lambda c, a, b: lambda n: c(a(n), b(n)))(combine, left, right)
        return left

    def unary(self) -> Rule:
        token = self.take()
        if token == "!":
            inner = self.unary()
            return lambda n: int(not inner(n))
        if token == "(":
            inner = self.conditional()
            self.take(")")
            return inner
        if token == "n":
            return lambda n: n
        if token.isdigit():
            value = int(token)
            return lambda n: value
        raise PluralRuleError(f"unexpected {token!r} in the plural rule")


def plural_rule(header: str) -> tuple[int, Rule]:
    """``nplurals=2; plural=(n != 1);`` as the number of forms and the rule that picks
    one for a count (kept within the forms there are)."""
    fields = dict(part.strip().partition("=")[::2] for part in header.split(";") if "=" in part)
    try:
        forms = int(fields["nplurals"])
        parser = _Parser(_tokens(fields["plural"]))
        rule = parser.conditional()
    except (KeyError, ValueError) as error:
        raise PluralRuleError(f"not a Plural-Forms header: {header!r}") from error
    if parser.at != len(parser.tokens):
        raise PluralRuleError(f"the plural rule goes on after its end: {header!r}")
    return forms, lambda n: min(max(rule(n), 0), forms - 1)
