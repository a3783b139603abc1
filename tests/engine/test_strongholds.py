"""The Strongholds module, rule by rule, from the rules text (Hannah's conquest included)."""

from __future__ import annotations

import random
from dataclasses import replace

from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.domain.notation import GemCounts, HandSlot, Slot, parse_slot
from splendor_a11y.engine import (
    Buy,
    GameState,
    Phase,
    Reserve,
    TakeGems,
    deal,
    evolve,
    legal_commands,
    modules_named,
)
from splendor_a11y.engine.modules.strongholds import (
    CONQUEST_PHASE,
    STRONGHOLD_PHASE,
    Conquer,
    Decline,
    Hold,
    Oust,
    strongholds,
)
from splendor_a11y.engine.modules.strongholds import Reasons as StrongholdReasons
from splendor_a11y.text.narrator import Narrator
from splendor_a11y.text.queries import Answers

from conftest import card_at, gems, play, refused, with_player

RICH = GemCounts.parse("2d 2s 2e 2r 2o")
"""Bonuses that meet no noble; with WEALTH in tokens, any card can be bought."""
WEALTH = GemCounts.parse("1d 1s 1e 1r 1o 5g")


def game(seed: int = 3, players: int = 2) -> GameState:
    """A dealt Strongholds game, Ana (seat 0) to play, both players able to afford anything."""
    state = GameState.new(("Ana", "Ben", "Cy", "Di")[:players], modules_named(("strongholds",)))
    setup = deal(players, random.Random(seed), standard_cards())
    state = evolve(state, replace(setup, first_player=0))
    for seat in range(players):
        state = with_player(state, seat, bonuses=RICH, tokens=WEALTH)
    return state


