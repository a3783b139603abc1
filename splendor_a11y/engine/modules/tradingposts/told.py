"""What the Trading Posts' phases, command and route are about, as ``Phrase`` values for
the text layer (which owns the words), and its command's word at the prompt."""

from __future__ import annotations

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import COLOURS
from splendor_a11y.engine.commands import Command
from splendor_a11y.engine.events import GemsTaken
from splendor_a11y.engine.module import Word
from splendor_a11y.engine.modules.tradingposts.commands import Gain, token_options
from splendor_a11y.engine.modules.tradingposts.kinds import (
    EXTRA_PHASE,
    POWERS,
    TOKEN_PHASE,
    Power,
    coats,
    meets,
    placed_powers,
)
from splendor_a11y.engine.nobles import nobles_completed
from splendor_a11y.engine.phrase import Choice, GemName, Phrase
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.turn import gain
from splendor_a11y.engine.values import replaced

__all__ = ["WORDS", "explain", "prompt", "purchase_gives", "route", "status"]

WORDS = (Word("gain", "colour", Gain),)


def power_named(power: Power) -> Phrase:
    """A power by what it gives (``two alike brings one more``)."""
    return Phrase(f"route.power.{power.what}")


def prompt(state: GameState) -> Phrase | None:
    """Which colour to take a token of, for the first or the second power."""
    options = Choice(tuple(Gain(gem) for gem in token_options(state)))
    if state.phase is TOKEN_PHASE:
        return Phrase("turn.route_token.you", {"options": options})
    if state.phase is EXTRA_PHASE:
        action = state.action
        assert isinstance(action, GemsTaken)
        alike = next(gem for gem in COLOURS if action.gems.get(gem) == 2)
        return Phrase("turn.route_extra.you", {"gem": GemName(alike, 2), "options": options})
    return None


def explain(state: GameState, seat: int, command: Command) -> Phrase | None:
    """Why a token is worth taking."""
    if isinstance(command, Gain):
        return Phrase("hint.gain", {"command": command, "gem": GemName(command.colour)})
    return None


def purchase_gives(state: GameState, seat: int, card: Card) -> tuple[Phrase, ...]:
    """The power a card's bonus would let the player put a coat of arms on (the first of
    the route's, when it would meet two), for a purchase's hint: a hint said ``it gives
    you your third sapphire`` of the purchase that placed a coat of arms on power 3. A
    noble the bonus brings counts (the fourth power asks for one): a hint said ``you
    reach 15 points`` of a purchase whose noble placed a coat there, and not how."""
    player = state.players[seat]
    owning = gain(player, card)
    visiting = nobles_completed(state.noble_options(seat), player.bonuses, owning.bonuses)
    if visiting:
        owning = replaced(owning, nobles=(*owning.nobles, visiting[0]))
    met = next(
        (
            power
            for power in POWERS
            if not coats(player, power.number) and not meets(player, power) and meets(owning, power)
        ),
        None,
    )
    return () if met is None else (Phrase("hint.route_power", {"number": met.number, "power": power_named(met)}),)


def status(state: GameState, seat: int) -> tuple[Phrase, ...]:
    """The powers a player has a coat of arms on."""
    placed = placed_powers(state.players[seat])
    if not placed:
        return (Phrase("query.route.none"),)
    return (Phrase("query.route.held", {"powers": tuple(power_named(POWERS[n - 1]) for n in placed)}),)


def route(state: GameState) -> tuple[Phrase, ...]:
    """The route, power by power: what it gives, what it asks, whose coats of arms are
    on it."""
    lines = []
    for power in POWERS:
        holders = tuple(
            Phrase("route.holder", seat=seat)
            for seat, player in enumerate(state.players)
            if power.number in placed_powers(player)
        )
        lines.append(
            Phrase(
                "query.route.noble" if power.nobles else "query.route.power",
                {
                    "number": power.number,
                    "power": power_named(power),
                    "bonuses": power.bonuses,
                    "holders": holders if holders else Phrase("route.nobody"),
                },
            )
        )
    return tuple(lines)
