"""Repositories: the only code that reads and writes rows. Plain records go in and out, never
ORM objects, so callers hold no session. Calls are synchronous; async code runs them in a thread.

Each call is one transaction. ``append_events`` writes a table's new events and the projections
that follow from them (seats, boards, the table's status) together, refusing if another writer
got there first (the expected last sequence number no longer matches).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .db import connect, migrate
from .models import (
    EVENT_VERSION,
    BridgeTable,
    Setting,
    TableBoard,
    TableEvent,
    TableSeat,
    User,
)

SEATS = ("N", "E", "S", "W")


class StoreError(Exception):
    """A write the store refused: a name already taken, a lost race for a sequence number."""


@dataclass(frozen=True, slots=True)
class UserRecord:
    id: int
    name: str
    is_guest: bool
    password_hash: str | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: int
    name: str
    owner_id: int | None
    scoring: str
    robot_level: int | None
    """The robots' level, or None where empty seats wait for people."""
    private: bool
    invite_token: str = field(repr=False)
    seed: str = field(repr=False)
    status: str
    last_seq: int
    seats: dict[str, int | None]
    """User id by seat letter, None where empty."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    seq: int
    type: str
    payload: dict[str, Any]


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Repositories over one engine."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime] = _now) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)
        self._clock = clock

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect to ``url`` and apply every migration."""
        engine = connect(url)
        migrate(engine)
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- settings ---------------------------------------------------------------------------

    def setting(self, key: str, default: Callable[[], str]) -> str:
        """The stored value of ``key``, storing ``default()`` first if there is none."""
        with self._session.begin() as s:
            row = s.get(Setting, key)
            if row is not None:
                return row.value
            value = default()
            s.add(Setting(key=key, value=value))
        return value

    # -- users ------------------------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, *, guest: bool) -> UserRecord:
        """A new user; StoreError if the name (ignoring case) is taken."""
        try:
            with self._session.begin() as s:
                taken = s.scalar(select(User.id).where(func.lower(User.name) == name.lower()))
                if taken is not None:
                    raise StoreError(f"the name {name!r} is taken")
                user = User(
                    name=name,
                    password_hash=password_hash,
                    is_guest=guest,
                    created_at=self._clock(),
                )
                s.add(user)
                s.flush()
                return _user(user)
        except IntegrityError:
            raise StoreError(f"the name {name!r} is taken") from None

    def user(self, user_id: int) -> UserRecord | None:
        with self._session() as s:
            row = s.get(User, user_id)
            return None if row is None else _user(row)

    def user_by_name(self, name: str) -> UserRecord | None:
        with self._session() as s:
            row = s.scalar(select(User).where(func.lower(User.name) == name.lower()))
            return None if row is None else _user(row)

    def user_names(self, ids: Iterable[int]) -> dict[int, str]:
        wanted = set(ids)
        if not wanted:
            return {}
        with self._session() as s:
            rows = s.execute(select(User.id, User.name).where(User.id.in_(wanted)))
            return {i: n for i, n in rows}

    # -- tables -----------------------------------------------------------------------------

    def create_table(
        self,
        *,
        name: str,
        owner_id: int | None,
        scoring: str,
        robot_level: int | None,
        private: bool,
        invite_token: str,
        seed: str,
    ) -> TableRecord:
        """A new open table with four empty seats and no events yet."""
        now = self._clock()
        with self._session.begin() as s:
            row = BridgeTable(
                name=name,
                owner_id=owner_id,
                scoring=scoring,
                robot_level=robot_level,
                private=private,
                invite_token=invite_token,
                seed=seed,
                status="open",
                last_seq=0,
                created_at=now,
                updated_at=now,
            )
            s.add(row)
            s.flush()
            for seat in SEATS:
                s.add(TableSeat(table_id=row.id, seat=seat, user_id=None))
            return _table(row, dict.fromkeys(SEATS))

    def table(self, table_id: int) -> TableRecord | None:
        with self._session() as s:
            row = s.get(BridgeTable, table_id)
            if row is None:
                return None
            return _table(row, self._seats(s, [table_id])[table_id])

    def table_by_invite(self, token: str) -> TableRecord | None:
        with self._session() as s:
            row = s.scalar(select(BridgeTable).where(BridgeTable.invite_token == token))
            if row is None:
                return None
            return _table(row, self._seats(s, [row.id])[row.id])

    def open_tables(self) -> list[TableRecord]:
        """Every table not closed, oldest first."""
        with self._session() as s:
            rows = list(
                s.scalars(
                    select(BridgeTable)
                    .where(BridgeTable.status != "closed")
                    .order_by(BridgeTable.id)
                )
            )
            seats = self._seats(s, [r.id for r in rows])
            return [_table(r, seats[r.id]) for r in rows]

    @staticmethod
    def _seats(s: Session, ids: Sequence[int]) -> dict[int, dict[str, int | None]]:
        out: dict[int, dict[str, int | None]] = {i: dict.fromkeys(SEATS) for i in ids}
        if ids:
            for row in s.scalars(select(TableSeat).where(TableSeat.table_id.in_(ids))):
                out[row.table_id][row.seat] = row.user_id
        return out

    def boards(self, table_id: int) -> list[dict[str, Any]]:
        """The boards played at a table, in order, with their results once done."""
        with self._session() as s:
            rows = s.scalars(
                select(TableBoard)
                .where(TableBoard.table_id == table_id)
                .order_by(TableBoard.board_no)
            )
            return [
                {
                    "board_no": r.board_no,
                    "number": r.number,
                    "contract": r.contract,
                    "declarer": r.declarer,
                    "tricks": r.tricks,
                    "score_ns": r.score_ns,
                    "done": r.finished_at is not None,
                }
                for r in rows
            ]

    # -- the event log ----------------------------------------------------------------------

    def append_events(
        self, table_id: int, after: int, events: Sequence[tuple[str, dict[str, Any]]]
    ) -> int:
        """Write ``events`` as numbers ``after+1...`` with their projections, in one
        transaction; returns the last number. StoreError if ``after`` is not the table's
        last number (another writer moved on) or the table does not exist."""
        if not events:
            return after
        now = self._clock()
        last = after + len(events)
        try:
            with self._session.begin() as s:
                moved = s.execute(
                    update(BridgeTable)
                    .where(BridgeTable.id == table_id, BridgeTable.last_seq == after)
                    .values(last_seq=last, updated_at=now)
                )
                if moved.rowcount != 1:  # type: ignore[attr-defined]
                    raise StoreError(f"table {table_id} is not at event {after}")
                for i, (kind, payload) in enumerate(events, start=after + 1):
                    body = {"v": EVENT_VERSION, **payload}
                    s.add(
                        TableEvent(
                            table_id=table_id, seq=i, type=kind, payload=body, created_at=now
                        )
                    )
                    _project(s, table_id, kind, payload, now)
        except IntegrityError as e:
            raise StoreError(f"table {table_id}: events after {after} already written") from e
        return last

    def events(self, table_id: int, after: int = 0, limit: int | None = None) -> list[EventRecord]:
        """A table's events numbered above ``after``, in order."""
        with self._session() as s:
            q = (
                select(TableEvent.seq, TableEvent.type, TableEvent.payload)
                .where(TableEvent.table_id == table_id, TableEvent.seq > after)
                .order_by(TableEvent.seq)
            )
            if limit is not None:
                q = q.limit(limit)
            return [EventRecord(seq, kind, payload) for seq, kind, payload in s.execute(q)]


