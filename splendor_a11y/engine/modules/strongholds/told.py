"""What the Strongholds' phases and commands are about, and a conquest, as ``Phrase`` values for
the text layer (which owns the words), and its commands' words at the prompt."""

from __future__ import annotations

from collections import Counter

from splendor_a11y.engine.checks import price
from splendor_a11y.engine.commands import Command
from splendor_a11y.engine.events import CardBought, Event
from splendor_a11y.engine.module import Word
from splendor_a11y.engine.modules.strongholds.board import (
    CONQUEST_PHASE,
    conquest_slot,
    holders,
    strongholds,
    strongholds_left,
)
from splendor_a11y.engine.modules.strongholds.commands import Conquer, Decline, Hold, Oust
from splendor_a11y.engine.modules.strongholds.events import StrongholdOusted, StrongholdPlaced
from splendor_a11y.engine.modules.strongholds.kinds import STRONGHOLD_PHASE, STRONGHOLDS_EACH
from splendor_a11y.engine.phrase import Counted, LastRound, Phrase, PlacedCard, Points, Price, Refill
from splendor_a11y.engine.state import GameState

__all__ = ["WORDS", "aside", "explain", "placed", "prompt", "status", "tell"]

WORDS = (
    Word("hold", "slot_from_slot", Hold),
    Word("oust", "slot", Oust),
    Word("conquer", "payment", Conquer),
    Word("decline", "nothing", Decline),
)


def placed(state: GameState, seat: int) -> Phrase | str:
    """``, 2 on b3 and 1 on c1``, ``, all 3 on b3``, or nothing."""
    places = Counter(strongholds(state)[seat] if strongholds(state) else ())
    on = tuple(
        Phrase(
            "turn.stronghold.all" if count == STRONGHOLDS_EACH else "turn.stronghold.on",
            {"count": count, "place": str(place)},
        )
        for place, count in sorted(places.items())
    )
    return Phrase("turn.stronghold.placed", {"places": on}) if on else ""


def tell(event: Event, before: GameState, after: GameState) -> Phrase | None:
    """A purchase that was a conquest (the module's own events tell themselves)."""
    if isinstance(event, CardBought) and before.phase is CONQUEST_PHASE:
        return Phrase(
            "event.conquer",
            {
                "card": event.card,
                "place": str(event.source),
                "paid": Price(event.paid, event.discarded),
                "points": Points(after.players[event.player].points),
                "refill": Refill(event.source),
                "last_round": LastRound(event.player),
            },
            seat=event.player,
        )
    return None


def aside(event: Event, before: GameState, after: GameState) -> Phrase | None:
    """The strongholds that went home because the card under them left its slot (bought,
    reserved, taken free): said, since a player who counted theirs placed
    would otherwise hear "3 left" at the next prompt with no word of why. The module's
    own events, and a conquest, say where their strongholds went themselves."""
    if isinstance(event, (StrongholdPlaced, StrongholdOusted)) or not strongholds(after):
        return None
    if isinstance(event, CardBought) and before.phase is CONQUEST_PHASE:
        return None  # the conquest says its strongholds come back
    home = tuple(
        Phrase("event.strongholds_home", {"back": Counted("strongholds.count", back), "left": left}, seat=seat)
        for seat in range(len(after.players))
        if (back := (left := strongholds_left(after, seat)) - strongholds_left(before, seat)) > 0
    )
    return Phrase("event.strongholds_home_from", {"home": home}) if home else None


def prompt(state: GameState) -> Phrase | None:
    """Where to put a stronghold, or whether to buy a conquered card."""
    seat = state.current
    if state.phase is STRONGHOLD_PHASE:
        left = strongholds_left(state, seat)
        key = "turn.stronghold.you" if left else "turn.stronghold_all_placed.you"
        return Phrase(key, {"left": left, "placed": placed(state, seat)})
    if state.phase is CONQUEST_PHASE:
        slot = conquest_slot(state)
        assert slot is not None
        card = state.card_at(slot)
        assert card is not None
        cost = price(state, seat, card)
        assert cost is not None, "a conquest is offered only when the card can be paid for"
        return Phrase("turn.conquest.you", {"card": PlacedCard(str(slot), card), "paid": Price(*cost)})
    return None


def explain(state: GameState, seat: int, command: Command) -> Phrase | None:
    """Why a stronghold's move is worth it. On the game's last turn a stronghold keeps
    nothing that counts (the hint said it kept the card for you): it is said that the
    purchase asks for the move and none changes who wins; a third on one card still
    lets the card be conquered this turn."""
    if isinstance(command, Hold):
        third = strongholds(state)[seat].count(command.to) == 2
        if not third and state.ends_after_turn_of(seat):
            return Phrase("hint.hold_last_turn", {"command": command})
        return Phrase(
            "hint.hold_third" if third else "hint.hold", {"command": command, "card": state.card_at(command.to)}
        )
    if isinstance(command, Oust):
        owner = next(iter(holders(state, command.place)), seat)
        return Phrase(
            "hint.oust", {"command": command, "owner": state.players[owner].name, "card": state.card_at(command.place)}
        )
    if isinstance(command, Conquer):
        return Phrase("hint.conquer", {"command": command})
    return None


def status(state: GameState, seat: int) -> tuple[Phrase, ...]:
    """How many strongholds a player has left, and where the others stand."""
    if not strongholds(state):
        return ()
    left = strongholds_left(state, seat)
    key = "query.strongholds" if left else "query.strongholds_all_placed"
    return (Phrase(key, {"left": left, "placed": placed(state, seat)}),)
