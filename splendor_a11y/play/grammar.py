"""The game prompt's language: typed words into a command or a query.

Pure and free of prompt_toolkit. One table (``COMMANDS``) drives parsing, ``help`` and
Tab completion, so they can never disagree. Unique prefixes and aliases work.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.domain.notation import (
    DECK_WORDS,
    GEMS,
    LEVELS,
    DeckTop,
    Gem,
    GemCounts,
    HandSlot,
    NotationError,
    Slot,
    gem_from_code,
    parse_card_head,
    parse_place,
)
from splendor_a11y.engine import MODULES, Buy, ChooseNoble, Command, Pass, Reserve, ReturnTokens, TakeGems
from splendor_a11y.engine.commands import ModuleOption
from splendor_a11y.engine.module import OptionWord, Word
from splendor_a11y.text.languages import ENGLISH, LANGUAGES
from splendor_a11y.text.messages import (
    folded,
    has_text,
    language,
    language_list,
    listed,
    problem_text,
    said_word,
    sentence,
    text,
)
from splendor_a11y.text.rules import section_named
from splendor_a11y.text.similarity import nearest

__all__ = [
    "COMMANDS",
    "PLAYER_QUERIES",
    "REPLAY_COMMANDS",
    "CommandSpec",
    "GrammarError",
    "Query",
    "could_be",
    "find_command",
    "parse_line",
    "parse_replay_line",
]

MAX_LINE = 200
_NUMBER = re.compile(r"[0-9]+")
_PLACE_WORD = re.compile(r"[abch][0-9]+", re.ASCII)


def is_number(words: str) -> bool:
    """Whether typed words are a whole number in the digits 0 to 9 (other scripts'
    digits, superscripts and circled numbers are not taken for numbers)."""
    return _NUMBER.fullmatch(words) is not None


class GrammarError(SplendorError):
    """Typed words the prompt does not understand; the message says what would work."""


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One word of the prompt: its name, aliases, usage and one-line help."""

    name: str
    action: bool = False
    aliases: tuple[str, ...] = ()
    module: str = ""
    """The optional module the command belongs to; empty for the base game's."""
    replay: bool = False
    """A word of the replay prompt (its help is the replay's)."""

    @property
    def word(self) -> str:
        """The command's word in the language in use (the English name works too)."""
        return said_word(self.name)

    @property
    def usage(self) -> str:
        """How it is typed, with examples, from the catalogue."""
        return text(f"command.{self.name}.usage")

    @property
    def summary(self) -> str:
        """What it does, in one line, from the catalogue."""
        suffix = ".replay" if self.replay and self.name == "quit" else ""
        return text(f"command.{self.name}.summary{suffix}", languages=language_list())

    def usage_in(self, modules: tuple[str, ...]) -> str:
        """How it is typed in a game with these modules: the base game's forms, then those
        each module in play adds to it."""
        return self.usage + self._added("usage", modules)

    def summary_in(self, modules: tuple[str, ...], watching: bool = False) -> str:
        """What it does in a game with these modules (see ``usage_in``); ``watching``: as
        it answers someone who holds no seat (a spectator, a replay told to nobody), for
        whom a question about "you" tells of the player whose turn it is: the catalogue's
        ``.watching`` form, where the command has one."""
        if watching and has_text(f"command.{self.name}.summary.watching"):
            return text(f"command.{self.name}.summary.watching") + self._added("summary", modules)
        return self.summary + self._added("summary", modules)

    def _added(self, part: str, modules: tuple[str, ...]) -> str:
        """A part of its help (``usage``, ``summary``) that the modules in play add to it."""
        return "".join(
            text(f"command.{self.name}.{part}.{name}")
            for name in modules
            if name in MODULES and self.name in MODULES[name].extends
        )


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("take", action=True),
    CommandSpec("reserve", action=True),
    CommandSpec("buy", action=True),
    CommandSpec("return", action=True),
    CommandSpec("noble", action=True),
    CommandSpec("pass", action=True),
    *(
        CommandSpec(word.name, action=True, aliases=word.aliases, module=module.name)
        for module in MODULES.values()
        for word in module.words
    ),
    CommandSpec("board", aliases=("table",)),
    *(CommandSpec(question, module=module.name) for module in MODULES.values() for question in module.questions),
    CommandSpec("row"),
    CommandSpec("look", aliases=("card",)),
    CommandSpec("nobles"),
    CommandSpec("supply", aliases=("bank",)),
    CommandSpec("me", aliases=("status", "self")),
    CommandSpec("players", aliases=("all",)),
    CommandSpec("score", aliases=("scores", "points")),
    CommandSpec("whose", aliases=("now",)),
    CommandSpec("hand"),
    CommandSpec("afford", aliases=("can",)),
    CommandSpec("hint"),
    CommandSpec("rules"),
    CommandSpec("last", aliases=("history",)),
    CommandSpec("repeat", aliases=("again",)),
    CommandSpec("words"),
    CommandSpec("codes"),
    CommandSpec("brief"),
    CommandSpec("full"),
    CommandSpec("speech"),
    CommandSpec("lang", aliases=("language",)),
    CommandSpec("help", aliases=("?",)),
    CommandSpec("quit", aliases=("exit", "q")),
)

