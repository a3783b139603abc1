"""Events, refusals and turn prompts as sentences, for one listener.

Pure: given the states before and after an event and who is listening, it returns one
line of plain text, leading with who did what, then the detail in notation, then the
running total. "You" for the listener; others by name. Templates come from
``messages``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import COLOURS, DeckTop, Gem, GemCounts, HandSlot, Slot
from splendor_a11y.engine import (
    Command,
    Event,
    GameEnded,
    GameState,
    HiddenReservation,
    IllegalAction,
    Phase,
    Reason,
    Seen,
    legal_commands,
    seen_by,
)
from splendor_a11y.engine.phrase import (
    CardList,
    Choice,
    Counted,
    Deck,
    GemName,
    Hand,
    LastRound,
    ModulesInPlay,
    NobleNumbers,
    Outcome,
    OwnedCard,
    Phrase,
    PlacedCard,
    PlayOrder,
    Points,
    Price,
    Refill,
    Scores,
    SlotCards,
    Source,
    TableNobles,
    Tokens,
)
from splendor_a11y.record import LogError
from splendor_a11y.text.describe import card_words, card_words_in_row
from splendor_a11y.text.messages import (
    agreement,
    bonus_requirement_in_words,
    counts_in_words,
    gem_name,
    has_text,
    indefinite,
    join_words,
    modules_with,
    plural,
    problem_text,
    sentence,
    separated,
    text,
    typed_in_language,
    variant,
)

__all__ = ["Detail", "Narrator", "Verbosity", "capitalized", "log_refusal"]


class Verbosity(Enum):
    """Codes (the braille-edition notation, the default) or full words."""

    NOTATION = "notation"
    WORDS = "words"


class Detail(Enum):
    """How much the line that starts a turn says: the player's own position and the
    others' points (brief, the default), or everyone's position (full)."""

    BRIEF = "brief"
    FULL = "full"


@dataclass(frozen=True, slots=True)
class Narrator:
    """Tells a game to one listener (``viewer`` is their seat; None tells all as a spectator)."""

    viewer: int | None = None
    verbosity: Verbosity = Verbosity.NOTATION
    named: bool = False
    """Every player by name, the viewer too: several people share one keyboard, so a
    "you" would mean whoever sits there now. Only the prompt that starts a turn still
    says "your turn", with the name."""
    detail: Detail = Detail.BRIEF
    """How much the line that starts the viewer's turn says."""
    retelling: bool = False
    """A game told after the fact (a replay, a transcript): a sentence with a
    ``.retold`` form in the catalogue says that instead (no "type help" in a deal)."""

    # ---- small pieces -----------------------------------------------------------

    def card(self, card: Card | None) -> str:
        """A card in the chosen verbosity."""
        if card is None:
            return text("nothing")
        return card.text if self.verbosity is Verbosity.NOTATION else card_words(card)

    def card_at(self, place: Slot | HandSlot | str, card: Card | None) -> str:
        """A card named with its place: ``a4 a0e 2d 1s`` in codes; in words the place after
        the card (``a level a card (...) at a4``), where before it the place ran into the
        card's own words (``then you can buy a4 a level a card (...) next turn``)."""
        if card is None:
            return str(place)
        if self.verbosity is Verbosity.NOTATION:
            return f"{place} {card.text}"
        return text("words.card_at", card=card_words(card), place=place)

    def noble(self, noble: Noble) -> str:
        """A noble tile inside a sentence in the chosen verbosity: ``3 4s 4e``, or in
        words, ``(4 sapphire and 4 emerald bonuses, 3 points)``. The brackets keep its own
        "and" and comma apart from the sentence's: ``The noble 4 ruby and 4 onyx bonuses,
        3 points visits you`` and two nobles joined by "and" ran together."""
        if self.verbosity is Verbosity.NOTATION:
            return noble.text
        return text("words.noble_in_sentence", noble=self.noble_in_list(noble))

    def noble_in_list(self, noble: Noble) -> str:
        """A noble tile as an item of a numbered list, between semicolons, where it needs
        no brackets: ``1: 4 sapphire and 4 emerald bonuses, 3 points; 2: ...``."""
        if self.verbosity is Verbosity.NOTATION:
            return noble.text
        return text(
            "words.noble",
            requirement=bonus_requirement_in_words(noble.requirement),
            points=plural(noble.points, "words.points"),
        )

    def numbered_nobles(self, nobles: tuple[Noble | None, ...]) -> str:
        """The nobles on the table by their numbers, between semicolons (``1: 3 4s 4e; 2:
        ...``); empty when none is left. A noble taken keeps its number's gap."""
        return separated(
            [
                text("query.noble", index=i + 1, noble=self.noble_in_list(noble))
                for i, noble in enumerate(nobles)
                if noble is not None
            ]
        )

    def command(self, command: Command) -> str:
        """A command to type, in the listener's language and as they hear gems: ``take
        deo``, or in words ``take diamond, emerald, onyx`` (``colour 2 rubies``), which the
        prompt reads as well: a player who hears gems named may not know their letters."""
        typed = typed_in_language(command)
        if self.verbosity is Verbosity.NOTATION:
            return typed
        verb, *rest = typed.split(" ")
        return " ".join([verb, *(_gems_named(word) for word in rest)])

    def owned_card(self, card: Card | None) -> str:
        """A card after "your" or a name's: its code, or in words its level alone."""
        if card is None or self.verbosity is Verbosity.NOTATION:
            return self.card(card)
        return text("words.owned_card", level=card.level)

    def card_in_row(self, card: Card) -> str:
        """A card read in its row: in words, without the level the row already said."""
        return card.text if self.verbosity is Verbosity.NOTATION else card_words_in_row(card)

    def gems(self, counts: GemCounts) -> str:
        """Gem counts in the chosen verbosity; ``nothing`` when empty."""
        if not counts.total:
            return text("nothing")
        return str(counts) if self.verbosity is Verbosity.NOTATION else counts_in_words(counts)

    def price_words(self, cost: tuple[GemCounts, tuple[Card, ...]]) -> str:
        """What a purchase costs: ``1d 2s``, or with cards discarded, ``1d, discarding a0gg 3o``."""
        paid, discarded = cost
        if not discarded:
            return self.gems(paid)
        cards = join_words([self.card(c) for c in discarded])
        if not paid.total:
            return text("query.price.discard_only", cards=cards)
        return text("query.price.discarding", paid=self.gems(paid), cards=cards)

    def tokens(self, counts: GemCounts) -> str:
        """Tokens held; ``none`` when empty."""
        return self.gems(counts) if counts.total else text("tokens.none")

    @staticmethod
    def points(n: int) -> str:
        """``7 points``."""
        return plural(n, "points.short")

    @staticmethod
    def hand(n: int) -> str:
        """``1 card``, ``no cards``."""
        return plural(n, "hand", "hand.none")

    @staticmethod
    def deck(place: DeckTop) -> str:
        """``deck b``, or a module's deck by its word."""
        key = "deck.base" if place.word == DeckTop.BASE_WORD else f"deck.{place.word}"
        return text(key, level=place.level)

    def is_you(self, seat: int) -> bool:
        """True when the seat is the listener and is told as "you"."""
        return not self.named and self.viewer is not None and seat == self.viewer

    def told(self, key: str, seat: int, state: GameState, **fields: object) -> str:
        """A sentence about the seat: ``key.you`` when the seat is the listener, else
        ``key.other``, which names the seat's player: the one place the two forms of a
        sentence worded for the listener are told apart."""
        return text(key + (".you" if self.is_you(seat) else ".other"), name=state.players[seat].name, **fields)

    # ---- events -----------------------------------------------------------------

    def start(self, state: GameState, resumed: bool = False) -> str:
        """The opening line: order of play, the nobles, where help is."""
        key = "event.resumed" if resumed else "event.start"
        return self.phrase(
            Phrase(key, {"modules": ModulesInPlay(), "order": PlayOrder(), "nobles": TableNobles()}), state, state
        )

    def _order(self, state: GameState) -> str:
        count = len(state.players)
        order = [self.name_in_sentence((state.first_player + i) % count, state) for i in range(count)]
        return join_words(order)

    def _refill(self, before: GameState, after: GameState, place: Slot | DeckTop | HandSlot) -> str:
        if not isinstance(place, Slot):
            return ""
        source = str(place)
        if place in after.refills:
            return text("event.refill_later", place=source)
        card = after.card_at(place)
        if card is None:
            return text("event.refill_empty", place=source, level=place.level)
        return text("event.refill", place=source, card=self.card(card))

    def _source(self, source: Source) -> str:
        """A board slot as it is; a hand slot as in its holder's hand, to anyone else
        (``from h1 in their hand``: the sentence's subject is the holder)."""
        if isinstance(source.place, HandSlot) and not self.is_you(source.seat):
            return text("place.hand_of", place=str(source.place))
        return str(source.place)

    def _last_round(self, before: GameState, after: GameState, seat: int) -> str:
        was_reached = any(p.points >= after.rules.points_to_win for p in before.players)
        if was_reached or after.players[seat].points < after.rules.points_to_win:
            return ""
        # The round's last seat ends the game with this very turn: "this round is the
        # last" would promise turns that never come.
        at_end = ".at_end" if after.closes_round(seat) else ""
        return self.told(f"event.last_round{at_end}", seat, after, points=after.rules.points_to_win)

    def event(self, event: Event, before: GameState, after: GameState) -> str:
        """One event as one line, told from what the listener may know of it only."""
        return self.tell(seen_by(event, before, after, self.viewer))

    def tell(self, seen: Seen) -> str:
        """One event as one line, with the slots refilled once a turn's purchases settle.
        Only the listener's view and the event as redacted for them are read here, so no
        sentence can name a card the listener may not know."""
        return self._event(seen.event, seen.before, seen.after) + self._settled(seen.before, seen.after)

    def _settled(self, before: GameState, after: GameState) -> str:
        done = [place for place in before.refills if place not in after.refills]
        if not done:
            return ""
        parts = []
        for place in done:
            card = after.card_at(place)
            parts.append(self.card_at(place, card) if card is not None else text("event.refilled_empty", place=place))
        return text("event.refilled", places=join_words(parts))

    def phrase(self, phrase: Phrase, before: GameState, after: GameState) -> str:
        """A module's phrase in words: its fields said in this listener's verbosity, "you"
        or a name as the listener is the one it is about."""
        fields = {key: self._value(value, before, after) for key, value in phrase.fields.items()}
        if phrase.seat is not None and phrase.to_seat is not None and self.is_you(phrase.to_seat):
            return text(phrase.to_key + ".other", name=after.players[phrase.seat].name, **fields)
        if phrase.seat is not None:
            return self.told(phrase.key, phrase.seat, after, **fields)
        retold = phrase.key + ".retold"
        return text(retold if self.retelling and has_text(retold) else self._as_said(phrase.key), **fields)

    def _as_said(self, key: str) -> str:
        """A sentence's key, or its ``.words`` form for a listener in words where it has
        one: a noble in words comes in brackets, and ``noble 1, (3 diamond ... bonuses,
        3 points)`` had a comma before them that codes need (``noble 1, 3 3d 3r 3o``)."""
        return variant(key, "words", self.verbosity is Verbosity.WORDS)

    def _value(self, value: object, before: GameState, after: GameState) -> object:
        """One field of a phrase in words (plain text and numbers as they are)."""
        if isinstance(value, Card) or value is None:
            return self.card(value)
        if isinstance(value, Command):
            return self.command(value)
        say = _SAID.get(type(value))
        return say(self, value, before, after) if say is not None else value

    def _event(self, event: Event | HiddenReservation, before: GameState, after: GameState) -> str:
        """An event in words, with what each module in play adds after it (``aside``)."""
        said = self._told(event, before, after)
        if isinstance(event, HiddenReservation):
            return said
        asides = (module.aside(event, before, after) for module in after.modules)
        return " ".join([said, *(self.phrase(aside, before, after) for aside in asides if aside is not None)])

    def _told(self, event: Event | HiddenReservation, before: GameState, after: GameState) -> str:
        """An event in words: as a module in play tells it when its rules changed what it
        means, else as the event itself says it is about."""
        if not isinstance(event, HiddenReservation):
            for module in after.modules:
                told = module.tell(event, before, after)
                if told is not None:
                    return self.phrase(told, before, after)
        return self.phrase(event.told(before, after), before, after)

    def result(self, state: GameState) -> str:
        """Every score, the winner, and the tie-break when it decided."""
        ended = GameEnded(scores=state.scores(), winners=state.winners or state.leaders())
        return self.phrase(ended.told(state, state), state, state)

    def _scores(self, state: GameState) -> str:
        """Every score, starting a sentence."""
        return self.starting(
            state,
            ", ".join(
                text("score", name=self.name_in_sentence(i, state), points=self.points(p.points))
                for i, p in enumerate(state.players)
            ),
        )

    def _outcome(self, state: GameState) -> str:
        """Who won: shared, on the tie-break of fewest cards, or outright."""
        winners = state.winners or state.leaders()
        if len(winners) > 1:
            names = join_words([self.name_in_sentence(i, state) for i in winners])
            return text("result.shared", names=self.starting(state, names))
        if state.tie_broken_by_cards():
            best = max(p.points for p in state.players)
            others = [len(p.bought) for i, p in enumerate(state.players) if p.points == best and i != winners[0]]
            return self.told(
                "result.tie_broken",
                winners[0],
                state,
                cards=len(state.players[winners[0]].bought),
                others=join_words([str(n) for n in others]),
            )
        if self.is_you(winners[0]):
            return text("result.you_win")
        return text("result.wins", name=state.players[winners[0]].name)

    def starting(self, state: GameState, said: str) -> str:
        """Words that start a sentence: capitalized (``you`` is ``You``), unless they start
        with a player's name, which is said as its player wrote it: someone who logs in as
        ``ana`` reads ``ana takes 1d 1s 1e``, and their score as ``ana: 3 points``, not
        ``Ana`` at the start of one sentence only."""
        named = any(
            said.startswith(player.name) and not said[len(player.name) : len(player.name) + 1].isalnum()
            for player in state.players
            if player.name
        )
        return said if named else capitalized(said)

    def name_in_sentence(self, seat: int, state: GameState) -> str:
        """A player as named inside a sentence: "you" in lower case, or their name."""
        return text("you.object") if self.is_you(seat) else state.players[seat].name

    # ---- turns ------------------------------------------------------------------

    def turn(self, state: GameState) -> str:
        """What the game waits for from whom, said at the start of each decision; at a
        shared keyboard, to whom by name."""
        seat = state.current
        player = state.players[seat]
        if seat != self.viewer:
            return text("turn.other", name=player.name)
        asked = replace(self, named=False)._decision(state)
        if asked is not None:
            return text("turn.named", name=player.name, prompt=asked[0].lower() + asked[1:]) if self.named else asked
        key = "turn.you.named" if self.named else "turn.you"
        return text(
            key,
            name=player.name,
            position=self._position(state, seat, self.detail is Detail.FULL),
            others=self._others(state, seat),
        )

    def _decision(self, state: GameState) -> str | None:
        """The question of a turn that is not a plain action: tokens to give back, a
        noble to choose, a module's step; None for a plain action."""
        player = state.player
        if state.phase is Phase.RETURN:
            example = legal_commands(state)[0]
            return text(
                "turn.return.you",
                held=player.token_count,
                excess=player.token_count - state.rules.token_limit,
                example=str(example).split(" ", 1)[1],
            )
        if state.phase is Phase.NOBLE:
            offered = state.noble_options()
            choices = [
                text(self._as_said("turn.noble.option"), index=i + 1, noble=self.noble(noble))
                for i in state.qualifying_nobles()
                if (noble := offered[i]) is not None
            ]
            return text("turn.noble.you", choices=join_words(choices, last="or"))
        asked = next((phrase for module in state.modules if (phrase := module.prompt(state)) is not None), None)
        return None if asked is None else self.phrase(asked, state, state)

    def _position(self, state: GameState, seat: int, full: bool) -> str:
        """A player's points, bonuses, tokens and hand (its cards when ``full``)."""
        player = state.players[seat]
        hand = self.hand_cards(state, seat) if full and player.reserved else self.hand(len(player.reserved))
        return text(
            "turn.position",
            points=self.points(player.points),
            bonuses=self.tokens(player.bonuses),
            tokens=self.tokens(player.tokens),
            hand=hand,
        )

    def hand_cards(self, state: GameState, seat: int) -> str:
        """The cards in a player's hand by slot, as far as the listener knows them."""
        return join_words(
            [
                text("query.hand_card", index=i + 1, card=self.card(r.card))
                if r.card is not None
                else text("query.hand_hidden", index=i + 1, level=r.level)
                for i, r in enumerate(state.players[seat].reserved)
            ]
        )

    def _others(self, state: GameState, seat: int) -> str:
        """The other players after the viewer's own position: their points (brief), or
        their whole position (full)."""
        count = len(state.players)
        others = [(seat + i) % count for i in range(1, count)]
        if self.detail is Detail.FULL:
            return "".join(
                text("turn.other_position", name=state.players[i].name, position=self._position(state, i, True))
                for i in others
            )
        return text(
            "turn.other_points",
            scores=", ".join(
                text("score", name=state.players[i].name, points=self.points(state.players[i].points)) for i in others
            ),
        )

    # ---- refusals ---------------------------------------------------------------

    def refusal_after_colon(self, error: IllegalAction, state: GameState) -> str:
        """The refusal said after a colon, inside another sentence: "you" in lower case
        (``cannot be bought now: you cannot take ...``), a name as it is."""
        said = self.refusal(error, state)
        you = text("you")
        return you.lower() + said[len(you) :] if said.startswith(you + " ") else said

    def refusal(self, error: IllegalAction, state: GameState) -> str:
        """The engine's reason as one sentence in rule terms."""
        seat = error.player
        you = self.is_you(seat)
        name = state.players[seat].name if 0 <= seat < len(state.players) else "?"
        subject = text("you") if you else name
        fields: dict[str, object] = {
            "subject": subject,
            "subject_lower": subject.lower() if you else name,
            "possessive": text("your") if you else text("possessive", name=name),
            **agreement(you),
        }
        for key, value in error.details.items():
            fields[key] = self._detail(value)
            if isinstance(value, int) and not isinstance(value, bool):
                fields[f"{key}_tokens"] = plural(value, "tokens.count")
                fields[f"{key}_cards"] = self.hand(value)
        gem = error.details.get("gem")
        if isinstance(gem, Gem):
            fields["gem_one"] = indefinite(gem)
            fields["gem_many"] = gem_name(gem, 2)
            fields["gem_word"] = gem_name(gem)
            fields["code"] = gem.value
        if "expected" not in fields:
            fields["expected"] = name
        if isinstance(error.details.get("logged"), int) and error.reason is Reason.WRONG_PLAYER:
            logged = error.details["logged"]
            fields["logged"] = state.players[logged].name if 0 <= logged < len(state.players) else str(logged)
        key = f"refuse.{error.reason.value}"
        for sub in ("what", "problem"):
            if sub in error.details:
                key += f".{error.details[sub]}"
        return self.starting(state, text(self._as_said(key), **fields))

    def _detail(self, value: object) -> object:
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, PlacedCard):
            return self.card_at(value.place, value.card)
        if isinstance(value, GemCounts):
            return self.gems(value)
        if isinstance(value, tuple) and value and all(isinstance(v, Gem) for v in value):
            return " ".join(v.value for v in value)
        if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            return join_words(list(value))
        if isinstance(value, Choice):
            return join_words([str(item) for item in value.items], last="or")
        if isinstance(value, NobleNumbers):
            return join_words([f"noble {number}" for number in value.numbers])
        if isinstance(value, Noble):
            return self.noble(value)
        return value


