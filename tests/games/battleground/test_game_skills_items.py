"""Skills, items and marks in the complete Battleground game (rulebook: Use an Active Skill,
Skills, Targeting and Tests, Items, Disposable Items, Marks, Buffs and Debuffs)."""

from __future__ import annotations

import pytest
from game_helpers import (
    DARK_AMBITION,
    STEADY_AIM,
    TREACHERY,
    act,
    activate,
    add_fighter,
    arena,
    attack,
    current_test,
    dice,
    end,
    hand,
    kinds,
    legal,
    miss,
    put,
    select,
    start,
    top,
    turn,
)

from rulekeeper.core import IllegalActionError
from rulekeeper.core.hexes import direction_to
from rulekeeper.games.battleground.rules.combat import knock_out_value


def masters_turn(state, character, card=STEADY_AIM, bonus="mana", ap=None):
    hand(state, 0, card)
    select(state, card, None)
    activate(state, character, bonus)
    if ap is not None:
        turn(state).ap = ap


def evil_turn(state, character, card=DARK_AMBITION, bonus="mana", ap=None):
    hand(state, 1, card)
    select(state, None, card)
    activate(state, character, bonus)
    if ap is not None:
        turn(state).ap = ap


# === items [Items; Disposable Items] ==========================================================


def test_item_passive_skill_raises_mind(tmp_path):
    """Rulebook, Items: a passive skill that increases a character's mind by one while the item
    is equipped (Circlet of Wisdom): He-Man defends against a spell with 4 dice, not 3."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 5, 7, facing=0)
    put(state, "he-man", 9, 7, facing=3, items=["circlet-of-wisdom"])
    evil_turn(state, "skeletor")
    attack(state, "magic-blast", "he-man")
    dice(state, 1, 1, 1, 1, 1)
    defence = current_test(state)
    assert (defence.label, defence.dice) == ("He-Man mind", 4)


def test_item_active_skill_costs_ap_and_mana_once_per_activation(tmp_path):
    """Rulebook, Items (Power Gain: the character must spend one AP and one mana; such abilities
    are active skills) and Use an Active Skill (once per activation)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, items=["orb-of-power"], mana=1)
    masters_turn(state, "he-man", ap=5)
    mana = state.fighters["he-man"].mana
    assert legal(state, "use-item", item="orb-of-power")
    act(state, "use-item", item="orb-of-power")
    he_man = state.fighters["he-man"]
    assert (turn(state).ap, he_man.mana, he_man.buff) == (4, mana - 1, "enhancement")
    assert not legal(state, "use-item", item="orb-of-power")
    with pytest.raises(IllegalActionError) as refusal:
        act(state, "use-item", item="orb-of-power")
    assert refusal.value.rule == "Items"


def test_item_active_skill_needs_its_costs(tmp_path):
    """Rulebook, Items: to resolve such an ability, the character must first pay its costs."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, items=["orb-of-power"])
    masters_turn(state, "he-man")
    state.fighters["he-man"].mana = 0
    assert not legal(state, "use-item", item="orb-of-power")


def test_disposable_item_is_free_and_used_once(tmp_path):
    """Rulebook, Disposable Items: used as a free action (no AP), then flipped face down and never
    used again; it still counts towards the character's points value."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, items=["healing-draught"], wounds=3)
    value = knock_out_value(state, state.fighters["he-man"])
    masters_turn(state, "he-man", ap=2)
    act(state, "use-item", item="healing-draught")
    he_man = state.fighters["he-man"]
    assert (he_man.wounds, turn(state).ap) == (1, 2)
    assert he_man.used_items == ["healing-draught"]
    assert "use-item" not in kinds(state)
    assert knock_out_value(state, he_man) == value
    assert value == (
        state.pack.characters["he-man"].cost
        + state.pack.weapons["sword-of-power"].cost
        + state.pack.items["healing-draught"].cost
    )


