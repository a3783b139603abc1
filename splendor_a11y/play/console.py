"""The terminal: a plain prompt_toolkit prompt in a loop, or plain lines from a pipe.

The only module that reads keys. No full-screen application, no toolbar, no right
prompt, no pop-up menu and no cursor-position probe, because screen readers and braille
displays follow the hardware cursor and re-read every redraw.
Lines are printed only between prompts; each is then spoken.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from splendor_a11y.domain.errors import Stopped
from splendor_a11y.play.conversation import Channel
from splendor_a11y.play.history import History
from splendor_a11y.play.speech import NullSpeaker, Speaker
from splendor_a11y.play.terminal import escape_controls, write_line
from splendor_a11y.text.messages import has_text, is_yes, text, variant

__all__ = ["KEYS", "Console", "key_lines", "keys_help"]

KEYS: tuple[tuple[str, str, str], ...] = (
    ("f2", "F2", "Alt+R"),
    ("f3", "F3", "Alt+S"),
    ("f4", "F4", "Alt+B"),
    ("f5", "F5", "Alt+Comma"),
    ("f6", "F6", "Alt+Period"),
)
"""Each key the prompt binds and the names of its two keys; what it does is the
catalogue's ``key.<key>`` sentence."""
_ALT = {"f2": "r", "f3": "s", "f4": "b", "f5": ",", "f6": "."}
_KEY_QUERIES = {"f3": "me", "f4": "board"}


def key_lines(key: str, review: History, answer_query: Callable[[str], list[str]] | None) -> list[str]:
    """What a key of ``KEYS`` says: a line of the review (F2, F5, F6) or the answer to its
    question (F3, F4), on a console or at a web page alike."""
    if key == "f2":
        return [review.last() or text("query.no_events")]
    if key in ("f5", "f6"):
        found = review.older() if key == "f5" else review.newer()
        if found is None:
            return [text("query.no_events")]
        line, stopped = found
        return [text(f"review.{'first' if key == 'f5' else 'last'}", line=line) if stopped else line]
    if answer_query is not None and key in _KEY_QUERIES:
        return answer_query(_KEY_QUERIES[key])
    return []


def keys_help(watching: bool = False) -> list[str]:
    """One help line per key of ``KEYS``; ``watching`` (the listener holds no seat): a
    key that answers about "you" says it tells of the player whose turn it is, as the
    questions' help does (``key.<key>.watching``)."""
    return [
        text(
            "help.line",
            usage=text("key.either", first=first, second=_said_key(key, second)),
            summary=text(variant(f"key.{key}", "watching", watching)),
        )
        for key, first, second in KEYS
    ]


def _said_key(key: str, name: str) -> str:
    """A key's name as the language says it (``Alt+Virgule`` in French), where it has one."""
    return text(f"key.name.{key}") if has_text(f"key.name.{key}") else name


