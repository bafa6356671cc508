"""Dealing at random under constraints, a batch of deals at a time.

Every deal consistent with the predealt cards is equally likely before the condition is
applied, so the deals returned are uniform among those meeting it (rejection sampling).

Arrays: a batch is ``owners``, shape ``(n, 52)`` ``uint8``: ``owners[i, card.index]`` is the
seat (``Seat`` value, north 0 .. west 3) holding that card in deal ``i``.

How a batch is dealt: each card still to deal gets a random 32-bit key whose low two bits are
replaced by a seat, the seats repeated as often as each still needs cards; sorting each deal's
keys then lays the seats out in a uniformly random order. A deal where two keys tie in their
30 random bits is thrown away (about 1 in 800,000), which keeps the shuffle exactly uniform.
The random bits are PCG64's raw output (``numpy.random.PCG64(seed).random_raw``), read as
little-endian 32-bit halves and only ever combined by integer operations, so a seed gives the
same deals on every machine and numpy version.

>>> deals = deal(2, seed=1, where="hcp(north) >= 20")
>>> [d.north.hcp >= 20 for d in deals]
[True, True]
>>> deal(1, seed=7) == deal(1, seed=7)
True
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import chain, repeat
from typing import TypeAlias

import numpy as np
from numpy.typing import NDArray

from ..bridge.cards import DECK, Card, Seat, Suit
from ..bridge.deal import Deal, Hand
from ..bridge.errors import QipaiError
from .dealscript import DealScript, Formula, parse_expression
from .evaluate import DealFeatures, ShapeSet

__all__ = [
    "BadPredeal",
    "DealSampler",
    "DealerError",
    "DealsNotFound",
    "HandConstraint",
    "as_predicate",
    "deal",
    "deal_array",
    "deals_from_owners",
    "owners_from_deal",
]


class DealerError(QipaiError):
    """The dealer could not do what was asked."""


class BadPredeal(DealerError, ValueError):
    """Predealt cards that no deal can hold: a card twice, or more than 13 to a seat."""


class DealsNotFound(DealerError, RuntimeError):
    """Too few deals met the condition within the allowed number of tries."""


Predicate: TypeAlias = Callable[[DealFeatures], NDArray[np.bool_]]
Range: TypeAlias = int | tuple[int, int]
Seed: TypeAlias = int | np.random.SeedSequence | None


@dataclass(frozen=True)
class HandConstraint:
    """What one seat's hand must be, each range inclusive (a single number means exactly).

    >>> nt = HandConstraint(Seat.NORTH, hcp=(15, 17), shape="balanced")
    >>> all(15 <= d.north.hcp <= 17 for d in deal(3, seed=2, where=nt))
    True
    """

    seat: Seat
    hcp: Range | None = None
    spades: Range | None = None
    hearts: Range | None = None
    diamonds: Range | None = None
    clubs: Range | None = None
    shape: ShapeSet | str | None = None
    controls: Range | None = None
    losers: Range | None = None

    def __post_init__(self) -> None:
        if isinstance(self.shape, str):
            object.__setattr__(self, "shape", ShapeSet.parse(self.shape))

    @property
    def seats(self) -> frozenset[Seat]:
        return frozenset({self.seat})

    def __call__(self, f: DealFeatures) -> NDArray[np.bool_]:
        ok = np.ones(len(f), dtype=np.bool_)
        checks: list[tuple[Range | None, Callable[[], NDArray[np.int64]]]] = [
            (self.hcp, lambda: f.hcp(self.seat)),
            (self.spades, lambda: f.length(self.seat, Suit.SPADES)),
            (self.hearts, lambda: f.length(self.seat, Suit.HEARTS)),
            (self.diamonds, lambda: f.length(self.seat, Suit.DIAMONDS)),
            (self.clubs, lambda: f.length(self.seat, Suit.CLUBS)),
            (self.controls, lambda: f.controls(self.seat)),
            (self.losers, lambda: f.losers(self.seat)),
        ]
        for bounds, values in checks:
            if bounds is not None:
                lo, hi = (bounds, bounds) if isinstance(bounds, int) else bounds
                v = values()
                ok &= (v >= lo) & (v <= hi)
        if isinstance(self.shape, ShapeSet):
            ok &= f.shape_in(self.seat, self.shape)
        return ok


Where: TypeAlias = (
    "str | DealScript | Formula | HandConstraint | Predicate | Sequence[Where] | None"
)
PredealSpec: TypeAlias = "Mapping[Seat, Hand | Iterable[Card] | str] | Deal | None"


def as_predicate(where: Where) -> Predicate | None:
    """One predicate from a dealer expression, a script's condition, a :class:`HandConstraint`,
    a function of :class:`~qipai.analysis.evaluate.DealFeatures`, or a list of them (all must
    hold). None means no condition."""
    if where is None:
        return None
    if isinstance(where, str):
        return Formula(parse_expression(where))
    if isinstance(where, DealScript):
        return where.formula()
    if callable(where):
        return where
    parts = [p for p in (as_predicate(w) for w in where) if p is not None]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]

    def every(f: DealFeatures) -> NDArray[np.bool_]:
        ok = np.asarray(parts[0](f), dtype=np.bool_).copy()
        for p in parts[1:]:
            ok &= p(f)
        return ok

    return every


def _script_predeal(where: Where) -> dict[Seat, list[Card]]:
    """The cards predealt by the scripts among ``where``."""
    cards: dict[Seat, list[Card]] = {}
    if isinstance(where, DealScript):
        for seat, held in where.predeal.items():
            cards.setdefault(seat, []).extend(held)
    elif isinstance(where, Sequence) and not isinstance(where, str):
        for part in where:
            for seat, more in _script_predeal(part).items():
                cards.setdefault(seat, []).extend(more)
    return cards


def _predeal_owners(
    predeal: PredealSpec, extra: Mapping[Seat, Iterable[Card]]
) -> NDArray[np.uint8]:
    """52 entries: the seat of each predealt card, 255 where the card is still to deal."""
    hands: dict[Seat, list[Card]] = {}
    if isinstance(predeal, Deal):
        hands = {s: list(predeal[s].cards) for s in Seat}
    elif predeal is not None:
        for seat, cards in predeal.items():
            seat = Seat(seat)
            hand = Hand.parse(cards) if isinstance(cards, str) else cards
            hands.setdefault(seat, []).extend(hand)
    for seat, cards in extra.items():
        hands.setdefault(seat, []).extend(cards)
    template = np.full(52, 255, dtype=np.uint8)
    for seat, cards in hands.items():
        if len(set(cards)) > 13:
            raise BadPredeal(f"{len(set(cards))} cards predealt to {seat.name.title()}, not 13")
        for card in cards:
            held = template[card.index]
            if held != 255 and held != seat:
                raise BadPredeal(
                    f"card {card} is predealt to both {Seat(held).name.title()} "
                    f"and {seat.name.title()}"
                )
            template[card.index] = seat
    template.setflags(write=False)
    return template


_MAX_BATCH = 65536
# deal() uses batches of these sizes, then _MAX_BATCH: a fixed plan, whatever n is, so the
# first k deals of a seed are the same for every n >= k.
_PLAN = (1024, 4096, 16384)


class DealSampler:
    """Deals meeting a condition, with predealt cards, from one seeded random stream.

    Made once and asked many times (as robots do), it keeps its stream, so a sampler built
    with the same arguments and asked the same questions gives the same deals.

    >>> south = {Seat.SOUTH: "AKQ.AKQ.AKQ.AKQJ"}
    >>> s = DealSampler(where="spades(north) >= 6", predeal=south, seed=3)
    >>> owners = s.sample(5)
    >>> owners.shape, bool((owners[:, Card.parse("SA").index] == Seat.SOUTH).all())
    ((5, 52), True)
    >>> [d.north.length(Suit.SPADES) >= 6 for d in s.deals(2)]
    [True, True]
    """

    def __init__(self, where: Where = None, predeal: PredealSpec = None, seed: Seed = None) -> None:
        self.predicate = as_predicate(where)
        self.template = _predeal_owners(predeal, _script_predeal(where))
        self._free = np.flatnonzero(self.template == 255)
        need = [13 - int(np.count_nonzero(self.template == s)) for s in Seat]
        self._payload = np.repeat(np.arange(4, dtype=np.uint32), need)
        if isinstance(seed, np.random.SeedSequence):
            sequence = seed
        else:
            sequence = np.random.SeedSequence(seed)
        self.seed = sequence.entropy
        self._bits = np.random.PCG64(sequence)
        self.tried = 0
        self.accepted = 0

    def sample(
        self, n: int, *, max_tries: int | None = None, allow_fewer: bool = False
    ) -> NDArray[np.uint8]:
        """``(n, 52)`` owners of ``n`` deals meeting the condition.

        Raises :class:`DealsNotFound` after ``max_tries`` candidate deals (default the larger
        of 10 million and 1000 per deal asked), unless ``allow_fewer``, when it returns those
        found.
        """
        return self._fill(n, self._adaptive_sizes(n), max_tries, allow_fewer)

    def deals(
        self, n: int, *, max_tries: int | None = None, allow_fewer: bool = False
    ) -> list[Deal]:
        """As :meth:`sample`, as :class:`~qipai.bridge.deal.Deal` values."""
        return deals_from_owners(self.sample(n, max_tries=max_tries, allow_fewer=allow_fewer))

    @property
    def acceptance(self) -> float:
        """The share of candidate deals that have met the condition so far."""
        return self.accepted / self.tried if self.tried else 1.0

    def _adaptive_sizes(self, n: int) -> Iterator[int]:
        found = self.accepted
        while True:
            rate = (self.accepted + 1) / (self.tried + 2) if self.predicate else 1.0
            still = n - (self.accepted - found)
            yield min(_MAX_BATCH, max(64, math.ceil(still / rate * 1.1) + 16))

    def _fill(
        self, n: int, sizes: Iterator[int], max_tries: int | None, allow_fewer: bool
    ) -> NDArray[np.uint8]:
        if n < 0:
            raise ValueError(f"cannot deal {n} deals")
        limit = max(10_000_000, 1000 * n) if max_tries is None else max_tries
        found: list[NDArray[np.uint8]] = []
        have = tried = 0
        while have < n and tried < limit:
            m = min(next(sizes), limit - tried)
            batch = self._accepted(self._candidates(m))
            tried += m
            if len(batch):
                found.append(batch)
                have += len(batch)
        if have < n and not allow_fewer:
            raise DealsNotFound(
                f"only {have} of {n} deals met the condition in {tried:,} tries; "
                "it may be impossible, or too rare (allow more tries)"
            )
        if not found:
            return np.empty((0, 52), dtype=np.uint8)
        out = found[0] if len(found) == 1 else np.concatenate(found)
        return out[:n]

    def _candidates(self, m: int) -> NDArray[np.uint8]:
        """``m`` uniformly random deals over the free cards (a few fewer after ties)."""
        self.tried += m
        r = len(self._free)
        if r == 0:
            return np.broadcast_to(self.template, (m, 52)).copy()
        raw = self._bits.random_raw((m * r + 1) // 2)
        keys = raw.astype("<u8", copy=False).view("<u4")[: m * r].reshape(m, r)
        np.bitwise_and(keys, np.uint32(0xFFFFFFFC), out=keys)
        np.bitwise_or(keys, self._payload, out=keys)
        keys.sort(axis=1)
        flat = keys.ravel()
        hits = np.flatnonzero((flat[1:] ^ flat[:-1]) < 4)
        hits = hits[(hits + 1) % r != 0]
        seats = keys.astype(np.uint8)
        np.bitwise_and(seats, np.uint8(3), out=seats)
        if r == 52:
            owners = seats
        else:
            owners = np.empty((m, 52), dtype=np.uint8)
            owners[:] = self.template
            owners[:, self._free] = seats
        if len(hits):
            owners = np.delete(owners, np.unique(hits // r), axis=0)
        return owners

    def _accepted(self, owners: NDArray[np.uint8]) -> NDArray[np.uint8]:
        if self.predicate is None:
            self.accepted += len(owners)
            return owners
        ok = np.asarray(self.predicate(DealFeatures(owners)), dtype=np.bool_)
        if ok.shape != (len(owners),):
            raise DealerError(f"the condition gave shape {ok.shape}, not ({len(owners)},)")
        kept = owners[ok]
        self.accepted += len(kept)
        return kept


def deal_array(
    n: int,
    seed: Seed = None,
    where: Where = None,
    predeal: PredealSpec = None,
    *,
    max_tries: int | None = None,
) -> NDArray[np.uint8]:
    """``(n, 52)`` owners of ``n`` random deals meeting ``where``, holding the ``predeal`` cards.

    Batches follow a fixed plan, so the first k deals of a seed are the same for every n >= k.
    """
    sampler = DealSampler(where, predeal, seed)
    sizes = chain(_PLAN, repeat(_MAX_BATCH))
    return sampler._fill(n, sizes, max_tries, allow_fewer=False)


def deal(
    n: int,
    seed: Seed = None,
    where: Where = None,
    predeal: PredealSpec = None,
    *,
    max_tries: int | None = None,
) -> list[Deal]:
    """``n`` random deals meeting ``where`` (a dealer expression, a script, a
    :class:`HandConstraint`, a predicate or a list of them), holding the ``predeal`` cards.

    >>> [str(d) for d in deal(1, seed=2024, predeal={Seat.NORTH: "AKQJT98765432..."})][0][:19]
    'N:AKQJT98765432... '
    """
    return deals_from_owners(deal_array(n, seed, where, predeal, max_tries=max_tries))


def deals_from_owners(owners: NDArray[np.uint8]) -> list[Deal]:
    """:class:`~qipai.bridge.deal.Deal` values from ``(n, 52)`` owners of complete deals."""
    owners = np.asarray(owners)
    if owners.ndim != 2 or owners.shape[1] != 52:
        raise ValueError(f"owners must have shape (n, 52), not {owners.shape}")
    counts = np.stack([np.count_nonzero(owners == s, axis=1) for s in Seat], axis=1)
    if not (counts == 13).all():
        raise ValueError("every deal must give each seat 13 cards")
    order = np.argsort(owners, axis=1, kind="stable").tolist()
    deck = DECK
    with _gc_paused():
        return [
            Deal(
                Hand([deck[i] for i in row[0:13]]),
                Hand([deck[i] for i in row[13:26]]),
                Hand([deck[i] for i in row[26:39]]),
                Hand([deck[i] for i in row[39:52]]),
            )
            for row in order
        ]


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many values that hold no cycles:
    its repeated passes over the growing list otherwise take two thirds of the time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def owners_from_deal(d: Deal) -> NDArray[np.uint8]:
    """The 52 owners of a complete deal, the inverse of :func:`deals_from_owners`.

    >>> d = Deal.from_seed(1)
    >>> deals_from_owners(owners_from_deal(d)[None, :]) == [d]
    True
    """
    d.check_complete()
    owners = np.empty(52, dtype=np.uint8)
    for seat in Seat:
        owners[[c.index for c in d[seat].cards]] = seat
    return owners
