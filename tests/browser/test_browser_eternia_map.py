"""Issue 28 §3: the Fields of Eternia map game on its own board in the browser: a 2-player
standard game against the random bot, the page's seat clicking its choices (the decision
panel's buttons, or an area of the map when a choice enters it) through the first round; the
map, the teams, the round track and the heroes drawn; a spectator's page draws the same map
without choices. Every page's console errors fail the test (conftest ``new_page``)."""

from __future__ import annotations

import contextlib
import random
import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import STATE, screenshot, version
from browser_live import LiveServer
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

SECONDS = 120
CHOICES = ".em-decision button[data-action]"
TARGETS = ".em-area.em-target[data-action]"
CONFIRM = ".em-odds button[data-confirm]"
PLAIN = ".em-decision button[data-action]:not([data-action^='cycle-victory'])"
"""The choices but cycling victory cards (a first-choice clicker would cycle all its Eternium)."""
PLAYED = ".em-grid .em-cards:not(:text-is('—'))"
SETTLED = """() => document.querySelector(".em-odds button[data-confirm]")
    || !document.querySelector(".em-odds")"""
"""The odds are shown (Confirm), or the choice had no chance left and was taken."""
MOVED = """(before) => document.getElementById("app").dataset.version !== before
    || document.getElementById("app").dataset.status === "finished\""""


def test_a_round_clicked_on_the_map_board(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    made = live_server.create("eternia", ["me", "random"], seed=5, params={"first_team": 0})
    game_id, token = made["id"], made["seat_tokens"]["0"]
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".em-svg")).to_be_visible()
    areas = page.locator(".em-area")
    expect(areas.first).to_be_attached()
    assert areas.count() == len(live_server.lobby.get(game_id).state.board.graph.nodes)
    expect(page.locator(".em-team")).to_have_count(2)
    expect(page.locator(".em-space").first).to_be_visible()
    clicks, moves = 0, 0
    deadline = time.monotonic() + SECONDS
    while live_server.lobby.get(game_id).state.round < 2:
        assert time.monotonic() < deadline, f"round 1 not over in {SECONDS} s ({clicks} clicks)"
        try:
            state = page.wait_for_function(STATE, timeout=8000).json_value()
        except PlaywrightTimeout:
            continue
        if state == "finished":
            break
        before = version(page)
        targets = page.locator(TARGETS)
        if targets.count() and clicks % 2 == 0:  # a move, clicked on the map
            targets.first.dispatch_event("click")
            moves += 1
        else:
            buttons = page.locator(PLAIN)
            if not buttons.count():
                buttons = page.locator(CHOICES)
            if not buttons.count():
                continue
            buttons.first.click()
            _confirm_odds(page)  # an epic combat's choice: its odds first
        clicks += 1
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(MOVED, arg=before, timeout=5000)
    assert clicks and moves, (clicks, moves)
    screenshot(page, artifacts, "eternia-map")
    spectator = new_page()
    spectator.goto(live_server.game_link(game_id))
    expect(spectator.locator(".em-svg")).to_be_visible()
    expect(spectator.locator(CHOICES)).to_have_count(0)


def _click_first_choice(page: Any) -> int | None:
    """Click the page's first choice and, when its odds are shown (chance is left), confirm
    them; None if nothing was clicked (no choice yet, or the view changed under the click),
    else 1 if odds were shown, 0 if not."""
    buttons = page.locator(CHOICES)
    try:
        buttons.first.wait_for(timeout=3000)
    except PlaywrightTimeout:
        return None
    before = version(page)
    try:
        buttons.first.click(timeout=2000)
    except PlaywrightTimeout:
        return None  # the view changed under the click: look again
    shown = int(_confirm_odds(page))
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(MOVED, arg=before, timeout=5000)
    return shown


def _confirm_odds(page: Any) -> bool:
    """After a click: if the page looks up the choice's odds (an epic combat's choice), wait
    for them and confirm; whether odds were shown (a choice without chance is taken at once)."""
    if not page.locator(".em-odds").count():
        return False
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(SETTLED, timeout=4000)
    confirm = page.locator(CONFIRM)
    if not confirm.count():
        return False
    with contextlib.suppress(PlaywrightTimeout):
        confirm.click(timeout=2000)
    return True


