"""``splendor-a11y``: the command line. Exit codes: 0 success, 1 a refused file or nothing
found, 2 bad usage. One guard turns every expected failure into a sentence; no traceback
ever reaches a player.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from splendor_a11y import __version__
from splendor_a11y.bots import BOTS, DEFAULT_LEVEL, THINK_SECONDS, set_thinking
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.domain.errors import SplendorError, Stopped
from splendor_a11y.domain.notation import Gem, NotationError
from splendor_a11y.engine import MODULES, Event, GameState, Phase
from splendor_a11y.play.conversation import Channel, Outcome, SessionIO
from splendor_a11y.play.grammar import Query, players_named
from splendor_a11y.play.interrupt import Interruptions
from splendor_a11y.play.invocation import program, typed
from splendor_a11y.play.replay import Replay, Transcript, stop_sentence
from splendor_a11y.play.session import SeatSession, play_game
from splendor_a11y.play.table import Table, name_bots, said_bots
from splendor_a11y.play.terminal import fit_encoding, write_line
from splendor_a11y.play.unfinished import choice, unfinished_games
from splendor_a11y.record import (
    GameLog,
    LogError,
    LogHeader,
    LogWriter,
    PlayerEntry,
    At,
    Final,
    read_log,
    replay,
    replay_good_part,
    walk,
)
from splendor_a11y.record.state_json import state_to_json
from splendor_a11y.text.lookup import LookupQuery, group_codes, run_lookup
from splendor_a11y.text.languages import LANGUAGES, language_from_locale
from splendor_a11y.text.messages import (
    answer_words,
    is_yes,
    language_list,
    problem_text,
    sentence,
    set_language,
    text,
)
from splendor_a11y.text.narrator import Detail, Narrator, Verbosity, log_refusal
from splendor_a11y.text.summary import Summary

if TYPE_CHECKING:
    from splendor_a11y.play.console import Console

__all__ = ["main"]

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
LEVEL_NAMES = tuple(BOTS)


class UsageError(SplendorError):
    """A command line that cannot be carried out as written."""


class _Formatter(argparse.HelpFormatter):
    """argparse's help with its framing word (``usage:``) in the language in use."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, text("cli.usage_prefix") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage noise and exiting, and says its own
    headings and ``-h`` in the language in use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(formatter_class=_Formatter, add_help=False)
        super().__init__(*args, **kwargs)
        self._optionals.title = text("cli.options")
        self._positionals.title = text("cli.positionals")
        self.add_argument("-h", "--help", action="help", help=text("cli.help.help"))

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(text("cli.usage_error", message=f"{message[0].upper()}{message[1:]}"))


