"""Character actions and attacks in the complete Battleground game: action costs, melee, ranged
and spell attacks, scope modifiers, exploding dice, defence tests, weapon results and knock-outs
(rulebook: Perform Actions, Character Actions, Attack, Tests, Scope Modifiers, Health and
Wounds, Buffs and Debuffs; battleground.md §3)."""

from __future__ import annotations

import pytest
from game_helpers import (
    DARK_AMBITION,
    DEFEND_ETERNIA,
    STEADY_AIM,
    TREACHERY,
    act,
    activate,
    arena,
    attack,
    current_test,
    dice,
    end,
    events,
    hand,
    kinds,
    legal,
    miss,
    move,
    put,
    results,
    roll,
    select,
    start,
    top,
    turn,
)

from rulekeeper.core import Action, IllegalActionError
from rulekeeper.games.battleground.rules.combat import knock_out_value


def masters_turn(state, character, card=STEADY_AIM, bonus="mana", ap=None):
    """Player 0 activates ``character`` (player 1 passes)."""
    if card in state.pack.fate:
        hand(state, 0, card)
    select(state, card, None)
    activate(state, character, bonus)
    if ap is not None:
        turn(state).ap = ap


def evil_turn(state, character, card=DARK_AMBITION, bonus="mana", ap=None):
    """Player 1 activates ``character`` (player 0 passes)."""
    if card in state.pack.fate:
        hand(state, 1, card)
    select(state, None, card)
    activate(state, character, bonus)
    if ap is not None:
        turn(state).ap = ap


def cost(state, kind, **params):
    before = turn(state).ap
    act(state, kind, **params)
    return before - turn(state).ap


# === action costs [Perform Actions; Attack; Use an Active Skill] ===========================


def test_focus_cost_rises_each_time_in_an_activation(tmp_path):
    """Rulebook, Perform Actions: the first focus costs 1 AP, each repeat 1 more; Spending Focus:
    the token is spent on the next test, after which the character may focus again."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    masters_turn(state, "he-man", ap=10)
    assert cost(state, "focus") == 1
    assert "focus" not in kinds(state)  # already focused
    attack(state, "sword-of-power", "skeletor")
    assert not state.fighters["he-man"].focused
    miss(state)
    assert cost(state, "focus") == 2


def test_overwatch_costs_its_own_count_and_ends_the_activation(tmp_path):
    """Rulebook, Perform Actions (focus, move and overwatch each count their own repeats) and
    Overwatch (the activation ends immediately; the character is on overwatch)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 4, facing=5)
    masters_turn(state, "he-man", ap=10)
    move(state, 5, 5)
    move(state, 5, 6)
    assert turn(state).ap == 10 - 1 - 2
    act(state, "overwatch")
    he_man = state.fighters["he-man"]
    assert he_man.overwatch and he_man.activated
    assert state.turns == []
    assert events(state, "end activation")[-1]["unspent ap"] == 10 - 1 - 2 - 1


def test_attack_costs_are_per_weapon_type(tmp_path):
    """Rulebook, Attack: each weapon type costs 1 AP on its first use in the activation and 1
    more on each further use (a melee attack after two ranged ones still costs 1)."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0)
    put(state, "skeletor", 9, 7, facing=3)
    put(state, "mer-man", 2, 7, facing=0)
    masters_turn(state, "man-at-arms", ap=10)
    spent = []
    for _ in range(2):
        before = turn(state).ap
        attack(state, "arm-cannon", "skeletor")
        spent.append(before - turn(state).ap)
        dice(state, 1, 1, 1, 1)
        dice(state, 1, 1, 1)
    move(state, 3, 7, facing=3)  # next to Mer-Man
    before = turn(state).ap
    attack(state, "mace", "mer-man")
    spent.append(before - turn(state).ap)
    assert spent == [1, 2, 1]


def test_active_skill_once_per_activation_paying_ap_and_mana(tmp_path):
    """Rulebook, Use an Active Skill: the character pays the skill's AP and mana; each active
    skill can be resolved only once per activation or interruption."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 5, 7, facing=0, mana=3)
    evil_turn(state, "skeletor", card=TREACHERY, ap=5)  # Treachery: 0 mana, +1 bonus
    mana = state.fighters["skeletor"].mana
    assert mana == 4
    act(state, "skill", skill="skeletor-dark-teleport")
    assert (turn(state).ap, state.fighters["skeletor"].mana) == (4, mana - 1)
    act(state, "move-to", to=[7, 7, 0])
    act(state, "face", direction=3)  # Teleport: the owner may change the facing
    assert state.fighters["skeletor"].position == (7, 7, 0)
    assert not legal(state, "skill", skill="skeletor-dark-teleport")
    with pytest.raises(IllegalActionError) as refusal:
        act(state, "skill", skill="skeletor-dark-teleport")
    assert refusal.value.rule == "Use an Active Skill"
    assert "already used" in refusal.value.reason


