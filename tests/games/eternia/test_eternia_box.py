"""The rest of the Fields of Eternia box as content data (issue 28 §1, first bullet): victory
cards, events, the scenario decks, the boss and the components (spec §2, §4, §5.14–§5.16,
§5.21); every objective, task and effect kind used; broken copies refused naming their field."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.core import DataError
from rulekeeper.games.eternia.combat import abilities
from rulekeeper.games.eternia.combat.abilities import IMPLEMENTED, MAP_KINDS
from rulekeeper.games.eternia.content.components import FILE, load_components
from rulekeeper.games.eternia.content.effects import EFFECT_KINDS, TRIGGERS
from rulekeeper.games.eternia.content.map_cards import BOSS_MOMENTS, EVENT_MOMENTS
from rulekeeper.games.eternia.content.objectives import OBJECTIVE_KINDS, TASK_KINDS
from rulekeeper.games.eternia.content.pack import (
    PACK_FILES,
    ContentPack,
    check_content_pack,
    load_content_pack,
)

SHIPPED = Path(str(resources.files("rulekeeper.games.eternia.content")))
MAP_TRIGGERS = ("event", "preparation", "end-of-turn", "defeat", "end-of-combat", "movement", "map")

NEW_KINDS = {
    "lose-eternium",
    "heal-all",
    "damage-heroes-in-wilds",
    "place-soldiers",
    "remove-soldiers",
    "draw-encounter",
    "refresh-offers",
    "extra-action",
    "spread-vines",
    "remove-vines",
}
"""The effect kinds the map cards added (spec §5.15, §5.16, §1.3)."""


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return load_content_pack()


def _copy(folder: Path) -> Path:
    """A copy of the shipped pack's files (and components) in *folder*."""
    folder.mkdir()
    for name in (*PACK_FILES, FILE):
        shutil.copy(SHIPPED / name, folder / name)
    return folder


def _patch(folder: Path, name: str, path: str, value: Any) -> None:
    """Set the value at *path* (dots and [indexes]; None deletes it) in file *name*."""
    doc = yaml.safe_load((folder / name).read_text(encoding="utf-8"))
    parts = [
        int(p) if p.isdigit() else p for p in path.replace("[", ".").replace("]", "").split(".")
    ]
    target = doc
    for part in parts[:-1]:
        target = target[part]
    if value is None:
        del target[parts[-1]]
    else:
        target[parts[-1]] = value
    (folder / name).write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")


def test_the_box_counts_its_map_cards(pack: ContentPack) -> None:
    """Spec §2.4 (seed l.63, l.85–93): 26 victory cards, 12 events, two scenario decks of 13,
    one boss; ids unique across the encounter deck (allies, beasts, events)."""
    assert (len(pack.victory_cards), len(pack.events), len(pack.bosses)) == (26, 12, 1)
    decks = Counter(card.deck for card in pack.scenario_cards.values())
    assert decks == {"fractures-in-time": 13, "evil-seed": 13}
    assert len(pack.scenario_deck("evil-seed")) == 13
    encounter = [*pack.allies, *pack.beasts, *pack.events]
    assert len(encounter) == len(set(encounter)) == 32
    assert "evil-seed" in pack.bosses and pack.bosses["evil-seed"].boss


def test_scenario_decks_reference_their_epic_beasts(pack: ContentPack) -> None:
    """Spec §2.4, §5.16, §3.4 item 8: a deck's epic beast cards name beasts of that deck; the
    skirmish deck is every epic beast with a taming cost."""
    refs = [card for card in pack.scenario_cards.values() if not card.mission]
    assert {card.beast for card in refs} == set(pack.epic_beasts)
    for card in refs:
        assert card.beast is not None and card.deck in pack.epic_beasts[card.beast].decks
    missions = [card for card in pack.scenario_cards.values() if card.mission]
    assert all(card.vp and card.tasks for card in missions)
    assert any(b.taming_cost is not None for b in pack.epic_beasts.values())


def test_every_objective_task_and_effect_kind_is_used(pack: ContentPack) -> None:
    """Spec §2.4, §5.14–§5.16: each kind of the new vocabularies is used by some card, and
    every effect kind the pack uses is carried out by combat or listed as the map game's."""
    objectives = {
        o.kind for card in pack.victory_cards.values() for o in (card.primary, card.secondary)
    }
    assert objectives == set(OBJECTIVE_KINDS) and len(OBJECTIVE_KINDS) <= 15
    tasks = {task.kind for card in pack.scenario_cards.values() for task in card.tasks.values()}
    assert tasks == set(TASK_KINDS)
    used = set(pack.effect_users())
    assert used <= IMPLEMENTED | set(MAP_KINDS) and used <= set(EFFECT_KINDS)
    assert used >= NEW_KINDS
    package = Path(abilities.__file__).parents[1] / "map"
    for kind in NEW_KINDS:  # each names the map game's module that carries it out
        modules = re.findall(r"map/([a-z_]+\.py)", MAP_KINDS[kind])
        assert modules and all((package / m).exists() for m in modules), kind
    assert all(OBJECTIVE_KINDS.values()) and all(TASK_KINDS.values())


