"""The server as its players meet it: a real ``splendor-a11y serve`` in a subprocess on
loopback ports, real SSH clients with terminals, a raw telnet socket.

The whole-game test is the issue's own: two friends register, one makes a table with a
computer, the other joins, they play to the end; one drops and comes back to a recap;
the server is killed with SIGKILL midway and started again; the game goes on; the table
exported is a log that ``replay --verify`` passes, and neither transcript names a card
its listener could not know.
"""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import asyncssh
import pytest

from splendor_a11y.domain.cards import Card
from splendor_a11y.domain.notation import DeckTop
from splendor_a11y.engine import CardReserved
from splendor_a11y.play.conversation import Channel, no_keys
from splendor_a11y.play.table import Table
from splendor_a11y.record import LogHeader, LogWriter, PlayerEntry, read_log, replay
from splendor_a11y.serve.seats import NetSeat

from server_helpers import QUICK_THOUGHT, Player, Server, Telnet, telnet_login

DECISION = r"Your turn\.|You hold \d+ tokens: return|Several nobles would visit you"
OVER = "Type leave to go back to the lobby"
HINT = r"You ask for a hint\.(?:\n[^\n]*)*?\n\s*([a-z][^:\n]*): "
"""The hint's answer: the command, at the start of a line, before its reason. It comes when
it is thought, so other lines (another player's move, a lost connection) may come first."""


@pytest.fixture
def server(tmp_path: Path) -> Server:
    running = Server(tmp_path, "--replace-after", "1", "--login-timeout", "3", *QUICK_THOUGHT)
    running.start()
    yield running
    print("the server said, at its end:", running.stop())  # shown when a test failed


def run(coroutine: object) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 240))  # type: ignore[arg-type]


@dataclass
class Seat:
    """A player's client over the game: its transcripts (one per connection) and moves."""

    player: Player
    moves: int = 0
    transcripts: list[str] = field(default_factory=list)

    @property
    def heard(self) -> str:
        return "\n".join([*self.transcripts, self.player.text])

    async def reconnect(self) -> None:
        self.transcripts.append(self.player.text)
        await self.player.close()
        fresh = Player(self.player.port, self.player.name, self.player.password)
        for _ in range(100):
            try:
                await fresh.connect()
                break
            except (OSError, asyncssh.Error):
                await asyncio.sleep(0.2)
        self.player = fresh
        await fresh.expect(r"Welcome back to table 1")


async def play_to_the_end(seat: Seat, after_move: object) -> None:
    """Answer each decision with the hint's move, until the game is over; come back
    whenever the connection is lost."""
    name = seat.player.name
    while True:
        try:
            found = await seat.player.expect(f"{DECISION.format(name=name)}|{OVER}")
            if found.group(0) == OVER:
                return
            seat.player.send("hint")
            move = (await seat.player.expect(HINT)).group(1)
            seat.player.send(move)
            seat.moves += 1
            await after_move(seat)  # type: ignore[operator]
        except (ConnectionError, OSError, asyncssh.Error):
            await seat.reconnect()


def logged_in(server: Server, name: str, welcome: str | None = None) -> Telnet:
    """A telnet client logged in as ``name`` (password ``<name>-pass``), once it heard ``welcome``."""
    client = telnet_login(server.telnet, name, f"{name}-pass")
    client.expect(welcome or f"Welcome, {name}")
    return client


def named(line: str, card: Card) -> bool:
    return re.search(rf"(?<![\w*+-]){re.escape(card.text)}(?![ ]\d|[\w*+])", line) is not None


