"""中国象棋: our rules core against published perft counts, each piece's rules, the endings,
the repetition rulings on worked cases, and the notations."""

from __future__ import annotations

import random

import pytest

from qipai.games import xiangqi_board as xb
from qipai.games.base import GameRuleError, MoveTextError
from qipai.games.xiangqi import Ruling, Xiangqi

# Perft counts, depths 1-3. The start position and the five after it are the published ones
# (the chessprogramming wiki's "Chinese Chess Perft Results"); every line was also
# checked with Fairy-Stockfish's `go perft` (Debian's fairy-stockfish, UCI_Variant xiangqi).
PERFT = [
    (xb.START_FEN, (44, 1920, 79666)),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", (38, 1128, 43929)),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", (7, 281, 8620)),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", (25, 424, 9850)),
    ("CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1", (28, 516, 14808)),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1", (28, 222, 6241)),
    ("R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1", (21, 364, 7626)),
    ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2B1KR3 w - - 0 1", (34, 548, 17533)),
    ("2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1", (21, 195, 3883)),
]


@pytest.mark.parametrize(("fen", "counts"), PERFT, ids=lambda x: str(x)[:12])
def test_perft(fen: str, counts: tuple[int, ...]) -> None:
    board, red = xb.parse_fen(fen)
    assert tuple(xb.perft(board, red, d) for d in (1, 2, 3)) == counts


def test_the_interface_gives_the_same_tree_to_depth_2() -> None:
    g = Xiangqi()
    s = g.new()
    assert sum(len(g.legal_moves(g.apply(s, m))) for m in g.legal_moves(s)) == 1920


def moves_from(fen: str, square: str) -> set[str]:
    g = Xiangqi(fen)
    s = g.new()
    return {m.iccs[2:] for m in s.legal if m.iccs.startswith(square)}


def test_each_piece_moves_by_its_rule() -> None:
    # 马 blocked at the leg: at the start c0 (相) blocks d1; a 车 on b1 blocks a2 and c2
    assert moves_from(xb.START_FEN, "b0") == {"a2", "c2"}
    assert moves_from("4k4/9/9/9/9/9/9/9/9/1N1K5 w - - 0 1", "b0") == {"a2", "c2", "d1"}
    assert moves_from("4k4/9/9/9/9/9/9/9/1R7/1N1K5 w - - 0 1", "b0") == {"d1"}
    # 相 blocked at the eye (d1 occupied), and never across the river
    assert moves_from("5k3/9/9/9/9/9/9/9/3R5/2B1K4 w - - 0 1", "c0") == {"a2"}
    assert moves_from("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4") == {"a2", "e2"}
    # 炮 captures over exactly one screen
    c = moves_from("3k5/9/9/9/9/9/9/9/5K3/C1p1r4 w - - 0 1", "a0")
    assert "e0" in c and "c0" not in c and "b0" in c and "d0" not in c
    # 兵 sideways only after the river, never back
    assert moves_from("3k5/9/9/9/9/9/P8/9/9/4K4 w - - 0 1", "a3") == {"a4"}
    assert moves_from("3k5/9/9/9/2P6/9/9/9/9/4K4 w - - 0 1", "c5") == {"c6", "b5", "d5"}
    # 帅 in the palace; the kings never face on an open file
    assert moves_from("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0") == {"e1", "f0"}
    # 仕 on the palace diagonals
    assert moves_from("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e1") == {"d0", "f0", "d2", "f2"}


def test_an_illegal_move_says_which_rule_and_changes_nothing() -> None:
    g = Xiangqi()
    s = g.new()
    with pytest.raises(GameRuleError, match="蹩马腿") as e:
        g.apply(s, g.parse(s, "b0d1"))
    assert "不合规则" in e.value.text("zh-CN")
    with pytest.raises(GameRuleError, match="送将"):
        g.apply(g.from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), g.parse(g.new(), "e0d0"))
    assert s == g.new()
    with pytest.raises(MoveTextError):
        g.parse(s, "j2e2")


def test_checkmate_and_no_moves_lose() -> None:
    g = Xiangqi()
    # 将死: a 车 on the back rank, the other on the eighth, the d-file closed by the facing 帅
    mated = g.play(g.from_fen("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1"), ["b7b9"])
    out = g.outcome(mated)
    assert out is not None and out.result == "1-0" and out.reason.key == "reason.checkmate"
    # 困毙: Black not in check but has no legal move, and loses (not a draw as in chess)
    stuck = g.from_fen("3k5/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1")
    assert not xb.in_check(stuck.board, stuck.red) and not stuck.legal
    out = g.outcome(stuck)
    assert out is not None and out.result == "1-0" and out.reason.key == "reason.no_moves"


PERPETUAL_CHECK = ["a0a9", "f9f8", "a9a8", "f8f9", "a8a9", "f9f8", "a9a8", "f8f9", "a8a9"]


def test_perpetual_check_loses() -> None:
    g = Xiangqi()
    s = g.play(g.from_fen("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"), PERPETUAL_CHECK[:-1])
    assert g.outcome(s) is None
    out = g.outcome(g.play(s, PERPETUAL_CHECK[-1:]))
    assert out is not None and out.result == "0-1" and out.reason.key == "reason.perpetual_check"
    assert out.reason.text("zh-CN").startswith("长将")


def test_idle_repetition_draws() -> None:
    g = Xiangqi()
    idle = ["a0a1", "f9f8", "a1a0", "f8f9"] * 2
    out = g.outcome(g.play(g.from_fen("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"), idle))
    assert out is not None and out.result == "1/2-1/2"
    assert out.reason.key == "reason.repetition_draw"


