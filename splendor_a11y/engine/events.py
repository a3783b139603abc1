"""What happened: one frozen class per event of the log format (the README's "Game logs" section).

Each class carries ``kind``, its tag in the log; field names follow the JSON keys,
except ``source`` for the key ``from`` (a Python keyword). The JSON codec lives in
``log``, not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import Gem, GemCounts

__all__ = [
    "CardAssociated",
    "CardBought",
    "CardReserved",
    "ConquestDeclined",
    "Event",
    "FreeCardTaken",
    "GameEnded",
    "GameSetUp",
    "GemsTaken",
    "HintAsked",
    "NobleReserved",
    "NobleVisited",
    "Passed",
    "StrongholdOusted",
    "StrongholdPlaced",
    "TokensReturned",
]


@dataclass(frozen=True, slots=True)
class GameSetUp:
    """The whole deal: each deck in draw order (first four face up), the nobles, who starts."""

    kind: ClassVar[str] = "game_set_up"
    decks: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    nobles: tuple[Noble, ...]
    first_player: int
    orient_decks: tuple[tuple[Card, ...], ...] = ()
    """The Orient module's three decks in draw order (first two of each face up)."""


@dataclass(frozen=True, slots=True)
class GemsTaken:
    """A player took gems from the supply."""

    kind: ClassVar[str] = "gems_taken"
    player: int
    gems: GemCounts


@dataclass(frozen=True, slots=True)
class CardReserved:
    """A player reserved a card from a slot (``a2``) or a deck top (``deck a``)."""

    kind: ClassVar[str] = "card_reserved"
    player: int
    source: str
    card: Card
    gold: int


@dataclass(frozen=True, slots=True)
class CardBought:
    """A player bought a card from a slot (``b1``) or their hand (``h2``)."""

    kind: ClassVar[str] = "card_bought"
    player: int
    source: str
    card: Card
    paid: GemCounts
    discarded: tuple[Card, ...] = ()
    """The Orient module: double-gold cards spent, or the two cards a discard card costs."""


@dataclass(frozen=True, slots=True)
class TokensReturned:
    """A player over ten tokens gave some back."""

    kind: ClassVar[str] = "tokens_returned"
    player: int
    gems: GemCounts


@dataclass(frozen=True, slots=True)
class NobleVisited:
    """A noble visited a player at the end of their turn."""

    kind: ClassVar[str] = "noble_visited"
    player: int
    noble: Noble


@dataclass(frozen=True, slots=True)
class Passed:
    """A player with no legal action passed."""

    kind: ClassVar[str] = "passed"
    player: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: final scores and the winners (more than one when shared)."""

    kind: ClassVar[str] = "game_ended"
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardAssociated:
    """The Orient module: a card that takes a colour took ``colour`` (``count`` bonuses)."""

    kind: ClassVar[str] = "card_associated"
    player: int
    card: Card
    colour: Gem
    count: int


@dataclass(frozen=True, slots=True)
class FreeCardTaken:
    """The Orient module: a face-up card taken without paying (not a purchase)."""

    kind: ClassVar[str] = "free_card_taken"
    player: int
    source: str
    card: Card


@dataclass(frozen=True, slots=True)
class NobleReserved:
    """The Orient module: a noble tile taken from the table, kept for this player only."""

    kind: ClassVar[str] = "noble_reserved"
    player: int
    noble: Noble


@dataclass(frozen=True, slots=True)
class StrongholdPlaced:
    """The Strongholds module: a stronghold put on a face-up card, from the player's own
    supply (``source`` empty) or moved from another slot."""

    kind: ClassVar[str] = "stronghold_placed"
    player: int
    to: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class StrongholdOusted:
    """The Strongholds module: a lone opponent's stronghold sent back to its owner."""

    kind: ClassVar[str] = "stronghold_ousted"
    player: int
    place: str
    owner: int


@dataclass(frozen=True, slots=True)
class ConquestDeclined:
    """The Strongholds module: the player chose not to buy the card they had conquered."""

    kind: ClassVar[str] = "conquest_declined"
    player: int


@dataclass(frozen=True, slots=True)
class HintAsked:
    """A note, not a move: the player whose turn it is asked for a hint.

    It changes nothing in the game; it is logged so that a summary can tell.
    """

    kind: ClassVar[str] = "hint_asked"
    player: int


Event = (
    GameSetUp | GemsTaken | CardReserved | CardBought | TokensReturned | NobleVisited | Passed | GameEnded | HintAsked
    | StrongholdPlaced | StrongholdOusted | ConquestDeclined | CardAssociated | FreeCardTaken | NobleReserved
)
