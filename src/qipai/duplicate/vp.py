"""Victory points: the WBF 2013 continuous 20-VP scale (Bavin, Bethe, Bramley, Buchen: "The New
WBF IMP to VP Scales", technical report of the WBF Scoring Panel, 2013).

For a match of N boards the blitz is B = 15 * sqrt(N) IMPs, and with tau = (sqrt(5) - 1) / 2 the
winner of a margin of M IMPs gets

    VP = 10 + 10 * (1 - tau ** (3 * M / B)) / (1 - tau ** 3),   capped at 20,

the loser 20 - VP. The published tables give each whole margin's VPs to 2 decimals, and they are
kept concave: one more IMP never gains more VPs than the IMP before it did. Rounding the formula
alone breaks that here and there. The table is built so as to reproduce the published ones:
round each margin to hundredths (halves up), then, while some increment is larger than the one
before it, raise the VP of the margin in between by 0.01, smallest such margin first (the
correction marcshearer/BridgeScore applies; here over the whole table). The rounded formula and
the published tables differ in exactly the cells this raises: margin 40 of 8 boards is 19.74,
not 19.73 (the 8-board table as the EBU publishes it, ebu.co.uk/laws-and-ethics/vp-scales, in a
public transcription). The tests hold every cell of the published 8- and 12-board tables. From
18 boards up, a correction run over the whole table (as here) and one run only up to the margin
asked for (as in BridgeScore) differ in a few cells by 0.01 or 0.02; no published table for
those lengths was at hand to settle which the WBF's is.

>>> vp(0, 16), vp(5, 16), vp(-5, 16)
((10.0, 10.0), (11.48, 8.52), (11.48, 8.52))
>>> vp(40, 8), vp(43, 8), vp(100, 8)  # the corrected cell; the blitz, 42.4 IMPs, reached at 43
((19.74, 0.26), (20.0, 0.0), (20.0, 0.0))
>>> vp_for(-5, 16)  # the VPs of the side that lost by 5
8.52
"""

from __future__ import annotations

import math
from functools import lru_cache

from ._checks import finite, whole

__all__ = ["TAU", "blitz", "vp", "vp_for", "vp_formula", "vp_table"]

TAU = (math.sqrt(5) - 1) / 2
"""The golden section, 0.618...: tau ** 3 is the scale's decay per blitz."""

_HUNDREDTHS = 2000  # 20 VPs


def blitz(boards: int) -> float:
    """The margin in IMPs that wins 20-0 over ``boards`` boards: 15 * sqrt(boards).

    >>> round(blitz(16), 2), round(blitz(8), 2)
    (60.0, 42.43)
    """
    return 15 * math.sqrt(whole(boards, "the number of boards", 1))


def vp_formula(imp_margin: float, boards: int) -> float:
    """The winner's VPs by the formula alone, unrounded (the tables round and correct this).

    >>> round(vp_formula(2, 16), 4)
    10.615
    """
    margin = abs(finite(imp_margin, "the IMP margin"))
    decay: float = TAU ** (3 * margin / blitz(boards))
    fraction = (1 - decay) / (1 - TAU**3)
    return min(20.0, 10 + 10 * fraction)


@lru_cache(maxsize=256)
def _table_hundredths(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for margins 0 to the first whole margin at the blitz."""
    last = math.ceil(blitz(boards))
    table = [math.floor(vp_formula(m, boards) * 100 + 0.5) for m in range(last + 1)]
    return tuple(_make_concave(table))


def _make_concave(table: list[int]) -> list[int]:
    """Raise by one hundredth, smallest margin first, every VP whose next increment is larger
    than its own, until the increments never grow.

    >>> _make_concave([1000, 1010, 1021])  # increments 10 then 11: raise the middle
    [1000, 1011, 1021]
    """
    i = 2
    while i < len(table):
        if table[i] - table[i - 1] > table[i - 1] - table[i - 2]:
            table[i - 1] += 1
            i = max(2, i - 1)  # only the increment before the raised cell can have gone wrong
        else:
            i += 1
    return table


def vp_table(boards: int) -> tuple[float, ...]:
    """The winner's VPs for each whole margin from 0 up to the first one worth 20.

    >>> vp_table(8)[:6]
    (10.0, 10.44, 10.86, 11.27, 11.67, 12.05)
    >>> len(vp_table(8)), vp_table(8)[-1]
    (44, 20.0)
    """
    return tuple(h / 100 for h in _table_hundredths(whole(boards, "the number of boards", 1)))


def _winner_hundredths(margin: float, boards: int) -> int:
    """The winner's VPs in hundredths for a margin of ``margin`` IMPs, whole or not."""
    table = _table_hundredths(whole(boards, "the number of boards", 1))
    margin = abs(finite(margin, "the IMP margin"))
    low = math.floor(margin)
    if low >= len(table) - 1:
        return _HUNDREDTHS
    if margin == low:
        return table[low]
    # qipai's choice, not the WBF's (its tables are for whole margins): a fractional margin,
    # from averaged or adjusted boards, is interpolated linearly, which keeps the scale concave.
    between = table[low] + (margin - low) * (table[low + 1] - table[low])
    return math.floor(between + 0.5)


def vp(imp_margin: float, boards: int) -> tuple[float, float]:
    """The winner's and the loser's VPs for a match won by ``abs(imp_margin)`` IMPs.

    Always winner first, so ``vp(-7, n) == vp(7, n)``; see :func:`vp_for` for one side's VPs.

    >>> vp(7.5, 16)  # halfway between 12.03 (7 IMPs) and 12.29 (8 IMPs)
    (12.16, 7.84)
    """
    winner = _winner_hundredths(imp_margin, boards)
    return winner / 100, (_HUNDREDTHS - winner) / 100


def vp_for(imp_margin: float, boards: int) -> float:
    """The VPs of the side whose margin is ``imp_margin`` (negative when it lost).

    >>> vp_for(12, 20), vp_for(-12, 20)
    (12.98, 7.02)
    """
    winner, loser = vp(imp_margin, boards)
    return winner if imp_margin >= 0 else loser
