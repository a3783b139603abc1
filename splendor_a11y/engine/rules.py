"""The rules: ``decide`` turns a command into events or refuses it; ``check`` judges a
logged event by the same code; ``legal_commands`` lists every legal command in order.

One source of truth: the console, the bots, narration and log replay all come here.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import Any

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import (
    COLOURS,
    GEMS,
    LEVELS,
    DeckTop,
    Gem,
    GemCounts,
    HandSlot,
    Slot,
)
from splendor_a11y.engine.commands import (
    Buy,
    ChooseNoble,
    Command,
    ModuleCommand,
    Pass,
    Reserve,
    ReturnTokens,
    TakeGems,
)
from splendor_a11y.engine.events import (
    CardBought,
    CardReserved,
    Event,
    GameEnded,
    GemsTaken,
    NobleVisited,
    Passed,
    TokensReturned,
)
from splendor_a11y.engine.fold import evolve
from splendor_a11y.engine.payment import default_payment, explicit_payment, gems_missing, needed, shortfall
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import ROW_SLOTS, GameState, Phase

__all__ = [
    "automatic_event",
    "buy",
    "card_at_place",
    "check_take",
    "decide",
    "decide_and_apply",
    "legal_commands",
    "price",
    "refuse",
]


def refuse(state: GameState, reason: Reason, **details: object) -> IllegalAction:
    """The refusal of the current player's command, for a reason with its numbers."""
    return IllegalAction(reason, state.current, **details)


def _check_phase(state: GameState, command: Command) -> None:
    """Refuse a command that does not answer what the game waits for."""
    phase = state.phase
    if phase is Phase.OVER or phase is Phase.ENDING:
        raise refuse(state, Reason.GAME_OVER)
    if phase is Phase.SETUP:
        raise refuse(state, Reason.NOT_DEALT)
    if phase.answers and not isinstance(command, phase.answers):
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


def _take(state: GameState, gems: GemCounts) -> GemsTaken:
    if gems.get(Gem.GOLD):
        raise refuse(state, Reason.TAKE_GOLD)
    total = gems.total
    if total == 0:
        raise refuse(state, Reason.TAKE_NOTHING)
    for gem in gems.gems():
        if state.supply.get(gem) == 0:
            raise refuse(state, Reason.TAKE_EMPTY_PILE, gem=gem)
    _check_take_shape(state, gems)
    return GemsTaken(player=state.current, gems=gems)


def _check_take_shape(state: GameState, gems: GemCounts) -> None:
    """Three different gems, or two alike from a pile of four; fewer only when fewer
    colours are left."""
    total = gems.total
    kinds = len(gems.gems())
    if kinds == 1 and total == 2:
        gem = gems.gems()[0]
        if state.supply.get(gem) < state.rules.take_two_minimum:
            raise refuse(state, Reason.TAKE_TWO_LOW, gem=gem, supply=state.supply.get(gem))
    elif kinds != total:
        raise refuse(state, Reason.TAKE_MIXED, gems=gems)
    elif total > 3:
        raise refuse(state, Reason.TAKE_TOO_MANY, count=total)
    elif total < 3:
        available = tuple(c for c in COLOURS if state.supply.get(c))
        if len(available) >= 3:
            raise refuse(state, Reason.TAKE_MORE_COLOURS, count=total, available=available)


def card_at_place(state: GameState, place: Slot | DeckTop | HandSlot) -> Card:
    """The card a command names, or the reason there is none."""
    if isinstance(place, Slot):
        row = state.rows[LEVELS.index(place.level)]
        if place.index > len(row):
            raise refuse(state, Reason.NO_SUCH_SLOT, place=place, slots=len(row) or ROW_SLOTS)
        card = row[place.index - 1]
        if card is None:
            waiting = str(place) in state.refills
            raise refuse(state, Reason.EMPTY_SLOT, place=place, what="waiting" if waiting else "used_up")
        return card
    if isinstance(place, DeckTop):
        return _deck_top(state, place)
    hand = state.player.reserved
    if place.index > len(hand):
        raise refuse(state, Reason.NO_SUCH_HAND_CARD, place=place, held=len(hand))
    card = hand[place.index - 1].card
    assert card is not None, "a view cannot buy an unknown card"
    return card


