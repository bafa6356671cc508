"""Engines and migrations. SQLite files run in WAL mode with ``synchronous=NORMAL`` (a commit
survives a killed process; only a power cut can lose the last few) and a busy timeout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from ..bridge.errors import QipaiError
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


class DatabaseUnusable(QipaiError):
    """The database cannot be opened, read, migrated or written: the server cannot start."""


def open_checked(url: str) -> Engine:
    """An engine for ``url``, migrated to the latest schema and shown to take a write (one
    rolled back); DatabaseUnusable saying what and where when it is corrupt, read-only,
    missing, or of a newer qipai."""
    engine: Engine | None = None
    try:
        engine = connect(url)
        migrate(engine)
        with engine.connect() as conn, conn.begin() as tx:
            conn.execute(text("insert into settings (key, value) values ('_write_check', '')"))
            tx.rollback()
    except (SQLAlchemyError, CommandError) as e:
        if engine is not None:
            engine.dispose()
        raise DatabaseUnusable(f"cannot use the database {_where(url)}: {_reason(e)}") from None
    return engine


def _where(url: str) -> str:
    """The database a URL names, for people: a SQLite file's path, else the URL without its
    password.

    >>> _where("sqlite:////srv/qipai.db"), _where("postgresql://u:secret@db/club")
    ('/srv/qipai.db', 'postgresql://u:***@db/club')
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        return repr(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or ":memory:"
    return parsed.render_as_string(hide_password=True)


def _reason(e: Exception) -> str:
    """The first line of what the database driver (or Alembic) said."""
    cause = e.orig if isinstance(e, DBAPIError) else e
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__