def test_perpetual_chase_of_an_unprotected_piece_loses() -> None:
    g = Xiangqi()
    chase = ["b0a0", "a7b9", "a0b0", "b9a7"] * 2
    s = g.play(g.from_fen("4k4/9/n8/9/9/9/9/9/9/1R1K5 w - - 0 1"), chase)
    out = g.outcome(s)
    assert out is not None and out.result == "0-1" and out.reason.key == "reason.perpetual_chase"


def test_a_case_for_the_arbiter_waits_for_the_ruling() -> None:
    g = Xiangqi()
    # Red's horse attacks Black's rook again and again; the rook is protected by the other
    # rook on its file, and is worth more than the horse: a chase or not is for the arbiter
    s = g.from_fen("4k4/9/9/1r7/9/9/1r7/9/9/2NK5 w - - 0 1")
    s = g.play(s, ["c0a1", "b3b2", "a1c0", "b2b3"] * 2)
    assert s.tags == ("unclear", "idle") * 4
    assert g.outcome(s) is None and g.to_move(s) is None
    view = g.view(s, 1)
    assert "attacks to be judged" in view["awaiting_arbiter"] and "idle" in view["awaiting_arbiter"]
    assert "裁判" in view["awaiting_arbiter_zh"] and "待定之捉" in view["awaiting_arbiter_zh"]
    assert "legal" not in view
    with pytest.raises(GameRuleError, match="arbiter"):
        g.apply(s, g.parse(s, "c0a1"))
    ruled = g.apply(s, g.parse(s, "arbiter:0-1"))
    out = g.outcome(ruled)
    assert out is not None and out.result == "0-1" and out.reason.key == "reason.arbiter"
    assert g.replay(ruled) == ruled
    with pytest.raises(GameRuleError):
        g.apply(g.new(), Ruling("1-0"))


def test_natural_move_limit_draws() -> None:
    g = Xiangqi()
    # 119 plies without a capture (the FEN's clock): one more quiet move draws, a capture not
    s = g.from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80")
    assert s.quiet == 119 and g.outcome(s) is None
    out = g.outcome(g.play(s, ["a0a1"]))
    assert out is not None and out.result == "1/2-1/2" and out.reason.key == "reason.natural_limit"
    s = g.from_fen("3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 119 80")
    assert g.outcome(g.play(s, ["a0a1"])) is None


def test_notations_round_trip_and_are_unambiguous() -> None:
    g = Xiangqi()
    assert g.parse(g.new(), "炮二平五") == g.parse(g.new(), "h2e2") == g.parse(g.new(), "C2.5")
    assert g.chinese(g.new(), g.parse(g.new(), "b0c2")) == "马八进七"
    # written in simplified characters; traditional and variant forms are read too
    assert g.parse(g.new(), "馬八進七") == g.parse(g.new(), "傌八进七") == g.parse(g.new(), "b0c2")
    s = g.play(g.new(), ["h2e2"])
    assert g.chinese(s, g.parse(s, "h9g7")) == "马８进７" and g.wxf(s, g.parse(s, "h9g7")) == "H8+7"
    rng = random.Random(7)
    s = g.new()
    for _ in range(80):
        if g.outcome(s) is not None or not s.legal:
            break
        for m in s.legal:
            assert g.parse(s, g.chinese(s, m)) == m
            assert g.parse(s, g.wxf(s, m)) == m
        s = g.apply(s, rng.choice(s.legal))
    # two cannons on one file: 前 and 后
    s = g.from_fen("3k5/9/9/9/9/4C4/9/4C4/9/5K3 w - - 0 1")
    names = {g.chinese(s, m) for m in s.legal}
    assert "前炮平一" in names and "后炮平一" in names


def test_fen_and_pgn_round_trip() -> None:
    g = Xiangqi()
    s = g.play(g.new(), ["炮二平五", "马８进７", "马二进三", "车９平８"])
    assert s.fen.startswith("rnbakabr1/9/1c4nc1/")
    pgn = g.to_pgn(s, {"Red": "甲", "Black": "乙"})
    assert '[Game "Chinese Chess"]' in pgn and "1. h2e2 h9g7 2. h0g2 i9h9 *" in pgn
    assert g.from_pgn(pgn) == s
    wxf = '[Game "Chinese Chess"]\n[Format "WXF"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 *\n'
    assert g.from_pgn(wxf) == s
    with pytest.raises(MoveTextError, match="not a valid position"):
        Xiangqi("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1")
    with pytest.raises(MoveTextError, match="one king"):
        Xiangqi("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1")


def test_tandem_pieces_are_told_apart_and_an_ambiguous_name_is_refused() -> None:
    g = Xiangqi()
    # two red horses on one file: 前马 and 后马, and each name reads back to its move
    s = g.from_fen("3k5/9/9/9/9/9/9/7N1/9/4K2N1 w - - 0 1")
    names = sorted(g.chinese(s, m) for m in s.legal if s.board[m.frm] == "N")
    assert any(n.startswith("前马") for n in names) and any(n.startswith("后马") for n in names)
    for m in s.legal:
        assert g.parse(s, g.chinese(s, m)) == m
    # tandem pawns on two files: "前兵进一" could be either front pawn, so it is refused
    s = g.from_fen("3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1")
    with pytest.raises(MoveTextError, match="c6c7 g6g7"):
        g.parse(s, "前兵进一")
