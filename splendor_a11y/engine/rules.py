"""The rules: ``decide`` turns a command into events or refuses it; ``check`` judges a
logged event by the same code; ``legal_commands`` lists every legal command in order.

One source of truth: the console, the bots, narration and log replay all come here.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from ..cards import Card
from ..notation import COLOURS, GEMS, LEVELS, DeckTop, Gem, GemCounts, HandSlot, Slot, parse_place
from .commands import Buy, ChooseNoble, Command, Conquer, Decline, Hold, Oust, Pass, Reserve, ReturnTokens, TakeGems
from .events import (
    CardBought,
    CardReserved,
    ConquestDeclined,
    Event,
    GameEnded,
    GemsTaken,
    NobleVisited,
    Passed,
    StrongholdOusted,
    StrongholdPlaced,
    TokensReturned,
)
from .fold import evolve
from .payment import default_payment, explicit_payment, needed, shortfall
from .refusals import IllegalAction, Reason
from .state import HAND_LIMIT, ROW_SLOTS, STRONGHOLDS_EACH, TOKEN_LIMIT, GameState, Phase
from .strongholds import conquest_slot, stronghold_options

__all__ = ["automatic_event", "decide", "decide_and_apply", "legal_commands"]

TAKE_TWO_MINIMUM = 4


def _refuse(state: GameState, reason: Reason, **details: object) -> IllegalAction:
    return IllegalAction(reason, state.current, **details)


def _check_phase(state: GameState, command: Command) -> None:
    """Refuse a command that does not answer what the game waits for."""
    phase = state.phase
    if phase is Phase.OVER or phase is Phase.ENDING:
        raise _refuse(state, Reason.GAME_OVER)
    if phase is Phase.SETUP:
        raise _refuse(state, Reason.NOT_DEALT)
    if phase is Phase.RETURN and not isinstance(command, ReturnTokens):
        raise _refuse(state, Reason.RETURN_DUE, held=state.player.token_count,
                      excess=state.player.token_count - TOKEN_LIMIT)
    if phase is Phase.NOBLE and not isinstance(command, ChooseNoble):
        raise _refuse(state, Reason.NOBLE_DUE, choices=tuple(i + 1 for i in state.qualifying_nobles()))
    if phase is Phase.STRONGHOLD and not isinstance(command, Hold | Oust):
        raise _refuse(state, Reason.STRONGHOLD_DUE)
    if phase is Phase.CONQUEST and not isinstance(command, Conquer | Decline | Buy):
        raise _refuse(state, Reason.CONQUEST_DUE, place=conquest_slot(state))
    if phase is not Phase.STRONGHOLD and isinstance(command, Hold | Oust):
        raise _refuse(state, Reason.NO_STRONGHOLD_DUE, what="on" if state.strongholds else "off")
    if phase is not Phase.CONQUEST and isinstance(command, Conquer | Decline):
        raise _refuse(state, Reason.NO_CONQUEST, what="on" if state.strongholds else "off")
    if phase is Phase.ACTION and isinstance(command, ReturnTokens):
        raise _refuse(state, Reason.NO_RETURN_DUE, held=state.player.token_count)
    if phase is Phase.ACTION and isinstance(command, ChooseNoble):
        raise _refuse(state, Reason.NO_NOBLE_DUE)


def _take(state: GameState, gems: GemCounts) -> GemsTaken:
    if gems.get(Gem.GOLD):
        raise _refuse(state, Reason.TAKE_GOLD)
    total = gems.total
    if total == 0:
        raise _refuse(state, Reason.TAKE_NOTHING)
    for gem in gems.gems():
        if state.supply.get(gem) == 0:
            raise _refuse(state, Reason.TAKE_EMPTY_PILE, gem=gem)
    kinds = len(gems.gems())
    if kinds == 1 and total == 2:
        gem = gems.gems()[0]
        if state.supply.get(gem) < TAKE_TWO_MINIMUM:
            raise _refuse(state, Reason.TAKE_TWO_LOW, gem=gem, supply=state.supply.get(gem))
    elif kinds != total:
        raise _refuse(state, Reason.TAKE_MIXED, gems=gems)
    elif total > 3:
        raise _refuse(state, Reason.TAKE_TOO_MANY, count=total)
    elif total < 3:
        available = tuple(c for c in COLOURS if state.supply.get(c))
        if len(available) >= 3:
            raise _refuse(state, Reason.TAKE_MORE_COLOURS, count=total, available=available)
    return GemsTaken(player=state.current, gems=gems)


def _card_at_place(state: GameState, place: Slot | DeckTop | HandSlot) -> Card:
    """The card a reserve or a buy names, or the reason there is none."""
    if isinstance(place, Slot):
        row = state.rows[LEVELS.index(place.level)]
        if place.index > len(row):
            raise _refuse(state, Reason.NO_SUCH_SLOT, place=place, slots=len(row) or ROW_SLOTS)
        card = row[place.index - 1]
        if card is None:
            raise _refuse(state, Reason.EMPTY_SLOT, place=place)
        return card
    if isinstance(place, DeckTop):
        deck = state.decks[LEVELS.index(place.level)]
        if not deck:
            raise _refuse(state, Reason.EMPTY_DECK, level=place.level)
        top = deck[0]
        assert top is not None, "a view cannot draw from a deck"
        return top
    hand = state.player.reserved
    if place.index > len(hand):
        raise _refuse(state, Reason.NO_SUCH_HAND_CARD, place=place, held=len(hand))
    card = hand[place.index - 1].card
    assert card is not None, "a view cannot buy an unknown card"
    return card


def _check_not_occupied(state: GameState, place: Slot | DeckTop | HandSlot, card: Card) -> None:
    """The Strongholds module: only the player whose strongholds are on a card may take it."""
    if isinstance(place, Slot) and state.strongholds:
        owner = state.occupied_by_other(str(place), state.current)
        if owner is not None:
            raise _refuse(state, Reason.OCCUPIED, place=place, card=card, owner=state.players[owner].name)


def _reserve(state: GameState, place: Slot | DeckTop) -> CardReserved:
    if len(state.player.reserved) >= HAND_LIMIT:
        raise _refuse(state, Reason.HAND_FULL, held=len(state.player.reserved))
    card = _card_at_place(state, place)
    _check_not_occupied(state, place, card)
    gold = 1 if state.supply.get(Gem.GOLD) else 0
    return CardReserved(player=state.current, source=str(place), card=card, gold=gold)


def _buy(state: GameState, place: Slot | HandSlot, pay: GemCounts | None) -> CardBought:
    if state.phase is Phase.CONQUEST and place != conquest_slot(state):
        raise _refuse(state, Reason.CONQUEST_DUE, place=conquest_slot(state))
    card = _card_at_place(state, place)
    _check_not_occupied(state, place, card)
    player = state.player
    need = needed(card.cost, player.bonuses)
    if pay is None:
        paid = default_payment(need, player.tokens)
        if paid is None:
            short = shortfall(need, player.tokens)
            raise _refuse(state, Reason.CANNOT_AFFORD, card=card, short=short,
                          gold=player.tokens.get(Gem.GOLD))
    else:
        paid = explicit_payment(need, player.tokens, pay, lambda reason, **d: _refuse(state, reason, card=card, **d))
    return CardBought(player=state.current, source=str(place), card=card, paid=paid)


def _hold(state: GameState, to: Slot, source: Slot | None) -> StrongholdPlaced:
    seat = state.current
    mine = state.strongholds[seat]
    card = _card_at_place(state, to)
    owner = state.occupied_by_other(str(to), seat)
    if owner is not None:
        raise _refuse(state, Reason.OCCUPIED, place=to, card=card, owner=state.players[owner].name)
    if source is None:
        if len(mine) >= STRONGHOLDS_EACH:
            raise _refuse(state, Reason.NO_STRONGHOLD_LEFT, places=tuple(sorted(set(mine))), first=mine[0])
        return StrongholdPlaced(player=seat, to=str(to))
    if str(source) not in mine:
        raise _refuse(state, Reason.NOT_YOUR_STRONGHOLD, place=source)
    if source == to:
        raise _refuse(state, Reason.STRONGHOLD_SAME_PLACE, place=to)
    return StrongholdPlaced(player=seat, to=str(to), source=str(source))


def _oust(state: GameState, place: Slot) -> StrongholdOusted:
    _card_at_place(state, place)
    holders = state.holders(str(place))
    if len(holders) != 1 or sum(holders.values()) != 1 or state.current in holders:
        raise _refuse(state, Reason.OUST_NOT_LONE, place=place, count=sum(holders.values()))
    return StrongholdOusted(player=state.current, place=str(place), owner=next(iter(holders)))


def _return(state: GameState, gems: GemCounts) -> TokensReturned:
    excess = state.player.token_count - TOKEN_LIMIT
    if gems.total != excess:
        raise _refuse(state, Reason.RETURN_WRONG_COUNT, needed=excess, named=gems.total)
    for gem in GEMS:
        if gems.get(gem) > state.player.tokens.get(gem):
            raise _refuse(state, Reason.RETURN_NOT_HELD, gem=gem, named=gems.get(gem),
                          held=state.player.tokens.get(gem))
    return TokensReturned(player=state.current, gems=gems)


def _noble(state: GameState, index: int) -> NobleVisited:
    if not 1 <= index <= len(state.nobles):
        raise _refuse(state, Reason.NO_SUCH_NOBLE, index=index, count=len(state.nobles))
    noble = state.nobles[index - 1]
    if noble is None:
        raise _refuse(state, Reason.NOBLE_GONE, index=index)
    if index - 1 not in state.qualifying_nobles():
        missing = GemCounts(max(0, r - b) for r, b in zip(noble.requirement, state.player.bonuses))
        raise _refuse(state, Reason.NOBLE_NOT_MET, index=index, noble=noble, missing=missing)
    return NobleVisited(player=state.current, noble=noble)


def action_event(state: GameState, command: Command) -> Event:
    """The one event a command makes, or the reason it is refused."""
    _check_phase(state, command)
    match command:
        case TakeGems(gems=gems):
            return _take(state, gems)
        case Reserve(place=place):
            return _reserve(state, place)
        case Buy(place=place, pay=pay):
            return _buy(state, place, pay)
        case ReturnTokens(gems=gems):
            return _return(state, gems)
        case ChooseNoble(index=index):
            return _noble(state, index)
        case Pass():
            if _has_action(state):
                raise _refuse(state, Reason.PASS_NOT_ALLOWED)
            return Passed(player=state.current)
        case Hold(to=to, source=source):
            return _hold(state, to, source)
        case Oust(place=place):
            return _oust(state, place)
        case Conquer(pay=pay):
            slot = conquest_slot(state)
            assert slot is not None, "the conquest phase always has its card"
            return _buy(state, slot, pay)
        case Decline():
            return ConquestDeclined(player=state.current)
    raise TypeError(f"not a command: {command!r}")


def automatic_event(state: GameState) -> Event | None:
    """An event that follows without a choice: a lone qualifying noble, or the result."""
    if state.phase is Phase.NOBLE:
        places = state.qualifying_nobles()
        if len(places) == 1:
            noble = state.nobles[places[0]]
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
    available = [c for c in COLOURS if state.supply[c.index]]
    commands: list[Command] = []
    size = min(3, len(available))
    sizes = [3] if size == 3 else range(size, 0, -1)
    for k in sizes:
        for combo in combinations(available, k):
            counts = [0] * 6
            for gem in combo:
                counts[gem.index] = 1
            commands.append(TakeGems(GemCounts(counts)))
    for gem in available:
        if state.supply[gem.index] >= TAKE_TWO_MINIMUM:
            counts = [0] * 6
            counts[gem.index] = 2
            commands.append(TakeGems(GemCounts(counts)))
    return commands


def _reserves(state: GameState) -> list[Command]:
    if len(state.player.reserved) >= HAND_LIMIT:
        return []
    commands: list[Command] = []
    for level, row in zip(LEVELS, state.rows):
        commands.extend(Reserve(Slot(level, i + 1)) for i, card in enumerate(row)
                        if card is not None and not _held_by_other(state, level, i))
    commands.extend(Reserve(DeckTop(level)) for level, deck in zip(LEVELS, state.decks) if deck)
    return commands


def _affordable(state: GameState, card: Card) -> bool:
    player = state.player
    tokens, bonuses, cost = player.tokens, player.bonuses, card.cost
    short = 0
    for i in range(5):
        gap = cost[i] - bonuses[i] - tokens[i]
        if gap > 0:
            short += gap
    return short <= tokens[5]


def _held_by_other(state: GameState, level: str, index: int) -> bool:
    return bool(state.strongholds) and state.occupied_by_other(f"{level}{index + 1}", state.current) is not None


def _buys(state: GameState) -> list[Command]:
    commands: list[Command] = []
    for level, row in zip(LEVELS, state.rows):
        commands.extend(
            Buy(Slot(level, i + 1)) for i, card in enumerate(row)
            if card is not None and _affordable(state, card) and not _held_by_other(state, level, i)
        )
    commands.extend(
        Buy(HandSlot(i + 1))
        for i, held in enumerate(state.player.reserved)
        if held.card is not None and _affordable(state, held.card)
    )
    return commands


def _returns(state: GameState) -> list[Command]:
    excess = state.player.token_count - TOKEN_LIMIT
    held = state.player.tokens
    pool = [gem for gem in GEMS if held[gem.index]]
    commands: list[Command] = []
    for combo in combinations_with_replacement(pool, excess):
        counts = [0] * 6
        for gem in combo:
            counts[gem.index] += 1
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
    if phase is Phase.STRONGHOLD:
        return list(stronghold_options(state))
    if phase is Phase.CONQUEST:
        return [Conquer(), Decline()]
    return []


def command_for(event: Event) -> Command | None:
    """The command that would have made an event, for judging a logged event."""
    match event:
        case GemsTaken(gems=gems):
            return TakeGems(gems)
        case CardReserved(source=source):
            place = parse_place(source)
            if isinstance(place, HandSlot):
                return None
            return Reserve(place)
        case CardBought(source=source, paid=paid):
            place = parse_place(source)
            if isinstance(place, DeckTop):
                return None
            return Buy(place, paid)
        case TokensReturned(gems=gems):
            return ReturnTokens(gems)
        case Passed():
            return Pass()
        case StrongholdPlaced(to=to, source=source):
            return Hold(_slot(to), _slot(source) if source else None)
        case StrongholdOusted(place=place):
            return Oust(_slot(place))
        case ConquestDeclined():
            return Decline()
    return None


def _slot(text: str) -> Slot:
    place = parse_place(text)
    if not isinstance(place, Slot):
        raise IllegalAction(Reason.BAD_SOURCE, -1, source=text)
    return place
