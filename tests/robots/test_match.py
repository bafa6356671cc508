"""``qipai.robots.match`` and ``qipai robots match``: a duplicate match between robot levels."""

from __future__ import annotations

import argparse
import json
import math

import pytest

from qipai.bridge import Deal
from qipai.commands import robots
from qipai.duplicate.imps import imps
from qipai.robots import Level0Robot
from qipai.robots.match import interval, play_board, play_match, t_quantile


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    robots.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return int(args.handler(args))


def test_same_robot_both_sides_is_zero_on_every_board():
    m = play_match(Level0Robot(), Level0Robot(), deals=12, seed="mirror")
    assert len(m.boards) == 12
    assert [b.imps for b in m.boards] == [0] * 12
    assert all(b.table1 == b.table2 for b in m.boards)
    assert m.total == 0 and m.mean == 0.0 and m.ci95 == (0.0, 0.0)


def test_boards_cycle_and_deals_come_from_the_seed():
    m = play_match(Level0Robot(), Level0Robot(), deals=3, seed="s", first=15)
    assert [b.number for b in m.boards] == [16, 1, 2]
    assert [b.seed for b in m.boards] == ["s:15", "s:16", "s:17"]
    assert Deal.from_seed("s:15") != Deal.from_seed("s:16")


def test_imps_are_table1_less_table2():
    b = play_board(Level0Robot(), Level0Robot(), 4, "x")
    assert b.imps == imps(b.table1.score_ns - b.table2.score_ns)


def test_interval():
    assert t_quantile(1) == 12.706 and t_quantile(30) == 2.042
    assert abs(t_quantile(60) - 2.000) < 0.001 and abs(t_quantile(120) - 1.980) < 0.001
    assert [round(x, 3) for x in interval([1, 2, 3])] == [2.0, -0.484, 4.484]
    mean, low, high = interval([5])
    assert mean == 5 and math.isinf(low) and math.isinf(high)
    with pytest.raises(ValueError):
        interval([])


def test_command_level0_mirror_text(capsys):
    assert run(["robots", "match", "--deals", "3", "--seed", "t", "--level", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("level 0 (A) against level 0 (B), seed t")
    assert len(out) == 5
    assert all(line.startswith("Board ") and line.endswith("A +0 IMPs") for line in out[1:4])
    assert "table 1" in out[1] and "table 2" in out[1]
    assert out[4].startswith("3 boards: A +0 IMPs, +0.00 IMPs a board, 95% CI [+0.00, +0.00]")


def test_command_level1_against_level0_json(capsys):
    argv = ["robots", "match", "--deals", "2", "--seed", "q", "--level", "1"]
    assert run([*argv, "--against", "0", "--samples", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["level"] == 1 and d["against"] == 0 and d["seed"] == "q"
    assert [b["board"] for b in d["boards"]] == [1, 2]
    for b in d["boards"]:
        assert set(b) == {"index", "board", "seed", "table1", "table2", "imps"}
        for t in (b["table1"], b["table2"]):
            assert set(t) == {"contract", "declarer", "tricks", "score_ns"}
        assert b["table1"]["contract"] == b["table2"]["contract"]  # the same auction
        assert b["imps"] == imps(b["table1"]["score_ns"] - b["table2"]["score_ns"])
    assert d["total"] == sum(b["imps"] for b in d["boards"])
    assert d["mean"] == d["total"] / 2
    low, high = d["ci95"]
    assert low <= d["mean"] <= high


def test_command_refuses_no_deals(capsys):
    assert run(["robots", "match", "--deals", "0", "--level", "0"]) == 2
    assert "--deals" in capsys.readouterr().err


def test_own_bidding_against_itself_is_a_tie_and_bids_at_each_table():
    from qipai.robots.match import play_board

    r = Level0Robot()
    b = play_board(r, r, 3, "own", own_bidding=True)
    assert b.imps == 0 and b.table1 == b.table2
