"""The layout (issue 10 §2): no horizontal scrolling on a laptop (1366x768), a small screen
(1024x768) and a tablet held upright (768x1024), on the lobby, a Battleground game and a HoMM3
game (its combat board, issue 23 §1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import screenshot
from browser_live import LiveServer
from playwright.sync_api import Page, expect

TIMEOUT_MS = 15_000
"""As conftest's: how long an expectation or a click waits."""
VIEWPORTS = {"1366x768": (1366, 768), "1024x768": (1024, 768), "768x1024": (768, 1024)}

WIDTHS = """() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    wide: [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5
            && e.checkVisibility() && !e.closest(".board-box, .generic-main, .toasts"))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}`
            + ` right=${Math.round(e.getBoundingClientRect().right)}`),
})"""
"""How wide the document is against the window, and the first few elements that stick out
(those inside a box that scrolls on its own excepted)."""


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def sized_page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Page]:
    """A page of a new browser context of the viewport's size; its console errors fail."""
    width, height = VIEWPORTS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.on(
        "console",
        lambda message: (
            errors.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    try:
        yield page
    finally:
        context.close()
    assert not errors, "the page reported errors:\n" + "\n".join(errors)


def assert_no_horizontal_scroll(page: Page, screen: str) -> None:
    """The document is no wider than the window, and nothing sticks out of it (the style
    sheet hides the body's overflow: what sticks out would be cut off rather than scroll)."""
    found = page.evaluate(WIDTHS)
    assert found["scroll"] <= found["inner"], (
        f"{screen}: the page scrolls sideways ({found['scroll']} px wide in a window of "
        f"{found['inner']} px); sticking out: {found['wide']}"
    )
    assert not found["wide"], f"{screen}: cut off at the window's right edge: {found['wide']}"


@pytest.fixture(scope="module")
def games(live_server: LiveServer) -> dict[str, str]:
    """A Battleground game and a HoMM3 battle, each with its human seat's link."""
    battleground = live_server.create(
        "battleground", ["me", "random"], seed=5, title="Layout: Battleground"
    )
    homm3 = live_server.create(
        "homm3-combat", ["me", "random"], params={"battle": "siege"}, title="Layout: HoMM3"
    )
    return {
        "battleground": live_server.game_link(battleground["id"], battleground["seat_tokens"]["0"]),
        "homm3": live_server.game_link(homm3["id"], homm3["seat_tokens"]["0"]),
    }


def test_the_lobby_fits(
    live_server: LiveServer, games: dict[str, str], sized_page: Page, artifacts: Path
) -> None:
    page = sized_page
    page.goto(live_server.url + "/")
    expect(page.locator("#new-game")).to_be_visible()
    page.select_option("#new-game", "battleground")
    expect(page.locator("#param-map")).to_be_visible()
    for title in ("Layout: Battleground", "Layout: HoMM3"):  # the games are listed
        expect(page.locator("table.data tr", has_text=title)).to_be_visible()
    assert_no_horizontal_scroll(page, "the lobby")
    size = page.viewport_size
    assert size is not None
    screenshot(page, artifacts, f"layout-lobby-{size['width']}x{size['height']}")


def test_a_battleground_game_fits(games: dict[str, str], sized_page: Page, artifacts: Path) -> None:
    page = sized_page
    page.goto(games["battleground"])
    expect(page.locator("svg.battlefield g.model")).to_have_count(6)
    expect(page.locator(".bg-status")).to_contain_text("Round 1")
    expect(page.locator(".log li").first).to_be_visible()
    assert_no_horizontal_scroll(page, "a Battleground game")
    size = page.viewport_size
    assert size is not None
    screenshot(page, artifacts, f"layout-battleground-{size['width']}x{size['height']}")


def test_a_homm3_game_fits(games: dict[str, str], sized_page: Page, artifacts: Path) -> None:
    page = sized_page
    page.goto(games["homm3"])
    expect(page.locator(".h3-grid .h3-field")).to_have_count(20)  # its board (issue 23 §1)
    expect(page.locator(".h3-field.reach").first).to_be_visible()
    assert_no_horizontal_scroll(page, "a HoMM3 game")
    size = page.viewport_size
    assert size is not None
    screenshot(page, artifacts, f"layout-homm3-{size['width']}x{size['height']}")
