"""Deals a seat cannot tell from the real one, and every card's double-dummy value in each.

This is the engine of Monte-Carlo double-dummy card play (``qipai.robots.montecarlo``): from
what one seat knows, deal the hidden cards many times, then solve the position at the current
trick in every sampled deal at once.

:func:`sample_deals` deals the cards a seat does not know. It takes

* ``known``: the cards known to have been dealt to each seat: its own hand, dummy once faced,
  and every card each seat has played;
* ``voids``: the suits each seat has shown out of (failed to follow), so it was dealt no
  card of the suit beyond those it has already played;
* ``constraints``: what the auction said about each hidden hand as it was dealt
  (:class:`~qipai.analysis.dealer.HandConstraint`: HCP and suit-length ranges).

A void is kept exactly: a card of the suit that only one seat may hold is dealt to that seat
(with dummy in view, the two hidden hands share the unknown cards, so a void in one gives the
other the whole suit); otherwise the dealt hand must have no more of the suit than it played.
The auction's constraints are loosened step by step when too few deals meet them (a human may
have bid off-system, or the system described the hand loosely): first as given, then widened
(HCP by 3, lengths by 1), then suit lengths only (widened), then none. The known cards and
voids are never loosened, so :func:`sample_deals` always finds deals for a real view.

:func:`solve_sampled` reconstructs the position at the trick in progress in each sampled deal
(the cards played so far taken out, the trick's cards on the table) and asks DDS for every
legal card's value, many deals a call (``SolveAllBoardsBin``, at most 200 positions a call,
spread over every core DDS uses). With a ``deadline`` it solves in chunks and stops when the
next chunk would not fit, returning the deals solved so far: a robot out of time still has an
answer. The solving goes through the same lock as the adapter in ``dds.py`` (DDS keeps
per-thread state).

>>> from qipai.bridge import Deal, Hand, Seat, Strain
>>> from qipai.analysis.dealer import HandConstraint
>>> d = Deal.from_seed(1)
>>> known = {Seat.WEST: d.west.cards}  # West's view before leading against 3NT by South
>>> s = sample_deals(4, known=known, constraints=[HandConstraint(Seat.SOUTH, hcp=(12, 20))],
...                  seed=3)
>>> s.owners.shape, s.relaxed
((4, 52), 0)
>>> v = solve_sampled(s.owners, Strain.NOTRUMP, Seat.WEST)
>>> v.tricks.shape, bool(((v.tricks >= 0) & (v.tricks <= 13)).all())
((4, 13), True)
"""

from __future__ import annotations

import ctypes
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np
from endplay import _dds
from numpy.typing import NDArray

from ..bridge.cards import Card, Rank, Seat, Strain, Suit
from ..bridge.play import tricks_of
from .dds import DDS_LOCK, DDSError, threads
from .dealer import DealSampler, DealsNotFound, HandConstraint

__all__ = [
    "MAX_POSITIONS_PER_CALL",
    "PositionValues",
    "Sample",
    "declarer_tricks",
    "relax",
    "sample_deals",
    "solve_sampled",
]

MAX_POSITIONS_PER_CALL = 200
"""Positions per ``SolveAllBoardsBin`` call: DDS refuses more (MAXNOOFBOARDS)."""

RELAX_STEPS = 4
"""Constraint steps: as given, widened, suit lengths only, none."""

_DEFAULT_TRIES = 150_000  # candidate deals per step: about 0.07 s at 2M deals a second
_SUITS = tuple(Suit)
_RANK_BITS = np.array([1 << r for r in range(2, 15)], dtype=np.uint32)  # DDS: bit r for rank r
_DDS_TRUMP = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3}
_DDS_TRUMP[Strain.NOTRUMP] = 4


