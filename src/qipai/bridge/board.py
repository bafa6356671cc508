"""Board numbers fix the dealer and the vulnerability (Law 2), in the standard 16-board cycle.

>>> dealer_of(1), vulnerability_of(1)
(Seat.NORTH, Vulnerability.NONE)
>>> dealer_of(16), vulnerability_of(16)
(Seat.WEST, Vulnerability.EW)
>>> vulnerability_of(17) is vulnerability_of(1)
True
"""

from __future__ import annotations

from enum import Enum

from .cards import Seat, Side
from .errors import ParseError
from .names import display_name


class Vulnerability(Enum):
    """Which sides are vulnerable (局况). The text forms are PBN's."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        side = who.side if isinstance(who, Seat) else who
        if self is Vulnerability.BOTH:
            return True
        return bool(self.value == side.value)

    def display(self, lang: str = "en") -> str:
        key = {"None": "vul_none", "NS": "vul_ns", "EW": "vul_ew", "All": "vul_both"}[self.value]
        return display_name(key, lang)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read PBN (``None``, ``NS``, ``EW``, ``All``) and the usual other spellings."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        found = _VUL_WORDS.get(key)
        if found is None:
            raise ParseError(f"unknown vulnerability {text!r}: use None, NS, EW or All")
        return found


_VUL_WORDS = {
    "": Vulnerability.NONE,
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "O": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "N": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "E": Vulnerability.EW,
    "ALL": Vulnerability.BOTH,
    "BOTH": Vulnerability.BOTH,
    "B": Vulnerability.BOTH,
}

# Vulnerability of boards 1..16; the cycle then repeats.
_CYCLE = [
    "-",
    "NS",
    "EW",
    "All",
    "NS",
    "EW",
    "All",
    "-",
    "EW",
    "All",
    "-",
    "NS",
    "All",
    "-",
    "NS",
    "EW",
]


def _check(number: int) -> None:
    if number < 1:
        raise ValueError(f"board numbers start at 1, not {number}")


def dealer_of(number: int) -> Seat:
    """Board 1 North, 2 East, 3 South, 4 West, and so on round the table."""
    _check(number)
    return Seat((number - 1) % 4)


def vulnerability_of(number: int) -> Vulnerability:
    """The standard vulnerability of a board number (Law 2)."""
    _check(number)
    return Vulnerability.parse(_CYCLE[(number - 1) % 16])
