"""Replaying a log as a player would: stepping, jumping, queries at a position, point of
view, the summary, transcripts equal to what the game announced, and damaged files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from splendor_a11y.bots import bot_for
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.domain.notation import COLOURS, DeckTop, GemCounts
from splendor_a11y.engine import (
    CardBought,
    CardReserved,
    GemsTaken,
    Reserve,
    TakeGems,
    TokensReturned,
    deal,
    decide_and_apply,
    evolve,
    view,
)
from splendor_a11y.play.conversation import Channel, SessionIO
from splendor_a11y.play.grammar import Query
from splendor_a11y.play.replay import Replay
from splendor_a11y.play.session import SeatSession
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log, replay

from conftest import Typist, play_through, run_cli, seat_session

HEADER = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben", "bot", "easy")), (), 11)


class Recorder:
    """A SessionIO whose human plays the easy bot's choices, recording every announcement."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, Channel]] = []
        self.session: SeatSession | None = None

    def read_line(self, prompt: str) -> str | None:
        assert self.session is not None
        state = self.session.state
        seed = f"human:{self.session.table.events_so_far}"
        return str(bot_for("easy")(view(state, state.current), random.Random(seed)))

    def announce(self, line: str, channel: Channel) -> None:
        self.lines.append((line, channel))


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A whole game played through the real session and logged; the event lines announced."""
    path = tmp_path_factory.mktemp("replay") / "game.jsonl"
    recorder = Recorder()
    writer = LogWriter.create(path, HEADER)
    session = seat_session(HEADER, writer, SessionIO(recorder.read_line, recorder.announce))
    recorder.session = session
    play_through(session, (deal(2, random.Random(HEADER.seed), standard_cards()),))
    writer.close()
    assert session.state.is_over
    return path, [line for line, channel in recorder.lines if channel is Channel.EVENT]


def open_replay(path: Path, viewer: int | None = None) -> Replay:
    log = read_log(path)
    return Replay(log, replay(log), Typist().io(), viewer)


def test_transcript_as_the_player_is_what_the_game_announced(played: tuple[Path, list[str]]) -> None:
    path, announced = played
    result = run_cli("replay", str(path), "--transcript", "--as", "ana")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(": ", 1)[1] for line in lines[1:]] == announced[1:]
    assert announced[0] == lines[0].split(": ", 1)[1] + " Type help for the commands.", "only the game invites help"
    assert lines[0].startswith("Deal: ") and lines[1].startswith("Turn 1: ")
    assert lines[-1].startswith("End: The game is over.")
    assert lines[-2].split(": ", 1)[0] == f"Turn {replay(read_log(path))[-1].turn}"


def test_stepping_forward_and_back_tells_each_event_and_tracks_the_position(played: tuple[Path, list[str]]) -> None:
    path, announced = played
    states = replay(read_log(path))
    r = open_replay(path, viewer=0)
    assert r.position == 1 and r.state == states[1]
    forward = [r.forward()[0] for _ in range(6)]
    assert [line.split(": ", 1)[1] for line in forward] == announced[1:7]
    assert r.position == 7 and r.state == states[7]
    assert r.back() == [f"Back before: {forward[-1]}"]
    assert r.position == 6 and r.state == states[6]
    assert r.forward() == [forward[-1]]
    while r.position < r.end:
        r.forward()
    assert r.forward() == ["This is the end of the log: the game is over."]
    assert r.where() == f"The end, after event {len(states) - 1}: the game is over."


def test_turn_n_is_the_position_reached_by_stepping(played: tuple[Path, list[str]]) -> None:
    path, _ = played
    states = replay(read_log(path))
    stepped = open_replay(path)
    turn_starts = {1: 1}
    while stepped.position < stepped.end:
        stepped.forward()
        turn = stepped.state.turn + 1
        turn_starts.setdefault(turn, stepped.position)
    jumped = open_replay(path)
    for turn in (1, 2, 7, 12, 20):
        line = jumped.to_turn(turn)[0]
        assert jumped.position == turn_starts[turn]
        assert jumped.state == states[turn_starts[turn]]
        assert line.startswith(f"Turn {turn}, round {(turn - 1) // 2 + 1},")
    jumped.to_round(4)
    assert jumped.state.turn == 6 and jumped.position == turn_starts[7]
    assert jumped.to_turn(999)[0].startswith("There is no turn 999: this log has turns 1 to ")


def test_next_and_previous_turn_move_by_whole_turns(played: tuple[Path, list[str]]) -> None:
    path, _ = played
    r = open_replay(path)
    r.to_turn(5)
    lines = r.forward_turn()
    assert all(line.startswith("Turn 5: ") for line in lines) and r.state.turn == 5
    r.forward_turn()
    r.back_turn()
    assert r.state.turn == 5 and r.states[r.position - 1].turn == 4


def test_queries_answer_for_the_position_reached(played: tuple[Path, list[str]]) -> None:
    path, _ = played
    states = replay(read_log(path))
    r = open_replay(path)
    r.to_turn(12)
    ben = states[r.position].players[1]
    status = r.answer_lines(Query("me", "ben"))[0]
    assert status.startswith(f"Ben: {ben.points} point") and f"({ben.token_count})" in status
    supply = r.answer_lines(Query("supply"))[0]
    assert supply == f"Supply: {states[r.position].supply}."
    assert r.answer_lines(Query("afford", "ben"))[0].startswith(("Ben can buy", "Ben cannot afford"))
    assert r.answer_lines(Query("me", "zed"))[0] == "There is no player called zed; the players are Ana and Ben."
    r.jump(1)
    assert r.answer_lines(Query("supply"))[0] == f"Supply: {states[1].supply}."


def test_the_help_says_whose_me_is_when_nobody_is_you(played: tuple[Path, list[str]]) -> None:
    """Told to nobody, ``me`` tells of the player whose turn it is, and the help says so;
    told as a player, it is theirs."""
    path, _ = played
    to_nobody = open_replay(path).answer_lines(Query("help"))
    assert (
        "me | me Ben: the points, tokens, bonuses, hand and nobles of the player whose turn it is, "
        "or of another player named." in to_nobody
    )
    assert not any(line.startswith("hint:") for line in to_nobody)
    assert any(
        line.startswith(
            "look b2 | b2 | h1: describe one card in words, and what it would cost the player whose turn it is"
        )
        for line in to_nobody
    )
    as_ana = open_replay(path, 0).answer_lines(Query("help"))
    assert "me | me Ben: your points, tokens, bonuses, hand and nobles, or another player's." in as_ana
    assert (
        open_replay(path)
        .answer_lines(Query("help", "hand"))[0]
        .startswith("hand: the reserved cards of the player whose turn it is")
    )


def test_a_card_looked_at_says_what_it_takes_from_the_player_to_move_when_nobody_is_you(
    played: tuple[Path, list[str]],
) -> None:
    """Told to nobody, ``look`` says what the card would take from the player whose turn
    it is, by name: "You need 3d more" was said to nobody in particular. Told as Ana, it
    is what the card would take from her, whoever's turn it is."""
    path, _ = played
    for viewer in (None, 0):
        r = open_replay(path, viewer)
        r.to_turn(12)
        mover = r.state.players[r.state.current].name
        looks = [r.answer_lines(Query("look", f"{level}{index}"))[0] for level in "abc" for index in range(1, 5)]
        told = [look.split(". ", 1)[1] for look in looks if ". " in look]
        assert told, looks
        if viewer is None:
            assert all(line.startswith((f"{mover} can buy", f"{mover} needs")) for line in told), told
        else:
            assert all(line.startswith(("You can buy", "You need")) for line in told), told