def test_once_per_game_ability_gains_one_ap_once(tmp_path):
    """Rulebook, Items: 'Once per game, a character can resolve this ability to gain 1 AP' (War
    Horn): available once, never again, not even in a later activation."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, items=["war-horn"])
    hand(state, 0, STEADY_AIM, "masters-heroic-resolve")
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    act(state, "use-item", item="war-horn")
    assert turn(state).ap == 4
    assert "use-item" not in kinds(state)
    end(state)
    he_man = state.fighters["he-man"]
    assert he_man.used_once
    he_man.activated = False  # as if readied again (Ready Characters)
    he_man.cards = []
    select(state, "masters-heroic-resolve", None)
    activate(state, "he-man")
    assert "use-item" not in kinds(state)


# === skills [Skills; Use an Active Skill; Targeting and Tests] ================================


def test_skill_with_a_target_turns_the_character_to_face_it(tmp_path):
    """Rulebook, Targeting and Tests: a skill's target must be in line of sight and the character
    is rotated to face it (Iron Jaw on an engaged enemy); a skill test against a stat gives the
    target a defence test, and its result row applies."""
    state = start(arena(tmp_path))
    put(state, "trap-jaw", 6, 7, facing=0)
    put(state, "he-man", 5, 8, facing=0)  # south-west of Trap Jaw
    evil_turn(state, "trap-jaw", card=TREACHERY)
    act(state, "skill", skill="trap-jaw-iron-jaw")
    assert state.fighters["trap-jaw"].facing == direction_to((6, 7), (5, 8))
    test = current_test(state)
    assert (test.label, test.dice) == ("Trap Jaw strength", 4)
    dice(state, 4, 4, 4, 1)
    defence = current_test(state)
    assert (defence.label, defence.dice, defence.owner) == ("He-Man toughness", 4, 0)
    dice(state, 1, 1, 1, 1)
    assert state.fighters["he-man"].wounds == 2  # 3+ successes: 2 wounds


def test_skill_target_must_be_in_range(tmp_path):
    """Rulebook, Targeting and Tests: a skill's target must be within its range (Iron Jaw: an
    engaged enemy); without one the skill is not offered."""
    state = start(arena(tmp_path))
    put(state, "trap-jaw", 6, 7, facing=0)
    put(state, "he-man", 8, 7, facing=3)
    evil_turn(state, "trap-jaw", card=TREACHERY)
    assert not legal(state, "skill", skill="trap-jaw-iron-jaw")


def test_active_skill_focus_and_mana_for_an_ally(tmp_path):
    """Rulebook, Use an Active Skill (Master Tactician has an AP and a mana cost) and Focus (a
    focused character cannot gain another focus token): the ally within 6" gains a focus token
    and 1 mana."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0, mana=1)
    put(state, "he-man", 8, 7, facing=3)
    put(state, "stratos", 5, 3, facing=3)  # also within 6": the player chooses
    masters_turn(state, "man-at-arms", ap=3)
    mana = state.fighters["man-at-arms"].mana
    act(state, "skill", skill="man-at-arms-master-tactician")
    assert top(state).kind == "ability-target"
    assert {a.get("character") for a in state.legal_actions()} == {"he-man", "stratos"}
    act(state, "target", character="he-man")
    he_man = state.fighters["he-man"]
    assert (he_man.focused, he_man.mana) == (True, 1)
    assert (turn(state).ap, state.fighters["man-at-arms"].mana) == (2, mana - 1)


def test_unique_debuff_exists_once_per_force(tmp_path):
    """Rulebook, Buffs and Debuffs: each force can only have one copy of a unique debuff (the
    Tri-Klops debuff) active at a time: giving it to a second enemy removes it from the first."""
    state = start(arena(tmp_path))
    add_fighter(state, "tri-klops", 1, 5, 10, facing=2, weapons=["long-rifle"])
    put(state, "he-man", 4, 6, facing=5)
    put(state, "stratos", 8, 6, facing=5)
    hand(state, 1, DARK_AMBITION, TREACHERY)
    select(state, None, DARK_AMBITION)
    activate(state, "tri-klops")
    act(state, "skill", skill="tri-klops-triple-vision")
    act(state, "target", character="he-man")
    assert state.fighters["he-man"].debuff == "tri-klops"
    end(state)
    state.fighters["tri-klops"].activated = False
    state.fighters["tri-klops"].cards = []
    select(state, None, TREACHERY)
    activate(state, "tri-klops")
    act(state, "skill", skill="tri-klops-triple-vision")
    act(state, "target", character="stratos")
    assert state.fighters["stratos"].debuff == "tri-klops"
    assert state.fighters["he-man"].debuff == ""


