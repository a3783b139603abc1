"""A whole game's figures in plain sentences: the result, then each player's story.

Pure: computed from the log's events and the states they lead to, so the summary of a
replay and of a live game are the same. No table characters: every line reads aloud.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from splendor_a11y.domain.notation import LEVELS, GemCounts
from splendor_a11y.engine import CardBought, CardReserved, Event, GameState, GemsTaken, HintAsked, TokensReturned
from splendor_a11y.text.messages import join_words, plural, text
from splendor_a11y.text.narrator import Narrator

__all__ = ["MILESTONES", "game_summary", "milestone_turns"]

MILESTONES = (5, 10, 15)


def turn_of(states: Sequence[GameState], index: int) -> int:
    """The turn (from 1) that event ``index`` belongs to."""
    return states[index].turn + 1


def milestone_turns(events: Sequence[Event], states: Sequence[GameState], seat: int) -> dict[int, int]:
    """For 5, 10 and 15 points: the turn on which the player first had them."""
    reached: dict[int, int] = {}
    for index in range(len(events)):
        points = states[index + 1].players[seat].points
        for mark in MILESTONES:
            if mark not in reached and points >= mark:
                reached[mark] = turn_of(states, index)
    return reached


def _total(counts: Sequence[GemCounts]) -> GemCounts:
    result = GemCounts()
    for c in counts:
        result = result.plus(c)
    return result


def _player_lines(events: Sequence[Event], states: Sequence[GameState], seat: int, narrator: Narrator) -> list[str]:
    final = states[-1].players[seat]
    name = final.name
    noble_points = sum(n.points for n in final.nobles)
    lines = [text("summary.player", name=name, points=narrator.points(final.points),
                  from_cards=final.points - noble_points, from_nobles=noble_points)]
    if final.bought:
        per_level = Counter(card.level for card in final.bought)
        levels = join_words([text("summary.level", n=per_level[lvl], level=lvl) for lvl in LEVELS if per_level[lvl]])
        colours = [0] * 6
        for card in final.bought:
            gem = states[-1].colour_of(final, card)[0]
            if gem is not None:
                colours[gem.order] += 1
        uncoloured = sum(1 for card in final.bought if states[-1].colour_of(final, card)[0] is None)
        lines.append(text("summary.cards", name=name, count=plural(len(final.bought), "summary.card.one",
                                                                    "summary.card.many"),
                          levels=levels, colours=narrator.gems(GemCounts(colours)),
                          bonuses=narrator.gems(final.bonuses))
                     + (text("summary.uncoloured", count=uncoloured) if uncoloured else ""))
    else:
        lines.append(text("summary.cards.none", name=name))
    if final.nobles:
        lines.append(text("summary.nobles", name=name, nobles=join_words([n.text for n in final.nobles])))
    else:
        lines.append(text("summary.nobles.none", name=name))
    mine = [e for e in events if getattr(e, "player", None) == seat]
    reserved = sum(1 for e in mine if isinstance(e, CardReserved))
    from_hand = sum(1 for e in mine if isinstance(e, CardBought) and e.source.startswith("h"))
    if reserved:
        lines.append(text("summary.reserves", name=name, bought=from_hand,
                          reserved=plural(reserved, "summary.card.one", "summary.card.many")))
    else:
        lines.append(text("summary.reserves.none", name=name))
    taken = _total([e.gems for e in mine if isinstance(e, GemsTaken)])
    gold = sum(e.gold for e in mine if isinstance(e, CardReserved))
    taken = taken.plus(GemCounts.of(g=gold)) if gold else taken
    returned = _total([e.gems for e in mine if isinstance(e, TokensReturned)])
    lines.append(text("summary.tokens", name=name, count=taken.total, gems=narrator.gems(taken),
                      returned=narrator.gems(returned)))
    reached = milestone_turns(events, states, seat)
    if reached:
        steps = [text("summary.milestone", points=mark, turn=turn) for mark, turn in reached.items()]
        lines.append(text("summary.milestones", name=name, steps=join_words(steps)))
    else:
        lines.append(text("summary.milestones.none", name=name))
    hints = sum(1 for e in mine if isinstance(e, HintAsked))
    if hints:
        lines.append(text("summary.hints", name=name, hints=plural(hints, "summary.hint.one", "summary.hint.many")))
    return lines


def game_summary(events: Sequence[Event], states: Sequence[GameState], narrator: Narrator) -> list[str]:
    """The result and tie-break (or the scores so far), then each player's figures.

    ``states`` are the states before and after each event (``len(events) + 1`` of them).
    """
    final = states[-1]
    if final.is_over:
        lines = [narrator.result(final)]
    else:
        scores = ", ".join(text("score", name=p.name, points=narrator.points(p.points)) for p in final.players)
        turns = plural(final.turn, "replay.turns.one", "replay.turns.many")
        lines = [text("summary.not_over", turns=turns, scores=scores)]
    for seat in range(len(final.players)):
        lines += _player_lines(events, states, seat, narrator)
    return lines
