"""The Trading Posts' own names: the route's five powers and what each asks, its
refusals, its phases and the token a purchase leaves due (its events and commands are in
``events`` and ``commands``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from splendor_a11y.domain.notation import GemCounts
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import GameState, Phase, PlayerState

__all__ = [
    "ARMS",
    "EXTRA",
    "FIVE",
    "FIVE_POINTS",
    "GOLD",
    "NAME",
    "POWERS",
    "ROUTE_PHASE",
    "TOKEN",
    "TOKEN_DUE",
    "EXTRA_PHASE",
    "TOKEN_PHASE",
    "Power",
    "Reasons",
    "TokenDue",
    "coats",
    "meets",
    "placed_powers",
]

NAME = "tradingposts"
"""The module's name, on the command line and in a log's header."""


@dataclass(frozen=True, slots=True)
class Power:
    """A power of the route: its number on the route (1 to 5), its name in the
    catalogue (``route.power.<what>``), and the bonuses and nobles it asks for."""

    number: int
    what: str
    bonuses: GemCounts
    nobles: int = 0


TOKEN = 1
"""After each purchase, take one gem token."""
EXTRA = 2
"""Taking two gems alike brings one more of another colour."""
GOLD = 3
"""Each gold pays two gems of one colour."""
FIVE = 4
"""Five points."""
ARMS = 5
"""One point for each coat of arms on the route."""
FIVE_POINTS = 5
"""The points of the fourth power."""

POWERS = (
    Power(TOKEN, "token", GemCounts((1, 0, 0, 3, 0, 0))),
    Power(EXTRA, "extra", GemCounts((2, 0, 0, 0, 0, 0))),
    Power(GOLD, "gold", GemCounts((0, 3, 0, 0, 1, 0))),
    Power(FIVE, "five", GemCounts((0, 0, 5, 0, 0, 0)), nobles=1),
    Power(ARMS, "arms", GemCounts((0, 0, 0, 0, 3, 0))),
)
"""The route's powers, in their order on it."""


def placed_powers(player: PlayerState) -> tuple[int, ...]:
    """The numbers of the powers the player has a coat of arms on, in the route's order
    (none when the module is not in play)."""
    part = player.part(NAME)
    return part if isinstance(part, tuple) else ()


def coats(player: PlayerState, power: int) -> bool:
    """Whether the player has a coat of arms on a power (and so its benefit)."""
    return power in placed_powers(player)


def meets(player: PlayerState, power: Power) -> bool:
    """Whether the player's bonuses and nobles meet a power's requirement."""
    bonuses = player.bonuses
    return len(player.nobles) >= power.nobles and all(b >= r for b, r in zip(bonuses, power.bonuses, strict=True))


class Reasons:
    """The Trading Posts' refusals."""

    ROUTE_TOKEN_DUE = Reason("route_token_due")
    NO_ROUTE_TOKEN_DUE = Reason("no_route_token_due")
    ROUTE_TOKEN_NOT_OFFERED = Reason("route_token_not_offered")
    ROUTE_ARMS_DUE = Reason("route_arms_due")
    ROUTE_ONE_TOKEN = Reason("route_one_token")


@dataclass(frozen=True, slots=True)
class TokenDue:
    """Due after a purchase by a player with the first power: take one gem token, before
    the card is replaced. Told by its phase, not among the effects a position lists."""

    def __str__(self) -> str:
        return ""


TOKEN_DUE = TokenDue()


def _refusal(reason: Reason) -> Callable[[GameState], Exception]:
    return lambda state: IllegalAction(reason, state.current)


TOKEN_PHASE = Phase("route_token", ("gain",), _refusal(Reasons.ROUTE_TOKEN_DUE))
"""After a purchase, with the first power: the player takes one gem token."""
EXTRA_PHASE = Phase("route_extra", ("gain",), _refusal(Reasons.ROUTE_TOKEN_DUE))
"""After taking two gems alike, with the second power: one more of another colour."""
ROUTE_PHASE = Phase("route", ("arms",), _refusal(Reasons.ROUTE_ARMS_DUE))
"""The end of a turn while the player meets a power they have no coat of arms on: the
coats of arms are placed on their own, one event each (no command answers it)."""
