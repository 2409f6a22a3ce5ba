"""The combat file's JSON schema (issue 27 §3, ``combat/eternia-combat.schema.json``): the
shipped combat files and the positions ``to_position()`` writes at every step of random
combats of every kind validate; files the reader refuses for their shape do not."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import load_game
from rulekeeper.core.content import load_yaml
from rulekeeper.games.eternia.combat.generate import (
    random_area,
    random_combat,
    random_epic,
    random_soldiers,
    random_wilds,
)
from rulekeeper.games.eternia.content.pack import load_content_pack
from rulekeeper.games.eternia.game import shipped_combat_files

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test dependency")

SCHEMA = json.loads(
    (resources.files("rulekeeper.games.eternia.combat") / "eternia-combat.schema.json").read_text(
        encoding="utf-8"
    )
)


def _validator() -> Any:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


def _errors(doc: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(doc)]


def test_the_shipped_combat_files_validate() -> None:
    files = shipped_combat_files()
    assert files
    for name, path in files.items():
        doc = load_yaml(Path(path).read_text(encoding="utf-8"), path)
        assert _errors(doc) == [], name


def test_positions_at_every_step_of_20_random_combats_validate() -> None:
    """20 random combats (the first of each kind: epic, wilds, soldiers, area), each
    position as written."""
    pack = load_content_pack(None)
    files, rng = random.Random(27), random.Random(28)
    validator = _validator()
    kinds = set()
    makers = [random_epic, random_wilds, random_soldiers, random_area]
    for index in range(20):
        doc = random_combat(pack, files) if index >= 4 else makers[index](pack, files)
        assert _errors(doc) == [], doc
        seed = files.randrange(999)
        state = load_game("eternia-combat", combat=doc).new_initial_state(seed=seed)
        kinds.add(doc["combat"])
        while True:
            position = state.to_position()
            found = [e.message for e in validator.iter_errors(position)]
            assert found == [], (found, position)
            if state.is_terminal():
                break
            player = state.current_player()
            if player < 0:
                outcomes = state.chance_outcomes()
                chosen = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                state.apply_action(chosen)
            else:
                state.apply_action(rng.choice(state.legal_actions(player)), player)
    assert kinds == {"epic", "wilds", "soldiers", "area"}


def test_the_schema_refuses_what_the_reader_refuses_for_its_shape() -> None:
    """An unknown field, a side with both a hero and a beast, a grid entry without its zone, a
    bad instance id, a pending step without its kind, a version 2."""
    base: dict[str, Any] = {
        "format": "eternia-combat",
        "version": 1,
        "active": {"hero": "teela"},
        "defender": {"hero": "evil-lyn"},
    }
    assert _errors(base) == []
    broken = [
        {**base, "colour": "red"},
        {**base, "defender": {"hero": "evil-lyn", "beast": "granite-behemoth"}},
        {**base, "active": {"hero": "teela", "grid": [{"card": "motu-plus-1"}]}},
        {**base, "active": {"hero": "teela", "deck": ["motu-plus-1#x"]}},
        {**base, "pending": [{"side": 0}]},
        {**base, "version": 2},
        {**base, "combat": "area"},
    ]
    for doc in broken:
        assert _errors(doc), doc
