"""Handicap scoring (贴点): a side's result set against what its cards were expected to make.

The classic method, as Chinese platforms compute it: the side's own score taken as IMPs against
zero, less one IMP for each high-card point the side held above 20 (plus one for each below).
A side that makes +480 (10 IMPs: the 430-490 band of Law 78B) with 26 HCP scores 10 - 6 = 4:

>>> classic_handicap(480, 26)
4
>>> classic_handicap(500, 26)  # 11 - 6
5
>>> classic_handicap(-100, 14)  # -3 IMPs, but with only 14 HCP: -3 + 6
3

The calibrated method compares the score with an expectation for the side's HCP and
vulnerability, given as a table (to be derived from double-dummy par elsewhere):

>>> calibrated_handicap(480, 26, False, {(26, False): 150.0})  # 330 better than expected
8
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ._checks import finite
from .errors import ScoringError
from .imps import imps

__all__ = [
    "EVEN_HCP",
    "Calibration",
    "ExpectationTable",
    "calibrated_handicap",
    "calibration",
    "classic_handicap",
]

EVEN_HCP = 20
"""Half the deck's 40 high-card points: the holding that expects nothing either way."""

ExpectationTable = Mapping[tuple[int, bool], float]
"""A side's expected score, from its own point of view, by (its combined HCP, its vulnerability)."""


def _check_hcp(hcp: int) -> int:
    """A side's combined high-card points: a whole number from 0 to 40."""
    if isinstance(hcp, bool) or not isinstance(hcp, int) or not 0 <= hcp <= 40:
        raise ScoringError(f"a side holds 0 to 40 HCP, not {hcp!r}")
    return hcp


def classic_handicap(score: float, hcp: int) -> int:
    """The side's handicap result: imps(score) less (hcp - 20), ``score`` from the side's view.

    >>> classic_handicap(0, 20), classic_handicap(0, 0), classic_handicap(0, 40)
    (0, 20, -20)
    """
    finite(score, "the side's score")
    return imps(score) - (_check_hcp(hcp) - EVEN_HCP)


def calibrated_handicap(score: float, hcp: int, vulnerable: bool, table: ExpectationTable) -> int:
    """imps(score - expected), the expectation looked up by the side's HCP and vulnerability.

    >>> calibrated_handicap(100, 20, True, {})
    Traceback (most recent call last):
    ...
    qipai.duplicate.errors.ScoringError: the expectation table has no entry for 20 HCP vulnerable
    """
    finite(score, "the side's score")
    key = (_check_hcp(hcp), bool(vulnerable))
    if key not in table:
        state = "vulnerable" if vulnerable else "not vulnerable"
        raise ScoringError(f"the expectation table has no entry for {hcp} HCP {state}")
    expected = finite(table[key], f"the expected score for {hcp} HCP")
    return imps(score - expected)


@dataclass(frozen=True)
class Calibration:
    """The expectation table derived from DD par by scripts/calibrate_handicap.py, with how many
    random deals it rests on (docs/HANDICAP.md)."""

    table: Mapping[tuple[int, bool], float]
    deals: int
    seed: str


@cache
def calibration() -> Calibration:
    """The shipped calibration (read once from the package's data file).

    >>> c = calibration()
    >>> c.table[(20, False)] < c.table[(26, False)] < c.table[(26, True)]
    True
    """
    raw = json.loads(resources.files("qipai.duplicate").joinpath(_DATA).read_text("utf-8"))
    table = {
        (int(cell["hcp"]), bool(cell["vulnerable"])): float(cell["expected"])
        for cell in raw["table"].values()
    }
    return Calibration(table=table, deals=int(raw["deals"]), seed=str(raw["seed"]))


_DATA = "data/handicap_expectation.json"
