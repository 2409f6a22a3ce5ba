"""The ``eternia-position`` format (issue 28 §2; docs/eternia-positions.md): written and read
back equal at many points of random games (mid-combat and a skirmish included), a short
position by hand takes the setup's defaults, broken positions are refused naming their field
and nothing half-built is left behind."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.core import CHANCE, DataError, PositionError, load_game
from rulekeeper.games.eternia.map import position_cli

SCHEMA = json.loads(
    (resources.files("rulekeeper.games.eternia.map") / "eternia-position.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def play(state: Any, rng: random.Random) -> None:
    """One random move (a chance outcome by its odds)."""
    player = state.current_player()
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        state.apply_action(action)
        return
    state.apply_action(rng.choice(state.legal_actions(player)), player)


def same_position(state: Any, seed: int) -> Any:
    """The state read back from its position; it writes the same and offers the same."""
    doc = state.to_position()
    VALIDATOR.validate(doc)
    loaded = load_game("eternia", position=copy.deepcopy(doc)).new_initial_state(seed)
    assert loaded.to_position() == doc
    assert loaded.current_player() == state.current_player()
    player = state.current_player()
    if player >= 0:
        assert loaded.legal_actions(player) == state.legal_actions(player)
    return loaded


@pytest.mark.parametrize(
    ("params", "seed"),
    [({}, 3), ({"options": {"faster": True}}, 8), ({"mode": "skirmish"}, 5)],
)
def test_round_trip_at_random_points(params: dict[str, Any], seed: int) -> None:
    """Write→read gives the same position at points of a random game, a combat's included."""
    state = load_game("eternia", **params).new_initial_state(seed)
    rng = random.Random(seed)
    same_position(state, seed + 1)
    checked = combats = 0
    for _ in range(700):
        if state.is_terminal():
            break
        play(state, rng)
        fighting = bool(state.epic.fighters)
        if rng.random() < (0.25 if fighting else 0.03):
            same_position(state, seed + 1)
            checked += 1
            combats += fighting
    assert checked >= 5
    if not params.get("mode"):
        assert combats >= 1


def test_a_finished_game_round_trips() -> None:
    """A game played to its end writes a position with nothing pending, read back the same."""
    state = load_game("eternia", options={"faster": True}).new_initial_state(2)
    rng = random.Random(2)
    while not state.is_terminal():
        play(state, rng)
    loaded = same_position(state, 0)
    assert loaded.is_terminal() and loaded.returns() == state.returns()


HAND = """
format: eternia-position
version: 1
round: 3
first: 1
teams:
  - {pool: {eternium: 5, vp: 2}}
  - {pool: {eternium: 8}}
heroes:
  - {id: he-man, area: eldor-village, spells: [fireball]}
  - {id: she-ra}
  - {id: ram-man, damage: 1}
  - {id: skeletor, area: gaz-village}
  - {id: mer-man}
  - {id: beast-man}
soldiers: {eldor-village: [2, 0]}
"""


def test_hand_written_position_takes_the_defaults() -> None:
    """The setup's values fill in what a short position leaves out (spec §3.1)."""
    state = load_game("eternia", position=yaml.safe_load(HAND)).new_initial_state(4)
    motu, evil = state.teams
    assert (motu.eternium, motu.vp, evil.eternium, evil.vp) == (5, 2, 8, 0)
    assert motu.soldiers == state.number("soldiers") - 2 and evil.soldiers == state.number(
        "soldiers"
    )
    assert len(motu.deck) == len(evil.deck) == 21
    assert state.heroes[0].spells == ["fireball"] and "fireball" not in state.decks["spells"]
    assert state.heroes[1].area == state.board.base_of("motu")
    assert state.heroes[3].team == 1 and state.heroes[2].damage == 1
    assert state.round == 3 and state.active_team == 1
    assert state.flow.steps[-1].kind == "pick-hero"
    assert state.current_player() == 1
    other = load_game("eternia", position=yaml.safe_load(HAND)).new_initial_state(9)
    assert other.decks["equipment"] != state.decks["equipment"]  # the seed shuffles them
    assert sorted(other.decks["equipment"]) == sorted(state.decks["equipment"])


def test_an_empty_position_is_the_new_game() -> None:
    """A position of nothing but its header is the setup's game for the seed."""
    fresh = load_game("eternia").new_initial_state(6)
    doc = {"format": "eternia-position", "version": 1}
    loaded = load_game("eternia", position=doc).new_initial_state(6)
    assert loaded.to_position() == fresh.to_position()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """An edit of the written position: *path* (dots and indexes) set to *value*."""

    def edit(doc: dict[str, Any]) -> None:
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return edit


