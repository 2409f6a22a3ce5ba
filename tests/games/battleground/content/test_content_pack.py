"""The shipped Battleground content pack: it loads, and it says what the rulebook says.

Every test names the rulebook section (or battleground.md item) whose statement it checks.
"""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import BaseModel

from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.content.characters import shipped_characters
from rulekeeper.games.battleground.content.checks import uncovered
from rulekeeper.games.battleground.content.effects import (
    CUSTOM_EFFECTS,
    Ability,
    Custom,
    Debuff,
    ExtraDice,
    InDifficultTerrain,
    PlaceMark,
    StatModifier,
)
from rulekeeper.games.battleground.content.equipment import WeaponCard
from rulekeeper.games.battleground.content.forces import validate_force
from rulekeeper.games.battleground.content.pack import (
    ContentPack,
    check_content_pack,
    load_content_pack,
)


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return load_content_pack()


def _wounds(weapon: WeaponCard, successes: int) -> int | None:
    row = weapon.result_for(successes)
    if row is None:
        return None
    return sum(getattr(effect, "amount", 0) for effect in row.effects if effect.kind == "wounds")


def test_shipped_pack_loads_without_problems() -> None:
    """battleground.md §1: the authored card data is a validated content pack."""
    assert check_content_pack() == []
    assert load_content_pack() is load_content_pack()  # cached: loaded and checked once


def test_characters_module_still_serves_the_game(pack: ContentPack) -> None:
    """Character Card: ``shipped_characters`` (the cards alone) agrees with the pack."""
    cards = shipped_characters()
    assert set(cards) == set(pack.characters)
    assert cards["he-man"].speed == pack.characters["he-man"].speed


# --- values the rulebook prints -----------------------------------------------------------


def test_stated_character_stats(pack: ContentPack) -> None:
    """Tests: He-Man strength 5; Move: speed 5, 8 focused; Test Example: Ram Man strength 4;
    Ranged Attack Example: Man-At-Arms perception 4, Skeletor toughness 3."""
    he_man = pack.characters["he-man"]
    assert (he_man.strength, he_man.speed, he_man.focused_speed) == (5, 5, 8)
    assert pack.characters["ram-man"].strength == 4
    assert pack.characters["man-at-arms"].perception == 4
    assert pack.characters["skeletor"].toughness == 3


def test_the_ten_characters_of_the_box(pack: ContentPack) -> None:
    """Component List: five Masters and five Evil Warriors, none massive (battleground.md §1)."""
    by_faction = Counter(card.faction for card in pack.characters.values())
    assert by_faction == {"masters": 5, "evil": 5}
    assert {card.name for card in pack.characters.values()} == {
        "He-Man",
        "Man-At-Arms",
        "Ram Man",
        "Orko",
        "Stratos",
        "Skeletor",
        "Mer-Man",
        "Trap Jaw",
        "Tri-Klops",
        "Evil-Lyn",
    }
    assert not any(card.massive for card in pack.characters.values())
    assert all(card.skills for card in pack.characters.values())


def test_master_tactician_has_an_ap_and_a_mana_cost(pack: ContentPack) -> None:
    """Use an Active Skill: "Man-At-Arms' Master Tactician skill has both an AP and a Mana Cost"."""
    skill = next(s for s in pack.characters["man-at-arms"].skills if s.name == "Master Tactician")
    assert skill.active
    assert skill.ap_cost > 0
    assert skill.mana_cost > 0


def test_sword_of_power_table(pack: ContentPack) -> None:
    """Attack: Sword of Power, 1-2 successes 1 wound, 3-4 successes 2, 5 or more 3."""
    sword = pack.weapons["sword-of-power"]
    assert sword.type == "melee"
    assert [_wounds(sword, n) for n in range(8)] == [None, 1, 1, 2, 2, 3, 3, 3]
    assert sword.range is None and sword.mana_cost is None


def test_arm_cannon(pack: ContentPack) -> None:
    """Ranged Attack Example: Arm Cannon, range 12", no dice modifier, 1 success = 1 wound."""
    cannon = pack.weapons["arm-cannon"]
    assert (cannon.type, cannon.range, cannon.dice) == ("ranged", 12, 0)
    assert _wounds(cannon, 1) == 1
    assert cannon.result_for(1) is not None
    assert [e.kind for e in cannon.result_for(1).effects] == ["wounds"]  # type: ignore[union-attr]


