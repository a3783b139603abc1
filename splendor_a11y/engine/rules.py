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
    NotationError,
    Slot,
    parse_card_head,
    parse_place,
    parse_slot,
)
from splendor_a11y.engine.commands import (
    Associate,
    Buy,
    ChooseNoble,
    Command,
    Conquer,
    Decline,
    Hold,
    Oust,
    Pass,
    Reserve,
    ReserveNoble,
    ReturnTokens,
    TakeFree,
    TakeGems,
)
from splendor_a11y.engine.events import (
    CardAssociated,
    CardBought,
    CardReserved,
    ConquestDeclined,
    Event,
    FreeCardTaken,
    GameEnded,
    GemsTaken,
    NobleReserved,
    NobleVisited,
    Passed,
    StrongholdOusted,
    StrongholdPlaced,
    TokensReturned,
)
from splendor_a11y.engine.fold import evolve
from splendor_a11y.engine.modules.orient import (
    discard_choice,
    free_options,
    gold_cards,
    partner_options,
    pending_associate,
    pending_free_level,
    virtual_payment,
)
from splendor_a11y.engine.modules.strongholds import conquest_slot, stronghold_options
from splendor_a11y.engine.payment import explicit_payment, gems_missing, needed, shortfall
from splendor_a11y.engine.refusals import IllegalAction, Reason
from splendor_a11y.engine.state import ROW_SLOTS, GameState, Phase

__all__ = ["automatic_event", "decide", "decide_and_apply", "legal_commands"]


def _refuse(state: GameState, reason: Reason, **details: object) -> IllegalAction:
    return IllegalAction(reason, state.current, **details)


def _check_phase(state: GameState, command: Command) -> None:
    """Refuse a command that does not answer what the game waits for."""
    phase = state.phase
    if phase is Phase.OVER or phase is Phase.ENDING:
        raise _refuse(state, Reason.GAME_OVER)
    if phase is Phase.SETUP:
        raise _refuse(state, Reason.NOT_DEALT)
    _check_awaited(state, command)
    _check_effect_due(state, command)
    _check_stronghold_awaited(state, command)
    _check_not_due(state, command)


def _check_awaited(state: GameState, command: Command) -> None:
    """While the game waits for tokens back or a noble's choice, no other command is taken."""
    phase = state.phase
    if phase is Phase.RETURN and not isinstance(command, ReturnTokens):
        raise _refuse(state, Reason.RETURN_DUE, held=state.player.token_count,
                      excess=state.player.token_count - state.rules.token_limit)
    if phase is Phase.NOBLE and not isinstance(command, ChooseNoble):
        raise _refuse(state, Reason.NOBLE_DUE, choices=tuple(i + 1 for i in state.qualifying_nobles()))


def _check_stronghold_awaited(state: GameState, command: Command) -> None:
    """While a stronghold or a conquest is awaited, no other command is taken."""
    phase = state.phase
    if phase is Phase.STRONGHOLD and not isinstance(command, Hold | Oust):
        raise _refuse(state, Reason.STRONGHOLD_DUE)
    if phase is Phase.CONQUEST and not isinstance(command, Conquer | Decline | Buy):
        raise _refuse(state, Reason.CONQUEST_DUE, place=conquest_slot(state))


_EFFECT_PHASES = ((Phase.ASSOCIATE, Associate, Reason.ASSOCIATE_DUE),
                  (Phase.FREE_CARD, TakeFree, Reason.FREE_CARD_DUE),
                  (Phase.NOBLE_RESERVE, ReserveNoble, Reason.NOBLE_RESERVE_DUE))


def _check_effect_due(state: GameState, command: Command) -> None:
    """An Orient card's effect is answered right after the card, and only then."""
    for waiting, kind, reason in _EFFECT_PHASES:
        if state.phase is waiting and not isinstance(command, kind):
            raise _refuse(state, reason, level=pending_free_level(state))
        if state.phase is not waiting and isinstance(command, kind):
            raise _refuse(state, Reason.NO_EFFECT_DUE, what="on" if "orient" in state.modules else "off")


