"""The Orient module, effect by effect, as its rules text states them; and both modules
together."""

from __future__ import annotations

import random
from dataclasses import replace

from splendor_a11y.domain.cards import Card, Noble, standard_cards
from splendor_a11y.domain.notation import CardHead, DeckTop, Gem, GemCounts, Slot, parse_card_head
from splendor_a11y.engine import (
    Buy,
    CardBought,
    ChooseNoble,
    GameState,
    Phase,
    Reason,
    Reserve,
    deal,
    decide_and_apply,
    evolve,
    legal_commands,
    modules_named,
)
from splendor_a11y.engine.modules.orient import (
    ASSOCIATE_PHASE,
    FREE_CARD_PHASE,
    NOBLE_RESERVE_PHASE,
    Associate,
    Discards,
    GoldCards,
    OrientSeat,
    ReserveNoble,
    TakeFree,
    associations,
    colour_of,
    orient_decks,
    reserved_nobles,
)
from splendor_a11y.engine.modules.orient import Reasons as OrientReasons
from splendor_a11y.engine.modules.strongholds import STRONGHOLD_PHASE, Hold, strongholds
from splendor_a11y.engine.modules.strongholds import Reasons as StrongholdReasons
from splendor_a11y.play.grammar import parse_line
from splendor_a11y.text.narrator import Narrator, Verbosity

from conftest import gems, play, refused, with_player

CARDS = standard_cards()


def game(modules: tuple[str, ...] = ("orient",), seed: int = 2) -> GameState:
    state = GameState.new(("Ana", "Ben"), modules_named(modules))
    setup = deal(2, random.Random(seed), CARDS, modules_named(modules))
    return evolve(state, replace(setup, first_player=0))


def card(code: str) -> Card:
    found = CARDS.card(code)
    assert found is not None, code
    return found


def put(state: GameState, place: str, code: str) -> GameState:
    """The board with a given card at a slot (taken out of any deck it was in)."""
    wanted = card(code)
    level = "abc".index(place[0])
    rows = [list(row) for row in state.rows]
    rows[level][int(place[1:]) - 1] = wanted
    decks = tuple(tuple(c for c in deck if c != wanted) for deck in state.decks)
    orient = tuple(tuple(c for c in deck if c != wanted) for deck in orient_decks(state))
    return replace(state, rows=tuple(tuple(r) for r in rows), decks=decks).with_part("orient", orient)


def owning(state: GameState, seat: int, *codes: str, tokens: str = "") -> GameState:
    """A player who has bought these cards (plain ones), with these tokens."""
    bought = tuple(card(c) for c in codes)
    counts = [0] * 6
    for c in bought:
        if c.bonus is not None:
            counts[c.bonus.order] += c.bonus_count
    return with_player(
        state,
        seat,
        bought=bought,
        bonuses=GemCounts(counts),
        points=sum(c.points for c in bought),
        tokens=gems(tokens) if tokens else GemCounts(),
    )


def test_setup_adds_two_orient_cards_per_level_from_their_own_decks() -> None:
    state = game()
    for level in range(3):
        assert len(state.rows[level]) == 6
        assert all(not c.marked for c in state.rows[level][:4]) and all(c.marked for c in state.rows[level][4:])
        assert len(orient_decks(state)[level]) == 8
    top = orient_decks(state)[1][0]
    reserved = play(state, Reserve(DeckTop("b", "orient")))
    assert reserved.players[0].reserved[0].card == top and reserved.players[0].reserved[0].pool == "orient b"
    bought = play(owning(put(state, "a5", "a0gg 3o"), 0, tokens="3o"), Buy(Slot("a", 5)))
    assert bought.rows[0][4] == orient_decks(state)[0][0], "an Orient slot is refilled from the Orient deck"


