"""What a Cities of Splendor module is to the engine: a name and a set of hooks.

The core rules call these hooks at fixed points of a game, for every module in play, in
the modules' ``order``; each hook's default does nothing, so a module overrides only the
points where its rules differ from the base game. No code of the core names a module:
what a module adds to the table lives in its part of the state (``GameState.parts``,
``PlayerState.parts``), what it adds to a turn in ``GameState.due``, and its commands,
events, phases and refusals are its own.

The hooks, in the order a game meets them:

- ``rules``: the numbers it changes (``Rules``).
- ``new_part``, ``new_seat_part``: its part of the table and of each seat before the deal.
- ``deal``, ``check_deal``, ``set_up``: what it adds to the deal, how a logged deal is
  checked, and how the deal lays it out.
- ``deck``, ``draw``, ``refill``, ``card_leaves``: the decks and face-up slots it owns.
- ``check_take``, ``kept_from``: whether a player may take a face-up card.
- ``own_nobles``, ``noble_visits``: nobles only one player may be visited by.
- ``options``, ``options_of``: its options to a base command (``buy ... with gg``), the
  words that make them, and those a logged purchase had.
- ``terms``, ``cards_lost``: its change to what a purchase asks (a link of the price's
  chain, ``engine/payment.py``), and what giving cards up takes back.
- ``after_purchase``, ``resolve``: the steps a purchase leaves due this turn, and what
  each waits for.
- ``replacement_waits``: whether a card taken is replaced only at the end of the turn.
- ``after_action``: a decision due once the action and its effects are done, told the
  action's event.
- ``turn_ends``: a step it makes due at the very end of a turn, after the noble's visit.
- ``automatic``: the event that answers one of its phases without a choice.
- ``worth``, ``reach``: what its pieces and powers are worth to a seat, and how far a card
  it prices its own way is from a player's reach, for the bots' judgement.
- ``check_command``, ``legal``: its commands (each of its commands and events is a
  class of its package that decides or folds itself, like the base game's);
  ``quick_choice``: a choice at a glance among them, for the bots.
- ``hide``, ``redact_deal``, ``pools``, ``imagine``: what a seat may not see of it.
- ``points_given``: the points its powers gave a player, for a game's summary.
- ``questions``, ``answer``: its own questions at the prompt, and their answers.
- ``aside``: a sentence it adds after any event is told, when that event moved its
  pieces on the way (pieces sent home with a card that left its slot).
- ``tell``, ``prompt``, ``explain``, ``purchase_gives``, ``status``, ``pieces``, ``kept_from``,
  ``colour_of``, ``words``, ``mark_words``: what the text layer says of it, as ``Phrase``
  values (a catalogue key and plain facts), never sentences; ``mark_words`` is asked of
  every module, in a game or not, since a card's marks (registered in the notation by
  ``notation.add_card_marks``) say whose it is.
- ``facts``, ``seat_facts``: its part of a position as plain JSON values.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from splendor_a11y.domain.cards import Card, CardSet, Noble
    from splendor_a11y.domain.notation import DeckTop, Gem, HandSlot, Slot
    from splendor_a11y.engine.commands import Buy, Command, ModuleOption
    from splendor_a11y.engine.events import CardBought, Event, GameSetUp
    from splendor_a11y.engine.payment import Terms
    from splendor_a11y.engine.phrase import MarkWords, Phrase
    from splendor_a11y.engine.rulebook import Rules
    from splendor_a11y.engine.state import GameState, PlayerState

__all__ = ["Module", "OptionWord", "Word"]


@dataclass(frozen=True, slots=True)
class Word:
    """A command's word at the prompt and what follows it: ``shape`` is one of the forms
    the grammar reads (``slot``, ``slot_from_slot``, ``colour``, ``noble_number``,
    ``payment``, ``nothing``), ``make`` builds the command from what was read."""

    name: str
    shape: str
    make: Callable[..., Command]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionWord:
    """A module's option to a base game's command at the prompt: ``command`` is that
    command's English word, ``word`` the word that starts the option (``with``), and
    ``shape`` what follows it: ``marked_count``, a count and ``mark`` (``2gg``, ``gg``
    for one), or ``cards``, cards named by code or head, separated by commas or ``and``.
    ``make`` builds the option's typed value from what was read."""

    command: str
    word: str
    shape: str
    make: Callable[..., ModuleOption]
    mark: str = ""


