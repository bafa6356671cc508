"""围棋 under the Chinese rules (中国围棋竞赛规则) as the competition's seed states them: 19×19
(9×9 and 13×13 as options for practice), Black first, passes allowed; stones without
liberties are captured (提子), a move that leaves its own stones without liberties and
captures nothing is forbidden (禁着点), and no move may recreate an earlier whole-board
position (全局同形再现: positional superko). Two passes in a row end play; then the players
mark the dead stones (each proposes, both accept, or one resumes play and the other moves
first), and the board is counted by 数子法: each side's stones and the empty points only
they surround, the points touching both shared half and half. 归本数 is half the board
(180½ on 19×19): more wins, less loses, equal is a draw; komi (贴子), a setting given in
points (7.5 points = 3¾ 子, Black gives half of it in stones), is taken from Black's count.

Moves are SGF points (``pd``; the column letter then the row letter from the top) or
``pass`` in and out; GTP vertices (``Q16``) are read too. SGF records in and out via sgfmill.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from sgfmill import sgf

from .base import (
    JSON,
    Common,
    Game,
    GameRuleError,
    MoveTextError,
    Outcome,
    reason,
    why,
)

RULES = "中国围棋竞赛规则"
LETTERS = "abcdefghijklmnopqrs"
GTP_COLS = "ABCDEFGHJKLMNOPQRST"
BLACK, WHITE, EMPTY = "X", "O", "."


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class MarkDead:
    """In the marking phase: toggle the group at ``point`` in the dead stones proposed."""

    point: int


@dataclass(frozen=True, slots=True)
class Accept:
    """In the marking phase: accept the dead stones proposed."""


@dataclass(frozen=True, slots=True)
class Resume:
    """In the marking phase: refuse and play on; the other player moves first."""


GoMove = int | Pass | MarkDead | Accept | Resume


@dataclass(frozen=True)
class GoState:
    size: int
    board: str
    moves: tuple[GoMove | Common, ...] = ()
    ended: Outcome | None = None
    draw_offer: int | None = None
    black: bool = True
    """Black to act."""
    seen: frozenset[str] = frozenset()
    """Every whole-board position so far (positional superko)."""
    passes: int = 0
    marking: bool = False
    dead: frozenset[int] = frozenset()
    accepted: frozenset[int] = frozenset()

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        return _neighbours(self.size)

    @cached_property
    def legal_points(self) -> tuple[int, ...]:
        return tuple(
            p for p in range(self.size**2) if self.board[p] == EMPTY and _try(self, p)[1] is None
        )


_NEIGHBOURS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    if n not in _NEIGHBOURS:
        out = []
        for p in range(n * n):
            r, c = divmod(p, n)
            out.append(
                tuple(
                    rr * n + cc
                    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= rr < n and 0 <= cc < n
                )
            )
        _NEIGHBOURS[n] = tuple(out)
    return _NEIGHBOURS[n]


def group(board: str, p: int, nb: tuple[tuple[int, ...], ...]) -> tuple[set[int], bool]:
    """The group of the stone on ``p`` and whether it has a liberty."""
    color = board[p]
    stones, todo, free = {p}, [p], False
    while todo:
        q = todo.pop()
        for x in nb[q]:
            if board[x] == EMPTY:
                free = True
            elif board[x] == color and x not in stones:
                stones.add(x)
                todo.append(x)
    return stones, free


def _try(state: GoState, p: int) -> tuple[str, str | None]:
    """The board after the player to move plays ``p``, and the error key if it is illegal."""
    color = BLACK if state.black else WHITE
    other = WHITE if state.black else BLACK
    nb = state.neighbours
    b = list(state.board)
    b[p] = color
    board = "".join(b)
    for x in nb[p]:
        if board[x] == other:
            stones, free = group(board, x, nb)
            if not free:
                for s in stones:
                    b[s] = EMPTY
    board = "".join(b)
    if not group(board, p, nb)[1]:
        return board, "error.suicide"
    if board in state.seen:
        return board, "error.superko"
    return board, None


def area(board: str, size: int, dead: frozenset[int] = frozenset()) -> tuple[float, float]:
    """数子法: (Black's count, White's count) of ``board`` with the ``dead`` stones removed:
    stones, plus empty regions touching one colour only; regions touching both (or none)
    are shared half and half."""
    b = [EMPTY if i in dead else x for i, x in enumerate(board)]
    nb = _neighbours(size)
    counts = {BLACK: float(b.count(BLACK)), WHITE: float(b.count(WHITE))}
    seen: set[int] = set()
    for p in range(size * size):
        if b[p] != EMPTY or p in seen:
            continue
        region, todo, touch = {p}, [p], set()
        while todo:
            q = todo.pop()
            for x in nb[q]:
                if b[x] == EMPTY and x not in region:
                    region.add(x)
                    todo.append(x)
                elif b[x] != EMPTY:
                    touch.add(b[x])
        seen |= region
        if len(touch) == 1:
            counts[touch.pop()] += len(region)
        else:
            counts[BLACK] += len(region) / 2
            counts[WHITE] += len(region) / 2
    return counts[BLACK], counts[WHITE]


class Go(Game[GoState, GoMove]):
    name: ClassVar[str] = "go"
    sides: ClassVar[tuple[str, str]] = ("b", "w")
    side_terms: ClassVar[tuple[str, str]] = ("side.black", "side.white")
    rules: ClassVar[str] = RULES

    def __init__(self, size: int = 19, komi: float = 7.5) -> None:
        if size not in (9, 13, 19):
            raise GameRuleError("error.bad_position", RULES, why=why("board_size", size=size))
        if komi * 2 != int(komi * 2):
            raise GameRuleError("error.bad_position", RULES, why=why("komi", komi=komi))
        self.size = size
        self.komi = komi

    def new(self) -> GoState:
        board = EMPTY * self.size**2
        return GoState(self.size, board, seen=frozenset({board}))

    def start(self, state: GoState) -> GoState:
        return self.new()

    def to_move(self, state: GoState) -> int | None:
        if self.outcome(state) is not None:
            return None
        return 0 if state.black else 1

    def legal_moves(self, state: GoState) -> tuple[GoMove, ...]:
        if self.outcome(state) is not None:
            return ()
        if state.marking:
            stones = (MarkDead(p) for p in range(state.size**2) if state.board[p] != EMPTY)
            return (Accept(), Resume(), *stones)
        return (*state.legal_points, Pass())

    def _apply(self, state: GoState, move: GoMove) -> GoState:
        mover = 0 if state.black else 1
        moves = (*state.moves, move)
        offer = self.offer_after_move(state, mover)
        if isinstance(move, MarkDead | Accept | Resume):
            if not state.marking:
                raise GameRuleError("error.not_marking", RULES)
            return self._mark(state, move, moves, mover)
        if state.marking:
            raise GameRuleError("error.marking", RULES)
        if isinstance(move, Pass):
            if state.passes + 1 >= 2:
                return GoState(
                    state.size,
                    state.board,
                    moves,
                    None,
                    offer,
                    not state.black,
                    state.seen,
                    2,
                    True,
                )
            return GoState(
                state.size, state.board, moves, None, offer, not state.black, state.seen, 1
            )
        if not isinstance(move, int) or not 0 <= move < state.size**2:
            raise MoveTextError(
                "error.bad_move_text", RULES, text=repr(move), why=why("not_a_point")
            )
        name = self.point_name(move)
        if state.board[move] != EMPTY:
            raise GameRuleError("error.occupied", RULES, point=name)
        board, error = _try(state, move)
        if error is not None:
            raise GameRuleError(error, RULES, point=name)
        return GoState(state.size, board, moves, None, offer, not state.black, state.seen | {board})

    def _mark(
        self, state: GoState, move: GoMove, moves: tuple[GoMove | Common, ...], mover: int
    ) -> GoState:
        if isinstance(move, Resume):
            # play resumes; the other player moves first
            return GoState(state.size, state.board, moves, None, None, not state.black, state.seen)
        if isinstance(move, MarkDead):
            if not 0 <= move.point < state.size**2 or state.board[move.point] == EMPTY:
                raise GameRuleError("error.no_stone", RULES, point=self.point_name(move.point))
            stones, _ = group(state.board, move.point, state.neighbours)
            dead = state.dead ^ frozenset(stones)
            return GoState(
                state.size,
                state.board,
                moves,
                None,
                None,
                not state.black,
                state.seen,
                2,
                True,
                dead,
                frozenset({mover}),
            )
        accepted = state.accepted | {mover}
        if accepted == {0, 1}:
            return GoState(
                state.size,
                state.board,
                moves,
                self._count(state),
                None,
                not state.black,
                state.seen,
                2,
                True,
                state.dead,
                accepted,
            )
        return GoState(
            state.size,
            state.board,
            moves,
            None,
            None,
            not state.black,
            state.seen,
            2,
            True,
            state.dead,
            accepted,
        )

    def _count(self, state: GoState) -> Outcome:
        black, white = area(state.board, state.size, state.dead)
        half = state.size**2 / 2  # 归本数
        net = black - self.komi / 2
        winner = None if net == half else (0 if net > half else 1)
        return Outcome(
            winner, reason("score", black=_num(black), white=_num(white), komi=_num(self.komi / 2))
        )

    def score(self, state: GoState) -> tuple[float, float]:
        """(Black's, White's) area count of ``state`` with the dead stones proposed removed."""
        return area(state.board, state.size, state.dead)

    def _outcome(self, state: GoState) -> Outcome | None:
        return None

    # --- notation ------------------------------------------------------------------------------

    def point_name(self, p: int) -> str:
        r, c = divmod(p, self.size)
        return LETTERS[c] + LETTERS[r]

    def parse_point(self, text: str) -> int:
        t = text.strip()
        n = self.size
        if len(t) == 2 and t.islower() and all(ch in LETTERS[:n] for ch in t):
            return LETTERS.index(t[1]) * n + LETTERS.index(t[0])
        u = t.upper()
        if len(u) >= 2 and u[0] in GTP_COLS[:n] and u[1:].isdigit() and 1 <= int(u[1:]) <= n:
            return (n - int(u[1:])) * n + GTP_COLS.index(u[0])
        raise ValueError(f"{text!r} is not a point of the {n}x{n} board (SGF 'dd' or GTP 'D4')")

    def gtp_vertex(self, p: int) -> str:
        r, c = divmod(p, self.size)
        return f"{GTP_COLS[c]}{self.size - r}"

    def move_text(self, state: GoState, move: GoMove) -> str:
        match move:
            case Pass():
                return "pass"
            case Accept():
                return "accept-dead"
            case Resume():
                return "resume"
            case MarkDead(point=p):
                return f"dead:{self.point_name(p)}"
        assert isinstance(move, int)
        return self.point_name(move)

    def parse_move(self, state: GoState, move_text: str) -> GoMove:
        t = move_text.strip()
        words: dict[str, GoMove] = {"pass": Pass(), "accept-dead": Accept(), "resume": Resume()}
        if t.lower() in words:
            return words[t.lower()]
        try:
            if t.startswith("dead:"):
                return MarkDead(self.parse_point(t.removeprefix("dead:")))
            return self.parse_point(t)
        except ValueError as e:
            raise MoveTextError("error.bad_move_text", RULES, text=t, why=str(e)) from None

    def public_view(self, state: GoState) -> JSON:
        n = state.size
        stones = [m for m in state.moves if isinstance(m, int | Pass)]
        black, white = self.score(state)
        return {
            "game": self.name,
            "size": n,
            "komi": self.komi,
            "rows": [state.board[r * n : (r + 1) * n] for r in range(n)],
            "to_move": "b" if state.black else "w",
            "moves": [self.move_text(state, m) for m in stones],
            "last": self.move_text(state, stones[-1]) if stones else None,
            "phase": "marking" if state.marking else "play",
            "dead": sorted(self.point_name(p) for p in state.dead),
            "accepted": sorted(self.sides[p] for p in state.accepted),
            "count": {"b": black, "w": white} if state.marking else None,
        }

    # --- SGF -----------------------------------------------------------------------------------

    def to_sgf(self, state: GoState, headers: dict[str, str] | None = None) -> str:
        game = sgf.Sgf_game(size=state.size)
        root = game.get_root()
        root.set("KM", self.komi)
        root.set("RU", "Chinese")
        for k, v in (headers or {}).items():
            root.set(k, v)
        outcome = self.outcome(state)
        if outcome is not None:
            root.set("RE", _sgf_result(outcome, self))
        s = self.start(state)
        for m in state.moves:  # each stone's colour: the side to play when it was made
            if isinstance(m, int | Pass):
                node = game.extend_main_sequence()
                r, c = divmod(m, state.size) if isinstance(m, int) else (0, 0)
                point = None if isinstance(m, Pass) else (state.size - 1 - r, c)
                node.set_move("b" if s.black else "w", point)
            s = self.apply(s, m)
        text: bytes = game.serialise()
        return text.decode()

    def from_sgf(self, text: str) -> GoState:
        """The moves of an SGF record replayed through the rules (its size must be this
        game's; setup stones are not read)."""
        try:
            game = sgf.Sgf_game.from_string(text)
        except ValueError as e:
            raise MoveTextError("error.bad_move_text", RULES, text=text[:40], why=str(e)) from None
        if game.get_size() != self.size:
            wrong = why("record_size", record=game.get_size(), game=self.size)
            raise MoveTextError("error.bad_position", RULES, why=wrong)
        state = self.new()
        for node in game.get_main_sequence()[1:]:
            color, point = node.get_move()
            if color is None:
                continue
            if (color == "b") != state.black:
                wrong = why("out_of_turn", color=color.upper())
                raise MoveTextError("error.bad_move_text", RULES, text=str(point), why=wrong)
            if point is None:
                state = self.apply(state, Pass())
            else:
                row, col = point
                state = self.apply(state, (self.size - 1 - row) * self.size + col)
        return state


def _num(x: float) -> str:
    """A count as the Chinese rules write it: 184½ as "184.5"; whole numbers bare."""
    return str(int(x)) if x == int(x) else str(x)


def _sgf_result(outcome: Outcome, game: Go) -> str:
    if outcome.winner is None:
        return "0"
    side = "B" if outcome.winner == 0 else "W"
    if outcome.reason.key == "reason.score":
        fields = dict(outcome.reason.fields)
        black = float(str(fields["black"]))
        margin = abs(2 * black - game.size**2 - game.komi)
        return f"{side}+{_num(margin)}"
    if outcome.reason.key == "reason.resignation":
        return f"{side}+R"
    if outcome.reason.key == "reason.time":
        return f"{side}+T"
    return f"{side}+F"
