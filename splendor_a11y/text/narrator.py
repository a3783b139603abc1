"""Events, refusals and turn prompts as sentences, for one listener.

Pure: given the states before and after an event and who is listening, it returns one
line of plain text, leading with who did what, then the detail in notation, then the
running total. "You" for the listener; others by name. Templates come from
``messages``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import DeckTop, Gem, GemCounts, HandSlot, Slot, parse_slot
from splendor_a11y.engine import (
    CardBought,
    CardReserved,
    Event,
    GameEnded,
    GameSetUp,
    GameState,
    GemsTaken,
    HiddenReservation,
    HintAsked,
    IllegalAction,
    NobleVisited,
    Passed,
    Phase,
    Seen,
    TokensReturned,
    legal_commands,
    seen_by,
)
from splendor_a11y.engine.phrase import CardList, GemName, Phrase, Points, Price, Refill, SlotCards
from splendor_a11y.record import LogError
from splendor_a11y.text.describe import card_words
from splendor_a11y.text.messages import (
    counts_in_words,
    gem_name,
    indefinite,
    join_words,
    language,
    plural,
    problem_text,
    sentence,
    text,
)

__all__ = ["Narrator", "Verbosity", "log_refusal"]


class Verbosity(Enum):
    """Codes (the braille-edition notation, the default) or full words."""

    NOTATION = "notation"
    WORDS = "words"


@dataclass(frozen=True, slots=True)
class Narrator:
    """Tells a game to one listener (``viewer`` is their seat; None tells all as a spectator)."""

    viewer: int | None = None
    verbosity: Verbosity = Verbosity.NOTATION

    # ---- small pieces -----------------------------------------------------------

    def card(self, card: Card | None) -> str:
        """A card in the chosen verbosity."""
        if card is None:
            return text("nothing")
        return card.text if self.verbosity is Verbosity.NOTATION else f"{card.text}, {card_words(card)}"

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
        return plural(n, "points.short.one", "points.short.many")

    @staticmethod
    def hand(n: int) -> str:
        """``1 card``, ``no cards``."""
        return plural(n, "hand.one", "hand.many", "hand.none")

    @staticmethod
    def deck(place: DeckTop) -> str:
        """``deck b``, or a module's deck by its word."""
        key = "deck.base" if place.word == DeckTop.BASE_WORD else f"deck.{place.word}"
        return text(key, level=place.level)

    def is_you(self, seat: int) -> bool:
        """True when the seat is the listener."""
        return self.viewer is not None and seat == self.viewer

    def _say(self, key: str, seat: int, state: GameState, **fields: object) -> str:
        suffix = ".you" if self.is_you(seat) else ".other"
        return text(key + suffix, name=state.players[seat].name, **fields)

    # ---- events -----------------------------------------------------------------

    def start(self, state: GameState, resumed: bool = False) -> str:
        """The opening line: order of play, the nobles, where help is."""
        count = len(state.players)
        order = [state.players[(state.first_player + i) % count].name for i in range(count)]
        if self.viewer is not None:
            order = [text("you") if name == state.players[self.viewer].name else name for name in order]
        nobles = join_words([f"{i + 1}: {n.text}" for i, n in enumerate(state.nobles) if n is not None])
        return text("event.resumed" if resumed else "event.start", order=join_words(order), nobles=nobles)

    def _refill(self, before: GameState, after: GameState, place: Slot | DeckTop | HandSlot) -> str:
        if not isinstance(place, Slot):
            return ""
        source = str(place)
        if source in after.refills:
            return text("event.refill_later", place=source)
        card = after.card_at(place)
        if card is None:
            return text("event.refill_empty", place=source, level=place.level)
        return text("event.refill", place=source, card=self.card(card))

    def _last_round(self, before: GameState, after: GameState, seat: int) -> str:
        was_reached = any(p.points >= after.rules.points_to_win for p in before.players)
        if was_reached or after.players[seat].points < after.rules.points_to_win:
            return ""
        if self.is_you(seat):
            return text("event.last_round.you", points=after.rules.points_to_win)
        return text("event.last_round", name=after.players[seat].name, points=after.rules.points_to_win)

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
            card = after.card_at(parse_slot(place))
            parts.append(text("event.refilled_one", place=place, card=self.card(card)) if card is not None
                         else text("event.refilled_empty", place=place))
        return text("event.refilled", places=join_words(parts))

    def phrase(self, phrase: Phrase, before: GameState, after: GameState) -> str:
        """A module's phrase in words: its fields said in this listener's verbosity, "you"
        or a name as the listener is the one it is about."""
        fields = {key: self._value(value, before, after) for key, value in phrase.fields.items()}
        if phrase.seat is not None and phrase.to_seat is not None and self.is_you(phrase.to_seat):
            return text(phrase.to_key + ".other", name=after.players[phrase.seat].name, **fields)
        if phrase.seat is not None:
            return self._say(phrase.key, phrase.seat, after, **fields)
        return text(phrase.key, **fields)

    def _value(self, value: object, before: GameState, after: GameState) -> object:
        """One field of a phrase in words."""
        if isinstance(value, Phrase):
            return self.phrase(value, before, after)
        if isinstance(value, Refill):
            return self._refill(before, after, value.place)
        if isinstance(value, Card) or value is None:
            return self.card(value)
        say = _SAID.get(type(value))
        return say(self, value) if say is not None else value

    def _module_tells(self, event: Event | HiddenReservation, before: GameState, after: GameState) -> str | None:
        """How a module tells an event, when it does."""
        if isinstance(event, HiddenReservation):
            return None
        for module in after.modules:
            told = module.tell(event, before, after)
            if told is not None:
                return self.phrase(told, before, after)
        return None

    def _event(self, event: Event | HiddenReservation, before: GameState, after: GameState) -> str:
        tell = _TELLERS.get(type(event))
        if tell is None:
            told = self._module_tells(event, before, after)
            if told is None:
                raise TypeError(f"not an event: {event!r}")
            return told
        return tell(self, event, before, after)

    def _tokens_changed(self, key: str, event: GemsTaken | TokensReturned, after: GameState) -> str:
        held = after.players[event.player].tokens
        return self._say(key, event.player, after, gems=self.gems(event.gems), count=held.total,
                         tokens=self.tokens(held))

    def _reserved(self, event: CardReserved, before: GameState, after: GameState) -> str:
        seat, place = event.player, event.source
        gold_words = (text("event.gold") if self.is_you(seat) else text("event.gold.other")) if event.gold else ""
        hand = self.hand(len(after.players[seat].reserved))
        if isinstance(place, DeckTop):
            key = "event.reserved_blind.seen" if self.viewer is None else "event.reserved_blind"
            return self._say(key, seat, after, card=self.card(event.card), deck=self.deck(place), gold=gold_words,
                             hand=hand)
        return self._say("event.reserved", seat, after, card=self.card(event.card), place=str(place),
                         gold=gold_words, hand=hand, refill=self._refill(before, after, place))

    def _hidden(self, event: HiddenReservation, after: GameState) -> str:
        """Another player's blind reservation: where from, never which card."""
        deck_words = self.deck(event.source)
        gold_words = text("event.gold.other") if event.gold else ""
        return text("event.reserved_blind.other", name=after.players[event.player].name, deck=deck_words,
                    gold=gold_words, hand=self.hand(len(after.players[event.player].reserved)))

    def _bought(self, event: CardBought, before: GameState, after: GameState) -> str:
        seat, source, card = event.player, str(event.source), event.card
        points = self.points(after.players[seat].points)
        told = self._module_tells(event, before, after)
        if told is not None:
            return told + self._refill(before, after, event.source) + self._last_round(before, after, seat)
        refill = self._refill(before, after, event.source)
        if event.discarded:
            key = "event.bought_discarding" if card.discard is not None else "event.bought_gold_cards"
            line = self._say(key, seat, after, card=self.card(card), place=source, paid=self.gems(event.paid),
                             cards=join_words([self.card(c) for c in event.discarded]), points=points,
                             refill=refill)
        else:
            line = self._say("event.bought", seat, after, card=self.card(card), place=source,
                             paid=self.gems(event.paid), points=points, refill=refill)
        return line + self._last_round(before, after, seat)

    def _visited(self, event: NobleVisited, before: GameState, after: GameState) -> str:
        line = self._say("event.noble", event.player, after, noble=event.noble.text,
                         points=self.points(after.players[event.player].points))
        return line + self._last_round(before, after, event.player)

    def result(self, state: GameState) -> str:
        """Every score, the winner, and the tie-break when it decided."""
        scores = ", ".join(
            text("score", name=self._name(i, state), points=self.points(p.points))
            for i, p in enumerate(state.players)
        )
        winners = state.winners or state.leaders()
        if len(winners) > 1:
            result = text("result.shared", names=join_words([self._name(i, state) for i in winners]))
        elif state.tie_broken_by_cards():
            best = max(p.points for p in state.players)
            others = [len(p.bought) for i, p in enumerate(state.players) if p.points == best and i != winners[0]]
            result = text("result.tie_broken", name=self._name(winners[0], state),
                          cards=len(state.players[winners[0]].bought), others=join_words([str(n) for n in others]))
        elif self.is_you(winners[0]):
            result = text("result.you_win")
        else:
            result = text("result.wins", name=state.players[winners[0]].name)
        deadlock = state.passes >= len(state.players)
        return text("event.ended.deadlock" if deadlock else "event.ended", scores=scores, result=result)

    def _name(self, seat: int, state: GameState) -> str:
        return text("you") if self.is_you(seat) else state.players[seat].name

    # ---- turns ------------------------------------------------------------------

    def turn(self, state: GameState) -> str:
        """What the game waits for from whom, said at the start of each decision."""
        seat = state.current
        player = state.players[seat]
        if not self.is_you(seat):
            return text("turn.other", name=player.name)
        if state.phase is Phase.RETURN:
            example = legal_commands(state)[0]
            return text("turn.return.you", held=player.token_count, excess=player.token_count - state.rules.token_limit,
                        example=str(example).split(" ", 1)[1])
        if state.phase is Phase.NOBLE:
            offered = state.noble_options()
            choices = [f"noble {i + 1}, {offered[i]}" for i in state.qualifying_nobles()]
            return text("turn.noble.you", choices=join_words(choices))
        for module in state.modules:
            asked = module.prompt(state)
            if asked is not None:
                return self.phrase(asked, state, state)
        return text("turn.you", name=player.name, points=self.points(player.points),
                    tokens=self.tokens(player.tokens), hand=self.hand(len(player.reserved)))

    # ---- refusals ---------------------------------------------------------------

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
            **language().agreement(you),
        }
        for key, value in error.details.items():
            fields[key] = self._detail(value)
        gem = error.details.get("gem")
        if isinstance(gem, Gem):
            fields["gem_one"] = indefinite(gem_name(gem))
            fields["gem_many"] = gem_name(gem, 2)
            fields["gem_word"] = gem_name(gem)
            fields["code"] = gem.value
        if "expected" not in fields:
            fields["expected"] = name
        if isinstance(error.details.get("logged"), int) and error.reason.value == "wrong_player":
            logged = error.details["logged"]
            fields["logged"] = state.players[logged].name if 0 <= logged < len(state.players) else str(logged)
        key = f"refuse.{error.reason.value}"
        for sub in ("what", "problem"):
            if sub in error.details:
                key += f".{error.details[sub]}"
        said = text(key, **fields)
        return said[0].upper() + said[1:]

    def _detail(self, value: object) -> object:
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, GemCounts):
            return self.gems(value)
        if isinstance(value, tuple) and value and all(isinstance(v, Gem) for v in value):
            return " ".join(v.value for v in value)
        if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            return join_words(list(value))
        if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
            return join_words([f"noble {v}" for v in value])
        return value


