"""Answers to the questions a player may ask at any time: board, rows, a card, nobles,
the supply, anyone's status, what they can afford. Pure, and never changes the game.
"""

from __future__ import annotations

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import LEVELS, DeckTop, HandSlot, Slot
from splendor_a11y.engine import GameState, Module, gems_uncovered, needed, price, shortfall
from splendor_a11y.text.describe import card_sentence
from splendor_a11y.text.messages import join_words, plural, separated, text
from splendor_a11y.text.narrator import Narrator, Verbosity

__all__ = ["Answers"]


class Answers:
    """Query answers for one listener, in their verbosity."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    def row(self, state: GameState, level: str) -> str:
        """One level's face-up cards, one per slot, and what is left in its deck."""
        index = LEVELS.index(level)
        slots = [
            self._slot(state, Slot(level, i + 1), card)
            if card is not None
            else text("query.slot_empty", place=f"{level}{i + 1}")
            for i, card in enumerate(state.rows[index])
        ]
        deck = plural(len(state.decks[index]), "query.deck", "query.deck.none")
        line = text("query.row", level=level, slots=separated(slots), deck=deck)
        for module in state.modules:
            if module.deck_word:
                left = plural(len(module.deck(state, level)), "query.deck", "query.deck.none")
                line += text(f"query.{module.deck_word}_deck", level=level, deck=left)
        return line

    def _slot(self, state: GameState, place: Slot, card: Card) -> str:
        key = "query.slot" if self.narrator.verbosity is Verbosity.NOTATION else "query.slot.words"
        return text(key, place=place, card=self.narrator.card_in_row(card)) + self._holders(state, place)

    def board(self, state: GameState) -> list[str]:
        """The three rows from level c down to level a, then the nobles."""
        return [self.row(state, level) for level in reversed(LEVELS)] + [self.nobles(state)]

    def place(self, state: GameState, place: Slot | DeckTop | HandSlot, seat: int) -> str:
        """A card at a slot or in the listener's hand, in words, with what it would cost them."""
        card: Card | None
        if isinstance(place, HandSlot):
            hand = state.players[seat].reserved
            if place.index > len(hand):
                return self.narrator.told(
                    "query.no_hand_card",
                    seat,
                    state,
                    place=str(place),
                    held=self.narrator.hand(len(hand)),
                )
            held = hand[place.index - 1]
            if held.card is None:
                return text("query.card_hidden", place=str(place), level=held.level)
            card = held.card
        elif isinstance(place, Slot):
            slots = len(state.rows[LEVELS.index(place.level)])
            if place.index > slots:
                return text("query.no_slot", place=str(place), slots=slots)
            card = state.card_at(place)
        elif place.word != DeckTop.BASE_WORD and state.deck_module(place.word) is None:
            return text(f"query.no_deck.{place.word}")
        else:
            return self.row(state, place.level)
        if card is None:
            return text("query.card_empty", place=str(place))
        return text(
            "query.card", place=str(place), sentence=card_sentence(card), need=self._need(state, place, card, seat)
        )

    def _need(self, state: GameState, place: Slot | HandSlot, card: Card, seat: int) -> str:
        """What a card at a place would take from a player: whose pieces keep it,
        what it costs them now, or what they lack."""
        owner = state.kept_from(place, seat) if isinstance(place, Slot) else None
        if owner is not None:
            return text("query.need.held", owner=state.players[owner].name)
        held = self._holders(state, place, "query.held_by.look") if isinstance(place, Slot) else ""
        cost = price(state, seat, card)
        if cost is not None:
            return held + text(
                self._whose_need(seat, "can"),
                name=self.narrator.name_in_sentence(seat, state),
                paid=self.narrator.price_words(cost),
            )
        return held + self._short(state, card, seat)

    def _whose_need(self, seat: int, case: str) -> str:
        """The key of what a card takes from the listener (``query.need.you_can``) or, told
        to someone who is not that player (a spectator, a replay told to nobody, a shared
        keyboard), from the player by name: a spectator heard "You need 3d more" of the
        player whose turn it was."""
        return f"query.need.{'you' if self.narrator.is_you(seat) else 'other'}_{case}"

    def _holders(self, state: GameState, place: Slot, key: str = "query.held_by") -> str:
        """``, held by you with 2 ...``: the pieces a module put on a card, by holder."""
        holders = self._holders_words(state, place)
        return text(key, holders=holders) if holders else ""

    def _holders_words(self, state: GameState, place: Slot) -> str:
        """``you with 2 ...``: who has a module's pieces on a card, and how many; or nothing."""
        held = {seat: n for module in state.modules for seat, n in module.pieces(state, place).items()}
        if not held:
            return ""
        return join_words(
            [plural(n, "query.holder", name=self.narrator.name_in_sentence(seat, state)) for seat, n in held.items()]
        )

    def holders_by_slot(self, state: GameState) -> dict[str, str]:
        """Each face-up slot that a module's pieces hold, with who holds it
        (``{"b4": "Ben with 1 ..."}``): for the web page's board, which draws no module's
        pieces itself."""
        slots = (Slot(level, i + 1) for level, row in zip(LEVELS, state.rows, strict=True) for i in range(len(row)))
        said = ((str(place), self._holders_words(state, place)) for place in slots)
        return {place: holders for place, holders in said if holders}

    def _short(self, state: GameState, card: Card, seat: int) -> str:
        """What a player lacks for a card, their gold counted (at what the modules in play
        make it worth)."""
        player = state.players[seat]
        short = shortfall(needed(card.cost, player.bonuses), player.tokens)
        gold = player.tokens[5]
        missing = gems_uncovered(state, seat, card)
        if not missing:
            return ""
        name = self.narrator.name_in_sentence(seat, state)
        if not gold:
            return text(self._whose_need(seat, "cannot"), name=name, short=self.narrator.gems(short))
        return text(
            self._whose_need(seat, "cannot_gold"),
            name=name,
            short=self.narrator.gems(short),
            gold=gold,
            missing=plural(missing, "hint.gems"),
        )

    def nobles(self, state: GameState) -> str:
        """The nobles on the table by number; those taken say so."""
        listed = self.narrator.numbered_nobles(state.nobles)
        said = text("query.nobles", nobles=listed) if listed else text("query.nobles.none")
        for seat, player in enumerate(state.players):
            kept = [noble for module in state.modules for noble in module.own_nobles(player)]
            for key, nobles in (("visited", player.nobles), ("kept", kept)):
                if nobles:
                    said += self.narrator.told(
                        f"query.nobles.{key}",
                        seat,
                        state,
                        nobles=join_words([self.narrator.noble(noble) for noble in nobles]),
                    )
        return said

    def supply(self, state: GameState) -> str:
        """Tokens left in the supply, gold included."""
        return text("query.supply", gems=self.narrator.tokens(state.supply))

    def module_answer(self, state: GameState, module: Module, seat: int, question: str) -> list[str]:
        """A module's own question answered for a seat, a line a phrase."""
        return [self.narrator.phrase(phrase, state, state) for phrase in module.answer(state, seat, question)]

    def status(self, state: GameState, seat: int) -> str:
        """One player's points, tokens, bonuses, hand and nobles."""
        player = state.players[seat]
        extra = "".join(
            self.narrator.phrase(phrase, state, state)
            for module in state.modules
            for phrase in module.status(state, seat)
        )
        return (
            self.narrator.told(
                "query.status",
                seat,
                state,
                points=self.narrator.points(player.points),
                tokens=self.narrator.tokens(player.tokens),
                count=player.token_count,
                bonuses=self.narrator.tokens(player.bonuses),
                hand=self.narrator.hand_cards(state, seat) if player.reserved else self.narrator.hand(0),
                nobles=join_words([self.narrator.noble(n) for n in player.nobles])
                if player.nobles
                else text("query.none"),
            )
            + extra
        )

    def hand(self, state: GameState, seat: int) -> str:
        """The cards a player has reserved, by slot, as far as the listener knows them."""
        player = state.players[seat]
        if not player.reserved:
            return self.narrator.told("query.hand.empty", seat, state)
        return self.narrator.told("query.hand", seat, state, cards=self.narrator.hand_cards(state, seat))

    def scores(self, state: GameState) -> str:
        """Every player's points, in playing order from the player to move, and the
        points that start the last round."""
        count = len(state.players)
        order = [(state.current + i) % count for i in range(count)]
        scores = self.narrator.starting(
            state,
            join_words(
                [
                    text(
                        "score",
                        name=self.narrator.name_in_sentence(seat, state),
                        points=self.narrator.points(state.players[seat].points),
                    )
                    for seat in order
                ]
            ),
        )
        return text("query.scores", scores=scores, target=state.rules.points_to_win)

    def whose(self, state: GameState) -> str:
        """Whose turn it is, in which round."""
        if state.is_over:
            return text("query.whose.over")
        return self.narrator.told("query.whose", state.current, state, round=state.round)

    def everyone(self, state: GameState) -> list[str]:
        """Every player's status, in seat order."""
        return [self.status(state, seat) for seat in range(len(state.players))]

    def afford(self, state: GameState, seat: int) -> str:
        """The cards on the board and in hand that the player could buy now, with the payment."""
        player = state.players[seat]
        found = []
        places: list[tuple[Slot | HandSlot, Card | None]] = [
            (Slot(level, i + 1), card)
            for level, row in zip(LEVELS, state.rows, strict=True)
            for i, card in enumerate(row)
        ] + [(HandSlot(i + 1), r.card) for i, r in enumerate(player.reserved)]
        for place, card in places:
            if card is None or (isinstance(place, Slot) and state.kept_from(place, seat) is not None):
                continue
            cost = price(state, seat, card)
            if cost is not None:
                key = "query.afford.card" if cost[0].total or cost[1] else "query.afford.free"
                found.append(text(key, card=self.narrator.card_at(place, card), paid=self.narrator.price_words(cost)))
        if not found:
            return self.narrator.told("query.afford.none", seat, state)
        return self.narrator.told("query.afford.some", seat, state, cards=separated(found))
