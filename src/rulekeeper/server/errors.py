"""The one kind of error the server answers with (docs/protocol.md, Errors)."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refused request: a code from the protocol, what was wrong, and where."""

    def __init__(
        self,
        code: str,
        message: str,
        field: str | None = None,
        *,
        rule: str | None = None,
        status: int = 400,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule
        self.status = status
        self.extra = extra or {}

    def to_json(self) -> dict[str, Any]:
        """The error message of the protocol."""
        return {
            "type": "error",
            "code": self.code,
            "message": self.message,
            "rule": self.rule,
            "field": self.field,
            **self.extra,
        }
