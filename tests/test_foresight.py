"""The hard bot imagines its opponents answering as they have been seen to play
(``bots.foresight``): what it counts, that it counts nothing secret, that the deals follow
the count, and that a game resumed, at the prompt or at a server, goes on as it would have."""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from splendor_a11y.bots import bot_for, budget_for
from splendor_a11y.bots.arena import play_bots
from splendor_a11y.bots.foresight import Foresight, against, tallied, watched_action
from splendor_a11y.bots.medium import greedy_command
from splendor_a11y.bots.plan import ANSWERS
from splendor_a11y.domain.notation import DeckTop, GemCounts
from splendor_a11y.engine import (
    Event,
    GameState,
    HintAsked,
    Phase,
    Reserve,
    TokensReturned,
    decide_and_apply,
    view,
)
from splendor_a11y.play.table import Table
from splendor_a11y.play.thinkers import move_of
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log
from splendor_a11y.serve import tables
from splendor_a11y.serve.hall import Hall
from splendor_a11y.serve.sqlite import SqliteStore

from conftest import new_game, run_cli

FIXED = budget_for(None)
HEADER = LogHeader((PlayerEntry("Ana"), PlayerEntry("Hard bot", "bot", "hard")), (), 3)
"""Ana against the hard bot, on a seed where what the bot has seen of her play changes
its move after 37 moves (``_played_by_medium``)."""
MOVES_BEFORE = 37


def _played_by_medium(table: Table, moves: int) -> None:
    """Deal, then play ``moves`` moves at the table, every seat's chosen by the medium bot
    (a person at the table plays as they like; here they play as medium)."""
    table.commit((table.deal(),))
    _played_by_medium_after_deal(table, moves)


def _medium_game(seed: int) -> list[tuple[Event, GameState]]:
    """Every event of a game between two medium bots, with the position before it."""
    state = new_game(2, seed)
    seen: list[tuple[Event, GameState]] = []
    medium = bot_for("medium")
    while not state.is_over:
        before = state
        made, state = decide_and_apply(state, medium(view(state, state.current), random.Random(len(seen))))
        seen += [(event, before) for event in made]
    return seen


def test_medium_s_answer_foresees_most_of_the_medium_bot_s_moves_from_what_everyone_sees() -> None:
    counts: dict[int, Foresight] = {}
    for seed in (1, 2):
        moves = [watched_action(event, before, f"{seed}:{n}") for n, (event, before) in enumerate(_medium_game(seed))]
        counts = tallied(counts, [move for move in moves if move is not None])
    seen = against(counts, 1)
    medium = seen.hits[ANSWERS.index(greedy_command)]
    assert medium == max(seen.hits) and medium >= 0.6 * seen.watched, seen


def test_only_a_player_s_action_is_watched_and_no_card_they_hid() -> None:
    """A player's action is watched from the position everyone knew: the card another
    player reserved from the top of a deck is hidden there. Tokens given back, a noble's
    visit and a hint asked are not actions."""
    state = new_game(2, 5)
    first = state.current
    state = decide_and_apply(state, Reserve(DeckTop("a")))[1]
    assert state.players[first].reserved[0].card is not None
    assert watched_action(HintAsked(state.current), state, "s") is None
    made, _ = decide_and_apply(state, Reserve(DeckTop("b")))
    watched = watched_action(made[0], state, "s")
    assert watched is not None and watched.mover == state.current != first
    assert watched.position.players[first].reserved[0].card is None
    assert watched_action(TokensReturned(state.current, GemCounts.parse("1d")), state, "s") is None


def test_the_search_s_deals_follow_how_often_each_answer_foresaw() -> None:
    """Each answer is dealt in proportion to the square of one more than its count, the
    most foreseen first; with nothing seen, each in turn."""
    first, second, third = ANSWERS
    dealt = Counter(answer for answer, _ in zip(Foresight((4, 1, 0), 5).answers(), range(30), strict=False))
    assert dealt == {first: 25, second: 4, third: 1}
    assert next(Foresight((0, 3, 0), 3).answers()) is second
    turns = Foresight().answers()
    assert [next(turns) for _ in range(6)] == [first, second, third] * 2


