"""The PROXY protocol (version 1): a player's own address, from a TCP load balancer.

Several server processes behind one address sit behind a TCP load balancer (HAProxy's
``send-proxy``, nginx's ``proxy_protocol on``). Every connection then comes from the
balancer, so the server's limits per address would count every player as one. A
balancer that speaks the PROXY protocol first sends one line, ``PROXY TCP4 <client>
<balancer> <client port> <balancer port>\\r\\n``, before the player's own bytes. With
``serve --proxy-protocol`` the server reads that line at each SSH and telnet connection
and counts the player by the address it names; a connection without it (someone who
reached the port around the balancer) is closed at once. Without the option, a
connection that sends such a line is not believed: it is read as the client's own bytes.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Awaitable, Callable

__all__ = ["HEADER_BYTES", "NotProxied", "client_address", "read_from_socket", "read_from_stream"]

HEADER_BYTES = 107
"""The longest header the protocol allows, its line end included."""
HEADER_SECONDS = 5.0
"""How long a connection may take to send its header (the balancer sends it at once)."""


class NotProxied(ValueError):
    """A connection that did not begin with a PROXY protocol header."""


def client_address(header: bytes) -> str:
    """The player's address a header names (``UNKNOWN``: the balancer's own check of
    the server, counted as the balancer).

    Raises:
        NotProxied: it is not a header of the protocol's first version.
    """
    if not header.endswith(b"\r\n") or len(header) > HEADER_BYTES:
        raise NotProxied("no PROXY header")
    try:
        words = header[:-2].decode("ascii").split(" ")
    except UnicodeDecodeError:
        raise NotProxied("a PROXY header is ASCII") from None
    if words[:2] == ["PROXY", "UNKNOWN"]:
        return "unknown"
    if len(words) != 6 or words[0] != "PROXY" or words[1] not in ("TCP4", "TCP6"):
        raise NotProxied("not a PROXY header")
    try:
        source = ipaddress.ip_address(words[2])
        ipaddress.ip_address(words[3])
    except ValueError:
        raise NotProxied("a PROXY header's addresses") from None
    if source.version != (4 if words[1] == "TCP4" else 6) or not all(_port(w) for w in words[4:]):
        raise NotProxied("a PROXY header's addresses")
    return str(source)


def _port(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 5 and int(word) <= 65535


async def read_from_stream(reader: asyncio.StreamReader) -> str:
    """The player's address, from the header that begins a stream (telnet's).

    Raises:
        NotProxied: no header came in time, or it was not one.
    """
    return await _header(lambda: reader.read(1))


async def read_from_socket(connection: socket.socket) -> str:
    """The player's address, from the header that begins a socket just accepted (read a
    byte at a time, so that what follows it, SSH's own greeting, stays in the socket).

    Raises:
        NotProxied: no header came in time, or it was not one.
    """
    loop = asyncio.get_running_loop()
    try:
        return await _header(lambda: loop.sock_recv(connection, 1))
    except OSError:
        raise NotProxied("no PROXY header in time") from None


async def _header(read_byte: Callable[[], Awaitable[bytes]]) -> str:
    """The address named by the header read a byte at a time, up to its line's end, its
    longest, or the connection's end, within ``HEADER_SECONDS``.

    Raises:
        NotProxied: no header came in time, or it was not one.
    """
    header = b""
    try:
        async with asyncio.timeout(HEADER_SECONDS):
            while not header.endswith(b"\r\n") and len(header) < HEADER_BYTES:
                byte = await read_byte()
                if not byte:
                    break
                header += byte
    except TimeoutError:
        raise NotProxied("no PROXY header in time") from None
    return client_address(header)
