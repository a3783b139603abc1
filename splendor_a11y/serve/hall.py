"""The server's hall: who is connected, the tables, and where each person is.

Every change of place goes through here: arriving (and sitting back down at a seat
kept), leaving, creating, joining, watching and starting a table, and handing an absent
person's seat to the computer. The lobby's words (``serve/lobby.py``) parse a line and
call these; each refusal is one sentence from the catalogue.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from splendor_a11y.bots import BOTS, SearchBudget
from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.engine import MODULES
from splendor_a11y.play.conversation import Channel
from splendor_a11y.record import LogError
from splendor_a11y.serve.names import name_key
from splendor_a11y.serve.seats import RECAP_LINES, Link, NetSeat, Said, Spectator, Voice
from splendor_a11y.serve.store import Store, table_refusal
from splendor_a11y.serve.tables import HostedTable, Seating
from splendor_a11y.text.languages import Language
from splendor_a11y.text.messages import plural, text

__all__ = ["Guest", "Hall", "Refused"]

REPLACE_AFTER = 120.0
"""Seconds a person must be away before another player may hand their seat to the computer."""


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
    ) -> None:
        self.store = store
        self.thinking = thinking
        """How long the computers at every table (and the hints) think a move."""
        self.replace_after = replace_after
        self.clock = clock
        self.tables: dict[int, HostedTable] = {}
        self.guests: dict[str, Guest] = {}
        self.set_aside: dict[int, str] = {}
        """Tables whose stored game does not replay, and why: kept, not played."""
        self.voices: dict[str, Voice] = {}
        """Each person's language, kept while the server runs, from one visit to the next."""

    def restore(self) -> int:
        """Set every unfinished table back as the database kept it; how many. A table
        whose stored game cannot be read or replayed is set aside (``set_aside``, with
        the reason in the host's language), its rows untouched, and the others go on."""
        for number in self.store.unfinished():
            try:
                stored = self.store.table(number)
                hosted = HostedTable.from_plan(number, stored.plan, self.thinking)
                if stored.header is not None:
                    hosted.restore(stored, self.store)
            except LogError as error:
                self.set_aside[number] = table_refusal(number, error)
                continue
            except (SplendorError, KeyError, TypeError, ValueError) as error:
                self.set_aside[number] = text("server.table_unreadable", number=number, reason=error)
                continue
            self.tables[number] = hosted
        return len(self.tables)

    def close_abandoned(self, after: float) -> list[int]:
        """Close every game under way whose people have all been away ``after`` seconds:
        kept in the store (``export`` writes it), no longer set back at a start. Their
        numbers."""
        now = self.clock()
        closed = [
            number
            for number, hosted in self.tables.items()
            if hosted.started
            and not hosted.over
            and hosted.sessions
            and len(hosted.away_since) == len(hosted.sessions)
            and now - max(hosted.away_since.values()) >= after
        ]
        for number in closed:
            hosted = self.tables.pop(number)
            self.store.close_table(number)
            for guest in [g for g in self.guests.values() if g.at is hosted]:
                self._step_out(guest)
                guest.tell(text("server.closed_while_watching", number=number))
        return closed

    def start_computers(self) -> None:
        """After a restore: computers whose turn it is play on."""
        for hosted in self.tables.values():
            hosted.go_on()

    # ---- arriving and leaving -----------------------------------------------------

    def greet_in(self, name: str, spoken: Language) -> None:
        """The language a person hears until they choose one with ``lang``: their
        browser's, at the web page."""
        self.voices.setdefault(name_key(name), Voice(spoken))

    def arrive(self, name: str, link: Link) -> Guest:
        """A person logged in: an older connection of theirs is closed, and they are put
        back at a seat that waits for them."""
        older = self.guests.pop(name_key(name), None)
        if older is not None:
            older.link.send(text("server.elsewhere"), Channel.ANSWER)
            self._step_out(older)
            older.link.close()
        guest = Guest(name, link, voice=self.voices.setdefault(name_key(name), Voice()))
        self.guests[name_key(name)] = guest
        for hosted in self.tables.values():
            seat = hosted.seat_of(name)
            if seat is not None and not hosted.over:
                self._sit(guest, hosted, seat)
                break
        return guest

    def depart(self, guest: Guest) -> None:
        """A connection ended: the person's seat is kept, and the table told."""
        if self.guests.get(name_key(guest.name)) is guest:
            del self.guests[name_key(guest.name)]
            self._step_out(guest, lost=True)

    def _step_out(self, guest: Guest, lost: bool = False) -> None:
        """Away from a table: a started game keeps the seat; a plan frees it."""
        hosted, session = guest.at, guest.session
        guest.at = guest.session = None
        if hosted is None:
            return
        if isinstance(session, Spectator):
            hosted.watchers.remove(session)
            assert hosted.table is not None
            hosted.table.forget(session)
            hosted.tell_everyone(lambda: text("server.stops_watching", name=guest.name))
        elif session is not None:
            session.attach(None)
            hosted.away_since[session.seat] = self.clock()
            hosted.note_heard(session.seat, self.store)
            if not hosted.over:
                key = "server.lost" if lost else "server.left_table"
                hosted.tell_everyone(lambda: text(key, name=guest.name), but=session.seat)
        else:
            self._free_seat(guest, hosted)
        self._forget_if_done(hosted)

    def _free_seat(self, guest: Guest, hosted: HostedTable) -> None:
        seat = hosted.seat_of(guest.name)
        if seat is not None:
            hosted.seats[seat].name = None
        people = hosted.people()
        if not people:
            self.store.drop_table(hosted.number)
            del self.tables[hosted.number]
            return
        if name_key(hosted.creator) == name_key(guest.name):
            hosted.creator = people[0]
        self.store.save_plan(hosted.number, hosted.plan())
        self._tell_table(hosted, lambda: text("server.stood_up", name=guest.name, number=hosted.number))

    def _forget_if_done(self, hosted: HostedTable) -> None:
        """A finished game leaves the hall when nobody is at it any more."""
        if hosted.over and not any(g.at is hosted for g in self.guests.values()):
            self.tables.pop(hosted.number, None)

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
                raise Refused(text("cli.unknown_level", level=level, levels=", ".join(BOTS)))
        for module in modules:
            if module not in MODULES:
                raise Refused(text("cli.module_unknown", name=module, modules=", ".join(MODULES)))
        plan = [Seating(guest.name)] + [Seating() for _ in range(seats - 1 - len(levels))]
        plan += [Seating(level=level) for level in levels]
        hosted = HostedTable(0, guest.name, plan, tuple(sorted(set(modules))), thinking=self.thinking)
        hosted.number = self.store.new_table(hosted.plan())
        self.tables[hosted.number] = hosted
        guest.at = hosted
        free = len(plan) - 1 - len(levels)
        guest.tell(
            text("server.created", number=hosted.number, free=free)
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
        if hosted.started:
            raise Refused(text("server.started", number=number))
        seat = hosted.free_seat()
        if seat is None:
            raise Refused(text("server.full", number=number))
        hosted.seats[seat].name = guest.name
        guest.at = hosted
        self.store.save_plan(hosted.number, hosted.plan())
        self._tell_table(hosted, lambda: text("server.sat_down", name=guest.name, number=number), but=guest)
        guest.tell(text("server.you_sat_down", number=number))
        self._start_if_full(hosted)

    def watch(self, guest: Guest, number: int) -> None:
        """``watch``: listen to a table's game, told only what is public."""
        hosted = self._table(number)
        self._free_to_move(guest)
        if hosted.table is None:
            raise Refused(text("server.not_started", number=number))
        watcher = Spectator(hosted.table)
        watcher.attach(guest.link, guest.voice)
        hosted.tell_everyone(lambda: text("server.watches", name=guest.name))
        hosted.watchers.append(watcher)
        guest.at, guest.session = hosted, watcher
        watcher.say(text("server.watching_now", number=number), Channel.ANSWER)
        watcher.say(watcher.narrator().start(hosted.table.state, resumed=True), Channel.EVENT)

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
            raise Refused(text("cli.unknown_level", level=level, levels=", ".join(BOTS)))
        seat = hosted.seat_of(name)
        since = hosted.away_since.get(seat) if seat is not None else None
        if seat is None or since is None or hosted.seats[seat].stand_in is not None:
            raise Refused(text("server.replace_not_away", name=name))
        waited = self.clock() - since
        if waited < self.replace_after:
            seconds = plural(int(self.replace_after - waited) + 1, "server.seconds")
            raise Refused(text("server.replace_wait", name=name, seconds=seconds))
        hosted.seats[seat].stand_in = level
        hosted.table.hand_to_computer(seat, level)
        self.store.save_plan(hosted.number, hosted.plan())
        seated = hosted.seats[seat].name
        hosted.tell_everyone(
            lambda: text("server.replaced", name=seated, level=text(f"level.{level}")), channel=Channel.EVENT
        )
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
            seating.stand_in = seating.heard = None
            self.store.save_plan(hosted.number, hosted.plan())
        hosted.tell_everyone(lambda: text("server.back", name=guest.name), but=seat)
        session.say(text("server.welcome_back", number=hosted.number, round=table.state.round), Channel.ANSWER)
        if missed:
            shown = missed[-RECAP_LINES:]
            key = "server.recap_all" if len(shown) == len(missed) else "server.recap_last"
            session.say(plural(len(missed), key, shown=len(shown)), Channel.ANSWER)
            for line in shown:
                session.say(line, Channel.ANSWER)
        else:
            session.say(session.narrator().start(table.state, resumed=True), Channel.ANSWER)
        if not table.state.is_over:
            session.say(session.narrator().turn(table.state), Channel.PROMPT)

    def _start_if_full(self, hosted: HostedTable) -> None:
        if hosted.free_seat() is None:
            self._begin(hosted)

    def _begin(self, hosted: HostedTable) -> None:
        hosted.start(self.store)
        for guest in self.guests.values():
            if guest.at is hosted:
                seat = hosted.seat_of(guest.name)
                if seat is not None:
                    guest.session = hosted.sessions[seat]
                    guest.session.attach(guest.link, guest.voice)
        for seat in hosted.sessions:
            if hosted.sessions[seat].link is None:
                hosted.away_since[seat] = self.clock()
        hosted.deal()
        hosted.go_on()

    def _tell_table(self, hosted: HostedTable, line: Said, but: Guest | None = None) -> None:
        """A line to everyone at a table not started yet (but one)."""
        for guest in self.guests.values():
            if guest.at is hosted and guest is not but:
                guest.tell(line)

    # ---- talking ------------------------------------------------------------------

    def say(self, guest: Guest, words: str) -> None:
        """``say``: to one's table, or to the lobby."""

        def line() -> str:
            return text("server.says", name=guest.name, words=words)

        hosted = guest.at
        guest.tell(lambda: text("server.you_say", words=words), Channel.EVENT)
        if hosted is not None and hosted.started:
            hosted.tell_everyone(line, channel=Channel.EVENT, but=guest.session)
            return
        for other in self.guests.values():
            if other.at is hosted and other is not guest:
                other.tell(line, Channel.EVENT)

    def tell(self, guest: Guest, name: str, words: str) -> None:
        """``tell Ben hello``: to one person connected."""
        other = self.guests.get(name_key(name))
        if other is None:
            raise Refused(text("server.not_connected", name=name))
        other.tell(lambda: text("server.tells", name=guest.name, words=words), Channel.EVENT)
        guest.tell(text("server.told", name=other.name))
