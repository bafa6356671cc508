"""The draws of team events, as pure functions: who meets whom in each round.

* :func:`round_robin` — every team meets every other once, by the circle method: team
  numbers round a circle (a blank added to an odd field, its opponent having the bye), the
  first fixed, the rest turned one place a round; N - 1 rounds (N for an odd field). The fixed
  team is home every other round, the others by their place on the circle: a team's home and
  away matches differ by two at most.
* :func:`swiss_round` — Swiss teams: teams with close scores meet, no two teams twice. Round 1
  by team number (1 v 2, 3 v 4...); with an odd field the bye goes to the highest number in
  round 1, then to the lowest-placed team that has not had one (so one bye a team at most);
  the rest are paired top down by :func:`qipai.events.swiss.swiss_pairing` without a rematch.
  When no pairing without a rematch is left, the draw is None and the event ends.
* :func:`bracket` and :func:`knockout_stage` — a knockout bracket seeded from a list (best
  first): seeds placed so that 1 and 2 can only meet in the final (1 v 8, 4 v 5, 2 v 7, 3 v 6
  for eight); a field that is not a power of two gives first-round byes to the top seeds.

>>> round_robin([1, 2, 3, 4])
(((1, 4), (2, 3)), ((3, 1), (4, 2)), ((1, 2), (3, 4)))
>>> bracket([1, 2, 3, 4, 5, 6])  # 1 and 2 have byes in round 1
((1, None), (4, 5), (2, None), (3, 6))
>>> stage_name(8), stage_name(2), stage_name(16)
('quarter-final', 'final', 'round of 16')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..swiss import swiss_pairing
from .errors import TeamSettingsError

__all__ = [
    "Draw",
    "bracket",
    "knockout_stage",
    "round_robin",
    "round_robin_rounds",
    "stage_name",
    "swiss_round",
]

Draw = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""A round's matches (home, away) and the teams with a bye."""


def round_robin_rounds(teams: int) -> int:
    """Rounds of a full round robin: N - 1, or N for an odd field."""
    return teams - 1 if teams % 2 == 0 else teams


def round_robin(teams: Sequence[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every round of a round robin of ``teams``: each round's matches (home, away). A team
    missing from a round's matches has the bye (odd field)."""
    if len(teams) < 2:
        raise TeamSettingsError(f"a round robin needs at least 2 teams, not {len(teams)}")
    circle: list[int | None] = [*teams]
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    rounds = []
    for r in range(n - 1):
        matches = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                continue
            home_first = r % 2 == 0 if i == 0 else i % 2 == 1
            matches.append((a, b) if home_first else (b, a))
        rounds.append(tuple(matches))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return tuple(rounds)


def _met(history: Iterable[tuple[int, int]]) -> set[frozenset[int]]:
    return {frozenset(m) for m in history}


def swiss_round(
    order: Sequence[int],
    history: Sequence[tuple[int, int]],
    had_bye: Iterable[int],
    home_count: dict[int, int] | None = None,
    *,
    first: bool = False,
) -> Draw | None:
    """A round of Swiss teams: ``order`` the teams best first (by team number in round 1,
    ``first``), ``history`` the earlier matches, ``had_bye`` the teams that have had a bye.
    None when the field cannot be paired without a rematch (or every team has had its bye).

    >>> swiss_round([1, 2, 3, 4, 5], [], [], first=True)
    (((1, 2), (3, 4)), (5,))
    >>> swiss_round([3, 1, 5, 2, 4], [(1, 2), (3, 4)], [5])
    (((3, 1), (5, 2)), (4,))
    """
    teams = list(order)
    candidates: list[tuple[list[int], tuple[int, ...]]]
    if len(teams) % 2 == 0:
        candidates = [(teams, ())]
    elif first:
        candidates = [([t for t in teams if t != max(teams)], (max(teams),))]
    else:
        taken = set(had_bye)
        candidates = [
            ([t for t in teams if t != b], (b,)) for b in reversed(teams) if b not in taken
        ]
    met = _met(history)
    homes = home_count or {}
    for rest, byes in candidates:
        if first:
            pairs = list(zip(rest[::2], rest[1::2], strict=True))
        else:
            pairing = swiss_pairing(rest, history)
            if pairing.rematches:
                continue
            pairs = list(pairing.tables)
        if any(frozenset(p) in met for p in pairs):
            continue
        matches = tuple((a, b) if homes.get(a, 0) <= homes.get(b, 0) else (b, a) for a, b in pairs)
        return matches, byes
    return None


def bracket(seeding: Sequence[int]) -> tuple[tuple[int, int | None], ...]:
    """The first round of a knockout of ``seeding`` (best first): pairs of (higher seed, lower
    seed), None for a bye, in bracket order (adjacent winners meet next)."""
    if len(seeding) < 2:
        raise TeamSettingsError(f"a knockout needs at least 2 teams, not {len(seeding)}")
    if len(set(seeding)) != len(seeding):
        raise TeamSettingsError(f"a knockout seeds each team once: {', '.join(map(str, seeding))}")
    size = 1
    while size < len(seeding):
        size *= 2
    slots = [1]
    while len(slots) < size:
        slots = [x for s in slots for x in (s, 2 * len(slots) + 1 - s)]
    out = []
    for i in range(0, size, 2):
        a, b = slots[i], slots[i + 1]
        out.append((seeding[a - 1], seeding[b - 1] if b <= len(seeding) else None))
    return tuple(out)


def knockout_stage(
    advancing: Sequence[int], seed_of: dict[int, int]
) -> tuple[tuple[int, int], ...]:
    """The next stage's matches: adjacent teams of ``advancing`` (bracket order) meet, the
    higher seed (lower number in ``seed_of``) at home."""
    out = []
    for i in range(0, len(advancing) - 1, 2):
        a, b = advancing[i], advancing[i + 1]
        out.append((a, b) if seed_of[a] < seed_of[b] else (b, a))
    return tuple(out)


def stage_name(teams_left: int) -> str:
    """The name of a knockout stage with ``teams_left`` teams in it."""
    return {2: "final", 4: "semi-final", 8: "quarter-final"}.get(
        teams_left, f"round of {teams_left}"
    )
