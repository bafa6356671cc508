"""Persistence: SQLAlchemy models, Alembic migrations applied at start, and repositories.

SQLite (WAL mode) by default; a PostgreSQL URL works the same. The table event log
(``table_events``, unique on ``(table_id, seq)``) is the source of truth for live tables; the
other tables are projections written in the same transaction as the events they follow from.
"""

from .db import DatabaseUnusable, connect, migrate, sqlite_url
from .events import EventStore
from .records import (
    Award,
    EntryRecord,
    EventRecord,
    StoreError,
    TableBoardRecord,
    TableRecord,
    UserRecord,
)
from .repo import Store

__all__ = [
    "Award",
    "DatabaseUnusable",
    "EntryRecord",
    "EventRecord",
    "EventStore",
    "Store",
    "StoreError",
    "TableBoardRecord",
    "TableRecord",
    "UserRecord",
    "connect",
    "migrate",
    "sqlite_url",
]
