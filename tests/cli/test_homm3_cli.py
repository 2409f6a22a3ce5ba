"""``rulekeeper homm3 content check``: ok with counts, every problem with exit code 1, the kinds
the combat rules do not implement yet, and ``--strict``."""

from __future__ import annotations

import shutil
import sys
import types
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.homm3 import cli as homm3
from rulekeeper.games.homm3.combat import unit_abilities
from rulekeeper.games.homm3.content import pack as pack_module
from rulekeeper.games.homm3.content.abilities import ABILITY_KINDS
from rulekeeper.games.homm3.content.cards import EFFECT_KINDS
from rulekeeper.games.homm3.content.pack import PACK_FILES

runner = CliRunner()
SHIPPED = Path(pack_module.__file__).parent


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "my-cards"
    folder.mkdir()
    for name in PACK_FILES:
        shutil.copy(SHIPPED / name, folder / name)
    return folder


@pytest.fixture
def no_card_effects(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if combat/card_effects.py did not exist (importing it raises ImportError)."""
    monkeypatch.setitem(sys.modules, homm3.CARD_EFFECTS_MODULE, None)


@pytest.fixture
def everything_implemented(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the combat rules implemented every unit ability and card effect kind."""
    module = types.ModuleType(homm3.CARD_EFFECTS_MODULE)
    module.IMPLEMENTED = frozenset(EFFECT_KINDS)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, homm3.CARD_EFFECTS_MODULE, module)
    monkeypatch.setattr(unit_abilities, "IMPLEMENTED", frozenset(ABILITY_KINDS))


def test_shipped_pack_is_ok_with_counts(no_card_effects: None) -> None:
    result = runner.invoke(app, ["homm3", "content", "check"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("ok: the shipped content pack: ")
    for count in (
        "24 statistic cards",
        "30 ability cards",
        "46 spell cards (21 spells)",
        "32 artifacts",
        "6 heroes",
        "18 specialty cards",
        "7 levels",
        "20 AI cards (8 kinds)",
    ):
        assert count in first


def test_unimplemented_kinds_are_listed_with_their_cards(no_card_effects: None) -> None:
    result = runner.invoke(app, ["homm3", "content", "check"])
    assert result.exit_code == 0
    out = result.output
    assert "unit ability kinds: all implemented" in out
    assert "card_effects does not exist yet: no card effect is implemented yet" in out
    assert "card effect kinds not implemented yet" in out
    assert "  chain-damage: chain-lightning" in out
    assert "  swap: tactics" in out
    missing = set(ABILITY_KINDS) - unit_abilities.IMPLEMENTED
    listed = [line.split(":")[0].strip() for line in out.splitlines() if line.startswith("  ")]
    assert all(kind in missing or kind in EFFECT_KINDS for kind in listed)


def test_card_effects_module_is_read_when_present(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType(homm3.CARD_EFFECTS_MODULE)
    module.IMPLEMENTED = frozenset({"damage", "attack"})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, homm3.CARD_EFFECTS_MODULE, module)
    result = runner.invoke(app, ["homm3", "content", "check"])
    assert result.exit_code == 0
    assert "does not exist yet" not in result.output
    assert "  damage: " not in result.output
    assert "  chain-damage: chain-lightning" in result.output


def test_strict_fails_while_kinds_are_not_implemented(no_card_effects: None) -> None:
    result = runner.invoke(app, ["homm3", "content", "check", "--strict"])
    assert result.exit_code == 1
    assert result.output.startswith("ok: ")
    assert "--strict: the shipped content pack uses kinds not implemented yet" in result.output


def test_strict_passes_when_everything_is_implemented(everything_implemented: None) -> None:
    result = runner.invoke(app, ["homm3", "content", "check", "--strict"])
    assert result.exit_code == 0, result.output
    assert "unit ability kinds: all implemented" in result.output
    assert "card effect kinds: all implemented" in result.output


def test_a_folder_copy_is_ok(copy: Path, no_card_effects: None) -> None:
    result = runner.invoke(app, ["homm3", "content", "check", str(copy)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"ok: {copy}: ")


def test_every_problem_is_printed_with_exit_code_1(copy: Path) -> None:
    path = copy / "heroes.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["heroes"][0]["starting_ability"] = "nonesuch"
    data["heroes"][1]["attack"] = 2
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    (copy / "ai.yaml").unlink()
    result = runner.invoke(app, ["homm3", "content", "check", str(copy)])
    assert result.exit_code == 1
    out = result.output
    assert "heroes.yaml: heroes[0].starting_ability: 'nonesuch' is not an ability" in out
    assert "heroes.yaml: heroes[1]: the starting deck" in out
    assert "ai.yaml: (file): missing from the pack" in out
    assert f"3 problem(s) in {copy}" in out
    assert "ok" not in out.split("\n")[0]


def test_not_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["homm3", "content", "check", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "not a folder" in result.output


def test_strict_names_a_building_use_effect_the_map_game_does_not_resolve(
    copy: Path, everything_implemented: None
) -> None:
    """issue 24 §1 (content check --strict): an effect kind of the vocabulary that no rules
    module resolves at a building use's timing fails --strict, naming file, entry and kind."""
    path = copy / "towns.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    portal = next(b for b in data["buildings"] if b["id"] == "dungeon-faction-building")
    portal["uses"][0]["effects"] = [{"kind": "find-artifact", "grade": "minor"}]
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = runner.invoke(app, ["homm3", "content", "check", str(copy)])
    assert result.exit_code == 0, result.output
    assert "map effects: all implemented" not in result.output
    line = "  find-artifact: towns.yaml: dungeon-faction-building: uses[0].effects[0] (turn-start)"
    assert line in result.output
    strict = runner.invoke(app, ["homm3", "content", "check", "--strict", str(copy)])
    assert strict.exit_code == 1
    assert line in strict.output


def test_strict_passes_the_shipped_map_data(everything_implemented: None) -> None:
    """issue 24 §1: every effect of the shipped towns', Astrologers' and locations' data is one
    the map game resolves (map/effect_check.py asks the rules modules' registries)."""
    result = runner.invoke(app, ["homm3", "content", "check", "--strict"])
    assert "map effects: all implemented" in result.output
    assert "map data effect kinds not resolved yet" not in result.output


def test_strict_names_a_die_face_the_map_game_does_not_roll(
    copy: Path, everything_implemented: None
) -> None:
    """issue 24 §1, homm3.md §5.13.3: a die face dice.py does not resolve (a Search of a
    player's own deck) is named with its file, die and face; --strict fails."""
    path = copy / "board.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    treasure = next(d for d in data["dice"] if d["id"] == "treasure")
    treasure["faces"][0] = {"kind": "search", "deck": "might-magic", "amount": 2}
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    strict = runner.invoke(app, ["homm3", "content", "check", "--strict", str(copy)])
    assert strict.exit_code == 1, strict.output
    assert "  search: board.yaml: treasure: faces[0]" in strict.output
