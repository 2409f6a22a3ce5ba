"""The rulebook's worked examples, replayed through the complete game with forced dice.

Every test plays the example through ``apply_action`` on the ``battleground`` game: a small open
map (``game_helpers.arena``), the fighters placed where the example needs them, every die forced
with a ``roll`` chance outcome, every choice (rerolls, facing, interruption order) a legal action.
"""

from __future__ import annotations

import pytest
from game_helpers import (
    DARK_AMBITION,
    DEFEND_ETERNIA,
    FOR_ETERNIA,
    REIGN,
    STEADY_AIM,
    act,
    activate,
    add_fighter,
    arena,
    attack,
    current_test,
    dice,
    end,
    events,
    hand,
    keep,
    kinds,
    miss_target,
    move,
    put,
    results,
    roll,
    select,
    start,
    top,
    turn,
)

from rulekeeper.core import Action
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.combat import knock_out_value


def test_ranged_attack_example_arm_cannon(tmp_path):
    """Rulebook, Attack — Ranged Attack Example: Man-At-Arms' Arm Cannon (range 12") at Skeletor
    3" away; perception 4 rolls 4, 1, 3, 5 (2 successes); Skeletor's toughness 3 rolls 3, 1, 4
    (1 success); one success is left and the Arm Cannon inflicts one wound."""
    state = start(arena(tmp_path))
    gunner = put(state, "man-at-arms", 4, 7, facing=0)
    target = put(state, "skeletor", 8, 7, facing=3)
    assert state.field.range_inches(gunner.position, target.position) == 3.0
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "man-at-arms", "mana")

    attack(state, "arm-cannon", "skeletor")
    test = current_test(state)
    assert (test.owner, test.dice, test.scope) == (0, 4, 4)
    roll(state, 4, 1, 3, 5)
    keep(state)  # Man-At-Arms has 1 mana: the reroll is his player's choice
    defence = current_test(state)
    assert (defence.owner, defence.dice, defence.scope) == (1, 3, 4)
    roll(state, 3, 1, 4)

    assert results(state) == [2, 1]
    assert events(state, "attack result")[-1] == {"target": "skeletor", "successes": 1, "row": 1}
    assert state.fighters["skeletor"].wounds == 1
    assert turn(state).ap == 3 - 1


@pytest.mark.parametrize("with_ram_man", [False, True], ids=["man-at-arms-mace", "ram-man-fists"])
def test_test_example_mana_reroll_and_explosion(tmp_path, with_ram_man):
    """Rulebook, Tests — Test Example: strength 4 rolls 3, 4, 6, 2; 1 mana rerolls the 2 (a 3);
    the 6 explodes into a 5: 3 successes. Ram Man is not in the First Game Setup, so the example
    is played by Man-At-Arms (strength 4, Mace: no dice modifier) and by a Ram Man brought onto
    the battleground (fists). The reroll is the owner's choice, the mana is paid."""
    state = start(arena(tmp_path))
    if with_ram_man:
        add_fighter(state, "ram-man", 0, 5, 7, facing=0)
        character, weapon = "ram-man", "fists"
    else:
        put(state, "man-at-arms", 5, 7, facing=0)
        character, weapon = "man-at-arms", "mace"
    put(state, "skeletor", 6, 7, facing=3)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, character, "mana")  # 0 mana on the card, +1 from the bonus
    assert state.fighters[character].mana == 1

    attack(state, weapon, "skeletor")
    assert current_test(state).dice == 4
    roll(state, 3, 4, 6, 2)
    assert state.current_player() == 0
    assert Action.of("reroll", item="2") in state.legal_actions()
    act(state, "reroll", item="2")  # only 1 mana: the choice ends with this die (issue 21 §1)
    roll(state, 3)  # the rerolled die
    roll(state, 5)  # the 6 explodes
    roll(state, 1, 1, 1)  # Skeletor's defence

    attack_result = events(state, "test result")[0]
    assert attack_result["initial"] == [3, 4, 6, 3]
    assert attack_result["exploded"] == [5]
    assert attack_result["successes"] == 3
    assert attack_result["mana spent"] == 1
    assert state.fighters[character].mana == 0


