"""Load test of the web server (issue 10 §3; not in CI): N concurrent games, each a scripted
client playing seat 0 with random legal actions over the WebSocket against a random bot, for a
while on loopback. Prints the machine, then the latency from sending an action to receiving its
acknowledged view (bot thinking excluded: the first view that includes the action), as median,
p95 and p99, and the errors; first for 10 games (the baseline), then for N. Each client thinks
0.5 to 1.5 s before each action (a quick player; ``--think 0``: none, which measures how many
actions the server gets through rather than how long one waits). The clients come in one after
the other over the first 5 s (``--ramp``), not all in the same instant.

    python benchmarks/load.py [--games 100] [--seconds 60] [--think LOW,HIGH] [--ramp 5]
                              [--url http://127.0.0.1:8000]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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


class Client:
    """One scripted player's side of a game: the newest view seen, and the action sent and
    not yet answered, with when it was sent."""

    def __init__(self, ws: Any, out: dict[str, list[Any]]) -> None:
        self.ws = ws
        self.out = out
        self.view: dict[str, Any] = {"version": -1, "status": "", "to_act": [], "legal": []}
        self.sent: tuple[int, float] | None = None

    async def receive(self, timeout: float | None = None) -> None:
        """Take in one message (TimeoutError if none comes in *timeout* seconds)."""
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        if message.get("type") == "error":
            self.out["errors"].append(message["code"])
            self.sent = None
            return
        if message.get("type") != "view":
            return
        if self.sent is not None and message.get("reply_to") == self.sent[0]:
            self.out["latency"].append(time.perf_counter() - self.sent[1])
            self.sent = None
        if message["version"] >= self.view["version"]:
            self.view = message  # an older view than one already seen tells nothing new

    def my_turn(self) -> bool:
        return self.sent is None and self.view["status"] != "finished" and 0 in self.view["to_act"]

    async def act(self, rng: random.Random) -> None:
        """A random legal action (never the game's own: forfeit, draws)."""
        legal = self.view["legal"]
        choices = [c for c in legal if c["kind"] not in GRAVE] or legal
        if not choices:
            return
        pick = rng.choice(choices)
        self.sent = (self.view["version"], time.perf_counter())
        message = {"type": "action", "action": pick["action"], "version": self.view["version"]}
        await self.ws.send(json.dumps(message))


async def player(
    base: str,
    ws_base: str,
    seed: int,
    until: float,
    think: tuple[float, float],
    out: dict[str, list[Any]],
    start: float = 0.0,
) -> None:
    """One game: seat 0 plays random legal actions until time is up (new games as they end),
    thinking a while (uniform in *think*, seconds) before each, as a person would; it comes
    in *start* seconds after the first."""
    rng = random.Random(seed)
    await asyncio.sleep(start)
    while time.monotonic() < until:
        created = await asyncio.to_thread(
            post, base, "/api/games", {"game": "battleground", "seats": ["me", "random"]}
        )
        token = created["seat_tokens"]["0"]
        async with websockets.connect(f"{ws_base}/ws/games/{created['id']}?token={token}") as ws:
            client = Client(ws, out)
            while time.monotonic() < until and client.view["status"] != "finished":
                if not client.my_turn():
                    with contextlib.suppress(TimeoutError):
                        await client.receive(max(0.0, until - time.monotonic()))
                    continue
                deadline = time.monotonic() + rng.uniform(*think)
                while (left := deadline - time.monotonic()) > 0:
                    try:  # what comes in while thinking (a bot's move) is seen before acting
                        await client.receive(left)
                    except TimeoutError:
                        break
                if client.my_turn():
                    await client.act(rng)


async def run(
    base: str, games: int, seconds: float, think: tuple[float, float], ramp: float
) -> dict[str, list[Any]]:
    """*games* clients, coming in one after the other over the first *ramp* seconds."""
    out: dict[str, list[Any]] = {"latency": [], "errors": []}
    until = time.monotonic() + seconds
    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(
        *(
            player(base, ws_base, seed, until, think, out, ramp * seed / games)
            for seed in range(games)
        )
    )
    return out


def report(label: str, found: dict[str, list[Any]], seconds: float) -> None:
    latencies = sorted(found["latency"])
    if not latencies:
        print(f"{label}: no actions")
        return

    def q(p: float) -> float:
        return float(latencies[min(len(latencies) - 1, int(p * len(latencies)))]) * 1000

    print(
        f"{label}: {len(latencies)} actions ({len(latencies) / seconds:.0f}/s), "
        f"median {statistics.median(latencies) * 1000:.1f} ms, p95 {q(0.95):.1f} ms, "
        f"p99 {q(0.99):.1f} ms, errors {len(found['errors'])} {dict(Counter(found['errors']))}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--think",
        default="0.5,1.5",
        help="seconds a client thinks before each action, LOW,HIGH (uniform) or one number; "
        "0: none, every client acts the moment it may (a measure of throughput, not latency)",
    )
    parser.add_argument(
        "--ramp",
        type=float,
        default=5.0,
        help="seconds over which the clients come in, one after the other (0: all at once)",
    )
    parser.add_argument("--url", help="a server already running (else one is started)")
    args = parser.parse_args()
    low, _, high = args.think.partition(",")
    think = (float(low), float(high or low))
    cores = os.cpu_count()
    print(f"machine: {platform.platform()}, {cores} cores, Python {platform.python_version()}")
    print(
        f"each client thinks {think[0]:g} to {think[1]:g} s before each action; the clients "
        f"come in over the first {args.ramp:g} s"
    )
    if args.url:
        measure(args.url.rstrip("/"), args.games, args.seconds, think, args.ramp)
        return
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(folder, port)
        try:
            measure(f"http://127.0.0.1:{port}", args.games, args.seconds, think, args.ramp)
        finally:
            server.terminate()
            server.wait(timeout=30)


def measure(base: str, games: int, seconds: float, think: tuple[float, float], ramp: float) -> None:
    """The baseline (10 games), then *games* games."""
    for label, count in (("10 games (baseline)", 10), (f"{games} games", games)):
        report(label, asyncio.run(run(base, count, seconds, think, ramp)), seconds)


if __name__ == "__main__":
    main()
