"""The ``homm3-position`` format (issue 24 §3 second bullet; docs/homm3-positions.md): written
at random points of random games and read back to the same legal actions, observations and
position, a fight included; hand-written positions with their defaults; every broken position
refused naming its field; the command line (show, check, play --position)."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core import DataError, PositionError, load_game
from rulekeeper.games.homm3.map import position, position_cli
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import Player

SCHEMA = json.loads(
    (resources.files("rulekeeper.games.homm3.map") / "homm3-position.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
runner = CliRunner()

HAND_WRITTEN: dict[str, Any] = {
    "format": "homm3-position",
    "version": 1,
    "round": 2,
    "players": [{"faction": "castle", "resources": {"gold": 10}}, {"faction": "dungeon"}],
    "towns": [
        {"faction": "castle", "field": "-5,1", "seat": 0, "owner": 0},
        {"faction": "dungeon", "field": "5,-1", "seat": 1, "owner": 1},
    ],
    "tiles": [{"tile": "S3", "at": "-5,1"}, {"tile": "S2", "at": "5,-1"}],
    "face_down": [{"at": "-2,-1", "tile": "N3"}],
}


def play(state: Any, rng: random.Random) -> None:
    """One random action (a chance outcome at a chance node)."""
    seat = state.current_player()
    if state.is_chance_node():
        action = rng.choice([a for a, _ in state.chance_outcomes()])
    else:
        action = rng.choice(state.legal_actions(seat))
    state.apply_action(action, seat)


def same_table(state: Any, other: Any) -> None:
    """The same player to act, legal actions, observations and position."""
    seat = state.current_player()
    assert other.current_player() == seat
    if seat >= 0:
        assert other.legal_actions(seat) == state.legal_actions(seat)
    for viewer in range(state.num_players):
        assert other.observation(viewer) == state.observation(viewer)
    assert other.to_position() == state.to_position()


def sampled_positions(players: int, seed: int, count: int) -> list[tuple[Any, dict[str, Any]]]:
    """States at random points of a random game, each with its position."""
    scenario = "clash-2" if players == 2 else "clash-3"
    state = load_game("homm3", players=players, scenario=scenario).new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        for _ in range(rng.randrange(5, 40)):
            if state.is_terminal():
                break
            play(state, rng)
        out.append((state.clone(), state.to_position()))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4)])
def test_round_trip_at_random_points(players: int, seed: int) -> None:
    """Issue 24 §3: a position written at any point of a game is read back (with another
    seed) to the same legal actions, observations and position; it is JSON, valid by the
    schema."""
    for state, doc in sampled_positions(players, seed, 6):
        json.dumps(doc)
        VALIDATOR.validate(doc)
        other = load_game("homm3", position=doc).new_initial_state(seed + 100)
        same_table(state, other)


def test_a_position_in_a_fight_continues_the_fight() -> None:
    """Issue 24 §3: a position in the middle of a fight nests the battle as a battle file with
    its seating; read back, the fight goes on (its actions, then its result on the map)."""
    state = load_game("homm3", players=2).new_initial_state(3)
    rng = random.Random(3)
    while state.battle is None:
        play(state, rng)
    for _ in range(4):
        play(state, rng)
    assert state.battle is not None
    doc = state.to_position()
    assert doc["battle"]["format"] == "homm3-battle" and doc["battle"]["pending"]
    assert doc["procedure"][-1]["kind"] == "fight" and doc["seating"]["seats"]
    other = load_game("homm3", position=doc).new_initial_state(1)
    same_table(state, other)
    assert isinstance(other, MapState) and other.battle is not None
    assert any(line.startswith("Fight, round") for line in position_cli.board_lines(other))
    for _ in range(400):
        if other.battle is None:
            break
        play(other, rng)
    assert other.battle is None  # the fight ended and the map game took its result


def test_every_state_field_has_its_place() -> None:
    """Issue 24 §3: the position holds the whole state: each field of the map state and of a
    player's board has its field in the format and in the schema (a new one fails here)."""
    state_fields = set(MapState.fieldset().names)
    written = {
        "tiles": "placements",
        "face_down": "face_down",
        "battle": "battle",
    }
    covered = {written.get(name, name) for name in position.STATE_FIELDS}
    covered |= {"difficulty", "tiles_down"}  # difficulty: a game field; tiles_down: face_down
    assert state_fields <= covered, state_fields - covered
    assert set(SCHEMA["properties"]) == set(position.TOP_FIELDS)
    board = {f.name for f in dataclasses.fields(Player)} - {"seat"}
    assert set(SCHEMA["properties"]["players"]["items"]["properties"]) == board


