"""Engines and migrations. SQLite files run in WAL mode with ``synchronous=NORMAL`` (a commit
survives a killed process; only a power cut can lose the last few) and a busy timeout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event

from ..jsontext import dumps

MIGRATIONS = "qipai.store:migrations"


def sqlite_url(path: str | Path) -> str:
    """The SQLAlchemy URL of a SQLite file.

    >>> sqlite_url("/tmp/x.db")
    'sqlite:////tmp/x.db'
    """
    return f"sqlite:///{Path(path).resolve()}"


def database_url(db: str | None, default: str = "qipai.db") -> str:
    """A ``--db`` argument as a URL: a URL stays as it is, a path becomes a SQLite file.

    >>> database_url("postgresql+psycopg://u@h/db")
    'postgresql+psycopg://u@h/db'
    """
    if db and "://" in db:
        return db
    return sqlite_url(db or default)


def connect(url: str) -> Engine:
    """An engine for ``url``; for SQLite, every connection gets WAL and foreign keys."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, json_serializer=dumps)
    engine = create_engine(url, connect_args={"timeout": 30}, json_serializer=dumps)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        if ":memory:" not in url and url not in ("sqlite://", "sqlite:///"):
            cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` with the migrations shipped in the package."""
    cfg = Config()
    cfg.set_main_option("script_location", MIGRATIONS)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
