"""Scoring a whole event from table results: matchpoints with Neuberg, Butler, cross-IMPs, teams,
and the results that cannot be scored."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipai.bridge import Contract, Deal, Seat, Side, Vulnerability
from qipai.duplicate import (
    Method,
    Room,
    ScoringError,
    TableResult,
    butler,
    cross_imps,
    imps,
    score_event,
    table_score,
    vp,
)


def played(
    board: int, ns: str, ew: str, contract: str, by: str, tricks: int, **kw: Any
) -> TableResult:
    return TableResult(
        board,
        ns,
        ew,
        Contract.parse(contract),
        Seat.parse(by),
        tricks,
        **kw,
    )


# A Mitchell: NS pairs 1-3, EW pairs 4-6, three boards; board 3 was played at two tables only.
MITCHELL = [
    played(1, "1", "4", "4S", "N", 10),  # +420 (board 1: none vulnerable)
    played(1, "2", "5", "4S", "N", 11),  # +450
    played(1, "3", "6", "4S", "N", 10),  # +420
    played(2, "1", "5", "3NT", "S", 8),  # -100 (board 2: NS vulnerable)
    played(2, "2", "6", "2H", "W", 8),  # -110
    played(2, "3", "4", "1NT", "N", 7),  # +90
    played(3, "1", "6", "4H", "E", 9),  # +100 (board 3: EW vulnerable)
    played(3, "2", "4", "4HX", "E", 10),  # -790
]


def test_matchpoints_by_hand_with_neuberg() -> None:
    event = score_event(MITCHELL, "mp")
    assert event.method is Method.MP and event.field == 3 and not event.problems
    b1, b2, b3 = event.boards
    assert [b.top for b in event.boards] == [4.0, 4.0, 4.0]
    # board 1: 450 beats both 420s (4); each 420 ties the other (1)
    assert [(s.ns_score, s.ns_points, s.ew_points) for s in b1.results] == [
        (420, 1.0, 3.0),
        (450, 4.0, 0.0),
        (420, 1.0, 3.0),
    ]
    assert [s.ns_percent for s in b1.results] == [25.0, 100.0, 25.0]
    # board 2: 90 > -100 > -110
    assert [(s.ns_score, s.ns_points) for s in b2.results] == [(-100, 2.0), (-110, 0.0), (90, 4.0)]
    # board 3, two results of three: 2 and 0 of a top of 2 become (2+1)*3/2-1 = 3.5 and
    # (0+1)*3/2-1 = 0.5 of a top of 4 (Neuberg)
    assert [(s.ns_score, s.ns_points, s.ew_points) for s in b3.results] == [
        (100, 3.5, 0.5),
        (-790, 0.5, 3.5),
    ]
    assert [(s.ns_percent, s.ew_percent) for s in b3.results] == [(87.5, 12.5), (12.5, 87.5)]


def test_the_pairs_ranking_averages_board_percentages() -> None:
    event = score_event(MITCHELL, Method.MP)
    ranking = [(p.rank, p.pair, p.boards, p.total, round(p.percent or 0, 4)) for p in event.pairs]
    assert ranking == [
        (1, "3", 2, 5.0, 62.5),  # 25 + 100
        (1, "6", 3, 7.5, 62.5),  # 75 + 100 + 12.5
        (3, "1", 3, 6.5, 54.1667),  # 25 + 50 + 87.5
        (3, "4", 3, 6.5, 54.1667),  # 75 + 0 + 87.5
        (5, "2", 3, 4.5, 37.5),  # 100 + 0 + 12.5
        (6, "5", 2, 2.0, 25.0),  # 0 + 50
    ]
    assert {p.pair: p.sides for p in event.pairs}["4"] == (Side.EW,)


def test_butler_and_cross_imps_use_the_board_functions() -> None:
    board = MITCHELL[:3]
    scores = [420, 450, 420]
    for method in ("imp", "butler"):
        event = score_event(board, method, trim=0)
        [b] = event.boards
        assert [s.ns_points for s in b.results] == butler(scores, 0)
        assert b.datum == 430
        assert [s.ew_points for s in b.results] == [-x + 0.0 for x in butler(scores, 0)]
    event = score_event(board, "ximp")
    assert [s.ns_points for s in event.boards[0].results] == cross_imps(scores)
    assert event.boards[0].datum is None and event.boards[0].top is None


def test_imp_rankings_are_by_total() -> None:
    event = score_event(MITCHELL, "butler")
    totals = {p.pair: p.total for p in event.pairs}
    expected: dict[str, float] = {}
    for b in event.boards:
        for s in b.results:
            assert s.ns_percent is None
            expected[s.result.ns_pair or ""] = expected.get(s.result.ns_pair or "", 0) + s.ns_points
            expected[s.result.ew_pair or ""] = expected.get(s.result.ew_pair or "", 0) + s.ew_points
    assert totals == expected
    assert [p.total for p in event.pairs] == sorted(totals.values(), reverse=True)
    assert sum(totals.values()) == pytest.approx(0)


def test_boards_with_the_same_number_and_different_deals_are_apart() -> None:
    one, two = Deal.from_seed(1), Deal.from_seed(2)
    results = [
        played(1, "A", "B", "3NT", "N", 9, deal=one),
        played(1, "C", "D", "3NT", "N", 10, deal=two),
    ]
    event = score_event(results, "mp")
    assert [len(b.results) for b in event.boards] == [1, 1]
    assert [b.deal for b in event.boards] == [one, two]


def test_scores_come_from_the_contract_or_the_record() -> None:
    assert table_score(TableResult(1, passed_out=True)) == 0
    assert table_score(TableResult(1, ns_score=-200)) == -200
    four_spades = TableResult(
        1,
        contract=Contract.parse("4S"),
        declarer=Seat.WEST,
        tricks=10,
        vulnerability=Vulnerability.BOTH,
    )
    assert table_score(four_spades) == -620
    assert (
        table_score(TableResult(5, contract=Contract.parse("4S"), declarer=Seat.NORTH, tricks=10))
        == 620
    )


def test_results_that_cannot_be_scored_are_reported_and_the_rest_scored() -> None:
    bad = [
        TableResult(1, "7", "8"),  # nothing recorded
        TableResult(1, "7", "8", Contract.parse("4S"), Seat.NORTH, 14, table="table 9"),
        TableResult(1, "7", "8", Contract.parse("4S"), None, 10),
        TableResult(1, "7", "8", Contract.parse("4S"), Seat.NORTH, None),
        TableResult(None, "7", "8", passed_out=True),
        TableResult(2, "7", "8", Contract.parse("4S"), Seat.NORTH, 10, ns_score=450),
        TableResult(2, "7", "8", Contract.parse("4S"), Seat.NORTH, 10, passed_out=True),
    ]
    event = score_event([*MITCHELL, *bad], "mp")
    assert event.scored == len(MITCHELL)
    assert [p.board for p in event.problems] == [None, 1, 1, 1, 1, 2, 2]
    reasons = [p.reason for p in event.problems]
    assert reasons[0] == "not scored: no board number"
    assert reasons[1] == "not scored: no contract and no score"
    assert reasons[2] == "not scored: declarer cannot take 14 tricks (4S by N)"
    assert "no declarer" in reasons[3] and "no result" in reasons[4]
    assert "NS 450" in reasons[5] and "NS 620" in reasons[5]  # board 2: NS vulnerable
    assert "passed out" in reasons[6]
    assert str(event.problems[2]) == (
        "board 1, table 9: not scored: declarer cannot take 14 tricks (4S by N)"
    )
    # the other boards are scored as if the bad results were not there
    assert event.boards == score_event(MITCHELL, "mp").boards


def test_a_scored_result_without_a_pair_is_reported() -> None:
    event = score_event(
        [played(1, "1", "4", "1NT", "N", 7), TableResult(1, "2", None, ns_score=90)], "mp"
    )
    assert event.scored == 2
    [problem] = event.problems
    assert problem.reason == "scored, but no EW pair is named to credit"
    assert [p.pair for p in event.pairs] == ["1", "2", "4"]


def test_unknown_methods_are_refused() -> None:
    with pytest.raises(ScoringError, match="'mp', 'imp'"):
        score_event(MITCHELL, "rubber")


# -- teams -----------------------------------------------------------------------------------


def room(board: int, home: str, visit: str, ns_score: int, **kw: Any) -> TableResult:
    return TableResult(board, ns_score=ns_score, home_team=home, visit_team=visit, **kw)


def test_teams_pair_the_rooms_by_home_and_visiting_team() -> None:
    # A v B: A sits NS at its own table (home A), B at the other (home B)
    results = [
        room(1, "A", "B", 620),
        room(1, "B", "A", 170),  # B's NS: A's EW conceded 170, so A gains 620 - 170
        room(2, "A", "B", -100),
        room(2, "B", "A", -620),
        room(1, "C", "D", 400),
        room(1, "D", "C", 400),
        room(2, "C", "D", -50),
        room(2, "D", "C", 100),
    ]
    event = score_event(results, "teams")
    assert not event.problems and event.pairs == ()
    assert [s.ns_points for b in event.boards for s in b.results] == [
        imps(450),
        imps(-450),
        imps(0),
        imps(0),
        imps(520),
        imps(-520),
        imps(-150),
        imps(150),
    ]
    ab, cd = event.matches
    assert (ab.home, ab.away, ab.boards, ab.board_imps) == ("A", "B", (1, 2), (10, 11))
    assert (ab.home_imps, ab.away_imps) == (21, 0)
    assert (ab.home_vp, ab.away_vp) == vp(21, 2)
    assert (cd.home, cd.away, cd.board_imps) == ("C", "D", (0, -4))
    assert [(t.rank, t.team, t.matches, t.imps_for, t.imps_against) for t in event.teams] == [
        (1, "A", 1, 21, 0),
        (2, "D", 1, 4, 0),
        (3, "C", 1, 0, 4),
        (4, "B", 1, 0, 21),
    ]
    assert [t.vp for t in event.teams] == [vp(21, 2)[0], vp(4, 2)[0], vp(4, 2)[1], vp(21, 2)[1]]


def test_teams_with_room_tags() -> None:
    # the same home team in both rooms; it sits EW in the closed room
    results = [
        room(1, "A", "B", 620, room=Room.OPEN),
        room(1, "A", "B", 170, room=Room.CLOSED),
    ]
    event = score_event(results, "teams")
    assert [s.ns_points for s in event.boards[0].results] == [10.0, -10.0]
    assert event.matches[0].board_imps == (10,)


def test_unpaired_rooms_and_unknown_teams_are_reported() -> None:
    results = [
        room(1, "A", "B", 620, table="table 1"),
        room(1, "B", "A", 170, table="table 2"),
        room(2, "A", "B", 100, table="table 1", where="line 40"),  # the other room is missing
        TableResult(2, ns_score=50),  # no teams
        room(1, "A", "B", 600),  # a third result for A v B on board 1
        room(3, "A", "A", 600),
    ]
    event = score_event(results, "teams")
    assert event.scored == 2
    assert [str(p) for p in event.problems] == [
        "board 1: not scored: a second result with A NS and B EW (a room tag may be missing)",
        "board 2: not scored: the home and visiting teams are not both named",
        "board 2, table 1 (line 40): not scored: no result from the other room of A v B"
        " (board 2 with B NS and A EW)",
        "board 3: not scored: A would play itself",
    ]
    assert event.matches[0].boards == (1,)


# -- properties -------------------------------------------------------------------------------

TEAMS = "ABCD"
scores = st.sampled_from([-1100, -620, -100, -50, 0, 90, 110, 140, 420, 450, 620, 1430])


@given(
    st.lists(
        st.tuples(st.integers(1, 3), st.sampled_from(TEAMS), st.sampled_from(TEAMS), scores),
        max_size=30,
    )
)
def test_teams_properties(rows: list[tuple[int, str, str, int]]) -> None:
    results = [room(board, home, visit, score) for board, home, visit, score in rows]
    event = score_event(results, "teams")
    not_scored = [p for p in event.problems if p.reason.startswith("not scored")]
    assert event.scored + len(not_scored) == len(results)
    for board in event.boards:
        by_teams = {s.result.teams: s for s in board.results}
        for (ns_team, ew_team), s in by_teams.items():
            other = by_teams[(ew_team, ns_team)]
            assert s.ns_points == -other.ns_points == imps(s.ns_score - other.ns_score)
    for m in event.matches:
        assert m.home_vp + m.away_vp == pytest.approx(20)
        assert sum(m.board_imps) == m.home_imps - m.away_imps
    assert sum(t.vp for t in event.teams) == pytest.approx(20 * len(event.matches))


@given(st.lists(st.tuples(st.integers(1, 4), scores), min_size=1, max_size=40))
def test_matchpoint_properties(rows: list[tuple[int, int]]) -> None:
    results = [
        TableResult(board, f"N{i}", f"E{i}", ns_score=score)
        for i, (board, score) in enumerate(rows)
    ]
    event = score_event(results, "mp")
    assert event.scored == len(rows) and not event.problems
    for board in event.boards:
        assert board.top == 2 * (event.field - 1)
        for s in board.results:
            assert s.ns_points + s.ew_points == pytest.approx(board.top)
            assert s.ns_percent is not None and 0 <= s.ns_percent <= 100
    assert all(0 <= (p.percent or 0) <= 100 for p in event.pairs)