def test_flamethrower_range(pack: ContentPack) -> None:
    """Determining Range: the Flamethrower is ranged with a range of 8"."""
    flamethrower = pack.weapons["flamethrower"]
    assert (flamethrower.type, flamethrower.range) == ("ranged", 8)


def test_trident_extra_die_in_difficult_terrain(pack: ContentPack) -> None:
    """Melee Attack: the Trident adds a die if the target is in difficult terrain."""
    trident = pack.weapons["trident"]
    assert trident.type == "melee"
    [ability] = trident.ability
    assert ability.when == "on_attack"
    [effect] = ability.effects
    assert isinstance(effect, ExtraDice)
    assert effect.amount == 1
    assert effect.condition == InDifficultTerrain(kind="in_difficult_terrain", who="target")
    assert ability.condition is None  # nothing else gates it


def test_fireball_is_an_area_spell_of_two_hexes(pack: ContentPack) -> None:
    """Area Attacks: Fireball's area is two hexes around the initial target."""
    fireball = pack.weapons["fireball"]
    assert (fireball.type, fireball.area) == ("spell", 2)
    assert fireball.mana_cost is not None and fireball.range is not None


def test_every_weapon_the_rulebook_names(pack: ContentPack) -> None:
    """First Game Setup and Attack name these weapons (and the types of some of them)."""
    types = {w.name: w.type for w in pack.weapons.values()}
    assert types["Magic Blast"] == "spell"
    assert types["Laser Rifle"] == "ranged"
    for name in ("Mace", "Havoc Staff", "Hook Attachment"):
        assert name in types


def test_the_rulebooks_examples_are_legal_equipment(pack: ContentPack) -> None:
    """Attack: Mer-Man with Magic Blast and Laser Rifle; Area Attacks: Evil-Lyn's Fireball;
    Extra Effects: He-Man with a Grayskull Ring."""
    mer_man = {"character": "mer-man", "weapons": ["magic-blast", "laser-rifle"]}
    assert validate_force(pack, {"faction": "evil", "characters": [mer_man]}, None) == []
    evil_lyn = {"character": "evil-lyn", "weapons": ["fireball"]}
    assert validate_force(pack, {"faction": "evil", "characters": [evil_lyn]}, None) == []
    he_man = {"character": "he-man", "items": ["grayskull-ring"]}
    assert validate_force(pack, {"faction": "masters", "characters": [he_man]}, None) == []


def test_grayskull_ring_is_passive_and_needs_three_successes(pack: ContentPack) -> None:
    """Extra Effects: the Grayskull Ring's passive skill requires at least three successes."""
    ring = pack.items["grayskull-ring"]
    [skill] = ring.skills
    assert not skill.active
    [ability] = skill.abilities
    assert ability.when == "after_attack"
    assert ability.condition is not None
    assert ability.condition.kind == "successes_at_least"
    assert ability.condition.n == 3


def test_the_items_the_rulebook_describes(pack: ContentPack) -> None:
    """Items: a passive mind +1 item; Power Gain costing 1 AP and 1 mana; once per game gain
    1 AP; Disposable Items."""
    skills = [(item, skill) for item in pack.items.values() for skill in item.skills]
    mind = [
        item
        for item, skill in skills
        for ability in skill.abilities
        if not skill.active
        and ability.when == "passive"
        and StatModifier(kind="stat", stat="mind", amount=1) in ability.effects
    ]
    assert mind
    power_gain = [skill for _, skill in skills if skill.name == "Power Gain"]
    assert [(s.ap_cost, s.mana_cost) for s in power_gain] == [(1, 1)]
    once = [
        ability
        for _, skill in skills
        for ability in skill.abilities
        if ability.limit == "once_per_game"
        and [e.model_dump() for e in ability.effects] == [{"kind": "gain_ap", "amount": 1}]
    ]
    assert once
    disposable = [item for item in pack.items.values() if item.disposable]
    assert len(disposable) >= 3
    for item in disposable:
        assert all(not s.active and s.abilities[0].when == "at_will" for s in item.skills)


def test_example_fate_card(pack: ContentPack) -> None:
    """Select Cards / Resolve Card: a fate card with initiative 3, 2 AP and 2 mana."""
    example = pack.fate["masters-by-the-power"]
    assert (example.initiative, example.ap, example.mana) == (3, 2, 2)
    assert set(example.source) == {"initiative", "ap", "mana"}