def test_active_skill_needs_its_mana(tmp_path):
    """Rulebook, Use an Active Skill: the character must pay the skill's costs."""
    state = start(arena(tmp_path))
    evil_turn(state, "skeletor", card=TREACHERY)
    state.fighters["skeletor"].mana = 0
    assert not legal(state, "skill", skill="skeletor-dark-teleport")
    with pytest.raises(IllegalActionError) as refusal:
        act(state, "skill", skill="skeletor-dark-teleport")
    assert "mana" in refusal.value.reason


# === melee [Melee Attack] ====================================================================


def test_melee_only_against_engaged_enemies(tmp_path):
    """Rulebook, Melee Attack: the target must be an enemy engaged with the attacker (adjacent)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 7, 7, facing=3)
    masters_turn(state, "he-man")
    assert not legal(state, "attack", weapon="sword-of-power", target="skeletor")
    with pytest.raises(IllegalActionError) as refusal:
        attack(state, "sword-of-power", "skeletor")
    assert refusal.value.rule == "Attack"
    assert "not engaged" in refusal.value.reason


def test_melee_attacker_turns_to_face_the_target(tmp_path):
    """Rulebook, Melee Attack: the attacking model is rotated to face the enemy."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=3)
    put(state, "skeletor", 5, 8, facing=3)  # south-east of He-Man
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    assert state.fighters["he-man"].facing == 5


@pytest.mark.parametrize(("faces", "wounds"), [((4, 4, 4), 1), ((4, 1, 1), 1), ((1, 1, 1), 0)])
def test_fists_without_a_melee_weapon(tmp_path, faces, wounds):
    """Rulebook, Melee Attack: a character without an equipped melee weapon attacks with its
    fists at its base strength; one or more successes apply one wound."""
    state = start(arena(tmp_path))
    put(state, "stratos", 5, 7, facing=0)  # Flamethrower only; strength 3
    put(state, "trap-jaw", 6, 7, facing=3)
    masters_turn(state, "stratos")
    weapons = {a.get("weapon") for a in state.legal_actions() if a.kind == "attack"}
    assert weapons == {"fists"}  # engaged: no ranged attack
    attack(state, "fists", "trap-jaw")
    assert current_test(state).dice == 3
    dice(state, *faces)
    dice(state, 1, 1, 1, 1)
    assert state.fighters["trap-jaw"].wounds == wounds


def test_fists_only_when_no_melee_weapon(tmp_path):
    """Rulebook, Melee Attack: fists are for characters without an equipped melee weapon."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    masters_turn(state, "he-man")
    weapons = {a.get("weapon") for a in state.legal_actions() if a.kind == "attack"}
    assert weapons == {"sword-of-power"}


# === ranged [Ranged Attack; Measurement; Determining Line of Sight] ==========================


def test_no_ranged_attack_while_engaged(tmp_path):
    """Rulebook, Ranged Attack: a character cannot perform a ranged attack while engaged."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0)
    put(state, "mer-man", 5, 8, facing=2)
    put(state, "skeletor", 9, 7, facing=3)
    masters_turn(state, "man-at-arms")
    assert not legal(state, "attack", weapon="arm-cannon", target="skeletor")
    assert not legal(state, "attack", weapon="arm-cannon", target="mer-man")
    assert legal(state, "attack", weapon="mace", target="mer-man")
    with pytest.raises(IllegalActionError) as refusal:
        attack(state, "arm-cannon", "skeletor")
    assert "engaged" in refusal.value.reason


