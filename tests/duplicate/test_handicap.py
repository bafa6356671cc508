"""Handicap (贴点): the classic HCP method and the calibrated expectation-table hook."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import ScoringError, calibrated_handicap, classic_handicap, imps

# A small hand-made expectation table, for the tests only: it is not a real calibration (that
# one will be derived from double-dummy par).
TOY_TABLE = {
    (20, False): 0.0,
    (20, True): 0.0,
    (25, False): 300.0,
    (25, True): 450.0,
    (15, False): -300.0,
    (15, True): -450.0,
}


def test_classic_examples() -> None:
    # +480 is 10 IMPs (Law 78B: 430-490); with 26 HCP, 6 above 20: 10 - 6
    assert classic_handicap(480, 26) == 4
    assert classic_handicap(500, 26) == 5  # 11 - 6
    assert classic_handicap(-100, 14) == 3  # -3 IMPs, 6 HCP short of 20: -3 + 6
    assert classic_handicap(0, 20) == 0
    assert classic_handicap(1430, 33) == 3  # 16 - 13


def test_calibrated_examples() -> None:
    assert calibrated_handicap(420, 25, False, TOY_TABLE) == 3  # 120 better than 300
    assert calibrated_handicap(420, 25, True, TOY_TABLE) == -1  # 30 worse than 450
    assert calibrated_handicap(-500, 15, True, TOY_TABLE) == -2  # 50 worse than -450
    assert calibrated_handicap(0, 20, True, TOY_TABLE) == 0


def test_missing_table_entries_are_named() -> None:
    with pytest.raises(ScoringError, match="no entry for 30 HCP not vulnerable"):
        calibrated_handicap(400, 30, False, TOY_TABLE)


@pytest.mark.parametrize("hcp", [-1, 41, 20.5])
def test_hcp_out_of_range_is_refused(hcp: int) -> None:
    with pytest.raises(ScoringError, match="0 to 40 HCP"):
        classic_handicap(100, hcp)


def test_nan_score_is_refused() -> None:
    with pytest.raises(ScoringError, match="finite"):
        classic_handicap(math.nan, 20)


@given(st.integers(-760, 760).map(lambda s: s * 10), st.integers(0, 40))
def test_classic_is_imps_less_the_hcp_excess(score: int, hcp: int) -> None:
    assert classic_handicap(score, hcp) == imps(score) - (hcp - 20)
    # the other side's view: its score negated and the rest of the deck's HCP
    assert classic_handicap(-score, 40 - hcp) == -classic_handicap(score, hcp)
