"""国际象棋: FIDE rules through python-chess, behind the common interface."""

from __future__ import annotations

import chess
import pytest

from qipai.games.base import AcceptDraw, GameRuleError, MoveTextError, OfferDraw, Resign, TimeOut
from qipai.games.chess import Chess, Claim, perft

# The classic perft positions and their published counts (depths 1-3).
PERFT = [
    (chess.STARTING_FEN, (20, 400, 8902)),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", (48, 2039, 97862)),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", (14, 191, 2812)),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", (6, 264, 9467)),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", (44, 1486, 62379)),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        (46, 2079, 89890),
    ),
]


@pytest.mark.parametrize(("fen", "counts"), PERFT, ids=lambda x: str(x)[:12])
def test_perft_of_the_classic_positions(fen: str, counts: tuple[int, ...]) -> None:
    assert [perft(chess.Board(fen), d) for d in (1, 2, 3)] == list(counts)


@pytest.mark.parametrize(("fen", "counts"), PERFT, ids=lambda x: str(x)[:12])
def test_the_interface_moves_match_perft_to_depth_2(fen: str, counts: tuple[int, ...]) -> None:
    game = Chess(fen)

    def nodes(state: object, depth: int) -> int:
        moves = [m for m in game.legal_moves(state) if isinstance(m, chess.Move)]  # type: ignore[arg-type]
        if depth == 1:
            return len(moves)
        return sum(nodes(game.apply(state, m), depth - 1) for m in moves)  # type: ignore[arg-type]

    assert nodes(game.new(), 2) == counts[1]


def play(game: Chess, *moves: str, fen: str | None = None):  # type: ignore[no-untyped-def]
    state = game.from_fen(fen) if fen else game.new()
    return game.play(state, moves)


def test_castling_en_passant_and_promotion() -> None:
    g = Chess()
    s = play(g, "e4", "e6", "Nf3", "d5", "Bc4", "dxe4", "O-O")
    assert s.board().piece_at(chess.G1) == chess.Piece.from_symbol("K")
    s = play(g, "e2e4", "a7a6", "e4e5", "d7d5", "e5d6")
    assert s.board().piece_at(chess.D5) is None
    s = g.play(g.from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1"), ["a7a8n"])
    assert s.board().piece_at(chess.A8) == chess.Piece.from_symbol("N")


def test_castling_through_check_is_refused_with_the_article() -> None:
    g = Chess()
    s = g.from_fen("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1")
    with pytest.raises(GameRuleError, match=r"Art\. 3") as e:
        g.apply(s, g.parse(s, "e1g1"))
    assert "e1g1" in e.value.text("zh-CN") and "不合规则" in e.value.text("zh-CN")
    assert s == g.from_fen("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1")


def test_mate_and_stalemate_end_the_game() -> None:
    g = Chess()
    s = play(g, "f3", "e5", "g4", "Qh4#")
    out = g.outcome(s)
    assert out is not None and out.result == "0-1" and out.reason.key == "reason.checkmate"
    s = g.from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    out = g.outcome(s)
    assert out is not None and out.result == "1/2-1/2" and out.reason.key == "reason.stalemate"
    with pytest.raises(GameRuleError, match="over"):
        g.apply(s, Resign(1))


def test_threefold_is_a_claim_and_fivefold_ends_by_itself() -> None:
    g = Chess()
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    twice = play(g, *shuffle, *shuffle)
    assert g.outcome(twice) is None and Claim("threefold") in g.legal_moves(twice)
    assert g.view(twice, 0)["claimable"] == ["threefold"]
    claimed = g.apply(twice, Claim("threefold"))
    out = g.outcome(claimed)
    assert out is not None and out.result == "1/2-1/2" and out.reason.key == "reason.threefold"
    # not claimed: the game goes on until the fifth time, then ends by itself
    s = play(g, *shuffle * 4)
    assert g.outcome(s) is not None and g.outcome(s).reason.key == "reason.fivefold"  # type: ignore[union-attr]


def test_a_wrong_claim_is_refused_and_a_claim_may_name_its_move() -> None:
    g = Chess()
    s = g.new()
    with pytest.raises(GameRuleError, match=r"9\.2"):
        g.apply(s, Claim("threefold"))
    # the claim of a repetition the move about to be written makes (Art. 9.2.1.1)
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    s = play(g, *shuffle, "g1f3", "g8f6", "f3g1")
    claimed = g.apply(s, g.parse(s, "claim-threefold+f6g8"))
    assert g.outcome(claimed).reason.key == "reason.threefold"  # type: ignore[union-attr]


def test_fifty_moves_claimed_and_seventyfive_automatic() -> None:
    g = Chess()
    s = g.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    with pytest.raises(GameRuleError, match=r"9\.3"):
        g.apply(s, Claim("fifty"))
    s1 = g.play(s, ["a1a2"])
    assert g.outcome(s1) is None and Claim("fifty") in g.legal_moves(s1)
    assert g.outcome(g.apply(s1, Claim("fifty"))).reason.key == "reason.fifty_moves"  # type: ignore[union-attr]
    s = g.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 100")
    out = g.outcome(g.play(s, ["a1a2"]))
    assert out is not None and out.reason.key == "reason.seventyfive_moves"


def test_insufficient_material_and_time() -> None:
    g = Chess()
    assert g.outcome(g.from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1")).reason.key == (  # type: ignore[union-attr]
        "reason.insufficient_material"
    )
    # White's flag falls; Black has only a king: a draw (Art. 6.9)
    s = g.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert g.apply(s, TimeOut(0)).ended == g.apply(s, TimeOut(0)).ended
    assert g.outcome(g.apply(s, TimeOut(0))).result == "1/2-1/2"  # type: ignore[union-attr]
    assert g.outcome(g.apply(s, TimeOut(1))).result == "1-0"  # type: ignore[union-attr]


def test_draw_offers_and_resignation() -> None:
    g = Chess()
    s = g.apply(g.new(), OfferDraw(0))
    with pytest.raises(GameRuleError):
        g.apply(s, AcceptDraw(0))
    assert g.outcome(g.apply(s, AcceptDraw(1))).reason.key == "reason.agreement"  # type: ignore[union-attr]
    # the offer lapses when the other player moves on
    s2 = g.play(s, ["e2e4", "e7e5"])
    assert s2.draw_offer is None
    with pytest.raises(GameRuleError, match="no draw offer"):
        g.apply(s2, AcceptDraw(0))
    out = g.outcome(g.play(g.new(), ["b:resign"]))
    assert out is not None and out.result == "1-0"


def test_pgn_fen_san_uci() -> None:
    g = Chess()
    s = play(g, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "w:resign")
    pgn = g.to_pgn(s, {"White": "甲", "Black": "乙"})
    assert "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1" in pgn
    back = g.from_pgn(pgn)
    assert back.board().fen() == s.board().fen()
    assert g.outcome(back).result == "0-1"  # type: ignore[union-attr]
    v = g.view(s, None)
    assert v["moves"][:3] == ["e2e4", "e7e5", "g1f3"] and v["san"][2] == "Nf3"
    kiwi = PERFT[1][0]
    assert g.from_fen(kiwi).fen == kiwi
    with pytest.raises(MoveTextError, match="not a valid position"):
        Chess("rnbqkbnr/pppppppp/8/8 w - - 0 1")
    with pytest.raises(MoveTextError, match="cannot read"):
        g.parse(g.new(), "Zz9")
    with pytest.raises(MoveTextError):
        g.from_pgn("1. e4 e5 2. Ke3 *")
