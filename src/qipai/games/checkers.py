"""跳棋 (Chinese checkers), as the competition's seed states it: the 121-point star; 2, 3, 4 or 6
players, each from a point (角) of the star with ten pieces; a move is one step to an adjacent
empty point in any of the six directions, or a jump over one adjacent piece (of any colour) to
the empty point straight beyond, repeated from point to point as long as a jump is there to
make ("跳的过程中，只要相似条件满足就可以持续进行"): the whole chain is one move, and it may stop
at any point it reaches. The first to fill the opposite point entirely wins.

Places: with two players the first home wins. With more, the others play on and are placed in
the order they finish, until one is left, placed last. A game is *stopped* when every player
has made ``move_limit`` moves (a table setting, 200 by default), or by a resignation, forfeit or
loss on time with more than two players: those home keep their order, the rest are placed by
their *distance*, the sum over their ten pieces of the steps from each to the tip of its target
point (20 when home), the smaller first, equal distances sharing a place; the one who resigned,
forfeited or ran out of time is placed last. With two players a stopped game goes to the
smaller distance, a draw if equal; resignation, forfeit and time lose as in every game.

Seats: the star's points are numbered 0-5 counter-clockwise from the bottom; two players sit at
0 and 3, three at 0, 2 and 4, four at 0, 1, 3 and 4, six at all; each player's target is the
point opposite (corner + 3). Turns go in seat order, those already home being skipped; a player
with no legal move passes (``pass``, legal only then). Draw offers are for two players only.

The anti-blocking house rule (``anti_block=True``): a target counts as filled when every one of
its ten points holds a piece and at least one of them is the player's own, so pieces left in
their own home (another's target) cannot block it forever.

Points are named by row and place: rows ``a`` (the top tip) to ``q`` (the bottom tip), places
from the left, ``1`` on: ``a1``, ``e1``-``e13``, ``i1``-``i9``, ``q1``. A move's text is its
start and end, ``m5-i5``; any path of its jumps (``m5-k5-i5``) reads as the same move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, ClassVar

from .base import (
    JSON,
    AcceptDraw,
    Common,
    DeclineDraw,
    Game,
    GameRuleError,
    MoveTextError,
    OfferDraw,
    Outcome,
    reason,
)

RULES = "跳棋规则（数院棋牌大赛）"
EMPTY = "."
ROWS = "abcdefghijklmnopq"
DIRECTIONS = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


def _in_star(x: int, y: int, z: int) -> bool:
    return max(x, y, z) <= 4 or min(x, y, z) >= -4


CUBES: tuple[tuple[int, int, int], ...] = tuple(
    (x, -x - z, z)
    for z in range(-8, 9)
    for x in range(-8, 9)
    if -8 <= -x - z <= 8 and _in_star(x, -x - z, z)
)
"""The 121 points in cube coordinates (x + y + z = 0), row by row from the top (z = -8), each
row from the left (x growing)."""
INDEX = {c: i for i, c in enumerate(CUBES)}
NAMES: tuple[str, ...] = tuple(
    f"{ROWS[z + 8]}{sum(1 for c in CUBES[:i] if c[2] == z) + 1}"
    for i, (_, _, z) in enumerate(CUBES)
)
BY_NAME = {n: i for i, n in enumerate(NAMES)}
NEIGHBOURS: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(INDEX.get((x + dx, y + dy, z + dz)) for dx, dy, dz in DIRECTIONS) for x, y, z in CUBES
)
BEYOND: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(INDEX.get((x + 2 * dx, y + 2 * dy, z + 2 * dz)) for dx, dy, dz in DIRECTIONS)
    for x, y, z in CUBES
)
CORNER_AXES = ((2, 1), (1, -1), (0, 1), (2, -1), (1, 1), (0, -1))
"""The star's six points counter-clockwise from the bottom: (axis, sign) with axis·sign >= 5."""
CORNERS: tuple[frozenset[int], ...] = tuple(
    frozenset(i for i, c in enumerate(CUBES) if c[axis] * sign >= 5) for axis, sign in CORNER_AXES
)
TIPS: tuple[int, ...] = tuple(
    next(i for i in CORNERS[k] if CUBES[i][axis] * sign == 8)
    for k, (axis, sign) in enumerate(CORNER_AXES)
)
SEATS = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}
COLOURS = ("r", "g", "y", "b", "w", "k")
"""Each corner's colour letter (red, green, yellow, blue, white, black)."""
COLOUR_TERMS = ("side.red", "side.green", "side.yellow", "side.blue", "side.white", "side.black")
HOME_DISTANCE = 20
"""The distance of ten pieces filling their target (0 + 2·1 + 3·2 + 4·3)."""