def test_the_double_gold_card_has_no_colour_and_is_discarded_for_two_gold() -> None:
    state = owning(put(game(), "a5", "a0gg 3o"), 0, "a0d 3s", tokens="3o")
    state = play(state, Buy(Slot("a", 5)))
    ana = state.players[0]
    assert ana.bonuses == gems("1d") and card("a0gg 3o") in ana.bought
    state = replace(put(state, "b1", "b2r 3d 5o"), current=0, phase=Phase.ACTION)
    state = with_player(state, 0, tokens=gems("2d 3o"))
    assert refused(state, Buy(Slot("b", 1), options=(GoldCards(0),))).reason is Reason.CANNOT_AFFORD
    events, after = decide_and_apply(state, Buy(Slot("b", 1)))
    bought = events[0]
    assert isinstance(bought, CardBought) and bought.discarded == (card("a0gg 3o"),)
    assert bought.paid == gems("2d 3o"), "2 virtual gold cover the 1d and 1o still owed... one is lost"
    assert card("a0gg 3o") not in after.players[0].bought, "the discarded card leaves the game"
    line = Narrator(0).event(bought, state, evolve(state, bought))
    assert line.startswith("You buy b2r 3d 5o from b1, discarding a0gg 3o for gold and paying 2d 3o.")


def test_a_double_gold_card_half_used_loses_its_second_gold() -> None:
    state = owning(put(game(), "b1", "b2r 3d 5o"), 0, "a0gg 3o", tokens="3d 4o")
    events, after = decide_and_apply(state, Buy(Slot("b", 1)))
    assert isinstance(events[0], CardBought) and events[0].paid == gems("3d 4o")
    assert after.players[0].tokens == GemCounts() and after.supply == state.supply.plus(gems("3d 4o"))


def test_a_double_gold_card_discarded_must_be_used() -> None:
    state = owning(put(game(), "b1", "b2r 3d 5o"), 0, "a0gg 3o", tokens="3d 5o")
    assert refused(state, Buy(Slot("b", 1), options=(GoldCards(1),))).reason is OrientReasons.GOLD_CARDS_UNUSED
    assert refused(state, Buy(Slot("b", 1), options=(GoldCards(2),))).reason is Reason.GOLD_CARDS_SHORT
    assert Narrator(0).refusal(refused(state, Buy(Slot("b", 1), options=(GoldCards(2),))), state) == (
        "You have only one double-gold card, not 2."
    )
    none = owning(put(game(), "b1", "b2r 3d 5o"), 0, tokens="3d 5o")
    assert Narrator(0).refusal(refused(none, Buy(Slot("b", 1), options=(GoldCards(1),))), none) == (
        "You have no double-gold card: with gg needs one."
    )


def test_an_associate_needs_a_card_with_a_bonus() -> None:
    state = put(game(), "a5", "a0* 3e 2o")
    state = owning(state, 0, "a0gg 3d", tokens="3e 2o")
    refusal = refused(state, Buy(Slot("a", 5)))
    assert refusal.reason is OrientReasons.NO_PARTNER
    assert Narrator(0).refusal(refusal, state).startswith("You cannot buy a0* 3e 2o yet")


def test_an_associate_takes_its_colour_before_the_replacement_is_drawn_and_counts_for_nobles() -> None:
    state = put(game(), "a5", "a0* 3e 2o")
    state = owning(state, 0, "a0d 3s", "b0rr 4e 3o", tokens="3e 2o")
    state = play(state, Buy(Slot("a", 5)))
    assert state.phase is ASSOCIATE_PHASE and state.rows[0][4] is None
    assert legal_commands(state) == [Associate(Gem.DIAMOND, 1), Associate(Gem.RUBY, 2)]
    assert Narrator(0).turn(state).endswith("choose: colour d or colour rr."), Narrator(0).turn(state)
    assert refused(state, Associate(Gem.SAPPHIRE)).reason is OrientReasons.NO_SUCH_PARTNER
    state = play(state, Associate(Gem.RUBY, 2))
    ana = state.players[0]
    assert ana.bonuses == gems("1d 4r"), "it follows the double-bonus partner: two more rubies"
    assert colour_of(ana, card("a0* 3e 2o")) == (Gem.RUBY, 2)
    assert state.rows[0][4] is not None and state.current == 1


