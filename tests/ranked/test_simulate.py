"""``qipai pool simulate``: the JSON shape scripts rely on, the same seed the same run."""

import json

import pytest

from qipai.cli import main
from qipai.ranked.simulate import simulate, spearman


def test_the_json_shape(capsys) -> None:
    assert (
        main(["pool", "simulate", "--players", "24", "--weeks", "2", "--seed", "5", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"players", "boards", "spearman"}
    assert len(data["players"]) == 24
    for p in data["players"]:
        assert {"id", "skill", "rate", "mean_ximp", "boards", "grade"} <= set(p)
        assert 0 <= p["rate"] <= 100 and p["boards"] > 0
    assert set(data["spearman"]) == {"rate", "mean_ximp", "openskill"}
    assert all(-1 <= v <= 1 for v in data["spearman"].values())
    for b in data["boards"]:
        ats = [r["scored_at_result"] for r in b["results"]]
        n = len(ats)
        if n < 6:
            assert ats == [None] * n
        else:
            assert ats == [6] * 6 + list(range(7, n + 1))
        assert b["retired"] == (n == 40)


def test_the_same_seed_plays_the_same_weeks() -> None:
    a, b = simulate(24, 2, 9), simulate(24, 2, 9)
    assert a.to_json() == b.to_json()
    assert simulate(24, 2, 10).to_json() != a.to_json()


def test_bad_fields_are_answered(capsys) -> None:
    assert main(["pool", "simulate", "--players", "20"]) == 1
    assert "24 players or more, a multiple of 4, not 20" in capsys.readouterr().err
    with pytest.raises(ValueError, match="probability"):
        simulate(24, 1, 1, disconnect=1.5)


def test_spearman() -> None:
    assert spearman([1, 2, 3], [1, 2, 3]) == pytest.approx(1)
    assert spearman([1, 1, 2, 2], [5, 5, 1, 1]) == pytest.approx(-1)
    with pytest.raises(ValueError):
        spearman([1], [1])
