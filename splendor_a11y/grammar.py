"""The game prompt's language: typed words into a command or a query.

Pure and free of prompt_toolkit. One table (``COMMANDS``) drives parsing, ``help`` and
Tab completion, so they can never disagree. Unique prefixes and aliases work.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .engine import (
    Associate,
    Buy,
    ChooseNoble,
    Command,
    Conquer,
    Decline,
    Hold,
    Oust,
    Pass,
    Reserve,
    ReserveNoble,
    ReturnTokens,
    TakeFree,
    TakeGems,
)
from .errors import SplendorError
from .similarity import edit_distance
from .notation import LEVELS, DeckTop, GemCounts, HandSlot, NotationError, Slot, gem_from_code, parse_place

__all__ = [
    "COMMANDS",
    "PLAYER_QUERIES",
    "REPLAY_COMMANDS",
    "CommandSpec",
    "GrammarError",
    "Query",
    "find_command",
    "parse_line",
    "parse_replay_line",
]

MAX_LINE = 200


class GrammarError(SplendorError):
    """Typed words the prompt does not understand; the message says what would work."""


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One word of the prompt: its name, aliases, usage and one-line help."""

    name: str
    usage: str
    summary: str
    action: bool = False
    aliases: tuple[str, ...] = ()


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("take", "take ser | take 2s", "take three different gems, or two of one colour from a pile of 4 or more", True),
    CommandSpec("reserve", "reserve a2 | reserve deck c", "reserve a face-up card or the top of a deck, and take a gold if any is left", True),
    CommandSpec("buy", "buy b1 | buy h2 | buy c3 pay 3d 2g | buy b5 with gg | buy c5 discard a0o 3e, b2o", "buy a face-up card or one from your hand; pay spells out the gems, gold included; with gg discards a double-gold card for 2 gold, and discard names the two cards a discard card costs (Orient)", True),
    CommandSpec("return", "return so | return 2s", "give back tokens when you hold more than 10", True),
    CommandSpec("noble", "noble 2", "choose which noble visits you when several qualify", True),
    CommandSpec("pass", "pass", "pass, only when no action is possible", True),
    CommandSpec("colour", "colour r | colour rr", "Orient module: give a card that takes a colour one of your colours; rr follows a double bonus", True, aliases=("color",)),
    CommandSpec("free", "free b2", "Orient module: take the free card an Orient card gives you", True),
    CommandSpec("keep", "keep noble 2", "Orient module: reserve a noble for yourself with the card that gives one", True),
    CommandSpec("hold", "hold b3 | hold b3 from c1", "Strongholds module: after a purchase, put a stronghold on a card, or move one there", True),
    CommandSpec("oust", "oust b2", "Strongholds module: after a purchase, send a lone opponent's stronghold back instead", True),
    CommandSpec("conquer", "conquer | conquer pay 3d 1g", "Strongholds module: buy the card all three of your strongholds are on", True),
    CommandSpec("decline", "decline", "Strongholds module: do not conquer now", True),
    CommandSpec("board", "board", "read the three rows, level c to a, then the nobles", aliases=("table",)),
    CommandSpec("row", "row b | b", "read one row of face-up cards; a level letter alone does the same"),
    CommandSpec("look", "look b2 | b2 | h1", "describe one card in words, and what it would cost you; a place alone does the same", aliases=("card",)),
    CommandSpec("nobles", "nobles", "read the nobles on the table"),
    CommandSpec("supply", "supply", "read the tokens left in the supply", aliases=("bank",)),
    CommandSpec("me", "me | me Ben", "your points, tokens, bonuses, hand and nobles, or another player's", aliases=("status", "self")),
    CommandSpec("players", "players", "every player's points, tokens, bonuses, hand and nobles", aliases=("scores", "all")),
    CommandSpec("hand", "hand | hand Ben", "your reserved cards, or another player's as far as you know them"),
    CommandSpec("afford", "afford | afford Ben", "the cards you, or another player, can buy now, and what each would cost", aliases=("can",)),
    CommandSpec("hint", "hint", "suggest a move for you and say why; the log notes that you asked"),
    CommandSpec("last", "last | last 10", "the last announcements of the game, 5 unless you say how many", aliases=("history",)),
    CommandSpec("repeat", "repeat", "say the last announcement again", aliases=("again",)),
    CommandSpec("words", "words", "describe cards and gems in full words"),
    CommandSpec("codes", "codes", "describe cards and gems in braille-edition codes, the default"),
    CommandSpec("speech", "speech on | speech off", "turn the game's own speech on or off"),
    CommandSpec("help", "help | help take", "list the commands and keys, or explain one command", aliases=("?",)),
    CommandSpec("quit", "quit", "stop; the game is already saved and can be resumed", aliases=("exit", "q")),
)

