"""The events repository: events, their logs, the tables of their rounds, masterpoints.

An event's whole state is one JSON document (``qipai.events.to_json``). Each change writes the
new state, a line of the log saying what happened, and (once final) the masterpoint awards, in
one transaction, guarded by a version number: a writer that read an older version is refused
(``StoreError``) instead of overwriting a newer state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session, sessionmaker

from .models import Event, EventLog, EventTable, MasterpointAward
from .records import Award, EventRecord, LogLine, StoreError, aware


class EventStore:
    """Repositories for events, over the store's sessions and clock (one transaction per
    call)."""

    def __init__(self, session: sessionmaker[Session], now: Callable[[], datetime]) -> None:
        self._session = session
        self._now = now

    def create(
        self,
        *,
        kind: str,
        name: str,
        director_id: int | None,
        status: str,
        state: str,
        starts_at: datetime,
        log: LogLine,
    ) -> EventRecord:
        now = self._now()
        with self._session.begin() as s:
            row = Event(
                kind=kind,
                name=name,
                status=status,
                director_id=director_id,
                state=state,
                version=1,
                starts_at=starts_at,
                created_at=now,
                updated_at=now,
            )
            s.add(row)
            s.flush()
            s.add(
                EventLog(
                    event_id=row.id, seq=1, type=log[0], payload=log[1], created_at=now
                )
            )
            return _record(row)

    def save(
        self,
        event_id: int,
        version: int,
        *,
        status: str,
        state: str,
        log: Sequence[LogLine],
        awards: Sequence[tuple[str, int, int]] = (),
        replace_awards: bool = False,
    ) -> int:
        """Replace the state written as ``version`` with ``state`` and append ``log``; with
        ``awards`` (player, place, points) also record the masterpoints (once per player and
        event; ``replace_awards``: instead of the event's awards written before, as a ruling in
        the correction period changes the standings). Returns the new version; StoreError when
        the stored version is not ``version``."""
        now = self._now()
        with self._session.begin() as s:
            done = s.execute(
                update(Event)
                .where(Event.id == event_id, Event.version == version)
                .values(status=status, state=state, version=version + 1, updated_at=now)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise StoreError(f"event {event_id} is not at version {version}")
            last = s.scalar(
                select(func.max(EventLog.seq)).where(
                    EventLog.event_id == event_id
                )
            )
            for i, (kind, payload) in enumerate(log, start=(last or 0) + 1):
                s.add(
                    EventLog(
                        event_id=event_id,
                        seq=i,
                        type=kind,
                        payload=payload,
                        created_at=now,
                    )
                )
            if replace_awards:
                s.execute(
                    delete(MasterpointAward).where(MasterpointAward.event_id == event_id)
                )
            have = set(
                s.scalars(
                    select(MasterpointAward.player).where(
                        MasterpointAward.event_id == event_id
                    )
                )
            )
            for player, place, points in awards:
                if player not in have:
                    s.add(
                        MasterpointAward(
                            event_id=event_id,
                            player=player,
                            place=place,
                            points=points,
                            awarded_at=now,
                        )
                    )
        return version + 1

    def get(self, event_id: int) -> EventRecord | None:
        with self._session() as s:
            row = s.get(Event, event_id)
            return None if row is None else _record(row)

    def listing(
        self, statuses: Sequence[str] | None = None, limit: int = 100
    ) -> list[EventRecord]:
        """Events, newest start first (only those of ``statuses`` when given)."""
        with self._session() as s:
            q = select(Event).order_by(Event.starts_at.desc(), Event.id.desc())
            if statuses is not None:
                q = q.where(Event.status.in_(list(statuses)))
            return [_record(r) for r in s.scalars(q.limit(limit))]

    def log(self, event_id: int) -> list[tuple[int, str, dict[str, Any], datetime]]:
        with self._session() as s:
            rows = s.execute(
                select(
                    EventLog.seq,
                    EventLog.type,
                    EventLog.payload,
                    EventLog.created_at,
                )
                .where(EventLog.event_id == event_id)
                .order_by(EventLog.seq)
            )
            return [(seq, kind, payload, at) for seq, kind, payload, at in rows]

    def tables(self, event_id: int) -> dict[tuple[int, int], int]:
        """The live table id of each (round, table number) of an event."""
        with self._session() as s:
            rows = s.execute(
                select(
                    EventTable.round, EventTable.table_no, EventTable.table_id
                ).where(EventTable.event_id == event_id)
            )
            return {(r, n): t for r, n, t in rows}

    def event_of_table(self, table_id: int) -> int | None:
        """The event whose round table ``table_id`` is, or None for a club table."""
        with self._session() as s:
            return s.scalar(
                select(EventTable.event_id).where(EventTable.table_id == table_id)
            )

    def awards(self, player: str) -> list[Award]:
        """A player's masterpoint awards, newest first."""
        with self._session() as s:
            rows = s.execute(
                select(MasterpointAward, Event.name)
                .join(Event, Event.id == MasterpointAward.event_id)
                .where(MasterpointAward.player == player)
                .order_by(MasterpointAward.awarded_at.desc(), MasterpointAward.id.desc())
            )
            return [
                Award(a.event_id, name, a.player, a.place, a.points, a.awarded_at)
                for a, name in rows
            ]


def _record(row: Event) -> EventRecord:
    return EventRecord(
        id=row.id,
        kind=row.kind,
        name=row.name,
        status=row.status,
        director_id=row.director_id,
        state=row.state,
        version=row.version,
        starts_at=aware(row.starts_at),
    )
