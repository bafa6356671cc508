"""The pool (复式记分, asynchronous duplicate): results of one board arrive one at a time, from
tables that never meet, and are scored in IMPs against the Butler datum of all results so far.

Until a board has 6 results its datum means little, so every result scores 0 for now
(provisional); the 6th result scores all 6 at once, and every later result rescores the board.
At 40 results the board leaves the pool and takes no more.

>>> board = PoolBoard()
>>> for score in (420, 450, 420, -50, 420):
...     board = board.add(score)
>>> board.is_provisional, board.scores
(True, (0.0, 0.0, 0.0, 0.0, 0.0))
>>> board = board.add(400)  # the 6th: drop -50 and 450, datum (400 + 3 * 420) / 4 = 415 -> 420
>>> board.datum, board.scores
(420, (0.0, 1.0, 0.0, -10.0, 0.0, -1.0))
"""

from __future__ import annotations

from dataclasses import dataclass

from ._checks import finite, finite_scores, whole
from .butler import TrimRule, butler, butler_datum
from .errors import PoolBoardRetired, ScoringError

__all__ = ["MAX_RESULTS", "MIN_RESULTS", "PoolBoard"]

MIN_RESULTS = 6
"""Results needed before a pool board is scored; fewer score 0 for now."""

MAX_RESULTS = 40
"""Results at which a pool board is retired from the pool."""


@dataclass(frozen=True)
class PoolBoard:
    """One board's results in arrival order (NS scores); :meth:`add` returns a new board."""

    results: tuple[float, ...] = ()
    min_results: int = MIN_RESULTS
    max_results: int = MAX_RESULTS

    def __post_init__(self) -> None:
        whole(self.min_results, "min_results", 1)
        whole(self.max_results, "max_results", self.min_results)
        finite_scores(self.results)
        if len(self.results) > self.max_results:
            raise ScoringError(
                f"a pool board takes at most {self.max_results} results, not {len(self.results)}"
            )

    def add(self, ns_score: float) -> PoolBoard:
        """This board with one more result; a retired board raises :class:`PoolBoardRetired`."""
        if self.is_retired:
            raise PoolBoardRetired(
                f"the board has its {self.max_results} results and has left the pool:"
                " it takes no more"
            )
        score = finite(ns_score, "the result")
        return PoolBoard((*self.results, score), self.min_results, self.max_results)

    @property
    def is_provisional(self) -> bool:
        """Too few results to score yet: every result scores 0 for now."""
        return len(self.results) < self.min_results

    @property
    def is_retired(self) -> bool:
        """The board has all the results it takes."""
        return len(self.results) >= self.max_results

    @property
    def datum(self) -> int | None:
        """The Butler datum (seed trim) the results are scored against; None while provisional."""
        if self.is_provisional:
            return None
        return butler_datum(self.results, TrimRule.SEED)

    @property
    def scores(self) -> tuple[float, ...]:
        """NS IMPs of every result so far, in arrival order (all 0 while provisional)."""
        if self.is_provisional:
            return tuple(0.0 for _ in self.results)
        return tuple(butler(self.results, TrimRule.SEED))
