"""``qipai events simulate`` with robot teams: run through the CLI entry point, the JSON shape
the issue names, and each format's invariants read back from it."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from qipai import cli
from qipai.duplicate import imps, vp_for

MATCH_KEYS = {"round", "home", "away", "boards", "imps", "vp", "winner"}
BOARD_KEYS = {"board", "open_ns_score", "closed_ns_score", "imps"}
ROW_KEYS = {"rank", "team", "vp", "imps_for", "imps_against"}


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert cli.main(["events", "simulate", *argv, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    ladder = out["format"] == "ladder"
    assert set(out) == {"format", "matches", "standings", "byes"} | (
        {"ladder"} if ladder else set()
    )
    for m in out["matches"]:
        extra = set(m) - MATCH_KEYS
        assert set(m) >= MATCH_KEYS
        assert extra <= {"stage", "season", "outcome", "ruling"}
        assert ("stage" in m) == (out["format"] == "knockout")
        if "ruling" in m:
            continue
        margin = 0
        for b in m["boards"]:
            assert set(b) == BOARD_KEYS
            assert b["imps"] == imps(b["open_ns_score"] - b["closed_ns_score"])
            margin += b["imps"]
        home, away = m["imps"]
        assert home - away == margin  # no carry-over in a simulation
        assert m["vp"] == [vp_for(margin, len(m["boards"])), vp_for(-margin, len(m["boards"]))]
        assert sum(m["vp"]) == pytest.approx(20)
        assert m["winner"] == (None if margin == 0 else m["home"] if margin > 0 else m["away"])
    for row in out["standings"]:
        assert set(row) == ROW_KEYS
    return out


def test_round_robin_every_pair_meets_once(capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(
        capsys, "--format", "round-robin", "--teams", "5", "--boards", "2", "--seed", "r"
    )
    met = Counter(frozenset((m["home"], m["away"])) for m in out["matches"])
    assert set(met) == {frozenset(p) for p in combinations(range(1, 6), 2)}
    assert set(met.values()) == {1}
    assert sorted(b["team"] for b in out["byes"]) == [1, 2, 3, 4, 5]
    vps = sum(r["vp"] for r in out["standings"])
    assert vps == pytest.approx(20 * len(out["matches"]) + 12 * 5)
    assert [r["rank"] for r in out["standings"]] == sorted(r["rank"] for r in out["standings"])


def test_swiss_teams_no_rematch_and_byes(capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(
        capsys, "--format", "swiss-teams", "--teams", "7", "--boards", "1", "--rounds", "4",
        "--seed", "s",
    )  # fmt: skip
    met = Counter(frozenset((m["home"], m["away"])) for m in out["matches"])
    assert set(met.values()) == {1} and len(out["matches"]) == 4 * 3
    byes = [b["team"] for b in out["byes"]]
    assert byes[0] == 7 and len(byes) == len(set(byes)) == 4


def test_a_knockout_ends_in_a_final(capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(
        capsys, "--format", "knockout", "--teams", "6", "--boards", "1", "--segments", "2",
        "--seed", "k",
    )  # fmt: skip
    stages = [m["stage"] for m in out["matches"]]
    assert stages[-1] == "final" and stages.count("final") == 1
    assert stages[:2] == ["quarter-final"] * 2 and stages.count("semi-final") == 2
    final = out["matches"][-1]
    champion = out["standings"][0]
    assert champion["rank"] == 1 and champion["team"] in (final["home"], final["away"])


def test_the_ladder_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(
        capsys, "--format", "ladder", "--teams", "6", "--boards", "1", "--challenges", "8",
        "--seed", "l",
    )  # fmt: skip
    order = list(range(1, 7))
    for m in out["matches"]:
        assert m["outcome"] in ("won", "defended", "forfeit")
        if m["outcome"] != "defended":  # replay the rule on the places
            order.remove(m["home"])
            order.insert(order.index(m["away"]), m["home"])
    assert out["ladder"] == order
    assert [r["team"] for r in out["standings"]] == order


def test_one_match_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(capsys, "--format", "teams", "--boards", "3", "--seed", "t")
    assert len(out["matches"]) == 1 and len(out["matches"][0]["boards"]) == 3
    assert cli.main(["events", "simulate", "--format", "teams", "--teams", "3", "--seed", "x"]) == 1
    assert "even field" in capsys.readouterr().err
