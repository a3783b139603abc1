"""A person's seat at a server's table, and a spectator's place beside it.

Each is a seat session of the table, as at the keyboard: the same commands, questions,
hints, verbosity and sentences, the events told as that seat may know them. What
differs is that a person at a server is not always there: while their connection is
gone, what they would have heard is kept, and told as a recap when they come back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from splendor_a11y.engine import SPECTATOR, Command, Event, GameState, HintAsked, Phase, evolve, view
from splendor_a11y.play.conversation import Channel, Outcome, SessionIO, no_keys
from splendor_a11y.play.session import SeatSession
from splendor_a11y.play.table import Table, named_as_said
from splendor_a11y.record.state_json import state_to_json
from splendor_a11y.text.languages import LANGUAGES, Language
from splendor_a11y.text.messages import language, speaking, text
from splendor_a11y.text.narrator import Detail, Verbosity
from splendor_a11y.text.queries import Answers

__all__ = ["Link", "NetSeat", "Spectator", "RECAP_LINES", "REVIEW_LINES", "Said", "StoredGame", "Voice"]

Said = str | Callable[[], str]
"""A line for someone: as it is, or made when told, in the listener's own language."""


@dataclass
class Voice:
    """How a person hears a server: its language (the server's until they choose, with
    ``lang``), cards in codes or words, and how much a turn's first line says. Their seat,
    their connection and every table they sit at or watch share it, while the server runs."""

    language: Language = field(default_factory=language)
    verbosity: Verbosity = Verbosity.NOTATION
    detail: Detail = Detail.BRIEF

    def render(self, line: Said) -> str:
        """The line in this person's language."""
        if isinstance(line, str):
            return line
        with speaking(self.language):
            return line()


LOGGER = logging.getLogger(__name__)

RECAP_LINES = 40
"""At most this many of the lines missed while away are told on return; ``last`` and
the review keys reach the rest."""
REVIEW_LINES = 200
"""Lines said before a connection that its review keys reach."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as the store kept it, to be told again: its first position and its events."""

    start: GameState
    events: tuple[Event, ...]


class Link(Protocol):
    """One connection to one person: lines out, lines in."""

    address: str
    keys_help: Callable[[bool], list[str]]
    """The help's lines on the link's keys (none where it has none), said when asked."""
    closed: bool

    def set_answers(self, answer: Callable[[str], list[str]]) -> None:
        """What the keys that ask a question (F3, F4) answer, where the link has keys."""

    def send(self, line: str, channel: Channel) -> None:
        """Print (and so have the person's screen reader speak) a line, above the line
        being typed; never waits."""

    async def read_line(self, prompt: str) -> str | None:
        """The next line typed; None when the connection is gone."""

    def speak_in(self, spoken: Language) -> None:
        """The language the person hears now, for a link with words of its own (the web
        page's labels); a terminal has none."""

    def show(self, board: Callable[[], dict[str, Any]]) -> None:
        """The table as the seat sees it, for a link that draws it (the web page's board);
        made only when asked, so a terminal, which does not draw it, costs nothing."""

    def complete_for(self, modules: tuple[str, ...] | None) -> None:
        """The modules of the game at this link's table (None: it left the table), so
        that Tab completes only words that work there, where the link completes."""

    def recall(self, lines: list[str]) -> None:
        """Lines said before this connection, for its review keys (where it has them)."""

    def close(self) -> None:
        """End the connection."""


