"""The scenario file ``homm3-scenario`` version 1 (issue 24 §3, docs/homm3-scenarios.md): the
shipped Clash scenarios read and check clean and follow the general Clash setup; every broken
fixture is refused naming its field, by the reader and by ``rulekeeper homm3 scenario check``;
the JSON schema shipped beside the reader agrees with it."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core.graph import TileMap, hex_key
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.content.tiles import core_tile
from rulekeeper.games.homm3.map.geometry import (
    SLOT_STEPS,
    is_slot,
    lay,
    legal_placements,
    position_hex,
)
from rulekeeper.games.homm3.scenario import (
    RoundTrack,
    ScenarioError,
    Trigger,
    check_scenario_file,
    load_scenario,
    read_scenario,
    scenario_problems,
    shipped_scenario,
    shipped_scenarios,
)
from rulekeeper.games.homm3.scenario import fields as F
from rulekeeper.games.homm3.scenario.checks import option_values, town_roles

runner = CliRunner()
DOCUMENTED_ROLES = (
    "city-hall",
    "citadel",
    "mage-guild",
    "dwelling-1",
    "dwelling-2",
    "dwelling-3",
    "faction-building",
)
"""The building roles docs/homm3-scenarios.md names."""
BROKEN = Path(__file__).parent / "scenarios_broken"
FIXTURES = sorted(BROKEN.glob("*.yaml"))
TYPED = Path(__file__).parent / "scenarios_typed"
SCHEMA = Path(
    str(resources.files("rulekeeper.games.homm3.scenario") / "homm3-scenario.schema.json")
)


def _expected(path: Path) -> tuple[str, str]:
    """The field and the reason a broken fixture's first line names (``# broken: F: R``)."""
    field, _, reason = path.read_text(encoding="utf-8").splitlines()[0][10:].partition(": ")
    return field, reason


