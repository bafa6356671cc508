"""Users' name keys: ``users.name_key``, the name NFKC-normalised and casefolded, unique, which
logins and lookups match (SQLite's ``lower()`` folds ASCII only, so "ÄNN" could register beside
"änn" and then not log in).

Existing rows are back-filled here, with the key as it is made today (a copy, so that this
migration stays what it was when ``store.names`` changes). Where two old names share a key
(possible on SQLite only, whose check folded ASCII alone) the oldest account keeps it and the
others get ``key#id``: those could not log in by name before either.

Revision ID: 0004
Revises: 0003
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    return unicodedata.normalize("NFKC", folded)


def upgrade() -> None:
    # Plain ADD COLUMN: a batch copy of ``users`` would drop a table others point at.
    op.add_column("users", sa.Column("name_key", sa.String(80), nullable=True))
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String))
    taken: set[str] = set()
    rows = conn.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)).all()
    for user_id, name in rows:
        key = _key(name)
        if key in taken:
            key = f"{key}#{user_id}"
        taken.add(key)
        conn.execute(
            sa.text("update users set name_key = :key where id = :id"), {"key": key, "id": user_id}
        )
    op.create_index("ix_users_name_key", "users", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_users_name_key", "users")
    with op.batch_alter_table("users") as t:
        t.drop_column("name_key")
