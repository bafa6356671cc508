"""A table's seat policy and its robot-partner setting.

* ``tables.seat_policy``: who may take a seat — ``open`` (anyone), ``invitation`` (the owner
  and whoever came by the invitation link) or ``consent`` (the owner agrees to each);
* ``tables.robot_meanings``: at a casual table, a player is told what a robot partner's calls
  mean (never at an event's table, where the Laws keep partner's explanations from partner).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN, as 0002: a batch copy of ``tables`` would drop a table others point at.
    op.add_column(
        "tables",
        sa.Column("seat_policy", sa.String(12), nullable=False, server_default="open"),
    )
    op.add_column(
        "tables",
        sa.Column("robot_meanings", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite 3.35+), for the same reason: ``event_tables`` points at ``tables``
    op.drop_column("tables", "robot_meanings")
    op.drop_column("tables", "seat_policy")
