"""A seat session: one listener's conversation with a table, on an event loop.

It reads the listener's lines (a prompt, a pipe, a test's script), answers questions
about what the listener may know, hands commands to the table, and tells the listener
each event the table commits, as their seat may know it. Computer seats think in a
worker thread, so the loop (and, later, other listeners) never waits on them. The
console is one seat session; a hot-seat game is one session for every human seat at
the keyboard, "you" being whoever's turn it is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.engine import Command, Event, GameState, IllegalAction, Phase, view
from splendor_a11y.play.conversation import LOGGER, Channel, Conversation, Outcome, SessionIO
from splendor_a11y.play.grammar import Query, find_command, names_of, parse_line
from splendor_a11y.play.history import History
from splendor_a11y.play.table import Table, settle
from splendor_a11y.record import SaveError
from splendor_a11y.text.messages import folded, problem_text, sentence, text
from splendor_a11y.text.narrator import Verbosity

__all__ = ["SeatSession", "play_game", "save_failed"]

T = TypeVar("T")


async def _answer(value: T | Awaitable[T]) -> T:
    """What an IO call answered, whether at once or to be awaited."""
    if isinstance(value, Awaitable):
        return await value
    return value


def save_failed(error: SaveError) -> str:
    """The one sentence a player hears when the disk refuses a move."""
    return text(f"save.{error.cause}", detail=error.detail)


class SeatSession(Conversation):
    """The conversation of the person at one keyboard with a table: their seats, their
    prompt, their verbosity and their history."""

    def __init__(
        self, table: Table, io: SessionIO, verbosity: Verbosity = Verbosity.NOTATION, seats: list[int] | None = None
    ) -> None:
        self.table = table
        self.io = io
        self.verbosity = verbosity
        self.history = History()
        self.seats = list(table.humans if seats is None else seats)
        table.listen(self)

    @property
    def state(self) -> GameState:  # type: ignore[override]
        """The table's position now."""
        return self.table.state

    # ---- who listens ------------------------------------------------------------

    def listener(self) -> int | None:
        """The seat the game speaks to as "you" now."""
        return self._listener_at(self.state)

    def _listener_at(self, state: GameState) -> int | None:
        """The only seat of this session, or the one whose turn it is, or its first."""
        if len(self.seats) == 1:
            return self.seats[0]
        if state.current in self.seats:
            return state.current
        return self.seats[0] if self.seats else None

    def shared(self) -> bool:
        """A hot-seat game: several human seats at this keyboard."""
        return len(self.seats) > 1

    def visible(self, state: GameState, seat: int) -> GameState:
        """A player never learns from a query what the game hides from them."""
        return view(state, seat)

    def told(self, event: Event, before: GameState, after: GameState) -> None:
        """The table committed an event: say it as this listener may know it."""
        self.say(self.event_line(event, before, after), Channel.EVENT)

    def event_line(self, event: Event, before: GameState, after: GameState) -> str:
        """An event as this listener may know it."""
        return self.narrator_for(self._listener_at(after)).event(event, before, after)

    def settled(self, events: tuple[Event, ...], before: GameState, after: GameState) -> None:
        """A command's events are told; at the keyboard the turn loop says whose turn it is."""

    def recall_past(self, events: Sequence[Event], states: Sequence[GameState]) -> None:
        """Put a resumed game's past in the review history, as this listener would have
        heard it (``states[i]`` before ``events[i]``), so that ``last`` and the review keys
        reach back before the resume."""
        for event, before, after in zip(events, states, states[1:], strict=False):
            self.history.add(self.event_line(event, before, after))

    # ---- the game ---------------------------------------------------------------

    def commit(self, events: tuple[Event, ...]) -> bool:
        """Have the table commit events; False, with the reason said, when the disk refused."""
        try:
            self.table.commit(events)
        except SaveError as error:
            self.say(save_failed(error), Channel.ERROR)
            return False
        return True

    def start(self, events: tuple[Event, ...] = (), new_game: bool = False) -> bool:
        """Commit the deal of a new game (``events``, or the one its seed makes), or tell
        where a resumed game stands and finish what its log already decides (a deal it
        lacks, a noble or the end it stopped before). False when the disk refused."""
        if new_game and not events:
            events = (self.table.deal(),)
        if events:
            return self.commit(events)
        if self.state.phase is Phase.SETUP:
            self.say(text("session.dealt_now"), Channel.ANSWER)
            return self.commit((self.table.deal(),))
        self.say(self.narrator().start(self.state, resumed=True), Channel.EVENT)
        pending = settle(self.state)
        if pending:
            self.say(text("session.finished_now"), Channel.ANSWER)
            return self.commit(pending)
        return True

    async def run(self) -> Outcome:
        """Play until the game ends or the listener quits."""
        while not self.state.is_over:
            seat = self.state.current
            if seat in self.table.computers:
                outcome = await self.computer_turn(seat)
            else:
                outcome = await self.human_turn()
            if outcome is Outcome.QUIT:
                return Outcome.QUIT
        return Outcome.OVER

    async def computer_turn(self, seat: int) -> Outcome | None:
        """A computer's move, thought off the event loop. Ctrl-C while it thinks asks
        whether to quit, as at the prompt; a move the disk refused waits for the listener
        to try again (Enter) or quit."""
        thinking = asyncio.get_running_loop().run_in_executor(None, self.table.think, seat)
        while await self._interrupted(thinking):
            if await _answer(self.io.confirm_quit()):
                return Outcome.QUIT
        if self.commit(thinking.result()):
            return None
        line = await _answer(self.io.read_line("> "))
        return Outcome.QUIT if line is None or folded(line.strip()) in names_of(find_command("quit")) else None

    async def _interrupted(self, thinking: asyncio.Future[tuple[Event, ...]]) -> bool:
        """Wait for the move; True when Ctrl-C came first (the move is still being thought)."""
        watch = self.io.interruptions
        if watch is None:
            await thinking
            return False
        with watch.watching() as interrupted:
            waiting = asyncio.ensure_future(interrupted.wait())
            either: list[asyncio.Future[Any]] = [thinking, waiting]
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            return interrupted.is_set()

    async def human_turn(self) -> Outcome | None:
        """Read lines until one is a legal command; answer queries on the way."""
        self.say(self.narrator().turn(self.state), Channel.PROMPT)
        while True:
            line = await _answer(self.io.read_line("> "))
            if line is None:
                return Outcome.QUIT
            outcome = self.hear(line)
            if outcome is not None:
                return outcome

    def hear(self, line: str) -> Outcome | None:
        """One typed line, answered whatever it is: a mistake or a fault is said in one
        sentence and the game goes on (see ``take_line`` for what is returned)."""
        try:
            return self.take_line(line)
        except SplendorError as error:
            self.say(sentence(problem_text(error)), Channel.ERROR)
        except Exception:  # noqa: BLE001 - the last guard: a fault in answering must not end the game
            LOGGER.exception("a typed line could not be handled: %r", line)
            self.say(text("session.fault"), Channel.ERROR)
        return None

    def take_line(self, line: str) -> Outcome | None:
        """One typed line: None to keep reading, QUIT to stop, OVER when a move was played
        (the turn is over, whatever follows)."""
        parsed = parse_line(line, [module.name for module in self.state.modules])
        if parsed is None:
            return None
        if isinstance(parsed, Query):
            if parsed.name == "quit":
                return Outcome.QUIT
            self.answer(parsed)
            return None
        return Outcome.OVER if self.try_command(parsed) else None

    def more_answers(self, query: Query) -> list[str]:
        """``hint``: the hard bot's move for the player, and why; noted in the log. Someone
        watching is told that hints are for the players, rather than that it is not their
        turn, which it never is."""
        if query.name != "hint":
            return super().more_answers(query)
        if self.watching():
            return [text("hint.watching")]
        seat = self.state.current
        if seat not in self.seats or self.state.is_over:
            return [text("hint.not_now")]
        try:
            self.table.note_hint(seat)
        except SaveError as error:
            return [save_failed(error)]
        return self.hint_lines(seat, self.state, self.table.events_so_far)

    def hint_lines(self, seat: int, position: GameState, events_so_far: int) -> list[str]:
        """The hint, thought now: the command to type and one sentence of why."""
        return [self.explain_hint(seat, position, self.table.hint_for(seat, position, events_so_far))]

    def explain_hint(self, seat: int, position: GameState, command: Command) -> str:
        """The sentence that gives a hinted command and why."""
        return self.table.hints.explain(seat, position, command, self.narrator())

    def try_command(self, command: Command) -> bool:
        """Hand a command to the table, or say why it is refused (nothing changes then)."""
        seat = self.listener()
        if seat != self.state.current:
            self.say(text("turn.not_yours", name=self.state.players[self.state.current].name), Channel.ERROR)
            return False
        try:
            self.table.play(seat, command)
        except IllegalAction as refusal:
            self.say(self.narrator().refusal(refusal, self.state), Channel.ERROR)
            return False
        except SaveError as error:
            self.say(save_failed(error), Channel.ERROR)
            return False
        return True


async def play_game(session: SeatSession, events: tuple[Event, ...] = (), new_game: bool = False) -> Outcome:
    """Start a session's game (see ``SeatSession.start``), then play it to its end or a quit."""
    if not session.start(events, new_game):
        return Outcome.QUIT
    return await session.run()
