"""The events' tables in the glossary's word (docs/ARCHITECTURE.md, issue #14): ``tournaments``
becomes ``events``, ``tournament_log`` ``event_log``, ``tournament_tables`` ``event_tables``,
and every ``tournament_id`` column ``event_id``; the indexes, constraints and sequences named
after them follow. Rows are kept as they are (a rename, no copy of the data but on SQLite
``event_log``, rebuilt to rename its unique constraint).

Revision ID: 0005
Revises: 0004
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

# (old, new) in the order upgrade renames them.
TABLES = (
    ("tournaments", "events"),
    ("tournament_log", "event_log"),
    ("tournament_tables", "event_tables"),
)
COLUMNS = ("event_log", "event_tables", "masterpoint_awards")  # tournament_id -> event_id
INDEXES = (  # (table after the rename, old, new, columns after)
    ("events", "ix_tournaments_status", "ix_events_status", ["status"]),
    ("event_log", "ix_tournament_log_tournament_id", "ix_event_log_event_id", ["event_id"]),
    (
        "masterpoint_awards",
        "ix_masterpoint_awards_tournament_id",
        "ix_masterpoint_awards_event_id",
        ["event_id"],
    ),
)
# PostgreSQL's own names for keys and sequences (what 0003 got), renamed to match.
PG_CONSTRAINTS = (
    ("events", "tournaments_pkey", "events_pkey"),
    ("events", "tournaments_director_id_fkey", "events_director_id_fkey"),
    ("event_log", "tournament_log_pkey", "event_log_pkey"),
    ("event_log", "tournament_log_tournament_id_fkey", "event_log_event_id_fkey"),
    ("event_log", "uq_tournament_log_seq", "uq_event_log_seq"),
    ("event_tables", "tournament_tables_pkey", "event_tables_pkey"),
    ("event_tables", "tournament_tables_table_id_fkey", "event_tables_table_id_fkey"),
    ("event_tables", "tournament_tables_table_id_key", "event_tables_table_id_key"),
    ("event_tables", "tournament_tables_tournament_id_fkey", "event_tables_event_id_fkey"),
    (
        "masterpoint_awards",
        "masterpoint_awards_tournament_id_fkey",
        "masterpoint_awards_event_id_fkey",
    ),
)
PG_SEQUENCES = (
    ("tournaments_id_seq", "events_id_seq"),
    ("tournament_log_id_seq", "event_log_id_seq"),
)


def _rename(forward: bool) -> None:
    def way(old: str, new: str) -> tuple[str, str]:
        return (old, new) if forward else (new, old)

    postgres = op.get_bind().dialect.name == "postgresql"
    old_col, new_col = way("tournament_id", "event_id")
    if forward:
        for old, new in TABLES:
            op.rename_table(old, new)
    for table in COLUMNS:  # the tables' new names, either way: renamed first, or back after
        op.execute(f"ALTER TABLE {table} RENAME COLUMN {old_col} TO {new_col}")
    if not forward:
        for old, new in TABLES:
            op.rename_table(new, old)

    names = {new: old for old, new in TABLES}

    def table_now(table: str) -> str:
        return table if forward else names.get(table, table)

    for table, old_ix, new_ix, columns in INDEXES:
        a, b = way(old_ix, new_ix)
        if postgres:
            op.execute(f"ALTER INDEX {a} RENAME TO {b}")
        else:  # SQLite cannot rename an index
            cols = columns if forward else [c.replace("event_id", "tournament_id") for c in columns]
            op.drop_index(a, table_name=table_now(table))
            op.create_index(b, table_now(table), cols)
    if postgres:
        for table, old_c, new_c in PG_CONSTRAINTS:
            a, b = way(old_c, new_c)
            op.execute(f"ALTER TABLE {table_now(table)} RENAME CONSTRAINT {a} TO {b}")
        for old_s, new_s in PG_SEQUENCES:
            a, b = way(old_s, new_s)
            op.execute(f"ALTER SEQUENCE {a} RENAME TO {b}")
    else:  # a SQLite table's constraint names are in its CREATE TABLE: rebuild the log
        a, b = way("uq_tournament_log_seq", "uq_event_log_seq")
        with op.batch_alter_table(table_now("event_log"), recreate="always") as t:
            t.drop_constraint(a, type_="unique")
            t.create_unique_constraint(b, [new_col, "seq"])


def upgrade() -> None:
    _rename(forward=True)


def downgrade() -> None:
    _rename(forward=False)
