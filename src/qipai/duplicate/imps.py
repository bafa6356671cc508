"""IMPs: the WBF International Match Point scale (Laws of Duplicate Bridge 2017, Law 78B).

A difference scores the IMPs of the highest band whose lower bound it reaches, so averages that
are not multiples of 10 fall in the band they have reached: 15 is below 20 and scores 0, 45 has
reached 20 and scores 1.

>>> imps(620 - 170)  # game bid at one table, a part-score at the other: 450
10
>>> imps(-1430 + 680)  # a missed vulnerable slam costs 750
-13
>>> imps(15), imps(45), imps(4000)
(0, 1, 24)
"""

from __future__ import annotations

from bisect import bisect_right

from ._checks import finite

__all__ = ["IMP_BOUNDS", "imps"]

# Law 78B: the lowest difference of each band from 1 IMP (20-40) to 24 IMPs (4000 and over).
IMP_BOUNDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: float) -> int:
    """The IMPs for a points ``difference`` (int or float); negative for a negative difference.

    >>> imps(10), imps(20), imps(-20), imps(490), imps(500)
    (0, 1, -1, 10, 11)
    """
    finite(difference, "a points difference")
    band = bisect_right(IMP_BOUNDS, abs(difference))
    return band if difference >= 0 else -band
