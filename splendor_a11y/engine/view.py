"""What one seat may know: the deck order and others' blind reservations are hidden.

Bots and narration work from views, so they cannot peek.
"""

from __future__ import annotations

from dataclasses import replace

from .state import GameState, PlayerState, Reserved

__all__ = ["view"]


def _hide_blind(player: PlayerState) -> PlayerState:
    if not any(r.blind for r in player.reserved):
        return player
    hidden = tuple(Reserved(None, r.level, True) if r.blind else r for r in player.reserved)
    return replace(player, reserved=hidden)


def view(state: GameState, seat: int) -> GameState:
    """The state as ``seat`` sees it: decks keep their size but not their cards."""
    players = tuple(p if i == seat else _hide_blind(p) for i, p in enumerate(state.players))
    decks = tuple((None,) * len(deck) for deck in state.decks)
    return replace(state, players=players, decks=decks)
