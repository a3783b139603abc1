"""Speech and braille through accessible_output2, wrapped defensively, and the review history.

accessible_output2 prints to stdout when it looks for outputs, silently does nothing when
none is found, and never brailles through ``output()``. So: import it lazily, capture what
it prints, check that an output exists, call ``speak`` and ``braille`` separately, and
never let one of its failures stop the game.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from splendor_a11y.text.messages import language

__all__ = ["AO2Speaker", "NullSpeaker", "RecordingSpeaker", "Speaker", "open_speaker"]

log = logging.getLogger(__name__)


class Speaker(Protocol):
    """Where announcements go besides the screen."""

    available: bool

    def say(self, text: str, interrupt: bool = True) -> None:
        """Speak a line, cutting off what is being spoken when ``interrupt``."""

    def silence(self) -> None:
        """Stop speaking now (the player started typing)."""

    def close(self) -> None:
        """Release the speech connection."""


class NullSpeaker:
    """No speech: tests, ``--speech off``, and screen-reader-only play."""

    available = False

    def say(self, text: str, interrupt: bool = True) -> None:
        """Say nothing."""

    def silence(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to release."""


@dataclass
class RecordingSpeaker:
    """Keeps every line it is asked to say: the tests' speaker."""

    available: bool = True
    spoken: list[tuple[str, bool]] = field(default_factory=list)
    silenced: int = 0

    def say(self, text: str, interrupt: bool = True) -> None:
        """Record the line."""
        self.spoken.append((text, interrupt))

    def silence(self) -> None:
        """Count the interruption."""
        self.silenced += 1

    def close(self) -> None:
        """Nothing to release."""


class AO2Speaker:
    """accessible_output2's automatic output: the running screen reader, or the system voice."""

    def __init__(self, output: Any, name: str) -> None:
        self._output = output
        self.name = name
        self.available = True
        self._language = ""

    def _speak_in(self, code: str) -> None:
        """Ask the output for a voice of the game's language, where it takes one
        (speech-dispatcher does; a screen reader on Windows speaks its own language)."""
        self._language = code
        client = getattr(self._output, "_client", None)
        choose = getattr(client, "set_language", None)
        if choose is not None:
            choose(code)

    def say(self, text: str, interrupt: bool = True) -> None:
        """Speak, then send the same line to a braille display when the output has one."""
        if not self.available:
            return
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                code = language().code
                if code != self._language:
                    self._speak_in(code)
                self._output.speak(text, interrupt=interrupt)
                braille = getattr(self._output, "braille", None)
                if braille is not None:
                    braille(text)
        except Exception as error:  # noqa: BLE001 - a speech failure must never stop the game
            log.warning("speech failed: %s", error)
            self.available = False

    def silence(self) -> None:
        """Stop the current speech, where the output can."""
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                stop = getattr(self._output, "silence", None)
                if stop is not None:
                    stop()
        except Exception as error:  # noqa: BLE001
            log.warning("silence failed: %s", error)

    def close(self) -> None:
        """Close the connection; speech-dispatcher needs it or the program may hang on exit."""
        with contextlib.suppress(Exception), contextlib.redirect_stdout(io.StringIO()):
            closer = getattr(self._output, "close", None)
            if closer is not None:
                closer()


def _first_output() -> tuple[Any, str] | None:
    """The first active accessible_output2 output, with what the library printed logged."""
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured):
            from accessible_output2.outputs.auto import Auto

            auto = Auto()
            output = auto.get_first_available_output()
    except Exception as error:  # noqa: BLE001 - any import or driver failure means no speech
        log.info("no speech output: %s", error)
        return None
    finally:
        if captured.getvalue().strip():
            log.info("accessible_output2 said: %s", captured.getvalue().strip())
    if output is None:
        return None
    return output, type(output).__name__


SPEECH_OPEN_SECONDS = 5.0


def _within(seconds: float, finder: Callable[[], tuple[Any, str] | None]) -> tuple[Any, str] | None:
    """Run the finder on a helper thread; give up when it hangs (speech-dispatcher without sound)."""
    result: list[tuple[Any, str] | None] = []
    worker = threading.Thread(target=lambda: result.append(finder()), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive() or not result:
        log.warning("no speech output answered within %s seconds", seconds)
        return None
    return result[0]


def open_speaker(
    mode: str,
    finder: Callable[[], tuple[Any, str] | None] = _first_output,
    seconds: float = SPEECH_OPEN_SECONDS,
) -> Speaker:
    """The speaker for ``--speech auto|on|off``.

    ``auto`` leaves the voice to the player's screen reader, which reads the printed lines,
    so that nothing is spoken twice; ``on`` speaks through accessible_output2 as well. A
    NullSpeaker when off, or when no output is found in time.
    """
    if mode in ("off", "auto") or os.environ.get("SPLENDOR_A11Y_SPEECH") == "off":
        return NullSpeaker()
    found = _within(seconds, finder)
    if found is None:
        return NullSpeaker()
    return AO2Speaker(*found)
