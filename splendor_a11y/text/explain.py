"""Why a move is good, in one sentence: the ``hint`` command's explanation.

The hard bot chooses the move; this module looks at what the move does in the player's
own view (points, the bonus and how many of that colour it makes, nobles brought near, a
card kept from an opponent, above all one that would win them the game, a card brought
within reach) and says the strongest reasons.
Pure; the words come from the ``messages`` catalogue.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import LEVELS, DeckTop, GemCounts, HandSlot, Slot
from splendor_a11y.engine import (
    NEAR_NOBLE,
    Buy,
    ChooseNoble,
    Command,
    GameState,
    IllegalAction,
    NobleOutlook,
    Pass,
    PlayerState,
    Reserve,
    ReturnTokens,
    TakeGems,
    bonuses_missing,
    decide_and_apply,
    gems_missing,
    legal_commands,
    noble_outlook,
    nobles_completed,
    price,
    turn_again,
)
from splendor_a11y.text.describe import mark_words, said_plainly
from splendor_a11y.text.messages import gem_name, join_words, listed, plural, text
from splendor_a11y.text.narrator import Narrator

__all__ = ["card_places", "explain_move", "planned_purchase"]


def _gems(n: int) -> str:
    """``1 gem``, ``3 gems``."""
    return plural(n, "hint.gems")


def _rivals_who_could_buy(state: GameState, seat: int, place: Slot, card: Card) -> list[int]:
    """The other players who could buy the face-up card at ``place`` on their turn: they
    have its price, and no other player's pieces keep it from them (a hint said of a card
    kept by the seat's own pieces that an opponent "could buy it otherwise")."""
    return [
        i
        for i in range(len(state.players))
        if i != seat and price(state, i, card) is not None and state.kept_from(place, i) is None
    ]


def _about_seats(key: str, state: GameState, seats: list[int], **fields: object) -> str:
    """A phrase about some seats, by name, its verb agreeing with how many they are
    (French says "pourrait" of one and "pourraient" of two)."""
    return plural(len(seats), key, None, names=join_words([state.players[i].name for i in seats]), **fields)


def _bonuses_with(player: PlayerState, card: Card) -> GemCounts:
    """The player's bonuses once they own ``card`` (which has a bonus colour)."""
    assert card.bonus is not None
    return player.bonuses.plus([card.bonus_count if i == card.bonus.order else 0 for i in range(6)])


def _points_with(state: GameState, seat: int, card: Card) -> int:
    """The seat's points once it owns ``card``, with the best noble its bonus brings."""
    player = state.players[seat]
    if card.bonus is None:
        return player.points + card.points
    return player.points + card.points + _noble_points(state, seat, player.bonuses, _bonuses_with(player, card))


def _points_after_buying(state: GameState, seat: int, command: Buy, card: Card) -> int:
    """The seat's points once the purchase is played and the decisions of the same turn
    that follow it are made as well as they can be (``_most_points_decided``), what it
    discards counted (a card paid for with two of the player's own cards loses their
    points: a hint said ``you reach 17 points`` of a purchase that left 16). A noble that
    visited on its own is in the points once: a hint said ``you reach 17 points`` of a
    purchase that left 14 with the noble."""
    try:
        after = decide_and_apply(state, command)[1]
    except IllegalAction:
        return _points_with(state, seat, card)
    return _most_points_decided(after, seat)


def _most_points_decided(state: GameState, seat: int) -> int:
    """The most points the seat can have once it has made the decisions that follow its
    action in the same turn, each tried (a choice of two nobles, a module's follow-ups):
    with the Trading Posts, the coat of arms placed after a noble's visit brings its
    points only once the player has chosen the noble, and a purchase that reached 15 so
    was hinted without saying it ends the game."""
    if state.is_over or state.current != seat or not state.phase.follows_an_action:
        return state.players[seat].points
    return max(_most_points_decided(decide_and_apply(state, command)[1], seat) for command in legal_commands(state))


def _points_if_they_buy(state: GameState, rival: int, place: Slot, card: Card) -> int:
    """The rival's points were it their turn and they bought the face-up card at ``place``
    (``_points_after_buying``): a card paid for with two of their own cards loses those
    cards' points, and a hint said ``Ben could buy it and win the game`` of a card that
    would have left him where he was."""
    return _points_after_buying(turn_again(state, rival), rival, Buy(place), card)


def _noble_points(state: GameState, seat: int, before: GemCounts, after: GemCounts) -> int:
    """The most points a noble that may visit the seat (``GameState.noble_options``: the
    table's, and any a module keeps for it) brings, that bonuses ``after`` qualify for and
    ``before`` did not."""
    options = state.noble_options(seat)
    return max((noble.points for noble in nobles_completed(options, before, after)), default=0)