@pytest.mark.parametrize(("q", "inches", "allowed"), [(-1, 12.0, True), (-2, 13.0, False)])
def test_ranged_attack_range(tmp_path, q, inches, allowed):
    """Rulebook, Determining Range: a target is within range when the distance between the
    closest points of the two hexes is at most the weapon's range (Arm Cannon: 12")."""
    state = start(arena(tmp_path))
    gunner = put(state, "man-at-arms", q, 7, facing=0)
    target = put(state, "skeletor", 12, 7, facing=3)
    assert state.field.range_inches(gunner.position, target.position) == inches
    masters_turn(state, "man-at-arms")
    assert legal(state, "attack", weapon="arm-cannon", target="skeletor") == allowed
    if not allowed:
        with pytest.raises(IllegalActionError) as refusal:
            attack(state, "arm-cannon", "skeletor")
        assert refusal.value.rule == "Attack"
        assert "range" in refusal.value.reason


def test_ranged_attack_needs_line_of_sight(tmp_path):
    """Rulebook, Determining Line of Sight: lines through a high obstacle are blocked."""
    wall = {"id": "wall", "kind": "high", "hexes": [[7, 5], [7, 6], [7, 7], [6, 8], [6, 9]]}
    state = start(arena(tmp_path, terrain=[wall]))
    put(state, "man-at-arms", 4, 7, facing=0)
    put(state, "skeletor", 10, 7, facing=3)
    masters_turn(state, "man-at-arms")
    assert not legal(state, "attack", weapon="arm-cannon", target="skeletor")
    with pytest.raises(IllegalActionError) as refusal:
        attack(state, "arm-cannon", "skeletor")
    assert "line of sight" in refusal.value.reason


def test_ranged_attacker_faces_the_target_and_chooses_on_a_tie(tmp_path):
    """Rulebook, Ranged Attack: the model faces the adjacent hex closest to the target; if two
    are equally close the controlling player chooses (a legal action)."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 4, 7, facing=3)
    put(state, "skeletor", 5, 8, facing=3)  # not adjacent: 2 steps, between E and SE
    put(state, "mer-man", 4, 3, facing=5)
    masters_turn(state, "man-at-arms", ap=5)
    act(state, "attack", weapon="arm-cannon", target="skeletor")
    assert top(state).kind == "face"
    assert state.current_player() == 0
    assert {a.get("direction") for a in state.legal_actions()} == {0, 5}
    act(state, "face", direction=5)
    assert state.fighters["man-at-arms"].facing == 5
    dice(state, 1, 1, 1, 1)
    dice(state, 1, 1, 1)
    act(state, "attack", weapon="arm-cannon", target="mer-man")  # straight north-west
    assert top(state).kind == "test"
    assert state.fighters["man-at-arms"].facing == 2


# === spells [Spell Attack; Mana Costs] ========================================================


def test_spell_attack_power_against_mind_paying_mana(tmp_path):
    """Rulebook, Spell Attack: a power test against the target's mind; the spell's mana cost is
    paid when the spell is chosen (Magic Blast: 1)."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 5, 7, facing=0)
    put(state, "he-man", 9, 7, facing=3)
    evil_turn(state, "skeletor")
    mana = state.fighters["skeletor"].mana
    attack(state, "magic-blast", "he-man")
    assert state.fighters["skeletor"].mana == mana - 1
    test = current_test(state)
    assert (test.label, test.dice, test.mana) == ("Skeletor power", 5, mana - 1)
    dice(state, 1, 1, 1, 1, 1)
    defence = current_test(state)
    assert (defence.label, defence.dice, defence.owner) == ("He-Man mind", 3, 0)


