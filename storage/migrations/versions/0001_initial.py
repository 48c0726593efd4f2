"""Storage layer: schema revision 0001, the first released library schema.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the first schema."""
    op.create_table(
        "campaigns",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_lower", sa.String(200), nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("payload_version", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_campaigns"),
    )
    op.create_index("ix_campaigns_name_lower", "campaigns", ["name_lower"])
    op.create_table(
        "characters",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_lower", sa.String(200), nullable=False),
        sa.Column("player", sa.String(200), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=True),
        sa.Column("campaign_position", sa.Integer(), nullable=False),
        sa.Column("peak_skill", sa.String(200), nullable=False),
        sa.Column("peak_rating", sa.Integer(), nullable=False),
        sa.Column("valid", sa.Boolean(), nullable=False),
        sa.Column("tags", sa.Text(), nullable=False),
        sa.Column("payload_version", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("search_text", sa.Text(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name="fk_characters_campaign_id_campaigns",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_characters"),
    )
    op.create_index("ix_characters_system", "characters", ["system"])
    op.create_index("ix_characters_name_lower", "characters", ["name_lower"])
    op.create_index("ix_characters_campaign_id", "characters", ["campaign_id"])
    op.create_index("ix_characters_updated_at", "characters", ["updated_at"])
    op.create_table(
        "tags",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tags"),
        sa.UniqueConstraint("key", name="uq_tags_key"),
    )
    op.create_table(
        "character_tags",
        sa.Column("character_id", sa.Uuid(), nullable=False),
        sa.Column("tag_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["characters.id"],
            name="fk_character_tags_character_id_characters",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tag_id"], ["tags.id"], name="fk_character_tags_tag_id_tags", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("character_id", "tag_id", name="pk_character_tags"),
    )
    op.create_index("ix_character_tags_tag_id", "character_tags", ["tag_id"])
    op.create_table(
        "encounters",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("campaign_id", sa.Uuid(), nullable=True),
        sa.Column("is_template", sa.Boolean(), nullable=False),
        sa.Column("payload_version", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name="fk_encounters_campaign_id_campaigns",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_encounters"),
    )
    op.create_index("ix_encounters_campaign_id", "encounters", ["campaign_id"])
    op.create_table(
        "library_info",
        sa.Column("key", sa.String(100), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_library_info"),
    )


def downgrade() -> None:
    """Drop everything (only used by tests)."""
    for table in ("library_info", "encounters", "character_tags", "tags", "characters"):
        op.drop_table(table)
    op.drop_table("campaigns")