def data_folder() -> Path:
    """Where logs and prompt history live: SPLENDOR_A11Y_HOME, or the user data directory."""
    override = os.environ.get("SPLENDOR_A11Y_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("splendor-a11y", appauthor=False))


def _build_parser() -> _Parser:
    parser = _Parser(prog="splendor-a11y", description=text("cli.help.program"))
    parser.add_argument("--version", action="version", version=f"splendor-a11y {__version__}",
                        help=text("cli.help.version"))
    _lang_option(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help=text("cli.help.play"))
    _lang_option(play)
    play.add_argument("--players", default=None, help=text("cli.help.players"))
    play.add_argument("--seed", type=int, default=None, help=text("cli.help.seed"))
    play.add_argument("--log", type=Path, default=None, help=text("cli.help.log"))
    _voice_options(play)
    play.add_argument("--module", action="append", default=[], help=text("cli.help.module", modules=", ".join(MODULES)))
    play.add_argument("--setup", action="store_true", help=text("cli.help.setup"))
    _think_option(play)

    resume = sub.add_parser("resume", help=text("cli.help.resume"))
    _lang_option(resume)
    resume.add_argument("file", nargs="?", type=Path, help=text("cli.help.resume_file"))
    _think_option(resume)
    _voice_options(resume)

    rep = sub.add_parser("replay", help=text("cli.help.replay"))
    _lang_option(rep)
    rep.add_argument("file", type=Path, help=text("cli.help.replay_file"))
    rep.add_argument("--verify", action="store_true", help=text("cli.help.verify"))
    rep.add_argument("--transcript", action="store_true", help=text("cli.help.transcript"))
    rep.add_argument("--state-json", action="store_true", help=text("cli.help.state_json"))
    rep.add_argument("--at", type=int, default=None, help=text("cli.help.at"))
    rep.add_argument("--summary", action="store_true", help=text("cli.help.summary"))
    rep.add_argument("--as", dest="as_player", metavar="NAME", default=None,
                     help=text("cli.help.as"))
    _voice_options(rep)

    serve = sub.add_parser("serve", help=text("cli.help.serve"))
    _lang_option(serve)
    serve.add_argument("--host", default="127.0.0.1", help=text("cli.help.host"))
    _think_option(serve)
    serve.add_argument("--port", type=int, default=2222, help=text("cli.help.port"))
    serve.add_argument("--telnet", type=int, default=None, metavar="PORT", help=text("cli.help.telnet"))
    serve.add_argument("--web", type=int, default=None, metavar="PORT", help=text("cli.help.web"))
    serve.add_argument("--tls-cert", type=Path, default=None, metavar="FILE", help=text("cli.help.tls_cert"))
    serve.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help=text("cli.help.tls_key"))
    serve.add_argument("--open", action="store_true", help=text("cli.help.open"))
    serve.add_argument("--db", type=Path, default=None, metavar="FILE", help=text("cli.help.db"))
    serve.add_argument("--max-connections", type=int, default=200, help=text("cli.help.max_connections"))
    serve.add_argument("--login-timeout", type=float, default=60.0, metavar="SECONDS",
                       help=text("cli.help.login_timeout"))
    serve.add_argument("--replace-after", type=float, default=120.0, metavar="SECONDS",
                       help=text("cli.help.replace_after"))
    serve.add_argument("--close-after", type=float, default=86400.0, metavar="SECONDS",
                       help=text("cli.help.close_after"))

    export = sub.add_parser("export", help=text("cli.help.export"))
    _lang_option(export)
    export.add_argument("table", type=int, help=text("cli.help.export_table"))
    export.add_argument("file", nargs="?", type=Path, help=text("cli.help.export_file"))
    export.add_argument("--db", type=Path, default=None, metavar="FILE", help=text("cli.help.db"))

    look = sub.add_parser("lookup", help=text("cli.help.lookup"))
    _lang_option(look)
    look.add_argument("codes", nargs="*", help=text("cli.help.codes"))
    look.add_argument("--level", choices=("a", "b", "c", "1", "2", "3"), help=text("cli.help.level"))
    look.add_argument("--bonus", help=text("cli.help.bonus"))
    look.add_argument("--points", type=int, help=text("cli.help.points"))
    look.add_argument("--max-cost", type=int, help=text("cli.help.max_cost"))
    look.add_argument("--costs", default="", help=text("cli.help.costs"))
    look.add_argument("--nobles", action="store_true", help=text("cli.help.nobles"))
    look.add_argument("--braille", action="store_true", help=text("cli.help.braille"))
    look.add_argument("--marks", action="store_true", help=text("cli.help.marks"))
    return parser


def _voice_options(parser: argparse.ArgumentParser) -> None:
    """How a game is said: speech, codes or words, and how much a turn's first line says."""
    parser.add_argument("--speech", choices=("auto", "on", "off"), default="auto", help=text("cli.help.speech"))
    parser.add_argument("--verbosity", choices=("notation", "words"), default="notation",
                        help=text("cli.help.verbosity"))
    parser.add_argument("--detail", choices=("brief", "full"), default="brief", help=text("cli.help.detail"))


def _gem_option(value: str, option: str) -> Gem:
    if len(value) != 1 or value.lower() not in "dsero":
        raise UsageError(text("cli.gem_option", option=option, value=value))
    return Gem(value.lower())


def _lookup(args: argparse.Namespace) -> int:
    level = {"1": "a", "2": "b", "3": "c"}.get(args.level, args.level)
    query = LookupQuery(
        codes=tuple(group_codes(args.codes)),
        level=level,
        bonus=_gem_option(args.bonus, "--bonus") if args.bonus else None,
        points=args.points,
        max_cost=args.max_cost,
        costs=tuple(_gem_option(c, "--costs") for c in args.costs.replace(" ", "")),
        nobles=args.nobles,
        braille=args.braille,
        marks=args.marks,
    )
    try:
        result = run_lookup(query, standard_cards())
    except NotationError as error:
        raise UsageError(sentence(problem_text(error))) from None
    for line in result.lines:
        write_line(line)
    return EXIT_OK if result.found else EXIT_REFUSED


