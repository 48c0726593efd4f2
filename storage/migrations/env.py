"""Storage layer: the Alembic environment, driven only programmatically.

:func:`storage.migrations.upgrade` passes an open connection in ``config.attributes``; there is
no ``alembic.ini`` and no offline (SQL script) mode. SQLite needs batch mode to alter tables.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from storage.tables import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run migrations through storage.migrations.upgrade()")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
