"""How good a position is for one player, in prestige points: the medium and hard bots'
shared judgement.

Points count in full; bonuses, tokens, nearly affordable cards and progress toward
nobles count as fractions of a point, because they turn into points later. A position
is judged relative to the best opponent, so taking a card someone else wanted counts.
The weights were tuned by playing the bots against each other (``benchmarks/bots.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from splendor_a11y.domain.cards import Card, Noble
from splendor_a11y.domain.notation import packed_holding, packed_shortfall
from splendor_a11y.engine import GameState, Module, PlayerState, bonuses_missing, face_up_slots, gems_missing

__all__ = [
    "WIN",
    "best_opponent",
    "evaluate",
    "holding",
    "holding_worth",
    "positions_judged",
    "reach_gap",
    "relative",
]

WIN = 1000.0
"""A won game outweighs anything else; a lost one is as bad."""

BONUS_EARLY, BONUS_LATE = 0.9, 0.3
"""A bonus is worth more while face-up cards worth points still ask for that colour."""
TOKEN, GOLD = 0.08, 0.15
NOBLE_CLOSENESS = (1.0, 0.45, 0.25, 0.12, 0.05)
REACH_DECAY = (0.55, 0.33, 0.2, 0.11, 0.05)
"""A card's worth, as a share of its value, when 0, 1, 2, 3 or 4 gems away."""
REACH_BONUS = 0.9
REACH_WEIGHTS = (1.0, 0.5, 0.25)
HAND_CLUTTER = 0.3
"""A reserved card blocks a hand slot."""


def reach_gap(card: Card, player: PlayerState, modules: tuple[Module, ...] = ()) -> int:
    """How far a card is out of the player's reach, in gems: those missing once bonuses,
    tokens and gold are counted, or as the module that prices it its own way reckons it
    (``Module.reach``: a card paid by discarding cards)."""
    for module in modules:
        gap = module.reach(card)
        if gap is not None:
            return gap(player)
    return gems_missing(card, player)


def _noble_value(nobles: tuple[Noble | None, ...], bonuses: tuple[int, ...]) -> float:
    value = 0.0
    for noble in nobles:
        if noble is None:
            continue
        missing = bonuses_missing(noble, bonuses)
        if missing < len(NOBLE_CLOSENESS):
            value += noble.points * NOBLE_CLOSENESS[missing] * 0.5
    return value


def _demand(state: GameState) -> list[int]:
    """Per colour, the most any face-up card worth points costs: bonuses beyond that buy
    nothing on the table now."""
    return _board(state.rows, state.modules).demand


_Entry = tuple[int, "Callable[[PlayerState], int] | None", float]
"""A card as ``_reach_value`` reads it: packed cost, a module's reckoning, worth."""


@dataclass(frozen=True, slots=True)
class _Board:
    """What the judgement asks of the face-up cards, worked out once for each set of rows:
    the board's demand (``_demand``), and each card's packed cost, the reckoning of its
    gap when a module prices it its own way, and its worth within reach (points and
    ``REACH_BONUS``). A search judges many positions on
    the same rows, since taking gems leaves them as they are."""

    rows: tuple[tuple[Card | None, ...], ...]
    demand: list[int]
    cards: tuple[_Entry, ...]


BOARDS_KEPT = 1024
"""How many sets of rows are kept worked out before starting again."""


class _Kept(threading.local):
    """What a thread has worked out and keeps: the boards, the holdings' shortfalls and
    the judged positions. Each thread keeps its own, so that bots thinking at once in
    several threads share no state."""

    def __init__(self) -> None:
        self.boards: dict[int, _Board] = {}
        self.shortfalls: dict[int, dict[int, int]] = {}
        """For a packed holding, the gems it lacks of each packed cost asked of it."""
        self.positions: dict[tuple[int, int, int, int], tuple[PlayerState, object, object, object, float]] = {}
        self.open_cards: dict[tuple[int, int, int], tuple[object, object, tuple[_Entry, ...]]] = {}
        """For the modules' parts, the rows and a seat, the face-up cards open to the seat."""
        self.judged = 0
        """How many positions this thread has been asked to judge (``positions_judged``)."""


_KEPT = _Kept()


