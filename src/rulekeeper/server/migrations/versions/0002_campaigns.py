"""Campaigns: a chain of scenarios hosted one game after another (server/campaigns.py).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(60), nullable=False),
        sa.Column("campaign", sa.String(200), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("admin_hash", sa.String(64), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("progress", sa.JSON(), nullable=False),
        sa.Column(
            "current", sa.String(40), sa.ForeignKey("games.id", ondelete="SET NULL"), nullable=True
        ),
        sa.Column("games", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("campaigns")
