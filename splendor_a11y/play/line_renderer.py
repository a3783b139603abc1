"""Drawing the one line being typed, by what changed in it, without a layout engine.

prompt_toolkit's ``Renderer`` lays its layout out on a screen of cells as wide as the
terminal, then compares that screen with the last one to find what to write; for a
prompt that is one line of text, that walk was a third of what a move cost a server.
This renderer keeps the text it last drew and writes only what changed: a character
typed at the end is that character alone, and a character deleted is the cursor moving
back and the rest of the line erased. A screen reader in the terminal hears what was
typed or deleted, never the whole line again, as with prompt_toolkit's own diff. The
cursor is hidden while it moves about the line, as prompt_toolkit hides it, so that a
reader of the screen sees it only where typing goes on.

The line wraps at the terminal's width as the terminal wraps it; a character that would
cross the right edge starts the next row. A line that exactly fills a row would leave the
cursor waiting at the edge (the terminal's pending wrap), where terminals differ on what
comes next: the cursor is put on the row's last cell instead, by a return and a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prompt_toolkit.data_structures import Point
from prompt_toolkit.output import Output
from prompt_toolkit.renderer import Renderer
from prompt_toolkit.styles import DummyStyle
from prompt_toolkit.utils import get_cwidth

if TYPE_CHECKING:
    from collections.abc import Callable

    from prompt_toolkit.application import Application
    from prompt_toolkit.layout import Layout

__all__ = ["LineRenderer", "place"]


def place(text: str, columns: int) -> tuple[int, int]:
    """Where the terminal's cursor stands after writing ``text`` from the row's start:
    (row, column). A column equal to ``columns`` is the pending wrap at the right edge."""
    if text.isascii():
        length = len(text)
        if length == 0:
            return 0, 0
        return (length - 1) // columns, (length - 1) % columns + 1
    row = column = 0
    for ch in text:
        width = get_cwidth(ch)
        if column + width > columns:
            row, column = row + 1, 0
        column += width
    return row, column


class LineRenderer(Renderer):
    """Draws ``drawn()`` (the text, and the cursor's index in it) below whatever was
    printed, writing only what changed since the last time."""

    def __init__(self, drawn: Callable[[], tuple[str, int]], output: Output) -> None:
        super().__init__(DummyStyle(), output, full_screen=False)
        self._drawn = drawn
        self._shown = ""
        self._columns = 0

    def reset(self, _scroll: bool = False, leave_alternate_screen: bool = True) -> None:
        """Nothing on the screen is the line's any more (it was erased, or left behind)."""
        super().reset(_scroll, leave_alternate_screen)
        self._shown = ""

    def erase(self, leave_alternate_screen: bool = True) -> None:
        """The line is taken off the screen (a line is to be printed where it was): the
        cursor goes back to its start and what follows is erased. The terminal's modes
        stay as they are, for the line is drawn again at once."""
        output = self.output
        if self._shown:
            output.cursor_backward(self._cursor_pos.x)
            output.cursor_up(self._cursor_pos.y)
            output.erase_down()
            output.flush()
        self._cursor_pos = Point(x=0, y=0)
        self._shown = ""

    def render(self, app: Application[Any], layout: Layout, is_done: bool = False) -> None:
        output = self.output
        self._prepare(output)
        columns = max(output.get_size().columns, 1)
        if columns != self._columns:
            self._start_again(output)
            self._columns = columns
        text, cursor = self._drawn()
        output.hide_cursor()
        if text != self._shown:
            self._write_change(output, text, columns)
        if is_done:
            self._leave(output, place(text, columns), columns)
        else:
            self._move_to(output, place(text[:cursor], columns), columns)
        output.show_cursor()
        output.flush()

    def _write_change(self, output: Output, text: str, columns: int) -> None:
        """Write where the text differs from what is shown: from its first difference,
        erasing what was there if anything was."""
        same = _common_length(self._shown, text)
        self._move_to(output, place(text[:same], columns), columns)
        if same < len(self._shown):
            output.erase_down()
        output.write_raw(text[same:])
        self._shown = text
        end = place(text, columns)
        self._cursor_pos = _standing(end, columns)
        if same < len(text) and end[1] == columns:
            _leave_pending_wrap(output, columns)

    def request_absolute_cursor_position(self) -> None:
        """Never asked: the line is drawn where the cursor is, whatever lies below, so
        the terminal's answer (a round trip, at every prompt) would change nothing."""

    def _leave(self, output: Output, end: tuple[int, int], columns: int) -> None:
        """The line is finished: the cursor goes to the start of the row after it, where
        what is printed next begins, and the line is the renderer's no more."""
        self._move_to(output, end, columns)
        if end[1] != columns:
            output.write_raw("\r\n")
        self.reset()

    def _prepare(self, output: Output) -> None:
        """The terminal modes a prompt needs, set once."""
        if not self._bracketed_paste_enabled:
            output.enable_bracketed_paste()
            self._bracketed_paste_enabled = True
        if not self._cursor_key_mode_reset:
            output.reset_cursor_key_mode()
            self._cursor_key_mode_reset = True

    def _start_again(self, output: Output) -> None:
        """The terminal changed width and rewrapped the line its own way: the line is
        erased from its first row and drawn whole."""
        if self._shown:
            output.write_raw("\r")
            output.cursor_up(self._cursor_pos.y)
            output.erase_down()
        self._shown = ""
        self._cursor_pos = Point(x=0, y=0)

    def _move_to(self, output: Output, target: tuple[int, int], columns: int) -> None:
        """Move the cursor to where the text's ``target`` place is: a place at the pending
        wrap is the next row's start, made by a new line if the text ends there."""
        row, column = target
        if column == columns:
            row, column = row + 1, 0
        here = self._cursor_pos
        last_row = max(_standing(place(self._shown, columns), columns).y, here.y)
        if row > last_row:
            if last_row > here.y:
                output.cursor_down(last_row - here.y)
            output.write_raw("\r\n" * (row - last_row))
            here = Point(x=0, y=row)
        elif row < here.y:
            output.cursor_up(here.y - row)
        elif row > here.y:
            output.cursor_down(row - here.y)
        if column < here.x:
            output.cursor_backward(here.x - column)
        elif column > here.x:
            output.cursor_forward(column - here.x)
        self._cursor_pos = Point(x=column, y=row)


def _leave_pending_wrap(output: Output, columns: int) -> None:
    """The cursor waits at the right edge, where terminals differ on what moves it next:
    it is put on the row's last cell plainly, with the wrap forgotten."""
    output.write_raw("\r")
    output.cursor_forward(columns - 1)


def _standing(spot: tuple[int, int], columns: int) -> Point:
    """The cell the cursor is really on: at the pending wrap, the row's last cell."""
    row, column = spot
    return Point(x=min(column, columns - 1), y=row)


def _common_length(old: str, new: str) -> int:
    """How many characters the two texts begin with in common."""
    if new.startswith(old):
        return len(old)
    length = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        length += 1
    return length
