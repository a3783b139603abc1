"""What happened: one frozen class per event of the log format (the README's "Game logs"
section), each defined once, here or in the module it belongs to.

A kind declares itself whole: its class carries ``kind``, its tag in the log; each field
says its JSON form through ``json_field`` (the key, when not the field's name, and its
shape); ``fold`` is how it changes the state and ``told`` what it is about, as a
``Phrase`` (the key of its sentence in the catalogues and the facts that fill it in).
``@event_kind`` enters it in ``EVENT_KINDS``, where the log's codec finds it. The fold,
the checker and the narrator ask the event itself; none of them lists the kinds.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar, TypeVar

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import DeckTop, GemCounts, HandSlot, Slot
from splendor_a11y.engine.phrase import (
    Counted,
    Deck,
    Hand,
    LastRound,
    ModulesInPlay,
    Outcome,
    Phrase,
    PlayOrder,
    Points,
    Refill,
    Scores,
    Source,
    TableNobles,
    Tokens,
)
from splendor_a11y.engine.state import ROW_SLOTS, GameState, Phase, Reserved
from splendor_a11y.engine.turn import (
    after_action,
    after_tokens,
    continue_turn,
    face_up,
    finish_turn,
    gain,
    lose,
    pool_of,
    replacement_waits,
    take_from_board,
    with_player,
)
from splendor_a11y.engine.values import replaced, value

__all__ = [
    "EVENT_KINDS",
    "CardBought",
    "CardReserved",
    "Event",
    "GameEnded",
    "GameSetUp",
    "GemsTaken",
    "HintAsked",
    "NobleVisited",
    "Passed",
    "SeatEvent",
    "TokensReturned",
    "bought_fields",
    "event_kind",
    "json_field",
]


class Event:
    """Something that happened; its ``kind`` is its tag in the log."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def fold(self, state: GameState) -> GameState:
        """The state after this event. Pure and total: the event was checked first."""
        raise NotImplementedError(self.kind)

    def told(self, before: GameState, after: GameState) -> Phrase:
        """What this event is about, for the narrator to put in words."""
        raise NotImplementedError(self.kind)


class SeatEvent(Event):
    """Something one player did."""

    __slots__ = ()
    player: int


EVENT_KINDS: dict[str, type[Event]] = {}
"""Every kind of event, by its tag in the log."""

_E = TypeVar("_E", bound=type[Event])


def event_kind(cls: _E) -> _E:
    """Enter a kind of event in ``EVENT_KINDS`` (put above ``@dataclass``)."""
    EVENT_KINDS[cls.kind] = cls
    return cls


SHAPES = ("seat", "count", "place", "slot", "card", "noble", "gems", "cards", "colour", "ints")
"""The JSON forms a field can take: a seat number, a small count, a place (``b3``,
``deck a``, ``h2``) or a face-up slot only, a card or a noble in notation, gem counts,
a list of cards, a colour letter, a list of numbers."""


_REQUIRED: Any = object()


def json_field(shape: str, key: str = "", low: int = 0, high: int = 3, default: Any = _REQUIRED) -> Any:
    """A field of an event and its JSON form: ``shape`` (one of ``SHAPES``), the ``key``
    when it is not the field's name, the bounds of a count, and a default that makes the
    field optional (left out of the log when it has that value)."""
    metadata = {"shape": shape, "key": key, "low": low, "high": high}
    if default is _REQUIRED:
        return field(metadata=metadata)
    return field(default=default, metadata=metadata)


def _tokens_told(key: str, event: GemsTaken | TokensReturned, after: GameState) -> Phrase:
    held = after.players[event.player].tokens
    return Phrase(
        key,
        {"gems": event.gems, "count": Counted("tokens.count", held.total), "tokens": Tokens(held)},
        seat=event.player,
    )


def _gold_told(event: CardReserved) -> Phrase | str:
    return Phrase("event.gold", seat=event.player) if event.gold else ""