PLAY_ONLY = ("hint", "brief", "full")
"""Questions of a game being played that a replay has no use for (no move to hint, no
turn prompt to shorten): left out of the replay's help and of what Tab completes there."""

PLAYER_QUERIES = ("me", "hand", "afford")
"""Queries that may name a player; without a name they are about the listener, or, for
someone who holds no seat, the player whose turn it is."""

REPLAY_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("next", aliases=("n",)),
    CommandSpec("previous", aliases=("p", "prev", "back")),
    CommandSpec("next turn", aliases=("nt",)),
    CommandSpec("previous turn", aliases=("pt",)),
    CommandSpec("turn"),
    CommandSpec("round"),
    CommandSpec("start"),
    CommandSpec("end"),
    CommandSpec("where"),
    CommandSpec("summary"),
    CommandSpec("quit", aliases=("exit", "q"), replay=True),
)
"""The replay prompt's own words; the game's questions work there too."""

OPTION_WORDS: tuple[OptionWord, ...] = tuple(option for module in MODULES.values() for option in module.options)
"""The modules' options to the base game's commands (``with gg``)."""

SUB_WORDS = ("pay", "from", "deck", "on", "off", "noble", *dict.fromkeys(option.word for option in OPTION_WORDS))
"""Words inside a command (``buy c3 pay 3d``, ``speech on``) that each language says its way."""


def names_of(spec: CommandSpec) -> tuple[str, ...]:
    """Every word that names a command, folded: the language's first, then English's."""
    return tuple(
        dict.fromkeys(
            folded(word) for word in (said_word(spec.name), *_translated_aliases(spec.name), spec.name, *spec.aliases)
        )
    )


def _translated_aliases(name: str) -> list[str]:
    key = f"aliases.{name}"
    return listed(key) if has_text(key) else []


@functools.cache
def _vocabulary(code: str, specs: tuple[CommandSpec, ...]) -> dict[str, CommandSpec]:
    """Every word that names a command in a language, folded: the English names and
    aliases, which always work, and the language's own words and aliases."""
    words: dict[str, CommandSpec] = {}
    for spec in specs:
        for word in names_of(spec):
            words.setdefault(word, spec)
    return words


def language_code(words: str) -> str:
    """The code of the language named after ``lang`` (``fr``, ``FR``).

    Raises:
        GrammarError: a language the game does not speak, with those it does.
    """
    code = folded(words.strip())
    if code not in LANGUAGES:
        raise GrammarError(text("grammar.lang", languages=language_list()))
    return code


def completion_words(modules: Collection[str] | None = None) -> list[str]:
    """What Tab completes at the prompt: the commands' words in the language in use (as
    written, then without accents), then the English names, which always work. With
    ``modules``, the names of those in play, only the base game's commands and theirs:
    in a base game, ``g`` Tab does not offer a module's ``gain``."""
    return _completions([spec for spec in COMMANDS if _is_in_play(spec, modules)])


def replay_completion_words(modules: Collection[str]) -> list[str]:
    """What Tab completes at the replay prompt: its own words (``next``, ``turn``), then
    the game's questions with these modules; a replay plays no move."""
    questions = [
        spec for spec in COMMANDS if not spec.action and spec.name not in PLAY_ONLY and _is_in_play(spec, modules)
    ]
    return _completions([*REPLAY_COMMANDS, *questions])


