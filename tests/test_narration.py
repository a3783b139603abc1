"""Every event type, refusal and turn prompt, checked word for word."""

from __future__ import annotations

from dataclasses import replace

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import DeckTop, HandSlot, Slot
from splendor_a11y.engine import (
    Buy,
    CardBought,
    CardReserved,
    GameEnded,
    GemsTaken,
    HintAsked,
    NobleVisited,
    Passed,
    Phase,
    Reserve,
    TakeGems,
    TokensReturned,
    evolve,
)
from splendor_a11y.engine.state import Reserved
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.messages import speaking
from splendor_a11y.text.narrator import Detail, Narrator, Verbosity
from splendor_a11y.text.queries import Answers

from conftest import gems, new_game, refused, with_player

YOU, THEM = Narrator(viewer=0), Narrator(viewer=1)


def told(narrator: Narrator, state, event) -> str:  # type: ignore[no-untyped-def]
    return narrator.event(event, state, evolve(state, event))


def named(state):  # type: ignore[no-untyped-def]
    players = (replace(state.players[0], name="Ana"), replace(state.players[1], name="Ben"))
    return replace(state, players=players)


def test_gems_taken() -> None:
    state = named(new_game())
    event = GemsTaken(player=0, gems=gems("1s 1e 1r"))
    assert told(YOU, state, event) == "You take 1s 1e 1r. You have 3 tokens: 1s 1e 1r."
    assert told(THEM, state, event) == "Ana takes 1s 1e 1r. Ana has 3 tokens: 1s 1e 1r."


def test_bought_with_refill_and_running_total() -> None:
    state = named(new_game())
    card = Card.parse("b2r 3d 5o")
    state = replace(state, rows=(state.rows[0], (card,) + state.rows[1][1:], state.rows[2]))
    state = replace(with_player(state, 1, tokens=gems("3d 4o 1g"), points=5), current=1)
    event = CardBought(player=1, source=Slot("b", 1), card=card, paid=gems("3d 4o 1g"))
    refill = state.decks[1][0]
    assert told(YOU, state, event) == (
        f"Ben buys b2r 3d 5o from b1, paying 3d 4o 1g. Ben has 7 points. b1 is now {refill}."
    )


def test_a_card_bought_from_a_hand_is_the_buyer_s_hand_to_everyone_else() -> None:
    """ "Ben buys … from h1" would sound like the listener's own hand slot."""
    card = Card.parse("b2r 3d 5o")
    state = replace(
        with_player(named(new_game()), 1, tokens=gems("3d 5o"), reserved=(Reserved(card, "b", False),)), current=1
    )
    event = CardBought(player=1, source=HandSlot(1), card=card, paid=gems("3d 5o"))
    assert told(THEM, state, event) == "You buy b2r 3d 5o from h1, paying 3d 5o. You have 2 points."
    assert told(YOU, state, event) == "Ben buys b2r 3d 5o from h1 in their hand, paying 3d 5o. Ben has 2 points."
    with speaking(LANGUAGES["fr"]):
        assert told(YOU, state, event) == "Ben achète b2r 3d 5o en h1 de sa main pour 3d 5o. Ben a 2 points."


def test_reserved_from_a_slot_and_blind() -> None:
    state = named(new_game())
    card = state.rows[0][1]
    event = CardReserved(player=0, source=Slot("a", 2), card=card, gold=1)
    assert told(YOU, state, event) == (
        f"You reserve {card} from a2 and take 1 gold. Your hand holds 1 card. a2 is now {state.decks[0][0]}."
    )
    blind = CardReserved(player=0, source=DeckTop("c"), card=state.decks[2][0], gold=1)
    assert told(YOU, state, blind) == (
        f"You reserve {state.decks[2][0]} from the top of deck c and take 1 gold. Your hand holds 1 card."
    )
    assert told(THEM, state, blind) == (
        "Ana reserves the top card of deck c and takes 1 gold. Ana's hand holds 1 card."
    )


