"""Accounts: Argon2 password hashes, name and password rules, CSRF tokens, and a login rate limit.

>>> check_name("张三_99")
'张三_99'
>>> check_name("ＡＮＮ")
'ANN'
>>> for name in ("guest-1", "ｇｕｅｓｔ1", "rоbot"):  # full-width; a Cyrillic о
...     try:
...         check_name(name)
...     except AuthError as e:
...         print(e)
names starting with 'guest' or 'robot' are reserved
names starting with 'guest' or 'robot' are reserved
names starting with 'guest' or 'robot' are reserved
"""

from __future__ import annotations

import hmac
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ..store.names import name_key

NAME_RE = re.compile(r"^[^\W_][\w-]{1,19}$")
RESERVED = ("guest", "robot")
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic (в т к м н: their capitals В Т К М Н pass for B T K M H)
        **dict(zip("аеіјорсухѕԁһԛԝвткмн", "aeijopcyxsdhqwbtkmh", strict=True)),
        **dict(zip("αβεηικνορτυχ", "abehiknoptux", strict=True)),  # Greek (Η for H)
        **dict(zip("0135ɡ", "oiesg", strict=True)),  # digits, Latin script g
    }
)
"""A small confusables skeleton (after ``name_key``): the Cyrillic, Greek and digit letters
that pass for the Latin ones of the reserved prefixes. Unicode's full table is far larger;
the reserved words need only these."""
PASSWORD_MIN, PASSWORD_MAX = 8, 128


class AuthError(ValueError):
    """Bad credentials or a bad name or password; the text is shown to the user."""


def check_name(name: object) -> str:
    """A name for a new account, NFKC-normalised (full-width letters become plain ones);
    AuthError unless it has the right letters and looks like no reserved prefix."""
    if isinstance(name, str):
        name = unicodedata.normalize("NFKC", name.strip())
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise AuthError(
            "a name is 2 to 20 letters, digits, '_' or '-', starting with a letter or digit"
        )
    if name_key(name).translate(LOOK_ALIKES).startswith(RESERVED):
        raise AuthError("names starting with 'guest' or 'robot' are reserved")
    return name


def check_password(password: object) -> str:
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AuthError(f"a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters long")
    return password


class Passwords:
    """Argon2id hashing (argon2-cffi's defaults unless a hasher is given)."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self._hasher = hasher or PasswordHasher()
        self._dummy = self._hasher.hash(secrets.token_hex(8))

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """True if ``password`` matches; a missing hash costs the same time as a wrong one."""
        try:
            return self._hasher.verify(stored or self._dummy, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


def new_token() -> str:
    return secrets.token_urlsafe(24)


def same_token(a: object, b: object) -> bool:
    """Constant-time comparison of two tokens (False unless both are non-empty strings)."""
    if not isinstance(a, str) or not isinstance(b, str) or not a or not b:
        return False
    return hmac.compare_digest(a.encode(), b.encode())


class RateLimiter:
    """At most ``limit`` hits per key within ``window`` seconds (a sliding window).

    >>> now = [0.0]
    >>> r = RateLimiter(2, 60, clock=lambda: now[0])
    >>> r.hit("a"); r.hit("a"); r.retry_after("a")
    60.0
    >>> now[0] = 61; r.retry_after("a")
    0.0
    """

    def __init__(
        self, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._hits: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        hits = self._hits.get(key)
        if hits is None:
            return deque()
        cutoff = self._clock() - self.window
        while hits and hits[0] <= cutoff:
            hits.popleft()
        if not hits:
            del self._hits[key]
        return hits

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again; 0 if it may now."""
        hits = self._recent(key)
        if len(hits) < self.limit:
            return 0.0
        return max(0.0, hits[0] + self.window - self._clock())

    def hit(self, key: str) -> None:
        if len(self._hits) > 100_000:  # bound memory under a flood of distinct keys
            for k in list(self._hits)[:50_000]:
                self._recent(k)
        self._hits.setdefault(key, deque()).append(self._clock())

    def reset(self, key: str) -> None:
        self._hits.pop(key, None)


class TokenBucket:
    """A per-connection message budget: ``burst`` at once, refilled at ``rate`` a second."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = burst
        self._at = clock()

    def take(self, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are that many (False, spending none, if not).

        >>> b = TokenBucket(1.0, 5.0, clock=lambda: 0.0)
        >>> b.take(4), b.take(2), b.take()
        (True, False, True)
        """
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < cost:
            return False
        self._tokens -= cost
        return True
