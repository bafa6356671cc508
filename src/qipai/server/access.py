"""Who may see a board's deal and its results, asked by every route that can show one.

One rule, two cases:

* **A table of an event** (a round's table): :mod:`qipai.events.disclosure` — everyone once the
  round is over; a player of the round once their own table has finished the board; the
  director while not playing, always.
* **A room of a team match**: :func:`qipai.events.disclosure.may_see_team_board` — no one
  sees one room's result or play of a board before the other room has finished it (a player
  waits for both rooms of their own match, anyone else for every match of the round); a
  member of a team of the round may not watch its tables.
* **A club table**: a finished board is for everyone except a person still to play the same
  deal at a live table (a board set deals the same boards at every table of the set).

:func:`finished_board` checks a hand-record request (the JSON, the page, PBN and LIN). The
table summary (``/api/tables/{id}``), the hand record, the event's
views, pages and files, and the table websocket (who may watch an event's table) all ask here;
``tests/server/test_access.py`` walks every route.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request

from ..events.disclosure import (
    may_see_board,
    may_see_team_board,
    may_watch_team_round,
    shown_boards,
)
from ..store import TableRecord, UserRecord
from ..store.team_tables import RoomTable
from .actor import TableActor
from .context import current_user, may_view, srv
from .event_runner import LiveEvent
from .team_events import LiveTeamEvent

__all__ = [
    "board_refusal",
    "event_shown",
    "finished_board",
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
    seated = [r for r in s.rounds if board in r.boards]  # a movement's board travels
    if board < 1 or not seated:
        return HTTPException(404, f"board {board} has not been played in this event")
    rnd = s.current_round or seated[-1]
    pair = s.pair_of(name) if name is not None else None
    if pair is not None and rnd.table_of(pair.number) is not None:
        return HTTPException(403, f"you have still to play board {board}: not yet")
    return HTTPException(409, f"board {board} is in the round being played: wait for its end")


@dataclass(frozen=True)
class TeamRoom:
    """A table that plays a room of a team match, and its event."""

    event: LiveTeamEvent
    room: RoomTable


def team_refusal(at: TeamRoom, user: UserRecord | None, board: int) -> HTTPException | None:
    """None when ``user`` may see board ``board`` of a team match's room now; else why not."""
    live, room = at.event, at.room
    name = None if user is None else user.name
    director = user is not None and user.id == live.director_id
    if may_see_team_board(live.state, room.round, board, name, director=director):
        return None
    if name is not None and any(t.has(name) for t in live.state.teams):
        return HTTPException(
            403, f"board {board} is not finished in both rooms of your match: not yet"
        )
    return HTTPException(
        409, f"board {board} is not finished in both rooms of every match of round {room.round}"
    )


async def team_room(conn: HTTPConnection, table_id: int) -> TeamRoom | None:
    """The team match room table ``table_id`` plays, or None."""
    teams = srv(conn).team_events
    room = None if teams is None else await teams.room_of(table_id)
    if teams is None or room is None:
        return None
    live = await teams.read(room.event_id)
    return None if live is None else TeamRoom(live, room)


async def table_event(
    conn: HTTPConnection, table_id: int, actor: TableActor | None = None
) -> LiveEvent | TeamRoom | None:
    """The event a table belongs to, or None for a club table: a live table knows (its
    ``event_table``), a table no longer live is looked up in the store. A team match's room
    is a :class:`TeamRoom`."""
    room = await team_room(conn, table_id)
    if room is not None:
        return room
    events = srv(conn).events
    if events is None:
        return None
    if actor is not None:
        where = actor.state.event_table
        linked = where.get("event") if where is not None else None
        return await events.read(linked) if isinstance(linked, int) else None
    event_id = await asyncio.to_thread(events.store.event_store.event_of_table, table_id)
    return None if event_id is None else await events.read(event_id)


