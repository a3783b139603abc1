"""The Orient's rules of play: how its purchases are paid (double-gold cards, cards given
up), how its commands are judged, and how its events change the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import COLOURS, GemCounts, HandSlot, NotationError, Slot, parse_card_head
from splendor_a11y.engine.commands import Buy, Command
from splendor_a11y.engine.events import CardBought, Event
from splendor_a11y.engine.fold import continue_turn, gain, replacement_waits, take_from_board, with_player
from splendor_a11y.engine.modules.orient.kinds import (
    ASSOCIATE_PHASE,
    FREE_CARD_PHASE,
    NAME,
    NOBLE_RESERVE_PHASE,
    Associate,
    CardAssociated,
    FreeCardTaken,
    NobleReserved,
    Reasons,
    ReserveNoble,
    TakeFree,
    pending_free_level,
)
from splendor_a11y.engine.modules.orient.marks import (
    OrientSeat,
    card_effects,
    colour_of,
    discard_choice,
    free_options,
    gold_cards,
    partner_options,
    pending_associate,
    seat_part,
    virtual_payment,
)
from splendor_a11y.engine.payment import explicit_payment, needed
from splendor_a11y.engine.refusals import Reason
from splendor_a11y.engine.rules import cannot_afford, card_at_place, check_take, refuse
from splendor_a11y.engine.state import GameState

__all__ = ["COMMANDS_FOR", "DECIDERS", "FOLDS", "decide_buy", "legal"]


# ---- purchases ----------------------------------------------------------------------


def decide_buy(state: GameState, place: Slot | HandSlot, card: Card, command: Buy) -> CardBought:
    """A purchase in a game with the Orient: double-gold cards count as gold, a card that
    takes a colour needs a partner, and a discard card is paid with two cards."""
    if command.discard is not None and card.discard is None:
        raise refuse(state, Reason.DISCARD_NOT_NEEDED, card=card)
    if card.discard is not None:
        return _buy_by_discarding(state, place, card, command.discard)
    if card.associate and not partner_options(state.player):
        raise refuse(state, Reasons.NO_PARTNER, card=card)
    owned = gold_cards(state.player)
    wanted = command.gold_cards
    if wanted is not None and wanted > len(owned):
        raise refuse(state, Reason.GOLD_CARDS_SHORT, wanted=wanted, owned=len(owned))
    if command.pay is None:
        paid, spent = _default_payment(state, card, len(owned), wanted)
    else:
        paid, spent = _named_payment(state, card, command.pay, wanted or 0)
    return CardBought(player=state.current, source=place, card=card, paid=paid, discarded=tuple(owned[:spent]))


def _buy_by_discarding(state: GameState, place: Slot | HandSlot, card: Card,
                       discard: tuple[str, ...] | None) -> CardBought:
    """An Orient card paid for by two of the player's cards of its colour."""
    player = state.player
    assert card.discard is not None
    chosen = discard_choice(player, card.discard) if discard is None else _named_discards(state, card, discard)
    if chosen is None:
        have = sum(1 for c in player.bought if colour_of(player, c)[0] is card.discard)
        raise refuse(state, Reasons.DISCARD_SHORT, card=card, gem=card.discard, have_count=have)
    return CardBought(player=state.current, source=place, card=card, paid=GemCounts(), discarded=chosen)


def _named_card(state: GameState, code: str, chosen: list[Card]) -> Card:
    """One of the player's bought cards named by its code or head, not chosen already."""
    try:
        wanted = Card.parse(code) if " " in code.strip() else None
        head = parse_card_head(code.strip().split()[0]).text
    except NotationError:
        raise refuse(state, Reasons.DISCARD_NOT_OWNED, code=code) from None
    mine = [c for c in state.player.bought if c not in chosen and (c == wanted if wanted else c.head == head)]
    if not mine:
        raise refuse(state, Reasons.DISCARD_NOT_OWNED, code=code)
    return mine[0]


def _named_discards(state: GameState, card: Card, named: tuple[str, ...]) -> tuple[Card, Card]:
    """The two cards the player named to pay a discard card, checked against the rules:
    their own, of the card's colour, two different ones, cards that took the colour first."""
    player = state.player
    gem = card.discard
    chosen: list[Card] = []
    for code in named:
        mine = _named_card(state, code, chosen)
        if colour_of(player, mine)[0] is not gem:
            raise refuse(state, Reasons.DISCARD_WRONG_COLOUR, card=mine, gem=gem)
        chosen.append(mine)
    if len(chosen) != 2:
        raise refuse(state, Reasons.DISCARD_TWO, count=len(chosen))
    takers = [c for c in player.bought if c.associate and colour_of(player, c)[0] is gem]
    if sum(1 for c in chosen if c in takers) < min(2, len(takers)):
        raise refuse(state, Reasons.DISCARD_TAKERS_FIRST, gem=gem, takers=takers[0])
    return chosen[0], chosen[1]


def _default_payment(state: GameState, card: Card, owned: int, wanted: int | None) -> tuple[GemCounts, int]:
    """Coloured gems first, then double-gold cards, then gold; or why the card is out of reach."""
    player = state.player
    need = needed(card.cost, player.bonuses)
    paid_cards = virtual_payment(need, player.tokens, owned, wanted)
    if paid_cards is not None:
        return paid_cards
    if wanted and virtual_payment(need, player.tokens, owned, None):
        covered = sum(min(n, t) for n, t in zip(need[:5], player.tokens[:5], strict=True))
        raise refuse(state, Reasons.GOLD_CARDS_UNUSED, wanted=wanted, unpaid=max(0, sum(need[:5]) - covered))
    raise cannot_afford(state, card, 2 * owned)