def test_in_words_the_card_that_takes_a_colour_is_named_by_its_level_after_your() -> None:
    """The card was just described in full when it was bought: after "your" or a name's
    it is "your level a card", never "your a level a card (0 points, ...)"."""
    state = put(game(), "a5", "a0* 3e 2o")
    state = owning(state, 0, "a0d 3s", "b0rr 4e 3o", tokens="3e 2o")
    state = play(state, Buy(Slot("a", 5)))
    words = Narrator(0, verbosity=Verbosity.WORDS)
    assert words.turn(state).startswith("Your level a card takes the colour of one of your cards; choose:")
    events, _ = decide_and_apply(state, Associate(Gem.RUBY, 2))
    said = Narrator(1, verbosity=Verbosity.WORDS).event(events[0], state, evolve(state, events[0]))
    assert said.startswith("Ana's level a card takes the colour ruby, 2 bonus;"), said
    assert Narrator(0).turn(state).startswith("Your a0* 3e 2o takes the colour"), "codes as before"
    assert words.command(Associate(Gem.RUBY, 2)) == "colour 2 rubies"
    assert parse_line("colour 2 rubies", ("orient",)) == parse_line("colour rr", ("orient",)) == Associate(Gem.RUBY, 2)


def test_associate_then_a_free_level_a_card_whose_effect_applies_too() -> None:
    state = put(put(game(), "b5", "b0*+a 4e 3r 1o"), "a6", "a0* 3e 2o")
    state = owning(state, 0, "a0d 3s", tokens="4e 3r 1o")
    state = play(state, Buy(Slot("b", 5)))
    assert state.phase is ASSOCIATE_PHASE
    state = play(state, Associate(Gem.DIAMOND))
    assert state.phase is FREE_CARD_PHASE and state.rows[1][4] is None
    assert TakeFree(Slot("b", 1)) not in legal_commands(state)
    assert refused(state, TakeFree(Slot("b", 1))).reason is OrientReasons.FREE_WRONG_LEVEL
    tokens = state.players[0].tokens
    state = play(state, TakeFree(Slot("a", 6)))
    assert state.phase is ASSOCIATE_PHASE, "the free card's own effect comes next"
    assert state.players[0].tokens == tokens, "the free card costs nothing"
    state = play(state, Associate(Gem.DIAMOND))
    assert state.players[0].bonuses == gems("3d")
    assert state.rows[0][5] is not None and state.rows[1][4] is not None and state.current == 1


def test_a_double_bonus_card_gives_two_bonuses_but_is_one_card() -> None:
    state = owning(put(game(), "b5", "b0dd 4s 3e"), 0, tokens="4s 3e")
    state = play(state, Buy(Slot("b", 5)))
    assert state.players[0].bonuses == gems("2d") and len(state.players[0].bought) == 1


def test_the_noble_card_reserves_a_noble_that_visits_only_its_owner() -> None:
    state = owning(put(game(), "b5", "b1d+n 2s 2e 2r 2o"), 0, tokens="2s 2e 2r 2o")
    state = play(state, Buy(Slot("b", 5)))
    assert state.phase is NOBLE_RESERVE_PHASE
    noble = state.nobles[1]
    assert noble is not None
    state = play(state, ReserveNoble(2))
    assert state.nobles[1] is None and reserved_nobles(state.players[0]) == (noble,)
    bens = replace(with_player(state, 1, bonuses=noble.requirement), current=1, phase=Phase.ACTION)
    assert noble not in bens.noble_options(1)
    assert all(bens.noble_options(1)[i] != noble for i in bens.qualifying_nobles(1))
    assert refused(replace(bens, phase=Phase.NOBLE), ChooseNoble(2)).reason is Reason.NOBLE_GONE