def _buy_reasons(state: GameState, seat: int, card: Card, narrator: Narrator) -> tuple[list[str], str]:
    """What a purchase gives the seat, each a thing given ("1 point", "your second
    emerald", what a module in play gives, "the noble ... at once"), to follow "it gives
    you"; and the clause said after them for a noble it brings near but not yet (a noble
    still away is not given: "it gives you your second emerald and the noble ... is then
    3 bonuses away" read as if it were), or ""."""
    player = state.players[seat]
    parts = []
    if card.points:
        parts.append(text("hint.points", points=narrator.points(card.points)))
    gifts = [
        narrator.phrase(gift, state, state)
        for module in state.modules
        for gift in module.purchase_gives(state, seat, card)
    ]
    if card.bonus is None:
        return [*parts, *gifts] or [text("hint.marked_card", card=narrator.card(card))], ""
    count = player.bonuses[card.bonus.order] + card.bonus_count
    if card.bonus_count == 2:
        parts.append(
            text(
                "hint.bonus_two",
                first=_ordinal(count - 1),
                second=_ordinal(count),
                gem=gem_name(card.bonus),
            )
        )
    else:
        parts.append(text("hint.bonus", ordinal=_ordinal(count), gem=gem_name(card.bonus)))
    parts += gifts
    outlook = _noble_outlook(state, seat, card)
    nobles, near = outlook.gift(), outlook.nearness()
    if nobles is not None:
        return [*parts, narrator.phrase(nobles, state, state)], ""
    return parts, "" if near is None else narrator.phrase(near, state, state)


def _ordinal(n: int) -> str:
    """``first``, ``second`` ... in words, ``11th`` past the catalogue's list."""
    ordinals = listed("ordinals")
    return ordinals[n - 1] if n <= len(ordinals) else text("ordinal.other", n=n)


def _noble_outlook(state: GameState, seat: int, card: Card) -> NobleOutlook:
    """What the card's bonus does for the nobles that may visit the seat (``noble_outlook``):
    the table's, and one a module keeps for it (``buy a1: it gives you your third
    emerald`` was said of the card that made a kept noble visit). Two completed at once
    are the player's choice: a hint that named the first as coming "at once" told them
    of no choice."""
    player = state.players[seat]
    return noble_outlook(state.noble_options(seat), player.bonuses, _bonuses_with(player, card))


def card_places(state: GameState, seat: int) -> list[tuple[Slot | HandSlot, Card]]:
    """Each card the seat may come to buy, by place: the face-up cards, level a to c, then
    the seat's own hand cards it knows. The hint's reason and the plan it keeps for next
    turn (``play.hints``) both find cards here."""
    face_up: list[tuple[Slot | HandSlot, Card]] = [
        (Slot(level, i + 1), card)
        for level, row in zip(LEVELS, state.rows, strict=True)
        for i, card in enumerate(row)
        if card is not None
    ]
    return face_up + [
        (HandSlot(i + 1), held.card) for i, held in enumerate(state.players[seat].reserved) if held.card is not None
    ]


def _known_cards(state: GameState, seat: int) -> list[tuple[Slot | HandSlot, Card]]:
    """The cards the seat may buy (``card_places``), less those another player's pieces
    keep: a take's hint said it brought such a card within reach."""
    return [
        (place, card)
        for place, card in card_places(state, seat)
        if not isinstance(place, Slot) or state.kept_from(place, seat) is None
    ]


def _best_reach(state: GameState, seat: int, take: TakeGems) -> tuple[int, Slot | HandSlot, Card] | None:
    """The card a take brings nearest (fewest gems still missing, then most points), by
    place, with the gems still missing; None when it brings no card nearer."""
    player = state.players[seat]
    after = PlayerState(player.name, player.tokens.plus(take.gems), player.bonuses, player.points)
    best: tuple[int, int, Slot | HandSlot, Card] | None = None
    for place, card in _known_cards(state, seat):
        short = gems_missing(card, after)
        if gems_missing(card, player) - short > 0 and (best is None or (short, -card.points) < best[:2]):
            best = (short, -card.points, place, card)
    return None if best is None else (best[0], best[2], best[3])


def planned_purchase(state: GameState, seat: int, command: Command) -> Card | None:
    """The card a hinted take promises to buy next turn ("then you can buy h1 next
    turn"), or None when the hint promises none."""
    if not isinstance(command, TakeGems) or state.ends_after_turn_of(seat):
        return None
    reach = _best_reach(state, seat, command)
    return reach[2] if reach is not None and reach[0] == 0 else None


