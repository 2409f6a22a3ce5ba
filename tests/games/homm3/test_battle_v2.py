"""The battle file version 2 (issue 24 §2 "Combat as a sub-procedure", docs/homm3-battle.md
*Versions*): a hero holds Building Materials and Valuables, each side counts the resources card
effects gave it (``card_gains``), the combat result reports them (``CombatResult.gained``), and
version 1 is still read: its heroes hold none, and old saves and positions keep loading."""

from __future__ import annotations

import gzip
import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from homm3_helpers import act, battle, done, fight, finished, result, roll, side_result

from rulekeeper.core import PositionError, load_game
from rulekeeper.core.record import to_data
from rulekeeper.core.replay import GameRecord
from rulekeeper.core.subgame import read_result
from rulekeeper.games.homm3.battle.fields import VERSIONS
from rulekeeper.games.homm3.battle.reading import version_2
from rulekeeper.games.homm3.combat.result import CombatResult
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

BASELINE = Path(__file__).parents[2] / "baseline" / "games"
SCHEMA = resources.files("rulekeeper.games.homm3.battle") / "homm3-battle.schema.json"
LUMBER = "inexhaustible-cart-of-lumber"
HERO_A = {"name": "Catherine", "faction": "castle", "level": 2, "mp": 2, "gold": 12}


def problems_of(doc: dict[str, Any]) -> str:
    """The problems loading *doc* names (it must be refused)."""
    with pytest.raises(PositionError) as caught:
        load_game("homm3-combat", battle=doc).new_initial_state(seed=0)
    return str(caught.value)


def hero_doc(**extra: Any) -> dict[str, Any]:
    return {**HERO_A, **extra}


def test_version_2_is_written_and_both_versions_are_read() -> None:
    """Issue 24 §2: the battle file gains a version (2, written); version 1 is still read."""
    assert VERSIONS == (1, 2)
    state = fight(["griffins@a1"], [done("skeletons@d5")], version=2)
    assert state.to_position()["version"] == 2
    assert fight(["griffins@a1"], [done("skeletons@d5")]).to_position()["version"] == 2


def test_a_hero_holds_materials_and_valuables_in_version_2() -> None:
    """Issue 24 §2, homm3.md §5.13: a version-2 hero holds Building Materials and Valuables
    beside Gold; the battle file writes them back."""
    doc = battle(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_doc(materials=4, valuables=2),
        version=2,
    )
    state = load_game("homm3-combat", battle=doc).new_initial_state(seed=0)
    found = state.battle.armies[0].hero
    assert (found.gold, found.materials, found.valuables) == (12, 4, 2)
    written = state.to_position()["attacker"]["hero"]
    assert (written["materials"], written["valuables"]) == (4, 2)


def test_a_version_1_file_reads_with_no_materials_or_valuables() -> None:
    """Issue 24 §2 (a reader for version 1): a version-1 hero holds no Building Materials or
    Valuables; written again it is the same battle in version 2 (``version_2``)."""
    doc = battle(["griffins@a1"], [done("skeletons@d5")])
    assert doc["version"] == 1
    state = load_game("homm3-combat", battle=doc).new_initial_state(seed=0)
    for army in state.battle.armies:
        assert army.hero is not None and (army.hero.materials, army.hero.valuables) == (0, 0)
    assert state.battle.card_gains == [{}, {}]
    again = load_game("homm3-combat", battle=version_2(doc)).new_initial_state(seed=0)
    assert again.to_position() == state.to_position()
    assert version_2(doc)["attacker"]["hero"]["materials"] == 0


def test_a_version_1_file_may_not_name_what_version_2_added() -> None:
    """Issue 24 §2, docs/homm3-battle.md *Versions*: a version-1 file naming a hero's
    ``materials`` or ``valuables`` or a side's ``card_gains`` is refused, each field named."""
    doc = battle(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_doc(materials=1),
        defender_hero={"name": "Sandro", "faction": "necropolis", "valuables": 1},
    )
    doc["defender"]["card_gains"] = {"gold": 1}
    found = problems_of(doc)
    assert "attacker.hero.materials: a field of version 2" in found
    assert "defender.hero.valuables: a field of version 2" in found
    assert "defender.card_gains: a field of version 2" in found
    assert problems_of({**doc, "version": 3}).count("version") >= 1


def test_card_gains_name_resources_only() -> None:
    """homm3.md §5.13: the resources are Gold, Building Materials and Valuables; a side's
    ``card_gains`` names no other and each amount is 0 to 999."""
    doc = battle(["griffins@a1"], [done("skeletons@d5")], version=2)
    doc["attacker"]["card_gains"] = {"wood": 2, "gold": -1}
    found = problems_of(doc)
    assert "attacker.card_gains.wood: not a resource" in found
    assert "attacker.card_gains.gold: must be an integer from 0 to 999" in found


def test_a_save_with_an_unknown_resource_gained_is_refused() -> None:
    """Issue 20 §2 as for every saved battle: a save's ``card_gains`` names resources only."""
    state = fight(["griffins@a1"], [done("skeletons@d5")], version=2)
    text = state.serialize()
    assert '"card_gains":[{},{}]' in text
    bad = text.replace('"card_gains":[{},{}]', '"card_gains":[{"wood":1},{}]')
    with pytest.raises(Exception, match=r"card_gains\[0\]\.wood"):
        state.game.deserialize_state(bad)


