"""The protocol's JSON Schemas (docs/protocol.md): the committed files are the models' own, and
what the server really sends and accepts fits them."""

from __future__ import annotations

import json

import jsonschema
from fastapi.testclient import TestClient
from server_helpers import auth

from rulekeeper.server.protocol import MESSAGES, SCHEMAS, schema_of


def test_the_committed_schemas_are_the_models_own() -> None:
    for name in MESSAGES:
        stored = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
        assert stored == schema_of(name), f"run python -m rulekeeper.server.protocol ({name})"


def test_views_and_errors_fit_their_schemas(client: TestClient) -> None:
    created = client.post(
        "/api/games", json={"game": "battleground", "seats": ["me", "open"], "seed": 1}
    ).json()
    game, mine = created["id"], created["seat_tokens"]["0"]
    view_schema, error_schema = schema_of("view"), schema_of("error")
    for token in (mine, None):
        seen = client.get(f"/api/games/{game}", headers=auth(token) if token else {}).json()
        jsonschema.validate(seen, view_schema)
    refused = client.post(
        f"/api/games/{game}/actions", json={"action": "end", "version": 0}, headers=auth(mine)
    ).json()
    jsonschema.validate(refused, error_schema)
    with client.websocket_connect(f"/ws/games/{game}?token={mine}") as socket:
        jsonschema.validate(socket.receive_json(), view_schema)
        message = {"type": "action", "action": "end", "version": 99}
        jsonschema.validate(message, schema_of("action"))
        socket.send_json(message)
        jsonschema.validate(socket.receive_json(), error_schema)
