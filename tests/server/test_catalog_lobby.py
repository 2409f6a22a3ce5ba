"""What the catalog tells the lobby's form (issue 23 §2.11): each seat's choices (a person, an
open seat, each bot the game declares with its levels, no other game's bot), the shipped
battles and maps in words (title, what it is, how many players) and the seats of a game with
its defaults; all from the declarations and the shipped files, no game named in the server."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.agents import BUILT_IN
from rulekeeper.core.mcts import LEVELS
from rulekeeper.core.registry import game_info
from rulekeeper.server.catalog import catalog, seat_choices, shipped_files_in_words


def entries() -> dict[str, dict[str, Any]]:
    return {game["name"]: game for game in catalog()["games"]}


def test_issue23_seat_choices_are_the_games_own_with_levels() -> None:
    games = entries()
    levels = [f"mcts@{level}" for level in sorted(LEVELS)]
    plain = [name for name in BUILT_IN if name != "mcts"]
    for name, own in [("battleground", ["legacy"]), ("homm3-combat", [])]:
        specs = [choice["spec"] for choice in games[name]["seat_choices"]]
        assert specs == ["me", "open", *plain, *levels, *own], name
        assert all(choice["text"] for choice in games[name]["seat_choices"])
    words = {c["spec"]: c["text"] for c in seat_choices(game_info("battleground"))}
    assert "level 2" in words["mcts@2"] and "own bot" in words["legacy"]
    assert "legacy" not in {c["spec"] for c in games["homm3-combat"]["seat_choices"]}


def test_issue23_shipped_battles_and_maps_in_words() -> None:
    """Each shipped HoMM3 battle: its title, what it is (the file's opening comment, without
    the rules document's section numbers) and its player count, the same as a game on it has;
    Battleground's maps by their own title and description, for two players."""
    info = game_info("homm3-combat")
    battle = info.param("battle")
    assert battle is not None
    files, players = shipped_files_in_words("homm3-combat")
    listed = {file["name"]: file for file in files["battle"]}
    assert set(listed) == set(battle.shipped_files())
    for name, file in listed.items():
        game = info.game_class()(battle=battle.shipped_value(name))
        assert file["players"] == game.num_players, name
        assert file["title"] and file["description"], name
        assert ".md" not in file["description"], name
    assert listed["neutral-fight"]["players"] == 1 and listed["siege"]["players"] == 2
    assert listed["hero-battle"]["title"] == "Hero battle"
    assert "siege" in listed["siege"]["description"].lower()
    assert players == info.game_class()().num_players == 2  # the default: the hero battle
    maps, two = shipped_files_in_words("battleground")
    titles = {file["name"]: file for file in maps["map"]}
    assert titles["crossroads"]["title"] == "Crossroads"
    assert "first game" in titles["first-game"]["title"]
    assert all(file["players"] == 2 and file["description"] for file in maps["map"])
    assert two == 2
    games = entries()
    assert games["homm3-combat"]["files"] == files
    assert games["homm3-combat"]["default_players"] == 2
    assert games["battleground"]["params"][0]["default"] == "first-game"
