"""The Orient's commands, each defined whole: its word, its prompt form, how it is
judged, and the logged event that answers it."""

from __future__ import annotations

from typing import ClassVar

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import CardHead, Gem, Slot
from splendor_a11y.engine.checks import card_at_place, check_take, refuse
from splendor_a11y.engine.commands import Command, ModuleCommand, ModuleOption, command_kind
from splendor_a11y.engine.events import Event
from splendor_a11y.engine.modules.orient.events import CardAssociated, FreeCardTaken, NobleReserved
from splendor_a11y.engine.modules.orient.kinds import NAME, Reasons, pending_free_level
from splendor_a11y.engine.modules.orient.marks import partner_options, pending_associate
from splendor_a11y.engine.refusals import Reason
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.values import value

__all__ = ["Associate", "Discards", "GoldCards", "ReserveNoble", "TakeFree"]


@value
class GoldCards(ModuleOption):
    """``buy b1 with 2gg``: how many double-gold cards to give up for virtual gold."""

    module: ClassVar[str] = NAME
    count: int

    def __str__(self) -> str:
        """As a player types it: ``with gg`` for one card, as the manual writes it (``with
        1gg`` was said "with one g g"), ``with 2gg`` for two."""
        return "with gg" if self.count == 1 else f"with {self.count}gg"


@value
class Discards(ModuleOption):
    """``buy c5 discard a0o 3e, b2o``: the cards given up for a card paid by discarding,
    each a whole card or a head, as the player named them."""

    module: ClassVar[str] = NAME
    cards: tuple[Card | CardHead, ...]

    def __str__(self) -> str:
        return "discard " + ", ".join(card.text for card in self.cards)


class _OrientCommand(ModuleCommand):
    """What the Orient's commands share: their module, and the refusal outside the phase
    of a card's effect."""

    __slots__ = ()
    module: ClassVar[str] = NAME
    not_due: ClassVar[Reason] = Reasons.NO_EFFECT_DUE


@command_kind
@value
class Associate(_OrientCommand):
    """Give the card that takes a colour one of your colours (``colour r``; ``colour rr``
    to follow a double-bonus card)."""

    word: ClassVar[str] = "colour"
    makes: ClassVar[type[Event] | None] = CardAssociated
    due_in: ClassVar[tuple[str, ...]] = ("associate",)
    colour: Gem
    count: int = 1

    def __str__(self) -> str:
        return f"colour {self.colour.value * self.count}"

    def decide(self, state: GameState) -> Event:
        player = state.player
        card = pending_associate(player)
        assert card is not None, "the associate phase always has its card"
        options = partner_options(player, card)
        if (self.colour, self.count) not in options:
            raise refuse(
                state,
                Reasons.NO_SUCH_PARTNER,
                gem=self.colour,
                count=self.count,
                options=tuple(g.value * n for g, n in options),
            )
        return CardAssociated(player=state.current, card=card, colour=self.colour, count=self.count)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, CardAssociated)
        return Associate(event.colour, event.count)


@command_kind
@value
class TakeFree(_OrientCommand):
    """Take a face-up card free (``free b2``)."""

    word: ClassVar[str] = "free"
    makes: ClassVar[type[Event] | None] = FreeCardTaken
    due_in: ClassVar[tuple[str, ...]] = ("free_card",)
    place: Slot

    def __str__(self) -> str:
        return f"free {self.place}"

    def decide(self, state: GameState) -> Event:
        place = self.place
        level = pending_free_level(state)
        card = card_at_place(state, place)
        if place.level != level:
            raise refuse(state, Reasons.FREE_WRONG_LEVEL, place=place, level=level)
        check_take(state, place, card)
        return FreeCardTaken(player=state.current, source=place, card=card)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, FreeCardTaken)
        return TakeFree(event.source)


@command_kind
@value
class ReserveNoble(_OrientCommand):
    """Reserve a noble tile from the table (``keep noble 2``)."""

    word: ClassVar[str] = "keep"
    makes: ClassVar[type[Event] | None] = NobleReserved
    due_in: ClassVar[tuple[str, ...]] = ("noble_reserve",)
    index: int

    def __str__(self) -> str:
        return f"keep noble {self.index}"

    def decide(self, state: GameState) -> Event:
        index = self.index
        noble = state.nobles[index - 1] if 1 <= index <= len(state.nobles) else None
        if noble is None:
            raise refuse(state, Reason.NO_SUCH_NOBLE, index=index, count=len(state.nobles))
        return NobleReserved(player=state.current, noble=noble)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        """The choice a noble's reservation answers, by its number on the table."""
        assert isinstance(event, NobleReserved)
        options = [n for n in state.nobles if n is not None]
        return ReserveNoble(state.nobles.index(event.noble) + 1 if event.noble in options else len(state.nobles) + 1)
