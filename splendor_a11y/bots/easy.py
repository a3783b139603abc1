"""The easy bot: legal moves with a light preference for buying. It always buys a card
worth points when it can, a plain card about half the time, and otherwise gathers gems
more or less at random, toward the cheapest card now and then. A gentle first opponent
that plays by the rules and never peeks.
"""

from __future__ import annotations

import random

from splendor_a11y.engine import (
    Buy,
    Command,
    GameState,
    Phase,
    ReturnTokens,
    SeatView,
    TakeGems,
    legal_commands,
    needed,
    shortfall,
)

__all__ = ["choose_easy"]

BUY_CHANCE = 0.5
AIM_CHANCE = 0.4


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


def choose_easy(view: SeatView, rng: random.Random) -> Command:
    """Often buys (most points first), gathers gems loosely, returns what it has most of."""
    commands = legal_commands(view)
    if view.phase is Phase.NOBLE:
        return commands[0]
    if view.phase is Phase.RETURN:
        held = view.player.tokens
        return min(
            commands, key=lambda c: -sum(held[i] * c.gems[i] for i in range(6)) if isinstance(c, ReturnTokens) else 0
        )
    buys = [c for c in commands if isinstance(c, Buy)]
    scoring = [c for c in buys if getattr(view.card_at(c.place), "points", 0)]
    if scoring or (buys and rng.random() < BUY_CHANCE):
        buys = scoring or buys

        def value(command: Buy) -> tuple[int, float]:
            card = view.card_at(command.place)
            return (getattr(card, "points", 0), rng.random())

        return max(buys, key=value)
    takes = [c for c in commands if isinstance(c, TakeGems)]
    if takes and view.player.token_count <= 8:
        if rng.random() < AIM_CHANCE:
            wanted = _wanted_gems(view)
            return max(
                takes,
                key=lambda c: (
                    sum(min(g, w) for g, w in zip(c.gems[:5], wanted, strict=True)),
                    c.gems.total,
                    rng.random(),
                ),
            )
        return rng.choice(takes)
    return rng.choice(buys or commands)
