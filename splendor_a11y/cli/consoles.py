"""The console a game or a replay speaks through, and questions asked at it one at a
time."""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from splendor_a11y.play.conversation import Channel, SessionIO
from splendor_a11y.play.interrupt import Interruptions
from splendor_a11y.play.terminal import write_line
from splendor_a11y.text.messages import (
    text,
)

if TYPE_CHECKING:
    from splendor_a11y.play.console import Console
from splendor_a11y.cli.paths import history_file


def open_console(speech: str) -> Console:
    from splendor_a11y.play.console import Console
    from splendor_a11y.play.speech import open_speaker

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    speaker = open_speaker(speech)
    console = Console(speaker=speaker, history_file=history_file(), interactive=interactive)
    if speech == "on" and not speaker.available:
        write_line(text("speech.none"))
    return console


def session_io(console: Console) -> SessionIO:
    """The console's ways in and out, outside an event loop (the replay)."""
    return SessionIO(
        read_line=console.read_line,
        announce=console.announce,
        set_speech=console.set_speech,
        keys_help=console.keys_help,
        confirm_quit=console.confirm_quit,
    )


def game_io(console: Console) -> SessionIO:
    """The console's ways in and out for a game on an event loop, Ctrl-C watched while a
    computer thinks."""
    interruptions = Interruptions()
    if threading.current_thread() is threading.main_thread():
        interruptions.install()

    async def read_line(prompt: str) -> str | None:
        if console.interactive:
            return await console.read_line_async(prompt)
        with interruptions.raising():
            return await console.read_line_async(prompt)

    return SessionIO(
        read_line=read_line,
        announce=console.announce,
        set_speech=console.set_speech,
        keys_help=console.keys_help,
        confirm_quit=console.confirm_quit_async,
        interruptions=interruptions,
    )


def ask_until_answered(
    console: Console, question: str, choices: Sequence[str] | None = None, also: Sequence[str] = ()
) -> str:
    """One question at the console, asked until the answer is one of ``choices`` (any
    short printable name when None), or one of ``also``, taken but not listed when the
    question is asked again (a level's English name to a French player); the end of
    input stops as Ctrl-C does."""
    while True:
        console.announce(question, Channel.PROMPT)
        answer = console.read_line("? ")
        if answer is None:
            raise KeyboardInterrupt
        answer = answer.strip()
        if choices is None and answer and len(answer) <= 40 and answer.isprintable():
            return answer
        if choices is not None and answer.lower() in (*choices, *also):
            return answer.lower()
        shown = [choice for choice in choices or [text("setup.a_name")] if choice]
        console.announce(text("setup.again", choices=", ".join(shown)), Channel.ERROR)