def _deck_top(state: GameState, place: DeckTop) -> Card:
    """The top card of a deck, or why there is none."""
    base = place.word == DeckTop.BASE_WORD
    if not base and state.deck_module(place.word) is None:
        raise refuse(state, Reason.NO_DECK, place=place, what=place.word)
    deck = state.deck_at(place)
    if not deck:
        raise refuse(state, Reason.EMPTY_DECK, level=place.level, what="base" if base else place.word)
    top = deck[0]
    assert top is not None, "a view cannot draw from a deck"
    return top


def check_take(state: GameState, place: Slot | DeckTop | HandSlot, card: Card) -> None:
    """The modules' say on whether the current player may take this card."""
    for module in state.modules:
        module.check_take(state, place, card)


def _reserve(state: GameState, place: Slot | DeckTop) -> CardReserved:
    if len(state.player.reserved) >= state.rules.hand_limit:
        raise refuse(state, Reason.HAND_FULL, held=len(state.player.reserved))
    card = card_at_place(state, place)
    check_take(state, place, card)
    gold = 1 if state.supply.get(Gem.GOLD) else 0
    return CardReserved(player=state.current, source=place, card=card, gold=gold)


def buy(state: GameState, command: Buy) -> CardBought:
    """A purchase: the modules' own way of paying where they have one, else gems and gold."""
    place = command.place
    card = card_at_place(state, place)
    check_take(state, place, card)
    for module in state.modules:
        bought = module.decide_buy(state, place, card, command)
        if bought is not None:
            return bought
    if command.discard is not None:
        raise refuse(state, Reason.DISCARD_NOT_NEEDED, card=card)
    if command.gold_cards:
        raise refuse(state, Reason.GOLD_CARDS_SHORT, wanted=command.gold_cards, owned=0)
    player = state.player
    need = needed(card.cost, player.bonuses)
    if command.pay is not None:
        paid = explicit_payment(need, player.tokens, command.pay,
                                lambda reason, **d: refuse(state, reason, card=card, **d))
        return CardBought(player=state.current, source=place, card=card, paid=paid)
    default = default_payment(need, player.tokens)
    if default is None:
        raise cannot_afford(state, card, 0)
    return CardBought(player=state.current, source=place, card=card, paid=default)


def cannot_afford(state: GameState, card: Card, gold_from_cards: int) -> IllegalAction:
    """Why a card is out of reach: the gems missing, and the gold (tokens and whatever
    else a module counts as gold) that cannot cover them."""
    player = state.player
    short = shortfall(needed(card.cost, player.bonuses), player.tokens)
    gold = player.tokens.get(Gem.GOLD) + gold_from_cards
    return refuse(state, Reason.CANNOT_AFFORD, card=card, short=short, gold=gold,
                   what="some_gold" if gold else "no_gold")


def price(state: GameState, seat: int, card: Card) -> tuple[GemCounts, tuple[Card, ...]] | None:
    """What buying a card would cost a player by default: the gems paid and any cards given
    up; None when they cannot."""
    player = state.players[seat]
    for module in state.modules:
        priced = module.price(player, card)
        if priced is not False:
            return priced  # type: ignore[return-value]
    paid = default_payment(needed(card.cost, player.bonuses), player.tokens)
    return (paid, ()) if paid is not None else None


def _return(state: GameState, gems: GemCounts) -> TokensReturned:
    excess = state.player.token_count - state.rules.token_limit
    if gems.total != excess:
        raise refuse(state, Reason.RETURN_WRONG_COUNT, needed=excess, named=gems.total)
    for gem in GEMS:
        if gems.get(gem) > state.player.tokens.get(gem):
            raise refuse(state, Reason.RETURN_NOT_HELD, gem=gem, named=gems.get(gem),
                          held=state.player.tokens.get(gem))
    return TokensReturned(player=state.current, gems=gems)


