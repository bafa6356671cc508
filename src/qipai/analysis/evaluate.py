"""Hand evaluation: points, controls, losers, shape and suit quality.

Two layers over the same rules:

* plain functions of one :class:`~qipai.bridge.deal.Hand` (``hcp``, ``losers``, ``pattern`` ...),
  written card by card for clarity. These are the one set of hand measures: the robots' system
  files name them by their terms (``hcp``, ``pts``, ``balanced``, ``stop x`` ...,
  ``qipai.robots.requirements``) and the dealer counts the same things in bulk;
* vectorised forms over many deals for the dealer. A *holding* is one suit of one hand as a
  13-bit integer, bit ``rank - 2`` (two = bit 0, ace = bit 12), so a hand is a 52-bit mask whose
  bit ``Card.index`` is set for each card held, and ``(mask >> 13 * suit) & 8191`` is its holding
  in ``suit``. Every per-suit measure is then one lookup in an 8192-entry table
  (``HCP_TABLE[holding]``), and :class:`DealFeatures` reads them for whole batches of deals.

Arrays indexed by suit follow :class:`~qipai.bridge.cards.Suit` (clubs 0 .. spades 3, as
``Card.index`` does); shapes written as tuples or patterns follow bridge usage, spades first.

>>> from qipai.bridge.deal import Hand
>>> h = Hand.parse("AKJ5.Q62.T84.K93")
>>> hcp(h), controls(h), losers(h), shape(h), pattern(h), is_balanced(h)
(13, 4, 8, (4, 3, 3, 3), '4333', True)
>>> int(HCP_TABLE[holding(h, Suit.SPADES)]), int(LOSERS_TABLE[holding(h, Suit.HEARTS)])
(8, 2)
>>> BALANCED.contains((4, 4, 3, 2)), SEMI_BALANCED.contains((2, 6, 3, 2))
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..bridge.cards import SUITS_HIGH_FIRST, Card, Rank, Seat, Suit
from ..bridge.deal import Hand
from ..bridge.errors import ParseError

__all__ = [
    "BALANCED",
    "BALANCED_PATTERNS",
    "CONTROLS_TABLE",
    "HCP_TABLE",
    "HONOURS_TABLE",
    "LENGTH_TABLE",
    "LOSERS_TABLE",
    "SEMI_BALANCED",
    "SEMI_BALANCED_PATTERNS",
    "SUIT_QUALITY_TABLE",
    "DealFeatures",
    "ShapeSet",
    "aces",
    "controls",
    "controls_array",
    "dummy_points",
    "has_stopper",
    "hcp",
    "hcp_array",
    "holding",
    "holdings_from_masks",
    "honours",
    "is_balanced",
    "is_controlled",
    "is_good_suit",
    "is_semi_balanced",
    "is_two_suiter",
    "keycards",
    "kings",
    "length_points",
    "lengths_array",
    "longest_first",
    "losers",
    "losers_array",
    "masks_from_owners",
    "pattern",
    "point_table",
    "rule_of_15",
    "rule_of_20",
    "shape",
    "side_kings",
    "suit_quality",
    "top_three",
]

# ---------------------------------------------------------------------------------------------
# One hand, card by card.

_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def _cards(hand: Hand, suit: Suit | None) -> Iterable[Card]:
    return hand.cards if suit is None else (c for c in hand.cards if c.suit == suit)


def hcp(hand: Hand, suit: Suit | None = None) -> int:
    """Milton Work high-card points (A 4, K 3, Q 2, J 1), of the hand or of one suit.

    >>> hcp(Hand.parse("AKQJ.T98.765.432"), Suit.SPADES)
    10
    """
    if suit is None:
        return hand.hcp  # the same sum, counted once per hand by the rules core
    return sum(c.rank.hcp for c in _cards(hand, suit))


def controls(hand: Hand, suit: Suit | None = None) -> int:
    """Controls: ace 2, king 1 (so a full deal holds 12).

    >>> controls(Hand.parse("AK2.K32.A32.5432"))
    6
    """
    points = {Rank.ACE: 2, Rank.KING: 1}
    return sum(points.get(c.rank, 0) for c in _cards(hand, suit))


def aces(hand: Hand) -> int:
    return sum(1 for c in hand.cards if c.rank == Rank.ACE)


def kings(hand: Hand) -> int:
    return sum(1 for c in hand.cards if c.rank == Rank.KING)


def losers(hand: Hand, suit: Suit | None = None) -> int:
    """Losing-trick count (LTC), of the hand or of one suit.

    The standard rule: only the first three cards of a suit can lose, so a suit of length
    ``n`` has ``min(n, 3)`` potential losers, less one for each of the ace, king and queen
    held among the top ``min(n, 3)`` ranks. So a void has 0 losers; a singleton 0 if it is
    the ace, else 1; a doubleton AK 0, Ax or Kx 1, anything else (Qx too) 2; three or more
    cards 3 less one for each of A, K, Q held. A hand has 0 to 12 losers.

    >>> [losers(Hand.parse(t), Suit.SPADES) for t in ("-.AKQJT98765432..", "A.AKQJT9876543..",
    ...     "K.AKQJT9876543..", "KQ.AKQJT987654..", "Q2.AKQJT987654..", "AQ2.AKQJT98765..")]
    [0, 0, 1, 1, 2, 1]
    """
    if suit is None:
        return sum(losers(hand, s) for s in Suit)
    held = {c.rank for c in hand.cards if c.suit == suit}
    top = min(len(held), 3)
    return top - sum(1 for r in (Rank.ACE, Rank.KING, Rank.QUEEN)[:top] if r in held)


def length_points(hand: Hand) -> int:
    """HCP plus one for each card past the fourth in a suit.

    >>> length_points(Hand.parse("AKQ632.K93.Q4.65"))
    16
    """
    return hand.hcp + sum(max(0, n - 4) for n in hand.shape)


def dummy_points(hand: Hand) -> int:
    """HCP plus shortness, for raising partner: void 3, singleton 2, doubleton 1.

    >>> dummy_points(Hand.parse("KQ632.K932.Q54.-"))
    13
    """
    return hand.hcp + sum({0: 3, 1: 2, 2: 1}.get(n, 0) for n in hand.shape)


def shape(hand: Hand) -> tuple[int, int, int, int]:
    """Suit lengths spades, hearts, diamonds, clubs."""
    return hand.shape


def longest_first(hand: Hand) -> tuple[int, int, int, int]:
    """The suit lengths longest first: ``(5, 3, 3, 2)`` for any 5-3-3-2 hand."""
    a, b, c, d = sorted(hand.shape, reverse=True)
    return (a, b, c, d)


def pattern(hand: Hand) -> str:
    """The suit lengths longest first, like ``"5332"`` (a 10-card suit reads ``"10300"``)."""
    return "".join(str(n) for n in longest_first(hand))


# The patterns (longest first) of a balanced and of a semi-balanced hand, in any suits: the
# one definition, read by ``is_balanced``, ``is_semi_balanced``, ``BALANCED`` and
# ``SEMI_BALANCED`` alike. 7-2-2-2 has no singleton or void but is neither.
BALANCED_PATTERNS: frozenset[tuple[int, int, int, int]] = frozenset(
    {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}
)
SEMI_BALANCED_PATTERNS: frozenset[tuple[int, int, int, int]] = BALANCED_PATTERNS | {
    (5, 4, 2, 2),
    (6, 3, 2, 2),
}


def is_balanced(hand: Hand) -> bool:
    """4333, 4432 or 5332, in any suits."""
    return longest_first(hand) in BALANCED_PATTERNS


def is_semi_balanced(hand: Hand) -> bool:
    """Balanced, or 5422 or 6322, in any suits (so not 7222).

    >>> is_semi_balanced(Hand.parse("AKQJ432.K9.Q4.65"))
    False
    """
    return longest_first(hand) in SEMI_BALANCED_PATTERNS


def is_two_suiter(hand: Hand) -> bool:
    """Two suits (or more) of five or more cards."""
    return longest_first(hand)[1] >= 5


def rule_of_20(hand: Hand) -> bool:
    """HCP plus the lengths of the two longest suits make 20 or more (an opening bid)."""
    first, second, _, _ = longest_first(hand)
    return hand.hcp + first + second >= 20


def rule_of_15(hand: Hand) -> bool:
    """HCP plus the spades make 15 or more (opening in fourth seat)."""
    return hand.hcp + hand.length(Suit.SPADES) >= 15


def _ranks(hand: Hand, suit: Suit) -> set[Rank]:
    return {c.rank for c in _cards(hand, suit)}


def top_three(hand: Hand, suit: Suit) -> int:
    """How many of the ace, king and queen the hand holds in ``suit``."""
    return len(_ranks(hand, suit) & {Rank.ACE, Rank.KING, Rank.QUEEN})


def has_stopper(hand: Hand, suit: Suit) -> bool:
    """A, Kx, Qxx or Jxxx (or better) in ``suit``."""
    rs, n = _ranks(hand, suit), hand.length(suit)
    return (
        Rank.ACE in rs
        or (Rank.KING in rs and n >= 2)
        or (Rank.QUEEN in rs and n >= 3)
        or (Rank.JACK in rs and n >= 4)
    )


def is_good_suit(hand: Hand, suit: Suit) -> bool:
    """Two of the top three honours, or three of the top five."""
    return top_three(hand, suit) >= 2 or honours(hand, suit) >= 3


def is_controlled(hand: Hand, suit: Suit) -> bool:
    """First- or second-round control: ace, king, singleton or void."""
    rs = _ranks(hand, suit)
    return hand.length(suit) <= 1 or Rank.ACE in rs or Rank.KING in rs


def keycards(hand: Hand, trump: Suit) -> int:
    """The four aces and the trump king (Roman Key Card Blackwood)."""
    trump_king = any(c.suit == trump and c.rank == Rank.KING for c in hand.cards)
    return aces(hand) + (1 if trump_king else 0)


def side_kings(hand: Hand, trump: Suit) -> int:
    """Kings outside the trump suit (the king ask's answer)."""
    return sum(1 for c in hand.cards if c.rank == Rank.KING and c.suit != trump)


def honours(hand: Hand, suit: Suit) -> int:
    """How many of the five top honours (A K Q J T) the hand holds in ``suit``."""
    return sum(1 for c in _cards(hand, suit) if c.rank in _HONOURS)


def suit_quality(hand: Hand, suit: Suit) -> int:
    """The Suit Quality Test: length plus the number of top honours (A K Q J T) in the suit.

    A rule of thumb (Ron Klinger's): an overcall or preempt should have a suit quality at
    least the number of tricks it bids for, e.g. 8 for a two-level overcall.

    >>> suit_quality(Hand.parse("KQT952.A3.84.J72"), Suit.SPADES)
    9
    """
    return hand.length(suit) + honours(hand, suit)


def holding(hand: Hand, suit: Suit) -> int:
    """The 13-bit holding of one suit: bit ``rank - 2`` set for each card held."""
    return sum(1 << (c.rank - 2) for c in _cards(hand, suit))


# ---------------------------------------------------------------------------------------------
# Tables over all 8192 holdings, built from the bits (independently of the functions above,
# which the tests compare them with).

_H = np.arange(8192, dtype=np.int64)
_BITS = (_H[:, None] >> np.arange(13)) & 1  # (8192, 13), column r is rank r + 2
_ACE, _KING, _QUEEN = _BITS[:, 12], _BITS[:, 11], _BITS[:, 10]


def point_table(scale: Iterable[float]) -> NDArray[Any]:
    """A per-holding table for a point scale listed from the ace down (``[4, 3, 2, 1]`` is HCP).

    Integer scales give int64 tables, others float64.

    >>> int(point_table([4, 3, 2, 1])[0b1_1000_0000_0000])
    7
    """
    values = list(scale)
    if len(values) > 13:
        raise ValueError(f"a point scale has at most 13 values, not {len(values)}")
    weights = np.zeros(13, dtype=np.float64)
    weights[13 - len(values) :] = values[::-1]
    table = _BITS @ weights
    if all(float(v).is_integer() for v in values):
        return table.astype(np.int64)
    return table


def _frozen(a: NDArray[Any]) -> NDArray[Any]:
    a.setflags(write=False)
    return a


LENGTH_TABLE: NDArray[np.int64] = _frozen(_BITS.sum(axis=1))
HCP_TABLE: NDArray[np.int64] = _frozen(point_table([4, 3, 2, 1]))
CONTROLS_TABLE: NDArray[np.int64] = _frozen(2 * _ACE + _KING)
HONOURS_TABLE: NDArray[np.int64] = _frozen(_BITS[:, 8:].sum(axis=1))
SUIT_QUALITY_TABLE: NDArray[np.int64] = _frozen(LENGTH_TABLE + HONOURS_TABLE)
_TOP = np.minimum(LENGTH_TABLE, 3)
LOSERS_TABLE: NDArray[np.int64] = _frozen(_TOP - _ACE - _KING * (_TOP >= 2) - _QUEEN * (_TOP >= 3))


def holdings_from_masks(masks: NDArray[np.uint64]) -> NDArray[np.intp]:
    """52-bit hand masks, any shape ``(...)``, to holdings ``(..., 4)`` indexed by Suit."""
    shifts = np.arange(0, 52, 13, dtype=np.uint64)
    out = (masks[..., None] >> shifts) & np.uint64(8191)
    return out.astype(np.intp)


def masks_from_owners(owners: NDArray[np.uint8]) -> NDArray[np.uint64]:
    """``(n, 52)`` seat owners (index ``Card.index``, value a Seat) to ``(n, 4)`` hand masks."""
    return np.stack([_mask_of(owners, seat) for seat in Seat], axis=1)


def _mask_of(owners: NDArray[np.uint8], seat: int) -> NDArray[np.uint64]:
    n = owners.shape[0]
    packed = np.zeros((n, 8), dtype=np.uint8)
    packed[:, :7] = np.packbits(owners == seat, axis=1, bitorder="little")
    return packed.view("<u8")[:, 0].astype(np.uint64)


def hcp_array(holdings: NDArray[np.intp]) -> NDArray[np.int64]:
    """HCP of each hand from holdings ``(..., 4)``."""
    out: NDArray[np.int64] = HCP_TABLE[holdings].sum(axis=-1)
    return out


def controls_array(holdings: NDArray[np.intp]) -> NDArray[np.int64]:
    out: NDArray[np.int64] = CONTROLS_TABLE[holdings].sum(axis=-1)
    return out


def losers_array(holdings: NDArray[np.intp]) -> NDArray[np.int64]:
    out: NDArray[np.int64] = LOSERS_TABLE[holdings].sum(axis=-1)
    return out


def lengths_array(holdings: NDArray[np.intp]) -> NDArray[np.int64]:
    """Suit lengths ``(..., 4)`` in shape order: spades, hearts, diamonds, clubs."""
    return LENGTH_TABLE[holdings[..., ::-1]]


# ---------------------------------------------------------------------------------------------
# Shapes.

_CODES = 14**4  # a shape (s, h, d, c) has code ((s*14 + h)*14 + d)*14 + c


def _code(s: int, h: int, d: int, c: int) -> int:
    return ((s * 14 + h) * 14 + d) * 14 + c


def _all_shapes() -> Iterator[tuple[int, int, int, int]]:
    for s in range(14):
        for h in range(14 - s):
            for d in range(14 - s - h):
                yield (s, h, d, 13 - s - h - d)


# A spaced-out pattern (4-4-x-x), +, a lone - (removes), or any other word.
_SHAPE_TOKEN = re.compile(r"(?:\d+|x)(?:-(?:\d+|x)){3}(?![\w-])|\+|-|[^\s+-]+", re.I)


class ShapeSet:
    """A set of exact hand shapes (spades, hearts, diamonds, clubs), as in dealer's ``shape()``.

    Built from dealer's shape lists: a pattern is four characters, a digit or ``x`` (any) per
    suit, spades first; ``any`` before a pattern allows it in any order of suits; ``+`` adds
    and ``-`` removes, left to right. As an extension, ``balanced`` and ``semibalanced`` name
    those sets.

    >>> s = ShapeSet.parse("any 4333 + any 4432 + 5xxx - 5332")
    >>> (4, 3, 3, 3) in s, (3, 4, 3, 3) in s, (5, 4, 3, 1) in s, (5, 3, 3, 2) in s
    (True, True, True, False)
    >>> len(ShapeSet.parse("any 5xxx"))
    156
    """

    __slots__ = ("_table",)

    def __init__(self, shapes: Iterable[tuple[int, int, int, int]] = ()) -> None:
        table = np.zeros(_CODES, dtype=np.bool_)
        for sh in shapes:
            if len(sh) != 4 or sum(sh) != 13 or min(sh) < 0:
                raise ValueError(f"not a shape of 13 cards: {sh!r}")
            table[_code(*sh)] = True
        table.setflags(write=False)
        self._table = table

    @classmethod
    def _from_table(cls, table: NDArray[np.bool_]) -> ShapeSet:
        new = cls()
        table.setflags(write=False)
        new._table = table
        return new

    @classmethod
    def pattern(cls, text: str, any_order: bool = False) -> ShapeSet:
        """One dealer pattern like ``5xxx`` or ``4432``; with ``any_order``, as ``any 4432``.

        Lengths may also be written apart, ``4-4-x-x`` or ``10-3-0-0``.

        >>> len(ShapeSet.pattern("4432", any_order=True)), len(ShapeSet.pattern("4-4-x-x"))
        (12, 6)
        """
        t = text.strip().lower()
        parts = t.split("-") if "-" in t else list(t)
        if len(parts) != 4 or not all(p == "x" or (p.isdigit() and int(p) <= 13) for p in parts):
            raise ParseError(
                f"bad shape pattern {text!r}: write four digits or x, spades first, like 5xxx"
            )
        fixed = [None if p == "x" else int(p) for p in parts]
        total = sum(n for n in fixed if n is not None)
        if total > 13 or (None not in fixed and total != 13):
            raise ParseError(f"bad shape pattern {text!r}: the lengths must add up to 13")
        wanted = sorted(n for n in fixed if n is not None)
        free = fixed.count(None)
        shapes = []
        for sh in _all_shapes():
            if any_order:
                rest = list(sh)
                try:
                    for n in wanted:
                        rest.remove(n)
                except ValueError:
                    continue
                ok = len(rest) == free
            else:
                ok = all(f is None or f == n for f, n in zip(fixed, sh, strict=True))
            if ok:
                shapes.append(sh)
        return cls(shapes)

    @classmethod
    def parse(cls, text: str) -> ShapeSet:
        """A whole shape list: ``any 4333 + any 4432 + 5xxx - 5332``.

        >>> ShapeSet.parse("any 4-4-x-x - 4432") == ShapeSet.parse("any 44xx - 4432")
        True
        """
        tokens = _SHAPE_TOKEN.findall(text)
        result: ShapeSet | None = None
        op = "+"
        i = 0
        while i < len(tokens):
            if result is not None:
                op = tokens[i]
                if op not in "+-":
                    raise ParseError(f"bad shape list {text!r}: expected + or - before {op!r}")
                i += 1
            any_order = i < len(tokens) and tokens[i].lower() == "any"
            i += any_order
            if i >= len(tokens):
                raise ParseError(f"bad shape list {text!r}: a pattern is missing at the end")
            term = cls.named(tokens[i]) if not any_order else None
            if term is None:
                term = cls.pattern(tokens[i], any_order)
            i += 1
            result = term if result is None else (result | term if op == "+" else result - term)
        if result is None:
            raise ParseError("empty shape list")
        return result

    @classmethod
    def named(cls, word: str) -> ShapeSet | None:
        """``balanced`` or ``semibalanced`` (also ``semi-balanced``), else None."""
        return {"balanced": BALANCED, "semibalanced": SEMI_BALANCED}.get(
            word.lower().replace("-", "").replace("_", "")
        )

    @property
    def table(self) -> NDArray[np.bool_]:
        """Read-only membership table indexed by shape code ``((s*14 + h)*14 + d)*14 + c``."""
        return self._table

    def contains(self, sh: tuple[int, int, int, int]) -> bool:
        return bool(self._table[_code(*sh)])

    def __contains__(self, sh: object) -> bool:
        if not (isinstance(sh, tuple) and len(sh) == 4 and all(isinstance(n, int) for n in sh)):
            return False
        if min(sh) < 0 or max(sh) > 13:
            return False
        return self.contains((sh[0], sh[1], sh[2], sh[3]))

    def contains_array(self, lengths: NDArray[np.integer[Any]]) -> NDArray[np.bool_]:
        """Membership for lengths ``(..., 4)`` in shape order (spades first)."""
        s, h, d, c = (lengths[..., i].astype(np.intp) for i in range(4))
        out: NDArray[np.bool_] = self._table[((s * 14 + h) * 14 + d) * 14 + c]
        return out

    @property
    def shapes(self) -> tuple[tuple[int, int, int, int], ...]:
        return tuple(sh for sh in _all_shapes() if self._table[_code(*sh)])

    def __or__(self, other: ShapeSet) -> ShapeSet:
        return ShapeSet._from_table(self._table | other._table)

    def __sub__(self, other: ShapeSet) -> ShapeSet:
        return ShapeSet._from_table(self._table & ~other._table)

    def __and__(self, other: ShapeSet) -> ShapeSet:
        return ShapeSet._from_table(self._table & other._table)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShapeSet) and bool(np.array_equal(self._table, other._table))

    def __hash__(self) -> int:
        return hash(self._table.tobytes())

    def __len__(self) -> int:
        return int(self._table.sum())

    def __str__(self) -> str:
        return " + ".join("".join(str(n) for n in sh) for sh in self.shapes)

    def __repr__(self) -> str:
        return f"ShapeSet({list(self.shapes)!r})"


