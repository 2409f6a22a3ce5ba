"""HoMM3 solo in the browser (issue 26 Acceptance): a solo game against the AI hero created with
its mode and difficulty, its first decisions clicked on the map board, the AI hero drawn as its
own figure with its panel, the player's choice of the AI hero's next field clicked on the map
(homm3.md §9.13), then a bot takes the seat and plays to the end: the page shows the result.
Every page's console errors fail the test (conftest ``new_page``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import screenshot, version, wait_version_change
from browser_live import LiveServer
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

SEED = 1
"""The first legal choice a few times brings the AI hero's choice of fields (§9.13) early."""
LIMIT = 200
"""Decisions taken before the AI hero's choice must have come."""


def test_a_solo_game_shows_the_ai_hero_and_a_bot_finishes_it(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """Issue 26 Acceptance: the AI hero is a red diamond on the map and has a panel (its decks
    by count); the seat's decisions are clicked on the page, the AI hero's next field among
    equally near ones is a clicked field; a bot in the seat ends the game with a result. The
    new-game form offers the mode and the difficulty, and solo sets one seat."""
    form = new_page()
    form.goto(live_server.url + "/")
    form.select_option("#new-game", "homm3")
    form.select_option("#param-mode", "solo")
    form.select_option("#param-difficulty", "hard")
    expect(form.locator(".seats select")).to_have_count(1)
    form.select_option("#param-mode", "coop")
    expect(form.locator(".seats select")).to_have_count(2)
    made = live_server.create(
        "homm3", ["me"], params={"mode": "solo", "difficulty": "easy"}, seed=SEED
    )
    game_id, token = made["id"], made["seat_tokens"]["0"]
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".hm-map")).to_be_visible()
    expect(page.locator(".hm-ai-hero[data-ai=warlord]")).to_have_count(1)
    expect(page.locator(".hm-ai")).to_contain_text("The Warlord")
    expect(page.locator(".hm-ai")).to_contain_text("AI deck: 6 cards")
    clicked = chose = 0
    for _ in range(LIMIT):
        view = live_server.api("GET", f"/api/games/{game_id}", token=token)
        if version(page) != str(view["version"]):  # the page not on this view yet: look again
            page.wait_for_timeout(100)
            continue
        steps = view["board"]["map_seat"]["ai_steps"]
        before = version(page)
        if steps:
            fields = page.locator(".ai-step").filter(visible=True)
            expect(fields).to_have_count(len(steps))
            screenshot(page, artifacts, "homm3-solo-ai-choice")
            fields.first.dispatch_event("click")
            wait_version_change(page, before)
            chose += 1
            break
        action = view["legal"][0]["action"]
        quoted = '"' + action.replace("\\", "\\\\").replace('"', '\\"') + '"'
        target = page.locator(f"[data-action={quoted}]").filter(visible=True)
        try:
            target.first.wait_for(timeout=2_000)
            target.first.dispatch_event("click", timeout=2_000)
        except PlaywrightTimeout:  # a newer view came meanwhile (an automatic step): look again
            continue
        if view["legal"][0]["kind"] == "move":  # a field previews the move: confirm it
            page.locator(".hm-preview .confirm").click()
        wait_version_change(page, before)
        clicked += 1
    assert clicked >= 3 and chose == 1
    page.goto(live_server.game_link(game_id))  # watch as a spectator: the seat is the bot's
    expect(page.locator(".hm-ai-hero[data-ai=warlord]")).to_have_count(1)
    given = live_server.api(
        "POST",
        f"/api/games/{game_id}/bot",
        {"seat": 0, "spec": "random"},
        token=made["admin_token"],
    )
    assert given
    expect(page.locator("#app")).to_have_attribute("data-status", "finished", timeout=30_000)
    final = live_server.api("GET", f"/api/games/{game_id}")
    expect(page.locator(".result")).to_have_text(final["result"])
    assert final["result"] in ("The AI heroes win", "Castle wins (victory)")
    expect(page.locator(".hm-decision")).to_contain_text("The game is over")
    screenshot(page, artifacts, "homm3-solo-end")