def test_returned_noble_passed_and_end() -> None:
    state = named(with_player(new_game(), 0, tokens=gems("3d 3s 3e 2r")))
    assert told(YOU, state, TokensReturned(player=0, gems=gems("1d"))) == (
        "You return 1d. You have 10 tokens: 2d 3s 3e 2r."
    )
    noble = Noble.parse("3 4d 4s")
    state = replace(state, nobles=(noble,))
    assert told(THEM, state, NobleVisited(player=0, noble=noble)) == ("The noble 3 4d 4s visits Ana. Ana has 3 points.")
    assert told(YOU, state, Passed(player=0)) == "You cannot act, and pass."
    over = with_player(with_player(state, 0, points=15), 1, points=12)
    # A colon after each name: "Easy bot 1 11 points" was heard as one number.
    assert told(YOU, over, GameEnded(scores=(15, 12), winners=(0,))) == (
        "The game is over. You: 15 points, Ben: 12 points. You win."
    )
    assert told(THEM, over, GameEnded(scores=(15, 12), winners=(0,))) == (
        "The game is over. Ana: 15 points, you: 12 points. Ana wins."
    )
    with speaking(LANGUAGES["fr"]):  # it said "Vous 15 points, Ben 12 points"
        assert told(YOU, over, GameEnded(scores=(15, 12), winners=(0,))) == (
            "La partie est finie. Vous : 15 points, Ben : 12 points. Vous gagnez."
        )


def test_a_name_written_in_lower_case_stays_so_at_the_start_of_a_sentence() -> None:
    # Logged in over SSH as "ana", a player read "ana takes ..." but "Ana: 15 points".
    players = (replace(new_game().players[0], name="ana"), replace(new_game().players[1], name="ben"))
    over = with_player(with_player(replace(new_game(), players=players), 0, points=15), 1, points=12)
    assert told(THEM, over, GameEnded(scores=(15, 12), winners=(0,))) == (
        "The game is over. ana: 15 points, you: 12 points. ana wins."
    )
    assert Answers(Narrator(viewer=1)).scores(over).startswith("ana: 15 points and you: 12 points;")
    assert Answers(Narrator(viewer=0)).scores(over).startswith("You: 15 points and ben: 12 points;")
    # A name that only begins the sentence's first word does not keep it in lower case.
    y = replace(over, players=(replace(over.players[0], name="y"), over.players[1]))
    assert Answers(Narrator(viewer=0)).scores(y).startswith("You: 15 points")
    refusal = refused(replace(over, current=1), TakeGems(gems("2g")))
    assert Narrator(viewer=0, named=True).refusal(refusal, over).startswith("ben cannot take gold")


def test_tie_break_is_told() -> None:
    state = named(new_game())
    a, b = Card.parse("a0d 3s"), Card.parse("a0s 3o")
    state = with_player(with_player(state, 0, points=15, bought=(a, b)), 1, points=15, bought=(a,))
    assert told(YOU, state, GameEnded(scores=(15, 15), winners=(1,))) == (
        "The game is over. You: 15 points, Ben: 15 points. "
        "Ben wins the tie on points with fewer development cards bought, 1 against 2."
    )


def test_reaching_fifteen_announces_the_last_round() -> None:
    state = named(new_game())
    card = Card.parse("b2r 3d 5o")
    state = replace(state, rows=(state.rows[0], (card,) + state.rows[1][1:], state.rows[2]))
    state = with_player(state, 0, tokens=gems("3d 5o"), points=13)
    line = told(YOU, state, CardBought(player=0, source=Slot("b", 1), card=card, paid=gems("3d 5o")))
    assert line.endswith("You have reached 15 points: this round is the last.")


def test_reaching_fifteen_as_the_round_s_last_player_says_the_game_ends_now() -> None:
    """The last seat of a round who reaches fifteen heard "this round is the last", and
    the game was over on the next line: no turn was left to anyone."""
    state = named(new_game())
    card = Card.parse("b2r 3d 5o")
    state = replace(state, rows=(state.rows[0], (card,) + state.rows[1][1:], state.rows[2]), current=1)
    state = with_player(state, 1, tokens=gems("3d 5o"), points=13)
    bought = CardBought(player=1, source=Slot("b", 1), card=card, paid=gems("3d 5o"))
    assert told(YOU, state, bought).endswith(
        "Ben has reached 15 points at the end of the round: the game ends with this turn."
    )
    with speaking(LANGUAGES["fr"]):
        assert told(THEM, state, bought).endswith(
            "Vous atteignez 15 points en fin de manche : la partie s'arrête avec ce tour."
        )


