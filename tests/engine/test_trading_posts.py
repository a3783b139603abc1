"""The Trading Posts module, rule by rule, from its rules text (the rulebook's example of
15 points included), alone and with the other modules."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from splendor_a11y.domain.cards import Card, Noble, standard_cards
from splendor_a11y.domain.notation import Gem, GemCounts, Slot
from splendor_a11y.engine import (
    Buy,
    CardBought,
    GameState,
    NobleVisited,
    Phase,
    Reason,
    TakeGems,
    deal,
    decide_and_apply,
    evolve,
    gems_uncovered,
    legal_commands,
    modules_named,
)
from splendor_a11y.engine.modules.orient.card_marks import is_double_gold
from splendor_a11y.engine.modules.strongholds import CONQUEST_PHASE, Conquer, Hold
from splendor_a11y.engine.modules.tradingposts import (
    EXTRA_PHASE,
    TOKEN_PHASE,
    CoatOfArmsPlaced,
    Gain,
    Reasons,
    RouteTokenTaken,
    placed_powers,
)
from splendor_a11y.engine.payment import uncovered

from conftest import gems, play, refused, with_player

NOTHING = GemCounts()


def game(modules: tuple[str, ...] = ("tradingposts",), players: int = 2, seed: int = 3) -> GameState:
    """A dealt game with the Trading Posts, Ana (seat 0) to play, no one holding anything."""
    state = GameState.new(("Ana", "Ben", "Cy", "Di")[:players], modules_named(modules))
    setup = deal(players, random.Random(seed), standard_cards(), modules_named(modules))
    return evolve(state, replace(setup, first_player=0))


def with_card(state: GameState, place: str, code: str) -> GameState:
    """A card of our choosing face up at a slot."""
    level = "abc".index(place[0])
    rows = list(state.rows)
    row = list(rows[level])
    row[int(place[1:]) - 1] = Card.parse(code)
    rows[level] = tuple(row)
    return replace(state, rows=tuple(rows))


def with_coats(state: GameState, seat: int, *powers: int) -> GameState:
    """A player with coats of arms already on these powers."""
    return with_player(state, seat, parts=state.players[seat].with_part("tradingposts", tuple(powers)).parts)


def without_nobles(state: GameState) -> GameState:
    """No noble on the table, so that none visits by chance."""
    return replace(state, nobles=(None,) * len(state.nobles))


def events_of(state: GameState, *commands: object) -> list[object]:
    """Every event the commands make, in order."""
    made: list[object] = []
    for command in commands:
        events, state = decide_and_apply(state, command)  # type: ignore[arg-type]
        made += events
    return made


# ---- placing coats of arms ------------------------------------------------------------


def test_a_coat_of_arms_is_placed_at_the_end_of_the_turn_a_requirement_is_met() -> None:
    state = with_card(without_nobles(game()), "a1", "a0d 1s")
    state = with_player(state, 0, bonuses=gems("1d"), tokens=gems("1s"))
    made = events_of(state, Buy(Slot("a", 1)))
    assert isinstance(made[0], CardBought)
    assert made[1:] == [CoatOfArmsPlaced(player=0, power=2)], "two diamond bonuses meet the second power"
    after = play(state, Buy(Slot("a", 1)))
    assert placed_powers(after.players[0]) == (2,) and after.current == 1


def test_the_coat_of_arms_comes_after_the_nobles_visit_which_can_meet_the_fourth_power() -> None:
    state = with_card(game(), "a1", "a0e 1s")
    noble = Noble.parse("3 5e")
    state = replace(state, nobles=(noble, None, None))
    state = with_player(state, 0, bonuses=gems("4e"), tokens=gems("1s"))
    made = events_of(state, Buy(Slot("a", 1)))
    assert [type(event) for event in made] == [CardBought, NobleVisited, CoatOfArmsPlaced]
    after = play(state, Buy(Slot("a", 1)))
    assert after.players[0].points == 3 + 5, "the noble's 3 and the fourth power's 5"


def test_each_power_takes_one_coat_of_arms_per_player_once_for_the_game() -> None:
    state = with_card(without_nobles(game()), "a1", "a0d 1s")
    state = with_coats(state, 0, 2)
    state = with_player(state, 0, bonuses=gems("3d"), tokens=gems("1s"))
    made = events_of(state, Buy(Slot("a", 1)))
    assert not any(isinstance(event, CoatOfArmsPlaced) for event in made), "the second power is held already"
    both = with_player(with_coats(state, 1, 2), 1, bonuses=gems("2d"))
    assert placed_powers(both.players[1]) == (2,), "each player has a coat of arms of their own on a power"


def test_several_requirements_met_at_once_place_several_coats_in_the_routes_order() -> None:
    state = with_card(without_nobles(game()), "a1", "a0o 1s")
    state = with_player(state, 0, bonuses=gems("2d 3s 2o"), tokens=gems("1s"))
    made = events_of(state, Buy(Slot("a", 1)))
    assert made[1:] == [
        CoatOfArmsPlaced(player=0, power=2),
        CoatOfArmsPlaced(player=0, power=3),
        CoatOfArmsPlaced(player=0, power=5),
    ]
    assert play(state, Buy(Slot("a", 1))).players[0].points == 3, "the fifth power counts the three coats"


# ---- the first power: a token after a purchase ----------------------------------------


def test_a_purchase_brings_a_token_before_the_card_is_replaced_possibly_one_just_spent() -> None:
    state = with_card(without_nobles(game()), "a1", "a0s 1r")
    state = with_coats(state, 0, 1)
    state = replace(state, supply=state.supply.minus(gems("4r")))
    state = with_player(state, 0, tokens=gems("1r"))
    after = play(state, Buy(Slot("a", 1)))
    assert after.phase is TOKEN_PHASE and after.current == 0
    assert after.rows[0][0] is None, "the card is replaced once the token is taken"
    assert Gain(Gem.RUBY) in legal_commands(after), "the ruby just spent may be taken back"
    taken = play(after, Gain(Gem.RUBY))
    assert taken.players[0].tokens == gems("1r") and taken.current == 1
    assert taken.rows[0][0] is not None


def test_no_token_on_the_turn_the_first_power_is_placed() -> None:
    state = with_card(without_nobles(game()), "a1", "a0r 1s")
    state = with_player(state, 0, bonuses=gems("1d 2r"), tokens=gems("1s"))
    made = events_of(state, Buy(Slot("a", 1)))
    assert made[1:] == [CoatOfArmsPlaced(player=0, power=1)]
    assert not any(isinstance(event, RouteTokenTaken) for event in made)


def test_the_token_is_one_of_the_colours_left_and_no_gold() -> None:
    state = with_card(without_nobles(game()), "a1", "a0s 1r")
    state = with_coats(state, 0, 1)
    state = with_player(state, 0, tokens=gems("1r"))
    after = play(state, Buy(Slot("a", 1)))
    assert refused(after, TakeGems(gems("1d 1s 1e"))).reason is Reasons.ROUTE_TOKEN_DUE
    emptied = replace(after, supply=GemCounts((0, 0, 4, 0, 0, 5)))
    assert legal_commands(emptied) == [Gain(Gem.EMERALD)]
    assert refused(emptied, Gain(Gem.DIAMOND)).reason is Reasons.ROUTE_TOKEN_NOT_OFFERED


def test_a_lone_colour_left_is_taken_without_asking_and_none_left_skips_the_token() -> None:
    state = with_card(without_nobles(game()), "a1", "a0s 1r")
    state = with_coats(state, 0, 1)
    state = with_player(state, 0, tokens=gems("1r"))
    lone = replace(state, supply=GemCounts((0, 0, 0, 0, 0, 5)))
    made = events_of(lone, Buy(Slot("a", 1)))
    assert made[1:] == [RouteTokenTaken(player=0, gem=Gem.RUBY, power=1)], "only the ruby just paid is left"
    none = with_player(replace(state, supply=GemCounts((0, 0, 0, 0, 0, 5))), 0, tokens=gems("1g"))
    after = play(none, Buy(Slot("a", 1)))
    assert after.current == 1, "gold pays, no gem is left: the turn ends without a token"


def test_gain_outside_the_routes_moments_is_refused() -> None:
    assert refused(game(), Gain(Gem.RUBY)).reason is Reasons.NO_ROUTE_TOKEN_DUE
    assert refused(game(()), Gain(Gem.RUBY)).details["what"] == "off"


# ---- the second power: two alike bring one more ---------------------------------------


def test_two_alike_bring_one_more_of_another_colour() -> None:
    state = with_coats(without_nobles(game()), 0, 2)
    after = play(state, TakeGems(gems("2s")))
    assert after.phase is EXTRA_PHASE and after.current == 0
    assert Gain(Gem.SAPPHIRE) not in legal_commands(after)
    error = refused(after, Gain(Gem.SAPPHIRE))
    assert error.reason is Reasons.ROUTE_TOKEN_NOT_OFFERED and error.details["what"] == "taken"
    taken = play(after, Gain(Gem.ONYX))
    assert taken.players[0].tokens == gems("2s 1o") and taken.current == 1


def test_three_different_bring_nothing_and_two_alike_still_need_four_in_the_supply() -> None:
    state = with_coats(without_nobles(game()), 0, 2)
    assert play(state, TakeGems(gems("1d 1s 1e"))).current == 1
    low = replace(state, supply=state.supply.minus(gems("1s")))
    assert refused(low, TakeGems(gems("2s"))).reason is Reason.TAKE_TWO_LOW


# ---- the third power: gold worth two gems ---------------------------------------------


def test_each_gold_pays_two_gems_of_one_colour() -> None:
    state = with_card(without_nobles(game()), "b1", "b1s 4r 1d")
    state = with_player(state, 0, tokens=gems("1d 2g"))
    assert refused(state, Buy(Slot("b", 1))).reason is Reason.CANNOT_AFFORD
    powered = with_coats(state, 0, 3)
    made = events_of(powered, Buy(Slot("b", 1)))
    assert isinstance(made[0], CardBought) and made[0].paid == gems("1d 2g")
    assert refused(powered, Buy(Slot("b", 1), gems("1d 1g"))).reason is Reason.PAY_TOO_LITTLE
    spread = with_card(powered, "b1", "b1s 1r 1e 1d")
    bought = events_of(with_player(spread, 0, tokens=gems("1d 2g")), Buy(Slot("b", 1)))[0]
    assert isinstance(bought, CardBought) and bought.paid == gems("1d 2g"), "a gold pays gems of one colour only"


def test_a_gold_worth_two_still_counts_as_one_token_against_ten() -> None:
    state = with_coats(without_nobles(game()), 0, 3)
    state = with_player(state, 0, tokens=gems("2d 2s 2e 2r 1g"))
    after = play(state, TakeGems(gems("1d 1s 1e")))
    assert after.phase is Phase.RETURN, "12 tokens, gold counted once"


# ---- the fourth and fifth powers: points ----------------------------------------------


def test_the_rulebooks_fifteen_points_three_for_a_noble_five_for_cards_five_and_two_from_the_route() -> None:
    state = with_card(without_nobles(game()), "a1", "c3o 1d")
    noble = Noble.parse("3 3e")
    state = with_player(state, 0, bonuses=gems("5e 2o"), tokens=gems("1d"), points=2 + 3, nobles=(noble,))
    state = with_coats(state, 0, 4)
    state = replace(state, players=(replace(state.players[0], points=2 + 3 + 5), *state.players[1:]))
    after = play(state, Buy(Slot("a", 1)))
    ana = after.players[0]
    assert placed_powers(ana) == (4, 5)
    assert ana.points == 3 + 5 + 5 + 2, "a noble, cards worth 5, the fourth power and two coats of arms"


def test_the_fifth_power_grows_with_each_later_coat() -> None:
    state = with_card(without_nobles(game()), "a1", "a0d 1s")
    state = with_coats(state, 0, 5)
    state = with_player(state, 0, bonuses=gems("1d 3o"), tokens=gems("1s"), points=1)
    after = play(state, Buy(Slot("a", 1)))
    assert placed_powers(after.players[0]) == (2, 5) and after.players[0].points == 2


def test_points_from_the_route_end_the_game_at_the_end_of_the_round() -> None:
    state = with_card(without_nobles(game()), "a1", "a0d 1s")
    state = with_player(state, 0, bonuses=gems("1d 3o"), tokens=gems("1s"), points=14)
    after = play(state, Buy(Slot("a", 1)))
    assert after.players[0].points == 14 + 2, "the second and fifth powers: two coats on the fifth's count"
    ended = play(after, TakeGems(gems("1d 1s 1e")))
    assert ended.is_over and ended.winners == (0,)


# ---- with the other modules -----------------------------------------------------------


def test_the_orients_virtual_gold_is_worth_two_gems_each_with_the_third_power() -> None:
    state = with_card(without_nobles(game(("orient", "tradingposts"))), "b1", "b1s 4r")
    gold_card = next(card for card in standard_cards().module_level("orient", "a") if is_double_gold(card))
    state = with_player(state, 0, bought=(gold_card,), tokens=NOTHING)
    assert refused(state, Buy(Slot("b", 1))).reason is Reason.CANNOT_AFFORD, "two virtual gold pay two rubies"
    powered = with_coats(state, 0, 3)
    bought = events_of(powered, Buy(Slot("b", 1)))[0]
    assert isinstance(bought, CardBought) and bought.discarded == (gold_card,) and bought.paid == NOTHING


def test_a_coat_of_arms_stays_when_a_discard_loses_its_bonuses() -> None:
    state = without_nobles(game(("orient", "tradingposts")))
    discard = Card.parse("c3s -2d")
    state = with_card(state, "c5", discard.text)
    diamonds = (Card.parse("a0d 1s"), Card.parse("a0d 2s"))
    state = with_player(state, 0, bought=diamonds, bonuses=gems("2d"))
    state = with_coats(state, 0, 2)
    after = play(state, Buy(Slot("c", 5)))
    assert after.players[0].bonuses == gems("1s"), "the two diamond cards are gone"
    assert placed_powers(after.players[0]) == (2,), "the second power's coat of arms stays"


def test_the_first_power_gives_one_token_for_a_purchase_that_brings_a_free_card() -> None:
    state = without_nobles(game(("orient", "tradingposts")))
    free = Card.parse("b0*+a 4e 3r 1o")
    state = with_card(state, "b5", free.text)
    state = with_coats(state, 0, 1)
    state = with_player(state, 0, tokens=free.cost, bought=(Card.parse("a0d 1s"),), bonuses=gems("1d"))
    made, state = decide_and_apply(state, Buy(Slot("b", 5)))
    made = list(made)
    while state.current == 0:
        events, state = decide_and_apply(state, legal_commands(state)[0])
        made += events
    assert isinstance(made[0], CardBought) and made[0].card == free
    assert any(type(event).__name__ == "FreeCardTaken" for event in made), "the free card was taken"
    assert sum(isinstance(event, RouteTokenTaken) for event in made) == 1, "the free card is not a purchase"


def test_a_conquest_purchase_brings_a_token_usable_for_it_when_the_action_was_a_purchase() -> None:
    state = without_nobles(game(("strongholds", "tradingposts")))
    state = with_card(with_card(state, "a1", "a0s 1r"), "b1", "b1s 1r 1d")
    state = state.with_part("strongholds", ((Slot("b", 1),) * 2, ()))
    state = with_coats(state, 0, 1)
    state = with_player(state, 0, tokens=gems("1r 1d"))
    state = replace(state, supply=GemCounts((4, 4, 4, 1, 4, 5)))
    after = play(state, Buy(Slot("a", 1)))
    assert after.phase is TOKEN_PHASE, "the token comes first, before the stronghold"
    after = play(after, Gain(Gem.RUBY), Hold(Slot("b", 1)))
    assert after.phase is CONQUEST_PHASE, "the token just taken pays the conquest's ruby"
    conquered = play(after, Conquer())
    assert conquered.phase is TOKEN_PHASE, "the conquest, a purchase, brings its own token"


def test_a_conquest_after_taking_gems_brings_a_token() -> None:
    state = without_nobles(game(("strongholds", "tradingposts")))
    state = with_card(state, "b1", "b1s 1r 1d")
    state = state.with_part("strongholds", ((Slot("b", 1),) * 3, ()))
    state = with_coats(state, 0, 1)
    state = with_player(state, 0, tokens=gems("1d"))
    after = play(state, TakeGems(gems("1s 1e 1r")))
    assert after.phase is CONQUEST_PHASE
    assert play(after, Conquer()).phase is TOKEN_PHASE


def test_what_a_card_still_lacks_counts_each_gold_as_two_gems_of_one_colour() -> None:
    state = with_card(without_nobles(game()), "b1", "b1s 3r 3d")
    state = with_player(state, 0, tokens=gems("2g"))
    card = Card.parse("b1s 3r 3d")
    assert gems_uncovered(state, 0, card) == 4, "two gold cover two gems"
    powered = with_coats(state, 0, 3)
    assert gems_uncovered(powered, 0, card) == 2, "each gold covers two rubies or two diamonds"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 6), min_size=5, max_size=5),
    st.integers(0, 6),
    st.sampled_from((1, 2)),
)
def test_gold_is_spent_where_it_covers_the_most(short: list[int], gold: int, worth: int) -> None:
    """What gold cannot cover is the least any way of spending it leaves."""
    best = min(
        sum(max(0, gap - worth * spent) for gap, spent in zip(short, split, strict=True))
        for split in itertools.product(range(gold + 1), repeat=5)
        if sum(split) <= gold
    )
    assert uncovered(short, gold, worth) == best
