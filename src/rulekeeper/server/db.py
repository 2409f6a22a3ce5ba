"""Storage: each game is its replay record (setup, seed, every action in order) plus periodic
snapshots, and each campaign its progress and the game of its scenario, in SQLAlchemy tables.
The schema is versioned by the Alembic migrations beside this module, applied when the server
starts; a database newer than this code is refused."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"


class DatabaseError(RuntimeError):
    """The database cannot be used by this code (newer schema, unreachable)."""


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The tables."""


class GameRow(Base):
    """One hosted game: what it is and how it was set up."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(60))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    title: Mapped[str] = mapped_column(String(200), default="")
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    admin_hash: Mapped[str] = mapped_column(String(64))
    content_hash: Mapped[str | None] = mapped_column(String(80), nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="open")
    attention: Mapped[str | None] = mapped_column(Text, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    """Who holds a seat: a person (by the hash of their token), a bot, or nobody yet."""

    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10), default="open")
    name: Mapped[str] = mapped_column(String(80), default="")
    spec: Mapped[str] = mapped_column(String(200), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    """One action of a game's record; (game, number) is unique, so none is applied twice."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_actions_game_number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    barrier: Mapped[bool] = mapped_column(Boolean, default=False)


class SnapshotRow(Base):
    """The whole state after *number* actions, so a long game loads without replaying it all."""

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_snapshots_game_number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    engine: Mapped[str] = mapped_column(String(40))
    """The Rulekeeper version that wrote it (a snapshot is read only by the same version)."""
    state: Mapped[str] = mapped_column(Text)


class CampaignRow(Base):
    """A campaign played on the server (server/campaigns.py): the game's campaign, the seats
    each of its scenarios is set up with, its progress, and the game of the scenario being
    played (null: none, or it was removed)."""

    __tablename__ = "campaigns"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(60))
    campaign: Mapped[str] = mapped_column(String(200))
    seed: Mapped[int] = mapped_column(Integer)
    title: Mapped[str] = mapped_column(String(200), default="")
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    admin_hash: Mapped[str] = mapped_column(String(64))
    seats: Mapped[list[str]] = mapped_column(JSON)
    name: Mapped[str] = mapped_column(String(80), default="")
    progress: Mapped[dict[str, Any]] = mapped_column(JSON)
    current: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), nullable=True
    )
    games: Mapped[list[str]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def alembic_config(url: str) -> Config:
    """The migrations' configuration for the database at *url*."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    """Write-ahead logging: a commit survives the server being killed (not the machine losing
    power mid-write) and costs no disk flush, so an action is acknowledged in a millisecond."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def open_database(url: str) -> Engine:
    """An engine on *url* with the schema brought up to date; refused (DatabaseError) when the
    database was written by a newer Rulekeeper."""
    engine = create_engine(url, future=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    config = alembic_config(url)
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    if current is not None and current not in known:
        raise DatabaseError(
            f"the database at {engine.url.render_as_string(hide_password=True)} has schema "
            f"{current}, newer than this Rulekeeper knows: upgrade Rulekeeper"
        )
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return engine
