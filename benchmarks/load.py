"""Load test of the web server (issue 10 §3; not in CI): N concurrent games, each a scripted
client playing seat 0 with random legal actions over the WebSocket against a random bot, for a
while on loopback. Prints the machine, then the latency from sending an action to receiving its
acknowledged view (bot thinking excluded: the first view that includes the action), as median,
p95 and p99, and the errors; first for 10 games (the baseline), then for N.

    python benchmarks/load.py [--games 100] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from typing import Any

import websockets

SERVE = [sys.executable, "-m", "rulekeeper.cli.main", "serve"]
GRAVE = {"forfeit", "surrender", "retreat", "flee", "offer-draw", "accept-draw"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(base: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as reply:
        return json.loads(reply.read())


def start_server(folder: str, port: int) -> subprocess.Popen[bytes]:
    """The server, in a process of its own, once it answers."""
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), "--data-dir", folder, "--pace", "0"],
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(folder, "server.log"), "w"),  # noqa: SIM115
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=5)
            return process
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


async def latest(ws: Any) -> tuple[dict[str, Any], set[int]]:
    """The newest view among the messages waiting (as a real client would act on the game as
    it is, not on a view already overtaken), and the versions answered meanwhile (reply_to);
    an error at once."""
    newest: dict[str, Any] = json.loads(await ws.recv())
    replies: set[int] = set()
    while True:
        if newest.get("type") == "error":
            return newest, replies
        if newest.get("reply_to") is not None:
            replies.add(newest["reply_to"])
        try:
            newer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 0.001))
        except TimeoutError:
            return newest, replies
        if newer.get("type") == "error" or newer.get("version", -1) >= newest.get("version", -1):
            newest = newer
        elif newer.get("reply_to") is not None:
            replies.add(newer["reply_to"])


async def player(
    base: str, ws_base: str, seed: int, until: float, out: dict[str, list[float]]
) -> None:
    """One game: seat 0 plays random legal actions until time is up (new games as they end)."""
    rng = random.Random(seed)
    while time.monotonic() < until:
        created = await asyncio.to_thread(
            post, base, "/api/games", {"game": "battleground", "seats": ["me", "random"]}
        )
        token = created["seat_tokens"]["0"]
        async with websockets.connect(f"{ws_base}/ws/games/{created['id']}?token={token}") as ws:
            sent_at: float | None = None
            sent_version = -1
            newest: dict[str, Any] = {"version": -1}
            while time.monotonic() < until:
                found, replies = await latest(ws)
                if found.get("type") != "error" and found["version"] >= newest["version"]:
                    newest = found  # a view older than one already seen tells nothing new
                view = found if found.get("type") == "error" else newest
                if view.get("type") == "error":
                    out["errors"].append(view["code"])
                    sent_at = None
                    continue
                if sent_at is not None and sent_version in replies:
                    out["latency"].append(time.perf_counter() - sent_at)
                    sent_at = None
                if view["status"] == "finished":
                    break
                choices = [c for c in view["legal"] if c["kind"] not in GRAVE]
                if not choices and 0 in view["to_act"]:
                    choices = view["legal"]  # nothing else left
                if sent_at is None and choices and 0 in view["to_act"]:
                    # not the game's own actions (forfeit, draws: always on offer), and only
                    # when the game waits for this seat
                    pick = rng.choice(choices)
                    sent_version = view["version"]
                    sent_at = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {"type": "action", "action": pick["action"], "version": sent_version}
                        )
                    )


async def run(base: str, games: int, seconds: float) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {"latency": [], "errors": []}
    until = time.monotonic() + seconds
    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(*(player(base, ws_base, seed, until, out) for seed in range(games)))
    return out


def report(label: str, found: dict[str, list[Any]]) -> None:
    latencies = sorted(found["latency"])
    if not latencies:
        print(f"{label}: no actions")
        return

    def q(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

    print(
        f"{label}: {len(latencies)} actions, median {statistics.median(latencies) * 1000:.1f} ms, "
        f"p95 {q(0.95):.1f} ms, p99 {q(0.99):.1f} ms, errors {len(found['errors'])} "
        f"{dict(Counter(found['errors']))}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    cores = os.cpu_count()
    print(f"machine: {platform.platform()}, {cores} cores, Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(folder, port)
        base = f"http://127.0.0.1:{port}"
        try:
            report("10 games (baseline)", asyncio.run(run(base, 10, args.seconds)))
            report(f"{args.games} games", asyncio.run(run(base, args.games, args.seconds)))
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
