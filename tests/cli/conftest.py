"""Every CLI test saves its games in a folder of its own, never in the user's data folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the platform's data folder (XDG_DATA_HOME) at the test's own folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("RULEKEEPER_DATA_DIR", raising=False)
    return tmp_path / "data"
