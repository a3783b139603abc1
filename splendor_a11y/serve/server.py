"""``splendor-a11y serve``: one process, any number of tables, over SSH and telnet.

Starting, the server sets back every unfinished table from its database, makes or reads
its host key, and says where it listens and the key's fingerprint. Each login is a
visit: the person arrives in the hall (or back at their seat), and every line they type
goes to the lobby or to their game. Ctrl-C or SIGTERM stops it: everyone is told their
game is saved, and the database is closed.
"""

from __future__ import annotations

import asyncio
import gc
import ipaddress
import os
import signal
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import asyncssh

from splendor_a11y.bots import THINK_SECONDS, budget_for
from splendor_a11y.play.conversation import LOGGER, Channel
from splendor_a11y.play.grammar import Query
from splendor_a11y.play.terminal import write_line
from splendor_a11y.play.thinkers import InProcesses
from splendor_a11y.serve.accounts import Doorman
from splendor_a11y.serve.gate import Gate
from splendor_a11y.serve.hall import Guest, Hall
from splendor_a11y.serve.limits import LINE_BURST, LINES_PER_SECOND
from splendor_a11y.serve.lobby import take_line
from splendor_a11y.serve.lockfile import StoreTaken
from splendor_a11y.serve.names import name_key
from splendor_a11y.serve.pace import Pace
from splendor_a11y.serve.seats import Link
from splendor_a11y.serve.sharing import Sharing
from splendor_a11y.serve.store import Store
from splendor_a11y.serve.stores import StoreHold, StoreUnreachable, open_store, shown_address
from splendor_a11y.text.messages import speak_as_a_server, speaking, text

__all__ = ["ServerOptions", "run_server", "start_lines"]

GC_THRESHOLDS = (50_000, 20, 20)
"""The garbage collector's thresholds at a server (Python's own are 700, 10, 10).

Drawing a prompt (prompt_toolkit's screens, their closures) makes thousands of objects
that refer to each other and die as soon as it is drawn. With Python's thresholds a
collection came in the middle of nearly every drawing, moved what it was drawing to the
oldest generation, where it died: with 400 connections, the full collections that
followed took up to a second each, and stopped every table meanwhile (the worst
answers of the benchmark). Collected young, they cost little."""


@dataclass(frozen=True, slots=True)
class ServerOptions:
    """How the server is started (the command line's options)."""

    db: Path | str
    """The SQLite file, or the PostgreSQL database's address."""
    host_key: Path
    host: str = "127.0.0.1"
    port: int = 2222
    telnet: int | None = None
    open_door: bool = False
    max_connections: int = 200
    login_timeout: float = 60.0
    replace_after: float = 120.0
    close_after: float = 86400.0
    web: int | None = None
    tls_cert: Path | None = None
    tls_key: Path | None = None
    think: float | None = THINK_SECONDS
    """Seconds the hard computer players and the hints think a move; None: a fixed amount."""
    proxy_protocol: bool = False
    """Whether SSH and telnet connections come through a load balancer that names each
    person's address in a PROXY header (``serve/proxied.py``)."""


class _Listening(Protocol):
    def close(self) -> None: ...


class _WebListening:
    """The web page's runner, closed as the other listeners are."""

    def __init__(self, runner: Any) -> None:
        self.runner = runner

    def close(self) -> None:
        asyncio.get_running_loop().create_task(self.runner.cleanup())


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's SSH host key: read, or made at the first start and kept private (0600)."""
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(key.export_private_key())
    return key


def _prompt(guest: Guest) -> str:
    """``lobby> `` in the lobby, ``table 2> `` at a table."""
    with speaking(guest.voice.language):
        if guest.at is None:
            return text("server.prompt.lobby")
        return text("server.prompt.table", number=guest.at.number)


async def _visit(hall: Hall, doorman: Doorman, name: str, link: Link) -> None:
    """One person's stay: arriving, their lines, and leaving (their seat kept)."""
    guest = hall.arrive(name, link)
    if name_key(name) in doorman.newcomers:
        doorman.newcomers.discard(name_key(name))
        guest.tell(lambda: text("server.registered", name=name))

    def answers(query: str) -> list[str]:
        return guest.session.answer_lines(Query(query)) if guest.session is not None else []

    link.set_answers(answers)
    if guest.at is None:
        people = len(hall.guests) + len(hall.neighbours.elsewhere())
        guest.tell(lambda: text("server.welcome", name=guest.name, tables=len(hall.tables), people=people))
    pace = Pace(LINES_PER_SECOND, LINE_BURST)
    try:
        while True:
            link.speak_in(guest.voice.language)
            line = await link.read_line(_prompt(guest))
            if line is None or not take_line(hall, guest, line):
                break
            wait = pace.spend()
            if wait:
                await asyncio.sleep(wait)
    except asyncio.CancelledError:
        pass
    except Exception:  # noqa: BLE001 - one visit's fault must not stop the server
        LOGGER.exception("a visit failed")
    finally:
        hall.depart(guest)
    if not link.closed:
        link.send(guest.voice.render(lambda: text("server.goodbye")), Channel.ANSWER)


