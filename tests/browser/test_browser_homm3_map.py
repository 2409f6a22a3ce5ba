"""The HoMM3 map board in the browser (issue 25 §1, Acceptance): a 2-player Clash game from its
setup clicked through several rounds against the greedy bot (an exploration, a build, a recruit,
a fight against neutrals on the combat board inside the map board, its result on the map), the
move preview's MP cost and fight odds checked against the server's ``state.odds``, undo of a
move, the spectator's and the replay's map board; and a siege from a position (a hero next to
the enemy's town). The page is driven by clicking elements carrying ``data-action`` (the board's
selector contract), chosen by homm3_map_policy.py; fights are clicked by the combat tests'
``play``. Every page's console errors fail the test (conftest ``new_page``)."""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

from browser_helpers import screenshot, version
from browser_live import LiveServer
from homm3_map_policy import choose
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser_homm3 import IMAGES, play
from test_browser_replay import finished_bots_game

from rulekeeper.server.hosted import parse_action

SIEGE = json.loads((Path(__file__).parent / "homm3_map_siege.json").read_text())
"""Round 1 of the Clash for 2, Catherine (Castle) one field from the Dungeon's town, whose hero
stands outside it: her move in is a siege the owner may defend with the army (homm3.md
§5.14.4)."""
LAST_ROUND = {**SIEGE, "round": 16}
"""The same table in the Clash's last round (its limit, 16): two random bots end it at once."""
STALL_MS = 8_000
SEED = 2
"""The main game's seed: the policy explores, builds, recruits and fights neutrals early."""
ROUNDS = 3
"""Rounds the main game is clicked through (at least)."""

STATUS = """() => {
    const app = document.getElementById("app");
    if (app.dataset.status === "finished") return "finished";
    const who = document.querySelector(".game-head .who");
    if (!(who && who.textContent.includes("your decision"))) return false;
    if (document.querySelector(".hm-fight .h3-grid")) return "fight";
    const offered = [...document.querySelectorAll("[data-action]")].some(
        (e) => !e.closest(".hm-fight, .hm-preview") && e.checkVisibility());
    return offered ? "mine" : "nothing";
}"""
"""The game is over, or ours to decide: in a fight, on the map, or with nothing to click."""

RESULT_SHOWN = """() => {
    const shown = document.querySelector(".hm-fight-result");
    return (shown && shown.checkVisibility()) || !!document.querySelector(".hm-fight .h3-grid");
}"""
"""The last fight's result is shown on the map, or the map is hidden by the next fight already
(a bot's, whose neutrals we place)."""

OFFERED = """() => {
    const keyOf = (e) => e.dataset.key || e.dataset.at || e.dataset.field
        || (e.closest("[data-key]") || {dataset: {}}).dataset.key;
    const actions = [...document.querySelectorAll("[data-action]")]
        .filter((e) => !e.closest(".hm-fight, .hm-preview") && e.checkVisibility())
        .map((e) => e.dataset.action);
    const guards = [...document.querySelectorAll(".hm-guard")].map(keyOf).filter(Boolean);
    const backs = [...document.querySelectorAll(".hm-back")].map(keyOf).filter(Boolean);
    return {actions: [...new Set(actions)], guards, backs};
}"""
"""What the page offers (the ``data-action`` of its visible elements) and where the guards and
the face-down tiles are (their fields' ``data-key``)."""

SETTLED = """([version, before]) => {
    const app = document.getElementById("app");
    const preview = document.querySelector(".hm-preview");
    const decision = document.querySelector(".hm-decision");
    const now = (preview ? preview.textContent : "") + (decision ? decision.textContent : "");
    return app.dataset.version !== version || now !== before;
}"""


def gone(page: Page) -> bool:
    """Whether the fight's board has left the map board."""
    return not page.locator(".hm-fight .h3-grid").count()


class FightOver(Exception):
    """The fight's board left the map board (``play``'s *others* raises it to stop)."""


def mine(page: Page) -> bool:
    """Ours to decide on the map (no fight)."""
    return bool(page.evaluate(STATUS) == "mine")


def by_action(page: Page, action: str) -> Locator:
    """The visible elements whose click takes *action*."""
    quoted = '"' + action.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return page.locator(f"[data-action={quoted}]").filter(visible=True)


def panel_text(page: Page) -> str:
    found = page.evaluate(
        """() => [".hm-preview", ".hm-decision"].map((s) => {
            const e = document.querySelector(s); return e ? e.textContent : ""; }).join("")"""
    )
    return str(found)


def click(page: Page, target: Locator, timeout: float | None = None) -> bool:
    """Click *target* (dispatched: a map field may be redrawn under the pointer) and wait for
    its effect: a new view, or the preview or decision panel changed. With a *timeout* (ms), a
    target gone by then (a newer view came) is no click: False."""
    before = [version(page), panel_text(page)]
    try:
        target.dispatch_event("click", timeout=timeout)
    except PlaywrightTimeout:
        if timeout is None:
            raise
        return False
    page.wait_for_function(SETTLED, arg=before)
    return True