def _doc(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(shipped_scenario(name).read_text(encoding="utf-8"))
    return loaded


def test_two_clash_scenarios_are_shipped() -> None:
    """Issue 24 §3: at least one Clash scenario for 2 players and one for 3; issue 26 §3: a
    solo scenario and a co-op one."""
    found = {load_scenario(name).id: load_scenario(name) for name in shipped_scenarios()}
    clash = {key: s.players for key, s in found.items() if s.mode == "clash"}
    assert clash == {"clash-2": (2,), "clash-3": (3,)}
    assert found["solo-1"].mode == "solo" and found["solo-1"].players == (1,)
    assert found["coop-2"].mode == "coop" and found["coop-2"].players == (2, 3)
    assert [h.id for h in found["solo-1"].ai_heroes] == ["warlord"]


@pytest.mark.parametrize("name", shipped_scenarios())
def test_a_shipped_scenario_checks_clean(name: str) -> None:
    """Issue 24 Acceptance: ``scenario check`` passes on everything shipped."""
    assert check_scenario_file(shipped_scenario(name)) == []


CLASH = [name for name in shipped_scenarios() if name.startswith("clash-")]


@pytest.mark.parametrize("name", CLASH)
def test_a_shipped_layout_follows_the_general_clash_setup(name: str) -> None:
    """homm3.md §3 step 6, §5.1: face-down Near tiles and the Center tile, a Far pool per
    player; each start touches two tiles, so a Far tile can be laid from it (two placed
    tiles and the hero's field); the box's tiles suffice (§2.1: 9 Far, 6 Near, 2 Center)."""
    scenario = load_scenario(name)
    layout = scenario.layout(scenario.players[0])
    assert all(is_slot(entry.at) for entry in layout.tiles)
    assert all(entry.face == "down" and entry.pool for entry in layout.tiles)
    assert [e.pool for e in layout.tiles].count("center") == 1
    laid = [entry.at for entry in layout.tiles]
    for start in layout.starts:
        assert sum((start[0] + dq, start[1] + dr) in laid for dq, dr in SLOT_STEPS) >= 2
    assert layout.far_pool * layout.players <= len(layout.pools["far"]) == 9
    assert [e.pool for e in layout.tiles].count("near") <= len(layout.pools["near"]) == 6


@pytest.mark.parametrize("name", CLASH)
def test_a_shipped_scenario_is_won_by_capture_within_a_round_limit(name: str) -> None:
    """Issue 24 §3 and homm3.md §1.4: victory by capturing every enemy town and settlement,
    in 12 to 16 rounds; elimination after 3 rounds without a town or settlement."""
    scenario = load_scenario(name)
    assert scenario.victory[0].kind == "capture-all"
    assert scenario.victory[0].params == {"what": "towns-and-settlements"}
    assert 12 <= scenario.rounds <= 16
    assert scenario.elimination_rounds == 3


def test_the_three_player_clash_is_also_won_by_a_cube_from_each_enemy() -> None:
    """Heegu-sama/Homm3BG sections/scenarios.tex (homm3.md §5.22): in a Clash of three or
    more, a faction cube from every enemy wins."""
    conditions = {c.kind: c.params for c in load_scenario("clash-3").victory}
    assert conditions["cubes"] == {"count": 1, "each": True}
    assert "cubes" not in {c.kind for c in load_scenario("clash-2").victory}


@pytest.mark.parametrize("name", shipped_scenarios())
def test_every_value_of_a_shipped_scenario_is_sourced_or_provisional(name: str) -> None:
    """Issue 24 §3 and the pack's rule (docs/homm3-content.md): each value we did not find
    is listed in ``provisional``, each other one has its ``source``."""
    doc = _doc(name)
    covered = {key.split(".")[0] for key in (*doc["source"], *doc["provisional"])}
    own = set(doc) - {"format", "version", "source", "provisional"}
    assert own <= covered, sorted(own - covered)


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_broken_scenario_is_refused_naming_its_field(fixture: Path) -> None:
    """Issue 24 §3: every problem reported with its field; the fixture's first line says which
    (slots on the lattice, contracts §B; pools §5.1; seats §3; armies §5.15; Dwellings
    §5.14.1; round track §4.1; ...)."""
    field, reason = _expected(fixture)
    problems = check_scenario_file(fixture)
    assert any(p.field == field and reason in p.reason for p in problems), problems
    assert all(p.source == str(fixture) for p in problems)


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_scenario_check_names_the_field_and_fails(fixture: Path) -> None:
    """Issue 24 Acceptance: ``rulekeeper homm3 scenario check FILE`` names the field on the
    broken fixtures, with exit code 1."""
    field, reason = _expected(fixture)
    result = runner.invoke(app, ["homm3", "scenario", "check", str(fixture)])
    assert result.exit_code == 1, result.output
    assert f"{fixture}: {field}: " in result.output
    assert reason in result.output


def test_scenario_check_passes_on_the_shipped_scenarios() -> None:
    """Issue 24 Acceptance: with no file, every shipped scenario is checked; a missing file is
    a usage error (exit code 2)."""
    result = runner.invoke(app, ["homm3", "scenario", "check"])
    assert result.exit_code == 0, result.output
    assert result.output.split() == [
        *("ok:", "clash-2", "ok:", "clash-3", "ok:", "coop-2", "ok:", "demo-2", "ok:", "demo-3"),
        *("ok:", "solo-1"),
    ]
    assert runner.invoke(app, ["homm3", "scenario", "check", "clash-3"]).exit_code == 0
    missing = runner.invoke(app, ["homm3", "scenario", "check", "no-such-file.yaml"])
    assert missing.exit_code == 2


def test_every_problem_of_a_file_is_reported() -> None:
    """docs/homm3-scenarios.md (as docs/positions.md): all problems at once, nothing built."""
    doc = _doc("clash-2")
    doc["rounds"] = 0.5
    doc["difficulty"] = "heroic"
    doc["variants"][0]["tiles"][0]["at"] = "1,1"
    fields = [p.field for p in scenario_problems(doc)]
    assert fields == ["rounds", "variants[0].tiles[0].at", "difficulty"]
    with pytest.raises(ScenarioError) as raised:
        read_scenario(doc)
    assert len(raised.value.problems) == 3


def test_schema_and_reader_agree_on_the_shipped_files() -> None:
    """docs/homm3-scenarios.md: the schema shipped beside the reader accepts the shipped files
    and names the same fields and vocabularies as the reader (scenario/fields.py)."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for name in shipped_scenarios():
        assert [e.message for e in validator.iter_errors(_doc(name))] == []
    props = schema["properties"]
    assert tuple(props) == F.TOP_FIELDS
    options = option_values(load_content_pack())
    assert tuple(props["options"]["properties"]) == tuple(options)
    for key, values in options.items():
        allowed = props["options"]["properties"][key]["enum"]
        assert {v for v in allowed if isinstance(v, str)} == set(values)
    effects = schema["$defs"]["effects"]["items"]["oneOf"]
    assert tuple(e["properties"]["kind"]["const"] for e in effects) == tuple(F.EFFECT_KINDS)
    for effect in effects:
        kind = effect["properties"]["kind"]["const"]
        assert set(effect["properties"]) == {"kind", *F.EFFECT_KINDS[kind]}
    victory = props["victory"]["items"]["oneOf"]
    assert tuple(c["properties"]["kind"]["const"] for c in victory) == tuple(F.VICTORY_KINDS)
    assert tuple(props["start"]["properties"]) == F.START_FIELDS
    assert tuple(schema["$defs"]["variant"]["properties"]) == F.VARIANT_FIELDS
    assert tuple(props["locations"]["properties"]) == F.SCENARIO_LOCATIONS
    assert tuple(props["events"]["items"]["properties"]) == F.EVENT_FIELDS
    assert "pattern" in props["start"]["properties"]["buildings"]["items"]


def test_the_building_roles_are_the_towns_roles() -> None:
    """homm3.md §5.14.1 (contracts §C): a scenario names buildings by role; every role the
    docs name is a role of every town."""
    roles = town_roles(load_content_pack())
    assert set(roles) == {"castle", "dungeon", "necropolis"}
    for found in roles.values():
        assert set(DOCUMENTED_ROLES) <= set(found)


def test_the_schema_refuses_what_the_reader_refuses_by_shape() -> None:
    """docs/homm3-scenarios.md: a wrong version, an unknown field, a bad face or option are
    refused by both."""
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    for change in (
        lambda d: d.update(version=2),
        lambda d: d.update(map=[]),
        lambda d: d["variants"][0]["tiles"][0].update(face="sideways"),
        lambda d: d.update(options={"retreat": "never"}),
    ):
        doc = copy.deepcopy(_doc("clash-2"))
        change(doc)
        assert list(validator.iter_errors(doc))
        assert scenario_problems(doc)


def test_a_seat_overrides_the_scenario_start() -> None:
    """docs/homm3-scenarios.md (contracts §C): per-seat overrides; the rest is the scenario's."""
    doc = _doc("clash-2")
    doc["variants"][0]["seats"][1].update(faction="dungeon", resources={"gold": 30})
    seats = read_scenario(doc).layout(2).seats
    assert seats[1].faction == "dungeon" and seats[0].faction == "any"
    assert seats[1].setup.resources == {"gold": 30}
    assert (
        seats[1].setup.income
        == seats[0].setup.income
        == {"gold": 10, "materials": 0, "valuables": 0}
    )


def test_pools_default_to_the_unused_tiles_of_each_kind() -> None:
    """homm3.md §5.1, §3 step 6: a slot draws from the shuffled tiles of its kind; a pool the
    file names takes its tiles out of the default ones."""
    doc = _doc("clash-2")
    doc["variants"][0]["pools"] = {"near-settlement": ["N2", "N4"]}
    doc["variants"][0]["tiles"][1]["pool"] = "near-settlement"
    doc["variants"][0]["tiles"][2]["pool"] = "near-settlement"  # 2 drawn there, 4 from "near"
    layout = read_scenario(doc).layout(2)
    assert layout.pools["near-settlement"] == ("N2", "N4")
    assert layout.pools["near"] == ("N1", "N3", "N5", "N6")
    assert layout.pools["center"] == ("C1", "C2")


def test_the_round_track_defaults_and_triggers() -> None:
    """homm3.md §4.1, §8.8: odd rounds Resource, even Astrologers, no income in round 1; a
    timed event every 4 rounds from round 2 fires in rounds 2, 6, 10; the shipped scenarios add
    the choice of 1 Valuables or 2 Building Materials in each Resource round (odd rounds)."""
    track = RoundTrack()
    assert [track.pays_income(n) for n in (1, 2, 3)] == [False, False, True]
    assert [track.is_astrologers(n) for n in (1, 2)] == [False, True]
    every = Trigger("every", rounds=(4, 2))
    assert [n for n in range(1, 13) if every.fires_at(n)] == [2, 6, 10]
    assert load_scenario("clash-2").round_track is None
    scenario = load_scenario("clash-3")
    assert [n for n in range(1, 17) if scenario.events_at(n)] == sorted(
        {*range(1, 17, 2), 2, 6, 10}
    )
    assert [event.who for event in scenario.events_at(6)] == ["second", "third"]
    assert [n for n in range(1, 17) if any(e.choose for e in scenario.events_at(n))] == [
        *range(1, 17, 2)
    ]
    doc = _doc("clash-2")
    doc["events"] = [{"when": {"level": 5}, "effects": [{"kind": "movement"}]}]
    levelled = read_scenario(doc)
    assert levelled.events_at_level(5)[0].effects[0].params == {"amount": 1}
    assert not levelled.events_at_level(4) and not levelled.events_at(5)


def test_one_file_holds_a_variant_per_player_count(tmp_path: Path) -> None:
    """Issue 24 §3 and homm3.md §3 step 6 ("the scenario variant for the player count"): one
    file, one layout for 2 players and one for 3, written as JSON as well as YAML."""
    doc = _doc("clash-2")
    doc["variants"].append(_doc("clash-3")["variants"][0])
    doc["variants"][1]["rounds"] = 14
    path = tmp_path / "both.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    scenario = load_scenario(str(path))
    assert scenario.players == (2, 3)
    assert [len(scenario.layout(n).seats) for n in (2, 3)] == [2, 3]
    assert [scenario.layout(n).rounds for n in (2, 3)] == [16, 14]
    doc["variants"][1] = doc["variants"][0]
    assert [p.field for p in scenario_problems(doc)] == ["variants[1].players"]


def test_a_printed_style_scenario_can_be_typed_in() -> None:
    """Issue 24 §3 (the format expresses the Mission Book's Clash scenarios): the community
    rewrite's scenario "Unbelievable" (Heegu-sama/Homm3BG clash/unbelievable.tex) typed in:
    named pools for "tiles with a Settlement", a fixed Center tile face-down, no Far pool, a
    town-only capture, a draw at the limit, a choice each Resource round, a Level trigger."""
    scenario = load_scenario(str(TYPED / "unbelievable.yaml"))
    layout = scenario.layout(2)
    assert (scenario.rounds, scenario.at_limit, layout.far_pool) == (12, "draw", 0)
    assert scenario.victory[0].params == {"what": "towns"}
    assert [e.tile for e in layout.fixed()] == ["C2"] and layout.fixed()[0].face == "down"
    assert [e.pool for e in layout.drawn()].count("far-settlement") == 2
    assert layout.pools["far"] == ("F4", "F5", "F6", "F7", "F8", "F9")
    choice = scenario.events_at(3)[0]
    assert choice.choose and [e.params for e in choice.effects] == [
        {"valuables": 1},
        {"materials": 2},
    ]
    assert scenario.events_at_level(5)[0].effects[0].kind == "note"
    assert scenario.locations["obelisk"].choose


@pytest.mark.parametrize("name", shipped_scenarios())
def test_every_player_can_explore_from_the_start(name: str) -> None:
    """homm3.md §5.1 (placing a Far tile: an empty slot touching two tiles and the hero's field,
    no path cut off) on the shipped layouts: with the Starting tiles laid in any rotation and the
    other tiles face-down, each player's hero finds, from a field of its Starting tile, a slot
    where a Far tile may be laid (map/geometry.py)."""
    pack = load_content_pack()
    catalogue = {tile_id: core_tile(tile) for tile_id, tile in pack.tiles.items()}
    layout = load_scenario(name).layout(load_scenario(name).players[0])
    starts = ("S1", "S2", "S3")[: layout.players]
    face_down = [entry.at for entry in layout.tiles]
    for rotation in range(6):
        laid = [
            lay(catalogue[s], at, rotation) for s, at in zip(starts, layout.starts, strict=True)
        ]
        tilemap = TileMap.of(catalogue, laid)
        far = layout.pools["far"][0]
        for tile_id, at in zip(starts, layout.starts, strict=True):
            tile = pack.tiles[tile_id]
            open_fields = [
                hex_key(position_hex(at, p, rotation))
                for p in range(7)
                if tile.field(p).location != "blocked"
            ]
            placements = [
                found
                for field in open_fields
                for found in legal_placements(tilemap, catalogue, far, field, face_down)
            ]
            assert placements, (tile_id, at, rotation)
