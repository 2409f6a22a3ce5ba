"""Parameters of a new game that may name a file (docs/server.md): a client names only what the
server ships, or gives the data itself; no other file of the server's machine can be read."""

from __future__ import annotations

from typing import Any

from rulekeeper.server.errors import ApiError

__all__ = ["FILES", "shipped"]

FILES = ("content", "map", "position", "forces", "battle")
"""Parameters that may name a file: a client names only what the server ships, or gives the
data itself; no other file of the server's machine can be read."""


def shipped(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """*params* as a client may give them: a shipped map or HoMM3 battle by name (``siege`` or
    ``siege.yaml``), a position or forces as data, never a path on the server."""
    checked = dict(params)
    for key in FILES:
        value = checked.get(key)
        if value is None or isinstance(value, dict | list):
            continue
        if key == "map" and game.startswith("battleground"):
            from rulekeeper.games.battleground.board.battlefield import shipped_maps

            if value in shipped_maps():
                continue
            raise ApiError("bad-request", f"no shipped map {value!r}", f"params.{key}")
        if key == "battle" and game == "homm3-combat":
            from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

            name = str(value).removesuffix(".yaml")
            if str(value) in {str(shipped_battle(b)) for b in shipped_battles()}:
                continue  # the server's own record names a shipped battle by its file
            if name in {b.removesuffix(".yaml") for b in shipped_battles()}:
                checked[key] = str(shipped_battle(f"{name}.yaml"))
                continue
            raise ApiError("bad-request", f"no shipped battle {name!r}", f"params.{key}")
        raise ApiError(
            "bad-request", f"{key} must be given as data, not a file name", f"params.{key}"
        )
    return checked
