"""Battleground in the browser for a newcomer (issue 23 §2): results in place over the board
(the data's last_attack), the first-game guide with the glossary's hover definitions and the
objectives' panel."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import screenshot
from browser_live import LiveServer
from playwright.sync_api import Page, expect
from test_browser_battleground import NEXT_TO_SKELETOR
from test_browser_battleground_newcomer import attack_skeletor


def test_results_in_place_over_the_board(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    """issue 23 §2.2: the dice of a test show over the board while it is rolled, and after the
    attack its dice (before and after rerolls), result row and wounds, not only in the log."""
    made = live_server.create(
        "battleground", ["me", "random"], params={"position": NEXT_TO_SKELETOR}, seed=3
    )
    page.goto(live_server.game_link(made["id"], made["seat_tokens"]["0"]))
    attack_skeletor(page)
    banner = page.locator(".board-wrap .result-banner")
    expect(banner).to_contain_text("Dice being rolled")
    expect(banner).to_contain_text("He-Man strength")
    expect(banner.locator(".die")).to_have_count(5)
    rerolls = page.locator(".actions-panel .rerolls")
    rerolls.locator('button.die[data-face="1"]').click()
    rerolls.get_by_role("button", name="Reroll 1 die (free)").click()
    expect(banner).to_contain_text("He-Man attacks Skeletor with Sword of Power", timeout=20_000)
    view = live_server.api("GET", f"/api/games/{made['id']}", token=made["seat_tokens"]["0"])
    last = view["board"]["last_attack"]
    expect(banner.locator(".result-row")).to_contain_text(last["row"])
    wounds = last["wounds"]
    expect(banner.locator(".result-row")).to_contain_text(f"{wounds} wound")
    assert [t["role"] for t in last["tests"]] == ["attack", "defence"]
    results = banner.locator(".result-test")
    expect(results).to_have_count(2)
    # the dice before and after the reroll: the face rerolled struck out, then the final dice
    assert last["tests"][0]["rerolled"] == [1]
    expect(results.nth(0).locator(".die.rerolled")).to_have_text(["1"])
    for index, test in enumerate(last["tests"]):
        final = results.nth(index).locator(".die:not(.rerolled):not(.exploded)")
        expect(final).to_have_text([str(face) for face in test["final"]])
    screenshot(page, artifacts, "battleground-result-in-place")
    if wounds:
        expect(
            page.locator('svg.battlefield text.wound-flash[data-character="skeletor"]')
        ).to_have_text(re.compile(f"^{wounds} wound"))
    banner.get_by_role("button", name="Hide the result").click()
    expect(banner).to_have_count(0)


def test_first_game_guide_glossary_and_objectives(live_server: LiveServer, new_page: Any) -> None:
    """issue 23 §2.4: a first-game guide (a round, objectives, AP, scope) that stays dismissed in
    this browser and comes back with *Guide*; keywords with hover definitions from the game's
    glossary; the objectives panel says they score at the end of the round, with who would
    score now."""
    page = new_page()
    made = live_server.create(
        "battleground", ["me", "random"], params={"position": NEXT_TO_SKELETOR}, seed=3
    )
    token = made["seat_tokens"]["0"]
    page.goto(live_server.game_link(made["id"], token))
    guide = page.locator(".guide")
    for words in ("A round", "Objectives", "AP", "Scope"):
        expect(guide).to_contain_text(words)
    view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
    field = live_server.api("GET", f"/api/games/{made['id']}/map")
    glossary = {e["term"]: e for e in view["board"].get("glossary") or field["glossary"]}
    expect(guide.locator('abbr.term[data-term="scope"]').first).to_have_attribute(
        "title", f"scope: {glossary['scope']['text']}"
    )
    guide.get_by_role("button", name="Got it, hide the guide").click()
    expect(guide).to_have_count(0)
    page.reload()
    expect(page.locator("svg.battlefield")).to_be_visible()
    expect(page.locator(".guide")).to_have_count(0)
    page.get_by_role("button", name="Guide").click()
    expect(page.locator(".guide")).to_be_visible()

    # hover definitions: the attack's flank and cover
    attack_skeletor(page, attack=False)
    decision = page.locator(".decision")
    for word in ("flank", "cover"):
        entry = decision.locator(f'abbr.term[data-term="{word}"]').first
        expect(entry).to_have_attribute("title", f"{word}: {glossary[word]['text']}")
    objectives = page.locator(".objectives-panel")
    expect(objectives).to_contain_text(re.compile("score at the end of (the|each) round"))
    now = view["board"]["objectives_info"]["now"]
    assert now.startswith("If the round ended now")
    expect(objectives.locator(".objective-now")).to_have_text(f"Now: {now}")
