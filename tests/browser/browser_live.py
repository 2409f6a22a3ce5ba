"""The app on a real port, as the browser tests see it (no Playwright here: conftest imports
it before knowing whether a browser is there)."""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass
from typing import Any


@dataclass
class LiveServer:
    """The app on a real port."""

    url: str
    lobby: Any  # rulekeeper.server.lobby.Lobby

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        """A JSON call to the server's HTTP API."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def create(self, game: str, seats: list[str], **fields: Any) -> dict[str, Any]:
        """``POST /api/games``: {id, admin_token, seat_tokens}."""
        found: dict[str, Any] = self.api(
            "POST", "/api/games", {"game": game, "seats": seats, **fields}
        )
        return found

    def game_link(self, game_id: str, token: str | None = None) -> str:
        suffix = f"?token={token}" if token else ""
        return f"{self.url}/#/game/{game_id}{suffix}"
