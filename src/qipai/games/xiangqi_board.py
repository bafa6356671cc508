"""中国象棋's board and moves: our own rules core, standard library only.

The board is a 90-character string, square ``rank * 9 + file``: rank 0 is Red's back rank,
file 0 is file ``a`` (Red's left), as in ICCS (``h2e2``). Pieces are FEN letters: ``K A B N R
C P`` for Red (帅 仕 相 马 车 炮 兵), lower case for Black (将 士 象 马 车 炮 卒); ``.`` is
empty. The moves are those of the rules (中国象棋竞赛规则, 第一章 "棋盘和棋子", "行棋规定"):
帅/将 one step along a line inside the palace, and never facing the other on an open file;
仕/士 one step diagonally in the palace; 相/象 two diagonally, not across the river, blocked
at the eye (塞象眼); 马 one step along a line then one diagonally outward, blocked at the leg
(蹩马腿); 车 any distance along a line; 炮 as 车 to move, capturing over exactly one screen
(炮架); 兵/卒 one step forward, and after crossing the river also sideways. A move that leaves
one's own 帅/将 attacked (or facing the other) is illegal (送将).
"""

from __future__ import annotations

from typing import NamedTuple

FILES = "abcdefghi"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
EMPTY = "."


class Move(NamedTuple):
    frm: int
    to: int

    @property
    def iccs(self) -> str:
        return f"{FILES[self.frm % 9]}{self.frm // 9}{FILES[self.to % 9]}{self.to // 9}"


def square(name: str) -> int:
    """``"e0"`` -> 4 (ValueError if not a square)."""
    if len(name) != 2 or name[0] not in FILES or not name[1].isdigit():
        raise ValueError(f"{name!r} is not a square (a0-i9)")
    return int(name[1]) * 9 + FILES.index(name[0])


def _on(r: int, f: int) -> bool:
    return 0 <= r <= 9 and 0 <= f <= 8


def _palace(r: int, f: int, red: bool) -> bool:
    return 3 <= f <= 5 and (0 <= r <= 2 if red else 7 <= r <= 9)


def _own_half(r: int, red: bool) -> bool:
    return r <= 4 if red else r >= 5


RAYS: list[tuple[tuple[int, ...], ...]] = []
KNIGHT: list[tuple[tuple[int, int], ...]] = []  # (to, leg)
KNIGHT_FROM: list[tuple[tuple[int, int], ...]] = []  # (from, leg): knights that attack sq
BISHOP: dict[bool, list[tuple[tuple[int, int], ...]]] = {True: [], False: []}  # (to, eye)
ADVISOR: dict[bool, list[tuple[int, ...]]] = {True: [], False: []}
KING: dict[bool, list[tuple[int, ...]]] = {True: [], False: []}
PAWN: dict[bool, list[tuple[int, ...]]] = {True: [], False: []}
PAWN_FROM: dict[bool, list[tuple[int, ...]]] = {True: [], False: []}  # pawns attacking sq


