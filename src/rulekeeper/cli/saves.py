"""Where the terminal client keeps its games: every game is saved after every action, by default
in the platform's data folder (``platformdirs``: ``~/.local/share/rulekeeper`` on Linux, under
``$XDG_DATA_HOME`` if set; ``$RULEKEEPER_DATA_DIR`` overrides it), so ``rulekeeper play
--resume`` continues the last unfinished game."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import platformdirs

LAST = "last"
"""What ``--resume`` alone means: the most recent unfinished game."""


def data_dir() -> Path:
    """Rulekeeper's data folder: ``$RULEKEEPER_DATA_DIR``, or the platform's."""
    chosen = os.environ.get("RULEKEEPER_DATA_DIR")
    return Path(chosen) if chosen else platformdirs.user_data_path("rulekeeper", appauthor=False)


def saves_dir() -> Path:
    """The folder of automatic saves."""
    return data_dir() / "saves"


def new_save(game: str, seed: int) -> Path:
    """A fresh file name for a new game of *game*."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    path = folder / f"{game}-{stamp}-{seed}.json"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{game}-{stamp}-{seed}-{number}.json"
    return path


def unfinished(path: Path) -> bool:
    """Whether the replay file at *path* is a game not yet over (unreadable files are not)."""
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("finished") is False
    except (OSError, ValueError, AttributeError):
        return False


def last_save() -> Path | None:
    """The most recently saved unfinished game, if any."""
    folder = saves_dir()
    if not folder.is_dir():
        return None
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return next((path for path in files if unfinished(path)), None)