def test_a_resumed_game_against_the_hard_bot_goes_on_as_it_would_have(home: Path) -> None:
    """Ana leaves a game after 37 moves and resumes it: the hard bot, having counted again
    what it saw of her play, makes the move it would have made had she stayed (a move
    that differs from the one it makes knowing nothing of her play)."""
    log = home / "left.jsonl"
    writer = LogWriter.create(log, HEADER)
    stayed = Table(HEADER.new_state(), HEADER, writer, 0, FIXED)
    _played_by_medium(stayed, MOVES_BEFORE)
    writer.close()
    position = stayed.state
    assert position.current == 1 and position.phase is Phase.ACTION
    would_have = stayed.think(1)[0]
    unseen = move_of(view(position, 1), "hard", FIXED, f"3:1:{stayed.events_so_far}")
    assert decide_and_apply(position, unseen)[0][0] != would_have, "a position where the count changes nothing"
    result = run_cli("resume", str(log), "--think", "fixed", home=home)
    assert result.returncode == 0, result.stderr
    assert read_log(log).events[stayed.events_so_far] == would_have


def test_a_table_a_server_sets_back_counts_what_its_computer_saw(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server started again sets a table back from its database; its hard bot has seen
    all the moves played there, as the process that ran the table had (a real SQLite file)."""
    monkeypatch.setattr(tables, "_seed", lambda: 3)
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "server.sqlite3")
        try:
            number = store.new_table({"creator": "Ana", "modules": [], "seats": [{"name": "Ana"}, {"level": "hard"}]})
            running = Hall(store)
            running.restore()
            hosted = running.tables[number]
            assert hosted.start(store) and hosted.table is not None
            hosted.play_what_follows()
            _played_by_medium_after_deal(hosted.table, MOVES_BEFORE)
            again = Hall(store)
            again.restore()
            restored = again.tables[number].table
            assert restored is not None and restored.state == hosted.table.state
            seen = restored.watch.foresight_against(1)
            assert seen == hosted.table.watch.foresight_against(1) and seen.watched > 0
        finally:
            store.close()


def _played_by_medium_after_deal(table: Table, moves: int) -> None:
    """``_played_by_medium`` at a table a server dealt already."""
    medium = bot_for("medium")
    for move in range(moves):
        state = table.state
        table.play(state.current, medium(view(state, state.current), random.Random(move)))


def test_the_arena_s_bots_count_what_they_see_as_a_table_s_do() -> None:
    """A benchmark's game is the game the same bots play at the prompt: the hard bot is
    told the same count in the arena as at a table (24 decisions, a quarter of the fixed
    thought: a count of positions judged, the same on every machine, and every kind of
    answer foreseen in it; the whole fixed thought took 28 seconds)."""
    levels, seed, decisions = ("hard", "medium"), 103, 24
    quarter = replace(FIXED, seconds=0.25)
    arena = play_bots(levels, seed, budget=quarter, most_decisions=decisions)
    header = LogHeader(tuple(PlayerEntry(level, "bot", level) for level in levels), (), seed)
    table = Table(header.new_state(), header, _Kept(), 0, quarter)
    table.commit((table.deal(),))
    for _ in range(decisions):
        table.commit(table.think(table.state.current))
    assert _unnamed(table.state) == _unnamed(arena.final)
    for seat in range(len(levels)):
        assert table.watch.foresight_against(seat) == against(arena.foresight, seat)


def _unnamed(state: GameState) -> GameState:
    """The position, the players' names aside (the arena names its seats its own way)."""
    return replace(state, players=tuple(replace(player, name="") for player in state.players))


class _Kept:
    """A table's events kept nowhere: the test reads the table's state."""

    def append_all(self, events: Sequence[Event]) -> None:
        pass

    def catch_up(self) -> list[Event]:
        return []

    def close(self) -> None:
        pass