def blind_reserve_log(path: Path) -> Path:
    """Ana takes gems, then Ben reserves the top of deck b blind."""
    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben")), (), 5)
    state = header.new_state()
    setup = deal(2, random.Random(5), standard_cards())
    setup = type(setup)(setup.decks, setup.nobles, 0)
    with LogWriter.create(path, header) as writer:
        writer.append(setup)
        state = evolve(state, setup)
        for command in (TakeGems(GemCounts.parse("1d 1s 1e")), Reserve(DeckTop("b"))):
            events, state = decide_and_apply(state, command)
            for event in events:
                writer.append(event)
    return path


def test_as_a_player_hides_an_opponents_blind_reservation(tmp_path: Path) -> None:
    path = blind_reserve_log(tmp_path / "blind.jsonl")
    hidden = read_log(path).events[-1]
    assert isinstance(hidden, CardReserved)
    told = run_cli("replay", str(path), "--transcript")
    assert hidden.card.text in told.stdout
    as_ana = run_cli("replay", str(path), "--transcript", "--as", "Ana")
    assert hidden.card.text not in as_ana.stdout
    assert "Turn 2: Ben reserves the top card of deck b and takes 1 gold." in as_ana.stdout
    as_ben = run_cli("replay", str(path), "--transcript", "--as", "Ben")
    assert f"Turn 2: You reserve {hidden.card.text} from the top of deck b" in as_ben.stdout
    r = open_replay(path, viewer=0)
    r.jump(r.end)
    assert "h1 a level b card from the deck" in r.answer_lines(Query("me", "ben"))[0]
    spectator = open_replay(path)
    spectator.jump(spectator.end)
    assert hidden.card.text in spectator.answer_lines(Query("me", "ben"))[0]