def _check_not_due(state: GameState, command: Command) -> None:
    """A command that answers a decision the game is not waiting for."""
    phase = state.phase
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
            raise _refuse(state, Reason.TAKE_TWO_LOW, gem=gem, supply=state.supply.get(gem))
    elif kinds != total:
        raise _refuse(state, Reason.TAKE_MIXED, gems=gems)
    elif total > 3:
        raise _refuse(state, Reason.TAKE_TOO_MANY, count=total)
    elif total < 3:
        available = tuple(c for c in COLOURS if state.supply.get(c))
        if len(available) >= 3:
            raise _refuse(state, Reason.TAKE_MORE_COLOURS, count=total, available=available)


def _card_at_place(state: GameState, place: Slot | DeckTop | HandSlot) -> Card:
    """The card a reserve or a buy names, or the reason there is none."""
    if isinstance(place, Slot):
        row = state.rows[LEVELS.index(place.level)]
        if place.index > len(row):
            raise _refuse(state, Reason.NO_SUCH_SLOT, place=place, slots=len(row) or ROW_SLOTS)
        card = row[place.index - 1]
        if card is None:
            waiting = str(place) in state.refills
            raise _refuse(state, Reason.EMPTY_SLOT, place=place, what="waiting" if waiting else "used_up")
        return card
    if isinstance(place, DeckTop):
        if place.orient and not state.orient_decks:
            raise _refuse(state, Reason.NO_ORIENT, place=place)
        deck = (state.orient_decks if place.orient else state.decks)[LEVELS.index(place.level)]
        if not deck:
            raise _refuse(state, Reason.EMPTY_DECK, level=place.level, what="orient" if place.orient else "base")
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
    if len(state.player.reserved) >= state.rules.hand_limit:
        raise _refuse(state, Reason.HAND_FULL, held=len(state.player.reserved))
    card = _card_at_place(state, place)
    _check_not_occupied(state, place, card)
    gold = 1 if state.supply.get(Gem.GOLD) else 0
    return CardReserved(player=state.current, source=str(place), card=card, gold=gold)


def _named_discards(state: GameState, card: Card, named: tuple[str, ...]) -> tuple[Card, Card]:
    """The two cards the player named to pay a discard card, checked against the rules:
    their own, of the card's colour, two different ones, cards that took the colour first."""
    player = state.player
    gem = card.discard
    chosen: list[Card] = []
    for code in named:
        try:
            wanted = Card.parse(code) if " " in code.strip() else None
            head = parse_card_head(code.strip().split()[0]).text
        except NotationError:
            raise _refuse(state, Reason.DISCARD_NOT_OWNED, code=code) from None
        mine = [c for c in player.bought if c not in chosen and (c == wanted if wanted else c.head == head)]
        if not mine:
            raise _refuse(state, Reason.DISCARD_NOT_OWNED, code=code)
        if player.colour_of(mine[0])[0] is not gem:
            raise _refuse(state, Reason.DISCARD_WRONG_COLOUR, card=mine[0], gem=gem)
        chosen.append(mine[0])
    if len(chosen) != 2:
        raise _refuse(state, Reason.DISCARD_TWO, count=len(chosen))
    takers = [c for c in player.bought if c.associate and player.colour_of(c)[0] is gem]
    if sum(1 for c in chosen if c in takers) < min(2, len(takers)):
        raise _refuse(state, Reason.DISCARD_TAKERS_FIRST, gem=gem, takers=takers[0])
    return chosen[0], chosen[1]


