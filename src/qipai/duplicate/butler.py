"""Butler scoring: each result in IMPs against a datum, the trimmed mean of the board's results.

The datum drops the ``trim`` highest and ``trim`` lowest NS scores, averages the rest and rounds
to the nearest 10, halves away from zero (325 -> 330, -325 -> -330). The mean is taken in exact
arithmetic, so a true half is never lost to floating point.

>>> butler_datum([620, 650, 620, 170, -100])  # drop 650 and -100: (620 + 620 + 170) / 3 = 470
470
>>> butler([620, 650, 620, 170, -100])  # 150, 180, 150, -300 and -570 from the datum
[4.0, 5.0, 4.0, -7.0, -11.0]

How many to trim can be a fixed number or a rule that grows with the field (:class:`TrimRule`):

>>> [trim_count(n, "seed") for n in (2, 5, 9, 10, 25, 40)]
[0, 1, 1, 1, 2, 4]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction

from ._checks import finite_scores, whole
from .errors import ScoringError
from .imps import imps

__all__ = [
    "Trim",
    "TrimRule",
    "butler",
    "butler_datum",
    "round_datum",
    "trim_count",
    "trimmed_mean",
]


class TrimRule(StrEnum):
    """Named rules for how many results to drop at each end before averaging.

    * ``seed``: 1 at each end below 10 results, then 10% at each end, rounded down (10-19
      results: 1, 20-29: 2, ...). This is qipai's schedule: it keeps the familiar "drop the
      top and the bottom" for small fields and trims outliers proportionally in large ones.
    * ``acbl``: 5% at each end, rounded to the nearest whole result (halves up): none below 10
      results, 1 from 10 to 29, 2 from 30 to 49, ...
    * ``none``: no trimming; the datum is the plain mean.
    """

    SEED = "seed"
    ACBL = "acbl"
    NONE = "none"


Trim = int | str
"""A fixed number to drop at each end, or the name of a :class:`TrimRule`."""


def trim_count(results: int, trim: Trim) -> int:
    """How many results to drop at each end of a board with ``results`` results.

    Never so many that nothing is left: at most (results - 1) // 2 at each end.

    >>> trim_count(2, 1), trim_count(3, 1), trim_count(40, "acbl"), trim_count(40, "none")
    (0, 1, 2, 0)
    """
    whole(results, "the number of results", 0)
    wanted = _wanted(results, trim)
    return min(wanted, max(results - 1, 0) // 2)


def _wanted(results: int, trim: Trim) -> int:
    """The trim a rule asks for before it is capped to leave at least one result."""
    if not isinstance(trim, str):
        return whole(trim, "the trim", 0)
    try:
        rule = TrimRule(trim)
    except ValueError:
        names = ", ".join(repr(r.value) for r in TrimRule)
        raise ScoringError(f"the trim is a whole number or one of {names}, not {trim!r}") from None
    if rule is TrimRule.SEED:
        return 1 if results < 10 else results // 10
    if rule is TrimRule.ACBL:
        return (results + 10) // 20  # 5% of results, rounded half up
    return 0


def _trimmed_exact(ns_scores: Sequence[float], trim: Trim) -> Fraction:
    """The trimmed mean as an exact fraction."""
    scores = sorted(finite_scores(ns_scores))
    if not scores:
        raise ScoringError("a datum needs at least one result")
    drop = trim_count(len(scores), trim)
    kept = scores[drop : len(scores) - drop]
    if all(isinstance(s, int) for s in kept):
        return Fraction(sum(kept)) / len(kept)  # ints sum exactly; Fraction only to divide
    return sum((Fraction(s) for s in kept), Fraction(0)) / len(kept)


def trimmed_mean(ns_scores: Sequence[float], trim: Trim = 1) -> float:
    """The unrounded datum: the mean NS score once ``trim`` are dropped from each end.

    >>> trimmed_mean([400, 420, 430, 450, 1100])
    433.3333333333333
    """
    return float(_trimmed_exact(ns_scores, trim))


def round_datum(value: float | Fraction) -> int:
    """Round to the nearest multiple of 10, halves away from zero.

    >>> round_datum(325), round_datum(-325), round_datum(324.9), round_datum(Fraction(-1, 3))
    (330, -330, 320, 0)
    """
    tens = Fraction(value) / 10
    rounded = math.floor(abs(tens) + Fraction(1, 2))
    return 10 * rounded if tens >= 0 else -10 * rounded


def butler_datum(ns_scores: Sequence[float], trim: Trim = 1) -> int:
    """The Butler datum: the trimmed mean rounded to the nearest 10 (halves away from zero).

    >>> butler_datum([400, 420, 430, 450, 1100])  # 433.3 -> 430
    430
    """
    return round_datum(_trimmed_exact(ns_scores, trim))


def butler(ns_scores: Sequence[float], trim: Trim = 1) -> list[float]:
    """NS IMPs for each score against the board's Butler datum; [] for a board with no results.

    >>> butler([100, 100])
    [0.0, 0.0]
    """
    scores = finite_scores(ns_scores)
    if not scores:
        return []
    datum = butler_datum(scores, trim)
    return [float(imps(score - datum)) for score in scores]