def state_of(server: LiveServer, game_id: str) -> Any:
    return server.lobby.get(game_id)


def hero_field(server: LiveServer, game_id: str, hero: str) -> str:
    hosted = state_of(server, game_id)
    with hosted.lock:
        return str(next(h.field for h in hosted.state.heroes if h.id == hero))


def where(server: LiveServer, game_id: str, seat: int) -> dict[str, str]:
    """The field of each hero of *seat*, as the public view of the board says (the map board
    draws a hero apart from its field)."""
    view = server.api("GET", f"/api/games/{game_id}")
    heroes = view["board"]["map"]["heroes"]
    return {h["id"]: h["field"] for h in heroes if h["seat"] == seat and h["field"]}


def check_preview(page: Page, server: LiveServer, game_id: str, seat: int, action: str) -> bool:
    """The move's preview shows its MP cost and, for a fight, the odds of ``state.odds`` of the
    move as the server computes them (issue 25 §1 "Previews before a move"). Answers whether
    the preview showed odds."""
    preview = page.locator(".hm-preview")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("MP")
    odds = preview.locator(".hm-odds")
    if not odds.count():
        return False
    hosted = state_of(server, game_id)
    with hosted.lock:
        computed = hosted.state.odds(parse_action(action), seat)
    assert computed is not None, f"the preview shows odds, state.odds has none: {action}"
    expect(odds).not_to_contain_text("working out", timeout=30_000)
    share = computed["percent"]
    expect(odds).to_contain_text(
        f"about {share['win']}% to win ({share['low']}–{share['high']}%), "
        f"lose {share['lose']}%, other {share['other']}% over {computed['runs']} runs"
    )
    return True


def fight_out(
    page: Page, server: LiveServer, game_id: str, seat: int, seconds: float, others: Any = None
) -> dict[str, Any]:
    """Click the page's seat through the fight on the map board with the combat tests' ``play``
    until the fight's board is gone (the map is back)."""
    found: dict[str, Any] = {}

    def watch() -> None:
        if others is not None:
            others()
        if gone(page):
            raise FightOver

    over = page.locator(".hm-fight .h3-grid")
    try:
        with contextlib.suppress(FightOver):
            found = play(page, server, game_id, seat, seconds, until=gone, others=watch)
    except AssertionError as error:
        stalled = str(error).startswith("a decision with nothing to click")
        if stalled and not over.count():  # the fight ended while play waited for a control
            return found
        hosted = state_of(server, game_id)
        with hosted.lock:
            legal = [str(a) for a in hosted.state.legal_actions(seat)][:8]
        raise AssertionError(f"{error}; the seat may: {legal}") from None
    return found


def drive(
    page: Page,
    server: LiveServer,
    game_id: str,
    seat: int,
    seconds: float,
    done: Any,
    step: Any = None,
) -> dict[str, int]:
    """Click the page's seat through the map game with the policy until *done(kinds)* holds,
    *step(action)* hearing each action clicked; fights go to ``fight_out``. Answers how often
    each kind of action was clicked ("fight": fights clicked through)."""
    kinds: dict[str, int] = {}
    been: set[str] = set()
    avoid: frozenset[str] = frozenset()
    ours = False
    deadline = time.monotonic() + seconds
    while not done(kinds):
        left_ms = (deadline - time.monotonic()) * 1000
        assert left_ms > 0, f"not done in {seconds} s: {kinds}"
        try:
            status = page.wait_for_function(STATUS, timeout=min(left_ms, STALL_MS)).json_value()
        except PlaywrightTimeout:
            continue
        if status == "finished":
            break
        if status == "nothing":
            try:  # a redraw between two views: look again a moment later
                page.wait_for_function(f"() => ({STATUS})() !== 'nothing'", timeout=STALL_MS)
            except PlaywrightTimeout:
                legal = server.api("GET", f"/api/games/{game_id}")
                raise AssertionError(
                    f"the board offers nothing to click (status {legal['status']}): "
                    "a decision of ours with no data-action element"
                ) from None
            continue
        if status == "fight":
            fight_out(page, server, game_id, seat, max(5.0, left_ms / 1000))
            kinds["fight"] = kinds.get("fight", 0) + 1
            if ours:  # our hero's fight: its result on the map (unless the next fight is up)
                page.wait_for_function(RESULT_SHOWN)
                expect(page.locator(".hm-fight-result")).to_contain_text("won")
                kinds["own-fight"] = kinds.get("own-fight", 0) + 1
                ours = False
            avoid = frozenset(page.evaluate(OFFERED)["guards"])
            continue
        offered = page.evaluate(OFFERED)
        if not offered["actions"]:  # a new view came meanwhile: look again
            continue
        heroes = where(server, game_id, seat)
        been |= set(heroes.values())
        targets = offered["backs"] + ([] if avoid else offered["guards"])
        action = choose(offered["actions"], targets, heroes, been, avoid)
        kind = parse_action(action).kind
        if step is not None and step(action):
            continue  # the step took the action itself
        if not click(page, by_action(page, action).first, timeout=3000):
            continue  # a newer view came: look again
        confirm = page.locator(".hm-preview button.confirm[data-action]")
        if kind == "move":
            ours = check_preview(page, server, game_id, seat, action)
        if confirm.count() and confirm.first.is_visible():
            click(page, confirm.first)
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "end-turn":
            been = set()
    return kinds


