"""Card texts generated from the effect data (issue 9 §1; docs/content.md, *Card texts*): every
card, skill, weapon and mission of the shipped pack reads with its numbers, an override replaces
the words, and an edited number shows in the text."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.content.effects import Skill
from rulekeeper.games.battleground.content.pack import ContentPack, load_content_pack
from rulekeeper.games.battleground.views import card_text

# Fields that are not rules numbers a player needs from the card's text (points, box copies).
NOT_SHOWN = frozenset({"cost", "copies", "count", "weapon_slots", "item_slots", "source"})


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return load_content_pack()


def numbers(value: Any) -> set[str]:
    """Every number of a card's data that its text must show, written as the text writes it."""
    found: set[str] = set()
    if isinstance(value, BaseModel):
        value = value.model_dump(exclude_none=True)
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in NOT_SHOWN:
                found |= numbers(item)
    elif isinstance(value, list):
        for item in value:
            found |= numbers(item)
    elif isinstance(value, bool):
        return found
    elif isinstance(value, int | float) and value:  # 0: no cost, nothing to show
        found.add(f"{abs(value):g}")
    return found


def all_ids(pack: ContentPack) -> list[str]:
    return [*pack.characters, *pack.weapons, *pack.items, *pack.fate, *pack.glory]


def test_every_card_has_a_text_with_its_numbers(pack: ContentPack) -> None:
    """Every card of the shipped pack reads with each number of its data (stats, initiative, AP,
    mana, VP, range, dice, result rows, effect amounts)."""
    for card_id in all_ids(pack):
        text = card_text.text_of(pack, card_id)
        assert text.strip(), card_id
        card: Any = (
            pack.characters.get(card_id)
            or pack.weapons.get(card_id)
            or pack.items.get(card_id)
            or pack.fate.get(card_id)
            or pack.glory.get(card_id)
        )
        assert card.name in text
        missing = {n for n in numbers(card) if n not in text}
        assert not missing, f"{card_id}: {missing} not in {text!r}"


def test_every_skill_and_mission_has_a_text(pack: ContentPack) -> None:
    """Rulebook, Skills and Side Missions: each skill names its cost and effects; each mission
    its condition and numbers (rules/missions.py)."""
    skills = [s for c in pack.characters.values() for s in c.skills]
    skills += [s for i in pack.items.values() for s in i.skills]
    for skill in skills:
        text = card_text.text_of(pack, skill.id)
        assert skill.name in text
        assert ("active" in text) == skill.active
        assert not {n for n in numbers(skill) if n not in text}, text
    for card in pack.glory.values():
        text = card_text.mission_text(card.mission)
        assert text.strip()
        assert not {n for n in numbers(card.mission) if n not in text}, text
        assert f"{card.vp} VP" in card_text.bonus_text(card)


def test_weapon_text_lists_range_and_result_table(pack: ContentPack) -> None:
    """Rulebook, Attack: the row with the most successes reached applies; each row is shown."""
    for weapon in pack.weapons.values():
        text = card_text.weapon_text(weapon)
        if weapon.range is not None:
            assert f'range {weapon.range:g}"' in text
        for row in weapon.results:
            assert f"{row.successes}+:" in text


def test_an_override_replaces_the_generated_words(pack: ContentPack) -> None:
    """docs/content.md: ``text_override`` replaces the words, the numbers stay from the data."""
    fate = next(c for c in pack.fate.values() if c.ability.when == "on_attack")
    generated = card_text.ability_text(fate.ability)
    edited = fate.model_copy(update={"text_override": "Hit harder."})
    text = card_text.play_card_text(edited)
    assert "Hit harder." in text and generated not in text
    assert f"initiative {fate.initiative}" in text
    glory = next(iter(pack.glory.values()))
    text = card_text.play_card_text(glory.model_copy(update={"text_override": "Win big."}))
    assert "Win big." in text and card_text.mission_text(glory.mission) not in text
    weapon = pack.weapons["arm-cannon"]
    text = card_text.weapon_text(weapon.model_copy(update={"text_override": "Boom."}))
    assert "Boom." in text and "push" not in text and "range 12" in text
    character = pack.characters["he-man"]
    text = card_text.character_text(character.model_copy(update={"text_override": "Hero."}))
    assert "Hero." in text and character.skills[0].name not in text
    skill = character.skills[0]
    text = card_text.skill_text(skill.model_copy(update={"text_override": "Shine."}))
    assert text.endswith("Shine.")


def test_the_override_loads_from_a_pack() -> None:
    """docs/content.md: ``text_override`` is an optional field of the card and skill schemas."""
    assert FateCard.model_fields["text_override"].default is None
    assert GloryCard.model_fields["text_override"].default is None
    assert Skill.model_fields["text_override"].default is None
    data = {"id": "s", "name": "S", "text_override": "x", "abilities": []}
    with pytest.raises(ValueError):
        Skill.model_validate(data)  # abilities still required: the override adds no bypass
    data["abilities"] = [{"when": "immediately", "effects": [{"kind": "gain_ap", "amount": 1}]}]
    assert Skill.model_validate(data).text_override == "x"


def test_changing_an_effect_number_changes_the_text(pack: ContentPack) -> None:
    """An edited card shows what the engine enforces: the new number, not the old."""
    weapon = pack.weapons["sword-of-power"]
    rows = [row.model_copy(update={"successes": row.successes + 1}) for row in weapon.results]
    edited = weapon.model_copy(update={"results": rows, "range": None})
    before, after = card_text.weapon_text(weapon), card_text.weapon_text(edited)
    assert before != after
    assert f"{rows[-1].successes}+:" in after
    fate = pack.fate["masters-by-the-power"]
    effect = fate.ability.effects[0].model_copy(update={"amount": 3})
    ability = fate.ability.model_copy(update={"effects": [effect]})
    text = card_text.play_card_text(fate.model_copy(update={"ability": ability, "ap": 4}))
    assert "+3 dice" in text and "4 AP" in text
    assert "+3 dice" not in card_text.play_card_text(fate)
