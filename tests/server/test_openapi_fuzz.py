"""The HTTP API fuzzed from its own OpenAPI description (issue 10 §1: bad input of every kind
gets a clear error; issue 20 §2: every answer is documented, in the protocol's shape): every
response passes all of schemathesis's checks (``case.call_and_validate()``: no server error,
a documented status, content type, headers and body schema, invalid data refused, ...), under
``schemathesis.toml`` here (a schema-valid new game may still be refused by its rules: 400).

Sizes: 15 examples per operation in a quick run, 25 with RULEKEEPER_SLOW=1 (``./rk test``), 50
with RULEKEEPER_LONG=1 (the size of ``st run --checks all --max-examples 50``)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from rulekeeper.server.app import create_app
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Lobby

EXAMPLES = (
    50 if os.environ.get("RULEKEEPER_LONG") else 25 if os.environ.get("RULEKEEPER_SLOW") else 15
)
FOLDER = Path(tempfile.mkdtemp(prefix="rk-fuzz-"))
LOBBY = Lobby(open_database(f"sqlite:///{(FOLDER / 'fuzz.db').as_posix()}"))
LOBBY.create("battleground", {}, ["me", "open"], seed=1)
CONFIG = schemathesis.config.SchemathesisConfig.from_path(
    Path(__file__).parent / "schemathesis.toml"
)
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(LOBBY), config=CONFIG)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_passes_all_checks(case: schemathesis.Case) -> None:
    """issue 20 §2: schemathesis's full checks on every operation."""
    case.call_and_validate()