def _a_card_from_the_kept_noble() -> tuple[GameState, Noble, Gem]:
    """Ana keeps a noble (noble 1) and lacks one bonus of a colour for it; the level a
    card at a1, worth no points, gives that bonus, and she holds its price."""
    state = owning(put(game(), "b5", "b1d+n 2s 2e 2r 2o"), 0, tokens="2s 2e 2r 2o")
    state = play(state, Buy(Slot("b", 5)), ReserveNoble(1))
    noble = reserved_nobles(state.players[0])[0]
    needs = noble.requirement.minus(state.players[0].bonuses)
    colour = next(g for g in Gem if g is not Gem.GOLD and needs[g.order] > 0)
    almost = noble.requirement.minus([1 if i == colour.order else 0 for i in range(6)])
    plain = next(c for c in CARDS.level("a") if c.bonus is colour and c.cost.total <= 4 and not c.points)
    state = replace(put(state, "a1", plain.text), current=0, phase=Phase.ACTION)
    return with_player(state, 0, bonuses=almost, tokens=GemCounts(list(plain.cost[:5]) + [0])), noble, colour


def test_the_reserved_noble_visits_by_the_usual_rule() -> None:
    state, noble, _ = _a_card_from_the_kept_noble()
    state = play(state, Buy(Slot("a", 1)))
    assert noble in state.players[0].nobles and reserved_nobles(state.players[0]) == ()


def test_the_level_c_card_brings_a_free_level_b_card_with_its_effect() -> None:
    state = put(put(game(), "c5", "c0d+b 1d 6s 3e"), "b2", "b0ee 4d 3r")
    state = owning(state, 0, tokens="1d 6s 3e")
    state = play(state, Buy(Slot("c", 5)))
    assert state.phase is FREE_CARD_PHASE
    state = play(state, TakeFree(Slot("b", 2)))
    assert state.players[0].bonuses == gems("1d 2e") and state.current == 1


def test_a_discard_card_costs_two_cards_of_its_colour_associates_first() -> None:
    state = put(game(), "c5", "c3d -2o")
    state = owning(state, 0, "a1o 4s", "a0o 1d 2s 1e 1r", "b2o 5d")
    associate = card("a0* 2d 3o")
    ana = state.players[0]
    state = with_player(
        state,
        0,
        bought=(*ana.bought, associate),
        bonuses=ana.bonuses.plus(gems("1o")),
        parts=(("orient", OrientSeat(associations=((associate, Gem.ONYX, 1),))),),
    )
    events, after = decide_and_apply(state, Buy(Slot("c", 5)))
    bought = events[0]
    assert isinstance(bought, CardBought) and bought.paid == GemCounts()
    assert bought.discarded == (associate, card("a0o 1d 2s 1e 1r"))
    ana = after.players[0]
    assert ana.bonuses == gems("1d 2o") and ana.points == 1 + 2 + 3
    assert associate not in ana.bought and associations(ana) == ()


def test_a_discard_card_needs_two_cards_and_nobles_are_kept() -> None:
    state = put(game(), "c5", "c3d -2o")
    lone = owning(state, 0, "a1o 4s")
    refusal = refused(lone, Buy(Slot("c", 5)))
    assert refusal.reason is OrientReasons.DISCARD_SHORT
    assert Narrator(0).refusal(refusal, lone) == (
        "You cannot buy c3d -2o: it costs two of your onyx cards, and you have 1."
    )
    noble = state.nobles[0]
    assert noble is not None
    rich = owning(state, 0, "a1o 4s", "a0o 3e")
    rich = with_player(rich, 0, nobles=(noble,), points=rich.players[0].points + 3)
    after = play(rich, Buy(Slot("c", 5)))
    assert after.players[0].nobles == (noble,) and after.players[0].points == 3 + 3


