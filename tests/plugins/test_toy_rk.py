"""Issue 22 §4: ``./rk test`` and ``./rk test-fast`` install the tests' toy game plug-in
(tests/plugins/toy) once, like the main package (a stamp in the venv); ``./rk serve`` and
``./rk demo`` never do (a user's server offers no test game). Run on a copy of the script over
a fake venv whose programs only write down how they were called."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOY = "tests/plugins/toy"
FAKE = """#!/bin/sh
echo "$(basename "$0") $*" >> "$(dirname "$0")/../calls.log"
"""


def fake_checkout(folder: Path) -> Path:
    """A copy of rk with the files it hashes, and a venv of programs that log their calls."""
    shutil.copy(ROOT / "rk", folder / "rk")
    for name in ("pyproject.toml", "constraints.txt", f"{TOY}/pyproject.toml"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, folder / name)
    programs = folder / ".venv" / "bin"
    programs.mkdir(parents=True)
    for program in ("python", "ruff", "mypy", "pytest", "rulekeeper"):
        (programs / program).write_text(FAKE)
        (programs / program).chmod(0o755)
    return folder / ".venv" / "calls.log"


def run_rk(folder: Path, log: Path, *words: str) -> list[str]:
    """The calls ``./rk WORDS`` makes to the venv's programs."""
    log.unlink(missing_ok=True)
    env = {key: value for key, value in os.environ.items() if key != "PYTHON"}
    subprocess.run(
        [str(folder / "rk"), *words], cwd=folder, env=env, check=True, capture_output=True
    )
    return log.read_text().splitlines() if log.exists() else []


def installs(calls: list[str]) -> list[str]:
    return [call for call in calls if " pip install " in f" {call} "]


def test_issue22_rk_test_installs_the_toy_plugin_once_and_serve_never(tmp_path: Path) -> None:
    log = fake_checkout(tmp_path)
    served = installs(run_rk(tmp_path, log, "serve"))
    assert len(served) == 1 and served[0].endswith("-e .[dev,pg]"), served
    assert not installs(run_rk(tmp_path, log, "demo"))  # installed: the stamp says so
    assert not any(TOY in call for call in run_rk(tmp_path, log, "serve"))

    tested = run_rk(tmp_path, log, "test-fast", "-k", "nothing")
    assert installs(tested) == [
        "python -m pip install --quiet --disable-pip-version-check --no-compile"
        f" -c constraints.txt -e {TOY}"
    ]
    pytest = next(i for i, call in enumerate(tested) if call.startswith("pytest "))
    assert tested.index(installs(tested)[0]) < pytest  # installed before the tests run
    assert any(call.startswith("mypy") for call in tested)  # and typed beside them
    assert not installs(run_rk(tmp_path, log, "test", "-k", "nothing"))  # once
    assert not installs(run_rk(tmp_path, log, "serve"))