def _board(rows: tuple[tuple[Card | None, ...], ...], modules: tuple[Module, ...]) -> _Board:
    """The rows worked out (``_Board``), found by identity: the rows object is kept with
    the answer, so that no other can take its place."""
    boards = _KEPT.boards
    board = boards.get(id(rows))
    if board is not None and board.rows is rows:
        return board
    demand = [0] * 5
    cards = []
    for row in rows:
        for card in row:
            if card is None:
                continue
            cards.append(_reach_entry(card, modules))
            if card.points:
                cost = card.cost
                for i in range(5):
                    if cost[i] > demand[i]:
                        demand[i] = cost[i]
    board = _Board(rows, demand, tuple(cards))
    if len(boards) >= BOARDS_KEPT:
        boards.clear()
    boards[id(rows)] = board
    return board


def _reach_entry(card: Card, modules: tuple[Module, ...]) -> _Entry:
    """What ``_reach_value`` asks of a card: its packed cost, how a module reckons its
    gap (None: by its cost), and its worth. With no module to ask, at once: this is asked
    of every card held in a hand, at every position a search judges."""
    if not modules:
        return card.packed_cost, None, card.points + REACH_BONUS
    gap = next((found for module in modules if (found := module.reach(card)) is not None), None)
    return card.packed_cost, gap, card.points + REACH_BONUS


def _bonus_value(bonuses: tuple[int, ...], demand: list[int]) -> float:
    value = 0.0
    for i in range(5):
        n = bonuses[i]
        early = min(n, demand[i])
        value += early * BONUS_EARLY + (n - early) * BONUS_LATE
    return value


HOLDINGS_KEPT = 4096
"""How many holdings' shortfalls are kept before starting again."""


OPEN_CARDS_KEPT = 4096
"""How many seats' sets of open cards are kept before starting again."""


def _open_cards(state: GameState, seat: int) -> tuple[_Entry, ...]:
    """The face-up cards as ``_reach_value`` reads them, less those another player's
    pieces keep from the seat (``GameState.kept_from``: a module's pieces on a card).
    Counted, such a card made the tokens taken towards it look well spent while they
    bought nothing. (It was not what made the hard bot give back 3.7 tokens a game with
    two modules: docs/bot-lab.md.) Worked out once for each set of modules' parts,
    rows and seat: the parts stay the same object while nothing of a module's moves.
    The slots the cards lie in are asked for only here, where something may be kept:
    worked out with every new board, they made base games' judgement about a tenth
    slower (a profile of one game of the fixed thought against medium: 8.6 s, then
    9.3 s), and a timed bot judged that many fewer positions in its second."""
    board = _board(state.rows, state.modules)
    parts = state.parts
    if not parts:
        return board.cards
    key = (id(parts), id(state.rows), seat)
    kept = _KEPT.open_cards.get(key)
    if kept is not None and kept[0] is parts and kept[1] is state.rows:
        return kept[2]
    slots = face_up_slots(state)
    cards = tuple(entry for entry, slot in zip(board.cards, slots, strict=True) if state.kept_from(slot, seat) is None)
    if len(_KEPT.open_cards) >= OPEN_CARDS_KEPT:
        _KEPT.open_cards.clear()
    _KEPT.open_cards[key] = (parts, state.rows, cards)
    return cards


def _reach_value(state: GameState, player: PlayerState, seat: int) -> float:
    """The best few cards within a few gems, each worth a share of its value by how far
    it is. What the player has of each colour is counted once for all the cards, and the
    gems a holding lacks for a cost are kept (``_Kept.shortfalls``): this runs for every seat
    of every position a search looks at, most of them holding what they held a move ago.
    A face-up card kept from the seat is out of its reach (``_open_cards``)."""
    held = packed_holding(player.bonuses, player.tokens)
    gold = player.tokens[5]
    reach = len(REACH_DECAY)
    best: list[float] = []
    shortfalls = _KEPT.shortfalls
    lacking = shortfalls.get(held)
    if lacking is None:
        if len(shortfalls) >= HOLDINGS_KEPT:
            shortfalls.clear()
        lacking = shortfalls[held] = {}
    modules = state.modules
    cards = _open_cards(state, seat)
    if player.reserved:
        cards += tuple(
            _reach_entry(held_card.card, modules) for held_card in player.reserved if held_card.card is not None
        )
    for cost, reckoned, worth in cards:
        if reckoned is None:
            short = lacking.get(cost)
            if short is None:
                short = lacking[cost] = packed_shortfall(held, cost)
            gap = short - gold if short > gold else 0
        else:
            gap = reckoned(player)
        if gap < reach:
            best.append(worth * REACH_DECAY[gap])
    best.sort(reverse=True)
    return sum(w * v for w, v in zip(REACH_WEIGHTS, best, strict=False))


