"""Stepping through a game log, narrated: forward and back by event, turn or round.

Each step is told by the same ``Narrator`` as during play, for the same listener, so a
replay sounds exactly like the game did. Every query of the game prompt answers for the
position reached. A position is an index into the states: ``states[p]`` is the game
after ``p`` events, and position 1 is the deal.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.engine import Event, GameEnded, GameSetUp, GameState, HintAsked, Phase, view
from splendor_a11y.play.conversation import LOGGER, Channel, Conversation, SessionIO
from splendor_a11y.play.grammar import REPLAY_COMMANDS, Query, parse_replay_line
from splendor_a11y.play.history import History
from splendor_a11y.record import GameLog, LogError, Visitor
from splendor_a11y.text.messages import has_text, join_words, plural, problem_text, sentence, text
from splendor_a11y.text.narrator import Narrator, Verbosity, log_refusal
from splendor_a11y.text.queries import Answers
from splendor_a11y.text.summary import game_summary

__all__ = ["Replay", "Transcript", "event_label", "stop_sentence", "transcript"]

MOVES = ("next", "previous", "next turn", "previous turn", "turn", "round", "start", "end")
"""Replay words that move the position: what they say is kept for repeat and review."""


def event_label(event: Event, before: GameState) -> str:
    """``Deal``, ``Turn 12`` or ``End``: where an event sits in the game."""
    if isinstance(event, GameSetUp):
        return text("replay.label.deal")
    if isinstance(event, GameEnded):
        return text("replay.label.end")
    return text("replay.label.turn", turn=before.turn + 1)


def stop_sentence(good_events: int, stopped: LogError) -> str:
    """Where a damaged log's replay stops (after its last good event), and why."""
    return text("replay.stops", events=good_events, line=stopped.line, reason=log_refusal(stopped))


def transcript_line(event: Event, before: GameState, after: GameState, narrator: Narrator) -> str:
    """One event's narration, led by its turn."""
    return text("replay.line", label=event_label(event, before), line=narrator.event(event, before, after))


def transcript(events: Sequence[Event], states: Sequence[GameState], narrator: Narrator) -> list[str]:
    """The whole narration of events already walked, one line per event."""
    return [
        transcript_line(event, before, after, narrator)
        for event, before, after in zip(events, states, states[1:], strict=False)
    ]


def _level_word(level: str) -> str:
    """A computer's level in the language in use; a level this version does not know, as
    the log names it."""
    return text(f"level.{level}") if has_text(f"level.{level}") else level


