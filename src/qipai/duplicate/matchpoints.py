"""Matchpoints: each result against every other on the same board, with Neuberg for short boards.

On the 2/1 scale a result earns 2 for each result it beats and 1 for each it ties, so the top on a
board played n times is 2(n-1) (the 1/0.5 scale halves everything). When a board has fewer results
than the field it should have had, Neuberg's formula scales each result up as if every result had
occurred N/n times (Max Bavin, "The Neuberg formula", EBU Laws & Ethics articles; adopted by
the WBF and the ACBL in 1991):

    M' = (M + t) * N / n - t,  t = the points for a tie (1 on the 2/1 scale, 0.5 on 1/0.5)

>>> matchpoints([420, 450, 420, -50])  # 450 beats 3: 6; the two 420s beat 1 and tie 1: 3
[3.0, 6.0, 3.0, 0.0]
>>> [round(m, 1) for m in matchpoints([520, -50], field=11)]  # 2 results, 11 expected: top 20
[15.5, 4.5]

Artificial adjusted scores (Law 12C2: average 50%, average-plus 60%, average-minus 40%) take no
part in the comparison; each side gets its percentage of the top and the board's real results are
Neuberg-scaled to the full field:

>>> [s.ns_mp for s in score_board([430, Adjusted(60, 40), 420])]  # 2 played, 3 expected: top 4
[3.5, 2.4, 0.5]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ._checks import finite, finite_scores, whole
from .errors import ScoringError

__all__ = [
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "Adjusted",
    "BoardScore",
    "Entry",
    "Scale",
    "ew_matchpoints",
    "matchpoint_top",
    "matchpoints",
    "neuberg",
    "percentages",
    "score_board",
]

# Law 12C2(a): an artificial adjusted score is average-plus (at least 60%) to a side not at fault,
# average (50%) to a side partly at fault, average-minus (at most 40%) to a side directly at fault.
AVERAGE = 50.0
AVERAGE_PLUS = 60.0
AVERAGE_MINUS = 40.0


class Scale(Enum):
    """How many matchpoints a result earns for each result it beats (a tie earns half that)."""

    TWO_ONE = 2  # 2 to beat, 1 to tie: the scale of the EBU and most of Europe
    ONE_HALF = 1  # 1 to beat, 0.5 to tie: the ACBL's scale

    @property
    def win(self) -> int:
        """Matchpoints for each result beaten."""
        return int(self.value)

    @property
    def tie(self) -> Fraction:
        """Matchpoints for each result tied: half a win."""
        return Fraction(self.win, 2)


@dataclass(frozen=True)
class Adjusted:
    """An artificial adjusted score: each side's percentage of the top, outside the comparison.

    >>> Adjusted(AVERAGE_PLUS, AVERAGE_MINUS)  # NS not at fault, EW at fault
    Adjusted(ns_percent=60.0, ew_percent=40.0)
    """

    ns_percent: float
    ew_percent: float

    def __post_init__(self) -> None:
        for side, percent in (("NS", self.ns_percent), ("EW", self.ew_percent)):
            finite(percent, f"the {side} percentage of an adjusted score")
            if not 0 <= percent <= 100:
                raise ScoringError(f"an adjusted score gives 0 to 100 percent, not {percent}")


Entry = float | Adjusted
"""One table's entry for a board: the NS score it played to, or an artificial adjusted score."""


@dataclass(frozen=True)
class BoardScore:
    """One entry's matchpoints on a board, both sides, with the top they are out of."""

    ns_mp: float
    ew_mp: float
    top: float
    ns_percent: float
    ew_percent: float


def matchpoint_top(field: int, scale: Scale = Scale.TWO_ONE) -> int:
    """The top on a board played ``field`` times: beating every other result.

    >>> matchpoint_top(11), matchpoint_top(11, Scale.ONE_HALF)
    (20, 10)
    """
    whole(field, "the field", 1)
    return scale.win * (field - 1)


def neuberg(mp: float, played: int, field: int, scale: Scale = Scale.TWO_ONE) -> float:
    """Neuberg's formula: matchpoints ``mp`` earned against ``played`` results, scaled to ``field``.

    The EBU's worked example (10 results, 11 expected, 2/1 scale): the top, 18 of 18, becomes
    19 * 1.1 - 1 = 19.9 of 20; the bottom, 0, becomes 1 * 1.1 - 1 = 0.1.

    >>> round(neuberg(18, 10, 11), 4), round(neuberg(0, 10, 11), 4)
    (19.9, 0.1)
    """
    return float(_neuberg_exact(Fraction(mp), played, field, scale))


def _neuberg_exact(mp: Fraction, played: int, field: int, scale: Scale) -> Fraction:
    """Neuberg's formula in exact arithmetic, so 19.9 comes out as the float nearest 19.9."""
    if played == field:
        return mp
    return (mp + scale.tie) * field / played - scale.tie


