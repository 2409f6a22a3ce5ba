"""The HTTP and WebSocket API (docs/protocol.md) over a :class:`Lobby`, and the browser UI's
static files. ``create_app(lobby)`` builds it; ``rulekeeper serve`` runs it on uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

import rulekeeper
from rulekeeper.core import RulekeeperError
from rulekeeper.core.errors import UnknownGameError
from rulekeeper.core.registry import default_registry, game_info
from rulekeeper.server.campaigns import Campaigns
from rulekeeper.server.catalog import catalog
from rulekeeper.server.errors import ApiError
from rulekeeper.server.guard import (
    MAX_BODY,
    BodyGuard,
    check_depth,
    error_response,
    framework_error,
)
from rulekeeper.server.hosted import Hosted
from rulekeeper.server.lobby import Lobby
from rulekeeper.server.openapi import describe, errors
from rulekeeper.server.views import PLUGINS, stamp, view_text

LOG = logging.getLogger("rulekeeper.server")
STATIC = Path(__file__).parent / "static"
THREADS = 32
"""Threads that carry out what clients send and make their views."""
ONLY_NAMED_FIELDS = ConfigDict(extra="forbid")
"""Request bodies hold only the fields their schema names."""
BINARY_CLOSE = 1003
"""The WebSocket close code after a binary frame (the protocol is JSON text)."""
FAILURE_CLOSE = 1011
"""The WebSocket close code after the server failed carrying out a message (a bug, logged)."""
REFUSED_CLOSE = 4403
"""The WebSocket close code when the game or the token is refused on connecting."""
MAX_QUERY_ARGUMENTS = 20
MAX_QUERY_TEXT = 1_000
"""A game query takes at most this many arguments, each name and value this long."""


class NewGame(BaseModel):
    """``POST /api/games``."""

    model_config = ONLY_NAMED_FIELDS
    game: str = Field(max_length=60)
    params: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] = Field(min_length=1, max_length=8)
    title: str = Field(default="", max_length=200)
    private: bool = False
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    name: str = Field(default="", max_length=80)
    """The creator's name, shown on the seats it takes ("me")."""


class Join(BaseModel):
    """``POST /api/games/{id}/join``."""

    model_config = ONLY_NAMED_FIELDS
    seat: int = Field(ge=0, lt=8)
    name: str = Field(default="", max_length=80)


class GiveToBot(BaseModel):
    """``POST /api/games/{id}/bot``."""

    model_config = ONLY_NAMED_FIELDS
    seat: int = Field(ge=0, lt=8)
    spec: str = Field(max_length=200)


class Move(BaseModel):
    """``POST /api/games/{id}/actions`` and ``/undo``."""

    model_config = ONLY_NAMED_FIELDS
    action: str = Field(default="", max_length=10_000)
    version: int = Field(ge=0)


class Branch(BaseModel):
    """``POST /api/games/{id}/branch``."""

    model_config = ONLY_NAMED_FIELDS
    at: int = Field(ge=0)
    seats: list[str] = Field(min_length=1, max_length=8)
    title: str = Field(default="", max_length=200)


class NewCampaign(BaseModel):
    """``POST /api/campaigns``: a shipped campaign of *game*, each scenario with *seats*."""

    model_config = ONLY_NAMED_FIELDS
    game: str = Field(max_length=60)
    campaign: str = Field(max_length=200)
    seats: list[str] = Field(min_length=1, max_length=8)
    title: str = Field(default="", max_length=200)
    private: bool = False
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    name: str = Field(default="", max_length=80)


class NextScenario(BaseModel):
    """``POST /api/campaigns/{id}/next``: after game *game*, keep *keep* (null: the automatic
    pick)."""

    model_config = ONLY_NAMED_FIELDS
    game: str = Field(max_length=40)
    keep: list[str] | None = Field(default=None, max_length=60)


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if not authorization:
        return None
    kind, _, token = authorization.partition(" ")
    if kind.casefold() != "bearer" or not token.strip():
        raise ApiError("bad-token", "send the token as 'Authorization: Bearer TOKEN'", status=403)
    return token.strip()


