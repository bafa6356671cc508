"""中国象棋 as a :class:`~qipai.games.base.Game`: the referee is ours (the moves in
:mod:`qipai.games.xiangqi_board`), with the competition's rules (中国象棋竞赛规则):

* the game is won by 将死 (checkmate) or 困毙 (the side to move has no legal move, in check
  or not), by resignation, on time, or by forfeit;
* repetition (the seed: "走棋违犯禁例，应当变着而不变" and "单方面出现第三次违例" lose): when a
  position occurs for the third time, each side's moves since its first occurrence are judged:
  all checks is 长将, checks and chases of an unprotected piece is 长捉 (forbidden); a side
  that repeats a forbidden pattern while the other side's moves are idle (闲着) loses; both
  idle, or both the same forbidden pattern, is a draw; any other case (长将 against 长捉, or a
  chase whose ruling needs judgement: a protected piece of higher value attacked) is not ruled
  by the program: the game waits for the arbiter, whose ruling (:class:`Ruling`) ends it;
* 自然限着: sixty moves by each side (120 plies) without a capture is a draw.

Notation: ICCS (``h2e2``) is the machine form, in and out; Chinese (``炮二平五``) and WXF
(``C2.5``) are written for people and read too; FEN; records in the xiangqi PGN form
(``[Game "Chinese Chess"]``, moves in ICCS).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from . import xiangqi_board as xb
from .base import (
    JSON,
    Common,
    Game,
    GameRuleError,
    MoveTextError,
    Outcome,
    Term,
    reason,
    why,
)
from .xiangqi_board import EMPTY, Move

RULES = "中国象棋竞赛规则"
NATURAL_LIMIT = 120
"""Plies without a capture after which the game is drawn (60 moves each)."""
VALUE = {"R": 9, "C": 4.5, "N": 4, "B": 2, "A": 2, "P": 1, "K": 100}


@dataclass(frozen=True, slots=True)
class Ruling:
    """The arbiter's ruling on a repetition the program does not decide."""

    result: str  # "1-0", "0-1" or "1/2-1/2"


XMove = Move | Ruling


@dataclass(frozen=True)
class XiangqiState:
    start_fen: str
    board: str
    red: bool
    moves: tuple[XMove | Common, ...] = ()
    ended: Outcome | None = None
    draw_offer: int | None = None
    quiet: int = 0
    """Plies since the last capture."""
    keys: tuple[str, ...] = ()
    """The positions (board and side) since the last capture, the current one last."""
    tags: tuple[str, ...] = ()
    """Each ply since the last capture: "check", "chase", "unclear" or "idle"."""
    pending: Term | None = field(default=None)
    """The arbiter's prompt while a repetition awaits a ruling."""
    written: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """The board moves in Chinese notation, each written in its position (derived)."""

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        return tuple(xb.legal_moves(self.board, self.red))

    @property
    def fen(self) -> str:
        plies = sum(isinstance(m, Move) for m in self.moves)
        start_black = " b " in self.start_fen
        full = 1 + (plies + start_black) // 2
        return xb.to_fen(self.board, self.red, self.quiet, full)


def _tag(before: str, after: str, move: Move, red: bool) -> str:
    """What ``move`` (by ``red``) does for the repetition rules: "check", "chase" (the moved
    piece newly attacks an unprotected piece it may legally take: not by 帅/将 or 兵/卒,
    whose chases are free, nor of an uncrossed 兵/卒), "unclear" (it newly attacks a protected
    piece of higher value: for the arbiter) or "idle"."""
    if xb.in_check(after, not red):
        return "check"
    piece = after[move.to]
    kind = piece.upper()
    if kind in "KP":
        return "idle"
    old = {m.to for m in xb.pseudo_moves(before, red, move.frm)}
    result = "idle"
    for m in xb.legal_moves(after, red, move.to):
        target = after[m.to]
        if target == EMPTY or (m.to in old and before[m.to] == target):
            continue
        tk = target.upper()
        r = m.to // 9
        uncrossed = r >= 5 if target.islower() else r <= 4
        if tk == "K" or (tk == "P" and uncrossed):
            continue
        taken = xb.make(after, m)
        protected = any(r2.to == m.to for r2 in xb.legal_moves(taken, not red))
        if not protected:
            return "chase"
        if VALUE[tk] > VALUE[kind]:
            result = "unclear"
    return result


def _judge(tags: tuple[str, ...]) -> str:
    """A side's moves over the repetition: "check", "chase", "unclear" or "idle"."""
    if tags and all(t == "check" for t in tags):
        return "check"
    if tags and all(t in ("check", "chase") for t in tags):
        return "chase"
    if tags and all(t in ("check", "chase", "unclear") for t in tags):
        return "unclear"
    return "idle"


