"""Calls (Law 18): a bid, pass, double or redouble, and contracts.

>>> parse_call("1nt"), parse_call("Pass"), parse_call("xx")
(Bid(1, Strain.NOTRUMP), PASS, REDOUBLE)
>>> str(Contract.parse("4sx"))
'4SX'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .cards import Strain
from .errors import ParseError
from .names import display_name


@dataclass(frozen=True, slots=True)
class Call:
    """Base of the four kinds of call."""

    @property
    def is_bid(self) -> bool:
        return False

    def display(self, lang: str = "en") -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Bid(Call):
    """A bid of a level (1-7) and a strain. Bids order by rank (Law 18B)."""

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(f"a bid's level is 1 to 7, not {self.level}")
        if not isinstance(self.strain, Strain):
            raise ParseError(f"a bid's strain must be a Strain, not {self.strain!r}")

    def __eq__(self, other: object) -> bool:
        # What the generated method answers, without the round trip through the other
        # call's method when comparing with a pass, double or redouble (auctions do, a lot).
        if isinstance(other, Bid) and other.__class__ is self.__class__:
            return self.level == other.level and self.strain == other.strain
        return False if isinstance(other, Call) else NotImplemented

    @property
    def is_bid(self) -> bool:
        return True

    @property
    def rank(self) -> int:
        """0 for 1C up to 34 for 7NT."""
        return (self.level - 1) * 5 + self.strain

    def __lt__(self, other: Bid) -> bool:
        return self.rank < other.rank

    def __le__(self, other: Bid) -> bool:
        return self.rank <= other.rank

    def display(self, lang: str = "en") -> str:
        if lang.startswith("zh"):
            return f"{self.level}{display_name(self.strain.name.lower(), 'zh')}"
        sym = "NT" if self.strain is Strain.NOTRUMP else "♣♦♥♠"[self.strain]
        return f"{self.level}{sym}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, {self.strain!r})"


@dataclass(frozen=True, slots=True)
class _Simple(Call):
    word: str

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, _Simple) and other.__class__ is self.__class__:
            return self.word == other.word
        return False if isinstance(other, Call) else NotImplemented

    def display(self, lang: str = "en") -> str:
        return display_name({"P": "pass", "X": "double", "XX": "redouble"}[self.word], lang)

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return {"P": "PASS", "X": "DOUBLE", "XX": "REDOUBLE"}[self.word]


PASS: Call = _Simple("P")
DOUBLE: Call = _Simple("X")
REDOUBLE: Call = _Simple("XX")

ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)

_WORDS = {
    "P": PASS,
    "PASS": PASS,
    "AP": PASS,  # not a call by itself: the PBN reader expands "AP" (all pass)
    "不叫": PASS,
    "X": DOUBLE,
    "D": DOUBLE,
    "DBL": DOUBLE,
    "DOUBLE": DOUBLE,
    "加倍": DOUBLE,
    "XX": REDOUBLE,
    "R": REDOUBLE,
    "RDBL": REDOUBLE,
    "REDOUBLE": REDOUBLE,
    "再加倍": REDOUBLE,
}


def parse_call(text: str) -> Call:
    """Read a call: ``1S``, ``1NT``/``1N``, ``P``/``Pass``, ``X``, ``XX``."""
    key = text.strip().upper()
    if key in _WORDS and key != "AP":
        return _WORDS[key]
    if len(key) >= 2 and key[0] in "1234567":
        try:
            return ALL_BIDS[(int(key[0]) - 1) * 5 + Strain.parse(key[1:])]
        except ParseError:
            pass
    raise ParseError(f"bad call {text!r}: use a bid like 1C..7NT, or P, X, XX")


class Doubling(IntEnum):
    """A contract's doubling: undoubled, doubled (X) or redoubled (XX)."""

    NONE = 1
    DOUBLED = 2
    REDOUBLED = 4

    def __str__(self) -> str:
        return {1: "", 2: "X", 4: "XX"}[self]


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid and its doubling (Law 22). Declarer is kept beside it, not in it."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(f"a contract's level is 1 to 7, not {self.level}")

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.strain)

    @property
    def tricks_needed(self) -> int:
        """Book (6) plus the level."""
        return 6 + self.level

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``4S``, ``3NT``/``3N``, ``6HX``, ``7NTXX`` (case does not matter)."""
        key = text.strip().upper().replace("*", "X")
        doubling = Doubling.NONE
        if key.endswith("XX"):
            doubling, key = Doubling.REDOUBLED, key[:-2]
        elif key.endswith("X"):
            doubling, key = Doubling.DOUBLED, key[:-1]
        try:
            call = parse_call(key)
        except ParseError:
            call = None
        if not isinstance(call, Bid):
            raise ParseError(
                f"bad contract {text!r}: use level and strain with X or XX, like 4S, 3NT, 6HX"
            )
        return cls(call.level, call.strain, doubling)

    def display(self, lang: str = "en") -> str:
        return self.bid.display(lang) + str(self.doubling)

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}{self.doubling}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"