class Module:
    """A module's hooks; every default leaves the base game's rules as they are."""

    name: ClassVar[str] = ""
    """Its name on the command line and in a log's header."""
    order: ClassVar[int] = 0
    """Where its hooks run among those of the other modules in play."""
    slots: ClassVar[int] = 0
    """Face-up slots it adds at the end of each row, fed from its own decks."""
    deck_word: ClassVar[str] = ""
    """The word for its decks in places (``<word> c``); empty when it has none."""

    def __repr__(self) -> str:
        return f"<module {self.name}>"

    def __reduce__(self) -> tuple[Callable[[str], Module], tuple[str]]:
        """A module is one object: a copy of a position made in another process (where
        the computers think, at a server) finds the same module by its name."""
        return _module_named, (self.name,)

    # ---- setting up ---------------------------------------------------------------

    def rules(self, rules: Rules) -> Rules:
        """The rules' numbers with this module's changes."""
        return rules

    def new_part(self, players: int) -> object | None:
        """Its part of the table before the deal (None: it keeps none)."""
        return None

    def new_seat_part(self) -> object | None:
        """Its part of each seat before the deal (None: it keeps none)."""
        return None

    def deal(self, rng: random.Random, card_set: CardSet) -> tuple[tuple[Card, ...], ...]:
        """Its decks, one per level, shuffled by the deal's generator (none by default)."""
        return ()

    def check_deal(self, state: GameState, event: GameSetUp, card_set: CardSet) -> None:
        """Refuse a logged deal whose part for this module is wrong."""

    def set_up(self, state: GameState, event: GameSetUp) -> GameState:
        """The table once the deal has laid out this module's part."""
        return state

    # ---- the board ----------------------------------------------------------------

    def deck(self, state: GameState, level: str) -> tuple[Card | None, ...]:
        """Its deck of a level (only for a module with a ``deck_word``)."""
        return ()

    def draw(self, state: GameState, place: DeckTop) -> GameState:
        """The top card of its deck at ``place`` leaves it."""
        return state

    def refill(self, state: GameState, place: Slot) -> GameState:
        """One of its slots is refilled from its deck."""
        return state

    def card_leaves(self, state: GameState, place: Slot) -> GameState:
        """A face-up card is leaving its slot."""
        return state

    def check_take(self, state: GameState, place: Slot | DeckTop | HandSlot, card: Card) -> None:
        """Refuse the current player taking the card at ``place`` (raise ``IllegalAction``)."""

    def own_nobles(self, player: PlayerState) -> tuple[Noble, ...]:
        """Nobles that may visit only this player, after the table's."""
        return ()

    def noble_visits(self, player: PlayerState, noble: Noble) -> PlayerState:
        """The player once a noble has visited them (one of their own nobles, perhaps)."""
        return player

    # ---- purchases ----------------------------------------------------------------

    def terms(self, state: GameState, seat: int, card: Card, found: Terms, command: Buy | None) -> Terms:
        """What buying ``card`` asks of the player at ``seat`` once this module has its
        say: ``found`` is the terms the base game and the modules before it set, and the
        answer is passed on to the modules after it, so that changes combine (a gold
        worth two gems, virtual gold from cards, a price in cards). ``command`` is the
        purchase asked for (None: the default one, for a price or a legal move).

        Raises:
            IllegalAction: when its rules forbid the purchase (for the current player).
        """
        return found

    def options_of(self, state: GameState, event: CardBought) -> tuple[ModuleOption, ...]:
        """Its options of the purchase a logged event records (the cards given
        up), so that checking a log decides the same purchase again."""
        return ()

    def cards_lost(self, player: PlayerState, cards: tuple[Card, ...]) -> PlayerState:
        """The player after giving up cards, with whatever this module gave them taken back."""
        return player

    def after_purchase(self, state: GameState, card: Card) -> tuple[object, ...]:
        """Steps a card just bought (or taken) leaves due this turn, in order."""
        return ()

    def resolve(self, state: GameState, step: object) -> GameState | None:
        """The state waiting on a due step of this module's, or None when it is skipped
        (the step is then dropped)."""
        return None

    def owns_step(self, step: object) -> bool:
        """True for a due step of this module's."""
        return False

    def replacement_waits(self, state: GameState, card: Card) -> bool:
        """True when a card just bought or taken is replaced only once the turn's purchases
        are settled."""
        return False

    def after_action(self, state: GameState, action: Event | None) -> GameState | None:
        """A decision this module makes due once the action is done (None: none);
        ``action`` is the turn's action as its event (``GameState.action``: what was
        taken, reserved, bought or passed), so that a power that answers what the action
        did (two gems alike, a purchase) knows it."""
        return None

    def turn_ends(self, state: GameState) -> GameState | None:
        """A step this module makes due at the end of the current player's turn, once
        the noble's visit is settled (None: none; the turn then ends)."""
        return None

    def automatic(self, state: GameState) -> Event | None:
        """The event that answers one of its phases when there is no choice to make
        (None: not its phase, or a choice is due)."""
        return None

    # ---- commands -----------------------------------------------------------------

    def check_command(self, state: GameState, command: Command) -> None:
        """Refuse a command its phases do not wait for (raise ``IllegalAction``)."""

    def legal(self, state: GameState) -> list[Command] | None:
        """Every legal command in one of its phases (None: not its phase)."""
        return None

    def quick_choice(self, state: GameState, card_value: Callable[[Slot, int], float]) -> Command | None:
        """A good enough choice for one of its decisions with many options, judged at a
        glance with ``card_value`` (a face-up card's worth to a seat), for the bots'
        look-ahead; None when it has none for this decision."""
        return None

    def reach(self, card: Card) -> Callable[[PlayerState], int] | None:
        """For a card this module prices its own way, how far it is from a player's reach,
        in gems' worth, for the bots' judgement (None: a card priced by its cost)."""
        return None

    def worth(self, state: GameState, seat: int) -> float:
        """What its pieces and powers are worth to a seat, in prestige points and
        fractions of them, beyond the points already scored: the bots' judgement adds it
        to a position's worth (0: nothing)."""
        return 0.0

    # ---- what it is about, for the text layer ---------------------------------------

    words: ClassVar[tuple[Word, ...]] = ()
    """The words of its commands at the prompt."""
    options: ClassVar[tuple[OptionWord, ...]] = ()
    """Its options to the base game's commands, as the grammar reads them."""
    extends: ClassVar[tuple[str, ...]] = ()
    """The base game's commands it adds forms to (by their English word): their help
    tells those forms (the catalogue's ``command.<word>.usage.<module>`` and
    ``.summary.<module>``) only in a game it is part of."""

    questions: ClassVar[tuple[str, ...]] = ()
    """The words of its own questions at the prompt (``route``), answered by ``answer``."""

    def answer(self, state: GameState, seat: int, question: str) -> tuple[Phrase, ...]:
        """The answer to one of its ``questions``, a line a phrase, from a seat's view."""
        return ()

    def points_given(self, player: PlayerState) -> int:
        """The points this module's powers gave a player, beyond cards and nobles (said in
        a game's summary by the catalogue's ``summary.<name>``)."""
        return 0

    def tell(self, event: Event, before: GameState, after: GameState) -> Phrase | None:
        """How it tells a base game's event when its rules changed what that event means
        (None: the event tells itself; a module's own events always do)."""
        return None

    def aside(self, event: Event, before: GameState, after: GameState) -> Phrase | None:
        """A sentence said after an event, however it is told, when the event moved this
        module's pieces without being one of its own (None: nothing to add)."""
        return None

    def prompt(self, state: GameState) -> Phrase | None:
        """What the player is asked in one of its phases (None: not its phase)."""
        return None

    def explain(self, state: GameState, seat: int, command: Command) -> Phrase | None:
        """Why one of its commands is worth playing, for a hint (None: not its command)."""
        return None

    def purchase_gives(self, state: GameState, seat: int, card: Card) -> tuple[Phrase, ...]:
        """What buying ``card`` would give the seat of its own, beyond the card's points
        and bonus, each thing a phrase, for a purchase's hint (a coat of arms on a power,
        a free card); none by default."""
        return ()

    def status(self, state: GameState, seat: int) -> tuple[Phrase, ...]:
        """What it adds to a player's status."""
        return ()

    def pieces(self, state: GameState, place: Slot) -> dict[int, int]:
        """Its pieces on the card at a slot: how many each player has there."""
        return {}

    def kept_from(self, state: GameState, place: Slot, seat: int) -> int | None:
        """The player whose pieces keep ``seat`` from taking the card at a slot, or None
        (legal moves, queries and the bots' judgement of how near a card is leave such a
        card out; ``check_take`` says why)."""
        return None

    def colour_of(self, player: PlayerState, card: Card) -> tuple[Gem | None, int] | None:
        """A bought card's colour and bonus count where this module gave it one (None: the
        card's own)."""
        return None

    mark_keys: ClassVar[tuple[str, ...]] = ()
    """The catalogue keys of the lines that explain its cards' marks (``lookup --marks``)."""

    def mark_words(self, card: Card) -> MarkWords | None:
        """What its marks on a card mean, or None for a card that carries none of them."""
        return None

    # ---- facts for other programs -------------------------------------------------

    def facts(self, state: GameState) -> dict[str, object]:
        """Its part of the table as plain JSON values (``replay --state-json``)."""
        return {}

    def seat_facts(self, player: PlayerState) -> dict[str, object]:
        """Its part of a seat as plain JSON values."""
        return {}

    # ---- what a seat may not see --------------------------------------------------

    def hide(self, state: GameState) -> GameState:
        """The state with its hidden cards (its decks) unknown."""
        return state

    def redact_deal(self, decks: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        """Its decks of a deal as a seat sees them: only the face-up cards."""
        return decks[:0]

    def imagine(self, state: GameState, draw: Callable[[str], Card]) -> GameState:
        """The state with its hidden cards dealt by ``draw`` from the pool of a deck
        (``<word> <level>``): how a bot imagines what it cannot see."""
        return state

    def pools(self, card_set: CardSet, level: str) -> tuple[Card, ...]:
        """All the cards of its deck of a level, to imagine the hidden ones from."""
        return ()


def _module_named(name: str) -> Module:
    """The registered module of that name (read when a copy is made, since the registry
    is built from the modules' packages, which import this one)."""
    from splendor_a11y.engine.modules import MODULES

    return MODULES[name]