_GEM_CODES = re.compile(f"[{''.join(gem.value for gem in COLOURS)}]+")
"""A word of a command made of colours' codes alone. Gold keeps its letter: its French
name, ``or``, is read as the codes of onyx and ruby."""


def _gems_named(word: str) -> str:
    """A word of a command as a player who hears gems named would type it: colours' codes
    by their names (``deo``: ``diamond, emerald, onyx``; ``rr``: ``2 rubies``), any other
    word (a place, a keyword, a count) as it is."""
    if not _GEM_CODES.fullmatch(word):
        return word
    held = [(gem, word.count(gem.value)) for gem in COLOURS if gem.value in word]
    if all(count == 1 for _, count in held):
        return ", ".join(gem_name(gem) for gem, _ in held)
    return ", ".join(f"{count} {gem_name(gem, count)}" for gem, count in held)


def capitalized(said: str) -> str:
    """Words that start a sentence, their first letter in capitals (``you`` is ``You``);
    a card's code stays as the notation writes it (``a0* 3e 2o``, never ``A0*``)."""
    if said[1:2].isdigit():
        return said
    return said[:1].upper() + said[1:]


def log_refusal(error: LogError) -> str:
    """A refused log as one sentence: the file, the line, and the rule when one was broken."""
    path = error.path or text("cli.the_log")
    if error.rule is not None and error.state is not None:
        rule = Narrator().refusal(error.rule, error.state)
        return text("cli.log_rule", path=path, line=error.line, sentence=rule)
    problem = problem_text(error)
    if error.line is None:
        return sentence(problem)
    return text("cli.log_bad", path=path, line=error.line, problem=problem) + "."


