# Frozen copy of src/qipai/robots at commit 74e2cfe (issue #26's start): do not edit.
"""What a call tells about the hidden hand that made it: ranges of HCP and suit lengths.

These are the values a bidding system hands to anything that reasons about unseen cards (robots
reading the table, the double-dummy sampler later): one ``HandConstraints`` per call, and one per
seat for the whole auction, the intersection of that seat's calls.

>>> c = HandConstraints.any().with_hcp(15, 17).with_length(Suit.SPADES, 5, 13)
>>> str(c)
'15-17 HCP, S 5+'
>>> c.admits(Hand.parse("AKQJ2.K32.Q2.432"))
True
>>> c.intersect(HandConstraints.any().with_hcp(0, 12)).is_empty
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from qipai.bridge.cards import SUITS_HIGH_FIRST, Suit
from qipai.bridge.deal import Hand

MAX_HCP = 37
Range = tuple[int, int]


def _meet(a: Range, b: Range) -> Range:
    return (max(a[0], b[0]), min(a[1], b[1]))


def _join(a: Range, b: Range) -> Range:
    return (min(a[0], b[0]), max(a[1], b[1]))


def range_text(lo: int, hi: int, top: int) -> str:
    """``5+``, ``-11``, ``12-14``, ``6`` — the same forms a system file uses."""
    if lo == hi:
        return str(lo)
    if hi >= top:
        return f"{lo}+"
    if lo <= 0:
        return f"-{hi}"
    return f"{lo}-{hi}"


@dataclass(frozen=True, slots=True)
class HandConstraints:
    """Inclusive ranges for one hidden hand: HCP, and the length of each suit (by ``Suit``
    index, clubs first). ``keycards`` holds the keycard counts a hand may hold when an answer
    to RKCB has shown them (None when not shown)."""

    hcp: Range = (0, MAX_HCP)
    lengths: tuple[Range, Range, Range, Range] = ((0, 13), (0, 13), (0, 13), (0, 13))
    keycards: frozenset[int] | None = field(default=None)

    @classmethod
    def any(cls) -> HandConstraints:
        return cls()

    def with_hcp(self, lo: int, hi: int) -> HandConstraints:
        return replace(self, hcp=_meet(self.hcp, (lo, hi)))

    def with_length(self, suit: Suit, lo: int, hi: int) -> HandConstraints:
        ls = list(self.lengths)
        ls[suit] = _meet(ls[suit], (lo, hi))
        return replace(self, lengths=(ls[0], ls[1], ls[2], ls[3]))

    def with_keycards(self, counts: Iterable[int]) -> HandConstraints:
        kc = frozenset(counts)
        if self.keycards is not None:
            kc &= self.keycards
        return replace(self, keycards=kc)

    def length(self, suit: Suit) -> Range:
        return self.lengths[suit]

    @property
    def is_empty(self) -> bool:
        """True when no hand fits (the calls contradict each other)."""
        if self.hcp[0] > self.hcp[1] or any(lo > hi for lo, hi in self.lengths):
            return True
        if sum(lo for lo, _ in self.lengths) > 13 or sum(hi for _, hi in self.lengths) < 13:
            return True
        return self.keycards is not None and not self.keycards

    @property
    def is_unconstrained(self) -> bool:
        return self == HandConstraints()

    def intersect(self, other: HandConstraints) -> HandConstraints:
        """Both hold: what two calls by the same hand say together."""
        if self.keycards is None:
            kc = other.keycards
        elif other.keycards is None:
            kc = self.keycards
        else:
            kc = self.keycards & other.keycards
        ls = tuple(_meet(a, b) for a, b in zip(self.lengths, other.lengths, strict=True))
        return HandConstraints(_meet(self.hcp, other.hcp), (ls[0], ls[1], ls[2], ls[3]), kc)

    def hull(self, other: HandConstraints) -> HandConstraints:
        """One or the other holds: the smallest ranges covering both."""
        kc = None
        if self.keycards is not None and other.keycards is not None:
            kc = self.keycards | other.keycards
        ls = tuple(_join(a, b) for a, b in zip(self.lengths, other.lengths, strict=True))
        return HandConstraints(_join(self.hcp, other.hcp), (ls[0], ls[1], ls[2], ls[3]), kc)

    def tightened(self) -> HandConstraints:
        """The same set of hands with each length range narrowed by the other suits' ranges
        (a hand has 13 cards): e.g. three suits of at most 3 leave the fourth at least 4."""
        ls = list(self.lengths)
        for _ in range(2):
            for s in range(4):
                others_lo = sum(ls[t][0] for t in range(4) if t != s)
                others_hi = sum(ls[t][1] for t in range(4) if t != s)
                ls[s] = _meet(ls[s], (13 - others_hi, 13 - others_lo))
        return replace(self, lengths=(ls[0], ls[1], ls[2], ls[3]))

    def admits(self, hand: Hand) -> bool:
        """Does this (complete, 13-card) hand fit? Keycards are not checked (they need a
        trump suit)."""
        if not self.hcp[0] <= hand.hcp <= self.hcp[1]:
            return False
        return all(lo <= hand.length(Suit(s)) <= hi for s, (lo, hi) in enumerate(self.lengths))

    def ranges(self) -> dict[str, tuple[int, int]]:
        """Keyword ranges in the dealer's terms, so that
        ``qipai.analysis.dealer.HandConstraint(seat, **c.ranges())`` samples hands fitting
        these constraints (keycards aside).

        >>> HandConstraints().with_hcp(15, 17).ranges()["hcp"]
        (15, 17)
        """
        out = {"hcp": self.hcp}
        for suit in SUITS_HIGH_FIRST:
            out[suit.name.lower()] = self.lengths[suit]
        return out

    def as_dict(self) -> dict[str, object]:
        """A plain form for JSON and for the dealer: ``{"hcp": [lo, hi], "S": [lo, hi], ...}``."""
        out: dict[str, object] = {"hcp": list(self.hcp)}
        for suit in SUITS_HIGH_FIRST:
            out[suit.letter] = list(self.lengths[suit])
        if self.keycards is not None:
            out["keycards"] = sorted(self.keycards)
        return out

    def __str__(self) -> str:
        parts: list[str] = []
        if self.hcp != (0, MAX_HCP):
            parts.append(f"{range_text(*self.hcp, MAX_HCP)} HCP")
        for suit in SUITS_HIGH_FIRST:
            lo, hi = self.lengths[suit]
            if (lo, hi) != (0, 13):
                parts.append(f"{suit.letter} {range_text(lo, hi, 13)}")
        if self.keycards is not None:
            parts.append("keycards " + "/".join(str(k) for k in sorted(self.keycards)))
        return ", ".join(parts) if parts else "no constraint"
