"""A server on a database of the test's own (never the real data folder)."""

from __future__ import annotations

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


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{(tmp_path / 'games.db').as_posix()}"


@pytest.fixture
def lobby(url: str) -> Lobby:
    return Lobby(open_database(url))


@pytest.fixture
def client(lobby: Lobby) -> Iterator[TestClient]:
    with TestClient(create_app(lobby)) as test_client:
        yield test_client
