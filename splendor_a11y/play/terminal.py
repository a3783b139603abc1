"""What reaches a terminal: one place that every printed line goes through.

Text that comes from outside (a log's strings, a typed name, a file name) must never
move the cursor, clear the screen or retitle the window, so control characters are
shown escaped. A terminal whose encoding cannot show a character (``LANG=C``,
``PYTHONIOENCODING=ascii``, an old Windows code page) gets a readable stand-in instead
of a crash: letters without their accents, braille cells as their dot numbers, and once
a note that says so.
"""

from __future__ import annotations

import codecs
import re
import sys
import unicodedata
from typing import IO

from splendor_a11y.text.messages import text

__all__ = ["escape_controls", "fit_encoding", "network_newlines", "write_line"]

_BRAILLE_START, _BRAILLE_END = 0x2800, 0x28FF
_noted: set[int] = set()
_BARE_NEWLINE = re.compile(r"(?<!\r)\n")


def network_newlines(data: str) -> str:
    """Every line ending as a network terminal wants it, CR LF, once: prompt_toolkit
    already ends some lines so, and a second CR would be one more thing to read."""
    return _BARE_NEWLINE.sub("\r\n", data)


def escape_controls(line: str) -> str:
    """The line with every control or formatting character written as its escape
    (``\\x1b``), so that no text can drive the terminal."""
    if line.isprintable():
        return line
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in line)


def _stand_in(ch: str) -> str:
    """A readable replacement for a character the terminal cannot show."""
    code = ord(ch)
    if _BRAILLE_START <= code <= _BRAILLE_END:
        dots = "".join(str(bit + 1) for bit in range(8) if (code - _BRAILLE_START) >> bit & 1)
        return f"(dots {dots})" if dots else "(blank cell)"
    plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return plain if plain and plain != ch else "?"


def fit_encoding(line: str, encoding: str | None) -> tuple[str, bool]:
    """The line as the encoding can carry it, and whether anything had to change."""
    if not encoding:
        return line, False
    try:
        codecs.lookup(encoding)
        line.encode(encoding)
        return line, False
    except LookupError:
        return line, False
    except UnicodeEncodeError:
        pass
    fitted = []
    for ch in line:
        try:
            ch.encode(encoding)
            fitted.append(ch)
        except UnicodeEncodeError:
            stand_in = _stand_in(ch)
            try:
                stand_in.encode(encoding)
            except UnicodeEncodeError:
                stand_in = "?"
            fitted.append(stand_in)
    return "".join(fitted), True


def write_line(line: str, stream: IO[str] | None = None) -> None:
    """Print one line safely: controls escaped, fitted to the stream's encoding (saying
    once per stream when characters had to be replaced), flushed at once."""
    out = stream if stream is not None else sys.stdout
    encoding: str | None = getattr(out, "encoding", None)
    fitted, changed = fit_encoding(escape_controls(line), encoding)
    out.write(fitted + "\n")
    if changed and id(out) not in _noted:
        _noted.add(id(out))
        note, _ = fit_encoding(text("terminal.degraded", encoding=encoding), encoding)
        out.write(note + "\n")
    out.flush()
