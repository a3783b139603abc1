"""The rules: ``decide`` turns a command into events or refuses it; ``check`` judges a
logged event by the same code; ``legal_commands`` lists every legal command in order.

One source of truth: the console, the bots, narration and log replay all come here.
"""

from __future__ import annotations

import functools
import operator
from itertools import combinations, combinations_with_replacement

from splendor_a11y.domain.notation import GemCounts
from splendor_a11y.engine.checks import PlaceMaker, buyable, refuse, reservable
from splendor_a11y.engine.commands import (
    MAKERS,
    Buy,
    ChooseNoble,
    Command,
    ModuleCommand,
    Pass,
    Reserve,
    ReturnTokens,
    TakeGems,
)
from splendor_a11y.engine.events import Event, GameEnded, NobleVisited
from splendor_a11y.engine.refusals import Reason
from splendor_a11y.engine.state import GameState, Phase

__all__ = [
    "action_event",
    "automatic_event",
    "command_for",
    "decide",
    "decide_and_apply",
    "legal_commands",
    "play_legal",
]


def _check_phase(state: GameState, command: Command) -> None:
    """Refuse a command that does not answer what the game waits for."""
    phase = state.phase
    if phase is Phase.OVER or phase is Phase.ENDING:
        raise refuse(state, Reason.GAME_OVER)
    if phase is Phase.SETUP:
        raise refuse(state, Reason.NOT_DEALT)
    if phase.answers and command.word not in phase.answers:
        assert phase.refusal is not None, "a phase that waits for an answer says why it refuses others"
        raise phase.refusal(state)
    if isinstance(command, ModuleCommand) and phase.name not in command.due_in:
        raise refuse(state, command.not_due, what="on" if command.module in state.module_names else "off")
    if phase is Phase.ACTION and isinstance(command, ReturnTokens):
        raise refuse(state, Reason.NO_RETURN_DUE, held=state.player.token_count)
    if phase is Phase.ACTION and isinstance(command, ChooseNoble):
        raise refuse(state, Reason.NO_NOBLE_DUE)
    for module in state.modules:
        module.check_command(state, command)


def action_event(state: GameState, command: Command) -> Event:
    """The one event a command makes, or the reason it is refused. The phase is judged
    first: a module's command is refused there when its module is not in play."""
    _check_phase(state, command)
    return command.decide(state)


def automatic_event(state: GameState) -> Event | None:
    """An event that follows without a choice: a lone qualifying noble, the result, or a
    module's (``Module.automatic``)."""
    phase = state.phase
    if phase is Phase.ACTION:
        return None
    if phase is Phase.NOBLE:
        places = state.qualifying_nobles()
        if len(places) == 1:
            noble = state.noble_options()[places[0]]
            assert noble is not None
            return NobleVisited(player=state.current, noble=noble)
    if phase is Phase.ENDING:
        return GameEnded(scores=state.scores(), winners=state.leaders())
    for module in state.modules:
        event = module.automatic(state)
        if event is not None:
            return event
    return None


def decide_and_apply(state: GameState, command: Command) -> tuple[tuple[Event, ...], GameState]:
    """The events a command makes, with any that follow on their own, and the new state.

    Raises:
        IllegalAction: with the reason and its numbers; nothing has changed.
    """
    return _with_follow_ups(state, action_event(state, command))


def play_legal(state: GameState, command: Command) -> tuple[tuple[Event, ...], GameState]:
    """``decide_and_apply`` for a command taken from ``legal_commands(state)``, as a bot's
    look-ahead plays them: the command is not judged again. Any other command may leave
    a state the rules never allow, so what a person types never comes here."""
    return _with_follow_ups(state, command.legal_event(state))


def _with_follow_ups(state: GameState, event: Event) -> tuple[tuple[Event, ...], GameState]:
    """An event folded, then any events that follow on their own; all of them, and the
    new state."""
    state = event.fold(state)
    follow = automatic_event(state)
    if follow is None:
        return (event,), state
    events = [event]
    while follow is not None:
        events.append(follow)
        state = follow.fold(state)
        follow = automatic_event(state)
    return tuple(events), state


