"""The server's hall: who is connected, the tables, and where each person is.

Every change of place goes through here: arriving (and sitting back down at a seat
kept), leaving, creating, joining, watching and starting a table, and handing an absent
person's seat to the computer. The lobby's words (``serve/lobby.py``) parse a line and
call these; each refusal is one sentence from the catalogue.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from splendor_a11y.bots import BOTS, SearchBudget
from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.engine import MODULES
from splendor_a11y.play.conversation import Channel
from splendor_a11y.play.thinkers import IN_THREADS, Thinkers
from splendor_a11y.record import LogError
from splendor_a11y.serve.names import name_key
from splendor_a11y.serve.neighbours import Neighbours, Notice
from splendor_a11y.serve.seats import RECAP_LINES, Link, NetSeat, Said, Spectator, Voice
from splendor_a11y.serve.sharing import refresh_table
from splendor_a11y.serve.store import Store, StoredTable, plan_text, table_refusal
from splendor_a11y.serve.tables import HostedTable, Seating
from splendor_a11y.text.languages import Language
from splendor_a11y.text.levels import levels_said
from splendor_a11y.text.messages import plural, text

__all__ = ["Guest", "Hall", "Refused"]

PLAN_ATTEMPTS = 3
"""How often a change of a table's plan is made again when another process changed the
plan first, before the person is asked to try again."""
REPLACE_AFTER = 120.0
"""Seconds a person must be away before another player may hand their seat to the computer."""


def _back_at(seating: Seating) -> None:
    """A person sits at their seat again: nobody plays for them, and they hear it all."""
    seating.stand_in = seating.heard = None


class Refused(SplendorError):
    """A lobby request that cannot be met; its message is the sentence to say."""


@dataclass(eq=False)
class Guest:
    """A connected person: their name, their connection, and where they are."""

    name: str
    link: Link
    at: HostedTable | None = None
    session: NetSeat | None = None
    """Their seat (or spectator's place) once the table's game has started."""
    voice: Voice = field(default_factory=Voice)
    """The language they hear, shared with their seat."""

    def tell(self, line: Said, channel: Channel = Channel.ANSWER) -> None:
        """A line to this person, wherever they are, in their language."""
        if self.session is not None:
            self.session.tell(line, channel)
        else:
            self.link.send(self.voice.render(line), channel)


class Hall:
    """Every table and every person connected, on one event loop."""

    def __init__(
        self,
        store: Store,
        replace_after: float = REPLACE_AFTER,
        clock: Callable[[], float] = time.monotonic,
        thinking: SearchBudget | None = None,
        thinkers: Thinkers = IN_THREADS,
    ) -> None:
        self.store = store
        self.thinking = thinking
        """How long the computers at every table (and the hints) think a move."""
        self.thinkers = thinkers
        """Where they think it (the server's worker processes; see ``play.thinkers``)."""
        self.replace_after = replace_after
        self.clock = clock
        self.tables: dict[int, HostedTable] = {}
        self.guests: dict[str, Guest] = {}
        self.set_aside: dict[int, str] = {}
        """Tables whose stored game does not replay, and why: kept, not played."""
        self.voices: dict[str, Voice] = {}
        """Each person's language, kept while the server runs, from one visit to the next."""
        self.neighbours = Neighbours(store)
        """The other server processes over the same database, if it is shared."""

    def restore(self) -> int:
        """Set every unfinished table back as the database kept it; how many. A table
        whose stored game cannot be read or replayed is set aside (``set_aside``, with
        the reason in the host's language), its rows untouched, and the others go on."""
        for number in self.store.unfinished():
            self.set_back(number)
        return len(self.tables)

    def set_back(self, number: int, stored: StoredTable | None = None) -> HostedTable | None:
        """One table set back as the database keeps it (read now, unless given), run
        here if no other process runs it; None when it cannot be, and why is noted in
        ``set_aside``."""
        try:
            stored = stored or self.store.table(number)
            hosted = HostedTable.from_plan(number, stored.plan, self.thinking, self.thinkers)
            hosted.kept_plan = stored.kept_plan
            if stored.header is not None:
                hosted.restore(stored, self.store)
        except LogError as error:
            self.set_aside[number] = table_refusal(number, error)
            return None
        except (SplendorError, KeyError, TypeError, ValueError) as error:
            self.set_aside[number] = text("server.table_unreadable", number=number, reason=error)
            return None
        self.tables[number] = hosted
        hosted.owned = self.store.own(number)
        return hosted

    def close_abandoned(self, after: float) -> list[int]:
        """Close every game under way whose people have all been away ``after`` seconds:
        kept in the store (``export`` writes it), no longer set back at a start. Their
        numbers."""
        now = self.clock()
        seated_elsewhere = {place for _name, place in self.neighbours.elsewhere()}
        closed = [
            number
            for number, hosted in self.tables.items()
            if hosted.owned
            and hosted.started
            and not hosted.over
            and hosted.sessions
            and len(hosted.away_since) == len(hosted.sessions)
            and now - max(hosted.away_since.values()) >= after
            and f"table {number}" not in seated_elsewhere
        ]
        for number in closed:
            self.store.close_table(number)
            self.lose_table(number)
        return closed

    def lose_table(self, number: int) -> None:
        """A table is no longer played (closed, here or by another process): whoever is
        at it here is told, and back in the lobby."""
        hosted = self.forget(number)
        for guest in [g for g in self.guests.values() if hosted is not None and g.at is hosted]:
            self._step_out(guest)
            guest.tell(text("server.closed_while_watching", number=number))

    def start_computers(self) -> None:
        """After a restore: each table this process runs plays on (a deal or a noble's
        visit the stop cut short, then the computers whose turn it is)."""
        for number, hosted in list(self.tables.items()):
            if hosted.owned:
                self.take_over(number, hosted)

    def take_over(self, number: int, hosted: HostedTable) -> None:
        """Run a table from now on (see ``HostedTable.take_over``); a table whose stored
        game cannot be read is set aside."""
        try:
            hosted.take_over()
        except LogError as error:
            self.set_aside[number] = table_refusal(number, error)
            self.forget(number)

    def forget(self, number: int) -> HostedTable | None:
        """A table leaves the hall (dropped, closed, set aside, or its game over with
        nobody at it any more); this process stops running it, so that no lock of the
        database outlives it."""
        hosted = self.tables.pop(number, None)
        if hosted is not None and hosted.owned:
            hosted.owned = False
            self.store.let_go(number)
        return hosted

    # ---- arriving and leaving -----------------------------------------------------

    def greet_in(self, name: str, spoken: Language) -> None:
        """The language a person hears until they choose one with ``lang``: their
        browser's, at the web page."""
        self.voices.setdefault(name_key(name), Voice(spoken))

    def arrive(self, name: str, link: Link) -> Guest:
        """A person logged in: an older connection of theirs is closed, and they are put
        back at a seat that waits for them."""
        self.send_away(name)
        self.neighbours.send(arrived=name)
        guest = Guest(name, link, voice=self.voices.setdefault(name_key(name), Voice()))
        self.guests[name_key(name)] = guest
        self.neighbours.here(name)
        for hosted in list(self.tables.values()):
            seat = hosted.seat_of(name)
            if seat is not None and not hosted.over:
                self._sit(guest, hosted, seat)
                break
        return guest

    def _placed(self, guest: Guest) -> None:
        """Where a person is now, for the other processes' ``who``."""
        if guest.at is None:
            place = ""
        elif isinstance(guest.session, Spectator):
            place = f"watching {guest.at.number}"
        else:
            place = f"table {guest.at.number}"
        self.neighbours.here(guest.name, place)

    def send_away(self, name: str) -> None:
        """A person logged in again (here, or at another process): their older
        connection here is told so, and closed."""
        older = self.guests.pop(name_key(name), None)
        if older is not None:
            older.link.send(text("server.elsewhere"), Channel.ANSWER)
            self._step_out(older)
            older.link.close()

    def depart(self, guest: Guest) -> None:
        """A connection ended: the person's seat is kept, and the table told."""
        if self.guests.get(name_key(guest.name)) is guest:
            del self.guests[name_key(guest.name)]
            self._step_out(guest, lost=True)
            self.neighbours.gone(guest.name)

    def _step_out(self, guest: Guest, lost: bool = False) -> None:
        """Away from a table: a started game keeps the seat; a plan frees it."""
        hosted, session = guest.at, guest.session
        guest.at = guest.session = None
        if hosted is None:
            return
        if not lost:
            self._placed(guest)
        if isinstance(session, Spectator):
            hosted.watchers.remove(session)
            assert hosted.table is not None
            hosted.table.forget(session)
            self.to_table(hosted, Notice.of("server.stops_watching", name=guest.name))
        elif session is not None:
            session.attach(None)
            hosted.away_since[session.seat] = self.clock()
            assert hosted.table is not None
            heard = hosted.table.events_so_far
            self._change_plan(hosted, lambda: setattr(hosted.seats[session.seat], "heard", heard))
            if not hosted.over:
                key = "server.lost" if lost else "server.left_table"
                self.to_table(hosted, Notice.of(key, name=guest.name), but=guest.name)
        else:
            self._free_seat(guest, hosted)
        self.forget_if_done(hosted)

    def _free_seat(self, guest: Guest, hosted: HostedTable) -> None:
        def stand_up() -> None:
            seat = hosted.seat_of(guest.name)
            if seat is not None:
                hosted.seats[seat].name = None
            people = hosted.people()
            if people and name_key(hosted.creator) == name_key(guest.name):
                hosted.creator = people[0]

        try:
            self._change_plan(hosted, stand_up)
        except Refused:
            return
        if not hosted.people():
            self.store.drop_table(hosted.number)
            self.forget(hosted.number)
            return
        self.to_table(hosted, Notice.of("server.stood_up", name=guest.name, number=hosted.number))

    def forget_if_done(self, hosted: HostedTable) -> None:
        """A finished game leaves the hall when nobody is at it any more."""
        if hosted.over and not any(g.at is hosted for g in self.guests.values()):
            self.forget(hosted.number)

    def leave(self, guest: Guest) -> None:
        """``leave``: back to the lobby."""
        if guest.at is None:
            raise Refused(text("server.not_at_table"))
        hosted, watching = guest.at, isinstance(guest.session, Spectator)
        self._step_out(guest)
        key = "server.you_left_game" if hosted.started and not hosted.over and not watching else "server.you_left"
        guest.tell(text(key, number=hosted.number))

    # ---- sitting down -------------------------------------------------------------

    def create(self, guest: Guest, seats: int, levels: list[str], modules: list[str]) -> HostedTable:
        """``create``: a new table, the guest at its first seat, computers at the last."""
        self._free_to_move(guest)
        if not 2 <= seats <= 4:
            raise Refused(text("server.seat_count"))
        if len(levels) >= seats:
            raise Refused(text("server.too_many_bots", seats=seats))
        for level in levels:
            if level not in BOTS:
                raise Refused(text("cli.unknown_level", level=level, levels=levels_said()))
        for module in modules:
            if module not in MODULES:
                raise Refused(text("cli.module_unknown", name=module, modules=", ".join(MODULES)))
        plan = [Seating(guest.name)] + [Seating() for _ in range(seats - 1 - len(levels))]
        plan += [Seating(level=level) for level in levels]
        hosted = HostedTable(
            0, guest.name, plan, tuple(sorted(set(modules))), thinking=self.thinking, thinkers=self.thinkers
        )
        hosted.number = self.store.new_table(hosted.plan())
        hosted.kept_plan = plan_text(hosted.plan())
        hosted.owned = self.store.own(hosted.number)
        self.tables[hosted.number] = hosted
        guest.at = hosted
        self._placed(guest)
        free = len(plan) - 1 - len(levels)
        guest.tell(
            text("server.created", number=hosted.number, free=plural(free, "lobby.awaited"))
            if free
            else text("server.created_full", number=hosted.number)
        )
        self._start_if_full(hosted)
        return hosted

    def join(self, guest: Guest, number: int) -> None:
        """``join``: a free seat at a table not started, or one's own seat back."""
        hosted = self._table(number)
        seat = hosted.seat_of(guest.name)
        if seat is not None and hosted.started:
            if guest.at is not None and guest.at is not hosted:
                self._free_to_move(guest)
            self._sit(guest, hosted, seat)
            return
        self._free_to_move(guest)

        def sit_down() -> None:
            if hosted.started:
                raise Refused(text("server.started", number=number))
            seat = hosted.free_seat()
            if seat is None:
                raise Refused(text("server.full", number=number))
            hosted.seats[seat].name = guest.name

        self._change_plan(hosted, sit_down)
        self.to_table(hosted, Notice.of("server.sat_down", name=guest.name, number=number), but=guest.name)
        guest.at = hosted
        self._placed(guest)
        guest.tell(text("server.you_sat_down", number=number))
        self._start_if_full(hosted)

    def watch(self, guest: Guest, number: int) -> None:
        """``watch``: listen to a table's game, told only what is public: the order of play
        and the nobles, then where the game stands (``Spectator.standing``)."""
        hosted = self._table(number)
        self._free_to_move(guest)
        if hosted.table is None:
            raise Refused(text("server.not_started", number=number))
        watcher = Spectator(hosted.table)
        watcher.attach(guest.link, guest.voice)
        self.to_table(hosted, Notice.of("server.watches", name=guest.name))
        hosted.watchers.append(watcher)
        guest.at, guest.session = hosted, watcher
        self._placed(guest)
        watcher.say(text("server.watching_now", number=number), Channel.ANSWER)
        watcher.say(watcher.narrator().start(watcher.state, resumed=True), Channel.EVENT)
        for line in watcher.standing():
            watcher.say(line, Channel.EVENT)

    def start(self, guest: Guest) -> None:
        """``start``: the creator starts now; free seats go to the computer."""
        hosted = guest.at
        if hosted is None or hosted.started:
            raise Refused(text("server.nothing_to_start"))
        if name_key(hosted.creator) != name_key(guest.name):
            raise Refused(text("server.creator_only", name=hosted.creator))
        self._begin(hosted)

    def replace(self, guest: Guest, name: str, level: str) -> None:
        """``replace Ana bot:medium``: any player seated at the game hands the seat of a
        person away long enough to the computer, so that nobody is stuck waiting for
        someone who is not coming back (the maker of the table may be the one who left)."""
        hosted = guest.at
        if hosted is None or hosted.table is None or hosted.over:
            raise Refused(text("server.replace_no_game"))
        if guest.session is None or isinstance(guest.session, Spectator):
            raise Refused(text("server.players_only"))
        if level not in BOTS:
            raise Refused(text("cli.unknown_level", level=level, levels=levels_said()))
        seat = hosted.seat_of(name)
        since = hosted.away_since.get(seat) if seat is not None else None
        seated_there = self.neighbours.place_of(name) == f"table {hosted.number}"
        if seat is None or since is None or hosted.seats[seat].stand_in is not None or seated_there:
            raise Refused(text("server.replace_not_away", name=name))
        waited = self.clock() - since
        if waited < self.replace_after:
            seconds = plural(int(self.replace_after - waited) + 1, "server.seconds")
            raise Refused(text("server.replace_wait", name=name, seconds=seconds))
        self._change_plan(hosted, lambda: setattr(hosted.seats[seat], "stand_in", level))
        hosted.table.hand_to_computer(seat, level)
        seated = hosted.seats[seat].name or name
        notice = Notice.of("server.replaced", name=seated, level=Notice.of(f"level.{level}"))
        self.to_table(hosted, notice, channel=Channel.EVENT)
        hosted.go_on()

    # ---- the steps ----------------------------------------------------------------

    def _table(self, number: int) -> HostedTable:
        hosted = self.tables.get(number)
        if hosted is None:
            raise Refused(text("server.no_table", number=number))
        return hosted

    def _free_to_move(self, guest: Guest) -> None:
        """A person seated at a game under way must ``leave`` it before going elsewhere."""
        seated = guest.session is not None and not isinstance(guest.session, Spectator)
        if guest.at is not None and seated and not guest.at.over:
            raise Refused(text("server.leave_first", number=guest.at.number))
        if guest.at is not None:
            self._step_out(guest)

    def _sit(self, guest: Guest, hosted: HostedTable, seat: int) -> None:
        """Back at one's seat of a game under way, with what happened meanwhile."""
        session = hosted.sessions[seat]
        missed = session.attach(guest.link, guest.voice, hosted.seats[seat].heard)
        guest.at, guest.session = hosted, session
        hosted.away_since.pop(seat, None)
        table = hosted.table
        assert table is not None
        seating = hosted.seats[seat]
        if seating.stand_in is not None:
            table.hand_back(seat)
        if seating.stand_in is not None or seating.heard is not None:
            with contextlib.suppress(Refused):
                self._change_plan(hosted, lambda: _back_at(hosted.seats[seat]))
        self._placed(guest)
        self.to_table(hosted, Notice.of("server.back", name=guest.name), but=guest.name)
        session.say(text("server.welcome_back", number=hosted.number, round=table.state.round), Channel.ANSWER)
        if missed:
            shown = missed[-RECAP_LINES:]
            key = "server.recap_all" if len(shown) == len(missed) else "server.recap_last"
            session.say(plural(len(missed), key, shown=len(shown)), Channel.ANSWER)
            for line in shown:
                session.say(line, Channel.ANSWER)
        else:
            session.say(session.narrator().start(session.state, resumed=True), Channel.ANSWER)
        if not table.state.is_over:
            session.say(session.narrator().turn(session.state), Channel.PROMPT)

    def _start_if_full(self, hosted: HostedTable) -> None:
        if hosted.free_seat() is None:
            self._begin(hosted)

    def _begin(self, hosted: HostedTable) -> None:
        if not hosted.start(self.store):
            self.refresh(hosted.number)
            if not hosted.started:
                raise Refused(text("server.table_changed", number=hosted.number))
            return
        self.seat_everyone(hosted)
        hosted.play_what_follows()
        hosted.go_on()

    def seat_everyone(self, hosted: HostedTable) -> None:
        """The game of a table has begun (here, or at another process): the people here
        who sat at it take their seats, and hear what has happened of it already (at
        another process, the deal may have come first)."""
        for guest in self.guests.values():
            seat = hosted.seat_of(guest.name) if guest.at is hosted else None
            if seat is not None:
                session = guest.session = hosted.sessions[seat]
                for line in session.attach(guest.link, guest.voice, heard=0):
                    session.say(line, Channel.EVENT)
                table = hosted.table
                assert table is not None
                if table.events_so_far and not table.state.is_over:
                    session.say(session.narrator().turn(session.state), Channel.PROMPT)
        for seat in hosted.sessions:
            if hosted.sessions[seat].link is None:
                hosted.away_since[seat] = self.clock()

    def to_table(
        self, hosted: HostedTable, line: Notice, but: str | None = None, channel: Channel = Channel.ANSWER
    ) -> None:
        """A line from the server to everyone at a table (but one person), here and at
        the other processes; as an event, it is kept for review and for the recap of
        those away."""
        self.tell_here(hosted, line, but, channel)
        self.neighbours.send(table=hosted.number, line=line.to_json(), but=but, channel=channel.value)

    def tell_here(self, hosted: HostedTable, line: Said, but: str | None, channel: Channel) -> None:
        """A line to everyone at a table connected here (but one person): at a game,
        every seat (those away keep it) and watcher; before it, everyone sitting."""
        if hosted.started:
            skipped: int | NetSeat | None = hosted.seat_of(but) if but is not None else None
            if skipped is None and but is not None:
                other = self.guests.get(name_key(but))
                skipped = other.session if other is not None and other.at is hosted else None
            hosted.tell_everyone(line, but=skipped, channel=channel)
            return
        for guest in self.guests.values():
            if guest.at is hosted and (but is None or name_key(guest.name) != name_key(but)):
                guest.tell(line, channel)

    def _change_plan(self, hosted: HostedTable, change: Callable[[], None]) -> None:
        """Change a table's plan and keep it, unless another process changed it since
        this one read it: then the table is read again and the change made again on it
        (where it may now be refused), a few times at most.

        Raises:
            Refused: the change cannot be made (now), in one sentence.
        """
        for _attempt in range(PLAN_ATTEMPTS):
            change()
            if self.store.save_plan(hosted.number, hosted.plan(), was=hosted.kept_plan):
                hosted.kept_plan = plan_text(hosted.plan())
                return
            self.refresh(hosted.number)
            if self.tables.get(hosted.number) is not hosted:
                raise Refused(text("server.no_table", number=hosted.number))
        raise Refused(text("server.table_changed", number=hosted.number))

    def refresh(self, number: int) -> None:
        """Read a table again as the database keeps it, after another process changed it."""
        refresh_table(self, number)

    # ---- talking ------------------------------------------------------------------

    def say(self, guest: Guest, words: str) -> None:
        """``say``: to one's table, or to the lobby."""

        def line() -> str:
            return text("server.says", name=guest.name, words=words)

        hosted = guest.at
        guest.tell(lambda: text("server.you_say", words=words), Channel.EVENT)
        said = Notice.of("server.says", name=guest.name, words=words)
        if hosted is not None:
            self.to_table(hosted, said, but=guest.name, channel=Channel.EVENT)
            return
        self.in_lobby(said, but=guest.name)
        self.neighbours.send(lobby=said.to_json(), but=guest.name)

    def in_lobby(self, line: Notice, but: str) -> None:
        """A line to everyone in the lobby here (but one person)."""
        for other in self.guests.values():
            if other.at is None and name_key(other.name) != name_key(but):
                other.tell(line, Channel.EVENT)

    def tell(self, guest: Guest, name: str, words: str) -> None:
        """``tell Ben hello``: to one person connected."""
        told = Notice.of("server.tells", name=guest.name, words=words)
        other = self.guests.get(name_key(name))
        if other is not None:
            other.tell(told, Channel.EVENT)
            guest.tell(text("server.told", name=other.name))
            return
        found = self.neighbours.found(name)
        if found is None:
            raise Refused(text("server.not_connected", name=name))
        self.neighbours.send(to=found[0], line=told.to_json())
        guest.tell(text("server.told", name=found[0]))