async def _serve(options: ServerOptions, store: Store) -> None:
    hall = Hall(store, replace_after=options.replace_after, thinking=budget_for(options.think), thinkers=InProcesses())
    restored = hall.restore()
    sharing = Sharing(hall)
    if store.shared:
        store.listen(asyncio.get_running_loop(), sharing)
    doorman = Doorman(store, open_door=options.open_door)
    gate = Gate(total=options.max_connections, waiting_total=max(64, options.max_connections // 2))
    key = host_key(options.host_key)

    async def visit(name: str, link: Link) -> None:
        await _visit(hall, doorman, name, link)

    from splendor_a11y.serve.ssh import ssh_server

    servers: list[_Listening] = [
        await ssh_server(
            options.host, options.port, key, doorman, gate, visit, options.login_timeout, options.proxy_protocol
        )
    ]
    if options.telnet is not None:
        from splendor_a11y.serve.telnet import telnet_server

        servers.append(
            await telnet_server(
                options.host, options.telnet, doorman, gate, visit, options.login_timeout, options.proxy_protocol
            )
        )
    if options.web is not None:
        servers.append(await _web(options, hall, doorman, gate, visit))
    for line in start_lines(options, key.get_fingerprint(), restored, hall.set_aside):
        write_line(line)
    hall.start_computers()
    gc.set_threshold(*GC_THRESHOLDS)
    sweeper = asyncio.get_running_loop().create_task(_close_abandoned(hall, options.close_after))
    looking = asyncio.get_running_loop().create_task(sharing.keep_looking()) if store.shared else None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    sweeper.cancel()
    if looking is not None:
        looking.cancel()
    await _stop(hall, servers)


async def _web(
    options: ServerOptions, hall: Hall, doorman: Doorman, gate: Gate, visit: Callable[[str, Link], Awaitable[None]]
) -> _Listening:
    """The web page and its WebSocket, over HTTPS when the host gave a certificate."""
    from splendor_a11y.serve.web import tls_context, web_server

    assert options.web is not None
    tls = tls_context(options.tls_cert, options.tls_key) if options.tls_cert and options.tls_key else None
    return _WebListening(await web_server(options.host, options.web, doorman, gate, visit, hall.greet_in, tls))


def _loopback(host: str) -> bool:
    """Whether only this machine can reach the address (``localhost``, 127.x, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def start_lines(options: ServerOptions, fingerprint: str, restored: int, set_aside: dict[int, str]) -> list[str]:
    """What the host is told at the start: where the server listens and with what key,
    what it set back or aside, and what is not safe about how it was started."""
    lines = [text("server.listening", host=options.host, port=options.port)]
    if options.telnet is not None:
        lines.append(text("server.listening_telnet", host=options.host, port=options.telnet))
        if not _loopback(options.host):
            lines.append(text("server.telnet_clear"))
    if options.web is not None:
        scheme = "https" if options.tls_cert else "http"
        lines.append(text("server.listening_web", address=f"{scheme}://{options.host}:{options.web}/"))
        if not options.tls_cert and not _loopback(options.host):
            lines.append(text("server.web_clear"))
    lines.append(text("server.fingerprint", fingerprint=fingerprint))
    if restored:
        lines.append(text("server.restored", count=restored))
    lines += [text("server.set_aside", number=number, reason=reason) for number, reason in set_aside.items()]
    if options.open_door:
        lines.append(text("server.open_warning"))
    lines.append(text("server.how_to_stop"))
    return lines


async def _close_abandoned(hall: Hall, after: float) -> None:
    """Now and then, close the games everyone has left (see ``Hall.close_abandoned``)."""
    while True:
        await asyncio.sleep(min(60.0, max(after / 4, 0.25)))
        for number in hall.close_abandoned(after):
            write_line(text("server.closed_table", number=number))


async def _stop(hall: Hall, servers: list[_Listening]) -> None:
    """Tell everyone their game is saved, close every connection and stop listening."""
    for guest in list(hall.guests.values()):
        guest.tell(lambda: text("server.stopping"))
    await asyncio.sleep(0.3)
    for guest in list(hall.guests.values()):
        guest.link.close()
    for server in servers:
        server.close()
    hall.thinkers.close()
    write_line(text("server.stopped"))


def run_server(options: ServerOptions) -> int:
    """Run the server until Ctrl-C or SIGTERM; the exit code. A second server over the
    same database is refused before it writes anything."""
    speak_as_a_server()
    hold = StoreHold(options.db)
    try:
        hold.before_opening()
        store = open_store(options.db)
    except StoreTaken:
        write_line(text("server.store_taken", path=options.db), sys.stderr)
        return 1
    except (StoreUnreachable, sqlite3.DatabaseError) as error:
        hold.release()
        write_line(text("server.store_unreachable", where=shown_address(str(options.db)), reason=error), sys.stderr)
        return 1
    try:
        asyncio.run(_serve(options, store))
    except StoreUnreachable as error:
        write_line(text("server.store_unreachable", where=store.where, reason=error), sys.stderr)
        return 1
    except OSError as error:
        reason = f"{error.strerror}: {error.filename}" if error.strerror and error.filename else error.strerror
        write_line(text("server.cannot_listen", reason=reason or error), sys.stderr)
        return 1
    finally:
        store.close()
        hold.release()
    return 0
