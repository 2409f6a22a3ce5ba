"""Browser tests: the real app on uvicorn (a thread of this process, on a SQLite database of the
session's own, bots in one worker process with no pace) and Playwright driving Debian's
chromium (``playwright install`` is never needed: the browser is the system's).

Without chromium (``/usr/bin/chromium`` or ``chromium`` on PATH, or $RULEKEEPER_CHROMIUM) or
the ``playwright`` package the whole folder is skipped, saying why (availability.py decides it;
``./rk test`` prints it), unless RULEKEEPER_REQUIRE_BROWSER=1 (as in .ci/run), which makes that
a failure. Screenshots of the main screens are saved under
$RULEKEEPER_ARTIFACTS (default: a temporary folder of the session)."""

from __future__ import annotations

import os
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from availability import chromium as find_chromium
from availability import unavailable
from browser_live import LiveServer

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT = {"width": 1366, "height": 900}
TIMEOUT_MS = 15_000
"""How long an expectation or a click waits by default."""


REQUIRED = os.environ.get("RULEKEEPER_REQUIRE_BROWSER") == "1"
UNAVAILABLE = unavailable()
NO_PLAYWRIGHT = UNAVAILABLE == "the playwright package is not installed"
if NO_PLAYWRIGHT and not REQUIRED:  # the test modules import it: leave them out, saying why
    collect_ignore_glob = ["test_*.py"]


def pytest_report_header() -> str | None:
    return f"browser tests skipped: {UNAVAILABLE}" if UNAVAILABLE else None


def _unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"a browser is required (RULEKEEPER_REQUIRE_BROWSER=1) but {reason}")
    pytest.skip(f"browser tests skipped: {reason}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def chromium() -> str:
    """The chromium binary (skips or fails the folder without one)."""
    if UNAVAILABLE:
        _unavailable(UNAVAILABLE)
    found = find_chromium()
    assert found is not None
    return found


QUICK_CAMPAIGN = Path(__file__).parents[1] / "games" / "homm3" / "campaigns_quick" / "quick.yaml"
"""Three short solo scenarios the server offers as the operator's own campaign (``serve
--campaign``): random players win them."""


@pytest.fixture(scope="session")
def live_server(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real app on uvicorn in a background thread, on a temporary SQLite database."""
    import uvicorn

    folder = tmp_path_factory.mktemp("server")
    old_data = os.environ.get("RULEKEEPER_DATA_DIR")
    os.environ["RULEKEEPER_DATA_DIR"] = str(folder / "data")

    from rulekeeper.server.app import create_app
    from rulekeeper.server.bots import BotRunner
    from rulekeeper.server.campaigns import Campaigns
    from rulekeeper.server.db import open_database
    from rulekeeper.server.lobby import Lobby

    lobby = Lobby(open_database(f"sqlite:///{(folder / 'games.db').as_posix()}"))
    bots = BotRunner(lobby, workers=1, pace=0)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(lobby, campaigns=Campaigns(lobby, {"homm3": [str(QUICK_CAMPAIGN)]})),
            host="127.0.0.1",
            port=port,
            log_level="warning",
        )
    )
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:  # ready when the catalog answers
        try:
            with urllib.request.urlopen(f"{url}/api/catalog", timeout=2) as answer:
                if answer.status == 200:
                    break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield LiveServer(url, lobby)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        bots.close()
        if old_data is None:
            os.environ.pop("RULEKEEPER_DATA_DIR", None)
        else:
            os.environ["RULEKEEPER_DATA_DIR"] = old_data


@pytest.fixture(scope="session")
def browser(chromium: str) -> Iterator[Any]:
    """One chromium for the session."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)  # as long as clicks wait: a bot may be starting

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield launched
        finally:
            launched.close()


RACES = ("status of 409 (Conflict)",)
"""The browser's line for a 409: the protocol's answer to a request the game moved past (a click
or a preview racing the next view, docs/protocol.md), which the page handles; never a fault."""


@pytest.fixture
def allowed_errors() -> list[str]:
    """Console errors a test expects (a substring each), such as the browser's own line for a
    404 the test asks for, and the races' 409s; any other still fails it."""
    return list(RACES)


@pytest.fixture
def new_page(browser: Any, allowed_errors: list[str]) -> Iterator[Any]:
    """Makes pages, each in a browser context of its own (its own localStorage: another
    person); every page's console errors and uncaught exceptions fail the test (but those
    listed in ``allowed_errors``)."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make() -> Any:
        context = browser.new_context(viewport=VIEWPORT)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        page.on(
            "console",
            lambda message: (
                errors.append(f"console: {message.text}") if message.type == "error" else None
            ),
        )
        return page

    yield make
    for context in contexts:
        context.close()
    errors = [error for error in errors if not any(part in error for part in allowed_errors)]
    assert not errors, "the page reported errors:\n" + "\n".join(errors)


@pytest.fixture
def page(new_page: Any) -> Any:
    return new_page()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $RULEKEEPER_ARTIFACTS, or a temporary folder."""
    chosen = os.environ.get("RULEKEEPER_ARTIFACTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
