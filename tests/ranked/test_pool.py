"""The week's pool: the 6/40 rule, one board per player once, the disconnection penalty."""

import pytest

from qipai.ranked.pool import DISCONNECTION_POINTS, PoolError, WeekPool


def tables(n: int, start: int = 0):
    return [((f"n{i}", f"s{i}"), (f"e{i}", f"w{i}")) for i in range(start, start + n)]


def test_five_results_leave_everyone_at_zero_and_the_sixth_scores_all_24() -> None:
    pool = WeekPool.new(week=3, boards=1)
    scores = [420, 450, 420, -50, 420, 400]
    for (ns, ew), score in zip(tables(5), scores, strict=False):
        pool = pool.add(1, ns, ew, score)
    board = pool.boards[0]
    assert board.scoring.is_provisional and set(board.ns_imps) == {0.0}
    assert all(pool.points(p) == 0 for t in tables(5) for side in t for p in side)
    assert pool.scores() == []  # nothing for the Rate yet
    ns, ew = tables(1, 5)[0]
    pool = pool.add(1, ns, ew, scores[5])
    board = pool.boards[0]
    assert board.scored_at == (6,) * 6 and board.ns_imps == (0.0, 1.0, 0.0, -10.0, 0.0, -1.0)
    assert pool.points("n3") == -10.0 and pool.points("e3") == 10.0
    assert len(pool.scores()) == 6


def test_later_results_are_scored_as_they_come_and_the_40th_retires_the_board() -> None:
    pool = WeekPool.new(week=1, boards=2)
    for k, (ns, ew) in enumerate(tables(40)):
        assert pool.board_for((*ns, *ew)) == 1
        pool = pool.add(1, ns, ew, 420 + 10 * (k % 3))
    board = pool.boards[0]
    assert board.retired and board.scored_at == (6,) * 6 + tuple(range(7, 41))
    ns, ew = tables(1, 40)[0]
    assert pool.board_for((*ns, *ew)) == 2
    with pytest.raises(PoolError, match="has its 40 results"):
        pool.add(1, ns, ew, 420)


def test_a_board_never_reaches_a_player_twice() -> None:
    pool = WeekPool.new(week=1, boards=3)
    pool = pool.add(1, ("a", "b"), ("c", "d"), 100)
    assert pool.board_for(("a", "x", "y", "z")) == 2
    pool = pool.add(2, ("a", "x"), ("y", "z"), 100)
    assert pool.board_for(("b", "x", "q", "r")) == 3
    assert pool.played("a") == {1, 2} and pool.boards_played("a") == 2
    before = pool
    with pytest.raises(PoolError, match="board 1: a played it already"):
        pool.add(1, ("a", "q"), ("r", "t"), 0)
    assert pool == before  # refused: nothing changed
    with pytest.raises(PoolError, match="four different players"):
        pool.add(3, ("a", "a"), ("r", "t"), 0)
    with pytest.raises(PoolError, match="board 9 is not in the pool of week 1"):
        pool.add(9, ("e", "f"), ("g", "h"), 0)
    with pytest.raises(PoolError, match="1 board or more"):
        WeekPool.new(week=1, boards=0)


def test_a_disconnection_costs_sixteen_points_once() -> None:
    pool = WeekPool.new(week=1, boards=2)
    for ns, ew in tables(6):
        away = {"n0"} if ns[0] == "n0" else set()
        pool = pool.add(1, ns, ew, 420, away)
    assert pool.points("n0") == -DISCONNECTION_POINTS == -16
    assert pool.points("s0") == 0
    (left,) = [s for s in pool.scores() if "n0" in s.ns]
    assert left.away == {"n0"}