PLAYER_QUERIES = ("me", "hand", "afford")
"""Queries that may name a player; without a name they are about the listener."""

REPLAY_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("next", "next | n", "hear the next event", aliases=("n",)),
    CommandSpec("previous", "previous | p", "go back one event", aliases=("p", "prev", "back")),
    CommandSpec("next turn", "next turn | nt", "hear the rest of this turn, up to the next player's", aliases=("nt",)),
    CommandSpec("previous turn", "previous turn | pt", "go back to the start of the turn before", aliases=("pt",)),
    CommandSpec("turn", "turn 12", "go to the start of turn 12"),
    CommandSpec("round", "round 5", "go to the start of round 5"),
    CommandSpec("start", "start", "go back to the deal"),
    CommandSpec("end", "end", "go to the end of the log"),
    CommandSpec("where", "where", "the turn, the round and whose move it is here"),
    CommandSpec("summary", "summary", "the result and each player's figures for the whole game"),
    CommandSpec("quit", "quit", "leave the replay", aliases=("exit", "q")),
)
"""The replay prompt's own words; the game's questions work there too."""

_BY_NAME = {spec.name: spec for spec in COMMANDS}
_ALIASES = {alias: spec for spec in COMMANDS for alias in spec.aliases}


@dataclass(frozen=True, slots=True)
class Query:
    """A question or a setting: never changes the game."""

    name: str
    argument: str = ""


