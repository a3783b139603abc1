"""Reading the real game in a pseudo-terminal: the prompt as it is drawn, the escape
sequences to strip, and a log of every byte written."""

from __future__ import annotations

import re

PROMPT = r"\x1b\[\?2004h[^\n]*?>[^\n]*?\x1b\[\?25h"
"""The prompt being drawn: bracketed paste on, the prompt's text, the cursor shown."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")


def clean(text: str) -> str:
    """What a screen reader would read: the text without escape sequences or returns."""
    return ANSI.sub("", text).replace("\r", "")


class Collector:
    """pexpect's logfile: keeps every byte the program wrote to the terminal."""

    def __init__(self, sink: list[str] | None = None) -> None:
        self.data: list[str] = sink if sink is not None else []

    def write(self, data: str) -> None:
        self.data.append(data)

    def flush(self) -> None:
        pass
