"""Hand records of boards played at a table: the board rebuilt from its part of the event log,
as JSON for the page (with the analysis and the other tables' results) and as PBN or LIN.

The other tables' results are compared by the table's method (``scoring.board_method``: an
event's table by its event's own).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..analysis import DDTable, Par
from ..bridge import BoardState, Seat
from ..duplicate import Method
from ..events.settings import Scoring
from ..formats import Record, write_lin, write_pbn
from ..store import Store, TableBoardRecord
from .analysis import Analyst
from .scoring import board_method, comparison
from .table_log import EntryType, fold
from .table_state import Entry, TableState

log = logging.getLogger("qipai.server")

WARM_BACKLOG = 4
"""Analyses waiting for DDS beyond which a finished board is not analysed ahead of time."""


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """A board as its events left it: the final state (undone actions gone), who played,
    each call's Chinese explanation and when it finished."""

    board_no: int
    board: BoardState
    players: dict[str, str | None]
    """Name by seat letter; None for a robot (or where the log does not say)."""
    explanations_zh: tuple[str, ...]
    finished_ms: int | None


def played_board(table_id: int, events: Iterable[Entry]) -> PlayedBoard:
    """Fold one board's events (from its ``board_started`` to its ``board_done``)."""
    state = TableState(id=table_id, seed="", robots=False)
    players: dict[str, str | None] = {}
    finished: int | None = None
    for event in events:
        kind, p = event
        if kind == EntryType.BOARD_STARTED:
            raw = p.get("players")
            players = dict(raw) if isinstance(raw, dict) else {}
        if kind == EntryType.BOARD_DONE:
            t = p.get("t")
            finished = t if isinstance(t, int) else None
        state = fold(state, event)
    board = state.board
    if board is None:
        raise ValueError("the events hold no board")
    return PlayedBoard(state.board_no, board, players, state.explanations_zh, finished)


