"""Matchpoints on hand-checked boards, Neuberg (EBU worked example), adjusted scores, properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    Adjusted,
    Scale,
    ScoringError,
    ew_matchpoints,
    matchpoint_top,
    matchpoints,
    neuberg,
    percentages,
    score_board,
)

scores = st.lists(st.integers(-150, 150).map(lambda s: s * 10), min_size=1, max_size=40)


def brute_force(ns_scores: list[int], win: float = 2) -> list[float]:
    """Every pair compared: the definition matchpoints() must agree with."""
    return [
        sum(win if s > o else win / 2 if s == o else 0 for o in ns_scores) - win / 2
        for s in ns_scores
    ]


# --- hand-checked boards -------------------------------------------------------------------


def test_no_ties() -> None:
    assert matchpoints([400, 430, 150, -50]) == [4.0, 6.0, 2.0, 0.0]
    assert ew_matchpoints([400, 430, 150, -50]) == [2.0, 0.0, 4.0, 6.0]


def test_two_way_tie() -> None:
    # NS minus EW's 110, 140, 140, 120: the -110 beats everyone, the two -140s tie at the bottom
    assert matchpoints([-110, -140, -140, -120]) == [6.0, 1.0, 1.0, 4.0]


def test_three_way_tie() -> None:
    assert matchpoints([50, -90, -90, -90]) == [6.0, 2.0, 2.0, 2.0]


def test_everyone_level() -> None:
    assert matchpoints([620] * 5) == [4.0] * 5


def test_one_half_scale_halves_everything() -> None:
    assert matchpoints([400, 430, 150, -50, 430], scale=Scale.ONE_HALF) == [2.0, 3.5, 1.0, 0.0, 3.5]
    assert matchpoint_top(5, Scale.ONE_HALF) == 4


def test_board_played_once_is_an_average() -> None:
    assert matchpoints([100]) == [0.0]
    assert percentages([100]) == [50.0]
    assert matchpoints([100], field=5) == [4.0]  # Neuberg: (0 + 1) * 5 / 1 - 1, the average


def test_empty_board() -> None:
    assert matchpoints([]) == []
    assert ew_matchpoints([]) == []
    assert score_board([]) == []


def test_percentages() -> None:
    assert percentages([420, 450, 420, -50]) == [50.0, 100.0, 50.0, 0.0]
    assert percentages([420, 450, 420, -50], scale=Scale.ONE_HALF) == [50.0, 100.0, 50.0, 0.0]


# --- Neuberg -------------------------------------------------------------------------------


def test_ebu_neuberg_worked_example() -> None:
    # Max Bavin, "The Neuberg Formula - the Principle", EBU Laws & Ethics articles
    # (ebu.co.uk/lawsandethics/articles/neuberg/principle.htm): a board with 10 results where 11
    # were expected, matchpointed out of a top of 20.
    ns = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    ebu = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    assert matchpoints(ns, field=11) == pytest.approx(ebu, abs=1e-9)
    assert matchpoint_top(11) == 20


def test_neuberg_whole_number_example() -> None:
    # The same EBU article: a board that should have been played 16 times (top 30) was played
    # 8 times; each result counts twice, so a lone top gets 31 - 2 = 29 and scores step by 4.
    ns = [800, 700, 600, 500, 400, 300, 200, 100]
    assert matchpoints(ns, field=16) == [29.0, 25.0, 21.0, 17.0, 13.0, 9.0, 5.0, 1.0]


def test_neuberg_six_of_seven() -> None:
    # Wikipedia, "Neuberg formula": played 6 times, 7 expected; 4 of 10 -> 4.8333 of 12,
    # 9 of 10 -> 10.6667 of 12.
    assert neuberg(4, 6, 7) == pytest.approx(35 / 6 - 1)
    assert round(neuberg(4, 6, 7), 4) == 4.8333
    assert round(neuberg(9, 6, 7), 4) == 10.6667


def test_neuberg_on_the_one_half_scale() -> None:
    # M' = (M + 0.5) * N / n - 0.5: a lone top of 9 results out of 10 expected
    assert neuberg(8, 9, 10, Scale.ONE_HALF) == pytest.approx(8.5 * 10 / 9 - 0.5)


def test_field_smaller_than_the_results_is_refused() -> None:
    message = r"field \(3\) is smaller than the number of results \(4\)"
    with pytest.raises(ScoringError, match=message):
        matchpoints([1, 2, 3, 4], field=3)
    with pytest.raises(ScoringError, match="field"):
        matchpoints([1, 2], field=0)


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_non_finite_scores_are_refused(bad: float) -> None:
    with pytest.raises(ScoringError, match="score #2"):
        matchpoints([100, bad])


# --- adjusted scores -----------------------------------------------------------------------


def test_average_plus_minus_out_of_the_comparison() -> None:
    # 5 tables: one gets Ave+ (NS not at fault) / Ave- (EW at fault); four results are compared
    # among themselves and Neuberg-scaled from 4 to 5 (top 8).
    board = score_board([430, 420, Adjusted(AVERAGE_PLUS, AVERAGE_MINUS), 450, -50])
    raw = [4.0, 2.0, 6.0, 0.0]  # of 6, among the four played
    scaled = [(m + 1) * 5 / 4 - 1 for m in raw]
    assert [s.ns_mp for s in board] == pytest.approx([scaled[0], scaled[1], 4.8, *scaled[2:]])
    assert board[2].ew_mp == pytest.approx(3.2)
    assert (board[2].ns_percent, board[2].ew_percent) == (60.0, 40.0)
    assert all(s.top == 8 for s in board)
    played = [s for i, s in enumerate(board) if i != 2]
    assert all(s.ns_mp + s.ew_mp == pytest.approx(8) for s in played)


def test_average_each_way() -> None:
    board = score_board([Adjusted(AVERAGE, AVERAGE), 200, 100])
    assert [(s.ns_percent, s.ew_percent) for s in board] == [
        (50.0, 50.0),
        pytest.approx((87.5, 12.5)),
        pytest.approx((12.5, 87.5)),
    ]


def test_adjusted_scores_with_a_larger_field() -> None:
    board = score_board([Adjusted(AVERAGE_PLUS, AVERAGE_PLUS), 100], field=3)
    assert board[0].ns_mp == board[0].ew_mp == pytest.approx(2.4)  # 60% of 4 for both sides
    assert board[1].ns_mp == pytest.approx(2.0)  # a lone result is an average


def test_adjusted_percent_out_of_range_is_refused() -> None:
    with pytest.raises(ScoringError, match="0 to 100"):
        Adjusted(110, 40)


# --- properties ----------------------------------------------------------------------------


@given(scores)
def test_agrees_with_comparing_every_pair(ns: list[int]) -> None:
    assert matchpoints(ns) == brute_force(ns)
    assert matchpoints(ns, scale=Scale.ONE_HALF) == brute_force(ns, win=1)


@given(scores)
def test_ns_and_ew_sum_to_the_top_on_every_board(ns: list[int]) -> None:
    top = 2 * (len(ns) - 1)
    ew_from_their_own_scores = matchpoints([-s for s in ns])  # EW scored as if they sat NS
    for ns_mp, ew_mp in zip(matchpoints(ns), ew_from_their_own_scores, strict=True):
        assert ns_mp + ew_mp == top
    assert ew_matchpoints(ns) == ew_from_their_own_scores


@given(scores, st.integers(0, 20))
def test_neuberg_keeps_the_average(ns: list[int], missing: int) -> None:
    field = len(ns) + missing
    total = sum(matchpoints(ns, field=field))
    assert total == pytest.approx(len(ns) * (field - 1))  # each result averages half the top
    assert all(0 <= m <= 2 * (field - 1) for m in matchpoints(ns, field=field))


@given(scores)
def test_ranks_are_preserved(ns: list[int]) -> None:
    mps = matchpoints(ns, field=len(ns) + 3)
    for a, b in zip(ns, mps, strict=True):
        for c, d in zip(ns, mps, strict=True):
            assert (a > c) <= (b > d)


@given(
    st.integers(0, 400),
    st.integers(1, 200),
    st.integers(0, 50),
    st.sampled_from(list(Scale)),
)
def test_neuberg_in_whole_numbers_is_the_exact_value_rounded(
    halves: int, played: int, more: int, scale: Scale
) -> None:
    # the whole-number form (no Fraction a score) gives the float nearest the exact value
    from fractions import Fraction

    from qipai.duplicate.matchpoints import _neuberg_exact, _neuberg_halves

    exact = _neuberg_exact(Fraction(halves, 2), played, played + more, scale)
    assert _neuberg_halves(halves, played, played + more, scale) == float(exact)