def places(held: tuple[tuple[Slot, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """Each seat's strongholds by their slots' names."""
    return tuple(tuple(str(slot) for slot in seat) for seat in held)


def holding(state: GameState, **places: tuple[str, ...]) -> GameState:
    """Strongholds already on the table: holding(state, ana=("b2", "b2"), ben=("c1",))."""
    names = [p.name.lower() for p in state.players]
    holds = [places.get(name, ()) for name in names]
    return state.with_part("strongholds", tuple(tuple(parse_slot(p) for p in h) for h in holds))


def test_a_purchase_is_followed_by_a_stronghold_before_the_card_is_replaced() -> None:
    state = game()
    bought = card_at(state, "a1")
    after = play(state, Buy(Slot("a", 1)))
    assert after.phase is STRONGHOLD_PHASE and after.current == 0
    assert card_at(after, "a1") is None, "the purchased card is replaced only after the stronghold"
    assert Hold(Slot("a", 1)) not in legal_commands(after)
    placed = play(after, Hold(Slot("b", 2)))
    assert places(strongholds(placed)) == (("b2",), ()) and placed.current == 1
    assert card_at(placed, "a1") is not None and card_at(placed, "a1") != bought


def test_a_purchase_from_the_hand_also_places_a_stronghold() -> None:
    state = with_player(with_player(game(), 0, tokens=gems("1d 1r 4o")), 1, tokens=GemCounts())
    state = play(state, Reserve(Slot("c", 1)), TakeGems(gems("1d 1s 1e")))
    after = play(state, Buy(HandSlot(1)))
    assert after.phase is STRONGHOLD_PHASE


def test_strongholds_go_on_free_cards_or_your_own_never_an_opponents() -> None:
    state = holding(play(game(), Buy(Slot("a", 1))), ben=("b1",), ana=("b2",))
    assert Hold(Slot("b", 2)) in legal_commands(state), "stacking on your own card is allowed"
    refusal = refused(state, Hold(Slot("b", 1)))
    assert refusal.reason is StrongholdReasons.OCCUPIED
    assert Narrator(0).refusal(refusal, state).startswith("You cannot put a stronghold on b1 ")
    assert Narrator(0).refusal(refusal, state).endswith(": Ben's strongholds are on it.")


def test_with_all_three_placed_a_stronghold_can_only_be_moved() -> None:
    state = holding(play(game(), Buy(Slot("a", 1))), ana=("b2", "b3", "c1"))
    refusal = refused(state, Hold(Slot("c", 2)))
    assert refusal.reason is StrongholdReasons.NO_STRONGHOLD_LEFT
    assert (
        Narrator(0).refusal(refusal, state).startswith("All 3 of your strongholds are on the table, on b2, b3 and c1")
    )
    moved = play(state, Hold(Slot("c", 2), Slot("b", 3)))
    assert sorted(map(str, strongholds(moved)[0])) == ["b2", "c1", "c2"]
    assert refused(state, Hold(Slot("c", 2), Slot("a", 4))).reason is StrongholdReasons.NOT_YOUR_STRONGHOLD
    assert refused(state, Hold(Slot("b", 2), Slot("b", 2))).reason is StrongholdReasons.STRONGHOLD_SAME_PLACE


def test_only_a_lone_opponent_stronghold_can_be_sent_back() -> None:
    state = holding(play(game(), Buy(Slot("a", 1))), ben=("b1", "c2", "c2"))
    ousted = play(state, Oust(Slot("b", 1)))
    assert places(strongholds(ousted))[1] == ("c2", "c2")
    assert refused(state, Oust(Slot("c", 2))).reason is StrongholdReasons.OUST_NOT_LONE
    assert Narrator(0).refusal(refused(state, Oust(Slot("c", 2))), state) == (
        "Only a card holding exactly one opponent's stronghold can have it sent back, and c2 holds 2."
    )
    assert refused(state, Oust(Slot("c", 3))).reason is StrongholdReasons.OUST_NOT_LONE
    assert (
        Narrator(0).refusal(refused(state, Oust(Slot("c", 3))), state) == "There is no stronghold on c3 to send back."
    )
    own = holding(play(game(), Buy(Slot("a", 1))), ana=("b2",))
    assert (
        Narrator(0)
        .refusal(refused(own, Oust(Slot("b", 2))), own)
        .startswith("The only stronghold on b2 is not an opponent's")
    )


def test_an_occupied_card_can_be_bought_or_reserved_only_by_its_occupier() -> None:
    state = holding(game(), ben=("b1",))
    assert refused(state, Buy(Slot("b", 1))).reason is StrongholdReasons.OCCUPIED
    assert refused(state, Reserve(Slot("b", 1))).reason is StrongholdReasons.OCCUPIED
    assert Buy(Slot("b", 1)) not in legal_commands(state) and Reserve(Slot("b", 1)) not in legal_commands(state)
    bens_turn = replace(holding(game(), ben=("b1", "b1")), current=1)
    reserved = play(bens_turn, Reserve(Slot("b", 1)))
    assert strongholds(reserved)[1] == (), "taking your own occupied card brings your strongholds back"


def test_when_neither_placing_nor_sending_back_is_possible_nothing_happens() -> None:
    state = game()
    rows = list(state.rows)
    rows[0] = (card_at(state, "a1"), None, None, None)
    rows[1] = (card_at(state, "b1"), None, None, None)
    rows[2] = (None, None, None, None)
    state = replace(state, rows=tuple(rows), decks=((), (), ()))
    state = holding(state, ben=("b1", "b1"))
    after = play(state, Buy(Slot("a", 1)))
    assert after.phase is Phase.ACTION and after.current == 1


def test_hannahs_conquest_example() -> None:
    """Hannah has 2 strongholds on card B. She buys card A and places her 3rd on B, then
    conquers B: her strongholds come back, she places 1 on C, and both cards are replaced."""
    state = holding(game(), ana=("b2", "b2"))
    card_a, card_b = card_at(state, "a1"), card_at(state, "b2")
    state = play(state, Buy(Slot("a", 1)), Hold(Slot("b", 2)))
    assert state.phase is CONQUEST_PHASE and legal_commands(state) == [Conquer(), Decline()]
    state = play(state, Conquer())
    assert state.players[0].bought == (card_a, card_b)
    assert strongholds(state)[0] == () and state.phase is STRONGHOLD_PHASE
    assert card_at(state, "a1") is None and card_at(state, "b2") is None, "both are replaced only at the end"
    state = play(state, Hold(Slot("c", 3)))
    assert places(strongholds(state))[0] == ("c3",) and state.current == 1
    assert card_at(state, "a1") not in (None, card_a) and card_at(state, "b2") not in (None, card_b)


def test_a_conquest_comes_after_the_action_and_before_the_token_limit() -> None:
    state = holding(game(), ana=("b2", "b2", "b2"))
    state = with_player(state, 0, tokens=gems("2d 2s 2e 2r 1o"), bonuses=gems("3d 3s 3e 3r 3o"))
    target = card_at(state, "b2")
    assert state.phase is Phase.ACTION, "a conquest is only after the turn's action"
    state = play(state, TakeGems(gems("1d 1s 1e")))
    assert state.phase is CONQUEST_PHASE and state.player.token_count == 12
    state = play(state, Conquer())
    assert target in state.players[0].bought and state.phase is STRONGHOLD_PHASE
    state = play(state, Hold(Slot("c", 1)))
    assert state.phase is Phase.RETURN, "the token limit is checked after the conquest"


def test_declining_a_conquest_goes_on_with_the_turn() -> None:
    state = with_player(holding(game(), ana=("b2", "b2", "b2")), 0, tokens=gems("5g"))
    state = play(state, TakeGems(gems("1d 1s 1e")))
    assert state.phase is CONQUEST_PHASE
    state = play(state, Decline())
    assert state.current == 1 and places(strongholds(state))[0] == ("b2", "b2", "b2")
    assert refused(state, Conquer()).reason is StrongholdReasons.NO_CONQUEST


def test_the_board_and_status_say_who_holds_what() -> None:
    state = holding(game(), ben=("b1", "b1"), ana=("c4",))
    answers = Answers(Narrator(0))
    row = answers.row(state, "b")
    assert f"b1 {card_at(state, 'b1')}, held by Ben with 2 strongholds" in row
    assert "held by you with 1 stronghold" in answers.row(state, "c")
    assert answers.status(state, 0).endswith("Strongholds: 2 left, 1 on c4.")
    assert answers.place(state, Slot("c", 4), 0).count("Held by you with 1 stronghold.") == 1
    stacked = holding(game(), ana=("c4", "c4", "c4"), ben=("b1", "b1", "a2"))
    assert answers.status(stacked, 0).endswith("Strongholds: none left to place, all 3 on c4.")
    assert answers.status(stacked, 1).endswith("Strongholds: none left to place, 1 on a2 and 2 on b1.")
    assert "b1 " not in answers.afford(state, 0), "a card held by Ben is not offered to Ana"
    assert answers.place(state, Slot("b", 1), 0).endswith(
        "Ben's strongholds are on it: only Ben may buy or reserve it."
    )


def test_stronghold_events_are_narrated() -> None:
    state = play(game(), Buy(Slot("a", 1)))
    narrator = Narrator(1)
    from splendor_a11y.engine import decide_and_apply as apply

    events, after = apply(state, Hold(Slot("b", 2)))
    line = narrator.event(events[0], state, after)
    assert line.startswith(f"Ana places a stronghold on b2 {card_at(state, 'b2')}; Ana has 1 there and 2 left.")
    assert " Refilled: a1 " in line


def test_a_whole_strongholds_game_between_bots_is_logged_verified_and_replayed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from conftest import run_cli

    log = tmp_path / "strongholds.jsonl"
    played = run_cli(
        "play",
        "--module",
        "strongholds",
        "--players",
        "bot:medium,bot:hard",
        "--seed",
        "4",
        "--think",
        "0.2",
        "--log",
        str(log),
        home=tmp_path,
        timeout=300,
    )
    assert played.returncode == 0, played.stderr
    assert "The game is over." in played.stdout and "places a stronghold on" in played.stdout
    verified = run_cli("replay", str(log), "--verify")
    assert verified.returncode == 0 and "every one legal. The game is over." in verified.stdout
    told = run_cli("replay", str(log), "--transcript").stdout
    assert told.splitlines()[-1].startswith("End: The game is over.")
    lines = log.read_text(encoding="utf-8").splitlines()
    placed = next(i for i, line in enumerate(lines) if '"stronghold_placed"' in line)
    lines[placed] = lines[placed].replace('"to": "', '"to": "z')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    refused = run_cli("replay", str(log), "--verify")
    assert refused.returncode == 1 and f"line {placed + 1}" in refused.stderr


def test_hints_explain_stronghold_moves() -> None:
    from splendor_a11y.text.explain import explain_move

    state = holding(play(game(), Buy(Slot("a", 1))), ana=("b2", "b2"), ben=("c1",))
    narrator = Narrator(0)
    third = explain_move(state, 0, Hold(Slot("b", 2)), narrator)
    assert third == f"hold b2: your third stronghold on {card_at(state, 'b2')}, so you can conquer it."
    oust = explain_move(state, 0, Oust(Slot("c", 1)), narrator)
    assert oust == f"oust c1: Ben no longer keeps {card_at(state, 'c1')}."