def record_json(
    played: PlayedBoard,
    *,
    table_id: int,
    scoring: str,
    method: Method | None = None,
    dd: DDTable | None,
    par_: Par | None,
    costs: Sequence[int] | None,
    results: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """The whole hand record for the page: the deal, every call with both explanations, every
    card with its DD cost, the tricks, the result, the DD table, par and the other tables,
    compared by ``method`` (default: the table's own ``scoring``'s)."""
    b = played.board
    play: list[dict[str, Any]] = []
    tricks: list[dict[str, Any]] = []
    i = 0
    for trick in b.tricks:
        cards = []
        for seat, card in trick.played_by():
            cost = costs[i] if costs is not None and i < len(costs) else None
            play.append({"seat": seat.letter, "card": str(card), "cost": cost})
            cards.append({"seat": seat.letter, "card": str(card)})
            i += 1
        tricks.append(
            {
                "leader": trick.leader.letter,
                "cards": cards,
                "winner": trick.winner.letter if trick.is_complete else None,
            }
        )
    auction = []
    for n, e in enumerate(b.auction.entries):
        zh = played.explanations_zh[n] if n < len(played.explanations_zh) else ""
        auction.append(
            {
                "seat": e.seat.letter,
                "call": str(e.call),
                "alert": e.alert,
                "explanation": e.explanation,
                "explanation_zh": zh if e.explanation else "",
            }
        )
    return {
        "table_id": table_id,
        "board_no": played.board_no,
        "number": b.number,
        "dealer": b.dealer.letter,
        "vulnerability": str(b.vulnerability),
        "deal": b.deal.pbn(),
        "hands": {s.letter: [str(c) for c in b.deal[s]] for s in Seat},
        "players": played.players,
        "auction": auction,
        "play": play,
        "tricks": tricks,
        "contract": None if b.contract is None else str(b.contract),
        "declarer": None if b.declarer is None else b.declarer.letter,
        "tricks_taken": b.declarer_tricks,
        "claimed": b.claimed_tricks,
        "score_ns": b.score_ns,
        "scoring": scoring,
        "method": (method or board_method(scoring)).value,
        "dd": None if dd is None else dd.to_dict(),
        "par": None
        if par_ is None
        else {
            "score": par_.score,
            "contracts": [str(c) for c in par_.contracts],
            "text": par_.par_contract(),
        },
        "results": list(results),
    }


def export(
    played: PlayedBoard,
    fmt: str,
    *,
    table_name: str,
    scoring: str,
    dd: DDTable | None = None,
    par_: Par | None = None,
) -> str:
    """The board as a PBN or LIN file (``fmt`` ``pbn`` or ``lin``)."""
    tags: list[tuple[str, str]] = [("Event", table_name), ("Site", "qipai")]
    if played.finished_ms is not None:
        when = datetime.fromtimestamp(played.finished_ms / 1000, UTC)
        tags.append(("Date", when.strftime("%Y.%m.%d")))
    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    for letter, tag in names.items():
        who = played.players.get(letter)
        tags.append((tag, who if who else "Robot" if letter in played.players else ""))
    tags.append(("Scoring", scoring))
    if dd is not None:
        tags.append(("DoubleDummyTricks", dd.pbn()))
    if par_ is not None:
        tags.append(("OptimumScore", par_.optimum_score()))
        tags.append(("ParContract", par_.par_contract()))
    record = Record.from_state(played.board, tags=tags)
    return write_pbn([record]) if fmt == "pbn" else write_lin([record])


EventScoring = Callable[[int], Awaitable[Scoring | None]]
"""The scoring of table ``table_id``'s event, or None for a club table."""


class BoardNotReady(Exception):
    """A hand record that cannot be shown (yet): the message says why."""


class BoardRecords:
    """Hand records of finished boards, with their analysis: each board's events read from the
    store, its DD table (cached per deal), par and DD costs (cached on the board) computed off
    the event loop, and the results of the same board at every table."""

    def __init__(self, store: Store, analyst: Analyst) -> None:
        self.store = store
        self.analyst = analyst
        self.event_scoring: EventScoring | None = None
        """The scoring of the event a table belongs to (None: a club table); set by the
        events (``event_runner.EventRunner``)."""
        self._costs: dict[tuple[int, int], asyncio.Future[list[int] | None]] = {}
        self._warming = 0

    async def played(self, table_id: int, board_no: int) -> tuple[TableBoardRecord, PlayedBoard]:
        row = await asyncio.to_thread(self.store.board, table_id, board_no)
        if row is None:
            raise BoardNotReady(f"board {board_no} has not been dealt at this table")
        if not row.done:
            raise BoardNotReady(f"board {board_no} is still being played")
        after = (row.first_seq or 1) - 1
        events = await asyncio.to_thread(self.store.entries, table_id, after, None, row.last_seq)
        if row.first_seq is None:  # a board logged before the ranges were kept: find its start
            start = max(
                i
                for i, e in enumerate(events)
                if e.type == EntryType.BOARD_STARTED and e.payload.get("board_no") == board_no
            )
            events = events[start:]
        return row, played_board(table_id, [(e.type, e.payload) for e in events])

    async def costs(self, row: TableBoardRecord, played: PlayedBoard) -> list[int] | None:
        """The board's DD costs, computed once (concurrent askers share the computation)."""
        if row.dd_costs is not None:
            return row.dd_costs
        key = (row.table_id, row.board_no)
        pending = self._costs.get(key)
        if pending is None:
            pending = asyncio.ensure_future(self._compute_costs(row, played))
            self._costs[key] = pending
            pending.add_done_callback(lambda _f: self._costs.pop(key, None))
        return await asyncio.shield(pending)

    async def _compute_costs(self, row: TableBoardRecord, played: PlayedBoard) -> list[int] | None:
        costs = await self.analyst.dd_costs(played.board)
        if costs is not None:
            await self.analyst.save(self.store.save_dd_costs, row.table_id, row.board_no, costs)
        return costs

    async def analysis(self, played: PlayedBoard) -> tuple[DDTable | None, Par | None]:
        b = played.board
        dd = await self.analyst.dd_table(b.deal.pbn())
        p = await self.analyst.par(dd, b.dealer, b.vulnerability) if dd is not None else None
        return dd, p

    async def warm(self, table_id: int, board_no: int) -> None:
        """Compute a finished board's analysis ahead of the first request (the actor calls this
        when a board ends); skipped while DDS is behind (a request computes it then)."""
        if self._warming >= WARM_BACKLOG or self.analyst.backlog >= WARM_BACKLOG:
            return
        self._warming += 1
        try:
            row, played = await self.played(table_id, board_no)
            await self.analysis(played)
            await self.costs(row, played)
        except BoardNotReady:
            pass
        except Exception:
            log.exception("table %s: could not analyse board %s", table_id, board_no)
        finally:
            self._warming -= 1

    async def record(self, table_id: int, board_no: int) -> dict[str, Any]:
        """The hand record of a finished board, as JSON for the page."""
        row, played = await self.played(table_id, board_no)
        (dd, p), costs = await asyncio.gather(self.analysis(played), self.costs(row, played))
        others = await asyncio.to_thread(self.store.same_board, row.number, row.deal)
        event = await self.event_scoring(table_id) if self.event_scoring is not None else None
        method = board_method(row.scoring, event)
        scored = comparison(
            [(o.table_id, o.score_ns if o.score_ns is not None else 0) for o in others],
            method,
        )
        results = []
        for o, sc in zip(others, scored, strict=True):
            results.append(
                {
                    **sc,
                    "table_name": o.table_name,
                    "board_no": o.board_no,
                    "contract": o.contract,
                    "declarer": o.declarer,
                    "tricks": o.declarer_tricks,
                    "this": o.table_id == table_id and o.board_no == board_no,
                }
            )
        return record_json(
            played,
            table_id=table_id,
            scoring=row.scoring,
            method=method,
            dd=dd,
            par_=p,
            costs=costs,
            results=results,
        )

    async def export(self, table_id: int, board_no: int, fmt: str) -> str:
        row, played = await self.played(table_id, board_no)
        dd, p = await self.analysis(played)
        return export(played, fmt, table_name=row.table_name, scoring=row.scoring, dd=dd, par_=p)
