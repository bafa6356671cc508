"""Scoring an event through :mod:`qipai.duplicate`: each board compared across every result it
has in the event (every table of every closed round that played it, the robot table too), then
each pair's total.

* ``ximp``: :func:`~qipai.duplicate.cross_imps` (per comparison); the total is the sum.
* ``imp``: :func:`~qipai.duplicate.butler` against the board's datum (trim rule ``seed``);
  the total is the sum.
* ``mp``: :func:`~qipai.duplicate.score_board` with the field set to the number of tables the
  event seats (or plans) for the board, so a board that some tables did not reach is
  Neuberg-scaled; the total is the average board percentage.

A board cut by the clock scores nothing at that table and is not compared. The director's
adjustments count as they stand: an assigned score or a corrected result is compared as a
result; an artificial score takes no part in the comparison and gives each side its
percentage of the top (60/50/40) or its IMPs (+3/0/-3). A procedural penalty comes off the
pair's total. A bye round scores its boards by the event's
:class:`~qipai.events.settings.ByeScore` when the format scores byes (a Swiss event), and
nothing otherwise (a movement's sit-out). Totals are rounded to two decimals, and what is shown
is what ranks.

A board's scores depend only on its entries, so they are remembered (:func:`board_scores`);
after one adjustment only that board is scored again (:func:`forget` forgets them all).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..bridge.cards import Side
from ..duplicate import Adjusted, butler, cross_imps, score_board
from .settings import ByeScore, Scoring
from .state import PHANTOM, AdjustmentKind, Artificial, EventState

__all__ = [
    "BYE_IMPS",
    "BYE_PERCENT",
    "BoardPoints",
    "Entry",
    "Tally",
    "board_scores",
    "forget",
    "score_event",
    "tallies",
]

BYE_IMPS = {ByeScore.AVERAGE: 0.0, ByeScore.AVERAGE_PLUS: 3.0}
"""IMPs a board for a bye (own-average aside)."""

BYE_PERCENT = {ByeScore.AVERAGE: 50.0, ByeScore.AVERAGE_PLUS: 60.0}
"""Matchpoint percentage a board for a bye (own-average aside)."""

BUTLER_TRIM = "seed"


@dataclass(frozen=True)
class BoardPoints:
    """What one pair scored on one board: its side, the NS score of its table (None for an
    artificial score) and its points (IMPs for ``ximp``/``imp``, percent for ``mp``);
    ``adjusted`` names the director's adjustment that stands, if any."""

    round: int
    board: int
    table: int
    pair: int
    side: Side
    ns_score: int | None
    points: float
    adjusted: AdjustmentKind | None = None


Entry = int | tuple[Artificial, Artificial]
"""One table's entry for a board: the NS score it stands at, or an artificial score a side."""


@lru_cache(maxsize=8192)
def board_scores(
    entries: tuple[Entry, ...], scoring: Scoring, field: int
) -> tuple[tuple[float, float], ...]:
    """(NS points, EW points) for each entry of one board (see the module's description);
    ``field`` is the number of results the board should have had (for Neuberg)."""
    real = [e for e in entries if isinstance(e, int)]
    if scoring is Scoring.MP:
        marked = [
            float(e) if isinstance(e, int) else Adjusted(e[0].percent, e[1].percent)
            for e in entries
        ]
        scored = score_board(marked, field=max(field, len(entries)))
        return tuple((b.ns_percent, b.ew_percent) for b in scored)
    ns_real = iter(cross_imps(real) if scoring is Scoring.XIMP else butler(real, BUTLER_TRIM))
    out = []
    for e in entries:
        if isinstance(e, int):
            ns = next(ns_real)
            out.append((ns, 0.0 - ns))
        else:
            out.append((e[0].imps, e[1].imps))
    return tuple(out)


def _field(state: EventState) -> dict[int, int]:
    """How many tables the event seats or plans for each board."""
    field: dict[int, int] = {}
    for rnd in state.rounds:
        for t in rnd.tables:
            for b in t.boards:
                field[b] = field.get(b, 0) + 1
    plan = state.plan
    if plan is not None:
        for s in plan.sittings:
            if s.round > len(state.rounds) and PHANTOM not in s.pairs:
                for b in s.boards:
                    field[b] = field.get(b, 0) + 1
    return field


Item = tuple[int, int, int, int, Entry, AdjustmentKind | None]
"""One result of a board: round, table, NS pair, EW pair, its entry, the adjustment's kind."""