Auth = Annotated[str | None, Header()]


def create_app(
    lobby: Lobby, on_stop: Callable[[], None] | None = None, campaigns: Campaigns | None = None
) -> FastAPI:
    """The app serving *lobby* and *campaigns* (default: the shipped ones); *on_stop* runs
    when the server stops (its bot processes end: uvicorn ends the process at once after
    that, on a signal)."""
    desk = campaigns if campaigns is not None else Campaigns(lobby)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        # the threads that act and make views (asyncio.to_thread): a game's lock or the
        # database's writer may keep one waiting, and others must not wait for it
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="rulekeeper")
        )
        yield
        if on_stop is not None:
            await asyncio.to_thread(on_stop)

    app = FastAPI(title="Rulekeeper", version=rulekeeper.__version__, lifespan=lifespan)

    describe(app)
    app.add_middleware(BodyGuard)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_response(error)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        return framework_error(request, error.status_code, str(error.detail))

    @app.exception_handler(Exception)
    async def failure(request: Request, error: Exception) -> JSONResponse:
        LOG.error("request failed", exc_info=error)
        return error_response(ApiError("server-error", "the server failed (logged)", status=500))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        found = ApiError("bad-request", str(first.get("msg", "malformed request")), where or None)
        return JSONResponse(found.to_json(), status_code=400)

    @app.get("/api/catalog", responses=errors())
    def get_catalog() -> dict[str, Any]:
        found = catalog()
        for entry in found["games"]:
            entry["campaigns"] = desk.offered(entry["name"])
        return found

    @app.get("/api/catalog/{game}/glossary", responses=errors(404))
    def get_glossary(game: str) -> dict[str, Any]:
        return glossary_of(game)

    @app.get("/api/games", responses=errors())
    def list_open() -> list[dict[str, Any]]:
        return lobby.listing()

    @app.post("/api/games", status_code=201, responses=errors())
    def create(body: NewGame) -> dict[str, Any]:
        return lobby.create(
            body.game, body.params, body.seats, body.title, body.private, body.seed, name=body.name
        )

    @app.get("/api/games/{game_id}", responses=errors(403, 404))
    def view(game_id: str, authorization: Auth = None) -> dict[str, Any]:
        return lobby.view(game_id, bearer(authorization))

    @app.post("/api/games/{game_id}/join", responses=errors(404, 409))
    def join(game_id: str, body: Join) -> dict[str, Any]:
        return lobby.join(game_id, body.seat, body.name)

    @app.post("/api/games/{game_id}/leave", responses=errors(403, 404))
    def leave(game_id: str, authorization: Auth = None) -> dict[str, Any]:
        lobby.leave(game_id, bearer(authorization))
        return {"ok": True}

    @app.post("/api/games/{game_id}/bot", responses=errors(403, 404))
    def bot(game_id: str, body: GiveToBot, authorization: Auth = None) -> dict[str, Any]:
        lobby.give_to_bot(game_id, bearer(authorization), body.seat, body.spec)
        return {"ok": True}

    @app.delete("/api/games/{game_id}", responses=errors(403, 404))
    def remove(game_id: str, authorization: Auth = None) -> dict[str, Any]:
        lobby.delete(game_id, bearer(authorization))
        return {"ok": True}

    @app.post("/api/games/{game_id}/actions", responses=errors(403, 404, 409))
    def act(game_id: str, body: Move, authorization: Auth = None) -> dict[str, Any]:
        return lobby.act(game_id, bearer(authorization), body.action, body.version)

    @app.post("/api/games/{game_id}/undo", responses=errors(403, 404, 409))
    def undo(game_id: str, body: Move, authorization: Auth = None) -> dict[str, Any]:
        return lobby.undo(game_id, bearer(authorization), body.version)

    @app.get("/api/games/{game_id}/explain", responses=errors(403, 404))
    def explain(
        game_id: str, action: Annotated[str, Query(max_length=10_000)], authorization: Auth = None
    ) -> dict[str, Any]:
        return lobby.explain(game_id, bearer(authorization), action)

    @app.get("/api/games/{game_id}/odds", responses=errors(403, 404, 409))
    def odds(
        game_id: str,
        action: Annotated[str, Query(max_length=10_000)],
        version: Annotated[int | None, Query(ge=0)] = None,
        authorization: Auth = None,
    ) -> dict[str, Any]:
        return lobby.odds(game_id, bearer(authorization), action, version)

    @app.get("/api/games/{game_id}/map", responses=errors(404))
    def battlefield(game_id: str) -> dict[str, Any]:
        return lobby.battlefield(game_id)

    @app.get("/api/games/{game_id}/query/{name}", responses=errors(403, 404))
    def query(
        game_id: str, name: str, request: Request, authorization: Auth = None
    ) -> Any:  # the game's own JSON
        arguments = query_arguments(request)
        return lobby.query(game_id, bearer(authorization), name, arguments)

    @app.get("/api/games/{game_id}/replay", responses=errors(404))
    def replay_at(game_id: str, at: Annotated[int, Query(ge=0)]) -> dict[str, Any]:
        return lobby.replay_at(game_id, at)

    @app.post("/api/games/{game_id}/branch", status_code=201, responses=errors(404))
    def branch(game_id: str, body: Branch) -> dict[str, Any]:
        return lobby.branch(game_id, body.at, body.seats, body.title)

    @app.get("/api/games/{game_id}/record", responses=errors(403, 404))
    def record(game_id: str, authorization: Auth = None) -> dict[str, Any]:
        return lobby.record(game_id, bearer(authorization))

    @app.get("/api/campaigns", responses=errors())
    def list_campaigns() -> list[dict[str, Any]]:
        return desk.listing()

    @app.post("/api/campaigns", status_code=201, responses=errors())
    def create_campaign(body: NewCampaign) -> dict[str, Any]:
        return desk.create(
            body.game, body.campaign, body.seats, body.title, body.private, body.seed, body.name
        )

    @app.get("/api/campaigns/{campaign_id}", responses=errors(403, 404))
    def view_campaign(campaign_id: str, authorization: Auth = None) -> dict[str, Any]:
        return desk.view(campaign_id, bearer(authorization))

    @app.post("/api/campaigns/{campaign_id}/next", responses=errors(403, 404, 409))
    def next_scenario(
        campaign_id: str, body: NextScenario, authorization: Auth = None
    ) -> dict[str, Any]:
        return desk.next(campaign_id, bearer(authorization), body.game, body.keep)

    @app.websocket("/ws/games/{game_id}")
    async def play(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            hosted = lobby.get(game_id)
            seat = hosted.seat_of(token)
        except ApiError as error:
            await websocket.send_json(error.to_json())
            await websocket.close(code=REFUSED_CLOSE, reason=error.code)
            return
        await _serve_socket(websocket, lobby, hosted, seat, token)

    @app.websocket("/ws/{rest:path}")
    async def nowhere(websocket: WebSocket, rest: str) -> None:
        await websocket.accept()  # a socket to no game (an id holding %2F): told, then closed
        error = ApiError("not-found", f"no game socket at '/ws/{rest}'", status=404)
        await websocket.send_json(error.to_json())
        await websocket.close(code=REFUSED_CLOSE, reason=error.code)

    mount_plugins(app)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

        @app.get("/", include_in_schema=False)
        def index() -> FileResponse:
            return FileResponse(STATIC / "index.html")

    return app


def glossary_of(game: str) -> dict[str, Any]:
    """Game *game*'s glossary (its plug-in's ``glossary``, core/glossary.py): ``{"game",
    "entries": [{"term", "aliases", "text"}]}``, no entries for a game without one; an unknown
    game is ``not-found`` (issue 23 §2.4)."""
    try:
        info = game_info(game)
    except UnknownGameError:
        raise ApiError("not-found", f"no game {game!r}", status=404) from None
    return {"game": info.name, "entries": [entry.to_json() for entry in info.glossary_entries()]}


def query_arguments(request: Request) -> dict[str, str]:
    """The arguments of a game query: its URL's query parameters, each once (a ``bad-request``
    for a repeated, too long or too many)."""
    found: dict[str, str] = {}
    for key, value in request.query_params.multi_items():
        if key in found:
            raise ApiError("bad-request", f"the argument {key!r} is given twice", key)
        if len(key) > MAX_QUERY_TEXT or len(value) > MAX_QUERY_TEXT:
            raise ApiError("bad-request", f"at most {MAX_QUERY_TEXT} characters", key[:40])
        found[key] = value
    if len(found) > MAX_QUERY_ARGUMENTS:
        raise ApiError("bad-request", f"at most {MAX_QUERY_ARGUMENTS} arguments")
    return found


def mount_plugins(app: FastAPI) -> None:
    """Serve each plug-in's static folder (its board script and styles) at
    ``/plugins/<plug-in name>/``; a plug-in whose folder cannot be found is logged and left
    out (its games get the generic view's data all the same)."""
    for plugin in default_registry.plugins().values():
        try:
            folder = plugin.static_folder()
        except Exception as error:  # one broken package leaves the others served
            LOG.warning(
                "plug-in files not served", extra={"kind": plugin.name, "error": str(error)}
            )
            continue
        if folder is not None and folder.is_dir():
            app.mount(
                f"{PLUGINS}/{plugin.name}",
                StaticFiles(directory=folder),
                name=f"plugin-{plugin.name}",
            )


async def _serve_socket(
    websocket: WebSocket, lobby: Lobby, hosted: Hosted, seat: int | None, token: str | None
) -> None:
    """Send the view now and after every change; carry out what the client sends."""
    loop = asyncio.get_running_loop()
    changed: asyncio.Queue[None] = asyncio.Queue()
    outbox = Outbox(websocket, hosted, seat, token)

    def listener(_: Hosted) -> None:
        loop.call_soon_threadsafe(changed.put_nowait, None)

    hosted.listeners.append(listener)
    sender = asyncio.create_task(_send_views(outbox, changed))
    try:
        while (text := await _next_text(websocket)) is not None:
            outbox.answering += 1
            try:
                reply = await asyncio.to_thread(_carry_out, lobby, outbox, token, text)
                if isinstance(reply, Stamped):
                    await outbox.answer(reply)
                elif reply is not None:
                    await websocket.send_json(reply)
            except WebSocketDisconnect:
                raise
            except Exception as error:  # a bug: the client is told, and the socket closed
                LOG.error("message failed", exc_info=error)
                await _close(websocket, ApiError("server-error", "the server failed (logged)"))
                break
            finally:
                outbox.answering -= 1
                changed.put_nowait(None)  # what changed meanwhile goes out now, if anything
            if sender.done() and not sender.cancelled() and sender.exception() is not None:
                LOG.error("view sender failed", exc_info=sender.exception())
                break
    except WebSocketDisconnect:
        pass
    finally:
        hosted.listeners.remove(listener)
        sender.cancel()


async def _next_text(websocket: WebSocket) -> str | None:
    """The client's next message, or None once it has gone; a binary frame is answered by an
    error, and the socket closed (BINARY_CLOSE)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if isinstance(text, str):
        return text
    await _close(websocket, ApiError("bad-request", "a message is JSON text, not binary"))
    return None


async def _close(websocket: WebSocket, error: ApiError) -> None:
    """Send *error*, then close the socket with its close code and the error's code."""
    code = FAILURE_CLOSE if error.code == "server-error" else BINARY_CLOSE
    await websocket.send_json(error.to_json())
    await websocket.close(code=code, reason=error.code)


@dataclass(frozen=True)
class Stamped:
    """A view's text and its stamp (views.stamp: the version it shows)."""

    stamp: tuple[Any, ...]
    text: str


class Outbox:
    """The views one socket is sent, in the game's order and each version once: the answer to
    the client's action (with ``reply_to``) stands for the view of its version, and while an
    answer is on its way no other view goes (it will hold the newest)."""

    def __init__(
        self, websocket: WebSocket, hosted: Hosted, seat: int | None, token: str | None
    ) -> None:
        self.websocket = websocket
        self.hosted = hosted
        self.seat = seat
        self.token = token
        self.sent: tuple[Any, ...] | None = None
        """The stamp of the newest view sent (views.stamp)."""
        self.sending = asyncio.Lock()
        """One view at a time, so they go out in the game's order."""
        self.answering = 0
        """Messages of the client being carried out (each answered with the view then)."""

    def now(self, reply_to: int | None = None) -> Stamped:
        """The view as it is now (made in a worker thread: it may wait for the game's lock)."""
        with self.hosted.lock:
            if self.seat is not None and self._holder() != self.seat:
                raise ApiError(
                    "seat-lost",
                    f"seat {self.seat} is no longer this token's (a bot or a person took it): "
                    "watch the game without the token",
                    status=403,
                )
            return Stamped(stamp(self.hosted), view_text(self.hosted, self.seat, reply_to))

    def _holder(self) -> int | None:
        """The seat the socket's token holds now (None: none any more)."""
        try:
            return self.hosted.seat_of(self.token)
        except ApiError:
            return None

    async def push(self) -> None:
        """The view as it is now, unless it went already or an answer will hold it. It is made
        off the event loop, which never waits for a game's lock."""
        async with self.sending:
            if self.answering:
                return
            try:
                found = await asyncio.to_thread(self.now)
            except ApiError as error:  # the seat went to another: its views stop here
                await self.websocket.send_json(error.to_json())
                await self.websocket.close(code=REFUSED_CLOSE, reason=error.code)
                raise WebSocketDisconnect(REFUSED_CLOSE) from None
            if found.stamp != self.sent:
                await self.answer(found, locked=True)

    async def answer(self, found: Stamped, locked: bool = False) -> None:
        """Send *found* (made by :meth:`now`)."""
        if not locked:
            async with self.sending:
                await self.answer(found, locked=True)
            return
        self.sent = found.stamp
        await self.websocket.send_text(found.text)


async def _send_views(outbox: Outbox, changed: asyncio.Queue[None]) -> None:
    """The seat's view, first at once and then whenever the game changes."""
    while True:
        try:
            await outbox.push()
        except (WebSocketDisconnect, RuntimeError):  # the client has gone
            return
        await changed.get()
        while not changed.empty():
            changed.get_nowait()


def _carry_out(
    lobby: Lobby, outbox: Outbox, token: str | None, text: str
) -> Stamped | dict[str, Any] | None:
    """A client's message carried out (in a worker thread): the view to answer with, made at
    once in the same thread, or the error or pong."""
    reply = _handle(lobby, outbox.hosted, token, text)
    if reply is not None and reply.get("type") == "view":
        try:
            return outbox.now(reply_to=reply["reply_to"])
        except ApiError as error:
            return error.to_json()
    return reply


def _handle(lobby: Lobby, hosted: Hosted, token: str | None, text: str) -> dict[str, Any] | None:
    """A client's message: the answer to send back (the new view, with ``reply_to``, or an
    error)."""
    if len(text) > MAX_BODY:
        return ApiError("too-large", f"a message may hold at most {MAX_BODY} bytes").to_json()
    try:
        check_depth(text)
        message = json.loads(text)
        if not isinstance(message, dict):
            raise ApiError("bad-request", "a message is a JSON object")
        kind = message.get("type")
        version = message.get("version")
        if kind == "ping":
            return {"type": "pong"}
        if kind not in ("action", "undo"):
            raise ApiError("bad-request", "type must be action, undo or ping", "type")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ApiError("bad-request", "version must be the view's version", "version")
        if kind == "undo":
            return {**lobby.undo(hosted.id, token, version), "reply_to": version}
        action = message.get("action")
        if not isinstance(action, str):
            raise ApiError("bad-request", "action must be a string", "action")
        return {**lobby.act(hosted.id, token, action, version), "reply_to": version}
    except ApiError as error:
        return error.to_json()
    except json.JSONDecodeError as error:
        return ApiError("bad-request", f"not JSON: {error}").to_json()
    except RulekeeperError as error:
        return ApiError("bad-request", str(error)).to_json()
    except RecursionError:
        return ApiError("bad-request", "the message nests too deep").to_json()
