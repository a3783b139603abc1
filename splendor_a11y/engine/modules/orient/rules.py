"""The Orient's rules of play: how its purchases are paid (double-gold cards, cards given
up), and which answers its phases have."""

from __future__ import annotations

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import GemCounts, HandSlot, NotationError, Slot, parse_card_head
from splendor_a11y.engine.checks import cannot_afford, refuse
from splendor_a11y.engine.commands import Buy, Command
from splendor_a11y.engine.events import CardBought
from splendor_a11y.engine.modules.orient.commands import Associate, ReserveNoble, TakeFree
from splendor_a11y.engine.modules.orient.kinds import (
    ASSOCIATE_PHASE,
    FREE_CARD_PHASE,
    NOBLE_RESERVE_PHASE,
    Reasons,
    pending_free_level,
)
from splendor_a11y.engine.modules.orient.marks import (
    colour_of,
    discard_choice,
    free_options,
    gold_cards,
    partner_options,
    pending_associate,
    virtual_payment,
)
from splendor_a11y.engine.payment import explicit_payment, needed
from splendor_a11y.engine.refusals import Reason
from splendor_a11y.engine.state import GameState

__all__ = ["decide_buy", "legal"]


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
        raise refuse(
            state,
            Reason.GOLD_CARDS_SHORT,
            wanted=wanted,
            owned=len(owned),
            **({"problem": ("none", "one")[len(owned)]} if len(owned) < 2 else {}),
        )
    if command.pay is None:
        paid, spent = _default_payment(state, card, len(owned), wanted)
    else:
        paid, spent = _named_payment(state, card, command.pay, wanted or 0)
    return CardBought(player=state.current, source=place, card=card, paid=paid, discarded=tuple(owned[:spent]))


def _buy_by_discarding(
    state: GameState, place: Slot | HandSlot, card: Card, discard: tuple[str, ...] | None
) -> CardBought:
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