def test_the_summary_figures_match_the_log(played: tuple[Path, list[str]]) -> None:
    path, _ = played
    log = read_log(path)
    final = replay(log)[-1]
    result = run_cli("replay", str(path), "--summary")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("The game is over.")
    for seat, player in enumerate(final.players):
        mine = [e for e in log.events if getattr(e, "player", None) == seat]
        noble_points = sum(n.points for n in player.nobles)
        assert (
            f"{player.name}: {player.points} points, {player.points - noble_points} from cards and "
            f"{noble_points} from nobles." in lines
        )
        bought = [e for e in mine if isinstance(e, CardBought)]
        assert len(bought) == len(player.bought)
        levels = {lvl: sum(1 for e in bought if e.card.level == lvl) for lvl in "abc"}
        cards_line = next(line for line in lines if line.startswith(f"{player.name} bought"))
        for lvl, n in levels.items():
            assert (f"{n} of level {lvl}" in cards_line) == bool(n)
        by_colour = GemCounts([sum(1 for c in player.bought if c.bonus is gem) for gem in COLOURS] + [0])
        assert f"cards by colour {by_colour};" in cards_line
        taken = sum(e.gems.total for e in mine if isinstance(e, GemsTaken))
        taken += sum(e.gold for e in mine if isinstance(e, CardReserved))
        assert any(line.startswith(f"{player.name} took {taken} tokens") for line in lines)
        returned = sum(e.gems.total for e in mine if isinstance(e, TokensReturned))
        assert returned == 0 or any(f"{player.name} took" in line and "returned nothing" not in line for line in lines)
    winner = final.players[final.winners[0]]
    crossing = next(line for line in lines if line.startswith(f"{winner.name} reached"))
    assert f"15 points in round {final.round}" in crossing or f"15 points in round {final.round - 1}" in crossing


def test_milestone_round_is_when_the_points_were_reached(played: tuple[Path, list[str]]) -> None:
    """The summary says the round in which a player reached 5, 10 and 15 points: it said
    the turn, counting every player's, so that ``turn 58`` of a game of three was the
    player's twentieth turn."""
    from splendor_a11y.record import walk
    from splendor_a11y.text.narrator import Narrator
    from splendor_a11y.text.summary import Summary

    log = read_log(path := played[0])
    states = replay(log)
    summary = Summary(Narrator())
    walk(log, (summary,))
    assert any(story.reached for story in summary.stories)
    for seat in range(2):
        for mark, round_ in summary.stories[seat].reached.items():
            first = next(i for i in range(len(log.events)) if states[i + 1].players[seat].points >= mark)
            assert states[first].round == round_ and states[first].players[seat].points < mark
            assert round_ == states[first].turn // 2 + 1
    assert path.exists()


