"""The effect, condition, trigger and mission vocabularies (battleground.md §1; rulebook, Effect
Timing, Buffs and Debuffs, Movement Effects, Side Missions)."""

from __future__ import annotations

import typing

import pytest
from pydantic import TypeAdapter, ValidationError

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.content.base import MISSION_KINDS, format_loc
from rulekeeper.games.battleground.content.cards import Mission
from rulekeeper.games.battleground.content.characters import parse_characters
from rulekeeper.games.battleground.content.checks import StatusRegistry, check_skill
from rulekeeper.games.battleground.content.effects import (
    COMMON_BUFFS,
    COMMON_DEBUFFS,
    CONDITION_KINDS,
    EFFECT_KINDS,
    TRIGGERS,
    Condition,
    Effect,
    Skill,
    Trigger,
)


def _tags(union: object) -> set[str]:
    members = typing.get_args(typing.get_args(union)[0])
    return {typing.get_args(member.model_fields["kind"].annotation)[0] for member in members}


def test_kind_lists_match_the_unions() -> None:
    """battleground.md §1: one closed vocabulary, listed once for the engine and the docs."""
    assert _tags(Effect) == set(EFFECT_KINDS)
    assert _tags(Condition) == set(CONDITION_KINDS)
    assert _tags(Mission) == set(MISSION_KINDS)
    assert set(typing.get_args(Trigger)) == set(TRIGGERS)


def test_rulebook_timings_are_triggers() -> None:
    """Effect Timing: upon activation, at the end of activation, upon interruption, at the end
    of interruption."""
    for timing in (
        "upon_activation",
        "end_of_activation",
        "upon_interruption",
        "end_of_interruption",
    ):
        assert timing in TRIGGERS


def test_common_buffs_and_debuffs() -> None:
    """Buffs and Debuffs: the four most common buffs and debuffs."""
    assert set(COMMON_BUFFS) == {"quickness", "enhancement", "protection", "regeneration"}
    assert set(COMMON_DEBUFFS) == {"cripple", "blind", "knockdown", "curse"}


def test_movement_effect_styles() -> None:
    """Movement Effects: towards, charge, teleport, jump; push, pull and switch."""
    effects = TypeAdapter(list[Effect])
    parsed = effects.validate_python(
        [
            {"kind": "move", "style": style, "points": 3}
            for style in ("towards", "charge", "teleport", "jump")
        ]
        + [{"kind": "push", "hexes": 2}, {"kind": "pull", "hexes": 1}, {"kind": "switch"}]
    )
    assert [e.kind for e in parsed] == ["move"] * 4 + ["push", "pull", "switch"]
    with pytest.raises(ValidationError):
        effects.validate_python([{"kind": "move", "style": "fly", "points": 3}])


def test_group_subjects_need_a_range() -> None:
    """Targeting and Tests: a skill naming characters within a range gives that range."""
    effect = TypeAdapter(Effect)
    assert effect.validate_python({"kind": "wounds", "amount": 1}).who == "target"  # type: ignore[union-attr]
    with pytest.raises(ValidationError, match="needs a range"):
        effect.validate_python({"kind": "heal", "amount": 1, "who": "allies_in_range"})
    with pytest.raises(ValidationError, match="range only goes with"):
        effect.validate_python({"kind": "heal", "amount": 1, "who": "self", "range": 2})


def test_error_paths_drop_union_tags() -> None:
    """battleground.md §1 (DataError): problems name bracketed field paths."""
    loc = ("weapons", 3, "results", 0, "effects", 1, "wounds", "amount")
    assert format_loc(loc) == "weapons[3].results[0].effects[1].amount"
    assert format_loc(("ability", "condition", "successes_at_least", "n")) == "ability.condition.n"
    assert format_loc(("effects", 0, "stat", "stat")) == "effects[0].stat"
    assert format_loc(()) == "(top level)"


def test_skill_activity_follows_its_cost() -> None:
    """Skills: an active skill has a cost (AP, mana or both); a passive one has none."""
    ability = {"when": "immediately", "effects": [{"kind": "gain_focus"}]}
    assert Skill(id="a", name="A", ap_cost=1, abilities=[ability]).active
    assert Skill(id="b", name="B", mana_cost=1, abilities=[ability]).active
    assert not Skill(id="c", name="C", abilities=[ability]).active


def _skill(data: dict[str, object]) -> Skill:
    return Skill.model_validate({"id": "s", "name": "S", **data})


