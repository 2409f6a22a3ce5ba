"""Battleground in the browser for a newcomer (issue 23 §2): the board fits the window both ways
and each seat sees its own side at the bottom; screenshots of both seats at 1366x900."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import screenshot, version, wait_version_change
from browser_live import LiveServer
from playwright.sync_api import Page, expect
from test_browser_battleground import NEXT_TO_SKELETOR

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


# He-Man's player chooses whom to activate (round 2; his card played).
ACTIVATION_CHOICE: dict[str, Any] = {
    "format": "battleground-position",
    "version": 1,
    "round": 2,
    "characters": [
        {"id": "he-man", "at": [6, 10], "facing": "E"},
        {"id": "man-at-arms", "at": [2, 4]},
        {"id": "skeletor", "at": [9, 12], "facing": "W"},
        {"id": "trap-jaw", "at": [10, 16]},
    ],
    "players": [
        {"hand": ["masters-swift-strike"], "glory": []},
        {"hand": ["evil-treachery"], "glory": []},
    ],
    "procedure": ["round", {"kind": "activate", "player": 0, "card": "masters-battle-cry"}],
}

ONE_LINE = """(cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return range.getClientRects().length;
}"""


def test_board_texts_phase_headers_and_obstacles(live_server: LiveServer, page: Page) -> None:
    """issue 23 §2.12: the phase in words with the step apart in smaller text (not "First Game
    Setup, step 7" as the phase), the forces' column headers on one line each (not "wound s"),
    and hovering an obstacle hex says what it is (not "(11,8) is not a position")."""
    made = two_seat_game(live_server)
    page.goto(live_server.game_link(made["id"], made["seat_tokens"]["1"]))
    status = page.locator(".bg-status")
    expect(status.locator(".phase")).to_have_text(" | First Game Setup")
    expect(status.locator(".step")).to_contain_text("step 7")  # the step apart, in small text
    expect(page.locator(".decision")).not_to_contain_text("step 7")
    headers = page.locator(".forces th")
    expect(headers).to_have_count(5)
    for index in range(5):
        assert headers.nth(index).evaluate(ONE_LINE) == 1, headers.nth(index).text_content()

    made = live_server.create(
        "battleground", ["me", "random"], params={"position": ACTIVATION_CHOICE}, seed=3
    )
    page.goto(live_server.game_link(made["id"], made["seat_tokens"]["0"]))
    board = page.locator("svg.battlefield")
    board.locator('g.model[data-character="he-man"]').click()
    field = live_server.api("GET", f"/api/games/{made['id']}/map")
    obstacle = next(h for h in field["hexes"] if h["terrain"] == "high")
    q, r = obstacle["q"], obstacle["r"]
    board.locator(f'polygon.hex[data-q="{q}"][data-r="{r}"]').hover(force=True)
    hover = page.locator(".hover-info")
    expect(hover).to_contain_text(f"({q},{r}) is a high obstacle")
    page.wait_for_timeout(400)  # the queries a hover makes have answered
    expect(hover).not_to_contain_text("is not a position")


def test_risk_free_choices_take_one_click(live_server: LiveServer, page: Page) -> None:
    """issue 23 §2.10: activating a character from its button needs no second confirmation;
    clicking its model still only shows what it would do (with Confirm), as it reads its card;
    a move that risks an attack of opportunity keeps its preview and confirmation."""
    made = live_server.create(
        "battleground", ["me", "random"], params={"position": ACTIVATION_CHOICE}, seed=3
    )
    page.goto(live_server.game_link(made["id"], made["seat_tokens"]["0"]))
    board = page.locator("svg.battlefield")
    board.locator('g.model[data-character="he-man"]').click()
    decision = page.locator(".decision")
    expect(decision.get_by_role("button", name="Confirm (Enter)")).to_be_visible()
    decision.get_by_role("button", name="Cancel (Esc)").click()
    before = page.locator("#app").get_attribute("data-version") or ""
    page.locator(".actions-panel").get_by_role("button", name="activate He-Man").click()
    expect(page.locator("#app")).not_to_have_attribute("data-version", before)
    expect(page.locator(".log")).to_contain_text("activates He-Man")
    expect(decision.get_by_role("button", name="Confirm (Enter)")).to_have_count(0)

    # a move that risks an attack of opportunity still shows what it risks and asks first
    beside = {
        **NEXT_TO_SKELETOR,
        "characters": [
            {"id": "he-man", "at": [7, 10], "facing": "SE"},
            *NEXT_TO_SKELETOR["characters"][1:],
        ],
    }
    made = live_server.create("battleground", ["me", "random"], params={"position": beside})
    page.goto(live_server.game_link(made["id"], made["seat_tokens"]["0"]))
    board = page.locator("svg.battlefield")
    board.locator('g.model[data-character="he-man"]').click()
    away = board.locator('g.reach.k-move:not(.focus-only)[data-q="6"][data-r="10"]')
    away.hover()
    expect(page.locator(".hover-info")).to_contain_text("risk: attack of opportunity")
    before = version(page)
    away.locator("polygon").click()
    expect(decision).to_contain_text("Risk: attack of opportunity from Skeletor")
    expect(decision.get_by_role("button", name="Confirm (Enter)")).to_be_visible()
    assert version(page) == before


def attack_skeletor(page: Page, attack: bool = True) -> None:
    """NEXT_TO_SKELETOR (seed 3): He-Man moves next to Skeletor, faces him and attacks; his
    attack test (5 dice: 6, 1, 3, 2, 2; one free reroll) waits for its rerolls. Without
    *attack*: up to the attack's preview."""
    board = page.locator("svg.battlefield")
    board.locator('g.model[data-character="he-man"]').click()
    before = version(page)  # a move that risks nothing: one click (issue 23 §2.10)
    board.locator('g.reach.k-move[data-q="7"][data-r="10"] polygon').click()
    wait_version_change(page, before)
    decision = page.locator(".decision")
    before = version(page)
    board.locator('g.face-choice[aria-label="face SE"]').click()
    wait_version_change(page, before)
    board.locator('g.model[data-character="skeletor"]').click()
    if not attack:
        return
    before = version(page)
    decision.get_by_role("button", name="Attack (Enter)").click()
    wait_version_change(page, before)


def test_rerolls_by_clicking_the_dice(live_server: LiveServer, page: Page, artifacts: Path) -> None:
    """issue 23 §2.3: the reroll offer shows the test's dice; clicking a die marks it, one button
    says how many dice and what they cost, the odds of that reroll show before confirming, and
    the button sends the picks (not a list of every face or subset)."""
    made = live_server.create(
        "battleground", ["me", "me"], params={"position": NEXT_TO_SKELETOR}, seed=3
    )
    token = made["seat_tokens"]["0"]
    page.goto(live_server.game_link(made["id"], token))
    attack_skeletor(page)
    group = page.locator(".actions-panel .rerolls")
    expect(group.locator("button.die")).to_have_count(5)
    expect(group.locator("button.die")).to_have_text(["1✗", "2✗", "2✗", "3✗", "6✓"])
    expect(page.locator(".actions-panel")).not_to_contain_text("reroll a die showing")
    go = group.locator("button.reroll-go")
    expect(go).to_have_text("Keep the dice")
    group.locator('button.die[data-face="1"]').click()
    expect(go).to_have_text("Reroll 1 die (free)")
    expect(group.locator('button.die[aria-pressed="true"]')).to_have_count(1)
    # one free reroll: the other dice wait until the marked one is unmarked
    expect(group.locator("button.die:disabled")).to_have_count(4)
    odds = group.locator(".reroll-odds table.odds")
    expect(odds).to_contain_text("%")
    asked = live_server.api("GET", f"/api/games/{made['id']}/query/reroll?faces=1", token=token)
    for outcome in asked["outcomes"]:
        expect(odds).to_contain_text(f"{100 * outcome['p']:.1f}%")
    screenshot(page, artifacts, "battleground-reroll")
    before = version(page)
    go.click()
    wait_version_change(page, before)
    view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
    assert not any(h["kind"] == "reroll" for h in view["board"]["actions"])
    hosted = live_server.lobby.get(made["id"])
    rerolls = [e for e in hosted.state.events.public(0) if e.kind == "reroll"]
    assert [e.data["faces"] for e in rerolls] == [[1]]


def test_an_objective_star_shows_under_a_model(live_server: LiveServer, page: Page) -> None:
    """issue 23 §2.2: a character standing on an objective token leaves its star visible (drawn
    larger than the model, its points around it); §2.4: the objectives panel says who would
    claim it if the round ended now."""
    first = two_seat_game(live_server)
    field = live_server.api("GET", f"/api/games/{first['id']}/map")
    token_hex = next(h for h in field["hexes"] if "objective" in h)
    position = {
        **NEXT_TO_SKELETOR,
        "characters": [
            {"id": "he-man", "at": [token_hex["q"], token_hex["r"]], "facing": "E"},
            *NEXT_TO_SKELETOR["characters"][1:],
        ],
    }
    made = live_server.create("battleground", ["me", "random"], params={"position": position})
    page.goto(live_server.game_link(made["id"], made["seat_tokens"]["0"]))
    board = page.locator("svg.battlefield")
    star = board.locator(f'polygon.objective-star[data-objective="{token_hex["objective"]}"]')
    expect(star).to_have_class(re.compile("under-model"))
    body = board.locator('g.model[data-character="he-man"] .body').bounding_box()
    drawn = star.bounding_box()
    assert body is not None and drawn is not None
    assert drawn["width"] > body["width"] + 4 and drawn["height"] > body["height"] + 4
    # issue 23 §2.4: on the token with no enemy next to him, He-Man would claim it now
    claim = page.locator('.objectives-panel .objective-preview li[data-player="0"]')
    expect(claim).to_contain_text(f"Player 0 would claim {token_hex['objective']} with He-Man")


def test_screenshots_of_both_seats(live_server: LiveServer, new_page: Any, artifacts: Path) -> None:
    """issue 23 Acceptance: Battleground at 1366x900 for both seats, each from its own side: seat
    0 about to attack Skeletor (the attack's exact odds), seat 1 watching it with the first-game
    guide. Kept as test artifacts; RULEKEEPER_DOCS_IMAGES=1 also writes the README's images."""
    made = live_server.create(
        "battleground", ["me", "me"], params={"position": NEXT_TO_SKELETOR}, seed=3
    )
    first = new_page()
    first.goto(live_server.game_link(made["id"], made["seat_tokens"]["0"]))
    first.get_by_role("button", name="Got it, hide the guide").click()
    attack_skeletor(first, attack=False)
    expect(first.locator(".decision table.odds")).to_be_visible()
    second = new_page()
    second.goto(live_server.game_link(made["id"], made["seat_tokens"]["1"]))
    expect(second.locator('svg.battlefield g.model[data-character="he-man"]')).to_have_attribute(
        "data-q", "7"
    )
    second.locator('svg.battlefield g.model[data-character="skeletor"]').click()
    expect(second.locator(".card")).to_contain_text("Skeletor (s), player 1")
    for seat, page in enumerate((first, second)):
        expect(page.locator("svg.battlefield")).to_have_attribute(
            "aria-label", re.compile(f"seen from player {seat}'s side")
        )
        screenshot(page, artifacts, f"battleground-seat{seat}")
        if os.environ.get("RULEKEEPER_DOCS_IMAGES") == "1":
            page.screenshot(path=str(IMAGES / f"battleground-seat{seat}.png"))


def test_mana_rerolls_of_two_dice_then_done(live_server: LiveServer, page: Page) -> None:
    """issue 23 §2.3: with mana, after the free reroll, two dice marked cost 2 mana; the button
    sends both picks and then done (the choice does not end by itself), and He-Man pays 2."""
    position = {
        **NEXT_TO_SKELETOR,
        "characters": [
            {"id": "he-man", "at": [6, 10], "facing": "E", "mana": 3},
            *NEXT_TO_SKELETOR["characters"][1:],
        ],
    }
    made = live_server.create("battleground", ["me", "me"], params={"position": position}, seed=3)
    token = made["seat_tokens"]["0"]
    page.goto(live_server.game_link(made["id"], token))
    attack_skeletor(page)
    group = page.locator(".actions-panel .rerolls")
    before = version(page)
    group.get_by_role("button", name="Keep the dice").click()  # the free reroll
    wait_version_change(page, before)
    expect(group).to_contain_text("Mana rerolls")
    dice = group.locator("button.die")
    dice.nth(0).click()
    dice.nth(1).click()
    go = group.locator("button.reroll-go")
    expect(go).to_have_text("Reroll 2 dice (cost 2 mana)")
    expect(group.locator(".reroll-odds table.odds")).to_contain_text("%")
    go.click()

    def mana() -> int:
        view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
        he_man = next(c for c in view["board"]["characters"] if c["id"] == "he-man")
        return int(he_man["mana"])

    deadline = time.monotonic() + 10
    while mana() != 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert mana() == 1
    view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
    assert not any(h["kind"] in ("reroll", "done") for h in view["board"]["actions"])


def test_facing_with_a_reason(live_server: LiveServer, page: Page, artifacts: Path) -> None:
    """issue 23 §2.9: choosing a facing says what each changes (flank, arcs), offers "face toward
    Skeletor", and marks the facing that leaves no flank open, in the panel and on the board."""
    made = live_server.create(
        "battleground", ["me", "random"], params={"position": NEXT_TO_SKELETOR}, seed=3
    )
    token = made["seat_tokens"]["0"]
    page.goto(live_server.game_link(made["id"], token))
    board = page.locator("svg.battlefield")
    board.locator('g.model[data-character="he-man"]').click()
    before = version(page)
    board.locator('g.reach.k-move[data-q="7"][data-r="10"] polygon').click()
    wait_version_change(page, before)
    group = page.locator(".actions-panel .facing-group")
    expect(group).to_contain_text("flank")
    view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
    facings = [h for h in view["board"]["actions"] if h["kind"] == "face"]
    assert facings and all("facing" in h for h in facings)
    buttons = group.locator(".facing-buttons > button")
    expect(buttons).to_have_count(len(facings))
    for index, hint in enumerate(facings):
        button = buttons.nth(index)
        expect(button.locator(".facing-why")).to_have_text(hint["facing"]["text"])
        if hint["facing"]["toward"]:
            expect(button).to_contain_text(f"face toward {hint['facing']['toward']}")
        arrow = board.locator(f'g.face-choice[aria-label="{hint["text"]}"]')
        if hint["facing"]["safe"]:
            expect(button.locator(".safe-mark")).to_have_text(" ✓ no flank open")
            expect(arrow).to_have_class(re.compile("safe"))
        else:
            expect(button.locator(".safe-mark")).to_have_count(0)
    expect(buttons.filter(has_text="face toward Skeletor")).to_have_count(1)
    screenshot(page, artifacts, "battleground-facing")
