"""Butler: the trimmed-mean datum, its rounding, the trim rules, and IMPs against it."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import (
    ScoringError,
    TrimRule,
    butler,
    butler_datum,
    imps,
    round_datum,
    trim_count,
    trimmed_mean,
)

scores = st.lists(st.integers(-300, 300).map(lambda s: s * 10), min_size=1, max_size=60)


def test_hand_checked_board() -> None:
    ns = [620, 650, 620, 170, -100]  # drop 650 and -100: (620 + 620 + 170) / 3 = 470
    assert trimmed_mean(ns) == 470.0
    assert butler_datum(ns) == 470
    assert butler(ns) == [4.0, 5.0, 4.0, -7.0, -11.0]


def test_datum_rounds_to_the_nearest_ten_halves_away_from_zero() -> None:
    assert round_datum(325) == 330
    assert round_datum(-325) == -330
    assert round_datum(324.99) == 320
    assert round_datum(-324.99) == -320
    assert round_datum(5) == 10 and round_datum(-5) == -10 and round_datum(4) == 0
    # a mean of exactly x5 is not lost to floating point: (100 + 110 + 115) / 3 is not a half,
    # but (300 + 350) / 2 = 325 is
    assert butler_datum([300, 350], trim=0) == 330
    assert butler_datum([-300, -350], trim=0) == -330


def test_float_scores_are_averaged_exactly() -> None:
    assert butler_datum([324.5, 325.5], trim=0) == 330  # exactly 325: away from zero
    assert trimmed_mean([0.1, 0.2], trim=0) == pytest.approx(0.15)
    assert butler([324.5, 325.5], trim=0) == [0.0, 0.0]


def test_unrounded_datum_is_available() -> None:
    assert trimmed_mean([400, 420, 430, 450, 1100]) == pytest.approx(1300 / 3)
    assert butler_datum([400, 420, 430, 450, 1100]) == 430


def test_fixed_trim() -> None:
    ns = [-1100, 100, 110, 120, 140, 1400]
    assert trimmed_mean(ns, trim=0) == pytest.approx(770 / 6)
    assert trimmed_mean(ns, trim=1) == 117.5
    assert trimmed_mean(ns, trim=2) == 115.0
    assert trimmed_mean(ns, trim=9) == 115.0  # capped: at least one result is kept


@pytest.mark.parametrize(
    ("results", "seed", "acbl"),
    [(1, 0, 0), (2, 0, 0), (3, 1, 0), (9, 1, 0), (10, 1, 1), (19, 1, 1), (20, 2, 1),
     (29, 2, 1), (30, 3, 2), (40, 4, 2), (100, 10, 5)],
)  # fmt: skip
def test_trim_rules(results: int, seed: int, acbl: int) -> None:
    assert trim_count(results, "seed") == trim_count(results, TrimRule.SEED) == seed
    assert trim_count(results, "acbl") == acbl
    assert trim_count(results, "none") == 0


def test_bad_trims_are_refused() -> None:
    with pytest.raises(ScoringError, match="'seed', 'acbl', 'none'"):
        butler([100, 200], trim="median")
    with pytest.raises(ScoringError, match="trim"):
        butler([100, 200], trim=-1)


def test_empty_board() -> None:
    assert butler([]) == []
    with pytest.raises(ScoringError, match="at least one result"):
        butler_datum([])


def test_nan_is_refused() -> None:
    with pytest.raises(ScoringError, match="score #3"):
        butler([100, 200, math.nan])


@given(scores, st.sampled_from([0, 1, 2, "seed", "acbl", "none"]))
def test_datum_sanity(ns: list[int], trim: int | str) -> None:
    datum = butler_datum(ns, trim)
    assert min(ns) - 5 <= datum <= max(ns) + 5  # within the results, up to rounding
    assert datum % 10 == 0
    assert abs(datum - trimmed_mean(ns, trim)) <= 5
    assert butler_datum(list(reversed(ns)), trim) == datum  # order does not matter
    if trimmed_mean(ns, trim) >= 0:  # halves go away from zero, so shift within one sign
        assert butler_datum([s + 1000 for s in ns], trim) == datum + 1000
    assert butler_datum([-s for s in ns], trim) == -datum  # halves away from zero: symmetric


@given(scores)
def test_butler_is_imps_against_the_datum(ns: list[int]) -> None:
    datum = butler_datum(ns)
    assert butler(ns) == [float(imps(s - datum)) for s in ns]
    kept = sorted(ns)[trim_count(len(ns), 1) : len(ns) - trim_count(len(ns), 1)]
    assert trimmed_mean(ns) == pytest.approx(float(Fraction(sum(kept), len(kept))))


@given(st.integers(-300, 300).map(lambda s: s * 10), st.integers(1, 30))
def test_a_flat_board_scores_nothing(score: int, tables: int) -> None:
    assert butler([score] * tables, "seed") == [0.0] * tables
