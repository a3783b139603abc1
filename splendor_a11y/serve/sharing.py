"""Tables shared by several server processes over one PostgreSQL database.

Every process keeps a copy of every unfinished table: its plan, and once started its
game, each person's seat kept until they sit down at this process. A table changes in
the database first (a move's events, a plan changed only if nobody changed it since),
and the database tells every process (``Store.listen``); each then reads what it has
not seen. One process runs each table (``Store.own``: it plays the computers, deals,
settles and closes it); when it dies, the database lets its tables go and another
process takes them over at its next look, a few seconds later. A person's move is
decided and written by the process they are connected to, at the place the log expects
next, so two processes can never both write a move there.

Over SQLite one process has the database to itself: it runs every table, hears no
notices, and none of this is at work.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from splendor_a11y.play.conversation import LOGGER, Channel
from splendor_a11y.record import LogError
from splendor_a11y.serve.names import name_key
from splendor_a11y.serve.neighbours import ALIVE_EVERY, Notice
from splendor_a11y.serve.store import KeptPlan, StoredTable, StoreUnreadable
from splendor_a11y.serve.tables import HostedTable, Seating, seats_of

if TYPE_CHECKING:
    from splendor_a11y.serve.hall import Hall

__all__ = ["Sharing", "refresh_table"]

CHANNELS = {channel.value: channel for channel in Channel}


def refresh_table(hall: Hall, number: int) -> None:
    """Bring this process's copy of a table to the database's: a new table, a plan
    changed, a game begun elsewhere, a table dropped or closed. The plan alone is read
    unless the game must be read too (a table new here, or begun elsewhere); the
    database unreadable for now leaves the copy as it is (the next look tries again)."""
    hosted = hall.tables.get(number)
    try:
        kept = hall.store.plan_of(number)
    except (StoreUnreadable, LogError):
        return
    if kept is None or kept.closed:
        hall.lose_table(number)
    elif hosted is not None and (hosted.table is not None or not kept.started):
        if kept.text != hosted.kept_plan:
            try:
                _plan_changed(hosted, kept)
            except (KeyError, TypeError, ValueError):
                return  # a plan changed by hand into nonsense: the copy stays as it was
        catch_up(hall, hosted)
    elif hosted is None and number in hall.set_aside:
        return
    else:
        _read_whole(hall, number, hosted)


def _read_whole(hall: Hall, number: int, hosted: HostedTable | None) -> None:
    """A table new to this process, or a game begun at another: read with its events."""
    try:
        stored = hall.store.table(number)
    except KeyError:
        hall.lose_table(number)
        return
    except (StoreUnreadable, LogError):
        return
    if hosted is None:
        _new_copy(hall, number, stored)
    else:
        _begun_elsewhere(hall, hosted, stored)


def _new_copy(hall: Hall, number: int, stored: StoredTable) -> None:
    hosted = hall.set_back(number, stored)
    if hosted is not None and hosted.owned:
        hall.take_over(number, hosted)


def _begun_elsewhere(hall: Hall, hosted: HostedTable, stored: StoredTable) -> None:
    """The game of a table this process knew as a plan began at another process; if
    this process runs the table, it plays on (the deal, when the other has not dealt
    yet; the computers): a look that reads the deal with the header hears no later
    notice that would set them going."""
    try:
        hosted.seats, hosted.kept_plan = _same_seats(hosted, stored.plan), stored.kept_plan
        hosted.restore(stored, hall.store)
    except (LogError, KeyError, TypeError, ValueError):
        return
    hall.seat_everyone(hosted)
    if hosted.owned:
        hall.take_over(hosted.number, hosted)


def _same_seats(hosted: HostedTable, plan: dict[str, Any]) -> list[Seating]:
    """The seats of a table's plan as another process changed it.

    Raises:
        ValueError: they are not seats, or not as many as the table has.
    """
    seats = seats_of(plan)
    if len(seats) != len(hosted.seats):
        raise ValueError("a table's seats do not change in number")
    return seats


def _plan_changed(hosted: HostedTable, kept: KeptPlan) -> None:
    """Who sits where changed at another process: before the game, the seats; during
    it, who the computer plays for (``replace``, or a person back) and what each heard."""
    seats = _same_seats(hosted, kept.plan)
    table = hosted.table
    if table is not None:
        for seat, (now, was) in enumerate(zip(seats, hosted.seats, strict=False)):
            if now.stand_in is not None and was.stand_in is None:
                table.hand_to_computer(seat, now.stand_in)
            elif now.stand_in is None and was.stand_in is not None:
                table.hand_back(seat)
    hosted.seats = seats
    hosted.creator = str(kept.plan.get("creator", hosted.creator))
    hosted.kept_plan = kept.text
    hosted.go_on()


def catch_up(hall: Hall, hosted: HostedTable) -> None:
    """Hear the events another process wrote to a table; the process that runs it
    plays on; a game over is let go."""
    table = hosted.table
    if table is None:
        return
    try:
        table.catch_up()
    except (StoreUnreadable, LogError):
        return
    hall.forget_if_done(hosted)
    hosted.go_on()


class Sharing:
    """What one process hears of the others, and its look every few seconds: tables
    made, changed or let go by a process that died, and people said to."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall

    def table_changed(self, number: int, upto: int | None) -> None:
        """A notice from the database: a table's log reaches its ``upto``-th event, or
        (None) the table itself changed."""
        hosted = self.hall.tables.get(number)
        if upto is not None and hosted is not None and hosted.table is not None:
            if upto > hosted.table.events_so_far:
                catch_up(self.hall, hosted)
            return
        refresh_table(self.hall, number)

    def message(self, message: dict[str, Any]) -> None:
        """A message from another process: someone logged in there, or a line said."""
        hall = self.hall
        if hall.neighbours.mine(message):
            return
        arrived, to = message.get("arrived"), message.get("to")
        if isinstance(arrived, str):
            hall.send_away(arrived)
            return
        line = Notice.from_json(message.get("line", message.get("lobby")))
        if line is None:
            return
        but = message.get("but") if isinstance(message.get("but"), str) else None
        if isinstance(to, str):
            guest = hall.guests.get(name_key(to))
            if guest is not None:
                guest.tell(line, Channel.EVENT)
        elif "lobby" in message and but is not None:
            hall.in_lobby(line, but)
        else:
            self._to_table(message, line, but)

    def _to_table(self, message: dict[str, Any], line: Notice, but: str | None) -> None:
        number = message.get("table")
        hosted = self.hall.tables.get(number) if isinstance(number, int) else None
        channel = CHANNELS.get(str(message.get("channel")), Channel.ANSWER)
        if hosted is None:
            return
        for guest in self.hall.guests.values():
            if guest.at is hosted and (but is None or name_key(guest.name) != name_key(but)):
                guest.tell(line, channel)

    def look(self) -> None:
        """Every few seconds: this process is alive; tables this process does not know,
        or knows behind, are read again (a notice may have been missed); tables nobody
        runs any more (their process died) are taken over."""
        hall = self.hall
        with contextlib.suppress(StoreUnreadable):
            hall.neighbours.alive()
            for number, (plan, events) in hall.store.progress().items():
                hosted = hall.tables.get(number)
                behind = hosted is not None and hosted.table is not None and hosted.table.events_so_far < events
                if hosted is None or hosted.kept_plan != plan or behind:
                    refresh_table(hall, number)
        for number, hosted in list(hall.tables.items()):
            if hosted.over:
                hall.forget_if_done(hosted)
            elif not hosted.owned and hall.store.own(number):
                hall.take_over(number, hosted)

    async def keep_looking(self) -> None:
        """``look`` every ``ALIVE_EVERY`` seconds, until the server stops."""
        while True:
            await asyncio.sleep(ALIVE_EVERY)
            try:
                self.look()
            except Exception:  # noqa: BLE001 - a look's fault must not stop the next
                LOGGER.exception("a look at the other processes failed")
