"""What the Orient's phases and commands are about, as ``Phrase`` values for the text
layer (which owns the words), and its commands' words at the prompt."""

from __future__ import annotations

from splendor_a11y.domain.cards import Card
from splendor_a11y.engine.commands import Command
from splendor_a11y.engine.events import CardBought, Event, bought_fields
from splendor_a11y.engine.module import OptionWord, Word
from splendor_a11y.engine.modules.orient.card_marks import (
    discard_colour,
    free_level,
    is_associate,
    is_double_gold,
    takes_noble,
)
from splendor_a11y.engine.modules.orient.commands import Associate, Discards, GoldCards, ReserveNoble, TakeFree
from splendor_a11y.engine.modules.orient.kinds import (
    ASSOCIATE_PHASE,
    FREE_CARD_PHASE,
    NOBLE_RESERVE_PHASE,
    pending_free_level,
)
from splendor_a11y.engine.modules.orient.marks import (
    free_options,
    partner_options,
    pending_associate,
    reserved_nobles,
)
from splendor_a11y.engine.nobles import bonuses_missing, noble_outlook
from splendor_a11y.engine.phrase import CardList, Choice, Counted, GemName, MarkWords, OwnedCard, Phrase, SlotCards
from splendor_a11y.engine.state import GameState, Phase

__all__ = ["OPTIONS", "WORDS", "explain", "prompt", "purchase_gives", "status", "tell"]

OPTIONS = (
    OptionWord("buy", "with", "marked_count", GoldCards, mark="gg"),
    OptionWord("buy", "discard", "cards", Discards),
)
"""``buy b1 with 2gg``, ``buy c5 discard a0o 3e, b2o``."""

WORDS = (
    Word("colour", "colour", Associate, aliases=("color",)),
    Word("free", "slot", TakeFree),
    Word("keep", "noble_number", ReserveNoble),
)


def tell(event: Event, before: GameState, after: GameState) -> Phrase | None:
    """A purchase made as the turn's action that gave cards up: double-gold cards for
    virtual gold, or the two cards of a card paid by discarding (a purchase another
    module allows, a conquest, is told by that module)."""
    if not isinstance(event, CardBought) or not event.discarded or before.phase is not Phase.ACTION:
        return None
    key = "event.bought_discarding" if discard_colour(event.card) is not None else "event.bought_gold_cards"
    return Phrase(key, {**bought_fields(event, after), "cards": CardList(event.discarded)}, seat=event.player)


def prompt(state: GameState) -> Phrase | None:
    """What the player is asked to do for a card's effect."""
    if state.phase is ASSOCIATE_PHASE:
        card = pending_associate(state.player)
        options = tuple(Associate(gem, count) for gem, count in partner_options(state.player, card))
        return Phrase("turn.associate.you", {"card": OwnedCard(card), "options": Choice(options)})
    if state.phase is FREE_CARD_PHASE:
        level = pending_free_level(state)
        slots = tuple((str(slot), state.card_at(slot)) for slot in free_options(state, level))
        return Phrase("turn.free.you", {"level": level, "cards": SlotCards(slots)})
    if state.phase is NOBLE_RESERVE_PHASE:
        nobles = tuple(
            Phrase("turn.noble_reserve.option", {"index": i + 1, "noble": n})
            for i, n in enumerate(state.nobles)
            if n is not None
        )
        return Phrase("turn.noble_reserve.you", {"nobles": Choice(nobles)})
    return None


def explain(state: GameState, seat: int, command: Command) -> Phrase | None:
    """Why an effect's answer is worth it."""
    if isinstance(command, Associate):
        fields = {"command": command, "gem": GemName(command.colour, 2), "count": command.count}
        return Phrase("hint.associate", {**fields, "noble": _noble_brought_near(state, seat, command)})
    if isinstance(command, TakeFree):
        return Phrase("hint.free", {"command": command, "card": state.card_at(command.place)})
    if isinstance(command, ReserveNoble):
        return _why_keep_noble(state, seat, command)
    return None


def _noble_brought_near(state: GameState, seat: int, command: Associate) -> Phrase | str:
    """What a colour given to a card does for the seat's nobles: the noble it brings at
    once (or the choice of two), else the one it brings nearest (``noble_outlook``); ""
    when none. The hint said ``colour r: it counts with your rubies, 1 bonus`` of a
    colour that made a noble visit."""
    before = state.players[seat].bonuses
    after = before.plus([command.count if i == command.colour.order else 0 for i in range(6)])
    outlook = noble_outlook(state.noble_options(seat), before, after)
    gift = outlook.gift()
    if gift is not None:
        return Phrase("hint.and_gives", {"gift": gift})
    return outlook.nearness() or ""


def _why_keep_noble(state: GameState, seat: int, command: ReserveNoble) -> Phrase:
    """Why to keep this noble: an opponent is nearer it than the seat (kept from them),
    or the seat is as near as anyone. ``keep noble 1: the noble 3 4r 4o waits for you
    alone`` was said of a noble five bonuses away, kept from an opponent two away."""
    noble = state.nobles[command.index - 1]
    assert noble is not None, "only a noble on the table is kept"
    away = [bonuses_missing(noble, player.bonuses) for player in state.players]
    fields = {"command": command, "noble": noble}
    rival = min((seat_away for seat_away in enumerate(away) if seat_away[0] != seat), key=lambda found: found[1])
    if rival[1] < away[seat]:
        name = state.players[rival[0]].name
        return Phrase("hint.keep_noble_from", {**fields, "name": name, "missing": Counted("hint.bonuses", rival[1])})
    if away[seat]:
        return Phrase("hint.keep_noble_near", {**fields, "missing": Counted("hint.bonuses", away[seat])})
    return Phrase("hint.keep_noble", fields)


def status(state: GameState, seat: int) -> tuple[Phrase, ...]:
    """The nobles a player keeps for themselves."""
    kept = reserved_nobles(state.players[seat])
    return (Phrase("query.reserved_nobles", {"nobles": tuple(kept)}),) if kept else ()


def purchase_gives(card: Card) -> tuple[Phrase, ...]:
    """What a card's marks give its buyer, for a purchase's hint: the colour of one of
    their cards, a card to give up later for two gold, a free card, a noble kept. A hint
    said ``it gives you b0*+a 4d 3s 1o and its effect``."""
    gifts = []
    if is_associate(card):
        gifts.append(Phrase("hint.gives_associate"))
    if is_double_gold(card):
        gifts.append(Phrase("hint.gives_double_gold"))
    if free_level(card):
        gifts.append(Phrase("hint.gives_free", {"level": free_level(card)}))
    if takes_noble(card):
        gifts.append(Phrase("hint.gives_noble"))
    return tuple(gifts)


def mark_words(card: Card) -> MarkWords | None:
    """What the Orient's marks on a card mean: the colour it takes or its double gold in
    place of a bonus, the free card or noble it brings, two cards given up for a price."""
    bonus = Phrase("words.associate") if is_associate(card) else None
    if is_double_gold(card):
        bonus = Phrase("words.double_gold")
    after: tuple[Phrase, ...] = (Phrase("words.free", {"level": free_level(card)}),) if free_level(card) else ()
    if takes_noble(card):
        after += (Phrase("words.takes_noble"),)
    gem = discard_colour(card)
    if gem is None:
        return MarkWords(bonus, after) if bonus or after else None
    return MarkWords(
        bonus,
        after,
        cost=Phrase("words.discard_cost", {"gem": gem}),
        costing=Phrase("words.discard_costing", {"gem": gem}),
        keep=Phrase("hint.reserve_keep_discard", {"gem": gem}),
    )