@event_kind
@value
class GameSetUp(Event):
    """The whole deal: each deck in draw order (first four face up), the nobles, who starts.

    Its JSON form is the codec's own (decks by level); a module's decks are kept under
    their deck word and written as ``<word>_decks``.
    """

    kind: ClassVar[str] = "game_set_up"
    decks: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    nobles: tuple[Noble, ...]
    first_player: int
    module_decks: tuple[tuple[str, tuple[tuple[Card, ...], ...]], ...] = ()
    """Per module with decks of its own, its deck word and its three decks in draw order."""

    def decks_of(self, word: str) -> tuple[tuple[Card, ...], ...]:
        """A module's decks in this deal, by its deck word (none when it has no part)."""
        return next((decks for owner, decks in self.module_decks if owner == word), ())

    def fold(self, state: GameState) -> GameState:
        colours = state.rules.gems_per_colour(len(state.players))
        dealt = replaced(
            state,
            supply=GemCounts((colours,) * 5 + (state.rules.gold_tokens,)),
            rows=tuple(face_up(deck, ROW_SLOTS) for deck in self.decks),
            decks=tuple(tuple(deck[ROW_SLOTS:]) for deck in self.decks),
            nobles=tuple(self.nobles),
            current=self.first_player,
            first_player=self.first_player,
            phase=Phase.ACTION,
        )
        for module in state.modules:
            dealt = module.set_up(dealt, self)
        return dealt

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase("event.start", {"modules": ModulesInPlay(), "order": PlayOrder(), "nobles": TableNobles()})


@event_kind
@value
class GemsTaken(SeatEvent):
    """A player took gems from the supply."""

    kind: ClassVar[str] = "gems_taken"
    player: int = json_field("seat")
    gems: GemCounts = json_field("gems")

    def fold(self, state: GameState) -> GameState:
        player = state.players[self.player]
        player = replaced(player, tokens=player.tokens.plus(self.gems))
        return after_action(
            replaced(
                state,
                players=with_player(state, self.player, player),
                supply=state.supply.minus(self.gems),
                passes=0,
                action=self,
            )
        )

    def told(self, before: GameState, after: GameState) -> Phrase:
        return _tokens_told("event.gems_taken", self, after)


@event_kind
@value
class CardReserved(SeatEvent):
    """A player reserved a card from a slot (``a2``) or a deck top (``deck a``)."""

    kind: ClassVar[str] = "card_reserved"
    player: int = json_field("seat")
    source: Slot | DeckTop | HandSlot = json_field("place", key="from")
    card: Card = json_field("card")
    gold: int = json_field("count", high=1)

    def fold(self, state: GameState) -> GameState:
        place = self.source
        assert not isinstance(place, HandSlot)
        pool = pool_of(state, place)
        state = take_from_board(state, place)
        player = state.players[self.player]
        gold = GemCounts((0, 0, 0, 0, 0, self.gold))
        held = Reserved(self.card, self.card.level, isinstance(place, DeckTop), pool)
        player = replaced(player, tokens=player.tokens.plus(gold), reserved=(*player.reserved, held))
        return after_action(
            replaced(
                state,
                players=with_player(state, self.player, player),
                supply=state.supply.minus(gold),
                passes=0,
                action=self,
            )
        )

    def told(self, before: GameState, after: GameState) -> Phrase:
        hand = Hand(len(after.players[self.player].reserved))
        if isinstance(self.source, DeckTop):
            return Phrase(
                "event.reserved_blind.seen",
                {"card": self.card, "deck": Deck(self.source), "gold": _gold_told(self), "hand": hand},
                seat=self.player,
            )
        return Phrase(
            "event.reserved",
            {
                "card": self.card,
                "place": str(self.source),
                "gold": _gold_told(self),
                "hand": hand,
                "refill": Refill(self.source),
            },
            seat=self.player,
        )


def bought_fields(event: CardBought, after: GameState) -> dict[str, object]:
    """What a purchase's sentence says: the card, where from, what was paid, the points
    after, the slot refilled, and the last round (a module telling a purchase its own
    way adds to these)."""
    return {
        "card": event.card,
        "place": Source(event.source, event.player),
        "paid": event.paid,
        "points": Points(after.players[event.player].points),
        "refill": Refill(event.source),
        "last_round": LastRound(event.player),
    }