def test_turn_prompt() -> None:
    state = named(
        with_player(
            new_game(), 0, points=6, tokens=gems("2s 1e 1g"), reserved=(Reserved(Card.parse("a0d 3s"), "a", False),)
        )
    )
    state = with_player(state, 1, points=4, bonuses=gems("1d 1o"), tokens=gems("2r"))
    assert YOU.turn(state) == "Your turn. 6 points; bonuses none; tokens 2s 1e 1g; hand 1 card. Ben: 4 points."
    assert THEM.turn(state) == "Ana's turn."
    full = replace(YOU, detail=Detail.FULL)
    assert full.turn(state) == (
        "Your turn. 6 points; bonuses none; tokens 2s 1e 1g; hand h1 a0d 3s. "
        "Ben: 4 points; bonuses 1d 1o; tokens 2r; hand no cards."
    )
    shared = replace(YOU, named=True)
    assert shared.turn(state).startswith("Your turn, Ana. 6 points;")


def test_at_a_shared_keyboard_every_line_names_the_player() -> None:
    state = named(new_game())
    shared = Narrator(viewer=0, named=True)
    line = told(shared, state, GemsTaken(player=0, gems=gems("1d 1s 1e")))
    assert line == "Ana takes 1d 1s 1e. Ana has 3 tokens: 1d 1s 1e."
    assert shared.start(state).startswith("New game. Playing in this order: Ana and Ben.")
    assert told(shared, state, HintAsked(player=0)) == "Ana asks for a hint."
    over = with_player(with_player(state, 0, tokens=gems("6d 5s")), 0, points=0)
    returning = replace(over, phase=Phase.RETURN)
    assert shared.turn(returning).startswith("Ana, you hold 11 tokens: return 1 to come down to 10")


def test_refusals_are_one_sentence_in_rule_terms() -> None:
    state = named(replace(new_game(), supply=gems("4d 3s 4e 4r 4o 5g")))
    error = refused(state, TakeGems(gems("2s")))
    assert YOU.refusal(error, state) == "You cannot take two sapphires: the supply has 3, and taking two needs 4."
    assert THEM.refusal(error, state) == "Ana cannot take two sapphires: the supply has 3, and taking two needs 4."
    full = with_player(state, 0, reserved=tuple(Reserved(c, "a", False) for c in state.decks[0][:3]))
    error = refused(full, Reserve(DeckTop("a")))
    assert YOU.refusal(error, full) == "You cannot reserve: your hand already holds 3 cards, the most allowed."
    # The hand's cards are counted as the hand is said elsewhere: "holds 0" was heard.
    error = refused(state, Buy(HandSlot(1)))
    assert YOU.refusal(error, state) == "There is no h1: your hand holds no cards."
    one = with_player(state, 0, reserved=(Reserved(state.decks[0][0], "a", False),))
    assert THEM.refusal(refused(one, Buy(HandSlot(2))), one) == "There is no h2: Ana's hand holds 1 card."
    card = Card.parse("b2r 3d 5o")
    poor = replace(state, rows=(state.rows[0], (card,) + state.rows[1][1:], state.rows[2]))
    error = refused(with_player(poor, 0, tokens=gems("3d 3o 1g")), Buy(Slot("b", 1)))
    assert YOU.refusal(error, poor) == (
        "You cannot afford b2r 3d 5o: 2o still missing after bonuses and gems, and only 1 gold to cover it."
    )
    error = refused(with_player(poor, 0, tokens=gems("3d 3o")), Buy(Slot("b", 1)))
    assert YOU.refusal(error, poor) == (
        "You cannot afford b2r 3d 5o: 2o still missing after bonuses and gems, and no gold to cover it."
    )


