"""``./rk <command>`` runs the command where the user stands (issue 9: a map path relative to
the current folder failed because the script changed folder first)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "src/rulekeeper/games/battleground/board/maps/crossroads.yaml"


def test_a_relative_path_is_read_from_where_the_user_stands(tmp_path: Path) -> None:
    shutil.copy(SHIPPED, tmp_path / "my-map.yaml")
    result = subprocess.run(
        [str(ROOT / "rk"), "battleground", "map", "check", "my-map.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK: my-map.yaml" in result.stdout
