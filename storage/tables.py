"""Storage layer: the library's SQLAlchemy 2 ORM tables (``*Row`` classes).

Each aggregate row keeps a few summary columns for listing, sorting and searching, plus the
whole aggregate as a JSON ``payload`` with its ``payload_version``. Relational tables are used
only for what is queried across records (campaign membership, tags). Every aggregate row has a
``version`` column that SQLAlchemy checks on UPDATE (optimistic concurrency).

The schema here must always equal the newest Alembic revision under ``storage/migrations``;
``tests/storage/test_migrations.py`` checks that they agree.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    Uuid,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_name)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a fixed constraint naming scheme (needed by batch migrations)."""

    metadata = MetaData(naming_convention=NAMING)


class CampaignRow(Base):
    """A campaign: a named group with its system, its system's settings and its notes."""

    __tablename__ = "campaigns"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    name_lower: Mapped[str] = mapped_column(String(200), index=True)
    system: Mapped[str] = mapped_column(String(40))
    settings: Mapped[str] = mapped_column(Text)  # the system's settings, a JSON object
    notes: Mapped[str] = mapped_column(Text, default="")
    payload_version: Mapped[int] = mapped_column(Integer, default=1)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __mapper_args__: Any = {"version_id_col": version}


class CharacterRow(Base):
    """A character of any system: summary columns plus the character document as ``payload``."""

    __tablename__ = "characters"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    system: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(200))
    name_lower: Mapped[str] = mapped_column(String(200), index=True)
    player: Mapped[str] = mapped_column(String(200), default="")
    campaign_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("campaigns.id", ondelete="SET NULL"), index=True, nullable=True
    )
    campaign_position: Mapped[int] = mapped_column(Integer, default=0)
    # The system's listing column (GameSystem.listing): "Guns +5" for SotC, and its sort key.
    headline: Mapped[str] = mapped_column(String(200), default="")
    headline_rank: Mapped[int] = mapped_column(Integer, default=0)
    valid: Mapped[bool] = mapped_column(Boolean, default=False)
    # Tags joined by TAG_SEPARATOR, so listing needs no join; character_tags is the index.
    tags: Mapped[str] = mapped_column(Text, default="")
    payload_version: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    # The long columns come last: SQLite then reads the summary columns without walking the
    # overflow pages of a big payload (listing 10,000 characters is several times faster).
    # Field-marked, case-folded lines (storage.search_syntax): name, player, system, the
    # system's search entries (aspects, skills, stunts...) and tags, for LIKE.
    search_text: Mapped[str] = mapped_column(Text, default="")
    payload: Mapped[str] = mapped_column(Text)  # the character file document, as JSON text

    __mapper_args__: Any = {"version_id_col": version}


class TagRow(Base):
    """A tag name, shared by every character that carries it."""

    __tablename__ = "tags"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)  # case-folded name
    name: Mapped[str] = mapped_column(String(200))


class CharacterTagRow(Base):
    """Which character carries which tag."""

    __tablename__ = "character_tags"

    character_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("characters.id", ondelete="CASCADE"), primary_key=True
    )
    tag_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True
    )

    __table_args__ = (Index("ix_character_tags_tag_id", "tag_id"),)


class EncounterRow(Base):
    """A saved encounter (or encounter template); the payload is the engine's opaque state."""

    __tablename__ = "encounters"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    campaign_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("campaigns.id", ondelete="SET NULL"), index=True, nullable=True
    )
    is_template: Mapped[bool] = mapped_column(Boolean, default=False)
    payload_version: Mapped[int] = mapped_column(Integer, default=1)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    payload: Mapped[str] = mapped_column(Text)

    __mapper_args__: Any = {"version_id_col": version}


class SystemDataRow(Base):
    """One document of user-editable system data (rules.system_data.SystemData)."""

    __tablename__ = "system_data"

    system: Mapped[str] = mapped_column(String(40), primary_key=True)
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    provenance: Mapped[str] = mapped_column(String(20))  # "bundled" or "user"
    version: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    content: Mapped[str] = mapped_column(Text)  # the document, a JSON object

    __mapper_args__: Any = {"version_id_col": version}


class LibraryInfoRow(Base):
    """Key/value facts about the library itself (creator version, creation time)."""

    __tablename__ = "library_info"

    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


TAG_SEPARATOR = "\x1f"
