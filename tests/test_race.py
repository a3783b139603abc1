"""The hard bot's race to the winning score: the fastest line it finds playing alone, and
racing only when no opponent could get there first."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from splendor_a11y.bots import hard, plan, race
from splendor_a11y.bots.clock import Clock
from splendor_a11y.bots.habits import move_and_returns
from splendor_a11y.domain.notation import GemCounts, HandSlot
from splendor_a11y.engine import (
    Buy,
    GameState,
    Reserved,
    TakeGems,
    decide_and_apply,
    decks_unknown,
    legal_commands,
    turn_again,
    view,
)

from conftest import cheapest_card_worth_points, holding_the_price, new_game, with_player


def _wins_next_turn(state: GameState) -> bool:
    """Whether seat 0's race wins in one turn, and its move really takes it to 15."""
    turns, first = race.fastest_line(state, 0)
    return turns == 1 and first is not None and decide_and_apply(state, first)[1].players[0].points >= 15


def _two_turns_from_winning(seed: int) -> GameState:
    """A fresh deal in which seat 0 is two gems short of a card that takes it to 15."""
    state = new_game(2, seed)
    card, _ = cheapest_card_worth_points(state)
    return holding_the_price(state, 0, card, short=2)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_race_buys_the_card_that_wins_at_once(seed: int) -> None:
    state = new_game(2, seed)
    card, slot = cheapest_card_worth_points(state)
    state = holding_the_price(state, 0, card)
    assert race.fastest_line(state, 0) == (1, Buy(slot))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_between_two_winning_cards_the_race_buys_the_one_it_reserved(seed: int) -> None:
    """The seat can win at once by buying the card in sight or the card in its hand: it
    buys the reserved one, which would otherwise never be bought. Before, the race bought
    the first winning card it met, the one in sight."""
    state = new_game(2, seed)
    card, _ = cheapest_card_worth_points(state)
    held = state.decks[1][0]
    state = replace(holding_the_price(state, 0, card), decks=(state.decks[0], state.decks[1][1:], state.decks[2]))
    player = state.players[0]
    tokens = GemCounts([max(have, cost) for have, cost in zip(player.tokens[:5], held.cost[:5], strict=True)] + [0])
    state = with_player(
        state, 0, tokens=tokens, points=15 - min(card.points, held.points), reserved=(Reserved(held, "b", True),)
    )
    assert race.fastest_line(state, 0) == (1, Buy(HandSlot(1)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_race_gets_the_gems_missing_for_a_win_the_turn_after(seed: int) -> None:
    state = _two_turns_from_winning(seed)
    turns, first = race.fastest_line(state, 0)
    assert turns == 2
    assert first is not None
    assert _wins_next_turn(turn_again(decide_and_apply(state, first)[1], 0))


def test_a_race_too_long_for_its_turns_is_given_up() -> None:
    turns, first = race.fastest_line(new_game(2, 1), 0, most_turns=3)
    assert turns == 4
    assert first is not None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bot_races_when_no_opponent_can_keep_up(seed: int) -> None:
    state = _two_turns_from_winning(seed)
    first = race.closing_move(view(state, 0), random.Random(seed))
    assert first is not None
    assert _wins_next_turn(turn_again(decide_and_apply(state, first)[1], 0))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bot_does_not_race_when_an_opponent_would_win_first(seed: int) -> None:
    """Seat 0 is two turns from winning; seat 1 holds the price of a card that wins on
    their next turn. Racing would lose: the search, which can reserve that card, decides."""
    state = _two_turns_from_winning(seed)
    theirs = min(
        (card for card in state.rows[0] + state.rows[2] if card is not None and card.points), key=lambda c: sum(c.cost)
    )
    state = holding_the_price(state, 1, theirs)
    assert race.closing_move(view(state, 0), random.Random(seed)) is None


def test_a_card_bought_where_the_decks_are_unknown_leaves_its_place_empty() -> None:
    """What a view hides, and what a race with only the cards in sight plans on: nothing
    drawn in a bought card's place."""
    state = new_game(2, 1)
    card, slot = cheapest_card_worth_points(state)
    unknown = decks_unknown(holding_the_price(state, 0, card))
    assert [len(deck) for deck in unknown.decks] == [len(deck) for deck in state.decks]
    assert all(card is None for deck in unknown.decks for card in deck)
    assert unknown.rows == state.rows
    after = decide_and_apply(unknown, Buy(slot))[1]
    assert card in after.players[0].bought
    assert after.rows[1][slot.index - 1] is None
    assert len(after.decks[1]) == len(state.decks[1]) - 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_cards_in_sight_are_enough_for_a_race_from_the_first_turn(seed: int) -> None:
    """On a fresh deal, the twelve cards face up and the nobles make a line to 15: a race
    need not count on a card nobody has seen to have one."""
    turns, first = race.fastest_line(decks_unknown(new_game(2, seed)), 0)
    assert turns <= race.MOST_TURNS
    assert first is not None


def _races_recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, bool, int]]:
    """Each race run from now on, in order: whose, whether every deck's cards were
    unknown to it, and how many positions it kept a turn."""
    raced: list[tuple[int, bool, int]] = []
    fastest_line = race.fastest_line

    def recorded(
        state: GameState, seat: int, width: int = race.RACE_WIDTH, *args: object, **kwargs: object
    ) -> tuple[int, object]:
        raced.append((seat, all(card is None for deck in state.decks for card in deck), width))
        return fastest_line(state, seat, width, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(race, "fastest_line", recorded)
    return raced


def test_the_bot_races_on_an_imagined_deal_and_plays_its_line_raced_wider_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whether it races is reckoned for both seats on the same imagined deal (the cards to
    come may bring the opponent level); the line it plays is raced again, wider, on that
    deal, not with only the cards in sight (which cost games at a table of two)."""
    raced = _races_recorded(monkeypatch)
    state = _two_turns_from_winning(1)
    first = race.closing_move(view(state, 0), random.Random(1))
    wider = [(0, False, width) for width in race.WIDER_RACES]
    assert raced == [(0, False, race.RACE_WIDTH), (1, False, race.RACE_WIDTH), *wider]
    assert first is not None
    assert _wins_next_turn(turn_again(decide_and_apply(state, first)[1], 0))


def test_with_a_module_the_opponent_s_race_is_reckoned_narrower(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module's positions are dearer: reckoned as widely as the bot's own, the opponent's
    race left the search too little of the second, so it keeps ``MODULE_RIVAL_WIDTH``."""
    raced = _races_recorded(monkeypatch)
    state = new_game(2, 1, ("orient",))
    card, _ = cheapest_card_worth_points(state)
    state = holding_the_price(state, 0, card, short=2)
    race.closing_move(view(state, 0), random.Random(1))
    assert raced[:2] == [(0, False, race.RACE_WIDTH), (1, False, race.MODULE_RIVAL_WIDTH)]
    assert race.MODULE_RIVAL_WIDTH < race.RACE_WIDTH


def test_with_time_to_spare_the_race_goes_ever_wider(monkeypatch: pytest.MonkeyPatch) -> None:
    """A timed bot whose race is on keeps more positions a turn each time, to the widest."""
    raced = _races_recorded(monkeypatch)
    state = _two_turns_from_winning(2)
    first = race.closing_move(view(state, 0), random.Random(2), time.monotonic() + 60, time.monotonic() + 60)
    assert raced[2:] == [(0, False, width) for width in race.WIDER_RACES]
    assert first is not None
    assert _wins_next_turn(turn_again(decide_and_apply(state, first)[1], 0))


def test_a_wider_race_out_of_time_leaves_the_narrow_race_s_line() -> None:
    state = _two_turns_from_winning(3)
    on_the_deal = TakeGems(GemCounts.parse("1r 1o 1d"))
    assert race._wider_line(state, 0, on_the_deal, time.monotonic(), time.monotonic) == on_the_deal


def test_at_a_table_of_two_the_bot_plays_its_race_when_it_has_one(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(2, 1)
    raced = TakeGems(GemCounts.parse("1r 1o 1d"))
    monkeypatch.setattr(hard, "closing_move", lambda view, rng, deadline, finish_by, clock: raced)
    assert hard.choose_hard(view(state, 0), random.Random(1)) == raced


@pytest.mark.parametrize("players", [3, 4])
def test_a_bigger_table_is_left_to_the_search(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With two or three opponents the race lost games: the bot never asks for one."""

    def no_race(
        view: GameState, rng: random.Random, deadline: float | None, finish_by: float | None, clock: Clock
    ) -> None:
        raise AssertionError("raced at a table of more than two")

    monkeypatch.setattr(hard, "closing_move", no_race)
    state = new_game(players, 1)
    assert hard.choose_hard(view(state, 0), random.Random(1)) in legal_commands(state)


def test_a_race_past_its_deadline_is_given_up() -> None:
    with pytest.raises(race.RaceOutOfTime):
        race.fastest_line(new_game(2, 1), 0, deadline=time.monotonic())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_race_that_would_be_won_is_left_to_the_search_when_its_time_is_up(seed: int) -> None:
    state = _two_turns_from_winning(seed)
    assert race.closing_move(view(state, 0), random.Random(seed), deadline=None) is not None
    assert race.closing_move(view(state, 0), random.Random(seed), deadline=time.monotonic()) is None


def _deadlines_given_to_the_race(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    """The deadlines the hard bot gives its race from now on, read on the clock it gives
    with them, the race never run."""
    deadlines: list[float | None] = []

    def no_race(
        view: GameState, rng: random.Random, deadline: float | None, finish_by: float | None, clock: Clock
    ) -> None:
        deadlines.extend(None if moment is None else moment - clock() for moment in (deadline, finish_by))

    monkeypatch.setattr(hard, "closing_move", no_race)
    return deadlines


def test_a_timed_bot_gives_its_race_a_share_of_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    deadlines = _deadlines_given_to_the_race(monkeypatch)
    hard.choose_hard(view(new_game(2, 1), 0), random.Random(1), hard.budget_for(1.0))
    [deadline, finish_by] = deadlines
    assert deadline is not None
    assert finish_by is not None
    assert hard.RACE_SHARE - 0.05 < deadline <= hard.RACE_SHARE
    # A race that is on may run on (wider) to the end of the move's time, not past it.
    assert deadline < finish_by <= 1.0


def test_a_bot_with_little_time_leaves_it_all_to_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a quarter of a second, a race would be given up more often than not, and the
    search starved of the time it had taken."""
    deadlines = _deadlines_given_to_the_race(monkeypatch)
    hard.choose_hard(view(new_game(2, 1), 0), random.Random(1), hard.budget_for(0.25))
    assert deadlines == []


def test_the_fixed_thought_gives_its_race_the_second_s_deadlines_on_its_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Recorded games and tests must give the same move for the same seed on any machine:
    the fixed thought's race has the default second's deadlines, on a clock that counts
    positions judged, which nothing has moved before the race and no time moves."""
    deadlines = _deadlines_given_to_the_race(monkeypatch)
    hard.choose_hard(view(new_game(2, 1), 0), random.Random(1), hard.FIXED_BUDGET)
    assert deadlines == [hard.RACE_SHARE * hard.THINK_SECONDS, hard.THINK_SECONDS]


def test_the_tests_thought_races_without_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget of no seconds at all (the tests' own) gives the race no deadline."""
    deadlines = _deadlines_given_to_the_race(monkeypatch)
    hard.choose_hard(view(new_game(2, 1), 0), random.Random(1))
    assert deadlines == [None, None]


def _finishing_with_a_noble_or_not(seed: int) -> GameState | None:
    """Seat 0 at 14 points, one bonus short of a noble and holding enough of every gem to
    buy any card: every card worth a point wins, and one of the noble's colour brings 3
    more. None when, on this deal, the first winning purchase the race tries already
    reaches the most points (then any tie-break would pass)."""
    state = new_game(2, seed)
    noble = state.nobles[0]
    assert noble is not None
    short = next(order for order in range(5) if noble.requirement[order])
    bonuses = GemCounts([need - (order == short) for order, need in enumerate(noble.requirement[:5])] + [0])
    state = with_player(state, 0, points=14, bonuses=bonuses, tokens=GemCounts([7, 7, 7, 7, 7, 0]))
    reached = [_points_after(state, command) for command in race.racing_moves(state)]
    winning = [points for points in reached if points >= 15]
    return state if winning and winning[0] < max(winning) else None


def _points_after(state: GameState, command: object) -> int:
    return move_and_returns(state, 0, command)[0].players[0].points  # type: ignore[arg-type]


def test_of_lines_as_fast_the_race_and_the_plan_finish_with_the_most_points() -> None:
    """A noble taken with the winning purchase is worth its points: every finish counted
    the same, and the race bought the first winning card it met, the plan kept the first
    winning line, where a card of the noble's colour would have brought it too."""
    checked = 0
    for seed in range(1, 13):
        state = _finishing_with_a_noble_or_not(seed)
        if state is None:
            continue
        most = max(_points_after(state, command) for command in race.racing_moves(state))
        turns, first = race.fastest_line(state, 0)
        assert turns == 1 and first is not None and _points_after(state, first) == most, seed
        score, ending = plan.best_line(state, 0)
        assert ending.players[0].points == most, seed
        assert score == pytest.approx(plan.PLANNED_FINISH + plan.FINISH_POINT * (most - 15)), seed
        checked += 1
    assert checked >= 3