def _toward_enemies(state: Any, view: dict[str, Any], seat: int) -> str:
    """The seat's choice that brings its heroes nearest an enemy hero (a move), else the first
    that is not a merchant's or a rest (the heroes march to meet)."""
    board = state.board
    turn = state.turn()
    legal = view["legal"]
    if turn is not None:
        hero = state.heroes[turn.hero]
        enemies = [h.area for h in state.heroes if h.team != hero.team]

        def gap(entry: dict[str, Any]) -> int:
            to = entry["action"].split("to=")[-1].split()[0]
            return min(board.distance(to, e) for e in enemies)

        moves = [e for e in legal if e["kind"] in ("move", "fast-travel")]
        here = min(board.distance(hero.area, e) for e in enemies)
        if moves and min(gap(e) for e in moves) < here:
            return str(min(moves, key=gap)["action"])
        if any(e["kind"] == "move" for e in legal) is False and any(
            e["kind"] == "stop" for e in legal
        ):
            return "stop"
        quiet = [e for e in legal if e["kind"] == "end-turn"]
        if quiet and turn.actions:
            return str(quiet[0]["action"])
    plain = [e for e in legal if e["kind"] not in ("merchant", "rest", "brave-wilds", "quest")]
    return str((plain or legal)[0]["action"])


def test_an_epic_combat_on_the_board_with_its_grid_and_odds(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """Issue 28 §3: the heroes of both teams march to meet (both seats ours, moved through the
    API); once their epic combat begins, seat 0's page draws the combat grid (each side's row of
    attack, defense and initiative with the cards played) and clicks its choices, each with
    its exact odds first when chance is left (confirmed), until the combat is over."""
    made = live_server.create("eternia", ["me", "me"], seed=3, params={"first_team": 0})
    game_id, tokens = made["id"], made["seat_tokens"]
    game = live_server.lobby.get(game_id)
    for _ in range(600):
        if game.state.epic.fighters or game.state.is_terminal():
            break
        public = live_server.api("GET", f"/api/games/{game_id}")
        seat = public["to_act"][0]
        view = live_server.api("GET", f"/api/games/{game_id}", token=tokens[str(seat)])
        body = {"action": _toward_enemies(game.state, view, seat), "version": view["version"]}
        live_server.api("POST", f"/api/games/{game_id}/actions", body, token=tokens[str(seat)])
    assert game.state.epic.fighters, "no epic combat began"
    page = new_page()
    page.goto(live_server.game_link(game_id, tokens["0"]))
    expect(page.locator(".em-grid")).to_be_visible()
    expect(page.locator(".em-grid tbody tr")).to_have_count(2)
    expect(page.locator(".em-grid td.em-zone")).to_have_count(6)
    screenshot(page, artifacts, "eternia-map-combat-grid")
    odds_shown, clicks, played = 0, 0, False
    rng = random.Random(1)
    deadline = time.monotonic() + SECONDS
    while game.state.epic.fighters and time.monotonic() < deadline:
        seat = game.state.current_player()
        if seat == 1:
            view = live_server.api("GET", f"/api/games/{game_id}", token=tokens["1"])
            if view["to_act"] != [1]:
                continue
            entry = rng.choice(view["legal"])
            body = {"action": entry["action"], "version": view["version"]}
            with contextlib.suppress(Exception):  # a race with the page: read again
                live_server.api("POST", f"/api/games/{game_id}/actions", body, token=tokens["1"])
            continue
        if seat != 0:
            time.sleep(0.05)
            continue
        clicked = _click_first_choice(page)
        if clicked is None:
            continue
        odds_shown += clicked
        clicks += 1
        if not played and page.locator(PLAYED).count() >= 4:  # cards on both rows
            screenshot(page, artifacts, "eternia-map-combat-cards")
            played = True
    assert not game.state.epic.fighters, f"the combat is not over after {clicks} clicks"
    assert clicks and odds_shown, (clicks, odds_shown)
    screenshot(page, artifacts, "eternia-map-combat")


def test_a_skirmish_set_up_on_the_board(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """Issue 28 §2-§3: a skirmish against the random bot, set up on the board: the purchases and
    the deployment zone as buttons, the soldiers, heroes and mission tokens placed by clicking
    areas of the map (spec §3.4), until the first round's activations."""
    made = live_server.create(
        "eternia", ["me", "random"], seed=4, params={"first_team": 0, "mode": "skirmish"}
    )
    game_id, token = made["id"], made["seat_tokens"]["0"]
    game = live_server.lobby.get(game_id)
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".em-svg")).to_be_visible()
    placed, clicks = 0, 0
    deadline = time.monotonic() + SECONDS
    setup = ("purchase", "deploy", "place-soldiers", "place-heroes", "place-tokens")
    while any(step.kind in setup for step in game.state.flow.steps):
        assert time.monotonic() < deadline, f"the setup not over in {SECONDS} s ({clicks} clicks)"
        try:
            page.wait_for_function(STATE, timeout=8000)
        except PlaywrightTimeout:
            continue
        before = version(page)
        targets = page.locator(TARGETS)
        buttons = page.locator(CHOICES)
        try:
            if targets.count():
                targets.first.dispatch_event("click")
                placed += 1
            elif buttons.count():
                passing = page.locator(".em-decision button[data-action='pass']")
                (passing if passing.count() else buttons.first).click(timeout=2000)
            else:
                continue
        except PlaywrightTimeout:
            continue
        clicks += 1
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(MOVED, arg=before, timeout=5000)
    assert placed >= 3, (placed, clicks)
    assert all(game.state.deployed) and game.state.missions
    screenshot(page, artifacts, "eternia-skirmish")