def _buy(state: GameState, place: Slot | HandSlot, pay: GemCounts | None,
         gold_cards_wanted: int | None = None, discard: tuple[str, ...] | None = None) -> CardBought:
    if state.phase is Phase.CONQUEST and place != conquest_slot(state):
        raise _refuse(state, Reason.CONQUEST_DUE, place=conquest_slot(state))
    card = _card_at_place(state, place)
    _check_not_occupied(state, place, card)
    if discard is not None and card.discard is None:
        raise _refuse(state, Reason.DISCARD_NOT_NEEDED, card=card)
    if card.discard is not None:
        return _buy_by_discarding(state, place, card, discard)
    if card.associate and not partner_options(state.player):
        raise _refuse(state, Reason.NO_PARTNER, card=card)
    owned = gold_cards(state.player)
    if gold_cards_wanted is not None and gold_cards_wanted > len(owned):
        raise _refuse(state, Reason.GOLD_CARDS_SHORT, wanted=gold_cards_wanted, owned=len(owned))
    if pay is None:
        paid, spent = _default_payment(state, card, len(owned), gold_cards_wanted)
    else:
        paid, spent = _named_payment(state, card, pay, gold_cards_wanted or 0)
    return CardBought(player=state.current, source=str(place), card=card, paid=paid,
                      discarded=tuple(owned[:spent]))


def _buy_by_discarding(state: GameState, place: Slot | HandSlot, card: Card,
                       discard: tuple[str, ...] | None) -> CardBought:
    """An Orient card paid for by two of the player's cards of its colour."""
    player = state.player
    assert card.discard is not None
    chosen = discard_choice(player, card.discard) if discard is None else _named_discards(state, card, discard)
    if chosen is None:
        have = sum(1 for c in player.bought if player.colour_of(c)[0] is card.discard)
        raise _refuse(state, Reason.DISCARD_SHORT, card=card, gem=card.discard, have_count=have)
    return CardBought(player=state.current, source=str(place), card=card, paid=GemCounts(), discarded=chosen)


def _default_payment(state: GameState, card: Card, owned: int, wanted: int | None) -> tuple[GemCounts, int]:
    """Coloured gems first, then double-gold cards, then gold; or why the card is out of reach."""
    player = state.player
    need = needed(card.cost, player.bonuses)
    paid_cards = virtual_payment(need, player.tokens, owned, wanted)
    if paid_cards is not None:
        return paid_cards
    if wanted and virtual_payment(need, player.tokens, owned, None):
        covered = sum(min(n, t) for n, t in zip(need[:5], player.tokens[:5], strict=True))
        raise _refuse(state, Reason.GOLD_CARDS_UNUSED, wanted=wanted, unpaid=max(0, sum(need[:5]) - covered))
    short = shortfall(need, player.tokens)
    gold = player.tokens.get(Gem.GOLD) + 2 * owned
    raise _refuse(state, Reason.CANNOT_AFFORD, card=card, short=short, gold=gold,
                  what="some_gold" if gold else "no_gold")


def _named_payment(state: GameState, card: Card, pay: GemCounts, spent: int) -> tuple[GemCounts, int]:
    """The gems the player named (``pay``), the double-gold cards covering the rest."""
    player = state.player
    need = needed(card.cost, player.bonuses)
    if spent:
        unpaid = sum(need[:5]) - sum(pay[:5]) - pay[5]
        if not 2 * (spent - 1) < unpaid <= 2 * spent:
            raise _refuse(state, Reason.GOLD_CARDS_UNUSED, wanted=spent, unpaid=max(0, unpaid))
        need = GemCounts(list(need[:5]) + [0]).minus(_spread(need, pay, unpaid))
    paid = explicit_payment(need, player.tokens, pay, lambda reason, **d: _refuse(state, reason, card=card, **d))
    return paid, spent


def _spread(need: GemCounts, pay: GemCounts, virtual: int) -> GemCounts:
    """Which gems virtual gold stands in for: the ones the spelled-out payment leaves unpaid."""
    left = [max(0, n - p) for n, p in zip(need[:5], pay[:5], strict=False)]
    covered = [0] * 6
    gold = pay[5]
    for i in range(5):
        use = min(left[i], gold)
        left[i] -= use
        gold -= use
    for i in range(5):
        use = min(left[i], virtual)
        covered[i] = use
        virtual -= use
    return GemCounts(covered)


