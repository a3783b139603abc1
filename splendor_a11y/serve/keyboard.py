"""What a person types over SSH, before prompt_toolkit reads it: cleaned, and bounded.

prompt_toolkit's own pipe input writes every byte a client sends into an operating
system pipe that the same event loop reads: a burst larger than the pipe (64 KiB) blocks
the loop for everyone, and its parser keeps any unfinished escape sequence (and a
bracketed paste) whole however long it grows. A stranger's bytes must do neither, nor
reach a key handler that raises on them (a mouse report such as ``ESC [ 3 1 m``).

So the keys of a connection come through here instead: escape sequences that are not
keys prompt_toolkit knows (mouse reports, bracketed-paste marks, cursor reports,
anything over-long) are dropped, pasted text arrives as typed keys, each key is made
here from prompt_toolkit's own table of sequences (its parser keeps every prefix it
ever saw in a cache shared by all connections), and at most
``PENDING_KEYS`` keys wait to be read, handed to the prompt ``BATCH`` at a time (each
batch its own turn of the loop, so that other connections are heard between them), at
no more than ``KEYS_PER_SECOND`` after a burst: past either, the connection's reading is
paused, so that SSH's own flow control holds the client back rather than the server's
memory or time.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from contextlib import AbstractContextManager, contextmanager

from prompt_toolkit.input import PipeInput
from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from splendor_a11y.serve.pace import Pace

__all__ = ["KeyFilter", "KeyboardInput", "MAX_SEQUENCE", "PENDING_KEYS", "key_presses"]

MAX_SEQUENCE = 16
"""The longest escape sequence kept: every key a terminal sends is shorter."""
PENDING_KEYS = 256
"""Keys that may wait to be read before the connection's reading is paused."""
BATCH = 256
"""Keys handed to the prompt in one turn of the loop."""
KEYS_PER_SECOND = 2000.0
KEY_BURST = 4000.0
"""Keys a connection may send at once (a long paste), and then each second: far more
than anyone types."""
_KEYS = {
    sequence
    for sequence, key in ANSI_SEQUENCES.items()
    if sequence.startswith("\x1b") and key is not Keys.BracketedPaste
}
_OWN_KEYS = frozenset("0123456789-")
"""Printable keys with key bindings of their own (a repeat count being typed)."""
_LEGACY_MOUSE = "\x1b[M"
"""An old mouse report: these three characters, then three raw bytes."""


def _is_final(ch: str) -> bool:
    """The character that ends a control sequence (ECMA-48's final byte)."""
    return "\x40" <= ch <= "\x7e"


def _in_body(ch: str) -> bool:
    """A parameter or intermediate character of a control sequence."""
    return "\x20" <= ch <= "\x3f"


class KeyFilter:
    """Keeps typed text and the escape sequences of real keys; drops everything else.

    State is kept across chunks: a sequence cut between two packets is held (at most
    ``MAX_SEQUENCE`` characters), and the rest of an over-long one is skipped up to its
    end.
    """

    def __init__(self) -> None:
        self._held = ""
        self._skipping = False
        self._raw_left = 0

    def feed(self, data: str) -> list[str]:
        """The keys in ``data`` (with what was held), each a character or a whole sequence."""
        data, self._held = self._held + data, ""
        out: list[str] = []
        index = 0
        while index < len(data):
            index = self._step(data, index, out)
        return out

    def flush(self) -> list[str]:
        """What is held once the client paused: a lone Escape is a key; an unfinished
        sequence is dropped."""
        held, self._held = self._held, ""
        return [held] if held == "\x1b" else []

    def _step(self, data: str, index: int, out: list[str]) -> int:
        """Read from ``index``; the index after what was read."""
        ch = data[index]
        if self._raw_left:
            self._raw_left -= 1
            return index + 1
        if self._skipping:
            self._skipping = _in_body(ch)
            return index + 1
        if ch == "\x00":
            return index + 1
        if ch != "\x1b":
            out.append(ch)
            return index + 1
        return self._escape(data, index, out)

    def _escape(self, data: str, index: int, out: list[str]) -> int:
        """An escape at ``index``: a key's sequence is kept, Alt with a key too."""
        if index + 1 >= len(data):
            self._held = data[index:]
            return len(data)
        second = data[index + 1]
        if second not in "[O":
            out.append("\x1b")
            return index + 1
        end = index + 2
        while end < len(data) and end - index < MAX_SEQUENCE and _in_body(data[end]) and second == "[":
            end += 1
        if end - index >= MAX_SEQUENCE:
            self._skipping = True
            return end
        if end >= len(data):
            self._held = data[index:]
            return len(data)
        sequence = data[index : end + 1]
        if sequence == _LEGACY_MOUSE:
            self._raw_left = 3
        elif sequence in _KEYS:
            out.append(sequence)
        elif not _is_final(data[end]):
            return end
        return end + 1


