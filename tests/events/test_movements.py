"""Movements: the real Howell and Mitchell movement files read as they are and reproduce their
own schedules; Mitchells made here for any field keep every pair from meeting another or
playing a board twice; worked examples checked by hand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.events.movements import (
    MovementError,
    MovementFileError,
    Sitting,
    howell_for,
    howell_movements,
    mitchell,
    parse_movement,
)

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "bridge" / "movements"
FILES = sorted(SHARED.glob("Movement.*.yaml"))


def test_the_shared_movements_are_there() -> None:
    assert len(FILES) == 23, SHARED


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_movement_file_reproduces_its_schedule(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    m = parse_movement(text, path.name)
    doc = yaml.safe_load(text)
    expected = sorted(
        Sitting(h["round"], h["table"], h["ns"], h["ew"], tuple(h["boards"])) for h in doc["hands"]
    )
    assert list(m.sittings) == expected
    assert m.pairs == doc["numberTeams"] and m.name == doc["name"]
    for r in range(1, m.rounds + 1):  # every pair of the field is seated or sits out
        seated = [p for s in m.round_sittings(r) for p in s.pairs]
        assert sorted(seated + list(m.sitting_out(r))) == list(range(1, m.pairs + 1))
    meets = m.meetings()
    if m.two_winners:  # Mitchell: NS meets EW at most once
        assert set(meets.values()) == {1}
    elif "not all play all" in m.description:  # 3/4 Howell: at most once, 5 pairs never meet
        assert set(meets.values()) == {1} and len(meets) == m.pairs * (m.pairs - 1) // 2 - 5
    else:  # a complete Howell: every two pairs meet, and equally often
        assert len(meets) == m.pairs * (m.pairs - 1) // 2 and len(set(meets.values())) == 1


def test_the_shipped_howells_are_the_shared_files() -> None:
    shared = {parse_movement(p.read_text(encoding="utf-8"), p.name) for p in FILES}
    assert set(howell_movements()) <= shared
    assert sorted({m.pairs for m in howell_movements()}) == list(range(4, 15))


def test_a_field_no_movement_serves_names_those_that_are() -> None:
    with pytest.raises(MovementError, match=r"for 16 pairs: the movements serve 4, 5, .*, 14"):
        howell_for(16)
    with pytest.raises(MovementError, match="no Howell named 'Nope' for 6 pairs"):
        howell_for(6, "Nope")
    assert howell_for(6, "Howell06T3B30Relay").boards == tuple(range(1, 31))


def test_a_five_pair_howell_by_hand() -> None:
    """Howell05T2B20: five rounds of four boards at two tables; each pair sits out once,
    meets each other pair once and plays 16 of the 20 boards."""
    m = howell_for(5)
    assert (m.name, m.rounds, m.tables) == ("Howell05T2B20", 5, 2)
    assert [(s.table, s.ns, s.ew, s.boards) for s in m.round_sittings(1)] == [
        (2, 4, 3, (5, 6, 17, 18)),
        (3, 2, 5, (11, 12, 15, 16)),
    ]
    assert [m.sitting_out(r) for r in range(1, 6)] == [(1,), (2,), (3,), (4,), (5,)]
    for pair in range(1, 6):
        boards = [b for s in m.sittings if pair in s.pairs for b in s.boards]
        assert len(boards) == len(set(boards)) == 16


def test_a_four_table_mitchell_by_hand() -> None:
    """EW pairs move up, boards down; after round 2 the EW pairs skip a table, so pair 5
    meets NS 1, 2 and 4 with board sets 1, 3 and 2, and never plays a board twice."""
    m = mitchell(4, boards_per_round=2)
    assert m.rounds == 3 and m.pairs == 8
    by_round = {r: [(s.ns, s.ew, s.boards[0]) for s in m.round_sittings(r)] for r in (1, 2, 3)}
    assert by_round[1] == [(1, 5, 1), (2, 6, 3), (3, 7, 5), (4, 8, 7)]
    assert by_round[2] == [(1, 8, 3), (2, 5, 5), (3, 6, 7), (4, 7, 1)]
    assert by_round[3] == [(1, 6, 5), (2, 7, 7), (3, 8, 1), (4, 5, 3)]
    with pytest.raises(MovementError, match="plays 1 to 3 rounds, not 4"):
        mitchell(4, boards_per_round=2, rounds=4)  # the revenge round


@settings(max_examples=150, deadline=None)
@given(
    tables=st.integers(1, 18),
    per=st.integers(1, 4),
    data=st.data(),
)
def test_any_mitchell_meets_each_pair_once_and_deals_each_board_once_a_pair(
    tables: int, per: int, data: st.DataObject
) -> None:
    most = tables if tables % 2 else max(1, tables - 1)
    rounds = data.draw(st.integers(1, most))
    switched = data.draw(st.sets(st.integers(1, rounds)))
    m = mitchell(tables, boards_per_round=per, rounds=rounds, arrow_switch=switched)
    assert m.rounds == rounds and m.tables == tables
    home = {t: ("NS" if t <= tables else "EW") for t in range(1, 2 * tables + 1)}
    for s in m.sittings:
        # arrow-switch rounds swap directions; every other round keeps them
        assert (home[s.ns], home[s.ew]) == (("EW", "NS") if s.round in switched else ("NS", "EW"))
    assert set(m.meetings().values()) == {1}  # an NS and an EW pair meet at most once
    plays = Counter((p, b) for s in m.sittings for p in s.pairs for b in s.boards)
    assert set(plays.values()) == {1}  # no pair plays a board twice
    by_board = Counter(b for s in m.sittings for b in s.boards)
    assert set(by_board.values()) == {rounds}  # every board played equally often
    # two winners unless some rounds are switched and some not (all switched: still two)
    assert m.two_winners is (switched in (set(), set(range(1, rounds + 1))))
    if rounds == most and tables % 2:  # a full odd Mitchell: everyone meets everyone
        assert len(m.meetings()) == tables * tables


def test_bad_movement_files_say_where() -> None:
    good = "name: X\nnumberTeams: 4\nhands:\n"
    sit = "- {{table: {t}, round: {r}, ns: {ns}, ew: {ew}, boards: [{b}]}}\n"
    with pytest.raises(MovementFileError, match=r"x\.yaml: not YAML"):
        parse_movement("a: [", "x.yaml")
    with pytest.raises(MovementFileError, match="needs 'hands'"):
        parse_movement("name: X\n", "x.yaml")
    with pytest.raises(MovementFileError, match=r"x\.yaml, hand 1: 'ns' must be a whole number"):
        parse_movement(good + sit.format(t=1, r=1, ns="a", ew=2, b=1), "x.yaml")
    twice = sit.format(t=1, r=1, ns=1, ew=2, b=1) + sit.format(t=1, r=2, ns=1, ew=3, b=1)
    with pytest.raises(MovementFileError, match="round 2: pair 1 plays board 1 again"):
        parse_movement(good + twice, "x.yaml")
    same = sit.format(t=1, r=1, ns=1, ew=2, b=1) + sit.format(t=2, r=1, ns=1, ew=3, b=2)
    with pytest.raises(MovementFileError, match="round 1: pair 1 is seated 2 times"):
        parse_movement(good + same, "x.yaml")
    with pytest.raises(MovementFileError, match="pair 9 is not among 1-4"):
        parse_movement(good + sit.format(t=1, r=1, ns=9, ew=2, b=1), "x.yaml")