def test_placement_rules() -> None:
    """Skills / Effect Timing: a passive skill cannot fire `immediately`; an active skill
    resolves when used; stat modifiers are passive."""
    out: list[DataError] = []
    registry = StatusRegistry.empty()
    check_skill(
        _skill(
            {"abilities": [{"when": "immediately", "effects": [{"kind": "heal", "amount": 1}]}]}
        ),
        "f",
        "s",
        out,
        registry,
    )
    check_skill(
        _skill(
            {
                "ap_cost": 1,
                "abilities": [
                    {"when": "passive", "effects": [{"kind": "stat", "stat": "mind", "amount": 1}]}
                ],
            }
        ),
        "f",
        "t",
        out,
        registry,
    )
    check_skill(
        _skill(
            {
                "abilities": [
                    {
                        "when": "upon_activation",
                        "effects": [{"kind": "stat", "stat": "mind", "amount": 1}],
                    }
                ]
            }
        ),
        "f",
        "u",
        out,
        registry,
    )
    assert [str(p) for p in out] == [
        "f: s.abilities[0].when: a passive skill fires at at_will, passive, upon_activation, "
        "end_of_activation, upon_interruption, end_of_interruption, on_attack, after_attack, "
        "on_defence, on_knock_out, not immediately",
        "f: t.abilities[0].when: an active skill fires at immediately, on_attack, after_attack, "
        "on_defence, on_knock_out, not passive",
        "f: u.abilities[0].effects[0]: stat is a passive modifier, not for upon_activation",
    ]


def test_disposable_skills_are_free_and_at_will() -> None:
    """Disposable Items: used as a free action before or after any standard action."""
    out: list[DataError] = []
    skill = _skill(
        {
            "mana_cost": 1,
            "abilities": [{"when": "immediately", "effects": [{"kind": "gain_focus"}]}],
        }
    )
    check_skill(
        skill, "items.yaml", "items[0].skills[0]", out, StatusRegistry.empty(), disposable=True
    )
    assert [str(p) for p in out] == [
        "items.yaml: items[0].skills[0]: a disposable item's skill is used as a free action: no "
        "AP or mana cost",
        "items.yaml: items[0].skills[0].abilities[0].when: a disposable skill fires at at_will, "
        "not immediately",
    ]


def test_a_unique_status_means_one_thing() -> None:
    """Buffs and Debuffs: each unique buff or debuff has its own token and rules."""

    def hexed(amount: int) -> Skill:
        debuff = {
            "kind": "debuff",
            "name": "hexed",
            "unique": True,
            "ongoing": {"when": "on_defence", "effects": [{"kind": "scope", "amount": amount}]},
        }
        return _skill(
            {
                "ap_cost": 1,
                "abilities": [
                    {
                        "when": "immediately",
                        "target": {"side": "enemy", "range": 6},
                        "effects": [debuff | {"who": "target"}],
                    }
                ],
            }
        )

    out: list[DataError] = []
    registry = StatusRegistry.empty()
    check_skill(hexed(-1), "a.yaml", "x", out, registry)
    check_skill(hexed(-1), "b.yaml", "y", out, registry)
    assert out == []
    check_skill(hexed(-2), "c.yaml", "z", out, registry)
    assert [str(p) for p in out] == [
        "c.yaml: z.abilities[0].effects[0]: unique debuff 'hexed' differs from its definition at "
        "a.yaml: x.abilities[0].effects[0]"
    ]


def test_targets_only_where_there_is_one() -> None:
    """Targeting and Tests: a skill requiring a target chooses one; attack triggers have one."""
    out: list[DataError] = []
    registry = StatusRegistry.empty()
    passive = _skill(
        {
            "abilities": [
                {
                    "when": "end_of_activation",
                    "condition": {"kind": "engaged", "who": "target"},
                    "effects": [{"kind": "push", "hexes": 1}],
                },
                {"when": "after_attack", "effects": [{"kind": "push", "hexes": 1}]},
                {
                    "when": "on_attack",
                    "target": {"side": "enemy", "range": 3},
                    "effects": [{"kind": "scope", "amount": 1}],
                },
            ]
        }
    )
    check_skill(passive, "f", "p", out, registry)
    assert [str(p) for p in out] == [
        "f: p.abilities[0].condition: who: target, but a passive skill has no target",
        "f: p.abilities[0].effects[0]: push needs a target, but a passive skill has none",
        "f: p.abilities[2].target: at on_attack the target is the attack's; drop target",
    ]


def test_parse_characters_reports_bracketed_paths() -> None:
    """Character Card: the single-file loader used by the game names the faulty card."""
    text = """
characters:
  - {id: a, name: A, faction: masters, health: 1, strength: 1, perception: 1, power: 1,
     toughness: 1, mind: 1, speed: 1, focused_speed: 1, cost: 1, weapon_types: [melee]}
  - {id: a, name: B, faction: evil, health: 1, strength: 1, perception: 1, power: 1,
     toughness: 1, mind: 1, speed: 1, focused_speed: 1, cost: 1, weapon_types: [melee]}
"""
    with pytest.raises(DataError) as caught:
        parse_characters(text, "mine.yaml")
    assert (
        str(caught.value)
        == "mine.yaml: characters[1].id: duplicate id 'a' (first at characters[0])"
    )
    with pytest.raises(
        DataError, match=r"mine.yaml: characters\[0\].focused_speed: Input should be"
    ):
        parse_characters(
            text.replace(
                "focused_speed: 1, cost: 1, weapon_types: [melee]}\n  - ",
                "focused_speed: x, cost: 1, weapon_types: [melee]}\n  - ",
                1,
            ),
            "mine.yaml",
        )
