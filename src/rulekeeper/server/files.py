"""Parameters of a new game that may name a file (docs/server.md): a client names only what the
server ships, or gives the data itself; no other file of the server's machine can be read.

Which parameters are files comes from the game's declaration (core/plugin.py ``Param`` of kind
``file``): a file parameter that declares ``shipped`` files may name one of them (by name, with
or without ``.yaml``, or by the path the server's own record keeps); any other string is
refused. A parameter the game does not declare is left for the game to refuse."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.errors import UnknownGameError
from rulekeeper.core.plugin import GameInfo
from rulekeeper.core.registry import game_info
from rulekeeper.server.errors import ApiError

__all__ = ["shipped"]


def shipped(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """*params* as a client may give them: each declared file parameter as data, or a shipped
    file by name (``siege`` or ``siege.yaml``, given to the game as the declaration says:
    ``Param.shipped_value``), never a path on the server."""
    try:
        info: GameInfo | None = game_info(game)
    except UnknownGameError:
        info = None  # the lobby refuses an unknown game by name
    checked = dict(params)
    for param in info.params if info is not None else ():
        value = checked.get(param.name)
        if param.kind != "file" or value is None or isinstance(value, dict | list):
            continue
        field = f"params.{param.name}"
        if not param.shipped:
            raise ApiError(
                "bad-request", f"{param.name} must be given as data, not a file name", field
            )
        found = param.shipped_value(str(value))
        if found is None:
            names = ", ".join(sorted(param.shipped_files())) or "none"
            raise ApiError(
                "bad-request",
                f"no shipped {param.format} {str(value)!r} (shipped: {names}; or give the data)",
                field,
            )
        checked[param.name] = found
    return checked
