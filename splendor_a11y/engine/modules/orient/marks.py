"""The Orient module's rules that both ``rules`` and ``fold`` need: card effects, the
double-gold card's virtual gold, the discard cards' choice, and who may be a partner.
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import COLOURS, Gem, Slot
from splendor_a11y.engine.modules.orient.card_marks import free_level, is_associate, is_double_gold, takes_noble
from splendor_a11y.engine.modules.orient.kinds import ASSOCIATE, NAME, NOBLE, Effect, free_effect
from splendor_a11y.engine.state import GameState, PlayerState, face_up_slots

__all__ = [
    "VIRTUAL_GOLD_PER_CARD",
    "OrientSeat",
    "associations",
    "card_effects",
    "colour_of",
    "discard_choice",
    "discard_gap",
    "free_options",
    "gold_cards",
    "orient_decks",
    "partner_options",
    "pending_associate",
    "reserved_nobles",
]

VIRTUAL_GOLD_PER_CARD = 2
"""The virtual gold a double-gold card is worth when given up in a purchase."""


@dataclass(frozen=True, slots=True)
class OrientSeat:
    """The Orient's part of a seat: the cards that took a colour, and the nobles kept."""

    associations: tuple[tuple[Card, Gem, int], ...] = ()
    """Each card that took another's colour, with that colour and count."""
    reserved_nobles: tuple[Noble, ...] = ()
    """Noble tiles reserved for this player alone."""


_NO_SEAT = OrientSeat()


def seat_part(player: PlayerState) -> OrientSeat:
    """The Orient's part of a seat (empty when the module is not in play)."""
    part = player.part(NAME)
    return part if isinstance(part, OrientSeat) else _NO_SEAT


def associations(player: PlayerState) -> tuple[tuple[Card, Gem, int], ...]:
    """Each card of the player's that took a colour, with that colour and count."""
    return seat_part(player).associations


def reserved_nobles(player: PlayerState) -> tuple[Noble, ...]:
    """The noble tiles the player reserved."""
    return seat_part(player).reserved_nobles


def orient_decks(state: GameState) -> tuple[tuple[Card | None, ...], ...]:
    """The Orient's three decks, top first (none when the module is not in play)."""
    part = state.part(NAME)
    return part if isinstance(part, tuple) else ()


def colour_of(player: PlayerState, card: Card) -> tuple[Gem | None, int]:
    """A bought card's colour and bonus count, an associated card's being its partner's."""
    for associate, gem, count in associations(player):
        if associate == card:
            return gem, count
    if is_associate(card):
        return None, 0
    return card.bonus, card.bonus_count if card.bonus is not None else 0


def card_effects(card: Card) -> tuple[Effect, ...]:
    """What a card does when it is bought or taken, in the order the rules give."""
    effects: list[Effect] = []
    if is_associate(card):
        effects.append(ASSOCIATE)
    if free_level(card):
        effects.append(free_effect(free_level(card)))
    if takes_noble(card):
        effects.append(NOBLE)
    return tuple(effects)


def gold_cards(player: PlayerState) -> list[Card]:
    """The player's double-gold cards, each worth 2 gold when discarded in a purchase."""
    return [card for card in player.bought if is_double_gold(card)]


def partner_options(player: PlayerState, exclude: Card | None = None) -> list[tuple[Gem, int]]:
    """The colours (with bonus counts) a card that takes a colour may follow."""
    options: list[tuple[Gem, int]] = []
    for card in player.bought:
        if card == exclude:
            continue
        gem, count = colour_of(player, card)
        if gem is not None and count and (gem, count) not in options:
            options.append((gem, count))
    return sorted(options, key=lambda option: (COLOURS.index(option[0]), option[1]))


def pending_associate(player: PlayerState) -> Card | None:
    """The bought card still waiting to take a colour."""
    associated = {card for card, _, _ in associations(player)}
    waiting = [card for card in player.bought if is_associate(card) and card not in associated]
    return waiting[-1] if waiting else None


DISCARD_CARD_GAP = 3
"""Each card a discard card asks for (``c3d -2o``: two onyx cards given up instead of
gems) that the player lacks, reckoned as this many gems away by the bots: buying a card
is a turn's work or more. Such a card costs no gems, and judged by its gems alone it
looked always within reach: with both modules, over 26 games against medium, 13 of the
26 cards the hard bot reserved and never bought were discard cards."""


def discard_gap(colour: Gem, player: PlayerState) -> int:
    """How far a discard card asking for two cards of that colour is from a player's
    reach, in gems' worth: bonuses stand for cards."""
    return DISCARD_CARD_GAP * max(0, 2 - player.bonuses[colour.order])


def discard_choice(player: PlayerState, gem: Gem) -> tuple[Card, Card] | None:
    """The two cards of a colour a discard card costs: cards that took that colour go
    first, as the rules require; then those worth least. None when there are fewer than two."""
    of_colour = [card for card in player.bought if colour_of(player, card)[0] is gem]
    ordered = sorted(of_colour, key=lambda card: (not is_associate(card), card.points, card.bonus_count, card.text))
    return (ordered[0], ordered[1]) if len(ordered) >= 2 else None


def free_options(state: GameState, level: str) -> list[Slot]:
    """Face-up cards of a level the current player may take free (none held by an opponent)."""
    return [
        slot for slot in face_up_slots(state) if slot.level == level and state.kept_from(slot, state.current) is None
    ]
