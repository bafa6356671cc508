"""``qipai games`` as the issue's name checks give it: perft, play --json, check renju; bad
input gets one line and exit status 1."""

from __future__ import annotations

import json

import pytest

from qipai.cli import main
from qipai.games import game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["games", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_perft_prints_the_count_on_its_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    code, out, _ = run(capsys, "perft", "chess", kiwi, "2")
    assert code == 0 and out.splitlines()[-1] == "2039"
    start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    code, out, _ = run(capsys, "perft", "xiangqi", start, "3")
    assert code == 0 and out.splitlines()[-1] == "79666"
    assert run(capsys, "perft", "xiangqi", "start", "0")[1].splitlines()[-1] == "1"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("perft", "chess", "not a fen", "2"), "not a valid position"),
        (("perft", "xiangqi", "start", "-1"), "at least 0"),
        (("perft", "go", "start", "1"), "chess or xiangqi"),
        (("play", "halma"), "no such game"),
        (("play", "chess", "--robots", "0,2"), "0 or 1"),
        (("play", "go", "--size", "10"), "9, 13 or 19"),
        (("check", "renju", "h8", "h8"), "already occupied"),
        (("check", "renju", "a1"), "天元"),
        (("check", "renju", "z99"), "not a point"),
        (("check", "chess", "e4"), "for renju"),
    ],
)
def test_bad_input_gets_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], says: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 1 and says in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_check_renju(capsys: pytest.CaptureFixture[str]) -> None:
    moves = ["h8", "a1", "g8", "a3", "j10", "a5", "j9", "a7"]
    assert run(capsys, "check", "renju", *moves, "j8")[1].splitlines()[-1] == "33"
    assert run(capsys, "check", "renju", *moves, "k12")[1].splitlines()[-1] == "ok"
    four = ["h8", "a1", "i8", "a3", "j8", "a5", "h10", "a7", "h11", "a9", "h12", "a11"]
    # a five wins, whatever else the stone makes
    assert run(capsys, "check", "renju", *four, "h9")[1].splitlines()[-1] == "ok"
    over = ["h8", "a1", "i8", "a3", "j8", "a5", "l8", "a7", "m8", "a9"]
    assert run(capsys, "check", "renju", *over, "k8")[1].splitlines()[-1] == "overline"
    # 四四: a four on row 8 (h8 i8 j8 + k8) and one on the diagonal (h11 i10 j9 + k8)
    double = ["h8", "a1", "i8", "a3", "j8", "a5", "h11", "a7", "i10", "a9", "j9", "a11"]
    assert run(capsys, "check", "renju", *double, "k8")[1].splitlines()[-1] == "44"


@pytest.mark.parametrize(
    ("name", "extra"),
    [("renju", ()), ("chess", ()), ("xiangqi", ()), ("go", ("--size", "9"))],
)
def test_play_json_is_a_whole_game_that_replays(
    capsys: pytest.CaptureFixture[str], name: str, extra: tuple[str, ...]
) -> None:
    code, out, _ = run(capsys, "play", name, "--robots", "0,0", "--seed", "4", "--json", *extra)
    assert code == 0
    record = json.loads(out.splitlines()[-1])
    assert set(record) == {"game", "moves", "result", "reason"}
    assert record["game"] == name and record["result"] in ("1-0", "0-1", "1/2-1/2")
    settings = {"size": 9} if name == "go" else {}
    g = game(name, **settings)
    state = g.play(g.new(), record["moves"])  # every move is legal in its turn
    outcome = g.outcome(state)
    if outcome is not None:  # a position that ends the game by itself: the same ending
        assert outcome.result == record["result"] and outcome.reason.key.endswith(record["reason"])
    else:  # ended by a claim, an agreement or the count after marking
        assert record["reason"] in ("threefold", "fifty_moves", "forbidden", "score", "resignation")