# --- sampling --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """Sampled deals: ``owners[i, card.index]`` is the seat dealt the card in deal ``i`` (the
    whole deal as dealt, cards already played included). ``relaxed`` is the loosest constraint
    step used (0 as given .. 3 no constraint) and ``per_step`` how many deals each step gave."""

    owners: NDArray[np.uint8]
    relaxed: int
    per_step: tuple[int, ...] = field(default=())
    tried: int = 0

    def __len__(self) -> int:
        return int(self.owners.shape[0])


def _widen(r: tuple[int, int] | int | None, by: int, top: int) -> tuple[int, int] | None:
    if r is None:
        return None
    lo, hi = (r, r) if isinstance(r, int) else r
    lo, hi = max(0, lo - by), min(top, hi + by)
    return None if (lo, hi) == (0, top) else (lo, hi)


def relax(c: HandConstraint, step: int) -> HandConstraint | None:
    """``c`` loosened to ``step``: 0 as given; 1 HCP widened by 3 and suit lengths by 1;
    2 suit lengths only, widened by 1; 3 (or more) no constraint (None).

    >>> c = HandConstraint(Seat.EAST, hcp=(15, 17), spades=(5, 13))
    >>> r = relax(c, 1)
    >>> r.hcp, r.spades
    ((12, 20), (4, 13))
    >>> relax(c, 2).hcp is None, relax(c, 3)
    (True, None)
    """
    if step <= 0:
        return c
    if step >= 3:
        return None
    spades, hearts = _widen(c.spades, 1, 13), _widen(c.hearts, 1, 13)
    diamonds, clubs = _widen(c.diamonds, 1, 13), _widen(c.clubs, 1, 13)
    hcp = _widen(c.hcp, 3, 40) if step == 1 else None
    out = HandConstraint(
        c.seat, hcp=hcp, spades=spades, hearts=hearts, diamonds=diamonds, clubs=clubs
    )
    if all(v is None for v in (hcp, spades, hearts, diamonds, clubs)):
        return None
    return out


def _void_checks(
    template: NDArray[np.uint8], voids: Mapping[Seat, frozenset[Suit]]
) -> list[HandConstraint]:
    """Length checks for voids that dealing alone cannot keep: a void seat's dealt length of
    the suit must be the number of its cards of the suit already placed."""
    checks: list[HandConstraint] = []
    for seat, suits in voids.items():
        for suit in suits:
            cards = template[suit * 13 : suit * 13 + 13]
            if (cards == 255).any():
                placed = int(np.count_nonzero(cards == seat))
                checks.append(HandConstraint(seat, **{suit.name.lower(): (placed, placed)}))  # type: ignore[arg-type]
    return checks


def _template(
    known: Mapping[Seat, Iterable[Card]], voids: Mapping[Seat, frozenset[Suit]]
) -> dict[Seat, list[Card]]:
    """The predealt cards: the known ones, plus each unknown card that only one seat may hold
    (the others being full or void in its suit)."""
    placed: dict[Card, Seat] = {}
    for seat, cards in known.items():
        for card in cards:
            if placed.setdefault(card, seat) != seat:
                raise DealsNotFound(f"card {card} is known to two seats")
    count = {s: sum(1 for c in placed if placed[c] == s) for s in Seat}
    if any(n > 13 for n in count.values()):
        raise DealsNotFound("a seat is known to hold more than 13 cards")
    out: dict[Seat, list[Card]] = {s: [c for c in placed if placed[c] == s] for s in Seat}
    # Unknown cards of a suit go only to hidden seats not void in it.
    for suit in _SUITS:
        unknown = [Card(suit, r) for r in Rank if Card(suit, r) not in placed]
        if not unknown:
            continue
        may = [s for s in Seat if count[s] < 13 and suit not in voids.get(s, frozenset())]
        if not may:
            raise DealsNotFound(f"no seat may hold the unknown {suit.name.lower()}")
        if len(may) == 1:
            out[may[0]].extend(unknown)
            count[may[0]] += len(unknown)
    if any(n > 13 for n in count.values()):
        raise DealsNotFound("the voids shown leave a seat more than 13 cards")
    return out


def sample_deals(
    n: int,
    *,
    known: Mapping[Seat, Iterable[Card]],
    voids: Mapping[Seat, Iterable[Suit]] | None = None,
    constraints: Sequence[HandConstraint] = (),
    seed: int | None = None,
    max_tries: int = _DEFAULT_TRIES,
) -> Sample:
    """``n`` deals holding every ``known`` card where it is known to be, no card of a suit a
    seat is ``voids`` in beyond those it played, and meeting ``constraints`` (loosened step by
    step, ``max_tries`` candidate deals a step, when too few deals meet them).

    Raises :class:`~qipai.analysis.dealer.DealsNotFound` only when the known cards and voids
    contradict each other (no real view does).
    """
    void_sets = {Seat(s): frozenset(v) for s, v in (voids or {}).items()}
    predeal = _template(known, void_sets)
    seq = np.random.SeedSequence(seed)
    found: list[NDArray[np.uint8]] = []
    per_step: list[int] = []
    have = tried = 0
    relaxed = 0
    template: NDArray[np.uint8] | None = None
    for step, step_seed in enumerate(seq.spawn(RELAX_STEPS)):
        parts = [r for r in (relax(c, step) for c in constraints) if r is not None]
        if step > 0 and not parts and step < RELAX_STEPS - 1:
            continue  # nothing looser to try before dropping every constraint
        sampler = DealSampler(where=None, predeal=predeal, seed=step_seed)
        if template is None:
            template = sampler.template
        where: list[HandConstraint] = [*parts, *_void_checks(template, void_sets)]
        sampler = DealSampler(where=where or None, predeal=predeal, seed=step_seed)
        last = step == RELAX_STEPS - 1
        # The last step has only the known cards and voids, which a real view always allows.
        tries = max(max_tries, 1000 * n) if last else max_tries
        got = sampler.sample(n - have, max_tries=tries, allow_fewer=True)
        tried += sampler.tried
        per_step.append(len(got))
        if len(got):
            found.append(got)
            have += len(got)
            relaxed = step
        if have >= n:
            break
    if have < n:
        raise DealsNotFound(f"only {have} of {n} deals fit the known cards and voids")
    owners = found[0] if len(found) == 1 else np.concatenate(found)
    return Sample(owners[:n], relaxed, tuple(per_step), tried)


# --- solving ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PositionValues:
    """Each legal card's double-dummy value in each solved deal: ``tricks[i, j]`` is the tricks
    the side to play takes of those left (the trick in progress included) after ``cards[j]``
    in deal ``i``. Deals are in sample order; ``solved`` may be fewer than were asked for when
    a deadline cut the solving short."""

    cards: tuple[Card, ...]
    tricks: NDArray[np.int8]
    seat: Seat
    seconds: float = 0.0

    @property
    def solved(self) -> int:
        return int(self.tricks.shape[0])


@cache
def _dds_threads() -> int:
    return max(1, threads())


def _position_of(played: Sequence[Card], leader: Seat, strain: Strain) -> tuple[Seat, list[Card]]:
    """The leader of the trick in progress and its cards so far."""
    tricks = tricks_of(played, leader, strain.suit)
    if len(played) >= 52 or not tricks or tricks[-1].is_complete:
        raise ValueError("the play is over: there is no position to solve")
    return tricks[-1].leader, list(tricks[-1].cards)


def _holdings(owners: NDArray[np.uint8], played: Sequence[Card]) -> NDArray[np.uint32]:
    """``(n, 4 seats, 4 DDS suits)`` bit holdings of the cards still held (DDS suit 0 is
    spades; bit ``r`` stands for rank ``r``)."""
    rest = owners.copy()
    if played:
        rest[:, [c.index for c in played]] = 255
    by_suit = rest.reshape(len(rest), 4, 13)  # our suits, clubs first
    out = np.empty((len(rest), 4, 4), dtype=np.uint32)
    for seat in range(4):
        held = by_suit == seat
        out[:, seat, :] = (held * _RANK_BITS).sum(axis=2, dtype=np.uint32)[:, ::-1]
    return out


def solve_sampled(
    owners: NDArray[np.uint8],
    strain: Strain,
    opening_leader: Seat,
    played: Sequence[Card] = (),
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> PositionValues:
    """Every legal card's DD value, in each of the deals ``owners`` (as dealt), after the cards
    ``played`` from the opening lead by ``opening_leader``, in ``strain``.

    The hand to play must hold the same cards in every deal (it is the robot's own hand, or
    dummy). With ``deadline`` (a ``time.perf_counter()`` value; ``clock`` can stand in) the
    deals are solved in chunks until the next chunk would pass it; at least one chunk is always
    solved unless the deadline has already passed.
    """
    start = time.perf_counter()
    owners = np.asarray(owners, dtype=np.uint8)
    if owners.ndim != 2 or owners.shape[1] != 52:
        raise ValueError(f"owners must have shape (n, 52), not {owners.shape}")
    leader, trick = _position_of(played, opening_leader, strain)
    seat = Seat((leader + len(trick)) % 4)
    holdings = _holdings(owners, played)
    mine = holdings[:, seat, :]
    if len(owners) and not (mine == mine[0]).all():
        raise ValueError(f"{seat.name.title()}'s cards differ between the sampled deals")
    cards = _legal(holdings[0, seat] if len(owners) else None, trick)
    column = {c: j for j, c in enumerate(cards)}
    out = np.full((len(owners), len(cards)), -1, dtype=np.int8)
    done = 0
    per_board: float | None = None
    workers = _dds_threads()
    while done < len(owners):
        left = len(owners) - done
        if deadline is None:
            size = min(left, MAX_POSITIONS_PER_CALL)
        else:
            remaining = deadline - clock()
            if remaining <= 0:
                break
            if per_board is None:
                size = min(left, workers)
            else:
                # Half of what seems to fit at the slowest rate seen, and a few deals a
                # thread at most: DDS times vary a lot from deal to deal (early in the play
                # above all), and a call cannot be stopped once made.
                fit = int(remaining / max(per_board, 1e-6))
                if fit < min(left, workers):
                    break
                size = min(left, max(workers, fit // 2), 4 * workers)
        t0 = clock()
        _solve_chunk(holdings[done : done + size], strain, leader, trick, column, out[done:])
        spent = clock() - t0
        done += size
        rate = spent / size
        per_board = rate if per_board is None else max(rate, per_board)
    return PositionValues(tuple(cards), out[:done], seat, time.perf_counter() - start)


def _legal(held: NDArray[np.uint32] | None, trick: Sequence[Card]) -> list[Card]:
    """The cards the hand to play may play, from its DDS holdings (suit order S H D C)."""
    if held is None:
        return []
    hand = [
        Card(Suit(3 - dds_suit), Rank(r))
        for dds_suit in range(4)
        for r in range(14, 1, -1)
        if int(held[dds_suit]) & (1 << r)
    ]
    if trick:
        follow = [c for c in hand if c.suit == trick[0].suit]
        if follow:
            return follow
    return hand


def _solve_chunk(
    holdings: NDArray[np.uint32],
    strain: Strain,
    leader: Seat,
    trick: Sequence[Card],
    column: Mapping[Card, int],
    out: NDArray[np.int8],
) -> None:
    """One SolveAllBoardsBin call over ``holdings``' positions, into ``out``'s first rows."""
    n = len(holdings)
    bo = _dds.boards()
    bo.noOfBoards = n
    flat = np.ascontiguousarray(holdings, dtype=np.uint32)
    for i in range(n):
        dl = bo.deals[i]
        dl.trump = _DDS_TRUMP[strain]
        dl.first = int(leader)
        for k, card in enumerate(trick):
            dl.currentTrickSuit[k] = 3 - int(card.suit)
            dl.currentTrickRank[k] = int(card.rank)
        ctypes.memmove(ctypes.addressof(dl.remainCards), flat[i].ctypes.data, 64)
        bo.target[i], bo.solutions[i], bo.mode[i] = -1, 3, 1
    solved = _dds.solvedBoards()
    try:
        with DDS_LOCK:
            _dds.SolveAllBoardsBin(bo, solved)
    except _dds.DDSError as e:
        raise DDSError(f"DDS failed in SolveAllBoardsBin: {e}") from None
    for i in range(n):
        fut = solved.solvedBoard[i]
        row = out[i]
        seen = 0
        for j in range(fut.cards):
            suit = Suit(3 - fut.suit[j])
            ranks = (1 << fut.rank[j]) | fut.equals[j]
            score = int(fut.score[j])
            if not 0 <= score <= 13:
                raise DDSError(f"DDS answered {score} tricks for a card")
            for r in range(2, 15):
                if ranks & (1 << r):
                    col = column.get(Card(suit, Rank(r)))
                    if col is None:
                        raise DDSError(f"DDS valued {Card(suit, Rank(r))}, which is not legal")
                    row[col] = score
                    seen += 1
        if seen != len(column):
            raise DDSError(f"DDS valued {seen} cards of the {len(column)} legal ones")


def declarer_tricks(
    owners: NDArray[np.uint8],
    contracts: Sequence[tuple[int, Strain, Seat]],
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> NDArray[np.int8]:
    """Double-dummy tricks for declarers of whole deals: for each ``(row, strain, declarer)``,
    the tricks ``declarer`` takes in ``strain`` in deal ``owners[row]`` (the left-hand opponent
    leading), one DDS answer a contract (``SolveAllBoardsBin``, the best card only, at most
    ``MAX_POSITIONS_PER_CALL`` a call). With ``deadline``, they are solved two a thread at a
    time while the next chunk seems to fit (at the slowest rate seen), and those not reached
    in time are -1: solve the contracts of one deal together, and a deadline leaves whole
    deals solved. For bidding by
    simulation, where each sampled deal needs a few contracts, not a whole DD table.

    >>> from qipai.analysis.dealer import owners_from_deal
    >>> from qipai.bridge import Deal
    >>> d = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> declarer_tricks(owners_from_deal(d)[None, :], [(0, Strain.NOTRUMP, Seat.NORTH)]).tolist()
    [13]
    """
    owners = np.asarray(owners, dtype=np.uint8)
    holdings = _holdings(owners, ())
    out = np.full(len(contracts), -1, dtype=np.int8)
    done = 0
    # Against a deadline, small chunks (a call cannot be stopped once made), and none that
    # would not fit at the slowest rate seen so far.
    size = MAX_POSITIONS_PER_CALL if deadline is None else 2 * _dds_threads()
    rate: float | None = None
    while done < len(contracts):
        if deadline is not None:
            left = deadline - clock()
            if left <= 0 or (rate is not None and rate * size > left):
                break
        # The first chunk, one a thread, measures the rate.
        chunk = contracts[done : done + (size if rate is not None else _dds_threads())]
        t0 = clock()
        bo = _dds.boards()
        bo.noOfBoards = len(chunk)
        for i, (row, strain, declarer) in enumerate(chunk):
            dl = bo.deals[i]
            dl.trump = _DDS_TRUMP.get(strain, 4)
            dl.first = int(declarer.lho)
            for k in range(3):
                dl.currentTrickSuit[k] = dl.currentTrickRank[k] = 0
            flat = np.ascontiguousarray(holdings[row], dtype=np.uint32)
            ctypes.memmove(ctypes.addressof(dl.remainCards), flat.ctypes.data, 64)
            bo.target[i], bo.solutions[i], bo.mode[i] = -1, 1, 1
        solved = _dds.solvedBoards()
        try:
            with DDS_LOCK:
                _dds.SolveAllBoardsBin(bo, solved)
        except _dds.DDSError as e:
            raise DDSError(f"DDS failed in SolveAllBoardsBin: {e}") from None
        for i in range(len(chunk)):
            score = int(solved.solvedBoard[i].score[0])
            if not 0 <= score <= 13:
                raise DDSError(f"DDS answered {score} tricks for the opening lead")
            out[done + i] = 13 - score
        done += len(chunk)
        spent = (clock() - t0) / len(chunk)
        rate = spent if rate is None else max(rate, spent)
    return out