@pytest.mark.parametrize(
    ("attack_dice", "net", "mana_gained", "wounds"),
    [((1, 3, 4, 4, 5), 2, 0, 1), ((1, 4, 4, 4, 5), 3, 1, 2)],
    ids=["rulebook-2-successes", "3-successes"],
)
def test_extra_effects_example_grayskull_ring(tmp_path, attack_dice, net, mana_gained, wounds):
    """Rulebook, Extra Effects — Example: He-Man with the Grayskull Ring attacks Skeletor; 5 dice
    1, 3, 4, 4, 5 (3 successes); Skeletor's defence 3, 2, 4 cancels one; 2 successes remain, so
    the ring's 3+ effect (our card: +1 mana) does not apply. With 3 left, it does."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, items=["grayskull-ring"])
    put(state, "skeletor", 6, 7, facing=3)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man", "mana")
    mana_before = state.fighters["he-man"].mana

    attack(state, "sword-of-power", "skeletor")
    assert current_test(state).dice == 5
    roll(state, *attack_dice)
    keep(state)  # Heroic Strength: a free reroll, declined
    keep(state)  # the mana reroll, declined
    dice(state, 3, 2, 4)

    assert results(state) == [net + 1, 1]
    assert events(state, "attack result")[-1]["successes"] == net
    assert state.fighters["skeletor"].wounds == wounds  # Sword of Power: 1-2 -> 1, 3-4 -> 2
    assert state.fighters["he-man"].mana == mana_before + mana_gained
    ring = [e for e in events(state, "extra effect") if e["source"] == "Grayskull Ring"]
    assert len(ring) == mana_gained


def test_attack_cost_example_mer_man(tmp_path):
    """Rulebook, Attack: Mer-Man with 'Magic Blast' (spell) and 'Laser Rifle' (ranged) attacks
    with the rifle (1 AP), then the spell (1 AP: the first spell attack), then the rifle again
    (2 AP: the second ranged attack of the activation)."""
    state = start(arena(tmp_path))
    put(state, "mer-man", 5, 10, facing=2, weapons=["laser-rifle", "magic-blast"])
    put(state, "he-man", 5, 4, facing=5)
    hand(state, 1, DARK_AMBITION, glory=[REIGN])
    select(state, None, REIGN)
    activate(state, "mer-man", "ap")  # 3 AP + 1
    assert turn(state).ap == 4
    mana = state.fighters["mer-man"].mana

    spent = []
    for weapon in ("laser-rifle", "magic-blast", "laser-rifle"):
        before = turn(state).ap
        attack(state, weapon, "he-man")
        spent.append(before - turn(state).ap)
        dice(state, 1, 1, 1)  # Mer-Man's perception 3 / power 2: all fail
        while top(state).kind == "test":
            dice(state, 1)
    assert spent == [1, 1, 2]
    assert turn(state).ap == 0
    assert state.fighters["mer-man"].mana == mana - 1  # Magic Blast's mana cost
    assert "attack" not in kinds(state)


def test_action_cost_example_focus_then_moves(tmp_path):
    """Rulebook, Perform Actions — Example: He-Man focuses (1 AP) and moves (1 AP); a second move
    costs 2 AP and a third 3 AP."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 4, facing=5)
    hand(state, 0, STEADY_AIM, glory=[DEFEND_ETERNIA])
    select(state, DEFEND_ETERNIA, None)
    activate(state, "he-man", "ap")
    turn(state).ap = 7  # enough for 1 + 1 + 2 + 3
    costs = []
    before = turn(state).ap
    act(state, "focus")
    costs.append(before - turn(state).ap)
    for destination in ((5, 5), (5, 6), (5, 7)):
        before = turn(state).ap
        move(state, *destination, facing=5)
        costs.append(before - turn(state).ap)
    assert costs == [1, 1, 2, 3]
    assert state.fighters["he-man"].position == (5, 7, 0)
    assert state.fighters["he-man"].focused  # the moves did not spend the token
    assert "move" not in kinds(state)  # a fourth move would cost 4, with 0 AP left