def test_a_reservation_is_not_hinted_as_keeping_a_win_that_discarding_would_undo() -> None:
    """Ben, at 12 points with two onyx cards, one worth a point, could buy c3d -2o for 3
    points, but it costs those two cards and the point: he would reach 14, not 15. The
    hint said reserving it kept him from winning. With 13 he would reach 15, and the
    hint says so."""
    from splendor_a11y.text.explain import explain_move

    state = owning(put(game(), "c5", "c3d -2o"), 1, "a1o 4s", "a0o 3e")
    reserve = Reserve(Slot("c", 5))
    said = explain_move(with_player(state, 1, points=12), 0, reserve, Narrator(0))
    assert said.endswith("; Ben could buy it next."), said
    said = explain_move(with_player(state, 1, points=13), 0, reserve, Narrator(0))
    assert said.endswith("; Ben could buy it and win the game."), said


def test_no_free_card_from_under_an_opponents_stronghold_and_one_placement_per_purchase() -> None:
    state = game(("orient", "strongholds"))
    state = put(put(state, "c5", "c0d+b 1d 6s 3e"), "b1", "b2r 3d 5o")
    state = owning(state, 0, tokens="1d 6s 3e").with_part("strongholds", ((), (Slot("b", 1),)))
    state = play(state, Buy(Slot("c", 5)))
    assert state.phase is FREE_CARD_PHASE
    assert TakeFree(Slot("b", 1)) not in legal_commands(state)
    assert refused(state, TakeFree(Slot("b", 1))).reason is StrongholdReasons.OCCUPIED
    state = play(state, TakeFree(Slot("b", 2)))
    assert state.phase is STRONGHOLD_PHASE
    state = play(state, Hold(Slot("a", 1)))
    assert state.current == 1 and strongholds(state)[0] == (Slot("a", 1),), "one stronghold for both cards"
    assert state.rows[2][4] is not None and state.rows[1][1] is not None


def test_a_whole_game_with_both_modules_is_logged_verified_and_replayed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from conftest import run_cli

    log = tmp_path / "both.jsonl"
    played = run_cli(
        "play",
        "--module",
        "orient",
        "--module",
        "strongholds",
        "--players",
        "bot:medium,bot:easy",
        "--seed",
        "9",
        "--log",
        str(log),
        home=tmp_path,
        timeout=300,
    )
    assert played.returncode == 0, played.stderr
    assert "The game is over." in played.stdout
    assert run_cli("replay", str(log), "--verify").returncode == 0
    summary = run_cli("replay", str(log), "--summary")
    assert summary.returncode == 0 and summary.stdout.startswith("The game is over.")
    header = log.read_text(encoding="utf-8").splitlines()[0]
    assert '"modules": ["orient", "strongholds"]' in header
    import json

    exported = json.loads(run_cli("replay", str(log), "--state-json").stdout)
    assert set(exported["orient_decks"]) == {"a", "b", "c"} and "strongholds" in exported
    assert all("associations" in p and "reserved_nobles" in p for p in exported["players"])
    assert len(exported["board"]["a"]) == 6


def test_a_card_reserved_from_an_orient_deck_stays_hidden_from_the_others() -> None:
    state = game()
    top = orient_decks(state)[2][0]
    events, after = decide_and_apply(state, Reserve(DeckTop("c", "orient")))
    told_to_ben = Narrator(1).event(events[0], state, after)
    assert told_to_ben == "Ana reserves the top card of Orient deck c and takes 1 gold. Ana's hand holds 1 card."
    assert top.text in Narrator(0).event(events[0], state, after)


def _discarding(place: Slot, *named: Card | CardHead) -> Buy:
    """``buy PLACE discard ...``: a purchase naming the cards it gives up."""
    return Buy(place, options=(Discards(named),))


