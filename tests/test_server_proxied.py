"""Behind a TCP load balancer that speaks the PROXY protocol (``serve --proxy-protocol``):
each person is counted by the address the balancer names, and a connection that did
not come through the balancer is closed. A real server, real telnet sockets and a real
SSH client that send the header as HAProxy's ``send-proxy`` does."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import asyncssh
import pytest
from hypothesis import given
from hypothesis import strategies as st

from splendor_a11y.serve.proxied import HEADER_BYTES, NotProxied, client_address

from server_helpers import Server, Telnet

TOO_MANY = "Too many connections from your address; at most 4 at once."


def header(source: str, port: int = 40000) -> bytes:
    family = "TCP6" if ":" in source else "TCP4"
    target = "::1" if family == "TCP6" else "127.0.0.1"
    return f"PROXY {family} {source} {target} {port} 2222\r\n".encode()


def test_a_header_names_the_person_s_address() -> None:
    assert client_address(header("203.0.113.9")) == "203.0.113.9"
    assert client_address(header("2001:db8::7")) == "2001:db8::7"
    assert client_address(b"PROXY UNKNOWN\r\n") == "unknown"
    for wrong in [b"SSH-2.0-OpenSSH\r\n", b"PROXY TCP4 1.2.3.4 5.6.7.8 1 2", b"PROXY TCP4 ::1 ::1 1 2\r\n"]:
        with pytest.raises(NotProxied):
            client_address(wrong)


@given(st.binary(max_size=HEADER_BYTES + 10))
def test_any_bytes_are_an_address_or_refused(data: bytes) -> None:
    try:
        address = client_address(data)
    except NotProxied:
        return
    assert address == "unknown" or address in data.decode("ascii")


def _through_balancer(server: Server, source: str) -> Telnet:
    client = Telnet(server.telnet)
    client.sock.sendall(header(source))
    return client


def test_people_are_counted_by_the_address_the_balancer_names(tmp_path: Path) -> None:
    server = Server(tmp_path, "--proxy-protocol")
    server.start()
    clients: list[Telnet] = []
    try:
        for number in range(5):
            clients.append(_through_balancer(server, f"198.51.100.{number + 1}"))
            clients[-1].expect("Name: ")
        same = [_through_balancer(server, "198.51.100.77") for _ in range(5)]
        clients += same
        for client in same[:4]:
            client.expect("Name: ")
        same[4].expect(TOO_MANY)
        around = Telnet(server.telnet)
        around.send("Ana")
        assert around.closed_by_server(10)
        assert "Name" not in around.text
    finally:
        for client in clients:
            client.close()
        server.stop()


def test_an_ssh_player_logs_in_through_the_balancer(tmp_path: Path) -> None:
    server = Server(tmp_path, "--proxy-protocol")
    server.start()

    async def visit() -> str:
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(header("203.0.113.50"))
        async with asyncssh.connect(
            sock=sock, username="Ana", password="ana-secret-1", known_hosts=None, client_keys=None
        ) as connection:
            process = await connection.create_process(term_type="xterm", term_size=(100, 30))
            seen = ""
            while "Welcome, Ana." not in seen:
                seen += await asyncio.wait_for(process.stdout.read(4096), 20)
            return seen

    try:
        assert "Welcome, Ana." in asyncio.run(asyncio.wait_for(visit(), 60))
        bare = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        bare.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
        assert bare.recv(100) == b""
        bare.close()
    finally:
        printed = server.stop()
    assert "Traceback" not in printed
