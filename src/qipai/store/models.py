"""The database schema as SQLAlchemy 2 models. Changes here need a migration in
``migrations/versions`` (Alembic), which ``migrate`` applies at start."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

EVENT_VERSION = 1
"""The ``v`` field of every event payload written now; readers upgrade older payloads."""


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    name_key: Mapped[str | None] = mapped_column(String(80), unique=True, index=True)
    """``store.names.name_key(name)``: what logins and lookups match. Always written; nullable
    only because SQLite adds a column to a table that others point at no other way."""
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    is_guest: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    session_epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Raised at each logout: sessions signed with an older epoch are no longer valid."""


class BridgeTable(Base):
    """A table in the club: its settings and whether it is still open."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    scoring: Mapped[str] = mapped_column(String(3))  # "MP" or "IMP"
    robot_level: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: no robots
    private: Mapped[bool] = mapped_column(default=False)
    invite_token: Mapped[str] = mapped_column(String(64), unique=True)
    seed: Mapped[str] = mapped_column(String(64))  # deals are Deal.from_seed(f"{seed}:{board_no}")
    board_set: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The named board set the table deals from (its seed then comes from the name), or None."""
    spectators_see_all: Mapped[bool] = mapped_column(default=False, server_default=false())
    seat_policy: Mapped[str] = mapped_column(String(12), default="open", server_default="open")
    """Who may take a seat: ``open``, ``invitation`` or ``consent`` (``TableRecord``)."""
    robot_meanings: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether a player is told what a robot partner's calls mean (a casual table's setting)."""
    status: Mapped[str] = mapped_column(String(10), default="open", index=True)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableSeat(Base):
    """Who sits where (a projection of the event log, for the lobby)."""

    __tablename__ = "seats"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(1), primary_key=True)  # N E S W
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    away_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the seated person's last connection to the table went; None while connected."""


class TableBoard(Base):
    """A board played at a table, with its result once done (a projection of the event log)."""

    __tablename__ = "table_boards"
    __table_args__ = (
        UniqueConstraint("table_id", "board_no", name="uq_table_boards_table_no"),
        Index("ix_table_boards_number_deal", "number", "deal"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    board_no: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(String(80))
    contract: Mapped[str | None] = mapped_column(String(8), nullable=True)
    declarer: Mapped[str | None] = mapped_column(String(1), nullable=True)
    tricks: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score_ns: Mapped[int | None] = mapped_column(Integer, nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    first_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The number of the board's ``board_started`` event."""
    last_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The number of its ``board_done`` event, once over."""
    dd_costs: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The double-dummy cost of each card played, once computed."""


class DealAnalysis(Base):
    """A deal's double-dummy table (PBN ``DoubleDummyTricks``), computed once for every table
    that plays the deal."""

    __tablename__ = "deal_analyses"

    deal: Mapped[str] = mapped_column(String(80), primary_key=True)
    dd_table: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableLogEntry(Base):
    """One numbered entry of a table's log: the source of truth a table is rebuilt from (the
    SQL table keeps its first name, ``table_events``)."""

    __tablename__ = "table_events"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_table_events_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(20))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Setting(Base):
    """Server-wide settings kept across restarts (such as the session signing key)."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Event(Base):
    """An event (Swiss pairs, Mitchell, Howell: ``kind``). ``state`` is the event's whole pure state
    (``qipai.events.to_json``), replaced in the same transaction as each line of its log."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(80))
    status: Mapped[str] = mapped_column(String(20), index=True)
    director_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    state: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=1)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventLog(Base):
    """What happened to an event, in order: each registration, result, clock step and director
    action, with who did it (the audit trail; the state is in ``events.state``)."""

    __tablename__ = "event_log"
    __table_args__ = (UniqueConstraint("event_id", "seq", name="uq_event_log_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(30))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventTable(Base):
    """The live table that plays table ``table_no`` of round ``round`` of an event."""

    __tablename__ = "event_tables"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), unique=True)


class TeamMatchTable(Base):
    """The live table that plays one room of one segment of a team match: ``match`` (from 1)
    of round ``round`` of the team event ``event_id`` (a ``events`` row whose kind
    starts ``team:``), ``room`` open or closed. The table is also in ``event_tables``,
    under a number of its round, as every event's table is."""

    __tablename__ = "team_match_tables"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    match: Mapped[int] = mapped_column(Integer)
    segment: Mapped[int] = mapped_column(Integer)
    room: Mapped[str] = mapped_column(String(10))
    __table_args__ = (
        UniqueConstraint(
            "event_id", "round", "match", "segment", "room", name="uq_team_match_tables_room"
        ),
    )


class MasterpointAward(Base):
    """Masterpoints a player won in an event (巅峰大师分), written when its results are final."""

    __tablename__ = "masterpoint_awards"
    __table_args__ = (
        UniqueConstraint("event_id", "player", name="uq_masterpoint_awards_player"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    player: Mapped[str] = mapped_column(String(40), index=True)
    place: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
    awarded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