def _neuberg_halves(halves: int, played: int, field: int, scale: Scale) -> float:
    """Neuberg's formula for ``halves`` / 2 matchpoints (every raw matchpoint is a whole number
    of halves) in whole numbers: ``((halves + win) * field - win * played) / (2 * played)``.
    One integer division, which Python rounds correctly, so the float is the one nearest the
    exact value, as :func:`_neuberg_exact` gives, without building a Fraction per score (a
    board with an artificial score is always Neuberg-scaled).

    >>> _neuberg_halves(36, 10, 11, Scale.TWO_ONE), _neuberg_halves(0, 10, 11, Scale.TWO_ONE)
    (19.9, 0.1)
    """
    if played == field:
        return halves / 2
    win = scale.win
    return ((halves + win) * field - win * played) / (2 * played)


def _check_field(results: int, field: int | None) -> int:
    """The field to score against: the number of results unless a larger field is given."""
    if field is None:
        return results
    whole(field, "the field", 1)
    if field < results:
        raise ScoringError(f"the field ({field}) is smaller than the number of results ({results})")
    return field


def matchpoints(
    ns_scores: Sequence[float], field: int | None = None, scale: Scale = Scale.TWO_ONE
) -> list[float]:
    """NS matchpoints for each score, Neuberg-scaled when ``field`` is larger than the scores.

    Sorts once and counts the results below and level with each distinct score: O(n log n).

    >>> matchpoints([100, 100, 100])
    [2.0, 2.0, 2.0]
    >>> matchpoints([-50, 110, 140, 140], scale=Scale.ONE_HALF)
    [0.0, 1.0, 2.5, 2.5]
    """
    scores = finite_scores(ns_scores)
    full = _check_field(len(scores), field)
    if not scores:
        return []
    by_score = _raw_matchpoints(scores, scale)
    if full != len(scores):
        played = len(scores)
        by_score = {
            score: _neuberg_halves(int(2 * mp), played, full, scale)
            for score, mp in by_score.items()
        }
    return [by_score[score] for score in scores]


def _raw_matchpoints(scores: Sequence[float], scale: Scale) -> dict[float, float]:
    """Each distinct score's matchpoints: ``win`` per result below it, ``tie`` per other equal.

    Whole numbers and halves, so exact in floating point.
    """
    below = 0
    by_score: dict[float, float] = {}
    for score, count in sorted(Counter(scores).items()):
        by_score[score] = scale.win * (below + (count - 1) / 2)
        below += count
    return by_score


def ew_matchpoints(
    ns_scores: Sequence[float], field: int | None = None, scale: Scale = Scale.TWO_ONE
) -> list[float]:
    """EW matchpoints: the top less NS's matchpoints.

    >>> ew_matchpoints([420, 450, 420, -50])
    [3.0, 0.0, 3.0, 6.0]
    """
    ns = matchpoints(ns_scores, field, scale)
    if not ns:
        return []
    top = matchpoint_top(_check_field(len(ns), field), scale)
    return [top - mp for mp in ns]


def percentages(
    ns_scores: Sequence[float], field: int | None = None, scale: Scale = Scale.TWO_ONE
) -> list[float]:
    """NS percentages of the top (the same on either scale); 50 on a board played once.

    >>> percentages([420, 450, 420, -50])
    [50.0, 100.0, 50.0, 0.0]
    """
    return [s.ns_percent for s in score_board(ns_scores, field, scale)]


def score_board(
    entries: Sequence[Entry], field: int | None = None, scale: Scale = Scale.TWO_ONE
) -> list[BoardScore]:
    """Score a board whose entries are NS scores or :class:`Adjusted` scores.

    The field defaults to the number of entries (adjusted ones count: the board should have been
    played there). Real results are compared among themselves and Neuberg-scaled to the field;
    an adjusted entry gets its percentages of the field's top.

    >>> [(s.ns_mp, s.ew_mp) for s in score_board([Adjusted(AVERAGE, AVERAGE), 100])]
    [(1.0, 1.0), (1.0, 1.0)]
    """
    full = _check_field(len(entries), field)
    if not entries:
        return []
    top = matchpoint_top(full, scale)
    played = [e for e in entries if not isinstance(e, Adjusted)]
    ns_mps = iter(matchpoints(played, full, scale))
    return [
        _adjusted_score(e, top) if isinstance(e, Adjusted) else _played_score(next(ns_mps), top)
        for e in entries
    ]


def _played_score(ns_mp: float, top: int) -> BoardScore:
    """A played result's board score; 50% each way on a board with nothing to compare against."""
    if top == 0:
        return BoardScore(ns_mp, 0.0, 0.0, 50.0, 50.0)
    ns_percent = 100 * ns_mp / top
    return BoardScore(ns_mp, top - ns_mp, float(top), ns_percent, 100 - ns_percent)


def _adjusted_score(entry: Adjusted, top: int) -> BoardScore:
    """An adjusted score's board score: each side's percentage of the top."""
    return BoardScore(
        top * entry.ns_percent / 100,
        top * entry.ew_percent / 100,
        float(top),
        float(entry.ns_percent),
        float(entry.ew_percent),
    )
