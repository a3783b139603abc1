"""What play and replay share: one listener's conversation about a game, answering
questions about the position reached, keeping what was said for review, and the help.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum

from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.domain.notation import parse_place
from splendor_a11y.engine import MODULES, Command, GameState, Module
from splendor_a11y.play.grammar import (
    COMMANDS,
    PLAY_ONLY,
    PLAYER_QUERIES,
    CommandSpec,
    GrammarError,
    Query,
    begins_a_command,
    find_command,
    names_of,
    parse_line,
    players_named,
)
from splendor_a11y.play.history import History
from splendor_a11y.play.interrupt import Interruptions
from splendor_a11y.text.messages import folded, has_text, join_words, problem_text, sentence, set_language, text
from splendor_a11y.text.narrator import Detail, Narrator, Verbosity
from splendor_a11y.text.queries import Answers
from splendor_a11y.text.rules import rules_lines, section_command, section_named

__all__ = ["LOGGER", "Channel", "Conversation", "Outcome", "SessionIO", "help_lines", "no_keys"]

LAST_DEFAULT = 5
LOGGER = logging.getLogger("splendor_a11y")


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


def no_keys(watching: bool = False) -> list[str]:
    """The help's lines on the keys of a way in that has none (telnet, a pipe)."""
    return []


@dataclass
class SessionIO:
    """A conversation's only ways out: read a line (None at end of input), announce a
    line. Reading and asking may answer at once or be awaited (a prompt on an event loop)."""

    read_line: Callable[[str], str | None | Awaitable[str | None]]
    announce: Callable[[str, Channel], None]
    set_speech: Callable[[bool], str] = lambda on: text("help.no_speech")
    keys_help: Callable[[bool], list[str]] = no_keys
    """The help's lines on the keys, said when help is asked, in the language heard then
    (a list made once stayed in the language of the moment it was made: English on a
    French player's page)."""
    confirm_quit: Callable[[], bool | Awaitable[bool]] = lambda: True
    """Asked after Ctrl-C outside the prompt (a computer thinking): True to quit."""
    interruptions: Interruptions | None = None
    """Where Ctrl-C is noted while the game waits on a computer (None: not watched)."""


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
    detail: Detail = Detail.BRIEF
    retelling = False
    """Whether the game is told after the fact (a replay)."""
    extra_help: tuple[CommandSpec, ...] = ()

    def listener(self) -> int | None:
        """The seat told as "you", or None for a spectator told everything."""
        raise NotImplementedError

    def visible(self, state: GameState, seat: int) -> GameState:
        """What the listener may know of a position (all of it for a spectator)."""
        return state

    def watching(self) -> bool:
        """Whether the listener holds no seat and so plays nothing (a replay told to
        nobody, a game of computers only): the help lists no action for them."""
        return self.listener() is None

    def shared(self) -> bool:
        """Whether several players share this keyboard (then each is told by name)."""
        return False

    def narrator(self) -> Narrator:
        """A narrator for the listener now and this conversation's settings."""
        return self.narrator_for(self.listener())

    def narrator_for(self, viewer: int | None) -> Narrator:
        """A narrator for a listener and this conversation's settings."""
        return Narrator(
            viewer=viewer, verbosity=self.verbosity, named=self.shared(), detail=self.detail, retelling=self.retelling
        )

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
        found = players_named([p.name for p in players], name)
        if len(found) == 1:
            return found[0]
        raise GrammarError(text("query.no_player", name=name, names=join_words([p.name for p in players])))

    def answer_lines(self, query: Query) -> list[str]:
        """The lines that answer a query, for the position reached."""
        try:
            return self._answer_lines(query)
        except SplendorError as error:
            return [sentence(problem_text(error))]

    def _answer_lines(self, query: Query) -> list[str]:
        position = _POSITION_ANSWERS.get(query.name)
        if position is not None:
            me = self.seat_named(query.argument if query.name in PLAYER_QUERIES else "")
            return position(Answers(self.narrator()), self._seen(me), me, query.argument)
        own = _OWN_ANSWERS.get(query.name)
        if own is not None:
            return own(self, query)
        module = next((m for m in MODULES.values() if query.name in m.questions), None)
        if module is not None:
            return self._module_answer(module, query)
        return self.more_answers(query)

    def _module_answer(self, module: Module, query: Query) -> list[str]:
        """A module's own question (``route``), or the module it belongs to when that one is
        not in play."""
        if module.name not in self.state.module_names:
            return [text(f"help.not_in_play.{module.name}")]
        me = self.seat_named("")
        return Answers(self.narrator()).module_answer(self._seen(me), module, me, query.name)

    def _seen(self, me: int) -> GameState:
        """The position as the listener may know it (``me``'s view, with no listener)."""
        listener = self.listener()
        return self.visible(self.state, listener if listener is not None else me)

    def _last(self, query: Query) -> list[str]:
        count = int(query.argument) if query.argument else LAST_DEFAULT
        return self.history.recent(count) or [text("query.no_events")]

    def _verbosity(self, query: Query) -> list[str]:
        self.verbosity = Verbosity.WORDS if query.name == "words" else Verbosity.NOTATION
        return [text(f"setting.{query.name}")]

    def _detail(self, query: Query) -> list[str]:
        self.detail = Detail(query.name)
        return [text(f"setting.{query.name}")]

    def _help(self, query: Query) -> list[str]:
        modules = self.state.module_names
        narrator = self.narrator()
        return help_lines(
            query.argument,
            self.io.keys_help(self.watching()),
            self.extra_help,
            modules,
            lambda usage: examples_said(usage, narrator, modules),
            watching=self.watching(),
        )

    def choose_language(self, code: str) -> str:
        """``lang fr``: speak that language from now on; at the keyboard, the program's."""
        set_language(code)
        return text("setting.lang")

    def more_answers(self, query: Query) -> list[str]:
        """Queries only a subclass knows."""
        return [text("help.unknown")]