def _project(s: Session, table_id: int, kind: str, p: dict[str, Any], now: datetime) -> None:
    """Keep the projections in step with one event (same transaction)."""
    if kind == "seated":
        s.execute(
            update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == p["seat"])
            .values(user_id=p["user_id"])
        )
    elif kind == "stood":
        s.execute(
            update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == p["seat"])
            .values(user_id=None)
        )
    elif kind == "board_started":
        s.add(
            TableBoard(
                table_id=table_id,
                board_no=p["board_no"],
                number=p["number"],
                deal=p["deal"],
                started_at=now,
            )
        )
    elif kind == "board_done":
        s.execute(
            update(TableBoard)
            .where(TableBoard.table_id == table_id, TableBoard.board_no == p["board_no"])
            .values(
                contract=p.get("contract"),
                declarer=p.get("declarer"),
                tricks=p.get("tricks"),
                score_ns=p.get("score_ns"),
                finished_at=now,
            )
        )
    elif kind == "closed":
        s.execute(update(BridgeTable).where(BridgeTable.id == table_id).values(status="closed"))


def _user(row: User) -> UserRecord:
    return UserRecord(row.id, row.name, row.is_guest, row.password_hash)


def _table(row: BridgeTable, seats: dict[str, int | None]) -> TableRecord:
    return TableRecord(
        id=row.id,
        name=row.name,
        owner_id=row.owner_id,
        scoring=row.scoring,
        robot_level=row.robot_level,
        private=row.private,
        invite_token=row.invite_token,
        seed=row.seed,
        status=row.status,
        last_seq=row.last_seq,
        seats=seats,
    )
