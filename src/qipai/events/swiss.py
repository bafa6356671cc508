"""Swiss pairing: pairs with close scores meet, and no two pairs meet twice while that can be
avoided.

The pairs come in order, best first (by total, then boards completed, then registration). When
their number is odd a *phantom* (:data:`PHANTOM`, the robot pair or the bye) is put at the
bottom, and having met it counts as a meeting like any other, so the bye or the robot table
goes to the lowest pair that has not had it yet.

The search is top-down backtracking over the ordered list: take the highest pair not yet
paired, try its opponents nearest first (the next pair down, then the one after...), and pair
the rest the same way; when the rest cannot be paired, take back the last choice and try the
next opponent. Each attempt has a *budget* of rematches (a pairing that meets a previous
opponent spends one for each earlier meeting): first 0, then 1, 2... so the pairing found has
the fewest rematches possible, and among those it is the first in top-down, nearest-first
order. Sets of pairs already shown unpairable within a budget are remembered (a bitmask of the
pairs left), which keeps the search small. The first budget tried is a lower bound: half the
sum of each pair's cheapest possible meeting. A node limit guards against pathological fields
(far more rounds than pairs): past it the next budget is tried, and past four limits in all,
the nearest-first pairing is taken whatever it costs.

>>> swiss_pairing([1, 2, 3, 4], history=[]).tables
((1, 2), (3, 4))
>>> swiss_pairing([1, 2, 3, 4], history=[(1, 2), (3, 4)]).tables
((1, 3), (2, 4))
>>> p = swiss_pairing([5, 1, 2], history=[(2, PHANTOM)])
>>> p.tables, p.rematches
(((5, 2), (1, 0)), 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .state import PHANTOM

__all__ = ["NODE_LIMIT", "Pairing", "first_round", "swiss_pairing"]

NODE_LIMIT = 50_000
"""Search nodes allowed for one rematch budget before the budget is raised."""


@dataclass(frozen=True)
class Pairing:
    """The meetings of a round, best-placed first (each as higher-placed, lower-placed), and
    how many of them repeat an earlier meeting."""

    tables: tuple[tuple[int, int], ...]
    rematches: int


def first_round(order: Sequence[int]) -> Pairing:
    """Round 1 by registration order: 1 v 2, 3 v 4, ..., an odd last pair against the phantom.

    >>> first_round([1, 2, 3, 4, 5]).tables
    ((1, 2), (3, 4), (5, 0))
    """
    entrants = _entrants(order)
    return Pairing(tuple(zip(entrants[::2], entrants[1::2], strict=True)), 0)


def _entrants(order: Sequence[int]) -> list[int]:
    entrants = list(order)
    if PHANTOM in entrants:
        raise ValueError(f"pair number {PHANTOM} is the phantom and cannot be in the order")
    if len(set(entrants)) != len(entrants):
        raise ValueError("a pair appears twice in the order")
    if len(entrants) % 2:
        entrants.append(PHANTOM)
    return entrants


class _GaveUp(Exception):
    pass


def swiss_pairing(
    order: Sequence[int],
    history: Iterable[tuple[int, int]],
    *,
    node_limit: int = NODE_LIMIT,
) -> Pairing:
    """Pair ``order`` (best first) avoiding the meetings in ``history`` (earlier rounds'
    pairings; :data:`PHANTOM` for a robot table or a bye) as far as possible."""
    entrants = _entrants(order)
    if not entrants:
        return Pairing((), 0)
    met = Counter(frozenset(p) for p in history)
    n = len(entrants)
    cost = [[met[frozenset((a, b))] if a != b else 0 for b in entrants] for a in entrants]
    # No pairing costs less than half the sum of each entrant's cheapest meeting: start there.
    budget = -(-sum(min(c for j, c in enumerate(row) if j != i) for i, row in enumerate(cost)) // 2)
    spent = 0
    while True:
        search = _Search(cost, node_limit)
        try:
            found = search.pair((1 << n) - 1, budget)
        except _GaveUp:
            found = None
        spent += search.nodes
        if found is not None:
            tables = tuple((entrants[i], entrants[j]) for i, j in found)
            return Pairing(tables, sum(cost[i][j] for i, j in found))
        budget += 1
        if spent > 4 * node_limit:
            budget = n * max(max(row) for row in cost)  # any pairing fits: nearest first


class _Search:
    """Backtracking over bitmasks of the entrants left (bit i: entrant i of the order)."""

    def __init__(self, cost: list[list[int]], node_limit: int) -> None:
        self.cost = cost
        self.node_limit = node_limit
        self.nodes = 0
        # mask -> the largest budget with which that set is known to be unpairable
        self.failed: dict[int, int] = {}

    def pair(self, mask: int, budget: int) -> list[tuple[int, int]] | None:
        if mask == 0:
            return []
        if self.failed.get(mask, -1) >= budget:
            return None
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _GaveUp
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        row = self.cost[first]
        others = rest
        while others:
            j = (others & -others).bit_length() - 1
            others &= others - 1
            c = row[j]
            if c > budget:
                continue
            found = self.pair(rest & ~(1 << j), budget - c)
            if found is not None:
                return [(first, j), *found]
        self.failed[mask] = max(budget, self.failed.get(mask, -1))
        return None