def test_free_action_example_free_move_does_not_raise_costs(tmp_path):
    """Rulebook, Free Actions — Example: He-Man gets a free move; his next move costs only 1 AP,
    being his first standard move of the activation (For Eternia!: 'perform a free move')."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 4, facing=5)
    hand(state, 0, FOR_ETERNIA)
    select(state, FOR_ETERNIA, None)
    activate(state, "he-man", "ability")
    assert turn(state).ap == 3
    costs = []
    for destination in ((5, 5), (5, 6), (5, 7)):
        before = turn(state).ap
        move(state, *destination, facing=5)
        costs.append(before - turn(state).ap)
    assert costs == [0, 1, 2]


@pytest.mark.parametrize(
    ("faces", "successes", "wounds"),
    [
        ((1, 1, 1, 1, 1), 0, 0),
        ((4, 1, 1, 1, 1), 1, 1),
        ((4, 4, 1, 1, 1), 2, 1),
        ((4, 4, 4, 1, 1), 3, 2),
        ((4, 4, 4, 4, 1), 4, 2),
        ((4, 4, 4, 4, 4), 5, 3),
        ((6, 4, 4, 4, 4, 5), 6, 3),  # the 6 explodes into a 5
    ],
)
def test_sword_of_power_table(tmp_path, faces, successes, wounds):
    """Rulebook, Attack: the 'Sword of Power' inflicts 1 wound with 1 or 2 successes, 2 wounds
    with 3 or 4, 3 wounds with 5 or more; only the effect needing the most successes reached is
    resolved, and none with no success."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man", "mana")
    attack(state, "sword-of-power", "skeletor")
    dice(state, *faces)
    dice(state, 1, 1, 1)
    assert results(state) == [successes, 0]
    assert state.fighters["skeletor"].wounds == wounds
    row = events(state, "attack result")[-1]["row"]
    assert row == {0: None, 1: 1, 2: 1, 3: 3, 4: 3, 5: 5, 6: 5}[successes]


@pytest.mark.parametrize(
    ("bog", "dice"),
    [("target", 5), ("attacker", 4), ("none", 4)],
)
def test_trident_extra_die_when_target_in_difficult_terrain(tmp_path, bog, dice):
    """Rulebook, Melee Attack: the 'Trident' adds a die to the attack test if the target is in
    difficult terrain (Mer-Man's strength 4 -> 5 dice); the attacker's own terrain does not
    count."""
    at = {"target": [[6, 7]], "attacker": [[5, 7]], "none": [[9, 9]]}[bog]
    state = start(arena(tmp_path, terrain=[{"id": "bog", "kind": "difficult", "hexes": at}]))
    put(state, "mer-man", 5, 7, facing=0)
    put(state, "he-man", 6, 7, facing=3)
    hand(state, 1, DARK_AMBITION)
    select(state, None, DARK_AMBITION)
    activate(state, "mer-man", "mana")
    attack(state, "trident", "he-man")
    test = current_test(state)
    assert test.dice == dice
    assert any("Trident" in note for note in test.notes) == (dice == 5)


def fireball_state(tmp_path, *, orko_hidden: bool, low_wall: bool = False, skeletor_facing=0):
    """Rulebook, Area Attacks — the Fireball example: Evil-Lyn targets He-Man; Skeletor (her
    ally) is 1 hex from He-Man and in his sight; Orko is 2 hexes from He-Man behind a high
    obstacle (or in the open, or behind a low obstacle); Stratos is 1 hex away on a platform;
    Man-At-Arms 3 hexes away."""
    terrain = []
    if orko_hidden:
        terrain = [{"id": "pillar", "kind": "high", "hexes": [[8, 6], [8, 7], [7, 8]]}]
    elif low_wall:
        terrain = [{"id": "fence", "kind": "low", "hexes": [[8, 7]]}]
    game = arena(tmp_path, terrain=terrain, platforms=[{"id": "deck", "hexes": [[6, 9], [7, 9]]}])
    state = start(game)
    add_fighter(state, "evil-lyn", 1, 7, 2, facing=5, weapons=["fireball"])
    add_fighter(state, "orko", 0, 9, 7, facing=3)
    put(state, "he-man", 7, 7, facing=2, wounds=5)
    put(state, "skeletor", 6, 8, facing=skeletor_facing)
    put(state, "stratos", 6, 9, 1, facing=2)
    put(state, "man-at-arms", 4, 7, facing=0)
    hand(state, 1, DARK_AMBITION)
    select(state, None, DARK_AMBITION)
    activate(state, "evil-lyn", "mana")  # 2 + 1 mana; the Fireball costs 2
    return state


