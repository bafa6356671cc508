"""五子棋 under 连珠 (renju) rules, as the competition's seed states them: a 15×15 board; Black
plays first, at 天元 (h8); five in a row wins; Black's forbidden moves (禁手: 三三, 四四
including 四四三, 长连) lose, White has none, and a five made together with a forbidden shape
wins. A forbidden move is *not* lost by itself: "黑方禁手形成时，白方应立即指出。若白方未发现或
发现后未指明而继续应子，则不能判黑方负" — White may point it out (:class:`Claim`) before its
own next stone, the referee checks it, and by moving on White loses that right. A full board
without a five is a draw.

The referee's finding is never in a view: a player's legal moves offer the claim after every
stone of Black's, forbidden or not, so the claim is White's own judgement (a claim that is
wrong is answered "not forbidden" and the game goes on, White to play).

Forbidden shapes (our own detection, :func:`forbidden`), by the renju definitions: a *five* is
exactly five in a row (six or more is an *overline*, 长连, forbidden to Black); a *four* is a
row that one more stone makes a five; a *straight four* (活四) one that two points each make a
five; a *three* is a row that one more stone, itself not forbidden, makes a straight four.
Two fours at once (in two lines or one: ``X.XXX.X``) is 四四, two threes 三三.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

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

RULES = "连珠规则 (Renju International Rules)"
SIZE = 15
COLS = "abcdefghijklmno"
CENTER = 7 * SIZE + 7
BLACK, WHITE, EMPTY = "X", "O", "."
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def point_name(p: int) -> str:
    return f"{COLS[p % SIZE]}{p // SIZE + 1}"


def parse_point(text: str) -> int:
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in COLS or not t[1:].isdigit() or not 1 <= int(t[1:]) <= SIZE:
        raise ValueError(f"{text!r} is not a point (a1-o15)")
    return (int(t[1:]) - 1) * SIZE + COLS.index(t[0])


@dataclass(frozen=True, slots=True)
class Claim:
    """White points out that Black's last stone is a forbidden move."""


RMove = int | Claim


def _line(board: str, p: int, d: tuple[int, int]) -> list[int]:
    """The points of the line through ``p`` in direction ``d``, in order."""
    r, c = divmod(p, SIZE)
    dr, dc = d
    while 0 <= r - dr < SIZE and 0 <= c - dc < SIZE:
        r, c = r - dr, c - dc
    out = []
    while 0 <= r < SIZE and 0 <= c < SIZE:
        out.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return out


def _run(board: str, line: list[int], i: int, color: str) -> tuple[int, int]:
    """The run of ``color`` through ``line[i]``: (first index, last index)."""
    a = i
    while a > 0 and board[line[a - 1]] == color:
        a -= 1
    b = i
    while b < len(line) - 1 and board[line[b + 1]] == color:
        b += 1
    return a, b


def _put(board: str, p: int, color: str) -> str:
    return board[:p] + color + board[p + 1 :]


def run_length(board: str, p: int, d: tuple[int, int], color: str) -> int:
    line = _line(board, p, d)
    a, b = _run(board, line, line.index(p), color)
    return b - a + 1


def makes_five(board: str, p: int, color: str) -> bool:
    """Whether ``color`` on ``p`` (empty) makes a five: exactly five for Black, five or more
    for White."""
    b = _put(board, p, color)
    lengths = [run_length(b, p, d, color) for d in DIRECTIONS]
    return any(n == 5 for n in lengths) or (color == WHITE and any(n > 5 for n in lengths))


def _fives_at(board: str, p: int, d: tuple[int, int], color: str) -> dict[frozenset[int], int]:
    """The fours through ``color``'s stone ``p`` in direction ``d``, each as the set of its
    four stones, with the number of points that complete it to a five (exactly five for
    Black): an open four is one four with two completion points; ``X.XXX.X`` is two fours."""
    line = _line(board, p, d)
    i = line.index(p)
    found: dict[frozenset[int], int] = {}
    for j in range(max(0, i - 4), min(len(line), i + 5)):
        q = line[j]
        if board[q] != EMPTY:
            continue
        b = _put(board, q, color)
        a, e = _run(b, line, j, color)
        n = e - a + 1
        if (n == 5 or (n > 5 and color == WHITE)) and a <= i <= e:
            key = frozenset(line[k] for k in range(max(a, i - 4), min(e, i + 4) + 1)) - {q}
            found[key] = found.get(key, 0) + 1
    return found


