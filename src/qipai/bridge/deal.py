"""Hands and deals: who holds which 13 cards.

A deal's text form is PBN's ``Deal`` tag: the first seat, a colon, then four hands clockwise,
each ``spades.hearts.diamonds.clubs``.

>>> d = Deal.from_seed(7)
>>> Deal.parse(str(d)) == d
True
>>> Hand.parse("AKQJ.T98.765.432").hcp
10
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from operator import attrgetter

from .cards import DECK, SUITS_HIGH_FIRST, Card, Rank, Seat, Suit
from .errors import ParseError

_ORDER = attrgetter("_index")
_HCP = tuple(c.rank.hcp for c in DECK)
_NO_LENGTHS = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one seat, kept sorted high to low within suit."""

    cards: frozenset[Card]
    # Worked out the first time one is asked for: the cards high to low (spades first, so a
    # suit's cards are a slice), the suit lengths (clubs first) and the HCP. Few objects, as
    # the garbage collector walks every hand kept.
    _ordered: tuple[Card, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _lengths: tuple[int, int, int, int] = field(
        default=_NO_LENGTHS, init=False, repr=False, compare=False
    )
    _hcp: int = field(default=0, init=False, repr=False, compare=False)

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        object.__setattr__(self, "cards", frozenset(cards))
        object.__setattr__(self, "_ordered", None)
        object.__setattr__(self, "_lengths", _NO_LENGTHS)
        object.__setattr__(self, "_hcp", 0)

    def _sorted(self) -> tuple[Card, ...]:
        ordered = self._ordered
        if ordered is None:
            ordered = tuple(sorted(self.cards, key=_ORDER, reverse=True))
            lengths = [0, 0, 0, 0]
            hcp = 0
            for c in ordered:
                lengths[c.suit] += 1
                hcp += _HCP[c._index]
            object.__setattr__(self, "_lengths", (lengths[0], lengths[1], lengths[2], lengths[3]))
            object.__setattr__(self, "_hcp", hcp)
            object.__setattr__(self, "_ordered", ordered)
        return ordered

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read ``AKQ.JT9.-.8765432`` (PBN order: spades, hearts, diamonds, clubs)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(f"bad hand {text!r}: need four suits separated by dots")
        cards: list[Card] = []
        for suit, holding in zip(SUITS_HIGH_FIRST, parts, strict=True):
            holding = holding.strip()
            if holding == "-":
                continue
            holding = holding.upper().replace("10", "T")
            for ch in holding:
                try:
                    cards.append(DECK[suit * 13 + Rank.parse(ch) - 2])
                except ParseError:
                    raise ParseError(f"bad hand {text!r}: {ch!r} is not a rank") from None
        if len(set(cards)) != len(cards):
            raise ParseError(f"bad hand {text!r}: a card appears twice")
        return cls(cards)

    def suit(self, suit: Suit) -> list[Card]:
        """The cards of one suit, highest first."""
        ordered = self._sorted()
        lengths = self._lengths
        start = sum(lengths[suit + 1 :])  # the higher suits come first
        return list(ordered[start : start + lengths[suit]])

    def length(self, suit: Suit) -> int:
        if self._ordered is None:
            self._sorted()
        return self._lengths[suit]

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths spades, hearts, diamonds, clubs."""
        if self._ordered is None:
            self._sorted()
        c, d, h, s = self._lengths
        return (s, h, d, c)

    @property
    def hcp(self) -> int:
        if self._ordered is None:
            self._sorted()
        return self._hcp

    def without(self, card: Card) -> Hand:
        return Hand(self.cards - {card})

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self._sorted())

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return ".".join("".join(c.rank.letter for c in self.suit(s)) for s in SUITS_HIGH_FIRST)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board. Any seat's hand may be unknown (an empty hand)
    only while reading partial records; a deal built for play holds all 52 cards."""

    north: Hand
    east: Hand
    south: Hand
    west: Hand

    def __getitem__(self, seat: Seat) -> Hand:
        return (self.north, self.east, self.south, self.west)[seat]

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand]) -> Deal:
        deal = cls(*(hands.get(seat, Hand()) for seat in Seat))
        deal._check_distinct()
        return deal

    def _check_distinct(self) -> None:
        seen: set[Card] = set()
        for seat in Seat:
            hand = self[seat]
            if len(hand) > 13:
                raise ParseError(f"{seat.name.title()} holds {len(hand)} cards, more than 13")
            twice = seen & hand.cards
            if twice:
                raise ParseError(f"card {min(twice)} is dealt twice")
            seen |= hand.cards

    @property
    def is_complete(self) -> bool:
        return all(len(self[s]) == 13 for s in Seat)

    def check_complete(self) -> None:
        """Raise ParseError unless every seat holds 13 different cards."""
        for seat in Seat:
            if len(self[seat]) != 13:
                raise ParseError(f"{seat.name.title()} holds {len(self[seat])} cards, not 13")

    def holder(self, card: Card) -> Seat:
        for seat in Seat:
            if card in self[seat]:
                return seat
        raise KeyError(f"{card} is in no hand")

    def replace(self, seat: Seat, hand: Hand) -> Deal:
        hands = {s: self[s] for s in Seat}
        hands[seat] = hand
        return Deal.from_hands(hands)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a PBN deal: ``N:AKQ.. ... ... ...``; ``-`` stands for an unknown hand."""
        t = text.strip()
        if len(t) < 2 or t[1] != ":":
            raise ParseError(f"bad deal {text!r}: must start with the first seat, like 'N:'")
        first = Seat.parse(t[0])
        parts = t[2:].split()
        if len(parts) != 4:
            raise ParseError(f"bad deal {text!r}: need four hands, found {len(parts)}")
        hands: dict[Seat, Hand] = {}
        for seat, part in zip(first.following(), parts, strict=True):
            hands[seat] = Hand() if part == "-" else Hand.parse(part)
        return cls.from_hands(hands)

    def pbn(self, first: Seat = Seat.NORTH) -> str:
        return f"{first.letter}:" + " ".join(
            str(self[s]) if len(self[s]) else "-" for s in first.following()
        )

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Deal.parse({self.pbn()!r})"

    @classmethod
    def from_seed(cls, seed: int | str) -> Deal:
        """Deal a board from a seed: the same seed gives the same deal on every machine.

        A Fisher-Yates shuffle driven by SHA-256 in counter mode, with rejection sampling so
        every deal is equally likely; no dependence on Python's ``random`` algorithms.
        """
        stream = _ByteStream(f"qipai-deal:{seed}".encode())
        order = list(range(52))
        for i in range(51, 0, -1):
            j = stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return cls(*(Hand(DECK[k] for k in order[13 * s : 13 * s + 13]) for s in range(4)))


class _ByteStream:
    """Uniform integers from SHA-256(seed || counter)."""

    def __init__(self, seed: bytes) -> None:
        self._seed = seed
        self._counter = 0
        self._buf = b""

    def _byte(self) -> int:
        if not self._buf:
            self._buf = hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
        b, self._buf = self._buf[0], self._buf[1:]
        return b

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) for n <= 256, by rejection."""
        limit = 256 - 256 % n
        while True:
            b = self._byte()
            if b < limit:
                return b % n
