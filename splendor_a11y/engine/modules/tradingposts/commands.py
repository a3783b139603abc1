"""The Trading Posts' command, defined whole: its word, its prompt form, how it is
judged, and the logged event that answers it; and the colours it may name."""

from __future__ import annotations

from typing import ClassVar

from splendor_a11y.domain.notation import COLOURS, Gem
from splendor_a11y.engine.checks import refuse
from splendor_a11y.engine.commands import Command, ModuleCommand, command_kind
from splendor_a11y.engine.events import Event, GemsTaken
from splendor_a11y.engine.modules.tradingposts.events import RouteTokenTaken
from splendor_a11y.engine.modules.tradingposts.kinds import EXTRA, EXTRA_PHASE, NAME, TOKEN, Reasons
from splendor_a11y.engine.phrase import Choice
from splendor_a11y.engine.refusals import Reason
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.values import value

__all__ = ["Gain", "token_options"]


def token_options(state: GameState) -> tuple[Gem, ...]:
    """The colours the current player may take a token of through the route: any left
    in the supply (one just spent included), but after two alike, another colour."""
    alike: Gem | None = None
    action = state.action
    if state.phase is EXTRA_PHASE and isinstance(action, GemsTaken):
        alike = next((gem for gem in COLOURS if action.gems.get(gem) == 2), None)
    return tuple(gem for gem in COLOURS if state.supply.get(gem) and gem is not alike)


@command_kind
@value
class Gain(ModuleCommand):
    """Take the gem token a power of the route gives (``gain r``)."""

    word: ClassVar[str] = "gain"
    module: ClassVar[str] = NAME
    makes: ClassVar[type[Event] | None] = RouteTokenTaken
    due_in: ClassVar[tuple[str, ...]] = ("route_token", "route_extra")
    not_due: ClassVar[Reason] = Reasons.NO_ROUTE_TOKEN_DUE
    colour: Gem
    count: int = 1
    """How many tokens were asked for (``gain rr``): the route gives one."""

    def __str__(self) -> str:
        return f"gain {self.colour.value * self.count}"

    def decide(self, state: GameState) -> Event:
        if self.count != 1:
            raise refuse(state, Reasons.ROUTE_ONE_TOKEN, count=self.count)
        options = token_options(state)
        if self.colour not in options:
            raise refuse(
                state,
                Reasons.ROUTE_TOKEN_NOT_OFFERED,
                gem=self.colour,
                options=Choice(tuple(gem.value for gem in options)),
                what="taken" if state.phase is EXTRA_PHASE and state.supply.get(self.colour) else "empty",
            )
        return self.legal_event(state)

    def legal_event(self, state: GameState) -> Event:
        power = EXTRA if state.phase is EXTRA_PHASE else TOKEN
        return RouteTokenTaken(player=state.current, gem=self.colour, power=power)

    @classmethod
    def made_by(cls, state: GameState, event: Event) -> Command | None:
        assert isinstance(event, RouteTokenTaken)
        return Gain(event.gem)
