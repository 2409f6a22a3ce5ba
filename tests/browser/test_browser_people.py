"""Two people in two browser contexts (issue 10 §3): while the cards are selected in secret,
each page shows its own hand and never the other's (not even in its HTML), a choice made shows
as "has chosen" only, and the chosen cards show on both pages once revealed; a spectator's page
shows neither hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import screenshot, version, wait_version_change
from browser_live import LiveServer
from playwright.sync_api import Page, expect


def hands(server: LiveServer, game_id: str) -> list[dict[str, str]]:
    """Each side's hand and glory cards as the engine holds them: {card id: card name}."""
    state = server.lobby.get(game_id).state
    return [
        {card: state.play_card(card).name for card in [*side.hand, *side.glory]}
        for side in state.sides
    ]


def unique(mine: dict[str, str], theirs: dict[str, str]) -> dict[str, str]:
    """The cards of *mine* whose id and name are nowhere in *theirs*."""
    names = set(theirs.values())
    return {
        card: name
        for card, name in mine.items()
        if card not in theirs and not any(name in other for other in names)
    }


def assert_hidden(page: Page, secrets: dict[str, str], who: str) -> None:
    """Neither the page's text nor its HTML holds any of *secrets* (ids and names)."""
    text = page.locator("body").inner_text()
    html = page.content()
    for card, name in secrets.items():
        assert card not in html, f"{who} sees the card id {card} in the HTML"
        assert name not in html, f"{who} sees the card {name!r} in the HTML"
        assert name not in text, f"{who} sees the card {name!r}"


def test_two_people_never_see_each_others_hand(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    made = live_server.create("battleground", ["me", "me"], seed=7)
    game_id, tokens = made["id"], made["seat_tokens"]
    hosted = live_server.lobby.get(game_id)
    # who goes first: chosen over the API by the seat the roll-off gave it to
    (chooser,) = hosted.to_act()
    first = hosted.state.legal_actions(chooser)[0]
    live_server.api(
        "POST",
        f"/api/games/{game_id}/actions",
        {"action": str(first), "version": hosted.version},
        token=tokens[str(chooser)],
    )
    assert sorted(hosted.to_act()) == [0, 1], "both should be selecting a card now"
    held = hands(live_server, game_id)
    secret = [unique(held[0], held[1]), unique(held[1], held[0])]
    assert len(secret[0]) >= 4 and len(secret[1]) >= 4, secret

    pages = [new_page(), new_page()]
    for seat, page in enumerate(pages):
        page.goto(live_server.game_link(game_id, tokens[str(seat)]))
        expect(page.locator(".game-head .who")).to_contain_text(f"you are seat {seat}")
        players = page.locator(".bg-status .players")
        expect(players.locator(f".side-{seat}")).to_contain_text(f"Player {seat} (you)")
        expect(players.locator(f".side-{1 - seat}")).not_to_contain_text("(you)")
    watcher = new_page()
    watcher.goto(live_server.game_link(game_id))
    expect(watcher.locator("svg.battlefield")).to_be_visible()

    for seat, page in enumerate(pages):
        cards = page.locator(".panel.hand li.play-card")
        expect(cards).to_have_count(len(held[seat]))
        for name in held[seat].values():
            item = cards.filter(has_text=name)
            expect(item).to_have_count(1)
            expect(item.get_by_role("button", name="Select")).to_be_visible()
        expect(page.locator(".panel.hand")).to_contain_text(
            f"Player {1 - seat}: 5 fate and 2 glory cards (hidden); still choosing"
        )
        assert_hidden(page, secret[1 - seat], f"seat {seat}")
    expect(watcher.locator(".panel.hand li.play-card")).to_have_count(0)
    expect(watcher.locator(".panel.hand")).to_contain_text("Player 0: 5 fate and 2 glory cards")
    assert_hidden(watcher, {**secret[0], **secret[1]}, "the spectator")
    screenshot(pages[0], artifacts, "people-selecting")

    # seat 0 selects: its page says which; the others only that it has chosen
    chosen = [next(iter(secret[0])), next(iter(secret[1]))]
    names = [held[0][chosen[0]], held[1][chosen[1]]]
    before = version(pages[1])
    pages[0].locator(".panel.hand li.play-card", has_text=names[0]).get_by_role(
        "button", name="Select"
    ).click()
    expect(pages[0].locator(".panel.hand")).to_contain_text(f"You selected: {names[0]}")
    wait_version_change(pages[1], before)
    for page in (pages[1], watcher):
        expect(page.locator(".bg-status .players .side-0")).to_contain_text("has chosen")
        expect(page.locator(".panel.hand")).to_contain_text("Player 0: 5 fate and 2 glory")
        expect(page.locator(".panel.hand")).to_contain_text("has chosen")
    assert_hidden(pages[1], secret[0], "seat 1, after seat 0 chose")
    assert_hidden(watcher, {**secret[0], **secret[1]}, "the spectator, after seat 0 chose")
    expect(pages[1].locator(".panel.hand li.play-card")).to_have_count(len(held[1]))
    screenshot(pages[1], artifacts, "people-the-other-has-chosen")

    # seat 1 selects: both cards are revealed, on every page
    pages[1].locator(".panel.hand li.play-card", has_text=names[1]).get_by_role(
        "button", name="Select"
    ).click()
    for page in (*pages, watcher):
        log = page.locator(".log")
        expect(log).to_contain_text(f"Player 0 reveals {names[0]}")
        expect(log).to_contain_text(f"Player 1 reveals {names[1]}")
        expect(page.locator(".bg-status")).to_contain_text(names[0])
        expect(page.locator(".bg-status")).to_contain_text(names[1])
    # the cards not chosen stay hidden
    for seat, page in enumerate(pages):
        rest = {c: n for c, n in secret[1 - seat].items() if c != chosen[1 - seat]}
        assert_hidden(page, rest, f"seat {seat}, after the reveal")
    rest = {c: n for side in (0, 1) for c, n in secret[side].items() if c != chosen[side]}
    assert_hidden(watcher, rest, "the spectator, after the reveal")
    screenshot(pages[0], artifacts, "people-revealed")


def test_a_pass_in_secret_shows_as_a_choice_made(live_server: LiveServer, new_page: Any) -> None:
    """A pass while the cards are selected is as secret as a card: the other page says "has
    chosen" (not "still choosing", and not "passed") until the reveal."""
    made = live_server.create("battleground", ["me", "me"], seed=7)
    game_id, tokens = made["id"], made["seat_tokens"]
    hosted = live_server.lobby.get(game_id)
    (chooser,) = hosted.to_act()
    first = hosted.state.legal_actions(chooser)[0]
    live_server.lobby.act(game_id, tokens[str(chooser)], str(first), hosted.version)
    page = new_page()
    page.goto(live_server.game_link(game_id, tokens["0"]))
    players = page.locator(".bg-status .players")
    expect(players.locator(".side-1")).to_contain_text("choosing")
    before = version(page)
    live_server.api(
        "POST",
        f"/api/games/{game_id}/actions",
        {"action": "pass", "version": hosted.version},
        token=tokens["1"],
    )
    wait_version_change(page, before)
    assert hosted.to_act() == [0]
    expect(players.locator(".side-1")).to_contain_text("has chosen")
    expect(players.locator(".side-1")).not_to_contain_text("passed")
    expect(page.locator(".panel.hand")).to_contain_text("Player 1: 5 fate and 2 glory")
    expect(page.locator(".panel.hand")).to_contain_text("; has chosen")
