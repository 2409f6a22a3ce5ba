"""Structured logs: one JSON object per line (time, level, logger, message and the fields the
call gave in ``extra``). Tokens are never logged."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in STANDARD and not key.startswith("_"):
                data[key] = (
                    value if isinstance(value, int | float | str | bool | None) else repr(value)
                )
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


def setup(level: int = logging.INFO) -> None:
    """Send Rulekeeper's server logs to standard error as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("rulekeeper")
    logger.handlers[:] = [handler]
    logger.setLevel(level)
    logger.propagate = False
