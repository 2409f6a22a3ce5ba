"""Structured logs (issue 10 §1): JSON lines with the call's fields, and never a token."""

from __future__ import annotations

import json
import logging

import pytest

from rulekeeper.server.lobby import Lobby
from rulekeeper.server.logs import JsonFormatter


def test_server_logs_are_json_lines_without_tokens(
    lobby: Lobby, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="rulekeeper"):
        created = lobby.create("battleground", {}, ["me", "open"], seed=1)
        joined = lobby.join(created["id"], 1, "Bob")
    lines = [JsonFormatter().format(record) for record in caplog.records]
    parsed = [json.loads(line) for line in lines]
    assert any(p["message"] == "game created" and p["game"] == created["id"] for p in parsed)
    assert any(p["message"] == "seat taken" and p["seat"] == 1 for p in parsed)
    secrets = [created["admin_token"], *created["seat_tokens"].values(), joined["token"]]
    assert not any(secret in line for secret in secrets for line in lines)