# ---- replay -------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    if args.verify or args.state_json:
        return _replay_strict(args)
    log = _read_for_replay(args.file, lenient=True)
    log.header = said_bots(log.header)
    viewer = _seat_of(log.header, args.as_player) if args.as_player else None
    if args.transcript or args.summary:
        return _replay_told(args, log, viewer)
    states, stopped = replay_good_part(log)
    console = _console(args.speech)
    io = _session_io(console)
    session = Replay(log, states, io, viewer, Verbosity(args.verbosity), stopped)
    session.detail = Detail(args.detail)
    console.answer_query = lambda name: session.answer_lines(Query(name))
    console.quit_question = "quit.confirm_replay"
    try:
        session.run()
    finally:
        console.close()
    return EXIT_REFUSED if stopped is not None else EXIT_OK


def _replay_told(args: argparse.Namespace, log: GameLog, viewer: int | None) -> int:
    """``--transcript`` and ``--summary``: one walk over the log, told as it goes."""
    narrator = Narrator(viewer=viewer, verbosity=Verbosity(args.verbosity), detail=Detail(args.detail),
                        retelling=True)
    final, told, summary = Final(), Transcript(narrator), Summary(narrator)
    visitors = (final, *((told,) if args.transcript else ()), *((summary,) if args.summary else ()))
    stopped = walk(log, visitors, lenient=True)
    for line in told.lines + summary.lines:
        write_line(line)
    if stopped is not None:
        write_line(stop_sentence(final.events, stopped), sys.stderr)
    return EXIT_REFUSED if stopped is not None else EXIT_OK


def _seat_of(header: LogHeader, name: str) -> int:
    """The seat of ``--as NAME``: a name or the start of one, as the game's queries take it."""
    found = players_named([entry.name for entry in header.players], name)
    if len(found) == 1:
        return found[0]
    names = ", ".join(entry.name for entry in header.players)
    raise UsageError(text("cli.no_such_player", name=name, names=names))


def _read_for_replay(path: Path, lenient: bool) -> GameLog:
    """Read a log to replay, telling on stderr when a torn last line was left out."""
    log = read_log(path, lenient=lenient)
    if log.torn_line is not None:
        write_line(text("cli.log_torn", path=path, line=log.torn_line), sys.stderr)
    return log


def _replay_strict(args: argparse.Namespace) -> int:
    """``--verify`` and ``--state-json``: the whole log must be good, or it is refused."""
    log = _read_for_replay(args.file, lenient=False)
    if args.verify:
        final = Final()
        walk(log, (final,))
        assert final.state is not None
        status = text("cli.status_over") if final.state.is_over else text("cli.status_running",
                                                                              round=final.state.round)
        write_line(text("cli.verify_ok", path=args.file, events=len(log.events), status=status))
        return EXIT_OK
    at = len(log.events) if args.at is None else args.at
    if not 0 <= at <= len(log.events):
        raise UsageError(text("cli.at_range", events=len(log.events)))
    position = At(at)
    walk(log, (position,))
    assert position.state is not None
    document = json.dumps(state_to_json(position.state, at), indent=2, ensure_ascii=False)
    if fit_encoding(document, sys.stdout.encoding)[1]:
        document = json.dumps(state_to_json(position.state, at), indent=2, ensure_ascii=True)
    sys.stdout.write(document + "\n")
    return EXIT_OK


# ---- play ---------------------------------------------------------------------------


def _parse_players(spec: str | None) -> tuple[PlayerEntry, ...]:
    if spec is None:
        return tuple(name_bots([PlayerEntry(text("cli.default_player")), PlayerEntry("", "bot", DEFAULT_LEVEL)]))
    entries: list[PlayerEntry] = []
    for raw in spec.split(","):
        item = raw.strip()
        if item.lower().startswith("bot"):
            _, _, level = item.partition(":")
            level = level.strip().lower() or DEFAULT_LEVEL
            if level not in LEVEL_NAMES:
                raise UsageError(text("cli.unknown_level", level=level, levels=", ".join(LEVEL_NAMES)))
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