def test_words_verbosity() -> None:
    words = Narrator(viewer=0, verbosity=Verbosity.WORDS)
    assert words.card(Card.parse("b2r 3d 5o")) == (
        "a level b card (2 points, ruby bonus, costing 3 diamonds and 5 onyx)"
    )
    noble = Noble(3, gems("4s 4e"), "3 4s 4e")
    assert words.noble_in_list(noble) == "4 sapphire and 4 emerald bonuses, 3 points"
    assert words.noble(noble) == "(4 sapphire and 4 emerald bonuses, 3 points)", "inside a sentence"
    assert Narrator(viewer=0).noble(noble) == "3 4s 4e"
    assert words.gems(gems("1s 2e")) == "1 sapphire and 2 emeralds"


def test_in_words_a_noble_in_a_sentence_is_kept_apart_from_it() -> None:
    """``The noble 4 ruby and 4 onyx bonuses, 3 points visits you`` ran the noble into the
    sentence, and two nobles joined by "and" ran into each other."""
    state = named(new_game())
    noble = state.nobles[0]
    assert noble is not None
    event = NobleVisited(player=0, noble=noble)
    said = told(Narrator(viewer=1, verbosity=Verbosity.WORDS), state, event)
    assert said.startswith(f"The noble ({Narrator(verbosity=Verbosity.WORDS).noble_in_list(noble)}) visits Ana.")
    assert told(THEM, state, event).startswith(f"The noble {noble.text} visits Ana."), "codes as they were"


def test_a_game_begins_by_saying_its_modules_by_their_titles() -> None:
    """A player who joins a table hears what it plays; a base game says nothing more."""
    with_modules = named(new_game(modules=("tradingposts", "orient")))
    assert (
        Narrator(viewer=0)
        .start(with_modules)
        .startswith("New game with The Orient and The Trading Posts. Playing in this order: you and Ben.")
    )
    assert Narrator(viewer=0).start(named(new_game())).startswith("New game. Playing in this order: you and Ben.")


def test_a_game_begins_with_its_nobles_kept_apart_by_semicolons() -> None:
    """In words each noble holds commas and "and" of its own; joined by commas, the list
    of nobles ran together (``... 3 points, 2: 4 ruby and ...``)."""
    said = Narrator(viewer=0, verbosity=Verbosity.WORDS).start(named(new_game()))
    nobles = said.split("Nobles: ", 1)[1].removesuffix(" Type help for the commands.")
    parts = nobles.rstrip(".").split("; ")
    assert [part.split(":", 1)[0] for part in parts] == ["1", "2", "3"], said
    assert all(part.endswith("bonuses, 3 points") for part in parts), said


def test_an_orient_free_choice_names_each_card_with_its_place_after_it_in_words() -> None:
    """The Orient's free card is chosen from cards listed with their places: in codes
    ``b1 b2s 3d``, in words the place after the card, as everywhere else, where it ran
    into the card's words (``one of b1 a level b card (...)``)."""
    from splendor_a11y.engine.phrase import Phrase, SlotCards

    state = new_game(2, 3, ("orient",))
    slots = tuple((f"b{i + 1}", card) for i, card in enumerate(state.rows[1][:2]))
    asked = Phrase("turn.free.you", {"level": "b", "cards": SlotCards(slots)})
    in_codes = Narrator(viewer=0).phrase(asked, state, state)
    first, second = (card.text for _, card in slots)  # type: ignore[union-attr]
    assert in_codes == f"Take a level b card free: type free and its place, one of b1 {first}; b2 {second}."
    in_words = Narrator(viewer=0, verbosity=Verbosity.WORDS).phrase(asked, state, state)
    assert in_words.startswith("Take a level b card free: type free and its place, one of a level b card ("), in_words
    assert ") at b1; a level b card (" in in_words and in_words.endswith(") at b2."), in_words