def test_the_replay_prompt_end_to_end(played: tuple[Path, list[str]]) -> None:
    path, _ = played
    result = run_cli(
        "replay", str(path), stdin="where\nnext\nprevious\nturn 3\nround x\ntake ser\ne s r\nsummary\nquit\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0].startswith(f"Replay of {path}. Players: Ana and Ben (computer, easy). The game is over after ")
    assert out[1] == "You hear everything, including cards reserved blind from a deck."
    assert any(line.startswith("The deal. Level c: c1 ") for line in out)
    assert "Turn 1, round 1, event 1 of" in result.stdout
    assert "Say which round by its number, for example round 3." in out
    assert out.count("This is a replay, so moves cannot be played. Type next to hear the next event, or help.") == 2
    assert out[-1] == "End of the replay."


def test_a_log_being_written_can_be_replayed(tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben")), (), 3)
    writer = LogWriter.create(path, header)
    try:
        setup = deal(2, random.Random(3), standard_cards())
        writer.append(setup)
        state = evolve(header.new_state(), setup)
        events, state = decide_and_apply(state, TakeGems(GemCounts.parse("1d 1s 1e")))
        writer.append(events[0])
        with path.open("ab") as handle:
            handle.write(b'{"seq": 3, "event": "gems_ta')  # a line being written
        result = run_cli("replay", str(path), "--transcript")
        assert result.returncode == 0
        assert len(result.stdout.splitlines()) == 2 and "takes 1d 1s 1e" in result.stdout
        assert run_cli("replay", str(path), "--summary").stdout.startswith("The game is not finished: after 1 turn")
    finally:
        writer.close()


def damage(path: Path, source: Path, at: int, line: str) -> list[str]:
    lines = source.read_text(encoding="utf-8").splitlines()
    lines[at] = line
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def test_an_illegal_event_stops_the_replay_at_the_last_good_event(
    played: tuple[Path, list[str]], tmp_path: Path
) -> None:
    path = tmp_path / "bad.jsonl"
    lines = damage(path, played[0], 6, "")
    bad = json.loads(played[0].read_text(encoding="utf-8").splitlines()[6])
    bad["player"] = 1 - bad["player"]
    damage(path, played[0], 6, json.dumps(bad))
    verify = run_cli("replay", str(path), "--verify")
    assert verify.returncode == 1 and f"{path}: line 7 breaks a rule: " in verify.stderr
    assert len(verify.stderr.strip().splitlines()) == 1
    told = run_cli("replay", str(path), "--transcript")
    assert told.returncode == 1 and len(told.stdout.splitlines()) == 5
    assert told.stderr.startswith(f"The replay stops at event 5, before line 7: {path}: line 7 breaks a rule")
    stepped = run_cli("replay", str(path), stdin="end\nwhere\nnext\n")
    assert stepped.returncode == 1
    assert "After event 5, the last good one: the log is damaged after it." in stepped.stdout
    assert stepped.stdout.count("The replay stops at event 5, before line 7") == 2
    assert "Traceback" not in stepped.stderr + told.stderr and len(lines) > 7


def test_a_line_that_is_not_json_is_refused_with_its_number_but_can_be_stepped_to(
    played: tuple[Path, list[str]], tmp_path: Path
) -> None:
    path = tmp_path / "garbled.jsonl"
    damage(path, played[0], 10, "{not json")
    told = run_cli("replay", str(path), "--transcript")
    assert told.returncode == 1 and len(told.stdout.splitlines()) == 9
    assert "line 11: the line is not valid JSON" in told.stderr
    verify = run_cli("replay", str(path), "--verify")
    assert verify.returncode == 1 and verify.stderr.strip() == f"{path}: line 11: the line is not valid JSON."


def test_a_newer_log_and_an_unknown_player_are_refused_in_one_sentence(
    played: tuple[Path, list[str]], tmp_path: Path
) -> None:
    path = tmp_path / "newer.jsonl"
    header = json.loads(played[0].read_text(encoding="utf-8").splitlines()[0])
    header["version"] = 2
    damage(path, played[0], 0, json.dumps(header))
    result = run_cli("replay", str(path))
    assert result.returncode == 1 and "format version 2, from a newer splendor-a11y" in result.stderr
    unknown = run_cli("replay", str(played[0]), "--as", "Zed")
    assert unknown.returncode == 2
    assert unknown.stderr.strip() == "There is no player Zed in this log; the players are Ana, Ben."


def test_repeat_says_again_where_a_jump_arrived(played: tuple[Path, list[str]]) -> None:
    path, _ = played
    result = run_cli("replay", str(path), stdin="next\nturn 7\nsupply\nrepeat\nquit\n")
    lines = result.stdout.splitlines()
    arrived = next(line for line in lines if line.startswith("Turn 7, round 4,"))
    assert lines[lines.index(arrived) + 2] == arrived
