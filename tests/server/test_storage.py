"""Durability (issue 10 §1, §3): every action is stored before it is acknowledged, a killed
server resumes every game exactly where it was, a database newer than the code is refused, and
a stored game that no longer replays is kept, read-only, as needing attention."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from rulekeeper.server.db import DatabaseError, open_database
from rulekeeper.server.lobby import Lobby


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def call(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    """One HTTP request to the running server; its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def start(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """``rulekeeper serve`` in a process of its own; returns once it answers."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rulekeeper.cli.main",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(folder),
            "--workers",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            call(f"http://127.0.0.1:{port}", "GET", "/api/catalog")
            return process
        except (urllib.error.URLError, ConnectionError):
            assert process.poll() is None, process.stdout.read().decode() if process.stdout else ""
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.05)


def test_a_killed_server_resumes_every_game_where_it_was(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(tmp_path, port)
    try:
        created = call(
            base, "POST", "/api/games", {"game": "battleground", "seats": ["me", "me"], "seed": 5}
        )
        game, tokens = created["id"], created["seat_tokens"]
        for _ in range(12):
            seen = call(base, "GET", f"/api/games/{game}")
            seat = seen["to_act"][0]
            mine = call(base, "GET", f"/api/games/{game}", token=tokens[str(seat)])
            pick = next(c for c in mine["legal"] if c["kind"] not in ("forfeit", "offer-draw"))
            call(
                base,
                "POST",
                f"/api/games/{game}/actions",
                {"action": pick["action"], "version": mine["version"]},
                tokens[str(seat)],
            )
        before = call(base, "GET", f"/api/games/{game}", token=tokens["0"])
        workers = bot_processes(base, server.pid)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    again = start(tmp_path, port)
    try:
        after = call(base, "GET", f"/api/games/{game}", token=tokens["0"])
        assert after == before
        wait_until_gone(workers)  # the killed server's bot processes end by themselves
        workers = bot_processes(base, again.pid)
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(timeout=30)
    wait_until_gone(workers)  # a server stopped by a signal ends its bot processes


def bot_processes(base: str, pid: int) -> set[int]:
    """The bot processes of the server *pid*, once a game between bots has them started."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("no /proc here to tell a process's children")
    call(base, "POST", "/api/games", {"game": "battleground", "seats": ["random", "random"]})
    deadline = time.monotonic() + 30
    while not (found := children(pid)):
        assert time.monotonic() < deadline, "the server started no bot process"
        time.sleep(0.05)
    return found


def children(pid: int) -> set[int]:
    """The processes whose parent is *pid* (Linux: /proc; elsewhere none are known)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def wait_until_gone(pids: set[int]) -> None:
    deadline = time.monotonic() + 20
    while left := {p for p in pids if Path(f"/proc/{p}").exists() and not _zombie(p)}:
        assert time.monotonic() < deadline, f"processes {sorted(left)} are still running"
        time.sleep(0.1)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


def test_a_database_newer_than_the_code_is_refused(url: str) -> None:
    engine = open_database(url)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(DatabaseError, match="newer than this Rulekeeper knows"):
        open_database(url)


def test_a_game_that_no_longer_replays_needs_attention(url: str) -> None:
    lobby = Lobby(open_database(url))
    created = lobby.create("battleground", {}, ["me", "me"], seed=5)
    with lobby.engine.begin() as connection:
        connection.execute(
            sa.text("UPDATE actions SET entry = :entry WHERE number = 0"),
            {"entry": json.dumps({"player": 0, "action": {"kind": "no-such-rule"}})},
        )
    reloaded = Lobby(open_database(url))
    listed = reloaded.listing()
    assert listed[0]["status"] == "attention" and "no-such-rule" in listed[0]["attention"]
    assert reloaded.view(created["id"], None)["observation"] is None
    stored = reloaded.record(created["id"], created["admin_token"])
    assert stored["actions"][0]["action"]["kind"] == "no-such-rule"