def test_strongholds_that_go_home_with_a_card_are_said() -> None:
    """A card bought from under strongholds sends them home. The prompt after it said
    "3 left" with no word of why; now the purchase says who took how many back, to each
    listener in their own words and language, and a reservation does too."""
    from splendor_a11y.engine import decide_and_apply
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds

    state = new_game(2, 3, ("strongholds",))
    a1 = Slot("a", 1)
    card = state.card_at(a1)
    assert card is not None
    state = with_strongholds(state, ((a1, a1, Slot("b", 2)), ()))
    state = with_player(state, 0, tokens=state.players[0].tokens.plus(card.cost))
    events, _after = decide_and_apply(state, Buy(a1))
    bought = next(event for event in events if isinstance(event, CardBought))
    before = state
    said = told(YOU, before, bought)
    assert said.endswith("From that card, you take back 2 strongholds, and have 2 left."), said
    with speaking(LANGUAGES["fr"]):
        dit = told(THEM, before, bought)
    assert dit.endswith("De cette carte, P0 reprend 2 bastions, et il lui en reste 2."), dit
    reserved = decide_and_apply(state, Reserve(a1))[0][0]
    assert told(THEM, before, reserved).endswith("From that card, P0 takes back 2 strongholds, and has 2 left.")


def test_the_stronghold_prompt_says_where_the_others_stand_as_the_language_does() -> None:
    """``You have 1 left, 1 on a1 and 1 on b2.``; in French the placed ones come after a
    semicolon (it read ``Il vous en reste 1, 1 sur a1 et 1 sur b2``)."""
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds
    from splendor_a11y.engine.modules.strongholds.told import placed
    from splendor_a11y.engine.phrase import Phrase

    state = with_strongholds(new_game(2, 3, ("strongholds",)), ((Slot("a", 1), Slot("b", 2)), ()))
    asked = Phrase("turn.stronghold.you", {"left": 1, "placed": placed(state, 0)})
    assert YOU.phrase(asked, state, state).endswith("You have 1 left, 1 on a1 and 1 on b2.")
    with speaking(LANGUAGES["fr"]):
        assert YOU.phrase(asked, state, state).endswith("Il vous en reste 1 ; posés : 1 sur a1 et 1 sur b2.")


def test_with_every_stronghold_placed_the_prompt_offers_only_what_can_be_done() -> None:
    """With none left to place, the prompt offered ``hold b3 puts one on a card`` and
    said ``You have 0 left`` (``Il vous en reste 0``); it asks to move one or oust one."""
    from splendor_a11y.engine.modules.strongholds import STRONGHOLD_PHASE
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds
    from splendor_a11y.engine.modules.strongholds.told import prompt, status

    placed_all = ((Slot("a", 1), Slot("a", 1), Slot("b", 2)), ())
    state = replace(with_strongholds(new_game(2, 3, ("strongholds",)), placed_all), phase=STRONGHOLD_PHASE)
    asked = prompt(state)
    assert asked is not None
    said = YOU.phrase(asked, state, state)
    assert said.startswith("Move a stronghold: hold b3 from c1 moves one, oust b2 "), said
    assert said.endswith("You have none left to place, 2 on a1 and 1 on b2."), said
    assert "puts one" not in said
    with speaking(LANGUAGES["fr"]):
        dit = YOU.phrase(asked, state, state)
    assert dit.endswith("Il ne vous en reste plus à poser ; posés : 2 sur a1 et 1 sur b2."), dit
    (asked_status,) = status(state, 0)  # what "me" says of them: it said "il en reste 0"
    assert YOU.phrase(asked_status, state, state) == " Strongholds: none left to place, 2 on a1 and 1 on b2."
    with speaking(LANGUAGES["fr"]):
        dit = YOU.phrase(asked_status, state, state)
    assert dit == " Bastions : plus aucun à poser ; posés : 2 sur a1 et 1 sur b2.", dit


