"""The game state: immutable values folded from events, and read-only queries on them.

Phases say whose decision the game waits for and of what kind (OpenSpiel's "current
player"): an action, a return of tokens over ten, a choice among nobles, or the end.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import LEVELS, PACKED_GUARDS, DeckTop, Gem, GemCounts, HandSlot, Slot, packed_holding
from splendor_a11y.engine.phrase import NobleNumbers
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.rulebook import RULES, Rules
from splendor_a11y.engine.values import replaced, value

if TYPE_CHECKING:
    from splendor_a11y.engine.events import Event
    from splendor_a11y.engine.module import Module

__all__ = [
    "GameState",
    "Phase",
    "PlayerState",
    "Reserved",
]

ROW_SLOTS = 4
"""Face-up cards per level in the base game; a module may add slots after them."""


def face_up_slots(state: GameState) -> list[Slot]:
    """Every slot with a card on it, row by row."""
    return [
        Slot(level, i + 1)
        for level, row in zip(LEVELS, state.rows, strict=False)
        for i, card in enumerate(row)
        if card is not None
    ]


@dataclass(frozen=True, slots=True, eq=False)
class Phase:
    """What the game waits for: whose decision, and of what kind (OpenSpiel's "current
    player"). The base game's phases are below; a module defines its own.

    ``answers`` are the words of the commands that answer it (none: any action), and
    ``refusal`` says why another command is refused while it waits.
    """

    name: str
    answers: tuple[str, ...] = ()
    refusal: Callable[[GameState], Exception] | None = None

    SETUP: ClassVar[Phase]
    """Nothing dealt yet; the next event must be ``game_set_up``."""
    ACTION: ClassVar[Phase]
    """The current player chooses one of the four actions (or passes)."""
    RETURN: ClassVar[Phase]
    """The current player holds more than ten tokens and must return the excess."""
    NOBLE: ClassVar[Phase]
    """The current player qualifies for nobles; one visits (a choice when several)."""
    ENDING: ClassVar[Phase]
    """The last turn is over; the result is due."""
    OVER: ClassVar[Phase]
    """The game has ended."""

    def __post_init__(self) -> None:
        if _PHASES.setdefault(self.name, self) is not self:
            raise ValueError(f"two phases are named {self.name!r}")

    @property
    def follows_an_action(self) -> bool:
        """Whether this is a decision that belongs to the turn of the action before it (a
        return over ten, a choice of noble, a module's follow-up), not the start of a
        turn or the game's setting up or end."""
        return self not in _TURN_EDGES

    def __repr__(self) -> str:
        return f"Phase.{self.name.upper()}"

    def __reduce__(self) -> tuple[Callable[[str], Phase], tuple[str]]:
        """A phase is one object, compared by identity: a copy of a position made in
        another process (where the computers think, at a server) finds the same phase
        by its name."""
        return phase_named, (self.name,)


_PHASES: dict[str, Phase] = {}
"""Every phase made, the base game's and the modules', by name."""


def phase_named(name: str) -> Phase:
    """The phase of that name.

    Raises:
        KeyError: no phase has it.
    """
    return _PHASES[name]


Parts = tuple[tuple[str, object], ...]
"""The modules' own parts of a table or a seat, by module name."""


def _part(parts: Parts, name: str) -> object | None:
    for owner, held in parts:
        if owner == name:
            return held
    return None


def _with_part(parts: Parts, name: str, new: object) -> Parts:
    return tuple((owner, new if owner == name else old) for owner, old in parts)


@value
class Reserved:
    """A card in a hand. ``card`` is None in a view where its owner drew it blind."""

    card: Card | None
    level: str
    blind: bool
    pool: str = ""
    """The deck a hidden card would be imagined from, when not its level's base deck: a
    module's deck word and the level."""


@value
class PlayerState:
    """One seat: tokens, bonuses and points kept up to date for speed."""

    name: str
    tokens: GemCounts
    bonuses: GemCounts
    points: int
    bought: tuple[Card, ...] = ()
    reserved: tuple[Reserved, ...] = ()
    nobles: tuple[Noble, ...] = ()
    parts: Parts = ()
    """The modules' own parts of this seat."""

    def part(self, name: str) -> object | None:
        """A module's part of this seat (None when it is not in play)."""
        return _part(self.parts, name)

    def with_part(self, name: str, value: object) -> PlayerState:
        """This seat with a module's part changed."""
        return replaced(self, parts=_with_part(self.parts, name, value))

    def with_tokens(self, tokens: GemCounts) -> PlayerState:
        """This seat holding other tokens: a way of paying or giving back, imagined."""
        return replaced(self, tokens=tokens)

    @property
    def token_count(self) -> int:
        """All tokens held, gold included."""
        return sum(self.tokens)


@value
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
    modules: tuple[Module, ...] = ()
    """The modules in play, in the order their hooks run."""
    parts: Parts = ()
    """The modules' own parts of the table."""
    due: tuple[object, ...] = ()
    """Steps the modules left due this turn, in order (a card's effects, a piece to
    place); each is resolved by the module it belongs to."""
    rules: Rules = RULES
    """The numbers of the rules this game is played by."""
    refills: tuple[Slot, ...] = ()
    """Slots emptied this turn and refilled only once the turn's purchases and their
    effects are settled, when a module says so."""
    action: Event | None = None
    """This turn's action as its event (a take, a reservation, a purchase, a pass; a second
    purchase a module allows replaces it), until the turn ends: what the modules'
    ``after_action`` hook is told the turn did."""

    @classmethod
    def new(cls, names: tuple[str, ...], modules: tuple[Module, ...] = ()) -> GameState:
        """A table before the deal: the players seated, nothing on it yet.

        Raises:
            ValueError: for fewer than 2 or more than 4 players.
        """
        if not RULES.min_players <= len(names) <= RULES.max_players:
            raise ValueError(f"Splendor is for {RULES.min_players} to {RULES.max_players} players, not {len(names)}")
        empty = GemCounts()
        modules = tuple(sorted(modules, key=lambda module: module.order))
        rules = RULES
        for module in modules:
            rules = module.rules(rules)
        seat_parts = tuple((m.name, part) for m in modules if (part := m.new_seat_part()) is not None)
        table_parts = tuple((m.name, part) for m in modules if (part := m.new_part(len(names))) is not None)
        return cls(
            players=tuple(PlayerState(name=n, tokens=empty, bonuses=empty, points=0, parts=seat_parts) for n in names),
            supply=empty,
            rows=((), (), ()),
            decks=((), (), ()),
            nobles=(),
            current=0,
            first_player=0,
            phase=Phase.SETUP,
            modules=modules,
            parts=table_parts,
            rules=rules,
        )

    @property
    def module_names(self) -> tuple[str, ...]:
        """The names of the modules in play."""
        return tuple(module.name for module in self.modules)

    def part(self, name: str) -> object | None:
        """A module's part of the table (None when it is not in play)."""
        return _part(self.parts, name)

    def with_part(self, name: str, value: object) -> GameState:
        """The state with a module's part of the table changed."""
        return replaced(self, parts=_with_part(self.parts, name, value))

    def deck_module(self, word: str) -> Module | None:
        """The module in play whose decks a place's word names."""
        return next((module for module in self.modules if module.deck_word == word), None)

    def slot_module(self, index: int) -> Module | None:
        """The module whose slot a row's place ``index`` (from 1) is; None for the base game's."""
        first = ROW_SLOTS
        for module in self.modules:
            if first < index <= first + module.slots:
                return module
            first += module.slots
        return None

    @property
    def player(self) -> PlayerState:
        """The player whose decision the game waits for."""
        return self.players[self.current]

    @property
    def round(self) -> int:
        """The round being played, from 1: every player has one turn per round."""
        return self.turn // len(self.players) + 1

    def closes_round(self, seat: int) -> bool:
        """Whether ``seat`` plays each round's last turn (the seat before the first
        player's): once someone has the winning points, the game ends after its turn."""
        return (seat + 1) % len(self.players) == self.first_player

    def ends_after_turn_of(self, seat: int) -> bool:
        """Whether the game ends after ``seat``'s turn whatever it plays: someone has the
        winning points, and ``seat`` plays the round's last turn."""
        return self.closes_round(seat) and max(player.points for player in self.players) >= self.rules.points_to_win

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
            deck = self.deck_at(place)
            return deck[0] if deck else None
        hand = self.player.reserved
        return hand[place.index - 1].card if place.index <= len(hand) else None

    def deck_at(self, place: DeckTop) -> tuple[Card | None, ...]:
        """The deck a deck place names (a module's, by its word); empty when there is none."""
        if place.word == DeckTop.BASE_WORD:
            return self.decks[LEVELS.index(place.level)]
        module = self.deck_module(place.word)
        return module.deck(self, place.level) if module is not None else ()

    def colour_of(self, player: PlayerState, card: Card) -> tuple[Gem | None, int]:
        """A bought card's colour and bonus count: its own, or the one a module gave it."""
        for module in self.modules:
            given = module.colour_of(player, card)
            if given is not None:
                return given
        return card.bonus, card.bonus_count if card.bonus is not None else 0

    def kept_from(self, place: Slot, seat: int) -> int | None:
        """The player whose pieces (a module's) keep ``seat`` from the face-up card at a
        slot, or None."""
        for module in self.modules:
            owner = module.kept_from(self, place, seat)
            if owner is not None:
                return owner
        return None

    def noble_options(self, seat: int | None = None) -> tuple[Noble | None, ...]:
        """The nobles that may visit a player: the table's, then any the modules keep for them."""
        player = self.players[self.current if seat is None else seat]
        options: tuple[Noble | None, ...] = self.nobles
        for module in self.modules:
            options += module.own_nobles(player)
        return options

    def qualifying_nobles(self, seat: int | None = None) -> tuple[int, ...]:
        """Places (0-based) in ``noble_options`` of nobles whose requirement the bonuses meet."""
        bonuses = self.players[self.current if seat is None else seat].bonuses
        if self.modules:
            options = self.noble_options(seat)
        else:
            options = self.nobles
            if sum(bonuses) < _fewest_bonuses(options):
                return ()
        held = packed_holding(bonuses)
        return tuple(
            [
                i
                for i, noble in enumerate(options)
                if noble is not None and (held - noble.packed_requirement) & PACKED_GUARDS == PACKED_GUARDS
            ]
        )

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


_FEWEST_KEPT = threading.local()
"""Each thread's last answer of ``_fewest_bonuses``: its own, so that bots thinking in
several threads at once share no state."""


def _fewest_bonuses(nobles: tuple[Noble | None, ...]) -> int:
    """The fewest bonuses in all that any of these nobles asks for: below it none can
    visit, as in the first half of most games, and counting is quicker than asking each.
    Kept for the last nobles asked about: they change only when one visits."""
    kept: tuple[object, int] = getattr(_FEWEST_KEPT, "last", ((), 0))
    if kept[0] is not nobles:
        kept = (nobles, min((sum(noble.requirement) for noble in nobles if noble is not None), default=0))
        _FEWEST_KEPT.last = kept
    return kept[1]


Phase.SETUP = Phase("setup")
Phase.ACTION = Phase("action")
Phase.ENDING = Phase("ending")
Phase.OVER = Phase("over")
_TURN_EDGES = (Phase.SETUP, Phase.ACTION, Phase.ENDING, Phase.OVER)
"""The phases that are no follow-up of an action (``Phase.follows_an_action``)."""
Phase.RETURN = Phase(
    "return",
    ("return",),
    lambda state: IllegalAction(
        Reason.RETURN_DUE,
        state.current,
        held=state.player.token_count,
        excess=state.player.token_count - state.rules.token_limit,
    ),
)
Phase.NOBLE = Phase(
    "noble",
    ("noble",),
    lambda state: IllegalAction(
        Reason.NOBLE_DUE, state.current, choices=NobleNumbers(tuple(i + 1 for i in state.qualifying_nobles()))
    ),
)
