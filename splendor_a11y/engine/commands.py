"""What a player (human or bot) asks to do: imperative, frozen commands.

A kind of command declares itself whole: its ``word`` at the prompt, its canonical
``str()`` in the prompt's syntax (so a hint or a bot's choice is told as the very words
a player would type), ``decide`` (the one event it makes, or the reason it is refused),
and, for the event it ``makes``, ``made_by`` (the command a logged event answers, so a
log is judged by the same code as play). ``@command_kind`` enters it in the registries.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import COLOURS, GEMS, DeckTop, Gem, GemCounts, HandSlot, Slot
from splendor_a11y.engine.checks import cannot_afford, card_at_place, check_take, has_action, refuse, terms
from splendor_a11y.engine.events import (
    CardBought,
    CardReserved,
    Event,
    GemsTaken,
    NobleVisited,
    Passed,
    TokensReturned,
)
from splendor_a11y.engine.payment import checked_payment, default_payment, explicit_payment, needed
from splendor_a11y.engine.refusals import Reason
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.values import value

__all__ = [
    "COMMAND_KINDS",
    "MAKERS",
    "Buy",
    "ChooseNoble",
    "Command",
    "ModuleCommand",
    "ModuleOption",
    "Pass",
    "Reserve",
    "ReturnTokens",
    "TakeGems",
    "command_kind",
]


class Command:
    """Something a player asks to do."""

    __slots__ = ()
    word: ClassVar[str] = ""
    """Its word at the prompt, and the name a phase that waits for it knows it by."""
    makes: ClassVar[type[Event] | None] = None
    """The kind of event it makes, when a logged event of that kind answers it."""

    def decide(self, state: GameState) -> Event:
        """The one event this command makes now; the phase was judged first.

        Raises:
            IllegalAction: with the reason and its numbers.
        """
        raise NotImplementedError(self.word)

    def legal_event(self, state: GameState) -> Event:
        """The event this command makes when it is known to be legal, being one of
        ``legal_commands(state)``: made without judging it again, for the games a bot
        imagines. A kind whose judging is its making keeps ``decide``."""
        return self.decide(state)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        """The command that would have made a logged event of the kind it ``makes``."""
        return None


COMMAND_KINDS: dict[str, type[Command]] = {}
"""Every kind of command, by its word."""
MAKERS: dict[type[Event], type[Command]] = {}
"""The kind of command each kind of logged event answers."""

_C = TypeVar("_C", bound=type[Command])


def command_kind(cls: _C) -> _C:
    """Enter a kind of command in ``COMMAND_KINDS`` and ``MAKERS`` (put above ``@dataclass``)."""
    COMMAND_KINDS[cls.word] = cls
    if cls.makes is not None:
        MAKERS[cls.makes] = cls
    return cls


class ModuleCommand(Command):
    """A command a module adds: it answers only that module's phases, named in
    ``due_in``; at any other moment it is refused for ``not_due`` (told whether the
    module ``module`` is in play at all)."""

    __slots__ = ()
    module: ClassVar[str] = ""
    due_in: ClassVar[tuple[str, ...]] = ()
    not_due: ClassVar[Reason]


class ModuleOption:
    """A module's option to a base game's command (``with gg`` after
    ``buy``): a typed value the grammar makes from the module's own words, its ``str()``
    its form at the prompt. Only the module ``module`` reads it; in a game without that
    module the command is refused."""

    __slots__ = ()
    module: ClassVar[str] = ""


def _letters(gems: GemCounts) -> str:
    return "".join(gem.value * n for gem, n in zip(GEMS, gems, strict=False))


def _check_take_shape(state: GameState, gems: GemCounts, colours: list[int]) -> None:
    """Three different gems, or two alike from a pile of four; fewer only when fewer
    colours are left. ``colours`` are the indexes of the colours taken."""
    total = sum(gems)
    kinds = len(colours)
    if kinds == 1 and total == 2:
        gem = GEMS[colours[0]]
        if state.supply.get(gem) < state.rules.take_two_minimum:
            raise refuse(state, Reason.TAKE_TWO_LOW, gem=gem, supply=state.supply.get(gem))
    elif kinds != total:
        raise refuse(state, Reason.TAKE_MIXED, gems=gems)
    elif total > 3:
        raise refuse(state, Reason.TAKE_TOO_MANY, count=total)
    elif total < 3:
        available = tuple(c for c in COLOURS if state.supply.get(c))
        if len(available) >= 3:
            raise refuse(state, Reason.TAKE_MORE_COLOURS, count=total, available=available)


@command_kind
@value
class TakeGems(Command):
    """Take three different gems (fewer when the supply lacks colours) or two alike."""

    word: ClassVar[str] = "take"
    makes: ClassVar[type[Event] | None] = GemsTaken
    gems: GemCounts

    def __str__(self) -> str:
        return f"take {_letters(self.gems)}"

    def decide(self, state: GameState) -> Event:
        gems = self.gems
        if gems[Gem.GOLD.order]:
            raise refuse(state, Reason.TAKE_GOLD)
        colours = [index for index in range(5) if gems[index]]
        if not colours:
            raise refuse(state, Reason.TAKE_NOTHING)
        for index in colours:
            if state.supply[index] == 0:
                raise refuse(state, Reason.TAKE_EMPTY_PILE, gem=GEMS[index])
        _check_take_shape(state, gems, colours)
        return self.legal_event(state)

    def legal_event(self, state: GameState) -> Event:
        return GemsTaken(player=state.current, gems=self.gems)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, GemsTaken)
        return TakeGems(event.gems)


@command_kind
@value
class Reserve(Command):
    """Reserve a face-up card or the top of a deck, taking a gold if any is left."""

    word: ClassVar[str] = "reserve"
    makes: ClassVar[type[Event] | None] = CardReserved
    place: Slot | DeckTop

    def __str__(self) -> str:
        return f"reserve {self.place}"

    def decide(self, state: GameState) -> Event:
        if len(state.player.reserved) >= state.rules.hand_limit:
            raise refuse(state, Reason.HAND_FULL, held=len(state.player.reserved))
        check_take(state, self.place, card_at_place(state, self.place))
        return self.legal_event(state)

    def legal_event(self, state: GameState) -> Event:
        card = state.card_at(self.place)
        assert card is not None, "a legal reserve names a card"
        return CardReserved(player=state.current, source=self.place, card=card, gold=1 if state.supply[5] else 0)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, CardReserved)
        return None if isinstance(event.source, HandSlot) else Reserve(event.source)


@command_kind
@value
class Buy(Command):
    """Buy a face-up card or one from your hand; ``pay`` spells out the payment, and
    ``options`` are the modules' own (``with gg``, ``discard``)."""

    word: ClassVar[str] = "buy"
    makes: ClassVar[type[Event] | None] = CardBought
    place: Slot | HandSlot
    pay: GemCounts | None = None
    options: tuple[ModuleOption, ...] = ()

    def __str__(self) -> str:
        return (
            f"buy {self.place}"
            + (f" pay {self.pay}" if self.pay is not None else "")
            + "".join(f" {option}" for option in self.options)
        )

    def decide(self, state: GameState) -> Event:
        """A purchase: on the terms the modules in play set, else gems and gold."""
        place = self.place
        card = card_at_place(state, place)
        check_take(state, place, card)
        for option in self.options:
            if option.module not in state.module_names:
                raise refuse(state, Reason.OPTION_OFF, what=option.module)
        if state.modules:
            return self._on_terms(state, card)
        player = state.player
        need = needed(card.cost, player.bonuses)
        if self.pay is not None:
            paid = explicit_payment(
                need, player.tokens, self.pay, lambda reason, **d: refuse(state, reason, card=card, **d)
            )
            return CardBought(player=state.current, source=place, card=card, paid=paid)
        default = default_payment(need, player.tokens)
        if default is None:
            raise cannot_afford(state, card, 0)
        return CardBought(player=state.current, source=place, card=card, paid=default)

    def legal_event(self, state: GameState) -> Event:
        """A legal purchase as a bot's look-ahead plays it: in the base game, with the
        default payment and nothing judged again (every step of a search meets one)."""
        if state.modules or self.pay is not None:
            return self.decide(state)
        card = card_at_place(state, self.place)
        player = state.player
        paid = default_payment(needed(card.cost, player.bonuses), player.tokens)
        assert paid is not None, "a legal purchase can be paid"
        return CardBought(player=state.current, source=self.place, card=card, paid=paid)

    def _on_terms(self, state: GameState, card: Card) -> Event:
        """A purchase in a game with modules: paid on the terms of the price's chain."""
        found = terms(state, state.current, card, self)
        paid = checked_payment(
            found,
            state.player.tokens,
            self.pay,
            found.cards_wanted,
            lambda reason, **d: refuse(state, reason, card=card, **d),
        )
        if paid is None:
            raise cannot_afford(state, card, found.card_gold * len(found.gold_cards))
        return CardBought(player=state.current, source=self.place, card=card, paid=paid[0], discarded=paid[1])

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        """The purchase a logged one answers: its payment, and the options the modules
        in play read in it (cards given up)."""
        assert isinstance(event, CardBought)
        place = event.source
        if isinstance(place, DeckTop):
            return None
        options = tuple(option for module in state.modules for option in module.options_of(state, event))
        return Buy(place, event.paid, options)