class KeyboardInput(PipeInput):
    """One connection's keys, parsed in memory and handed to its prompt, never more than
    ``PENDING_KEYS`` waiting (``pause`` and ``resume`` hold the client back meanwhile)."""

    def __init__(self, pause: Callable[[], None], resume: Callable[[], None]) -> None:
        self._keys: list[KeyPress] = []
        self._filter = KeyFilter()
        self._pause, self._resume = pause, resume
        self._paused = False
        self._pace = Pace(KEYS_PER_SECOND, KEY_BURST)
        self._rested_at = 0.0
        self._ready: list[Callable[[], None]] = []
        self._called = False
        self._closed = False

    # ---- what the connection sends ------------------------------------------------

    def send_text(self, data: str) -> None:
        """Keys from the client: cleaned, parsed, and the prompt told."""
        if self._closed:
            return
        keys = key_presses(self._filter.feed(data))
        self._keys.extend(keys)
        wait = self._pace.spend(sum(max(len(key.data), 1) for key in keys))
        if wait:
            self._rested_at = max(self._rested_at, time.monotonic() + wait)
            asyncio.get_running_loop().call_later(wait, self._rest_over)
        self._hold()
        self._wake()

    def _rest_over(self) -> None:
        """The pace's wait is over (or nearly: the loop's timer may fire a little early)."""
        left = self._rested_at - time.monotonic()
        if left > 0:
            asyncio.get_running_loop().call_later(left, self._rest_over)
        else:
            self._hold()

    def _hold(self) -> None:
        """Pause the client while too many keys wait or it goes too fast; resume once neither."""
        hold = len(self._keys) >= PENDING_KEYS or time.monotonic() < self._rested_at
        if hold != self._paused and not self._closed:
            self._paused = hold
            (self._pause if hold else self._resume)()

    def send_bytes(self, data: bytes) -> None:
        """Bytes from the client, read as UTF-8 (what cannot be read becomes U+FFFD)."""
        self.send_text(data.decode("utf-8", "replace"))

    def _wake(self) -> None:
        if self._ready and self._keys and not self._called:
            self._called = True
            asyncio.get_running_loop().call_soon(self._call)

    def _call(self) -> None:
        self._called = False
        if self._ready:
            self._ready[-1]()

    # ---- what the prompt reads ----------------------------------------------------

    def read_keys(self) -> list[KeyPress]:
        """The next batch of keys waiting; the rest in the loop's next turn."""
        keys, self._keys[:] = self._keys[:BATCH], self._keys[BATCH:]
        self._hold()
        self._wake()
        return keys

    def flush_keys(self) -> list[KeyPress]:
        """After a pause in typing: a lone Escape is a key."""
        self._keys.extend(key_presses(self._filter.flush()))
        return self.read_keys()

    def fileno(self) -> int:
        raise NotImplementedError("keys over SSH have no file descriptor")

    def typeahead_hash(self) -> str:
        return f"ssh-{id(self)}"

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        self._closed = True
        if self._ready:
            asyncio.get_running_loop().call_soon(self._call)

    def raw_mode(self) -> AbstractContextManager[None]:
        return _nothing()

    def cooked_mode(self) -> AbstractContextManager[None]:
        return _nothing()

    def attach(self, input_ready_callback: Callable[[], None]) -> AbstractContextManager[None]:
        """While a prompt runs, it is told when keys wait (at once if some already do)."""
        return self._attached(input_ready_callback)

    @contextmanager
    def _attached(self, callback: Callable[[], None]) -> Generator[None, None, None]:
        self._ready.append(callback)
        self._wake()
        try:
            yield
        finally:
            self._ready.remove(callback)

    def detach(self) -> AbstractContextManager[None]:
        return self._detached()

    @contextmanager
    def _detached(self) -> Generator[None, None, None]:
        saved, self._ready = self._ready, []
        try:
            yield
        finally:
            self._ready = saved
            self._wake()


def key_presses(typed: list[str]) -> list[KeyPress]:
    """The key presses of characters and known sequences, as prompt_toolkit's parser
    makes them (a sequence such as Alt+Up is two keys: Escape, then Up), but for a run of
    plain characters, which is one key press carrying them all: prompt_toolkit inserts a
    key press's text whole, and matching each character against every key binding was a
    fifth of what a line cost the server. Digits and ``-`` stay keys of their own (they
    have bindings of their own while a repeat count is typed), as does whatever follows
    Escape (Alt with a key)."""
    presses: list[KeyPress] = []
    run: list[str] = []
    after_escape = False
    for token in typed:
        if _plain(token) and not after_escape:
            run.append(token)
            continue
        _end_run(run, presses)
        presses += _sequence(token)
        after_escape = token == "\x1b"
    _end_run(run, presses)
    return presses


def _plain(token: str) -> bool:
    """A character that only types itself."""
    return len(token) == 1 and token.isprintable() and token not in _OWN_KEYS


def _end_run(run: list[str], presses: list[KeyPress]) -> None:
    if run:
        presses.append(KeyPress(run[0], "".join(run)))
        run.clear()


def _sequence(typed: str) -> list[KeyPress]:
    key = ANSI_SEQUENCES.get(typed, typed)
    if isinstance(key, tuple):
        return [KeyPress(part, typed if i == 0 else "") for i, part in enumerate(key)]
    return [KeyPress(key, typed)]


@contextmanager
def _nothing() -> Generator[None, None, None]:
    yield
