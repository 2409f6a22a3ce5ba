"""Issue 28 §3: the Fields of Eternia map game on its own board in the browser: a 2-player
standard game against the random bot, the page's seat clicking its choices (the decision
panel's buttons, or an area of the map when a choice enters it) through the first round; the
map, the teams, the round track and the heroes drawn; a spectator's page draws the same map
without choices. Every page's console errors fail the test (conftest ``new_page``)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from browser_helpers import STATE, screenshot, version
from browser_live import LiveServer
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

SECONDS = 60
CHOICES = ".em-decision button[data-action]"
TARGETS = ".em-area.em-target[data-action]"
CONFIRM = ".em-odds button[data-confirm]"
MOVED = """(before) => document.getElementById("app").dataset.version !== before
    || document.getElementById("app").dataset.status === "finished\""""


def test_a_round_clicked_on_the_map_board(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    made = live_server.create("eternia", ["me", "random"], seed=5, params={"first_team": 0})
    game_id, token = made["id"], made["seat_tokens"]["0"]
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".em-svg")).to_be_visible()
    areas = page.locator(".em-area")
    expect(areas.first).to_be_attached()
    assert areas.count() == len(live_server.lobby.get(game_id).state.board.graph.nodes)
    expect(page.locator(".em-team")).to_have_count(2)
    expect(page.locator(".em-space").first).to_be_visible()
    clicks, moves = 0, 0
    deadline = time.monotonic() + SECONDS
    while live_server.lobby.get(game_id).state.round < 2:
        assert time.monotonic() < deadline, f"round 1 not over in {SECONDS} s ({clicks} clicks)"
        try:
            state = page.wait_for_function(STATE, timeout=8000).json_value()
        except PlaywrightTimeout:
            continue
        if state == "finished":
            break
        before = version(page)
        targets = page.locator(TARGETS)
        if targets.count() and clicks % 2 == 0:  # a move, clicked on the map
            targets.first.dispatch_event("click")
            moves += 1
        else:
            buttons = page.locator(CHOICES)
            if not buttons.count():
                continue
            buttons.first.click()
            confirm = page.locator(CONFIRM)
            with contextlib.suppress(PlaywrightTimeout):  # an epic combat's choice: its odds
                confirm.wait_for(timeout=1500)
                confirm.click()
        clicks += 1
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(MOVED, arg=before, timeout=5000)
    assert clicks and moves, (clicks, moves)
    screenshot(page, artifacts, "eternia-map")
    spectator = new_page()
    spectator.goto(live_server.game_link(game_id))
    expect(spectator.locator(".em-svg")).to_be_visible()
    expect(spectator.locator(CHOICES)).to_have_count(0)