def test_two_friends_play_a_whole_game_over_ssh_through_a_drop_and_a_kill(server: Server, tmp_path: Path) -> None:
    ana = Seat(Player(server.port, "Ana", "ana-secret"))
    ben = Seat(Player(server.port, "Ben", "ben-secret"))
    events: dict[str, bool] = {"dropped": False, "killed": False}

    async def ana_moved(seat: Seat) -> None:
        if seat.moves == 8 and not events["killed"]:
            events["killed"] = True
            await asyncio.to_thread(server.kill)
            await asyncio.to_thread(server.start)

    async def ben_moved(seat: Seat) -> None:
        if seat.moves != 3 or events["dropped"]:
            return
        events["dropped"] = True
        await seat.player.expect(r"Easy bot (takes|buys|reserves)")
        await seat.player.close()
        lost = await ana.player.expect("Ben lost the connection; the game waits.", after=0)
        await ana.player.expect(r"You (take|buy|reserve)[^\n]*\n(?:.*\n)*?Ben's turn\.", after=lost.end())
        await seat.reconnect()
        await seat.player.expect(r"While you were away, \d+ things? happened")

    async def game() -> None:
        await ana.player.connect()
        await ana.player.expect("Welcome, Ana: this name is now yours")
        await ben.player.connect()
        await ben.player.expect("Welcome, Ben: this name is now yours")
        ana.player.send("create 3 bot:easy")
        await ana.player.expect("Table 1 is yours, at its first seat. Waiting for 1 more")
        ben.player.send("tables")
        await ben.player.expect(r"Table 1, 3 seats: Ana, a free seat and Easy bot; waiting for 1 more\.")
        ben.player.send("join 1")
        await ana.player.expect("Ben sits down at table 1.")
        try:
            await asyncio.gather(play_to_the_end(ana, ana_moved), play_to_the_end(ben, ben_moved))
        except AssertionError as failure:
            raise AssertionError(f"{failure}\n--- and Ben heard, at the end:\n{ben.player.text[-1500:]}") from failure

    run(game())
    assert events == {"dropped": True, "killed": True}
    assert "Ben is back." in ana.heard
    assert re.search(r"Ben (takes|buys|reserves)", ana.heard)
    assert re.search(r"Ana (takes|buys|reserves)", ben.heard)
    assert "Welcome back to table 1" in ana.heard  # after the kill
    assert "The game is over." in ana.heard and "The game is over." in ben.heard
    cy = logged_in(server, "Cyd")
    cy.send("watch 1")
    cy.expect("You are watching table 1")
    cy.expect("The game is over.")
    assert "start the last round" not in cy.text, "the points of a finished game are not a game going on"

    exported = tmp_path / "table-1.jsonl"
    env = {"SPLENDOR_A11Y_HOME": str(server.home), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "export", "1", str(exported)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    verified = subprocess.run(
        [sys.executable, "-m", "splendor_a11y", "replay", "--verify", str(exported)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert verified.returncode == 0 and "every one legal. The game is over." in verified.stdout

    log = read_log(exported)
    final = replay(log)[-1]
    never_shown = {card for deck in final.decks for card in deck if card is not None}
    for seat, other in ((ana, 1), (ben, 0)):
        blind = {
            e.card
            for e in log.events
            if isinstance(e, CardReserved) and e.player == other and isinstance(e.source, DeckTop)
        }
        bought = {card for player in final.players for card in player.bought}
        for card in never_shown | (blind - bought):
            assert not named(seat.heard, card), f"{seat.player.name} heard of {card.text}"


def test_a_telnet_client_logs_in_and_plays_a_few_turns(server: Server) -> None:
    client = Telnet(server.telnet)
    client.expect("Name: ")
    client.send("Cleo")
    client.expect("Password: ")
    client.send("cleo-pass")
    client.expect("Welcome, Cleo: this name is now yours")
    client.send("create 2 bot:random")
    client.expect("every seat is taken, so the game starts")
    for _ in range(3):
        client.expect(r"Your turn\.")
        client.send("hint")
        move = client.expect(HINT).group(1)
        client.send(move)
        client.expect(r"Random bot (takes|buys|reserves)")
    client.expect(r"Your turn\.")
    assert "\x1b" not in client.text
    client.send("quit")
    client.expect("Goodbye.")
    client.close()


def test_a_server_started_in_french_speaks_french_and_takes_french_words(tmp_path: Path) -> None:
    french = Server(tmp_path, "--lang", "fr", *QUICK_THOUGHT)
    french.start()
    try:
        assert "Appuyez sur Ctrl-C pour arrêter le serveur ; toutes les parties sont sauvegardées." in french.output
        client = Telnet(french.telnet)
        client.expect("Nom : ")
        client.send("Cleo")
        client.expect("Mot de passe : ")
        client.send("cleo-pass")
        client.expect("Bienvenue, Cleo : ce nom est maintenant le vôtre")
        client.send("rejoindre x")
        client.expect("Tapez-le ainsi : rejoindre NUMÉRO.")
        client.send("creer 2 bot:random")
        client.expect("toutes les places sont prises, la partie commence donc")
        client.expect(r"À vous\.")
        client.send("prendre ser")
        client.expect(r"Vous prenez 1s 1e 1r\. Vous avez 3 jetons : 1s 1e 1r\.")
        client.expect(r"Robot hasard (prend|achète|réserve)")
        client.send("aide")
        client.expect("Au serveur, aussi : dire, chuchoter, qui, tables, partir, remplacer et quitter.")
        client.send("qui")
        client.expect(r"Connectés, 1 : Cleo")
        client.send("quitter")
        client.expect("Au revoir.")
        client.close()
    finally:
        print("the server said, at its end:", french.stop())


def test_each_person_at_a_table_hears_their_own_language(server: Server) -> None:
    ana, ben = logged_in(server, "Ana"), logged_in(server, "Ben")
    ana.send("lang fr")
    ana.expect("Le jeu parle maintenant français.")
    ana.send("créer 2")
    ana.expect("La table 1 est à vous, à sa première place.")
    ben.send("join 1")
    ana.expect("Ben s'assied à la table 1.")
    first = ana.expect(r"(À vous\.|Au tour de Ben\.)").group(1)
    ben.expect(r"New game\. Playing in this order: ")
    mover, waiter = (ana, ben) if first.startswith("À vous") else (ben, ana)
    mover.send("take ser")
    if mover is ana:
        ana.expect(r"Vous prenez 1s 1e 1r\.")
        ben.expect(r"Ana takes 1s 1e 1r\. Ana has 3 tokens")
    else:
        ben.expect(r"You take 1s 1e 1r\.")
        ana.expect(r"Ben prend 1s 1e 1r\. Ben a 3 jetons")
    ben.send("say bonjour")
    ana.expect("Ben dit : bonjour")
    ben.expect("You say: bonjour")
    ana.send("quitter")
    ana.expect("Au revoir.")
    ben.expect("Ana lost the connection; the game waits.")
    assert "Ana a perdu" not in ben.text and "lost the connection" not in ana.text


def test_a_start_of_a_lobby_word_works_in_the_lobby_and_the_game_s_at_a_table(server: Server) -> None:
    """``j 1`` was "not a word of the lobby", where the game takes ``t ser`` for take.
    In the lobby a start names the one lobby word it begins, or says which it could be;
    at a table the game's words come first, as before."""
    ana = logged_in(server, "Ana")
    ana.send("j 9")
    ana.expect("There is no table 9; type tables to hear them.")
    ana.send("w 1")
    ana.expect('"w" could be watch or who; type more letters.')
    ana.send("ta")
    ana.expect("There are no tables yet")
    ana.send("cr 2 bot:easy")
    ana.expect(r"Your turn\.")
    ana.send("t ser")
    ana.expect(r"You take 1s 1e 1r\.")


def test_a_language_chosen_at_a_table_is_that_person_s_alone(server: Server) -> None:
    """``language fr`` at a table (the game's alias of ``lang``, which the lobby does not
    read) answered "The game now speaks English." and set the server's own language:
    everyone who came in after was welcomed in French."""
    ana = logged_in(server, "Ana")
    ana.send("create 2 bot:easy")
    ana.expect(r"Your turn\.")
    ana.send("language fr")
    ana.expect("Le jeu parle maintenant français.")
    ana.send("l en")
    ana.expect("The game now speaks English.")
    ana.send("language fr")
    ana.expect("Le jeu parle maintenant français.")
    ben = logged_in(server, "Ben", "Welcome, Ben")
    ben.send("tables")
    ben.expect("Table 1, 2 seats: Ana and Easy bot")
    ana.send("score")
    ana.expect("Vous : 0 point")


def test_a_french_player_names_the_computer_in_french(server: Server) -> None:
    """``créer 2 bot:moyen`` was refused: "there is no computer level moyen; the levels
    are random, easy, medium, hard". The levels and the word for the computer are typed
    in the language heard as well as in English, and a refusal lists them as said."""
    ana = logged_in(server, "Ana")
    ana.send("lang fr")
    ana.expect("Le jeu parle maintenant français.")
    ana.send("créer 2 robot:expert")
    ana.expect(r"Il n'y a pas de niveau d'ordinateur « expert » ; les niveaux sont hasard, facile, moyen, difficile\.")
    ana.send("créer 2 bot:moyen")
    ana.expect(r"Nouvelle partie\. Ordre de jeu : (vous et Robot moyen|Robot moyen et vous)\.")


def test_a_spectator_hears_what_is_public_and_cannot_play(server: Server) -> None:
    """The maker of a full table is not told of a "first seat" (who plays first is dealt),
    and someone who starts watching hears the order of play, whose turn it is in which
    round, and everyone's points."""
    ana, zoe = logged_in(server, "Ana"), logged_in(server, "Zoe")
    ana.send("create 2 bot:easy")
    ana.expect("Table 1 is yours; every seat is taken, so the game starts.")
    ana.expect("Your turn.")
    zoe.send("watch 1")
    zoe.expect("You are watching table 1; you hear what every player may know.")
    zoe.expect("Playing in this order: (Ana and Easy bot|Easy bot and Ana).")
    zoe.expect(r"Round 1: Ana's turn\.")
    zoe.expect(r"Ana: 0 points and Easy bot: 0 points; 15 points start the last round\.")
    ana.send("reserve deck a")
    card = ana.expect(r"You reserve (a\d[dsero] [^ ]+(?: [^ ]+)*?) from the top of deck a").group(1)
    zoe.expect("Ana reserves the top card of deck a and takes 1 gold.")
    zoe.expect(r"Easy bot (takes|buys|reserves)")
    zoe.send("take dse")
    zoe.expect("You are watching this table; to play, join a table with a free seat.")
    zoe.send("hint")
    zoe.expect("Hints are for the players; you are watching this table.")
    zoe.send("help")
    zoe.expect("You are watching, with no seat of your own: you hear the game and may ask any question below")
    zoe.expect("me . me Ben: the points, tokens, bonuses, hand and nobles of the player whose turn it is")
    zoe.expect("At the server also")
    assert "Actions, one per turn" not in zoe.text, "a spectator's help lists no action"
    assert "hint: suggest" not in zoe.text, "nor the hints, which are for the players"
    zoe.send("hand Ana")
    zoe.expect("Ana.s hand: h1 a level a card from the deck.")
    assert card not in zoe.text, "a spectator never hears a card reserved blind"
    zoe.send("leave")
    zoe.expect(r"You left table 1\.\n")
    ana.send("take dse")
    ana.expect("You take 1d 1s 1e")
    assert "You take 1d 1s 1e" not in zoe.text
    for client in (ana, zoe):
        client.close()


def test_a_new_name_is_registered_by_the_key_it_offers(server: Server) -> None:
    async def login(key: asyncssh.SSHKey) -> str:
        async with asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="Kim",
            known_hosts=None,
            client_keys=[key],
            password=None,
            preferred_auth="publickey",
        ) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(100, 30))
            heard = ""
            while "Tables:" not in heard:
                heard += await asyncio.wait_for(process.stdout.read(4096), 20)
            process.stdin.write("quit\r")
            return heard

    async def scenario() -> None:
        kims = asyncssh.generate_private_key("ssh-ed25519")
        assert "this name is now yours" in await login(kims)
        assert "this name is now yours" not in await login(kims)
        with pytest.raises(asyncssh.PermissionDenied):
            await login(asyncssh.generate_private_key("ssh-ed25519"))

    run(scenario())


def test_long_lines_controls_in_chat_and_strangers_are_refused(server: Server) -> None:
    ana, ben = logged_in(server, "Ana"), logged_in(server, "Ben")
    ana.send("say " + "x" * 600)
    ana.expect("Lines longer than 500 characters are refused.")
    ana.send("say \x1b[2J\x1b]0;owned\x07 hello")
    ana.expect("control characters")
    ana.send("say plain hello")
    ben.expect("Ana says: plain hello")
    assert "\x1b" not in ben.received.decode("utf-8", "replace")
    assert "owned" not in ben.text
    ana.send("tell Zed hi")
    ana.expect("Zed is not connected")
    ana.send("tabels")
    ana.expect("did you mean tables")
    ana.send("join 9")
    ana.expect("There is no table 9")
    bad = Telnet(server.telnet)
    bad.send("no spaces allowed")
    bad.send("pw")
    bad.expect("A name is a letter")
    bad.close()


def test_a_silent_client_is_let_go_and_a_vanishing_one_harms_nobody(server: Server) -> None:
    silent = Telnet(server.telnet)
    vanishing = logged_in(server, "Vic")
    vanishing.sock.sendall(b"create 2 bot:ea")
    vanishing.close()
    assert silent.closed_by_server(timeout=10)
    assert "No login in time" in silent.text
    other = logged_in(server, "Wes")
    other.send("who")
    other.expect(r"Connected, 1: Wes in the lobby\.")
    other.send("tables")
    other.expect("There are no tables yet")


def test_at_most_four_connections_from_one_address(server: Server) -> None:
    clients = [Telnet(server.telnet) for _ in range(4)]
    for client in clients:
        client.expect("Name: ")
    fifth = Telnet(server.telnet)
    fifth.expect("Too many connections from your address; at most 4 at once.")
    assert fifth.closed_by_server()
    for client in clients:
        client.close()


def test_the_server_stops_cleanly_telling_players_their_game_is_saved(server: Server) -> None:
    client = logged_in(server, "Eve")
    client.send("create 2 bot:easy")
    client.expect("Your turn.")
    rest = server.stop()
    client.expect("The server is stopping. Your game is saved")
    assert "The server stopped; every game is saved." in rest
    assert server.process is not None and server.process.returncode == 0


def test_ctrl_c_at_the_host_stops_the_server_while_people_sit_at_their_prompts(server: Server) -> None:
    """Each connection's prompt must leave the host's Ctrl-C to the server: a prompt that
    took SIGINT for itself kept the server running (and gave one player a Ctrl-C)."""

    async def scenario() -> None:
        eve = Player(server.port, "Eve", "eve-secret")
        await eve.connect()
        await eve.expect("Welcome, Eve")
        eve.send("create 2 bot:easy")
        await eve.expect("Your turn.")
        eve.send("me")
        await eve.expect("You: 0 points")
        rest = await asyncio.to_thread(server.stop, signal.SIGINT)
        await eve.expect("The server is stopping. Your game is saved")
        assert "The server stopped; every game is saved." in rest
        assert server.process is not None and server.process.returncode == 0
        assert "\r\r\n" not in eve.raw, "each line ends once, with one carriage return"
        await eve.close()

    run(scenario())


def test_a_player_hands_the_absent_makers_seat_to_the_computer_and_its_owner_takes_it_back(server: Server) -> None:
    ana, ben = logged_in(server, "Ana"), logged_in(server, "Ben")
    ana.send("create 3 bot:easy")
    ana.expect("Table 1 is yours")
    ben.send("join 1")
    ben.expect("New game")
    ben.send("replace Ana bot:easy")
    ben.expect("Ana is not a player away from this table.")
    cy = logged_in(server, "Cyd")
    cy.send("watch 1")
    cy.expect("You are watching table 1")
    cy.send("replace Ana bot:easy")
    cy.expect("Only a player at this table can do that.")
    ana.send("quit")
    ana.close()
    ben.expect("Ana lost the connection; the game waits.")
    ben.send("replace Ana bot:easy")
    ben.expect(r"Ana has not been away long enough: try again in \d+ seconds?\.")
    time.sleep(1.2)
    ben.send("replace Ana bot:easy")
    since = ben.expect("The computer plays for Ana at level easy until Ana comes back.").end()
    while len(re.findall(r"Ana (takes|buys|reserves)", ben.text[since:])) < 2:
        ben.send("hint")
        found = ben.expect(rf"Hints are for your own turn\.|{HINT}")
        if found.group(1):
            ben.send(found.group(1))
        else:
            time.sleep(0.2)
    back = logged_in(server, "Ana", "Welcome back to table 1")
    ben.expect("Ana is back.")
    back.send("me")
    back.expect(r"You: \d+ points?")


@dataclass
class Heard:
    """A connection that keeps what it is sent (the ``Link`` a seat speaks through)."""

    address: str = "127.0.0.1"
    keys_help: Callable[[bool], list[str]] = no_keys
    closed: bool = False
    lines: list[str] = field(default_factory=list)

    def set_answers(self, answer: object) -> None:
        pass

    def recall(self, lines: list[str]) -> None:
        pass

    def show(self, board: object) -> None:
        pass

    def speak_in(self, spoken: object) -> None:
        pass

    def complete_for(self, modules: object) -> None:
        pass

    def send(self, line: str, channel: Channel) -> None:
        self.lines.append(line)

    async def read_line(self, prompt: str) -> str | None:
        return None

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("first", [0, 1])
def test_at_the_deal_the_others_hear_whose_turn_it_is(tmp_path: Path, first: int) -> None:
    """Whoever the deal makes first, the first seat's own included, the other person
    hears whose turn it is, as after every move."""
    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben")), (), 3)
    heard = [Heard(), Heard()]
    with LogWriter.create(tmp_path / "table.jsonl", header) as writer:
        table = Table(header.new_state(), header, writer)
        for seat, link in enumerate(heard):
            NetSeat(table, seat).attach(link)
        table.commit((replace(table.deal(), first_player=first),))
    mover = ("Ana", "Ben")[first]
    assert heard[first].lines[-1].startswith("Your turn."), heard[first].lines
    assert heard[1 - first].lines[-1] == f"{mover}'s turn.", heard[1 - first].lines


def test_the_board_sent_to_a_page_says_who_holds_a_card_in_the_person_s_language(tmp_path: Path) -> None:
    """The web page draws no module's pieces itself: the board it is sent names, for each
    card the Strongholds hold, who holds it and with how many, in the words the person
    hears (a stronghold on b4 was not on the page at all)."""
    from splendor_a11y.domain.notation import Slot
    from splendor_a11y.engine.modules.strongholds.board import with_strongholds
    from splendor_a11y.text.languages import LANGUAGES
    from splendor_a11y.text.messages import speaking

    header = LogHeader((PlayerEntry("Ana"), PlayerEntry("Ben")), ("strongholds",), 3)
    shown: list[Callable[[], dict[str, object]]] = []
    link = Heard()
    link.show = shown.append  # type: ignore[method-assign]
    with LogWriter.create(tmp_path / "table.jsonl", header) as writer:
        table = Table(header.new_state(), header, writer)
        seat = NetSeat(table, 0)
        seat.attach(link)
        table.commit((table.deal(),))
        table.state = with_strongholds(table.state, ((), (Slot("b", 4), Slot("b", 4), Slot("a", 1))))
        assert shown[-1]()["held"] == {"a1": "Ben with 1 stronghold", "b4": "Ben with 2 strongholds"}
        with speaking(LANGUAGES["fr"]):
            assert shown[-1]()["held"] == {"a1": "Ben avec 1 bastion", "b4": "Ben avec 2 bastions"}


def test_words_and_full_follow_a_person_from_table_to_table(server: Server) -> None:
    ana = logged_in(server, "Ana")
    ana.send("create 2 bot:easy")
    ana.expect(r"Table 1 is yours")
    ana.send("words")
    ana.expect("Cards and gems will be described in full words.")
    ana.send("full")
    ana.expect("Your turn will start with everyone's position")
    ana.send("leave")
    ana.expect(r"You left table 1")
    ana.send("create 2 bot:easy")
    ana.expect(r"Table 2 is yours")
    ana.expect(r"New game\. Playing in this order: [^\n]*Nobles: 1: \d [a-z]+[ ,][^\n]*bonuses, 3 points")
    ana.expect(r"Your turn\. \d+ points?; [^\n]*\. Easy bot: \d+ points?; bonuses ")
    ana.send("b")
    ana.expect(r"Level b: b1: \d points?, \w+ bonus, costing ")


def test_each_person_hears_the_computers_named_in_their_own_language(server: Server) -> None:
    """The computers were named once, in the language of whoever started the table: a
    French spectator at an English player's table heard ``Easy bot``. Each person hears
    them named in their own language, in the game, in the lobby's list and when they
    name one to ask about it."""
    ana, zoe = logged_in(server, "Ana"), logged_in(server, "Zoe")
    ana.send("create 2 bot:easy")
    ana.expect("Your turn.")
    zoe.send("lang fr")
    zoe.expect("Le jeu parle maintenant français.")
    zoe.send("tables")
    zoe.expect(r"Table 1, 2 places : Ana et Robot facile ;")
    zoe.send("regarder 1")
    zoe.expect(r"Ordre de jeu : (Ana et Robot facile|Robot facile et Ana)\.")
    ana.send("take dse")
    ana.expect(r"Easy bot (takes|buys|reserves)")
    zoe.expect(r"Robot facile (prend|achète|réserve)")
    zoe.send("jetons robot")
    zoe.expect(r"Robot facile a \d+ jetons?")
    assert "Easy bot" not in zoe.text and "Robot facile" not in ana.text
    for client in (ana, zoe):
        client.close()


def test_tab_over_ssh_completes_the_lobby_s_words_in_the_person_s_language(server: Server) -> None:
    """Tab in the lobby offered only the game's words (``wh`` gave ``whose``, which the
    lobby does not know); it completes the lobby's, in the language the person chose,
    and at a table the lobby's and the game's. Quit with words after it is a slip, as at
    a game of one's own: it does not end the visit."""

    async def scenario() -> None:
        eve = Player(server.port, "Eve", "eve-secret")
        await eve.connect()
        await eve.expect(r"Welcome, Eve\.")
        eve.type("wh\t\r")
        await eve.expect(r"Connected, 1: Eve")
        eve.send("lang fr")
        await eve.expect("Le jeu parle maintenant français.")
        eve.type("cré\t 2 bot:easy\r")
        await eve.expect(r"La table 1 est à vous")
        await eve.expect(r"À vous\.")
        eve.type("sa\t salut\r")
        await eve.expect(r": salut")
        eve.type("pren\t ser\r")
        await eve.expect(r"Vous prenez 1s 1e 1r\.")
        eve.send("q maintenant")  # a slip: quit stands alone, and the visit goes on
        await eve.expect(r"« q maintenant » serait quitter, qui s'emploie seul")
        eve.send("pren")
        await eve.expect(r"Dites quels jetons prendre")
        await eve.close()

    run(scenario())


def test_a_table_s_modules_are_told_by_their_titles_in_each_person_s_language(server: Server) -> None:
    """The lobby said "with tradingposts", the word typed after --module, and a game
    that began said nothing of its modules: a person who joins is told what it plays by
    the names the rules give, in their own language, and may name a module so at
    ``create``, its article and all. French counts the players awaited in agreement.
    A module's word in a game without it, and its rules, say how to start one in the
    lobby, not with the command line's --module."""
    ana, ben = logged_in(server, "Ana"), logged_in(server, "Ben")
    ana.send("lang fr")
    ana.expect("Le jeu parle maintenant français.")
    ana.send("créer 2 les comptoirs")
    ana.expect("La table 1 est à vous, à sa première place. On attend encore 1 joueur ;")
    ben.send("create 3 the trading posts orient")
    ben.expect("Table 2 is yours, at its first seat.")
    ben.send("tables")
    ben.expect(r"Table 1, 2 seats with The Trading Posts: Ana and a free seat; waiting for 1 more\.")
    ben.expect(r"Table 2, 3 seats with The Orient and The Trading Posts: Ben, ")
    ben.send("leave")
    ben.send("join 1")
    ana.expect(r"Nouvelle partie avec Les Comptoirs\. Ordre de jeu : ")
    ben.expect(r"New game with The Trading Posts\. Playing in this order: ")
    ben.send("help hold")
    ben.expect(r"It belongs to the module The Strongholds, which is not part of this game; start one in the lobby: ")
    ben.expect(r"create 2 strongholds\.")
    ana.send("aide placer")
    ana.expect(
        r"Elle appartient au module Les Bastions, qui ne fait pas partie de cette partie ; lancez-en une au salon : "
    )
    ana.expect(r"créer 2 bastions\.")
    assert "--module" not in ana.text + ben.text
    ben.send("rules strongholds")
    ben.expect(r"The Strongholds, at a table made with create 2 strongholds: you have 3 strongholds\.")
