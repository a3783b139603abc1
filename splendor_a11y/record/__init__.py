"""The record of a game: the log's format, its reader, its writer, and its replay."""

from __future__ import annotations

from splendor_a11y.record.codec import (
    FORMAT,
    VERSION,
    GameLog,
    LogError,
    LogHeader,
    PlayerEntry,
    decode_event,
    encode_event,
)
from splendor_a11y.record.reader import read_log
from splendor_a11y.record.walk import At, Final, States, Visitor, replay, replay_good_part, walk
from splendor_a11y.record.writer import LogWriter, PlaceTaken, SaveError, log_bytes

__all__ = [
    "FORMAT",
    "VERSION",
    "GameLog",
    "LogError",
    "LogHeader",
    "LogWriter",
    "PlaceTaken",
    "PlayerEntry",
    "SaveError",
    "decode_event",
    "encode_event",
    "log_bytes",
    "read_log",
    "replay",
    "replay_good_part",
    "walk",
    "At",
    "Final",
    "States",
    "Visitor",
]
