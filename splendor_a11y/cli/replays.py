"""``replay``: a log stepped through, told whole, summed up, verified or given as JSON."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path

from splendor_a11y.cli.consoles import open_console, session_io
from splendor_a11y.cli.exits import EXIT_OK, EXIT_REFUSED, UsageError
from splendor_a11y.play.grammar import Query, players_named, replay_completion_words
from splendor_a11y.play.replay import Replay, Transcript, stop_sentence
from splendor_a11y.play.table import said_bots
from splendor_a11y.play.terminal import fit_encoding, write_line
from splendor_a11y.record import (
    At,
    Final,
    GameLog,
    LogHeader,
    read_log,
    replay_good_part,
    walk,
)
from splendor_a11y.record.state_json import state_to_json
from splendor_a11y.text.messages import plural, text
from splendor_a11y.text.narrator import Detail, Narrator, Verbosity
from splendor_a11y.text.summary import Summary


def run_replay(args: argparse.Namespace) -> int:
    if args.verify or args.state_json:
        return _replay_strict(args)
    log = _read_for_replay(args.file, lenient=True)
    log.header = said_bots(log.header)
    viewer = _seat_of(log.header, args.as_player) if args.as_player else None
    if args.transcript or args.summary:
        return _replay_told(args, log, viewer)
    states, stopped = replay_good_part(log)
    console = open_console(args.speech)
    io = session_io(console)
    session = Replay(log, states, io, viewer, Verbosity(args.verbosity), stopped)
    session.detail = Detail(args.detail)
    console.answer_query = lambda name: session.answer_lines(Query(name))
    console.tab_words = functools.partial(replay_completion_words, states[0].module_names)
    console.quit_question = "quit.confirm_replay"
    try:
        session.run()
    finally:
        console.close()
    return EXIT_REFUSED if stopped is not None else EXIT_OK


def _replay_told(args: argparse.Namespace, log: GameLog, viewer: int | None) -> int:
    """``--transcript`` and ``--summary``: one walk over the log, told as it goes."""
    narrator = Narrator(viewer=viewer, verbosity=Verbosity(args.verbosity), detail=Detail(args.detail), retelling=True)
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
        status = text("cli.status_over") if final.state.is_over else text("cli.status_running", round=final.state.round)
        write_line(text("cli.verify_ok", path=args.file, events=plural(len(log.events), "events.count"), status=status))
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