class NetSeat(SeatSession):
    """One person's seat at a server's table, kept while they are away."""

    def __init__(self, table: Table, seat: int, verbosity: Verbosity = Verbosity.NOTATION) -> None:
        self.link: Link | None = None
        self.voice = Voice()
        self._said: tuple[GameState, Language, GameState] | None = None
        """The last position renamed for this person (``_as_said``), with its language."""
        self.missed: list[str] = []
        """What the server told the table while the person was away."""
        self._keep_from(table.state, table.events_so_far)
        super().__init__(
            table,
            SessionIO(
                read_line=lambda prompt: None, announce=self._out, set_speech=lambda on: text("server.speech_remote")
            ),
            verbosity,
            seats=[seat],
        )

    @property
    def seat(self) -> int:
        """The seat this session speaks for."""
        return self.seats[0]

    @property
    def state(self) -> GameState:  # type: ignore[override]
        """The table's position now, as this person hears it (``_as_said``)."""
        return self._as_said(self.table.state)

    def _as_said(self, state: GameState) -> GameState:
        """A position with the computers named in this person's language
        (``named_as_said``): the table named them in the language of whoever started it.
        The table's position now is kept renamed, so that it stays the same object
        while nothing changes (a hint's answer is said only if the game is still where
        it was asked); an event's positions before and after do not replace it."""
        said = self._said
        if said is not None and said[0] is state and said[1] is self.voice.language:
            return said[2]
        with speaking(self.voice.language):
            renamed = named_as_said(state, self.table.header)
        if state is self.table.state:
            self._said = (state, self.voice.language, renamed)
        return renamed

    @property
    def verbosity(self) -> Verbosity:
        """Codes or words: the person's choice, kept in their voice from table to table."""
        return self.voice.verbosity

    @verbosity.setter
    def verbosity(self, chosen: Verbosity) -> None:
        self.voice.verbosity = chosen

    def choose_language(self, code: str) -> str:
        """``lang fr`` typed at a table in a form the lobby does not read first (its alias
        ``language fr``, its start ``l fr``): this person's voice, as the lobby's ``lang``
        sets it. At the keyboard it is the program's language; here that was the server's,
        so every person who came in after was welcomed in French."""
        self.voice.language = LANGUAGES[code]
        with speaking(self.voice.language):
            return text("setting.lang")

    @property
    def detail(self) -> Detail:
        """How much a turn's first line says: the person's choice, kept in their voice."""
        return self.voice.detail

    @detail.setter
    def detail(self, chosen: Detail) -> None:
        self.voice.detail = chosen

    def attach(self, link: Link | None, voice: Voice | None = None, heard: int | None = None) -> list[str]:
        """Put a connection at this seat (None: it is gone), with its person's language;
        the lines they missed: the events after the ``heard``-th (None: they missed none
        of the game's events), and what the server told the table while they were away.
        The new connection's review keys reach back over what was said before it,
        restarts of the server included."""
        if self.link is not None and link is None:
            self.link.show(dict)  # no table any more: an empty board
            self.link.complete_for(None)
        self.link = link
        self.voice = voice or self.voice
        self.io.keys_help = link.keys_help if link is not None else no_keys
        if link is None:
            self._keep_from(self.table.state, self.table.events_so_far)
            return []
        told = self._tell_kept(heard)
        link.complete_for(self.state.module_names)
        link.recall(self.history.recent(REVIEW_LINES))
        self.show_board()
        missed, self.missed = told + self.missed, []
        return missed

    def recall(self, stored: StoredGame) -> None:
        """A game set back from the store, kept as events (see ``_keep_from``)."""
        self._keep_from(stored.start, 0)
        self._kept.extend(stored.events)

    def _keep_from(self, start: GameState, first: int) -> None:
        """While nobody sits at this seat on this server process (they are away, or
        connected to another process), its events are kept as they are, from the
        ``first``-th on, and told in the person's language, in order, into the review
        history and their recap, when they sit down here."""
        self._start, self._first = start, first
        self._kept: list[Event] = []
        self._keeping = True

    def _tell_kept(self, heard: int | None) -> list[str]:
        """The events kept while nobody sat here, told into the history; the lines of
        those after the ``heard``-th event of the game."""
        if not self._keeping:
            return []
        self._keeping = False
        before, missed = self._start, []
        with speaking(self.voice.language):
            for index, event in enumerate(self._kept, start=self._first):
                after = evolve(before, event)
                line = self.event_line(event, before, after)
                self.history.add(line)
                if heard is not None and index >= heard:
                    missed.append(line)
                before = after
        self._kept = []
        return missed

    def _out(self, line: str, channel: Channel) -> None:
        if self.link is not None:
            self.link.send(line, channel)
        elif channel is Channel.EVENT:
            self.missed.append(line)

    def event_line(self, event: Event, before: GameState, after: GameState) -> str:
        """An event as this person may know it, the computers named in their language."""
        return super().event_line(event, self._as_said(before), self._as_said(after))

    def told(self, event: Event, before: GameState, after: GameState) -> None:
        """An event, in this person's language (kept while nobody sits here)."""
        if self._keeping:
            self._kept.append(event)
            return
        with speaking(self.voice.language):
            super().told(event, before, after)

    def hear(self, line: str) -> Outcome | None:
        """A line typed at this seat, answered in this person's language."""
        with speaking(self.voice.language):
            return super().hear(line)

    def tell(self, line: Said, channel: Channel) -> None:
        """A line from the server, in this person's language."""
        self.say(self.voice.render(line), channel)

    def settled(self, events: tuple[Event, ...], before: GameState, after: GameState) -> None:
        """After a move, in this person's language: see ``_settled``; and the board again
        (nothing while nobody sits here)."""
        if self._keeping:
            return
        with speaking(self.voice.language):
            self._settled(events, self._as_said(before), self._as_said(after))
        self.show_board()

    def show_board(self) -> None:
        """The table as this seat may see it (``view``: no deck's card, nobody else's blind
        reservation), to a link that draws it."""
        if self.link is not None:
            self.link.show(self._board)

    def _board(self) -> dict[str, Any]:
        """The seat's view as JSON, with the slots a module's pieces hold said in the
        person's language (``held``), since the page knows no module."""
        seen = view(self.state, self.seat)
        held = Answers(self.narrator()).holders_by_slot(seen)
        return {**state_to_json(seen, self.table.events_so_far), "seat": self.seat, "held": held}

    def _settled(self, events: tuple[Event, ...], before: GameState, after: GameState) -> None:
        """After a move: "Your turn" to the one who must decide now, "Ben's turn" to the
        others when the turn passes to another person, or when the deal gives the first
        turn (even to the seat that was current before the deal)."""
        if after.is_over:
            if not before.is_over:
                self.say(text("server.game_over"), Channel.ANSWER)
            return
        if all(isinstance(event, HintAsked) for event in events):
            return
        current = after.current
        if current == self.seat:
            self.say(self.narrator().turn(after), Channel.PROMPT)
        elif (current != before.current or before.phase is Phase.SETUP) and current not in self.table.computers:
            self.say(self.narrator().turn(after), Channel.PROMPT)

    def hint_lines(self, seat: int, position: GameState, events_so_far: int) -> list[str]:
        """A hint is thought by the table's thinkers, as a computer's move is, so that no
        other table waits on it; its answer follows when it is ready."""
        asyncio.get_running_loop().create_task(self._hint(seat, position, events_so_far))
        return []

    async def _hint(self, seat: int, position: GameState, events_so_far: int) -> None:
        """The answer, when the game is still where it was asked; a fault in thinking is
        said in one sentence rather than leaving the player waiting."""
        try:
            command = await self.table.hint(seat, position, events_so_far)
            with speaking(self.voice.language):
                answer = self.explain_hint(seat, position, command)
        except Exception:  # noqa: BLE001 - a hint's fault must not end the game
            LOGGER.exception("a hint could not be thought")
            answer = self.voice.render(lambda: text("session.fault"))
        if self.state is position:
            self.say(answer, Channel.ANSWER)


class Spectator(NetSeat):
    """Someone who watches a table: told what is public, and never playing."""

    def __init__(self, table: Table, verbosity: Verbosity = Verbosity.NOTATION) -> None:
        super().__init__(table, SPECTATOR, verbosity)

    def seat_named(self, name: str) -> int:
        """``me`` and ``hand`` without a name tell of the player whose turn it is."""
        return super().seat_named(name) if name else self.state.current

    def watching(self) -> bool:
        """A spectator holds no seat: the help lists no action and says whose ``me`` is, and
        ``hint`` says hints are for the players."""
        return True

    def standing(self) -> list[str]:
        """What someone who has just come to watch is told after the order of play: the
        round and whose turn it is, and everyone's points (nothing of either was said
        until the next person's turn came round)."""
        answers = Answers(self.narrator())
        if self.state.is_over:
            return [answers.whose(self.state)]
        return [answers.whose(self.state), answers.scores(self.state)]

    def try_command(self, command: Command) -> bool:
        """A spectator only watches."""
        self.say(text("server.watching"), Channel.ERROR)
        return False