@command_kind
@value
class ReturnTokens(Command):
    """Give tokens back to the supply to come down to ten."""

    word: ClassVar[str] = "return"
    makes: ClassVar[type[Event] | None] = TokensReturned
    gems: GemCounts

    def __str__(self) -> str:
        return f"return {_letters(self.gems)}"

    def decide(self, state: GameState) -> Event:
        gems, held = self.gems, state.player.tokens
        excess = sum(held) - state.rules.token_limit
        if sum(gems) != excess:
            raise refuse(state, Reason.RETURN_WRONG_COUNT, needed=excess, named=sum(gems))
        for index, gem in enumerate(GEMS):
            if gems[index] > held[index]:
                raise refuse(state, Reason.RETURN_NOT_HELD, gem=gem, named=gems[index], held=held[index])
        return self.legal_event(state)

    def legal_event(self, state: GameState) -> Event:
        return TokensReturned(player=state.current, gems=self.gems)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, TokensReturned)
        return ReturnTokens(event.gems)


@command_kind
@value
class ChooseNoble(Command):
    """Choose which qualifying noble visits you; ``index`` is its 1-based table place."""

    word: ClassVar[str] = "noble"
    makes: ClassVar[type[Event] | None] = NobleVisited
    index: int

    def __str__(self) -> str:
        return f"noble {self.index}"

    def decide(self, state: GameState) -> Event:
        index = self.index
        options = state.noble_options()
        if not 1 <= index <= len(options):
            raise refuse(state, Reason.NO_SUCH_NOBLE, index=index, count=len(options))
        noble = options[index - 1]
        if noble is None:
            raise refuse(state, Reason.NOBLE_GONE, index=index)
        if index - 1 not in state.qualifying_nobles():
            missing = GemCounts(max(0, r - b) for r, b in zip(noble.requirement, state.player.bonuses, strict=False))
            raise refuse(state, Reason.NOBLE_NOT_MET, index=index, noble=noble, missing=missing)
        return NobleVisited(player=state.current, noble=noble)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        """The choice a noble's visit answers, by the noble's number as the player sees it."""
        assert isinstance(event, NobleVisited)
        choices = state.noble_options()
        return ChooseNoble(choices.index(event.noble) + 1 if event.noble in choices else len(choices) + 1)


@command_kind
@value
class Pass(Command):
    """Do nothing: legal only when no action is possible."""

    word: ClassVar[str] = "pass"
    makes: ClassVar[type[Event] | None] = Passed

    def __str__(self) -> str:
        return "pass"

    def decide(self, state: GameState) -> Event:
        if has_action(state):
            raise refuse(state, Reason.PASS_NOT_ALLOWED)
        return self.legal_event(state)

    def legal_event(self, state: GameState) -> Event:
        return Passed(player=state.current)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        return Pass()