def find_command(word: str) -> CommandSpec:
    """The command a word names: exact, alias, or unique prefix.

    Raises:
        GrammarError: unknown (with the nearest command) or ambiguous (with the choices).
    """
    lowered = word.lower()
    if lowered in _BY_NAME:
        return _BY_NAME[lowered]
    if lowered in _ALIASES:
        return _ALIASES[lowered]
    matches = [spec for spec in COMMANDS if spec.name.startswith(lowered)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        names = [m.name for m in matches]
        raise GrammarError(f"\"{word}\" could be {', '.join(names[:-1])} or {names[-1]}; type more letters.")
    nearest = min(COMMANDS, key=lambda spec: edit_distance(lowered, spec.name))
    if edit_distance(lowered, nearest.name) <= max(2, len(lowered) // 2):
        raise GrammarError(f"Unknown command \"{word}\". Did you mean {nearest.name}?")
    raise GrammarError(f"Unknown command \"{word}\". Type help for the list of commands.")


def parse_gems(words: str, verb: str) -> GemCounts:
    """Gems as letters (``ser``, ``s e r``, ``ss``) or counts (``2s``, ``1s 1o``).

    Raises:
        GrammarError: when nothing is named or a code is unknown.
    """
    compact = words.replace(" ", "")
    if not compact:
        raise GrammarError(f"Say which gems to {verb}, for example {verb} ser or {verb} 2s.")
    try:
        if re.search(r"\d", compact):
            return GemCounts.parse(words)
        counts = [0] * 6
        for letter in compact:
            counts[gem_from_code(letter, words).index] += 1
        return GemCounts(counts)
    except NotationError as error:
        raise GrammarError(f"{str(error)[0].upper()}{str(error)[1:]}.") from None


def _place(words: str, verb: str) -> Slot | DeckTop | HandSlot:
    if not words:
        raise GrammarError(f"Say which card to {verb}, for example {verb} b1.")
    try:
        return parse_place(words)
    except NotationError as error:
        raise GrammarError(f"{str(error)[0].upper()}{str(error)[1:]}.") from None


def _slot(words: str, verb: str) -> Slot:
    place = _place(words, verb)
    if not isinstance(place, Slot):
        raise GrammarError(f"Strongholds go on face-up cards: say a slot like b3, not {words}.")
    return place


def _action(spec: CommandSpec, rest: str) -> Command:
    if spec.name == "take":
        return TakeGems(parse_gems(rest, "take"))
    if spec.name == "return":
        return ReturnTokens(parse_gems(rest, "return"))
    if spec.name == "reserve":
        place = _place(rest, "reserve")
        if isinstance(place, HandSlot):
            raise GrammarError("You can reserve a face-up card like a2 or a deck top like deck c, not a card in your hand.")
        return Reserve(place)
    if spec.name == "buy":
        discard = None
        named = re.search(r"\s*\bdiscard\s+(.+)$", rest, re.IGNORECASE)
        if named:
            discard = tuple(part.strip() for part in re.split(r",|\band\b", named.group(1)) if part.strip())
            rest = rest[:named.start()]
        cards = None
        with_gold = re.search(r"\s*\bwith\s+(\d*)\s*gg\s*$", rest, re.IGNORECASE)
        if with_gold:
            cards = int(with_gold.group(1) or 1)
            rest = rest[:with_gold.start()]
        match = re.match(r"^(.*?)(?:\s*\bpay\b\s*(.*))?$", rest, re.IGNORECASE)
        assert match is not None
        where, pay = match.group(1), match.group(2)
        place = _place(where.strip(), "buy")
        if isinstance(place, DeckTop):
            raise GrammarError("You cannot buy from a deck: reserve its top card first, or buy a face-up card like b1.")
        return Buy(place, parse_gems(pay, "pay") if pay is not None else None, cards, discard)
    if spec.name == "colour":
        code = rest.replace(" ", "").lower()
        if len(code) not in (1, 2) or len(set(code)) != 1 or code[0] not in "dsero":
            raise GrammarError("Say one colour code, like colour r, or colour rr to follow a double bonus.")
        return Associate(gem_from_code(code[0], rest), len(code))
    if spec.name == "free":
        return TakeFree(_slot(rest, "take free"))
    if spec.name == "keep":
        words = rest.split()
        if len(words) != 2 or words[0] != "noble" or not words[1].isdigit():
            raise GrammarError("Say which noble to keep by its number, for example keep noble 2.")
        return ReserveNoble(int(words[1]))
    if spec.name == "hold":
        to, _, source = rest.partition(" from ")
        return Hold(_slot(to.strip(), "hold"), _slot(source.strip(), "move from") if source else None)
    if spec.name == "oust":
        return Oust(_slot(rest, "oust"))
    if spec.name == "conquer":
        pay = re.match(r"^pay\s+(.*)$", rest, re.IGNORECASE)
        if rest and pay is None:
            raise GrammarError("Type conquer alone, or conquer pay with the gems, like conquer pay 3d 1g.")
        return Conquer(parse_gems(pay.group(1), "pay") if pay else None)
    if spec.name == "decline":
        return Decline()
    if spec.name == "noble":
        if not rest.isdigit():
            raise GrammarError("Say which noble by its number, for example noble 2.")
        return ChooseNoble(int(rest))
    return Pass()


def parse_line(line: str) -> Command | Query | None:
    """One typed line into a command, a query, or None for an empty line.

    Raises:
        GrammarError: with a sentence that says what would work.
    """
    if len(line) > MAX_LINE:
        raise GrammarError(f"That line is {len(line)} characters long; commands are short, like take ser.")
    if any(not ch.isprintable() for ch in line):
        raise GrammarError("That line has control characters in it; please type it again.")
    words = line.strip()
    if not words:
        return None
    head, _, rest = words.partition(" ")
    rest = " ".join(rest.split())
    lowered = head.lower()
    if lowered in LEVELS and not rest:
        return Query("row", lowered)
    if re.fullmatch(r"[abch]\d+", lowered) and not rest:
        return Query("look", lowered)
    if lowered in ("deck", "orient") and rest:
        return Query("look", f"{lowered} {rest}")
    spec = find_command(head)
    if spec.action:
        return _action(spec, rest)
    if spec.name == "row" and rest.lower() not in LEVELS:
        raise GrammarError("Say which row: row a, row b or row c.")
    if spec.name == "look":
        _place(rest, "look at")
    if spec.name == "last" and rest and not rest.isdigit():
        raise GrammarError("Say how many, for example last 10.")
    if spec.name == "speech" and rest.lower() not in ("on", "off"):
        raise GrammarError("Say speech on or speech off.")
    return Query(spec.name, rest.lower())


def parse_replay_line(line: str) -> Query | None:
    """A line at the replay prompt: a replay word (``next``, ``turn 12``...) or a query.

    Raises:
        GrammarError: unknown words, a missing number, or a move (a replay cannot play).
    """
    words = " ".join(line.split()).lower()
    if not words:
        return None
    for spec in REPLAY_COMMANDS:
        for name in (spec.name, *spec.aliases):
            if words == name:
                return Query(spec.name)
            if spec.name in ("turn", "round") and words.startswith(name + " "):
                number = words[len(name) + 1:]
                if not number.isdigit() or int(number) < 1:
                    raise GrammarError(f"Say which {name} by its number, for example {name} 3.")
                return Query(spec.name, number)
    if words in ("turn", "round"):
        raise GrammarError(f"Say which {words} by its number, for example {words} 3.")
    parsed = parse_line(line)
    if parsed is None or isinstance(parsed, Query):
        return parsed
    raise GrammarError("This is a replay, so moves cannot be played. Type next to hear the next event, or help.")
