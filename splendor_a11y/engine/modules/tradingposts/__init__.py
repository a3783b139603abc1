"""The Trading Posts (Cities of Splendor): a route of five powers. At the end of a turn,
after the noble's visit, a player who meets a power's requirement places a coat of arms
on it and has its power for the rest of the game: a token after each purchase, one more
token after taking two alike, gold worth two gems, five points, a point for each coat of
arms.

Everything the engine knows of the module is here; the core meets it only through the
``Module`` hooks of ``TRADING_POSTS``.
"""

from __future__ import annotations

from splendor_a11y.domain.cards import Card
from splendor_a11y.engine.commands import Buy, Command
from splendor_a11y.engine.events import Event, GemsTaken
from splendor_a11y.engine.module import Module
from splendor_a11y.engine.modules.tradingposts import told
from splendor_a11y.engine.modules.tradingposts.commands import Gain, token_options
from splendor_a11y.engine.modules.tradingposts.events import CoatOfArmsPlaced, RouteTokenTaken, points_for, route_points
from splendor_a11y.engine.modules.tradingposts.kinds import (
    ARMS,
    EXTRA,
    EXTRA_PHASE,
    FIVE,
    GOLD,
    NAME,
    POWERS,
    ROUTE_PHASE,
    TOKEN,
    TOKEN_DUE,
    TOKEN_PHASE,
    Power,
    Reasons,
    TokenDue,
    coats,
    meets,
    placed_powers,
)
from splendor_a11y.engine.payment import Terms
from splendor_a11y.engine.phrase import Phrase
from splendor_a11y.engine.state import GameState, Phase, PlayerState
from splendor_a11y.engine.values import replaced

__all__ = [
    "EXTRA_PHASE",
    "NAME",
    "POWERS",
    "ROUTE_PHASE",
    "TOKEN_PHASE",
    "TRADING_POSTS",
    "CoatOfArmsPlaced",
    "Gain",
    "Power",
    "Reasons",
    "RouteTokenTaken",
    "placed_powers",
    "points_for",
    "token_options",
]

GOLD_WORTH = 2
"""The gems of one colour each gold pays with the third power."""

POWER_WORTH = {TOKEN: 1.2, EXTRA: 0.8, GOLD: 0.6, FIVE: 5.0}
"""What having each power is worth to the bots, in points yet to come: a token after
each purchase, a third token after two alike, cheaper gold, and the fourth power's five
points (the fifth's are reckoned from the coats of arms)."""
CLOSENESS = (1.0, 0.45, 0.25, 0.12, 0.05)
"""A power's share of its worth when 0, 1, 2, 3 or 4 bonuses (or a noble) away."""


def _missing(player: PlayerState, power: Power) -> int:
    """The bonuses and nobles a player lacks for a power."""
    lack = sum(max(0, r - b) for r, b in zip(power.bonuses, player.bonuses, strict=False))
    return lack + max(0, power.nobles - len(player.nobles))


def worth(player: PlayerState) -> float:
    """The route's worth to a player beyond the points it has given: the powers held,
    and each one not yet held by how close its requirement is."""
    placed = placed_powers(player)
    value = 0.0
    for power in POWERS:
        number = power.number
        if number in placed:
            value += 0.0 if number == FIVE else POWER_WORTH.get(number, 0.0)
            continue
        missing = _missing(player, power)
        if missing < len(CLOSENESS):
            gain = len(placed) + 1 if number == ARMS else POWER_WORTH[number]
            value += gain * CLOSENESS[missing]
    return value


def _unplaced_met(state: GameState) -> Power | None:
    """The first power the current player meets and has no coat of arms on."""
    player = state.player
    return next((power for power in POWERS if not coats(player, power.number) and meets(player, power)), None)


def _offering(state: GameState, phase: Phase) -> GameState | None:
    """The state waiting for the token a power gives in ``phase``, or None when no colour
    is left to take (the token is then skipped)."""
    waiting = replaced(state, phase=phase)
    return waiting if token_options(waiting) else None


class TradingPosts(Module):
    """The Trading Posts' hooks. Its hooks run before the other modules': the token after
    two alike belongs to the take, before a conquest."""

    name = NAME
    order = 0
    words = told.WORDS
    questions = ("route",)

    def new_seat_part(self) -> object | None:
        return ()

    def terms(self, state: GameState, seat: int, card: Card, found: Terms, command: Buy | None) -> Terms:
        if coats(state.players[seat], GOLD):
            return replaced(found, gold_worth=GOLD_WORTH)
        return found

    def after_purchase(self, state: GameState, card: Card) -> tuple[object, ...]:
        return (TOKEN_DUE,) if coats(state.player, TOKEN) else ()

    def owns_step(self, step: object) -> bool:
        return isinstance(step, TokenDue)

    def resolve(self, state: GameState, step: object) -> GameState | None:
        return _offering(state, TOKEN_PHASE)

    def replacement_waits(self, state: GameState, card: Card) -> bool:
        return coats(state.player, TOKEN)

    def after_action(self, state: GameState, action: Event | None) -> GameState | None:
        if not isinstance(action, GemsTaken) or 2 not in action.gems or not coats(state.player, EXTRA):
            return None
        return _offering(state, EXTRA_PHASE)

    def turn_ends(self, state: GameState) -> GameState | None:
        return replaced(state, phase=ROUTE_PHASE) if _unplaced_met(state) is not None else None

    def automatic(self, state: GameState) -> Event | None:
        phase = state.phase
        if phase is ROUTE_PHASE:
            power = _unplaced_met(state)
            assert power is not None, "the route waits only while a power is met"
            return CoatOfArmsPlaced(player=state.current, power=power.number)
        if phase is TOKEN_PHASE or phase is EXTRA_PHASE:
            options = token_options(state)
            if len(options) == 1:
                return Gain(options[0]).legal_event(state)
        return None

    def legal(self, state: GameState) -> list[Command] | None:
        if state.phase is TOKEN_PHASE or state.phase is EXTRA_PHASE:
            return [Gain(gem) for gem in token_options(state)]
        return None

    def prompt(self, state: GameState) -> Phrase | None:
        return told.prompt(state)

    def explain(self, state: GameState, seat: int, command: Command) -> Phrase | None:
        return told.explain(state, seat, command)

    def purchase_gives(self, state: GameState, seat: int, card: Card) -> tuple[Phrase, ...]:
        return told.purchase_gives(state, seat, card)

    def status(self, state: GameState, seat: int) -> tuple[Phrase, ...]:
        return told.status(state, seat)

    def answer(self, state: GameState, seat: int, question: str) -> tuple[Phrase, ...]:
        return told.route(state)

    def points_given(self, player: PlayerState) -> int:
        return route_points(placed_powers(player))

    def worth(self, state: GameState, seat: int) -> float:
        return worth(state.players[seat])

    def facts(self, state: GameState) -> dict[str, object]:
        return {"route": {player.name: list(placed_powers(player)) for player in state.players}}

    def seat_facts(self, player: PlayerState) -> dict[str, object]:
        return {"route": list(placed_powers(player))}


TRADING_POSTS = TradingPosts()
"""The Trading Posts, as the registry lists it."""