def _new_log_path() -> Path:
    """A new file in the games folder, which must be usable (else the player is asked for
    ``--log``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder = data_folder() / "games"
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK):
            raise PermissionError(13, text("cli.folder_read_only"))
    except (OSError, RuntimeError, KeyError) as error:
        where = locals().get("folder", text("cli.user_data_folder"))
        reason = getattr(error, "strerror", None) or str(error)
        raise UsageError(text("cli.no_games_folder", folder=where, reason=reason)) from None
    path = folder / f"game-{stamp}.jsonl"
    counter = 2
    while path.exists():
        path = folder / f"game-{stamp}-{counter}.jsonl"
        counter += 1
    return path


def _play(args: argparse.Namespace) -> int:
    modules = []
    for name in args.module:
        module = name.strip().lower()
        if module not in MODULES:
            raise UsageError(text("cli.module_unknown", name=name, modules=", ".join(MODULES)))
        if module not in modules:
            modules.append(module)
    players = None if args.setup else _parse_players(args.players)
    status, again = _new_game(args, players, tuple(sorted(modules)), args.log, args.seed)
    while again is not None:
        status, again = _new_game(args, again.players, again.modules, None, None)
    return status


def _new_game(args: argparse.Namespace, players: tuple[PlayerEntry, ...] | None, modules: tuple[str, ...],
              log: Path | None, seed: int | None) -> tuple[int, LogHeader | None]:
    """One new game, to its end or a quit (see ``_run``); asks for the players first
    when there are none yet."""
    path = log or _new_log_path()
    console = _console(args.speech)
    try:
        players = players or _setup_players(console)
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        header = LogHeader(players=players, modules=modules, seed=seed)
        writer = LogWriter.create(path, header)
    except BaseException:
        console.close()
        raise
    return _run(console, header, writer, header.new_state(), args, 0, new_game=True)


def _console(speech: str) -> Console:
    from splendor_a11y.play.console import Console
    from splendor_a11y.play.speech import open_speaker

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    speaker = open_speaker(speech)
    console = Console(speaker=speaker, history_file=_history_file(), interactive=interactive)
    if speech == "on" and not speaker.available:
        write_line(text("speech.none"))
    return console


def _history_file() -> Path | None:
    """Where typed lines are kept between games; None (memory only) without a data folder."""
    try:
        return data_folder() / "prompt-history"
    except (OSError, RuntimeError, KeyError):
        return None


def _session_io(console: Console) -> SessionIO:
    """The console's ways in and out, outside an event loop (the replay)."""
    return SessionIO(read_line=console.read_line, announce=console.announce, set_speech=console.set_speech,
                     keys_help=console.keys_help(), confirm_quit=console.confirm_quit)


def _game_io(console: Console) -> SessionIO:
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

    return SessionIO(read_line=read_line, announce=console.announce, set_speech=console.set_speech,
                     keys_help=console.keys_help(), confirm_quit=console.confirm_quit_async,
                     interruptions=interruptions)


def _ask(console: Console, question: str, choices: Sequence[str] | None = None) -> str:
    """One question at the console, asked until the answer is one of ``choices`` (any
    short printable name when None); the end of input stops as Ctrl-C does."""
    while True:
        console.announce(question, Channel.PROMPT)
        answer = console.read_line("? ")
        if answer is None:
            raise KeyboardInterrupt
        answer = answer.strip()
        if choices is None and answer and len(answer) <= 40 and answer.isprintable():
            return answer
        if choices is not None and answer.lower() in choices:
            return answer.lower()
        shown = [choice for choice in choices or [text("setup.a_name")] if choice]
        console.announce(text("setup.again", choices=", ".join(shown)), Channel.ERROR)


def _setup_players(console: Console) -> tuple[PlayerEntry, ...]:
    def ask(question: str, choices: Sequence[str] | None = None) -> str:
        return _ask(console, question, choices)

    count = int(ask(text("setup.players"), ["2", "3", "4"]))
    entries = []
    for n in range(1, count + 1):
        name = ask(text("setup.name", n=n))
        if is_yes(ask(text("setup.kind", name=name), answer_words("answer.yes") + answer_words("answer.no"))):
            said = {text(f"level.{level}"): level for level in LEVEL_NAMES}
            choices = list(dict.fromkeys([*said, *LEVEL_NAMES]))
            level = ask(text("setup.level", name=name, levels=", ".join(said)), choices)
            entries.append(PlayerEntry(name, "bot", said.get(level, level)))
        else:
            entries.append(PlayerEntry(name))
    return tuple(entries)