def steps(a: int, b: int) -> int:
    """The number of steps between two points."""
    (x1, y1, z1), (x2, y2, z2) = CUBES[a], CUBES[b]
    return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))


def point_name(p: int) -> str:
    return NAMES[p]


def parse_point(text: str) -> int:
    t = text.strip().lower()
    if t not in BY_NAME:
        raise ValueError(f"{text!r} is not a point of the star (a1, e1-e13, ..., q1)")
    return BY_NAME[t]


def jumps_from(board: str, start: int) -> dict[int, tuple[int, ...]]:
    """Every point a chain of jumps from ``start`` reaches (the moving piece lifted from
    ``start``), each with the first path found to it (breadth first, so a shortest)."""
    reached: dict[int, tuple[int, ...]] = {start: ()}
    frontier = [start]
    while frontier:
        nxt = []
        for q in frontier:
            for over, land in zip(NEIGHBOURS[q], BEYOND[q], strict=True):
                if over is None or land is None or land in reached:
                    continue
                if over != start and board[over] != EMPTY and board[land] == EMPTY:
                    reached[land] = (*reached[q], land)
                    nxt.append(land)
        frontier = nxt
    del reached[start]
    return reached


def destinations(board: str, start: int) -> dict[int, tuple[int, ...]]:
    """Where the piece on ``start`` may go in one move, each with a path to it."""
    out: dict[int, tuple[int, ...]] = {
        n: (n,) for n in NEIGHBOURS[start] if n is not None and board[n] == EMPTY
    }
    for land, path in jumps_from(board, start).items():
        out.setdefault(land, path)
    return out


def distance(board: str, piece: str, target: int) -> int:
    """The sum of the steps from each of ``piece``'s pieces to the tip of corner ``target``."""
    tip = TIPS[target]
    return sum(steps(i, tip) for i, x in enumerate(board) if x == piece)


@dataclass(frozen=True, slots=True)
class Step:
    """A move of the piece on ``frm`` to ``to`` (a step or a chain of jumps)."""

    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Pass:
    """No legal move: the turn passes on."""


CMove = Step | Pass


@dataclass(frozen=True)
class CheckersState:
    board: str
    moves: tuple[CMove | Common, ...] = ()
    ended: Outcome | None = None
    draw_offer: int | None = None
    turn: int = 0
    finished: tuple[int, ...] = ()
    """The players home, in the order they got there."""
    plies: int = 0
    """Moves and passes made."""


def start_board(players: int) -> str:
    board = [EMPTY] * len(CUBES)
    for p, corner in enumerate(SEATS[players]):
        for i in CORNERS[corner]:
            board[i] = str(p)
    return "".join(board)


