"""The replay viewer in a real browser (issue 10 §2): a finished bots' game opened from the
lobby and from its own screen, stepped with the buttons and the keys, a jump with the slider
and the number to any action (the log and the next action as the server tells them), no
horizontal scrolling, and a new game branched from there that the person lands in."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from browser_helpers import screenshot
from browser_live import LiveServer
from playwright.sync_api import Page, expect

TITLE = "Two random bots, replayed"
SCREENS = [(1366, 768), (1024, 768)]


def finished_bots_game(server: LiveServer, game: str, **fields: Any) -> str:
    """A game of two random bots, played to its end."""
    game_id: str = server.create(game, ["random", "random"], **fields)["id"]
    deadline = time.monotonic() + 180
    while server.lobby.get(game_id).status != "finished":
        assert time.monotonic() < deadline, f"the bots' {game} game did not end"
        time.sleep(0.05)
    return game_id


def step(server: LiveServer, game_id: str, at: int) -> dict[str, Any]:
    """``GET /api/games/{id}/replay?at=N``."""
    found: dict[str, Any] = server.api("GET", f"/api/games/{game_id}/replay?at={at}")
    return found


def shows(page: Page, server: LiveServer, game_id: str, at: int) -> dict[str, Any]:
    """Checks the page shows the game after *at* actions as the server tells it."""
    expected = step(server, game_id, at)
    expect(page.locator("#app")).to_have_attribute("data-version", str(at))
    expect(page).to_have_url(re.compile(rf"#/replay/{game_id}\?at={at}$"))
    expect(page.locator("#replay-at")).to_have_value(str(at))
    expect(page.locator(".log .log-lines li")).to_have_count(len(expected["log"]))
    if expected["next"] is None:
        expect(page.locator(".replay-next")).to_contain_text("The game ended")
    else:
        expect(page.locator(".replay-next")).to_contain_text(expected["next"]["text"])
    return expected


def no_horizontal_scrolling(page: Page) -> None:
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert wide <= 0, f"{wide} px of horizontal scrolling at {width}x{height}"


def test_a_finished_game_is_replayed_and_branched(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    # the bots' choices are seeded by the game's random id, so a game may end within a few
    # actions (a side conceding): the test needs one long enough to step through
    for attempt in range(5):
        title = f"{TITLE} ({attempt + 1})"
        game_id = finished_bots_game(
            live_server, "battleground", params={"rounds": 1}, seed=5, title=title
        )
        total = step(live_server, game_id, 0)["total"]
        if total > 6:
            break
    assert total > 6, "five bots' games in a row ended within six actions"

    page.goto(live_server.game_link(game_id))  # the finished game's screen links to it
    page.locator(".game-head").get_by_role("link", name="Replay").click()
    shows(page, live_server, game_id, 0)
    expect(page.locator("svg.battlefield g.model")).not_to_have_count(0)

    page.goto(live_server.url + "/#/")  # so does the lobby's list
    page.locator("tr", has_text=title).get_by_role("link", name="Replay").click()
    shows(page, live_server, game_id, 0)
    page.get_by_role("button", name="Next").click()
    shows(page, live_server, game_id, 1)
    page.keyboard.press("ArrowRight")
    shows(page, live_server, game_id, 2)
    page.get_by_role("button", name="Previous").click()
    shows(page, live_server, game_id, 1)
    page.keyboard.press("End")
    end = shows(page, live_server, game_id, total)
    assert end["result"]
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    page.keyboard.press("Home")
    shows(page, live_server, game_id, 0)

    page.locator("#replay-slider").fill(str(total // 3))
    shows(page, live_server, game_id, total // 3)
    # a point where a seat decides next (the branch gives both seats to the person, so the
    # new game waits there; a die would be rolled at once): from half-way on, else anywhere
    at = next(
        n
        for n in [*range(total // 2, total), *range(1, total // 2)]
        if (found := step(live_server, game_id, n)["next"]) and found["player"] in (0, 1)
    )
    page.fill("#replay-at", str(at))
    page.locator("#replay-at").press("Tab")
    shows(page, live_server, game_id, at)
    no_horizontal_scrolling(page)
    page.set_viewport_size({"width": 1366, "height": 900})
    screenshot(page, artifacts, "replay")

    # both seats mine: no bot answers at once (a card choice is both seats' at the same time),
    # so the new game stands exactly where the replay did
    page.fill("#branch-seats", "me,me")
    page.get_by_role("button", name="Branch").click()
    expect(page).to_have_url(re.compile(r"#/game/g-[0-9a-f]+\?token=."))
    found = re.search(r"#/game/(g-[0-9a-f]+)\?token=([^&]+)", page.url)
    assert found is not None and found.group(1) != game_id
    branched, token = found.group(1), found.group(2)
    expect(page.locator(".game-head .who")).to_contain_text("you are seat 0")
    expect(page.locator("#app")).to_have_attribute("data-version", str(at))
    view = live_server.api("GET", f"/api/games/{branched}", token=token)
    assert view["version"] == at and view["seat"] == 0 and view["status"] == "running"
    assert live_server.lobby.get(branched).version == at


def test_a_game_without_a_board_replays_as_tables(live_server: LiveServer, page: Page) -> None:
    # the toy duel (its plug-in installed for the tests): HoMM3 combat has a board since
    # issue 23, and the bots' worker process knows only installed games
    game_id = finished_bots_game(live_server, "toy_duel", seed=3)
    total = step(live_server, game_id, 0)["total"]
    page.goto(f"{live_server.url}/#/replay/{game_id}?at={total // 2}")
    shows(page, live_server, game_id, total // 2)
    expect(page.locator(".generic .observation")).to_contain_text("seat 1")
    expect(page.locator("svg.battlefield")).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    shows(page, live_server, game_id, total // 2 - 1)
    no_horizontal_scrolling(page)