def _named_payment(state: GameState, card: Card, pay: GemCounts, spent: int) -> tuple[GemCounts, int]:
    """The gems the player named (``pay``), the double-gold cards covering the rest."""
    player = state.player
    need = needed(card.cost, player.bonuses)
    if spent:
        unpaid = sum(need[:5]) - sum(pay[:5]) - pay[5]
        if not 2 * (spent - 1) < unpaid <= 2 * spent:
            raise refuse(state, Reasons.GOLD_CARDS_UNUSED, wanted=spent, unpaid=max(0, unpaid))
        need = GemCounts(list(need[:5]) + [0]).minus(_spread(need, pay, unpaid))
    paid = explicit_payment(need, player.tokens, pay, lambda reason, **d: refuse(state, reason, card=card, **d))
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


# ---- its commands -------------------------------------------------------------------


def _associate(state: GameState, command: Associate) -> Event:
    player = state.player
    card = pending_associate(player)
    assert card is not None, "the associate phase always has its card"
    options = partner_options(player, card)
    if (command.colour, command.count) not in options:
        raise refuse(state, Reasons.NO_SUCH_PARTNER, gem=command.colour, count=command.count,
                     options=tuple(g.value * n for g, n in options))
    return CardAssociated(player=state.current, card=card, colour=command.colour, count=command.count)


def _take_free(state: GameState, command: TakeFree) -> Event:
    place = command.place
    level = pending_free_level(state)
    card = card_at_place(state, place)
    if place.level != level:
        raise refuse(state, Reasons.FREE_WRONG_LEVEL, place=place, level=level)
    check_take(state, place, card)
    return FreeCardTaken(player=state.current, source=place, card=card)


def _reserve_noble(state: GameState, command: ReserveNoble) -> Event:
    index = command.index
    noble = state.nobles[index - 1] if 1 <= index <= len(state.nobles) else None
    if noble is None:
        raise refuse(state, Reason.NO_SUCH_NOBLE, index=index, count=len(state.nobles))
    return NobleReserved(player=state.current, noble=noble)


DECIDERS: dict[type, Callable[[GameState, Any], Event]] = {
    Associate: _associate, TakeFree: _take_free, ReserveNoble: _reserve_noble}


def legal(state: GameState) -> list[Command] | None:
    """Every legal answer to one of the Orient's phases (None: not one of its phases)."""
    phase = state.phase
    if phase is ASSOCIATE_PHASE:
        card = pending_associate(state.player)
        return [Associate(gem, count) for gem, count in partner_options(state.player, card)]
    if phase is FREE_CARD_PHASE:
        return [TakeFree(slot) for slot in free_options(state, pending_free_level(state))]
    if phase is NOBLE_RESERVE_PHASE:
        return [ReserveNoble(i + 1) for i, noble in enumerate(state.nobles) if noble is not None]
    return None


def _reserved_noble_index(state: GameState, event: NobleReserved) -> Command:
    """The choice a noble's reservation answers, by its number on the table."""
    options = [n for n in state.nobles if n is not None]
    return ReserveNoble(state.nobles.index(event.noble) + 1 if event.noble in options else len(state.nobles) + 1)


COMMANDS_FOR: dict[type, Callable[[GameState, Any], Command | None]] = {
    CardAssociated: lambda state, e: Associate(e.colour, e.count),
    FreeCardTaken: lambda state, e: TakeFree(e.source),
    NobleReserved: _reserved_noble_index,
}


# ---- its events ---------------------------------------------------------------------


def _with_seat(state: GameState, seat: int, part: OrientSeat) -> GameState:
    player = state.players[seat].with_part(NAME, part)
    return replace(state, players=with_player(state, seat, player))


def _associated(state: GameState, event: CardAssociated) -> GameState:
    player = state.players[event.player]
    bonuses = list(player.bonuses)
    bonuses[COLOURS.index(event.colour)] += event.count
    part = seat_part(player)
    player = replace(player, bonuses=GemCounts(bonuses)).with_part(
        NAME, replace(part, associations=(*part.associations, (event.card, event.colour, event.count))))
    return continue_turn(replace(state, players=with_player(state, event.player, player), due=state.due[1:]))


def _taken_free(state: GameState, event: FreeCardTaken) -> GameState:
    taken = take_from_board(state, event.source, replacement_waits(state, event.card))
    player = gain(taken.players[event.player], event.card)
    due = card_effects(event.card) + state.due[1:]
    return continue_turn(replace(taken, players=with_player(taken, event.player, player), due=due))


def _noble_reserved(state: GameState, event: NobleReserved) -> GameState:
    part = seat_part(state.players[event.player])
    state = _with_seat(state, event.player, replace(part, reserved_nobles=(*part.reserved_nobles, event.noble)))
    nobles = tuple(None if n == event.noble else n for n in state.nobles)
    return continue_turn(replace(state, nobles=nobles, due=state.due[1:]))


FOLDS: dict[type, Callable[[GameState, Any], GameState]] = {
    CardAssociated: _associated, FreeCardTaken: _taken_free, NobleReserved: _noble_reserved}
