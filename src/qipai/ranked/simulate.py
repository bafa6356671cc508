"""Weeks of the pool with players of hidden skill: does the Rate find the skill?

Each player has a hidden skill (normal, mean 0, s.d. 1). Each week the players sit down at
random in tables of four with random partners, ``sessions`` times, and each table is given its
board by the pool's rule. A board's NS score is modelled, not played: every board has its own
expected NS score (normal, s.d. 400 points), a pair's edge is ``EDGE`` points per unit of the
difference of the two pairs' mean skill, and the table adds noise (s.d. ``NOISE``); scores are
rounded to tens. A player leaves a board to a robot with probability ``disconnect`` (their
result then goes on as a robot of skill ``ROBOT_SKILL`` would play it, and they take the pool's
penalties). At each week's end the Rates are recomputed (:func:`qipai.ranked.rate.weekly_rates`)
and the week's places win masterpoints as an event's do.

Three measures of each player are compared with the hidden skill by Spearman's rank
correlation: the Rate, the plain mean of their IMPs a board, and OpenSkill's ordinal
(Plackett-Luce, each table's pairs as teams of two, ranked by their IMPs on the board). With
``carry`` the strongest player always partners one of the weakest quarter, the case where a
rating must see past the partner.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..events.masterpoints import masterpoints_for
from .grades import grade_for
from .pool import WeekPool
from .rate import PlayerRate, weekly_rates

__all__ = ["PoolSimulation", "simulate", "spearman"]

EDGE = 60.0
"""NS points a board per unit of the difference of the pairs' mean skills."""
NOISE = 120.0
"""The s.d. of a table's score around its expectation, in points."""
ROBOT_SKILL = -0.5
"""The skill a robot taking over a seat plays at."""
MIN_PLAYERS = 24
"""Six tables: fewer could never give a board the 6 results it is scored at."""


@dataclass
class PoolSimulation:
    """What a simulation found: each player's figures, every board's results, the correlations."""

    skills: list[float]
    rates: dict[int, PlayerRate]
    mean_ximp: list[float]
    boards_played: list[int]
    masterpoints: list[float]
    openskill: list[float]
    weeks: list[WeekPool] = field(default_factory=list)

    def spearman(self) -> dict[str, float]:
        return {
            "rate": spearman(self.skills, [self.rates[p].rate for p in range(len(self.skills))]),
            "mean_ximp": spearman(self.skills, self.mean_ximp),
            "openskill": spearman(self.skills, self.openskill),
        }

    def to_json(self) -> dict[str, Any]:
        players = [
            {
                "id": p,
                "skill": round(self.skills[p], 4),
                "rate": round(self.rates[p].rate, 2),
                "mean_ximp": round(self.mean_ximp[p], 3),
                "boards": self.boards_played[p],
                "masterpoints": self.masterpoints[p],
                "grade": grade_for(self.masterpoints[p]).en,
            }
            for p in range(len(self.skills))
        ]
        boards = [
            {
                "week": week.week,
                "board": b.number,
                "results": [
                    {"ns_score": r.ns_score, "scored_at_result": at}
                    for r, at in zip(b.results, b.scored_at, strict=True)
                ],
                "retired": b.retired,
            }
            for week in self.weeks
            for b in week.boards
            if b.results
        ]
        return {
            "players": players,
            "boards": boards,
            "spearman": {
                k: None if math.isnan(v) else round(v, 4) for k, v in self.spearman().items()
            },
        }