class Transcript(Visitor):
    """The narration of a log, one line per event, as a walk over it goes."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.lines: list[str] = []
        self.events = 0

    def event(self, index: int, event: Event, before: GameState, after: GameState) -> None:
        if not isinstance(event, HintAsked):
            self.lines.append(transcript_line(event, before, after, self.narrator))
        self.events = index + 1


class Replay(Conversation):
    """A replay prompt over the good part of a log, told to a spectator or as one player."""

    extra_help = REPLAY_COMMANDS
    retelling = True

    def __init__(
        self,
        log: GameLog,
        states: list[GameState],
        io: SessionIO,
        viewer: int | None = None,
        verbosity: Verbosity = Verbosity.NOTATION,
        stopped: LogError | None = None,
    ) -> None:
        self.log = log
        self.good_events = log.events[: len(states) - 1]
        self.good_states = states
        moves = [index for index, event in enumerate(self.good_events) if not isinstance(event, HintAsked)]
        # The events stepped through: the game's, without the notes that a hint was
        # asked (the summary counts those).
        self.events = [self.good_events[index] for index in moves]
        self.states = [states[0], *(states[index + 1] for index in moves)]
        self.io = io
        self.viewer = viewer
        self.verbosity = verbosity
        self.stopped = stopped
        self.history = History()
        self.position = min(1, len(self.events))

    # ---- what the conversation needs ----------------------------------------------

    @property
    def state(self) -> GameState:  # type: ignore[override]
        """The position reached."""
        return self.states[self.position]

    def listener(self) -> int | None:
        """The player chosen with ``--as``, or None: a spectator hears everything."""
        return self.viewer

    def visible(self, state: GameState, seat: int) -> GameState:
        """With ``--as``, only what that player could see; otherwise everything."""
        return state if self.viewer is None else view(state, self.viewer)

    # ---- lines --------------------------------------------------------------------

    @property
    def end(self) -> int:
        """The last position: after the last good event."""
        return len(self.states) - 1

    @property
    def final(self) -> GameState:
        """The state at the end of the log."""
        return self.states[-1]

    def step_line(self, index: int) -> str:
        """Event ``index`` (0-based) as it was announced, led by its turn."""
        return transcript(self.events[index : index + 1], self.states[index : index + 2], self.narrator())[0]

    def opening(self) -> list[str]:
        """Who played, how long the game is, whose eyes we hear with, the deal, how to go on."""
        players = join_words(
            [
                text("replay.player.bot", name=p.name, level=_level_word(p.level or "easy"))
                if p.kind == "bot"
                else text("replay.player.human", name=p.name)
                for p in self.log.header.players
            ]
        )
        turns = plural(self.final.turn, "replay.turns")
        length = text("replay.length.over" if self.final.is_over else "replay.length.running", turns=turns)
        lines = [text("replay.open", path=self.log.path, players=players, length=length)]
        if self.viewer is None:
            lines.append(text("replay.everything"))
        else:
            lines.append(text("replay.as", name=self.log.header.players[self.viewer].name))
        if self.events:
            narrator = self.narrator()
            lines.append(narrator.event(self.events[0], self.states[0], self.states[1]))
            rows = Answers(narrator).board(self.visible(self.states[1], 0))[:3]
            lines.append(text("replay.deal", rows=" ".join(rows)))
        if self.stopped is not None:
            lines.append(self.stop_line())
        lines.append(text("replay.go"))
        return lines

    def stop_line(self) -> str:
        """Where a damaged log's replay stops, and why."""
        assert self.stopped is not None
        return stop_sentence(len(self.good_events), self.stopped)

    def where(self) -> str:
        """The turn, round and whose move at the position reached."""
        if self.position == self.end:
            key = "replay.where_end.over" if self.final.is_over else "replay.where_end.running"
            key = "replay.where_end.stopped" if self.stopped is not None else key
            return text(key, events=self.end)
        state = self.state
        name = text("you.object") if self.viewer == state.current else state.player.name
        move = {
            Phase.ACTION: "replay.move.action",
            Phase.RETURN: "replay.move.return",
            Phase.NOBLE: "replay.move.noble",
            Phase.ENDING: "replay.move.ending",
        }.get(state.phase, "replay.move.effect")
        return text(
            "replay.where",
            turn=state.turn + 1,
            round=state.round,
            event=self.position,
            events=self.end,
            move=text(move, name=name),
        )

    # ---- moving -------------------------------------------------------------------

    def at_end(self) -> str:
        """What to say when there is nothing further."""
        if self.stopped is not None:
            return self.stop_line()
        return text("replay.at_end.over" if self.final.is_over else "replay.at_end.running")

    def forward(self) -> list[str]:
        """One event forward, narrated."""
        if self.position >= self.end:
            return [self.at_end()]
        self.position += 1
        return [self.step_line(self.position - 1)]

    def back(self) -> list[str]:
        """One event back; says which event was undone."""
        if self.position <= 1:
            return [text("replay.at_start")]
        self.position -= 1
        return [text("replay.back", line=self.step_line(self.position))]

    def forward_turn(self) -> list[str]:
        """The rest of the current turn, every event of it narrated."""
        if self.position >= self.end:
            return [self.at_end()]
        turn = self.state.turn
        lines = []
        while self.position < self.end and self.state.turn == turn:
            lines += self.forward()
        return lines

    def turn_start(self, turn: int) -> int:
        """The position where turn ``turn`` (0-based) begins."""
        for position in range(1, self.end + 1):
            if self.states[position].turn >= turn:
                return position
        return self.end

    def last_turn(self) -> int:
        """The number (from 1) of the last turn that can be reached."""
        return self.final.turn + (0 if self.final.is_over else 1)

    def jump(self, position: int) -> list[str]:
        """Go to a position and say where that is."""
        self.position = max(min(position, self.end), min(1, self.end))
        return [self.where()]

    def back_turn(self) -> list[str]:
        """To the start of the turn before the current one."""
        if self.position <= 1:
            return [text("replay.at_start")]
        return self.jump(self.turn_start(max(self.state.turn - 1, 0)))

    def to_turn(self, number: int) -> list[str]:
        """To the start of turn ``number`` (from 1)."""
        last = max(self.last_turn(), 1)
        if number > last:
            return [text("replay.no_turn", turn=number, last=last)]
        return self.jump(self.turn_start(number - 1))

    def to_round(self, number: int) -> list[str]:
        """To the start of round ``number`` (from 1)."""
        seats = len(self.final.players)
        last = max((self.last_turn() - 1) // seats + 1, 1)
        if number > last:
            return [text("replay.no_round", round=number, last=last)]
        return self.jump(self.turn_start((number - 1) * seats))

    def summary(self) -> list[str]:
        """The figures of the whole log, whatever the position."""
        return game_summary(self.good_events, self.good_states, self.narrator())

    # ---- the prompt ---------------------------------------------------------------

    def more_answers(self, query: Query) -> list[str]:
        """The replay's own words."""
        move = _REPLAY_WORDS.get(query.name)
        if move is None:
            return super().more_answers(query)
        return move(self, query.argument)

    def run(self) -> None:
        """Open the replay, then answer lines until quit or the end of input."""
        for opening in self.opening():
            self.say(opening, Channel.EVENT)
        while True:
            line = self.io.read_line(text("replay.prompt"))
            assert not isinstance(line, Awaitable), "a replay reads its lines outside an event loop"
            if line is None:
                break
            try:
                if not self.take_line(line):
                    break
            except SplendorError as error:
                self.say(sentence(problem_text(error)), Channel.ERROR)
            except Exception:  # noqa: BLE001 - the last guard: a fault in answering must not end the replay
                LOGGER.exception("a replay line could not be handled: %r", line)
                self.say(text("session.fault"), Channel.ERROR)
        self.say(text("replay.bye"), Channel.ANSWER)

    def take_line(self, line: str) -> bool:
        """One typed line; False when it asks to leave."""
        query = parse_replay_line(line)
        if query is None:
            return True
        if query.name == "quit":
            return False
        moves = query.name in MOVES
        for answer in self.answer_lines(query):
            self.say(answer, Channel.EVENT if moves else Channel.ANSWER)
        return True


_REPLAY_WORDS: dict[str, Callable[[Replay, str], list[str]]] = {
    "next": lambda replay, argument: replay.forward(),
    "previous": lambda replay, argument: replay.back(),
    "next turn": lambda replay, argument: replay.forward_turn(),
    "previous turn": lambda replay, argument: replay.back_turn(),
    "turn": lambda replay, argument: replay.to_turn(int(argument)),
    "round": lambda replay, argument: replay.to_round(int(argument)),
    "start": lambda replay, argument: replay.jump(1),
    "end": lambda replay, argument: replay.jump(replay.end),
    "where": lambda replay, argument: [replay.where()],
    "summary": lambda replay, argument: replay.summary(),
    "hint": lambda replay, argument: [text("hint.replay")],
}
"""The replay prompt's own words, looked up by the word."""
