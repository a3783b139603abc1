"""Players hear no difference: the recorded games (every module combination) and every
replay of their logs say today exactly what they said when recorded."""

from __future__ import annotations

import difflib

import pytest

from golden_games import FOLDER, GAMES, record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_recorded_game_sounds_the_same(name: str) -> None:
    recorded = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    now = record(name)
    if now != recorded:
        diff = difflib.unified_diff(recorded.splitlines(), now.splitlines(), "recorded", "now", lineterm="", n=1)
        pytest.fail("\n".join(list(diff)[:40]))
