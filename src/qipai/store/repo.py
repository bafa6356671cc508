"""Repositories: the only code that reads and writes rows. Plain records go in and out, never
ORM objects, so callers hold no session. Calls are synchronous; async code runs them in a thread.

Each call is one transaction. ``append_entries`` writes a table's new log entries and the
projections that follow from them (seats, boards, the table's status) together, refusing if
another writer got there first (the expected last sequence number no longer matches).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .db import open_checked
from .events import EventStore
from .models import (
    EVENT_VERSION,
    BridgeTable,
    DealAnalysis,
    EventTable,
    Setting,
    TableBoard,
    TableLogEntry,
    TableSeat,
    User,
)
from .names import name_key
from .records import (
    EntryRecord,
    StoreError,
    TableBoardRecord,
    TableRecord,
    UserRecord,
    aware,
)
from .team_tables import TeamTableStore

SEATS = ("N", "E", "S", "W")


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Repositories over one engine."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime] = _now) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)
        self._clock = clock
        self.event_store = EventStore(self._session, self.now)
        self.team_tables = TeamTableStore(self._session)

    @property
    def session(self) -> sessionmaker[Session]:
        """The session factory (for the repositories beside this one)."""
        return self._session

    def now(self) -> datetime:
        return self._clock()

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect to ``url`` and apply every migration; ``db.DatabaseUnusable`` saying what
        and where if the database cannot be read, migrated or written."""
        return cls(open_checked(url))

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

    def put_setting(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (at most 40 characters), replacing any."""
        with self._session.begin() as s:
            s.merge(Setting(key=key, value=value))

    def settings(self, prefix: str) -> dict[str, str]:
        """Every stored setting whose key starts with ``prefix``."""
        with self._session.begin() as s:
            rows = s.scalars(select(Setting).where(Setting.key.startswith(prefix, autoescape=True)))
            return {row.key: row.value for row in rows}

    # -- users ------------------------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, *, guest: bool) -> UserRecord:
        """A new user; StoreError if the name is taken (or one with the same key, ignoring case
        and width: ``names.name_key``)."""
        key = name_key(name)
        try:
            with self._session.begin() as s:
                taken = s.scalar(select(User.id).where(User.name_key == key))
                if taken is not None:
                    raise StoreError(f"the name {name!r} is taken")
                user = User(
                    name=name,
                    name_key=key,
                    password_hash=password_hash,
                    is_guest=guest,
                    created_at=self._clock(),
                )
                s.add(user)
                s.flush()
                return _user(user)
        except IntegrityError:
            raise StoreError(f"the name {name!r} is taken") from None

    def end_sessions(self, user_id: int) -> int:
        """Revoke every session of ``user_id`` signed so far; returns the new epoch."""
        with self._session.begin() as s:
            row = s.get(User, user_id)
            if row is None:
                raise StoreError(f"no user {user_id}")
            row.session_epoch = (row.session_epoch or 0) + 1
            return row.session_epoch

    def user(self, user_id: int) -> UserRecord | None:
        with self._session() as s:
            row = s.get(User, user_id)
            return None if row is None else _user(row)

    def user_by_name(self, name: str) -> UserRecord | None:
        """The user whose name has the same key as ``name`` (``names.name_key``)."""
        with self._session() as s:
            row = s.scalar(select(User).where(User.name_key == name_key(name)))
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
        board_set: str | None = None,
        spectators_see_all: bool = False,
        seat_policy: str = "open",
        robot_meanings: bool = False,
        event_table: tuple[int, int, int] | None = None,
    ) -> TableRecord:
        """A new open table with four empty seats and no entries yet; with ``event_table``
        (event id, round, table number), linked to that table of the event in the same
        transaction."""
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
                board_set=board_set,
                spectators_see_all=spectators_see_all,
                seat_policy=seat_policy,
                robot_meanings=robot_meanings,
                status="open",
                last_seq=0,
                created_at=now,
                updated_at=now,
            )
            s.add(row)
            s.flush()
            for seat in SEATS:
                s.add(TableSeat(table_id=row.id, seat=seat, user_id=None))
            if event_table is not None:
                event_id, round_no, table_no = event_table
                s.add(
                    EventTable(
                        event_id=event_id, round=round_no, table_no=table_no, table_id=row.id
                    )
                )
            return _table(row, dict.fromkeys(SEATS), {})

    def table(self, table_id: int) -> TableRecord | None:
        with self._session() as s:
            row = s.get(BridgeTable, table_id)
            if row is None:
                return None
            seats, away = self._seats(s, [table_id])
            return _table(row, seats[table_id], away[table_id])

    def table_by_invite(self, token: str) -> TableRecord | None:
        with self._session() as s:
            row = s.scalar(select(BridgeTable).where(BridgeTable.invite_token == token))
            if row is None:
                return None
            seats, away = self._seats(s, [row.id])
            return _table(row, seats[row.id], away[row.id])

    def set_invite_token(self, table_id: int, token: str) -> None:
        """Give a table a new invitation token: links with the old one find nothing."""
        with self._session.begin() as s:
            row = s.get(BridgeTable, table_id)
            if row is None:
                raise StoreError(f"no table {table_id}")
            row.invite_token = token

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
            seats, away = self._seats(s, [r.id for r in rows])
            return [_table(r, seats[r.id], away[r.id]) for r in rows]

    @staticmethod
    def _seats(
        s: Session, ids: Sequence[int]
    ) -> tuple[dict[int, dict[str, int | None]], dict[int, dict[str, datetime]]]:
        out: dict[int, dict[str, int | None]] = {i: dict.fromkeys(SEATS) for i in ids}
        away: dict[int, dict[str, datetime]] = {i: {} for i in ids}
        if ids:
            for row in s.scalars(select(TableSeat).where(TableSeat.table_id.in_(ids))):
                out[row.table_id][row.seat] = row.user_id
                if row.away_since is not None:
                    away[row.table_id][row.seat] = aware(row.away_since)
        return out, away

    def set_away(self, table_id: int, seat: str, since: datetime | None) -> None:
        """Record since when ``seat``'s person has had no connection (None: connected again)."""
        with self._session.begin() as s:
            s.execute(
                update(TableSeat)
                .where(TableSeat.table_id == table_id, TableSeat.seat == seat)
                .values(away_since=since)
            )

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
                    "deal": r.deal,
                    "done": r.finished_at is not None,
                }
                for r in rows
            ]

    def board(self, table_id: int, board_no: int) -> TableBoardRecord | None:
        """One board of a table, or None if the table has not dealt it."""
        with self._session() as s:
            row = s.execute(
                select(TableBoard, BridgeTable.name, BridgeTable.scoring)
                .join(BridgeTable, BridgeTable.id == TableBoard.table_id)
                .where(TableBoard.table_id == table_id, TableBoard.board_no == board_no)
            ).first()
            return None if row is None else _board(*row)

    def same_board(self, number: int, deal: str) -> list[TableBoardRecord]:
        """Every finished board with this number and deal, at any table: the results to compare
        (tables that deal from the same board set play the same deals)."""
        with self._session() as s:
            rows = s.execute(
                select(TableBoard, BridgeTable.name, BridgeTable.scoring)
                .join(BridgeTable, BridgeTable.id == TableBoard.table_id)
                .where(
                    TableBoard.number == number,
                    TableBoard.deal == deal,
                    TableBoard.finished_at.is_not(None),
                )
                .order_by(TableBoard.finished_at, TableBoard.id)
            ).all()
            return [_board(*r) for r in rows]

    def save_dd_costs(self, table_id: int, board_no: int, costs: list[int]) -> None:
        with self._session.begin() as s:
            s.execute(
                update(TableBoard)
                .where(TableBoard.table_id == table_id, TableBoard.board_no == board_no)
                .values(dd_costs=list(costs))
            )

    # -- the analysis cache -------------------------------------------------------------------

    def dd_table(self, deal: str) -> str | None:
        """The cached double-dummy table of ``deal`` (PBN ``DoubleDummyTricks``), if any."""
        with self._session() as s:
            return s.scalar(select(DealAnalysis.dd_table).where(DealAnalysis.deal == deal))

    def save_dd_table(self, deal: str, table: str) -> None:
        """Cache a deal's double-dummy table; a second writer of the same deal is harmless."""
        try:
            with self._session.begin() as s:
                if s.get(DealAnalysis, deal) is None:
                    s.add(DealAnalysis(deal=deal, dd_table=table, created_at=self._clock()))
        except IntegrityError:
            pass  # another process cached it first: the same answer

    # -- the table log ----------------------------------------------------------------------

    def append_entries(
        self, table_id: int, after: int, events: Sequence[tuple[str, dict[str, Any]]]
    ) -> int:
        """Write the log entries ``events`` as numbers ``after+1...`` with their projections, in one
        transaction; returns the last number. StoreError if ``after`` is not the table's
        last number (another writer moved on) or the table does not exist."""
        result = self.append_batch([(table_id, after, events)])[0]
        if isinstance(result, StoreError):
            raise result
        return result

    def append_batch(
        self, items: Sequence[tuple[int, int, Sequence[tuple[str, dict[str, Any]]]]]
    ) -> list[int | StoreError]:
        """``append_entries`` for several tables in one transaction (a group commit): for each
        (table, after, events) the last number written, or the StoreError refusing it. A few
        statements per batch, not per table (each statement is a round trip, and in a busy
        server a wait for the GIL). Should one table be refused, the others are written each
        in its own transaction instead."""
        if any(not evs for _, _, evs in items):  # nothing to write for these: as they are
            full = [item for item in items if item[2]]
            written = iter(self.append_batch(full) if full else [])
            return [next(written) if evs else after for _, after, evs in items]
        ids = [table_id for table_id, _, _ in items]
        now = self._clock()
        try:
            if len(set(ids)) != len(ids):
                raise StoreError("one table twice in a batch")
            with self.engine.begin() as conn:
                return self._append_all(conn, items, now)
        except (StoreError, IntegrityError) as e:
            if len(items) == 1:
                table_id, after, _ = items[0]
                if isinstance(e, StoreError):
                    return [e]
                return [StoreError(f"table {table_id}: events after {after} already written")]
        return [r for item in items for r in self.append_batch([item])]

    @staticmethod
    def _append_all(
        conn: Connection,
        items: Sequence[tuple[int, int, Sequence[tuple[str, dict[str, Any]]]]],
        now: datetime,
    ) -> list[int | StoreError]:
        lasts = {t: after + len(evs) for t, after, evs in items}
        moved = conn.execute(
            _ADVANCE,
            [
                {"t_id": t, "t_after": after, "t_last": lasts[t], "t_now": now}
                for t, after, _ in items
            ],
        )
        if moved.rowcount != len(items) or not conn.dialect.supports_sane_multi_rowcount:
            found = dict(conn.execute(_LAST_SEQS, {"ids": list(lasts)}).all())
            for t, after, _ in items:
                if found.get(t) != lasts[t]:
                    raise StoreError(f"table {t} is not at event {after}")
        rows = []
        for t, after, evs in items:
            for i, (kind, payload) in enumerate(evs, start=after + 1):
                rows.append(
                    {
                        "table_id": t,
                        "seq": i,
                        "type": kind,
                        "payload": {"v": EVENT_VERSION, **payload},
                        "created_at": now,
                    }
                )
                if kind in PROJECTED:
                    _project(conn, t, i, kind, payload, now)
        conn.execute(_INSERT_ENTRY, rows)
        return [lasts[t] for t, _, _ in items]

    def entries(
        self, table_id: int, after: int = 0, limit: int | None = None, upto: int | None = None
    ) -> list[EntryRecord]:
        """A table's log entries numbered above ``after`` (and at most ``upto``), in order."""
        with self._session() as s:
            q = (
                select(TableLogEntry.seq, TableLogEntry.type, TableLogEntry.payload)
                .where(TableLogEntry.table_id == table_id, TableLogEntry.seq > after)
                .order_by(TableLogEntry.seq)
            )
            if upto is not None:
                q = q.where(TableLogEntry.seq <= upto)
            if limit is not None:
                q = q.limit(limit)
            return [EntryRecord(seq, kind, payload) for seq, kind, payload in s.execute(q)]


