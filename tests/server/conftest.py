"""A server on a database of the test's own, never the real data folder: SQLite in the test's
folder, and PostgreSQL in a temporary cluster (initdb and pg_ctl on a free port) where its
binaries are installed. Without them the PostgreSQL runs are skipped, saying why, unless
RULEKEEPER_REQUIRE_PG=1 (as in .ci/run), which makes that a failure."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rulekeeper.server.app import create_app
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Lobby


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKEEPER_DATA_DIR", str(tmp_path / "data"))


def _postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs, if installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A temporary PostgreSQL cluster for the session: its server URL (no database)."""
    binaries = _postgres_bin()
    if binaries is None:
        if os.environ.get("RULEKEEPER_REQUIRE_PG") == "1":
            pytest.fail("PostgreSQL is required (RULEKEEPER_REQUIRE_PG=1) but initdb is missing")
        pytest.skip("PostgreSQL's server programs (initdb) are not installed")
    folder = Path(tempfile.mkdtemp(prefix="rk-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the cluster as the postgres user
        shutil.chown(folder, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    port = _free_port()
    subprocess.run(
        [*as_user, str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"],
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [
            *as_user,
            str(binaries / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-w",
            "start",
            "-l",
            str(folder / "log"),
        ],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(
            [*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{(tmp_path / 'games.db').as_posix()}"
    import sqlalchemy as sa

    server: str = request.getfixturevalue("postgres")
    name = "t" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return f"{server}/{name}"


@pytest.fixture
def lobby(url: str) -> Lobby:
    return Lobby(open_database(url))


@pytest.fixture
def client(lobby: Lobby) -> Iterator[TestClient]:
    with TestClient(create_app(lobby)) as test_client:
        yield test_client
