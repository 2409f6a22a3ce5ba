"""Bad input at the server's boundary (issue 20 §2): whatever a client sends over HTTP or the
WebSocket, it gets the protocol's error with a reason (docs/protocol.md, Errors), never a 500,
a framework's own error shape, a dropped socket or a reset connection; the OpenAPI description
lists every answer. Each test failed on the code before the fix (9b4273f)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
import yaml
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import auth
from starlette.websockets import WebSocketDisconnect

from rulekeeper.games.homm3.game import shipped_battle
from rulekeeper.server import lobby as lobby_module
from rulekeeper.server.app import create_app
from rulekeeper.server.db import open_database
from rulekeeper.server.errors import ApiError
from rulekeeper.server.guard import MAX_BODY, MAX_DEPTH, nesting_depth
from rulekeeper.server.lobby import Lobby
from rulekeeper.server.serving import JsonH11Protocol, http_protocol

ERROR_KEYS = {"type", "code", "message", "rule", "field"}


@pytest.fixture
def lobby(tmp_path: Path) -> Lobby:
    return Lobby(open_database(f"sqlite:///{(tmp_path / 'games.db').as_posix()}"))


@pytest.fixture
def client(lobby: Lobby) -> Iterator[TestClient]:
    with TestClient(create_app(lobby), raise_server_exceptions=False) as test_client:
        yield test_client


def nested(depth: int) -> dict[str, Any]:
    """A JSON object *depth* deep."""
    inner: dict[str, Any] = {}
    for _ in range(depth - 1):
        inner = {"x": inner}
    return inner


def protocol_error(answer: Any, code: str = "bad-request") -> dict[str, Any]:
    """*answer*'s body, checked to be the protocol's error with *code* and a reason."""
    body: dict[str, Any] = answer.json() if hasattr(answer, "json") else answer
    assert set(body) >= ERROR_KEYS, body
    assert body["type"] == "error" and body["code"] == code, body
    assert body["message"], body
    return body


def battle() -> dict[str, Any]:
    """The shipped neutral battle, as data."""
    found: dict[str, Any] = yaml.safe_load(shipped_battle("neutral-fight.yaml").read_text())
    return found


# ---------------------------------------------------------------------------- creating a game


def test_issue20_s2_a_battle_nested_900_deep_is_a_400_not_a_500(client: TestClient) -> None:
    """issue 20 §2: POST /api/games with a 900-deep params.battle answered 500."""
    data = {**battle(), "extra": nested(900)}
    answer = client.post(
        "/api/games",
        json={"game": "homm3-combat", "params": {"battle": data}, "seats": ["me", "random"]},
    )
    assert answer.status_code == 400
    assert str(MAX_DEPTH) in protocol_error(answer)["message"]


def test_issue20_s2_the_lobby_refuses_deep_game_data_itself(lobby: Lobby) -> None:
    """issue 20 §2: past the HTTP depth check too, a RecursionError loading a client's battle is
    a bad-request naming params, never a crash."""
    data = {**battle(), "extra": nested(900)}
    with pytest.raises(ApiError) as refused:
        lobby.create("homm3-combat", {"battle": data}, ["me", "random"])
    assert (refused.value.code, refused.value.field) == ("bad-request", "params")


def test_issue20_s2_an_unknown_unit_in_the_pending_steps_is_a_400(client: TestClient) -> None:
    """issue 20 §2: a battle whose pending activation names an unknown unit answered 500."""
    data = battle()
    data["pending"] = [
        {"kind": "battle", "stage": "fight"},
        {"kind": "combat-round", "started": True},
        {"kind": "activation", "unit": "nonesuch", "started": True, "moved": False,
         "attacked": False, "origin": 7, "no_defend": False},
    ]  # fmt: skip
    answer = client.post(
        "/api/games",
        json={"game": "homm3-combat", "params": {"battle": data}, "seats": ["me", "random"]},
    )
    assert answer.status_code == 400
    assert protocol_error(answer)["field"] == "params"


def test_issue20_s2_an_engine_crash_on_load_is_refused_not_a_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 20 §2: the server never answers 500 for bad input, even when the engine meets the
    data with an error that is not its own (a KeyError, as a pending unknown unit raised)."""

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("arrow-tower")

    monkeypatch.setattr(lobby_module, "load_game", broken)
    answer = client.post("/api/games", json={"game": "homm3-combat", "seats": ["me", "random"]})
    assert answer.status_code == 400
    assert "arrow-tower" in protocol_error(answer)["message"]


