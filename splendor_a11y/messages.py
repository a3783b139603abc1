"""The catalogue of every user-facing word and sentence template.

Narration, lookup, the console and the command line take their words from here, so a
translation (the French rules sit beside the English ones) is a new catalogue, not a
rewrite. Templates use ``str.format`` fields; helpers build lists and plurals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .notation import GEMS, Gem, GemCounts

__all__ = [
    "MESSAGES",
    "counts_in_words",
    "gem_name",
    "join_words",
    "plural",
    "text",
]

GEM_SINGULAR = {
    Gem.DIAMOND: "diamond",
    Gem.SAPPHIRE: "sapphire",
    Gem.EMERALD: "emerald",
    Gem.RUBY: "ruby",
    Gem.ONYX: "onyx",
    Gem.GOLD: "gold",
}
GEM_PLURAL = {
    Gem.DIAMOND: "diamonds",
    Gem.SAPPHIRE: "sapphires",
    Gem.EMERALD: "emeralds",
    Gem.RUBY: "rubies",
    Gem.ONYX: "onyx",
    Gem.GOLD: "gold",
}
LEVEL_NAMES = {"a": "a", "b": "b", "c": "c"}

MESSAGES: dict[str, str] = {
    # lookup
    "lookup.card": "{code}: level {level} card, {points}, {bonus} bonus, costs {cost}.",
    "lookup.noble": "{code}: noble, {points}, needs {requirement} bonuses.",
    "lookup.count.one": "1 card.",
    "lookup.count.many": "{n} cards.",
    "lookup.noble_count.one": "1 noble.",
    "lookup.noble_count.many": "{n} nobles.",
    "lookup.none": "No card matches.",
    "lookup.no_card": "No card {code}.",
    "lookup.no_noble": "No noble {code}.",
    "lookup.closest": "Closest: {codes}.",
    "lookup.braille": "{code} in braille: {cells}",
    "lookup.nothing_asked": "Say a card code such as c4s 7d, a head such as c4s, or a filter such as --level b.",
    "points.none": "no prestige points",
    "points.one": "1 prestige point",
    "points.many": "{n} prestige points",
    "words.card": "level {level}, {points}, {bonus} bonus, costs {cost}",
    "words.points.one": "1 point",
    "words.points.many": "{n} points",
    "nothing": "nothing",
    "and": "and",
    "you": "You",
    "your": "your",
    "possessive": "{name}'s",
    # events: ".you" when the listener acted, ".other" otherwise
    "event.start": "New game. Playing in this order: {order}. Nobles: {nobles}. Type help for the commands.",
    "event.gems_taken.you": "You take {gems}. You have {count} tokens: {tokens}.",
    "event.gems_taken.other": "{name} takes {gems}. {name} has {count} tokens: {tokens}.",
    "event.reserved.you": "You reserve {card} from {place}{gold}. Your hand holds {hand}.{refill}",
    "event.reserved.other": "{name} reserves {card} from {place}{gold}. {name}'s hand holds {hand}.{refill}",
    "event.reserved_blind.you": "You reserve {card} from the top of deck {level}{gold}. Your hand holds {hand}.",
    "event.reserved_blind.seen.other": "{name} reserves {card} from the top of deck {level}{gold}. {name}'s hand holds {hand}.",
    "event.reserved_blind.other": "{name} reserves the top card of deck {level}{gold}. {name}'s hand holds {hand}.",
    "event.gold": " and take 1 gold",
    "event.gold.other": " and takes 1 gold",
    "event.bought.you": "You buy {card} from {place}, paying {paid}. You have {points}.{refill}",
    "event.bought.other": "{name} buys {card} from {place}, paying {paid}. {name} has {points}.{refill}",
    "event.refill": " {place} is now {card}.",
    "event.refill_empty": " {place} is now empty: deck {level} is used up.",
    "event.returned.you": "You return {gems}. You have {count} tokens: {tokens}.",
    "event.returned.other": "{name} returns {gems}. {name} has {count} tokens: {tokens}.",
    "event.noble.you": "The noble {noble} visits you. You have {points}.",
    "event.noble.other": "The noble {noble} visits {name}. {name} has {points}.",
    "event.hint.you": "You ask for a hint.",
    "event.hint.other": "{name} asks for a hint.",
    "event.passed.you": "You cannot act, and pass.",
    "event.passed.other": "{name} cannot act, and passes.",
    "event.last_round": " {name} has reached 15 points: this round is the last.",
    "event.last_round.you": " You have reached 15 points: this round is the last.",
    "event.ended": "The game is over. {scores}. {result}",
    "event.ended.deadlock": "The game is over: no player could act for a whole round. {scores}. {result}",
    "result.wins": "{name} wins.",
    "result.you_win": "You win.",
    "result.tie_broken": "{name} wins the tie on points with fewer development cards bought, {cards} against {others}.",
    "result.shared": "{names} share the victory, tied on points and on cards bought.",
    "score": "{name} {points}",
    "points.short.one": "1 point",
    "points.short.many": "{n} points",
    "hand.one": "1 card",
    "hand.many": "{n} cards",
    "hand.none": "no cards",
    "turn.you": "Your turn, {name}. {points}; tokens {tokens}; hand {hand}.",
    "turn.other": "{name}'s turn.",
    "turn.return.you": "You hold {held} tokens: return {excess} to come down to 10, for example return {example}.",
    "turn.noble.you": "Several nobles would visit you; choose one: {choices}.",
    "tokens.none": "none",
    # refusals; {subject} is "You" or a name, {possessive} "your" or "Ben's"
    "refuse.game_over": "The game is over; no more moves can be made.",
    "refuse.not_dealt": "The cards have not been dealt yet.",
    "refuse.return_due": "{subject} must first return {excess} tokens: {possessive} tokens number {held}, and the limit is 10.",
    "refuse.noble_due": "{subject} must first choose a noble: {choices}.",
    "refuse.no_return_due": "There is nothing to return: {possessive} tokens number {held}, within the limit of 10.",
    "refuse.no_noble_due": "No noble is waiting to be chosen now.",
    "refuse.take_nothing": "Say which gems to take, for example take ser or take 2s.",
    "refuse.take_gold": "{subject} cannot take gold: gold comes only with a reservation.",
    "refuse.take_too_many": "{subject} cannot take {count} gems: take three different gems, or two of one colour.",
    "refuse.take_mixed": "{subject} cannot take {gems}: take three different gems, or two of one colour.",
    "refuse.take_empty_pile": "{subject} cannot take {gem_one}: the supply has none.",
    "refuse.take_two_low": "{subject} cannot take two {gem_many}: the supply has {supply}, and taking two needs 4.",
    "refuse.take_more_colours": "{subject} must take three different gems while three colours are in the supply; it has {available}.",
    "refuse.hand_full": "{subject} cannot reserve: {possessive} hand already holds 3 cards, the most allowed.",
    "refuse.no_such_slot": "There is no slot {place}: each row has slots 1 to {slots}.",
    "refuse.empty_slot": "Slot {place} is empty: its deck is used up.",
    "refuse.empty_deck": "Deck {level} is empty.",
    "refuse.no_such_hand_card": "There is no {place}: {possessive} hand holds {held}.",
    "refuse.cannot_afford": "{subject} cannot afford {card}: {short} still missing after bonuses and gems, and only {gold} gold to cover it.",
    "refuse.pay_not_held": "{subject} cannot pay {named}{code}: {subject_lower} hold{s} {held}{code}.",
    "refuse.pay_too_much": "That pays more than {card} needs: after bonuses it costs {need}.",
    "refuse.pay_too_little": "That payment leaves {unpaid} unpaid.",
    "refuse.return_wrong_count": "{subject} must return exactly {needed} tokens to come down to 10, not {named}.",
    "refuse.return_not_held": "{subject} cannot return {named}{code}: {subject_lower} hold{s} {held}{code}.",
    "refuse.no_such_noble": "There is no noble {index}: the table has nobles 1 to {count}.",
    "refuse.noble_gone": "Noble {index} has already left the table.",
    "refuse.noble_not_met": "Noble {index}, {noble}, does not visit yet: {subject_lower} still need{s} {missing} in bonuses.",
    "refuse.pass_not_allowed": "{subject} can only pass when no action is possible, and actions are possible now.",
    "refuse.wrong_player": "It is {expected}'s turn, not {logged}'s.",
    "refuse.mismatch.card": "The log says {place} holds {logged}, but it holds {actual}.",
    "refuse.mismatch.gold": "The log gives {logged} gold for the reservation, but the rules give {actual}.",
    "refuse.mismatch.result": "The log's result does not match the scores.",
    "refuse.mismatch.early_end": "The log ends the game before its last turn is over.",
    "refuse.mismatch.event": "The event does not match what the rules make of it.",
    "refuse.bad_source": "A card cannot come from {source} in that action.",
    "refuse.bad_setup.dealt_twice": "The cards are dealt a second time.",
    "refuse.bad_setup.deck": "Deck {level} is not the full set of level {level} cards.",
    "refuse.bad_setup.nobles": "The deal must reveal {wanted} different nobles of the game.",
    "refuse.bad_setup.first_player": "The first player is not one of the players.",
    # queries
    "query.row": "Level {level}: {slots}. Deck {level}: {deck}.",
    "query.slot": "{place} {card}",
    "query.slot_empty": "{place} empty",
    "query.deck.one": "1 card left",
    "query.deck.many": "{n} cards left",
    "query.deck.none": "empty",
    "query.card": "{place}: {sentence}{need}",
    "query.card_empty": "{place} is empty.",
    "query.card_hidden": "{place}: a level {level} card reserved from the deck, unseen.",
    "query.need.you_can": " You can buy it now, paying {paid}.",
    "query.need.you_cannot": " You need {short} more.",
    "query.nobles": "Nobles: {nobles}.",
    "query.noble": "{index}: {noble}",
    "query.noble_gone": "{index}: gone",
    "query.supply": "Supply: {gems}.",
    "query.status.you": "You: {points}; tokens {tokens} ({count}); bonuses {bonuses}; hand {hand}; nobles {nobles}.",
    "query.status.other": "{name}: {points}; tokens {tokens} ({count}); bonuses {bonuses}; hand {hand}; nobles {nobles}.",
    "query.hand_card": "h{index} {card}",
    "query.hand_hidden": "h{index} a level {level} card from the deck",
    "query.afford.some": "You can buy: {cards}.",
    "query.afford.none": "You cannot afford any card now.",
    "query.afford.some.other": "{name} can buy: {cards}.",
    "query.afford.none.other": "{name} cannot afford any card now.",
    "query.afford.card": "{place} {card}",
    "query.no_events": "Nothing has happened yet.",
    "query.none": "none",
    "query.no_player": "There is no player called {name}; the players are {names}.",
    # settings and help
    "setting.words": "Cards and gems will be described in full words.",
    "setting.codes": "Cards and gems will be described in braille-edition codes.",
    "help.no_speech": "Speech cannot be changed here.",
    "help.unknown": "Type help for the list of commands.",
    "help.actions": "Actions, one per turn:",
    "help.replay": "Moving through the replay:",
    "help.queries": "Questions, at any time; they never change the game:",
    "help.keys": "Keys, without typing a word:",
    "help.line": "{usage}: {summary}.",
    "help.one": "{name}: {summary}. Type it as: {usage}.{aliases}",
    "help.aliases": "Also: {aliases}.",
    "help.notation": "Notation: a card is level a, b or c, points, bonus, then cost, as in c4s 7d. Gems: d diamond, s sapphire, e emerald, r ruby, o onyx, g gold. Places: a slot like b3, deck c, or h2 for your hand. A unique start of a command word works too.",
    # the session's own lines
    "session.saved": "The game is saved in {path}. To go on later, type: splendor-a11y resume {path}",
    "session.over_saved": "The game log is in {path}.",
    "session.resumed": "Resuming the game from {path}, round {round}.",
    "session.torn": "The last line of the log was cut short, probably by a crash, and has been dropped.",
    "speech.on": "Speech is on.",
    "speech.off": "Speech is off; lines are printed only.",
    "speech.none": "No speech output was found; the game prints only, and your screen reader can read it.",
    "quit.confirm": "Quit the game? It is saved and can be resumed. Type y to quit, or anything else to go on.",
    "quit.cancelled": "Going on.",
    "console.not_utf8": "That line is not UTF-8 text; please type it again.",
    # replay
    "replay.open": "Replay of {path}. Players: {players}. {length}",
    "replay.player.human": "{name}",
    "replay.player.bot": "{name} (computer, {level})",
    "replay.length.over": "The game is over after {turns}.",
    "replay.length.running": "The game is not finished: {turns} so far.",
    "replay.turns.one": "1 turn",
    "replay.turns.many": "{n} turns",
    "replay.everything": "You hear everything, including cards reserved blind from a deck.",
    "replay.as": "You hear only what {name} knew at the time, told as you.",
    "replay.deal": "The deal. {rows}",
    "replay.go": "Type next to hear the first move, turn 5 to jump, or help.",
    "replay.label.deal": "Deal",
    "replay.label.turn": "Turn {turn}",
    "replay.label.end": "End",
    "replay.line": "{label}: {line}",
    "replay.back": "Back before: {line}",
    "replay.at_start": "This is the start: the deal.",
    "replay.at_end.over": "This is the end of the log: the game is over.",
    "replay.at_end.running": "This is the end of the log so far: the game is not finished.",
    "replay.where": "Turn {turn}, round {round}, event {event} of {events}: {move}",
    "replay.where_end.over": "The end, after event {events}: the game is over.",
    "replay.where_end.running": "The end of the log so far, after event {events}: the game is not finished.",
    "replay.where_end.stopped": "After event {events}, the last good one: the log is damaged after it.",
    "replay.move.action": "{name} to move.",
    "replay.move.return": "{name} to return tokens.",
    "replay.move.noble": "{name} to choose a noble.",
    "replay.move.ending": "the result is next.",
    "replay.no_turn": "There is no turn {turn}: this log has turns 1 to {last}.",
    "replay.no_round": "There is no round {round}: this log has rounds 1 to {last}.",
    "replay.stops": "The replay stops at event {events}, before line {line}: {reason}",
    "replay.bye": "End of the replay.",
    # summary
    "summary.not_over": "The game is not finished: after {turns}, the scores are {scores}.",
    "summary.player": "{name}: {points}, {from_cards} from cards and {from_nobles} from nobles.",
    "summary.cards": "{name} bought {count}: {levels}; bonuses {bonuses}.",
    "summary.cards.none": "{name} bought no cards.",
    "summary.level": "{n} of level {level}",
    "summary.nobles": "{name}'s nobles: {nobles}.",
    "summary.nobles.none": "{name} had no noble visit.",
    "summary.reserves": "{name} reserved {reserved} and bought {bought} of them.",
    "summary.reserves.none": "{name} reserved no cards.",
    "summary.tokens": "{name} took {count} tokens: {gems}; and returned {returned}.",
    "summary.milestones": "{name} reached {steps}.",
    "summary.milestone": "{points} points on turn {turn}",
    "summary.milestones.none": "{name} did not reach 5 points.",
    "summary.hints": "{name} asked for {hints}.",
    "summary.hint.one": "1 hint",
    "summary.hint.many": "{n} hints",
    "summary.card.one": "1 card",
    "summary.card.many": "{n} cards",
    # command line
    "cli.verify_ok": "{path}: {events} events, all legal. {status}",
    "cli.status_over": "The game is over.",
    "cli.status_running": "The game is not finished; round {round}.",
    "cli.log_bad": "{path}: line {line}: {problem}",
    "cli.log_rule": "{path}: line {line} breaks a rule: {sentence}",
    "cli.log_torn": "{path}: the last line, {line}, was cut short, probably by a crash, and is left out.",
    "cli.no_unfinished": "There is no unfinished game to resume in {folder}. Start one with: splendor-a11y play",
    "cli.already_over": "That game is already over; listen to it with: splendor-a11y replay {path}",
    "cli.at_range": "--at must be from 0 to {events}, the number of events in the log.",
    "cli.bad_players": "{problem} Write players like --players \"Ana,bot:easy\".",
    "cli.unknown_level": "There is no computer level {level!r}; the levels are {levels}.",
    "cli.module_missing": "The module {name} is not available in this version yet; the game can be played without it.",
    "cli.error": "{message}",
    "cli.interrupted": "Stopped.",
    "cli.no_such_player": "There is no player {name} in this log; the players are {names}.",
    "setup.players": "How many players, 2 to 4?",
    "setup.name": "Name of player {n}?",
    "setup.kind": "Is {name} played by the computer? Type y or n.",
    "setup.level": "Which level for {name}: {levels}?",
    "setup.again": "Please answer with one of: {choices}.",
}


def text(key: str, **fields: object) -> str:
    """The catalogue sentence for ``key`` with its fields filled in."""
    return MESSAGES[key].format(**fields)


def plural(n: int, one_key: str, many_key: str, none_key: str | None = None) -> str:
    """Choose the singular, plural (or zero) template for a count."""
    if n == 0 and none_key is not None:
        return text(none_key)
    return text(one_key, n=n) if n == 1 else text(many_key, n=n)


def gem_name(gem: Gem, n: int = 1) -> str:
    """The word for a gem, plural when ``n`` is not 1."""
    return GEM_SINGULAR[gem] if n == 1 else GEM_PLURAL[gem]


def join_words(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not items:
        return text("nothing")
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {text('and')} {items[-1]}"


def counts_in_words(counts: Iterable[int]) -> str:
    """``3 diamonds, 2 sapphires and 1 gold``; ``nothing`` for empty counts."""
    gc = counts if isinstance(counts, GemCounts) else GemCounts(counts)
    return join_words([f"{n} {gem_name(gem, n)}" for gem, n in zip(GEMS, gc) if n])


def bonus_requirement_in_words(counts: GemCounts) -> str:
    """``4 sapphire and 4 emerald``: counts named by colour, for bonuses."""
    return join_words([f"{n} {GEM_SINGULAR[gem]}" for gem, n in zip(GEMS, counts) if n])
