"""Unicode braille for notation codes, as they would be embossed on a card label.

English braille letters; the number sign before a run of digits; the grade-1
indicator before a letter a to j that follows a digit, because otherwise that letter
would be read as another digit (``a0d`` would read as "a 04").
"""

from __future__ import annotations

__all__ = ["to_braille"]

_LETTERS = {
    "a": "\u2801",
    "b": "\u2803",
    "c": "\u2809",
    "d": "\u2819",
    "e": "\u2811",
    "f": "\u280b",
    "g": "\u281b",
    "h": "\u2813",
    "i": "\u280a",
    "j": "\u281a",
    "k": "\u2805",
    "l": "\u2807",
    "m": "\u280d",
    "n": "\u281d",
    "o": "\u2815",
    "p": "\u280f",
    "q": "\u281f",
    "r": "\u2817",
    "s": "\u280e",
    "t": "\u281e",
    "u": "\u2825",
    "v": "\u2827",
    "w": "\u283a",
    "x": "\u282d",
    "y": "\u283d",
    "z": "\u2835",
}
_DIGITS = {str(d): _LETTERS["jabcdefghi"[d]] for d in range(10)}
NUMBER_SIGN = "\u283c"
GRADE1_INDICATOR = "\u2830"
BLANK = "\u2800"
_EXTRA = {"+": "\u2816", "*": "\u2814", "-": "\u2824", "=": "\u2836"}


def to_braille(code: str) -> str:
    """Transcribe a notation code (``c4s 7d``) into Unicode braille cells.

    Raises:
        ValueError: for a character that has no cell here.
    """
    cells: list[str] = []
    in_number = False
    for char in code.lower():
        if char in _DIGITS:
            if not in_number:
                cells.append(NUMBER_SIGN)
                in_number = True
            cells.append(_DIGITS[char])
        elif char in _LETTERS:
            if in_number and char in "abcdefghij":
                cells.append(GRADE1_INDICATOR)
            in_number = False
            cells.append(_LETTERS[char])
        elif char == " ":
            in_number = False
            cells.append(BLANK)
        elif char in _EXTRA:
            in_number = False
            cells.append(_EXTRA[char])
        else:
            raise ValueError(f"no braille cell for {char!r} in {code!r}")
    return "".join(cells)