def _in_any_suits(patterns: frozenset[tuple[int, int, int, int]]) -> ShapeSet:
    return ShapeSet(sh for sh in _all_shapes() if tuple(sorted(sh, reverse=True)) in patterns)


BALANCED = _in_any_suits(BALANCED_PATTERNS)
SEMI_BALANCED = _in_any_suits(SEMI_BALANCED_PATTERNS)


# ---------------------------------------------------------------------------------------------
# Many deals at once.


class DealFeatures:
    """Per-seat measures of a batch of deals, computed on demand and cached.

    ``owners`` is ``(n, 52)``: for each deal, the seat (0 north .. 3 west) holding card
    ``Card.index``. Every method returns one value per deal.

    >>> from qipai.bridge.deal import Deal
    >>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
    >>> owners = np.zeros((1, 52), dtype=np.uint8)
    >>> for seat in Seat:
    ...     owners[0, [c.index for c in d[seat].cards]] = seat
    >>> f = DealFeatures(owners)
    >>> f.hcp(Seat.NORTH).tolist(), f.length(Seat.SOUTH, Suit.HEARTS).tolist()
    ([13], [5])
    >>> f.shape_in(Seat.NORTH, BALANCED).tolist(), f.losers(Seat.WEST).tolist()
    ([True], [8])
    """

    def __init__(self, owners: NDArray[np.uint8]) -> None:
        if owners.ndim != 2 or owners.shape[1] != 52:
            raise ValueError(f"owners must have shape (n, 52), not {owners.shape}")
        self.owners = owners
        self._cache: dict[tuple[object, ...], NDArray[Any]] = {}

    def __len__(self) -> int:
        return int(self.owners.shape[0])

    def mask(self, seat: Seat | int) -> NDArray[np.uint64]:
        """The 52-bit mask of each deal's hand at ``seat``."""
        key = ("mask", int(seat))
        if key not in self._cache:
            self._cache[key] = _mask_of(self.owners, int(seat))
        return self._cache[key]

    def holding(self, seat: Seat | int, suit: Suit | int) -> NDArray[np.intp]:
        key = ("holding", int(seat), int(suit))
        if key not in self._cache:
            m = self.mask(seat) >> np.uint64(13 * int(suit))
            self._cache[key] = (m & np.uint64(8191)).astype(np.intp)
        return self._cache[key]

    def points(
        self, seat: Seat | int, table: NDArray[Any], suit: Suit | int | None = None
    ) -> NDArray[Any]:
        """Any per-holding table summed over the hand, or read for one suit."""
        if suit is not None:
            one: NDArray[Any] = table[self.holding(seat, suit)]
            return one
        s0, s1, s2, s3 = (table[self.holding(seat, s)] for s in range(4))
        total: NDArray[Any] = s0 + s1 + s2 + s3
        return total

    def _cached(
        self, name: str, table: NDArray[Any], seat: Seat | int, suit: Suit | int | None
    ) -> NDArray[Any]:
        key = (name, int(seat), None if suit is None else int(suit))
        if key not in self._cache:
            self._cache[key] = self.points(seat, table, suit)
        return self._cache[key]

    def hcp(self, seat: Seat | int, suit: Suit | int | None = None) -> NDArray[np.int64]:
        return self._cached("hcp", HCP_TABLE, seat, suit)

    def controls(self, seat: Seat | int, suit: Suit | int | None = None) -> NDArray[np.int64]:
        return self._cached("controls", CONTROLS_TABLE, seat, suit)

    def losers(self, seat: Seat | int, suit: Suit | int | None = None) -> NDArray[np.int64]:
        return self._cached("losers", LOSERS_TABLE, seat, suit)

    def length(self, seat: Seat | int, suit: Suit | int) -> NDArray[np.int64]:
        return self._cached("length", LENGTH_TABLE, seat, suit)

    def honours(self, seat: Seat | int, suit: Suit | int) -> NDArray[np.int64]:
        return self._cached("honours", HONOURS_TABLE, seat, suit)

    def suit_quality(self, seat: Seat | int, suit: Suit | int) -> NDArray[np.int64]:
        return self._cached("quality", SUIT_QUALITY_TABLE, seat, suit)

    def shape(self, seat: Seat | int) -> NDArray[np.int64]:
        """Suit lengths ``(n, 4)``: spades, hearts, diamonds, clubs."""
        return np.stack([self.length(seat, s) for s in SUITS_HIGH_FIRST], axis=1)

    def shape_in(self, seat: Seat | int, shapes: ShapeSet) -> NDArray[np.bool_]:
        s, h, d, c = (self.length(seat, suit) for suit in SUITS_HIGH_FIRST)
        out: NDArray[np.bool_] = shapes.table[((s * 14 + h) * 14 + d) * 14 + c]
        return out

    def has_card(self, seat: Seat | int, card: Card) -> NDArray[np.bool_]:
        return np.asarray(self.owners[:, card.index] == int(seat))
