"""The ``eternia-scenario`` format (docs/eternia-scenarios.md, issue 28 §2): every shipped scenario
passes ``scenario check`` and its schema; broken copies are refused naming their field."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.core import DataError
from rulekeeper.games.eternia.map import skirmish_scoring
from rulekeeper.games.eternia.scenario import (
    EFFECTS,
    RULES,
    SCORING,
    check_scenario,
    read_scenario,
    shipped_scenarios,
)
from rulekeeper.games.eternia.scenario.cli import app

SCHEMA = Path(__file__).parents[3] / "src/rulekeeper/games/eternia/scenario"
SHIPPED = shipped_scenarios()
Doc = dict[str, Any]


def doc_of(name: str) -> Doc:
    """A shipped scenario's parsed data, a copy the test may change."""
    return copy.deepcopy(yaml.safe_load(Path(SHIPPED[name]).read_text(encoding="utf-8")))


def schema() -> Any:
    return json.loads((SCHEMA / "eternia-scenario.schema.json").read_text(encoding="utf-8"))


def test_the_nine_scenarios_are_shipped() -> None:
    """Issue 28 §2: the standard game, two story scenarios and three skirmishes; issue 29 §1:
    the three solo and co-op scenarios of the core Mission Book."""
    assert sorted(SHIPPED) == [
        "evil-seed",
        "fractures-in-time",
        "he-man-impostor",
        "marching-armies",
        "raiders-of-the-lost-artifact",
        "retrieve-the-plans",
        "ritual-of-unlimited-power",
        "standard",
        "the-missing-child",
    ]


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_shipped_scenario_passes(name: str) -> None:
    """Each shipped file has no problem, reads by name and says where its facts come from."""
    assert check_scenario(doc_of(name)) == []
    scenario = read_scenario(name)
    assert scenario.id == name and scenario.source
    if scenario.mode == "skirmish":
        sides = {zone.side for zone in scenario.deployment_zones}
        assert {"motu", "evil-warriors"} <= sides and scenario.rounds
        assert not scenario.victory_cards or "victory_cards" not in doc_of(name)
    assert "Mission Book" in scenario.source or name == "standard"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_the_schema_accepts_every_shipped_scenario(name: str) -> None:
    """The JSON schema (YAML's number keys as JSON's text keys) takes each shipped file."""
    validator = jsonschema.Draft202012Validator(schema())
    data = json.loads(json.dumps(doc_of(name)))
    assert [e.message for e in validator.iter_errors(data)] == []


def test_the_schema_is_valid_and_names_the_vocabulary() -> None:
    """The schema is a valid 2020-12 schema with its $id; its switch kinds are the model's."""
    found = schema()
    jsonschema.Draft202012Validator.check_schema(found)
    assert found["$id"].endswith("/eternia-scenario-1.json")
    for name, vocabulary in (("effect", EFFECTS), ("rule", RULES), ("scoring", SCORING)):
        kinds = [k["properties"]["kind"]["const"] for k in found["$defs"][name]["oneOf"]]
        assert kinds == list(vocabulary)


def test_the_scoring_vocabulary_is_the_engines() -> None:
    """Every scoring switch is one the skirmish scoring implements, and the other way round."""
    assert set(SCORING) == set(skirmish_scoring.AT_END) | set(skirmish_scoring.DURING)


def test_a_switch_reads_its_parameters_as_attributes() -> None:
    """``rule.amount``; a parameter not given reads as None."""
    scenario = read_scenario("ritual-of-unlimited-power")
    outposts = scenario.scoring[0]
    assert outposts.kind == "vp-per-outpost-held-at-end" and outposts.amount == 3
    assert "central-tower" in outposts.areas and scenario.scoring[1].amount is None
    assert read_scenario("evil-seed").skull(2)[0].boss == "evil-seed"


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    """A patch setting the dotted *path* (``a.b``, ``a[0].b``) to *value*."""

    def patch(doc: Doc) -> None:
        node: Any = doc
        keys: list[Any] = []
        for part in path.split("."):
            name, _, rest = part.partition("[")
            keys.append(int(name) if name.isdigit() else name)
            keys.extend(int(i) for i in rest.rstrip("]").split("][") if i)
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return patch


def _drop(key: str) -> Callable[[Doc], None]:
    return lambda doc: doc.pop(key)


