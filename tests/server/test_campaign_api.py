"""Campaigns through the HTTP API (issue 26 §3 and Acceptance, docs/protocol.md "Campaigns"):
each scenario a hosted game, ``next`` after it, the card choice checked by the campaign's rules,
a lost scenario played again, the chain played to its end with a bot in the seat, and the
campaign read back after the server restarts. The games are the quick test campaign's (offered
as the operator's own), played by seeded random players, so no bot's strength matters."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth

from rulekeeper.core.agents import make_agent
from rulekeeper.server.app import create_app
from rulekeeper.server.bots import BotRunner
from rulekeeper.server.campaigns import Campaigns
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Lobby

pytestmark = pytest.mark.parametrize("url", ["sqlite"], indirect=True)
QUICK = Path(__file__).parents[1] / "games" / "homm3" / "campaigns_quick" / "quick.yaml"
"""Three short solo scenarios (tests/games/homm3/test_campaigns.py), offered by the operator."""


def until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    """Poll *check* until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.1)


@pytest.fixture
def served(lobby: Lobby) -> Iterator[TestClient]:
    """A server offering the shipped campaigns and the operator's quick one."""
    desk = Campaigns(lobby, {"homm3": [str(QUICK)]})
    with TestClient(create_app(lobby, campaigns=desk)) as test_client:
        yield test_client


def play_random(client: TestClient, lobby: Lobby, game: str, token: str, seed: int) -> bool:
    """Play seat 0 of *game* to its end through the API, each action the random bot's (seeded:
    the same game every run); whether it was won."""
    hosted = lobby.get(game)
    agent = make_agent("random", seed, hosted.state.game)
    while not hosted.state.is_terminal():
        action = agent.choose(hosted.state.clone(), 0)
        body = {"action": str(action), "version": hosted.version}
        done = client.post(f"/api/games/{game}/actions", json=body, headers=auth(token))
        assert done.status_code == 200, done.text
    return client.get(f"/api/games/{game}").json()["result"] == "Castle wins (victory)"


def test_the_catalog_offers_the_campaigns(served: TestClient) -> None:
    """docs/protocol.md Campaigns: the shipped campaigns, then the operator's (``serve
    --campaign``); a game without campaigns lists none."""
    games = {g["name"]: g for g in served.get("/api/catalog").json()["games"]}
    assert games["homm3"]["campaigns"] == ["demo", "quick"]
    assert games["battleground"]["campaigns"] == []


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"game": "homm3", "campaign": "nowhere", "seats": ["me"]}, "bad-request", "campaign"),
        ({"game": "homm3", "campaign": "/etc/passwd", "seats": ["me"]}, "bad-request", "campaign"),
        ({"game": "nogame", "campaign": "demo", "seats": ["me"]}, "unknown-game", "game"),
        ({"game": "battleground", "campaign": "demo", "seats": ["me"]}, "bad-request", "campaign"),
        ({"game": "homm3", "campaign": "demo", "seats": ["me", "me"]}, "bad-request", "seats"),
        ({"game": "homm3", "campaign": "demo", "seats": ["nobot"]}, "bad-request", "seats[0]"),
    ],
)
def test_a_bad_campaign_is_refused_and_nothing_is_hosted(
    served: TestClient, body: dict[str, Any], code: str, field: str
) -> None:
    """Standards (bad input): refused with the field, no game and no campaign left behind;
    a client never names a file of the server's machine."""
    refused = served.post("/api/campaigns", json=body)
    assert refused.status_code == 400, refused.text
    assert (refused.json()["code"], refused.json()["field"]) == (code, field)
    assert served.get("/api/campaigns").json() == []
    assert served.get("/api/games").json() == []


def test_the_demo_campaign_plays_a_lost_scenario_again(served: TestClient, lobby: Lobby) -> None:
    """Issue 26 §3 (campaign.tex: a lost scenario is played again; the first one set up again
    as the scenario says), through the API: the demo campaign's solo-1 lost by a random player,
    ``next`` hosts it again as attempt 2 with no carried hero."""
    made = served.post(
        "/api/campaigns", json={"game": "homm3", "campaign": "demo", "seats": ["me"], "seed": 2}
    ).json()
    campaign, game, token = made["id"], made["game"]["id"], made["game"]["seat_tokens"]["0"]
    assert play_random(served, lobby, game, token, 0) is False
    assert served.get(f"/api/campaigns/{campaign}", headers=auth(token)).json()["offer"] is None
    lost = served.post(f"/api/campaigns/{campaign}/next", json={"game": game}, headers=auth(token))
    assert lost.status_code == 200, lost.text
    progress = lost.json()["progress"]
    assert (progress["results"], progress["index"], progress["attempt"]) == (["lost"], 0, 2)
    assert lost.json()["heading"] == "The Demo Campaign: scenario 1 of 3 (solo-1, attempt 2)"
    again = lobby.get(lost.json()["game"]["id"]).state
    assert "carry" not in again.game.params and again.game.params["scenario"] == "solo-1"


