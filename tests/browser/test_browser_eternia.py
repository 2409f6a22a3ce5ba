"""Issue 27 §3: ``eternia-combat`` in the browser's generic view (it has no board of its own):
the lobby's form creates the rulebook's Teela against Evil-Lyn against a random bot, and the
page's seat plays it to its end by clicking the generic action list."""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path
from typing import Any

from browser_helpers import SETTLED, STATE, click_and_settle, decision_text, screenshot, version
from browser_live import LiveServer
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

GAME = "eternia-combat"
SECONDS = 45
GRAVE = ("flee",)
"""Asked again in a dialog (a grave choice): the clicking player stays and fights."""
BUTTONS = ".generic .actions button[data-index]"
SETTLED_OR_ASKED = f"""(before) => document.querySelector("dialog#confirm[open]") !== null
    || document.getElementById("app").dataset.status === "finished" || ({SETTLED})(before)"""
"""After a click: the view moved on, or the list changed under the pointer and a grave choice
is asked in the dialog (answered No on the next turn of the loop)."""


def click(page: Page, target: Any, before: list[str]) -> None:
    """Click *target* and wait until the view moved on from *before* (its version and
    decision text, read before the buttons were: a bot's move may come meanwhile) or the
    dialog asks."""
    target.click()
    with contextlib.suppress(PlaywrightTimeout):  # a list the server moved past: look again
        page.wait_for_function(SETTLED_OR_ASKED, arg=before, timeout=5000)


BUTTONS_OR_END = """(selector) => document.getElementById("app").dataset.status === "finished"
    || document.querySelector(selector) !== null"""


def play_generic(page: Page, seconds: float) -> int:
    """Click the page's seat to the end of the game: the first choice each time that is not
    to flee, confirmed when the view shows its odds first. Answers how many clicks it took."""
    clicks = 0
    deadline = time.monotonic() + seconds
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        assert left_ms > 0, f"the combat did not end in {seconds} s ({clicks} clicks)"
        if page.wait_for_function(STATE, timeout=left_ms).json_value() == "finished":
            return clicks
        page.wait_for_function(BUTTONS_OR_END, arg=BUTTONS)  # the view may end meanwhile
        before = [version(page), decision_text(page)]
        asked = page.locator("dialog#confirm[open]")
        if asked.count():  # a grave choice clicked as the list changed under the click: no
            click_and_settle(page, asked.get_by_role("button", name="No"))
            continue
        buttons = page.locator(BUTTONS)
        if not buttons.count():
            continue
        titles = buttons.evaluate_all("(all) => all.map((b) => b.title)")
        index = next((i for i, title in enumerate(titles) if not title.startswith(GRAVE)), 0)
        click(page, buttons.nth(index), before)
        confirm = page.locator(".generic .info").get_by_role("button", name="Confirm (Enter)")
        if confirm.count():
            click_and_settle(page, confirm)
        clicks += 1


def test_issue27_an_epic_combat_from_the_lobby_played_to_its_end_in_the_generic_view(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    page.goto(live_server.url + "/")
    page.fill("#your-name", "Teela")
    page.select_option("#new-game", GAME)
    expect(page.locator("#param-combat option[value=teela-evil-lyn]")).to_have_count(1)
    page.select_option("#param-combat", "teela-evil-lyn")
    expect(page.locator("#seat-0")).to_have_value("me")
    page.select_option("#seat-1", "random")
    page.fill("#new-seed", "3")
    page.fill("#new-title", "Teela against Evil-Lyn")
    page.get_by_role("button", name="Create and play").click()

    expect(page).to_have_url(re.compile(r"#/game/g-[0-9a-f]+\?token=."))
    expect(page.locator(".game-head .who")).to_contain_text("you are seat 0")
    expect(page.locator(".generic .observation")).to_be_visible()  # no board: the generic view
    game_id = page.url.split("#/game/")[1].split("?")[0]
    hosted = live_server.lobby.get(game_id)
    assert hosted.game_name == GAME
    assert [(seat.kind, seat.spec) for seat in hosted.seats][1] == ("bot", "random")

    clicks = play_generic(page, SECONDS)
    assert clicks >= 3  # a weapon and cards placed at least
    expect(page.locator("#app")).to_have_attribute("data-status", "finished")
    token = page.url.split("token=")[1]
    view: dict[str, Any] = live_server.api("GET", f"/api/games/{game_id}", token=token)
    state = live_server.lobby.get(game_id).state
    assert view["status"] == "finished" and state.is_terminal()
    assert view["result"] == state.describe_result()
    assert any(entry.player == 1 for entry in state.history()), "its bot played"
    screenshot(page, artifacts, "eternia-generic-end")
