"""The messages of the web protocol (docs/protocol.md), as pydantic models; their JSON Schemas
are written to ``schemas/`` (``python -m rulekeeper.server.protocol``) and checked by a test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMAS = Path(__file__).parent / "schemas"


class SeatInfo(BaseModel):
    """Who holds a seat."""

    model_config = ConfigDict(extra="forbid")
    seat: int
    kind: Literal["human", "bot", "open"]
    name: str
    spec: str


class Choice(BaseModel):
    """One of the seat's legal actions."""

    model_config = ConfigDict(extra="forbid")
    index: int
    action: str = Field(description="the engine's form; Action.parse reads it back")
    kind: str
    params: dict[str, Any]
    text: str = Field(description="the action in words (state.describe)")


class View(BaseModel):
    """What one seat (or a spectator) sees of a game; sent after every change."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["view"]
    protocol: Literal[1]
    id: str
    game: str
    title: str
    version: int = Field(description="actions applied so far")
    status: Literal["open", "running", "finished", "attention"]
    seat: int | None
    seats: list[SeatInfo]
    attention: str | None
    campaign: str | None = Field(
        default=None, description="the campaign whose scenario this game is (null: none)"
    )
    to_act: list[int]
    legal: list[Choice]
    observation: dict[str, Any] | None
    log: list[str]
    board: dict[str, Any] | None
    board_script: str | None = Field(
        description="the URL of the script that draws the board (an ES module in the game's "
        "plug-in exporting createView(body, ctx)), or null: the generic view"
    )
    result: str | None
    outcome: dict[str, Any] | None = Field(
        description="at the end, how the game ended (core/outcome.py Outcome.to_json: ending, "
        "winner, team, returns, text, the game's details), else null"
    )
    can_undo: bool
    reply_to: int | None = Field(
        default=None,
        description="on the WebSocket, the answer to this client's action or undo: the "
        "version it was sent on",
    )


class Error(BaseModel):
    """A refused request; it changed nothing."""

    model_config = ConfigDict(extra="allow")
    type: Literal["error"]
    code: Literal[
        "bad-request",
        "unknown-game",
        "not-found",
        "illegal-action",
        "not-your-turn",
        "stale-version",
        "bad-token",
        "seat-taken",
        "too-large",
        "needs-attention",
        "server-error",
    ]
    message: str
    rule: str | None
    field: str | None


class ActionMessage(BaseModel):
    """Client to server: take an action, acting on *version*."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["action"]
    action: str
    version: int


class UndoMessage(BaseModel):
    """Client to server: undo this seat's last decision."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["undo"]
    version: int


class Ping(BaseModel):
    """Client to server: are you there (answered by ``{"type": "pong"}``)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["ping"]


MESSAGES: dict[str, type[BaseModel]] = {
    "view": View,
    "error": Error,
    "action": ActionMessage,
    "undo": UndoMessage,
    "ping": Ping,
}


def schema_of(name: str) -> dict[str, Any]:
    """The JSON Schema of message *name*."""
    schema = MESSAGES[name].model_json_schema()
    schema["$id"] = f"rulekeeper-protocol-1/{name}.schema.json"
    return schema


def write_schemas(folder: Path = SCHEMAS) -> None:
    """Write every message's schema into *folder*."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in MESSAGES:
        text = json.dumps(schema_of(name), indent=2, sort_keys=True) + "\n"
        (folder / f"{name}.schema.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_schemas()
