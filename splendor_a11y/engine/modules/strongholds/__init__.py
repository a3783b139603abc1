"""The Strongholds (Cities of Splendor): after each purchase a player places or moves one
of their three strongholds on a face-up card, or sends back a lone opponent's one; only
the player whose strongholds are on a card may take it, and all three on one card they
can afford is a conquest.

Everything the engine knows of the module is here; the core meets it only through the
``Module`` hooks of ``STRONGHOLDS``.
"""

from __future__ import annotations

from collections.abc import Callable

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import DeckTop, HandSlot, Slot
from splendor_a11y.engine.checks import refuse
from splendor_a11y.engine.commands import Buy, Command
from splendor_a11y.engine.events import Event
from splendor_a11y.engine.module import Module
from splendor_a11y.engine.modules.strongholds import told
from splendor_a11y.engine.modules.strongholds.board import (
    CONQUEST_PHASE,
    conquest_slot,
    holders,
    occupied_by_other,
    send_home,
    strongholds,
    strongholds_left,
)
from splendor_a11y.engine.modules.strongholds.commands import (
    Conquer,
    Decline,
    Hold,
    Oust,
    check_free,
    stronghold_options,
)
from splendor_a11y.engine.modules.strongholds.events import ConquestDeclined, StrongholdOusted, StrongholdPlaced
from splendor_a11y.engine.modules.strongholds.kinds import (
    HOLD,
    NAME,
    STRONGHOLD_PHASE,
    STRONGHOLDS_EACH,
    HoldDue,
    Reasons,
)
from splendor_a11y.engine.phrase import Phrase
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.values import replaced

__all__ = [
    "CONQUEST_PHASE",
    "NAME",
    "STRONGHOLDS",
    "STRONGHOLDS_EACH",
    "STRONGHOLD_PHASE",
    "Conquer",
    "ConquestDeclined",
    "Decline",
    "Hold",
    "Oust",
    "Reasons",
    "StrongholdOusted",
    "StrongholdPlaced",
    "conquest_slot",
    "holders",
    "occupied_by_other",
    "stronghold_options",
    "strongholds",
    "strongholds_left",
]


class Strongholds(Module):
    """The Strongholds' hooks."""

    name = NAME
    order = 2
    words = told.WORDS

    def new_part(self, players: int) -> object | None:
        return tuple(() for _ in range(players))

    def tell(self, event: Event, before: GameState, after: GameState) -> Phrase | None:
        return told.tell(event, before, after)

    def aside(self, event: Event, before: GameState, after: GameState) -> Phrase | None:
        return told.aside(event, before, after)

    def prompt(self, state: GameState) -> Phrase | None:
        return told.prompt(state)

    def explain(self, state: GameState, seat: int, command: Command) -> Phrase | None:
        return told.explain(state, seat, command)

    def status(self, state: GameState, seat: int) -> tuple[Phrase, ...]:
        return told.status(state, seat)

    def pieces(self, state: GameState, place: Slot) -> dict[int, int]:
        return holders(state, place)

    def kept_from(self, state: GameState, place: Slot, seat: int) -> int | None:
        return occupied_by_other(state, place, seat)

    def facts(self, state: GameState) -> dict[str, object]:
        return {
            "strongholds": {
                state.players[seat].name: [str(place) for place in places]
                for seat, places in enumerate(strongholds(state))
            }
        }

    def card_leaves(self, state: GameState, place: Slot) -> GameState:
        return send_home(state, place)

    def check_take(self, state: GameState, place: Slot | DeckTop | HandSlot, card: Card) -> None:
        if isinstance(place, Slot):
            check_free(state, place, card)

    def after_purchase(self, state: GameState, card: Card) -> tuple[object, ...]:
        return (HOLD,)

    def owns_step(self, step: object) -> bool:
        return isinstance(step, HoldDue)

    def resolve(self, state: GameState, step: object) -> GameState | None:
        if stronghold_options(state):
            return replaced(state, phase=STRONGHOLD_PHASE, due=state.due[1:])
        return None

    def replacement_waits(self, state: GameState, card: Card) -> bool:
        return True

    def after_action(self, state: GameState, action: Event | None) -> GameState | None:
        if conquest_slot(state) is not None:
            return replaced(state, phase=CONQUEST_PHASE)
        return None

    def check_command(self, state: GameState, command: Command) -> None:
        if state.phase is CONQUEST_PHASE and isinstance(command, Buy) and command.place != conquest_slot(state):
            raise refuse(state, Reasons.CONQUEST_DUE, place=conquest_slot(state))

    def quick_choice(self, state: GameState, card_value: Callable[[Slot, int], float]) -> Command | None:
        """A stronghold is worth most on a card the player can nearly afford and that is
        worth points (it keeps the card for them), more when it completes three for a
        conquest; sending back an opponent's lone stronghold is worth the card's value to
        that opponent."""
        if state.phase is not STRONGHOLD_PHASE:
            return None
        seat = state.current
        mine = strongholds(state)[seat]
        worth: dict[Slot, float] = {}

        def mine_worth(place: Slot) -> float:
            """The card's worth to the player, found once for all the options naming it."""
            if place not in worth:
                worth[place] = card_value(place, seat)
            return worth[place]

        def value(command: Command) -> float:
            if isinstance(command, Oust):
                return card_value(command.place, next(iter(holders(state, command.place))))
            assert isinstance(command, Hold)
            to = command.to
            gain = mine_worth(to) * (1 + mine.count(to))
            if mine.count(to) == 2:
                gain += 2.0
            if command.source is not None:
                gain -= mine_worth(command.source) * mine.count(command.source)
            return gain

        return max(stronghold_options(state), key=value)

    def legal(self, state: GameState) -> list[Command] | None:
        if state.phase is STRONGHOLD_PHASE:
            return list(stronghold_options(state))
        if state.phase is CONQUEST_PHASE:
            return [Conquer(), Decline()]
        return None


STRONGHOLDS = Strongholds()
"""The Strongholds, as the registry lists it."""