def _run(console: Console, header: LogHeader, writer: LogWriter, state: GameState, args: argparse.Namespace,
         events_so_far: int, new_game: bool = False,
         past: tuple[Sequence[Event], Sequence[GameState]] = ((), ())) -> tuple[int, LogHeader | None]:
    """Play from ``state`` until the end or a quit, then say where the game is kept.
    A signal stops it the same way, with the exit status 128 + the signal's number."""
    table = Table(state, header, writer, events_so_far)
    session = SeatSession(table, _game_io(console), Verbosity(args.verbosity))
    session.detail = Detail(args.detail)
    session.recall_past(*past)
    console.answer_query = lambda name: session.answer_lines(Query(name))
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
            console.announce(text("session.saved", path=writer.path,
                                  command=f"{program()} resume {typed(str(writer.path))}"), Channel.ANSWER)
    except (OSError, Stopped, KeyboardInterrupt):
        pass
    finally:
        console.close()
    return status, (header if again else None)


def _wants_again(console: Console) -> bool:
    """At a game's end: another with the same players and options? (The end of input,
    or Ctrl-C, is no.)"""
    yes, no = answer_words("answer.yes"), answer_words("answer.no")
    return is_yes(_ask(console, text("session.again"), [*yes, *no]))


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
    answer = _ask(console, text("resume.which", last=len(games)), [*numbers, ""])
    chosen = choice(games, answer)
    assert chosen is not None
    return chosen.path


def _resume(args: argparse.Namespace) -> int:
    path = args.file
    if path is None:
        chooser = _console(args.speech)
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
        console = _console(args.speech)
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


# ---- the server ---------------------------------------------------------------------


def _server_db(given: Path | None) -> Path:
    return given if given is not None else data_folder() / "server.sqlite3"


def _serve(args: argparse.Namespace) -> int:
    from splendor_a11y.serve.server import ServerOptions, run_server

    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError(text("cli.tls_pair"))
    for option, value in (("--port", args.port), ("--telnet", args.telnet), ("--web", args.web)):
        if value is not None and not 0 < value < 65536:
            raise UsageError(text("cli.bad_port", option=option, value=value))
    if args.max_connections < 1:
        raise UsageError(text("cli.bad_max_connections"))
    options = ServerOptions(db=_server_db(args.db), host_key=data_folder() / "ssh_host_ed25519_key",
                            host=args.host, port=args.port, telnet=args.telnet, open_door=args.open,
                            max_connections=args.max_connections, login_timeout=args.login_timeout,
                            replace_after=args.replace_after, close_after=args.close_after, web=args.web,
                            tls_cert=args.tls_cert, tls_key=args.tls_key)
    return run_server(options)


def _export(args: argparse.Namespace) -> int:
    """``export TABLE [FILE]``: a server table's game as a log file (or on standard output);
    a game that no longer replays is written as it was stored, for a look."""
    import sqlite3

    from splendor_a11y.record import log_bytes
    from splendor_a11y.serve.store import Store, table_refusal

    path = _server_db(args.db)
    if not path.is_file():
        raise UsageError(text("cli.no_server_db", path=path))
    try:
        store = Store(path)
        try:
            try:
                log = store.log_of(args.table)
            except LogError as error:
                raw = store.raw_table(args.table)
                return _export_raw(args, raw.header, raw.lines, table_refusal(args.table, error))
        finally:
            store.close()
    except KeyError:
        raise UsageError(text("cli.no_server_table", table=args.table, path=path)) from None
    except sqlite3.DatabaseError as error:
        raise UsageError(text("cli.bad_server_db", path=path, reason=error)) from None
    if args.file is None:
        sys.stdout.buffer.write(log_bytes(log.header, log.events))
        sys.stdout.flush()
        return EXIT_OK
    with LogWriter.create(args.file, log.header) as writer:
        writer.append_all(log.events)
    write_line(text("cli.exported", table=args.table, path=args.file, events=len(log.events)))
    return EXIT_OK


def _export_raw(args: argparse.Namespace, header: str | None, lines: list[str], reason: str) -> int:
    """A table whose game does not replay, written line for line as the database holds it."""
    if header is None:
        raise UsageError(text("cli.no_server_table", table=args.table, path=_server_db(args.db)))
    data = "".join(f"{line}\n" for line in [header, *lines]).encode("utf-8")
    if args.file is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        args.file.write_bytes(data)
    write_line(text("cli.exported_raw", table=args.table, path=args.file or "-", events=len(lines),
                    reason=reason.rstrip(".")), sys.stderr)
    return EXIT_REFUSED


# ---- entry --------------------------------------------------------------------------


_PLAY_ASSUMED = ("-h", "--help", "--version")


