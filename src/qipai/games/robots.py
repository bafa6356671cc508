"""Robots for the board games, two levels each (0 fast, 1 stronger), as for bridge. A robot is
given only its player's view (:meth:`qipai.games.base.Game.view`) and answers with the text of
its move, which the table parses and applies like anyone's.

* chess: Stockfish over UCI; level 0 picks by the seed among its four best moves of a short
  search, level 1 plays its best move of a longer one;
* xiangqi: level 0 our own alpha-beta (two plies, material and advanced pawns), level 1
  Fairy-Stockfish over UCI (UCI_Variant xiangqi);
* renju: our own threat-based search (level 0: the best point by line patterns, attack and
  defence; level 1: a win or a forced block first, then two plies over the best points);
  Black never plays a forbidden point, White claims one when Black has;
* go: GNU Go over GTP at ``--level 1`` and ``--level 10``; in the marking phase it proposes
  the stones it finds dead and accepts a proposal equal to its own.

Engines run as separate processes (:mod:`qipai.games.engines`) with a move time limit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from . import renju as rj
from . import xiangqi_board as xb
from .base import JSON
from .engines import Gtp, Uci

MOVE_MS = (100, 400)
"""The move time limit of each level's engine search, in milliseconds."""


class Robot(Protocol):
    def choose(self, view: JSON) -> str: ...
    def close(self) -> None: ...


def make(game: str, level: int, seed: int) -> Robot:
    """The robot for ``game`` at ``level`` (0 or 1), its choices drawn from ``seed``."""
    if level not in (0, 1):
        raise ValueError(f"robot level {level}: 0 or 1")
    rng = random.Random(seed)
    if game == "chess":
        return ChessRobot(level, rng)
    if game == "xiangqi":
        return XiangqiRobot(level, rng)
    if game in ("renju", "gomoku"):
        return RenjuRobot(level, rng)
    if game == "go":
        return GoRobot(level, seed)
    if game in ("checkers", "tiaoqi"):
        return CheckersRobot(level, rng)
    raise ValueError(f"no robot for {game!r}")


class ChessRobot:
    def __init__(self, level: int, rng: random.Random) -> None:
        self.level, self.rng = level, rng
        self.engine = Uci("stockfish", {"Threads": "1", "Hash": "16"})

    def choose(self, view: JSON) -> str:
        claimable = view.get("claimable") or []
        if claimable:
            return f"claim-{claimable[0]}"
        if self.level == 0:
            moves = self.engine.candidates(view["start_fen"], view["moves"], 3000, MOVE_MS[0], 4)
            return self.rng.choice(moves[:4])
        return self.engine.candidates(view["start_fen"], view["moves"], 200_000, MOVE_MS[1])[0]

    def close(self) -> None:
        self.engine.close()


# --- xiangqi -----------------------------------------------------------------------------

VALUES = {"K": 0, "A": 20, "B": 20, "N": 40, "R": 90, "C": 45, "P": 10}


