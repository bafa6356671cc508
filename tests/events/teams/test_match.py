"""Teams and matches: the roster's rules, the two rooms' IMPs from the home side, VPs on the
WBF 2013 scale, rulings; bad input refused with the value left as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.bridge import Contract, Seat
from qipai.bridge.board import vulnerability_of
from qipai.bridge.scoring import score_ns
from qipai.duplicate import IMP_BOUNDS, imps, vp_for
from qipai.events import Played
from qipai.events.teams import (
    BadLineup,
    FieldError,
    MatchError,
    NotCaptain,
    NotOnTeam,
    PlayerOnTwoTeams,
    Room,
    RosterError,
    TeamSize,
    adjust,
    check_field,
    forfeit,
    lineup,
    new_match,
    team,
)
from qipai.events.teams.match import name_lineup, record
from qipai.events.teams.simulate import TeamSimulation


def test_a_team_has_four_to_six_members_robots_filling_empty_seats() -> None:
    t = team(3, "Blue", "ann", ["ann", "bo", "cy", "di", "ed"], robots=1)
    assert len(t.members) == 6 and t.robots == 1
    assert [m.robot for m in t.members] == [False] * 5 + [True]
    assert t.people == ("ann", "bo", "cy", "di", "ed")
    with pytest.raises(TeamSize, match="4 to 6 members, not 3"):
        team(1, "Trio", "ann", ["ann", "bo", "cy"])
    with pytest.raises(TeamSize, match="not 7"):
        team(1, "Big", "ann", [f"p{i}" for i in range(6)] + ["ann"])
    with pytest.raises(RosterError, match="a robot's name"):
        team(1, "Fake", "ann", ["ann", "bo", "cy", "robot team 1 seat 4"])
    with pytest.raises(TeamSize, match="twice"):
        team(1, "Dup", "ann", ["ann", "ann", "bo", "cy"])


def test_the_captain_is_a_member_and_alone_names_the_lineup() -> None:
    with pytest.raises(NotOnTeam, match="the captain zed is not a member of Blue"):
        team(1, "Blue", "zed", ["ann", "bo", "cy", "di"])
    t = team(1, "Blue", "ann", ["ann", "bo", "cy", "di"])
    assert lineup(t, "ann", ("ann", "bo"), ("cy", "di")).open == ("ann", "bo")
    with pytest.raises(NotCaptain):
        lineup(t, "bo", ("ann", "bo"), ("cy", "di"))
    with pytest.raises(NotOnTeam, match="zed is not a member of Blue"):
        lineup(t, "ann", ("ann", "bo"), ("cy", "zed"))
    with pytest.raises(BadLineup):
        lineup(t, "ann", ("ann", "bo"), ("ann", "di"))


def test_a_player_is_on_one_team_of_an_event() -> None:
    a = team(1, "Blue", "ann", ["ann", "bo", "cy", "di"])
    b = team(2, "Red", "ed", ["ed", "flo", "gus", "bo"])
    field = [a, b]
    with pytest.raises(PlayerOnTwoTeams, match="bo already plays for Blue"):
        check_field(field)
    assert field == [a, b]
    with pytest.raises(FieldError, match="called"):
        check_field([a, team(2, "blue", "ed", ["ed", "flo", "gus", "hal"])])


def _played(text: str, declarer: Seat, tricks: int) -> Played:
    return Played(Contract.parse(text), declarer, tricks)


def test_open_room_home_ns_closed_room_home_ew() -> None:
    m = new_match(4, 7, (1,))
    m = record(m, 1, Room.OPEN, _played("4S", Seat.NORTH, 10))  # home NS: +420
    m = record(m, 1, Room.CLOSED, _played("4S", Seat.NORTH, 9))  # away NS went down: -50
    assert m.board(1).imps == imps(470) == 10
    assert m.imps == (10, 0) and m.winner == 4
    assert sum(m.vp) == pytest.approx(20)


def test_a_board_is_recorded_once_a_room_and_only_on_the_match_boards() -> None:
    m = record(new_match(1, 2, (2,)), 1, Room.OPEN, Played(None))
    with pytest.raises(MatchError, match="already has a result in the open room"):
        record(m, 1, Room.OPEN, Played(None))
    with pytest.raises(MatchError, match="1 to 2"):
        record(m, 3, Room.OPEN, Played(None))
    assert m.board(1).open == Played(None) and m.board(1).closed is None


def test_lineups_change_between_segments_only() -> None:
    t = team(1, "Blue", "ann", ["ann", "bo", "cy", "di", "ed"])
    m = new_match(1, 2, (1, 1))
    m = name_lineup(m, t, 1, "ann", ("ann", "bo"), ("cy", "di"))
    m = record(m, 1, Room.OPEN, Played(None))
    with pytest.raises(MatchError, match="segment 1 has started"):
        name_lineup(m, t, 1, "ann", ("ann", "ed"), ("cy", "di"))
    m = name_lineup(m, t, 2, "ann", ("ann", "ed"), ("cy", "di"))  # a substitution for segment 2
    lu1, lu2 = m.lineup_of(1, 1), m.lineup_of(1, 2)
    assert lu1 is not None and lu2 is not None
    assert lu1.open == ("ann", "bo") and lu2.open == ("ann", "ed")


def test_forfeit_and_adjusted_results_carry_a_reason() -> None:
    m = new_match(1, 2, (8,))
    with pytest.raises(MatchError, match="needs a reason"):
        forfeit(m, 1, "  ")
    f = forfeit(m, 1, "no show")
    assert f.vp == (0.0, 12.0) and f.winner == 2 and f.is_complete
    assert f.ruling is not None and f.ruling.reason == "no show"
    with pytest.raises(MatchError, match="match is over"):
        record(f, 1, Room.OPEN, Played(None))
    with pytest.raises(MatchError, match="at most 20"):
        adjust(m, 15, 10, "too much")
    a = adjust(m, 8, 8, "both teams at fault")
    assert a.vp == (8.0, 8.0) and a.winner is None
    assert m.ruling is None  # the match given is unchanged


def _ns(p: Played, board: int) -> int:
    if p.contract is None:
        return 0
    assert p.declarer is not None and p.tricks is not None
    return score_ns(p.contract, p.declarer, p.tricks, vulnerability_of(board))


def _imp_table(diff: int) -> int:
    """Law 78B read off the bounds here, not through ``imps``."""
    band = sum(1 for bound in IMP_BOUNDS if abs(diff) >= bound)
    return band if diff >= 0 else -band


@pytest.mark.parametrize("seed", ["v1", "v2", "v3"])
def test_a_played_match_vp_recomputed_from_its_boards(seed: str) -> None:
    event = TeamSimulation("teams", teams=2, boards=6, seed=seed).run()
    (m,) = event.matches
    margin = 0
    for b in m.all_boards:
        assert b.open is not None and b.closed is not None
        diff = _ns(b.open, b.board) - _ns(b.closed, b.board)
        assert _imp_table(diff) == imps(diff) == b.imps
        margin += imps(diff)
    assert m.margin == margin
    assert m.vp == (vp_for(margin, 6), vp_for(-margin, 6))
    assert sum(m.vp) == pytest.approx(20)


CONTRACTS = ["1C", "2H", "3NT", "4S", "4SX", "5DX", "6NT", "7NTXX", "1NTXX"]
results = st.one_of(
    st.just(Played(None)),
    st.builds(
        _played,
        st.sampled_from(CONTRACTS),
        st.sampled_from(list(Seat)),
        st.integers(0, 13),
    ),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(results, results), min_size=1, max_size=16), st.integers(-3, 3))
def test_vps_sum_to_twenty(boards: list[tuple[Played, Played]], carry: int) -> None:
    """Any two rooms' results: each board's IMPs from the home side, VPs summing to 20, the
    side ahead on IMPs (carry-over included) ahead on VPs."""
    m = new_match(1, 2, (len(boards),), carry_over=carry)
    for n, (o, c) in enumerate(boards, 1):
        m = record(record(m, n, Room.OPEN, o), n, Room.CLOSED, c)
        assert m.board(n).imps == imps(_ns(o, n) - _ns(c, n))
    assert m.is_complete
    hv, av = m.vp
    assert hv + av == pytest.approx(20)
    assert (hv > av) == (m.margin > 0) and (hv == av) == (m.margin == 0)
    home, away = m.imps
    assert home - away == m.margin == sum(m.board_imps) + carry