BROKEN = [
    ("standard", _set("format", "eternia-map"), "format"),
    ("standard", _set("mode", "coop"), "mode"),
    ("standard", _set("map", "atlantis"), "map"),
    ("standard", _set("bases.motu", "eldor-village"), "bases.motu"),
    ("standard", _set("mission_tokens", ["vine-jungle"]), "mission_tokens"),
    ("fractures-in-time", _set("mission_tokens[0]", "atlantis"), "mission_tokens[0]"),
    ("fractures-in-time", _set("scenario_deck", "he-man"), "scenario_deck"),
    ("fractures-in-time", _set("skull_events.5", []), "skull_events.5"),
    ("fractures-in-time", _set("skull_events.4[0].kind", "flood"), "skull_events.4[0].kind"),
    ("fractures-in-time", _set("skull_events.4[0].colour", "red"), "skull_events.4[0].colour"),
    ("fractures-in-time", _set("provisional[0]", "weather"), "provisional[0]"),
    ("fractures-in-time", _set("epic_beasts[1]", "battle-cat"), "epic_beasts[1]"),
    ("evil-seed", lambda d: d["skull_events"][2][0].pop("area"), "skull_events.2[0].area"),
    ("evil-seed", _set("skull_events.1[0].count", -1), "skull_events.1[0].count"),
    ("evil-seed", _set("special_rules[0].kind", "rain"), "special_rules[0].kind"),
    ("evil-seed", _set("skull_events.3[0].count", 13), "skull_events.3[0].count"),
    ("evil-seed", _set("skull_events.1[0].count", 3), "skull_events.1[0].areas"),
    ("evil-seed", _set("victory.kind", "last-hero-standing"), "victory.kind"),
    ("ritual-of-unlimited-power", _set("soldiers", 16), "soldiers"),
    ("ritual-of-unlimited-power", _drop("rounds"), "rounds"),
    ("ritual-of-unlimited-power", _set("rounds", 0), "rounds"),
    ("ritual-of-unlimited-power", _set("victory_cards", True), "victory_cards"),
    ("ritual-of-unlimited-power", _set("scoring[0].kind", "vp-per-kiss"), "scoring[0].kind"),
    ("ritual-of-unlimited-power", _set("scoring", []), "scoring"),
    ("ritual-of-unlimited-power", _set("mission_tokens_per_team", 6), "mission_tokens_per_team"),
    ("ritual-of-unlimited-power", _set("mission_tokens_per_team", 8), "mission_tokens_per_team"),
    (
        "ritual-of-unlimited-power",
        _set("deployment_zones[0].areas[4]", "temple-of-the-oracle"),
        "deployment_zones[0].areas[4]",
    ),
    ("marching-armies", lambda d: d["deployment_zones"].pop(), "deployment_zones"),
    ("marching-armies", _set("deployment_zones[1].side", "motu"), "deployment_zones[1].areas[0]"),
    ("marching-armies", _set("deployment_zones[1].side", "none"), "deployment_zones"),
    ("marching-armies", _set("deployment_zones[1].id", "grayskull-marches"), "zones[1].id"),
    ("raiders-of-the-lost-artifact", _set("soldiers", 7), "deployment_zones[0].areas"),
    ("raiders-of-the-lost-artifact", _set("hero_locations[0]", "eternos"), "hero_locations[0]"),
    (
        "raiders-of-the-lost-artifact",
        _set("deployment_zones[0].areas", ["evergreen-forest", "vine-jungle"]),
        "deployment_zones[0].areas",
    ),
]


@pytest.mark.parametrize(("name", "patch", "field"), BROKEN)
def test_a_broken_scenario_is_refused_naming_its_field(
    name: str, patch: Callable[[Doc], None], field: str
) -> None:
    """``scenario check`` names the field of each broken copy; ``read_scenario`` refuses it."""
    doc = doc_of(name)
    patch(doc)
    problems = check_scenario(doc)
    assert any(found.endswith(field) for found, _ in problems), problems
    with pytest.raises(DataError):
        read_scenario(doc)


def test_read_scenario_names_the_file_and_field(tmp_path: Path) -> None:
    """A DataError reads ``file: field: reason``."""
    doc = doc_of("marching-armies")
    doc["soldiers"] = "many"
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        read_scenario(path)
    assert str(caught.value).startswith("mine.yaml: soldiers: ")


def test_the_check_command(tmp_path: Path) -> None:
    """``scenario check``: ok for every shipped file; a broken file prints its field, exit 1."""
    runner = CliRunner()
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert result.output.count("ok: ") == len(SHIPPED)
    doc = doc_of("evil-seed")
    doc["scenario_deck"] = "he-man"
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    result = runner.invoke(app, ["check", "standard", str(path)])
    assert result.exit_code == 1
    assert "ok: standard: " in result.output
    assert "broken.yaml: scenario_deck: " in result.output
