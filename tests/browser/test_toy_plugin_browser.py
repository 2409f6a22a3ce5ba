"""Issue 22 §4: the toy plug-in (tests/plugins/toy, installed from tests/ like a third party's
game) in the browser: the lobby's form shows its declared parameters and its own bot, creates
a game against that bot, and the generic view plays it to its end by clicking."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from browser_helpers import STATE, click_and_settle, screenshot
from browser_live import LiveServer
from playwright.sync_api import Page, expect

GAME = "toy_duel"
GRAVE = ("forfeit", "offer-draw", "accept-draw")
SECONDS = 90
BUTTONS = ".generic .actions button[data-index]"
BUTTONS_OR_END = """(selector) => document.getElementById("app").dataset.status === "finished"
    || document.querySelector(selector) !== null"""


def play_generic(page: Page, seconds: float) -> int:
    """Click the page's seat to the end of the game in the generic view: the first choice that
    is not a forfeit or a draw offer, confirmed when the view shows its odds first. Answers
    how many clicks it took."""
    clicks = 0
    deadline = time.monotonic() + seconds
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        assert left_ms > 0, f"the game did not end in {seconds} s ({clicks} clicks)"
        if page.wait_for_function(STATE, timeout=left_ms).json_value() == "finished":
            return clicks
        buttons = page.locator(BUTTONS)
        page.wait_for_function(BUTTONS_OR_END, arg=BUTTONS)  # the view may end meanwhile
        if not buttons.count():
            continue
        titles = buttons.evaluate_all("(all) => all.map((b) => b.title)")
        index = next(i for i, title in enumerate(titles) if not title.startswith(GRAVE))
        click_and_settle(page, buttons.nth(index))
        confirm = page.locator(".generic .info").get_by_role("button", name="Confirm (Enter)")
        if confirm.count():
            click_and_settle(page, confirm)
        clicks += 1


def test_issue22_the_toy_plugin_plays_in_the_generic_view(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    page.goto(live_server.url + "/")
    page.fill("#your-name", "Toy")
    page.select_option("#new-game", GAME)
    # its declared parameters, as param-<name>: a number with its bounds, a choice, a check box
    rounds = page.locator("#param-rounds")
    expect(rounds).to_have_attribute("type", "number")
    expect(rounds).to_have_attribute("min", "1")
    expect(rounds).to_have_attribute("max", "1000")
    expect(rounds).to_have_value("3")
    expect(page.locator("#param-first option")).to_have_text(["a", "b"])
    expect(page.locator("#param-coop")).to_have_attribute("type", "checkbox")
    expect(page.locator("#param-map")).to_have_count(0)  # no other game's parameter
    # its own bot is offered for its seats
    expect(page.locator("#seat-1 option[value=highcard]")).to_have_count(1)
    expect(page.locator("#seat-1 option[value=highcard]")).to_contain_text("highcard")
    rounds.fill("2")
    page.select_option("#param-first", "b")
    expect(page.locator("#seat-0")).to_have_value("me")
    page.select_option("#seat-1", "highcard")  # issue 23 §2.11: a list (was a typed spec)
    page.fill("#new-seed", "5")
    page.fill("#new-title", "Toy against its own bot")
    page.get_by_role("button", name="Create and play").click()

    expect(page).to_have_url(re.compile(r"#/game/g-[0-9a-f]+\?token=."))
    expect(page.locator(".game-head .who")).to_contain_text("you are seat 0")
    expect(page.locator(".generic .observation")).to_be_visible()  # no board: the generic view
    expect(page.locator("svg.battlefield")).to_have_count(0)
    game_id = page.url.split("#/game/")[1].split("?")[0]
    hosted = live_server.lobby.get(game_id)
    assert [(seat.kind, seat.spec) for seat in hosted.seats][1] == ("bot", "highcard")
    params = hosted.state.game.params
    assert (params["rounds"], params["first"]) == (2, "b")
    screenshot(page, artifacts, "toy-generic")

    clicks = play_generic(page, SECONDS)
    assert clicks >= 2  # at least a card picked in each round
    expect(page.locator("#app")).to_have_attribute("data-status", "finished")
    token = page.url.split("token=")[1]
    view: dict[str, Any] = live_server.api("GET", f"/api/games/{game_id}", token=token)
    assert view["status"] == "finished" and view["result"]
    state = live_server.lobby.get(game_id).state
    assert state.is_terminal() and state.round == 2
    assert view["result"] == state.describe_result()
    assert any(entry.player == 1 for entry in state.history()), "its bot played"
    screenshot(page, artifacts, "toy-generic-end")
