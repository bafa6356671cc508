"""The robots: each game's two levels play legal moves from their player's view only, the
engines behind their protocol adapters (Stockfish and Fairy-Stockfish over UCI, GNU Go over
GTP), and renju's threat search finds the forced moves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from qipai.games import game
from qipai.games import renju as rj
from qipai.games.engines import EngineError, Gtp, Uci
from qipai.games.robots import fsf_move, iccs_move, make


def one_move(name: str, level: int, state: Any = None, **settings: Any) -> tuple[Any, Any]:
    g = game(name, **settings)
    s = g.new() if state is None else state
    player = g.to_move(s)
    view = json.loads(json.dumps(g.view(s, player)))  # a view is all a robot gets
    robot = make(name, level, 5)
    try:
        text = robot.choose(view)
    finally:
        robot.close()
    return g, g.apply(s, g.parse(s, text))


@pytest.mark.parametrize("level", [0, 1])
@pytest.mark.parametrize("name", ["chess", "xiangqi", "renju"])
def test_each_level_plays_a_legal_move(name: str, level: int) -> None:
    g = game(name)
    s = g.play(g.new(), {"chess": ["e2e4"], "xiangqi": ["h2e2"], "renju": ["h8"]}[name])
    _, after = one_move(name, level, s)
    assert len(after.moves) == 2


@pytest.mark.parametrize("level", [0, 1])
def test_gnu_go_plays_a_legal_move(level: int) -> None:
    _, after = one_move("go", level, size=9)
    assert len(after.moves) == 1


def test_xiangqi_coordinates_for_fairy_stockfish() -> None:
    assert fsf_move("h2e2") == "h3e3" and iccs_move("h3e3") == "h2e2"
    assert iccs_move("b10c8") == "b9c7" and fsf_move("b9c7") == "b10c8"


def test_the_xiangqi_robot_takes_a_free_rook() -> None:
    g = game("xiangqi")
    s = g.from_fen("4k4/9/9/9/9/9/r8/9/9/R2K5 w - - 0 1")
    for level in (0, 1):
        _, after = one_move("xiangqi", level, s)
        assert after.board[27] == "R"  # the rook on a3 is taken


def board(black: str, white: str) -> str:
    b = [rj.EMPTY] * rj.SIZE**2
    for names, color in ((black, rj.BLACK), (white, rj.WHITE)):
        for n in names.split():
            b[rj.parse_point(n)] = color
    return "".join(b)


def renju_view(stones: str, you: str, last: str) -> dict[str, Any]:
    rows = [stones[r * rj.SIZE : (r + 1) * rj.SIZE] for r in range(rj.SIZE - 1, -1, -1)]
    legal = [rj.point_name(i) for i, x in enumerate(stones) if x == rj.EMPTY]
    return {"rows": rows, "you": you, "last": last, "legal": legal}


def test_the_renju_robot_wins_blocks_and_claims() -> None:
    robot = make("renju", 1, 1)
    # a five to make
    assert robot.choose(renju_view(board("h8 i8 j8 k8", "a1 a2 a3 b5"), "b", "b5")) in ("g8", "l8")
    # White must block Black's four
    assert robot.choose(renju_view(board("h8 i8 j8 k8", "g8 a2 a3"), "w", "k8")) == "l8"
    # White makes a straight four (two threes to choose from): a win next move
    vcf = renju_view(board("a1 a3 a5 o1 o3", "h8 h9 h10 j8 k8"), "w", "o3")
    assert robot.choose(vcf) in ("h7", "h11", "i8", "l8", "g8")
    # Black's 三三 at j8, claimed by White
    s = board("g8 h8 j10 j9 j8", "a1 a3 a5 a7")
    view = renju_view(s, "w", "j8")
    view["legal"].append("claim")
    assert robot.choose(view) == "claim"
    # Black never plays a forbidden point: j8 would be 三三, whatever its score
    black_view = renju_view(board("g8 h8 j10 j9", "a1 a3 a5 a7"), "b", "a7")
    for seed in range(3):
        assert make("renju", 1, seed).choose(black_view) != "j8"
        assert make("renju", 0, seed).choose(black_view) != "j8"


def test_engine_adapters_report_failures_in_one_line() -> None:
    with pytest.raises(EngineError, match="not installed"):
        Uci("no-such-engine-here")
    go = Gtp(["gnugo", "--mode", "gtp"])
    try:
        with pytest.raises(EngineError, match="refused 'play B Z99'"):
            go.command("play B Z99")
        assert go.command("boardsize 9") == ""
    finally:
        go.close()


def test_a_robot_dropped_unclosed_leaves_no_engine_and_no_open_file() -> None:
    """The engine is reaped when its robot is dropped without ``close`` (a table stopped
    mid-game): no process left running, no ResourceWarning (pytest makes one an error)."""
    import gc
    import os
    import warnings

    robot = make("chess", 0, 1)
    pid = robot.engine.process.proc.pid  # type: ignore[attr-defined]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        del robot
        gc.collect()
    assert [str(w.message) for w in caught] == []
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
