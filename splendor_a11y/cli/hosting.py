"""``serve`` and ``export``: the server, and a server table's game as a log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from splendor_a11y.cli.exits import EXIT_OK, EXIT_REFUSED, UsageError
from splendor_a11y.cli.paths import data_folder, server_db
from splendor_a11y.play.terminal import write_line
from splendor_a11y.record import (
    LogError,
    LogWriter,
)
from splendor_a11y.text.messages import plural, text

if TYPE_CHECKING:
    from splendor_a11y.serve.store import RawTable


def run_serve(args: argparse.Namespace) -> int:
    from splendor_a11y.serve.server import ServerOptions, run_server

    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError(text("cli.tls_pair"))
    for option, value in (("--port", args.port), ("--telnet", args.telnet), ("--web", args.web)):
        if value is not None and not 0 < value < 65536:
            raise UsageError(text("cli.bad_port", option=option, value=value))
    if args.max_connections < 1:
        raise UsageError(text("cli.bad_max_connections"))
    options = ServerOptions(
        db=server_db(args.db),
        host_key=data_folder() / "ssh_host_ed25519_key",
        host=args.host,
        port=args.port,
        telnet=args.telnet,
        open_door=args.open,
        max_connections=args.max_connections,
        login_timeout=args.login_timeout,
        replace_after=args.replace_after,
        close_after=args.close_after,
        web=args.web,
        tls_cert=args.tls_cert,
        think=args.think,
        tls_key=args.tls_key,
        proxy_protocol=args.proxy_protocol,
    )
    return run_server(options)


def run_export(args: argparse.Namespace) -> int:
    """``export TABLE [FILE]``: a server table's game as a log file (or on standard output);
    a game that no longer replays is written as it was stored, for a look."""
    import sqlite3

    from splendor_a11y.record import log_bytes
    from splendor_a11y.serve.store import StoreUnreadable, table_refusal
    from splendor_a11y.serve.stores import StoreUnreachable, open_store, shown_address

    where = server_db(args.db)
    if isinstance(where, Path) and not where.is_file():
        raise UsageError(text("cli.no_server_db", path=where))
    path = shown_address(str(where))
    try:
        store = open_store(where)
        try:
            try:
                log = store.log_of(args.table)
            except LogError as error:
                raw = store.raw_table(args.table)
                return _export_raw(args, path, raw, table_refusal(args.table, error))
        finally:
            store.close()
    except KeyError:
        raise UsageError(text("cli.no_server_table", table=args.table, path=path)) from None
    except StoreUnreachable as error:
        raise UsageError(text("server.store_unreachable", where=path, reason=error)) from None
    except (sqlite3.DatabaseError, StoreUnreadable) as error:
        raise UsageError(text("cli.bad_server_db", path=path, reason=error)) from None
    if args.file is None:
        sys.stdout.buffer.write(log_bytes(log.header, log.events))
        sys.stdout.flush()
        return EXIT_OK
    with LogWriter.create(args.file, log.header) as writer:
        writer.append_all(log.events)
    write_line(text("cli.exported", table=args.table, path=args.file, events=plural(len(log.events), "events.count")))
    return EXIT_OK


def _export_raw(args: argparse.Namespace, path: str, raw: RawTable, reason: str) -> int:
    """A table whose game does not replay, written line for line as the database (named
    as it may be printed, ``path``) holds it."""
    if raw.header is None:
        raise UsageError(text("cli.no_server_table", table=args.table, path=path))
    data = "".join(f"{line}\n" for line in [raw.header, *raw.lines]).encode("utf-8")
    if args.file is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        args.file.write_bytes(data)
    write_line(
        text(
            "cli.exported_raw",
            table=args.table,
            path=args.file or "-",
            events=plural(len(raw.lines), "events.count"),
            reason=reason.rstrip("."),
        ),
        sys.stderr,
    )
    return EXIT_REFUSED
