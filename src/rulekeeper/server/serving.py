"""uvicorn's HTTP protocol as ``rulekeeper serve`` runs it: a request uvicorn cannot even parse
(a Content-Length that is not a number, a malformed header or request line) is answered with
the protocol's error (docs/protocol.md, Errors) instead of uvicorn's plain text, and the
connection closed as uvicorn does."""

from __future__ import annotations

import asyncio
import json

from uvicorn.protocols.http.h11_impl import H11Protocol

from rulekeeper.server.errors import ApiError

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is optional: uvicorn then parses with h11
    HttpToolsProtocol = None  # type: ignore[assignment, misc]


def unparsable(message: str, default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """The whole HTTP answer to a request that could not be parsed (*message*: uvicorn's)."""
    error = ApiError("bad-request", f"{message.rstrip('.')}: not a well-formed HTTP request")
    body = json.dumps(error.to_json()).encode("utf-8")
    lines = [b"HTTP/1.1 400 Bad Request"]
    lines += [name + b": " + value for name, value in default_headers]
    lines += [
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode("ascii"),
        b"connection: close",
    ]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


class JsonH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, its parse errors in the protocol's shape."""

    def send_400_response(self, msg: str) -> None:
        """The protocol's ``bad-request``, then the connection closed."""
        self.transport.write(unparsable(msg, self.server_state.default_headers))
        self.transport.close()


if HttpToolsProtocol is not None:

    class JsonHttpToolsProtocol(HttpToolsProtocol):
        """uvicorn's httptools protocol, its parse errors in the protocol's shape."""

        def send_400_response(self, msg: str) -> None:
            """The protocol's ``bad-request``, then the connection closed."""
            self.transport.write(unparsable(msg, self.server_state.default_headers))
            self.transport.close()


def http_protocol() -> type[asyncio.Protocol]:
    """The protocol class for ``uvicorn.run(http=...)``: httptools when installed (uvicorn's
    own choice), else h11."""
    if HttpToolsProtocol is not None:
        return JsonHttpToolsProtocol
    return JsonH11Protocol
