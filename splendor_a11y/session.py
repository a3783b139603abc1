"""The turn loop: a command from a human or a bot, the rules, the log, then the announcement.

It is handed how to read a line and how to announce one, so it runs the same in a
terminal, in a pipe and in tests. Every event is on disk before it is announced.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from .bots import BOTS, DEFAULT_LEVEL, Bot, bot_for, hint_command
from .engine import Command, Event, GameState, HintAsked, IllegalAction, decide_and_apply, evolve, view
from .explain import explain_move
from .grammar import COMMANDS, PLAYER_QUERIES, CommandSpec, GrammarError, Query, find_command, parse_line
from .history import History
from .log import LogHeader, LogWriter
from .messages import join_words, text
from .narration import Narrator, Verbosity
from .notation import parse_place
from .queries import Answers

__all__ = ["Channel", "Conversation", "Outcome", "Session", "SessionIO", "help_lines"]

LAST_DEFAULT = 5


class Channel(Enum):
    """What kind of line is announced: game events go to the review history, answers do not."""

    EVENT = "event"
    PROMPT = "prompt"
    ANSWER = "answer"
    ERROR = "error"


class Outcome(Enum):
    """How a session ended."""

    OVER = "over"
    QUIT = "quit"


@dataclass
class SessionIO:
    """The session's only ways out: read a line (None at end of input), announce a line."""

    read_line: Callable[[str], str | None]
    announce: Callable[[str, Channel], None]
    set_speech: Callable[[bool], str] = lambda on: text("help.no_speech")
    keys_help: list[str] = field(default_factory=list)


class Conversation:
    """What play and replay share: announcing, the review history, and answering queries
    about the position reached, for one listener.

    Subclasses say where the position is (``state``), who "you" is (``listener``) and
    what that listener may see (``visible``).
    """

    state: GameState
    io: SessionIO
    verbosity: Verbosity
    history: History
    extra_help: tuple[CommandSpec, ...] = ()

    def listener(self) -> int | None:
        """The seat told as "you", or None for a spectator told everything."""
        raise NotImplementedError

    def visible(self, state: GameState, seat: int) -> GameState:
        """What the listener may know of a position (all of it for a spectator)."""
        return state

    def narrator(self) -> Narrator:
        """A narrator for the current listener and verbosity."""
        return Narrator(viewer=self.listener(), verbosity=self.verbosity)

    def say(self, line: str, channel: Channel) -> None:
        """Announce a line; game events and prompts are kept for review and repeat."""
        if channel in (Channel.EVENT, Channel.PROMPT):
            self.history.add(line)
        self.io.announce(line, channel)

    def answer(self, query: Query) -> None:
        """Answer a question or change a setting; the game does not change."""
        for line in self.answer_lines(query):
            self.say(line, Channel.ANSWER)

    def seat_named(self, name: str) -> int:
        """The seat of a player named (or begun) by ``name``; the listener when empty.

        Raises:
            GrammarError: no such player, or several begin that way.
        """
        players = self.state.players
        if not name:
            seat = self.listener()
            return seat if seat is not None else self.state.current
        lowered = name.lower()
        exact = [i for i, p in enumerate(players) if p.name.lower() == lowered]
        found = exact or [i for i, p in enumerate(players) if p.name.lower().startswith(lowered)]
        if len(found) == 1:
            return found[0]
        raise GrammarError(text("query.no_player", name=name, names=join_words([p.name for p in players])))

    def answer_lines(self, query: Query) -> list[str]:
        """The lines that answer a query, for the position reached."""
        try:
            return self._answer_lines(query)
        except GrammarError as error:
            return [str(error)]

    def _answer_lines(self, query: Query) -> list[str]:
        me = self.seat_named(query.argument if query.name in PLAYER_QUERIES else "")
        answers = Answers(self.narrator())
        listener = self.listener()
        state = self.visible(self.state, listener if listener is not None else me)
        match query.name:
            case "board":
                return answers.board(state)
            case "row":
                return [answers.row(state, query.argument)]
            case "look":
                return [answers.place(state, parse_place(query.argument), me)]
            case "nobles":
                return [answers.nobles(state)]
            case "supply":
                return [answers.supply(state)]
            case "me" | "hand":
                return [answers.status(state, me)]
            case "players":
                return answers.everyone(state)
            case "afford":
                return [answers.afford(state, me)]
            case "last":
                count = int(query.argument) if query.argument else LAST_DEFAULT
                return self.history.recent(count) or [text("query.no_events")]
            case "repeat":
                return [self.history.last() or text("query.no_events")]
            case "words" | "codes":
                self.verbosity = Verbosity.WORDS if query.name == "words" else Verbosity.NOTATION
                return [text(f"setting.{query.name}")]
            case "speech":
                return [self.io.set_speech(query.argument == "on")]
            case "help":
                return help_lines(query.argument, self.io.keys_help, self.extra_help)
        return self.more_answers(query)

    def more_answers(self, query: Query) -> list[str]:
        """Queries only a subclass knows."""
        return [text("help.unknown")]