def _with_subcommand(arguments: list[str]) -> list[str]:
    """``splendor-a11y`` alone is ``play``, and so is a line that starts with an option of
    ``play`` (``splendor-a11y --seed 7``)."""
    if arguments and (arguments[0] == "--lang" or arguments[0].startswith("--lang=")):
        taken = 2 if arguments[0] == "--lang" else 1
        return arguments[:taken] + _with_subcommand(arguments[taken:])
    if not arguments or (arguments[0].startswith("-") and arguments[0] not in _PLAY_ASSUMED):
        return ["play", *arguments]
    return arguments


def _stop_on_signals() -> None:
    """SIGTERM, SIGHUP (the terminal closed) and SIGQUIT (Ctrl-\\) end a game cleanly,
    through ``Stopped``; a file grown past its limit is an error to report, not a kill.

    At the prompt, the prompt itself is asked to stop with ``Stopped``, on its own event
    loop, so that it leaves raw mode and ends its tasks before the game closes; anywhere
    else (a computer thinking) ``Stopped`` is raised at once."""
    def stop(signum: int, _frame: object) -> None:
        if not _stop_the_prompt(signum):
            raise Stopped(signum)

    for name in ("SIGTERM", "SIGHUP", "SIGQUIT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _stop_the_prompt(signum: int) -> bool:
    """Ask a running prompt to stop with ``Stopped``; False when no prompt is running."""
    if "prompt_toolkit" not in sys.modules:
        return False
    from prompt_toolkit.application.current import get_app_or_none

    app = get_app_or_none()
    loop = getattr(app, "loop", None)
    if app is None or not app.is_running or app.is_done or loop is None:
        return False

    def exit_prompt() -> None:
        if app.is_running and not app.is_done:
            app.exit(exception=Stopped(signum))
        else:
            os.kill(os.getpid(), signum)  # the prompt ended meanwhile: stop wherever the game is now

    loop.call_soon_threadsafe(exit_prompt)
    return True


THINK_LIMITS = (0.1, 60.0)
"""The seconds a player may give the hard bot a move: enough to think, not a stall."""


def _lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", metavar="CODE", help=text("cli.help.lang", languages=language_list()))


def _think_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--think", type=thinking_time, default=THINK_SECONDS, metavar="SECONDS",
                        help=text("cli.help.think", low=f"{THINK_LIMITS[0]:g}", high=f"{THINK_LIMITS[1]:g}",
                                  default=f"{THINK_SECONDS:g}"))


def thinking_time(given: str) -> float | None:
    """Seconds for the hard bot's move and the hint, or ``fixed``: the same thought on every
    machine, with no clock (for recorded games and tests)."""
    if given.strip().lower() == "fixed":
        return None
    try:
        seconds = float(given)
    except ValueError:
        seconds = float("nan")
    if not THINK_LIMITS[0] <= seconds <= THINK_LIMITS[1]:
        raise argparse.ArgumentTypeError(text("cli.think_range", given=given, low=f"{THINK_LIMITS[0]:g}",
                                              high=f"{THINK_LIMITS[1]:g}"))
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (the console script exits with it)."""
    arguments = _with_subcommand(list(sys.argv[1:] if argv is None else argv))
    if argv is None:
        _stop_on_signals()
        _keep_fault_reports()
    try:
        _choose_language(arguments)
        args = _build_parser().parse_args(arguments)
        if "think" in args:
            set_thinking(args.think)
        handlers = {"play": _play, "resume": _resume, "replay": _replay, "lookup": _lookup, "serve": _serve,
                    "export": _export}
        return handlers[args.command or "play"](args)
    except UsageError as error:
        _tell(str(error))
        return EXIT_USAGE
    except LogError as error:
        _tell(log_refusal(error))
        return EXIT_REFUSED
    except SplendorError as error:
        _tell(problem_text(error))
        return EXIT_REFUSED
    except KeyboardInterrupt:
        _tell(text("cli.interrupted"))
        return EXIT_REFUSED
    except Stopped as stop:
        return 128 + stop.signum
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except OSError as error:
        _tell(text("cli.os_error", reason=error.strerror or error))
        return EXIT_REFUSED


def _choose_language(arguments: list[str]) -> None:
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


def _tell(line: str) -> None:
    """A refusal on standard error; nothing more when even that is gone."""
    try:
        write_line(line, sys.stderr)
    except (OSError, ValueError):
        pass


def _keep_fault_reports() -> None:
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


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at nothing so the exit flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
