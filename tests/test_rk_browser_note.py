"""``./rk test`` says when the browser tests are skipped (issue 23 §2.14): tests/browser/
availability.py decides it (the browser folder's conftest skips for its reason) and rk prints
its line after the tests, instead of a silent skip."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTE = "browser tests skipped: no chromium"


def without_chromium() -> dict[str, str]:
    return {**os.environ, "RULEKEEPER_CHROMIUM": str(ROOT / "no-such-chromium")}


def test_issue23_availability_says_why_the_browser_tests_are_skipped() -> None:
    done = subprocess.run(
        [sys.executable, "tests/browser/availability.py"],
        cwd=ROOT,
        env=without_chromium(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith(NOTE), done.stdout
    assert "apt-get install" in done.stdout  # and how to get it


def test_issue23_rk_test_prints_the_skip_after_the_tests() -> None:
    script = (ROOT / "rk").read_text(encoding="utf-8")
    function = re.search(r"^browser_note\(\) \{\n.*?^\}\n", script, re.S | re.M)
    assert function is not None, "rk defines browser_note"
    checked = re.search(r"^checked_tests\(\) \{\n.*?^\}\n", script, re.S | re.M)
    assert checked is not None and "browser_note" in checked.group(0)
    for command in ("test)", "test-fast)"):  # both run checked_tests
        branch = script.split(f"    {command}\n", 1)[1].split(";;", 1)[0]
        assert "checked_tests" in branch, command
    venv = Path(sys.executable).parent.parent
    done = subprocess.run(
        ["bash", "-c", f'VENV="{venv}"\n{function.group(0)}browser_note'],
        cwd=ROOT,
        env=without_chromium(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stderr.startswith(f"rk: {NOTE}"), done.stderr
