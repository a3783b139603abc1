"""Every limit the server keeps on a connection, in one place, so that the README's
host section and the code say the same.

A stranger decides what the server is sent; these bound what the server holds and does
for each connection and each address, whatever is sent.
"""

from __future__ import annotations

__all__ = ["HEADERS_WAITING", "LINE_BYTES", "LINES_PER_SECOND", "LINE_BURST", "MAX_LINE", "UNREAD_BYTES"]

MAX_LINE = 500
"""Characters a typed line may hold: keys past it are refused as they come."""
LINE_BYTES = 4 * MAX_LINE
"""Bytes a telnet line may hold before the rest of it is dropped (UTF-8 takes up to 4 a character)."""
UNREAD_BYTES = 1 << 20
"""A client that leaves this much of what it was sent unread is not listening: it is let go."""
LINES_PER_SECOND = 10.0
LINE_BURST = 20
"""Lines a connection may send at once, and then each second: faster lines wait their
turn (nothing is dropped), so that no one connection takes the server's time from the others."""
HEADERS_WAITING = 256
"""Connections at once still to send their load balancer's header (``--proxy-protocol``):
past that, a new one is closed at once (the balancer sends its header as it connects)."""
