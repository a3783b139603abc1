"""What a player heard survives them leaving and the server restarting: ``last``, the
review keys and the recap come from the table's stored events; each person hears their
own doings as theirs, and the table hears who comes to watch.

A real server, stopped and started again over the same SQLite file; telnet clients and
an SSH client with a terminal.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from server_helpers import QUICK_THOUGHT, Player, Server, Telnet, telnet_login


def login(server: Server, name: str, welcome: str) -> Telnet:
    client = telnet_login(server.telnet, name)
    client.expect(welcome)
    return client


def test_last_and_the_recap_reach_back_over_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path, *QUICK_THOUGHT, "--replace-after", "1")
    server.start()
    ana = login(server, "Ana", r"Welcome, Ana: this name is now yours")
    ben = login(server, "Ben", r"Welcome, Ben: this name is now yours")
    ana.send("create 2")
    ana.expect("Table 1 is yours")
    ben.send("join 1")
    ben.expect("You sit down at table 1.")
    ana.expect("Ben sits down at table 1.")
    assert "You sit down" not in ana.text and "Ben sits down" not in ben.text
    turn = ana.expect(r"Your turn\.|Ben's turn\.").group(0)
    first, second = (ana, ben) if turn == "Your turn." else (ben, ana)
    first.send("take ser")
    first.expect(r"You take 1s 1e 1r\.")
    second.expect(r"takes 1s 1e 1r\.")
    second.send("say hello")
    second.expect("You say: hello")
    first.expect(r"says: hello")
    ben.send("quit")
    ben.close()
    ana.expect("Ben lost the connection; the game waits.")
    time.sleep(1.2)
    ana.send("replace Ben bot:random")
    ana.expect("The computer plays for Ben")
    if turn != "Your turn.":
        ana.send("take dse")
    ana.expect(r"Ben (takes|buys|reserves)")
    ana.send("quit")
    ana.close()
    server.stop()

    again = Server(tmp_path, *QUICK_THOUGHT)
    again.start()
    try:
        back = login(again, "Ana", r"Welcome back to table 1")
        back.send("last 20")
        back.expect(r"takes 1s 1e 1r\.|You take 1s 1e 1r\.")
        back.expect(r"Your turn\.")
        back.send("hint")
        back.send(back.expect(r"You ask for a hint\.(?:\n[^\n]*)*?\n\s*([a-z][^:\n]*?) ?: ").group(1))
        latest = back.expect(r"\nBen ((takes|buys|reserves)[^\n]*)").group(1)
        ben_back = login(again, "Ben", r"Welcome back to table 1")
        recap = ben_back.expect(
            r"While you were away, \d+ things? happened:\n(You|Ana) (?:[^\n]*\n)+?(?:Your|Ana's) turn\."
        )
        assert recap.group(0).splitlines()[-2].startswith(f"You {latest.split()[0][:-1]}"), recap.group(0)
        ben_back.send("last 20")
        ben_back.expect(r"takes? 1s 1e 1r\.")
    finally:
        again.stop()


def test_the_review_keys_reach_back_after_a_reconnection(tmp_path: Path) -> None:
    server = Server(tmp_path, *QUICK_THOUGHT)
    server.start()

    async def scenario() -> None:
        ana = Player(server.port, "Ana", "ana-secret-words")
        await ana.connect()
        await ana.expect(r"Welcome, Ana\.")
        ana.send("create 2 bot:random")
        await ana.expect(r"Your turn\.")
        ana.send("take ser")
        await ana.expect(r"You take 1s 1e 1r\.")
        await ana.expect(r"Your turn\.")
        await ana.close()
        again = Player(server.port, "Ana", "ana-secret-words")
        await again.connect()
        await again.expect(r"Welcome back to table 1")
        for _ in range(4):
            again.type("\x1b[15~")
        await again.expect(r"You take 1s 1e 1r\.")
        await again.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        server.stop()


def test_the_table_hears_who_comes_to_watch_and_who_goes(tmp_path: Path) -> None:
    server = Server(tmp_path, *QUICK_THOUGHT)
    server.start()
    try:
        ana = login(server, "Ana", r"Welcome, Ana")
        ana.send("create 2 bot:random")
        ana.expect(r"Your turn\.")
        cy = login(server, "Cy", r"Welcome, Cy")
        cy.send("watch 1")
        cy.expect("You are watching table 1")
        ana.expect(r"Cy is watching\.")
        cy.send("leave")
        ana.expect(r"Cy stops watching\.")
        assert "Cy is watching" not in cy.text
    finally:
        server.stop()
