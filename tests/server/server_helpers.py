"""Small helpers of the server tests."""

from __future__ import annotations

import time
from collections.abc import Callable


def until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    """Poll *check* until it holds (a bot playing a game through the server)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.25)


def auth(token: str) -> dict[str, str]:
    """The header that carries a token."""
    return {"Authorization": f"Bearer {token}"}
