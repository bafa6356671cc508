"""The week's pool (复式记分): boards that tables play one after another, never meeting, each
result scored in IMPs against the Butler datum of the board's results so far.

The seed's rule (:class:`qipai.duplicate.PoolBoard`): below 6 results every result scores 0 for
now; the 6th scores all 24 players at once; each later result scores its 4 players and rescores
the board; at 40 results the board leaves the pool. A player is given the lowest-numbered board
still in the pool that none of the four at the table has played this week. Leaving a board to a
robot (a disconnection past the grace time) costs 16 of the week's points
(``DISCONNECTION_POINTS``) and a Rate of 0 on that board.

>>> pool = WeekPool.new(week=1, boards=2)
>>> tables = [((f"n{i}", f"s{i}"), (f"e{i}", f"w{i}")) for i in range(6)]
>>> for ns, ew in tables[:5]:
...     pool = pool.add(pool.board_for((*ns, *ew)), ns, ew, 420)
>>> pool.boards[0].scored_at, pool.points("n0")
((None, None, None, None, None), 0.0)
>>> pool = pool.add(1, *tables[5], 450)  # the 6th result scores all 24 players at once
>>> pool.boards[0].scored_at, pool.points("n5"), pool.board_for(("n0", "s0", "x", "y"))
((6, 6, 6, 6, 6, 6), 1.0, 2)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from ..duplicate import PoolBoard
from .rate import BoardScore

__all__ = ["DISCONNECTION_POINTS", "PoolError", "PoolResult", "WeekBoard", "WeekPool"]

DISCONNECTION_POINTS = 16
"""The week's points a disconnection costs in the pool (the seed: 扣本周分16分)."""

Player = Hashable


class PoolError(ValueError):
    """A result the pool cannot take: a retired board, a board a player has played, a seat
    twice. The message names the board and the players."""


@dataclass(frozen=True)
class PoolResult:
    """One table's result of a pool board: NS pair, EW pair, NS's score, who left it."""

    ns: tuple[Player, Player]
    ew: tuple[Player, Player]
    ns_score: int
    away: frozenset[Player] = frozenset()

    @property
    def players(self) -> tuple[Player, ...]:
        return (*self.ns, *self.ew)


@dataclass(frozen=True)
class WeekBoard:
    """A board of the week's pool: its number, its results in arrival order, and for each the
    number of results the board had when it was first scored (None while provisional)."""

    number: int
    results: tuple[PoolResult, ...] = ()
    scoring: PoolBoard = field(default_factory=PoolBoard)
    scored_at: tuple[int | None, ...] = ()

    @property
    def retired(self) -> bool:
        return self.scoring.is_retired

    @property
    def ns_imps(self) -> tuple[float, ...]:
        """NS IMPs of each result now (0 while the board is provisional)."""
        return self.scoring.scores

    def add(self, result: PoolResult) -> WeekBoard:
        scoring = self.scoring.add(result.ns_score)
        n = len(scoring.results)
        if scoring.is_provisional:
            scored_at: tuple[int | None, ...] = (*self.scored_at, None)
        elif n == scoring.min_results:
            scored_at = (n,) * n
        else:
            scored_at = (*self.scored_at, n)
        return WeekBoard(self.number, (*self.results, result), scoring, scored_at)


@dataclass(frozen=True)
class WeekPool:
    """The pool of one week: its boards (numbered from 1) and what each player has played."""

    week: int
    boards: tuple[WeekBoard, ...]
    seen: Mapping[Player, frozenset[int]] = field(default_factory=dict)
    """The boards each player has played this week (kept, never changed in place)."""

    @classmethod
    def new(cls, week: int, boards: int) -> WeekPool:
        if boards < 1:
            raise PoolError(f"a week's pool holds 1 board or more, not {boards}")
        return cls(week, tuple(WeekBoard(n) for n in range(1, boards + 1)))

    def played(self, player: Player) -> frozenset[int]:
        """The boards ``player`` has played this week."""
        return self.seen.get(player, frozenset())

    def board_for(self, players: Iterable[Player]) -> int | None:
        """The lowest-numbered board in the pool none of ``players`` has played (None: none)."""
        seen: set[int] = set()
        for p in players:
            seen |= self.played(p)
        return next((b.number for b in self.boards if not b.retired and b.number not in seen), None)

    def add(
        self,
        board: int | None,
        ns: tuple[Player, Player],
        ew: tuple[Player, Player],
        ns_score: int,
        away: Iterable[Player] = (),
    ) -> WeekPool:
        """The pool with one more result of ``board``; a result it cannot take raises
        :class:`PoolError` and leaves the pool as it was."""
        if board is None or not 1 <= board <= len(self.boards):
            raise PoolError(f"board {board} is not in the pool of week {self.week}")
        result = PoolResult(ns, ew, ns_score, frozenset(away))
        if len(set(result.players)) != 4:
            raise PoolError(f"board {board}: four different players sit at a table")
        target = self.boards[board - 1]
        if target.retired:
            raise PoolError(f"board {board} has its 40 results and has left the pool")
        again = [p for p in result.players if board in self.played(p)]
        if again:
            raise PoolError(f"board {board}: {', '.join(map(str, again))} played it already")
        boards = list(self.boards)
        boards[board - 1] = target.add(result)
        seen = dict(self.seen)
        for p in result.players:
            seen[p] = seen.get(p, frozenset()) | {board}
        return replace(self, boards=tuple(boards), seen=seen)

    def scores(self) -> list[BoardScore]:
        """Every scored result of the week for the Rate (provisional boards count for none)."""
        return [
            BoardScore(r.ns, r.ew, imps, r.away)
            for b in self.boards
            if not b.scoring.is_provisional
            for r, imps in zip(b.results, b.ns_imps, strict=True)
        ]

    def points(self, player: Player) -> float:
        """The player's points this week (本周积分): IMPs of their results as they stand now,
        less 16 for each board they left to a robot."""
        total = 0.0
        for b in self.boards:
            for r, imps in zip(b.results, b.ns_imps, strict=True):
                if player in r.ns:
                    total += imps
                elif player in r.ew:
                    total -= imps
                else:
                    continue
                if player in r.away:
                    total -= DISCONNECTION_POINTS
        return total

    def boards_played(self, player: Player) -> int:
        """The boards the player has played this week (本周副数)."""
        return len(self.played(player))