def score_event(state: EventState) -> tuple[BoardPoints, ...]:
    """Every pair's points on every board of the closed rounds, each board scored across all
    its results in the event, the director's adjustments standing."""
    scoring = state.settings.scoring
    adjustments = {a.key: a for a in state.adjustments}  # the latest of each stands
    by_board: dict[int, list[Item]] = {}
    for rnd in state.rounds:
        if rnd.is_open:
            continue
        for table in rnd.tables:
            records = {r.board: r for r in table.records}
            for board in table.boards:
                record = records.get(board)
                adj = adjustments.get((rnd.number, table.number, board))
                entry: Entry
                if adj is not None and adj.kind is AdjustmentKind.ARTIFICIAL:
                    assert adj.ns is not None and adj.ew is not None
                    entry = (adj.ns, adj.ew)
                elif adj is not None:
                    assert adj.ns_score is not None
                    entry = adj.ns_score
                elif record is not None and record.played:
                    entry = record.ns_score or 0
                else:
                    continue
                kind = None if adj is None else adj.kind
                item = (rnd.number, table.number, table.ns, table.ew, entry, kind)
                by_board.setdefault(board, []).append(item)
    field = _field(state)
    out: list[BoardPoints] = []
    for board in sorted(by_board):
        items = tuple(by_board[board])
        out.extend(_points_of_board(board, items, scoring, field.get(board, len(items))))
    return tuple(out)


@lru_cache(maxsize=8192)
def _points_of_board(
    board: int, items: tuple[Item, ...], scoring: Scoring, field: int
) -> tuple[BoardPoints, ...]:
    """The points of one board's results (remembered: a board whose results and field did not
    change is not compared again)."""
    scores = board_scores(tuple(i[4] for i in items), scoring, field)
    out = []
    for (r, t, ns, ew, entry, kind), (ns_pts, ew_pts) in zip(items, scores, strict=True):
        score = entry if isinstance(entry, int) else None
        out.append(BoardPoints(r, board, t, ns, Side.NS, score, ns_pts, kind))
        out.append(BoardPoints(r, board, t, ew, Side.EW, score, ew_pts, kind))
    return tuple(out)


def forget() -> None:
    """Forget every board's remembered scores (for measuring scoring from scratch)."""
    board_scores.cache_clear()
    _points_of_board.cache_clear()


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


def tallies(
    state: EventState,
    *,
    scores_byes: bool,
    points: Iterable[BoardPoints] | None = None,
) -> dict[int, Tally]:
    """Every registered pair's tally over the closed rounds (the phantom is left out).
    ``scores_byes``: a pair sitting out scores the bye score on the round's boards (else it
    scores nothing for them, though they count as completed). ``points``: the event's board
    points when already scored (:func:`score_event`)."""
    settings = state.settings
    earned: dict[int, list[float]] = {p.number: [] for p in state.pairs}
    byes: dict[int, int] = {p.number: 0 for p in state.pairs}
    for bp in score_event(state) if points is None else points:
        if bp.pair in earned:
            earned[bp.pair].append(bp.points)
    per_round = settings.boards_per_round
    for rnd in state.rounds:
        if rnd.is_open:
            continue
        for pair in rnd.byes:
            if pair in byes:
                byes[pair] += len(rnd.boards) if scores_byes else per_round
    penalty: dict[int, float] = {}
    for p in state.penalties:
        penalty[p.pair] = penalty.get(p.pair, 0.0) + p.points
    return {
        pair: _tally(
            pair,
            earned[pair],
            byes[pair],
            settings.scoring,
            settings.bye_score if scores_byes else None,
            penalty.get(pair, 0.0),
        )
        for pair in earned
    }


def _tally(
    pair: int,
    points: Iterable[float],
    bye_boards: int,
    scoring: Scoring,
    bye: ByeScore | None,
    penalty: float = 0.0,
) -> Tally:
    played = list(points)
    n = len(played)
    sum_played = math.fsum(played)  # exact, so the order results came in cannot matter
    if scoring is Scoring.MP:
        if bye is None:  # a sit-out scores nothing: the average of the boards played
            total = (sum_played - penalty) / n if n else 50.0
        else:
            per_bye = BYE_PERCENT.get(bye, sum_played / n if n else 50.0)
            boards = n + bye_boards
            total = (sum_played + bye_boards * per_bye - penalty) / boards if boards else 50.0
    else:
        per_bye = 0.0 if bye is None else BYE_IMPS.get(bye, sum_played / n if n else 0.0)
        total = sum_played + bye_boards * per_bye - penalty
    return Tally(pair, n, bye_boards, round(total, 2) + 0.0)
