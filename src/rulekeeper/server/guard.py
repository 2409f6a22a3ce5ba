"""The server's boundary (docs/protocol.md, Errors): whatever a client sends, it gets the
protocol's error with a reason, never a crash, a framework's own error shape or a reset
connection. Request bodies are read whole (up to :data:`MAX_BODY`) and their nesting checked
before anything parses them; a body too large is read to its end (up to :data:`DRAIN_LIMIT`)
before the ``413`` goes, so the client, still sending, reads the answer."""

from __future__ import annotations

import asyncio
import logging
import re
from array import array
from collections.abc import Iterable
from itertools import accumulate

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rulekeeper.core import RulekeeperError
from rulekeeper.server.errors import ApiError

LOG = logging.getLogger("rulekeeper.server")
MAX_BODY = 1_000_000
"""Bytes: a longer request or message is refused (``too-large``)."""
MAX_DEPTH = 64
"""How deep a request's or message's JSON may nest (objects and arrays); deeper is refused
before it is parsed (a battle file or a map nests less than 10 deep)."""
DRAIN_LIMIT = 16 * MAX_BODY
"""Bytes of a body too large that are read (and dropped) before the ``413`` goes; a client
sending more than this gets the answer and the connection is closed."""
DRAIN_SECONDS = 30.0
"""How long a body too large is read before the ``413`` goes anyway."""
LOAD_ERRORS = (RulekeeperError, RecursionError, LookupError, TypeError, ValueError)
"""What loading a client's game data may raise: refused as ``bad-request``, never a 500."""
STATUS_CODES = {404: "not-found", 413: "too-large"}
"""The protocol's code for a status the framework answers by itself (else ``bad-request``)."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_STEPS = bytes.maketrans(b"[]{}", b"\x01\xff\x01\xff")
"""An opening bracket as +1, a closing one as -1 (signed bytes)."""
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")


def nesting_depth(text: str | bytes, limit: int | None = None) -> int:
    """How deep *text*'s JSON objects and arrays nest (brackets in strings do not count), or
    just past *limit* when more than *limit* brackets open in a row (found at once). Counted
    in C (a running sum over the brackets), never a Python loop per byte: at most about 0.1 s
    for a body of 1 MB that is all brackets."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    steps = _STRING.sub(b"", data).translate(_STEPS, _NOT_BRACKETS)
    if limit is not None and b"\x01" * (limit + 1) in steps:
        return limit + 1
    return max(accumulate(array("b", steps), initial=0))


def check_depth(text: str | bytes) -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH`, before anything parses it."""
    if nesting_depth(text, MAX_DEPTH) > MAX_DEPTH:
        raise ApiError("bad-request", f"JSON may nest at most {MAX_DEPTH} deep")


def refused_data(error: BaseException, field: str) -> ApiError:
    """The ``bad-request`` for a client's game data the engine could not load (an error that
    is not the engine's own is logged: the data should have been refused by name)."""
    if isinstance(error, RulekeeperError):
        return ApiError("bad-request", str(error), field)
    if isinstance(error, RecursionError):
        return ApiError("bad-request", "the data nests too deep", field)
    LOG.warning("game data refused by an unexpected error", exc_info=error)
    return ApiError(
        "bad-request", f"the data cannot be loaded ({type(error).__name__}: {error})", field
    )


def error_response(error: ApiError, headers: dict[str, str] | None = None) -> JSONResponse:
    """The HTTP answer carrying *error*."""
    return JSONResponse(error.to_json(), status_code=error.status, headers=headers)


def allowed_methods(routes: Iterable[BaseRoute], scope: Scope) -> list[str]:
    """The methods the path of *scope* answers (with OPTIONS), for ``Allow``; empty if none."""
    found: set[str] = set()
    for route in routes:
        match, _ = route.matches(scope)
        methods = getattr(route, "methods", None)
        if match != Match.NONE and methods:
            found |= set(methods)
    return sorted(found | {"OPTIONS"}) if found else []


def framework_error(request: Request, status: int, detail: str) -> Response:
    """A status the framework answers by itself (no route, a method the path does not take,
    a body it cannot parse) as the protocol's error; OPTIONS is answered with ``Allow``."""
    allowed = allowed_methods(request.app.router.routes, request.scope)
    headers = {"Allow": ", ".join(allowed)} if allowed else None
    if status == 405 and request.method == "OPTIONS" and allowed:
        return Response(status_code=204, headers=headers)
    if status == 405:
        detail = f"{request.method} is not a method of this path (Allow: {', '.join(allowed)})"
    code = STATUS_CODES.get(status, "bad-request")
    if status == 404:
        detail = f"nothing at {request.url.path!r}"
    return error_response(ApiError(code, detail, status=status), headers if status == 405 else None)


class BodyGuard:
    """ASGI middleware: a request's body read whole before the app sees it, refused when it is
    larger than :data:`MAX_BODY`, says a Content-Length that is not a number, or nests deeper
    than :data:`MAX_DEPTH`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            body = await _read_body(scope, receive)
            check_depth(body)
        except ApiError as error:
            close = isinstance(error, TooLarge) and error.close
            headers = {"Connection": "close"} if close else None
            await error_response(error, headers)(scope, receive, send)
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def _declared_length(scope: Scope) -> int | None:
    """The request's Content-Length (None without one); refused unless it is a number."""
    values = [v for k, v in scope["headers"] if k.lower() == b"content-length"]
    if not values:
        return None
    if len(set(values)) > 1 or not values[0].strip().isdigit():
        raise ApiError(
            "bad-request", "Content-Length must be one number of bytes", "Content-Length"
        )
    return int(values[0])


async def _read_body(scope: Scope, receive: Receive) -> bytes:
    """The request's whole body; a body over :data:`MAX_BODY` is drained, then refused."""
    declared = _declared_length(scope)
    if declared is not None and declared > MAX_BODY:
        if any(k == b"expect" and v.lower() == b"100-continue" for k, v in scope["headers"]):
            raise TooLarge(close=True)  # the client waits for our word before it sends
        raise await _too_large(receive, 0)
    chunks: list[bytes] = []
    size = 0
    more = True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        more = bool(message.get("more_body", False))
        if size > MAX_BODY:
            raise await _too_large(receive, size if more else None)
        chunks.append(chunk)
    return b"".join(chunks)


class TooLarge(ApiError):
    """A body over :data:`MAX_BODY`; *close*: the connection is closed after the answer (the
    client went on sending past what is drained)."""

    def __init__(self, close: bool) -> None:
        super().__init__("too-large", f"a request may hold at most {MAX_BODY} bytes", status=413)
        self.close = close


async def _too_large(receive: Receive, read: int | None) -> TooLarge:
    """The ``too-large`` error, once the rest of the body is read and dropped (*read*: bytes
    read so far, None when the body has ended), up to :data:`DRAIN_LIMIT` bytes and
    :data:`DRAIN_SECONDS`."""
    if read is None:
        return TooLarge(close=False)
    try:
        async with asyncio.timeout(DRAIN_SECONDS):
            while read <= DRAIN_LIMIT:
                message = await receive()
                if message["type"] != "http.request" or not message.get("more_body", False):
                    return TooLarge(close=False)
                read += len(message.get("body", b""))
    except TimeoutError:
        pass
    return TooLarge(close=True)