def _fours(board: str, p: int, d: tuple[int, int]) -> set[frozenset[int]]:
    """The fours through Black's stone ``p`` in direction ``d`` (see :func:`_fives_at`)."""
    return set(_fives_at(board, p, d, BLACK))


def _straight_fours(board: str, p: int, d: tuple[int, int]) -> list[frozenset[int]]:
    """The straight fours (活四) through Black's stone ``p`` in direction ``d``, each as its
    four stones: fours that two different points each complete to exactly five."""
    return [stones for stones, n in _fives_at(board, p, d, BLACK).items() if n >= 2]


def threats(board: str, p: int, color: str) -> tuple[int, int, int]:
    """What ``color``'s stone on the empty point ``p`` makes: (fives, fours, straight fours),
    the fours counted one per four (for the robots' search; Black's forbidden shapes are
    :func:`forbidden`'s)."""
    b = _put(board, p, color)
    lengths = [run_length(b, p, d, color) for d in DIRECTIONS]
    fives = sum(n == 5 or (n > 5 and color == WHITE) for n in lengths)
    fours = straight = 0
    for d in DIRECTIONS:
        found = _fives_at(b, p, d, color)
        fours += len(found)
        straight += sum(n >= 2 for n in found.values())
    return fives, fours, straight


def _is_three(board: str, p: int, d: tuple[int, int]) -> bool:
    """Whether Black's stone ``p`` makes a three in direction ``d``: one more stone on that
    line, itself not a forbidden move, makes a straight four through ``p`` of which it is one
    of the four (a four already there is a four, not a three)."""
    line = _line(board, p, d)
    i = line.index(p)
    for j in range(max(0, i - 4), min(len(line), i + 5)):
        q = line[j]
        if board[q] != EMPTY:
            continue
        b = _put(board, q, BLACK)
        made = any(q in stones for stones in _straight_fours(b, p, d))
        if made and _forbidden(board, q) is None:
            return True
    return False


def forbidden(board: str, p: int) -> str | None:
    """Whether Black's stone on the empty point ``p`` is forbidden: "overline", "44", "33",
    or None (also when it makes a five, which wins whatever else it makes).

    >>> b = EMPTY * (SIZE * SIZE)
    >>> for name in ("g8", "h8", "j10", "j9"):
    ...     b = _put(b, parse_point(name), BLACK)
    >>> forbidden(b, parse_point("j8")), forbidden(b, parse_point("a1"))
    ('33', None)
    """
    return _forbidden(board, p)


@cache
def _forbidden(board: str, p: int) -> str | None:
    b = _put(board, p, BLACK)
    lengths = [run_length(b, p, d, BLACK) for d in DIRECTIONS]
    if 5 in lengths:
        return None
    if any(n > 5 for n in lengths):
        return "overline"
    if sum(len(_fours(b, p, d)) for d in DIRECTIONS) >= 2:
        return "44"
    if sum(_is_three(b, p, d) for d in DIRECTIONS) >= 2:
        return "33"
    return None


@dataclass(frozen=True)
class RenjuState:
    board: str = EMPTY * (SIZE * SIZE)
    moves: tuple[RMove | Common, ...] = ()
    ended: Outcome | None = None
    draw_offer: int | None = None
    black: bool = True
    """Black to play."""
    pending: str | None = None
    """The shape of Black's last stone if it was forbidden and White may still claim it (the
    referee's knowledge: never in a view)."""
    may_claim: bool = False
    """White may claim now (right after Black's stone, and not yet claimed)."""
    five: int | None = None
    """The player who made a five, if any."""

    @property
    def stones(self) -> int:
        return SIZE * SIZE - self.board.count(EMPTY)


