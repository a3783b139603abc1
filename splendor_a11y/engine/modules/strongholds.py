"""The Strongholds module's rules that both ``rules`` and ``fold`` need: where a player
may put a stronghold, which lone strongholds may be sent back, and when a conquest is on.

Strongholds sit on slots; a card leaving its slot sends every stronghold on it home.
"""

from __future__ import annotations

from splendor_a11y.domain.notation import LEVELS, Slot, parse_slot
from splendor_a11y.engine.commands import Hold, Oust
from splendor_a11y.engine.modules.orient import price
from splendor_a11y.engine.state import GameState, face_up_slots

__all__ = ["conquest_slot", "face_up_slots", "send_home", "stronghold_options"]


def send_home(strongholds: tuple[tuple[str, ...], ...], place: str) -> tuple[tuple[str, ...], ...]:
    """Every stronghold on a slot goes back to its owner (the card there is leaving)."""
    if not strongholds:
        return strongholds
    return tuple(tuple(p for p in places if p != place) for places in strongholds)


def stronghold_options(state: GameState) -> list[Hold | Oust]:
    """The current player's choices after a purchase; empty when neither is possible."""
    seat = state.current
    mine = state.strongholds[seat]
    targets = [slot for slot in face_up_slots(state) if state.occupied_by_other(str(slot), seat) is None]
    options: list[Hold | Oust] = []
    if len(mine) < state.rules.strongholds_each:
        options += [Hold(slot) for slot in targets]
    for source in sorted(set(mine)):
        options += [Hold(slot, parse_slot(source)) for slot in targets if str(slot) != source]
    for slot in face_up_slots(state):
        holders = state.holders(str(slot))
        if len(holders) == 1 and sum(holders.values()) == 1 and seat not in holders:
            options.append(Oust(slot))
    return options


def conquest_slot(state: GameState) -> Slot | None:
    """The card all three of the current player's strongholds are on, when they can pay for it."""
    if not state.strongholds:
        return None
    mine = state.strongholds[state.current]
    if len(mine) != state.rules.strongholds_each or len(set(mine)) != 1:
        return None
    slot = parse_slot(mine[0])
    card = state.rows[LEVELS.index(slot.level)][slot.index - 1]
    if card is None:
        return None
    if price(state.player, card) is None:
        return None
    return slot