def log_refusal(error: LogError) -> str:
    """A refused log as one sentence: the file, the line, and the rule when one was broken."""
    path = error.path or "the log"
    if error.rule is not None and error.state is not None:
        rule = Narrator().refusal(error.rule, error.state)
        return text("cli.log_rule", path=path, line=error.line, sentence=rule)
    problem = problem_text(error)
    if error.line is None:
        return sentence(problem)
    return text("cli.log_bad", path=path, line=error.line, problem=problem) + "."


_SAID: dict[type, Callable[[Narrator, Any], object]] = {
    Price: lambda n, v: n.price_words((v.paid, v.cards)),
    Points: lambda n, v: n.points(v.count),
    GemName: lambda n, v: gem_name(v.gem, v.count),
    SlotCards: lambda n, v: "; ".join(f"{slot} {n.card(card)}" for slot, card in v.items),
    CardList: lambda n, v: join_words([n.card(card) for card in v.cards]),
    GemCounts: lambda n, v: n.gems(v),
    tuple: lambda n, v: join_words([str(item) for item in v]),
}
"""How each kind of value in a module's phrase is said."""


_TELLERS: dict[type, Callable[[Narrator, Any, GameState, GameState], str]] = {
    GameSetUp: lambda n, e, before, after: n.start(after),
    GemsTaken: lambda n, e, before, after: n._tokens_changed("event.gems_taken", e, after),
    TokensReturned: lambda n, e, before, after: n._tokens_changed("event.returned", e, after),
    CardReserved: Narrator._reserved,
    HiddenReservation: lambda n, e, before, after: n._hidden(e, after),
    CardBought: Narrator._bought,
    NobleVisited: Narrator._visited,
    Passed: lambda n, e, before, after: n._say("event.passed", e.player, after),
    GameEnded: lambda n, e, before, after: n.result(after),
    HintAsked: lambda n, e, before, after: n._say("event.hint", e.player, after),
}
"""How each kind of the base game's events is told, looked up by its type; a module's
are told by its ``tell`` hook."""
