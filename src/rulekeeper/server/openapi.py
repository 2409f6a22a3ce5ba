"""The HTTP API's OpenAPI description: every answer the server gives, its errors in the
protocol's shape (docs/protocol.md, Errors), and none of the framework's own (FastAPI documents
a ``422`` the server never sends: a malformed request is a ``400``)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from rulekeeper.server.protocol import Error

WHY = {
    400: "bad-request, unknown-game, illegal-action, needs-attention: a malformed request (a "
    "field, JSON nested too deep, a Content-Length that is not a number) or one the rules refuse",
    403: "bad-token: a token that holds no seat of this game, or not the one this needs",
    404: "not-found: no such game (or no board, or no such query, for this game)",
    409: "seat-taken, stale-version, not-your-turn: the game is not where the request expects",
    413: "too-large: a body over 1,000,000 bytes",
}
"""What each error status means (the error's ``code`` says which)."""
FRAMEWORK = ("HTTPValidationError", "ValidationError")
"""FastAPI's own schemas of the ``422`` the server never sends."""


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of an operation: its error *statuses*, with the 400 and 413 that any
    request may get."""
    return {
        status: {"model": Error, "description": WHY[status]}
        for status in sorted({400, 413, *statuses})
    }


def describe(app: FastAPI) -> None:
    """Make *app*'s ``/openapi.json`` the server's own: without FastAPI's ``422``."""

    generated = app.openapi

    def openapi() -> dict[str, Any]:
        schema = generated()  # made once, then kept by FastAPI: what is taken out stays out
        for path in schema.get("paths", {}).values():
            for operation in path.values():
                operation.get("responses", {}).pop("422", None)
        for name in FRAMEWORK:
            schema.get("components", {}).get("schemas", {}).pop(name, None)
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
