"""The ``eternia-map`` format and ``rulekeeper eternia map check`` (issue 28 §1; spec §5.1, §9.7):
the shipped demo map passes; broken copies of it are refused naming the field and the rule;
the questions the game asks of a map (adjacency by borders, paths and wraps, flight routes,
towers, merchants, distances)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.core import DataError
from rulekeeper.games.eternia.board.map import check_map, load_map, shipped_maps
from rulekeeper.games.eternia.cli import app

DEMO = yaml.safe_load(Path(shipped_maps()["demo"]).read_text(encoding="utf-8"))


def area(doc: dict, ident: str) -> dict:
    return next(a for a in doc["areas"] if a["id"] == ident)


def test_the_demo_map_meets_every_constraint() -> None:
    assert check_map(DEMO) == []
    board = load_map("demo")
    assert set(board.towers()) == {"grayskull-tower", "central-tower", "viper-tower"}
    assert board.base_of("motu") == "castle-grayskull"
    assert board.is_outpost("perpetua-mountains")
    for faction in ("motu", "evil-warriors"):
        kinds = sorted(board.merchant_of(a) for a in board.side_merchants(faction))
        assert kinds == ["forge", "mage-guild", "shop"]
    wild = [a for a in board.graph.nodes if board.is_wild(a)]
    assert len(wild) >= 8
    assert board.distance("castle-grayskull", "temple-of-serpos") >= 4


def test_adjacency_by_borders_paths_and_wraps_both_ways_flights_apart() -> None:
    """Spec §5.1: borders and paths make areas adjacent; the wrap icons join the map's edges;
    flight routes are for flyers only (§5.2.4), 2 MP."""
    board = load_map("demo")
    for key, kind in (("borders", "border"), ("paths", "path"), ("wraps", "wrap")):
        a, b = DEMO[key][0]
        assert b in board.graph.neighbours(a, (kind,)) and a in board.graph.neighbours(b, (kind,))
    a, b = DEMO["flight_routes"][0]
    assert b not in board.graph.neighbours(a, ("border", "path", "wrap"))
    assert [arc.cost for arc in board.graph.arcs(a) if arc.to == b] == [2]


BROKEN = [
    ("format", lambda d: d.update(format="hoMM3-map"), "eternia-map"),
    ("areas[0].kind", lambda d: d["areas"][0].update(kind="sea"), "one of"),
    ("areas", lambda d: area(d, "central-tower").update(tower=False), "three towers"),
    ("areas", lambda d: area(d, "targa-city").pop("merchant"), "each merchant type once"),
    (
        "areas",
        lambda d: area(d, "perpetua-mountains").update(kind="wild", eternium=None),
        "perpetua",
    ),
    (
        "paths[0]",
        lambda d: d["paths"].__setitem__(0, ["castello-dei-nemici", "mystic-mountains"]),
        "two outposts",
    ),
    (
        "borders[0]",
        lambda d: d["borders"].__setitem__(0, ["castle-grayskull", "castle-grayskull"]),
        "itself",
    ),
    (
        "borders[0]",
        lambda d: d["borders"].__setitem__(0, ["castle-grayskull", "atlantis"]),
        "no area",
    ),
    ("wraps", lambda d: d.update(wraps=[]), "wraps"),
    ("areas", lambda d: area(d, "temple-of-serpos").update(base_of="motu"), "base"),
    ("areas[0].eternium", lambda d: d["areas"][0].update(eternium=-1), "Eternium"),
    (
        "flight_routes[0]",
        lambda d: d["flight_routes"].__setitem__(0, list(d["borders"][0])),
        "not adjacent",
    ),
    (
        "borders",
        lambda d: d.update(borders=d["borders"][:3], paths=[], wraps=d["wraps"]),
        "connected",
    ),
]


@pytest.mark.parametrize(
    ("field", "patch", "words"), BROKEN, ids=[b[0] + ":" + b[2] for b in BROKEN]
)
def test_a_broken_map_is_refused_naming_its_field(field: str, patch, words: str) -> None:
    doc = copy.deepcopy(DEMO)
    patch(doc)
    problems = check_map(doc)
    assert any(f == field and words.lower() in reason.lower() for f, reason in problems), problems
    with pytest.raises(DataError):
        load_map(doc)


def test_map_check_command(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["map", "check"])
    assert ok.exit_code == 0 and "ok: demo" in ok.output
    broken = copy.deepcopy(DEMO)
    broken["wraps"] = []
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(broken), encoding="utf-8")
    bad = runner.invoke(app, ["map", "check", str(path)])
    assert bad.exit_code == 1 and "broken.yaml: wraps:" in bad.output


def test_the_schema_accepts_the_demo_and_refuses_a_bad_shape() -> None:
    """The map file's JSON schema (board/eternia-map.schema.json)."""
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test dependency")
    schema = json.loads(
        (resources.files("rulekeeper.games.eternia.board") / "eternia-map.schema.json").read_text(
            encoding="utf-8"
        )
    )
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(DEMO))
    broken = copy.deepcopy(DEMO)
    broken["areas"][0]["kind"] = "sea"
    assert list(validator.iter_errors(broken))
