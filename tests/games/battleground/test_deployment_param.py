"""The ``deployment`` parameter is never ignored (issue 20 §3; battleground.md §4: Standard Setup
deployment alternates from the first player; docs/rules.md, *Standard Setup deployment*).

The first-game map lists a fixed spot for every character of the First Game forces; a Standard
Setup game with exactly those forces and ``deployment: players`` (given, or by default) must still
let the players place their characters, alternating from the first player, while ``deployment:
map`` uses the map's spots."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core import Action, DataError, load_game
from rulekeeper.games.battleground.content.pack import load_content_pack
from rulekeeper.games.battleground.game import BattlegroundState

PACK = load_content_pack()


def first_game_forces() -> list[dict[str, Any]]:
    """The First Game forces written as Standard Setup forces (every one has a map spot)."""
    forces: list[dict[str, Any]] = []
    for side in PACK.setups.first_game.sides:
        characters = [
            {"character": c.character, "weapons": list(c.weapons), "items": list(c.items)}
            for c in side.characters
        ]
        deck = [card for card, n in sorted(side.fate_deck.items()) for _ in range(n)]
        forces.append(
            {
                "faction": side.faction,
                "characters": characters,
                "fate_deck": deck,
                "glory": list(side.glory),
            }
        )
    return forces


def new_state(**params: Any) -> BattlegroundState:
    """A game on the first-game map, with the First Game forces, before the roll-off."""
    if params.get("setup") == "standard":
        params["forces"] = first_game_forces()
    game = load_game("battleground", map="first-game", **params)
    state = game.new_initial_state(seed=5)
    assert isinstance(state, BattlegroundState)
    return state


def choose_first(state: BattlegroundState, first: int) -> None:
    """Roll-off won by player 0, who names *first* the first player."""
    state.apply_action(Action.of("roll", face=6))
    state.apply_action(Action.of("roll", face=1))
    state.apply_action(Action.of("first-player", player=first))


def deploy_all(state: BattlegroundState) -> list[int]:
    """Play the deployment out (first offer each time); the seats that deployed, in order."""
    order: list[int] = []
    while state.flow.steps and state.flow.steps[-1].kind in ("deploy", "face"):
        seat = state.current_player()
        action = state.legal_actions(seat)[0]
        if action.kind == "deploy":
            order.append(seat)
        state.apply_action(action, seat)
    return order


@pytest.mark.parametrize("given", [{"deployment": "players"}, {}], ids=["explicit", "default"])
@pytest.mark.parametrize("first", [0, 1])
def test_players_deploy_even_when_the_map_has_every_spot(given: dict[str, Any], first: int) -> None:
    """Issue 20 §3 (battleground.md §4, docs/rules.md Standard Setup deployment): with
    ``deployment: players`` nobody stands on the map before the roll-off, however many spots
    the map lists; then the players place one character each in turn, first player first, each
    in its own zone."""
    state = new_state(setup="standard", **given)
    assert state.fighters == {}
    assert [len(state.placing[p]) for p in (0, 1)] == [3, 3]
    choose_first(state, first)
    order = deploy_all(state)
    assert order == [first, 1 - first] * 3
    assert len(state.fighters) == 6
    for fighter in state.fighters.values():
        assert fighter.position.hex in state.field.zones[fighter.owner], fighter.id


def test_first_game_setup_with_players_deployment_is_honoured() -> None:
    """Issue 20 §3 (never ignore a parameter): the First Game forces with an explicit
    ``deployment: players`` are placed by the players too, not at the map's spots."""
    state = new_state(setup="first-game", deployment="players")
    assert state.fighters == {}
    choose_first(state, 1)
    assert deploy_all(state) == [1, 0] * 3


def test_map_deployment_still_uses_the_map_spots() -> None:
    """First Game Setup (battleground.md §1, maps.md ``deployments``): ``deployment: map`` puts
    every character on its fixed spot before the roll-off."""
    state = new_state(setup="standard", deployment="map")
    spots = {d.character: (d.at[0], d.at[1]) for d in state.field.data.deployments}
    assert {f.id: (f.q, f.r) for f in state.fighters.values()} == spots


def test_map_deployment_without_spots_is_refused_in_the_standard_setup() -> None:
    """Issue 20 §3 (a parameter is never ignored; maps.md ``deployments``): the standard setup
    with ``deployment: map`` on a map that has no spots for its characters is refused, naming
    the parameter, instead of silently deploying in the zones."""
    game = load_game(
        "battleground",
        map="twin-towers",
        setup="standard",
        forces=first_game_forces(),
        deployment="map",
    )
    with pytest.raises(DataError, match="deployment") as refused:
        game.new_initial_state(seed=1)
    assert "he-man" in str(refused.value)


def test_map_deployment_without_spots_is_refused_in_the_first_game_setup_too() -> None:
    """Issue 20 §3 (a parameter is never ignored; maps.md ``deployments``): the First Game Setup
    with an explicit ``deployment: map`` on a map without the spots is refused, naming the
    parameter; left out, the default on such a map is ``zones`` and says so in the parameters."""
    asked = load_game("battleground", map="twin-towers", setup="first-game", deployment="map")
    with pytest.raises(DataError, match="deployment"):
        asked.new_initial_state(seed=1)
    default = load_game("battleground", map="twin-towers", setup="first-game")
    assert default.params["deployment"] == "zones"
    assert default.new_initial_state(seed=1).fighters
    assert load_game("battleground", map="first-game").params["deployment"] == "map"