def _completions(specs: Sequence[CommandSpec]) -> list[str]:
    """Commands' words for Tab (``words_for_tab``)."""
    return words_for_tab([said_word(spec.name) for spec in specs], [spec.name for spec in specs])


def words_for_tab(said: Sequence[str], english: Sequence[str]) -> list[str]:
    """Words for Tab to complete: as the language in use says them, then without accents,
    then in English, which always works; each once."""
    return list(dict.fromkeys([*said, *map(folded, said), *english]))


def _is_in_play(spec: CommandSpec, modules: Collection[str] | None) -> bool:
    """Whether a command works in a game with these modules (every command when None)."""
    return modules is None or not spec.module or spec.module in modules


def _words_of(specs: tuple[CommandSpec, ...]) -> dict[str, CommandSpec]:
    return _vocabulary(language().code, specs)


@functools.cache
def _sub_words(code: str) -> dict[str, str]:
    """The language's words inside commands, folded, to the English ones the parser reads."""
    return {folded(said_word(word)): word for word in SUB_WORDS if folded(said_word(word)) != word}


def in_english(words: str) -> str:
    """The words after a command with the language's own small words put in English
    (``payer`` is ``pay``, ``paquet`` is ``deck``); codes and numbers are untouched."""
    table = _sub_words(language().code)
    if not table:
        return words
    return " ".join(table.get(folded(word), word) for word in words.split(" "))


@dataclass(frozen=True, slots=True)
class Query:
    """A question or a setting: never changes the game."""

    name: str
    argument: str = ""


