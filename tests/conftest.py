"""Shared fixtures: the real card set, seeded games, real log files and the real CLI."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pg_helpers import Postgres, start_postgres

from splendor_a11y.bots import hard
from splendor_a11y.domain.cards import Card, CardSet, standard_cards
from splendor_a11y.domain.notation import GemCounts, Slot
from splendor_a11y.engine import (
    MODULES,
    Event,
    GameState,
    IllegalAction,
    PlayerState,
    deal,
    decide_and_apply,
    evolve,
    modules_named,
)
from splendor_a11y.play.conversation import Channel, Outcome, SessionIO
from splendor_a11y.play.session import SeatSession, play_game
from splendor_a11y.play.table import Table
from splendor_a11y.record import LogHeader, LogWriter
from splendor_a11y.text.messages import set_language

for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"
"""The tests hear English unless they ask for another language, whatever the machine's
locale; the CLI run in a child process inherits this."""

REPO = Path(__file__).resolve().parent.parent
DATA_FILE = REPO / "data" / "braille_cards.txt"


MODULE_SUBSETS: tuple[tuple[str, ...], ...] = tuple(
    subset for size in range(len(MODULES) + 1) for subset in itertools.combinations(sorted(MODULES), size)
)
"""Every combination of the modules in the registry, the base game first: a module added
there is tested by every test that runs them all, without an edit."""


@pytest.fixture(autouse=True)
def english_after_each_test() -> object:
    """A test that speaks another language in-process leaves the next one in English."""
    yield
    set_language("en")


TESTS_BUDGET = hard.SearchBudget(shortlist=8, halve_every=2, most_deals=8, seconds=None, finalists=1)
"""A fixed amount of thought with no clock, lighter than ``--think fixed`` (which thinks
about as long as the default second): eight moves halved down to one. What in-process
tests ask of the hard bot is the same move for the same seed, not its full strength.
With the full fixed thought the suite took four minutes longer on a clean clone (18:37
against 14:19); this budget gave back a minute and a half of them (17:10), the rest
being the recorded games, which play the full one with ``--think fixed``, as do the tests
that name ``FIXED_BUDGET``. The servers the tests start think a tenth of a second
(``server_helpers.QUICK_THOUGHT``)."""


@pytest.fixture(autouse=True)
def fixed_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process tests play the hard bot, where no budget is given it, with a fixed
    amount of thought (``TESTS_BUDGET``): the same move for the same seed, on any machine."""
    monkeypatch.setattr(hard, "DEFAULT_BUDGET", TESTS_BUDGET)


@pytest.fixture(scope="session")
def cards() -> CardSet:
    return standard_cards()


def new_game(players: int = 2, seed: int = 1, modules: tuple[str, ...] = ()) -> GameState:
    """A freshly dealt game from a seed, with the modules named."""
    in_play = modules_named(modules)
    state = GameState.new(tuple(f"P{i}" for i in range(players)), in_play)
    setup = deal(players, random.Random(seed), standard_cards(), in_play)
    return evolve(state, replace(setup, first_player=0))


def card_at(state: GameState, place: str) -> Card | None:
    """The face-up card at a slot named as typed (``b3``), or None when it is empty."""
    return state.rows["abc".index(place[0])][int(place[1:]) - 1]


def with_player(state: GameState, seat: int, **changes: object) -> GameState:
    """The state with one player's fields replaced (tokens etc. as GemCounts)."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def cheapest_card_worth_points(state: GameState) -> tuple[Card, Slot]:
    """The cheapest face-up b card worth at least two points, and where it lies."""
    index, card = min(
        ((index, card) for index, card in enumerate(state.rows[1], 1) if card is not None and card.points >= 2),
        key=lambda found: sum(found[1].cost),
    )
    return card, Slot("b", index)


def holding_the_price(state: GameState, seat: int, card: Card, short: int = 0) -> GameState:
    """The seat holds the card's price but ``short`` gems of it (one of each of the first
    colours it costs) and the points it lacks to win with it. The supply is left as dealt,
    so that the gems missing are there to take."""
    missing = [order for order in range(5) if card.cost[order]][:short]
    tokens = GemCounts([count - (order in missing) for order, count in enumerate(card.cost[:5])] + [0])
    return with_player(state, seat, points=15 - card.points, tokens=tokens)


def play(state: GameState, *commands: object) -> GameState:
    """The state after each command in turn (each must be legal)."""
    for command in commands:
        state = decide_and_apply(state, command)[1]  # type: ignore[arg-type]
    return state


def refused(state: GameState, command: object) -> IllegalAction:
    """The engine's refusal of a command (the test fails if it is accepted)."""
    with pytest.raises(IllegalAction) as caught:
        decide_and_apply(state, command)  # type: ignore[arg-type]
    return caught.value


class Typist:
    """Lines typed at a prompt in turn (then the end of input), and every line said back."""

    def __init__(self, *typed: str) -> None:
        self.typed = list(typed)
        self.said: list[tuple[str, Channel]] = []

    def io(self) -> SessionIO:
        return SessionIO(
            lambda prompt: self.typed.pop(0) if self.typed else None,
            lambda line, channel: self.said.append((line, channel)),
        )


def seat_session(header: LogHeader, writer: LogWriter, io: SessionIO) -> SeatSession:
    """A table for a new game and the session of everyone at its keyboard."""
    return SeatSession(Table(header.new_state(), header, writer), io)


def play_through(session: SeatSession, events: tuple[Event, ...] = (), new_game: bool = False) -> Outcome:
    """Play a session's game on an event loop, as the console does."""
    return asyncio.run(play_game(session, events, new_game))


def gems(text: str) -> GemCounts:
    return GemCounts.parse(text)


def cli_command() -> list[str]:
    """The installed console script, as a user would run it."""
    script = shutil.which("splendor-a11y", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "splendor_a11y"]


def run_cli(
    *args: str, stdin: str | bytes = "", home: Path | None = None, cwd: Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["SPLENDOR_A11Y_SPEECH"] = "off"
    if home is not None:
        env["SPLENDOR_A11Y_HOME"] = str(home)
    data = stdin.encode() if isinstance(stdin, str) else stdin
    result = subprocess.run(
        cli_command() + list(args), input=data, capture_output=True, env=env, cwd=cwd, timeout=timeout
    )
    return subprocess.CompletedProcess(
        result.args,
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
    )


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


__all__ = [
    "DATA_FILE",
    "MODULE_SUBSETS",
    "PlayerState",
    "card_at",
    "cheapest_card_worth_points",
    "gems",
    "holding_the_price",
    "new_game",
    "play",
    "refused",
    "Typist",
    "run_cli",
    "with_player",
]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL cluster of the tests' own for the whole run (see ``pg_helpers``); the
    tests that ask for it skip, saying why, where none can start."""
    started = start_postgres()
    if isinstance(started, str):
        pytest.skip(started)
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a store is kept, once for each store: an SQLite file, and a new database of
    the tests' PostgreSQL."""
    if request.param == "sqlite":
        return tmp_path / "server.sqlite3"
    cluster: Postgres = request.getfixturevalue("postgres")
    return cluster.new_database()
