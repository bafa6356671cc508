"""五子棋 (连珠): forbidden moves on published positions, the claim that White must make at
once, fives, and the full board."""

from __future__ import annotations

from pathlib import Path

import pytest

from qipai.games.base import GameRuleError, MoveTextError
from qipai.games.renju import (
    BLACK,
    EMPTY,
    SIZE,
    WHITE,
    Claim,
    Renju,
    RenjuState,
    forbidden,
    parse_point,
    point_name,
)

DATA = Path(__file__).parent / "data" / "renju_forbidden.txt"
MARKS = {"4": "44", "3": "33", "6": "overline"}


def diagrams() -> dict[str, dict[int, str]]:
    out: dict[str, dict[int, str]] = {}
    name = ""
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("== "):
            name = line[3:]
            out[name] = {}
            continue
        cells = line.split()
        row = int(cells[0])
        for col, x in enumerate(cells[1:-1]):
            out[name][(row - 1) * SIZE + col] = x
    return out


@pytest.mark.parametrize(("name", "cells"), diagrams().items(), ids=lambda x: str(x)[:20])
def test_forbidden_points_of_the_published_positions(name: str, cells: dict[int, str]) -> None:
    board = "".join(cells[i] if cells[i] in (BLACK, WHITE) else EMPTY for i in range(SIZE**2))
    want = {point_name(i): MARKS[x] for i, x in cells.items() if x.isdigit()}
    got = {
        point_name(i): shape
        for i in range(SIZE**2)
        if board[i] == EMPTY and (shape := forbidden(board, i)) is not None
    }
    assert got == want


def board_of(black: str, white: str = "") -> str:
    b = [EMPTY] * SIZE**2
    for names, color in ((black, BLACK), (white, WHITE)):
        for n in names.split():
            b[parse_point(n)] = color
    return "".join(b)


def test_the_shapes() -> None:
    # 三三: two open threes
    assert forbidden(board_of("g8 h8 j10 j9"), parse_point("j8")) == "33"
    # a three closed by White at one end is no three: 四三 is not even made, nothing forbidden
    assert forbidden(board_of("g8 h8 j10 j9", "f8 j7"), parse_point("j8")) is None
    # 四四 in two lines, and in one line (X.XXX.X)
    assert forbidden(board_of("e8 f8 g8 h11 h10 h9"), parse_point("h8")) == "44"
    assert forbidden(board_of("d8 f8 g8 j8"), parse_point("h8")) == "44"
    assert forbidden(board_of("d8 f8 g8 h8 j8"), parse_point("e8")) is None  # a five: wins
    # fours whose only fives would be six: no four at all
    assert forbidden(board_of("c8 e8 f8 h8 j8"), parse_point("g8")) is None
    # 四三 is allowed
    assert forbidden(board_of("e8 f8 g8 h10 h9"), parse_point("h8")) is None
    # 长连, and a five made together with a forbidden shape wins
    assert forbidden(board_of("c8 d8 e8 g8 h8"), parse_point("f8")) == "overline"
    assert forbidden(board_of("d8 e8 f8 g8 h11 h10 h9"), parse_point("h8")) is None


def play(*moves: str) -> RenjuState:
    g = Renju()
    return g.play(g.new(), list(moves))


def test_black_starts_at_tengen() -> None:
    g = Renju()
    with pytest.raises(GameRuleError, match="天元") as e:
        g.apply(g.new(), parse_point("a1"))
    assert "h8" in e.value.text("zh-CN")
    assert g.legal_moves(g.new()) == (parse_point("h8"),)
    with pytest.raises(GameRuleError, match="occupied"):
        g.play(g.new(), ["h8", "h8"])
    with pytest.raises(MoveTextError):
        g.parse(g.new(), "p16")


# Black builds 三三 at j8 (g8 h8 and j9 j10), White plays far away meanwhile.
TO_33 = ["h8", "a1", "g8", "a3", "j10", "a5", "j9", "a7"]


def test_a_forbidden_move_loses_only_when_white_claims_it_at_once() -> None:
    g = Renju()
    s = play(*TO_33, "j8")
    assert g.outcome(s) is None and Claim() in g.legal_moves(s)
    out = g.outcome(g.apply(s, Claim()))
    assert out is not None and out.result == "0-1" and out.reason.key == "reason.forbidden"
    assert "三三" in out.reason.text("zh-CN") and "three-three" in out.reason.text("en")
    # White moves on: the right is lost, the game goes on
    later = g.play(s, ["o15"])
    with pytest.raises(GameRuleError, match="before White moves"):
        g.apply(later, Claim())
    assert g.outcome(later) is None


def test_a_wrong_claim_is_answered_and_play_goes_on() -> None:
    g = Renju()
    s = play("h8", "a1", "i9")
    answered = g.apply(s, Claim())
    assert g.outcome(answered) is None and g.to_move(answered) == 1
    assert Claim() not in g.legal_moves(answered)


def test_views_never_tell_whether_a_stone_is_forbidden() -> None:
    g = Renju()
    bad = play(*TO_33, "j8")
    fine = play(*TO_33, "k8")
    for player in (None, 0, 1):
        vb, vf = g.view(bad, player), g.view(fine, player)
        assert vb.keys() == vf.keys()
        assert ("claim" in vb.get("legal", [])) == ("claim" in vf.get("legal", []))
    assert "claim" in g.view(bad, 1)["legal"]


def test_fives() -> None:
    g = Renju()
    s = play("h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8")
    out = g.outcome(s)
    assert out is not None and out.result == "1-0" and out.reason.key == "reason.five"
    # White's overline wins
    s = play("h8", "a1", "h10", "b1", "h12", "c1", "i14", "e1", "j14", "f1", "k14", "d1")
    out = g.outcome(s)
    assert out is not None and out.result == "0-1"


def test_a_full_board_is_a_draw() -> None:
    # rows of XXOO shifted so that no line of any direction holds five of one colour
    pattern = "XXOO"
    rows = [
        "".join(pattern[(c + 2 * (r % 2) + (r // 2)) % 4] for c in range(SIZE)) for r in range(SIZE)
    ]
    board = "".join(rows)
    g = Renju()
    s = RenjuState(board, tuple(range(SIZE**2)))
    out = g.outcome(s)
    assert out is not None and out.result == "1/2-1/2" and out.reason.key == "reason.full_board"


def test_check_names_the_shape_of_blacks_last_stone() -> None:
    g = Renju()
    assert g.check_last_black([*TO_33, "j8"]) == "33"
    assert g.check_last_black([*TO_33, "j8", "o15"]) == "33"
    assert g.check_last_black(TO_33) == "ok"
    with pytest.raises(MoveTextError):
        g.check_last_black([])
