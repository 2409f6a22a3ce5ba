"""The HoMM3 combat board in the browser (issue 23 §1): a whole shipped hero battle clicked to
its end with every attack's shown odds checked against ``state.odds`` for the whole action, a
siege with a breach, a card played in an instant window, and the spectator and replay views
drawn by the same board. Every page's console errors fail the test (conftest ``new_page``)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

from browser_helpers import screenshot, version
from browser_live import LiveServer
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rulekeeper.games.homm3.glossary import GLOSSARY
from rulekeeper.games.homm3.views.odds import percent
from rulekeeper.server.hosted import parse_action

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
STALL_MS = 8_000
GRAVE = ("surrender", "retreat", "flee")
KEEP_CARDS = ("play", "cast", "morale-draw", "morale-cycle")
"""Actions the API driver leaves alone, to keep the cards for the instant window."""

MINE_OR_OVER = """() => {
    const app = document.getElementById("app");
    if (app.dataset.status === "finished") return "finished";
    const who = document.querySelector(".game-head .who");
    const mine = who && who.textContent.includes("your decision");
    return mine && document.querySelector(".h3-grid") ? "mine" : false;
}"""
"""The game is over, or ours to decide with the board drawn."""

CONTROLS = [
    ("confirm", ".h3-decision button.confirm"),
    ("list", ".h3-decision .buttons.column > button"),
    ("attack", ".h3-unit.clickable.k-attack"),
    ("breach", ".h3-field.reach.k-breach"),
    ("field", ".h3-field.reach"),
    ("unit", ".h3-unit.clickable"),
    ("button", ".h3-buttons > button:not(.danger)"),
]
"""What the clicking player uses, in this order: confirm the attack shown with its odds; the
first of a list of choices; an enemy to attack; a wall to break; a highlighted field (place,
move, gate); a ringed unit (which activates); the first button that does not end the battle
(defend, end, pass, done)."""

ANY_CONTROL = """(selectors) => document.getElementById("app").dataset.status === "finished"
    || selectors.some((s) => [...document.querySelectorAll(s)].some((e) => e.checkVisibility()))"""

SETTLED = """([version, before]) => {
    const app = document.getElementById("app");
    const decision = document.querySelector(".h3-decision");
    return app.dataset.version !== version || (decision ? decision.textContent : "") !== before;
}"""


def shown(row: Locator) -> dict[str, str]:
    """The percentages an odds row of the board shows, by outcome (its data-value)."""
    found: dict[str, str] = {}
    for odd in row.locator(".odd").all():
        value = odd.get_attribute("data-value") or ""
        found[value] = (odd.text_content() or "").rsplit(" ", 1)[-1]
    return found


def expected(distribution: dict[str, float]) -> dict[str, str]:
    return {key: percent(p) for key, p in distribution.items() if p > 0}


def check_odds(page: Page, server: LiveServer, game_id: str, seat: int) -> str:
    """The odds the board shows before an attack are ``state.odds`` of that action, the whole
    action: the damage in all, the target's fate, each attack it brings (a second attack, the
    retaliation) and the attacker's fate, in percentages as both clients write them
    (views/odds.py ``percent``: "33%", "<1%"). Answers the action."""
    action = page.locator(".h3-pending").get_attribute("data-action") or ""
    table = page.locator(".h3-odds")
    expect(table).to_be_visible()
    hosted = server.lobby.get(game_id)
    with hosted.lock:
        odds = hosted.state.odds(parse_action(action), seat)
    assert odds is not None, action
    assert shown(table.locator("tr.o-damage")) == expected(odds["damage"]), action
    assert shown(table.locator("tr.o-outcome")) == expected(odds["outcome"]), action
    assert shown(table.locator("tr.o-attacker")) == expected(odds["attacker_outcome"]), action
    rows = table.locator("tr.o-attack")
    assert rows.count() == len(odds["attacks"]), action
    for index, attack in enumerate(odds["attacks"]):
        row = rows.nth(index)
        assert shown(row) == expected(attack["damage"]), (action, attack)
        if attack["probability"] < 0.99995:
            expect(row.locator("th")).to_contain_text(percent(attack["probability"]))
    return action


def control(page: Page, order: list[tuple[str, str]]) -> tuple[str, Locator] | None:
    for name, selector in order:
        visible = page.locator(selector).filter(visible=True)
        if visible.count():
            return name, visible.first
    return None


def click(page: Page, target: Locator, timeout: float | None = None) -> bool:
    """Click, then wait for its effect: a new view, or the decision panel changed. With a
    *timeout* (ms), a target that is gone by then (a newer view came) is no click: False."""
    decision = page.locator(".h3-decision")
    before = [version(page), decision.text_content() if decision.count() else ""]
    try:
        target.click(timeout=timeout)
    except PlaywrightTimeout:
        if timeout is None:
            raise
        return False
    page.wait_for_function(SETTLED, arg=before)
    return True


def play(
    page: Page,
    server: LiveServer,
    game_id: str,
    seat: int,
    seconds: float,
    until: Any = None,
    order: list[tuple[str, str]] = CONTROLS,
    others: Any = None,
) -> dict[str, Any]:
    """Click the page's seat through the battle (*order*) until it ends or *until(page)*
    holds, *others()* playing the other seats meanwhile; every attack's odds are checked
    before it is confirmed. Answers the controls used and the attacks checked."""
    used: dict[str, int] = {}
    checked: list[str] = []
    deadline = time.monotonic() + seconds
    selectors = [selector for _, selector in order]
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        assert left_ms > 0, f"the battle did not end in {seconds} s (controls used: {used})"
        if others is not None:
            others()
        try:
            status = page.wait_for_function(MINE_OR_OVER, timeout=min(left_ms, 2000)).json_value()
        except PlaywrightTimeout:
            continue
        if status == "finished" or (until is not None and until(page)):
            return {"used": used, "checked": checked}
        try:
            page.wait_for_function(ANY_CONTROL, arg=selectors, timeout=STALL_MS)
        except PlaywrightTimeout:
            legal = server.api("GET", f"/api/games/{game_id}")
            message = f"a decision with nothing to click (status {legal['status']})"
            raise AssertionError(message) from None
        found = control(page, order)
        if found is None:
            continue
        name, target = found
        if name == "confirm" and page.locator(".h3-pending").get_attribute("data-kind") == "attack":
            checked.append(check_odds(page, server, game_id, seat))
        if click(page, target, timeout=3000):  # else a newer view came: look again
            used[name] = used.get(name, 0) + 1


def test_a_hero_battle_clicked_to_its_end_with_the_odds_of_each_attack(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """issue 23 §1: the shipped hero battle played to its end by clicking the board against the
    greedy bot: units placed on highlighted fields, moved, attacks chosen on the enemy with the
    exact odds of the whole action shown (checked against state.odds) before confirming; the
    unit cards show their statistics; the replay and a spectator see the same board."""
    made = live_server.create(
        "homm3-combat", ["me", "greedy"], params={"battle": "hero-battle"}, seed=7
    )
    game_id, token = made["id"], made["seat_tokens"]["0"]
    page = new_page()
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".h3-grid .h3-field")).to_have_count(20)
    # the attacker's lines at the bottom for the attacker's seat
    labels = page.locator(".h3-line-label")
    expect(labels.first).to_contain_text("defender's back line")
    expect(labels.last).to_contain_text("attacker's back line")
    screenshot(page, artifacts, "homm3-hero-battle-deploy")
    found = play(page, live_server, game_id, 0, seconds=150)
    assert found["used"].get("field", 0) >= 5, found  # five units placed by clicking fields
    assert found["checked"], f"no attack was made by clicking: {found}"
    expect(page.locator(".h3-prompt .h3-result")).to_be_visible()
    if " rounds" not in page.locator(".h3-prompt .h3-result").inner_text():
        # ended by a last blow (the clicks' timing may instead run it to the round limit): the
        # blow in place on the field its target stood on, and under the board
        expect(page.locator(".h3-grid .h3-flash").last).to_contain_text("destroyed")
        expect(page.locator(".h3-results")).to_contain_text("destroyed")
    screenshot(page, artifacts, "homm3-hero-battle-end")
    # a unit card in words, from a click on the unit
    page.locator(".h3-grid .h3-unit").first.click()
    expect(page.locator(".h3-card .h3-details")).to_contain_text(re.compile(r"Attack \d+, Defence"))
    # a spectator sees the same board, without a hand or choices
    spectator = new_page()
    spectator.goto(live_server.game_link(game_id))
    expect(spectator.locator(".h3-grid .h3-field")).to_have_count(20)
    expect(spectator.locator(".h3-prompt .h3-result")).to_be_visible()
    expect(spectator.locator(".h3-cardface")).to_have_count(0)
    expect(spectator.locator(".h3-buttons")).to_have_count(0)
    # the replay draws each step with the same board
    spectator.goto(f"{live_server.url}/#/replay/{game_id}?at=12")
    expect(spectator.locator(".h3-grid .h3-field")).to_have_count(20)
    expect(spectator.locator(".h3-grid .h3-unit").first).to_be_visible()
    expect(spectator.locator(".h3-decision")).not_to_contain_text("over")  # as it stood then
    screenshot(spectator, artifacts, "homm3-hero-battle-replay")


def drive_defender(server: LiveServer, game_id: str, token: str) -> None:
    """The defender's seat plays through the API while it is to act: the Gate on its first
    field, its units on their fields, then each activation ends (defend or end)."""
    for _ in range(200):
        view = server.api("GET", f"/api/games/{game_id}", token=token)
        if 1 not in view["to_act"] or not view["legal"]:
            return
        legal = [e for e in view["legal"] if e["kind"] not in GRAVE]
        preferred = [e for e in legal if e["kind"] in ("gate", "place", "defend")] or legal
        server.api(
            "POST",
            f"/api/games/{game_id}/actions",
            {"action": preferred[0]["action"], "version": view["version"]},
            token=token,
        )


def test_a_siege_with_a_breach(live_server: LiveServer, page: Page, artifacts: Path) -> None:
    """issue 23 §1: the shipped siege drawn as the table looks (the middle row's Walls and Gate,
    the Arrow Tower beside the board); the attacker breaks a wall by clicking it and the board
    shows it breached; the words on the cards have the glossary's definitions on hover (§2.4).
    The screenshot of the siege in progress is the README's (RULEKEEPER_DOCS_IMAGES=1 rewrites
    docs/images/homm3-siege.png)."""
    made = live_server.create("homm3-combat", ["me", "me"], params={"battle": "siege"}, seed=4)
    game_id = made["id"]
    attacker, defender = made["seat_tokens"]["0"], made["seat_tokens"]["1"]
    page.goto(live_server.game_link(game_id, attacker))
    expect(page.locator(".h3-grid .h3-field")).to_have_count(20)
    expect(page.locator(".h3-tower .h3-unit")).to_contain_text("Arrow Tower")
    breaches = page.locator(".h3-field.breached")
    order = [CONTROLS[0], CONTROLS[1], ("breach", ".h3-field.reach.k-breach"), *CONTROLS[4:]]
    found = play(
        page,
        live_server,
        game_id,
        0,
        seconds=90,
        until=lambda page: breaches.count() > 0,
        order=order,
        others=lambda: drive_defender(live_server, game_id, defender),
    )
    assert found["used"].get("breach"), found
    # the result in place for a moment (and in the list under the board)
    expect(page.locator(".h3-field.breached .h3-flash")).to_contain_text("breached")
    expect(page.locator(".h3-results")).to_contain_text("break the Wall")
    expect(breaches.first).to_contain_text("breached")
    # the middle row: three Walls and the Gate the defender set
    expect(page.locator(".h3-grid .h3-field.work-wall")).to_have_count(3)
    expect(page.locator(".h3-grid .h3-field.work-gate")).to_have_count(1)
    page.wait_for_timeout(4000)  # the results shown in place fade
    page.locator('.h3-grid .h3-unit[data-unit="griffins"]').click()  # an enemy's card, read
    expect(page.locator(".h3-card .h3-details")).to_contain_text("Griffins")
    # the glossary's definitions on hover (issue 23 §2.4): the ability's, the face's
    definitions = {entry["term"]: entry["text"] for entry in GLOSSARY.to_json()}
    griffins = page.locator('.h3-grid .h3-unit[data-unit="griffins"]')
    ability = griffins.locator(".h3-ability").first
    expect(ability).to_have_attribute(
        "title", re.compile(re.escape(definitions["Unlimited retaliation"]))
    )
    printed = page.locator(".h3-card .h3-card-text")
    printed.locator("summary").click()  # the printed card, both sides, in words
    expect(printed.locator("pre")).to_contain_text("Pack side: Attack")
    face = griffins.locator(".h3-face")
    expect(face).to_have_attribute("title", re.compile(re.escape(definitions["Few"])))
    screenshot(page, artifacts, "homm3-siege")
    if os.environ.get("RULEKEEPER_DOCS_IMAGES") == "1":  # rerun to refresh the README's image
        page.screenshot(path=str(IMAGES / "homm3-siege.png"))


def test_a_card_played_in_an_instant_window(
    live_server: LiveServer, new_page: Any, artifacts: Path
) -> None:
    """issue 23 §1: when an Instant may be played, the board says so ("Play an Instant or
    pass"), the cards playable now are highlighted in the hand with the units they may be
    played on, a card's targets are ringed on the board, and a click on a target plays it. A
    spectator sees the hero's hand as a count, no card faces."""
    page = new_page()
    made = live_server.create("homm3-combat", ["me"], params={"battle": "solo-ai-hero"}, seed=1)
    game_id, token = made["id"], made["seat_tokens"]["0"]
    for _ in range(60):  # through the API to the first instant window with a card to play
        view = live_server.api("GET", f"/api/games/{game_id}", token=token)
        kinds = {e["kind"] for e in view["legal"]}
        if "play" in kinds and view["board"]["combat"]["decision"]["window"]:
            break
        legal = [e for e in view["legal"] if e["kind"] not in GRAVE]
        legal = [
            e for e in legal if e["kind"] not in ("play", "cast", "morale-draw", "morale-cycle")
        ]
        pick = (
            [e for e in legal if e["kind"] == "attack"]
            or [e for e in legal if e["kind"] == "move"]
            or legal
        )
        live_server.api(
            "POST",
            f"/api/games/{game_id}/actions",
            {"action": pick[0]["action"], "version": view["version"]},
            token=token,
        )
    else:
        raise AssertionError("no instant window came")
    page.goto(live_server.game_link(game_id, token))
    expect(page.locator(".h3-ask.window")).to_contain_text("Play an Instant or pass")
    playable = page.locator(".h3-hand .h3-cardface.playable")
    expect(playable.first).to_be_visible()
    expect(playable.first.locator(".h3-targets")).to_contain_text("Halberdiers")
    before = page.locator(".h3-hand .h3-cardface").count()
    card = playable.first.get_attribute("data-card")
    screenshot(page, artifacts, "homm3-instant-window")
    playable.first.locator("button").click()
    targets = page.locator(".h3-unit.clickable.k-play")
    if targets.count():
        click(page, targets.first)
    ways = page.locator(".h3-decision .buttons.column > button")
    if ways.count():  # a list of ways to play it there (basic or expert): the first
        expect(ways.first).to_contain_text("play")
        click(page, ways.first)
    expect(page.locator(".h3-hand .h3-cardface")).to_have_count(before - 1)
    log = page.locator(".panel.log")
    expect(log).to_contain_text(re.compile("play|plays|played", re.IGNORECASE))
    assert card
    spectator = new_page()
    spectator.goto(live_server.game_link(game_id))
    expect(spectator.locator('.h3-hero[data-side="0"] .hand-count')).to_have_text(
        f"hand {before - 1}"
    )
    expect(spectator.locator(".h3-cardface")).to_have_count(0)


EMBED = """async ([view]) => {
    const module = await import("/plugins/homm3/homm3.js");
    const box = document.createElement("div");
    box.id = "embedded-fight";
    document.body.append(box);
    const ctx = {
        view,
        act: () => {},
        odds: async () => ({ odds: null }),
        renderLog: (element) => { element.textContent = "log"; },
        confirm: async () => false,
        toast: () => {},
    };
    module.drawCombat(box, module.combatOf(view.board), ctx, view, { log: false });
    return box.querySelectorAll(".h3-grid .h3-field").length;
}"""
"""A map board's fight: the combat drawn into an element of its own from a view's board."""


def test_the_combat_board_draws_a_fight_inside_another_board(
    live_server: LiveServer, page: Page
) -> None:
    """issue 23 §1 (for issues 24-25): the combat is a sub-procedure, and its board script
    exports what draws a fight into any element from the combat part of a view
    (``drawCombat``, ``combatOf``), as the map game's board will for its fights."""
    made = live_server.create("homm3-combat", ["me", "me"], params={"battle": "siege"}, seed=4)
    token = made["seat_tokens"]["0"]
    view = live_server.api("GET", f"/api/games/{made['id']}", token=token)
    view["board"]["grid"] = live_server.api("GET", f"/api/games/{made['id']}/map")["grid"]
    page.goto(live_server.url + "/")
    assert page.evaluate(EMBED, [view]) == 20
    fight = page.locator("#embedded-fight")
    expect(fight.locator(".h3-tower .h3-unit")).to_contain_text("Arrow Tower")
    expect(fight.locator(".h3-field.reach").first).to_be_visible()  # the seat's placements
    expect(fight.locator(".panel.log")).to_have_count(0)  # the map board shows its own log
