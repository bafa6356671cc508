"""IMPs: every band edge of the WBF scale (Law 78B), both signs, and non-multiples of 10."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import IMP_BOUNDS, ScoringError, imps

# Law 78B, band by band: (lowest difference, highest difference, IMPs); 4000 and over is 24.
WBF_BANDS = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "expected"), WBF_BANDS)
def test_each_band_from_its_lowest_to_its_highest_difference(
    low: int, high: int, expected: int
) -> None:
    for difference in range(low, high + 10, 10):
        assert imps(difference) == expected, difference
        assert imps(-difference) == -expected, -difference


@pytest.mark.parametrize("bound", IMP_BOUNDS)
def test_both_sides_of_every_bound(bound: int) -> None:
    below = imps(bound - 10)
    assert imps(bound) == below + 1
    assert imps(bound - 0.001) == below  # a difference that has not reached the bound
    assert imps(-bound) == -(below + 1)
    assert imps(-(bound - 10)) == -below


def test_bounds_are_the_law_78b_band_starts() -> None:
    assert tuple(low for low, _, imp in WBF_BANDS if imp > 0) == IMP_BOUNDS


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(15, 0), (19.99, 0), (45, 1), (-45, -1), (85, 2), (425.5, 9), (495, 10), (4500.0, 24)],
)
def test_non_multiples_of_ten_score_the_band_they_have_reached(
    difference: float, expected: int
) -> None:
    assert imps(difference) == expected


def test_returns_an_int() -> None:
    assert isinstance(imps(450.0), int)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_differences_are_refused(bad: float) -> None:
    with pytest.raises(ScoringError, match="finite"):
        imps(bad)


@given(st.integers(-8000, 8000))
def test_symmetric_and_monotone(difference: int) -> None:
    assert imps(-difference) == -imps(difference)
    assert imps(difference + 10) >= imps(difference)
    assert 0 <= imps(abs(difference)) <= 24