def _hold(state: GameState, to: Slot, source: Slot | None) -> StrongholdPlaced:
    seat = state.current
    mine = state.strongholds[seat]
    card = _card_at_place(state, to)
    owner = state.occupied_by_other(str(to), seat)
    if owner is not None:
        raise _refuse(state, Reason.OCCUPIED, place=to, card=card, owner=state.players[owner].name)
    if source is None:
        if len(mine) >= state.rules.strongholds_each:
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
    excess = state.player.token_count - state.rules.token_limit
    if gems.total != excess:
        raise _refuse(state, Reason.RETURN_WRONG_COUNT, needed=excess, named=gems.total)
    for gem in GEMS:
        if gems.get(gem) > state.player.tokens.get(gem):
            raise _refuse(state, Reason.RETURN_NOT_HELD, gem=gem, named=gems.get(gem),
                          held=state.player.tokens.get(gem))
    return TokensReturned(player=state.current, gems=gems)


def _noble(state: GameState, index: int) -> NobleVisited:
    options = state.noble_options()
    if not 1 <= index <= len(options):
        raise _refuse(state, Reason.NO_SUCH_NOBLE, index=index, count=len(options))
    noble = options[index - 1]
    if noble is None:
        raise _refuse(state, Reason.NOBLE_GONE, index=index)
    if index - 1 not in state.qualifying_nobles():
        missing = GemCounts(max(0, r - b) for r, b in zip(noble.requirement, state.player.bonuses, strict=False))
        raise _refuse(state, Reason.NOBLE_NOT_MET, index=index, noble=noble, missing=missing)
    return NobleVisited(player=state.current, noble=noble)


def _pass(state: GameState, _command: Pass) -> Event:
    if _has_action(state):
        raise _refuse(state, Reason.PASS_NOT_ALLOWED)
    return Passed(player=state.current)


def _conquer(state: GameState, command: Conquer) -> Event:
    slot = conquest_slot(state)
    assert slot is not None, "the conquest phase always has its card"
    return _buy(state, slot, command.pay)


def _associate(state: GameState, command: Associate) -> Event:
    player = state.player
    card = pending_associate(player)
    assert card is not None, "the associate phase always has its card"
    options = partner_options(player, card)
    if (command.colour, command.count) not in options:
        raise _refuse(state, Reason.NO_SUCH_PARTNER, gem=command.colour, count=command.count,
                      options=tuple(g.value * n for g, n in options))
    return CardAssociated(player=state.current, card=card, colour=command.colour, count=command.count)


def _take_free(state: GameState, command: TakeFree) -> Event:
    place = command.place
    level = pending_free_level(state)
    card = _card_at_place(state, place)
    if place.level != level:
        raise _refuse(state, Reason.FREE_WRONG_LEVEL, place=place, level=level)
    _check_not_occupied(state, place, card)
    return FreeCardTaken(player=state.current, source=str(place), card=card)


def _reserve_noble(state: GameState, command: ReserveNoble) -> Event:
    index = command.index
    noble = state.nobles[index - 1] if 1 <= index <= len(state.nobles) else None
    if noble is None:
        raise _refuse(state, Reason.NO_SUCH_NOBLE, index=index, count=len(state.nobles))
    return NobleReserved(player=state.current, noble=noble)


_DECIDERS: dict[type, Callable[[GameState, Any], Event]] = {
    TakeGems: lambda state, c: _take(state, c.gems),
    Reserve: lambda state, c: _reserve(state, c.place),
    Buy: lambda state, c: _buy(state, c.place, c.pay, c.gold_cards, c.discard),
    ReturnTokens: lambda state, c: _return(state, c.gems),
    ChooseNoble: lambda state, c: _noble(state, c.index),
    Pass: _pass,
    Hold: lambda state, c: _hold(state, c.to, c.source),
    Oust: lambda state, c: _oust(state, c.place),
    Conquer: _conquer,
    Decline: lambda state, c: ConquestDeclined(player=state.current),
    Associate: _associate,
    TakeFree: _take_free,
    ReserveNoble: _reserve_noble,
}
"""How each kind of command is decided, looked up by its type."""


