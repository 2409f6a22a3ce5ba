"""Battleground's Preparation Phase discard in a real browser (issue 21 §1): the front end keeps
its look (check boxes for the hand, one button), and sends the rules' picks one card at a time
in the hand's sorted order, then ``done`` unless the last pick ended the discard by itself."""

from __future__ import annotations

from typing import Any

import pytest
from browser_live import LiveServer
from playwright.sync_api import Page, expect

HAND = ["masters-battle-cry", "masters-defensive-stance", "masters-steady-aim"]  # sorted
PREPARING: dict[str, Any] = {
    "format": "battleground-position",
    "version": 1,
    "round": 2,
    "phase": "preparation",
    "first_player": 0,
    "characters": [
        {"id": "he-man", "at": [6, 10], "facing": "SE"},
        {"id": "skeletor", "at": [7, 11]},
    ],
    "players": [{"hand": HAND, "glory": []}, {"hand": ["evil-treachery"], "glory": []}],
}


@pytest.mark.parametrize(
    ("ticked", "sent"),
    [
        ([2, 0], ["discard item=masters-battle-cry", "discard item=masters-steady-aim"]),
        (
            [1, 0],
            ["discard item=masters-battle-cry", "discard item=masters-defensive-stance", "done"],
        ),
        ([], ["done"]),
    ],
    ids=["ends-by-itself", "then-done", "keep-the-hand"],
)
def test_the_discard_check_boxes_send_the_picks_then_done(
    live_server: LiveServer, page: Page, ticked: list[int], sent: list[str]
) -> None:
    """Rulebook, Preparation Phase; issue 21 §1: the cards ticked (in any order) are discarded
    one pick at a time in the hand's order, then done when the discard has not ended by itself;
    nothing ticked keeps the hand."""
    made = live_server.create("battleground", ["me", "random"], params={"position": PREPARING})
    token = made["seat_tokens"]["0"]
    page.goto(live_server.game_link(made["id"], token))
    boxes = page.locator(".actions-panel input[type=checkbox]")
    expect(boxes).to_have_count(len(HAND))
    for index in ticked:
        page.locator(f"label[for='discard-{HAND[index]}']").click()
    button = page.locator(".actions-panel .group > button.primary")
    expect(button).to_contain_text("Discard " if ticked else "Keep the whole hand")
    button.click()
    hosted = live_server.lobby.get(made["id"])
    expect(page.locator(".actions-panel input[type=checkbox]")).to_have_count(0)
    mine = [str(e.action) for e in hosted.state.history() if e.player == 0]
    assert mine[: len(sent)] == sent
    assert sorted(hosted.state.sides[0].deck.discard_pile) == sorted(HAND[i] for i in ticked)