def decide(state: GameState, command: Command) -> tuple[Event, ...]:
    """The events a command makes (see ``decide_and_apply``).

    Raises:
        IllegalAction: with the reason and its numbers.
    """
    return decide_and_apply(state, command)[0]


def _takes(supply: tuple[int, ...], minimum: int) -> tuple[Command, ...]:
    """The takes for a supply: those for the way its piles stand."""
    return _takes_from(tuple([0 if count == 0 else 1 if count < minimum else 2 for count in supply[:5]]))


@functools.cache
def _takes_from(piles: tuple[int, ...]) -> tuple[Command, ...]:
    """Three different colours (fewer when fewer are left), then two alike: made once for
    each way the five piles stand (0 empty, 1 some, 2 enough to take two) and kept."""
    some = [i for i in range(5) if piles[i]]
    commands: list[Command] = []
    size = min(3, len(some))
    sizes = [3] if size == 3 else range(size, 0, -1)
    for k in sizes:
        for combo in combinations(some, k):
            counts = [0] * 6
            for index in combo:
                counts[index] = 1
            commands.append(TakeGems(GemCounts(counts)))
    for index in range(5):
        if piles[index] == 2:
            counts = [0] * 6
            counts[index] = 2
            commands.append(TakeGems(GemCounts(counts)))
    return tuple(commands)


_RESERVES: PlaceMaker[Command] = PlaceMaker(Reserve)  # type: ignore[arg-type]
"""A reserve command for each place, made once."""
_BUYS: PlaceMaker[Command] = PlaceMaker(Buy)  # type: ignore[arg-type]
"""A buy command for each place, made once."""


def _reserves(state: GameState) -> list[Command]:
    return reservable(state, _RESERVES)


def _buys(state: GameState) -> list[Command]:
    return buyable(state, _BUYS)


def _returns(state: GameState) -> list[Command]:
    held = state.player.tokens
    excess = sum(held) - state.rules.token_limit
    return list(_returns_from(tuple([count if count < excess else excess for count in held]), excess))


@functools.lru_cache(maxsize=4096)
def _returns_from(held: tuple[int, ...], excess: int) -> tuple[Command, ...]:
    """Every way to give back ``excess`` of the tokens ``held``, in canonical order. Made
    once for each holding and kept: counts above ``excess`` change nothing, so the
    caller gives them cut to it, and few holdings are ever met."""
    pool = [index for index in range(6) if held[index]]
    commands: list[Command] = []
    for combo in combinations_with_replacement(pool, excess):
        counts = [0] * 6
        for index in combo:
            counts[index] += 1
        if all(map(operator.le, counts, held)):
            commands.append(ReturnTokens(tuple.__new__(GemCounts, counts)))
    return tuple(commands)


def legal_commands(state: GameState) -> list[Command]:
    """Every legal command, in a fixed order: takes, reserves, buys; or returns; or nobles; or pass.

    A buy appears once, with the default payment; an explicit ``pay`` for the same card is
    legal exactly when it is a valid payment (see ``payment.explicit_payment``).
    """
    phase = state.phase
    if phase is Phase.ACTION:
        commands = [*_takes(state.supply, state.rules.take_two_minimum), *_reserves(state), *_buys(state)]
        return commands or [Pass()]
    if phase is Phase.RETURN:
        return _returns(state)
    if phase is Phase.NOBLE:
        return [ChooseNoble(i + 1) for i in state.qualifying_nobles()]
    for module in state.modules:
        answers = module.legal(state)
        if answers is not None:
            return answers
    return []


def command_for(state: GameState, event: Event) -> Command | None:
    """The command that would have made an event, for judging a logged event."""
    maker = MAKERS.get(type(event))
    return maker.made_by(state, event) if maker is not None else None