def test_spell_attack_needs_the_mana(tmp_path):
    """Rulebook, Spell Attack: the attacker must spend the spell's mana cost."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 5, 7, facing=0)
    put(state, "he-man", 9, 7, facing=3)
    evil_turn(state, "skeletor")
    state.fighters["skeletor"].mana = 0
    assert not legal(state, "attack", weapon="magic-blast", target="he-man")
    with pytest.raises(IllegalActionError) as refusal:
        attack(state, "magic-blast", "he-man")
    assert "mana" in refusal.value.reason


# === scope modifiers [Scope Modifiers; Buffs and Debuffs; Spending Focus] ====================

LOW_WALL = {"id": "low", "kind": "low", "hexes": [[7, 6], [7, 7], [6, 8]]}


def ranged_scope(tmp_path, *, terrain=(), weapon="arm-cannon", attacker="man-at-arms", **setup):
    """The scope of the attack test of a ranged or spell attack from (4,7) at (9,7)."""
    state = start(arena(tmp_path, terrain=list(terrain)))
    shooter = put(state, attacker, 4, 7, facing=0, mana=2)
    target_id = "skeletor" if attacker == "man-at-arms" else "he-man"
    target = put(state, target_id, 9, 7, facing=setup.pop("target_facing", 3))
    for key, value in setup.pop("attacker_fields", {}).items():
        setattr(shooter, key, value)
    for key, value in setup.pop("target_fields", {}).items():
        setattr(target, key, value)
    for character, (q, r) in setup.pop("others", {}).items():
        put(state, character, q, r, facing=0)
    assert not setup
    if attacker == "man-at-arms":
        masters_turn(state, attacker)
    else:
        evil_turn(state, attacker)
    attack(state, weapon, target_id)
    return current_test(state).scope, state


@pytest.mark.parametrize(
    ("setup", "scope"),
    [
        ({}, 4),
        ({"target_facing": 0}, 3),  # flank: Skeletor faces away
        ({"target_facing": 1}, 3),
        ({"terrain": [LOW_WALL]}, 5),  # cover
        ({"others": {"stratos": (6, 7)}}, 5),  # a character on the line: cover
        ({"others": {"stratos": (5, 7)}}, 4),  # ...but not next to the attacker
        ({"others": {"he-man": (9, 8)}}, 5),  # target engaged with He-Man
        ({"others": {"mer-man": (9, 8)}}, 4),  # next to its ally only: not engaged
        ({"attacker_fields": {"focused": True}}, 3),
        ({"attacker_fields": {"buff": "enhancement"}}, 3),
        ({"attacker_fields": {"debuff": "blind"}}, 5),
        ({"target_fields": {"buff": "protection"}}, 4),  # a defence modifier
        ({"target_facing": 0, "terrain": [LOW_WALL], "others": {"he-man": (9, 8)}}, 5),
        (
            {
                "target_facing": 0,
                "attacker_fields": {"focused": True, "buff": "enhancement"},
            },
            1,
        ),
    ],
    ids=[
        "none",
        "flank",
        "flank-2",
        "cover-low-obstacle",
        "cover-character",
        "no-cover-adjacent-to-attacker",
        "target-engaged",
        "target-next-to-ally",
        "focus",
        "enhancement",
        "blind",
        "protection-not-on-attack",
        "flank-cover-engaged",
        "flank-focus-enhancement",
    ],
)
def test_ranged_attack_scope_modifiers(tmp_path, setup, scope):
    """Rulebook, Scope Modifiers (flank +1, cover -1, ranged attack at an engaged target -1),
    Spending Focus (+1), Buffs and Debuffs (enhancement +1, blind -1 on attack tests); every
    modifier is cumulative (battleground.md §3)."""
    found, state = ranged_scope(tmp_path, **setup)
    assert found == scope
    assert not state.fighters["man-at-arms"].focused  # spent, if it was there


@pytest.mark.parametrize(
    ("setup", "scope"),
    [
        ({}, 4),
        ({"terrain": [LOW_WALL]}, 5),  # cover counts for spells
        ({"others": {"mer-man": (9, 8)}}, 4),  # target engaged: no effect on spells
        ({"target_facing": 0}, 3),
    ],
    ids=["none", "cover", "engaged-target", "flank"],
)
def test_spell_attack_scope_modifiers(tmp_path, setup, scope):
    """Rulebook, Cover (ranged and spell attacks) and Targeting Engaged Models (does not affect
    spell and melee attacks)."""
    found, _ = ranged_scope(tmp_path, attacker="skeletor", weapon="magic-blast", **setup)
    assert found == scope


@pytest.mark.parametrize(
    ("setup", "scope"),
    [
        ({}, 4),
        ({"target_facing": 0}, 3),  # attacked from the rear arc
        ({"target_facing": 1}, 3),
        ({"target_facing": 4}, 4),  # the attacker is in the front arc
        ({"wall": True}, 4),  # obstacles give no cover against melee
        ({"ally_next_to_target": True}, 4),  # engaged target: only ranged attacks
        ({"buff": "enhancement", "debuff": "blind"}, 4),
    ],
    ids=["none", "flank", "flank-2", "front", "no-cover", "no-engaged-penalty", "buff-and-debuff"],
)
def test_melee_attack_scope_modifiers(tmp_path, setup, scope):
    """Rulebook, Flank Attacks (any attack type; hexes halfway between the arcs are not flank),
    Cover (ranged and spell only), Targeting Engaged Models (ranged only), Buffs and Debuffs."""
    terrain = [{"id": "low", "kind": "low", "hexes": [[6, 6], [5, 8]]}] if setup.get("wall") else []
    state = start(arena(tmp_path, terrain=terrain))
    put(state, "he-man", 5, 7, facing=0, buff=setup.get("buff", ""), debuff=setup.get("debuff", ""))
    put(state, "skeletor", 6, 7, facing=setup.get("target_facing", 3))
    if setup.get("ally_next_to_target"):
        put(state, "stratos", 6, 8, facing=0)
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    assert current_test(state).scope == scope


@pytest.mark.parametrize(
    ("fields", "scope"),
    [
        ({}, 4),
        ({"buff": "protection"}, 3),
        ({"debuff": "knockdown"}, 5),
        ({"focused": True}, 3),
        ({"buff": "protection", "debuff": "knockdown"}, 4),
        ({"buff": "enhancement", "debuff": "blind"}, 4),  # attack-test modifiers only
    ],
)
def test_defence_scope_modifiers(tmp_path, fields, scope):
    """Rulebook, Buffs and Debuffs (protection +1, knockdown -1 on defence tests) and
    battleground.md §3 (a focused character spends its focus on its next test, a defence test
    included)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3, **fields)
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    dice(state, 1, 1, 1, 1, 1)
    defence = current_test(state)
    assert defence.label == "Skeletor toughness"
    assert defence.scope == scope
    assert not state.fighters["skeletor"].focused