class CheckersGame(Game[CheckersState, CMove]):
    """跳棋 for ``len(sides)`` players (made by :func:`Checkers`)."""

    name: ClassVar[str] = "checkers"
    rules: ClassVar[str] = RULES

    def __init__(self, anti_block: bool = False, move_limit: int = 200) -> None:
        if move_limit < 1:
            raise GameRuleError("error.bad_setting", RULES, name="move_limit", value=move_limit)
        self.anti_block = anti_block
        self.move_limit = move_limit
        n = self.players
        self.homes = SEATS[n]
        self.targets = tuple((c + 3) % 6 for c in self.homes)

    # --- the rules ---------------------------------------------------------------------------

    def new(self) -> CheckersState:
        return CheckersState(start_board(self.players))

    def start(self, state: CheckersState) -> CheckersState:
        return self.new()

    def to_move(self, state: CheckersState) -> int | None:
        return None if self.outcome(state) is not None else state.turn

    def legal_moves(self, state: CheckersState) -> tuple[CMove, ...]:
        if self.outcome(state) is not None:
            return ()
        me = str(state.turn)
        out: list[CMove] = []
        for i, x in enumerate(state.board):
            if x == me:
                out.extend(Step(i, to) for to in sorted(destinations(state.board, i)))
        return tuple(out) if out else (Pass(),)

    def _apply(self, state: CheckersState, move: CMove) -> CheckersState:
        mover = state.turn
        board = state.board
        if isinstance(move, Pass):
            if any(isinstance(m, Step) for m in self.legal_moves(state)):
                raise GameRuleError("error.pass_with_moves", RULES)
        elif isinstance(move, Step):
            self._check_step(state, move)
            cells = list(board)
            cells[move.frm], cells[move.to] = EMPTY, str(mover)
            board = "".join(cells)
        else:
            raise MoveTextError("error.bad_move_text", RULES, text=repr(move), why="not a move")
        finished = state.finished
        if mover not in finished and self.home(board, mover):
            finished = (*finished, mover)
        after = CheckersState(
            board,
            (*state.moves, move),
            None,
            self.offer_after_move(state, mover),
            mover,
            finished,
            state.plies + 1,
        )
        return replace(after, turn=self._next(after, mover))

    def _check_step(self, state: CheckersState, move: Step) -> None:
        n = len(CUBES)
        if not (0 <= move.frm < n and 0 <= move.to < n):
            raise MoveTextError("error.bad_move_text", RULES, text=repr(move), why="off the star")
        name = f"{point_name(move.frm)}-{point_name(move.to)}"
        if state.board[move.frm] != str(state.turn):
            why = f"{point_name(move.frm)} holds no piece of the player to move"
            raise GameRuleError("error.illegal_move", RULES, move=name, why=why)
        if state.board[move.to] != EMPTY:
            raise GameRuleError("error.occupied", RULES, point=point_name(move.to))
        if move.to not in destinations(state.board, move.frm):
            why = "neither a step to a neighbour nor a chain of jumps over single pieces"
            raise GameRuleError("error.illegal_move", RULES, move=name, why=why)

    def _next(self, state: CheckersState, mover: int) -> int:
        n = self.players
        for k in range(1, n + 1):
            p = (mover + k) % n
            if p not in state.finished:
                return p
        return mover

    def home(self, board: str, player: int) -> bool:
        """Whether ``player`` has filled their target (by the anti-blocking rule if set)."""
        points = [board[i] for i in CORNERS[self.targets[player]]]
        me = str(player)
        if self.anti_block:
            return EMPTY not in points and me in points
        return all(x == me for x in points)

    def distances(self, state: CheckersState) -> tuple[int, ...]:
        return tuple(distance(state.board, str(p), self.targets[p]) for p in range(self.players))

    def _outcome(self, state: CheckersState) -> Outcome | None:
        n = self.players
        if n == 2:
            if state.finished:
                return Outcome(state.finished[0], reason("checkers_home"))
            if state.plies >= self.move_limit * n:
                d = self.distances(state)
                winner = None if d[0] == d[1] else (0 if d[0] < d[1] else 1)
                return Outcome(winner, reason("checkers_stopped", limit=self.move_limit))
            return None
        if len(state.finished) >= n - 1:
            return self._placed(state, reason("checkers_home"))
        if state.plies >= self.move_limit * n:
            return self._placed(state, reason("checkers_stopped", limit=self.move_limit))
        return None

    def _placed(self, state: CheckersState, why: Any, last: int | None = None) -> Outcome:
        """The places: those home in their order, the others by distance (``last`` last)."""
        ranks = [0] * self.players
        for place, p in enumerate(state.finished, 1):
            ranks[p] = place
        d = self.distances(state)
        rest = [p for p in range(self.players) if p not in state.finished and p != last]
        for p in rest:
            ranks[p] = len(state.finished) + 1 + sum(d[o] < d[p] for o in rest)
        if last is not None and last not in state.finished:
            ranks[last] = self.players
        winner = next(
            (p for p in range(self.players) if ranks.count(1) == 1 and ranks[p] == 1), None
        )
        return Outcome(winner, why, tuple(ranks))

    def loss_outcome(self, state: CheckersState, player: int, why: str) -> Outcome:
        if self.players == 2:
            return super().loss_outcome(state, player, why)
        return self._placed(state, reason(why), last=player)

    def apply(self, state: CheckersState, move: CMove | Common) -> CheckersState:
        draws = OfferDraw | AcceptDraw | DeclineDraw
        if self.players > 2 and isinstance(move, draws) and self.outcome(state) is None:
            raise GameRuleError("error.draw_two_players", RULES)
        return super().apply(state, move)

    # --- text and views ------------------------------------------------------------------------

    def move_text(self, state: CheckersState, move: CMove) -> str:
        if isinstance(move, Pass):
            return "pass"
        return f"{point_name(move.frm)}-{point_name(move.to)}"

    def parse_move(self, state: CheckersState, move_text: str) -> CMove:
        t = move_text.strip().lower()
        if t == "pass":
            return Pass()
        parts = t.split("-")
        if len(parts) < 2:
            why = "a move is its start and end, like m5-i5"
            raise MoveTextError("error.bad_move_text", RULES, text=move_text, why=why)
        try:
            points = [parse_point(x) for x in parts]
        except ValueError as e:
            raise MoveTextError("error.bad_move_text", RULES, text=move_text, why=str(e)) from None
        if len(points) > 2:
            self._check_path(state, points, move_text)
        return Step(points[0], points[-1])

    def _check_path(self, state: CheckersState, points: list[int], move_text: str) -> None:
        """A path of three or more points must be a chain of jumps."""
        board = state.board[: points[0]] + EMPTY + state.board[points[0] + 1 :]
        for a, b in pairwise(points):
            over = next(
                (o for o, land in zip(NEIGHBOURS[a], BEYOND[a], strict=True) if land == b), None
            )
            if over is None or board[over] == EMPTY or board[b] != EMPTY:
                why = f"{point_name(a)}-{point_name(b)} is not a jump over one piece"
                raise MoveTextError("error.bad_move_text", RULES, text=move_text, why=why)

    def path(self, state: CheckersState, move: Step) -> list[str]:
        """The points ``move`` goes through, its start first (a shortest chain of jumps)."""
        way = destinations(state.board, move.frm).get(move.to, (move.to,))
        return [point_name(move.frm), *(point_name(p) for p in way)]

    def rows(self, board: str) -> list[str]:
        """The board row by row from the top, each point a colour letter or ``.``."""
        out: list[str] = []
        for z in range(-8, 9):
            row = [board[i] for i, c in enumerate(CUBES) if c[2] == z]
            out.append("".join(EMPTY if x == EMPTY else self.sides[int(x)] for x in row))
        return out

    def public_view(self, state: CheckersState) -> JSON:
        played = [m for m in state.moves if isinstance(m, Step | Pass)]
        last: list[str] | None = None
        if played and isinstance(played[-1], Step):
            step = played[-1]
            cells = list(state.board)  # the board before it: the piece put back
            cells[step.frm], cells[step.to] = cells[step.to], EMPTY
            way = destinations("".join(cells), step.frm)[step.to]
            last = [point_name(step.frm), *(point_name(p) for p in way)]
        return {
            "game": self.name,
            "players": self.players,
            "sides": list(self.sides),
            "homes": list(self.homes),
            "targets": list(self.targets),
            "rows": self.rows(state.board),
            "to_move": self.sides[state.turn],
            "finished": [self.sides[p] for p in state.finished],
            "distance": dict(zip(self.sides, self.distances(state), strict=True)),
            "plies": state.plies,
            "move_limit": self.move_limit,
            "anti_block": self.anti_block,
            "moves": [self.move_text(state, m) for m in played],
            "last_path": last,
        }


