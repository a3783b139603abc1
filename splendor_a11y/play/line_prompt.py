"""One line of input: the smallest prompt_toolkit application that edits a line.

prompt_toolkit's ``PromptSession`` lays out a dozen hidden parts (search and argument
toolbars, completion menus, a right prompt, a bottom toolbar) and walks them all on every
key and every redraw; a server runs a prompt per connection on one loop, where that walk
was most of the work. This prompt is one window: the prompt before the text, the emacs
editing keys (not vi's, nor the mouse's), the history, Tab completing as readline does
(candidates listed above the line), Enter to accept, Ctrl-C to interrupt, Ctrl-D on an
empty line to end. Nothing is drawn but the line itself, which is also what a screen
reader wants to hear, and it is drawn by what changed in it (``LineRenderer``), not by
laying a screen out. Unlike ``PromptSession``, there is no Ctrl-R search of the history.

On a server's loop (``shared_loop``), one of hundreds, the prompt is started once and
kept running from line to line: each line typed is shown above as a line of its own,
as a finished prompt leaves it, and handed over through a queue. Starting an
application for every line (attaching its input, its resize signal, its tasks, and
drawing it twice more) was most of what a move cost the server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import History
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, merge_key_bindings
from prompt_toolkit.key_binding.bindings.basic import load_basic_bindings
from prompt_toolkit.key_binding.bindings.completion import display_completions_like_readline
from prompt_toolkit.key_binding.bindings.emacs import load_emacs_bindings
from prompt_toolkit.layout import BufferControl, Layout, Window

from splendor_a11y.play.line_renderer import LineRenderer
from splendor_a11y.play.terminal import escape_controls

__all__ = ["LINES_WAITING", "LinePrompt"]

LINES_WAITING = 100
"""Lines typed ahead that a prompt kept running holds before the next are not taken."""


_SHARED_LOOP: dict[str, Any] = {"max_render_postpone_time": None, "terminal_size_polling_interval": None}
"""A prompt on a server's loop, one of hundreds: it redraws when asked, once, rather than
putting its redraw off again and again while the loop is busy (each time a write to the
loop's wake-up pipe), and it learns of a new terminal size from the connection, never
by asking the terminal twice a second."""


class _LimitedBuffer(Buffer):
    """The line being typed, never longer than ``limit`` characters: what would go past
    it is not taken, and ``refused`` is told (once a line), so that a stream of keys
    without Enter costs the server nothing more than a full line."""

    def __init__(self, limit: int | None, refused: Callable[[], None], **options: Any) -> None:
        super().__init__(**options)
        self.limit = limit
        self.refused = refused
        self.refusal_told = False

    def reset(self, document: Document | None = None, append_to_history: bool = False) -> None:
        """A new line: its refusal is told again, should it grow too long."""
        super().reset(document, append_to_history)
        self.refusal_told = False

    def insert_text(
        self, data: str, overwrite: bool = False, move_cursor: bool = True, fire_event: bool = True
    ) -> None:
        if self.limit is not None and len(self.text) + len(data) > self.limit:
            data = data[: max(self.limit - len(self.text), 0)]
            if not self.refusal_told:
                self.refusal_told = True
                self.refused()
        if data:
            super().insert_text(data, overwrite, move_cursor, fire_event)


class LinePrompt:
    """Reads lines one after another, keeping the history between them."""

    def __init__(
        self,
        history: History,
        completer: Completer,
        key_bindings: KeyBindingsBase,
        pt_input: Any = None,
        pt_output: Any = None,
        max_line: int | None = None,
        line_full: Callable[[], None] = lambda: None,
        shared_loop: bool = False,
    ) -> None:
        self.message = ""
        self.shared_loop = shared_loop
        self._lines: asyncio.Queue[str | BaseException] = asyncio.Queue(LINES_WAITING)
        self._running: asyncio.Task[None] | None = None
        self.default_buffer = _LimitedBuffer(
            max_line,
            line_full,
            history=history,
            completer=completer,
            complete_while_typing=False,
            multiline=False,
            accept_handler=self._accept,
        )
        self.app: Application[str] = Application(
            layout=Layout(Window(BufferControl(self.default_buffer))),
            key_bindings=merge_key_bindings(
                [load_basic_bindings(), load_emacs_bindings(), _line_keys(self, self.default_buffer), key_bindings]
            ),
            full_screen=False,
            mouse_support=False,
            erase_when_done=False,
            input=pt_input,
            output=pt_output,
            **(_SHARED_LOOP if shared_loop else {}),
        )
        self.app.renderer = LineRenderer(self._drawn, self.app.output)

    def _drawn(self) -> tuple[str, int]:
        """What the terminal shows of the prompt: the message and the line, with the
        cursor's place in them; a control character shows as its escape. The history is
        loaded at the first drawing, as prompt_toolkit's own drawing would load it."""
        self.default_buffer.load_history_if_not_yet_loaded()
        document = self.default_buffer.document
        before = self.message + escape_controls(document.text_before_cursor)
        return before + escape_controls(document.text_after_cursor), len(before)

    def _accept(self, buffer: Buffer) -> bool:
        """Enter: the line is the prompt's answer; a prompt kept running shows it above,
        as a finished prompt would leave it, and empties itself for the next."""
        line = buffer.document.text
        if not self.shared_loop:
            self.app.exit(result=line)
            return True
        self.print_above(lambda: self._show(self.message + escape_controls(line)))
        self.finish(line)
        return False

    def _show(self, line: str) -> None:
        output = self.app.output
        output.write_raw(line + "\r\n")
        output.flush()

    def finish(self, answer: str | BaseException) -> None:
        """The prompt's answer: a line, or the exception it raises (Ctrl-C, Ctrl-D)."""
        if self.shared_loop:
            if not self._lines.full():
                self._lines.put_nowait(answer)
        elif isinstance(answer, BaseException):
            self.app.exit(exception=answer)
        else:
            self.app.exit(result=answer)

    def print_above(self, write: Callable[[], None]) -> None:
        """Print above the line being typed, at once: the line is erased, ``write`` prints,
        and the line is drawn again at the end of this turn of the loop.

        prompt_toolkit's ``in_terminal`` does this by waiting for the one before it, each
        waiting on a future the one before sets; this never waits, so nothing a player
        is told can be held behind anything else.
        """
        app = self.app
        if not app.is_running or app.is_done:
            write()
            return
        app.renderer.erase()
        write()
        app.invalidate()

    async def prompt_async(self, message: str, handle_sigint: bool = True, set_exception_handler: bool = True) -> str:
        """The next line typed; EOFError at Ctrl-D on an empty line, KeyboardInterrupt at Ctrl-C."""
        self.message = message
        if not self.shared_loop:
            self.default_buffer.reset()
            return await self.app.run_async(handle_sigint=handle_sigint, set_exception_handler=set_exception_handler)
        if self._running is None:
            self._running = asyncio.get_running_loop().create_task(self._keep_running())
        elif self._lines.empty():
            self.app.invalidate()
        answer = await self._lines.get()
        if isinstance(answer, BaseException):
            raise answer
        return answer

    async def _keep_running(self) -> None:
        """The prompt of a server's connection, from its first line to its end; however
        it ends, whoever waits for a line hears EOFError."""
        try:
            await self.app.run_async(handle_sigint=False, set_exception_handler=False)
        except Exception:  # noqa: BLE001 - the connection is over, however its prompt ended
            pass
        finally:
            while self._lines.full():
                self._lines.get_nowait()
            self._lines.put_nowait(EOFError())

    def end(self) -> None:
        """End the prompt (its connection closed): whoever waits for a line hears EOFError."""
        app = self.app
        if app.is_running and not app.is_done:
            app.exit(exception=EOFError())


def _line_keys(prompt: LinePrompt, buffer: Buffer) -> KeyBindings:
    """The keys that make an editor a prompt: accept, complete, interrupt, end."""
    keys = KeyBindings()
    empty = Condition(lambda: not buffer.text)

    @keys.add("enter")
    def _accept(_event: Any) -> None:
        buffer.validate_and_handle()

    @keys.add("tab")
    def _complete(event: Any) -> None:
        display_completions_like_readline(event)

    @keys.add("c-c")
    @keys.add("<sigint>")
    def _interrupt(event: Any) -> None:
        prompt.finish(KeyboardInterrupt())

    @keys.add("c-d", filter=empty)
    def _end(event: Any) -> None:
        prompt.finish(EOFError())

    return keys
