"""Alembic's environment: runs the migrations on the connection ``migrate`` hands over (or on
``sqlalchemy.url`` when Alembic is run by hand). Importing it outside Alembic does nothing."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from qipai.store.models import Base


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url or pass a connection to run the migrations")
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


def _inside_alembic() -> bool:
    try:
        context.config  # noqa: B018 - raises outside an Alembic run
    except (AttributeError, NameError):  # imported by something else (doctest collection)
        return False
    return True


if _inside_alembic():
    run_migrations()
