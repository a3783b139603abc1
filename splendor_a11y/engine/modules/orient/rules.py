"""The Orient's rules of play: its change to a purchase's terms (double-gold cards, cards
given up), and which answers its phases have."""

from __future__ import annotations

from typing import TypeVar

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import CardHead, GemCounts
from splendor_a11y.engine.checks import refuse
from splendor_a11y.engine.commands import Buy, Command, ModuleOption
from splendor_a11y.engine.events import CardBought
from splendor_a11y.engine.modules.orient.card_marks import discard_colour, is_associate, is_double_gold
from splendor_a11y.engine.modules.orient.commands import Associate, Discards, GoldCards, ReserveNoble, TakeFree
from splendor_a11y.engine.modules.orient.kinds import (
    ASSOCIATE_PHASE,
    FREE_CARD_PHASE,
    NOBLE_RESERVE_PHASE,
    Reasons,
    pending_free_level,
)
from splendor_a11y.engine.modules.orient.marks import (
    VIRTUAL_GOLD_PER_CARD,
    colour_of,
    discard_choice,
    free_options,
    gold_cards,
    partner_options,
    pending_associate,
)
from splendor_a11y.engine.payment import Terms
from splendor_a11y.engine.state import GameState
from splendor_a11y.engine.values import replaced

__all__ = ["legal", "options_of", "terms"]


# ---- purchases ----------------------------------------------------------------------


def terms(state: GameState, seat: int, card: Card, found: Terms, command: Buy | None) -> Terms:
    """The Orient's change to a price: a card paid by discarding is paid by two cards of
    its colour instead of gems, a card that takes a colour needs a partner, and each
    double-gold card may be given up for two virtual gold (``with gg`` chooses how many).

    Raises:
        IllegalAction: when the player cannot buy the card on the Orient's terms.
    """
    player = state.players[seat]
    named = _option(command, Discards)
    gem = discard_colour(card)
    if gem is not None:
        chosen = discard_choice(player, gem) if named is None else _named_discards(state, card, named.cards)
        if chosen is None:
            have = sum(1 for c in player.bought if colour_of(player, c)[0] is gem)
            raise refuse(state, Reasons.DISCARD_SHORT, card=card, gem=gem, have_count=have)
        return replaced(found, need=GemCounts(), given=found.given + chosen)
    if named is not None:
        raise refuse(state, Reasons.DISCARD_NOT_NEEDED, card=card)
    if is_associate(card) and not partner_options(player):
        raise refuse(state, Reasons.NO_PARTNER, card=card)
    wanted = _option(command, GoldCards)
    owned = tuple(gold_cards(player))
    return replaced(
        found,
        gold_cards=found.gold_cards + owned,
        card_gold=VIRTUAL_GOLD_PER_CARD if owned else found.card_gold,
        cards_wanted=wanted.count if wanted is not None else found.cards_wanted,
    )


_Option = TypeVar("_Option", GoldCards, Discards)


def _option(command: Buy | None, kind: type[_Option]) -> _Option | None:
    """The option of a kind the purchase was asked with, if any."""
    if command is None:
        return None
    return next((option for option in command.options if isinstance(option, kind)), None)


def options_of(event: CardBought) -> tuple[ModuleOption, ...]:
    """The Orient's options of a logged purchase: the cards given up for a discard card,
    or how many double-gold cards were."""
    if discard_colour(event.card) is not None:
        return (Discards(event.discarded),)
    spent = sum(1 for card in event.discarded if is_double_gold(card))
    return (GoldCards(spent),) if spent else ()


def _named_card(state: GameState, named: Card | CardHead, chosen: list[Card]) -> Card:
    """One of the player's bought cards named by its code or head, not chosen already."""
    mine = [
        c
        for c in state.player.bought
        if c not in chosen and (c == named if isinstance(named, Card) else c.head == named.text)
    ]
    if not mine:
        raise refuse(state, Reasons.DISCARD_NOT_OWNED, code=named.text)
    return mine[0]


def _named_discards(state: GameState, card: Card, named: tuple[Card | CardHead, ...]) -> tuple[Card, Card]:
    """The two cards the player named to pay a discard card, checked against the rules:
    their own, of the card's colour, two different ones, cards that took the colour first."""
    player = state.player
    gem = discard_colour(card)
    chosen: list[Card] = []
    for code in named:
        mine = _named_card(state, code, chosen)
        if colour_of(player, mine)[0] is not gem:
            raise refuse(state, Reasons.DISCARD_WRONG_COLOUR, card=mine, gem=gem)
        chosen.append(mine)
    if len(chosen) != 2:
        raise refuse(state, Reasons.DISCARD_TWO, count=len(chosen))
    takers = [c for c in player.bought if is_associate(c) and colour_of(player, c)[0] is gem]
    if sum(1 for c in chosen if c in takers) < min(2, len(takers)):
        raise refuse(state, Reasons.DISCARD_TAKERS_FIRST, gem=gem, takers=takers[0])
    return chosen[0], chosen[1]


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
