"""``rulekeeper convert OLD NEW``: an old replay file, save or game record in the current
format (issue 21 §3; core/convert.py).

Reading old files needs no command: ``rulekeeper replay``, ``play --resume`` and the server
convert a replay file of version 1 or a saved state of format 2 as they read it. This command
writes the converted file, so it can be shared with the current version only:

* a replay file (``format: rulekeeper-replay``) of version 1 becomes version 2;
* a serialized state (``GameState.serialize``, format 2) becomes format 3;
* a bare game record (``GameRecord.to_json``: game, params, seed, actions) is converted too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from rulekeeper.core import RulekeeperError
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.registry import default_registry
from rulekeeper.core.replay import GameRecord, upgrade_record
from rulekeeper.core.session import REPLAY_FORMAT, read_replay, write_replay

MAX_BYTES = 20_000_000


def converted(doc: Any, source: str) -> JsonObject | str:
    """*doc* (a replay file, a serialized state or a game record) in the current format: JSON
    data, or the text of a state."""
    if not isinstance(doc, Mapping):
        raise RulekeeperError(f"{source}: not a replay file, a save or a game record")
    if doc.get("format") == REPLAY_FORMAT:
        return write_replay(read_replay(doc, source), bool(doc.get("finished")))
    record_keys = {"game", "params", "seed", "actions"}
    if isinstance(doc.get("format"), int) and "data" in doc:
        params = doc.get("params")
        params = params if isinstance(params, dict) else {}
        game = default_registry.load(str(doc.get("game")), **params)
        return game.deserialize_state(json.dumps(doc)).serialize()
    if record_keys <= set(doc):
        record = GameRecord.from_json(doc)
        game = default_registry.load(record.game, **record.params)
        return upgrade_record(record, game).to_json()
    raise RulekeeperError(f"{source}: not a replay file, a save or a game record")


def convert_command(
    old: Annotated[Path, typer.Argument(help="An old replay file, save or game record (JSON).")],
    new: Annotated[Path, typer.Argument(help="Where to write it in the current format.")],
) -> None:
    """Write an old replay file, save or game record in the current format."""
    try:
        if old.stat().st_size > MAX_BYTES:
            raise RulekeeperError(f"{old}: too large")
        result = converted(json.loads(old.read_text(encoding="utf-8")), str(old))
    except (OSError, ValueError, RulekeeperError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    text = result if isinstance(result, str) else json.dumps(result, indent=1)
    new.write_text(text + "\n", encoding="utf-8")
    typer.echo(f"wrote {new}")