def simulate(
    players: int,
    weeks: int,
    seed: int,
    *,
    sessions: int = 12,
    disconnect: float = 0.005,
    carry: bool = False,
) -> PoolSimulation:
    """Play ``weeks`` weeks of the pool with ``players`` simulated players (a multiple of 4)."""
    if players < MIN_PLAYERS or players % 4:
        raise ValueError(
            f"the pool is simulated with {MIN_PLAYERS} players or more, a multiple of 4, not"
            f" {players} (a board is scored at its 6th result, and each player plays it once)"
        )
    if weeks < 1 or sessions < 1:
        raise ValueError("a simulation runs 1 week or more of 1 session or more")
    if not 0 <= disconnect < 1:
        raise ValueError(f"a disconnection's probability is 0 to 1, not {disconnect}")
    from openskill.models import PlackettLuce

    rng = random.Random(seed)
    skills = [rng.gauss(0.0, 1.0) for _ in range(players)]
    order = sorted(range(players), key=lambda p: skills[p])
    strongest, weak = order[-1], order[: players // 4]
    model = PlackettLuce()
    ratings = [model.rating(name=str(p)) for p in range(players)]
    rates: dict[Hashable, PlayerRate] = {}
    imp_sum = [0.0] * players
    boards_played = [0] * players
    masterpoints = [0.0] * players
    sim = PoolSimulation(skills, {}, [], boards_played, masterpoints, [])
    tables = players // 4
    for week in range(1, weeks + 1):
        pool = WeekPool.new(week, boards=sessions * tables)
        expected = [rng.gauss(0.0, 400.0) for _ in pool.boards]
        for _ in range(sessions):
            for ns, ew in _seatings(rng, players, strongest if carry else None, weak):
                board = pool.board_for((*ns, *ew))
                away = frozenset(p for p in (*ns, *ew) if rng.random() < disconnect)
                score = _score(rng, expected[board - 1] if board else 0.0, skills, ns, ew, away)
                pool = pool.add(board, ns, ew, score, away)
        rates = weekly_rates(rates, pool.scores())
        for result in pool.scores():
            seats = [_player(p) for p in (*result.ns, *result.ew)]
            for player, _partner, _opp, imps in result.sides():
                imp_sum[_player(player)] += imps
                boards_played[_player(player)] += 1
            teams = [[ratings[p] for p in seats[:2]], [ratings[p] for p in seats[2:]]]
            ranks = (
                [0.0, 0.0]
                if result.ns_imps == 0
                else [float(result.ns_imps < 0), float(result.ns_imps > 0)]
            )
            (n, s), (e, w) = model.rate(teams, ranks=ranks)
            for p, r in zip(seats, (n, s, e, w), strict=True):
                ratings[p] = r
        _award(pool, masterpoints, players)
        sim.weeks.append(pool)
    sim.rates = {p: rates.get(p, PlayerRate()) for p in range(players)}
    sim.mean_ximp = [imp_sum[p] / max(1, boards_played[p]) for p in range(players)]
    sim.openskill = [r.ordinal() for r in ratings]
    return sim


def _seatings(
    rng: random.Random, players: int, strongest: int | None, weak: Sequence[int]
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """One session's tables: random partners and opponents (the strongest with a weak partner
    when carried)."""
    everyone = list(range(players))
    rng.shuffle(everyone)
    if strongest is not None:
        partner = rng.choice([p for p in weak if p != strongest])
        everyone.remove(strongest)
        everyone.remove(partner)
        everyone[:0] = [strongest, partner]
    out = []
    for k in range(0, players, 4):
        a, b, c, d = everyone[k : k + 4]
        out.append(((a, b), (c, d)) if rng.random() < 0.5 else ((c, d), (a, b)))
    return out


def _score(
    rng: random.Random,
    expected: float,
    skills: Sequence[float],
    ns: tuple[int, int],
    ew: tuple[int, int],
    away: frozenset[int],
) -> int:
    def skill(p: int) -> float:
        return ROBOT_SKILL if p in away else skills[p]

    edge = EDGE * ((skill(ns[0]) + skill(ns[1])) - (skill(ew[0]) + skill(ew[1]))) / 2
    return round((expected + edge + rng.gauss(0.0, NOISE)) / 10.0) * 10


def _award(pool: WeekPool, masterpoints: list[float], players: int) -> None:
    """The week's places by points, among those with at least half the median number of
    scored boards, win masterpoints as an event's places do (docs/EVENTS.md); equal points
    share the higher place."""
    scored = [0] * players
    for result in pool.scores():
        for p in (*result.ns, *result.ew):
            scored[_player(p)] += 1
    floor = max(1.0, float(np.median(scored)) / 2)
    entrants = [p for p in range(players) if scored[p] >= floor]
    points = {p: pool.points(p) for p in entrants}
    for p in entrants:
        place = 1 + sum(1 for q in entrants if points[q] > points[p])
        masterpoints[p] += masterpoints_for(place, len(entrants))


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation of two equal-length series (ties get their mean rank).

    >>> round(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 9), round(spearman([1, 2, 3], [3, 2, 1]), 9)
    (1.0, -1.0)
    >>> round(spearman([1, 2, 3, 4], [1, 3, 2, 4]), 2)
    0.8
    """
    if len(x) != len(y) or len(x) < 2:
        raise ValueError("Spearman's correlation needs two series of the same length, 2 or more")
    rx, ry = _ranks(x), _ranks(y)
    sx, sy = float(np.std(rx)), float(np.std(ry))
    if sx == 0 or sy == 0:
        return math.nan
    return float(np.mean((rx - rx.mean()) * (ry - ry.mean())) / (sx * sy))


def _ranks(values: Sequence[float]) -> np.ndarray[Any, np.dtype[np.float64]]:
    a = np.asarray(values, dtype=float)
    order = np.argsort(a, kind="stable")
    ranks = np.empty(len(a))
    ranks[order] = np.arange(1, len(a) + 1)
    for v in np.unique(a):
        tied = a == v
        if tied.sum() > 1:
            ranks[tied] = ranks[tied].mean()
    return ranks


def _player(p: Hashable) -> int:
    """A simulated player's number (the pool and the Rate take any hashable player)."""
    assert isinstance(p, int)
    return p