def test_the_player_may_name_the_two_cards_a_discard_card_costs() -> None:
    state = owning(put(game(), "c5", "c3d -2o"), 0, "a1o 4s", "a0o 1d 2s 1e 1r", "b2o 5d")
    events, after = decide_and_apply(
        state,
        _discarding(Slot("c", 5), parse_card_head("a1o"), Card.parse("b2o 5d")),
    )
    bought = events[0]
    assert isinstance(bought, CardBought) and bought.discarded == (card("a1o 4s"), card("b2o 5d"))
    assert after.players[0].points == 3 and after.players[0].bonuses == gems("1d 1o")
    assert (
        refused(
            state,
            _discarding(Slot("c", 5), parse_card_head("a1o"), parse_card_head("c4s")),
        ).reason
        is OrientReasons.DISCARD_NOT_OWNED
    )
    assert refused(state, _discarding(Slot("c", 5), parse_card_head("a1o"))).reason is OrientReasons.DISCARD_TWO
    assert (
        refused(
            state,
            _discarding(Slot("a", 1), parse_card_head("a1o"), parse_card_head("b2o")),
        ).reason
        is OrientReasons.DISCARD_NOT_NEEDED
    )
    wrong = owning(state, 0, "a1o 4s", "a0d 3s", "b2o 5d")
    assert (
        refused(
            wrong,
            _discarding(Slot("c", 5), parse_card_head("a1o"), parse_card_head("a0d")),
        ).reason
        is OrientReasons.DISCARD_WRONG_COLOUR
    )


def test_cards_that_took_the_colour_must_be_named_first() -> None:
    state = owning(put(game(), "c5", "c3d -2o"), 0, "a1o 4s", "b2o 5d")
    taker = card("a0* 2d 3o")
    ana = state.players[0]
    state = with_player(
        state,
        0,
        bought=(*ana.bought, taker),
        bonuses=ana.bonuses.plus(gems("1o")),
        parts=(("orient", OrientSeat(associations=((taker, Gem.ONYX, 1),))),),
    )
    refusal = refused(
        state,
        _discarding(Slot("c", 5), parse_card_head("a1o"), parse_card_head("b2o")),
    )
    assert refusal.reason is OrientReasons.DISCARD_TAKERS_FIRST
    assert Narrator(0).refusal(refusal, state) == (
        "Cards that took the colour onyx must be discarded first, like a0* 2d 3o."
    )
    events, _ = decide_and_apply(
        state,
        _discarding(Slot("c", 5), Card.parse("a0* 2d 3o"), parse_card_head("b2o")),
    )
    assert events[0].discarded == (taker, card("b2o 5d"))  # type: ignore[union-attr]
    from splendor_a11y.engine import check

    check(state, events[0], CARDS)


def test_a_reserved_noble_among_several_is_offered_and_explained_by_its_number() -> None:
    """With a reserved noble and a table noble both met, the prompt lists both by their
    numbers, and the hint for the reserved one explains it (both once crashed)."""
    from splendor_a11y.text.explain import explain_move

    state = owning(put(game(), "b5", "b1d+n 2s 2e 2r 2o"), 0, tokens="2s 2e 2r 2o")
    state = play(state, Buy(Slot("b", 5)), ReserveNoble(1))
    reserved = reserved_nobles(state.players[0])[0]
    table = next(n for n in state.nobles if n is not None)
    both = reserved.requirement.plus(table.requirement)
    state = with_player(replace(state, current=0, phase=Phase.NOBLE), 0, bonuses=both)
    places = state.qualifying_nobles()
    assert len(places) >= 2 and len(state.nobles) in places
    prompt = Narrator(0).turn(state)
    assert f"noble {len(state.nobles) + 1}, {reserved.text}" in prompt
    hint = explain_move(state, 0, ChooseNoble(len(state.nobles) + 1), Narrator(0))
    assert hint.startswith(f"noble {len(state.nobles) + 1}")


def test_a_hidden_card_from_an_orient_deck_is_imagined_from_the_orient_cards() -> None:
    """A bot cannot see another's blind reservation, but it knows which deck it came from;
    it must imagine an Orient card there, never a base-game one."""
    from splendor_a11y.engine import determinize, view

    reserved = play(game(), Reserve(DeckTop("a", "orient")))
    seen = view(reserved, 1)
    assert seen.players[0].reserved[0].card is None
    for seed in range(5):
        imagined = determinize(seen, random.Random(seed), CARDS).players[0].reserved[0].card
        assert imagined is not None and imagined.marked and imagined.level == "a"