def _reach_after_take(state: GameState, seat: int, take: TakeGems, narrator: Narrator) -> str:
    """Why a take: the card it brings nearest; on the game's last turn for the seat, that
    nothing bought would change the end (it promised a purchase "next turn", after the
    game's end)."""
    if state.ends_after_turn_of(seat):
        return text("hint.take_last_turn") + _over_limit(state, seat, take.gems.total)
    reach = _best_reach(state, seat, take)
    why = (
        text("hint.take_general")
        if reach is None
        else (
            text("hint.take_then_buy", card=narrator.card_at(reach[1], reach[2]))
            if reach[0] == 0
            else text("hint.take_closer", card=narrator.card_at(reach[1], reach[2]), short=_gems(reach[0]))
        )
    )
    return why + _over_limit(state, seat, take.gems.total)


def _over_limit(state: GameState, seat: int, taken: int) -> str:
    """What a hint that takes tokens past the limit must say: how many will be held and
    given back (the rest of the hint says why it is still worth it)."""
    held = state.players[seat].token_count + taken
    if held <= state.rules.token_limit:
        return ""
    return text("hint.over_limit", held=held, excess=held - state.rules.token_limit, limit=state.rules.token_limit)


def _explain_buy(state: GameState, seat: int, command: Buy, narrator: Narrator) -> str:
    """What a purchase gives, who else could buy the card, and then a noble it brings
    near, or, when it takes the seat to the winning score, that it does: the purchase
    that won a game was said to give "1 point and your second onyx", and no more."""
    card = state.card_at(command.place)
    if card is None:
        return text("hint.plain", command=narrator.command(command))
    gifts, afterwards = _buy_reasons(state, seat, card, narrator)
    reached = _points_after_buying(state, seat, command, card)
    if state.players[seat].points < state.rules.points_to_win <= reached:
        afterwards = text("hint.reaches_goal", points=narrator.points(reached))
    why = join_words(gifts)
    rivals = _rivals_who_could_buy(state, seat, command.place, card) if isinstance(command.place, Slot) else []
    if rivals:
        why += _about_seats("hint.rival_wants", state, rivals)
    why += afterwards
    return text("hint.buy", command=narrator.command(command), why=why)


def _explain_reserve(state: GameState, seat: int, command: Reserve, narrator: Narrator) -> str:
    place, typed = command.place, narrator.command(command)
    gold = 1 if state.supply[5] else 0
    if isinstance(place, DeckTop):
        return text(
            "hint.reserve_deck",
            command=typed,
            level=place.level,
            gold=text("hint.deck_gold") if state.supply[5] else "",
        )
    card = state.card_at(place)
    if card is None:
        return text("hint.plain", command=typed)
    rivals = _rivals_who_could_buy(state, seat, place, card)
    winners = [i for i in rivals if _points_if_they_buy(state, i, place, card) >= state.rules.points_to_win]
    if winners:
        why = _about_seats("hint.reserve_deny_win", state, winners)
    elif rivals:
        why = _about_seats("hint.reserve_deny", state, rivals)
    elif (keep := mark_words(card).keep) is not None:
        why = said_plainly(keep)
    else:
        short = gems_missing(card, state.players[seat])
        why = text("hint.reserve_keep", short=_gems(short)) if short else text("hint.reserve_ready")
    return text(
        "hint.reserve",
        command=typed,
        card=narrator.card(card),
        why=why + _over_limit(state, seat, gold),
        gold=text("hint.gold") if gold else "",
    )


def _explain_noble(state: GameState, seat: int, command: ChooseNoble, narrator: Narrator) -> str:
    options = state.noble_options(seat)
    noble = options[command.index - 1] if command.index <= len(options) else None
    rivals = [
        i
        for i, p in enumerate(state.players)
        if i != seat and noble is not None and bonuses_missing(noble, p.bonuses) <= NEAR_NOBLE
    ]
    if rivals:
        return _about_seats("hint.noble_rival", state, rivals, command=narrator.command(command))
    return text("hint.noble", command=narrator.command(command))


_EXPLAINERS: dict[type, Callable[[GameState, int, Any, Narrator], str]] = {
    Buy: _explain_buy,
    Reserve: _explain_reserve,
    TakeGems: lambda state, seat, c, n: text(
        "hint.take", command=n.command(c), why=_reach_after_take(state, seat, c, n)
    ),
    ReturnTokens: lambda state, seat, c, n: text("hint.return", command=n.command(c)),
    ChooseNoble: _explain_noble,
    Pass: lambda state, seat, c, n: text("hint.pass", command=n.command(c)),
}
"""Why each kind of the base game's commands is worth playing, looked up by its type; a
module explains its own through its ``explain`` hook."""


def explain_move(state: GameState, seat: int, command: Command, narrator: Narrator) -> str:
    """One sentence: the command to type and why (``buy b1: it gives you 2 points ...``)."""
    explain = _EXPLAINERS.get(type(command))
    if explain is not None:
        return explain(state, seat, command, narrator)
    for module in state.modules:
        why = module.explain(state, seat, command)
        if why is not None:
            return narrator.phrase(why, state, state)
    return text("hint.module", command=narrator.command(command))