def test_a_solo_game_on_the_board_against_the_game(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """Issue 29 Acceptance: a solo game (Relentless) in the browser: the heroes march to an
    enemy hero (through the API); the page draws the solo panel (difficulty, objective, defeat
    tracker, the enemy decks by size) and the epic combat's grid with the enemy's row and its
    battle card, and clicks the player's choices until the combat is over; then a bot plays the
    seat to the end and the page shows the result with the solo score."""
    made = live_server.create(
        "eternia",
        ["me"],
        seed=3,
        params={"mode": "solo", "difficulty": "relentless", "scenario": "retrieve-the-plans"},
    )
    game_id, token = made["id"], made["seat_tokens"]["0"]
    game = live_server.lobby.get(game_id)
    for _ in range(600):
        if game.state.epic.fighters or game.state.is_terminal():
            break
        view = live_server.api("GET", f"/api/games/{game_id}", token=token)
        body = {"action": _toward_enemies(game.state, view, 0), "version": view["version"]}
        live_server.api("POST", f"/api/games/{game_id}/actions", body, token=token)
    assert game.state.epic.fighters, "no epic combat against an enemy hero began"
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".em-solo")).to_contain_text("Against the game, relentless")
    expect(page.locator(".em-grid")).to_be_visible()
    expect(page.locator(".em-grid tbody tr").nth(1)).to_contain_text("(enemy")
    screenshot(page, artifacts, "eternia-solo-combat")
    clicks = 0
    deadline = time.monotonic() + SECONDS
    while game.state.epic.fighters and time.monotonic() < deadline:
        clicks += _click_first_choice(page) is not None
    assert not game.state.epic.fighters and clicks, f"the combat is not over ({clicks} clicks)"
    page.goto(live_server.game_link(game_id))  # watch as a spectator: the seat is the bot's
    expect(page.locator(".em-solo")).to_be_visible()
    _a_bot_finishes(live_server, made)
    _watched_to_the_end(page)
    screenshot(page, artifacts, "eternia-solo-end")


