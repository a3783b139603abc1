"""The Trading Posts' events, each defined whole: its log form, how it folds, what it is
about."""

from __future__ import annotations

from typing import ClassVar

from splendor_a11y.domain.notation import Gem, GemCounts
from splendor_a11y.engine.events import SeatEvent, event_kind, json_field
from splendor_a11y.engine.modules.tradingposts.kinds import (
    ARMS,
    FIVE,
    FIVE_POINTS,
    NAME,
    POWERS,
    TOKEN,
    placed_powers,
)
from splendor_a11y.engine.phrase import Counted, LastRound, Phrase, Points, Tokens
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.turn import after_action, continue_turn, finish_turn, with_player
from splendor_a11y.engine.values import replaced, value

__all__ = ["CoatOfArmsPlaced", "RouteTokenTaken", "one_token", "points_for", "route_points"]


def one_token(gem: Gem) -> GemCounts:
    """One token of a colour, as gem counts."""
    return GemCounts.of(**{gem.value: 1})


def points_for(placed: tuple[int, ...], power: int) -> int:
    """The points a coat of arms placed on ``power`` brings a player whose coats are
    already on ``placed``: five for the fourth power; for the fifth, one for each coat
    (itself included); and one more for any coat placed once the fifth holds one."""
    if power == ARMS:
        return len(placed) + 1
    return (FIVE_POINTS if power == FIVE else 0) + (1 if ARMS in placed else 0)


def route_points(placed: tuple[int, ...]) -> int:
    """All the points a player's coats of arms brought, whatever order they came in: five
    for the fourth power, and with the fifth one for each coat."""
    return (FIVE_POINTS if FIVE in placed else 0) + (len(placed) if ARMS in placed else 0)


@event_kind
@value
class CoatOfArmsPlaced(SeatEvent):
    """At the end of a turn, after the noble's visit: a player who meets a power's
    requirement places a coat of arms on it, for the rest of the game."""

    kind: ClassVar[str] = "coat_of_arms_placed"
    player: int = json_field("seat")
    power: int = json_field("count", low=1, high=len(POWERS))

    def fold(self, state: GameState) -> GameState:
        player = state.players[self.player]
        placed = placed_powers(player)
        gained = points_for(placed, self.power)
        player = replaced(player, points=player.points + gained).with_part(NAME, tuple(sorted((*placed, self.power))))
        return finish_turn(replaced(state, players=with_player(state, self.player, player)))

    def told(self, before: GameState, after: GameState) -> Phrase:
        points = after.players[self.player].points
        score: Phrase | str = ""
        if points != before.players[self.player].points:
            score = Phrase(
                "event.arms_score", {"points": Points(points), "last_round": LastRound(self.player)}, seat=self.player
            )
        power = POWERS[self.power - 1]
        return Phrase(
            "event.arms",
            {"number": self.power, "power": Phrase(f"route.power.{power.what}"), "score": score},
            seat=self.player,
        )


@event_kind
@value
class RouteTokenTaken(SeatEvent):
    """A gem token taken through a power of the route: after a purchase (the first
    power), or one of another colour after taking two alike (the second)."""

    kind: ClassVar[str] = "route_token_taken"
    player: int = json_field("seat")
    gem: Gem = json_field("colour")
    power: int = json_field("count", low=1, high=2)

    def fold(self, state: GameState) -> GameState:
        gems = one_token(self.gem)
        player = state.players[self.player]
        player = replaced(player, tokens=player.tokens.plus(gems))
        taken = replaced(state, players=with_player(state, self.player, player), supply=state.supply.minus(gems))
        if self.power == TOKEN:
            return continue_turn(replaced(taken, due=taken.due[1:]))
        return after_action(taken, done=next(module for module in state.modules if module.name == NAME))

    def told(self, before: GameState, after: GameState) -> Phrase:
        held = after.players[self.player].tokens
        what = POWERS[self.power - 1].what
        return Phrase(
            f"event.route_{what}",
            {"gems": one_token(self.gem), "count": Counted("tokens.count", held.total), "tokens": Tokens(held)},
            seat=self.player,
        )
