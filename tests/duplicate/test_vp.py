"""Victory points: the published WBF 2013 tables cell by cell, and the scale's properties.

Published tables (WBF 2013 continuous 20-VP scale, winner's VPs for margins 0, 1, 2, ...):

* 8 boards: as the EBU publishes the WBF scales (https://www.ebu.co.uk/laws-and-ethics/vp-scales),
  transcribed into a public Python bridge-scoring script that cites that page.
* 12 boards: transcribed identically in two unrelated public JavaScript scorers ("WBF_12_WIN",
  with its "WBF_12_LOSS" mirror).

No published table for other match lengths (16, 20, 32 boards...) could be found in the sources
searched, so those are checked against the formula and the properties only. Where the
concavity correction cascades (some cells from 18 boards up) the values are this module's
construction and have not been compared with a published table.
"""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import ScoringError, blitz, vp, vp_for, vp_formula, vp_table

WBF_8_BOARDS = (
    10.00, 10.44, 10.86, 11.27, 11.67, 12.05, 12.42, 12.77, 13.12, 13.45,
    13.78, 14.09, 14.39, 14.68, 14.96, 15.23, 15.50, 15.75, 16.00, 16.23,
    16.46, 16.68, 16.90, 17.11, 17.31, 17.50, 17.69, 17.87, 18.04, 18.21,
    18.37, 18.53, 18.68, 18.83, 18.97, 19.11, 19.24, 19.37, 19.50, 19.62,
    19.74, 19.85, 19.95, 20.00,
)  # fmt: skip

WBF_12_BOARDS = (
    10.00, 10.36, 10.71, 11.05, 11.38, 11.70, 12.01, 12.31, 12.61, 12.90,
    13.18, 13.45, 13.71, 13.97, 14.22, 14.46, 14.70, 14.93, 15.15, 15.37,
    15.58, 15.79, 15.99, 16.18, 16.37, 16.55, 16.73, 16.91, 17.08, 17.24,
    17.40, 17.56, 17.71, 17.86, 18.00, 18.14, 18.28, 18.41, 18.54, 18.66,
    18.78, 18.90, 19.02, 19.13, 19.24, 19.34, 19.44, 19.54, 19.64, 19.74,
    19.83, 19.92, 20.00,
)  # fmt: skip

PUBLISHED = {8: WBF_8_BOARDS, 12: WBF_12_BOARDS}

BOARDS = range(1, 65)


def hundredths(values: tuple[float, ...]) -> list[int]:
    return [round(v * 100) for v in values]


@pytest.mark.parametrize("boards", sorted(PUBLISHED))
def test_every_cell_of_the_published_tables(boards: int) -> None:
    published = PUBLISHED[boards]
    assert vp_table(boards) == published
    for margin, winner in enumerate(published):
        assert vp(margin, boards) == (winner, round(20 - winner, 2))
        assert vp(-margin, boards) == vp(margin, boards)
    assert vp(len(published) + 10, boards) == (20.0, 0.0)


@pytest.mark.parametrize(
    ("boards", "margin", "published", "rounded_formula"),
    [(8, 40, 19.74, 19.73), (12, 42, 19.02, 19.01), (12, 44, 19.24, 19.23), (12, 49, 19.74, 19.73)],
)
def test_the_concavity_correction_is_what_the_tables_publish(
    boards: int, margin: int, published: float, rounded_formula: float
) -> None:
    assert round(vp_formula(margin, boards), 2) == rounded_formula
    assert vp(margin, boards)[0] == published


def test_the_rounded_formula_is_otherwise_the_table() -> None:
    for boards, published in PUBLISHED.items():
        differ = [m for m, v in enumerate(published) if round(vp_formula(m, boards), 2) != v]
        assert len(differ) == (1 if boards == 8 else 3)


def test_examples_for_common_match_lengths() -> None:
    # the formula rounded, where no concavity correction applies
    assert vp(10, 16) == (12.80, 7.20)
    assert vp(20, 20) == (14.58, 5.42)
    assert vp(29, 32) == (15.10, 4.90)
    assert vp(0, 20) == (10.0, 10.0)


def test_the_table_ends_at_the_first_margin_past_the_blitz() -> None:
    for boards in BOARDS:
        table = vp_table(boards)
        assert len(table) == math.ceil(blitz(boards)) + 1
        assert table[-1] == 20.0 and vp_formula(len(table) - 2, boards) < 20.0


@pytest.mark.parametrize("boards", BOARDS)
def test_scale_properties(boards: int) -> None:
    table = hundredths(vp_table(boards))
    steps = [b - a for a, b in pairwise(table)]
    assert table[0] == 1000
    assert all(step >= 0 for step in steps)  # never fewer VPs for a larger margin
    assert all(b <= a for a, b in pairwise(steps))  # concave
    for margin, value in enumerate(table):
        # close to the formula: the correction only ever adds hundredths
        assert -0.5 <= value - 100 * vp_formula(margin, boards) <= 3.0


@given(st.integers(1, 64), st.integers(-200, 200))
def test_winner_and_loser_share_20(boards: int, margin: int) -> None:
    winner, loser = vp(margin, boards)
    assert round(winner * 100) + round(loser * 100) == 2000
    assert winner >= 10.0 >= loser
    assert vp_for(margin, boards) + vp_for(-margin, boards) == pytest.approx(20)


@given(st.integers(1, 64), st.integers(0, 150))
def test_non_decreasing_and_concave_in_the_margin(boards: int, margin: int) -> None:
    a, b, c = (vp(margin + k, boards)[0] for k in range(3))
    assert a <= b <= c
    assert round((c - b) * 100) <= round((b - a) * 100)


def test_vp_for_takes_the_sign() -> None:
    assert vp_for(22, 16) == 15.38
    assert vp_for(-22, 16) == 4.62
    assert vp_for(0, 16) == 10.0


def test_fractional_margins_interpolate() -> None:
    assert vp(7.5, 16) == (12.16, 7.84)  # between 12.03 and 12.29
    assert vp(7.25, 16)[0] == 12.10  # 12.03 + 0.065, halves up
    assert vp(100.5, 16) == (20.0, 0.0)


@pytest.mark.parametrize("boards", [0, -1, 2.5, True])
def test_bad_board_counts_are_refused(boards: int) -> None:
    with pytest.raises(ScoringError, match="number of boards"):
        vp(3, boards)


def test_nan_margin_is_refused() -> None:
    with pytest.raises(ScoringError, match="IMP margin"):
        vp(math.nan, 16)