def test_a_won_scenario_and_the_card_choice(served: TestClient, lobby: Lobby) -> None:
    """Issue 26 §3 (campaign.tex, Finishing a Scenario), through the API: ``next`` before the
    scenario's game is over is refused; after a won scenario the cards to choose from reach
    only the player, a choice of the wrong count is refused with the rule and changes nothing,
    and the kept cards are the next scenario's starting deck; ``next`` for a game that is not
    the campaign's is refused."""
    made = served.post(
        "/api/campaigns", json={"game": "homm3", "campaign": "quick", "seats": ["me"], "seed": 3}
    )
    assert made.status_code == 201, made.text
    campaign, admin = made.json()["id"], made.json()["admin_token"]
    game, token = made.json()["game"]["id"], made.json()["game"]["seat_tokens"]["0"]
    seen = served.get(f"/api/campaigns/{campaign}").json()
    assert (seen["status"], seen["current"], seen["games"]) == ("playing", game, [game])
    assert seen["heading"] == "The Quick Campaign: scenario 1 of 3 (quick-1)"
    assert served.get(f"/api/games/{game}").json()["campaign"] == campaign  # its way back
    early = served.post(f"/api/campaigns/{campaign}/next", json={"game": game}, headers=auth(token))
    assert (early.status_code, early.json()["field"]) == (409, "game")
    assert play_random(served, lobby, game, token, 0)  # quick-1 is won by random players
    public = served.get(f"/api/campaigns/{campaign}").json()
    assert (public["status"], public["offer"]) == ("scenario-over", None)  # a spectator
    offer = served.get(f"/api/campaigns/{campaign}", headers=auth(token)).json()["offer"]
    assert offer["keep"] == min(5, len(offer["choices"])) and offer["keep"] >= 2
    assert set(offer["auto"]) <= set(offer["choices"])
    stranger = served.post(f"/api/campaigns/{campaign}/next", json={"game": game})
    assert stranger.status_code == 403
    too_few = served.post(
        f"/api/campaigns/{campaign}/next",
        json={"game": game, "keep": offer["choices"][:1]},
        headers=auth(token),
    )
    assert too_few.status_code == 400 and too_few.json()["code"] == "illegal-action"
    assert too_few.json()["field"] == "keep" and "campaign.tex" in too_few.json()["rule"]
    assert served.get(f"/api/campaigns/{campaign}").json()["games"] == [game]
    keep = sorted(offer["choices"][-offer["keep"] :])
    moved = served.post(
        f"/api/campaigns/{campaign}/next", json={"game": game, "keep": keep}, headers=auth(admin)
    )
    assert moved.status_code == 200, moved.text
    after = moved.json()
    second = after["game"]["id"]
    assert after["progress"]["results"] == ["won"] and after["progress"]["index"] == 1
    assert after["heading"].startswith("The Quick Campaign: scenario 2 of 3 (quick-1)")
    assert (after["current"], after["games"]) == (second, [game, second])
    carried = lobby.get(second).state.game.params["carry"]
    assert set(keep) <= set(carried["deck"]) and carried["level"] == 1
    again = served.post(f"/api/campaigns/{campaign}/next", json={"game": game}, headers=auth(admin))
    assert again.status_code == 409 and again.json()["code"] == "stale-version"


def test_a_campaign_is_played_to_its_end_by_a_bot_and_outlives_the_server(
    served: TestClient, lobby: Lobby, url: str
) -> None:
    """Issue 26 Acceptance: a campaign played to its end through the API, a bot in the seat
    (``next`` without cards: the automatic pick); every game it played is kept in order, and a
    new server on the same database answers the same campaign."""
    bots = BotRunner(lobby, workers=1, pace=0.0)
    played = 0
    try:
        made = served.post(
            "/api/campaigns",
            json={"game": "homm3", "campaign": "quick", "seats": ["random"], "seed": 1},
        ).json()
        campaign, admin, game = made["id"], made["admin_token"], made["game"]["id"]
        while game is not None:
            assert played < 12, "the quick campaign should end in a few scenarios"
            until(lambda at=game: served.get(f"/api/games/{at}").json()["status"] == "finished")
            moved = served.post(
                f"/api/campaigns/{campaign}/next", json={"game": game}, headers=auth(admin)
            )
            assert moved.status_code == 200, moved.text
            game = moved.json()["game"]["id"] if moved.json()["game"] else None
            played += 1
    finally:
        bots.close()
    final = served.get(f"/api/campaigns/{campaign}").json()
    assert final["status"] == "finished" and final["current"] is None
    assert final["progress"]["results"].count("won") == 3 and len(final["games"]) == played
    assert final["summary"].startswith("The Quick Campaign: campaign won")
    again = Lobby(open_database(url))
    with TestClient(create_app(again, campaigns=Campaigns(again, {"homm3": [str(QUICK)]}))) as new:
        assert new.get(f"/api/campaigns/{campaign}").json() == final
        for game_id in final["games"]:  # every game still knows its campaign
            assert new.get(f"/api/games/{game_id}").json()["campaign"] == campaign
