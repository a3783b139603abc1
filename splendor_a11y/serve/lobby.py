"""The lobby's words, and where each typed line goes.

A line at the server is one of the lobby's words (``tables``, ``create``, ``join``,
``say``...), or, for someone at a game under way, a line of the game itself, handed to
their seat exactly as at the keyboard. Each answer is one line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from splendor_a11y.domain.errors import SplendorError
from splendor_a11y.play.conversation import Channel
from splendor_a11y.play.grammar import completion_words, could_be, language_code, words_for_tab
from splendor_a11y.serve.hall import Guest, Hall, Refused
from splendor_a11y.serve.limits import MAX_LINE
from splendor_a11y.serve.seats import Spectator
from splendor_a11y.serve.tables import HostedTable
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.levels import is_bot, level_named
from splendor_a11y.text.messages import (
    folded,
    join_words,
    language,
    language_list,
    modules_with,
    plural,
    problem_text,
    sentence,
    speaking,
    text,
)
from splendor_a11y.text.rules import module_named
from splendor_a11y.text.similarity import nearest

__all__ = ["LOBBY_WORDS", "take_line"]
QUIT_WORDS = ("quit", "exit", "q")


@dataclass(frozen=True, slots=True)
class LobbyWord:
    """A word of the lobby: what it does is the catalogue's ``lobby.help.<word>``."""

    word: str
    act: Callable[[Hall, Guest, str], None]
    at_game: bool = True
    """Whether it is also heard at a game under way (else the game's own word is)."""


def _number(argument: str, word: str) -> int:
    if not argument.strip().isdigit():
        raise Refused(text("lobby.usage", usage=text("lobby.numbered", word=said(word))))
    return int(argument.strip())


def _tables(hall: Hall, guest: Guest, argument: str) -> None:
    if not hall.tables:
        guest.tell(text("lobby.no_tables"))
    for hosted in hall.tables.values():
        guest.tell(describe_table(hosted))


def describe_table(hosted: HostedTable) -> str:
    """One line for a table: its number, seats, who sits, modules and where its game is."""
    names = [name or text("lobby.free_seat") for name in hosted.names()]
    modules = modules_with(hosted.modules)
    if hosted.over:
        status = text("lobby.status.over")
    elif hosted.table is not None:
        status = text("lobby.status.playing", round=hosted.table.state.round)
    else:
        free = sum(1 for seat in hosted.seats if seat.name is None and not seat.computer)
        status = text("lobby.status.waiting", free=plural(free, "lobby.awaited"))
    return text(
        "lobby.table",
        number=hosted.number,
        seats=len(hosted.seats),
        names=join_words(names),
        modules=modules,
        status=status,
    )


def _create(hall: Hall, guest: Guest, argument: str) -> None:
    usage = text("lobby.create.usage")
    words = argument.lower().split()
    if not words or not words[0].isdigit():
        raise Refused(text("lobby.usage", usage=usage))
    levels: list[str] = []
    modules: list[str] = []
    rest = words[1:]
    while rest:
        word = rest.pop(0)
        if is_bot(word):
            levels.append(level_named(word))
        elif word not in ("module", "modules"):
            modules.append(_module_in(word, rest, usage))
    hall.create(guest, int(words[0]), levels, modules)


TITLE_WORDS = 3
"""The most words a module's name is read in at ``create``, its title's article included."""


def _module_in(word: str, following: list[str], usage: str) -> str:
    """The module a word names, by its name or as the game says it (``module_named``),
    read with as many of the words after it as name it too (up to ``TITLE_WORDS`` in all),
    which are then used up."""
    for taken in range(min(TITLE_WORDS - 1, len(following)), -1, -1):
        found = module_named(" ".join([word, *following[:taken]]))
        if found is not None:
            del following[:taken]
            return found
    raise Refused(text("lobby.create.unknown", word=word, usage=usage))


