"""One scoring vocabulary for the server, mapped in one function.

Three vocabularies meet here. A club table's settings say ``MP`` or ``IMP`` (what its robots
play for, and the ``scoring`` of its summary and hand record, on the wire as ever). An event's
settings say ``ximp``, ``imp`` or ``mp`` (:class:`qipai.events.Scoring`), where ``imp`` means
IMPs against the Butler datum. ``qipai.duplicate.Method`` names how boards are compared:
``mp``, ``ximp`` (cross-IMPs), ``butler`` (``imp`` is its other name there).

The server speaks ``Method``: :func:`board_method` is the one map from a table's settings (and
its event's, where it has one) to the way its boards are compared, and :func:`comparison`
compares one board's results that way. So a board of an event is shown everywhere — the event's
pages, the table's hand record (JSON and page), the table's scoring tag — with the event's own
method: a Butler event's hand record shows the Butler IMPs its standings add up, not
cross-IMPs.

>>> board_method("IMP"), board_method("IMP", Scoring.IMP), board_method("MP", Scoring.MP)
(<Method.XIMP: 'ximp'>, <Method.BUTLER: 'butler'>, <Method.MP: 'mp'>)
>>> rows = [(1, 420), (2, 450), (3, 420)]
>>> [r["mp"] for r in comparison(rows, Method.MP)], [r["pct"] for r in comparison(rows, Method.MP)]
([1.0, 4.0, 1.0], [25.0, 100.0, 25.0])
>>> [r["imps"] for r in comparison(rows, Method.XIMP)]
[-0.5, 1.0, -0.5]
>>> [r["imps"] for r in comparison([(1, 620), (2, 170)], Method.BUTLER)]  # datum 400
[6.0, -6.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..duplicate import Method, butler, cross_imps, matchpoint_top, matchpoints
from ..events.scoring import BUTLER_TRIM
from ..events.settings import Scoring

TABLE_SCORINGS = ("MP", "IMP")
"""A table's ``scoring`` setting: matchpoints, or IMPs (cross-IMPs at a club table)."""

EVENT_METHODS = {Scoring.XIMP: Method.XIMP, Scoring.IMP: Method.BUTLER, Scoring.MP: Method.MP}
"""An event's scoring as the method its boards are compared by."""

LABEL_KEYS = {Method.MP: "mp", Method.XIMP: "imp", Method.BUTLER: "imp"}
"""The i18n key naming a club table's method (an event's table names its event's own)."""


def board_method(table_scoring: str, event_scoring: Scoring | None = None) -> Method:
    """How the boards of a table are compared: by its event's scoring where it has an event,
    else by its own setting (``MP``: matchpoints; ``IMP``: cross-IMPs, which with two results
    are the plain IMPs of a match)."""
    if event_scoring is not None:
        return EVENT_METHODS[event_scoring]
    return Method.MP if table_scoring == "MP" else Method.XIMP


def label_key(table_scoring: str, event_scoring: Scoring | None = None) -> str:
    """The i18n key of the scoring a table's tag names: its event's own (cross-IMPs, Butler
    IMPs or matchpoints), else MP or IMP."""
    if event_scoring is not None:
        return "ev_scoring_" + event_scoring.value
    return LABEL_KEYS[board_method(table_scoring)]


def table_scoring(event_scoring: Scoring) -> str:
    """The ``scoring`` setting of an event's table: what its robots play for."""
    return "MP" if event_scoring is Scoring.MP else "IMP"


def comparison(rows: Sequence[tuple[int, int]], method: Method) -> list[dict[str, Any]]:
    """Each (table, NS score) result of one board scored against the others by ``method``:
    NS matchpoints and percentage (``mp``), NS cross-IMPs (``ximp``) or NS IMPs against the
    Butler datum, trimmed as events trim it (``butler``/``imp``)."""
    scores = [score for _, score in rows]
    out: list[dict[str, Any]] = [{"table_id": t, "score_ns": s} for t, s in rows]
    if method is not Method.MP:
        if method is Method.XIMP:
            points = cross_imps(scores)
        elif method in (Method.BUTLER, Method.IMP):
            points = butler(scores, BUTLER_TRIM)
        else:
            raise ValueError(f"a board is not compared by {method.value} at a table")
        for row, x in zip(out, points, strict=True):
            row["imps"] = round(x, 2)
        return out
    top = matchpoint_top(len(scores)) if scores else 0
    for row, mp in zip(out, matchpoints(scores), strict=True):
        row["mp"] = mp
        row["pct"] = round(100.0 * mp / top, 1) if top else 50.0
    return out