def evaluate(board: str, red: bool) -> int:
    """Material from ``red``'s side (or Black's), a crossed pawn counting double."""
    score = 0
    for sq, p in enumerate(board):
        if p == xb.EMPTY:
            continue
        v = VALUES[p.upper()]
        if p.upper() == "P" and (sq // 9 >= 5 if p.isupper() else sq // 9 <= 4):
            v *= 2
        score += v if p.isupper() == red else -v
    return score


def negamax(board: str, red: bool, depth: int, alpha: int, beta: int) -> int:
    if depth == 0:
        return evaluate(board, red)
    moves = xb.legal_moves(board, red)
    if not moves:
        return -10_000 - depth  # 将死 or 困毙: the side to move loses
    moves.sort(key=lambda m: board[m.to] == xb.EMPTY)
    best = -100_000
    for m in moves:
        score = -negamax(xb.make(board, m), not red, depth - 1, -beta, -alpha)
        best = max(best, score)
        alpha = max(alpha, score)
        if alpha >= beta:
            break
    return best


def _fsf_square(iccs_square: str) -> str:
    return f"{iccs_square[0]}{int(iccs_square[1]) + 1}"


def _iccs_square(fsf_square: str) -> str:
    return f"{fsf_square[0]}{int(fsf_square[1:]) - 1}"


def fsf_move(iccs: str) -> str:
    """ICCS ``h2e2`` -> Fairy-Stockfish's ``h3e3`` (ranks counted from 1)."""
    return _fsf_square(iccs[:2]) + _fsf_square(iccs[2:])


def iccs_move(fsf: str) -> str:
    i = 2 if fsf[2].isalpha() else 3
    return _iccs_square(fsf[:i]) + _iccs_square(fsf[i:])


class XiangqiRobot:
    def __init__(self, level: int, rng: random.Random) -> None:
        self.level, self.rng = level, rng
        self.engine: Uci | None = None
        if level == 1:
            self.engine = Uci(
                "fairy-stockfish", {"UCI_Variant": "xiangqi", "Threads": "1", "Hash": "16"}
            )

    def choose(self, view: JSON) -> str:
        if self.engine is not None:
            moves = [fsf_move(m) for m in view["moves"]]
            best = self.engine.candidates(view["start_fen"], moves, 100_000, MOVE_MS[1])[0]
            return iccs_move(best)
        board, red = xb.parse_fen(view["fen"])
        scored = []
        for m in xb.legal_moves(board, red):
            scored.append((-negamax(xb.make(board, m), not red, 1, -100_000, 100_000), m.iccs))
        top = max(s for s, _ in scored)
        return self.rng.choice([m for s, m in scored if s == top])

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()


# --- renju -------------------------------------------------------------------------------


def _shape_value(board: str, p: int, color: str) -> int:
    """How much a stone of ``color`` on ``p`` makes, by the lines through it."""
    total = 0
    b = rj._put(board, p, color)
    for d in rj.DIRECTIONS:
        line = rj._line(b, p, d)
        i = line.index(p)
        a, e = rj._run(b, line, i, color)
        n = e - a + 1
        open_ends = (a > 0 and b[line[a - 1]] == rj.EMPTY) + (
            e < len(line) - 1 and b[line[e + 1]] == rj.EMPTY
        )
        if n >= 5:
            total += 1_000_000
        elif n == 4:
            total += (50_000, 5_000)[open_ends < 2] if open_ends else 0
        elif n == 3:
            total += (5_000, 300)[open_ends < 2] if open_ends else 0
        elif n == 2:
            total += (200, 20)[open_ends < 2] if open_ends else 0
        else:
            total += open_ends
    return total


def _candidates(board: str) -> list[int]:
    near = set()
    for p, x in enumerate(board):
        if x == rj.EMPTY:
            continue
        r, c = divmod(p, rj.SIZE)
        for dr in (-2, -1, 0, 1, 2):
            for dc in (-2, -1, 0, 1, 2):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rj.SIZE and 0 <= cc < rj.SIZE and board[rr * rj.SIZE + cc] == rj.EMPTY:
                    near.add(rr * rj.SIZE + cc)
    return sorted(near) or [rj.CENTER]


def _board_from_view(view: JSON) -> str:
    rows: Sequence[str] = view["rows"]
    return "".join(reversed(rows))


class RenjuRobot:
    def __init__(self, level: int, rng: random.Random) -> None:
        self.level, self.rng = level, rng

    def choose(self, view: JSON) -> str:
        legal: list[str] = view["legal"]
        board = _board_from_view(view)
        black = view["you"] == "b"
        me, them = (rj.BLACK, rj.WHITE) if black else (rj.WHITE, rj.BLACK)
        if "claim" in legal and view["last"] is not None:
            last = rj.parse_point(view["last"])
            before = board[:last] + rj.EMPTY + board[last + 1 :]
            if rj.forbidden(before, last) is not None:
                return "claim"
        if len(legal) == 1:
            return legal[0]
        points = _candidates(board)

        def allowed(p: int) -> bool:
            return not black or rj.makes_five(board, p, me) or rj.forbidden(board, p) is None

        def score(p: int) -> int:
            return _shape_value(board, p, me) + (_shape_value(board, p, them) * 9) // 10

        ranked = sorted(points, key=lambda p: (-score(p), self.rng.random()))
        if self.level == 1:
            chosen = self._threats(board, me, them, [p for p in ranked if allowed(p)])
            if chosen is not None:
                return rj.point_name(chosen)
        for p in ranked:
            if allowed(p):
                return rj.point_name(p)
        free = [t for t in legal if t != "claim" and allowed(rj.parse_point(t))]
        return self.rng.choice(free or legal)

    def _threats(self, board: str, me: str, them: str, mine: list[int]) -> int | None:
        """Level 1's threat search over ``mine`` (the allowed points, best first): a five, a
        block of the opponent's five, a winning four (straight, or two at once), a win by
        continuous fours (VCF), a block of the opponent's winning four; else None."""
        for p in mine:
            if rj.makes_five(board, p, me):
                return p
        theirs = _candidates(board)
        blocks = [p for p in theirs if rj.makes_five(board, p, them)]
        if blocks:
            return next((p for p in blocks if p in mine), None)
        for p in mine:
            _, fours, straight = rj.threats(board, p, me)
            if straight or fours >= 2:
                return p
        win = _vcf(board, me, them, mine, 4)
        if win is not None:
            return win
        for p in theirs:
            _, fours, straight = rj.threats(board, p, them)
            if (straight or fours >= 2) and p in mine:
                return p
        return None

    def close(self) -> None:
        pass


def _vcf(board: str, me: str, them: str, mine: list[int], depth: int) -> int | None:
    """A first four of a win by continuous fours within ``depth`` fours, or None: each four
    forces the opponent to block its one completion point; a four with two is a win."""
    if depth == 0:
        return None
    for p in mine:
        if rj.threats(board, p, me)[1] == 0:
            continue
        after = rj._put(board, p, me)
        completions = [q for q in _candidates(after) if rj.makes_five(after, q, me)]
        if len(completions) >= 2:
            return p
        if len(completions) == 1:
            blocked = rj._put(after, completions[0], them)
            if any(rj.makes_five(blocked, q, them) for q in _candidates(blocked)):
                continue  # the block makes the opponent a four: not forcing any more
            nxt = [q for q in mine if blocked[q] == rj.EMPTY]
            if _vcf(blocked, me, them, nxt, depth - 1) is not None:
                return p
    return None


# --- go ----------------------------------------------------------------------------------

GTP_COLS = "ABCDEFGHJKLMNOPQRST"
LETTERS = "abcdefghijklmnopqrs"


def sgf_to_gtp(point: str, size: int) -> str:
    return f"{GTP_COLS[LETTERS.index(point[0])]}{size - LETTERS.index(point[1])}"


def gtp_to_sgf(vertex: str, size: int) -> str:
    v = vertex.strip().upper()
    return LETTERS[GTP_COLS.index(v[0])] + LETTERS[size - int(v[1:])]


class GoRobot:
    def __init__(self, level: int, seed: int) -> None:
        self.engine = Gtp(
            [
                "gnugo",
                "--mode",
                "gtp",
                "--level",
                "1" if level == 0 else "10",
                "--seed",
                str(seed),
                "--chinese-rules",
            ]
        )
        self.marks = 0
        self.sent: list[str] = []
        self.size = 0
        self.dead: list[str] | None = None

    def _load(self, view: JSON) -> None:
        """Bring the engine's board to the view's moves: only the new ones when the view
        extends what it was told, else from a cleared board."""
        size = view["size"]
        moves: list[str] = view["moves"]
        if moves[: len(self.sent)] != self.sent or size != self.size:
            self.engine.command(f"boardsize {size}")
            self.engine.command("clear_board")
            self.engine.command(f"komi {view['komi']}")
            self.sent, self.size = [], size
        for i in range(len(self.sent), len(moves)):
            m = moves[i]
            color = "B" if i % 2 == 0 else "W"
            self.engine.command(f"play {color} {'pass' if m == 'pass' else sgf_to_gtp(m, size)}")
            self.sent.append(m)

    def choose(self, view: JSON) -> str:
        self._load(view)
        size = view["size"]
        if view["phase"] == "marking":
            if self.dead is None:  # slow in GNU Go: once per marking phase
                answer = self.engine.command("final_status_list dead")
                self.dead = sorted(gtp_to_sgf(v, size) for v in answer.split())
            mine = self.dead
            if mine == view["dead"]:
                return "accept-dead"
            self.marks += 1
            if self.marks > 2 * size:
                return "resume"
            differ = sorted(set(mine) ^ set(view["dead"]))
            return f"dead:{differ[0]}"
        self.dead = None
        color = "B" if view["you"] == "b" else "W"
        answer = self.engine.command(f"genmove {color}").lower()
        if answer == "resign":
            return f"{view['you']}:resign"
        move = "pass" if answer == "pass" else gtp_to_sgf(answer, size)
        self.sent.append(move)  # genmove has played it on the engine's board
        return move

    def close(self) -> None:
        self.engine.close()


def play_out(game: Any, robots: Sequence[Robot], max_plies: int = 2000) -> Any:
    """A whole game between ``robots`` (player 0's first), each given only its view."""
    state = game.new()
    plies = 0
    while not game.is_terminal(state):
        player = game.to_move(state)
        if player is None or plies >= max_plies:
            break
        text = robots[player].choose(game.view(state, player))
        state = game.apply(state, game.parse(state, text))
        plies += 1
    return state


class CheckersRobot:
    """跳棋 from the view's board: level 0 takes the move that brings its pieces nearest their
    target (the sum of steps to its tip), the rearmost piece first among equals, so no piece
    is left behind; level 1 looks at its own next move too (the best pair of moves, the others'
    pieces standing still)."""

    def __init__(self, level: int, rng: random.Random) -> None:
        self.level, self.rng = level, rng

    def choose(self, view: JSON) -> str:
        from . import checkers as ck

        legal: list[str] = view["legal"]
        me = view["you"]
        tip = ck.TIPS[view["targets"][view["sides"].index(me)]]
        board = "".join(view["rows"])
        if legal == ["pass"]:
            return "pass"

        def gain(b: str, frm: int, to: int) -> int:
            return ck.steps(frm, tip) - ck.steps(to, tip)

        def value(text: str) -> tuple[float, ...]:
            frm, to = (ck.parse_point(x) for x in text.split("-"))
            first = gain(board, frm, to)
            second = 0
            if self.level >= 1:
                after = list(board)
                after[frm], after[to] = ".", me
                b = "".join(after)
                second = max(  # a next move that loses ground need not be made
                    (
                        gain(b, i, d)
                        for i, x in enumerate(b)
                        if x == me
                        for d in ck.destinations(b, i)
                    ),
                    default=0,
                )
                second = max(second, 0)
            return (first + second, first, ck.steps(frm, tip), self.rng.random())

        return max(legal, key=value)

    def close(self) -> None:
        pass
