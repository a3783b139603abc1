"""What a player (human or bot) asks to do: imperative, frozen commands.

Each command has a canonical ``str()`` in the game prompt's syntax, so a hint or a
bot's choice can be told to the player as the very words they would type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from splendor_a11y.domain.notation import GEMS, DeckTop, GemCounts, HandSlot, Slot
from splendor_a11y.engine.refusals import Reason

__all__ = [
    "Buy",
    "ChooseNoble",
    "Command",
    "ModuleCommand",
    "Pass",
    "Reserve",
    "ReturnTokens",
    "TakeGems",
]


class Command:
    """Something a player asks to do."""

    __slots__ = ()


class ModuleCommand(Command):
    """A command a module adds: it answers only that module's phases, named in
    ``due_in``; at any other moment it is refused for ``not_due`` (told whether the
    module ``module`` is in play at all)."""

    __slots__ = ()
    module: ClassVar[str] = ""
    due_in: ClassVar[tuple[str, ...]] = ()
    not_due: ClassVar[Reason]


def _letters(gems: GemCounts) -> str:
    return "".join(gem.value * n for gem, n in zip(GEMS, gems, strict=False))


@dataclass(frozen=True, slots=True)
class TakeGems(Command):
    """Take three different gems (fewer when the supply lacks colours) or two alike."""

    gems: GemCounts

    def __str__(self) -> str:
        return f"take {_letters(self.gems)}"


@dataclass(frozen=True, slots=True)
class Reserve(Command):
    """Reserve a face-up card or the top of a deck, taking a gold if any is left."""

    place: Slot | DeckTop

    def __str__(self) -> str:
        return f"reserve {self.place}"


@dataclass(frozen=True, slots=True)
class Buy(Command):
    """Buy a face-up card or one from your hand; ``pay`` spells out the payment."""

    place: Slot | HandSlot
    pay: GemCounts | None = None
    gold_cards: int | None = None
    """How many cards worth gold to give up, where a module has them (None: as few as needed)."""
    discard: tuple[str, ...] | None = None
    """The cards (codes or heads) to give up for a card paid by cards, where a module has
    them (None: the engine's choice)."""

    def __str__(self) -> str:
        return (f"buy {self.place}" + (f" pay {self.pay}" if self.pay is not None else "")
                + (f" with {self.gold_cards}gg" if self.gold_cards else "")
                + (f" discard {', '.join(self.discard)}" if self.discard else ""))


@dataclass(frozen=True, slots=True)
class ReturnTokens(Command):
    """Give tokens back to the supply to come down to ten."""

    gems: GemCounts

    def __str__(self) -> str:
        return f"return {_letters(self.gems)}"


@dataclass(frozen=True, slots=True)
class ChooseNoble(Command):
    """Choose which qualifying noble visits you; ``index`` is its 1-based table place."""

    index: int

    def __str__(self) -> str:
        return f"noble {self.index}"


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Do nothing: legal only when no action is possible."""

    def __str__(self) -> str:
        return "pass"



