"""Cross-IMPs: each result in IMPs against every other result on the board.

A result's cross-IMPs are the sum of imps(own - other) over the other n - 1 results, divided by
n - 1 so that boards played a different number of times weigh the same (``normalise=False`` keeps
the plain sum). Every comparison is counted once from each side, so a board's cross-IMPs sum to 0.

>>> cross_imps([420, 450, -50])  # 420: -1 and +10; 450: +1 and +11; -50: -10 and -11
[4.5, 6.0, -10.5]
>>> cross_imps([420, 450, -50], normalise=False)
[9.0, 12.0, -21.0]

IMPs are not linear in the difference, so prefix sums of the scores do not help; instead, for each
distinct score and each of the 24 IMP bounds, two binary searches in the sorted scores count how
many results it beats (or loses to) by at least that bound: O(d * 24 * log d) for d distinct
scores, after an O(n log n) sort.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import accumulate

from ._checks import finite_scores
from .imps import IMP_BOUNDS

__all__ = ["cross_imps"]


def cross_imps(ns_scores: Sequence[float], *, normalise: bool = True) -> list[float]:
    """NS cross-IMPs for each score: per comparison (``normalise``) or summed.

    A board with a single result has nothing to compare against and scores 0.

    >>> cross_imps([100]), cross_imps([])
    ([0.0], [])
    """
    scores = finite_scores(ns_scores)
    if len(scores) < 2:
        return [0.0] * len(scores)
    totals = _cross_totals(scores)
    divisor = len(scores) - 1 if normalise else 1
    return [totals[score] / divisor for score in scores]


def _cross_totals(scores: Sequence[float]) -> dict[float, int]:
    """Each distinct score's summed IMPs against all the scores (itself scores 0)."""
    counts = sorted(Counter(scores).items())
    distinct = [score for score, _ in counts]
    # at_or_below[k]: how many scores are in distinct[:k]
    at_or_below = [0, *accumulate(count for _, count in counts)]
    n = len(scores)
    totals: dict[float, int] = {}
    for score in distinct:
        total = 0
        for bound in IMP_BOUNDS:
            # one IMP from each result at least `bound` below, one to each at least `bound` above
            beaten = at_or_below[bisect_right(distinct, score - bound)]
            beaten_by = n - at_or_below[bisect_left(distinct, score + bound)]
            if beaten == beaten_by == 0:
                break  # the bounds only grow: no result is this far away on either side
            total += beaten - beaten_by
        totals[score] = total
    return totals
