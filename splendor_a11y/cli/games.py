"""``play`` and ``resume``: the players, a new game or an unfinished one, the game run
to its end or a quit, and another game after it."""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from splendor_a11y.bots import BOTS, DEFAULT_LEVEL, budget_for
from splendor_a11y.domain.errors import Stopped
from splendor_a11y.engine import MODULES, Event, GameState, Phase
from splendor_a11y.play.conversation import Channel, Outcome
from splendor_a11y.play.grammar import Query, completion_words
from splendor_a11y.play.invocation import program, typed
from splendor_a11y.play.session import SeatSession, play_game
from splendor_a11y.play.table import Table, name_bots, said_bots
from splendor_a11y.play.unfinished import choice, unfinished_games
from splendor_a11y.record import (
    LogError,
    LogHeader,
    LogWriter,
    PlayerEntry,
    replay,
)
from splendor_a11y.text.levels import is_bot, level_named, levels_said
from splendor_a11y.text.messages import (
    answer_words,
    is_yes,
    text,
)
from splendor_a11y.text.narrator import Detail, Verbosity

if TYPE_CHECKING:
    from splendor_a11y.play.console import Console
from splendor_a11y.cli.consoles import ask_until_answered, game_io, open_console
from splendor_a11y.cli.exits import EXIT_OK, UsageError
from splendor_a11y.cli.paths import data_folder, new_log_path

LEVEL_NAMES = tuple(BOTS)


def parse_players(spec: str | None) -> tuple[PlayerEntry, ...]:
    if spec is None:
        return tuple(name_bots([PlayerEntry(text("cli.default_player")), PlayerEntry("", "bot", DEFAULT_LEVEL)]))
    entries: list[PlayerEntry] = []
    for raw in spec.split(","):
        item = raw.strip()
        if is_bot(item):
            level = level_named(item)
            if level not in LEVEL_NAMES:
                raise UsageError(text("cli.unknown_level", level=level, levels=levels_said()))
            entries.append(PlayerEntry("", "bot", level))
        elif not item or len(item) > 40 or not item.isprintable():
            raise UsageError(text("cli.bad_players", problem=text("cli.players.bad_name")))
        else:
            entries.append(PlayerEntry(item))
    entries = name_bots(entries)
    if not 2 <= len(entries) <= 4:
        raise UsageError(text("cli.bad_players", problem=text("cli.players.count", count=len(entries))))
    names = [e.name for e in entries]
    if len(set(n.lower() for n in names)) != len(names):
        raise UsageError(text("cli.bad_players", problem=text("cli.players.same_name")))
    return tuple(entries)


def _setup_players(console: Console) -> tuple[PlayerEntry, ...]:
    def ask(question: str, choices: Sequence[str] | None = None, also: Sequence[str] = ()) -> str:
        return ask_until_answered(console, question, choices, also)

    count = int(ask(text("setup.players"), ["2", "3", "4"]))
    entries = []
    for n in range(1, count + 1):
        name = ask(text("setup.name", n=n))
        if is_yes(ask(text("setup.kind", name=name), answer_words("answer.yes") + answer_words("answer.no"))):
            said = [text(f"level.{level}").lower() for level in LEVEL_NAMES]
            level = ask(text("setup.level", name=name, levels=levels_said()), said, LEVEL_NAMES)
            entries.append(PlayerEntry(name, "bot", level_named(f"bot:{level}")))
        else:
            entries.append(PlayerEntry(name))
    return tuple(entries)


def run_play(args: argparse.Namespace) -> int:
    modules = []
    for name in args.module:
        module = name.strip().lower()
        if module not in MODULES:
            raise UsageError(text("cli.module_unknown", name=name, modules=", ".join(MODULES)))
        if module not in modules:
            modules.append(module)
    players = None if args.setup else parse_players(args.players)
    status, again = _new_game(args, players, tuple(sorted(modules)), args.log, args.seed)
    while again is not None:
        status, again = _new_game(args, again.players, again.modules, None, None)
    return status