def test_a_clash_clicked_through_several_rounds(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """issue 25 §1, Acceptance: the Clash for 2 from its setup, clicked through several rounds
    against the greedy bot: a tile explored, a building built and a unit recruited in the town
    panel, a fight against neutrals played on the combat board inside the map board and its
    result shown on the map; each move's preview shows its MP cost (a fight's: the odds
    state.odds computes); undo takes a move back; a spectator and the replay viewer draw the
    map board without a hand."""
    made = live_server.create("homm3", ["me", "greedy"], seed=SEED)
    game_id, token = made["id"], made["seat_tokens"]["0"]
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".hm-map")).to_be_visible()
    expect(page.locator(".hm-map .hm-field").first).to_be_attached()
    expect(page.locator(".hm-map .hm-back").first).to_be_attached()
    seen = {"undo": False, "result": False, "shot": False}

    def step(action: str) -> bool:
        """Undo the first move once (the hero back on its field), keep the mid-game screenshot
        once a building was built and a unit recruited."""
        move = parse_action(action)
        if seen["undo"] or move.kind != "move":
            return False
        if page.locator(f'.hm-field[data-key="{move.get("to")}"] .hm-guard').count():
            return False  # a fight's move is not taken back
        hero = str(move.get("hero"))
        start = hero_field(live_server, game_id, hero)
        click(page, by_action(page, action).first)
        check_preview(page, live_server, game_id, 0, action)
        confirm = page.locator(".hm-preview button.confirm[data-action]")
        click(page, confirm.first)
        assert hero_field(live_server, game_id, hero) != start, action
        undo = page.get_by_role("button", name="Undo (u)")
        expect(undo).to_be_enabled()
        before = version(page)
        undo.click()
        expect(page.locator("#app")).not_to_have_attribute("data-version", before)
        expect(page.locator(f'.hm-hero[data-hero="{hero}"]')).to_be_attached()
        assert hero_field(live_server, game_id, hero) == start, "undo did not take the move back"
        seen["undo"] = True
        return True

    def done(kinds: dict[str, int]) -> bool:
        if kinds.get("own-fight") and not seen["result"]:
            screenshot(page, artifacts, "homm3-map-fight-result")
            seen["result"] = True
        wanted = ("build", "recruit", "own-fight")
        hosted = state_of(live_server, game_id)
        with hosted.lock:
            rounds = int(hosted.state.round)
        cards = page.locator(".hm-hand .hm-card").count()
        if all(kinds.get(k) for k in wanted) and not seen["shot"] and mine(page) and cards:
            # the map in progress for the README: explored, fought, built; the hand's cards
            expect(page.locator(".hm-towns")).to_be_visible()
            expect(page.locator(".hm-hand")).to_be_visible()
            screenshot(page, artifacts, "homm3-map")
            if os.environ.get("RULEKEEPER_DOCS_IMAGES") == "1":  # tall enough for the hand
                size = page.viewport_size
                page.set_viewport_size({"width": 1366, "height": 1080})
                page.screenshot(path=str(IMAGES / "homm3-map.png"))
                page.set_viewport_size(size)
            seen["shot"] = True
        explored = kinds.get("reveal", 0) + kinds.get("explore", 0)
        wanted_all = all(kinds.get(k) for k in wanted)
        return rounds > ROUNDS and explored > 0 and wanted_all and seen["shot"]

    started = time.monotonic()
    kinds = drive(page, live_server, game_id, 0, seconds=50, done=done, step=step)
    print(
        f"clicked through {live_server.lobby.get(game_id).state.round - 1} rounds in "
        f"{time.monotonic() - started:.1f} s: {kinds}"
    )
    assert seen["undo"], f"no move was made: {kinds}"
    assert seen["result"] and seen["shot"], (seen, kinds)
    screenshot(page, artifacts, "homm3-map-round-4")
    assert time.monotonic() - started < 60
    # a spectator sees the same map board, without a hand
    spectator = new_page()
    spectator.goto(live_server.game_link(game_id))
    expect(spectator.locator(".hm-map")).to_be_visible()
    expect(spectator.locator(".hm-map .hm-hero").first).to_be_attached()
    expect(spectator.locator(".hm-hand .hm-card")).to_have_count(0)
    expect(spectator.locator(".hm-field.reach")).to_have_count(0)
    # the replay viewer (a game ended: two random bots' last round) draws with the same board
    replayed = finished_bots_game(live_server, "homm3", params={"position": LAST_ROUND}, seed=1)
    spectator.goto(f"{live_server.url}/#/replay/{replayed}?at=1")
    expect(spectator.locator(".hm-map")).to_be_visible()
    expect(spectator.locator(".hm-hand .hm-card")).to_have_count(0)
    screenshot(spectator, artifacts, "homm3-map-replay")


