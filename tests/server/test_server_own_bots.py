"""A client names only the bots the server offers (issue 20 §2: a bot seat ``module:Class`` made
the server import any module a client named, running code of the client's choosing). The
operator offers their own bots with ``rulekeeper serve --bot MODULE:CLASS`` (docs/server.md)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rulekeeper.server.app import create_app
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Lobby

MODULE = "rk_own_bot_probe"
SOURCE = """
from rulekeeper.core.agents import RandomAgent

IMPORTED = True


class Cautious(RandomAgent):
    def __init__(self, seed: int = 0, level: int = 1) -> None:
        super().__init__(seed)
"""


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An importable module whose import the test can see."""
    (tmp_path / f"{MODULE}.py").write_text(SOURCE)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(MODULE, None)
    yield f"{MODULE}:Cautious"
    sys.modules.pop(MODULE, None)


def client_of(tmp_path: Path, allowed: tuple[str, ...] = ()) -> TestClient:
    lobby = Lobby(open_database(f"sqlite:///{(tmp_path / 'g.db').as_posix()}"), allowed)
    return TestClient(create_app(lobby), raise_server_exceptions=False)


def test_issue20_a_bot_module_the_operator_did_not_offer_is_refused_unimported(
    tmp_path: Path, probe: str
) -> None:
    """A ``module:Class`` seat the server does not offer is a 400 naming the seat, and the
    module is never imported."""
    with client_of(tmp_path) as client:
        answer = client.post("/api/games", json={"game": "battleground", "seats": ["me", probe]})
        body = answer.json()
        assert answer.status_code == 400, body
        assert body["code"] == "bad-request" and body["field"] == "seats[1]"
        assert "not offered" in body["message"]
    assert MODULE not in sys.modules


def test_issue20_a_bot_the_operator_offers_takes_a_seat(tmp_path: Path, probe: str) -> None:
    """``serve --bot MODULE:CLASS``: the operator's own bot may take a seat (with a level too)."""
    with client_of(tmp_path, (probe,)) as client:
        answer = client.post(
            "/api/games", json={"game": "battleground", "seats": ["me", f"{probe}@2"]}
        )
        assert answer.status_code == 201, answer.json()
    assert MODULE in sys.modules


def test_issue20_built_in_bots_need_no_offer(tmp_path: Path) -> None:
    """The built-in bots (docs/bots.md) are always offered."""
    with client_of(tmp_path) as client:
        for spec in ("random", "greedy", "mcts@1"):
            answer = client.post("/api/games", json={"game": "battleground", "seats": ["me", spec]})
            assert answer.status_code == 201, (spec, answer.json())