_POSITION_ANSWERS: dict[str, Callable[[Answers, GameState, int, str], list[str]]] = {
    "board": lambda answers, state, me, argument: answers.board(state),
    "row": lambda answers, state, me, argument: [answers.row(state, argument)],
    "look": lambda answers, state, me, argument: [answers.place(state, parse_place(argument), me)],
    "nobles": lambda answers, state, me, argument: [answers.nobles(state)],
    "supply": lambda answers, state, me, argument: [answers.supply(state)],
    "me": lambda answers, state, me, argument: [answers.status(state, me)],
    "hand": lambda answers, state, me, argument: [answers.hand(state, me)],
    "score": lambda answers, state, me, argument: [answers.scores(state)],
    "whose": lambda answers, state, me, argument: [answers.whose(state)],
    "players": lambda answers, state, me, argument: answers.everyone(state),
    "afford": lambda answers, state, me, argument: [answers.afford(state, me)],
}
"""Questions about the position, as the listener may know it, looked up by their word."""

_OWN_ANSWERS: dict[str, Callable[[Conversation, Query], list[str]]] = {
    "last": Conversation._last,
    "repeat": lambda conversation, query: [conversation.history.last() or text("query.no_events")],
    "words": Conversation._verbosity,
    "codes": Conversation._verbosity,
    "brief": Conversation._detail,
    "full": Conversation._detail,
    "speech": lambda conversation, query: [conversation.io.set_speech(query.argument == "on")],
    "lang": lambda conversation, query: [conversation.choose_language(query.argument)],
    "help": Conversation._help,
    "rules": lambda conversation, query: rules_lines(query.argument),
}
"""Questions about the conversation itself (what was said, settings, help)."""