def test_the_new_game_form_sets_up_solo_and_coop_for_three(
    live_server: LiveServer, new_page: Any
) -> None:
    """Issue 29 Acceptance: the lobby's form offers Fields of Eternia against the game: solo
    draws one seat, co-op two, and its players field three (docs/protocol.md: ``players`` is the
    seat count); a co-op game for three made there, bots in two seats, opens on its board with
    the solo panel, the heroes shared among the three seats."""
    page = new_page()
    page.goto(live_server.url + "/")
    page.select_option("#new-game", "eternia")
    page.select_option("#param-mode", "solo")
    expect(page.locator(".seats select")).to_have_count(1)
    page.select_option("#param-mode", "coop")
    expect(page.locator(".seats select")).to_have_count(2)
    page.fill("#param-players", "3")
    expect(page.locator(".seats select")).to_have_count(3)
    page.select_option("#param-difficulty", "advanced")
    page.select_option("#seat-1", "greedy")
    page.select_option("#seat-2", "random")
    page.get_by_role("button", name="Create and play").click()
    expect(page.locator(".em-solo")).to_contain_text("Against the game, advanced")
    game_id = page.url.split("#/game/")[1].split("?")[0]
    game = live_server.lobby.get(game_id)
    assert [seat.kind for seat in game.seats][1:] == ["bot", "bot"]
    owners = {game.state.control.owner(h.id) for h in game.state.heroes if h.team == 0}
    assert owners == {0, 1, 2}


def _a_bot_finishes(live_server: LiveServer, made: dict[str, Any]) -> None:
    """The game's admin gives seat 0 to the greedy bot."""
    given = live_server.api(
        "POST",
        f"/api/games/{made['id']}/bot",
        {"seat": 0, "spec": "greedy"},
        token=made["admin_token"],
    )
    assert given


def _watched_to_the_end(page: Any, seconds: int = 60) -> None:
    """The page follows the game to its end, the result with the solo score."""
    expect(page.locator("#app")).to_have_attribute(
        "data-status", "finished", timeout=seconds * 1000
    )
    expect(page.locator(".em-solo")).to_contain_text("solo score")


def test_a_coop_game_shared_with_a_bot_on_the_board(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """Issue 29 Acceptance: co-op for 2 in the browser, seat 1 a greedy bot: the page of seat
    0 shows the solo panel and its own choices, and clicks them (placing its heroes in He-Man
    Impostor's deployment zone first); the team's heroes are shared between the two seats; then
    a bot takes seat 0 too: the page stops showing the seat (its views end, docs/protocol.md)
    and offers to watch, and the watcher's page follows the game to its result and score."""
    made = live_server.create(
        "eternia", ["me", "greedy"], seed=4, params={"mode": "coop", "difficulty": "novice"}
    )
    game_id, token = made["id"], made["seat_tokens"]["0"]
    game = live_server.lobby.get(game_id)
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".em-solo")).to_contain_text("Against the game, novice")
    clicks = 0
    deadline = time.monotonic() + SECONDS
    while clicks < 6 and time.monotonic() < deadline:
        if game.state.current_player() != 0:
            time.sleep(0.1)
            continue
        clicks += _click_first_choice(page) is not None
    assert clicks == 6
    placed = [h.area for h in game.state.heroes if h.team == 0]
    assert set(placed) <= set(game.state.setting.start)
    owners = {h.id: game.state.control.owner(h.id) for h in game.state.heroes if h.team == 0}
    assert set(owners.values()) == {0, 1}
    screenshot(page, artifacts, "eternia-coop")
    _a_bot_finishes(live_server, made)
    expect(page.locator("#game-error")).to_contain_text("now played by a bot")
    page.locator("#watch-game").click()
    _watched_to_the_end(page)


@pytest.mark.parametrize(
    ("mode", "seats", "level"),
    [
        ("solo", ["greedy"], "beginner"),
        ("solo", ["random"], "novice"),
        ("solo", ["greedy"], "advanced"),
        ("coop", ["random", "greedy", "random"], "relentless"),
    ],
)
def test_bots_against_the_game_watched_to_the_end(
    live_server: LiveServer, new_page: Any, mode: str, seats: list[str], level: str
) -> None:
    """Issue 29 Acceptance: at each difficulty, and co-op for 3, bots in every seat play to the
    end while a spectator's page follows; it shows the result and the solo score."""
    made = live_server.create(
        "eternia", seats, seed=6, params={"mode": mode, "difficulty": level, "players": len(seats)}
    )
    page = new_page()
    page.goto(live_server.game_link(made["id"]))
    _watched_to_the_end(page, seconds=90)
    expect(page.locator(".em-solo")).to_contain_text(f"Against the game, {level}")