def test_area_attack_example_fireball(tmp_path):
    """Rulebook, Area Attacks and AoE Knockouts: after the attack on the initial target (He-Man),
    only characters within 2 hexes of it, in its line of sight and at its elevation are attacked,
    allies included (Skeletor; not Orko behind the high obstacle, not Stratos on the platform, not
    Man-At-Arms 3 hexes away), each with a new attack test; He-Man, knocked out by the first
    attack, stays on the battleground until the whole attack is over."""
    state = fireball_state(tmp_path, orko_hidden=True)
    mana = state.fighters["evil-lyn"].mana
    attack(state, "fireball", "he-man")
    assert state.fighters["evil-lyn"].mana == mana - 2
    dice(state, 4, 4, 1, 1, 1)  # 2 successes
    dice(state, 1, 1, 1)  # He-Man's mind 3: none
    assert state.fighters["he-man"].wounds == 6  # health 6: knocked out...
    assert not state.fighters["he-man"].knocked_out  # ...but still standing during the attack
    test = current_test(state)
    assert test.label == "Evil-Lyn power"
    assert test.dice == 5
    dice(state, 1, 1, 1, 1, 1)
    while top(state).kind == "test":  # Skeletor's defence, if he gets one
        dice(state, 1)
    assert [e["target"] for e in events(state, "attack result")] == ["he-man", "skeletor"]
    assert state.fighters["he-man"].knocked_out
    assert state.sides[1].vp == knock_out_value(state, state.fighters["he-man"])
    assert isinstance(top(state), ActStep) and top(state).player == 1


def test_area_attack_offers_the_order_of_additional_targets(tmp_path):
    """Rulebook, Area Attacks: the player resolves the attacks against the additional characters
    in the order of their choice (a legal action of the attacking player)."""
    state = fireball_state(tmp_path, orko_hidden=False)
    attack(state, "fireball", "he-man")
    dice(state, 1, 1, 1, 1, 1)
    dice(state, 1, 1, 1)
    assert top(state).kind == "area-target"
    assert state.current_player() == 1
    options = {a.get("character") for a in state.legal_actions()}
    assert options == {"orko", "skeletor"}


def test_area_attack_goes_on_with_the_chosen_target(tmp_path):
    """Rulebook, Area Attacks: after the initial target, the chosen additional character is
    attacked with a new attack test; the initial target's wounds are applied once."""
    state = fireball_state(tmp_path, orko_hidden=False)
    state.fighters["he-man"].wounds = 0
    attack(state, "fireball", "he-man")
    dice(state, 4, 1, 1, 1, 1)  # 1 success: 1 wound
    dice(state, 1, 1, 1)
    assert state.fighters["he-man"].wounds == 1
    act(state, "next-target", character="orko")
    assert state.fighters["he-man"].wounds == 1
    assert current_test(state).label == "Evil-Lyn power"
    dice(state, 1, 1, 1, 1, 1)
    dice(state, 1, 1, 1, 1)  # Orko's mind 4
    while top(state).kind == "test":
        dice(state, 1)
    assert [e["target"] for e in events(state, "attack result")] == ["he-man", "orko", "skeletor"]


def test_area_attack_ally_additional_target_defends(tmp_path):
    """Rulebook, Area Attacks (allies included, a new attack test each) and Spell Attack (a power
    test against the target's mind): Skeletor, caught in Evil-Lyn's Fireball, tests his mind."""
    state = fireball_state(tmp_path, orko_hidden=True)
    attack(state, "fireball", "he-man")
    dice(state, 1, 1, 1, 1, 1)
    dice(state, 1, 1, 1)
    dice(state, 4, 4, 1, 1, 1)  # Evil-Lyn's test against Skeletor
    assert top(state).kind == "test"
    assert current_test(state).label == "Skeletor mind"


@pytest.mark.parametrize(
    ("low_wall", "skeletor_facing", "focused", "scopes"),
    [
        (False, 0, False, {"he-man": 4, "orko": 4, "skeletor": 4}),
        (False, 3, False, {"he-man": 4, "orko": 4, "skeletor": 3}),  # He-Man behind Skeletor
        (True, 0, False, {"he-man": 4, "orko": 5, "skeletor": 4}),  # a fence: He-Man to Orko
        (False, 0, True, {"he-man": 3, "orko": 3, "skeletor": 3}),  # focus: every test
    ],
    ids=["plain", "flank-from-initial-target", "cover-from-initial-target", "focused"],
)
def test_area_attack_scope_for_additional_targets(
    tmp_path, low_wall, skeletor_facing, focused, scopes
):
    """Rulebook, Area Attacks: for additional targets the flank is judged from the initial
    target's base, cover along the line from the initial target; a focused attacker has every
    attack test of the action's scope increased by one (the token is spent once)."""
    state = fireball_state(
        tmp_path, orko_hidden=False, low_wall=low_wall, skeletor_facing=skeletor_facing
    )
    state.fighters["evil-lyn"].focused = focused
    state.fighters["he-man"].wounds = 0
    attack(state, "fireball", "he-man")
    assert not state.fighters["evil-lyn"].focused
    found = {}
    for target in ("he-man", "orko", "skeletor"):
        if top(state).kind == "area-target":
            act(state, "next-target", character=target)
        assert current_test(state).label == "Evil-Lyn power"
        attack_step = [step for step in state.flow.steps if step.kind == "attack"][-1]
        found[attack_step.target] = current_test(state).scope
        miss_target(state)
    assert found == scopes
    assert isinstance(top(state), ActStep) and top(state).player == 1


