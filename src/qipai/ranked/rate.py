"""The Rate (牌技指数): a player's skill as a percentage, recomputed at the end of each week.

The seed: "对复式记分中的XIMP得分平衡了对手分，同伴分后得到的一个百分比分数" — the pool's IMP
scores, balanced for the opponents' and the partner's strength, as a percentage. Ours
(docs/RANKED.md):

1. **A result as a percentage.** A side that scored ``imps`` on a board against the pool's datum
   scored ``50 + 50·tanh(imps / 10)`` per cent (0 IMPs: 50 %; +5: 73 %; -10: 12 %).
2. **A player's Rate on the board** balances that for the table: a side's expected percentage is
   50 plus half the difference of the two pairs' Rates summed, so the player's own Rate on the
   board is ``2·(pct − 50) + opponents' Rates − partner's Rate``, held within 0 to 100. A player
   who left the board to a robot (a disconnection) has 0 on it (the seed's penalty).
3. **The week's Rate** is the mean of the player's board Rates. The others' Rates it uses are
   the ones this week's results give them, found by a damped fixed-point iteration from last
   week's, so a strong newcomer's partners are not judged against 50 all week.
4. **The new Rate** weighs the old by the boards behind it, decayed: ``weight`` is the
   boards a Rate stands on; each week it is multiplied by ``DECAY`` and capped at ``CAP`` before
   the week's boards are added, so old results count less and less. A new player starts at
   ``START`` (50) standing on ``PRIOR`` (10) boards.

Rates stay within 0 and 100; the week's inputs are put in a canonical order first, so the result
does not depend on the order in which results arrived.

>>> r = {p: PlayerRate() for p in "abcd"}
>>> week = [BoardScore(("a", "b"), ("c", "d"), 6.0)] * 4
>>> new = weekly_rates(r, week)
>>> round(new["a"].rate, 2), round(new["c"].rate, 2), new["a"].weight
(58.59, 41.41, 13.0)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

__all__ = [
    "CAP",
    "DECAY",
    "PRIOR",
    "START",
    "BoardScore",
    "PlayerRate",
    "board_rate",
    "percentage",
    "weekly_rates",
]

START = 50.0
"""A new player's Rate."""
PRIOR = 10.0
"""The boards a new player's Rate is taken to stand on."""
DECAY = 0.9
"""The share of the old Rate's weight carried into each new week."""
CAP = 400.0
"""The most boards an old Rate may stand on when a week is added to it."""
IMP_SCALE = 10.0
"""IMPs at which a result's percentage is 50 + 50·tanh(1), about 88 %."""
ITERATIONS = 30
"""Rounds of the week's fixed-point iteration (damped by half each round)."""

Player = Hashable


@dataclass(frozen=True)
class PlayerRate:
    """A player's Rate and the boards (decayed) it stands on."""

    rate: float = START
    weight: float = PRIOR

    def __post_init__(self) -> None:
        if not (math.isfinite(self.rate) and 0.0 <= self.rate <= 100.0):
            raise ValueError(f"a Rate is 0 to 100, not {self.rate!r}")
        if not (math.isfinite(self.weight) and self.weight >= 0):
            raise ValueError(f"a Rate's weight is 0 or more, not {self.weight!r}")


@dataclass(frozen=True)
class BoardScore:
    """One result of a pool board: the NS pair, the EW pair and NS's IMPs against the datum;
    ``away`` names who left the board to a robot."""

    ns: tuple[Player, Player]
    ew: tuple[Player, Player]
    ns_imps: float
    away: frozenset[Player] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not math.isfinite(self.ns_imps):
            raise ValueError(f"IMPs must be a finite number, not {self.ns_imps!r}")
        if len({*self.ns, *self.ew}) != 4:
            raise ValueError(f"four different players sit at a table, not {self.ns} v {self.ew}")

    def sides(self) -> Iterable[tuple[Player, Player, tuple[Player, Player], float]]:
        """(player, partner, opponents, the side's IMPs) for each of the four."""
        (n, s), (e, w) = self.ns, self.ew
        yield n, s, self.ew, self.ns_imps
        yield s, n, self.ew, self.ns_imps
        yield e, w, self.ns, -self.ns_imps
        yield w, e, self.ns, -self.ns_imps


def percentage(imps: float) -> float:
    """A side's percentage on a board from its IMPs against the datum.

    >>> percentage(0), round(percentage(5), 1), round(percentage(-10), 1)
    (50.0, 73.1, 11.9)
    """
    return 50.0 + 50.0 * math.tanh(imps / IMP_SCALE)


def board_rate(pct: float, partner: float, opponents: tuple[float, float]) -> float:
    """A player's Rate on one board: their side's percentage balanced for the table.

    >>> board_rate(50, 50, (50, 50)), board_rate(50, 30, (60, 60)), board_rate(95, 50, (50, 50))
    (50.0, 90.0, 100.0)
    """
    return min(100.0, max(0.0, 2.0 * (pct - 50.0) + opponents[0] + opponents[1] - partner))


def weekly_rates(
    rates: Mapping[Player, PlayerRate], week: Iterable[BoardScore]
) -> dict[Player, PlayerRate]:
    """Every player's Rate after the week's results (players new this week start at START)."""
    results = sorted(week, key=_canonical)
    old = dict(rates)
    for score in results:
        for player in (*score.ns, *score.ew):
            old.setdefault(player, PlayerRate())
    boards: dict[Player, int] = {}
    for score in results:
        for player, *_ in score.sides():
            boards[player] = boards.get(player, 0) + 1

    estimate = {p: r.rate for p, r in old.items()}
    for _ in range(ITERATIONS):
        totals: dict[Player, list[float]] = {p: [] for p in boards}
        for score in results:
            for player, partner, (o1, o2), imps in score.sides():
                if player in score.away:
                    totals[player].append(0.0)
                    continue
                pct = percentage(imps)
                totals[player].append(
                    board_rate(pct, estimate[partner], (estimate[o1], estimate[o2]))
                )
        blended = {
            p: _blend(old[p], math.fsum(values) / len(values), len(values))
            for p, values in totals.items()
        }
        estimate = {
            p: (estimate[p] + blended[p].rate) / 2 if p in blended else estimate[p]
            for p in estimate
        }
    out = dict(old)
    for p, n in boards.items():
        out[p] = PlayerRate(min(100.0, max(0.0, estimate[p])), _carried(old[p]) + n)
    return out


def _carried(old: PlayerRate) -> float:
    return min(CAP, old.weight) * DECAY


def _blend(old: PlayerRate, week_mean: float, boards: int) -> PlayerRate:
    carried = _carried(old)
    rate = (old.rate * carried + week_mean * boards) / (carried + boards)
    return PlayerRate(min(100.0, max(0.0, rate)), carried + boards)


def _canonical(score: BoardScore) -> tuple[str, ...]:
    return (
        repr(score.ns),
        repr(score.ew),
        repr(score.ns_imps),
        repr(sorted(map(repr, score.away))),
    )
