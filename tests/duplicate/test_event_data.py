"""Whole events from real files (../shared/data): a RealBridge teams event whose recorded IMPs
we reproduce by pairing the rooms, and 7632 world-championship results."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from qipai.commands.results import table_result
from qipai.duplicate import Method, TableResult, score_event, table_score
from qipai.formats import Record, read_file

PBN = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "bridge" / "pbn"
EXAMPLE2 = PBN / "endplay_example2.pbn"
EXAMPLE3 = PBN / "endplay_example3.pbn"

_SCORE_IMP = re.compile(r"NS (-?\d+) EW (-?\d+)\Z")


def _read(path: Path) -> tuple[list[Record], list[TableResult]]:
    if not path.exists():
        pytest.skip(f"{path} is missing")
    records = read_file(path)
    return records, [table_result(r) for r in records]


@pytest.fixture(scope="module")
def example2() -> tuple[list[Record], list[TableResult]]:
    return _read(EXAMPLE2)


@pytest.fixture(scope="module")
def example3() -> tuple[list[Record], list[TableResult]]:
    return _read(EXAMPLE3)


def test_example2_reads_as_an_event(example2: tuple[list[Record], list[TableResult]]) -> None:
    records, results = example2
    assert len(results) == 299
    passed_out = [r for r in records if r.passed_out]
    assert len(passed_out) == 21
    # one passed-out board has [Score "NS 0"]; the other twenty have no Score tag at all
    assert sum(r.tag("Score") is None for r in passed_out) == 20
    assert {str(r.contract) for r in records if r.contract} >= {"5DX", "4SX", "2HX"}  # "5Dx" ...
    # the 279 recorded scores agree with the contracts: table_score would refuse a mismatch
    assert sum(r.ns_score is not None for r in results) == 279
    assert [table_score(r) for r in results if r.ns_score is not None] == [
        r.ns_score for r in results if r.ns_score is not None
    ]


def test_example2_recorded_imps_are_reproduced_by_pairing_the_rooms(
    example2: tuple[list[Record], list[TableResult]],
) -> None:
    records, results = example2
    event = score_event(results, Method.TEAMS)
    ours = {id(s.result): s for b in event.boards for s in b.results}
    reproduced = differ = 0
    for record, result in zip(records, results, strict=True):
        recorded = record.tag("ScoreIMP")
        assert recorded is not None
        m = _SCORE_IMP.match(recorded)
        assert m, recorded
        ns, ew = int(m.group(1)), int(m.group(2))  # "-0" is 0
        assert ns == -ew
        scored = ours.get(id(result))
        if scored is None:
            continue
        if (scored.ns_points, scored.ew_points) == (ns, ew):
            reproduced += 1
        else:
            differ += 1
    assert (reproduced, differ) == (298, 0)
    # the 299th: board 20 of TURKEY v SWITZERLAND has only TURKEY's home table
    [problem] = event.problems
    assert problem.board == 20 and problem.table == "table 6"
    assert problem.result.teams == ("TURKEY", "SWITZERLAND")
    assert "no result from the other room" in problem.reason


def test_example2_matches_and_vps(example2: tuple[list[Record], list[TableResult]]) -> None:
    _, results = example2
    event = score_event(results, "teams")
    assert len(event.matches) == 15 and len(event.teams) == 30
    assert Counter(len(m.boards) for m in event.matches) == {10: 14, 9: 1}
    for m in event.matches:
        assert m.home_vp + m.away_vp == pytest.approx(20)
        assert m.match.boards == len(m.boards)  # VPs on the boards the match played
    switzerland = next(m for m in event.matches if "SWITZERLAND" in (m.home, m.away))
    assert (switzerland.home, switzerland.home_imps, switzerland.away_imps) == ("TURKEY", 7, 20)
    assert switzerland.away_vp == 14.46  # vp(13, 9)
    assert [t.team for t in event.teams[:2]] == ["SWEDEN", "HUNGARY"]
    assert event.teams[0].vp == 18.15
    assert sum(t.vp for t in event.teams) == pytest.approx(15 * 20)


def test_example2_matchpoints_and_butler(example2: tuple[list[Record], list[TableResult]]) -> None:
    _, results = example2
    mp = score_event(results, "mp")
    assert not mp.problems and mp.scored == 299 and mp.field == 30
    for board in mp.boards:
        assert board.top == 58
        for s in board.results:
            assert s.ns_percent is not None and s.ew_percent is not None
            assert 0 <= s.ns_percent <= 100
            assert s.ns_percent + s.ew_percent == pytest.approx(100)
    # board 20 has 29 results of 30: Neuberg, so its matchpoints are not all whole or halves
    board20 = next(b for b in mp.boards if b.number == 20)
    assert len(board20.results) == 29
    assert any(s.ns_points * 2 != int(s.ns_points * 2) for s in board20.results)
    assert sum(s.ns_points + s.ew_points for s in board20.results) == pytest.approx(29 * 58)
    # 30 teams of two pairs; the pairs at the missing table played board 20 nowhere
    assert len(mp.pairs) == 60
    assert Counter(p.boards for p in mp.pairs) == {10: 58, 9: 2}
    butler = score_event(results, "butler")
    assert not butler.problems and butler.scored == 299
    assert all(b.datum is not None for b in butler.boards)
    assert {p.pair for p in butler.pairs} == {p.pair for p in mp.pairs}


def test_example3_matchpoints_and_butler_finish(
    example3: tuple[list[Record], list[TableResult]],
) -> None:
    _, results = example3
    assert len(results) == 7632
    boards = {(r.board, r.deal) for r in results}
    for method in ("mp", "butler", "ximp"):
        event = score_event(results, method)
        assert event.scored + len(event.problems) >= 7632
        assert len(event.boards) == len(boards)  # the same deal in several matches is one board
        assert event.pairs


def test_example3_teams_needs_the_rooms_in_file_order(
    example3: tuple[list[Record], list[TableResult]],
) -> None:
    _, results = example3
    # rpbridge.net repeats HomeTeam/VisitTeam in both rooms and has no Room tag
    unlabelled = score_event(results, "teams")
    assert unlabelled.scored == 0 and len(unlabelled.problems) == 7632
    event = score_event(results, "teams", rooms_in_order=True)
    assert event.scored == 7632 and not event.problems
    final = next(m for m in event.matches if {m.home, m.away} == {"Poland", "Sweden"})
    assert final.home == "Poland" and len(final.boards) == 128
    assert final.away_imps > final.home_imps  # Sweden won the 2012 World Mind Sports Games final
