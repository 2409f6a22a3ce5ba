"""The HTTP API fuzzed from its own OpenAPI description (issue 10 §1: bad input of every kind
gets a clear error; schemathesis): no request, however malformed, makes the server fail."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from rulekeeper.server.app import create_app
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Lobby

FOLDER = Path(tempfile.mkdtemp(prefix="rk-fuzz-"))
LOBBY = Lobby(open_database(f"sqlite:///{(FOLDER / 'fuzz.db').as_posix()}"))
LOBBY.create("battleground", {}, ["me", "open"], seed=1)
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(LOBBY))


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_the_server_fail(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