def _noble(state: GameState, index: int) -> NobleVisited:
    options = state.noble_options()
    if not 1 <= index <= len(options):
        raise refuse(state, Reason.NO_SUCH_NOBLE, index=index, count=len(options))
    noble = options[index - 1]
    if noble is None:
        raise refuse(state, Reason.NOBLE_GONE, index=index)
    if index - 1 not in state.qualifying_nobles():
        missing = GemCounts(max(0, r - b) for r, b in zip(noble.requirement, state.player.bonuses, strict=False))
        raise refuse(state, Reason.NOBLE_NOT_MET, index=index, noble=noble, missing=missing)
    return NobleVisited(player=state.current, noble=noble)


def _pass(state: GameState, _command: Pass) -> Event:
    if _has_action(state):
        raise refuse(state, Reason.PASS_NOT_ALLOWED)
    return Passed(player=state.current)


_DECIDERS: dict[type, Callable[[GameState, Any], Event]] = {
    TakeGems: lambda state, c: _take(state, c.gems),
    Reserve: lambda state, c: _reserve(state, c.place),
    Buy: buy,
    ReturnTokens: lambda state, c: _return(state, c.gems),
    ChooseNoble: lambda state, c: _noble(state, c.index),
    Pass: _pass,
}
"""How each kind of the base game's commands is decided, looked up by its type; a
module's are in its ``deciders``."""


def _decider(state: GameState, command: Command) -> Callable[[GameState, Any], Event]:
    decide_one = _DECIDERS.get(type(command))
    if decide_one is not None:
        return decide_one
    for module in state.modules:
        decide_one = module.deciders.get(type(command))
        if decide_one is not None:
            return decide_one
    raise TypeError(f"not a command: {command!r}")


def action_event(state: GameState, command: Command) -> Event:
    """The one event a command makes, or the reason it is refused. The phase is judged
    first: a module's command is refused there when its module is not in play."""
    _check_phase(state, command)
    return _decider(state, command)(state, command)


def automatic_event(state: GameState) -> Event | None:
    """An event that follows without a choice: a lone qualifying noble, or the result."""
    if state.phase is Phase.NOBLE:
        places = state.qualifying_nobles()
        if len(places) == 1:
            noble = state.noble_options()[places[0]]
            assert noble is not None
            return NobleVisited(player=state.current, noble=noble)
    if state.phase is Phase.ENDING:
        return GameEnded(scores=state.scores(), winners=state.leaders())
    return None


def decide_and_apply(state: GameState, command: Command) -> tuple[tuple[Event, ...], GameState]:
    """The events a command makes, with any that follow on their own, and the new state.

    Raises:
        IllegalAction: with the reason and its numbers; nothing has changed.
    """
    event = action_event(state, command)
    events = [event]
    state = evolve(state, event)
    follow = automatic_event(state)
    while follow is not None:
        events.append(follow)
        state = evolve(state, follow)
        follow = automatic_event(state)
    return tuple(events), state


def decide(state: GameState, command: Command) -> tuple[Event, ...]:
    """The events a command makes (see ``decide_and_apply``).

    Raises:
        IllegalAction: with the reason and its numbers.
    """
    return decide_and_apply(state, command)[0]


def _takes(state: GameState) -> list[Command]:
    available = [c for c in COLOURS if state.supply[c.order]]
    commands: list[Command] = []
    size = min(3, len(available))
    sizes = [3] if size == 3 else range(size, 0, -1)
    for k in sizes:
        for combo in combinations(available, k):
            counts = [0] * 6
            for gem in combo:
                counts[gem.order] = 1
            commands.append(TakeGems(GemCounts(counts)))
    for gem in available:
        if state.supply[gem.order] >= state.rules.take_two_minimum:
            counts = [0] * 6
            counts[gem.order] = 2
            commands.append(TakeGems(GemCounts(counts)))
    return commands