def test_example_side_mission(pack: ContentPack) -> None:
    """Side Missions: knock out an enemy using a melee weapon in the activation or
    interruption in which the card was played."""
    missions = [card.mission.model_dump() for card in pack.glory.values()]
    assert {"kind": "knock_out_with", "weapon_type": "melee"} in missions


def test_first_game_setup_exactly_as_printed(pack: ContentPack) -> None:
    """First Game Setup, step 2 (forces and equipment) and step 5 (20 fate, 2 glory cards)."""
    sides = {side.faction: side for side in pack.setups.first_game.sides}
    printed: dict[str, dict[str, tuple[list[str], list[str]]]] = {
        "masters": {
            "he-man": (["sword-of-power"], []),
            "stratos": (["flamethrower"], []),
            "man-at-arms": (["arm-cannon", "mace"], []),
        },
        "evil": {
            "skeletor": (["havoc-staff", "magic-blast"], []),
            "mer-man": (["trident"], []),
            "trap-jaw": (["hook-attachment"], []),
        },
    }
    for faction, forces in printed.items():
        side = sides[faction]  # type: ignore[index]
        got = {c.character: (c.weapons, c.items) for c in side.characters}
        assert got == forces
        assert sum(side.fate_deck.values()) == 20
        assert all(pack.fate[card].faction == faction for card in side.fate_deck)
        assert len(side.glory) == 2
        assert all(pack.glory[card].faction == faction for card in side.glory)


def test_standard_setup_points_limit(pack: ContentPack) -> None:
    """battleground.md §1: Standard Setup forces are built to 100 points."""
    assert pack.setups.standard.points_limit == 100


def test_component_tokens_have_their_cards(pack: ContentPack) -> None:
    """Component List: one Tri-Klops debuff token and one Mer-Man mark token."""
    effects = [
        effect
        for card in pack.characters.values()
        for skill in card.skills
        for ability in skill.abilities
        for effect in ability.effects
    ]
    assert any(isinstance(e, Debuff) and e.unique and e.name == "tri-klops" for e in effects)
    assert any(isinstance(e, PlaceMark) and e.mark == "mer-man" for e in effects)


# --- counts ---------------------------------------------------------------------------------


def test_counts(pack: ContentPack) -> None:
    """battleground.md §1: at least 20 weapons, 12 items, 20 + 20 faction fate cards, 20 neutral,
    6 glory cards; Component List: 96 fate and 18 glory cards in the box."""
    assert len(pack.weapons) >= 20
    assert len(pack.items) >= 12
    fate = Counter()  # type: Counter[str]
    for card in pack.fate.values():
        fate[card.faction] += card.count
    assert fate["masters"] == 20
    assert fate["evil"] == 20
    assert fate["neutral"] >= 20
    assert sum(fate.values()) == 96
    glory = Counter(card.faction for card in pack.glory.values() for _ in range(card.count))
    assert glory["masters"] == 2 and glory["evil"] == 2
    assert sum(glory.values()) == 18


def test_fate_and_glory_numbers_follow_the_documented_budget(pack: ContentPack) -> None:
    """docs/content.md: initiative + 2 x AP + mana = 9 (fate) and 10 (glory); the rulebook's
    example card (3, 2, 2) sets the fate budget."""
    for fate in pack.fate.values():
        assert fate.initiative + 2 * fate.ap + fate.mana == 9, fate.id
    for glory in pack.glory.values():
        assert glory.initiative + 2 * glory.ap + glory.mana == 10, glory.id
    initiatives = {card.initiative for card in pack.fate.values()}
    assert min(initiatives) == 1 and max(initiatives) == 7


def test_every_character_has_real_choices(pack: ContentPack) -> None:
    """battleground.md §1: every character has choices: at least 2 weapons and 2 items it may
    take in a legal force within the 100-point limit."""
    limit = pack.setups.standard.points_limit
    for character in pack.characters.values():
        weapons = [
            w
            for w in pack.weapons
            if not validate_force(
                pack,
                {
                    "faction": character.faction,
                    "characters": [{"character": character.id, "weapons": [w]}],
                },
                limit,
            )
        ]
        items = [
            i
            for i in pack.items
            if not validate_force(
                pack,
                {
                    "faction": character.faction,
                    "characters": [{"character": character.id, "items": [i]}],
                },
                limit,
            )
        ]
        assert len(weapons) >= 2, character.id
        assert len(items) >= 2, character.id


