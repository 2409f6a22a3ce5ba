"""Battleground in the browser for a newcomer (issue 23 §2): the board fits the window both ways
and each seat sees its own side at the bottom; screenshots of both seats at 1366x900."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import screenshot
from browser_live import LiveServer
from playwright.sync_api import Page, expect

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"

GEOMETRY = """() => {
    const box = document.querySelector(".board-box").getBoundingClientRect();
    const drawn = document.querySelector("svg.battlefield g.terrain").getBoundingClientRect();
    const zone = (seat) => {
        const hexes = `svg.battlefield polygon.hex[data-zone="${seat}"]`;
        const middle = (p) => { const r = p.getBoundingClientRect(); return r.top + r.height / 2; };
        const ys = [...document.querySelectorAll(hexes)].map(middle);
        return ys.reduce((a, b) => a + b, 0) / ys.length;
    };
    return {
        box: [box.left, box.top, box.right, box.bottom],
        drawn: [drawn.left, drawn.top, drawn.right, drawn.bottom],
        window: [window.innerWidth, window.innerHeight],
        zones: [zone(0), zone(1)],
    };
}"""


def two_seat_game(server: LiveServer) -> dict[str, Any]:
    made: dict[str, Any] = server.create(
        "battleground", ["me", "me"], params={"map": "first-game"}, seed=5
    )
    return made


@pytest.mark.parametrize("seat", [0, 1])
def test_the_whole_board_fits_and_the_own_side_is_at_the_bottom(
    live_server: LiveServer, page: Page, artifacts: Path, seat: int
) -> None:
    """issue 23 §2.1: at 1366x900 the whole board is inside its box and the box inside the
    window, for both seats; each seat's own deployment zone is drawn at the bottom (seat 1 saw
    the board from seat 0's side before)."""
    made = two_seat_game(live_server)
    page.goto(live_server.game_link(made["id"], made["seat_tokens"][str(seat)]))
    expect(page.locator("svg.battlefield g.model").first).to_be_visible()
    found = page.evaluate(GEOMETRY)
    width, height = found["window"]
    assert (width, height) == (1366, 900)
    left, top, right, bottom = found["box"]
    assert left >= 0 and top >= 0 and right <= width and bottom <= height, found
    d_left, d_top, d_right, d_bottom = found["drawn"]
    slack = 1.5  # sub-pixel rounding
    assert d_left >= left - slack and d_top >= top - slack, found
    assert d_right <= right + slack and d_bottom <= bottom + slack, found
    own, other = found["zones"][seat], found["zones"][1 - seat]
    assert own > other, f"seat {seat}'s zone is not at the bottom: {found}"
    # each seat's board is drawn the other way round from the other's
    expect(page.locator("svg.battlefield")).to_have_attribute(
        "aria-label", re.compile(f"seen from player {seat}'s side")
    )
    screenshot(page, artifacts, f"battleground-fit-seat{seat}")
    if os.environ.get("RULEKEEPER_DOCS_IMAGES") == "1":  # rerun to refresh the README's images
        page.screenshot(path=str(IMAGES / f"battleground-seat{seat}.png"))