def overwatch_example(tmp_path):
    """Rulebook, Overwatch — Examples: Skeletor, He-Man and Stratos are on overwatch; an Evil
    Warrior (Mer-Man, standing in for Tri-Klops) ends a move that triggers He-Man's and Stratos's
    overwatch, not Skeletor's (his ally)."""
    state = start(arena(tmp_path))
    put(state, "stratos", 2, 6, facing=0, overwatch=True)
    put(state, "he-man", 8, 4, facing=5, overwatch=True)
    put(state, "skeletor", 11, 8, facing=3, overwatch=True, mana=2)
    put(state, "man-at-arms", 12, 5, facing=3)  # in Skeletor's range, not interrupted
    put(state, "trap-jaw", 0, 9, facing=0)  # in Stratos's range, not interrupted
    put(state, "mer-man", 5, 12, facing=2)
    hand(state, 0, STEADY_AIM)
    hand(state, 1, DARK_AMBITION)
    select(state, STEADY_AIM, DARK_AMBITION)
    assert top(state).player == 0  # Steady Aim (initiative 3) beats Dark Ambition (1)...
    activate(state, "man-at-arms", "mana")
    end(state)  # ...so Man-At-Arms goes first and Mer-Man second
    activate(state, "mer-man", "mana")
    move(state, 6, 8, facing=2)
    return state


def test_overwatch_example(tmp_path):
    """Rulebook, Overwatch and Interruptions: two characters triggered by one enemy move; their
    controller chooses the order; each token is returned when its interruption starts; the
    interrupting character gets 1 AP, its attacks have their scope decreased by one and must
    target the interrupted character; He-Man's interrupting move then triggers Skeletor's
    overwatch; afterwards the interrupted activations resume."""
    state = overwatch_example(tmp_path)
    assert top(state).kind == "overwatch-order"
    assert state.current_player() == 0
    assert {a.get("character") for a in state.legal_actions()} == {"he-man", "stratos"}
    act(state, "interrupt", character="stratos")
    stratos, he_man = state.fighters["stratos"], state.fighters["he-man"]
    assert (stratos.overwatch, he_man.overwatch) == (False, True)
    assert state.fighters["skeletor"].overwatch
    assert (turn(state).character, turn(state).ap, turn(state).kind) == ("stratos", 1, "overwatch")
    targets = {a.get("target") for a in state.legal_actions() if a.kind == "attack"}
    assert targets == {"mer-man"}  # Trap Jaw is in range too, but not the interrupted one
    assert state.field.range_inches(stratos.position, state.fighters["trap-jaw"].position) <= 8

    attack(state, "flamethrower", "mer-man")
    test = current_test(state)
    assert (test.dice, test.scope) == (5, 5)
    assert any("interruption" in note for note in test.notes)
    dice(state, 1, 1, 1, 1, 1)
    dice(state, 1, 1, 1, 1)
    assert turn(state).ap == 0
    end(state)

    assert top(state).kind == "overwatch-order"
    assert [a.get("character") for a in state.legal_actions()] == ["he-man"]
    act(state, "interrupt", character="he-man")
    assert not state.fighters["he-man"].overwatch
    move(state, 6, 7, facing=5)  # engages Mer-Man, and ends in Skeletor's sight and range
    assert top(state).kind == "overwatch-order"
    assert state.current_player() == 1
    assert [a.get("character") for a in state.legal_actions()] == ["skeletor"]
    act(state, "interrupt", character="skeletor")
    targets = {a.get("target") for a in state.legal_actions() if a.kind == "attack"}
    assert targets == {"he-man"}  # Man-At-Arms is in range too
    attack(state, "magic-blast", "he-man")
    assert current_test(state).scope == 5
    dice(state, 1, 1, 1, 1, 1)
    dice(state, 1, 1, 1)
    end(state)

    assert (turn(state).character, turn(state).ap) == ("he-man", 0)  # He-Man's interruption
    end(state)
    assert (turn(state).character, turn(state).kind) == ("mer-man", "activation")
    assert isinstance(top(state), ActStep) and top(state).player == 1
    assert [t.character for t in state.turns] == ["mer-man"]
