"""Who may see a board's deal and its results, asked by every route that can show one.

One rule, two cases:

* **A table of an event** (a round's table): :mod:`qipai.events.disclosure` — everyone once the
  round is over; a player of the round once their own table has finished the board; the
  director while not playing, always.
* **A club table**: a finished board is for everyone except a person still to play the same
  deal at a live table (a board set deals the same boards at every table of the set).

The table summary (``/api/tables/{id}``), the hand record (JSON, page, PBN, LIN), the event's
views, pages and files, and the table websocket (who may watch an event's table) all ask here;
``tests/server/test_access.py`` walks every route.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

from ..events.disclosure import may_see_board, shown_boards
from ..store import UserRecord
from .tables import Tables
from .tournaments import LiveEvent, Tournaments

__all__ = [
    "board_refusal",
    "event_shown",
    "is_director",
    "table_event",
    "watch_refusal",
]


def is_director(live: LiveEvent, user: UserRecord | None) -> bool:
    return user is not None and user.id == live.director_id


def event_shown(live: LiveEvent, user: UserRecord | None) -> frozenset[int]:
    """The boards of the event whose deals and results ``user`` may see now."""
    name = None if user is None else user.name
    return shown_boards(live.state, name, director=is_director(live, user))


def event_refusal(live: LiveEvent, user: UserRecord | None, board: int) -> HTTPException | None:
    """None when ``user`` may see board ``board`` of the event now; else the error that says
    why not (403 for a player still to play it, 409 for everyone else, 404 if not dealt)."""
    name = None if user is None else user.name
    if may_see_board(live.state, board, name, director=is_director(live, user)):
        return None
    s = live.state
    if board < 1 or s.round_of_board(board) > len(s.rounds):
        return HTTPException(404, f"board {board} has not been played in this event")
    rnd = s.rounds[s.round_of_board(board) - 1]
    pair = s.pair_of(name) if name is not None else None
    if pair is not None and rnd.table_of(pair.number) is not None:
        return HTTPException(403, f"you have still to play board {board}: not yet")
    return HTTPException(409, f"board {board} is in the round being played: wait for its end")


async def table_event(
    conn: HTTPConnection, table_id: int, tournament: dict[str, object] | None = None
) -> LiveEvent | None:
    """The event a table belongs to (from a live table's ``tournament``, else the store), or
    None for a club table."""
    events: Tournaments | None = conn.app.state.server.tournaments
    if events is None:
        return None
    linked = tournament.get("event") if tournament is not None else None
    event_id = linked if isinstance(linked, int) else None
    if event_id is None:
        event_id = await asyncio.to_thread(events.store.tournaments.event_of_table, table_id)
    return None if event_id is None else await events.read(event_id)


async def board_refusal(
    conn: HTTPConnection,
    user: UserRecord | None,
    table_id: int,
    number: int,
    deal: str,
    tournament: dict[str, object] | None = None,
) -> HTTPException | None:
    """None when ``user`` may see board ``number`` (dealt ``deal``) of table ``table_id`` now;
    else why not. The board is finished at that table (the caller checks)."""
    live = await table_event(conn, table_id, tournament)
    if live is not None:
        return event_refusal(live, user, number)
    if user is None:
        return None
    tables: Tables = conn.app.state.server.tables
    other = tables.still_to_play(user.id, number, deal)
    if other is not None and other.id != table_id:
        return HTTPException(
            403, f"you have still to play this board at table #{other.id}: not yet"
        )
    return None


async def shown_results(
    conn: HTTPConnection,
    user: UserRecord | None,
    table_id: int,
    boards: Iterable[tuple[int, str]],
    tournament: dict[str, object] | None = None,
) -> set[int]:
    """Of a table's finished boards (number, deal), the numbers ``user`` may see now."""
    return {
        number
        for number, deal in boards
        if await board_refusal(conn, user, table_id, number, deal, tournament) is None
    }


async def watch_refusal(
    conn: HTTPConnection, user: UserRecord | None, table_id: int, tournament: dict[str, object]
) -> HTTPException | None:
    """Why ``user``, not seated there, may not watch an event's table now (None: they may).
    Watching shows every card as it is played, so it needs every board of the table's round."""
    live = await table_event(conn, table_id, tournament)
    if live is None:
        return None
    round_no = tournament.get("round")
    s = live.state
    if not isinstance(round_no, int) or not 1 <= round_no <= len(s.rounds):
        return None
    hidden = set(s.rounds[round_no - 1].boards) - event_shown(live, user)
    if hidden:
        return HTTPException(
            403,
            f"round {round_no} is being played: its tables may be watched by its director, "
            "and by its players once they have finished its boards",
        )
    return None
