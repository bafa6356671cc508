"""Board sets, spectators' view, presence, board log ranges and the analysis cache.

* ``tables.board_set``: the named set a table deals from (tables with the same set play the same
  deals); ``tables.spectators_see_all``: whether spectators see all four hands;
* ``seats.away_since``: when the seated person's last connection went (the disconnection
  clock, kept across restarts);
* ``table_boards.first_seq``/``last_seq``: where a board's events lie in the table's log;
  ``dd_costs``: the double-dummy cost of each card played, once computed; an index on
  ``(number, deal)`` to find the same board at other tables;
* ``deal_analyses``: each deal's double-dummy table, computed once.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite has it): a batch "move and copy" of ``tables`` would drop a table
    # that other tables' foreign keys point at, which SQLite refuses once there are rows.
    op.add_column("tables", sa.Column("board_set", sa.String(40), nullable=True))
    op.add_column(
        "tables",
        sa.Column("spectators_see_all", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("seats", sa.Column("away_since", sa.DateTime(timezone=True), nullable=True))
    op.add_column("table_boards", sa.Column("first_seq", sa.Integer(), nullable=True))
    op.add_column("table_boards", sa.Column("last_seq", sa.Integer(), nullable=True))
    op.add_column("table_boards", sa.Column("dd_costs", sa.JSON(), nullable=True))
    op.create_index("ix_table_boards_number_deal", "table_boards", ["number", "deal"])
    op.create_table(
        "deal_analyses",
        sa.Column("deal", sa.String(80), primary_key=True),
        sa.Column("dd_table", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("deal_analyses")
    op.drop_index("ix_table_boards_number_deal", "table_boards")
    with op.batch_alter_table("table_boards") as t:
        t.drop_column("dd_costs")
        t.drop_column("last_seq")
        t.drop_column("first_seq")
    with op.batch_alter_table("seats") as t:
        t.drop_column("away_since")
    with op.batch_alter_table("tables") as t:
        t.drop_column("spectators_see_all")
        t.drop_column("board_set")
