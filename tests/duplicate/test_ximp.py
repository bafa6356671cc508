"""Cross-IMPs: hand-checked boards and agreement with comparing every pair."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import ScoringError, cross_imps, imps

scores = st.lists(st.integers(-760, 760).map(lambda s: s * 10), min_size=1, max_size=50)


def brute_force(ns: list[int]) -> list[int]:
    return [sum(imps(s - o) for o in ns) for s in ns]


def test_hand_checked_board() -> None:
    # 420: -1 vs 450 and +10 vs -50; 450: +1 and +11; -50: -10 and -11
    assert cross_imps([420, 450, -50], normalise=False) == [9.0, 12.0, -21.0]
    assert cross_imps([420, 450, -50]) == [4.5, 6.0, -10.5]


def test_ties_score_nothing_against_each_other() -> None:
    assert cross_imps([620, 620, 170]) == [5.0, 5.0, -10.0]


def test_small_boards() -> None:
    assert cross_imps([]) == []
    assert cross_imps([100]) == [0.0]
    assert cross_imps([100, 100]) == [0.0, 0.0]


def test_non_multiples_of_ten() -> None:
    assert cross_imps([0, 45], normalise=False) == [-1.0, 1.0]  # 45 has reached 20, not 50


def test_nan_is_refused() -> None:
    with pytest.raises(ScoringError, match="finite"):
        cross_imps([1, math.nan])


@given(scores)
def test_agrees_with_comparing_every_pair(ns: list[int]) -> None:
    totals = brute_force(ns)
    assert cross_imps(ns, normalise=False) == [float(t) for t in totals]
    if len(ns) > 1:
        assert cross_imps(ns) == pytest.approx([t / (len(ns) - 1) for t in totals])


@given(scores)
def test_a_board_sums_to_zero(ns: list[int]) -> None:
    assert sum(cross_imps(ns, normalise=False)) == 0
    assert sum(cross_imps(ns)) == pytest.approx(0, abs=1e-9)


@given(scores)
def test_negating_the_board_negates_the_scores(ns: list[int]) -> None:
    assert cross_imps([-s for s in ns]) == [-x for x in cross_imps(ns)]