POSITIONS_KEPT = 4096
"""How many players' judged positions are kept before starting again."""


def evaluate(state: GameState, seat: int, demand: list[int] | None = None) -> float:
    """One player's position in points and fractions of points (``demand``: the board's,
    when the caller has it already).

    A position is judged once and the answer kept, found by identity: a player's state,
    the rows, the nobles and the modules' parts stay the same objects while other players
    move, and a search judges every seat after each move it imagines, so most seats'
    answers are asked for again unchanged. The objects are kept with the answer so that
    no other can take their place."""
    _KEPT.judged += 1
    if state.is_over:
        return WIN if seat in state.winners else -WIN
    player = state.players[seat]
    rows, nobles, parts = state.rows, state.nobles, state.parts
    key = (id(player), id(rows), id(nobles), id(parts))
    positions = _KEPT.positions
    kept = positions.get(key)
    if kept is not None and kept[0] is player and kept[1] is rows and kept[2] is nobles and kept[3] is parts:
        return kept[4]
    value = _judged(state, seat, player, demand)
    if len(positions) >= POSITIONS_KEPT:
        positions.clear()
    positions[key] = (player, rows, nobles, parts, value)
    return value


def positions_judged() -> int:
    """How many positions this thread has been asked to judge so far, those it found kept
    as well: the work a bot's thought has done, the same on any machine and whatever the
    thread had judged before, which the fixed thought's clock counts (``clock.Judgements``)."""
    return _KEPT.judged


def _judged(state: GameState, seat: int, player: PlayerState, demand: list[int] | None) -> float:
    """``evaluate``, worked out."""
    tokens = player.tokens
    modules = state.modules
    return (
        (sum(module.worth(state, seat) for module in modules) if modules else 0.0)
        + player.points
        + _bonus_value(player.bonuses, demand if demand is not None else _demand(state))
        + TOKEN * (tokens[0] + tokens[1] + tokens[2] + tokens[3] + tokens[4])
        + GOLD * tokens[5]
        + _noble_value(state.noble_options(seat), player.bonuses)
        + _reach_value(state, player, seat)
        - _hand_cost(player)
    )


def holding(state: GameState, player: PlayerState) -> tuple[int, int, float]:
    """What of ``evaluate`` the tokens of ``player`` (the seat to move) change: the
    coloured tokens, the gold, and the worth of the cards they bring within reach. Two
    ways of giving tokens back that leave the same holding are judged the same, to the
    last digit."""
    tokens = player.tokens
    return (
        tokens[0] + tokens[1] + tokens[2] + tokens[3] + tokens[4],
        tokens[5],
        _reach_value(state, player, state.current),
    )


def holding_worth(held: tuple[int, int, float]) -> float:
    """A ``holding``'s share of the position's worth."""
    coloured, gold, reach = held
    return TOKEN * coloured + GOLD * gold + reach


def _hand_cost(player: PlayerState) -> float:
    return HAND_CLUTTER * len(player.reserved)


def relative(state: GameState, seat: int) -> float:
    """The player's position less the best opponent's."""
    if state.is_over:
        return evaluate(state, seat)
    demand = _demand(state)
    return evaluate(state, seat, demand) - best_opponent(state, seat, demand)


def best_opponent(state: GameState, seat: int, demand: list[int] | None = None) -> float:
    """The strongest opponent's position, the game not over (``demand``: as ``evaluate``)."""
    demand = demand if demand is not None else _demand(state)
    return max(evaluate(state, other, demand) for other in range(len(state.players)) if other != seat)
