"""``splendor-a11y``: the command line. Exit codes: 0 success, 1 a refused file or nothing
found, 2 bad usage. One guard turns every expected failure into a sentence; no traceback
ever reaches a player.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .bots import BOTS, DEFAULT_LEVEL
from .cards import standard_cards
from .engine import MODULES, GameSetUp, GameState, deal
from .errors import SplendorError
from .grammar import Query
from .log import GameLog, LogError, LogHeader, LogWriter, PlayerEntry, read_log, replay, replay_good_part
from .replay_session import Replay, stop_sentence, transcript
from .summary import game_summary
from .lookup import LookupQuery, group_codes, run_lookup
from .messages import text
from .narration import Narrator, Verbosity, log_refusal
from .notation import Gem, NotationError
from .session import Channel, Outcome, Session, SessionIO
from .state_json import state_to_json

if TYPE_CHECKING:
    from .console import Console

__all__ = ["main"]

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
LEVEL_NAMES = tuple(BOTS)


class UsageError(SplendorError):
    """A command line that cannot be carried out as written."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage noise and exiting."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message[0].upper()}{message[1:]}. Type splendor-a11y --help for the options.")


def data_folder() -> Path:
    """Where logs and prompt history live: SPLENDOR_A11Y_HOME, or the user data directory."""
    override = os.environ.get("SPLENDOR_A11Y_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("splendor-a11y", appauthor=False))


def _build_parser() -> _Parser:
    parser = _Parser(prog="splendor-a11y", description="Splendor by speech and braille, in braille-edition notation.")
    parser.add_argument("--version", action="version", version=f"splendor-a11y {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="start a new game")
    play.add_argument("--players", default=None, help='names, bot:<level> for computers, e.g. "Ana,bot:easy"')
    play.add_argument("--seed", type=int, default=None, help="seed of the deal, to replay the same cards")
    play.add_argument("--log", type=Path, default=None, help="the log file to write (default: a new one)")
    play.add_argument("--speech", choices=("auto", "on", "off"), default="auto")
    play.add_argument("--verbosity", choices=("notation", "words"), default="notation")
    play.add_argument("--module", action="append", default=[], help="optional module: orient, strongholds")
    play.add_argument("--setup", action="store_true", help="ask for the players one question at a time")

    resume = sub.add_parser("resume", help="continue an unfinished game")
    resume.add_argument("file", nargs="?", type=Path)
    resume.add_argument("--speech", choices=("auto", "on", "off"), default="auto")
    resume.add_argument("--verbosity", choices=("notation", "words"), default="notation")

    rep = sub.add_parser("replay", help="narrate, verify or export a game log")
    rep.add_argument("file", type=Path)
    rep.add_argument("--verify", action="store_true", help="check every event against the rules")
    rep.add_argument("--transcript", action="store_true", help="print the whole narration")
    rep.add_argument("--state-json", action="store_true", help="print the state as JSON")
    rep.add_argument("--at", type=int, default=None, help="with --state-json: after event N")
    rep.add_argument("--summary", action="store_true", help="print the result and each player's figures")
    rep.add_argument("--as", dest="as_player", metavar="NAME", default=None,
                     help="tell only what this player knew, as during play")
    rep.add_argument("--speech", choices=("auto", "on", "off"), default="auto")
    rep.add_argument("--verbosity", choices=("notation", "words"), default="notation")

    look = sub.add_parser("lookup", help="describe or search cards and nobles")
    look.add_argument("codes", nargs="*", help='a card like c4s 7d, a head like c4s, or a noble like "3 4s 4e"')
    look.add_argument("--level", choices=("a", "b", "c", "1", "2", "3"))
    look.add_argument("--bonus", help="bonus gem code: d s e r o")
    look.add_argument("--points", type=int)
    look.add_argument("--max-cost", type=int, help="at most this many gems in all")
    look.add_argument("--costs", default="", help="gem codes the cost must include, e.g. o or ro")
    look.add_argument("--nobles", action="store_true", help="list the noble tiles")
    look.add_argument("--braille", action="store_true", help="also print each code in Unicode braille")
    look.add_argument("--marks", action="store_true", help="explain the Orient module's marks")
    return parser


def _gem_option(value: str, option: str) -> Gem:
    if len(value) != 1 or value.lower() not in "dsero":
        raise UsageError(f"{option} takes one gem code: d, s, e, r or o, not {value!r}.")
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
        message = str(error)
        raise UsageError(message[0].upper() + message[1:] + ("" if message.endswith(".") else ".")) from None
    for line in result.lines:
        print(line)
    return EXIT_OK if result.found else EXIT_REFUSED


# ---- replay -------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    if args.verify or args.state_json:
        return _replay_strict(args)
    log = _read_for_replay(args.file, lenient=True)
    states, stopped = replay_good_part(log)
    viewer = _seat_of(log.header, args.as_player) if args.as_player else None
    narrator = Narrator(viewer=viewer, verbosity=Verbosity(args.verbosity))
    events = log.events[: len(states) - 1]
    if args.transcript or args.summary:
        lines = transcript(events, states, narrator) if args.transcript else []
        lines += game_summary(events, states, narrator) if args.summary else []
        for line in lines:
            print(line)
        if stopped is not None:
            print(stop_sentence(len(events), stopped), file=sys.stderr)
        return EXIT_REFUSED if stopped is not None else EXIT_OK
    console = _console(args.speech)
    io = SessionIO(read_line=console.read_line, announce=console.announce, set_speech=console.set_speech,
                   keys_help=console.keys_help())
    session = Replay(log, states, io, viewer, Verbosity(args.verbosity), stopped)
    console.answer_query = lambda name: session.answer_lines(Query(name))
    console.quit_question = "quit.confirm_replay"
    try:
        session.run()
    finally:
        console.close()
    return EXIT_REFUSED if stopped is not None else EXIT_OK


def _seat_of(header: LogHeader, name: str) -> int:
    """The seat of ``--as NAME``, matched without regard to case."""
    for seat, entry in enumerate(header.players):
        if entry.name.lower() == name.strip().lower():
            return seat
    names = ", ".join(entry.name for entry in header.players)
    raise UsageError(text("cli.no_such_player", name=name, names=names))


def _read_for_replay(path: Path, lenient: bool) -> GameLog:
    """Read a log to replay, telling on stderr when a torn last line was left out."""
    log = read_log(path, lenient=lenient)
    if log.torn_line is not None:
        print(text("cli.log_torn", path=path, line=log.torn_line), file=sys.stderr)
    return log


def _replay_strict(args: argparse.Namespace) -> int:
    """``--verify`` and ``--state-json``: the whole log must be good, or it is refused."""
    log = _read_for_replay(args.file, lenient=False)
    states = replay(log)
    if args.verify:
        status = text("cli.status_over") if states[-1].is_over else text("cli.status_running", round=states[-1].round)
        print(text("cli.verify_ok", path=args.file, events=len(log.events), status=status))
        return EXIT_OK
    at = len(log.events) if args.at is None else args.at
    if not 0 <= at <= len(log.events):
        raise UsageError(text("cli.at_range", events=len(log.events)))
    print(json.dumps(state_to_json(states[at], at), indent=2, ensure_ascii=False))
    return EXIT_OK


# ---- play ---------------------------------------------------------------------------


def _parse_players(spec: str | None) -> tuple[PlayerEntry, ...]:
    if spec is None:
        return (PlayerEntry("Player"), PlayerEntry("Bot", "bot", DEFAULT_LEVEL))
    entries: list[PlayerEntry] = []
    bots = 0
    for raw in spec.split(","):
        item = raw.strip()
        if item.lower().startswith("bot"):
            _, _, level = item.partition(":")
            level = level.strip().lower() or DEFAULT_LEVEL
            if level not in LEVEL_NAMES:
                raise UsageError(text("cli.unknown_level", level=level, levels=", ".join(LEVEL_NAMES)))
            bots += 1
            entries.append(PlayerEntry(f"Bot {bots}" if bots > 1 else "Bot", "bot", level))
        elif not item or len(item) > 40 or not item.isprintable():
            raise UsageError(text("cli.bad_players", problem="A player name must be 1 to 40 printable characters."))
        else:
            entries.append(PlayerEntry(item))
    if not 2 <= len(entries) <= 4:
        raise UsageError(text("cli.bad_players", problem=f"Splendor is for 2 to 4 players, not {len(entries)}."))
    names = [e.name for e in entries]
    if len(set(n.lower() for n in names)) != len(names):
        raise UsageError(text("cli.bad_players", problem="Each player needs a different name."))
    return tuple(entries)


def _new_log_path() -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = data_folder() / "games"
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

    console = _console(args.speech)
    players = _setup_players(console) if args.setup else _parse_players(args.players)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    header = LogHeader(players=players, modules=tuple(sorted(modules)), seed=seed)
    path = args.log or _new_log_path()
    writer = LogWriter.create(path, header)
    state = header.new_state()
    setup = deal(len(players), random.Random(seed), standard_cards(), header.modules)
    return _run(console, header, writer, state, args.verbosity, (setup,), 0)


def _console(speech: str) -> Console:
    from .console import Console
    from .speech import open_speaker

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    speaker = open_speaker(speech)
    console = Console(speaker=speaker, history_file=data_folder() / "prompt-history", interactive=interactive)
    if speech == "on" and not speaker.available:
        print(text("speech.none"))
    return console


def _setup_players(console: Console) -> tuple[PlayerEntry, ...]:
    def ask(question: str, choices: Sequence[str] | None = None) -> str:
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
            console.announce(text("setup.again", choices=", ".join(choices or ["a name"])), Channel.ERROR)

    count = int(ask(text("setup.players"), ["2", "3", "4"]))
    entries = []
    for n in range(1, count + 1):
        name = ask(text("setup.name", n=n))
        if ask(text("setup.kind", name=name), ["y", "n", "yes", "no"]).startswith("y"):
            level = ask(text("setup.level", name=name, levels=", ".join(LEVEL_NAMES)), list(LEVEL_NAMES))
            entries.append(PlayerEntry(name, "bot", level))
        else:
            entries.append(PlayerEntry(name))
    return tuple(entries)


def _run(console: Console, header: LogHeader, writer: LogWriter, state: GameState, verbosity: str,
         setup: tuple[GameSetUp, ...], events_so_far: int) -> int:
    io = SessionIO(read_line=console.read_line, announce=console.announce, set_speech=console.set_speech,
                   keys_help=console.keys_help())
    session = Session(state, header, writer, io, Verbosity(verbosity), events_so_far)
    console.answer_query = lambda name: session.answer_lines(Query(name))
    try:
        session.start(setup)
        outcome = session.run()
        if outcome is Outcome.OVER:
            console.announce(text("session.over_saved", path=writer.path), Channel.ANSWER)
        else:
            console.announce(text("session.saved", path=writer.path), Channel.ANSWER)
    finally:
        writer.close()
        console.close()
    return EXIT_OK


def _latest_unfinished() -> Path:
    folder = data_folder() / "games"
    candidates = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
    for path in candidates:
        try:
            log = read_log(path)
            if not replay(log)[-1].is_over:
                return path
        except SplendorError:
            continue
    raise UsageError(text("cli.no_unfinished", folder=folder))


def _resume(args: argparse.Namespace) -> int:
    path = args.file or _latest_unfinished()
    log = read_log(path)
    state = replay(log)[-1]
    if state.is_over:
        raise UsageError(text("cli.already_over", path=path))
    writer = LogWriter.resume(log)
    console = _console(args.speech)
    if log.torn_line is not None:
        console.announce(text("session.torn"), Channel.ANSWER)
    console.announce(text("session.resumed", path=path, round=state.round), Channel.ANSWER)
    return _run(console, log.header, writer, state, args.verbosity, (), len(log.events))


# ---- entry --------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (the console script exits with it)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _build_parser().parse_args(arguments or ["play"])
        command = args.command or "play"
        if command == "play" and not hasattr(args, "players"):
            args = _build_parser().parse_args(["play"])
        handlers = {"play": _play, "resume": _resume, "replay": _replay, "lookup": _lookup}
        return handlers[command](args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE
    except LogError as error:
        print(log_refusal(error), file=sys.stderr)
        return EXIT_REFUSED
    except SplendorError as error:
        print(error, file=sys.stderr)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        print(text("cli.interrupted"), file=sys.stderr)
        return EXIT_REFUSED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at nothing so the exit flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
