"""The game state: immutable values folded from events, and read-only queries on them.

Phases say whose decision the game waits for and of what kind (OpenSpiel's "current
player"): an action, a return of tokens over ten, a choice among nobles, or the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import LEVELS, DeckTop, Gem, GemCounts, HandSlot, Slot
from splendor_a11y.engine.rulebook import RULES, Rules

__all__ = [
    "MODULES",
    "GameState",
    "Phase",
    "PlayerState",
    "Reserved",
]

ROW_SLOTS = 4
ORIENT_SLOTS = 2
"""The Orient module's face-up cards per level, in slots 5 and 6 of each row."""
MODULES = ("orient", "strongholds")
"""The optional Cities of Splendor modules the engine can play, by the names used everywhere."""


def face_up_slots(state: GameState) -> list[Slot]:
    """Every slot with a card on it, row by row."""
    return [Slot(level, i + 1) for level, row in zip(LEVELS, state.rows, strict=False) for i, card in enumerate(row)
            if card is not None]


class Phase(Enum):
    """What the game waits for."""

    SETUP = "setup"
    """Nothing dealt yet; the next event must be ``game_set_up``."""
    ACTION = "action"
    """The current player chooses one of the four actions (or passes)."""
    RETURN = "return"
    """The current player holds more than ten tokens and must return the excess."""
    NOBLE = "noble"
    """The current player qualifies for nobles; one visits (a choice when several)."""
    ASSOCIATE = "associate"
    """The Orient module: the card just taken takes the colour of one of the player's cards."""
    FREE_CARD = "free_card"
    """The Orient module: the player takes a face-up card of ``effects[0]``'s level, free."""
    NOBLE_RESERVE = "noble_reserve"
    """The Orient module: the player reserves a noble tile from the table."""
    STRONGHOLD = "stronghold"
    """The Strongholds module: after a purchase, place or move a stronghold, or send back
    a lone opponent's one."""
    CONQUEST = "conquest"
    """The Strongholds module: all three of the player's strongholds are on one card they
    can afford; they may buy it now or decline."""
    ENDING = "ending"
    """The last turn is over; the result is due."""
    OVER = "over"
    """The game has ended."""


