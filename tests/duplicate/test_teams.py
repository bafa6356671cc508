"""Team matches: IMPs board by board between the rooms, totals, margin and VPs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.duplicate import ScoringError, TeamMatch, board_imps, team_match, vp


def test_home_is_ns_in_the_open_room_and_ew_in_the_closed() -> None:
    assert board_imps(620, 170) == 10  # home bid the game, the away NS stopped in a part-score
    assert board_imps(-100, -620) == 11  # home went one off, away's NS conceded 620 to home's EW
    assert board_imps(-50, 420) == -10


def test_a_match() -> None:
    match = team_match([620, -100, 140, 420, -1430], [170, -620, 110, 420, -680])
    assert match.board_imps == (10, 11, 1, 0, -13)
    assert (match.home_imps, match.away_imps, match.margin) == (22, 13, 9)
    assert (match.home_vp, match.away_vp) == vp(9, 5)
    assert match.boards == 5


def test_the_away_team_winning() -> None:
    match = team_match([-620], [620])
    assert match.margin == -15  # 1240
    assert match.home_vp < 10 < match.away_vp
    assert match.home_vp + match.away_vp == pytest.approx(20)


def test_rooms_must_match() -> None:
    with pytest.raises(ScoringError, match="both rooms"):
        team_match([100, 200], [100])
    with pytest.raises(ScoringError, match="at least one board"):
        team_match([], [])
    with pytest.raises(ScoringError):
        TeamMatch(())


@given(st.lists(st.tuples(st.integers(-300, 300), st.integers(-300, 300)), min_size=1, max_size=32))
def test_swapping_the_rooms_swaps_the_teams(boards: list[tuple[int, int]]) -> None:
    open_room = [10 * o for o, _ in boards]
    closed_room = [10 * c for _, c in boards]
    match = team_match(open_room, closed_room)
    swapped = team_match(closed_room, open_room)
    assert swapped.margin == -match.margin
    assert (swapped.home_vp, swapped.away_vp) == (match.away_vp, match.home_vp)
    assert match.home_vp + match.away_vp == pytest.approx(20)
