"""Team events: the live table of each room of each segment of a team match. The team events
themselves are ``events`` rows (kind ``team:<format>``, their state the JSON of
``qipai.events.teams.serial``), so they share the events' ids, logs and table links.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "team_match_tables",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer(),
            sa.ForeignKey("events.id"),
            nullable=False,
            index=True,
        ),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("match", sa.Integer(), nullable=False),
        sa.Column("segment", sa.Integer(), nullable=False),
        sa.Column("room", sa.String(10), nullable=False),
        sa.UniqueConstraint(
            "event_id", "round", "match", "segment", "room", name="uq_team_match_tables_room"
        ),
    )


def downgrade() -> None:
    op.drop_table("team_match_tables")
