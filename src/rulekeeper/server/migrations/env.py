"""Alembic's environment: the server passes its connection in ``config.attributes``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from rulekeeper.server.db import Base

config = context.config
target = Base.metadata
connection = config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=target, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:  # the alembic command line, on the URL of the configuration
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as own:
        context.configure(connection=own, target_metadata=target, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
