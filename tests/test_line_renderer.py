"""The line being typed, as a terminal shows it: whatever the edits, the screen holds the
prompt and the text wrapped as the terminal wraps it, the cursor stands where typing goes
on, and a character typed at the end is sent alone, so that a screen reader in the
terminal hears that character and not the whole line again.

The terminal is pyte, an emulator of a VT100 family terminal: the bytes the renderer
writes are played into it and its screen is read, as a person would read theirs.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyte = pytest.importorskip("pyte")

from prompt_toolkit.data_structures import Size  # noqa: E402
from prompt_toolkit.output.vt100 import Vt100_Output  # noqa: E402

from splendor_a11y.play.line_renderer import LineRenderer  # noqa: E402

ROWS = 40
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """A pyte screen fed whatever the renderer writes, with the width it reports."""

    def __init__(self, columns: int) -> None:
        self.columns = columns
        self.screen = pyte.Screen(columns, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.sent = io.StringIO()
        self.output = Vt100_Output(self.sent, lambda: Size(rows=ROWS, columns=self.columns), term="xterm")
        self.state: tuple[str, int] = ("", 0)
        self.renderer = LineRenderer(lambda: self.state, self.output)

    def draw(self, text: str, cursor: int | None = None, done: bool = False) -> str:
        """Draw the line; return the bytes it took."""
        self.state = (text, len(text) if cursor is None else cursor)
        self.sent.seek(0)
        self.sent.truncate()
        app: Any = None
        self.renderer.render(app, app, is_done=done)
        written = self.sent.getvalue()
        self.stream.feed(written)
        return written

    def resize(self, columns: int) -> None:
        self.columns = columns
        self.screen.resize(ROWS, columns)


def fresh(text: str, columns: int) -> tuple[list[str], tuple[int, int]]:
    """What the terminal shows after the text is simply written on an empty screen, and
    where a cursor after it stands (the next row's start, at the right edge)."""
    screen = pyte.Screen(columns, ROWS)
    pyte.Stream(screen).feed(text)
    x, y = screen.cursor.x, screen.cursor.y
    if x >= columns:
        x, y = 0, y + 1
    return screen.display, (x, y)


TEXTS = st.text(st.sampled_from("ab c>1éüŁ"), max_size=70)
"""Letters of one cell each: pyte, unlike xterm, does not carry a two-cell character that
meets the right edge over to the next row, so it cannot judge those."""


@settings(max_examples=150, deadline=None)
@given(columns=st.integers(4, 30), steps=st.lists(st.tuples(TEXTS, st.floats(0, 1)), min_size=1, max_size=8))
def test_any_edits_leave_the_line_on_screen_and_the_cursor_where_typing_goes_on(
    columns: int, steps: list[tuple[str, float]]
) -> None:
    terminal = Terminal(columns)
    for text, where in steps:
        cursor = round(where * len(text))
        terminal.draw("> " + text, cursor + 2)
        shown, _ = fresh("> " + text, columns)
        assert terminal.screen.display == shown
        _, spot = fresh(("> " + text)[: cursor + 2], columns)
        assert (terminal.screen.cursor.x, terminal.screen.cursor.y) == spot


def test_a_character_typed_at_the_end_is_sent_alone() -> None:
    terminal = Terminal(80)
    terminal.draw("table 1> buy a")
    written = terminal.draw("table 1> buy a1")
    assert ESCAPE.sub("", written) == "1"


def test_a_character_deleted_is_erased_without_redrawing_the_line() -> None:
    terminal = Terminal(80)
    terminal.draw("table 1> buy a1")
    written = terminal.draw("table 1> buy a")
    assert "buy" not in written and "\x1b[J" in written
    assert terminal.screen.display[0].rstrip() == "table 1> buy a"


def test_a_line_that_fills_the_row_puts_the_cursor_on_the_next() -> None:
    terminal = Terminal(10)
    terminal.draw("> abcdefgh")
    assert (terminal.screen.cursor.x, terminal.screen.cursor.y) == (0, 1)
    terminal.draw("> abcdefghij")
    assert terminal.screen.display[:2] == ["> abcdefgh", "ij        "]


def test_a_finished_line_leaves_the_cursor_below_it() -> None:
    terminal = Terminal(10)
    terminal.draw("> take rgb", done=True)
    assert (terminal.screen.cursor.x, terminal.screen.cursor.y) == (0, 1)
    terminal.draw("> next")
    assert terminal.screen.display[:2] == ["> take rgb", "> next    "]


def test_a_narrower_terminal_gets_the_line_drawn_again_from_its_start() -> None:
    terminal = Terminal(20)
    terminal.draw("> supply")
    terminal.resize(6)
    terminal.stream.feed("\x1b[H")  # a terminal that rewrapped put the line where it liked
    terminal.draw("> supply")
    assert terminal.screen.display[:2] == ["> supp", "ly    "]
