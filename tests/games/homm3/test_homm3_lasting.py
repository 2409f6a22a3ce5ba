"""HoMM3 combat's moments on the core registry (issue 21 §1; core/lasting.py): what
combat/timing.py declares, and a battle file's lasting effect ending at a moment the combat
does not have is refused, naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from homm3_helpers import battle, done, start

from rulekeeper.core import DataError
from rulekeeper.core.lasting import Lasting
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING
from rulekeeper.games.homm3.game import Homm3CombatGame

SCHEMA = Path(__file__).parents[3] / "src/rulekeeper/games/homm3/battle/homm3-battle.schema.json"


def test_combat_moments_homm3_5_18_7_issue_21_1() -> None:
    """homm3.md §5.18.7 and issue 21 §1: a boost lasts one attack or defence (or to the end of
    the round if marked so), an effect "for N rounds" counts round ends, the combat's end ends
    every effect."""
    assert Homm3CombatGame.timing is COMBAT_TIMING
    assert COMBAT_TIMING.names == ("attack", "defence", "activation", "round", "combat", "used")
    assert COMBAT_TIMING.moment("round").counts
    assert COMBAT_TIMING.moment("round").ends_this_round
    assert COMBAT_TIMING.moment("combat").ends_all
    effects = [
        Lasting("attack", "griffins", 1, until="attack", this_round=True),
        Lasting("archery", "side-0", 1, until="round", rounds=2),
        Lasting("initiative", "zombies", 1, until="combat"),
    ]
    assert [e.kind for e in COMBAT_TIMING.expire(effects, "round")] == ["attack"]
    assert [e.kind for e in COMBAT_TIMING.expire(effects, "combat")] == ["archery", "initiative"]


def test_battle_file_lasting_effect_with_an_unknown_moment_is_refused_issue_21_1() -> None:
    """issue 21 §1 (saves keep their meaning): a battle file's ``lasting[].until`` is one of
    the combat's moments; another is refused naming the field."""
    doc = battle(
        [done("griffins@b2"), done("zombies@d1")],
        ["peasants@b3"],
        lasting=[{"kind": "attack", "holder": "peasants", "amount": -2, "until": "never"}],
    )
    with pytest.raises(DataError) as info:
        start(doc)
    assert "lasting[0].until" in str(info.value) and "'never'" in str(info.value)


def test_the_battle_schema_names_the_combat_moments_docs_homm3_battle_md() -> None:
    """docs/homm3-battle.md (``lasting``) and issue 21 §1: the battle file's schema allows as
    ``until`` exactly the moments the combat declares."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    until = schema["properties"]["lasting"]["items"]["properties"]["until"]
    assert until["enum"] == list(COMBAT_TIMING.names)
