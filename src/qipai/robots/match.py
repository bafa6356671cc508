"""A duplicate match between two robots, scored in IMPs.

Deal ``i`` of a match with seed ``S`` is ``Deal.from_seed(f"{S}:{i}")`` played as board
``i % 16 + 1`` (so dealer and vulnerability go round the usual 16-board cycle). Each deal is bid
once, by four copies of the ``bidder`` (level 0 by default: every level bids as level 0 today),
and that auction is played at two tables: robot A sits North-South at table 1 and East-West at
table 2, robot B the other seats. A's result on the board is
``imps(table 1's North-South score - table 2's)``; a passed-out deal is 0 at both tables.

The robots' ``random.Random`` is seeded from the match seed and the deal (``f"{S}:{i}"``, the
same at both tables), so a match is reproducible, and a robot against itself gives exactly 0
IMPs on every board: the two tables are the same game. (Both hold for robots whose play depends
only on the view and the seed: level 0, or levels 1 and 2 without a time budget; with one, a
slow card may differ from run to run.)

The mean IMPs a board comes with a 95% confidence interval, ``mean +- t * sd / sqrt(n)``, where
``t`` is Student's t quantile (0.975) for ``n - 1`` degrees of freedom (a table up to 30, the
Cornish-Fisher expansion beyond, within 0.001 of the exact value): boards are taken as
independent draws, which they are since every deal is dealt afresh.

>>> from qipai.robots import Level0Robot
>>> m = play_match(Level0Robot(), Level0Robot(), deals=2, seed="doc")
>>> [b.imps for b in m.boards], m.mean
([0, 0], 0.0)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bridge import Deal, Phase, Seat, Side, new_board
from ..bridge.game import BoardState
from ..duplicate.imps import imps
from . import playout
from .base import Robot
from .level0 import Level0Robot

__all__ = [
    "BoardResult",
    "MatchResult",
    "TableResult",
    "bid",
    "interval",
    "play_board",
    "play_match",
    "play_out",
    "t_quantile",
]

# Student's t, 0.975 quantile, for 1..30 degrees of freedom.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
_Z975 = 1.959964


def t_quantile(df: int) -> float:
    """Student's t 0.975 quantile for ``df`` degrees of freedom (two-sided 95%).

    >>> t_quantile(1), t_quantile(30), round(t_quantile(1000), 3)
    (12.706, 2.042, 1.962)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95% confidence interval (Student's t).

    One value gives an unbounded interval; none raises ValueError.

    >>> [round(x, 3) for x in interval([1, 2, 3])]
    [2.0, -0.484, 4.484]
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = statistics.fmean(values)
    if n == 1:
        return mean, -math.inf, math.inf
    half = t_quantile(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def bid(state: BoardState, robot: Robot | dict[Side, Robot], rng: random.Random) -> BoardState:
    """Four copies of ``robot`` (or each side's robot) bid ``state`` until the auction ends."""
    return playout.play_out(state, robot, rng, only=Phase.AUCTION)


def play_out(
    state: BoardState,
    robots: dict[Side, Robot],
    rng: random.Random,
    on_card: Callable[[Side, float], None] | None = None,
) -> BoardState:
    """Each side's robot plays ``state`` to the end (declarer plays dummy's cards).

    ``on_card(side, seconds)`` is told how long each robot call took."""
    timed = None if on_card is None else lambda seat, _phase, dt: on_card(seat.side, dt)
    return playout.play_out(state, robots, rng, on_action=timed)


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result: contract (None when passed out), declarer, tricks, NS score."""

    contract: str | None
    declarer: Seat | None
    tricks: int | None
    score_ns: int

    @classmethod
    def of(cls, s: BoardState) -> TableResult:
        return cls(
            str(s.contract) if s.contract is not None else None,
            s.declarer,
            s.declarer_tricks,
            s.score_ns or 0,
        )

    def text(self) -> str:
        if self.contract is None:
            return "passed out"
        assert self.declarer is not None
        return f"{self.contract} {self.declarer.letter} {self.tricks} {self.score_ns:+d}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "contract": self.contract,
            "declarer": self.declarer.letter if self.declarer is not None else None,
            "tricks": self.tricks,
            "score_ns": self.score_ns,
        }


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One deal of the match: table 1 (A North-South), table 2 (A East-West), A's IMPs."""

    index: int
    number: int
    seed: str
    table1: TableResult
    table2: TableResult
    imps: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "board": self.number,
            "seed": self.seed,
            "table1": self.table1.to_dict(),
            "table2": self.table2.to_dict(),
            "imps": self.imps,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Every board, and A's IMPs a board with its 95% interval."""

    seed: str
    boards: tuple[BoardResult, ...]

    @property
    def total(self) -> int:
        return sum(b.imps for b in self.boards)

    @property
    def mean(self) -> float:
        return interval([b.imps for b in self.boards])[0]

    @property
    def ci95(self) -> tuple[float, float]:
        _, low, high = interval([b.imps for b in self.boards])
        return low, high

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95 if self.boards else (math.nan, math.nan)
        return {
            "seed": self.seed,
            "boards": [b.to_dict() for b in self.boards],
            "total": self.total,
            "mean": self.mean if self.boards else None,
            "ci95": [low, high] if math.isfinite(low) and math.isfinite(high) else None,
        }


def play_board(
    a: Robot,
    b: Robot,
    index: int,
    seed: str,
    *,
    bidder: Robot | None = None,
    on_card: Callable[[Side, float], None] | None = None,
    own_bidding: bool = False,
) -> BoardResult:
    """Deal ``index`` of the match ``seed`` at both tables (see the module). With
    ``own_bidding`` each table is bid by the robots sitting there (a match of bidding and
    play), not once by ``bidder``."""
    key = f"{seed}:{index}"
    number = index % 16 + 1
    board = new_board(number, Deal.from_seed(key))
    if own_bidding:
        s1 = bid(board, {Side.NS: a, Side.EW: b}, random.Random(key))
        s2 = bid(board, {Side.NS: b, Side.EW: a}, random.Random(key))
    else:
        s1 = s2 = bid(board, bidder or Level0Robot(), random.Random(key))

    t1 = play_out(s1, {Side.NS: a, Side.EW: b}, random.Random(key), on_card)
    # A sits East-West at table 2: the caller's ``on_card`` still sees NS for A, EW for B.
    swapped = None if on_card is None else (lambda side, sec: on_card(side.other, sec))
    t2 = play_out(s2, {Side.NS: b, Side.EW: a}, random.Random(key), swapped)
    r1, r2 = TableResult.of(t1), TableResult.of(t2)
    return BoardResult(index, number, key, r1, r2, imps(r1.score_ns - r2.score_ns))


def play_match(
    a: Robot,
    b: Robot,
    *,
    deals: int,
    seed: str = "0",
    first: int = 0,
    bidder: Robot | None = None,
    on_board: Callable[[BoardResult], None] | None = None,
    on_card: Callable[[Side, float], None] | None = None,
    own_bidding: bool = False,
) -> MatchResult:
    """Robot ``a`` against robot ``b`` over deals ``first .. first + deals - 1`` of ``seed``.

    ``on_board`` is called after each board (for progress); ``on_card(side, seconds)`` times
    every robot call of the play, ``Side.NS`` meaning A's and ``Side.EW`` B's at both tables.
    ``own_bidding``: each table bid by its own robots (see ``play_board``)."""
    if deals < 0:
        raise ValueError(f"a match has 0 or more deals, not {deals}")
    bidder = bidder or Level0Robot()
    boards: list[BoardResult] = []
    for i in range(first, first + deals):
        board = play_board(a, b, i, seed, bidder=bidder, on_card=on_card, own_bidding=own_bidding)
        boards.append(board)
        if on_board is not None:
            on_board(board)
    return MatchResult(seed, tuple(boards))
