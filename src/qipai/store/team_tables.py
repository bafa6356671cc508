"""The team events' repository: which live table plays which room of a team match.

A team event is a ``events`` row like any event (:class:`~.events.EventStore`
creates, saves and reads it, its kind ``team:<format>``: :func:`is_team_kind`); this holds the
one thing a pair event has not, the room of a match each of its tables plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from .models import TeamMatchTable

__all__ = ["TEAM_KIND", "RoomTable", "TeamTableStore", "is_team_kind"]

TEAM_KIND = "team:"
"""The prefix of a team event's kind in ``events.kind`` (``team:round-robin``...)."""


def is_team_kind(kind: str) -> bool:
    """Whether a stored event of ``kind`` is a team event (not a pair event)."""
    return kind.startswith(TEAM_KIND)


@dataclass(frozen=True)
class RoomTable:
    """Where a table of a team event belongs."""

    event_id: int
    round: int
    match: int
    segment: int
    room: str
    table_id: int


class TeamTableStore:
    """Links of team matches' rooms to live tables (one transaction per call)."""

    def __init__(self, session: sessionmaker[Session]) -> None:
        self._session = session

    def link(self, room: RoomTable) -> None:
        with self._session.begin() as s:
            s.add(
                TeamMatchTable(
                    table_id=room.table_id,
                    event_id=room.event_id,
                    round=room.round,
                    match=room.match,
                    segment=room.segment,
                    room=room.room,
                )
            )

    def rooms(self, event_id: int) -> list[RoomTable]:
        """Every room table of the event, in the order its tables were made."""
        with self._session() as s:
            rows = s.scalars(
                select(TeamMatchTable)
                .where(TeamMatchTable.event_id == event_id)
                .order_by(TeamMatchTable.table_id)
            )
            return [_room(r) for r in rows]

    def room_of(self, table_id: int) -> RoomTable | None:
        """The room that table ``table_id`` plays, or None (not a team event's table)."""
        with self._session() as s:
            row = s.get(TeamMatchTable, table_id)
            return None if row is None else _room(row)


def _room(r: TeamMatchTable) -> RoomTable:
    return RoomTable(r.event_id, r.round, r.match, r.segment, r.room, r.table_id)