class Xiangqi(Game[XiangqiState, XMove]):
    name: ClassVar[str] = "xiangqi"
    sides: ClassVar[tuple[str, str]] = ("r", "b")
    side_terms: ClassVar[tuple[str, str]] = ("side.red", "side.black")
    rules: ClassVar[str] = RULES

    def __init__(self, fen: str = xb.START_FEN) -> None:
        self.fen = fen
        self.from_fen(fen)

    def from_fen(self, fen: str) -> XiangqiState:
        try:
            board, red = xb.parse_fen(fen)
        except ValueError as e:
            raise MoveTextError("error.bad_position", RULES, why=str(e)) from None
        if xb.in_check(board, not red):
            raise MoveTextError("error.bad_position", RULES, why=why("side_in_check"))
        parts = fen.split()
        quiet = int(parts[4]) if len(parts) > 4 and parts[4].isdigit() else 0
        start = xb.to_fen(board, red, quiet)
        return XiangqiState(start, board, red, quiet=quiet, keys=(board + "wb"[not red],))

    def new(self) -> XiangqiState:
        return self.from_fen(self.fen)

    def start(self, state: XiangqiState) -> XiangqiState:
        return self.from_fen(state.start_fen)

    def to_move(self, state: XiangqiState) -> int | None:
        if self.outcome(state) is not None or state.pending is not None:
            return None
        return 0 if state.red else 1

    def legal_moves(self, state: XiangqiState) -> tuple[XMove, ...]:
        if self.outcome(state) is not None:
            return ()
        if state.pending is not None:
            return (Ruling("1-0"), Ruling("0-1"), Ruling("1/2-1/2"))
        return state.legal

    def _apply(self, state: XiangqiState, move: XMove) -> XiangqiState:
        if isinstance(move, Ruling):
            if state.pending is None:
                raise GameRuleError("error.not_arbiter", RULES)
            winner = {"1-0": 0, "0-1": 1, "1/2-1/2": None}[move.result]
            return XiangqiState(
                state.start_fen,
                state.board,
                state.red,
                (*state.moves, move),
                Outcome(winner, reason("arbiter")),
                None,
                state.quiet,
                state.keys,
                state.tags,
                None,
                state.written,
            )
        if state.pending is not None:
            raise GameRuleError("error.awaiting_arbiter", RULES)
        if not isinstance(move, Move):
            raise MoveTextError(
                "error.bad_move_text", RULES, text=repr(move), why=why("not_a_move")
            )
        if move not in state.legal:
            raise GameRuleError(
                "error.illegal_move",
                self._why_rule(state, move),
                move=self._iccs(move),
                why=self._why(state, move),
            )
        board = xb.make(state.board, move)
        capture = state.board[move.to] != EMPTY
        red = not state.red
        key = board + "wb"[not red]
        tag = _tag(state.board, board, move, state.red)
        keys = (key,) if capture else (*state.keys, key)
        tags = () if capture else (*state.tags, tag)
        quiet = 0 if capture else state.quiet + 1
        mover = 0 if state.red else 1
        after = XiangqiState(
            state.start_fen,
            board,
            red,
            (*state.moves, move),
            None,
            self.offer_after_move(state, mover),
            quiet,
            keys,
            tags,
            None,
            (*state.written, self.chinese(state, move)),
        )
        if not capture and keys.count(key) >= 3:
            return self._repetition(after)
        return after

    def _repetition(self, s: XiangqiState) -> XiangqiState:
        # keys[i + 1] is the position the ply tags[i] made (keys[0]: the start, or the
        # position after the last capture); the plies since the first occurrence of the
        # position are tags[first:]
        first = s.keys.index(s.keys[-1])
        plies = s.tags[first:]
        last_mover_red = not s.red
        n = len(plies)
        mover_tags = tuple(plies[i] for i in range(n - 1, -1, -2))
        other_tags = tuple(plies[i] for i in range(n - 2, -1, -2))
        red_tags, black_tags = (
            (mover_tags, other_tags) if last_mover_red else (other_tags, mover_tags)
        )
        red_j, black_j = _judge(red_tags), _judge(black_tags)
        outcome: Outcome | None = None
        if red_j == black_j and red_j in ("idle", "check", "chase"):
            outcome = Outcome(None, reason("repetition_draw"))
        elif red_j in ("check", "chase") and black_j == "idle":
            outcome = Outcome(1, reason("perpetual_" + red_j))
        elif black_j in ("check", "chase") and red_j == "idle":
            outcome = Outcome(0, reason("perpetual_" + black_j))
        if outcome is not None:
            return XiangqiState(
                s.start_fen,
                s.board,
                s.red,
                s.moves,
                outcome,
                None,
                s.quiet,
                s.keys,
                s.tags,
                None,
                s.written,
            )
        prompt = Term(
            "prompt.repetition",
            (("red", Term(f"cycle.{red_j}")), ("black", Term(f"cycle.{black_j}"))),
        )
        return XiangqiState(
            s.start_fen,
            s.board,
            s.red,
            s.moves,
            None,
            None,
            s.quiet,
            s.keys,
            s.tags,
            prompt,
            s.written,
        )

    def _why(self, state: XiangqiState, move: Move) -> Term:
        p = state.board[move.frm] if 0 <= move.frm < 90 else EMPTY
        if p == EMPTY or p.isupper() != state.red:
            return why("no_piece")
        if move in xb.pseudo_moves(state.board, state.red, move.frm):
            return why("send_king")
        return why(f"xq_{p.upper()}")

    def _why_rule(self, state: XiangqiState, move: Move) -> str:
        return f"{RULES}, 行棋规定"

    def _outcome(self, state: XiangqiState) -> Outcome | None:
        if state.pending is not None:
            return None
        if not state.legal:
            key = "checkmate" if xb.in_check(state.board, state.red) else "no_moves"
            return Outcome(1 if state.red else 0, reason(key))
        if state.quiet >= NATURAL_LIMIT:
            return Outcome(None, reason("natural_limit"))
        return None

    # --- notation ------------------------------------------------------------------------------

    @staticmethod
    def _iccs(move: Move) -> str:
        return move.iccs

    def move_text(self, state: XiangqiState, move: XMove) -> str:
        if isinstance(move, Ruling):
            return f"arbiter:{move.result}"
        return move.iccs

    def parse_move(self, state: XiangqiState, move_text: str) -> XMove:
        t = move_text.strip()
        if t.startswith("arbiter:"):
            result = t.removeprefix("arbiter:")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                raise MoveTextError("error.bad_move_text", RULES, text=t, why=why("ruling"))
            return Ruling(result)
        m = re.fullmatch(r"([a-i])([0-9])-?([a-i])([0-9])", t.lower())
        if m:
            return Move(xb.square(m[1] + m[2]), xb.square(m[3] + m[4]))
        found = {
            mv
            for mv in state.legal
            if t == self.wxf(state, mv) or _norm(t) == _norm(self.chinese(state, mv))
        }
        if len(found) == 1:
            return found.pop()
        if found:
            moves = " ".join(sorted(m.iccs for m in found))
            wrong = why("ambiguous", moves=moves)
            raise MoveTextError("error.bad_move_text", RULES, text=t, why=wrong)
        raise MoveTextError("error.bad_move_text", RULES, text=t, why=why("xiangqi_text"))

    def _describe(self, state: XiangqiState, move: Move) -> tuple[str, str, str, int]:
        """(piece letter, which piece: file or 前/后 position, action +-. , number)."""
        board = state.board
        p = board[move.frm]
        red = p.isupper()
        kind = p.upper()
        fr, ff = divmod(move.frm, 9)
        tr, tf = divmod(move.to, 9)

        def col(f: int) -> int:  # 1-9 from the mover's right
            return 9 - f if red else f + 1

        ahead = (tr - fr) if red else (fr - tr)
        action = "." if ahead == 0 else ("+" if ahead > 0 else "-")
        number = col(tf) if kind in "NBA" or action == "." else abs(tr - fr)
        same = [sq for sq in range(ff, 90, 9) if board[sq] == p]
        which = str(col(ff))
        if len(same) > 1:
            # order from the front (the mover's forward direction)
            order = sorted(same, key=lambda sq: -(sq // 9) if red else sq // 9)
            i = order.index(move.frm)
            which = ("+", "-")[i] if len(same) == 2 else ("+", "=", "-", "4", "5")[i]
            if len(same) > 3:
                which = str(i + 1)
        return kind, which, action, number

    def wxf(self, state: XiangqiState, move: Move) -> str:
        """WXF notation: ``C2.5``, ``H8+7``, ``R+.4`` (front rook)."""
        kind, which, action, number = self._describe(state, move)
        letter = {"N": "H", "B": "E"}.get(kind, kind)
        if which in "+-=":
            return f"{letter}{which}{action}{number}"
        return f"{letter}{which}{action}{number}"

    def chinese(self, state: XiangqiState, move: Move) -> str:
        """Chinese notation: ``炮二平五`` (Red, files in Chinese numerals from Red's right),
        ``马８进７`` (Black, full-width digits from Black's right), ``前炮平四``."""
        kind, which, action, number = self._describe(state, move)
        red = state.board[move.frm].isupper()
        name = (RED_NAMES if red else BLACK_NAMES)[kind]
        digits = CN_DIGITS if red else FW_DIGITS
        verb = {"+": "进", "-": "退", ".": "平"}[action]
        if which in "+-=":
            head = {"+": "前", "-": "后", "=": "中"}[which] + name
        elif len(which) == 1 and which.isdigit() and int(which) > 9:
            head = name
        else:
            head = name + digits[int(which)]
        return f"{head}{verb}{digits[number]}"

    # --- views and records -----------------------------------------------------------------

    def public_view(self, state: XiangqiState) -> JSON:
        iccs = [m.iccs for m in state.moves if isinstance(m, Move)]
        chinese = list(state.written)
        last = next((m.iccs for m in reversed(state.moves) if isinstance(m, Move)), None)
        return {
            "game": self.name,
            "start_fen": state.start_fen,
            "fen": state.fen,
            "to_move": "r" if state.red else "b",
            "moves": iccs,
            "chinese": chinese,
            "last": last,
            "check": xb.in_check(state.board, state.red),
            "quiet": state.quiet,
            "awaiting_arbiter": state.pending.text("en") if state.pending else None,
            "awaiting_arbiter_zh": state.pending.text("zh-CN") if state.pending else None,
        }

    def to_pgn(self, state: XiangqiState, headers: dict[str, str] | None = None) -> str:
        outcome = self.outcome(state)
        result = outcome.result if outcome else "*"
        tags = {"Game": "Chinese Chess", **(headers or {}), "Result": result}
        if state.start_fen != xb.to_fen(*xb.parse_fen(xb.START_FEN)):
            tags["FEN"] = state.start_fen
        tags["Format"] = "ICCS"
        lines = [f'[{k} "{v}"]' for k, v in tags.items()]
        words: list[str] = []
        number = 1
        black_first = not self.start(state).red
        plies = [m for m in state.moves if isinstance(m, Move)]
        if black_first and plies:
            words.append("1. ...")
        for i, m in enumerate(plies):
            red_ply = (i % 2 == 0) != black_first
            if red_ply:
                words.append(f"{number}.")
            words.append(m.iccs)
            if not red_ply:
                number += 1
        words.append(result)
        return "\n".join(lines) + "\n\n" + " ".join(words) + "\n"

    def from_pgn(self, pgn: str) -> XiangqiState:
        """A record in the xiangqi PGN form (moves in ICCS, WXF or Chinese)."""
        tags = dict(re.findall(r'^\[(\w+)\s+"([^"]*)"\]', pgn, re.M))
        body = re.sub(r"^\[.*\]\s*$", "", pgn, flags=re.M)
        body = re.sub(r"\{[^}]*\}|;[^\n]*", " ", body)
        state = self.from_fen(tags["FEN"]) if "FEN" in tags else self.from_fen(xb.START_FEN)
        result = "*"
        for token in body.split():
            if re.fullmatch(r"\d+\.(\.\.)?|\.\.\.", token):
                continue
            if token in ("1-0", "0-1", "1/2-1/2", "*"):
                result = token
                break
            token = re.sub(r"^\d+\.", "", token)
            state = self.apply(state, self.parse_move(state, token))
        return state if state.pending is not None else self.end_as_recorded(state, result)


RED_NAMES = {"K": "帅", "A": "仕", "B": "相", "N": "马", "R": "车", "C": "炮", "P": "兵"}
BLACK_NAMES = {"K": "将", "A": "士", "B": "象", "N": "马", "R": "车", "C": "炮", "P": "卒"}
CN_DIGITS = "〇一二三四五六七八九"
FW_DIGITS = "０１２３４５６７８９"
_NORM = str.maketrans(
    {
        # traditional and variant forms read as the simplified ones written
        "俥": "车",
        "伡": "车",
        "車": "车",
        "傌": "马",
        "馬": "马",
        "帥": "帅",
        "將": "将",
        "進": "进",
        "後": "后",
        "砲": "炮",
        "包": "炮",
        "仕": "士",
        "相": "象",
        "兵": "卒",
        **{d: str(i) for i, d in enumerate(FW_DIGITS)},
        **{d: str(i) for i, d in enumerate(CN_DIGITS)},
    }
)


def _norm(s: str) -> str:
    """Chinese notation with variant characters and digits folded (for reading)."""
    return s.translate(_NORM).replace("帅", "将")