def _who(hall: Hall, guest: Guest, argument: str) -> None:
    places = [f"{other.name} {_where(other)}" for other in hall.guests.values()]
    places += [f"{name} {_where_elsewhere(place)}" for name, place in hall.neighbours.elsewhere()]
    guest.tell(text("lobby.who", count=len(places), people=join_words(places)))


def _where(other: Guest) -> str:
    """Where a person connected here is, in words."""
    if other.at is None:
        return text("lobby.where.lobby")
    if isinstance(other.session, Spectator):
        return text("lobby.where.watching", number=other.at.number)
    return text("lobby.where.table", number=other.at.number)


def _where_elsewhere(place: str) -> str:
    """Where a person connected to another server process is (``"table 3"``,
    ``"watching 3"``, ``""``), in words."""
    kind, _, number = place.partition(" ")
    if kind == "watching" and number.isdigit():
        return text("lobby.where.watching", number=int(number))
    if kind == "table" and number.isdigit():
        return text("lobby.where.table", number=int(number))
    return text("lobby.where.lobby")


def _say(hall: Hall, guest: Guest, argument: str) -> None:
    if not argument.strip():
        raise Refused(text("lobby.usage", usage=text("lobby.say.usage")))
    hall.say(guest, argument.strip())


def _tell(hall: Hall, guest: Guest, argument: str) -> None:
    name, _, words = argument.strip().partition(" ")
    if not name or not words.strip():
        raise Refused(text("lobby.usage", usage=text("lobby.tell.usage")))
    hall.tell(guest, name, words.strip())


def _replace(hall: Hall, guest: Guest, argument: str) -> None:
    name, _, level = argument.strip().partition(" ")
    if not name or not is_bot(level) or ":" not in level:
        raise Refused(text("lobby.usage", usage=text("lobby.replace.usage")))
    hall.replace(guest, name, level_named(level))


def _help(hall: Hall, guest: Guest, argument: str) -> None:
    guest.tell(text("lobby.help.intro"))
    for spec in LOBBY_WORDS:
        guest.tell(text(f"lobby.help.{spec.word}", languages=language_list()))


def _lang(hall: Hall, guest: Guest, argument: str) -> None:
    """``lang fr``: this person hears the server, their table included, in French."""
    guest.voice.language = LANGUAGES[language_code(argument)]
    guest.tell(lambda: text("setting.lang"))


LOBBY_WORDS: tuple[LobbyWord, ...] = (
    LobbyWord("tables", _tables),
    LobbyWord("create", _create, at_game=False),
    LobbyWord("join", lambda hall, guest, argument: hall.join(guest, _number(argument, "join"))),
    LobbyWord("watch", lambda hall, guest, argument: hall.watch(guest, _number(argument, "watch"))),
    LobbyWord("leave", lambda hall, guest, argument: hall.leave(guest)),
    LobbyWord("start", lambda hall, guest, argument: hall.start(guest), at_game=False),
    LobbyWord("who", _who),
    LobbyWord("say", _say),
    LobbyWord("tell", _tell),
    LobbyWord("replace", _replace),
    LobbyWord("lang", _lang),
    LobbyWord("help", _help, at_game=False),
    LobbyWord("quit", lambda hall, guest, argument: None),
)


def tab_words(modules: tuple[str, ...] | None) -> list[str]:
    """What Tab completes at a server, in the language in use, then in English: the
    lobby's words, and at a table (``modules``, those of its game) the game's too."""
    lobby = words_for_tab([said(spec.word) for spec in LOBBY_WORDS], [spec.word for spec in LOBBY_WORDS])
    return list(dict.fromkeys([*lobby, *(completion_words(modules) if modules is not None else ())]))


def said(word: str) -> str:
    """A lobby word in the language in use (``créer`` for ``create`` in French)."""
    return text(f"word.lobby.{word}")


_WORDS_BY_LANGUAGE: dict[str, dict[str, LobbyWord]] = {}
"""Each language's lobby words by their folded spellings, English and its own: made once,
where every line typed would fold and translate every word again."""


