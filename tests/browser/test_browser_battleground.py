"""Battleground in a real browser (issue 10 §3): a game made in the lobby by clicking, a
character selected on the SVG board with its reachable hexes and their costs, a move, an
attack with its exact odds, the bot's reply, and a whole one-round game clicked to the score
screen."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from browser_helpers import (
    click_and_settle,
    play_battleground,
    screenshot,
    version,
    wait_version_change,
)
from browser_live import LiveServer
from playwright.sync_api import Page, expect

# He-Man's activation with 3 AP, two hexes from Skeletor: a move makes them adjacent.
NEXT_TO_SKELETOR: dict[str, Any] = {
    "format": "battleground-position",
    "version": 1,
    "rounds": 1,
    "characters": [
        {"id": "he-man", "at": [6, 10], "facing": "E"},
        {"id": "man-at-arms", "at": [2, 4]},
        {"id": "skeletor", "at": [7, 11], "facing": "W"},
        {"id": "trap-jaw", "at": [10, 16]},
    ],
    "players": [
        {"hand": ["masters-battle-cry"], "glory": []},
        {"hand": ["evil-treachery"], "glory": []},
    ],
    "turns": [{"character": "he-man", "ap": 3}],
    "procedure": ["round", {"kind": "act", "player": 0}],
}


def test_the_lobby_makes_a_game_against_the_random_bot(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    page.goto(live_server.url + "/")
    page.fill("#your-name", "Adam")
    page.select_option("#new-game", "battleground")
    page.select_option("#param-map", "first-game")
    page.fill("#param-rounds", "1")
    expect(page.locator("#seat-0")).to_have_value("me")
    page.select_option("#seat-1", "random")  # a dropdown since issue 23 §2.11
    page.fill("#new-title", "Adam against the random bot")
    page.get_by_role("button", name="Create and play").click()

    expect(page).to_have_url(re.compile(r"#/game/g-[0-9a-f]+\?token=."))
    expect(page.locator(".game-head .who")).to_contain_text("you are seat 0")
    expect(page.locator("svg.battlefield g.model")).to_have_count(6)
    expect(page.locator(".bg-status")).to_contain_text("Round 1 of 1")
    expect(page.locator(".bg-status")).to_contain_text("(bot random)")
    game_id = page.url.split("#/game/")[1].split("?")[0]
    hosted = live_server.lobby.get(game_id)
    assert [seat.kind for seat in hosted.seats] == ["human", "bot"]
    assert hosted.seats[0].name == "Adam"  # the creator's name, shown to the others
    assert hosted.state.game.params["rounds"] == 1

    page.get_by_role("link", name="Lobby").click()
    row = page.locator("table.data tr", has_text="Adam against the random bot")
    expect(row).to_contain_text("seat 1: bot random")
    expect(row.get_by_role("link", name="Play seat 0")).to_be_visible()
    expect(page.locator("section", has_text="Your games")).to_contain_text(
        "Adam against the random bot"
    )
    screenshot(page, artifacts, "lobby")
    row.get_by_role("link", name="Play seat 0").click()
    expect(page.locator("svg.battlefield")).to_be_visible()
    expect(page.locator(".game-head .who")).to_contain_text("you are seat 0")


def test_select_move_attack_and_the_bot_replies(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    made = live_server.create(
        "battleground", ["me", "random"], params={"position": NEXT_TO_SKELETOR}, seed=3
    )
    token = made["seat_tokens"]["0"]
    page.goto(live_server.game_link(made["id"], token))
    board = page.locator("svg.battlefield")
    expect(board).to_be_visible()
    expect(page.locator(".decision")).to_contain_text("Your decision")

    # select a character by clicking it: its card; the enemy has no moves to show
    board.locator('g.model[data-character="skeletor"]').click()
    expect(page.locator(".card")).to_contain_text("Skeletor (s), player 1")
    expect(board.locator("g.reach")).to_have_count(0)
    # He-Man, the active character: the hexes he reaches, each with its AP cost
    board.locator('g.model[data-character="he-man"]').click()
    expect(page.locator(".card")).to_contain_text("He-Man (H), player 0")
    reach = board.locator("g.reach.k-move")
    expect(reach.first).to_be_visible()
    view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
    plain_moves = [h for h in view["board"]["actions"] if h["kind"] == "move"]
    plain = {tuple(h["hex"]) for h in plain_moves if not h["move"]["focus"]}
    focus_only = {tuple(h["hex"]) for h in plain_moves} - plain  # drawn dashed
    expect(board.locator("g.reach.k-move:not(.focus-only)")).to_have_count(len(plain))
    expect(board.locator("g.reach.k-move.focus-only")).to_have_count(len(focus_only))
    target = board.locator('g.reach.k-move[data-q="7"][data-r="10"]')
    expect(target.locator("text.cost")).to_have_text("1")
    target.hover()
    expect(page.locator(".hover-info")).to_contain_text("Reachable: 1 AP")

    # move: hovering the hex previews it (cost, path drawn on the board); a move that risks
    # nothing goes on one click (issue 23 §2.10: no second confirmation)
    hover = page.locator(".hover-info")
    expect(hover).to_contain_text("1 AP (3 AP left now)")
    expect(hover).to_contain_text("(6,10) > (7,10)")
    expect(hover).to_contain_text("click to move")
    expect(board.locator("polyline.path.hover-path")).to_have_count(1)
    screenshot(page, artifacts, "battleground-move-preview")
    before = version(page)
    target.locator("polygon").click()
    wait_version_change(page, before)
    decision = page.locator(".decision")
    expect(board.locator('g.model[data-character="he-man"]')).to_have_attribute("data-q", "7")
    expect(page.locator(".log")).to_contain_text("He-Man moves from (6,10) to (7,10)")

    # the facing, on the board: towards Skeletor
    before = version(page)
    board.locator('g.face-choice[aria-label="face SE"]').click()
    wait_version_change(page, before)

    # Skeletor is in reach: a red ring; clicking him shows the attack with its exact odds
    skeletor = board.locator('g.model[data-character="skeletor"]')
    expect(skeletor.locator("circle.target-ring.attack")).to_have_count(1)
    screenshot(page, artifacts, "battleground-in-progress")
    skeletor.click()
    expect(decision).to_contain_text("attack Skeletor with Sword of Power")
    expect(decision).to_contain_text("Exact odds of each result")
    view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
    (attack,) = [h for h in view["board"]["actions"] if h["kind"] == "attack"]
    odds = decision.locator("table.odds")
    for outcome in attack["attack"]["outcomes"]:
        expect(odds).to_contain_text(f"{100 * outcome['p']:.1f}%")
    expect(odds).to_contain_text("Knock-out")
    assert abs(sum(o["p"] for o in attack["attack"]["outcomes"]) - 1) < 1e-9
    expect(board.locator("line.attack-line")).to_have_count(1)
    screenshot(page, artifacts, "attack-preview")
    before = version(page)
    decision.get_by_role("button", name="Attack (Enter)").click()
    wait_version_change(page, before)

    # the dice: keep them (rerolls offered), until the activation can end; then end it
    keep = page.get_by_role("button", name="keep the dice")
    end = page.get_by_role("button", name="end the activation")
    for _ in range(4):
        expect(keep.or_(end).first).to_be_visible()
        if end.is_visible():
            break
        before = version(page)
        keep.click()
        wait_version_change(page, before)
    expect(page.locator(".log")).to_contain_text("He-Man attacks Skeletor with Sword of Power")
    click_and_settle(page, end)
    expect(decision).to_contain_text("ends its activation with 1 AP unspent")
    mine = int(version(page))
    decision.get_by_role("button", name="Confirm (Enter)").click()

    # the bot replies: it chooses its card (the version moves past our action)
    players = page.locator(".bg-status .players")
    expect(players.locator(".side-1")).to_contain_text("has chosen")
    expect(page.locator("#app")).not_to_have_attribute("data-version", str(mine + 1))
    assert int(version(page)) > mine + 1
    expect(page.locator(".log")).to_contain_text("He-Man ends its activation")


def test_a_one_round_game_clicked_to_the_score_screen(
    live_server: LiveServer, page: Page, artifacts: Path
) -> None:
    made = live_server.create("battleground", ["me", "random"], params={"rounds": 1}, seed=11)
    token = made["seat_tokens"]["0"]
    page.goto(live_server.game_link(made["id"], token))
    expect(page.locator("svg.battlefield")).to_be_visible()
    started = time.monotonic()
    used = play_battleground(page, live_server, made["id"], token, seconds=50, moves=4)
    assert used.get("choice", 0) > 0, used
    assert time.monotonic() - started < 50

    expect(page.locator(".status-pill")).to_have_text("finished")
    hosted = live_server.lobby.get(made["id"])
    assert hosted.state.is_terminal()
    result = hosted.state.describe_result()
    expect(page.locator(".game-head .result")).to_have_text(result)
    expect(page.locator(".bg-status .result")).to_have_text(result)
    expect(page.locator(".bg-status")).to_contain_text(re.compile("game over", re.IGNORECASE))
    expect(page.get_by_role("button", name="Download record")).to_be_visible()
    expect(page.locator(".actions-panel")).to_contain_text("Nothing to decide now.")
    screenshot(page, artifacts, "score")


def test_sight_shading_and_the_sight_query_from_the_plugin_board(
    live_server: LiveServer, page: Page
) -> None:
    """issue 22 §3: the board script the game's plug-in serves (/plugins/battleground/) draws
    the board; it shades what the selected character cannot see, and hovering a hex asks the
    game's ``sight`` query through the generic query endpoint."""
    made = live_server.create(
        "battleground", ["me", "random"], params={"position": NEXT_TO_SKELETOR}, seed=3
    )
    scripts: list[str] = []
    page.on("request", lambda request: scripts.append(request.url))
    page.goto(live_server.game_link(made["id"], made["seat_tokens"]["0"]))
    board = page.locator("svg.battlefield")
    expect(board).to_be_visible()
    assert any(url.endswith("/plugins/battleground/battleground.js") for url in scripts)
    assert any(url.endswith("/plugins/battleground/battleground.css") for url in scripts)
    board.locator('g.model[data-character="he-man"]').click()
    page.locator("#shade-sight").check()
    expect(board.locator(".unseen .shade").first).to_be_attached()
    with page.expect_response(lambda answer: "/query/sight?" in answer.url) as asked:
        board.locator('g.reach.k-move[data-q="7"][data-r="10"]').hover()
    answer = asked.value
    assert answer.status == 200 and "from=6%2C10" in answer.url
    expect(page.locator(".hover-info .sight-line")).to_contain_text("(6,10) to (7,10):")
