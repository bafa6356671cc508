"""``qipai events simulate``: every format played by robots in accelerated time, the JSON shape
scripts rely on, and the errors."""

from __future__ import annotations

import argparse
import json

import pytest

from qipai import cli
from qipai.commands import events
from qipai.events.errors import MovementError, SettingsError

TABLE_KEYS = {"table", "ns", "ew", "boards"}
STANDING_KEYS = {"rank", "pair", "direction", "total", "percent", "boards_completed"}


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert cli.main(["events", "simulate", *argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"format", "rounds", "standings"}
    for rnd in out["rounds"]:
        assert set(rnd) == {"round", "tables"}
        for t in rnd["tables"]:
            assert set(t) == TABLE_KEYS
            for b in t["boards"]:
                assert set(b) == {"board", "ns_score"}
    for row in out["standings"]:
        assert set(row) == STANDING_KEYS
    return out


def test_a_mitchell_has_two_winners(capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(capsys, "--format", "mitchell", "--pairs", "8", "--boards", "2", "--seed", "m")
    assert out["format"] == "mitchell"
    rounds = out["rounds"]
    assert isinstance(rounds, list) and len(rounds) == 3  # 4 tables: the skip Mitchell's 3
    first = rounds[0]["tables"]
    assert [(t["ns"], t["ew"]) for t in first] == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert [b["board"] for b in first[1]["boards"]] == [3, 4]
    rows = out["standings"]
    assert isinstance(rows, list)
    assert [r["direction"] for r in rows] == ["NS"] * 4 + ["EW"] * 4
    assert {r["pair"] for r in rows[:4]} == {1, 2, 3, 4}
    assert all(r["percent"] == r["total"] for r in rows)  # matchpoints by default


def test_an_arrow_switched_mitchell_has_one_winner(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--format", "mitchell", "--pairs", "6", "--boards", "1", "--seed", "a"]
    out = simulate(capsys, *argv, "--arrow-switch", "2", "--scoring", "butler")
    rows = out["standings"]
    assert isinstance(rows, list) and {r["direction"] for r in rows} == {None}
    assert all(r["percent"] is None for r in rows)  # IMPs
    second = out["rounds"][1]["tables"]  # type: ignore[index]
    assert all(t["ns"] > 3 for t in second)  # EW pairs sit NS in round 2


def test_a_howell_takes_its_rounds_and_boards_from_the_movement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = simulate(capsys, "--format", "howell", "--pairs", "7", "--seed", "h", "--scoring", "ximp")
    rounds = out["rounds"]
    assert isinstance(rounds, list) and len(rounds) == 7
    boards = {b["board"] for r in rounds for t in r["tables"] for b in t["boards"]}
    assert boards == set(range(1, 22))
    rows = out["standings"]
    assert isinstance(rows, list) and len(rows) == 7
    assert {r["direction"] for r in rows} == {None}
    named = simulate(
        capsys, "--format", "howell", "--pairs", "6", "--movement", "Howell06T3B30Relay",
        "--seed", "h",
    )  # fmt: skip
    assert len(named["rounds"][0]["tables"][0]["boards"]) == 6  # type: ignore[index]


def test_swiss_through_the_same_command(capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(capsys, "--pairs", "5", "--rounds", "2", "--boards", "1", "--seed", "s")
    assert out["format"] == "swiss" and len(out["rounds"]) == 2  # type: ignore[arg-type]


def test_the_same_seed_plays_the_same_event(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--format", "mitchell", "--pairs", "5", "--boards", "1", "--seed", "same")
    assert simulate(capsys, *argv) == simulate(capsys, *argv)


def test_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["events", "simulate", "--format", "howell", "--pairs", "3"]) == 1
    err = capsys.readouterr().err
    assert "no Howell movement for 3 pairs: the movements serve 4, 5, 6" in err
    assert cli.main(["events", "simulate", "--format", "swiss", "--arrow-switch", "1"]) == 1
    assert "arrow-switch rounds are for a Mitchell only" in capsys.readouterr().err
    parser = argparse.ArgumentParser()
    events.register(parser.add_subparsers())
    with pytest.raises(SettingsError, match="round numbers like 2,4"):
        events.run(parser.parse_args(["events", "simulate", "--arrow-switch", "x"]))
    with pytest.raises(MovementError, match="no Howell named 'Nope'"):
        events.run(parser.parse_args(["events", "simulate", "--format", "howell", "--pairs",
                                      "6", "--movement", "Nope"]))  # fmt: skip
