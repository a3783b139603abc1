"""What no player should see: the language chosen before anything is said, a refusal on
standard error, and faults kept in a file for a bug report."""

from __future__ import annotations

import logging
import os
import sys

from splendor_a11y.cli.exits import UsageError
from splendor_a11y.cli.paths import data_folder
from splendor_a11y.play.terminal import write_line
from splendor_a11y.text.languages import LANGUAGES, language_from_locale
from splendor_a11y.text.messages import (
    language_list,
    set_language,
    text,
)


def choose_language(arguments: list[str]) -> None:
    """Speak the language asked for by ``--lang`` anywhere on the line, else the user's
    locale's. Chosen before the parser is built, because its help is in that language.

    Raises:
        UsageError: a language the game does not speak (said in the locale's language).
    """
    set_language(language_from_locale(os.environ, _windows_ui_language()))
    asked = None
    for index, argument in enumerate(arguments):
        if argument == "--lang" and index + 1 < len(arguments):
            asked = arguments[index + 1]
        elif argument.startswith("--lang="):
            asked = argument.partition("=")[2]
    if asked is None:
        return
    if asked.lower() not in LANGUAGES:
        raise UsageError(text("cli.unknown_lang", lang=asked, languages=language_list()))
    set_language(asked.lower())


def _windows_ui_language() -> str:
    """On Windows, the user's display language as a locale name (``fr_FR``); elsewhere
    nothing, the locale variables say it."""
    if sys.platform != "win32":
        return ""
    import ctypes
    import locale

    try:
        identifier = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (AttributeError, OSError):
        return ""
    return str(locale.windows_locale.get(identifier, ""))


def tell(line: str) -> None:
    """A refusal on standard error; nothing more when even that is gone."""
    try:
        write_line(line, sys.stderr)
    except (OSError, ValueError):
        pass


def keep_fault_reports() -> None:
    """A fault the game survives is written, with its traceback, to a file in the data
    folder for a bug report, never to the player's screen."""
    logger = logging.getLogger("splendor_a11y")
    logger.propagate = False
    try:
        folder = data_folder()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(folder / "faults.log", encoding="utf-8", delay=True)
    except (OSError, RuntimeError, KeyError):
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    logger.addHandler(handler)


def silence_stdout() -> None:
    """After a closed pipe, point stdout at nothing so the exit flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