def test_defence_is_the_defenders_choice_and_mana(tmp_path):
    """battleground.md §3 (Defence tests are the defender's): the defending player chooses the
    mana rerolls, paid from the defender's mana."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3, mana=3)
    masters_turn(state, "he-man")
    he_man_mana = state.fighters["he-man"].mana
    attack(state, "sword-of-power", "skeletor")
    dice(state, 4, 4, 4, 1, 1)
    roll(state, 1, 2, 4)
    assert state.current_player() == 1
    assert Action.of("reroll", item="1") in state.legal_actions(1)  # one die at a time (issue 21)
    state.apply_action(Action.of("reroll", item="1"), 1)
    state.apply_action(Action.of("reroll", item="2"), 1)  # 2 of 3 mana: the choice goes on
    state.apply_action(Action.of("done"), 1)
    roll(state, 5, 6)
    roll(state, 5)  # the 6 explodes
    assert results(state) == [3, 4]
    assert state.fighters["skeletor"].mana == 1
    assert state.fighters["he-man"].mana == he_man_mana
    assert state.fighters["skeletor"].wounds == 0


# === tests: the scope limits, explosions, defence [Tests; Scope; Defence Tests] =============


@pytest.mark.parametrize(
    ("gunner_level", "target_level", "fence", "scope"),
    [(0, 1, False, 4), (1, 0, True, 3), (0, 0, True, 4)],
    ids=["target-higher", "from-a-platform-over-a-low-obstacle", "low-obstacle"],
)
def test_cover_and_elevation(tmp_path, gunner_level, target_level, fence, scope):
    """Rulebook, Cover and Elevation: a target higher than the attacker is in cover; from a
    platform, low obstacles give no cover (Man-At-Arms focused: scope 3 without cover, 4 with)."""
    platforms = []
    if gunner_level:
        platforms.append({"id": "gun-deck", "hexes": [[3, 7], [4, 7]]})
    if target_level:
        platforms.append({"id": "deck", "hexes": [[9, 7], [10, 7]]})
    terrain = [{"id": "fence", "kind": "low", "hexes": [[7, 7]]}] if fence else []
    state = start(arena(tmp_path, terrain=terrain, platforms=platforms))
    put(state, "man-at-arms", 4, 7, gunner_level, facing=0, focused=True)
    put(state, "skeletor", 9, 7, target_level, facing=3)
    masters_turn(state, "man-at-arms")
    attack(state, "arm-cannon", "skeletor")
    assert current_test(state).scope == scope


@pytest.mark.parametrize(("facing", "scope"), [(0, 4), (3, 4), (4, 3), (1, 4)])
def test_halfway_between_the_arcs_is_not_flank(tmp_path, facing, scope):
    """Rulebook, Flank Attacks: hexes halfway between a character's front and rear arcs are not
    part of its flank (battleground.md §2: centres exactly on the line are halfway)."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 5, facing=4)
    put(state, "skeletor", 4, 7, facing=facing)  # Man-At-Arms straight "above" Skeletor
    masters_turn(state, "man-at-arms")
    attack(state, "arm-cannon", "skeletor")
    assert current_test(state).scope == scope


