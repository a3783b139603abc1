"""Logins that cannot be turned against someone: failures counted by name and address
together, a growing wait, names of any script compared as people read them, passwords
that are passwords, and a door that strangers cannot hold shut.

Real SSH and telnet clients from two loopback addresses (127.0.0.1 and 127.0.0.2), as
a player and a stranger on other machines would be.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from splendor_a11y.serve.accounts import ADDRESS_FAILURES, Brake
from splendor_a11y.serve.gate import PATIENCE, Gate, Ticket
from splendor_a11y.serve.names import skeleton, valid_name
from splendor_a11y.serve.server import ServerOptions, start_lines

from server_helpers import Player, Server, Telnet, telnet_login

HOME, STRANGER = "127.0.0.1", "127.0.0.2"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("logins"), "--login-timeout", "4", "--max-connections", "5")
    running.start()
    yield running
    print("the server said, at its end:", running.stop())


def run(coroutine: object) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 60))  # type: ignore[arg-type]


def test_a_strangers_failures_never_keep_a_player_out_from_elsewhere(server: Server) -> None:
    telnet_login(server.telnet, "Ana", "ana-own-words").expect(r"Welcome, Ana: this name is now yours")
    for attempt in range(5):
        wrong = telnet_login(server.telnet, "Ana", f"guess-number-{attempt}", STRANGER)
        wrong.expect("That name and password do not match.|Too many failed logins for that name")
        wrong.close()
    stranger = Telnet(server.telnet, STRANGER)
    stranger.send("ana")
    stranger.expect(r"Too many failed logins for that name from your address: try again in \d+ seconds\.")
    stranger.close()
    telnet_login(server.telnet, "Ana", "ana-own-words", HOME).expect(r"Welcome, Ana\.")
    telnet_login(server.telnet, "Ben", "ben-own-words", STRANGER).expect(r"Welcome, Ben: this name is now yours")

    async def over_ssh() -> None:
        ana = Player(server.port, "Ana", "ana-own-words", HOME)
        await ana.connect()
        await ana.expect(r"Welcome, Ana\.")
        await ana.close()

    run(over_ssh())


def test_the_wait_grows_with_each_failure_and_a_guesser_of_many_names_is_stopped() -> None:
    now = [1000.0]
    brake = Brake(clock=lambda: now[0])
    waits = []
    for _ in range(7):
        brake.failed("Ana", STRANGER)
        waits.append(brake.wait("Ana", STRANGER))
    assert waits == [0, 0, 2, 4, 8, 16, 32]
    assert brake.wait("ana", HOME) == 0 and brake.wait("Ben", STRANGER) == 0
    now[0] += 32
    assert brake.wait("ANA", STRANGER) == 0
    brake.succeeded("Ana", STRANGER)
    brake.failed("Ana", STRANGER)
    assert brake.wait("Ana", STRANGER) == 0
    for number in range(ADDRESS_FAILURES):
        brake.failed(f"Name{number}", "127.0.0.3")
    assert brake.wait("Someone", "127.0.0.3") > 0
    assert brake.wait("Someone", HOME) == 0


def test_a_new_name_needs_a_real_password_and_an_empty_one_is_told(server: Server) -> None:
    telnet_login(server.telnet, "Cy", "short").expect(
        "That name is new: give it a password of at least 8 characters, other than the name itself."
    )
    telnet_login(server.telnet, "Cyrielle", "CYRIELLE").expect("other than the name itself")
    telnet_login(server.telnet, "Cy", "").expect("Type a password: an empty one is never accepted.")


def test_names_of_any_script_are_one_name_however_typed_and_lookalikes_are_taken(server: Server) -> None:
    telnet_login(server.telnet, "Zoë", "zoe-own-words").expect("Welcome, Zoë: this name is now yours")
    telnet_login(server.telnet, "ZOË", "zoe-own-words").expect(r"Welcome, Zoë\.")
    telnet_login(server.telnet, "Zoe\u0308", "zoe-own-words").expect(r"Welcome, Zoë\.")
    telnet_login(server.telnet, "Z\u043eë", "other-own-words").expect(
        "That name is taken, or looks too much like one that is; choose another."
    )
    telnet_login(server.telnet, "Łucja", "lucja-own-words").expect("Welcome, Łucja: this name is now yours")
    bad = Telnet(server.telnet)
    bad.send("zo ë")
    bad.expect(r"A name is a letter, then up to 19 letters, digits, - or _, in any alphabet\.")


def test_over_ssh_a_name_not_allowed_is_told_why_and_not_asked_for_a_password(server: Server) -> None:
    class Client(asyncssh.SSHClient):
        banners: list[str] = []
        asked: list[str] = []

        def auth_banner_received(self, msg: str, lang: str) -> None:
            Client.banners.append(msg)

        def password_auth_requested(self) -> str | None:
            Client.asked.append("password")
            return "whatever-words"

    async def scenario() -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1", server.port, username="zo ë", known_hosts=None, client_keys=None, client_factory=Client
            )

    run(scenario())
    assert Client.banners == ["A name is a letter, then up to 19 letters, digits, - or _, in any alphabet.\r\n"]
    assert Client.asked == []


def test_idle_connections_from_many_addresses_do_not_keep_players_out(server: Server) -> None:
    idle = [Telnet(server.telnet, f"127.0.1.{n}") for n in range(1, 9)]
    for client in idle:
        client.expect("Name: ")

    async def player_gets_in() -> None:
        dee = Player(server.port, "Dee", "dee-own-words", "127.0.2.1")
        await dee.connect()
        await dee.expect(r"Welcome, Dee: this name is now yours")
        await dee.close()

    run(player_gets_in())
    assert all(client.closed_by_server(8) for client in idle), "idle connections time out"


def test_the_door_lets_the_longest_waiting_go_when_crowded() -> None:
    dropped: list[str] = []
    now = [0.0]
    gate = Gate(total=2, per_address=2, waiting_total=3, clock=lambda: now[0])

    def arrive(address: str, name: str) -> Ticket | None:
        return gate.arrive(address, lambda: dropped.append(name))

    first, second = arrive("10.0.0.1", "first"), arrive("10.0.0.1", "second")
    assert arrive("10.0.0.1", "third") is None
    assert gate.refusal("10.0.0.1") == "Too many connections from your address; at most 2 at once."
    other = arrive("10.0.0.2", "other")
    assert arrive("10.0.0.3", "crowd") is None
    assert gate.refusal("10.0.0.3") == "The server is busy with people logging in; try again in a moment."
    now[0] = PATIENCE
    newest = arrive("10.0.0.3", "newest")
    assert dropped == ["first"]
    assert second is not None and other is not None and newest is not None and first is not None
    assert gate.admit(second) and gate.admit(other)
    assert not gate.admit(newest)
    assert gate.inside_refusal(newest) == "The server is full, with 2 people connected; try again later."
    gate.leave(other)
    assert gate.admit(newest)


def test_a_name_is_letters_of_any_script() -> None:
    assert all(valid_name(name) for name in ("Zoë", "José", "Łucja", "Дарья", "李白", "ana_b-2"))
    assert not any(valid_name(name) for name in ("", "2ana", "-ana", "zo ë", "ana!", "a" * 21, "ana\x1b"))
    assert skeleton("Ana") == skeleton("\u0410na") == skeleton("ANA")
    assert skeleton("Il") == skeleton("ll")
    assert skeleton("Ana") != skeleton("Ann")


def test_a_french_server_takes_accented_names(tmp_path: Path) -> None:
    french = Server(tmp_path, "--lang", "fr")
    french.start()
    try:
        telnet_login(french.telnet, "José", "jose-mots-secrets").expect("José")
        telnet_login(french.telnet, "2José", "jose-mots-secrets").expect(
            "Un nom est une lettre, puis jusqu'à 19 lettres, chiffres, - ou _, dans tout alphabet."
        )
    finally:
        french.stop()


def test_telnet_beyond_this_machine_is_said_to_send_passwords_in_the_clear(tmp_path: Path) -> None:
    def told(host: str) -> list[str]:
        options = ServerOptions(db=tmp_path / "db", host_key=tmp_path / "key", host=host, telnet=2323)
        return [line for line in start_lines(options, "SHA256:x", 0, {}) if "in the clear" in line]

    assert told("0.0.0.0") == [
        "WARNING: telnet sends everything in the clear, passwords included, for anyone on "
        "the way to read. Prefer SSH; keep telnet for a network you trust."
    ]
    assert told("192.0.2.7") and not told("127.0.0.1") and not told("::1") and not told("localhost")