def action_event(state: GameState, command: Command) -> Event:
    """The one event a command makes, or the reason it is refused."""
    decide_one = _DECIDERS.get(type(command))
    if decide_one is None:
        raise TypeError(f"not a command: {command!r}")
    _check_phase(state, command)
    return decide_one(state, command)


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
                        if card is not None and not _held_by_other(state, level, i))
    commands.extend(Reserve(DeckTop(level)) for level, deck in zip(LEVELS, state.decks, strict=False) if deck)
    commands.extend(Reserve(DeckTop(level, True))
                    for level, deck in zip(LEVELS, state.orient_decks, strict=False) if deck)
    return commands


def _affordable(state: GameState, card: Card) -> bool:
    player = state.player
    if card.orient:
        if card.discard is not None:
            return discard_choice(player, card.discard) is not None
        if card.associate and not partner_options(player):
            return False
    missing = gems_missing(card.cost, player.bonuses, player.tokens)
    if not missing:
        return True
    return bool(state.orient_decks) and missing <= 2 * len(gold_cards(player))


def _held_by_other(state: GameState, level: str, index: int) -> bool:
    return bool(state.strongholds) and state.occupied_by_other(f"{level}{index + 1}", state.current) is not None


def _buys(state: GameState) -> list[Command]:
    commands: list[Command] = []
    for level, row in zip(LEVELS, state.rows, strict=False):
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
    if phase is Phase.ASSOCIATE:
        card = pending_associate(state.player)
        return [Associate(gem, count) for gem, count in partner_options(state.player, card)]
    if phase is Phase.FREE_CARD:
        return [TakeFree(slot) for slot in free_options(state, pending_free_level(state))]
    if phase is Phase.NOBLE_RESERVE:
        return [ReserveNoble(i + 1) for i, noble in enumerate(state.nobles) if noble is not None]
    if phase is Phase.STRONGHOLD:
        return list(stronghold_options(state))
    if phase is Phase.CONQUEST:
        return [Conquer(), Decline()]
    return []


def _reserve_for(event: CardReserved) -> Command | None:
    place = parse_place(event.source)
    return None if isinstance(place, HandSlot) else Reserve(place)


def _buy_for(event: CardBought) -> Command | None:
    place = parse_place(event.source)
    if isinstance(place, DeckTop):
        return None
    if event.card.discard is not None:
        return Buy(place, None, None, tuple(c.text for c in event.discarded))
    spent = sum(1 for c in event.discarded if c.double_gold)
    return Buy(place, event.paid, spent or None)


_COMMANDS_FOR: dict[type, Callable[[Any], Command | None]] = {
    GemsTaken: lambda e: TakeGems(e.gems),
    CardReserved: _reserve_for,
    CardBought: _buy_for,
    TokensReturned: lambda e: ReturnTokens(e.gems),
    Passed: lambda e: Pass(),
    StrongholdPlaced: lambda e: Hold(_slot(e.to), _slot(e.source) if e.source else None),
    StrongholdOusted: lambda e: Oust(_slot(e.place)),
    ConquestDeclined: lambda e: Decline(),
    CardAssociated: lambda e: Associate(e.colour, e.count),
    FreeCardTaken: lambda e: TakeFree(_slot(e.source)),
}
"""The command that makes each kind of logged event, looked up by its type."""


def command_for(event: Event) -> Command | None:
    """The command that would have made an event, for judging a logged event."""
    make = _COMMANDS_FOR.get(type(event))
    return make(event) if make is not None else None


def _slot(text: str) -> Slot:
    try:
        return parse_slot(text)
    except NotationError:
        raise IllegalAction(Reason.BAD_SOURCE, -1, source=text) from None
