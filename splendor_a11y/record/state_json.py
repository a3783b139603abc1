"""The state as plain JSON for other programs (``replay --state-json``)."""

from __future__ import annotations

from typing import Any

from splendor_a11y.domain.notation import LEVELS
from splendor_a11y.engine import GameState, Reserved

__all__ = ["state_to_json"]


def _reserved(item: Reserved) -> dict[str, Any]:
    if item.card is None:
        return {"hidden": True, "level": item.level}
    return {"card": item.card.text, "blind": item.blind}


def _modules(state: GameState, data: dict[str, Any]) -> dict[str, Any]:
    """The modules' facts, only when they are in play, then the steps still due."""
    for module in state.modules:
        data.update(module.facts(state))
        for entry, player in zip(data["players"], state.players, strict=False):
            entry.update(module.seat_facts(player))
    due = [str(step) for step in state.due if str(step)]
    if due:
        data["effects"] = due
    return data


def state_to_json(state: GameState, events: int) -> dict[str, Any]:
    """Every fact of a position: players, board by slot, decks, nobles, supply, whose turn,
    and the modules' own facts when they are played. ``turn`` and ``round`` count from 1
    and name the turn being played, as the replay says them (``Turn 12``)."""
    return _modules(
        state,
        {
            "events": events,
            "phase": state.phase.name,
            "turn": state.turn + 1,
            "round": state.round,
            "current_player": state.current,
            "first_player": state.first_player,
            "players": [
                {
                    "name": p.name,
                    "points": p.points,
                    "tokens": p.tokens.to_mapping(),
                    "bonuses": p.bonuses.to_mapping(),
                    "reserved": [_reserved(r) for r in p.reserved],
                    "bought": [c.text for c in p.bought],
                    "nobles": [n.text for n in p.nobles],
                }
                for p in state.players
            ],
            "board": {
                level: {f"{level}{i + 1}": (card.text if card else None) for i, card in enumerate(row)}
                for level, row in zip(LEVELS, state.rows, strict=False)
            },
            "decks": {level: len(deck) for level, deck in zip(LEVELS, state.decks, strict=False)},
            "nobles": {str(i + 1): (n.text if n else None) for i, n in enumerate(state.nobles)},
            "supply": state.supply.to_mapping(),
            "winners": list(state.winners),
            "modules": list(state.module_names),
        },
    )