class Session(Conversation):
    """One game being played, from its current state to its end or a quit."""

    def __init__(
        self,
        state: GameState,
        header: LogHeader,
        writer: LogWriter,
        io: SessionIO,
        verbosity: Verbosity = Verbosity.NOTATION,
        events_so_far: int = 0,
    ) -> None:
        self.state = state
        self.header = header
        self.writer = writer
        self.io = io
        self.verbosity = verbosity
        self.history = History()
        self.events_so_far = events_so_far
        self.bots: dict[int, Bot] = {
            seat: bot_for(entry.level if entry.level in BOTS else DEFAULT_LEVEL) for seat, entry in enumerate(header.players) if entry.kind == "bot"
        }
        self.humans = [seat for seat, entry in enumerate(header.players) if entry.kind == "human"]

    # ---- who listens ------------------------------------------------------------

    def listener(self) -> int | None:
        """The human the game speaks to as "you": the only one, or whoever's turn it is."""
        if len(self.humans) == 1:
            return self.humans[0]
        if self.state.current in self.humans:
            return self.state.current
        return self.humans[0] if self.humans else None

    def visible(self, state: GameState, seat: int) -> GameState:
        """A player never learns from a query what the game hides from them."""
        return view(state, seat)

    # ---- the loop ---------------------------------------------------------------

    def commit(self, events: tuple[Event, ...]) -> None:
        """Log every event (on disk first), then fold and announce each."""
        for event in events:
            self.writer.append(event)
        self.events_so_far += len(events)
        for event in events:
            before = self.state
            self.state = evolve(before, event)
            self.say(self.narrator().event(event, before, self.state), Channel.EVENT)

    def start(self, events: tuple[Event, ...] = ()) -> None:
        """Commit the deal of a new game, or tell where a resumed game stands."""
        if events:
            self.commit(events)
        else:
            self.say(self.narrator().start(self.state, resumed=True), Channel.EVENT)

    def run(self) -> Outcome:
        """Play until the game ends or the player quits."""
        while not self.state.is_over:
            seat = self.state.current
            if seat in self.bots:
                self.commit(self.bot_move(seat))
                continue
            if self.human_turn() is Outcome.QUIT:
                return Outcome.QUIT
        return Outcome.OVER

    def bot_move(self, seat: int) -> tuple[Event, ...]:
        """A bot's choice from its own view, seeded by the game seed and the move number."""
        rng = random.Random(f"{self.header.seed}:{seat}:{self.events_so_far}")
        command = self.bots[seat](view(self.state, seat), rng)
        return decide_and_apply(self.state, command)[0]

    def human_turn(self) -> Outcome | None:
        """Read lines until one is a legal command; answer queries on the way."""
        self.say(self.narrator().turn(self.state), Channel.PROMPT)
        while True:
            line = self.io.read_line("> ")
            if line is None:
                return Outcome.QUIT
            try:
                parsed = parse_line(line)
            except GrammarError as error:
                self.say(str(error), Channel.ERROR)
                continue
            if parsed is None:
                continue
            if isinstance(parsed, Query):
                if parsed.name == "quit":
                    return Outcome.QUIT
                self.answer(parsed)
                continue
            if self.try_command(parsed):
                return None

    def more_answers(self, query: Query) -> list[str]:
        """``hint``: the hard bot's move for the player, and why; noted in the log."""
        if query.name != "hint":
            return super().more_answers(query)
        seat = self.state.current
        if seat not in self.humans or self.state.is_over:
            return [text("hint.not_now")]
        self.commit((HintAsked(seat),))
        mine = view(self.state, seat)
        command = hint_command(mine, random.Random(f"{self.header.seed}:hint:{self.events_so_far}"))
        return [explain_move(mine, seat, command, self.narrator())]

    def try_command(self, command: Command) -> bool:
        """Apply a command, or announce why the rules refuse it (nothing changes then)."""
        try:
            events, _ = decide_and_apply(self.state, command)
        except IllegalAction as refusal:
            self.say(self.narrator().refusal(refusal, self.state), Channel.ERROR)
            return False
        self.commit(events)
        return True

def help_lines(topic: str, keys_help: list[str], extra: tuple[CommandSpec, ...] = ()) -> list[str]:
    """``help``: every command and key, one per line; ``help take``: one command in full.

    ``extra`` are the words of a replay: then they are listed instead of the actions.
    """
    if topic:
        try:
            spec = next((s for s in extra if topic.lower() in (s.name, *s.aliases)), None) or find_command(topic)
        except GrammarError as error:
            return [str(error)]
        aliases = f" {text('help.aliases', aliases=', '.join(spec.aliases))}" if spec.aliases else ""
        return [text("help.one", name=spec.name, usage=spec.usage, summary=spec.summary, aliases=aliases)]
    if extra:
        lines = [text("help.replay")]
        lines += [text("help.line", usage=spec.usage, summary=spec.summary) for spec in extra]
    else:
        lines = [text("help.actions")]
        lines += [text("help.line", usage=spec.usage, summary=spec.summary) for spec in COMMANDS if spec.action]
    lines.append(text("help.queries"))
    shown = {spec.name for spec in extra}
    lines += [text("help.line", usage=spec.usage, summary=spec.summary)
              for spec in COMMANDS if not spec.action and spec.name not in shown]
    if keys_help:
        lines.append(text("help.keys"))
        lines += keys_help
    lines.append(text("help.notation"))
    lines.append(text("help.orient"))
    return lines
