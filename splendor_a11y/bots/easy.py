"""The easy bot: buys when it can (most points first), otherwise gathers gems toward the
cheapest card it wants. A fair first opponent that plays by the rules and never peeks.
"""

from __future__ import annotations

import random

from ..engine import Buy, Command, GameState, Phase, ReturnTokens, TakeGems, legal_commands, needed, shortfall

__all__ = ["choose_easy"]


def _wanted_gems(view: GameState) -> list[int]:
    """How many of each colour the player still lacks for the cheapest face-up card."""
    player = view.player
    best: list[int] | None = None
    for row in view.rows:
        for card in row:
            if card is None:
                continue
            lack = list(shortfall(needed(card.cost, player.bonuses), player.tokens)[:5])
            if best is None or sum(lack) < sum(best):
                best = lack
    return best or [1] * 5


def choose_easy(view: GameState, rng: random.Random) -> Command:
    """A light preference for buying; sensible gem takes; returns what it has most of."""
    commands = legal_commands(view)
    if view.phase is Phase.NOBLE:
        return commands[0]
    if view.phase is Phase.RETURN:
        held = view.player.tokens
        return min(commands, key=lambda c: -sum(held[i] * c.gems[i] for i in range(6))  # type: ignore[union-attr]
                   if isinstance(c, ReturnTokens) else 0)
    buys = [c for c in commands if isinstance(c, Buy)]
    if buys:
        def value(command: Buy) -> tuple[int, float]:
            card = view.card_at(command.place)
            return (getattr(card, "points", 0), rng.random())
        return max(buys, key=value)
    takes = [c for c in commands if isinstance(c, TakeGems)]
    if takes and view.player.token_count <= 8:
        wanted = _wanted_gems(view)
        return max(takes, key=lambda c: (sum(min(g, w) for g, w in zip(c.gems[:5], wanted)), c.gems.total,
                                         rng.random()))
    return rng.choice(commands)