def board_refusal(
    conn: HTTPConnection,
    user: UserRecord | None,
    table_id: int,
    number: int,
    deal: str,
    event: LiveEvent | TeamRoom | None,
) -> HTTPException | None:
    """None when ``user`` may see board ``number`` (dealt ``deal``) of table ``table_id`` now;
    else why not. ``event`` is the table's (:func:`table_event`; None at a club table). The
    board is finished at that table (the caller checks)."""
    if isinstance(event, TeamRoom):
        return team_refusal(event, user, number)
    if event is not None:
        return event_refusal(event, user, number)
    if user is None:
        return None
    other = srv(conn).tables.still_to_play(user.id, number, deal)
    if other is not None and other.id != table_id:
        return HTTPException(
            403, f"you have still to play this board at table #{other.id}: not yet"
        )
    return None


async def shown_results(
    conn: HTTPConnection,
    user: UserRecord | None,
    actor: TableActor,
    boards: Iterable[tuple[int, str]],
) -> set[int]:
    """Of a live table's finished boards (number, deal), the numbers ``user`` may see now."""
    event = await table_event(conn, actor.id, actor)
    return {
        number
        for number, deal in boards
        if board_refusal(conn, user, actor.id, number, deal, event) is None
    }


async def watch_refusal(
    conn: HTTPConnection, user: UserRecord | None, actor: TableActor
) -> HTTPException | None:
    """Why ``user``, not seated there, may not watch a table now (None: they may): an event's
    table while its round is played. Watching shows every card as it is played, so it needs
    every board of the table's round."""
    live = await table_event(conn, actor.id, actor)
    if isinstance(live, TeamRoom):
        name = None if user is None else user.name
        if may_watch_team_round(live.event.state, live.room.round, name):
            return None
        return HTTPException(
            403,
            f"round {live.room.round} is being played: a player of it may not watch its tables",
        )
    if live is None or actor.state.event_table is None:
        return None
    round_no = actor.state.event_table.get("round")
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


async def finished_board(request: Request) -> tuple[TableRecord, int]:
    """The table and board number of a hand-record request, checked: the table is visible to
    this user, and the user is not sitting at a table where this deal is still to come. A
    closed table (an event's round over, or closed before a restart) is read from the store."""
    table_id = int(request.path_params["table_id"])
    board_no = int(request.path_params["board_no"])
    user = await current_user(request)
    server = srv(request)
    actor = server.tables.get(table_id)
    if actor is not None:
        if not may_view(request, actor, user):
            raise HTTPException(403, "a private table: open it with its invitation link")
        if board_no < 1 or board_no > actor.state.board_no:
            raise HTTPException(404, f"board {board_no} has not been dealt at this table")
        if board_no == actor.state.board_no and actor.state.in_progress:
            raise HTTPException(409, f"board {board_no} is still being played")
        record = actor.record
        deal = actor.state.deal_for(board_no).pbn()
        number = actor.state.number_of(board_no)
    else:
        found = await asyncio.to_thread(server.store.table, table_id)
        if found is None:
            raise HTTPException(404, "no such table")
        record = found
        if record.private and not may_view_record(request, record, user):
            raise HTTPException(403, "a private table: open it with its invitation link")
        row = await asyncio.to_thread(server.store.board, table_id, board_no)
        if row is None:
            raise HTTPException(404, f"board {board_no} has not been dealt at this table")
        if not row.done:
            raise HTTPException(409, f"board {board_no} was not finished at this table")
        deal, number = row.deal, row.number
    event = await table_event(request, table_id, actor)
    refusal = board_refusal(request, user, table_id, number, deal, event)
    if refusal is not None:
        raise refusal
    return record, board_no


def may_view_record(conn: HTTPConnection, record: TableRecord, user: UserRecord | None) -> bool:
    """``may_view`` for a table that is not live: its owner, who sat there, the invited."""
    if user is not None and (user.id == record.owner_id or user.id in record.seats.values()):
        return True
    invites = conn.session.get("invites")
    return isinstance(invites, list) and record.id in invites
