"""What a player (human or bot) asks to do: imperative, frozen commands.

Each command has a canonical ``str()`` in the game prompt's syntax, so a hint or a
bot's choice can be told to the player as the very words they would type.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor_a11y.domain.notation import GEMS, DeckTop, Gem, GemCounts, HandSlot, Slot

__all__ = [
    "Associate",
    "Buy",
    "ChooseNoble",
    "Command",
    "Conquer",
    "Decline",
    "Hold",
    "Oust",
    "Pass",
    "Reserve",
    "ReserveNoble",
    "ReturnTokens",
    "TakeFree",
    "TakeGems",
]


def _letters(gems: GemCounts) -> str:
    return "".join(gem.value * n for gem, n in zip(GEMS, gems, strict=False))


@dataclass(frozen=True, slots=True)
class TakeGems:
    """Take three different gems (fewer when the supply lacks colours) or two alike."""

    gems: GemCounts

    def __str__(self) -> str:
        return f"take {_letters(self.gems)}"


@dataclass(frozen=True, slots=True)
class Reserve:
    """Reserve a face-up card or the top of a deck, taking a gold if any is left."""

    place: Slot | DeckTop

    def __str__(self) -> str:
        return f"reserve {self.place}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a face-up card or one from your hand; ``pay`` spells out the payment."""

    place: Slot | HandSlot
    pay: GemCounts | None = None
    gold_cards: int | None = None
    """The Orient module: how many double-gold cards to discard (None: as few as needed)."""
    discard: tuple[str, ...] | None = None
    """The Orient module: the two cards (codes or heads) a discard card costs (None: the
    engine's choice)."""

    def __str__(self) -> str:
        return (f"buy {self.place}" + (f" pay {self.pay}" if self.pay is not None else "")
                + (f" with {self.gold_cards}gg" if self.gold_cards else "")
                + (f" discard {', '.join(self.discard)}" if self.discard else ""))


@dataclass(frozen=True, slots=True)
class ReturnTokens:
    """Give tokens back to the supply to come down to ten."""

    gems: GemCounts

    def __str__(self) -> str:
        return f"return {_letters(self.gems)}"


@dataclass(frozen=True, slots=True)
class ChooseNoble:
    """Choose which qualifying noble visits you; ``index`` is its 1-based table place."""

    index: int

    def __str__(self) -> str:
        return f"noble {self.index}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing: legal only when no action is possible."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Associate:
    """The Orient module: give the card that takes a colour one of your colours
    (``colour r``; ``colour rr`` to follow a double-bonus card)."""

    colour: Gem
    count: int = 1

    def __str__(self) -> str:
        return f"colour {self.colour.value * self.count}"


@dataclass(frozen=True, slots=True)
class TakeFree:
    """The Orient module: take a face-up card free (``free b2``)."""

    place: Slot

    def __str__(self) -> str:
        return f"free {self.place}"


@dataclass(frozen=True, slots=True)
class ReserveNoble:
    """The Orient module: reserve a noble tile from the table (``keep noble 2``)."""

    index: int

    def __str__(self) -> str:
        return f"keep noble {self.index}"


@dataclass(frozen=True, slots=True)
class Hold:
    """The Strongholds module: put a stronghold on a face-up card, from your supply or
    moved from another card (``hold b3``, ``hold b3 from c1``)."""

    to: Slot
    source: Slot | None = None

    def __str__(self) -> str:
        return f"hold {self.to}" + (f" from {self.source}" if self.source is not None else "")


@dataclass(frozen=True, slots=True)
class Oust:
    """The Strongholds module: send a lone opponent's stronghold back (``oust b2``)."""

    place: Slot

    def __str__(self) -> str:
        return f"oust {self.place}"


@dataclass(frozen=True, slots=True)
class Conquer:
    """The Strongholds module: buy the card all three of your strongholds are on."""

    pay: GemCounts | None = None

    def __str__(self) -> str:
        return "conquer" + (f" pay {self.pay}" if self.pay is not None else "")


@dataclass(frozen=True, slots=True)
class Decline:
    """The Strongholds module: do not buy the conquered card now."""

    def __str__(self) -> str:
        return "decline"


Command = (
    TakeGems | Reserve | Buy | ReturnTokens | ChooseNoble | Pass | Hold | Oust | Conquer | Decline
    | Associate | TakeFree | ReserveNoble
)
