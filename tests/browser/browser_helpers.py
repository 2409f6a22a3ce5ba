"""Small helpers of the browser tests: what the page shows and a clicking player."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

STALL_MS = 8_000
"""A decision of ours with no control to click for this long is a decision the UI does not
render."""

SETTLED = """([version, before]) => {
    const app = document.getElementById("app");
    const decision = document.querySelector(".decision, .generic .info");
    return app.dataset.version !== version || (decision ? decision.textContent : "") !== before;
}"""
"""After a click: an action went (the version moved) or a preview or a list opened."""

STATE = """() => {
    const app = document.getElementById("app");
    if (app.dataset.status === "finished") return "finished";
    const who = document.querySelector(".game-head .who");
    return who && who.textContent.includes("your decision") ? "mine" : false;
}"""
"""Whether the game is over or ours to decide (else: someone else's turn, or dice rolling)."""


def version(page: Page) -> str:
    """The version of the view the page shows (``data-version`` of ``#app``)."""
    return page.locator("#app").get_attribute("data-version") or ""


def wait_version_change(page: Page, old: str) -> None:
    expect(page.locator("#app")).not_to_have_attribute("data-version", old)


def decision_text(page: Page) -> str:
    box = page.locator(".decision, .generic .info")
    return box.first.text_content() or "" if box.count() else ""


def click_and_settle(page: Page, target: Locator, dispatch: bool = False) -> None:
    """Click *target*, then wait until its effect shows: a new view, or the decision panel
    changed (a preview to confirm, a list to choose from). With *dispatch*, the click event is
    sent to the element as it is (no pointer moved over it first, no wait for it to stand
    still: a board hex may be redrawn under the pointer)."""
    before = (version(page), decision_text(page))
    if dispatch:
        target.dispatch_event("click")
    else:
        target.click()
    page.wait_for_function(SETTLED, arg=list(before))


def screenshot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


CONTROLS = [
    ("confirm", ".decision button.primary", None),
    ("list", ".decision .buttons.column > button", None),
    ("attack", ".actions-panel .group > .buttons > button", "attack "),
    ("choice", ".actions-panel .group:not(.game-actions) > .buttons > button", None),
    ("discard", ".actions-panel .group > button.primary:enabled", None),
    ("unfold", ".actions-panel details.group:not([open]) > summary", None),
    ("hex", "svg.battlefield g.reach > polygon", None),
]
"""What a simple clicking player uses, in this order: confirm the preview; the first of a list
of choices for one click; an attack; the first choice button; the discard's button; a folded
group of choices (to unfold); a highlighted hex (a move, a deployment, a push, a mark: asked on
the board). Never the game's own actions (forfeit, draws)."""

ANY_CONTROL = """(selectors) => document.getElementById("app").dataset.status === "finished"
    || selectors.some((s) => [...document.querySelectorAll(s)].some((e) => e.checkVisibility()))"""


def battleground_control(page: Page, moves: bool = False) -> tuple[str, Locator] | None:
    """The control of CONTROLS to use now, if any; with *moves*, a highlighted hex comes right
    after an attack (the clicking player then moves where it can)."""
    order = CONTROLS
    if moves:
        order = [*CONTROLS[:3], CONTROLS[-1], *CONTROLS[3:-1]]
    for name, selector, text in order:
        locator = page.locator(selector)
        if text is not None:
            locator = locator.filter(has_text=text)
        visible = locator.filter(visible=True)
        if visible.count():
            return name, visible.first
    return None


def pending_decision(page: Page, server: Any, game_id: str, token: str) -> str:
    """What the engine asks of the seat now (for a failure message)."""
    view = server.api("GET", f"/api/games/{game_id}", token=token)
    return "; ".join(f"{e['kind']}: {e['text']}" for e in view["legal"][:12])


def play_battleground(
    page: Page, server: Any, game_id: str, token: str, seconds: float, moves: int = 0
) -> dict[str, int]:
    """Play the page's seat to the end of the game by clicking (CONTROLS), within *seconds*,
    moving on the board (a highlighted hex) up to *moves* times when it can; fails when a
    decision of ours offers nothing to click for STALL_MS. Answers how often each kind of
    control was used."""
    used: dict[str, int] = {}
    deadline = time.monotonic() + seconds
    selectors = [selector for _, selector, _ in CONTROLS]
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        assert left_ms > 0, f"the game did not end in {seconds} s (controls used: {used})"
        if page.wait_for_function(STATE, timeout=left_ms).json_value() == "finished":
            return used
        try:
            page.wait_for_function(ANY_CONTROL, arg=selectors, timeout=STALL_MS)
        except PlaywrightTimeout:
            raise AssertionError(
                "a decision with nothing to click: "
                + pending_decision(page, server, game_id, token)
            ) from None
        found = battleground_control(page, used.get("hex", 0) < moves)
        if found is None:  # the game ended meanwhile
            continue
        name, control = found
        used[name] = used.get(name, 0) + 1
        click_and_settle(page, control, dispatch=name == "hex")