def examples_said(usage: str, narrator: Narrator, modules: tuple[str, ...]) -> str:
    """A command's examples as the listener hears commands: in words, ``take sapphire,
    emerald, ruby | take 2 sapphires``, where the help gave someone who chose words the
    codes (``take ser``). An example with no gems to name is left as it is written
    (``buy b5 with gg``)."""
    if narrator.verbosity is Verbosity.NOTATION:
        return usage
    said = []
    for example in usage.split(" | "):
        try:
            parsed = parse_line(example, modules)
        except GrammarError:
            parsed = None
        if isinstance(parsed, Command) and (in_words := narrator.command(parsed)) != Narrator().command(parsed):
            example = in_words
        said.append(example)
    return " | ".join(said)


def help_lines(
    topic: str,
    keys_help: list[str],
    extra: tuple[CommandSpec, ...] = (),
    modules: tuple[str, ...] = (),
    said: Callable[[str], str] = str,
    watching: bool = False,
) -> list[str]:
    """``help``: every command and key of the game in play, one per line; ``help take``:
    one command in full (a module's command says which module it belongs to when that
    module is not in play). ``said`` says an action's examples as the listener hears
    commands (``examples_said``).

    ``extra`` are the words of a replay: then they are listed instead of the actions.
    ``watching``: the listener holds no seat (a spectator, a replay told to nobody): no
    action is theirs, nor a hint, and the questions about "you" tell of the player whose
    turn it is, which the help says rather than "your points".
    """
    if topic:
        return [_help_topic(topic, extra, modules, said, watching)]
    lines = _moves_help(extra, modules, said, watching)
    lines.append(text("help.queries"))
    left_out = {spec.name for spec in extra} | (set(PLAY_ONLY) if extra or watching else set())
    lines += [
        text("help.line", usage=spec.usage, summary=spec.summary_in(modules, watching))
        for spec in COMMANDS
        if not spec.action and spec.name not in left_out and (not spec.module or spec.module in modules)
    ]
    if keys_help:
        lines.append(text("help.keys"))
        lines += keys_help
    lines.append(text("help.notation"))
    lines += [text(f"help.{name}") for name in modules if has_text(f"help.{name}")]
    return lines


def _moves_help(
    extra: tuple[CommandSpec, ...], modules: tuple[str, ...], said: Callable[[str], str], watching: bool
) -> list[str]:
    """The help's first part: the replay's words (``extra``), or a spectator's one line
    saying that nothing is theirs to play, or the actions of the game in play."""
    if extra:
        return [text("help.replay")] + [text("help.line", usage=spec.usage, summary=spec.summary) for spec in extra]
    if watching:
        return [text("help.watching")]
    return [text("help.actions")] + [
        text("help.line", usage=said(spec.usage_in(modules)), summary=spec.summary_in(modules))
        for spec in COMMANDS
        if spec.action and (not spec.module or spec.module in modules)
    ]


def _rules_pointer(topic: str) -> str | None:
    """For ``help`` with a module's name or a word such as ``goal``: a word that begins no
    command but names a section of the rules says which ``rules`` to type, rather than
    only that no command is called so."""
    section = section_named(topic)
    if section is None or begins_a_command(topic):
        return None
    return text("help.see_rules", topic=topic, command=section_command(section))


def _help_topic(
    topic: str,
    extra: tuple[CommandSpec, ...],
    modules: tuple[str, ...],
    said: Callable[[str], str] = str,
    watching: bool = False,
) -> str:
    """One command explained in full, an action's examples ``said`` as the listener hears
    commands."""
    try:
        spec = next((s for s in extra if folded(topic) in names_of(s)), None) or find_command(topic)
    except GrammarError as error:
        return _rules_pointer(topic) or problem_text(error)
    aliases = f" {text('help.aliases', aliases=', '.join(spec.aliases))}" if spec.aliases else ""
    line = text(
        "help.command",
        name=spec.word,
        usage=said(spec.usage_in(modules)) if spec.action else spec.usage_in(modules),
        summary=spec.summary_in(modules, watching),
        aliases=aliases,
    )
    if spec.module and spec.module not in modules:
        line += " " + text(f"help.not_in_play.{spec.module}")
    return line