# ---------------------------------------------------------------------------- HTTP shapes


def test_issue20_s2_a_deeply_nested_body_gets_the_protocols_error(client: TestClient) -> None:
    """issue 20 §2: a body nested 100,000 deep came back in FastAPI's shape ({"detail": ...})."""
    body = '{"game": "battleground", "seats": ["me", "open"], "params": ' + "[" * 100_000
    body += "]" * 100_000 + "}"
    answer = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400
    protocol_error(answer)


def test_issue20_s2_nesting_depth_counts_brackets_outside_strings() -> None:
    """issue 20 §2: the depth check reads JSON as JSON (a bracket in a string is text)."""
    assert nesting_depth('{"a": [1, {"b": "[[[[{{"}], "c": "\\"]]"}') == 3
    assert nesting_depth("[]") == 1 and nesting_depth("17") == 0
    assert nesting_depth("[" * 70 + "]" * 70) == 70


def test_issue20_s2_an_id_holding_an_encoded_slash_gets_not_found(client: TestClient) -> None:
    """issue 20 §2: /api/games/a%2Fb came back as FastAPI's {"detail": "Not Found"}."""
    for path in ("/api/games/a%2Fb", "/api/games/a%2Fb/actions", "/nowhere"):
        answer = client.get(path)
        assert answer.status_code == 404
        protocol_error(answer, "not-found")


def test_issue20_s2_a_method_not_allowed_gets_the_protocols_error_and_allow(
    client: TestClient,
) -> None:
    """issue 20 §2: 405 in FastAPI's shape, with an Allow naming only one route's methods."""
    answer = client.put("/api/games")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, OPTIONS, POST"
    protocol_error(answer)


def test_issue20_s2_options_answers_with_allow(client: TestClient) -> None:
    """issue 20 §2: OPTIONS answered 405 without Allow."""
    game = client.post("/api/games", json={"game": "battleground", "seats": ["me", "open"]}).json()
    expected = {
        "/api/games": "GET, OPTIONS, POST",
        f"/api/games/{game['id']}": "DELETE, GET, OPTIONS",
        f"/api/games/{game['id']}/actions": "OPTIONS, POST",
    }
    for path, allow in expected.items():
        answer = client.options(path)
        assert (answer.status_code, answer.headers.get("allow")) == (204, allow), path
    protocol_error(client.options("/nowhere"), "not-found")


def test_issue20_s2_a_content_length_that_is_not_a_number_is_a_bad_request(lobby: Lobby) -> None:
    """issue 20 §2: a bad Content-Length was answered too-large (413), or by uvicorn in plain
    text; the app itself answers bad-request naming the header."""
    app = create_app(lobby)
    for value in (b"abc", b"-5", b"1e3"):
        status, body = _run(_asgi_post(app, [(b"content-length", value)], b"{}"))
        assert status == 400, value
        assert protocol_error(body)["field"] == "Content-Length"