def find_command(word: str, modules: Collection[str] | None = None, rest: str = "") -> CommandSpec:
    """The command a word names: exact, alias, or unique prefix. With ``modules`` (the
    names of those in play), a prefix and the nearest word are sought only among the base
    game's commands and theirs, so that in a base game a letter is not taken for a word
    of a module not in play; a module's whole word is still known, for the game to say
    where it belongs. A prefix several commands begin names the one of them that reads
    the words typed after it (``rest``), when only one does: in French, ``ach a1`` is
    acheter, not achetables, and ``t ser`` prendre, not trait (``_reads``); else the
    language's own words go before English's, which also work: in French ``p`` could be
    prendre, passer or plateau, not players, said as joueurs, a word it does not begin.

    Raises:
        GrammarError: unknown (with the nearest command) or ambiguous (with the choices).
    """
    lowered = folded(word)
    vocabulary = _words_of(COMMANDS)
    if lowered in vocabulary:
        return vocabulary[lowered]
    in_play = _in_play(vocabulary, modules)
    matches = _begun(lowered, in_play)
    if len(matches) > 1 and rest:
        matches = [spec for spec in matches if _reads(spec, rest)] or matches
    if len(matches) > 1:
        matches = [spec for spec in matches if folded(spec.word).startswith(lowered)] or matches
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise GrammarError(could_be(word, [m.word for m in matches]))
    near = nearest(lowered, in_play, within=min(max(2, len(lowered) // 2), len(lowered) - 1))
    if near is not None:
        raise GrammarError(text("grammar.did_you_mean", word=word, nearest=in_play[near].word))
    raise GrammarError(text("grammar.unknown", word=word))


def could_be(word: str, names: Sequence[str]) -> str:
    """A start of a word that several words begin, answered with the words it could be
    (at a game, and in a server's lobby)."""
    return text("grammar.ambiguous", word=word, choices=", ".join(names[:-1]), last=names[-1])


def _begun(lowered: str, in_play: dict[str, CommandSpec]) -> list[CommandSpec]:
    """The commands a start of a word may name: those whose own word (the language's, or
    English's) begins so; only when none does, those whose alias does. An alias is a second
    name, not a rival to a command's word: the board's ``table`` made ``t`` ambiguous
    between take and board, a word that does not begin with it."""
    begun = list(dict.fromkeys(spec for typed, spec in in_play.items() if typed.startswith(lowered)))
    named = [spec for spec in begun if any(folded(word).startswith(lowered) for word in (spec.word, spec.name))]
    return named or begun


def _in_play(vocabulary: dict[str, CommandSpec], modules: Collection[str] | None) -> dict[str, CommandSpec]:
    """The words of the base game's commands and of the modules in play (every word when
    ``modules`` is None)."""
    return {typed: spec for typed, spec in vocabulary.items() if _is_in_play(spec, modules)}


def begins_a_command(word: str, modules: Collection[str] | None = None) -> bool:
    """True when some command's word or alias begins with ``word``, as ``find_command``
    reads it: then a failed lookup was an ambiguity, not a word of no command."""
    lowered = folded(word)
    return any(typed.startswith(lowered) for typed in _in_play(_words_of(COMMANDS), modules))


def players_named(names: Sequence[str], typed: str) -> list[int]:
    """The seats a typed name means: its exact match (case aside), else every name it
    begins (``an`` is Ana); one seat when the name is clear."""
    lowered = folded(typed.strip())
    exact = [seat for seat, name in enumerate(names) if folded(name) == lowered]
    return exact or [seat for seat, name in enumerate(names) if folded(name).startswith(lowered)]


def parse_gems(words: str, verb: str) -> GemCounts:
    """Gems as letters (``ser``, ``s e r``, ``ss``) or counts (``2s``, ``1s 1o``), or
    named in full (``sapphire emerald ruby``, ``2 sapphires``), commas between or not.

    Raises:
        GrammarError: when nothing is named or a code is unknown.
    """
    typed, words = words, _gems_as_codes(words)
    compact = words.replace(" ", "")
    if not compact:
        raise GrammarError(text("grammar.which_gems", verb=said_word(verb)))
    try:
        if re.search(r"\d", compact):
            return GemCounts.parse(words)
        counts = [0] * 6
        for letter in compact:
            counts[gem_from_code(letter, typed).order] += 1
        return GemCounts(counts)
    except NotationError as error:
        raise GrammarError(sentence(problem_text(error))) from None


def _gems_as_codes(words: str) -> str:
    """Typed gems with their names in full put as codes, and commas as spaces: a player
    who hears ``sapphire`` types it. A name made of codes alone (French ``or``, gold, is
    onyx and ruby) is left to be read as codes. A longer word that is neither codes nor
    a name is refused here, as typed, with the name it most looks like (``diamnd``)."""
    names = _gem_names(language().code)
    return " ".join([_as_code(word, names) for word in words.replace(",", " ").split()])


def _as_code(word: str, names: dict[str, _GemName]) -> str:
    """A typed word as codes: a gem's name as its code, codes and shorter words as they
    are (the codes' own refusal names a wrong letter). A word of three letters or more
    that is neither is refused: with the nearest name when it is a slip away (``diamnd``),
    else with how gems are named."""
    lowered = folded(word)
    if lowered in names:
        return names[lowered].code
    if len(lowered) < 3 or _AS_CODES.fullmatch(lowered):
        return word
    near = nearest(lowered, names, within=max(2, len(lowered) // 3))
    if near is not None:
        raise GrammarError(text("grammar.gem_did_you_mean", word=word, nearest=names[near].spoken))
    raise GrammarError(text("grammar.not_a_gem", word=word))


@dataclass(frozen=True, slots=True)
class _GemName:
    """A gem's name as it is spoken, and the code it stands for."""

    code: str
    spoken: str


@functools.cache
def _gem_names(code: str) -> dict[str, _GemName]:
    """Each gem's name, singular and plural, folded, in a language and in English; names
    made of codes alone are left out (``_gems_as_codes``). The game's language comes
    first, so that a slip as near to both is answered in it."""
    names = {
        folded(spoken.gem_word(gem, count)): _GemName(gem.value, spoken.gem_word(gem, count))
        for spoken in (LANGUAGES[code], ENGLISH)
        for gem in Gem
        for count in (1, 2)
    }
    return {name: gem for name, gem in names.items() if not all(letter in _CODE_LETTERS for letter in name)}


_CODE_LETTERS = frozenset(gem.value for gem in Gem)
_AS_CODES = re.compile(rf"(?:\d*[{''.join(sorted(_CODE_LETTERS))}])+|\d+")
"""A typed word read as codes and counts (``ser``, ``2s``, ``1s1o``), case aside."""


def _place(words: str, name: str) -> Slot | DeckTop | HandSlot:
    """The place a command names; when none is, a question that says what the card is
    for and gives the command to type (``free b1``, not ``take free b1``)."""
    if not words:
        raise GrammarError(_which_card(name))
    try:
        return parse_place(words)
    except NotationError as error:
        raise GrammarError(sentence(problem_text(error))) from None


def _which_card(name: str) -> str:
    """The question a command without its card is answered with: the command's own
    question where the catalogue has one (a bare ``look``, or ``cards`` taken for it,
    most often means the whole table, so its question names ``board`` too), else the
    shared one, with the command's verb."""
    key = f"grammar.which_card.{name}"
    if has_text(key):
        return text(key, command=said_word(name), board=said_word("board"))
    return text("grammar.which_card", verb=_verb(name), command=said_word(name))


def _slot(words: str, name: str) -> Slot:
    place = _place(words, name)
    if not isinstance(place, Slot):
        raise GrammarError(text("grammar.slot_only", words=words))
    return place


def _reserve(rest: str) -> Command:
    place = _place(rest, "reserve")
    if isinstance(place, HandSlot):
        raise GrammarError(text("grammar.reserve_hand"))
    return Reserve(place)


def _buy(rest: str) -> Command:
    rest, options = _module_options(rest, "buy")
    match = re.match(r"^(.*?)(?:\s*\bpay\b\s*(.*))?$", rest, re.IGNORECASE)
    assert match is not None
    where, pay = match.group(1), match.group(2)
    place = _place(where.strip(), "buy")
    if isinstance(place, DeckTop):
        raise GrammarError(text("grammar.buy_deck"))
    return Buy(place, parse_gems(pay, "pay") if pay is not None else None, options)


def _module_options(rest: str, command: str) -> tuple[str, tuple[ModuleOption, ...]]:
    """The words of a command before the modules' options, and each option read by its
    shape (``buy b1 pay 2d with gg``: ``b1 pay 2d`` and a module's ``with gg``)."""
    words = {option.word: option for option in OPTION_WORDS if option.command == command}
    if not words:
        return rest, ()
    starts = list(re.finditer(r"\s*\b(" + "|".join(map(re.escape, words)) + r")\b\s*", rest, re.IGNORECASE))
    if not starts:
        return rest, ()
    options = []
    for index, start in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(rest)
        option = words[start.group(1).lower()]
        options.append(_OPTION_SHAPES[option.shape](option, rest[start.end() : end].strip()))
    return rest[: starts[0].start()], tuple(options)


def _marked_count(option: OptionWord, words: str) -> ModuleOption:
    """``gg``, ``2gg``, ``2 gg``: a count (one when left out) and the option's mark."""
    found = re.fullmatch(r"(\d{0,2})\s*" + re.escape(option.mark), words, re.IGNORECASE | re.ASCII)
    if found is None:
        raise GrammarError(text("grammar.marked_count", word=said_word(option.word), mark=option.mark))
    return option.make(int(found.group(1) or 1))


def _cards(option: OptionWord, words: str) -> ModuleOption:
    """Cards named by their whole code or their head, separated by commas or ``and``."""
    parts = [part.strip() for part in re.split(r",|\band\b", words) if part.strip()]
    if not parts:
        raise GrammarError(text("grammar.cards", word=said_word(option.word)))
    try:
        named = tuple(Card.parse(part) if " " in part else parse_card_head(part) for part in parts)
    except NotationError as error:
        raise GrammarError(sentence(problem_text(error))) from None
    return option.make(named)


_OPTION_SHAPES: dict[str, Callable[[OptionWord, str], ModuleOption]] = {
    "marked_count": _marked_count,
    "cards": _cards,
}
"""How a module's option to a command is read, by the shape it declares."""


def _verb(name: str) -> str:
    """How a command is said in a sentence that asks which card it is for (``take free``,
    ``look at``): the command's own word unless the catalogue has a phrase for it."""
    key = f"grammar.verb.{name}"
    return text(key) if has_text(key) else said_word(name)


def _colour(word: Word, rest: str) -> Command:
    """A module's word that names one colour, by code or by name (``gain r``, ``gain
    ruby``), doubled for a double bonus (``colour rr``, ``colour 2 rubies``)."""
    if not rest.strip():
        raise GrammarError(text(f"grammar.{word.name}"))
    held = [(gem, count) for gem, count in zip(GEMS, parse_gems(rest, word.name), strict=False) if count]
    if len(held) != 1 or held[0][1] > 2 or held[0][0] is Gem.GOLD:
        raise GrammarError(text(f"grammar.{word.name}"))
    return word.make(*held[0])


def _noble_number(word: Word, rest: str) -> Command:
    words = rest.split()
    if len(words) != 2 or words[0] != "noble" or not is_number(words[1]):
        raise GrammarError(text(f"grammar.{word.name}"))
    return word.make(int(words[1]))


def _slot_from_slot(word: Word, rest: str) -> Command:
    to, _, source = rest.partition(" from ")
    return word.make(_slot(to.strip(), word.name), _slot(source.strip(), "from") if source else None)


def _payment(word: Word, rest: str) -> Command:
    pay = re.match(r"^pay\s+(.*)$", rest, re.IGNORECASE)
    if rest and pay is None:
        raise GrammarError(text(f"grammar.{word.name}"))
    return word.make(parse_gems(pay.group(1), "pay") if pay else None)


_SHAPES: dict[str, Callable[[Word, str], Command]] = {
    "colour": _colour,
    "noble_number": _noble_number,
    "slot": lambda word, rest: word.make(_slot(rest, word.name)),
    "slot_from_slot": _slot_from_slot,
    "payment": _payment,
    "nothing": lambda word, rest: word.make(),
}
"""How the words after a module's command are read, by the shape the command declares."""


def _noble(rest: str) -> Command:
    if not is_number(rest):
        raise GrammarError(text("grammar.noble"))
    return ChooseNoble(int(rest))


_ACTIONS: dict[str, Callable[[str], Command]] = {
    "take": lambda rest: TakeGems(parse_gems(rest, "take")),
    "return": lambda rest: ReturnTokens(parse_gems(rest, "return")),
    "reserve": _reserve,
    "buy": _buy,
    "noble": _noble,
    "pass": lambda rest: Pass(),
    **{word.name: functools.partial(_SHAPES[word.shape], word) for module in MODULES.values() for word in module.words},
}
"""How the words after each action's name are read, looked up by the name."""

_QUESTION_WORDS: dict[str, Callable[[str], bool]] = {
    "row": lambda rest: rest.lower() in LEVELS,
    "look": lambda rest: _reads_as(lambda: _place(rest, "look")),
    "last": is_number,
    "speech": lambda rest: in_english(rest.lower()) in ("on", "off"),
    "lang": lambda rest: folded(rest) in LANGUAGES,
    "rules": lambda rest: section_named(rest) is not None,
    "help": lambda rest: begins_a_command(rest) or section_named(rest) is not None,
    **dict.fromkeys(PLAYER_QUERIES, lambda rest: not _PLACE_WORD.fullmatch(rest.lower())),
}
"""The words each question reads after it, where it reads any: a level, a place, a
number, a player's name (which a place is not)... Only to tell apart the commands a
word's start may name (``_reads``); each question checks its words as it answers."""


def _reads(spec: CommandSpec, rest: str) -> bool:
    """Whether a command reads the words typed after it: an action that parses them (pass
    takes none, though it lets them by), a question that takes such words."""
    if spec.action:
        return spec.name != "pass" and _reads_as(lambda: _ACTIONS[spec.name](in_english(rest)))
    reader = _QUESTION_WORDS.get(spec.name)
    return reader is not None and reader(rest)


def _reads_as(reading: Callable[[], object]) -> bool:
    """Whether the reading of some words succeeds."""
    try:
        reading()
    except GrammarError:
        return False
    return True


def _shortcut(lowered: str, rest: str) -> Query | None:
    """A level letter alone reads its row; a place alone, or a deck, describes its card."""
    if lowered in LEVELS and not rest:
        return Query("row", lowered)
    if _PLACE_WORD.fullmatch(lowered) and not rest:
        return Query("look", str(_place(lowered, "look")))
    if folded(lowered) == folded(said_word("deck")) and rest:
        lowered = "deck"
    if lowered in DECK_WORDS and rest:
        return Query("look", str(_place(f"{lowered} {rest}", "look")))
    return None


def _gems_alone(head: str, rest: str, modules: Collection[str] | None = None) -> bool:
    """Whether a line names two gems or more and nothing else (``d s e``, ``dse``, ``2s``):
    a move typed without its word. Read as a command, its first letter was a prefix (``e``
    of exit, which quit the game; ``d`` of a module's word), so it is refused with the
    words to type. A single word that begins a command (``se`` of self) keeps its meaning."""
    if not rest and begins_a_command(head, modules):
        return False
    try:
        gems = parse_gems(f"{head} {rest}", "take")
    except GrammarError:
        return False
    return sum(gems) >= 2


def _query(spec: CommandSpec, rest: str, typed: str) -> Query:
    """A question's words, checked before it is answered. ``quit`` with words after it
    is refused: ``e x``, a slip, was exit and ended the game."""
    if spec.name == "quit" and rest:
        raise GrammarError(text("grammar.quit_alone", typed=typed, quit=spec.word))
    if spec.name == "row" and rest.lower() not in LEVELS:
        raise GrammarError(text("grammar.row"))
    if spec.name == "look":
        rest = str(_place(rest, "look"))
    if spec.name == "last" and rest and (not is_number(rest) or int(rest) < 1):
        raise GrammarError(text("grammar.last"))
    if spec.name == "speech":
        rest = in_english(rest.lower())
        if rest not in ("on", "off"):
            raise GrammarError(text("grammar.speech"))
    if spec.name == "lang":
        return Query(spec.name, language_code(rest))
    if spec.name in PLAYER_QUERIES:
        return Query(spec.name, rest)  # a name is matched case aside, and said back as typed
    return Query(spec.name, rest.lower())


def parse_line(line: str, modules: Collection[str] | None = None) -> Command | Query | None:
    """One typed line into a command, a query, or None for an empty line; with
    ``modules``, the names of those in play, a word's start names only their commands
    and the base game's (``find_command``).

    Raises:
        GrammarError: with a sentence that says what would work.
    """
    if len(line) > MAX_LINE:
        raise GrammarError(text("grammar.too_long", length=len(line)))
    if any(not ch.isprintable() for ch in line):
        raise GrammarError(text("grammar.controls"))
    words = line.strip()
    if not words:
        return None
    head, _, rest = words.partition(" ")
    rest = " ".join(rest.split())
    shortcut = _shortcut(head.lower(), rest)
    if shortcut is not None:
        return shortcut
    if _gems_alone(head, rest, modules):
        raise GrammarError(text("grammar.gems_alone", gems=words, take=said_word("take"), give=said_word("return")))
    spec = find_command(head, modules, rest)
    if spec.action:
        return _ACTIONS[spec.name](in_english(rest))
    return _query(spec, rest, words)


def parse_replay_line(line: str) -> Query | None:
    """A line at the replay prompt: a replay word (``next``, ``turn 12``...) or a query.

    Raises:
        GrammarError: unknown words, a missing number, or a move (a replay cannot play).
    """
    words = folded(" ".join(line.split()))
    if not words:
        return None
    for spec in REPLAY_COMMANDS:
        for name in names_of(spec):
            if words == name:
                return Query(spec.name)
            if spec.name in ("turn", "round") and words.startswith(name + " "):
                number = words[len(name) + 1 :]
                if not is_number(number) or int(number) < 1:
                    raise GrammarError(text("grammar.which_number", word=name))
                return Query(spec.name, number)
    numbered = {folded(said_word(name)): name for name in ("turn", "round")} | {"turn": "turn", "round": "round"}
    if words in numbered:
        raise GrammarError(text("grammar.which_number", word=said_word(numbered[words])))
    head, _, rest = words.partition(" ")
    if _gems_alone(head, rest):
        raise GrammarError(text("grammar.replay_move"))
    parsed = parse_line(line)
    if parsed is None or isinstance(parsed, Query):
        return parsed
    raise GrammarError(text("grammar.replay_move"))