_SAID: dict[type, Callable[[Narrator, Any, GameState, GameState], object]] = {
    Phrase: lambda n, v, before, after: n.phrase(v, before, after),
    Noble: lambda n, v, before, after: n.noble(v),
    tuple: lambda n, v, before, after: join_words([str(n._value(item, before, after)) for item in v]),
    Choice: lambda n, v, before, after: join_words([str(n._value(item, before, after)) for item in v.items], last="or"),
    Refill: lambda n, v, before, after: n._refill(before, after, v.place),
    Source: lambda n, v, before, after: n._source(v),
    LastRound: lambda n, v, before, after: n._last_round(before, after, v.seat),
    Price: lambda n, v, before, after: n.price_words((v.paid, v.cards)),
    Points: lambda n, v, before, after: n.points(v.count),
    GemName: lambda n, v, before, after: gem_name(v.gem, v.count),
    SlotCards: lambda n, v, before, after: separated(n.card_at(slot, card) for slot, card in v.items),
    CardList: lambda n, v, before, after: join_words([n.card(card) for card in v.cards]),
    OwnedCard: lambda n, v, before, after: n.owned_card(v.card),
    PlacedCard: lambda n, v, before, after: n.card_at(v.place, v.card),
    Tokens: lambda n, v, before, after: n.tokens(v.counts),
    Counted: lambda n, v, before, after: plural(v.count, v.key),
    Hand: lambda n, v, before, after: n.hand(v.count),
    Deck: lambda n, v, before, after: n.deck(v.place),
    GemCounts: lambda n, v, before, after: n.gems(v),
    PlayOrder: lambda n, v, before, after: n._order(after),
    ModulesInPlay: lambda n, v, before, after: modules_with(module.name for module in after.modules),
    TableNobles: lambda n, v, before, after: n.numbered_nobles(after.nobles),
    Scores: lambda n, v, before, after: n._scores(after),
    Outcome: lambda n, v, before, after: n._outcome(after),
}
"""How each kind of value in a phrase is said, with the positions before and after the
event it tells (a refill, the last round and the table's parts are read from them)."""
