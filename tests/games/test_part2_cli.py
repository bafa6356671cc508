"""``qipai games play`` for the games of #23 (checkers): the record with each side's score, a
whole game that replays, and the robots' counts checked."""

from __future__ import annotations

import json

import pytest

from qipai.cli import main
from qipai.games import game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["games", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("robots", ["0,0", "1,0,0", "0,0,0,0", "0,0,0,0,0,0"])
def test_play_checkers_json_is_a_whole_game_that_replays(
    capsys: pytest.CaptureFixture[str], robots: str
) -> None:
    code, out, _ = run(capsys, "play", "checkers", "--robots", robots, "--seed", "2", "--json")
    assert code == 0
    record = json.loads(out.splitlines()[-1])
    assert set(record) == {"game", "moves", "result", "reason", "scores"}
    n = len(robots.split(","))
    g = game("checkers", players=n)
    state = g.play(g.new(), record["moves"])
    outcome = g.outcome(state)
    assert outcome is not None and outcome.result == record["result"]
    assert outcome.reason.key == "reason." + record["reason"]
    assert record["scores"] == dict(zip(g.sides, outcome.scores(n), strict=True))
    assert sum(record["scores"].values()) == n * (n - 1) / 2


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("play", "checkers", "--robots", "0,0,0,0,0"), "2, 3, 4 or 6 levels"),
        (("play", "checkers", "--robots", "0,2"), "each 0 or 1"),
        (("play", "chess", "--robots", "0,0,0"), "2 levels for chess"),
        (("play", "nosuch"), "checkers (tiaoqi)"),
    ],
)
def test_bad_input_gets_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], says: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 1 and says in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("shown", "trump", "answer"),
    [
        (["LJ", "LJ", "H10", "H10"], "H", "tractor"),
        (["SJ SJ S9 S9"], "H", "tractor"),
        (["S10", "S10", "D10", "D10"], "H", "not a tractor"),
        (["SA SA S2 S2"], "NT", "not a tractor"),
    ],
)
def test_check_shengji_tractor_prints_the_answer_last(
    capsys: pytest.CaptureFixture[str], shown: list[str], trump: str, answer: str
) -> None:
    code, out, _ = run(capsys, "check", "shengji-tractor", *shown, "--trump", trump)
    assert code == 0 and out.splitlines()[-1] == answer


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("check", "shengji-tractor", "S5", "S5"), "needs --trump"),
        (("check", "shengji-tractor", "S5", "S5", "--trump", "X"), "S, H, D, C or NT"),
        (("check", "shengji-tractor", "S5", "S5", "S5", "--trump", "H"), "two of S5"),
        (("check", "shengji-tractor", "S1", "--trump", "H"), "cannot read the card"),
    ],
)
def test_check_shengji_tractor_bad_input(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], says: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 1 and says in err and len(err.strip().splitlines()) == 1
