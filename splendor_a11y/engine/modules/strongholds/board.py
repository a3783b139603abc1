"""The Strongholds on the table: where each seat's strongholds stand, where a player may
put one, which lone strongholds may be sent back, and when a conquest is on.

Strongholds sit on slots; a card leaving its slot sends every stronghold on it home.
"""

from __future__ import annotations

from splendor_a11y.domain.notation import Slot
from splendor_a11y.engine.checks import price
from splendor_a11y.engine.modules.strongholds.kinds import NAME, STRONGHOLDS_EACH, Reasons
from splendor_a11y.engine.refusals import IllegalAction
from splendor_a11y.engine.state import GameState, Phase

__all__ = [
    "CONQUEST_PHASE",
    "conquest_slot",
    "holders",
    "holders_by_slot",
    "occupied_by_other",
    "send_home",
    "strongholds",
    "strongholds_left",
]


def strongholds(state: GameState) -> tuple[tuple[Slot, ...], ...]:
    """Per seat, the slot of each of its strongholds on the table (one entry per
    stronghold, so two ``b3`` are two on b3); empty when the module is not in play."""
    part = state.part(NAME)
    return part if isinstance(part, tuple) else ()


def with_strongholds(state: GameState, places: tuple[tuple[Slot, ...], ...]) -> GameState:
    """The state with the strongholds standing elsewhere."""
    return state.with_part(NAME, places)


def holders(state: GameState, place: Slot) -> dict[int, int]:
    """Who holds the card at a slot, and with how many."""
    found: dict[int, int] = {}
    for seat, places in enumerate(strongholds(state)):
        count = places.count(place)
        if count:
            found[seat] = count
    return found


def holders_by_slot(state: GameState) -> dict[Slot, dict[int, int]]:
    """Who holds each slot with a stronghold on it, and with how many: ``holders`` for
    every slot at once, for a question asked of all the slots together."""
    found: dict[Slot, dict[int, int]] = {}
    for seat, places in enumerate(strongholds(state)):
        for place in places:
            at = found.setdefault(place, {})
            at[seat] = at.get(seat, 0) + 1
    return found


def strongholds_left(state: GameState, seat: int) -> int:
    """Strongholds a player has not placed on the table yet."""
    held = strongholds(state)
    return STRONGHOLDS_EACH - len(held[seat]) if held else 0


def occupied_by_other(state: GameState, place: Slot, seat: int) -> int | None:
    """The opponent whose strongholds are on a slot, or None."""
    return next((other for other in holders(state, place) if other != seat), None)


def send_home(state: GameState, place: Slot) -> GameState:
    """Every stronghold on a slot goes back to its owner (the card there is leaving)."""
    held = strongholds(state)
    if not any(place in places for places in held):
        return state
    return with_strongholds(state, tuple(tuple(p for p in places if p != place) for places in held))


def conquest_slot(state: GameState) -> Slot | None:
    """The card all three of the current player's strongholds are on, when they can pay for it."""
    held = strongholds(state)
    if not held:
        return None
    mine = held[state.current]
    if len(mine) != STRONGHOLDS_EACH or len(set(mine)) != 1:
        return None
    slot = mine[0]
    card = state.card_at(slot)
    if card is None:
        return None
    if price(state, state.current, card) is None:
        return None
    return slot


def move(state: GameState, seat: int, source: Slot | None, to: Slot | None) -> GameState:
    """One of a seat's strongholds leaves ``source`` (None: its supply) for ``to`` (None:
    back to its supply)."""
    places = list(strongholds(state)[seat])
    if source is not None:
        places.remove(source)
    if to is not None:
        places.append(to)
    held = list(strongholds(state))
    held[seat] = tuple(places)
    return with_strongholds(state, tuple(held))


CONQUEST_PHASE = Phase(
    "conquest",
    ("conquer", "decline", "buy"),
    lambda state: IllegalAction(Reasons.CONQUEST_DUE, state.current, place=conquest_slot(state)),
)
"""All of the player's strongholds are on one card they can afford; they may buy it now
or decline."""