def test_a_card_gives_building_materials_to_the_hero_and_the_result() -> None:
    """Issue 24 §2, artifacts.yaml Inexhaustible Cart of Lumber (option 1: gain 2 Building
    Materials): the hero holds them, the side's ``card_gains`` counts them, the battle file and
    the result report them and ``CombatResult.gained`` adds them to what the player gains."""
    state = fight(
        ["griffins@a1"], [done("skeletons@d5")], attacker_hero=hero_doc(hand=[LUMBER]), version=2
    )
    act(state, "play", card=LUMBER, use="option-1")
    assert state.battle.armies[0].hero.materials == 2
    assert state.battle.card_gains == [{"materials": 2}, {}]
    assert state.to_position()["attacker"]["card_gains"] == {"materials": 2}
    act(state, "surrender")
    assert result(state)["ending"] == "surrender"
    assert side_result(state, "attacker")["card_gains"] == {"materials": 2}
    typed = read_result(CombatResult, result(state))
    assert typed.gained(0) == {"materials": 2} and typed.paid(0) == {"gold": 10}
    assert typed.gained(1) == {"gold": 10} and typed.paid(1) == {}
    assert "card_gains" not in side_result(state, "defender")


def test_gold_from_a_card_is_gained_as_well() -> None:
    """Issue 24 §2, artifacts.yaml Endless Bag of Gold (option 2: remove it, gain 6 Gold): the
    Gold a card gives is in ``CombatResult.gained`` beside the Gold the loser pays."""
    state = fight(
        ["griffins:pack@b2"],
        [done("rogues@b3", damage=2)],
        defender_kind="neutral",
        attacker_hero=hero_doc(hand=["endless-bag-of-gold"]),
    )
    act(state, "play", card="endless-bag-of-gold", use="option-2")
    act(state, "attack", target="rogues")
    roll(state, 0)
    assert finished(state)
    typed = read_result(CombatResult, result(state))
    assert typed.gained(0) == {"gold": 6} and typed.paid(0) == {}
    assert typed.gained(1) == {}


def test_a_result_without_card_gains_reads_as_none() -> None:
    """Issue 24 §2 (results written before version 2): a side with no ``card_gains`` gained
    nothing from cards; the winner still gains the Gold the loser paid (§5.20)."""
    state = fight(["halberdiers@a1"], [done("skeletons@d5")])
    act(state, "surrender")
    data = result(state)
    assert all("card_gains" not in side for side in data["sides"])
    typed = read_result(CombatResult, data)
    assert typed.side(0).card_gains == {} and typed.gained(1) == {"gold": 10}
    assert "card_gains" in to_data(typed)["sides"][0]  # the record's field, empty


def test_shipped_battles_are_read_in_both_versions() -> None:
    """Issue 24 §2: shipped battles are written in version 2 where a hero holds resources, and
    at least one stays in version 1, read as before."""
    versions = {}
    for name in shipped_battles():
        doc = yaml.safe_load(shipped_battle(name).read_text(encoding="utf-8"))
        versions[name] = doc["version"]
        state = load_game("homm3-combat", battle=doc).new_initial_state(seed=1)
        assert state.to_position()["version"] == 2
    assert versions["hero-battle.yaml"] == 2 and 1 in versions.values()


def test_the_schema_knows_both_versions() -> None:
    """docs/homm3-battle.md: the shipped JSON schema accepts version 2's fields and refuses them
    in a version-1 file."""
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    doc = battle(["griffins@a1"], [done("skeletons@d5")], version=2)
    doc["attacker"]["hero"]["materials"] = 3
    doc["attacker"]["card_gains"] = {"valuables": 1}
    validator.validate(doc)
    assert not validator.is_valid({**doc, "version": 1})
    doc["attacker"]["card_gains"] = {"wood": 1}
    assert not validator.is_valid(doc)


def test_old_saves_and_positions_keep_loading() -> None:
    """Issue 24 §2: a save and a finished battle file written before version 2 (a baseline game
    recorded on 4d919e2, tests/baseline) load; the file as version 1, its heroes holding no
    Building Materials or Valuables, its result's sides no card gains."""
    path = BASELINE / "h3-hero-battle-0037-random-random.json.gz"
    doc = json.loads(gzip.decompress(path.read_bytes()))
    record = GameRecord.from_json(doc["record"])
    game = load_game(record.game, **record.params)
    saved = game.deserialize_state(json.dumps(doc["final_save"]))
    assert saved.is_terminal() and saved.battle.armies[0].hero.materials == 0
    final = doc["final_position"]
    assert final["version"] == 1 and final["pending"] == []
    state = load_game("homm3-combat", battle=final).new_initial_state(seed=0)
    assert state.to_position() == version_2(final)
    assert read_result(CombatResult, state.flow.result).side(0).card_gains == {}


def test_a_cards_gold_can_pay_a_surrender() -> None:
    """homm3.md §5.20, §9.5 and issue 24 §2: the Gold a card gave is the hero's at once, so a
    surrender pays with it; the player ends with what the battle's hero holds when what it
    gained comes before what it paid (2 + 3 - 5 = 0; paying first would leave 3)."""
    state = fight(
        ["halberdiers@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_doc(gold=2, hand=["endless-bag-of-gold"]),
        version=2,
    )
    act(state, "play", card="endless-bag-of-gold", use="option-1")
    act(state, "surrender")
    typed = read_result(CombatResult, result(state))
    assert typed.gained(0) == {"gold": 3} and typed.paid(0) == {"gold": 5}
    assert state.battle.armies[0].hero.gold == 2 + 3 - 5 == 0
    assert typed.gained(1) == {"gold": 5}
