"""Small helpers of the server tests."""

from __future__ import annotations


def auth(token: str) -> dict[str, str]:
    """The header that carries a token."""
    return {"Authorization": f"Bearer {token}"}
