"""A whole game's figures in plain sentences: the result, then each player's story.

Pure: computed from the log's events and the states they lead to, so the summary of a
replay and of a live game are the same. No table characters: every line reads aloud.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from splendor_a11y.domain.notation import LEVELS, GemCounts, HandSlot
from splendor_a11y.engine import (
    CardBought,
    CardReserved,
    Event,
    GameState,
    GemsTaken,
    HintAsked,
    PlayerState,
    SeatEvent,
    TokensReturned,
)
from splendor_a11y.record import LogError, Visitor
from splendor_a11y.text.messages import join_words, plural, text
from splendor_a11y.text.narrator import Narrator

__all__ = ["MILESTONES", "Summary", "game_summary"]

MILESTONES = (5, 10, 15)


@dataclass(slots=True)
class _Story:
    """What one player did, gathered event by event."""

    reserved: int = 0
    from_hand: int = 0
    taken: GemCounts = field(default_factory=GemCounts)
    returned: GemCounts = field(default_factory=GemCounts)
    hints: int = 0
    reached: dict[int, int] = field(default_factory=dict)
    """For 5, 10 and 15 points: the round in which the player first had them (the
    turn's number counted every player's turns, so that a player at ``turn 58`` of a
    game of three had played 20 turns; a round is what players count)."""


class Summary(Visitor):
    """The result and tie-break (or the scores so far), then each player's figures, from
    one walk over the log's events."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.stories: list[_Story] = []
        self.lines: list[str] = []

    def start(self, state: GameState) -> None:
        self.stories = [_Story() for _ in state.players]

    def event(self, index: int, event: Event, before: GameState, after: GameState) -> None:
        for seat, story in enumerate(self.stories):
            points = after.players[seat].points
            for mark in MILESTONES:
                if mark not in story.reached and points >= mark:
                    story.reached[mark] = before.round
        if isinstance(event, SeatEvent):
            _note(self.stories[event.player], event)

    def end(self, final: GameState, stopped: LogError | None) -> None:
        narrator = self.narrator
        if final.is_over:
            self.lines = [narrator.result(final)]
        else:
            scores = join_words(
                [
                    text("score", name=narrator.name_in_sentence(seat, final), points=narrator.points(p.points))
                    for seat, p in enumerate(final.players)
                ]
            )
            turns = plural(final.turn, "replay.turns")
            self.lines = [text("summary.not_over", turns=turns, scores=scores)]
        for seat, story in enumerate(self.stories):
            self.lines += _player_lines(final, seat, story, narrator)


def _note(story: _Story, event: SeatEvent) -> None:
    """One of the player's own events, counted."""
    if isinstance(event, CardReserved):
        story.reserved += 1
        story.taken = story.taken.plus(GemCounts.of(g=event.gold)) if event.gold else story.taken
    elif isinstance(event, CardBought) and isinstance(event.source, HandSlot):
        story.from_hand += 1
    elif isinstance(event, GemsTaken):
        story.taken = story.taken.plus(event.gems)
    elif isinstance(event, TokensReturned):
        story.returned = story.returned.plus(event.gems)
    elif isinstance(event, HintAsked):
        story.hints += 1


def _told(narrator: Narrator, seat: int, final: GameState) -> Callable[..., str]:
    """A summary sentence about one player: the ``.you`` form for the listener (``--as``),
    else the ``.other`` form, by name."""

    def say(key: str, **fields: object) -> str:
        return narrator.told(key, seat, final, **fields)

    return say


def _card_lines(final: GameState, seat: int, narrator: Narrator) -> list[str]:
    player = final.players[seat]
    say = _told(narrator, seat, final)
    if not player.bought:
        return [say("summary.cards.none")]
    per_level = Counter(card.level for card in player.bought)
    levels = join_words([text("summary.level", n=per_level[lvl], level=lvl) for lvl in LEVELS if per_level[lvl]])
    colours = [0] * 6
    uncoloured = 0
    for card in player.bought:
        gem = final.colour_of(player, card)[0]
        if gem is None:
            uncoloured += 1
        else:
            colours[gem.order] += 1
    return [
        say(
            "summary.cards",
            count=plural(len(player.bought), "summary.card"),
            levels=levels,
            colours=narrator.gems(GemCounts(colours)),
            bonuses=narrator.gems(player.bonuses),
        )
        + (text("summary.uncoloured", count=uncoloured) if uncoloured else "")
    ]


def _points_line(final: GameState, player: PlayerState, narrator: Narrator, say: Callable[..., str]) -> str:
    """Where a player's points came from: cards, nobles, and what each module gave."""
    noble_points = sum(n.points for n in player.nobles)
    card_points = sum(card.points for card in player.bought)
    scored = [
        text(f"summary.{module.name}", count=given)
        for module in final.modules
        if (given := module.points_given(player))
    ]
    if not scored:
        return say(
            "summary.player", points=narrator.points(player.points), from_cards=card_points, from_nobles=noble_points
        )
    parts = [text("summary.from_cards", count=card_points), text("summary.from_nobles", count=noble_points), *scored]
    return say("summary.player.parts", points=narrator.points(player.points), parts=join_words(parts))


def _player_lines(final: GameState, seat: int, story: _Story, narrator: Narrator) -> list[str]:
    player = final.players[seat]
    say = _told(narrator, seat, final)
    lines = [_points_line(final, player, narrator, say)]
    lines += _card_lines(final, seat, narrator)
    if player.nobles:
        lines.append(say("summary.nobles", nobles=join_words([narrator.noble(n) for n in player.nobles])))
    else:
        lines.append(say("summary.nobles.none"))
    if story.reserved:
        lines.append(say("summary.reserves", bought=story.from_hand, reserved=plural(story.reserved, "summary.card")))
    else:
        lines.append(say("summary.reserves.none"))
    lines.append(
        say(
            "summary.tokens",
            count=plural(story.taken.total, "tokens.count"),
            gems=narrator.gems(story.taken),
            returned=narrator.gems(story.returned),
        )
    )
    lines += _milestones(say, story)
    if story.hints:
        lines.append(say("summary.hints", hints=plural(story.hints, "summary.hint")))
    return lines


def _milestones(say: Callable[..., str], story: _Story) -> list[str]:
    if not story.reached:
        return [say("summary.milestones.none")]
    steps = [text("summary.milestone", points=mark, round=round_) for mark, round_ in story.reached.items()]
    return [say("summary.milestones", steps=join_words(steps))]


def game_summary(events: Sequence[Event], states: Sequence[GameState], narrator: Narrator) -> list[str]:
    """The summary of events already walked (``states``: before and after each event,
    ``len(events) + 1`` of them), as the ``Summary`` visitor makes it."""
    summary = Summary(narrator)
    summary.start(states[0])
    for index, (event, before, after) in enumerate(zip(events, states, states[1:], strict=False)):
        summary.event(index, event, before, after)
    summary.end(states[-1], None)
    return summary.lines