class Console:
    """Reads commands and announces lines, by prompt_toolkit in a terminal or plainly in a pipe."""

    def __init__(
        self,
        speaker: Speaker | None = None,
        history_file: Path | None = None,
        interactive: bool | None = None,
        stdin: IO[Any] | None = None,
        stdout: IO[str] | None = None,
        pt_input: Any = None,
        pt_output: Any = None,
        max_line: int | None = None,
    ) -> None:
        self.speaker: Speaker = speaker or NullSpeaker()
        self.out = stdout or sys.stdout
        self.stdin = stdin or sys.stdin
        self.review = History()
        self.answer_query: Callable[[str], list[str]] | None = None
        self.tab_words: Callable[[], list[str]] | None = None
        """What Tab completes, asked at each Tab (None: every command of the game): the
        game's words at a game, a server's lobby words there too."""
        self.quit_question = "quit.confirm"
        """The catalogue key of the Ctrl-C question (a replay asks differently from a game)."""
        if interactive is None:
            interactive = self.stdin.isatty() and self.out.isatty()
        self.interactive = interactive or pt_input is not None
        self.max_line = max_line
        """The longest line the prompt takes (None: no limit, at one's own keyboard)."""
        self._shares_loop = pt_input is not None
        """A connection's console on a server's loop: its prompt must not take the process's
        Ctrl-C (the host's, to stop the server) nor the loop's error handler."""
        self._session: Any = None
        if self.interactive:
            self._session = self._prompt_session(history_file, pt_input, pt_output)

    # ---- prompt_toolkit ---------------------------------------------------------

    def _prompt_session(self, history_file: Path | None, pt_input: Any, pt_output: Any) -> Any:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.history import InMemoryHistory

        from splendor_a11y.play.grammar import completion_words
        from splendor_a11y.play.line_prompt import LinePrompt

        history: Any = InMemoryHistory()
        if history_file is not None:
            history = _private_history(history_file, self._history_lost)
        completer = WordCompleter(lambda: (self.tab_words or completion_words)(), ignore_case=True, sentence=True)
        session = LinePrompt(
            history,
            completer,
            self._bindings(),
            pt_input,
            pt_output,
            self.max_line,
            self._line_full,
            shared_loop=self._shares_loop,
        )
        session.default_buffer.on_text_changed += lambda _buffer: self.speaker.silence()
        return session

    def _bindings(self) -> Any:
        from prompt_toolkit.application import run_in_terminal
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.key_binding import KeyBindings

        bindings = KeyBindings()

        def handler(key: str) -> Callable[[Any], None]:
            def act(_event: Any) -> None:
                lines = self._key_lines(key)

                def tell() -> None:
                    for line in lines:
                        self._print_and_speak(line, True)

                run_in_terminal(tell)

            return act

        for key, _first, _second in KEYS:
            bindings.add(key)(handler(key))
            bindings.add("escape", _ALT[key])(handler(key))

        @bindings.add("c-\\", filter=Condition(lambda: not self._shares_loop))
        def _quit_signal(event: Any) -> None:
            """Ctrl-\\ reaches a raw-mode prompt as a key, not as SIGQUIT: it stops the same way
            (at one's own keyboard: over a connection it would stop the whole server)."""
            event.app.exit(exception=Stopped(signal.SIGQUIT if hasattr(signal, "SIGQUIT") else signal.SIGTERM))

        return bindings

    def _key_lines(self, key: str) -> list[str]:
        return key_lines(key, self.review, self.answer_query)

    def _line_full(self) -> None:
        """Keys past the longest line are not taken: said once a line, above it."""
        self.announce_above(text("console.line_full", limit=self.max_line), Channel.ERROR)

    def _history_lost(self, path: Path, error: OSError) -> None:
        """Said once: typed lines are kept for this game only."""
        self._print_and_speak(text("console.history_lost", path=path, reason=error.strerror or error), True)

    # ---- reading ----------------------------------------------------------------

    def read_line(self, prompt: str) -> str | None:
        """The next typed line, outside an event loop (the replay, the setup questions)."""
        if not self.interactive:
            return self._read_plain()
        return asyncio.run(self.read_line_async(prompt))

    async def read_line_async(self, prompt: str) -> str | None:
        """The next typed line; None when input has ended (Ctrl-D, or the end of a pipe)."""
        if not self.interactive:
            return self._read_plain()
        while True:
            try:
                return await self._prompt(prompt)
            except EOFError:
                return None
            except KeyboardInterrupt:
                if await self.confirm_quit_async():
                    return None

    async def _prompt(self, prompt: str) -> str:
        owns = not self._shares_loop
        return str(await self._session.prompt_async(prompt, handle_sigint=owns, set_exception_handler=owns))

    def end_prompt(self) -> None:
        """End a prompt being read, as Ctrl-D would (the connection behind it closed)."""
        if self._session is not None:
            self._session.end()

    def confirm_quit(self) -> bool:
        """After Ctrl-C outside an event loop: ask whether to quit."""
        if not self.interactive:
            return True
        return asyncio.run(self.confirm_quit_async())

    async def confirm_quit_async(self) -> bool:
        """After Ctrl-C: ask whether to quit (in a pipe there is nobody to ask: quit)."""
        if not self.interactive:
            return True
        self._print_and_speak(text(self.quit_question), True)
        try:
            answer = await self._prompt("quit? ")
        except (EOFError, KeyboardInterrupt):
            return True
        if is_yes(str(answer)):
            return True
        self._print_and_speak(text("quit.cancelled"), True)
        return False

    def _read_plain(self) -> str | None:
        """One line from a pipe; undecodable lines are refused and skipped."""
        while True:
            buffer = getattr(self.stdin, "buffer", None)
            raw = buffer.readline() if buffer is not None else self.stdin.readline()
            if not raw:
                return None
            if isinstance(raw, bytes):
                try:
                    return raw.decode("utf-8").rstrip("\r\n")
                except UnicodeDecodeError:
                    self.announce(text("console.not_utf8"), Channel.ERROR)
                    continue
            return str(raw).rstrip("\r\n")

    # ---- announcing -------------------------------------------------------------

    def announce_above(self, line: str, channel: Channel) -> None:
        """Announce a line while the prompt may be waiting for a line to be typed (another
        player's move, at a server): printed above it, the prompt drawn again below."""
        if self._session is None:
            self.announce(line, channel)
            return
        self._session.print_above(lambda: self.announce(line, channel))

    def announce(self, line: str, channel: Channel) -> None:
        """Print a line, then speak it; answers and refusals cut off older speech."""
        if channel in (Channel.EVENT, Channel.PROMPT):
            self.review.add(line)
        self._print_and_speak(line, channel in (Channel.ANSWER, Channel.ERROR))

    def _print_and_speak(self, line: str, interrupt: bool) -> None:
        write_line(line, self.out)
        self.speaker.say(escape_controls(line), interrupt=interrupt)

    def set_speech(self, on: bool) -> str:
        """The ``speech on|off`` setting."""
        if not on:
            self.speaker.close()
            self.speaker = NullSpeaker()
            return text("speech.off")
        if self.speaker.available:
            return text("speech.on")
        from splendor_a11y.play.speech import open_speaker

        self.speaker = open_speaker("on")
        return text("speech.on") if self.speaker.available else text("speech.none")

    def keys_help(self, watching: bool = False) -> list[str]:
        """One help line per key binding (none in a pipe)."""
        return keys_help(watching) if self.interactive else []

    def close(self) -> None:
        """Release speech."""
        self.speaker.close()


def _private_history(path: Path, lost: Callable[[Path, OSError], None]) -> Any:
    """The prompt's history in a file readable by its owner only. When the file cannot be
    read or written (no home, a read-only disk, a full disk), typed lines are kept in
    memory for this game, and ``lost`` is told once."""
    from prompt_toolkit.history import FileHistory

    class PrivateFileHistory(FileHistory):
        failed = False

        def _give_up(self, error: OSError) -> None:
            if not self.failed:
                self.failed = True
                lost(path, error)

        def load_history_strings(self) -> Any:
            if self.failed:
                return []
            try:
                return list(super().load_history_strings())
            except OSError as error:
                self._give_up(error)
                return []

        def store_string(self, string: str) -> None:
            if self.failed:
                return
            try:
                if not path.exists():
                    path.parent.mkdir(parents=True, exist_ok=True)
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
                super().store_string(string)
            except OSError as error:
                self._give_up(error)

    return PrivateFileHistory(str(path))