class Checkers2(CheckersGame):
    sides: ClassVar[tuple[str, ...]] = tuple(COLOURS[c] for c in SEATS[2])
    side_terms: ClassVar[tuple[str, ...]] = tuple(COLOUR_TERMS[c] for c in SEATS[2])


class Checkers3(CheckersGame):
    sides: ClassVar[tuple[str, ...]] = tuple(COLOURS[c] for c in SEATS[3])
    side_terms: ClassVar[tuple[str, ...]] = tuple(COLOUR_TERMS[c] for c in SEATS[3])


class Checkers4(CheckersGame):
    sides: ClassVar[tuple[str, ...]] = tuple(COLOURS[c] for c in SEATS[4])
    side_terms: ClassVar[tuple[str, ...]] = tuple(COLOUR_TERMS[c] for c in SEATS[4])


class Checkers6(CheckersGame):
    sides: ClassVar[tuple[str, ...]] = tuple(COLOURS[c] for c in SEATS[6])
    side_terms: ClassVar[tuple[str, ...]] = tuple(COLOUR_TERMS[c] for c in SEATS[6])


CLASSES: dict[int, type[CheckersGame]] = {2: Checkers2, 3: Checkers3, 4: Checkers4, 6: Checkers6}


def Checkers(players: int = 2, anti_block: bool = False, move_limit: int = 200) -> CheckersGame:
    """跳棋 for 2, 3, 4 or 6 players."""
    if players not in CLASSES:
        raise GameRuleError("error.bad_setting", RULES, name="players", value=players)
    return CLASSES[players](anti_block=anti_block, move_limit=move_limit)