def test_one_always_fails_at_scope_one(tmp_path):
    """Rulebook, Scope: modifiers are cumulative (flank, focus and enhancement: scope 1), and a 1
    is always a failure whatever the scope."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, buff="enhancement")
    put(state, "skeletor", 6, 7, facing=0)
    masters_turn(state, "he-man")
    act(state, "focus")
    attack(state, "sword-of-power", "skeletor")
    test = current_test(state)
    assert test.scope == 1
    dice(state, *([1, 1] + [2] * (test.dice - 2)))
    assert results(state) == [test.dice - 2]


def test_six_always_succeeds_at_scope_seven(tmp_path):
    """Rulebook, Scope: blind, cover and an engaged target give scope 7, and a 6 is still a
    success (and explodes)."""
    state = start(arena(tmp_path, terrain=[LOW_WALL]))
    put(state, "man-at-arms", 4, 7, facing=0, debuff="blind")
    put(state, "skeletor", 9, 7, facing=3)
    put(state, "he-man", 9, 8, facing=2)
    masters_turn(state, "man-at-arms")
    attack(state, "arm-cannon", "skeletor")
    assert current_test(state).scope == 7
    dice(state, 6, 5, 5, 5)
    roll(state, 1)  # the exploded die
    assert results(state) == [1]


def test_exploding_dice_in_attacks(tmp_path):
    """Rulebook, Exploding Dice and Determine Final Successes: each 6 rolls one more die, and
    new dice can explode again; exploded dice succeed on 5 or 6 whatever the scope."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=0)  # flank: scope 3 for the initial dice only
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    assert current_test(state).scope == 3
    dice(state, 6, 6, 3, 1, 1)
    assert current_test(state).stage == "explode"
    roll(state, 6, 4)  # the two sixes: a 6 (explodes again) and a 4 (fails: exploded)
    roll(state, 5)
    dice(state, 1, 1, 1)
    result = events(state, "test result")[0]
    assert result["initial"] == [6, 6, 3, 1, 1]
    assert result["exploded"] == [6, 4, 5]
    assert result["successes"] == 3 + 2