def _reserves(state: GameState) -> list[Command]:
    if len(state.player.reserved) >= state.rules.hand_limit:
        return []
    commands: list[Command] = []
    for level, row in zip(LEVELS, state.rows, strict=False):
        commands.extend(Reserve(Slot(level, i + 1)) for i, card in enumerate(row)
                        if card is not None and not _blocked(state, level, i))
    commands.extend(Reserve(DeckTop(level)) for level, deck in zip(LEVELS, state.decks, strict=False) if deck)
    for module in state.modules:
        if module.deck_word:
            commands.extend(Reserve(DeckTop(level, module.deck_word)) for level in LEVELS
                            if module.deck(state, level))
    return commands


def _affordable(state: GameState, card: Card) -> bool:
    """Whether the current player can buy a card: it has a price for them. In the base
    game that is a closed sum (the hot path of legal moves); a module's price decides in
    its games."""
    if state.modules:
        return price(state, state.current, card) is not None
    player = state.player
    return not gems_missing(card.cost, player.bonuses, player.tokens)


def _blocked(state: GameState, level: str, index: int) -> bool:
    """Whether a module keeps the current player from taking the card at a slot."""
    return bool(state.modules) and state.kept_from(f"{level}{index + 1}", state.current) is not None


def _buys(state: GameState) -> list[Command]:
    commands: list[Command] = []
    for level, row in zip(LEVELS, state.rows, strict=False):
        commands.extend(
            Buy(Slot(level, i + 1)) for i, card in enumerate(row)
            if card is not None and _affordable(state, card) and not _blocked(state, level, i)
        )
    commands.extend(
        Buy(HandSlot(i + 1))
        for i, held in enumerate(state.player.reserved)
        if held.card is not None and _affordable(state, held.card)
    )
    return commands


def _returns(state: GameState) -> list[Command]:
    excess = state.player.token_count - state.rules.token_limit
    held = state.player.tokens
    pool = [gem for gem in GEMS if held[gem.order]]
    commands: list[Command] = []
    for combo in combinations_with_replacement(pool, excess):
        counts = [0] * 6
        for gem in combo:
            counts[gem.order] += 1
        if all(counts[i] <= held[i] for i in range(6)):
            commands.append(ReturnTokens(GemCounts(counts)))
    return commands


def _has_action(state: GameState) -> bool:
    return bool(_takes(state) or _reserves(state) or _buys(state))


def legal_commands(state: GameState) -> list[Command]:
    """Every legal command, in a fixed order: takes, reserves, buys; or returns; or nobles; or pass.

    A buy appears once, with the default payment; an explicit ``pay`` for the same card is
    legal exactly when it is a valid payment (see ``payment.explicit_payment``).
    """
    phase = state.phase
    if phase is Phase.ACTION:
        commands = _takes(state) + _reserves(state) + _buys(state)
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


def _reserve_for(event: CardReserved) -> Command | None:
    place = event.source
    return None if isinstance(place, HandSlot) else Reserve(place)


def _buy_for(event: CardBought) -> Command | None:
    place = event.source
    if isinstance(place, DeckTop):
        return None
    if event.card.discard is not None:
        return Buy(place, None, None, tuple(c.text for c in event.discarded))
    spent = sum(1 for c in event.discarded if c.double_gold)
    return Buy(place, event.paid, spent or None)


def _noble_for(state: GameState, event: NobleVisited) -> Command:
    """The choice a noble's visit answers, by the noble's number as the player sees it."""
    choices = state.noble_options()
    return ChooseNoble(choices.index(event.noble) + 1 if event.noble in choices else len(choices) + 1)


_COMMANDS_FOR: dict[type, Callable[[GameState, Any], Command | None]] = {
    GemsTaken: lambda state, e: TakeGems(e.gems),
    CardReserved: lambda state, e: _reserve_for(e),
    CardBought: lambda state, e: _buy_for(e),
    TokensReturned: lambda state, e: ReturnTokens(e.gems),
    Passed: lambda state, e: Pass(),
    NobleVisited: _noble_for,
}
"""The command that makes each kind of the base game's logged events, looked up by its
type; a module's are in its ``commands_for``."""


def command_for(state: GameState, event: Event) -> Command | None:
    """The command that would have made an event, for judging a logged event."""
    make = _COMMANDS_FOR.get(type(event))
    for module in state.modules:
        make = make or module.commands_for.get(type(event))
    return make(state, event) if make is not None else None
