"""Why a move is good, in one sentence: the ``hint`` command's explanation.

The hard bot chooses the move; this module looks at what the move does in the player's
own view (points, the bonus and how many of that colour it makes, nobles brought near, a
card kept from an opponent, a card brought within reach) and says the strongest reasons.
Pure; the words come from the ``messages`` catalogue.
"""

from __future__ import annotations

from .cards import Card
from .engine import (
    Associate,
    Buy,
    ChooseNoble,
    Command,
    Conquer,
    GameState,
    Hold,
    Oust,
    Pass,
    PlayerState,
    Reserve,
    ReserveNoble,
    ReturnTokens,
    TakeFree,
    TakeGems,
    gems_missing,
    needed,
    price,
)
from .messages import gem_name, join_words, plural, text
from .narration import Narrator
from .notation import LEVELS, DeckTop, GemCounts, Slot

__all__ = ["explain_move"]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
NEAR_NOBLE = 3
"""A noble this many bonuses away or nearer is worth mentioning."""


def _gems_short(card: Card, player: PlayerState) -> int:
    return gems_missing(card.cost, player.bonuses, player.tokens)


def _gems(n: int) -> str:
    """``1 gem``, ``3 gems``."""
    return plural(n, "hint.gems.one", "hint.gems.many")


def _noble_missing(requirement: GemCounts, bonuses: GemCounts) -> int:
    return needed(requirement, bonuses).total


def _rivals_who_could_buy(state: GameState, seat: int, card: Card) -> list[str]:
    return [p.name for i, p in enumerate(state.players) if i != seat and price(p, card) is not None]


def _buy_reasons(state: GameState, seat: int, card: Card, narrator: Narrator) -> list[str]:
    player = state.players[seat]
    parts = []
    if card.points:
        parts.append(text("hint.points", points=narrator.points(card.points)))
    if card.bonus is None:
        return parts or [text("hint.orient_card", card=narrator.card(card))]
    count = player.bonuses[card.bonus.index] + card.bonus_count
    ordinal = ORDINALS[count - 1] if count <= len(ORDINALS) else f"{count}th"
    parts.append(text("hint.bonus", ordinal=ordinal, gem=gem_name(card.bonus)))
    bonuses = player.bonuses.plus([1 if i == card.bonus.index else 0 for i in range(6)])
    for noble in state.nobles:
        if noble is None or not noble.requirement[card.bonus.index] > player.bonuses[card.bonus.index]:
            continue
        missing = _noble_missing(noble.requirement, bonuses)
        if missing == 0:
            parts.append(text("hint.noble_now", noble=noble.text))
            break
        if missing <= NEAR_NOBLE:
            away = plural(missing, "hint.bonuses.one", "hint.bonuses.many")
            parts.append(text("hint.noble_near", noble=noble.text, missing=away))
            break
    return parts


def _reach_after_take(state: GameState, seat: int, take: TakeGems, narrator: Narrator) -> str:
    player = state.players[seat]
    after = PlayerState(player.name, player.tokens.plus(take.gems), player.bonuses, player.points)
    best: tuple[int, int, str, Card] | None = None
    for level, row in zip(LEVELS, state.rows):
        for i, card in enumerate(row):
            if card is None:
                continue
            short = _gems_short(card, after)
            gained = _gems_short(card, player) - short
            if gained <= 0:
                continue
            key = (short, -card.points, f"{level}{i + 1}", card)
            if best is None or key[:2] < best[:2]:
                best = key
    for i, held in enumerate(player.reserved):
        card = held.card
        if card is None:
            continue
        short = _gems_short(card, after)
        if _gems_short(card, player) - short > 0 and (best is None or (short, -card.points) < best[:2]):
            best = (short, -card.points, f"h{i + 1}", card)
    if best is None:
        return text("hint.take_general")
    short, _, place, card = best
    if short == 0:
        return text("hint.take_then_buy", place=place, card=narrator.card(card))
    return text("hint.take_closer", place=place, card=narrator.card(card), short=_gems(short))


def explain_move(state: GameState, seat: int, command: Command, narrator: Narrator) -> str:
    """One sentence: the command to type and why (``buy b1: it gives you 2 points ...``)."""
    player = state.players[seat]
    typed = str(command)
    match command:
        case Buy(place=place):
            card = state.card_at(place)
            if card is None:
                return text("hint.plain", command=typed)
            parts = _buy_reasons(state, seat, card, narrator)
            rivals = _rivals_who_could_buy(state, seat, card) if isinstance(place, Slot) else []
            why = join_words(parts)
            if rivals:
                why += text("hint.rival_wants", names=join_words(rivals))
            return text("hint.buy", command=typed, why=why)
        case Reserve(place=place) if isinstance(place, DeckTop):
            return text("hint.reserve_deck", command=typed, level=place.level,
                        gold=text("hint.deck_gold") if state.supply[5] else "")
        case Reserve(place=place):
            card = state.card_at(place)
            if card is None:
                return text("hint.plain", command=typed)
            rivals = _rivals_who_could_buy(state, seat, card)
            if rivals:
                why = text("hint.reserve_deny", names=join_words(rivals))
            else:
                why = text("hint.reserve_keep", short=_gems(_gems_short(card, player)))
            return text("hint.reserve", command=typed, card=narrator.card(card), why=why,
                        gold=text("hint.gold") if state.supply[5] else "")
        case TakeGems():
            return text("hint.take", command=typed, why=_reach_after_take(state, seat, command, narrator))
        case ReturnTokens():
            return text("hint.return", command=typed)
        case ChooseNoble(index=index):
            noble = state.nobles[index - 1]
            rivals = [p.name for i, p in enumerate(state.players) if i != seat and noble is not None
                      and _noble_missing(noble.requirement, p.bonuses) <= NEAR_NOBLE]
            if rivals:
                return text("hint.noble_rival", command=typed, names=join_words(rivals))
            return text("hint.noble", command=typed)
        case Pass():
            return text("hint.pass", command=typed)
        case Hold(to=to):
            card = state.card_at(to)
            third = state.strongholds[seat].count(str(to)) == 2 if state.strongholds else False
            return text("hint.hold_third" if third else "hint.hold", command=typed, card=narrator.card(card))
        case Oust(place=place):
            owner = next(iter(state.holders(str(place))), seat)
            return text("hint.oust", command=typed, owner=state.players[owner].name,
                        card=narrator.card(state.card_at(place)))
        case Conquer():
            return text("hint.conquer", command=typed)
        case Associate(colour=colour, count=count):
            return text("hint.associate", command=typed, gem=gem_name(colour, 2), count=count)
        case TakeFree(place=place):
            return text("hint.free", command=typed, card=narrator.card(state.card_at(place)))
        case ReserveNoble(index=index):
            noble = state.nobles[index - 1]
            return text("hint.keep_noble", command=typed, noble=noble.text if noble else "")
    return text("hint.module", command=typed)