@dataclass(frozen=True, slots=True)
class Reserved:
    """A card in a hand. ``card`` is None in a view where its owner drew it blind."""

    card: Card | None
    level: str
    blind: bool
    orient: bool = False
    """Drawn from an Orient deck (so a bot imagining it draws from the Orient cards)."""


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: tokens, bonuses and points kept up to date for speed."""

    name: str
    tokens: GemCounts
    bonuses: GemCounts
    points: int
    bought: tuple[Card, ...] = ()
    reserved: tuple[Reserved, ...] = ()
    nobles: tuple[Noble, ...] = ()
    associations: tuple[tuple[Card, Gem, int], ...] = ()
    """The Orient module: each card that took another's colour, with that colour and count."""
    reserved_nobles: tuple[Noble, ...] = ()
    """The Orient module: noble tiles reserved for this player alone."""

    def colour_of(self, card: Card) -> tuple[Gem | None, int]:
        """A bought card's colour and bonus count, an associated card's being its partner's."""
        for associate, gem, count in self.associations:
            if associate == card:
                return gem, count
        if card.associate:
            return None, 0
        return card.bonus, card.bonus_count if card.bonus is not None else 0

    @property
    def token_count(self) -> int:
        """All tokens held, gold included."""
        return sum(self.tokens)


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment. ``decks`` hold the cards still to draw, top first.

    In a player's view (see ``view``) hidden cards are None: decks keep their length.
    """

    players: tuple[PlayerState, ...]
    supply: GemCounts
    rows: tuple[tuple[Card | None, ...], ...]
    decks: tuple[tuple[Card | None, ...], ...]
    nobles: tuple[Noble | None, ...]
    current: int
    first_player: int
    phase: Phase
    turn: int = 0
    passes: int = 0
    winners: tuple[int, ...] = ()
    modules: tuple[str, ...] = ()
    strongholds: tuple[tuple[str, ...], ...] = ()
    """The Strongholds module: per seat, the slot of each of its strongholds on the table
    (one entry per stronghold, so ``("b3", "b3")`` is two on b3)."""
    orient_decks: tuple[tuple[Card | None, ...], ...] = ()
    """The Orient module's three decks (slots 5 and 6 are refilled from them)."""
    effects: tuple[str, ...] = ()
    """The Orient module: card effects still to resolve this turn, in order:
    ``associate``, ``free a``, ``free b``, ``noble``."""
    hold_due: bool = False
    """The Strongholds module: a purchase was made and its stronghold is still to place."""
    rules: Rules = RULES
    """The numbers of the rules this game is played by."""
    refills: tuple[str, ...] = ()
    """Slots emptied this turn; with a module they are refilled only once the turn's
    purchases and their effects are settled, as the module rules say."""

    @classmethod
    def new(cls, names: tuple[str, ...], modules: tuple[str, ...] = ()) -> GameState:
        """A table before the deal: the players seated, nothing on it yet.

        Raises:
            ValueError: for fewer than 2 or more than 4 players.
        """
        if not RULES.min_players <= len(names) <= RULES.max_players:
            raise ValueError(f"Splendor is for {RULES.min_players} to {RULES.max_players} players, not {len(names)}")
        empty = GemCounts()
        return cls(
            players=tuple(PlayerState(name=n, tokens=empty, bonuses=empty, points=0) for n in names),
            supply=empty,
            rows=((), (), ()),
            decks=((), (), ()),
            nobles=(),
            current=0,
            first_player=0,
            phase=Phase.SETUP,
            modules=modules,
            strongholds=tuple(() for _ in names) if "strongholds" in modules else (),
        )

    @property
    def player(self) -> PlayerState:
        """The player whose decision the game waits for."""
        return self.players[self.current]

    @property
    def round(self) -> int:
        """The round being played, from 1: every player has one turn per round."""
        return self.turn // len(self.players) + 1

    @property
    def is_over(self) -> bool:
        """True once the result is in."""
        return self.phase is Phase.OVER

    def card_at(self, place: Slot | DeckTop | HandSlot) -> Card | None:
        """The card at a place for the current player, or None when empty or unknown."""
        if isinstance(place, Slot):
            row = self.rows[LEVELS.index(place.level)]
            return row[place.index - 1] if place.index <= len(row) else None
        if isinstance(place, DeckTop):
            deck = (self.orient_decks if place.orient else self.decks)[LEVELS.index(place.level)]
            return deck[0] if deck else None
        hand = self.player.reserved
        return hand[place.index - 1].card if place.index <= len(hand) else None

    def noble_options(self, seat: int | None = None) -> tuple[Noble | None, ...]:
        """The nobles that may visit a player: the table's, then their own reserved ones."""
        return self.nobles + self.players[self.current if seat is None else seat].reserved_nobles

    def qualifying_nobles(self, seat: int | None = None) -> tuple[int, ...]:
        """Places (0-based) in ``noble_options`` of nobles whose requirement the bonuses meet."""
        bonuses = self.players[self.current if seat is None else seat].bonuses
        return tuple(
            i for i, noble in enumerate(self.noble_options(seat))
            if noble is not None and bonuses.covers(noble.requirement)
        )

    def holders(self, place: str) -> dict[int, int]:
        """The Strongholds module: who holds the card at a slot, and with how many."""
        found: dict[int, int] = {}
        for seat, places in enumerate(self.strongholds):
            count = places.count(place)
            if count:
                found[seat] = count
        return found

    def strongholds_left(self, seat: int) -> int:
        """Strongholds a player has not placed on the table yet."""
        return self.rules.strongholds_each - len(self.strongholds[seat]) if self.strongholds else 0

    def occupied_by_other(self, place: str, seat: int) -> int | None:
        """The opponent whose strongholds are on a slot, or None."""
        return next((other for other in self.holders(place) if other != seat), None)

    def scores(self) -> tuple[int, ...]:
        """Every player's prestige points."""
        return tuple(p.points for p in self.players)

    def leaders(self) -> tuple[int, ...]:
        """Who would win now: most points, then fewest cards bought; several when still tied."""
        best = max(p.points for p in self.players)
        tied = [i for i, p in enumerate(self.players) if p.points == best]
        fewest = min(len(self.players[i].bought) for i in tied)
        return tuple(i for i in tied if len(self.players[i].bought) == fewest)

    def tie_broken_by_cards(self) -> bool:
        """True when the most points were shared and fewest cards decided (or split) it."""
        best = max(p.points for p in self.players)
        return sum(1 for p in self.players if p.points == best) > 1