def test_the_last_stronghold_placed_is_said_as_the_last() -> None:
    """Placing the last of one's strongholds said ``0 left`` (in French ``il vous en
    reste 0``); it now says it is the last, in either language."""
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds
    from splendor_a11y.engine.modules.strongholds.events import StrongholdPlaced

    state = with_strongholds(new_game(2, 3, ("strongholds",)), ((Slot("a", 1), Slot("a", 1)), ()))
    last = StrongholdPlaced(player=0, to=Slot("b", 2))
    said = told(YOU, state, last)
    assert said.startswith("You place your last stronghold on b2 ") and said.endswith("; you have 1 there."), said
    with speaking(LANGUAGES["fr"]):
        dit = told(THEM, state, last)
    assert dit.startswith("P0 place son dernier bastion sur b2 "), dit
    assert dit.endswith(", qui porte maintenant 1 de ses bastions."), dit
    fewer = with_strongholds(new_game(2, 3, ("strongholds",)), ((Slot("a", 1),), ()))
    assert told(YOU, fewer, last).endswith("; you have 1 there and 1 left."), told(YOU, fewer, last)


def test_a_conquest_by_another_says_their_strongholds_go_back_once_named() -> None:
    """French said ``Robot difficile conquiert ... ; les bastions de Robot difficile lui
    reviennent``, the name twice in one sentence: now ``ses bastions lui reviennent``."""
    from splendor_a11y.engine import decide_and_apply
    from splendor_a11y.engine.modules.strongholds import CONQUEST_PHASE
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds
    from splendor_a11y.engine.modules.strongholds.commands import Conquer

    a1 = Slot("a", 1)
    state = with_strongholds(new_game(2, 3, ("strongholds",)), ((a1, a1, a1), ()))
    card = state.card_at(a1)
    assert card is not None
    state = replace(with_player(state, 0, tokens=state.players[0].tokens.plus(card.cost)), phase=CONQUEST_PHASE)
    conquest = decide_and_apply(state, Conquer())[0][0]
    with speaking(LANGUAGES["fr"]):
        dit = told(THEM, state, conquest)
    assert dit.startswith("P0 conquiert ") and " ; ses bastions lui reviennent. P0 a " in dit, dit


def test_a_choice_of_nobles_in_words_has_no_comma_before_the_brackets() -> None:
    """In words a noble comes in brackets, and the choice read ``noble 1, (3 diamond ...
    bonuses, 3 points) or noble 2, (...)``; in codes the comma stays, between the number
    and the noble's own numbers (``noble 1, 3 3d 3r 3o``)."""
    state = new_game(2, 4)
    first, second = state.nobles[0], state.nobles[1]
    assert first is not None and second is not None
    bonuses = gems(
        "".join(
            f"{max(a, b)}{c}"
            for a, b, c in zip(first.requirement, second.requirement, "dsero", strict=False)
            if max(a, b)
        )
    )
    choosing = replace(with_player(state, 0, bonuses=bonuses), phase=Phase.NOBLE)
    in_words = Narrator(0, verbosity=Verbosity.WORDS).turn(choosing)
    assert "choose one: noble 1 (" in in_words and " or noble 2 (" in in_words, in_words
    assert ", (" not in in_words, in_words
    in_codes = Narrator(0).turn(choosing)
    assert f"choose one: noble 1, {first.text} or noble 2, {second.text}" in in_codes, in_codes
    with speaking(LANGUAGES["fr"]):
        en_mots = Narrator(0, verbosity=Verbosity.WORDS).turn(choosing)
    assert "noble 1 (bonus " in en_mots and ", (" not in en_mots, en_mots


def test_a_noble_that_does_not_visit_yet_has_no_commas_around_its_brackets_in_words() -> None:
    """``Noble 2, (3 diamond ... 3 points), does not visit yet`` in words; codes keep
    their commas around the noble's numbers."""
    from splendor_a11y.engine import ChooseNoble

    state = new_game(2, 4)
    first, second = state.nobles[0], state.nobles[1]
    assert first is not None and second is not None
    choosing = replace(with_player(state, 0, bonuses=first.requirement), phase=Phase.NOBLE)
    refusal = refused(choosing, ChooseNoble(2))
    in_words = Narrator(0, verbosity=Verbosity.WORDS).refusal(refusal, choosing)
    assert in_words.startswith("Noble 2 (") and "), does not" not in in_words, in_words
    assert Narrator(0).refusal(refusal, choosing).startswith(f"Noble 2, {second.text}, does not visit yet"), refusal
