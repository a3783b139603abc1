"""Hints keep their word: asked twice, the same hint; a purchase promised for next turn
is the next turn's hint, or the hint says what took it away; a hint that sends the
player over ten tokens says so; no "0 gems away"."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from splendor_a11y.domain.cards import Card, Noble, standard_cards
from splendor_a11y.domain.notation import GemCounts, Slot
from splendor_a11y.engine import Buy, GameState, ReturnTokens, TakeGems, deal, legal_commands
from splendor_a11y.play.conversation import Channel, SessionIO
from splendor_a11y.play.grammar import parse_line
from splendor_a11y.play.hints import HintBook
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry
from splendor_a11y.text.explain import explain_move, planned_purchase
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.messages import speaking
from splendor_a11y.text.narrator import Narrator, Verbosity

from conftest import new_game, play, play_through, run_cli, seat_session, with_player

HINT = re.compile(r"^((?:take|buy|reserve|return|noble|pass)\b[^:]*): ")


class Follower:
    """Asks for a hint at every prompt, asks again, then types what the hint said."""

    def __init__(self, moves: int) -> None:
        self.moves = moves
        self.asked = 0
        self.hints: list[str] = []
        self.heard: list[str] = []

    def read(self, prompt: str) -> str | None:
        if self.moves == 0:
            return None
        if self.asked < 2:
            self.asked += 1
            return "hint"
        self.asked = 0
        self.moves -= 1
        match = HINT.match(self.hints[-1])
        assert match, self.hints[-1]
        return match.group(1)

    def announce(self, line: str, channel: Channel) -> None:
        self.heard.append(line)
        if channel is Channel.ANSWER and HINT.match(line):
            self.hints.append(line)


def test_a_player_who_follows_the_hints_is_never_told_two_things(tmp_path: Path) -> None:
    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben", "bot", "medium")), (), 8)
    follower = Follower(moves=24)
    with LogWriter.create(tmp_path / "hints.jsonl", header) as writer:
        session = seat_session(header, writer, SessionIO(follower.read, follower.announce))
        setup = deal(2, random.Random(8), standard_cards())
        play_through(session, (replace(setup, first_player=0),))
    pairs = list(zip(follower.hints[::2], follower.hints[1::2], strict=True))
    assert len(pairs) >= 20
    for first, again in pairs:
        assert HINT.match(first).group(1) == HINT.match(again).group(1), (first, again)  # type: ignore[union-attr]
    promised = 0
    for (said, _), (next_turn, _) in zip(pairs, pairs[1:], strict=False):
        plan = re.search(r"then you can buy (\S+) (\S+ [^ ]+(?: [^ ]+)*?) next turn", said)
        if plan is None:
            continue
        promised += 1
        kept = next_turn.endswith("As planned last turn.") and next_turn.startswith("buy ")
        broken = "planned last turn" in next_turn and not kept
        assert kept or broken, (said, next_turn)
    assert promised >= 2, follower.hints
    assert not any("0 gems" in line for line in follower.heard)


def _plan_state(modules: tuple[str, ...] = ()) -> tuple[object, TakeGems, object]:
    """Seat 0 one take away from a face-up card that costs three different gems."""
    state = new_game(2, 5, modules)
    for slot_index, card in enumerate(state.rows[0]):
        colours = [i for i in range(5) if card is not None and card.cost[i]]
        if card is not None and card.cost.total <= 5 and len(colours) >= 3:
            take = TakeGems(GemCounts([1 if i in colours[:3] else 0 for i in range(5)] + [0]))
            tokens = GemCounts([card.cost[i] - (1 if i in colours[:3] else 0) for i in range(5)] + [0])
            return with_player(state, 0, tokens=tokens), take, (card, slot_index + 1)
    raise AssertionError("no such card in this deal")


def test_a_promised_purchase_is_said_again_next_turn_as_kept_or_as_waiting() -> None:
    """The hint is the hard bot's move; last turn's promise is said with it: as planned
    when the hint buys the card, or that the card can still be bought and this move is
    stronger (a hint that bought the promise whenever it could won 10 of 16 games against
    medium, the hard bot's own moves 15)."""
    state, take, (card, index) = _plan_state()
    assert planned_purchase(state, 0, take) == card  # type: ignore[arg-type]
    book = HintBook()
    book.remember(0, state, take)  # type: ignore[arg-type]
    said = explain_move(state, 0, take, Narrator(viewer=0))  # type: ignore[arg-type]
    assert f"then you can buy a{index} {card.text} next turn" in said  # type: ignore[attr-defined]
    in_words = explain_move(state, 0, take, Narrator(viewer=0, verbosity=Verbosity.WORDS))  # type: ignore[arg-type]
    assert re.search(rf"then you can buy a level a card \([^)]*\) at a{index} next turn", in_words), in_words
    with speaking(LANGUAGES["fr"]):
        en_mots = explain_move(state, 0, take, Narrator(viewer=0, verbosity=Verbosity.WORDS))  # type: ignore[arg-type]
    assert re.search(rf"acheter une carte de niveau a \([^)]*\) en a{index} au prochain tour", en_mots), en_mots
    later = play(state, take, TakeGems(GemCounts.parse("1d 1s 1o") if state.supply[0] else GemCounts.parse("2r")))
    kept = Buy(_slot_of(later, card))  # type: ignore[no-untyped-call]
    told = book.explain(0, later, kept, Narrator(viewer=0))  # type: ignore[arg-type]
    assert told.startswith(f"buy a{index}: ") and told.endswith("As planned last turn."), told
    stronger = TakeGems(GemCounts.parse("1d 1s 1e"))
    told = book.explain(0, later, stronger, Narrator(viewer=0))  # type: ignore[arg-type]
    assert told.startswith("take dse: "), told
    assert told.endswith(
        f"The card planned last turn, a{index} {card.text}, can still be bought, but this move is stronger."
    )  # type: ignore[attr-defined]
    in_words = book.explain(0, later, stronger, Narrator(viewer=0, verbosity=Verbosity.WORDS))  # type: ignore[arg-type]
    assert in_words.endswith(f"The card planned last turn, a{index}, can still be bought, but this move is stronger.")


def _slot_of(state, card):  # type: ignore[no-untyped-def]
    from splendor_a11y.domain.notation import Slot

    for level, row in zip("abc", state.rows, strict=True):
        if card in row:
            return Slot(level, row.index(card) + 1)
    return None


def test_a_plan_the_table_took_away_is_said_with_who_took_it() -> None:
    state, take, (card, index) = _plan_state()
    book = HintBook()
    book.remember(0, state, take)  # type: ignore[arg-type]
    after_take = play(state, take)
    rival = with_player(after_take, 1, tokens=GemCounts(list(card.cost[:5]) + [0]))  # type: ignore[attr-defined]
    from splendor_a11y.domain.notation import Slot

    bought = play(rival, Buy(Slot("a", index)))
    other = TakeGems(GemCounts.parse("1d 1s 1e"))
    told = book.explain(0, bought, other, Narrator(viewer=0))
    assert told.startswith("take dse: ")
    assert re.search(r" The card planned last turn, a0\S* [^,]+, is gone: P1 bought it\.$", told), told
    in_words = book.explain(0, bought, other, Narrator(viewer=0, verbosity=Verbosity.WORDS))
    assert in_words.endswith(f" The card planned last turn at a{index} is gone: P1 bought it."), in_words
    with speaking(LANGUAGES["fr"]):
        en_mots = book.explain(0, bought, other, Narrator(viewer=0, verbosity=Verbosity.WORDS))
    assert en_mots.endswith(f" La carte prévue au tour précédent en a{index} n'est plus là : P1 l'a achetée."), en_mots


def test_a_plan_an_opponent_s_stronghold_keeps_is_said_kept_and_by_whom() -> None:
    """The card planned last turn is still there but under an opponent's stronghold: the
    hint says who keeps it. It said the refusal after a colon, the card named twice
    (``cannot be bought now: you cannot take b1 b1d 2d 3s 3r: Medium bot's strongholds
    are on it``), and before that in capitals (``maintenant : Vous ne pouvez pas``)."""
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds

    state, take, (card, index) = _plan_state(("strongholds",))
    book = HintBook()
    book.remember(0, state, take)  # type: ignore[arg-type]
    later = play(state, take, TakeGems(GemCounts.parse("1d 1s 1o") if state.supply[0] else GemCounts.parse("2r")))  # type: ignore[attr-defined]
    blocked = with_strongholds(later, ((), (Slot("a", index),)))
    other = TakeGems(GemCounts.parse("1d 1s 1e"))
    told = book.explain(0, blocked, other, Narrator(viewer=0))
    assert told.endswith(
        f" The card planned last turn, a{index} {card.text}, cannot be bought now: P1 keeps it."  # type: ignore[attr-defined]
    ), told
    in_words = book.explain(0, blocked, other, Narrator(viewer=0, verbosity=Verbosity.WORDS))
    assert in_words.endswith(f" The card planned last turn, a{index}, cannot be bought now: P1 keeps it."), in_words
    with speaking(LANGUAGES["fr"]):
        told = book.explain(0, blocked, other, Narrator(viewer=0))
    assert re.search(
        rf"La carte prévue au tour précédent, a{index} [^,]+, ne peut pas être achetée maintenant : P1 la garde\.$",
        told,
    ), told


def test_a_decision_after_the_action_neither_says_nor_drops_the_plan() -> None:
    """After a purchase that cost no tokens, at the stronghold to place, the hint said the
    card planned last turn "cannot be bought now: you must first place a stronghold";
    and a hint asked at such a decision dropped the plan made at the turn's action."""
    from splendor_a11y.engine.modules.strongholds import STRONGHOLD_PHASE

    state, take, (card, index) = _plan_state(("strongholds",))
    book = HintBook()
    book.remember(0, state, take)  # type: ignore[arg-type]
    other = TakeGems(GemCounts.parse("1d 1s 1e"))
    book.remember(0, replace(state, phase=STRONGHOLD_PHASE), other)  # type: ignore[arg-type]
    later = play(state, take, TakeGems(GemCounts.parse("1d 1s 1o") if state.supply[0] else GemCounts.parse("2r")))  # type: ignore[attr-defined]
    kept = Buy(_slot_of(later, card))  # type: ignore[no-untyped-call]
    assert book.explain(0, later, kept, Narrator(viewer=0)).endswith("As planned last turn.")
    placing = book.explain(0, replace(later, phase=STRONGHOLD_PHASE), other, Narrator(viewer=0))
    assert "planned" not in placing, placing


def test_on_the_game_s_last_turn_a_take_promises_no_purchase() -> None:
    """Another player had reached fifteen and this was the round's last turn: the hint
    said ``take ...: then you can buy ... next turn``, and there was no next turn."""
    state, take, _card = _plan_state()
    last = replace(with_player(state, 1, points=15), current=1, first_player=0)
    ours = with_player(state, 0, points=15)  # seat 0 plays first: seat 1 still plays after it
    assert planned_purchase(ours, 0, take) is not None  # type: ignore[arg-type]
    last = with_player(last, 1, tokens=state.players[0].tokens)
    assert planned_purchase(last, 1, take) is None  # type: ignore[arg-type]
    said = explain_move(last, 1, take, Narrator(viewer=1))  # type: ignore[arg-type]
    assert said.endswith(": the game ends with this turn, and no card you could buy now would change who wins."), said
    with speaking(LANGUAGES["fr"]):
        dit = explain_move(last, 1, take, Narrator(viewer=1))  # type: ignore[arg-type]
    assert dit.endswith(
        " : la partie se termine avec ce tour, et aucune carte achetée maintenant ne changerait qui gagne."
    ), dit


def test_a_take_promises_no_card_an_opponent_s_stronghold_keeps() -> None:
    """A take's hint said it brought a card within reach (``then you can buy ... next
    turn``, ``within 1 gem``) when an opponent's stronghold was on it: the card could
    not be bought."""
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds

    state, take, (card, index) = _plan_state(("strongholds",))
    assert planned_purchase(state, 0, take) == card  # type: ignore[arg-type]
    kept = with_strongholds(state, ((), (Slot("a", index),)))  # type: ignore[arg-type]
    assert planned_purchase(kept, 0, take) != card
    said = explain_move(kept, 0, take, Narrator(viewer=0))
    assert f"a{index} {card.text}" not in said, said  # type: ignore[attr-defined]


def test_no_opponent_is_said_to_want_a_card_the_seat_s_own_stronghold_keeps() -> None:
    """Buying, or reserving, a card under the seat's own stronghold: the hint said that an
    opponent "could buy it otherwise", which the stronghold forbade."""
    from splendor_a11y.engine import Reserve
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds

    state, _take, (card, index) = _plan_state(("strongholds",))
    cost = GemCounts([*card.cost[:5], 0])  # type: ignore[attr-defined]
    both = with_player(with_player(state, 0, tokens=cost), 1, tokens=cost)  # type: ignore[arg-type]
    buy, reserve = Buy(Slot("a", index)), Reserve(Slot("a", index))
    assert "P1 could buy it" in explain_move(both, 0, buy, Narrator(viewer=0))
    held = with_strongholds(both, ((Slot("a", index),), ()))
    for command in (buy, reserve):
        said = explain_move(held, 0, command, Narrator(viewer=0))
        assert "P1 could buy it" not in said, said


def test_a_purchase_that_brings_a_noble_near_says_it_apart_from_what_it_gives() -> None:
    """ "it gives you your second emerald and the noble ... is then 3 bonuses away" read as
    if the noble came with the card; the noble still away is said after what is given."""
    state = new_game(2, 5)
    noble = state.nobles[0]
    assert noble is not None
    index, card = next(
        (i, c)
        for i, c in enumerate(state.rows[0], 1)
        if c is not None and c.bonus is not None and noble.requirement[c.bonus.order]
    )
    assert card.bonus is not None
    other = next(i for i in range(5) if noble.requirement[i] and i != card.bonus.order)
    bonuses = [noble.requirement[i] - (1 if i == card.bonus.order else 2 if i == other else 0) for i in range(5)]
    ready = with_player(state, 0, bonuses=GemCounts([*bonuses, 0]), tokens=GemCounts([*card.cost[:5], 0]))
    said = explain_move(ready, 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert said.endswith(f"; the noble {noble.text} is then 2 bonuses away."), said
    assert " and the noble" not in said, said
    with speaking(LANGUAGES["fr"]):
        dit = explain_move(ready, 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert dit.endswith(f" ; le noble {noble.text} n'est alors plus qu'à 2 bonus."), dit


def test_a_card_of_two_bonuses_is_said_to_give_both() -> None:
    """A card with two bonuses of one colour (the Orient's) was said to give "your second
    sapphire" to a player who had none: it gives the first and the second."""
    for seed in range(1, 60):
        state = new_game(2, seed, ("orient",))
        found = [
            (level, i, card)
            for level, row in zip("abc", state.rows, strict=True)
            for i, card in enumerate(row, 1)
            if card is not None and card.bonus is not None and card.bonus_count == 2
        ]
        if found:
            break
    level, index, card = found[0]
    assert card.bonus is not None
    ready = with_player(state, 0, tokens=GemCounts([*card.cost[:5], 0]))
    said = explain_move(ready, 0, Buy(Slot(level, index)), Narrator(viewer=0, verbosity=Verbosity.WORDS))
    gem = {"d": "diamond", "s": "sapphire", "e": "emerald", "r": "ruby", "o": "onyx"}[card.bonus.value]
    assert f"your first and second {gem} bonuses" in said, said
    with speaking(LANGUAGES["fr"]):
        dit = explain_move(ready, 0, Buy(Slot(level, index)), Narrator(viewer=0))
    assert "vos premier et deuxième bonus " in dit, dit


def test_a_hint_over_ten_tokens_says_so_and_why() -> None:
    state = with_player(new_game(2, 5), 0, tokens=GemCounts.parse("2d 2s 2e 2r 1o"))
    said = explain_move(state, 0, TakeGems(GemCounts.parse("1d 1s 1e")), Narrator(viewer=0))
    assert "you will hold 12 tokens and give back 2 to come down to 10" in said, said


def test_a_reserve_hint_that_brings_an_eleventh_token_says_so() -> None:
    from splendor_a11y.domain.notation import Slot
    from splendor_a11y.engine import Reserve

    state = with_player(new_game(2, 5), 0, tokens=GemCounts.parse("2d 2s 2e 2r 2o"))
    said = explain_move(state, 0, Reserve(Slot("c", 1)), Narrator(viewer=0))
    assert "you will hold 11 tokens and give back 1 to come down to 10" in said, said


_COLOUR_COUNTS = st.lists(st.integers(0, 3), min_size=5, max_size=5).filter(any)


@given(counts=_COLOUR_COUNTS, returning=st.booleans(), language=st.sampled_from(sorted(LANGUAGES)))
@settings(max_examples=150, deadline=None)
def test_a_command_said_in_words_is_read_back_as_the_same_command(
    counts: list[int], returning: bool, language: str
) -> None:
    """A player who hears gems named types what they hear: ``take diamond, emerald,
    onyx`` or ``rendre 2 rubis`` is read as the command the hint named, in every language."""
    gems = GemCounts([*counts, 0])
    command = ReturnTokens(gems) if returning else TakeGems(gems)
    with speaking(LANGUAGES[language]):
        said = Narrator(0, verbosity=Verbosity.WORDS).command(command)
        assert not re.search(r"\b[dseroc]{2,}\b|\d[dsero]\b", said), said
        assert parse_line(said) == command, said


def test_in_words_the_hint_names_the_gems_and_typing_it_plays_it(home: Path) -> None:
    """In words a hint said ``take deo``: a player who chose to hear gems named may not
    know their letters. It names them, and what it says, typed as it is, is played."""
    args = ("play", "--seed", "3", "--verbosity", "words")
    asked = run_cli(*args, "--log", str(home / "a.jsonl"), stdin="hint\n", home=home).stdout.splitlines()
    hint = asked[asked.index("You ask for a hint.") + 1]
    command = hint.split(":")[0]
    assert re.fullmatch(r"take [a-z]+, [a-z]+, [a-z]+", command), hint
    played = run_cli(*args, "--log", str(home / "b.jsonl"), stdin=f"{command}\n", home=home).stdout
    assert "You take 1 " in played and "Unknown" not in played and "not a gem" not in played, played


def test_every_command_of_a_game_said_in_words_is_read_back_as_itself() -> None:
    """Whatever a hint may name, in any module, said in words in either language and
    typed back as it is, is the same command (``colour 2 rubies``, ``gain ruby``)."""
    games = (("orient",), ("strongholds",), ("tradingposts",), ("orient", "strongholds", "tradingposts"))
    checked = 0
    for seed, modules in enumerate(games):
        rng = random.Random(seed)
        state = new_game(2, seed, modules)
        for _ in range(120):
            if state.is_over:
                break
            commands = legal_commands(state)
            for language in sorted(LANGUAGES):
                with speaking(LANGUAGES[language]):
                    for command in commands:
                        said = Narrator(0, verbosity=Verbosity.WORDS).command(command)
                        assert parse_line(said, modules) == command, (language, str(command), said)
                        checked += 1
            state = play(state, rng.choice(commands))
    assert checked > 2000


def test_a_purchase_giving_up_one_double_gold_card_is_said_as_the_manual_writes_it() -> None:
    """``buy b5 with gg``: it was said ``with 1gg`` ("with one g g"); two cards stay
    ``with 2gg``. Either, typed back, is the same purchase."""
    from splendor_a11y.engine.modules.orient.commands import GoldCards

    for count, written in ((1, "buy b5 with gg"), (2, "buy b5 with 2gg")):
        command = Buy(Slot("b", 5), options=(GoldCards(count),))
        said = Narrator(0, verbosity=Verbosity.WORDS).command(command)
        assert said == written, said
        assert parse_line(said, ("orient",)) == command


def test_a_stronghold_placed_on_the_game_s_last_turn_is_not_said_to_keep_a_card() -> None:
    """On the game's last turn the hint to place a stronghold said ``it keeps ... for you;
    no one else may buy or reserve it``, though no one plays again; a third on one card,
    which may still be conquered this turn, keeps its own reason."""
    from splendor_a11y.engine.modules.strongholds import Hold

    state = new_game(2, 5, ("strongholds",))
    index, card = next((i, c) for i, c in enumerate(state.rows[0], 1) if c is not None)
    rich = GemCounts([*card.cost[:5], 0])
    for points, last in ((0, False), (15, True)):
        closing = with_player(replace(state, current=1), 1, tokens=rich)
        closing = with_player(closing, 0, points=points)
        placing = play(closing, Buy(Slot("a", index)))
        holds = [command for command in legal_commands(placing) if isinstance(command, Hold)]
        assert holds, legal_commands(placing)
        said = explain_move(placing, 1, holds[0], Narrator(viewer=1))
        assert ("the game ends with this turn" in said) is last, said
        assert ("for you; no one else may buy or reserve it" in said) is not last, said


def test_a_purchase_that_reaches_the_winning_score_says_so() -> None:
    """The purchase that won a game was hinted as ``it gives you 1 point and your second
    onyx``, and no more: it says the score it reaches ends the game, in French too."""
    state = new_game(2, 5)
    index, card = next((i, c) for i, c in enumerate(state.rows[1], 1) if c is not None and c.points)
    rich = with_player(state, 0, tokens=GemCounts([*card.cost[:5], 0]))
    buy = Buy(Slot("b", index))
    for points, reached in ((15 - card.points, True), (14 - card.points, False)):
        said = explain_move(with_player(rich, 0, points=points), 0, buy, Narrator(viewer=0))
        assert ("you reach 15 points, enough to end the game" in said) is reached, said
    with speaking(LANGUAGES["fr"]):
        said = explain_move(with_player(rich, 0, points=15 - card.points), 0, buy, Narrator(viewer=0))
    assert said.endswith("vous atteignez 15 points, de quoi terminer la partie."), said


def test_the_noble_a_purchase_brings_near_is_the_nearest() -> None:
    """``buy a3: it gives you your third diamond; the noble 3 4d 4s is then 3 bonuses
    away`` where the same card left the noble 3 3d 3s 3e one bonus away: the first noble
    on the table was said, not the nearest."""
    from splendor_a11y.domain.cards import Noble

    state = new_game(2, 5)
    index, card = next((i, c) for i, c in enumerate(state.rows[0], 1) if c is not None and c.bonus is not None)
    assert card.bonus is not None
    colour = card.bonus.order
    others = [i for i in range(5) if i != colour]
    far = Noble(3, GemCounts([4 if i in (colour, others[0]) else 0 for i in range(5)] + [0]), "3 far")
    near = Noble(3, GemCounts([3 if i in (colour, others[1], others[2]) else 0 for i in range(5)] + [0]), "3 near")
    bonuses = GemCounts([2 if i in (colour, *others[:3]) else 0 for i in range(5)] + [0])
    seat = with_player(state, 0, tokens=GemCounts([*card.cost[:5], 0]), bonuses=bonuses)
    seat = replace(seat, nobles=(far, near, None))
    said = explain_move(seat, 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert "the noble 3 near is then 2 bonuses away" in said, said  # 3 far, 3 bonuses away, came first


def _card_before_two_nobles(
    state: GameState | None = None, spare: int | None = None
) -> tuple[GameState, int, Card, Noble, Noble]:
    """A deal (seed 5's, unless given) whose level a card at the returned slot would
    complete either of two nobles (``3 first``, ``3 second``, not yet on the table) for
    seat 0, who holds its price: two bonuses of the card's colour, three of each noble's
    other colour; none of them the ``spare`` colour, left for the caller to set."""
    state = state if state is not None else new_game(2, 5)
    index, card = next(
        (i, c)
        for i, c in enumerate(state.rows[0], 1)
        if c is not None and c.bonus is not None and c.bonus.order != spare
    )
    assert card.bonus is not None
    colour = card.bonus.order
    x, y = [i for i in range(5) if i not in (colour, spare)][:2]
    first = Noble(3, GemCounts([3 if i in (colour, x) else 0 for i in range(5)] + [0]), "3 first")
    second = Noble(3, GemCounts([3 if i in (colour, y) else 0 for i in range(5)] + [0]), "3 second")
    bonuses = GemCounts([2 if i == colour else 3 if i in (x, y) else 0 for i in range(5)] + [0])
    ready = with_player(state, 0, tokens=GemCounts([*card.cost[:5], 0]), bonuses=bonuses)
    return ready, index, card, first, second


def test_a_purchase_that_completes_two_nobles_says_the_player_chooses() -> None:
    """A card whose bonus completed two nobles at once was hinted as bringing the first
    "at once": the player is then asked which of the two visits, and only one does."""
    state, index, card, first, second = _card_before_two_nobles()
    seat = replace(state, nobles=(first, second, None))
    said = explain_move(seat, 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert said.endswith(" and a noble at once, your choice of 3 first or 3 second."), said
    with speaking(LANGUAGES["fr"]):
        dit = explain_move(seat, 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert dit.endswith(" et un noble tout de suite, au choix 3 first ou 3 second."), dit
    alone = replace(seat, nobles=(first, None, None))
    assert explain_move(alone, 0, Buy(Slot("a", index)), Narrator(viewer=0)).endswith(" and the noble 3 first at once.")


def test_a_purchase_that_wins_by_a_coat_of_arms_after_the_noble_chosen_says_so() -> None:
    """With the Trading Posts, a purchase that completes two nobles, the player's fifth
    emerald already there: once a noble is chosen, the coat of arms placed on the fourth
    power brings five points, and the player reaches 15. The hint did not say the game
    could end, counting the points before the player had chosen their noble, nor name
    the coat of arms, which asks for a noble as well as the emeralds."""
    from splendor_a11y.engine.modules.tradingposts.kinds import FIVE, NAME, POWERS

    emerald = 2
    state, index, card, first, second = _card_before_two_nobles(new_game(2, 1, ("tradingposts",)), emerald)
    assert card.points == 0
    emeralds = POWERS[FIVE - 1].bonuses[emerald]
    bonuses = state.players[0].bonuses.plus([emeralds if i == emerald else 0 for i in range(6)])
    ready = with_player(state, 0, bonuses=bonuses, points=7)
    routed = ready.players[0].with_part(NAME, tuple(power.number for power in POWERS[: FIVE - 1]))
    ready = replace(ready, players=(routed, *ready.players[1:]), nobles=(first, second, None))
    said = explain_move(ready, 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert said.endswith(
        ", a coat of arms on the route's power 4 (5 points) and a noble at once, your choice of 3 first or"
        " 3 second; you reach 15 points, enough to end the game."
    ), said
    short = explain_move(with_player(ready, 0, points=6), 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert "enough to end the game" not in short, short


def test_an_orient_card_s_purchase_is_hinted_by_what_its_marks_give() -> None:
    """``buy b6: it gives you b0*+a 4d 3s 1o and its effect``: the hint named the card
    again instead of what it gives. Each mark now says its gift, after the points."""
    gifts = {
        "*": "the colour and bonus of one of your cards",
        "gg": "a card worth 2 gold when you give it up in a purchase",
        "+a": "a face-up level a card free",
        "+b": "a face-up level b card free",
        "+n": "a noble tile kept for you alone",
    }
    heard: dict[str, tuple[str, GameState, Buy]] = {}
    for seed in range(1, 200):
        state = new_game(2, seed, ("orient",))
        for level, row in zip("abc", state.rows, strict=False):
            for index, card in enumerate(row, 1):
                marks = [mark for mark in gifts if card is not None and mark in (card.mark, f"+{card.extra}")]
                if card is None or card.card_price is not None or all(mark in heard for mark in marks):
                    continue
                rich = with_player(state, 0, tokens=GemCounts([*card.cost[:5], 0]))
                said = explain_move(rich, 0, Buy(Slot(level, index)), Narrator(viewer=0))
                assert "its effect" not in said, said
                heard |= {mark: (said, rich, Buy(Slot(level, index))) for mark in marks}
    assert heard.keys() == gifts.keys(), heard
    for mark, (said, _, _) in heard.items():
        assert gifts[mark] in said, (mark, said)
    said, state, command = heard["*"]
    assert said.endswith(": it gives you the colour and bonus of one of your cards and a face-up level a card free."), (
        said
    )
    with speaking(LANGUAGES["fr"]):
        dit = explain_move(state, 0, command, Narrator(viewer=0))
    assert dit.endswith(" et une carte visible de niveau a gratuite."), dit


def test_the_colour_given_to_an_orient_card_is_hinted_by_the_noble_it_brings() -> None:
    """``colour r: it counts with your rubies, 1 bonus`` was said of a colour that made a
    noble visit: now the hint says so, or names the noble the colour brings nearest, or
    the choice of two it completes at once."""
    from splendor_a11y.domain.notation import COLOURS
    from splendor_a11y.engine.modules.orient.commands import Associate

    state = new_game(2, 3, ("orient",))
    first = Noble(3, GemCounts([3, 3, 0, 0, 0, 0]), "3 first")
    second = Noble(3, GemCounts([3, 0, 3, 0, 0, 0]), "3 second")
    far = Noble(3, GemCounts([0, 0, 0, 4, 4, 0]), "3 far")
    colour = Associate(COLOURS[0])
    named = COLOURS[0].value

    def said(bonuses: list[int], nobles: tuple[Noble | None, ...], french: bool = False) -> str:
        seat = replace(with_player(state, 0, bonuses=GemCounts([*bonuses, 0])), nobles=nobles)
        with speaking(LANGUAGES["fr" if french else "en"]):
            return explain_move(seat, 0, colour, Narrator(viewer=0))

    counts = f"colour {named}: it counts with your diamonds, 1 bonus"
    assert said([2, 3, 0, 0, 0], (first, far, None)) == f"{counts}, and gives you the noble 3 first at once."
    assert said([2, 3, 3, 0, 0], (first, second, far)) == (
        f"{counts}, and gives you a noble at once, your choice of 3 first or 3 second."
    )
    assert said([1, 2, 0, 0, 0], (far, first, None)) == f"{counts}; the noble 3 first is then 2 bonuses away."
    assert said([0, 0, 0, 3, 3], (far, first, None)) == f"{counts}."
    assert said([2, 3, 0, 0, 0], (first, far, None), french=True).endswith(
        ", et vous donne le noble 3 first tout de suite."
    )


def test_keeping_a_noble_is_hinted_by_who_is_nearest_it() -> None:
    """``keep noble 1: the noble 3 4r 4o waits for you alone`` was said of a noble five
    bonuses from the player and two from their opponent: now the hint says whom it is
    kept from, or how near the player is."""
    from splendor_a11y.engine.modules.orient.commands import ReserveNoble

    state = new_game(2, 3, ("orient",))
    noble = state.nobles[0]
    assert noble is not None
    near = GemCounts([max(0, n - 1) for n in noble.requirement[:5]] + [0])
    far = GemCounts([0] * 6)
    taken_from = with_player(with_player(state, 0, bonuses=far), 1, bonuses=near)
    keep = ReserveNoble(1)
    said = explain_move(taken_from, 0, keep, Narrator(viewer=0))
    away = sum(noble.requirement[:5]) - sum(near)
    assert said == f"keep noble 1: the noble {noble.text} waits for you alone; P1 is {away} bonuses from it.", said
    own = with_player(with_player(state, 0, bonuses=near), 1, bonuses=far)
    said = explain_move(own, 0, keep, Narrator(viewer=0))
    assert said == f"keep noble 1: the noble {noble.text} waits for you alone, {away} bonuses away.", said
    with speaking(LANGUAGES["fr"]):
        dit = explain_move(taken_from, 0, keep, Narrator(viewer=0))
    assert dit.endswith(f"n'attend plus que vous ; P1 n'en est qu'à {away} bonus."), dit


def test_the_score_a_purchase_reaches_counts_its_noble_once() -> None:
    """``you reach 17 points`` was said of a purchase that left the player 14 points with
    the noble that visited: the noble was counted twice. When two nobles are met, the
    player chooses one, and its points are counted once as well."""
    state, index, card, first, second = _card_before_two_nobles()
    seat = with_player(state, 0, points=12 - card.points)
    buy = Buy(Slot("a", index))
    for nobles in ((first, None, None), (first, second, None)):
        said = explain_move(replace(seat, nobles=nobles), 0, buy, Narrator(viewer=0))
        assert said.endswith("; you reach 15 points, enough to end the game."), said
