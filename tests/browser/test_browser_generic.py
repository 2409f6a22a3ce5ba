"""A HoMM3 battle in the generic view (issue 10 §3): the observation as tables, every legal
action a button with its describe() text, the reason of an action on demand, and an action
clicked."""

from __future__ import annotations

import urllib.parse
from pathlib import Path
from typing import Any

from browser_helpers import screenshot, version, wait_version_change
from browser_live import LiveServer
from plain_games import declare
from playwright.sync_api import Page, expect


def test_a_homm3_battle_in_the_generic_view(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    # one seat: a human hero against neutral creatures played by the rules' own AI; HoMM3
    # combat without its board (plain_games.py: the shipped one has a board since issue 23)
    made = live_server.create(
        declare(), ["me"], params={"battle": "neutral-fight"}, seed=3, title="Neutrals"
    )
    game_id, token = made["id"], made["seat_tokens"]["0"]
    view: dict[str, Any] = live_server.api("GET", f"/api/games/{game_id}", token=token)
    assert view["board"] is None and view["legal"], "a game for the generic view, to act in"
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator("#app")).to_have_attribute("data-version", str(view["version"]))
    expect(page.locator(".game-head .who")).to_contain_text("you are seat 0")

    # the observation, as tables: its keys as row headings, its values in the cells
    observed = page.locator(".generic .observation")
    expect(observed.locator("h2")).to_have_text("The game")
    top = observed.locator("table.kv").first
    for key in view["observation"]:
        expect(top.locator(":scope > tbody > tr > th").filter(has_text=key).first).to_be_visible()
    hero = view["observation"]["attacker"]["hero"]
    expect(observed).to_contain_text(hero["name"])
    units = view["observation"]["defender"]["units"]
    rows = observed.locator("table.compact tbody tr", has_text=units[0]["card"])
    expect(rows.first).to_be_visible()
    for unit in units:
        expect(observed).to_contain_text(unit["id"])

    # the legal actions: one button each, in order, with describe()'s words (long groups fold)
    choices = page.locator(".generic .actions")
    buttons = choices.locator("button[data-index]")
    expect(buttons).to_have_count(len(view["legal"]))
    texts = buttons.evaluate_all(
        "(all) => all.map((b) => [b.dataset.index, b.title, b.textContent])"
    )
    for (index, action, text), entry in zip(texts, view["legal"], strict=True):
        assert (int(index), action) == (entry["index"], entry["action"])
        assert text.endswith(entry["text"]), (text, entry["text"])
    for kind in {entry["kind"] for entry in view["legal"]}:
        of_kind = [entry for entry in view["legal"] if entry["kind"] == kind]
        group = choices.locator(".group", has_text=kind)
        expect(group.first).to_be_visible()
        if len(of_kind) > 12:  # folded: opened by its summary
            expect(group.locator("summary")).to_have_text(
                f"{kind}: {len(of_kind)} choices, e.g. {of_kind[0]['text']}"
            )
            group.locator("summary").click()
    first = view["legal"][0]
    expect(buttons.first).to_be_visible()
    expect(buttons.first).to_have_text(f"1{first['text']}")

    # why: the reason, as the explain endpoint gives it
    action = urllib.parse.quote(first["action"])
    reason = live_server.api("GET", f"/api/games/{game_id}/explain?action={action}", token=token)
    page.get_by_role("button", name=f"Why: {first['text']}", exact=True).click()
    info = page.locator(".generic .info")
    expect(info.locator("h2")).to_have_text(first["text"])
    expect(info).to_contain_text(reason["reason"])
    if reason.get("rule"):
        expect(info).to_contain_text(f"Rule: {reason['rule']}")
    screenshot(page, artifacts, "homm3-generic")

    # an action: clicked and done at once (a placement involves no chance: no odds to
    # confirm); the version moves and the page shows what follows
    assert first["kind"] == "place", first
    before = version(page)
    buttons.first.click()
    wait_version_change(page, before)
    expect(info.get_by_role("button", name="Confirm (Enter)")).to_have_count(0)
    hosted = live_server.lobby.get(game_id)
    assert hosted.session is not None
    assert str(hosted.session.record().actions[0].action) == first["action"]
    after: dict[str, Any] = live_server.api("GET", f"/api/games/{game_id}", token=token)
    expect(page.locator("#app")).to_have_attribute("data-version", str(after["version"]))
    expect(buttons).to_have_count(len(after["legal"]))
    assert after["log"][-1] not in view["log"]
    expect(page.locator(".generic .log")).to_contain_text(after["log"][-1])
    screenshot(page, artifacts, "homm3-generic-after")