def test_hand_written_position_takes_the_defaults() -> None:
    """docs/homm3-positions.md defaults: each Main Hero on its town with 3 MP (homm3.md
    §5.2), its starting deck shuffled by the seed (§3), every shared card not elsewhere in
    its deck, the first turn of the round about to start (its hand refresh, §4.3)."""
    state = load_game("homm3", position=HAND_WRITTEN).new_initial_state(7)
    assert isinstance(state, MapState)
    assert [(h.id, h.field, h.mp) for h in state.heroes] == [
        ("catherine", "-5,1", 3),
        ("alamar", "5,-1", 3),
    ]
    assert state.round == 2 and state.players[0].resources.get("gold") == 10
    assert [s.kind for s in state.flow.steps][:3] == ["homm3-game", "round", "turn"]
    assert state.current_player() == 0
    pack = state.game.pack
    held = sum(len(p.hand) + len(p.deck) + len(p.discard) for p in state.players)
    assert held == 18
    assert len(state.decks["astrologers"]) == sum(c.copies for c in pack.astrologers.values())
    again = load_game("homm3", position=HAND_WRITTEN).new_initial_state(8)
    assert again.decks["spell"] != state.decks["spell"]  # the seed shuffles what is not given
    assert sorted(again.decks["spell"]) == sorted(state.decks["spell"])


def test_a_game_from_a_position_saves_and_says_its_position() -> None:
    """docs/positions.md: a game started from a position keeps it among its parameters, so
    its saves read back; a parameter beside the position must agree with it."""
    game = load_game("homm3", position=HAND_WRITTEN)
    state = game.new_initial_state(3)
    assert game.params["position"] == HAND_WRITTEN
    assert game.deserialize_state(state.serialize()).serialize() == state.serialize()
    again = load_game("homm3", **game.params)  # a save's or a replay's game, made again
    assert again.new_initial_state(3).serialize() == state.serialize()
    assert load_game("homm3", position=HAND_WRITTEN, difficulty="hard").difficulty == "hard"
    with pytest.raises(PositionError) as caught:
        load_game("homm3", position=HAND_WRITTEN, players=3)
    assert caught.value.field == "players"


def broken(edit: Any) -> dict[str, Any]:
    doc = copy.deepcopy(HAND_WRITTEN)
    edit(doc)
    return doc


def _set(path: str, value: Any) -> Any:
    """An edit setting *path* (dots and list indexes) to *value*; None deletes it."""

    def edit(doc: dict[str, Any]) -> None:
        *parts, last = path.split(".")
        target: Any = doc
        for part in parts:
            target = target[int(part)] if part.isdigit() else target[part]
        key: Any = int(last) if last.isdigit() else last
        if value is None:
            del target[key]
        else:
            target[key] = value

    return edit


BROKEN = [
    ("format", _set("format", "homm3-battle"), "format"),
    ("version", _set("version", 2), "version"),
    ("unknown field", _set("colour", "red"), "colour"),
    ("faction", _set("players.0.faction", "rampart"), "players[0].faction"),
    ("faction twice", _set("players.1.faction", "castle"), "players[1].faction"),
    ("hero of another faction", _set("players.0.hero", "alamar"), "players[0].hero"),
    ("negative gold", _set("players.0.resources", {"gold": -1}), "players[0].resources.gold"),
    ("level", _set("players.0.level", 9), "players[0].level"),
    ("turn order", _set("order", [0, 0]), "order"),
    ("no such scenario", _set("scenario", "clash-9"), "scenario"),
    ("scenario for 3", _set("scenario", "clash-3"), "players"),
    ("not a field", _set("tiles.0.at", "x"), "tiles[0].at"),
    ("not a slot", _set("tiles.1.at", "5,0"), "tiles[1].at"),
    ("tile twice", _set("face_down.0.tile", "S2"), "tiles"),
    ("unknown tile", _set("face_down.0.tile", "X9"), "face_down[0].tile"),
    ("town not on a Town field", _set("towns.0.field", "-4,1"), "towns[0].field"),
    ("unknown building", _set("towns.0.buildings", ["castle-forge"]), "towns[0].buildings[0]"),
    (
        "hero on a face-down tile",
        _set(
            "heroes",
            [{"id": "catherine", "seat": 0, "field": "-2,-1"}, {"id": "alamar", "seat": 1}],
        ),
        "heroes[0].field",
    ),
    (
        "two Main Heroes",
        _set("heroes", [{"id": "catherine", "seat": 0}, {"id": "alamar", "seat": 0}]),
        "heroes",
    ),
    ("site off the map", _set("sites", [{"field": "40,40", "visited": True}]), "sites[0].field"),
    ("unknown deck", _set("decks", {"relics": []}), "decks.relics"),
    ("unknown Astrologers card", _set("astrologers", "comet"), "astrologers"),
    ("root not at the bottom", _set("procedure", ["round"]), "procedure[0]"),
    ("unknown step", _set("procedure", ["homm3-game", "dance"]), "procedure[1].kind"),
    ("battle without a fight", _set("battle", {"format": "homm3-battle"}), "battle"),
    (
        "fight without its battle",
        _set(
            "procedure",
            [
                "homm3-game",
                {"kind": "round", "done": 1},
                {"kind": "turn", "seat": 0, "stage": "act"},
                {"kind": "fight", "hero": "catherine", "field": "-5,1", "started": True},
            ],
        ),
        "battle",
    ),
    ("over without its ending", _set("procedure", []), "ending"),
    (
        "the rules cannot go on",
        _set("procedure", ["homm3-game", {"kind": "turn", "seat": 5, "stage": "act"}]),
        "procedure",
    ),
]