def _new_game(
    args: argparse.Namespace,
    players: tuple[PlayerEntry, ...] | None,
    modules: tuple[str, ...],
    log: Path | None,
    seed: int | None,
) -> tuple[int, LogHeader | None]:
    """One new game, to its end or a quit (see ``_run``); asks for the players first
    when there are none yet."""
    path = log or new_log_path()
    console = open_console(args.speech)
    try:
        players = players or _setup_players(console)
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        header = LogHeader(players=players, modules=modules, seed=seed)
        writer = LogWriter.create(path, header)
    except BaseException:
        console.close()
        raise
    return _run(console, header, writer, header.new_state(), args, 0, new_game=True)


def _run(
    console: Console,
    header: LogHeader,
    writer: LogWriter,
    state: GameState,
    args: argparse.Namespace,
    events_so_far: int,
    new_game: bool = False,
    past: tuple[Sequence[Event], Sequence[GameState]] = ((), ()),
) -> tuple[int, LogHeader | None]:
    """Play from ``state`` until the end or a quit, then say where the game is kept.
    A signal stops it the same way, with the exit status 128 + the signal's number."""
    table = Table(state, header, writer, events_so_far, budget_for(args.think), past=past)
    session = SeatSession(table, game_io(console), Verbosity(args.verbosity))
    session.detail = Detail(args.detail)
    session.recall_past(*past)
    console.answer_query = lambda name: session.answer_lines(Query(name))
    console.tab_words = functools.partial(completion_words, state.module_names)
    status = EXIT_OK
    try:
        outcome = asyncio.run(play_game(session, new_game=new_game))
    except Stopped as stop:
        outcome, status = Outcome.QUIT, 128 + stop.signum
    except KeyboardInterrupt:
        outcome, status = Outcome.QUIT, 128 + signal.SIGINT
    finally:
        writer.close()
    again = False
    try:
        if outcome is Outcome.OVER:
            console.announce(text("session.over_saved", path=writer.path), Channel.ANSWER)
            again = _wants_again(console)
        elif writer.path.exists():
            console.announce(
                text("session.saved", path=writer.path, command=f"{program()} resume {typed(str(writer.path))}"),
                Channel.ANSWER,
            )
    except (OSError, Stopped, KeyboardInterrupt):
        pass
    finally:
        console.close()
    return status, (header if again else None)


def _wants_again(console: Console) -> bool:
    """At a game's end: another with the same players and options? (The end of input,
    or Ctrl-C, is no.)"""
    yes, no = answer_words("answer.yes"), answer_words("answer.no")
    return is_yes(ask_until_answered(console, text("session.again"), [*yes, *no]))


def _chosen_unfinished(console: Console) -> Path:
    """``resume`` without a file: the one unfinished game, or the one the player chooses
    from the newest, by number (Enter: the newest)."""
    folder = data_folder() / "games"
    games = unfinished_games(folder)
    if not games:
        raise UsageError(text("cli.no_unfinished", folder=folder, command=f"{program()} play"))
    if len(games) == 1:
        return games[0].path
    console.announce(text("resume.several", count=len(games)), Channel.ANSWER)
    for number, game in enumerate(games, 1):
        console.announce(game.said(number), Channel.ANSWER)
    numbers = [str(n) for n in range(1, len(games) + 1)]
    answer = ask_until_answered(console, text("resume.which", last=len(games)), [*numbers, ""])
    chosen = choice(games, answer)
    assert chosen is not None
    return chosen.path


def run_resume(args: argparse.Namespace) -> int:
    path = args.file
    if path is None:
        chooser = open_console(args.speech)
        try:
            path = _chosen_unfinished(chooser)
        finally:
            chooser.close()
    writer, log = LogWriter.resume(path)
    log.header = said_bots(log.header)
    try:
        states = replay(log)
        state = states[-1]
        if state.is_over:
            raise UsageError(text("cli.already_over", path=path))
        if state.phase is Phase.SETUP and log.header.seed is None:
            raise LogError(text("cli.no_deal_no_seed"), 2, path=path)
        console = open_console(args.speech)
    except BaseException:
        writer.close()
        raise
    if log.torn_line is not None:
        console.announce(text("session.torn"), Channel.ANSWER)
    console.announce(text("session.resumed", path=path, round=state.round), Channel.ANSWER)
    status, again = _run(console, log.header, writer, state, args, len(log.events), past=(log.events, states))
    while again is not None:
        status, again = _new_game(args, again.players, again.modules, None, None)
    return status