# === marks [Marks] ===============================================================================


def test_mark_is_placed_on_an_empty_hex_in_range_and_sight(tmp_path):
    """Rulebook, Marks: a mark goes on an empty hex (no character, terrain or token) within the
    skill's range and in the character's line of sight (Mer-Man's Tidal Surge: 8")."""
    wall = {"id": "wall", "kind": "high", "hexes": [[8, 4], [8, 5], [8, 6]]}
    bog = {"id": "bog", "kind": "difficult", "hexes": [[6, 8]]}
    state = start(arena(tmp_path, terrain=[wall, bog], objectives=[{"id": "middle", "at": [4, 8]}]))
    put(state, "mer-man", 5, 7, facing=0, mana=2)
    put(state, "he-man", 6, 7, facing=3)
    evil_turn(state, "mer-man")
    act(state, "skill", skill="mer-man-tidal-surge")
    assert top(state).kind == "place-mark"
    options = {tuple(a.get("at")) for a in state.legal_actions()}
    assert (5, 8, 0) in options
    assert (6, 7, 0) not in options  # He-Man's hex
    assert (5, 7, 0) not in options  # Mer-Man's own hex
    assert (6, 8, 0) not in options  # difficult terrain
    assert (4, 8, 0) not in options  # an objective token
    assert (9, 5, 0) not in options  # behind the wall
    mer_man = state.fighters["mer-man"].position
    assert all(state.field.range_inches(mer_man.hex, (q, r)) <= 8 for q, r, _ in options)
    far = [
        p
        for p in state.field.positions
        if state.field.range_inches(mer_man, p) > 8 and state.field.has_line_of_sight(mer_man, p)
    ]
    assert far  # there were visible hexes beyond the range to leave out


def test_flooded_mark_counts_as_difficult_terrain_for_the_trident(tmp_path):
    """Rulebook, Marks (the mark affects characters within its radius, in its sight, on its
    elevation; Tidal Surge: enemies there are treated as in difficult terrain) and Melee Attack
    (the Trident adds a die against a target in difficult terrain)."""
    state = start(arena(tmp_path))
    put(state, "mer-man", 5, 7, facing=0, mana=2)
    put(state, "he-man", 6, 7, facing=3)
    evil_turn(state, "mer-man", ap=4)
    attack(state, "trident", "he-man")
    assert current_test(state).dice == 4
    miss(state)
    act(state, "skill", skill="mer-man-tidal-surge")
    act(state, "mark-at", at=[7, 7, 0])
    assert state.marks and state.marks[0]["at"] == [7, 7, 0]
    attack(state, "trident", "he-man")
    assert current_test(state).dice == 5


@pytest.mark.parametrize(("buff", "debuff", "scope"), [("protection", "", 3), ("", "knockdown", 5)])
def test_skill_defence_is_a_defence_test_for_buffs_and_debuffs(tmp_path, buff, debuff, scope):
    """Glossary, Defence Test: "any test made to decrease the number of successes received by the
    enemy during an attack or skill test"; Buffs and Debuffs: protection raises and knockdown
    lowers "the scope of each of their defence tests" by one, against a skill (Iron Jaw) too."""
    state = start(arena(tmp_path))
    put(state, "trap-jaw", 6, 7, facing=0)
    put(state, "he-man", 5, 8, facing=0, buff=buff, debuff=debuff)
    evil_turn(state, "trap-jaw", card=TREACHERY)
    act(state, "skill", skill="trap-jaw-iron-jaw")
    dice(state, 4, 4, 4, 1)
    defence = current_test(state)
    assert defence.label == "He-Man toughness"
    assert defence.scope == scope  # successes on 4+ without the token