@pytest.mark.parametrize(("edit", "field"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_broken_positions_name_their_field(edit: Any, field: str) -> None:
    """Issue 24 §3: every problem of a bad position names its field (a PositionError), and a
    position the rules cannot continue from is refused."""
    with pytest.raises(PositionError) as caught:
        load_game("homm3", position=broken(edit))
    fields = [problem.field for problem in caught.value.problems]
    assert any(f == field or f.startswith(field + ".") for f in fields), fields


def test_a_broken_battle_names_its_field_inside_the_battle() -> None:
    """Issue 24 §3: a fight's battle file is read as a battle file; its problems are named
    under ``battle``."""
    state = load_game("homm3", players=2).new_initial_state(3)
    rng = random.Random(3)
    while state.battle is None:
        play(state, rng)
    doc = state.to_position()
    doc["battle"]["attacker"]["units"][0]["card"] = "dragon-of-nowhere"
    with pytest.raises(PositionError) as caught:
        load_game("homm3", position=doc)
    assert any(p.field.startswith("battle.attacker.units[0]") for p in caught.value.problems)


def test_command_line_show_check_and_play(tmp_path: Path) -> None:
    """Issue 24 §3: rulekeeper homm3 position show / check, and play homm3 --position."""
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(yaml.safe_dump(HAND_WRITTEN), encoding="utf-8")
    bad.write_text(yaml.safe_dump(broken(_set("players.0.faction", "inferno"))), "utf-8")
    shown = runner.invoke(app, ["homm3", "position", "show", str(good)])
    assert shown.exit_code == 0, shown.output
    assert "Round 2" in shown.output and "Player 0 may:" in shown.output
    checked = runner.invoke(app, ["homm3", "position", "check", str(good), str(bad)])
    assert checked.exit_code == 1
    assert f"OK: {good}" in checked.output and "players[0].faction" in checked.output
    last = {**HAND_WRITTEN, "round": 16}
    good.write_text(yaml.safe_dump(last), encoding="utf-8")
    args = ["play", "homm3", "--position", str(good), "--players", "random,random"]
    played = runner.invoke(app, [*args, "--seed", "1", "--save", str(tmp_path / "s.json")])
    assert played.exit_code == 0, played.output
    assert "round-limit" in played.output or "wins" in played.output or "draw" in played.output


JUNK: list[Any] = [None, -1, 0, 7, "x", "", "0,0", True, [], {}, [1], {"a": 1}, "castle", 1.5]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into *value* (keys and indexes)."""
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _leaves(item, (*path, index))
    return out


def test_corrupted_positions_are_refused_by_field_never_crash() -> None:
    """Issue 24 §3: a position with any value replaced by junk is read or refused with a
    DataError naming a field, never another exception (40 corruptions of written positions,
    a fight's among them)."""
    docs = [doc for _, doc in sampled_positions(2, 3, 3)] + [HAND_WRITTEN]
    rng = random.Random(24)
    for _ in range(40):
        doc = copy.deepcopy(rng.choice(docs))
        path = rng.choice(_leaves(doc))
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = copy.deepcopy(rng.choice(JUNK))
        try:
            load_game("homm3", position=doc)
        except DataError as error:
            assert error.field, path


def test_a_finished_game_round_trips() -> None:
    """docs/homm3-positions.md: a game over is written with no pending step, its winners and
    its ending, and read back finished with the same outcome."""
    state = load_game("homm3", position={**HAND_WRITTEN, "round": 16}).new_initial_state(1)
    rng = random.Random(1)
    while not state.is_terminal():
        play(state, rng)
    doc = state.to_position()
    assert doc["procedure"] == [] and doc["ending"]
    other = load_game("homm3", position=doc).new_initial_state(2)
    assert other.is_terminal() and other.outcome() == state.outcome()
    same_table(state, other)


def test_every_problem_of_a_position_at_once() -> None:
    """Issue 24 §3: a position with problems in several places names them all at once (the
    players' boards, the decks and the map's tiles)."""
    doc = {
        **HAND_WRITTEN,
        "players": [{"faction": "castle", "level": 9}, {"faction": "dungeon", "morale": 4}],
        "tiles": [{"tile": "S3", "at": "-5,2"}, {"tile": "X9", "at": "5,-1"}],
        "decks": {"relics": []},
    }
    with pytest.raises(PositionError) as caught:
        load_game("homm3", position=doc)
    fields = {problem.field for problem in caught.value.problems}
    assert {"players[0].level", "players[1].morale", "decks.relics"} <= fields
    assert {"tiles[0].at", "tiles[1].tile"} <= fields