class Renju(Game[RenjuState, RMove]):
    name: ClassVar[str] = "renju"
    sides: ClassVar[tuple[str, str]] = ("b", "w")
    side_terms: ClassVar[tuple[str, str]] = ("side.black", "side.white")
    rules: ClassVar[str] = RULES

    def new(self) -> RenjuState:
        return RenjuState()

    def start(self, state: RenjuState) -> RenjuState:
        return RenjuState()

    def to_move(self, state: RenjuState) -> int | None:
        if self.outcome(state) is not None:
            return None
        return 0 if state.black else 1

    def legal_moves(self, state: RenjuState) -> tuple[RMove, ...]:
        if self.outcome(state) is not None:
            return ()
        if not state.moves or state.stones == 0:
            return (CENTER,)
        points: tuple[RMove, ...] = tuple(i for i, x in enumerate(state.board) if x == EMPTY)
        return (*points, Claim()) if state.may_claim else points

    def _apply(self, state: RenjuState, move: RMove) -> RenjuState:
        mover = 0 if state.black else 1
        if isinstance(move, Claim):
            if not state.may_claim:
                raise GameRuleError("error.claim_late", f"{RULES}: 白方应立即指出")
            if state.pending is None:
                # the referee answers "not forbidden"; White plays on
                return RenjuState(
                    state.board, (*state.moves, move), None, state.draw_offer, False, None, False
                )
            shape = Term(f"shape.{state.pending}")
            return RenjuState(
                state.board,
                (*state.moves, move),
                Outcome(1, reason("forbidden", shape=shape)),
                None,
                False,
                state.pending,
                False,
            )
        if not isinstance(move, int) or not 0 <= move < SIZE * SIZE:
            raise MoveTextError(
                "error.bad_move_text", RULES, text=repr(move), why=why("not_a_point")
            )
        name = point_name(move)
        if state.board[move] != EMPTY:
            raise GameRuleError("error.occupied", RULES, point=name)
        if state.stones == 0 and move != CENTER:
            raise GameRuleError("error.illegal_move", RULES, move=name, why=why("first_stone"))
        color = BLACK if state.black else WHITE
        five = makes_five(state.board, move, color)
        pending = forbidden(state.board, move) if state.black and not five else None
        board = _put(state.board, move, color)
        return RenjuState(
            board,
            (*state.moves, move),
            None,
            self.offer_after_move(state, mover),
            not state.black,
            pending,
            state.black and not five,
            mover if five else None,
        )

    def _outcome(self, state: RenjuState) -> Outcome | None:
        if state.five is not None:
            return Outcome(state.five, reason("five"))
        if state.stones == SIZE * SIZE:
            return Outcome(None, reason("full_board"))
        return None

    def move_text(self, state: RenjuState, move: RMove) -> str:
        return "claim" if isinstance(move, Claim) else point_name(move)

    def parse_move(self, state: RenjuState, move_text: str) -> RMove:
        if move_text.strip().lower() == "claim":
            return Claim()
        try:
            return parse_point(move_text)
        except ValueError as e:
            raise MoveTextError("error.bad_move_text", RULES, text=move_text, why=str(e)) from None

    def public_view(self, state: RenjuState) -> JSON:
        rows = [state.board[r * SIZE : (r + 1) * SIZE] for r in range(SIZE - 1, -1, -1)]
        stones = [m for m in state.moves if isinstance(m, int)]
        return {
            "game": self.name,
            "size": SIZE,
            "rows": rows,
            "to_move": "b" if state.black else "w",
            "moves": [point_name(m) for m in stones],
            "last": point_name(stones[-1]) if stones else None,
        }

    def check_last_black(self, texts: list[str]) -> str:
        """For ``texts`` (``h8 h9 ...``, played through the rules), whether Black's last stone
        is forbidden: "33", "44", "overline" or "ok"."""
        state = self.new()
        shape: str | None = None
        for t in texts:
            before = state
            state = self.apply(state, self.parse(state, t))
            if before.black and isinstance(state.moves[-1], int):
                shape = forbidden(before.board, state.moves[-1])
        if shape is None and not any(isinstance(m, int) for m in state.moves):
            raise MoveTextError(
                "error.bad_move_text", RULES, text=" ".join(texts), why=why("no_stone")
            )
        return shape or "ok"