PREFERRED = ("transport", "pass", "gate", "place", "defend", "end")
"""What the defender's seat answers through the API, in this order (else its first choice)."""


def defend(server: LiveServer, game_id: str, token: str) -> None:
    """The besieged seat plays through the API while it is to act: it pays to defend, passes
    the Town window, places its units and ends each activation."""
    for _ in range(100):
        view = server.api("GET", f"/api/games/{game_id}", token=token)
        if 1 not in view["to_act"] or not view["legal"]:
            return
        legal = [e for e in view["legal"] if e["kind"] not in ("surrender", "retreat", "flee")]
        pick = next((e for kind in PREFERRED for e in legal if e["kind"] == kind), legal[0])
        server.api(
            "POST",
            f"/api/games/{game_id}/actions",
            {"action": pick["action"], "version": view["version"]},
            token=token,
        )


def hand_ids(page: Page) -> set[str]:
    """The card ids of the hand the page shows."""
    return set(
        page.locator(".hm-hand .hm-card").evaluate_all("(all) => all.map((c) => c.dataset.card)")
    )


def test_a_siege_from_a_position(live_server: LiveServer, new_page: Any, artifacts: Path) -> None:
    """issue 25 §1, homm3.md §5.14.4: a hero clicked into the enemy's town its hero does not
    hold; the owner, out of turn, gets the decision as a prompt on its own page (hotseat: each
    seat's page shows its own hand, never the other's); it pays to defend the town with the
    army; the siege is fought on the combat board inside the map board (the Dungeon's town,
    its owner's units) and its result shown on the map."""
    made = live_server.create("homm3", ["me", "me"], params={"position": SIEGE}, seed=5)
    game_id = made["id"]
    attacker, defender = made["seat_tokens"]["0"], made["seat_tokens"]["1"]
    page = new_page()
    page.goto(live_server.game_link(game_id, attacker))
    expect(page.locator(".hm-map")).to_be_visible()
    into = 'move hero=catherine to="5,-1"'
    click(page, by_action(page, into).first)
    check_preview(page, live_server, game_id, 0, into)
    click(page, page.locator(".hm-preview button.confirm[data-action]").first)
    # the besieged seat's own page: its decision, out of turn, with its buttons; its hand only
    owner = new_page()
    owner.goto(live_server.game_link(game_id, defender))
    expect(owner.locator(".hm-decision.yours")).to_be_visible()
    asked = live_server.api("GET", f"/api/games/{game_id}", token=defender)["legal"]
    expect(
        owner.locator(f'.hm-decision button[data-action="{asked[0]["action"]}"]')
    ).to_be_visible()
    expect(page.locator(".hm-decision.yours")).to_have_count(0)
    hosted = state_of(live_server, game_id)
    for seat, shown in ((0, page), (1, owner)):
        expect(shown.locator(".hm-hand .hm-card").first).to_be_attached()
        with hosted.lock:
            held = set(hosted.state.players[seat].hand)
        assert hand_ids(shown) <= held, f"seat {seat}'s page shows a card it does not hold"
    assert not hand_ids(page) & hand_ids(owner)
    owner.close()  # the fight is watched from the attacker's page only
    defend(live_server, game_id, defender)
    expect(page.locator(".hm-fight .h3-grid")).to_be_visible()
    expect(page.locator(".hm-fight .h3-grid .h3-field")).to_have_count(20)
    screenshot(page, artifacts, "homm3-map-siege")
    walls = page.locator(".hm-fight .h3-field.work-wall")
    seen: list[int] = []

    def others() -> None:
        defend(live_server, game_id, defender)
        seen.append(walls.count())

    fight_out(page, live_server, game_id, 0, 40, others=others)
    # the Dungeon's town has its Citadel: once the Gate is set the siege is fought behind its
    # Walls (fights.py battle_doc; homm3.md §5.14.4)
    assert max(seen, default=0) >= 1, "no Walls were drawn in the siege of a town with a Citadel"
    expect(page.locator(".hm-fight-result")).to_be_visible()
    screenshot(page, artifacts, "homm3-map-siege-result")