BROKEN = [
    (_set("heroes.0.id", "orko-the-great"), "heroes[0].id"),
    (_set("heroes.1.area", "nowhere"), "heroes[1].area"),
    (_set("heroes.2.damage", "lots"), "heroes[2].damage"),
    (_set("heroes.3.spells", ["no-such-spell"]), "heroes[3].spells"),
    (_set("soldiers", {"nowhere": [1, 0]}), "soldiers.nowhere"),
    (_set("teams.0.faction", "evil-warriors"), "teams[0].faction"),
    (_set("teams.1.pool", {"gold": 3}), "teams[1].pool.gold"),
    (_set("decks.equipment", ["no-such-card"]), "decks.equipment"),
    (_set("round", 99), "round"),
    (_set("bogus", 1), "bogus"),
    (_set("version", 7), "version"),
    (_set("procedure", ["game", {"kind": "no-such-step"}]), "procedure[1].kind"),
    (_set("game.colour", "red"), "game.colour"),
    (_set("vines", ["nowhere"]), "vines"),
    (_set("boss", "skeletor"), "boss"),
    (_set("round_events", ["no-such-event"]), "round_events"),
    (_set("lairs", {"nowhere": "fit-granite-behemoth"}), "lairs.nowhere"),
]


@pytest.mark.parametrize(("edit", "field"), BROKEN, ids=[f for _, f in BROKEN])
def test_broken_positions_name_their_field(edit: Any, field: str) -> None:
    """Each broken position is refused, its problem naming the field."""
    doc = load_game("eternia").new_initial_state(1).to_position()
    edit(doc)
    with pytest.raises(PositionError) as error:
        load_game("eternia", position=doc)
    assert field in [problem.field for problem in error.value.problems], str(error.value)


def test_a_bad_position_leaves_nothing_half_built() -> None:
    """A refused position raises before any state exists; a state already there of the same
    game is untouched."""
    game = load_game("eternia", position={"format": "eternia-position", "version": 1})
    state = game.new_initial_state(3)
    before = state.serialize()
    bad = state.to_position()
    bad["heroes"][0]["area"] = "nowhere"
    with pytest.raises(PositionError):
        game.state_class.from_position(game, bad, 3)
    assert state.serialize() == before
    bad = state.to_position()
    bad["game"]["players"] = 9
    with pytest.raises(DataError) as error:
        load_game("eternia", position=bad)
    assert error.value.field == "players"


def test_parameters_beside_a_position_must_agree() -> None:
    """The position says the game: a parameter beside it that disagrees is refused."""
    doc = {"format": "eternia-position", "version": 1, "game": {"players": 2}}
    assert load_game("eternia", position=doc, players=2).num_players == 2
    with pytest.raises(PositionError) as error:
        load_game("eternia", position=doc, players=4)
    assert error.value.field == "players"


def test_command_line_show_and_check(tmp_path: Path) -> None:
    """``position show`` lists the heroes and the legal actions; ``check`` says OK or names
    each problem as file: field: reason."""
    good = tmp_path / "good.yaml"
    good.write_text(HAND)
    bad = tmp_path / "bad.yaml"
    bad.write_text(HAND.replace("gaz-village", "atlantis"))
    runner = CliRunner()
    shown = runner.invoke(position_cli.app, ["show", str(good)])
    assert shown.exit_code == 0, shown.output
    assert "Hero he-man (team 0) in eldor-village" in shown.output
    assert "activate" in shown.output
    checked = runner.invoke(position_cli.app, ["check", str(good), str(bad)])
    assert checked.exit_code == 1
    assert f"OK: {good}" in checked.output
    assert f"{bad}: heroes[3].area" in checked.output


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path inside JSON data."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def test_corrupted_positions_are_refused_never_crash() -> None:
    """A written position with one value changed or removed anywhere loads or is refused with
    a DataError; nothing else is raised."""
    rng = random.Random(11)
    state = load_game("eternia").new_initial_state(11)
    docs = [state.to_position()]
    for _ in range(120):
        play(state, rng)
    docs.append(state.to_position())
    values = [None, -1, 7, 999, "x", "he-man", [], {}, True, [1, 2], {"a": 1}, 0.5]
    for _ in range(120):
        doc = copy.deepcopy(rng.choice(docs))
        path = rng.choice(_paths(doc)[1:])
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, dict) and rng.random() < 0.3:
            del target[path[-1]]
        else:
            target[path[-1]] = rng.choice(values)
        with contextlib.suppress(DataError):
            load_game("eternia", position=doc).new_initial_state(0)
