"""Whether the browser tests can run here: the one place that decides it (conftest.py skips the
folder for the reason given here; ``./rk test`` runs this file after the tests and prints it,
so a skipped browser folder is never silent). ``RULEKEEPER_CHROMIUM`` names the chromium to use
(default: ``/usr/bin/chromium``, Debian's, or ``chromium`` on PATH)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys

INSTALL = "apt-get install -y --no-install-recommends chromium"
"""How to get the browser the tests use (Debian's; README "Quick start")."""


def chromium() -> str | None:
    """The chromium binary to drive, if installed."""
    chosen = os.environ.get("RULEKEEPER_CHROMIUM")
    if chosen:
        return chosen if os.access(chosen, os.X_OK) else None
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def unavailable() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed"
    if chromium() is None:
        return f"no chromium ({INSTALL})"
    return None


def main() -> int:
    """Prints ``browser tests skipped: REASON`` when they cannot run (nothing otherwise)."""
    reason = unavailable()
    if reason is not None:
        print(f"browser tests skipped: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
