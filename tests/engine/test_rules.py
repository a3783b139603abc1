"""One test per rule and per refusal of the base game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import DeckTop, GemCounts, HandSlot, Slot
from splendor_a11y.engine import (
    Buy,
    CardBought,
    ChooseNoble,
    GameEnded,
    GameState,
    IllegalAction,
    NobleVisited,
    Pass,
    Phase,
    Reason,
    Reserve,
    ReturnTokens,
    TakeGems,
    decide,
    decide_and_apply,
    legal_commands,
)
from splendor_a11y.engine.state import Reserved

from conftest import gems, new_game, play, with_player


def refused(state: GameState, command: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        decide(state, command)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(("players", "each", "nobles"), [(2, 4, 3), (3, 5, 4), (4, 7, 5)])
def test_setup_by_player_count(players: int, each: int, nobles: int) -> None:
    state = new_game(players)
    assert state.supply == GemCounts((each,) * 5 + (5,))
    assert len(state.nobles) == nobles
    assert [len(row) for row in state.rows] == [4, 4, 4]
    assert [len(d) for d in state.decks] == [36, 26, 16]


def test_take_three_different() -> None:
    events, after = decide_and_apply(new_game(), TakeGems(gems("1s 1e 1r")))
    assert after.players[0].tokens == gems("1s 1e 1r")
    assert after.supply == gems("4d 3s 3e 3r 4o 5g")
    assert after.current == 1


def test_take_two_alike_needs_a_pile_of_four() -> None:
    state = new_game()
    assert decide(state, TakeGems(gems("2s")))
    low = replace(state, supply=gems("4d 3s 4e 4r 4o 5g"))
    error = refused(low, TakeGems(gems("2s")))
    assert error.reason is Reason.TAKE_TWO_LOW and error.details["supply"] == 3


def test_never_gold() -> None:
    assert refused(new_game(), TakeGems(gems("1g 1s 1e"))).reason is Reason.TAKE_GOLD


def test_mixed_and_too_many_takes_are_refused() -> None:
    assert refused(new_game(), TakeGems(gems("2s 1e"))).reason is Reason.TAKE_MIXED
    assert refused(new_game(), TakeGems(gems("1d 1s 1e 1r"))).reason is Reason.TAKE_TOO_MANY
    assert refused(new_game(), TakeGems(gems("3s"))).reason is Reason.TAKE_MIXED


def test_fewer_than_three_only_when_fewer_colours_remain() -> None:
    state = new_game()
    assert refused(state, TakeGems(gems("1s 1e"))).reason is Reason.TAKE_MORE_COLOURS
    two_left = replace(state, supply=gems("0d 1s 1e 0r 0o 5g"))
    assert decide(two_left, TakeGems(gems("1s 1e")))
    assert decide(two_left, TakeGems(gems("1s")))
    assert refused(two_left, TakeGems(gems("1d"))).reason is Reason.TAKE_EMPTY_PILE


def test_reserve_from_slot_gives_gold_and_refills() -> None:
    state = new_game()
    card, top = state.rows[0][1], state.decks[0][0]
    events, after = decide_and_apply(state, Reserve(Slot("a", 2)))
    assert after.players[0].reserved == (Reserved(card, "a", False),)
    assert after.players[0].tokens == gems("1g") and after.supply == gems("4d 4s 4e 4r 4o 4g")
    assert after.rows[0][1] == top and len(after.decks[0]) == 35


def test_reserve_from_deck_top_is_blind() -> None:
    state = new_game()
    top = state.decks[2][0]
    _, after = decide_and_apply(state, Reserve(DeckTop("c")))
    assert after.players[0].reserved == (Reserved(top, "c", True),)
    assert after.rows == state.rows


def test_reserve_without_gold_left_still_works() -> None:
    state = replace(new_game(), supply=gems("4d 4s 4e 4r 4o"))
    events = decide(state, Reserve(Slot("a", 1)))
    assert events[0].gold == 0  # type: ignore[union-attr]


def test_at_most_three_reserved() -> None:
    state = new_game()
    full = with_player(state, 0, reserved=tuple(Reserved(c, "a", False) for c in state.decks[0][:3]))
    assert refused(full, Reserve(Slot("a", 1))).reason is Reason.HAND_FULL


def test_empty_deck_and_slot_are_refused() -> None:
    state = new_game()
    empty = replace(
        state,
        decks=((), state.decks[1], state.decks[2]),
        rows=((None,) + state.rows[0][1:], state.rows[1], state.rows[2]),
    )
    assert refused(empty, Reserve(DeckTop("a"))).reason is Reason.EMPTY_DECK
    assert refused(empty, Reserve(Slot("a", 1))).reason is Reason.EMPTY_SLOT
    assert refused(state, Reserve(Slot("a", 5))).reason is Reason.NO_SUCH_SLOT


def test_an_emptied_slot_stays_empty_and_keeps_its_number() -> None:
    state = new_game()
    no_deck = replace(state, decks=((), state.decks[1], state.decks[2]))
    _, after = decide_and_apply(no_deck, Reserve(Slot("a", 2)))
    assert after.rows[0][1] is None and after.rows[0][2] == state.rows[0][2]


def _with_card_at_b1(state: GameState, code: str) -> GameState:
    card = Card.parse(code)
    return replace(state, rows=(state.rows[0], (card,) + state.rows[1][1:], state.rows[2]))


def test_buy_uses_bonuses_then_gems_then_gold() -> None:
    state = _with_card_at_b1(new_game(), "b2r 3d 5o")
    state = with_player(state, 0, tokens=gems("3d 4o 1g"), bonuses=gems(""))
    events, after = decide_and_apply(state, Buy(Slot("b", 1)))
    assert events[0] == CardBought(player=0, source=Slot("b", 1), card=Card.parse("b2r 3d 5o"), paid=gems("3d 4o 1g"))
    assert after.players[0].points == 2 and after.players[0].bonuses == gems("1r")
    with_bonus = with_player(state, 0, bonuses=gems("2o"))
    assert decide(with_bonus, Buy(Slot("b", 1)))[0].paid == gems("3d 3o")  # type: ignore[union-attr]


def test_buy_spends_coloured_gems_before_gold_by_default() -> None:
    state = _with_card_at_b1(new_game(), "b2r 3d 5o")
    state = with_player(state, 0, tokens=gems("3d 5o 2g"))
    assert decide(state, Buy(Slot("b", 1)))[0].paid == gems("3d 5o")  # type: ignore[union-attr]


def test_explicit_payment_may_spend_gold_instead_of_gems_held() -> None:
    state = with_player(_with_card_at_b1(new_game(), "b2r 3d 5o"), 0, tokens=gems("3d 5o 2g"))
    assert decide(state, Buy(Slot("b", 1), gems("1d 5o 2g")))[0].paid == gems("1d 5o 2g")  # type: ignore[union-attr]
    assert refused(state, Buy(Slot("b", 1), gems("3d 5o 1g"))).reason is Reason.PAY_TOO_MUCH
    assert refused(state, Buy(Slot("b", 1), gems("3d 4o"))).reason is Reason.PAY_TOO_LITTLE
    assert refused(state, Buy(Slot("b", 1), gems("3d 2o 3g"))).reason is Reason.PAY_NOT_HELD


def test_cannot_afford_says_what_is_short() -> None:
    state = with_player(_with_card_at_b1(new_game(), "b2r 3d 5o"), 0, tokens=gems("3d 3o 1g"))
    error = refused(state, Buy(Slot("b", 1)))
    assert error.reason is Reason.CANNOT_AFFORD and error.details["short"] == gems("2o")


def test_bonuses_can_make_a_card_free() -> None:
    state = with_player(_with_card_at_b1(new_game(), "b2r 3d 5o"), 0, bonuses=gems("3d 5o"))
    assert decide(state, Buy(Slot("b", 1)))[0].paid == gems("")  # type: ignore[union-attr]


def test_buy_from_hand_only_your_own() -> None:
    state = new_game()
    card = Card.parse("a0d 3s")
    state = with_player(state, 0, reserved=(Reserved(card, "a", True),), tokens=gems("3s"))
    events, after = decide_and_apply(state, Buy(HandSlot(1)))
    assert after.players[0].reserved == () and card in after.players[0].bought
    assert refused(state, Buy(HandSlot(2))).reason is Reason.NO_SUCH_HAND_CARD


def test_over_ten_must_return_exactly_to_ten() -> None:
    state = with_player(new_game(), 0, tokens=gems("2d 2s 2e 2r 1o"))
    _, after = decide_and_apply(state, TakeGems(gems("1d 1s 1e")))
    assert after.phase is Phase.RETURN and after.current == 0
    assert refused(after, TakeGems(gems("1d 1s 1e"))).reason is Reason.RETURN_DUE
    assert refused(after, ReturnTokens(gems("1d"))).reason is Reason.RETURN_WRONG_COUNT
    assert refused(after, ReturnTokens(gems("2o"))).reason is Reason.RETURN_NOT_HELD
    _, done = decide_and_apply(after, ReturnTokens(gems("1d 1s")))  # just-taken gems may go back
    assert done.players[0].token_count == 10 and done.current == 1


def test_returning_when_not_over_ten_is_refused() -> None:
    assert refused(new_game(), ReturnTokens(gems("1d"))).reason is Reason.NO_RETURN_DUE


def _noble_ready(state: GameState, *requirements: str) -> GameState:
    nobles = tuple(Noble.parse(r) for r in requirements)
    state = replace(state, nobles=nobles)
    return with_player(state, 0, bonuses=gems("4d 4s 3e"), tokens=gems("1d 1s 1e"))


def test_a_single_noble_visits_without_asking() -> None:
    state = _noble_ready(new_game(), "3 4d 4s", "3 4r 4o", "3 4e 4r")
    events, after = decide_and_apply(state, TakeGems(gems("1d 1s 1e")))
    assert isinstance(events[1], NobleVisited) and after.players[0].points == 3
    assert after.nobles[0] is None and after.current == 1


def test_several_nobles_the_player_chooses_one() -> None:
    state = _noble_ready(new_game(), "3 4d 4s", "3 3d 3s 3e", "3 4e 4r")
    _, after = decide_and_apply(state, TakeGems(gems("1r 1o 1e")))
    assert after.phase is Phase.NOBLE
    assert legal_commands(after) == [ChooseNoble(1), ChooseNoble(2)]
    assert refused(after, ChooseNoble(3)).reason is Reason.NOBLE_NOT_MET
    assert refused(after, Pass()).reason is Reason.NOBLE_DUE
    _, done = decide_and_apply(after, ChooseNoble(2))
    assert done.players[0].nobles == (Noble.parse("3 3d 3s 3e"),)
    assert done.players[0].points == 3 and done.nobles[0] is not None and done.current == 1


def test_nobles_count_bonuses_only_never_tokens() -> None:
    state = replace(new_game(), nobles=(Noble.parse("3 4d 4s"),))
    state = with_player(state, 0, bonuses=gems("3d 4s"), tokens=gems("5d"))
    _, after = decide_and_apply(state, TakeGems(gems("1s 1e 1r")))
    assert after.players[0].nobles == ()


def test_fifteen_points_finishes_the_round_then_ends() -> None:
    state = with_player(new_game(), 0, points=14)
    state = with_player(_with_card_at_b1(state, "b2r 3d 5o"), 0, points=14, tokens=gems("3d 5o"))
    events, after = decide_and_apply(state, Buy(Slot("b", 1)))
    assert after.players[0].points == 16 and after.phase is Phase.ACTION and after.current == 1
    events, final = decide_and_apply(after, TakeGems(gems("1d 1s 1e")))
    assert isinstance(events[-1], GameEnded) and final.is_over
    assert final.winners == (0,)


def test_the_last_player_of_the_round_triggers_an_immediate_end() -> None:
    state = replace(with_player(new_game(), 1, points=15), current=1)
    events, final = decide_and_apply(state, TakeGems(gems("1d 1s 1e")))
    assert final.is_over and events[-1] == GameEnded(scores=(0, 15), winners=(1,))


def test_ties_go_to_fewest_cards_then_are_shared() -> None:
    a, b = Card.parse("a0d 3s"), Card.parse("a0s 3o")
    state = with_player(new_game(), 0, points=15, bought=(a, b))
    state = replace(with_player(state, 1, points=15, bought=(a,)), current=1)
    events, final = decide_and_apply(state, TakeGems(gems("1d 1s 1e")))
    assert final.winners == (1,)
    state = with_player(state, 1, bought=(a, b))
    assert decide_and_apply(state, TakeGems(gems("1d 1s 1e")))[1].winners == (0, 1)


def test_pass_only_when_nothing_is_legal() -> None:
    state = new_game()
    assert refused(state, Pass()).reason is Reason.PASS_NOT_ALLOWED
    stuck = replace(state, supply=gems("5g"))
    stuck = with_player(stuck, 0, reserved=tuple(Reserved(c, "c", False) for c in state.decks[2][:3]))
    assert legal_commands(stuck) == [Pass()]
    _, after = decide_and_apply(stuck, Pass())
    assert after.current == 1


def test_a_whole_round_of_passes_ends_the_game() -> None:
    state = new_game()
    stuck = replace(state, supply=gems("5g"))
    for seat in (0, 1):
        stuck = with_player(stuck, seat, reserved=tuple(Reserved(c, "c", False) for c in state.decks[2][:3]))
    _, after = decide_and_apply(stuck, Pass())
    events, final = decide_and_apply(after, Pass())
    assert final.is_over and isinstance(events[-1], GameEnded)


def test_nothing_changes_after_a_refusal() -> None:
    state = new_game()
    before = state
    refused(state, TakeGems(gems("3s")))
    assert state == before


def test_the_game_over_refuses_everything() -> None:
    state = replace(new_game(), phase=Phase.OVER)
    assert refused(state, TakeGems(gems("1d 1s 1e"))).reason is Reason.GAME_OVER
    assert legal_commands(state) == []


def test_a_module_s_after_action_hook_is_told_the_turn_s_action() -> None:
    """A power that answers what the action did (two gems alike, a purchase) must know it:
    the hook is given the action's event, and the turn ends with it forgotten."""
    from splendor_a11y.domain.cards import standard_cards
    from splendor_a11y.engine import CardReserved, GemsTaken, deal, evolve
    from splendor_a11y.engine.module import Module

    told: list[object] = []

    class Listening(Module):
        name = "listening"

        def after_action(self, state: GameState, action: object) -> GameState | None:
            told.append(action)
            return None

    state = GameState.new(("Ana", "Ben"), (Listening(),))
    state = evolve(state, replace(deal(2, random.Random(4), standard_cards()), first_player=0))
    cheapest = min((c for c in state.rows[0] if c is not None), key=lambda c: sum(c.cost))
    state = with_player(state, 1, tokens=GemCounts(list(cheapest.cost[:5]) + [0]))
    slot = Slot("a", state.rows[0].index(cheapest) + 1)
    after = play(state, TakeGems(gems("1d 1s 1e")), Buy(slot), Reserve(Slot("b", 1)))
    assert [type(action) for action in told] == [GemsTaken, CardBought, CardReserved]
    assert told[0] == GemsTaken(player=0, gems=gems("1d 1s 1e"))
    assert after.action is None, "a turn over, its action is forgotten"


def test_another_player_s_action_is_not_in_a_seat_s_view() -> None:
    from splendor_a11y.domain.notation import DeckTop as Top
    from splendor_a11y.engine import view

    state = with_player(new_game(), 0, tokens=gems("2d 2s 2e 2r 2o"))
    reserving = play(state, Reserve(Top("c")))
    assert reserving.phase is Phase.RETURN and reserving.action is not None
    assert view(reserving, 1).action is None, "a card reserved blind is not seen through the turn's action"
    assert view(reserving, 0).action == reserving.action
