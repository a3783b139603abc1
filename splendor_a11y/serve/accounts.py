"""Who may come in: names, passwords kept as scrypt hashes, and a brake on guessing.

A name that is new is registered by its first login: the password given (at least
``MIN_PASSWORD`` characters, and not the name itself), or the public key offered,
becomes its own. A known name must match.

Failed logins are counted for a name *from one address* (``Brake``): after a few, that
name from that address waits longer and longer before it may try again. A guesser who
tries many names from one address is stopped by a count of its address's failures. A
right password from an address that did nothing wrong is never refused: nobody can keep
a player out of their own game by failing at their name from somewhere else, and one
person's mistakes do not lock out the others behind the same address.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from enum import Enum

from splendor_a11y.serve.names import name_key, normal_name, valid_name
from splendor_a11y.serve.store import Store
from splendor_a11y.text.messages import plural, text

__all__ = ["Admission", "Brake", "Doorman", "MIN_PASSWORD", "hash_password", "password_matches", "valid_name"]

MIN_PASSWORD = 8
FREE_FAILURES = 3
"""Failures for a name from one address before each next try must wait."""
FIRST_WAIT = 2.0
LONGEST_WAIT = 300.0
"""The wait after the first failure past the free ones, doubling with each, up to this."""
ADDRESS_FAILURES = 30
ADDRESS_WINDOW = 600.0
"""An address that failed this many times within this many seconds, whatever the names,
waits until its oldest failure is that old."""
FORGET_AFTER = 3600.0
"""Failures are forgotten after an hour without another."""
KEPT_PAIRS = 10_000
"""Pairs of name and address remembered at most (the oldest forgotten first)."""
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


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
    """The answer at the door; each but the welcomes has its sentence, ``server.login.<value>``."""

    WELCOME = "welcome"
    REGISTERED = "registered"
    REFUSED = "refused"
    WAIT = "wait"
    BAD_NAME = "bad_name"
    EMPTY_PASSWORD = "empty_password"
    WEAK_PASSWORD = "weak_password"
    TAKEN = "taken"

    @property
    def admitted(self) -> bool:
        """Whether the person comes in."""
        return self in (Admission.WELCOME, Admission.REGISTERED)


class Brake:
    """Counts failed logins by name and address together, and by address alone; says how
    long a name from an address must wait before it may try again."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._pairs: dict[tuple[str, str], tuple[int, float]] = {}
        self._addresses: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def wait(self, name: str, address: str) -> float:
        """Seconds before this name may try again from this address (0: now)."""
        now = self.clock()
        with self._lock:
            count, last = self._pairs.get((name_key(name), address), (0, now))
            pair = 0.0 if count < FREE_FAILURES else last + self._pause(count) - now
            times = self._addresses.get(address, deque())
            while times and now - times[0] > ADDRESS_WINDOW:
                times.popleft()
            alone = times[0] + ADDRESS_WINDOW - now if len(times) >= ADDRESS_FAILURES else 0.0
        return max(pair, alone, 0.0)

    @staticmethod
    def _pause(count: int) -> float:
        return min(FIRST_WAIT * 2.0 ** (count - FREE_FAILURES), LONGEST_WAIT)

    def failed(self, name: str, address: str) -> None:
        """A wrong password for this name from this address."""
        now = self.clock()
        with self._lock:
            key = (name_key(name), address)
            count, last = self._pairs.pop(key, (0, now))
            self._pairs[key] = (0 if now - last > FORGET_AFTER else count) + 1, now
            self._addresses.setdefault(address, deque()).append(now)
            self._forget(now)

    def succeeded(self, name: str, address: str) -> None:
        """The right password: this name from this address starts afresh."""
        with self._lock:
            self._pairs.pop((name_key(name), address), None)

    def _forget(self, now: float) -> None:
        """Keep the memory bounded: the oldest pairs go first, and quiet addresses."""
        while len(self._pairs) > KEPT_PAIRS:
            del self._pairs[next(iter(self._pairs))]
        if len(self._addresses) > KEPT_PAIRS:
            for address in [a for a, times in self._addresses.items() if now - times[-1] > ADDRESS_WINDOW]:
                del self._addresses[address]


class Doorman:
    """Checks names, passwords and keys against the accounts, through the brake."""

    def __init__(self, store: Store, open_door: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.open_door = open_door
        self.brake = Brake(clock)
        self.newcomers: set[str] = set()
        """Keys of names registered by a login whose visit has not yet welcomed them as new."""

    def refusal(self, name: str, address: str) -> Admission | None:
        """Why a name is refused before any password is asked, or None."""
        if not valid_name(normal_name(name)):
            return Admission.BAD_NAME
        if self.brake.wait(name, address) > 0:
            return Admission.WAIT
        return None

    def sentence(self, admission: Admission, name: str, address: str) -> str:
        """Why a login was refused, in one sentence the person can act on."""
        seconds = plural(max(1, math.ceil(self.brake.wait(name, address))), "server.seconds")
        return text(f"server.login.{admission.value}", seconds=seconds, min_password=MIN_PASSWORD)

    def by_password(self, name: str, password: str, address: str) -> Admission:
        """A name and password: welcome, registered (the name was new), or why not."""
        name = normal_name(name)
        refused = self.refusal(name, address)
        if refused is not None:
            return refused
        if self.open_door:
            return Admission.WELCOME
        if not password:
            return Admission.EMPTY_PASSWORD
        account = self.store.account(name)
        if account is None:
            return self._register(name, password)
        if account.password is not None and password_matches(password, account.password):
            self.brake.succeeded(name, address)
            return Admission.WELCOME
        self.brake.failed(name, address)
        return Admission.REFUSED

    def _register(self, name: str, password: str) -> Admission:
        if len(password) < MIN_PASSWORD or name_key(password) == name_key(name):
            return Admission.WEAK_PASSWORD
        if self.store.register(name, password=hash_password(password)) is not None:
            return Admission.TAKEN
        self.newcomers.add(name_key(name))
        return Admission.REGISTERED

    def by_key(self, name: str, key: str, address: str) -> Admission:
        """A name and the public key a client offered (in OpenSSH's one-line form)."""
        name = normal_name(name)
        refused = self.refusal(name, address)
        if refused is not None:
            return refused
        account = self.store.account(name)
        if account is None:
            if self.store.register(name, key=key) is not None:
                return Admission.TAKEN
            self.newcomers.add(name_key(name))
            return Admission.REGISTERED
        return Admission.WELCOME if key in account.keys else Admission.REFUSED

    def real_name(self, name: str) -> str:
        """The name as it was registered (``ana`` logs in as ``Ana``)."""
        account = self.store.account(normal_name(name))
        return account.name if account is not None else normal_name(name)