def _spellings() -> dict[str, LobbyWord]:
    """The lobby words by their folded spellings in the language in use (made once for
    each language); where two words share a spelling, the first of ``LOBBY_WORDS``."""
    code = language().code
    words = _WORDS_BY_LANGUAGE.get(code)
    if words is None:
        words = {spelling: spec for spec in reversed(LOBBY_WORDS) for spelling in (spec.word, folded(said(spec.word)))}
        _WORDS_BY_LANGUAGE[code] = words
    return words


def _lobby_word(typed: str) -> LobbyWord | None:
    """The lobby word typed, in English or the language in use, accents or not; where two
    words share a spelling, the first of ``LOBBY_WORDS`` is meant."""
    return _spellings().get(folded(typed))


def _refusal(line: str) -> str | None:
    """Lines the server refuses whatever they say."""
    if len(line) > MAX_LINE:
        return text("lobby.too_long", limit=MAX_LINE)
    if any(not ch.isprintable() for ch in line):
        return text("grammar.controls")
    return None


def take_line(hall: Hall, guest: Guest, line: str) -> bool:
    """One line from a person: answered in their language, or refused in one sentence.
    False to end the visit."""
    with speaking(guest.voice.language):
        return _take_line(hall, guest, line)


def _quit_alone(guest: Guest, line: str, argument: str) -> bool:
    """``quit`` ends the visit; with words after it (``q now``) it is a slip, refused
    with the word to type alone, as at a game. False to end the visit."""
    if not argument.strip():
        return False
    guest.tell(text("grammar.quit_alone", typed=line.strip(), quit=said("quit")), Channel.ERROR)
    return True


def _take_line(hall: Hall, guest: Guest, line: str) -> bool:
    refusal = _refusal(line)
    if refusal is not None:
        guest.tell(refusal, Channel.ERROR)
        return True
    head, _, argument = line.strip().partition(" ")
    word = head.lower()
    spec = _lobby_word(word)
    if word in QUIT_WORDS or (spec is not None and spec.word == "quit"):
        return _quit_alone(guest, line, argument)
    at_game = guest.session is not None
    if spec is None and not at_game and word:
        begun = _begun(word)
        if len(begun) > 1:
            guest.tell(could_be(word, [said(spec.word) for spec in begun]), Channel.ERROR)
            return True
        spec = begun[0] if begun else None
    if spec is not None and (spec.at_game or not at_game):
        _act(hall, guest, spec, argument)
        return True
    if guest.session is not None and guest.at is not None:
        guest.session.hear(line)
        if (word == "?" or (spec is not None and spec.word == "help")) and not argument:
            guest.tell(text("lobby.at_game"))
        guest.at.go_on()
    elif word:
        guest.tell(_unknown(word), Channel.ERROR)
    return True


def _act(hall: Hall, guest: Guest, spec: LobbyWord, argument: str) -> None:
    """A lobby word done, or refused in one sentence."""
    try:
        spec.act(hall, guest, argument)
    except Refused as refused:
        guest.tell(str(refused), Channel.ERROR)
    except SplendorError as error:
        guest.tell(sentence(problem_text(error)), Channel.ERROR)


def _begun(typed: str) -> list[LobbyWord]:
    """The lobby words a start of one may name, in English or the language in use (``j``
    is join, ``w`` watch or who), as at a game; never quit, which is typed whole. Only in
    the lobby: at a table a start is the game's (``t`` is take, not tables or tell)."""
    start = folded(typed)
    begun = {spec for spelling, spec in _spellings().items() if spelling.startswith(start) and spec.word != "quit"}
    return [spec for spec in LOBBY_WORDS if spec in begun]


def _unknown(word: str) -> str:
    """An unknown lobby word, with the nearest one when it is near."""
    known = {folded(said(spec.word)): said(spec.word) for spec in LOBBY_WORDS}
    near = nearest(folded(word), known, within=2)
    if near is not None:
        return text("lobby.unknown_near", word=word, near=known[near])
    return text("lobby.unknown", word=word)