def test_with_the_decks_unknown_the_orient_decks_are_unknown_too() -> None:
    """The hard bot's race plans with the cards in sight: a module's decks must not give it
    the cards to come."""
    from splendor_a11y.engine import decks_unknown

    state = game()
    unknown = decks_unknown(state)
    assert [len(deck) for deck in orient_decks(unknown)] == [len(deck) for deck in orient_decks(state)]
    assert all(card is None for deck in orient_decks(unknown) for card in deck)
    assert any(card is not None for deck in orient_decks(state) for card in deck)
    assert unknown.rows == state.rows


def test_the_hint_to_reserve_a_card_paid_by_discarding_speaks_of_the_cards() -> None:
    """A card bought by giving up two cards of a colour costs no gems: the hint must not
    say the player is "0 gems away" from it."""
    from splendor_a11y.engine import Reserve
    from splendor_a11y.text.explain import explain_move

    state = put(game(), "c5", "c3s -2d")
    hint = explain_move(state, 0, Reserve(Slot("c", 5)), Narrator(0))
    assert "it is bought by discarding two of your diamond cards" in hint, hint
    assert "0 gems" not in hint


def test_a_free_card_that_reaches_the_winning_points_announces_the_last_round() -> None:
    """Points from a free card count like any other: the table hears that the round is
    the last as soon as a player reaches the points to win."""
    state = put(put(game(), "c6", "c0s+b 1s 6e 3r"), "b1", "b3o 6o")
    state = with_player(owning(state, 0, tokens="1s 6e 3r"), 0, points=12)
    events, bought = decide_and_apply(state, Buy(Slot("c", 6)))
    assert bought.phase is FREE_CARD_PHASE
    events, taken = decide_and_apply(bought, TakeFree(Slot("b", 1)))
    line = Narrator(1).event(events[0], bought, taken)
    assert line.startswith("Ana takes b3o 6o from b1 free. Ana has 15 points."), line
    assert " Ana has reached 15 points: this round is the last." in line, line


def test_a_hint_to_buy_by_discarding_counts_the_points_the_discarded_cards_take() -> None:
    """A hint said ``you reach 17 points, enough to end the game`` of a purchase that
    discarded a card worth a point and left 16; one that leaves the player short of the
    winning score says no such thing."""
    from splendor_a11y.text.explain import explain_move

    state = owning(put(game(), "c5", "c3d -2o"), 0, "a1o 4s", "a0o 1d 2s 1e 1r", "b2o 5d")
    cheap = _discarding(Slot("c", 5), parse_card_head("a0o"), parse_card_head("a1o"))
    said = explain_move(with_player(state, 0, points=14), 0, cheap, Narrator(0))
    assert "you reach 16 points, enough to end the game" in said, said
    dear = _discarding(Slot("c", 5), parse_card_head("a1o"), Card.parse("b2o 5d"))
    said = explain_move(with_player(state, 0, points=13), 0, dear, Narrator(0))
    assert "enough to end the game" not in said, said


def test_a_purchase_that_brings_the_noble_kept_for_the_buyer_is_hinted_so() -> None:
    """The hint of a purchase whose bonus made the noble kept for the player visit said
    nothing of it: it looked only at the nobles on the table. The hint of the colour an
    associating card takes looks at both."""
    from splendor_a11y.text.explain import explain_move

    state, noble, colour = _a_card_from_the_kept_noble()
    said = explain_move(state, 0, Buy(Slot("a", 1)), Narrator(viewer=0))
    assert said.endswith(f" and the noble {noble.text} at once."), said
    said = explain_move(state, 0, Associate(colour), Narrator(viewer=0))
    assert said.endswith(f", and gives you the noble {noble.text} at once."), said