def test_the_pack_uses_every_trigger_point(pack: ContentPack) -> None:
    """Spec §5.21: the pack as a whole uses every trigger point (combat's and the map's)."""
    assert set(MAP_TRIGGERS) <= set(TRIGGERS)
    assert pack.triggers() == set(TRIGGERS)
    assert set(EVENT_MOMENTS) | set(BOSS_MOMENTS) == set(MAP_TRIGGERS)


def test_components_factions_tokens_and_rules() -> None:
    """Spec §2.3, §2.5, §3.1, §4: factions with bases and 15 soldiers, tokens, the numbers."""
    found = load_components(None)
    bases = {faction.id: faction.base for faction in found.factions}
    assert bases == {"motu": "castle-grayskull", "evil-warriors": "temple-of-serpos"}
    assert {(f.soldiers, f.wild_dice, f.activation_tokens) for f in found.factions} == {(15, 10, 3)}
    assert (found.tokens.mission, found.tokens.vine, found.tokens.eternium) == (14, 12, None)
    rules = found.rules
    assert (rules.eternium_per_hero, rules.eternium_bonus, rules.mounted_compensation) == (3, 1, 4)
    assert (rules.victory_per_hero, rules.flee_cost, rules.rest_heal, rules.night_heal) == (
        1,
        2,
        4,
        1,
    )
    assert [s.skull for s in found.round_track if s.skull][-1] == 4


BROKEN = [
    ("victory_cards.yaml", "victory_cards[25]", None, "victory_cards.yaml", "victory_cards"),
    (
        "victory_cards.yaml",
        "victory_cards[0].primary",
        {"kind": "own-the-moon", "count": 1},
        "victory_cards.yaml",
        "victory_cards[0].primary",
    ),
    (
        "victory_cards.yaml",
        "victory_cards[1].secondary.count",
        None,
        "victory_cards.yaml",
        "victory_cards[1].secondary.count",
    ),
    ("events.yaml", "events[0].effects[0].when", "totals", "events.yaml", "events[0].effects"),
    ("events.yaml", "events[1].id", "dylinx", "events.yaml", "events[1].id"),
    (
        "scenario_cards.yaml",
        "scenario_cards[6].beast",
        "moon-dragon",
        "scenario_cards.yaml",
        "scenario_cards[6].beast",
    ),
    (
        "scenario_cards.yaml",
        "scenario_cards[6].beast",
        "swamp-hydra",
        "scenario_cards.yaml",
        "scenario_cards[6].deck",
    ),
    (
        "scenario_cards.yaml",
        "scenario_cards[0].vp",
        None,
        "scenario_cards.yaml",
        "scenario_cards[0]",
    ),
    (
        "scenario_cards.yaml",
        "scenario_cards[0].tasks.motu.stat",
        "health",
        "scenario_cards.yaml",
        "scenario_cards[0].tasks.motu.stat",
    ),
    ("boss.yaml", "bosses[0].boss", False, "boss.yaml", "bosses[0].boss"),
    (
        "victory_cards.yaml",
        "victory_cards[0].provisional",
        ["primary", "tertiary"],
        "victory_cards.yaml",
        "victory_cards[0].provisional",
    ),
]


@pytest.mark.parametrize(("name", "path", "value", "source", "field"), BROKEN)
def test_a_broken_box_is_refused_naming_its_field(
    tmp_path: Path, name: str, path: str, value: Any, source: str, field: str
) -> None:
    """Spec §2.4: each problem of a patched copy is reported as file: field: reason."""
    folder = _copy(tmp_path / "pack")
    _patch(folder, name, path, value)
    problems = check_content_pack(folder)
    assert (source, field) in {(p.source, p.field) for p in problems}, problems


def test_components_refuse_a_soldier_supply_unlike_the_rules(tmp_path: Path) -> None:
    """Spec §2.3: 15 soldiers a faction, the same in factions and in the rules' numbers."""
    folder = _copy(tmp_path / "pack")
    _patch(folder, FILE, "factions[0].soldiers", 14)
    with pytest.raises(DataError) as caught:
        load_components(str(folder))
    assert (caught.value.source, caught.value.field) == (FILE, "factions[0].soldiers")
