"""Storage layer: schema revision 0002, game systems as plug-ins.

- ``system_data``: the library's copies of user-editable system data (a trapping diagram, a
  results table), one document per system and kind, with its provenance.
- ``characters.headline`` / ``headline_rank`` replace SotC's ``peak_skill`` / ``peak_rating``:
  the listing column every system fills (``GameSystem.listing``). Existing rows get exactly the
  text the listing showed ("Guns +5"); the library then recomputes every row through its
  system on the first open (``storage.library.opening``, listing format 3).
- ``campaigns.rules`` becomes ``campaigns.settings``: the campaign's system's settings.

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
    """Add system_data, the headline columns (filled from the peak columns) and rename rules."""
    op.create_table(
        "system_data",
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("key", sa.String(100), nullable=False),
        sa.Column("provenance", sa.String(20), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("system", "key", name="pk_system_data"),
    )
    # On SQLite the table is rebuilt with the new columns before "valid", which keeps the long
    # columns last (listing speed, see storage.tables); PostgreSQL just adds them.
    sqlite = op.get_bind().dialect.name == "sqlite"
    before = "valid" if sqlite else None
    with op.batch_alter_table("characters", recreate="always" if sqlite else "auto") as batch:
        batch.add_column(
            sa.Column("headline", sa.String(200), nullable=False, server_default=""), insert_before=before
        )
        batch.add_column(
            sa.Column("headline_rank", sa.Integer(), nullable=False, server_default="0"), insert_before=before
        )
    characters = sa.table(
        "characters",
        sa.column("peak_skill", sa.String()),
        sa.column("peak_rating", sa.Integer()),
        sa.column("headline", sa.String()),
        sa.column("headline_rank", sa.Integer()),
    )
    rating = sa.cast(characters.c.peak_rating, sa.String())
    sign = sa.case((characters.c.peak_rating >= 0, "+"), else_="")
    op.execute(
        characters.update().values(
            headline=sa.case(
                (characters.c.peak_skill == "", ""),
                else_=characters.c.peak_skill + " " + sign + rating,
            ),
            headline_rank=characters.c.peak_rating,
        )
    )
    with op.batch_alter_table("characters") as batch:
        batch.alter_column("headline", server_default=None)
        batch.alter_column("headline_rank", server_default=None)
        batch.drop_column("peak_skill")
        batch.drop_column("peak_rating")
    with op.batch_alter_table("campaigns") as batch:
        batch.alter_column("rules", new_column_name="settings", existing_type=sa.Text())


def downgrade() -> None:
    """Back to 0001 (only used by tests): the peak columns come back empty."""
    with op.batch_alter_table("campaigns") as batch:
        batch.alter_column("settings", new_column_name="rules", existing_type=sa.Text())
    sqlite = op.get_bind().dialect.name == "sqlite"
    before = "valid" if sqlite else None
    with op.batch_alter_table("characters", recreate="always" if sqlite else "auto") as batch:
        batch.add_column(
            sa.Column("peak_skill", sa.String(200), nullable=False, server_default=""), insert_before=before
        )
        batch.add_column(
            sa.Column("peak_rating", sa.Integer(), nullable=False, server_default="0"), insert_before=before
        )
        batch.drop_column("headline")
        batch.drop_column("headline_rank")
    op.drop_table("system_data")
