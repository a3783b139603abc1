"""Who may come in: names, passwords kept as scrypt hashes, and a brake on guessing.

A name that is new is registered by its first login: the password given, or the public
key offered, becomes its own. A known name must match. Five failed logins for a name or
from an address within a minute shut that door for a while.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import time
from collections import deque
from collections.abc import Callable
from enum import Enum

from splendor_a11y.serve.store import Store

__all__ = ["Admission", "Doorman", "hash_password", "password_matches", "valid_name"]

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,19}")
"""A player's name: a letter, then letters, digits, ``-`` or ``_``; 20 at most. Nothing
a terminal could take for a command, and nothing a screen reader stumbles on."""
MAX_FAILURES = 5
FAILURE_WINDOW = 60.0
SHUT_FOR = 300.0
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


def valid_name(name: str) -> bool:
    """Whether a name may be registered or used."""
    return NAME.fullmatch(name) is not None


def hash_password(password: str) -> str:
    """A password as kept: ``scrypt$<salt>$<hash>``, never the password itself."""
    salt = os.urandom(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def password_matches(password: str, kept: str) -> bool:
    """Whether a password is the one whose hash was kept (compared in constant time)."""
    try:
        method, salt, digest = kept.split("$")
        if method != "scrypt":
            return False
        tried = hashlib.scrypt(password.encode("utf-8"), salt=bytes.fromhex(salt), **_SCRYPT)
    except ValueError:
        return False
    return hmac.compare_digest(tried.hex(), digest)


class Admission(Enum):
    """The answer at the door."""

    WELCOME = "welcome"
    REGISTERED = "registered"
    REFUSED = "refused"
    SHUT = "shut"
    BAD_NAME = "bad_name"


class Doorman:
    """Checks names, passwords and keys against the accounts, and counts failures."""

    def __init__(self, store: Store, open_door: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.open_door = open_door
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}
        self.newcomers: set[str] = set()
        """Names registered by a login whose visit has not yet welcomed them as new."""

    def shut(self, name: str, address: str) -> bool:
        """Whether logins for this name or from this address are refused for now: five
        failures within a minute shut the door for five minutes after the fifth."""
        now = self.clock()
        return any(self._burst(key, now) for key in (f"n:{name.lower()}", f"a:{address}"))

    def _burst(self, key: str, now: float) -> bool:
        times = self._failures.get(key)
        if not times:
            return False
        while times and now - times[0] > FAILURE_WINDOW + SHUT_FOR:
            times.popleft()
        seen = list(times)
        return any(seen[i + MAX_FAILURES - 1] - seen[i] <= FAILURE_WINDOW
                   and now - seen[i + MAX_FAILURES - 1] <= SHUT_FOR
                   for i in range(len(seen) - MAX_FAILURES + 1))

    def failed(self, name: str, address: str) -> None:
        """Count a failed login against the name and the address."""
        now = self.clock()
        for key in (f"n:{name.lower()}", f"a:{address}"):
            self._failures.setdefault(key, deque()).append(now)

    def by_password(self, name: str, password: str, address: str) -> Admission:
        """A name and password: welcome, registered (the name was new), refused or shut."""
        if not valid_name(name):
            return Admission.BAD_NAME
        if self.shut(name, address):
            return Admission.SHUT
        if self.open_door:
            return Admission.WELCOME
        account = self.store.account(name)
        if account is None:
            if password and self.store.register(name, password=hash_password(password)):
                self.newcomers.add(name.lower())
                return Admission.REGISTERED
        elif account.password is not None and password_matches(password, account.password):
            return Admission.WELCOME
        self.failed(name, address)
        return Admission.REFUSED

    def by_key(self, name: str, key: str, address: str) -> Admission:
        """A name and the public key a client offered (in OpenSSH's one-line form)."""
        if not valid_name(name):
            return Admission.BAD_NAME
        if self.shut(name, address):
            return Admission.SHUT
        account = self.store.account(name)
        if account is None:
            if not self.store.register(name, key=key):
                return Admission.REFUSED
            self.newcomers.add(name.lower())
            return Admission.REGISTERED
        return Admission.WELCOME if key in account.keys else Admission.REFUSED

    def real_name(self, name: str) -> str:
        """The name as it was registered (``ana`` logs in as ``Ana``)."""
        account = self.store.account(name)
        return account.name if account is not None else name