def _run(coro: Any) -> Any:
    """Run *coro* to its end on a fresh event loop in a thread of its own: a browser test's
    Playwright may keep an event loop running in this worker's main thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def _asgi_post(
    app: FastAPI, headers: list[tuple[bytes, bytes]], body: bytes
) -> tuple[int, dict[str, Any]]:
    """POST /api/games straight through ASGI (no client to tidy the headers): status, body."""
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/api/games", "raw_path": b"/api/games", "query_string": b"",
        "root_path": "", "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 1), "server": ("testserver", 80),
    }  # fmt: skip
    sent: list[dict[str, Any]] = []
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    text = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], json.loads(text)


# ---------------------------------------------------------------------------- a real server


@pytest.fixture
def served(lobby: Lobby) -> Iterator[tuple[int, type[Any]]]:
    """The app on uvicorn on a free port, with the HTTP protocol ``rulekeeper serve`` uses."""
    yield from _serve(lobby, http_protocol())


@pytest.fixture
def served_h11(lobby: Lobby) -> Iterator[tuple[int, type[Any]]]:
    """The same on uvicorn's h11 protocol (its choice when httptools is missing)."""
    yield from _serve(lobby, JsonH11Protocol)


def _serve(lobby: Lobby, protocol: type[Any]) -> Iterator[tuple[int, type[Any]]]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    config = uvicorn.Config(
        create_app(lobby), host="127.0.0.1", port=port, log_level="error", http=protocol
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield port, protocol
    finally:
        server.should_exit = True
        thread.join(10)


def _answer(connection: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One HTTP answer read off *connection*: status, headers, body (to the end of the
    connection or Content-Length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        assert chunk, f"the connection ended before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:])}
    length = int(headers.get("content-length", "-1"))
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


@pytest.mark.parametrize("value", [b"abc", b"-5", b"5, 7"])
@pytest.mark.parametrize("server", ["served", "served_h11"])
def test_issue20_s2_uvicorn_answers_a_bad_content_length_in_the_protocols_shape(
    server: str, value: bytes, request: pytest.FixtureRequest
) -> None:
    """issue 20 §2: uvicorn answered a bad Content-Length with its plain text."""
    port, _ = request.getfixturevalue(server)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + value + b"\r\n\r\n{}"
        )
        status, headers, body = _answer(connection)
    assert status == 400 and headers["content-type"] == "application/json"
    protocol_error(json.loads(body))


@pytest.mark.parametrize("chunked", [False, True])
def test_issue20_s2_a_body_too_large_is_answered_while_the_client_still_sends(
    served: tuple[int, type[Any]], chunked: bool
) -> None:
    """issue 20 §2: a body over 1 MB got its 413 and then the connection was reset while the
    client was still sending (here, slowly, asking to close the connection after the answer):
    now the whole body is read and the 413 answered in the protocol's shape."""
    port, _ = served
    size, piece = 2 * MAX_BODY, 64 * 1024
    framing = b"Transfer-Encoding: chunked" if chunked else b"Content-Length: %d" % size
    with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
        connection.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Connection: close\r\n" + framing + b"\r\n\r\n"
        )
        for start in range(0, size, piece):
            data = b" " * min(piece, size - start)
            connection.sendall(b"%x\r\n%s\r\n" % (len(data), data) if chunked else data)
            time.sleep(0.005)
        if chunked:
            connection.sendall(b"0\r\n\r\n")
        status, _, body = _answer(connection)
    assert status == 413
    protocol_error(json.loads(body), "too-large")


# ---------------------------------------------------------------------------- the WebSocket


def _game(client: TestClient) -> tuple[str, str]:
    created = client.post("/api/games", json={"game": "battleground", "seats": ["me", "open"]})
    body = created.json()
    return body["id"], body["seat_tokens"]["0"]


def test_issue20_s2_a_message_nested_100000_deep_gets_an_error(client: TestClient) -> None:
    """issue 20 §2: a WebSocket message nested 100,000 deep dropped the socket with no message
    and no close frame; now it is answered with bad-request and the socket goes on."""
    game, token = _game(client)
    with client.websocket_connect(f"/ws/games/{game}?token={token}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_text("[" * 100_000 + "]" * 100_000)
        assert str(MAX_DEPTH) in protocol_error(ws.receive_json())["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_issue20_s2_a_binary_frame_gets_an_error_and_close_code_1003(client: TestClient) -> None:
    """issue 20 §2: a binary frame dropped the socket with no message and no close frame."""
    game, token = _game(client)
    with client.websocket_connect(f"/ws/games/{game}?token={token}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_bytes(b'{"type": "ping"}')
        protocol_error(ws.receive_json())
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert (closed.value.code, closed.value.reason) == (1003, "bad-request")


def test_issue20_s2_a_server_failure_on_a_message_closes_with_1011(
    client: TestClient, lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 20 §2: a failure carrying out a message (a bug) dropped the socket silently; now
    the client gets server-error and the close code 1011."""
    game, token = _game(client)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug")

    monkeypatch.setattr(lobby, "act", broken)
    with client.websocket_connect(f"/ws/games/{game}?token={token}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "action", "action": "end", "version": 0})
        protocol_error(ws.receive_json(), "server-error")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1011


def test_issue20_s2_a_refused_connection_closes_with_4403_and_a_reason(
    client: TestClient,
) -> None:
    """docs/protocol.md: a refused connection is told why, then closed with 4403."""
    game, _ = _game(client)
    with client.websocket_connect(f"/ws/games/{game}?token=nobody") as ws:
        protocol_error(ws.receive_json(), "bad-token")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert (closed.value.code, closed.value.reason) == (4403, "bad-token")


@pytest.mark.parametrize("how", ["bot", "leave"])
def test_a_socket_whose_seat_goes_to_another_gets_no_more_of_its_views(
    client: TestClient, how: str
) -> None:
    """Brief (hidden information is a promise), docs/protocol.md: a socket opened with a seat's
    token, when the admin gives the seat to a bot or the person leaves it (from another tab), is
    told ``seat-lost`` and closed with 4403 before any view made after the change; the same
    socket's later messages get nothing either."""
    created = client.post("/api/games", json={"game": "battleground", "seats": ["me", "open"]})
    body = created.json()
    game, token, admin = body["id"], body["seat_tokens"]["0"], body["admin_token"]
    with client.websocket_connect(f"/ws/games/{game}?token={token}") as ws:
        assert ws.receive_json()["type"] == "view"
        if how == "bot":
            given = client.post(
                f"/api/games/{game}/bot", json={"seat": 0, "spec": "random"}, headers=auth(admin)
            )
        else:
            given = client.post(f"/api/games/{game}/leave", headers=auth(token))
        assert given.status_code in (200, 204), given.text
        assert "seat 0 is no longer" in protocol_error(ws.receive_json(), "seat-lost")["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert (closed.value.code, closed.value.reason) == (4403, "seat-lost")


# ---------------------------------------------------------------------------- OpenAPI


def test_issue20_s2_openapi_documents_every_error_status(client: TestClient) -> None:
    """issue 20 §2: the OpenAPI description listed only 200/201/422; now every status the
    server answers, each error with the protocol's schema, and no 422 (it never sends one)."""
    described = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in described["components"]["schemas"]
    error = described["components"]["schemas"]["Error"]
    assert "server-error" in error["properties"]["code"]["enum"]
    for path, operations in described["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert "422" not in statuses and {"400", "413"} <= statuses, (method, path)
            names = {p["name"] for p in operation.get("parameters", [])}
            # a 404 names a missing game: by id, or by name (issue 23 §2.4's glossary), or a
            # missing campaign (issue 26 §3)
            found = bool({"game_id", "game", "campaign_id"} & names)
            assert ("404" in statuses) == found, (method, path)
            assert ("403" in statuses) == ("authorization" in names), (method, path)
            for status in statuses - {"200", "201"}:
                content = operation["responses"][status]["content"]["application/json"]
                assert content["schema"] == {"$ref": "#/components/schemas/Error"}
    for path in ("/api/games/{game_id}/join", "/api/games/{game_id}/actions"):
        assert "409" in described["paths"][path]["post"]["responses"]


def test_issue20_s2_every_error_status_the_server_answers_is_documented(
    client: TestClient,
) -> None:
    """issue 20 §2: 400, 403, 404, 409 and 413 really answered, each listed for its operation."""
    described = client.get("/openapi.json").json()["paths"]
    game, _ = _game(client)
    one = "/api/games/{game_id}"
    probes = [
        ("post", "/api/games", "/api/games", {"json": {"game": "nonesuch", "seats": ["me"]}}, 400),
        ("get", f"/api/games/{game}", one, {"headers": auth("nobody")}, 403),
        ("get", "/api/games/g-none", one, {}, 404),
        ("post", f"/api/games/{game}/join", one + "/join", {"json": {"seat": 0}}, 409),
        ("post", "/api/games", "/api/games", {"content": b" " * (MAX_BODY + 1)}, 413),
    ]
    for method, path, template, options, status in probes:
        answer = client.request(method, path, **options)
        assert answer.status_code == status, (path, answer.text)
        protocol_error(answer, answer.json()["code"])
        assert str(status) in described[template][method]["responses"], (method, template)


def test_issue20_s2_an_action_nested_deep_is_a_400_everywhere(client: TestClient) -> None:
    """issue 20 §2: an action text nested 4,900 deep (RecursionError reading it) answered 500
    on /actions, /explain and /odds, and dropped the WebSocket."""
    game, token = _game(client)
    deep = "move to=" + "[" * 4900 + "]" * 4900
    version = client.get(f"/api/games/{game}", headers=auth(token)).json()["version"]
    answers = [
        client.post(f"/api/games/{game}/actions", json={"action": deep, "version": version},
                    headers=auth(token)),
        client.get(f"/api/games/{game}/explain", params={"action": deep}, headers=auth(token)),
        client.get(f"/api/games/{game}/odds", params={"action": deep}, headers=auth(token)),
    ]  # fmt: skip
    for answer in answers:
        assert answer.status_code == 400, answer.text
        assert protocol_error(answer)["field"] == "action"
    with client.websocket_connect(f"/ws/games/{game}?token={token}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "action", "action": deep, "version": version})
        protocol_error(ws.receive_json())


def test_issue20_s2_a_socket_to_an_id_holding_an_encoded_slash_is_told_and_closed(
    client: TestClient,
) -> None:
    """issue 20 §2: a WebSocket to /ws/games/a%2Fb (no route) was refused without a word; now
    it gets not-found and the close code 4403."""
    with client.websocket_connect("/ws/games/a%2Fb") as ws:
        protocol_error(ws.receive_json(), "not-found")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert (closed.value.code, closed.value.reason) == (4403, "not-found")


def test_issue20_s2_the_depth_check_of_a_large_body_is_quick() -> None:
    """issue 20 §2: the depth check runs before parsing, on the event loop: a body of 1 MB,
    however nested, is measured in well under a second."""
    bodies = [b"[" * 500_000 + b"]" * 500_000, b"[[]" * 330_000, json.dumps([[1, "x"]] * 90_000)]
    for body in bodies:
        started = time.perf_counter()
        nesting_depth(body, MAX_DEPTH)
        assert time.perf_counter() - started < 2.0


def test_issue20_s2_a_client_expecting_100_continue_gets_its_413_at_once(
    served: tuple[int, type[Any]],
) -> None:
    """issue 20 §2 (the 413 without a reset): a client that waits for 100 Continue before
    sending a body too large is answered at once, not made to send it to be drained."""
    port, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n" % (5 * MAX_BODY)
        )
        status, headers, body = _answer(connection)
    assert (status, headers["connection"]) == (413, "close")
    protocol_error(json.loads(body), "too-large")


def test_issue20_s2_a_server_failure_over_http_is_in_the_protocols_shape(
    client: TestClient, lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 20 §2 (every error in the protocol's shape): a bug answered uvicorn's plain-text
    500; now the protocol's server-error, as docs/protocol.md lists it."""

    def broken() -> Any:
        raise KeyError("a bug")

    monkeypatch.setattr(lobby, "listing", broken)
    answer = client.get("/api/games")
    assert answer.status_code == 500
    protocol_error(answer, "server-error")