# The group commit's statements, built once: a statement made afresh for every batch costs
# SQLAlchemy a new cache key each time (a fifth of a busy server's writing time was measured).
_ADVANCE = (
    update(BridgeTable)
    .where(BridgeTable.id == bindparam("t_id"), BridgeTable.last_seq == bindparam("t_after"))
    .values(last_seq=bindparam("t_last"), updated_at=bindparam("t_now"))
)
_LAST_SEQS = select(BridgeTable.id, BridgeTable.last_seq).where(
    BridgeTable.id.in_(bindparam("ids", expanding=True))
)
_INSERT_ENTRY = insert(TableLogEntry)

PROJECTED = frozenset({"seated", "stood", "board_started", "board_done", "closed"})
"""The events that change a projection (seats, boards, the table's status)."""


def _project(
    conn: Connection, table_id: int, seq: int, kind: str, p: dict[str, Any], now: datetime
) -> None:
    """Keep the projections in step with one event (same transaction)."""
    if kind in ("seated", "stood"):
        conn.execute(
            update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == p["seat"])
            .values(user_id=p["user_id"] if kind == "seated" else None, away_since=None)
        )
    elif kind == "board_started":
        conn.execute(
            insert(TableBoard).values(
                table_id=table_id,
                board_no=p["board_no"],
                number=p["number"],
                deal=p["deal"],
                started_at=now,
                first_seq=seq,
            )
        )
    elif kind == "board_done":
        conn.execute(
            update(TableBoard)
            .where(TableBoard.table_id == table_id, TableBoard.board_no == p["board_no"])
            .values(
                contract=p.get("contract"),
                declarer=p.get("declarer"),
                tricks=p.get("tricks"),
                score_ns=p.get("score_ns"),
                finished_at=now,
                last_seq=seq,
            )
        )
    elif kind == "closed":
        conn.execute(update(BridgeTable).where(BridgeTable.id == table_id).values(status="closed"))


def _user(row: User) -> UserRecord:
    return UserRecord(row.id, row.name, row.is_guest, row.password_hash, row.session_epoch or 0)


def _board(row: TableBoard, table_name: str, scoring: str) -> TableBoardRecord:
    return TableBoardRecord(
        table_id=row.table_id,
        table_name=table_name,
        board_no=row.board_no,
        number=row.number,
        deal=row.deal,
        contract=row.contract,
        declarer=row.declarer,
        declarer_tricks=row.tricks,
        score_ns=row.score_ns,
        done=row.finished_at is not None,
        first_seq=row.first_seq,
        last_seq=row.last_seq,
        dd_costs=list(row.dd_costs) if row.dd_costs is not None else None,
        scoring=scoring,
    )


def _table(
    row: BridgeTable, seats: dict[str, int | None], away: dict[str, datetime]
) -> TableRecord:
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
        board_set=row.board_set,
        spectators_see_all=bool(row.spectators_see_all),
        seat_policy=row.seat_policy or "open",
        robot_meanings=bool(row.robot_meanings),
        away=away,
    )