@event_kind
@value
class CardBought(SeatEvent):
    """A player bought a card from a slot (``b1``) or their hand (``h2``)."""

    kind: ClassVar[str] = "card_bought"
    player: int = json_field("seat")
    source: Slot | DeckTop | HandSlot = json_field("place", key="from")
    card: Card = json_field("card")
    paid: GemCounts = json_field("gems")
    discarded: tuple[Card, ...] = json_field("cards", default=())
    """Cards given up besides the gems, where a module's cards ask for that."""

    def fold(self, state: GameState) -> GameState:
        return continue_turn(self._bought(state))

    def _bought(self, state: GameState) -> GameState:
        place = self.source
        player = state.players[self.player]
        reserved = player.reserved
        if isinstance(place, HandSlot):
            reserved = reserved[: place.index - 1] + reserved[place.index :]
        else:
            assert isinstance(place, Slot)
            state = take_from_board(state, place, replacement_waits(state, self.card))
        if self.discarded:
            player = lose(state, player, self.discarded)
        player = gain(player, self.card, tokens=player.tokens.minus(self.paid), reserved=reserved)
        bought = replaced(
            state,
            players=with_player(state, self.player, player),
            supply=state.supply.plus(self.paid),
            passes=0,
            action=self,
        )
        if not state.modules:
            return bought
        return replaced(
            bought, due=tuple(step for module in state.modules for step in module.after_purchase(state, self.card))
        )

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase("event.bought", bought_fields(self, after), seat=self.player)


@event_kind
@value
class TokensReturned(SeatEvent):
    """A player over ten tokens gave some back."""

    kind: ClassVar[str] = "tokens_returned"
    player: int = json_field("seat")
    gems: GemCounts = json_field("gems")

    def fold(self, state: GameState) -> GameState:
        player = state.players[self.player]
        player = replaced(player, tokens=player.tokens.minus(self.gems))
        return after_tokens(
            replaced(state, players=with_player(state, self.player, player), supply=state.supply.plus(self.gems))
        )

    def told(self, before: GameState, after: GameState) -> Phrase:
        return _tokens_told("event.returned", self, after)


@event_kind
@value
class NobleVisited(SeatEvent):
    """A noble visited a player at the end of their turn."""

    kind: ClassVar[str] = "noble_visited"
    player: int = json_field("seat")
    noble: Noble = json_field("noble")

    def fold(self, state: GameState) -> GameState:
        player = state.players[self.player]
        player = replaced(player, nobles=(*player.nobles, self.noble), points=player.points + self.noble.points)
        for module in state.modules:
            player = module.noble_visits(player, self.noble)
        nobles = tuple(None if n == self.noble else n for n in state.nobles)
        return finish_turn(replaced(state, players=with_player(state, self.player, player), nobles=nobles))

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase(
            "event.noble",
            {
                "noble": self.noble,
                "points": Points(after.players[self.player].points),
                "last_round": LastRound(self.player),
            },
            seat=self.player,
        )


@event_kind
@value
class Passed(SeatEvent):
    """A player with no legal action passed."""

    kind: ClassVar[str] = "passed"
    player: int = json_field("seat")

    def fold(self, state: GameState) -> GameState:
        return after_action(replaced(state, passes=state.passes + 1, action=self))

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase("event.passed", seat=self.player)


@event_kind
@value
class GameEnded(Event):
    """The game is over: final scores and the winners (more than one when shared)."""

    kind: ClassVar[str] = "game_ended"
    scores: tuple[int, ...] = json_field("ints")
    winners: tuple[int, ...] = json_field("ints")

    def fold(self, state: GameState) -> GameState:
        return replaced(state, phase=Phase.OVER, winners=tuple(self.winners))

    def told(self, before: GameState, after: GameState) -> Phrase:
        deadlock = after.passes >= len(after.players)
        return Phrase("event.ended.deadlock" if deadlock else "event.ended", {"scores": Scores(), "result": Outcome()})


@event_kind
@value
class HintAsked(SeatEvent):
    """A note, not a move: the player whose turn it is asked for a hint.

    It changes nothing in the game; it is logged so that a summary can tell.
    """

    kind: ClassVar[str] = "hint_asked"
    player: int = json_field("seat")

    def fold(self, state: GameState) -> GameState:
        return state

    def told(self, before: GameState, after: GameState) -> Phrase:
        return Phrase("event.hint", seat=self.player)