def _tables() -> None:
    for sq in range(90):
        r, f = divmod(sq, 9)
        rays = []
        for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            ray, rr, ff = [], r + dr, f + df
            while _on(rr, ff):
                ray.append(rr * 9 + ff)
                rr, ff = rr + dr, ff + df
            rays.append(tuple(ray))
        RAYS.append(tuple(rays))
        kn = []
        for dr, df in ((2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (-1, 2), (1, -2), (-1, -2)):
            if _on(r + dr, f + df):
                lr = r + (dr // 2 if abs(dr) == 2 else 0)
                leg = lr * 9 + f + (df // 2 if abs(df) == 2 else 0)
                kn.append(((r + dr) * 9 + f + df, leg))
        KNIGHT.append(tuple(kn))
        for red in (True, False):
            BISHOP[red].append(
                tuple(
                    ((r + dr) * 9 + f + df, (r + dr // 2) * 9 + f + df // 2)
                    for dr, df in ((2, 2), (2, -2), (-2, 2), (-2, -2))
                    if _on(r + dr, f + df) and _own_half(r + dr, red) and _own_half(r, red)
                )
            )
            ADVISOR[red].append(
                tuple(
                    (r + dr) * 9 + f + df
                    for dr, df in ((1, 1), (1, -1), (-1, 1), (-1, -1))
                    if _palace(r, f, red) and _palace(r + dr, f + df, red)
                )
            )
            KING[red].append(
                tuple(
                    (r + dr) * 9 + f + df
                    for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if _palace(r, f, red) and _palace(r + dr, f + df, red)
                )
            )
            fwd = 1 if red else -1
            steps = [(fwd, 0)] + ([(0, 1), (0, -1)] if not _own_half(r, red) else [])
            PAWN[red].append(
                tuple((r + dr) * 9 + f + df for dr, df in steps if _on(r + dr, f + df))
            )
    for sq in range(90):
        KNIGHT_FROM.append(tuple((p, leg) for p in range(90) for to, leg in KNIGHT[p] if to == sq))
        for red in (True, False):
            PAWN_FROM[red].append(tuple(p for p in range(90) if sq in PAWN[red][p]))


_tables()


def is_red(piece: str) -> bool:
    return piece.isupper()


def pseudo_moves(board: str, red: bool, only_from: int | None = None) -> list[Move]:
    """Every move by the rules of movement for ``red``'s side (or one piece), before the
    check of one's own 帅/将."""
    out: list[Move] = []
    squares = range(90) if only_from is None else (only_from,)
    for sq in squares:
        p = board[sq]
        if p == EMPTY or p.isupper() != red:
            continue
        kind = p.upper()
        if kind == "R":
            for ray in RAYS[sq]:
                for t in ray:
                    q = board[t]
                    if q == EMPTY:
                        out.append(Move(sq, t))
                        continue
                    if q.isupper() != red:
                        out.append(Move(sq, t))
                    break
        elif kind == "C":
            for ray in RAYS[sq]:
                screen = False
                for t in ray:
                    q = board[t]
                    if not screen:
                        if q == EMPTY:
                            out.append(Move(sq, t))
                        else:
                            screen = True
                    elif q != EMPTY:
                        if q.isupper() != red:
                            out.append(Move(sq, t))
                        break
        elif kind == "N":
            for t, leg in KNIGHT[sq]:
                if board[leg] == EMPTY:
                    q = board[t]
                    if q == EMPTY or q.isupper() != red:
                        out.append(Move(sq, t))
        elif kind == "B":
            for t, eye in BISHOP[red][sq]:
                if board[eye] == EMPTY:
                    q = board[t]
                    if q == EMPTY or q.isupper() != red:
                        out.append(Move(sq, t))
        else:
            table = {"A": ADVISOR, "K": KING, "P": PAWN}[kind][red]
            for t in table[sq]:
                q = board[t]
                if q == EMPTY or q.isupper() != red:
                    out.append(Move(sq, t))
    return out


def attacked(board: str, sq: int, by_red: bool) -> bool:
    """Whether ``by_red``'s side attacks ``sq`` with 车, 炮, 马 or 兵 (or its 帅/将 faces it
    on an open file): what matters for a 帅/将 on ``sq``."""
    rook, cannon, knight, pawn, king = "RCNPK" if by_red else "rcnpk"
    for i, ray in enumerate(RAYS[sq]):
        screen = False
        for t in ray:
            q = board[t]
            if q == EMPTY:
                continue
            if not screen:
                if q == rook or (q == king and i < 2):
                    return True
                screen = True
            else:
                if q == cannon:
                    return True
                break
    for p, leg in KNIGHT_FROM[sq]:
        if board[p] == knight and board[leg] == EMPTY:
            return True
    return any(board[p] == pawn for p in PAWN_FROM[by_red][sq])


def make(board: str, move: Move) -> str:
    f, t = move
    if f < t:
        return board[:f] + EMPTY + board[f + 1 : t] + board[f] + board[t + 1 :]
    return board[:t] + board[f] + board[t + 1 : f] + EMPTY + board[f + 1 :]


def king_square(board: str, red: bool) -> int:
    return board.find("K" if red else "k")


def in_check(board: str, red: bool) -> bool:
    k = king_square(board, red)
    return k < 0 or attacked(board, k, not red)


def legal_moves(board: str, red: bool, only_from: int | None = None) -> list[Move]:
    out = []
    king = "K" if red else "k"
    k = board.find(king)
    for m in pseudo_moves(board, red, only_from):
        after = make(board, m)
        if not attacked(after, m.to if board[m.frm] == king else k, not red):
            out.append(m)
    return out


def perft(board: str, red: bool, depth: int) -> int:
    """Leaf nodes of the legal-move tree ``depth`` plies deep."""
    if depth == 0:
        return 1
    moves = legal_moves(board, red)
    if depth == 1:
        return len(moves)
    return sum(perft(make(board, m), not red, depth - 1) for m in moves)


# --- FEN -----------------------------------------------------------------------------------

FEN_ALIASES = {"h": "n", "e": "b", "H": "N", "E": "B"}
COUNTS = {"K": 1, "A": 2, "B": 2, "N": 2, "R": 2, "C": 2, "P": 5}


def parse_fen(fen: str) -> tuple[str, bool]:
    """(board, red to move) of a xiangqi FEN; ValueError naming what is wrong."""
    parts = fen.split()
    if not parts:
        raise ValueError("empty FEN")
    rows = parts[0].split("/")
    if len(rows) != 10:
        raise ValueError(f"{len(rows)} ranks, not 10")
    board = [EMPTY] * 90
    for i, row in enumerate(rows):
        r, f = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            ch = FEN_ALIASES.get(ch, ch)
            if ch.upper() not in COUNTS:
                raise ValueError(f"{ch!r} is not a piece")
            if f > 8:
                raise ValueError(f"rank {r} has more than 9 files")
            board[r * 9 + f] = ch
            f += 1
        if f != 9:
            raise ValueError(f"rank {r} has {f} files, not 9")
    side = parts[1] if len(parts) > 1 else "w"
    if side not in ("w", "r", "b"):
        raise ValueError(f"side to move {side!r} is not w, r or b")
    text = "".join(board)
    _check_placement(text)
    return text, side != "b"


def _check_placement(board: str) -> None:
    for red in (True, False):
        for kind, most in COUNTS.items():
            piece = kind if red else kind.lower()
            n = board.count(piece)
            if n > most:
                raise ValueError(f"{n} of {piece!r}, at most {most}")
        if board.count("K" if red else "k") != 1:
            raise ValueError(f"{'Red' if red else 'Black'} must have one king")
    for sq, p in enumerate(board):
        if p == EMPTY:
            continue
        r, f = divmod(sq, 9)
        red = p.isupper()
        kind = p.upper()
        if kind in "KA" and not _palace(r, f, red):
            raise ValueError(f"{p} on {FILES[f]}{r} is outside its palace")
        if kind == "A" and not ADVISOR[red][sq]:
            raise ValueError(f"{p} on {FILES[f]}{r} is not on an advisor's point")
        if kind == "B" and not BISHOP[red][sq]:
            raise ValueError(f"{p} on {FILES[f]}{r} is not on an elephant's point")
        if kind == "P" and (r < 3 if red else r > 6):
            raise ValueError(f"{p} on {FILES[f]}{r} is behind its starting rank")


def to_fen(board: str, red: bool, quiet: int = 0, fullmove: int = 1) -> str:
    rows = []
    for r in range(9, -1, -1):
        row, gap = "", 0
        for f in range(9):
            p = board[r * 9 + f]
            if p == EMPTY:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += p
        rows.append(row + (str(gap) if gap else ""))
    return f"{'/'.join(rows)} {'w' if red else 'b'} - - {quiet} {fullmove}"
