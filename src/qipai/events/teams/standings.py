"""Standings of a team event: victory points, then the matches between the tied teams, then
the IMP quotient (docs/TEAMS.md).

1. Total VPs, byes' VPs included.
2. Teams level on VPs are ordered by the VPs each scored in the matches played among them
   (all of the tied teams at once: with three level, the mini-league of their matches).
3. Still level: the IMP quotient, IMPs won divided by IMPs lost over all their matches (a team
   that lost no IMPs is above any that did; none won and none lost counts as 1).
4. Still level, the teams share the rank (listed by team number).

>>> from qipai.events.teams.match import adjust, new_match
>>> m1 = adjust(new_match(1, 2, (8,)), 12, 8, "ruled")
>>> m2 = adjust(new_match(3, 1, (8,)), 12, 8, "ruled")
>>> m3 = adjust(new_match(2, 3, (8,)), 12, 8, "ruled")  # 1, 2 and 3 all on 20 VPs
>>> [(r.rank, r.team, r.vp) for r in team_standings([1, 2, 3], [m1, m2, m3])]
[(1, 1, 20.0), (1, 2, 20.0), (1, 3, 20.0)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .match import Match

__all__ = ["TeamRow", "imp_quotient", "team_standings"]


@dataclass(frozen=True)
class TeamRow:
    """One team's line of the standings."""

    rank: int
    team: int
    vp: float
    imps_for: float
    imps_against: float
    matches: int
    byes: int

    @property
    def quotient(self) -> float:
        return imp_quotient(self.imps_for, self.imps_against)


def imp_quotient(won: float, lost: float) -> float:
    """IMPs won over IMPs lost; infinite when none were lost but some won, 1 for 0/0.

    >>> imp_quotient(30, 20), imp_quotient(5, 0), imp_quotient(0, 0)
    (1.5, inf, 1.0)
    """
    if lost == 0:
        return math.inf if won > 0 else 1.0
    return won / lost


def team_standings(
    teams: Sequence[int], matches: Iterable[Match], byes: Mapping[int, float] | None = None
) -> tuple[TeamRow, ...]:
    """Rank ``teams`` over their complete ``matches`` and the VPs of their ``byes``."""
    done = [m for m in matches if m.is_complete]
    vp = {t: 0.0 for t in teams}
    won = {t: 0.0 for t in teams}
    lost = {t: 0.0 for t in teams}
    played = {t: 0 for t in teams}
    for t, v in (byes or {}).items():
        vp[t] += v
    for m in done:
        (hv, av), (hi, ai) = m.vp, m.imps
        for team, v, i_for, i_against in ((m.home, hv, hi, ai), (m.away, av, ai, hi)):
            if team in vp:
                vp[team] += v
                won[team] += i_for
                lost[team] += i_against
                played[team] += 1
    bye_count = {t: 0 for t in teams}
    for t in byes or {}:
        bye_count[t] = bye_count.get(t, 0) + 1

    def total(t: int) -> float:
        return round(vp[t], 2)

    groups: dict[float, list[int]] = {}
    for t in teams:
        groups.setdefault(total(t), []).append(t)
    rows: list[TeamRow] = []
    rank = 1
    for points in sorted(groups, reverse=True):
        tied = groups[points]
        h2h = _head_to_head(tied, done)
        ordered = sorted(tied, key=lambda t: (-h2h[t], -imp_quotient(won[t], lost[t]), t))
        previous: tuple[float, float] | None = None
        shared = rank
        for i, t in enumerate(ordered):
            key = (h2h[t], imp_quotient(won[t], lost[t]))
            if key != previous:
                shared = rank + i
                previous = key
            rows.append(
                TeamRow(shared, t, total(t), _n(won[t]), _n(lost[t]), played[t], bye_count[t])
            )
        rank += len(tied)
    return tuple(rows)


def _head_to_head(tied: Sequence[int], matches: Sequence[Match]) -> dict[int, float]:
    """Each tied team's VPs in the matches between tied teams (0 for a team alone)."""
    out = {t: 0.0 for t in tied}
    if len(tied) < 2:
        return out
    members = set(tied)
    for m in matches:
        if m.home in members and m.away in members:
            hv, av = m.vp
            out[m.home] += hv
            out[m.away] += av
    return {t: round(v, 2) for t, v in out.items()}


def _n(x: float) -> float:
    return int(x) if float(x).is_integer() else round(x, 2)
