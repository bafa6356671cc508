"""Scoring a Swiss event through :mod:`qipai.duplicate`: each board compared across every table
that played it in its round (the robot table too), then each pair's total.

* ``ximp``: :func:`~qipai.duplicate.cross_imps` (per comparison); the total is the sum.
* ``imp``: :func:`~qipai.duplicate.butler` against the board's datum (trim rule ``seed``);
  the total is the sum.
* ``mp``: :func:`~qipai.duplicate.score_board` with the field set to the round's number of
  tables, so a board that some tables did not reach is Neuberg-scaled; the total is the
  average board percentage.

A board cut by the clock scores nothing at that table and is not compared. A bye round scores
its boards by the event's :class:`~qipai.events.settings.ByeScore`. Totals are rounded to two
decimals, and what is shown is what ranks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..bridge.cards import Side
from ..duplicate import butler, cross_imps, score_board
from .settings import ByeScore, Scoring
from .state import EventState, Round

__all__ = [
    "BYE_IMPS",
    "BYE_PERCENT",
    "BoardPoints",
    "Tally",
    "score_round",
    "tallies",
]

BYE_IMPS = {ByeScore.AVERAGE: 0.0, ByeScore.AVERAGE_PLUS: 3.0}
"""IMPs a board for a bye (own-average aside)."""

BYE_PERCENT = {ByeScore.AVERAGE: 50.0, ByeScore.AVERAGE_PLUS: 60.0}
"""Matchpoint percentage a board for a bye (own-average aside)."""

BUTLER_TRIM = "seed"


@dataclass(frozen=True)
class BoardPoints:
    """What one pair scored on one board: its side, the NS score of its table and its points
    (IMPs for ``ximp``/``imp``, percent for ``mp``)."""

    round: int
    board: int
    table: int
    pair: int
    side: Side
    ns_score: int
    points: float


def score_round(rnd: Round, scoring: Scoring) -> tuple[BoardPoints, ...]:
    """Every pair's points on every board its table played in round ``rnd``."""
    out: list[BoardPoints] = []
    for board in rnd.boards:
        played = [
            (table, record)
            for table in rnd.tables
            if (record := table.record(board)) is not None and record.played
        ]
        scores = [record.ns_score or 0 for _, record in played]
        ns_points, ew_points = _board_points(scores, scoring, len(rnd.tables))
        for (table, _), ns, ew, score in zip(played, ns_points, ew_points, scores, strict=True):
            out.append(BoardPoints(rnd.number, board, table.number, table.ns, Side.NS, score, ns))
            out.append(BoardPoints(rnd.number, board, table.number, table.ew, Side.EW, score, ew))
    return tuple(out)


def _board_points(
    scores: list[int], scoring: Scoring, tables: int
) -> tuple[list[float], list[float]]:
    if not scores:
        return [], []
    if scoring is Scoring.MP:
        entries = score_board(scores, field=tables)
        return [e.ns_percent for e in entries], [e.ew_percent for e in entries]
    ns = cross_imps(scores) if scoring is Scoring.XIMP else butler(scores, BUTLER_TRIM)
    return ns, [0.0 - x for x in ns]


@dataclass(frozen=True)
class Tally:
    """A pair's record so far: boards played, boards scored as byes, and its total (IMPs, or
    the average percentage for ``mp``), rounded to two decimals."""

    pair: int
    boards_played: int
    bye_boards: int
    total: float

    @property
    def boards_completed(self) -> int:
        """Boards played plus boards scored as byes (a bye is no fault of the pair)."""
        return self.boards_played + self.bye_boards


def tallies(state: EventState) -> dict[int, Tally]:
    """Every registered pair's tally over the closed rounds (the robot pair is left out)."""
    settings = state.settings
    points: dict[int, list[float]] = {p.number: [] for p in state.pairs}
    byes: dict[int, int] = {p.number: 0 for p in state.pairs}
    for rnd in state.rounds:
        if rnd.is_open:
            continue
        for bp in score_round(rnd, settings.scoring):
            if bp.pair in points:
                points[bp.pair].append(bp.points)
        for pair in rnd.byes:
            if pair in byes:
                byes[pair] += len(rnd.boards)
    return {
        pair: _tally(pair, points[pair], byes[pair], settings.scoring, settings.bye_score)
        for pair in points
    }


def _tally(
    pair: int, points: Iterable[float], bye_boards: int, scoring: Scoring, bye: ByeScore
) -> Tally:
    played = list(points)
    n = len(played)
    sum_played = math.fsum(played)  # exact, so the order results came in cannot matter
    if scoring is Scoring.MP:
        per_bye = BYE_PERCENT.get(bye, sum_played / n if n else 50.0)
        boards = n + bye_boards
        total = (sum_played + bye_boards * per_bye) / boards if boards else 50.0
    else:
        per_bye = BYE_IMPS.get(bye, sum_played / n if n else 0.0)
        total = sum_played + bye_boards * per_bye
    return Tally(pair, n, bye_boards, round(total, 2) + 0.0)