@pytest.mark.parametrize(
    ("attack_faces", "defence_faces", "net"),
    [((4, 4, 1, 1, 1), (4, 4, 4), 0), ((4, 4, 4, 1, 1), (4, 1, 1), 2), ((1,) * 5, (4, 1, 1), 0)],
)
def test_defence_successes_cancel_attack_successes(tmp_path, attack_faces, defence_faces, net):
    """Rulebook, Defence Tests: each defence success cancels one success of the attack; if all
    are cancelled no weapon effect is resolved."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    dice(state, *attack_faces)
    dice(state, *defence_faces)
    assert events(state, "attack result")[-1]["successes"] == net
    assert state.fighters["skeletor"].wounds == (1 if net else 0)


# === knock-outs [Health and Wounds; Scoring] ===================================================


def test_knock_out_removes_the_character_and_scores_its_cost_with_equipment(tmp_path):
    """Rulebook, Health and Wounds: wounds equal to health knock a character out; it is removed
    from the battleground, its card cannot be used any more, and the opponent scores its cost
    plus all its equipment's."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3, wounds=5, items=["circlet-of-wisdom"])
    pack = state.pack
    expected = (
        pack.characters["skeletor"].cost
        + pack.weapons["havoc-staff"].cost
        + pack.weapons["magic-blast"].cost
        + pack.items["circlet-of-wisdom"].cost
    )
    assert knock_out_value(state, state.fighters["skeletor"]) == expected
    hand(state, 0, STEADY_AIM)
    hand(state, 1, DARK_AMBITION)
    select(state, STEADY_AIM, DARK_AMBITION)
    activate(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    dice(state, 4, 1, 1, 1, 1)
    dice(state, 1, 1, 1)
    skeletor = state.fighters["skeletor"]
    assert skeletor.knocked_out
    assert skeletor not in state.on_board()
    assert state.occupant(skeletor.position) is None
    assert state.sides[0].vp == expected
    assert events(state, "knocked out")[-1] == {"character": "skeletor", "vp": expected, "to": 0}
    end(state)
    assert top(state).player == 1
    assert {a.get("character") for a in state.legal_actions()} == {"mer-man", "trap-jaw"}


def test_wounds_below_health_do_not_knock_out(tmp_path):
    """Rulebook, Health and Wounds: a character is knocked out only when its wounds reach its
    health."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3, wounds=4)
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    dice(state, 4, 1, 1, 1, 1)
    dice(state, 1, 1, 1)
    assert state.fighters["skeletor"].wounds == 5
    assert not state.fighters["skeletor"].knocked_out
    assert state.sides[0].vp == 0


def test_skill_test_wounds_knock_out(tmp_path):
    """Rulebook, Health and Wounds: a character with wounds equal to its health is knocked out,
    whatever inflicted them (Iron Jaw: a strength test against toughness, 1 success = 1
    wound)."""
    state = start(arena(tmp_path))
    put(state, "stratos", 5, 7, facing=0, wounds=3)  # health 4
    put(state, "trap-jaw", 6, 7, facing=3)
    evil_turn(state, "trap-jaw", card=TREACHERY)
    act(state, "skill", skill="trap-jaw-iron-jaw")
    dice(state, 4, 1, 1, 1)
    dice(state, 1, 1, 1)
    assert state.fighters["stratos"].wounds == 4
    assert state.fighters["stratos"].knocked_out
    assert state.sides[1].vp == knock_out_value(state, state.fighters["stratos"])


def test_focused_sword_of_power_rolls_an_extra_die(tmp_path):
    """Content (Sword of Power: 'While He-Man is focused, roll 1 extra die') with the rulebook's
    Spending Focus (the token is spent on this test, scope +1): a focused He-Man rolls 6 dice
    at scope 3."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, focused=True)
    put(state, "skeletor", 6, 7, facing=3)
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    test = current_test(state)
    assert test.scope == 3
    assert test.dice == 6


def test_nothing_with_a_cost_is_offered_without_ap(tmp_path):
    """Rulebook, Perform Actions: with 0 AP left no action with an AP cost is offered, only
    playing cards and ending the activation (and the game actions: draw offer, forfeit)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    masters_turn(state, "he-man", card=DEFEND_ETERNIA, bonus="ap", ap=0)
    assert kinds(state) == {"play", "end", "offer-draw", "forfeit"}