# --- provisional values ---------------------------------------------------------------------


def _all_cards(pack: ContentPack) -> list[object]:
    return [
        *pack.characters.values(),
        *pack.weapons.values(),
        *pack.items.values(),
        *pack.fate.values(),
        *pack.glory.values(),
        pack.setups.standard,
    ]


def test_every_value_is_provisional_or_sourced(pack: ContentPack) -> None:
    """battleground.md §1: every authored value the rulebook does not state is marked
    provisional; the stated ones cite their section."""
    for card in _all_cards(pack):
        assert uncovered(card) == [], getattr(card, "id", card)  # type: ignore[arg-type]


def test_provisional_spot_checks(pack: ContentPack) -> None:
    """battleground.md §1: unstated values are provisional, stated ones are not."""
    he_man = pack.characters["he-man"]
    assert {"health", "cost", "skills"} <= set(he_man.provisional)
    assert {"strength", "speed", "focused_speed"} <= set(he_man.source)
    assert not {"strength", "speed", "focused_speed"} & set(he_man.provisional)
    assert "toughness" in pack.characters["skeletor"].source
    assert "toughness" not in pack.characters["skeletor"].provisional
    sword = pack.weapons["sword-of-power"]
    assert "results" in sword.source and {"cost", "dice"} <= set(sword.provisional)
    cannon = pack.weapons["arm-cannon"]
    assert "results[0]" in cannon.source and "results[1]" in cannon.provisional
    assert {"range", "dice"} <= set(cannon.source)
    assert "area" in pack.weapons["fireball"].source
    assert "mana_cost" in pack.weapons["fireball"].provisional
    assert "ability" in pack.weapons["trident"].source
    example = pack.fate["masters-by-the-power"]
    assert {"name", "ability", "faction"} <= set(example.provisional)
    tactician = pack.characters["man-at-arms"]
    assert "skills[0].name" in tactician.source
    assert {"skills[0].ap_cost", "skills[0].mana_cost"} <= set(tactician.provisional)
    invented = pack.weapons["battle-axe"]
    assert {"name", "type", "results", "cost"} <= set(invented.provisional)
    assert not invented.source


def test_uncovered_finds_a_value_missing_from_provisional(pack: ContentPack) -> None:
    """battleground.md §1: the coverage test itself can fail."""
    he_man = pack.characters["he-man"]
    stripped = he_man.model_copy(
        update={"provisional": [p for p in he_man.provisional if p != "mind"]}
    )
    assert uncovered(stripped) == ["mind"]
    cannon = pack.weapons["arm-cannon"]
    partial = cannon.model_copy(
        update={"provisional": [p for p in cannon.provisional if p != "results[2]"]}
    )
    assert uncovered(partial) == [
        "results[2].successes",
        "results[2].effects[0].kind",
        "results[2].effects[0].amount",
    ]


# --- the vocabulary as used -----------------------------------------------------------------


def _abilities(pack: ContentPack) -> list[Ability]:
    found: list[Ability] = [a for w in pack.weapons.values() for a in w.ability]
    found += [card.ability for card in pack.fate.values() if isinstance(card, FateCard)]
    skills = [s for c in pack.characters.values() for s in c.skills]
    skills += [s for i in pack.items.values() for s in i.skills]
    found += [a for skill in skills for a in skill.abilities]
    return found


def _custom_ids(value: object) -> set[str]:
    if isinstance(value, Custom):
        return {value.id}
    found: set[str] = set()
    if isinstance(value, list):
        for item in value:
            found |= _custom_ids(item)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            found |= _custom_ids(getattr(value, name))
    return found


def test_every_registered_custom_effect_is_used_and_vice_versa(pack: ContentPack) -> None:
    """battleground.md §1 (rich enough for real play): the engine must implement exactly the
    custom effects listed in CUSTOM_EFFECTS, no more, no fewer."""
    used = set().union(*(_custom_ids(a) for a in _abilities(pack)))
    assert used == set(CUSTOM_EFFECTS)


def test_glory_cards_are_glory_cards(pack: ContentPack) -> None:
    """Side Missions: each glory card has a mission and its VP."""
    assert all(isinstance(card, GloryCard) and card.vp > 0 for card in pack.glory.values())
    kinds = {card.mission.kind for card in pack.glory.values()}
    assert len(kinds) >= 5
