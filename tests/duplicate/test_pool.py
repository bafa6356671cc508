"""The pool (复式记分): provisional below 6 results, Butler (seed trim) from 6, retired at 40."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import (
    MAX_RESULTS,
    MIN_RESULTS,
    PoolBoard,
    PoolBoardRetired,
    ScoringError,
    butler,
)


def fill(scores: list[int]) -> PoolBoard:
    board = PoolBoard()
    for score in scores:
        board = board.add(score)
    return board


def test_provisional_until_the_sixth_result() -> None:
    board = fill([420, 450, 420, -50, 420])
    assert board.is_provisional and board.datum is None
    assert board.scores == (0.0,) * 5
    sixth = board.add(400)
    assert not sixth.is_provisional
    assert sixth.datum == 420  # drop -50 and 450: (400 + 3 * 420) / 4 = 415 -> 420
    assert sixth.scores == (0.0, 1.0, 0.0, -10.0, 0.0, -1.0)


def test_adding_returns_a_new_board() -> None:
    board = fill([100])
    bigger = board.add(200)
    assert board.results == (100,) and bigger.results == (100, 200)
    with pytest.raises(AttributeError):
        board.results = ()  # type: ignore[misc]


def test_retired_at_forty_results() -> None:
    assert (MIN_RESULTS, MAX_RESULTS) == (6, 40)
    board = fill([10 * i for i in range(39)])
    assert not board.is_retired
    board = board.add(1000)
    assert board.is_retired and len(board.scores) == 40
    with pytest.raises(PoolBoardRetired, match="40 results and has left the pool"):
        board.add(100)
    assert issubclass(PoolBoardRetired, ScoringError)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ScoringError, match="finite"):
        PoolBoard().add(float("nan"))
    with pytest.raises(ScoringError, match="at most 40"):
        PoolBoard(tuple(range(41)))


@given(st.lists(st.integers(-200, 200).map(lambda s: s * 10), min_size=6, max_size=40))
def test_scored_boards_are_butler_with_the_seed_trim(scores: list[int]) -> None:
    board = fill(scores)
    assert board.scores == tuple(butler(scores, "seed"))
    assert len(board.scores) == len(scores)
