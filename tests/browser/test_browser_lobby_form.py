"""The lobby's new-game form built from the games' declarations (issue 22 §3): one input per
declared parameter (``param-<name>``): a select for choices and shipped files, a number with
its bounds, file parameters without shipped files left out; the bots offered are the game's
own; a HoMM3 battle chosen from the form is the one played."""

from __future__ import annotations

import re

from browser_live import LiveServer
from playwright.sync_api import Page, expect


def options(page: Page, selector: str) -> list[str]:
    """The values of a select's options, in order."""
    found: list[str] = page.locator(f"{selector} option").evaluate_all(
        "(nodes) => nodes.map((n) => n.value)"
    )
    return found


def test_the_form_follows_each_games_declaration(live_server: LiveServer, page: Page) -> None:
    catalog = live_server.api("GET", "/api/catalog")
    games = {game["name"]: game for game in catalog["games"]}
    page.goto(live_server.url + "/")
    page.select_option("#new-game", "battleground")
    declared = {param["name"]: param for param in games["battleground"]["params"]}
    assert options(page, "#param-map") == declared["map"]["shipped"]
    expect(page.locator("#param-map")).to_have_value("first-game")
    rounds = page.locator("#param-rounds")
    expect(rounds).to_have_attribute("type", "number")
    expect(rounds).to_have_attribute("min", "1")
    expect(rounds).to_have_attribute("max", "10")
    expect(rounds).to_have_value("4")
    assert options(page, "#param-setup") == ["first-game", "standard"]
    assert options(page, "#param-deployment") == ["", "map", "zones", "players"]
    expect(page.locator("#param-deployment")).to_have_value("")  # "the default"
    for name in ("forces", "content", "position"):  # files given only as data
        expect(page.locator(f"#param-{name}")).to_have_count(0)
    bots = options(page, "#seat-1")  # issue 23 §2.11: each seat a list (was a typed spec)
    assert "legacy" in bots and "mcts@1" in bots

    page.select_option("#new-game", "homm3-combat")
    expect(page.locator("#param-map")).to_have_count(0)
    battles = games["homm3-combat"]["params"][0]["shipped"]
    assert options(page, "#param-battle") == ["", *battles]
    expect(page.locator("#param-battle")).to_have_value("")
    assert "legacy" not in options(page, "#seat-1")  # no Battleground bot for HoMM3

    page.select_option("#param-battle", "siege")
    page.select_option("#seat-1", "me")
    page.fill("#new-title", "A siege from the form")
    page.get_by_role("button", name="Create and play").click()
    expect(page).to_have_url(re.compile(r"#/game/g-[0-9a-f]+\?token=."))
    expect(page.locator(".game-head .who")).to_contain_text("you are seat 0")
    game_id = page.url.split("#/game/")[1].split("?")[0]
    hosted = live_server.lobby.get(game_id)
    assert hosted.game_name == "homm3-combat"
    siege = live_server.api(
        "POST",
        "/api/games",
        {"game": "homm3-combat", "seats": ["me", "me"], "params": {"battle": "siege"}, "seed": 1},
    )
    assert hosted.state.game.params == live_server.lobby.get(siege["id"]).state.game.params


def test_issue23_seat_lists_and_described_battles(live_server: LiveServer, page: Page) -> None:
    """issue 23 §2.11: each seat is a list (you, open, each bot the game declares with its
    levels: no other game's bot); the shipped battles and maps are listed by their titles with
    their player counts and described; the seats follow the battle's player count; the
    first-game map is Battleground's default."""
    catalog = live_server.api("GET", "/api/catalog")
    games = {game["name"]: game for game in catalog["games"]}
    page.goto(live_server.url + "/")
    page.select_option("#new-game", "battleground")
    expect(page.locator("#param-map")).to_have_value("first-game")
    expect(page.locator("#param-map option:checked")).to_contain_text("the default")
    expect(page.locator("#param-map-about")).to_contain_text("first game")
    setup = next(p for p in games["battleground"]["params"] if p["name"] == "setup")
    expect(page.locator("#param-setup-about")).to_contain_text(setup["help"])  # the scenarios
    specs = options(page, "#seat-1")
    levels = [f"mcts@{level}" for level in catalog["levels"]]
    assert specs == ["me", "open", "random", "greedy", *levels, "legacy"]
    expect(page.locator("#seat-0")).to_have_value("me")
    expect(page.locator("#seat-1")).to_have_value("mcts@1")
    expect(page.locator("#seat-1 option[value='mcts@3']")).to_have_text(re.compile("level 3"))
    expect(page.locator("#seat-1 option[value=legacy]")).to_contain_text("own bot")

    page.select_option("#new-game", "homm3-combat")
    assert options(page, "#seat-0") == ["me", "open", "random", "greedy", *levels]
    battles = {file["name"]: file for file in games["homm3-combat"]["files"]["battle"]}
    assert {"hero-battle", "siege", "neutral-fight"} <= set(battles)
    for name, file in battles.items():
        players = "1 player" if file["players"] == 1 else f"{file['players']} players"
        option = page.locator(f"#param-battle option[value='{name}']")
        expect(option).to_have_text(f"{file['title']} ({players})")
        assert file["description"], name
    assert battles["neutral-fight"]["players"] == 1 and battles["siege"]["players"] == 2
    expect(page.locator(".seats select")).to_have_count(2)  # the default: the hero battle
    page.select_option("#param-battle", "neutral-fight")
    expect(page.locator("#param-battle-about")).to_contain_text(
        battles["neutral-fight"]["description"]
    )
    expect(page.locator(".seats select")).to_have_count(1)  # a solo battle: one seat
    expect(page.locator("#seat-help")).to_contain_text("1 player")
    page.get_by_role("button", name="Create and play").click()
    expect(page).to_have_url(re.compile(r"#/game/g-[0-9a-f]+\?token=."))
    game_id = page.url.split("#/game/")[1].split("?")[0]
    hosted = live_server.lobby.get(game_id)
    assert hosted.game_name == "homm3-combat" and len(hosted.seats) == 1
