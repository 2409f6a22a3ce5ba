"""Interruptions, movement effects and ongoing effects in the complete Battleground game
(rulebook: Interruptions, Attacks of Opportunity, Overwatch, Movement Effects, Buffs and
Debuffs, Clean-Up Phase; battleground.md §3)."""

from __future__ import annotations

import pytest
from game_helpers import (
    BATTLE_CRY,
    DARK_AMBITION,
    DEFENSIVE_STANCE,
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
    move,
    pass_round,
    put,
    select,
    start,
    top,
    turn,
)

from rulekeeper.core.hexes import hex_distance
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.combat import knock_out_value


def evil_moves(state, character="mer-man", card=DARK_AMBITION):
    """Player 1 activates ``character``; player 0 has passed for the round."""
    hand(state, 0, STEADY_AIM)
    hand(state, 1, card, TREACHERY)
    select(state, None, card)
    activate(state, character, "mana")


# === attacks of opportunity [Attacks of Opportunity; battleground.md §3] =====================


def aoo_state(tmp_path, **mer_man):
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0)
    put(state, "mer-man", 6, 7, facing=3, **mer_man)
    put(state, "skeletor", 12, 7, facing=3)
    evil_moves(state)
    return state


def test_attack_of_opportunity_offered_when_an_engaged_character_declares_a_move(tmp_path):
    """Rulebook, Attacks of Opportunity and battleground.md §3: when an engaged character
    declares a move, before it leaves its hex, the enemies it is engaged with may interrupt;
    their owner decides (here: declines) and the move then goes on."""
    state = aoo_state(tmp_path)
    act(state, "move", to=[9, 7, 0], focus=False)
    assert top(state).kind == "opportunity"
    assert state.current_player() == 0
    assert state.fighters["mer-man"].position == (6, 7, 0)  # not yet left
    assert {a.kind for a in state.legal_actions()} == {"interrupt", "decline"}
    act(state, "decline")
    act(state, "face", direction=0)
    assert state.fighters["mer-man"].position == (9, 7, 0)
    assert isinstance(top(state), ActStep) and top(state).player == 1


def test_attack_of_opportunity_is_one_melee_attack_at_scope_plus_one(tmp_path):
    """Rulebook, Attacks of Opportunity: the interrupting character (1 AP) can only attack, only
    with melee weapons, only the interrupted character, with the scope increased by one; then
    the interrupted move continues."""
    state = aoo_state(tmp_path)
    act(state, "move", to=[9, 7, 0], focus=False)
    act(state, "interrupt", character="man-at-arms")
    assert (turn(state).character, turn(state).ap, turn(state).kind) == (
        "man-at-arms",
        1,
        "opportunity",
    )
    attacks = {
        (a.get("weapon"), a.get("target")) for a in state.legal_actions() if a.kind == "attack"
    }
    assert attacks == {("mace", "mer-man")}  # not the Arm Cannon
    assert not {"move", "focus", "skill", "overwatch"} & kinds(state)
    attack(state, "mace", "mer-man")
    test = current_test(state)
    assert test.scope == 3
    assert any("attack of opportunity" in note for note in test.notes)
    dice(state, 4, 1, 1, 1)
    dice(state, 1, 1, 1, 1)
    assert state.fighters["mer-man"].wounds == 1
    end(state)
    act(state, "face", direction=0)
    assert state.fighters["mer-man"].position == (9, 7, 0)
    assert (turn(state).character, turn(state).ap) == ("mer-man", 2)


def test_attack_of_opportunity_knock_out_stops_the_move(tmp_path):
    """Rulebook, Attacks of Opportunity: the move is resolved after the interruption, so a mover
    knocked out by the attack of opportunity never moves; the knock-out scores."""
    state = aoo_state(tmp_path, wounds=4)
    act(state, "move", to=[9, 7, 0], focus=False)
    act(state, "interrupt", character="man-at-arms")
    attack(state, "mace", "mer-man")
    dice(state, 4, 1, 1, 1)
    dice(state, 1, 1, 1, 1)
    end(state)
    mer_man = state.fighters["mer-man"]
    assert mer_man.knocked_out
    assert mer_man.position == (6, 7, 0)
    assert state.sides[0].vp == knock_out_value(state, mer_man)
    assert not events(state, "move")


def test_knocked_out_active_character_acts_no_more(tmp_path):
    """Rulebook, Health and Wounds: a knocked-out character is removed from the battleground and
    its card and equipment cannot be used for the rest of the game: its activation is over."""
    state = aoo_state(tmp_path, wounds=4)
    act(state, "move", to=[9, 7, 0], focus=False)
    act(state, "interrupt", character="man-at-arms")
    attack(state, "mace", "mer-man")
    dice(state, 4, 1, 1, 1)
    dice(state, 1, 1, 1, 1)
    end(state)
    assert not (top(state).kind == "act" and turn(state).character == "mer-man")


def test_attacks_of_opportunity_order_is_the_defenders_choice(tmp_path):
    """Rulebook, Attacks of Opportunity: engaged with several enemies, each may attack in the
    order of their controlling player's choice."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0)
    put(state, "he-man", 6, 6, facing=5)
    put(state, "mer-man", 6, 7, facing=3)
    evil_moves(state)
    act(state, "move", to=[9, 7, 0], focus=False)
    assert {a.get("character") for a in state.legal_actions() if a.kind == "interrupt"} == {
        "he-man",
        "man-at-arms",
    }
    act(state, "interrupt", character="he-man")
    end(state)
    assert top(state).kind == "opportunity"
    assert [a.get("character") for a in state.legal_actions() if a.kind == "interrupt"] == [
        "man-at-arms"
    ]


def test_no_attack_of_opportunity_when_not_engaged(tmp_path):
    """Rulebook, Attacks of Opportunity: only an engaged character's move is interrupted."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 4, 7, facing=0)
    put(state, "mer-man", 6, 7, facing=3)
    evil_moves(state)
    act(state, "move", to=[9, 7, 0], focus=False)
    assert top(state).kind == "face"


def test_jumping_move_away_provokes_an_attack_of_opportunity(tmp_path):
    """Rulebook, Attacks of Opportunity (an engaged character about to move out of its hex) and
    Jump (the move action's rules, ignoring characters, obstacles, difficult terrain and the
    stop next to enemies; unlike Teleport it may cause attacks of opportunity)."""
    state = start(arena(tmp_path))
    put(state, "stratos", 5, 7, facing=0)
    put(state, "trap-jaw", 6, 7, facing=3)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "stratos")
    act(state, "move", to=[2, 7, 0], focus=False)
    assert top(state).kind == "opportunity"


def test_switch_provokes_an_attack_of_opportunity(tmp_path):
    """Rulebook, Switch: switching cannot trigger overwatch but can cause attacks of
    opportunity (He-Man, engaged with Skeletor, switches places with Stratos)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    put(state, "stratos", 4, 8, facing=0)
    hand(state, 0, "change-places")
    select(state, "change-places", None)
    activate(state, "he-man", "ability")
    assert top(state).kind == "opportunity"


def test_charge_out_of_engagement_provokes_an_attack_of_opportunity(tmp_path):
    """Rulebook, Charge (the move action's rules, by the shortest route) and Attacks of
    Opportunity: He-Man, engaged with Skeletor, charges Mer-Man."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    put(state, "mer-man", 5, 3, facing=5)
    hand(state, 0, "charge")
    select(state, "charge", None)
    activate(state, "he-man", "ability")
    act(state, "target", character="mer-man")
    assert top(state).kind == "opportunity"


def test_attack_of_opportunity_offers_no_item_skill(tmp_path):
    """Rulebook, Attacks of Opportunity (only attack actions) and Items (an item's skill with a
    cost is an active skill)."""
    state = aoo_state(tmp_path)
    state.fighters["man-at-arms"].items = ["orb-of-power"]
    state.fighters["man-at-arms"].mana = 2
    act(state, "move", to=[9, 7, 0], focus=False)
    act(state, "interrupt", character="man-at-arms")
    assert "use-item" not in kinds(state)


# === overwatch [Overwatch; Interruptions; battleground.md §3] ==================================


def overwatch_check(tmp_path, *, watcher="stratos", at=(5, 4), facing=5, end_at=(6, 8), **kw):
    """Player 1's Mer-Man moves from (6,12) to ``end_at``; ``watcher`` (player 0) is on
    overwatch at ``at``. Returns the state after the move's facing choice."""
    terrain = kw.pop("terrain", [])
    state = start(arena(tmp_path, terrain=terrain))
    put(state, watcher, *at, facing=facing, overwatch=True, **kw)
    put(state, "mer-man", 6, 12, facing=2)
    evil_moves(state)
    turn(state).ap = 5
    move(state, *end_at, facing=2)
    return state


def triggered(state):
    return top(state).kind == "overwatch-order"


def test_overwatch_triggers_in_sight_front_arc_and_range(tmp_path):
    """Rulebook, Overwatch: the enemy ends its movement in the watcher's line of sight, partly in
    its front arc, and in range of one of its weapons (Flamethrower 8"): the watcher must
    interrupt (no 'decline' is offered)."""
    state = overwatch_check(tmp_path)
    assert triggered(state)
    assert state.current_player() == 0
    assert [a.kind for a in state.legal_actions()] == ["interrupt"]


def test_overwatch_needs_line_of_sight(tmp_path):
    """Rulebook, Overwatch: not triggered when the enemy ends out of the watcher's sight."""
    wall = {"id": "wall", "kind": "high", "hexes": [[4, 6], [5, 6], [6, 6], [7, 6]]}
    state = overwatch_check(tmp_path, terrain=[wall])
    assert not state.field.has_line_of_sight(
        state.fighters["stratos"].position, state.fighters["mer-man"].position
    )
    assert not triggered(state)
    assert state.fighters["stratos"].overwatch


def test_overwatch_needs_the_front_arc(tmp_path):
    """Rulebook, Overwatch: not triggered when no part of the enemy's base is in the front arc."""
    state = overwatch_check(tmp_path, facing=2)
    assert not triggered(state)


def test_overwatch_needs_weapon_range(tmp_path):
    """Rulebook, Overwatch: not triggered beyond every weapon's range and a move away (Stratos,
    Flamethrower 8", speed 6: Mer-Man ends 9" away)."""
    state = overwatch_check(tmp_path, at=(5, 0), end_at=(6, 10))
    distance = state.field.range_inches(
        state.fighters["stratos"].position, state.fighters["mer-man"].position
    )
    assert distance > 8
    assert not triggered(state)


@pytest.mark.parametrize(
    ("end_at", "focused", "expected"),
    [((6, 10), False, True), ((6, 11), False, False), ((6, 11), True, True)],
)
def test_overwatch_in_reach_of_one_move(tmp_path, end_at, focused, expected):
    """Rulebook, Overwatch: with no weapon in range, the watcher triggers if it could become
    engaged with the enemy with a single move action, spending its focus token if focused
    (He-Man: speed 5, focused 8; Sword of Power has no range)."""
    state = overwatch_check(tmp_path, watcher="he-man", at=(6, 4), end_at=end_at, focused=focused)
    he_man, mer_man = state.fighters["he-man"], state.fighters["mer-man"]
    assert hex_distance(he_man.position.hex, mer_man.position.hex) == end_at[1] - 4
    assert triggered(state) == expected


def test_no_overwatch_after_a_teleport(tmp_path):
    """Rulebook, Teleport (this movement cannot cause overwatch interruptions) and
    battleground.md §3: Skeletor's Dark Teleport ends where a move would trigger overwatch."""
    state = start(arena(tmp_path))
    put(state, "stratos", 5, 4, facing=5, overwatch=True)
    put(state, "skeletor", 6, 11, facing=2, mana=2)
    evil_moves(state, "skeletor")
    act(state, "skill", skill="skeletor-dark-teleport")
    act(state, "move-to", to=[6, 8, 0])
    assert not triggered(state)
    act(state, "face", direction=2)
    assert not triggered(state)
    assert state.fighters["stratos"].overwatch
    move(state, 6, 7, facing=2)  # an ordinary move afterwards does trigger it
    assert triggered(state)


def test_teleport_lets_the_owner_change_facing(tmp_path):
    """Rulebook, Teleport: after the movement, the controlling player can change the facing."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 6, 11, facing=2, mana=2)
    evil_moves(state, "skeletor")
    act(state, "skill", skill="skeletor-dark-teleport")
    act(state, "move-to", to=[6, 8, 0])
    assert top(state).kind == "face"


def test_overwatch_interruption_cards_are_discarded(tmp_path):
    """battleground.md §3 (Interruption cards) and rulebook, Interruptions: a card played during
    an interruption gives its bonus and is discarded, not placed on the interrupting
    character."""
    state = overwatch_check(tmp_path)
    act(state, "interrupt", character="stratos")
    hand(state, 0, BATTLE_CRY)
    act(state, "play", card=BATTLE_CRY)
    act(state, "bonus", choice="ability")
    assert state.fighters["stratos"].buff == "enhancement"
    end(state)
    assert state.fighters["stratos"].cards == []
    assert state.sides[0].deck.discard_pile[-1] == BATTLE_CRY
    assert not state.fighters["stratos"].activated


def test_interrupting_a_passed_player_still_interrupts(tmp_path):
    """battleground.md §3 (Passing): a player who has passed still interrupts when the rules
    say so (its character's overwatch)."""
    state = overwatch_check(tmp_path)
    assert state.sides[0].passed
    assert triggered(state)


def test_no_more_overwatch_once_the_mover_is_knocked_out(tmp_path):
    """Rulebook, Interruptions and Health and Wounds: once the interrupted character is knocked
    out, no further interruption of it is resolved; the other watcher keeps its token."""
    state = start(arena(tmp_path))
    put(state, "stratos", 3, 5, facing=5, overwatch=True)
    put(state, "man-at-arms", 9, 5, facing=4, overwatch=True)
    put(state, "mer-man", 6, 12, facing=2, wounds=4)
    evil_moves(state)
    move(state, 6, 9, facing=2)
    act(state, "interrupt", character="stratos")
    attack(state, "flamethrower", "mer-man")
    dice(state, 5, 1, 1, 1, 1)
    dice(state, 1, 1, 1, 1)
    end(state)
    assert state.fighters["mer-man"].knocked_out
    assert top(state).kind != "overwatch-order"
    assert state.fighters["man-at-arms"].overwatch


def test_knocked_out_interrupting_character_ends_its_interruption(tmp_path):
    """Rulebook, Overwatch (He-Man's interrupting move triggers Skeletor's overwatch) and Health
    and Wounds: He-Man, knocked out by Skeletor's interruption, acts no more; the other watcher
    triggered by Mer-Man's move (Stratos) then interrupts, and Mer-Man's activation resumes."""
    state = start(arena(tmp_path))
    put(state, "stratos", 2, 6, facing=0, overwatch=True)
    put(state, "he-man", 8, 4, facing=5, overwatch=True, wounds=5)
    put(state, "skeletor", 11, 8, facing=3, overwatch=True, mana=2)
    put(state, "mer-man", 5, 12, facing=2)
    evil_moves(state)
    move(state, 6, 8, facing=2)
    act(state, "interrupt", character="he-man")
    move(state, 6, 7, facing=5)
    act(state, "interrupt", character="skeletor")
    attack(state, "magic-blast", "he-man")
    dice(state, 5, 5, 1, 1, 1)  # scope 5 in an interruption: 2 successes, 1 wound
    dice(state, 1, 1, 1)
    assert state.fighters["he-man"].knocked_out
    end(state)
    assert [t.character for t in state.turns] == ["mer-man"]
    assert top(state).kind == "overwatch-order"
    assert [a.get("character") for a in state.legal_actions()] == ["stratos"]
    act(state, "interrupt", character="stratos")
    end(state)
    assert isinstance(top(state), ActStep) and top(state).player == 1
    assert turn(state).character == "mer-man"


# === buffs and debuffs [Buffs and Debuffs; Clear Tokens] =======================================


def test_a_new_buff_replaces_the_old_one(tmp_path):
    """Rulebook, Buffs and Debuffs: one buff at a time; a new one replaces the previous one."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, buff="protection")
    hand(state, 0, BATTLE_CRY, DEFENSIVE_STANCE)
    select(state, BATTLE_CRY, None)
    activate(state, "he-man", "ability")
    assert state.fighters["he-man"].buff == "enhancement"
    assert events(state, "buff removed")[-1]["name"] == "protection"
    act(state, "play", card=DEFENSIVE_STANCE)
    act(state, "bonus", choice="ability")
    assert state.fighters["he-man"].buff == "protection"
    buffs = [s for s in state.statuses.get("he-man", []) if s["slot"] == "buff"]
    assert len(buffs) <= 1


def test_a_new_debuff_replaces_the_old_one_and_keeps_the_buff(tmp_path):
    """Rulebook, Buffs and Debuffs: one debuff at a time (the Mace's 2+ Knockdown replaces
    Blind); buffs and debuffs are separate."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3, debuff="blind", buff="protection")
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "man-at-arms")
    attack(state, "mace", "skeletor")
    dice(state, 4, 4, 4, 1)
    dice(state, 1, 1, 1)
    skeletor = state.fighters["skeletor"]
    assert (skeletor.debuff, skeletor.buff) == ("knockdown", "protection")


@pytest.mark.parametrize(
    ("buff", "debuff", "wounds", "after"),
    [
        ("regeneration", "", 2, 1),
        ("regeneration", "", 0, 0),
        ("", "curse", 0, 1),
        ("regeneration", "curse", 2, 2),
        ("enhancement", "blind", 2, 2),
    ],
)
def test_regeneration_and_curse_when_removed_in_clean_up(buff, debuff, wounds, after):
    """Rulebook, Buffs and Debuffs and Clear Tokens: when Regeneration is removed one wound is
    removed; when Curse is removed the character gains one wound."""
    state = start()
    put(state, "he-man", 13, 2, buff=buff, debuff=debuff, wounds=wounds)
    pass_round(state)
    assert state.fighters["he-man"].wounds == after
    assert (state.fighters["he-man"].buff, state.fighters["he-man"].debuff) == ("", "")


def test_curse_can_knock_out_in_clean_up():
    """Rulebook, Buffs and Debuffs (Curse) and Health and Wounds: the curse's wound knocks out a
    character at its last wound; the opponent scores it."""
    state = start()
    put(state, "he-man", 13, 2, debuff="curse", wounds=5)
    pass_round(state)
    he_man = state.fighters["he-man"]
    assert he_man.knocked_out
    assert state.sides[1].vp == knock_out_value(state, he_man)


def test_curse_knocking_out_the_last_character_wins_at_once():
    """Rulebook, Clean-Up Phase: tokens are cleared (the curse wounds) before the check for
    victory, so a force whose last character the curse knocks out loses that clean-up."""
    state = start()
    for character in ("mer-man", "trap-jaw"):
        state.fighters[character].knocked_out = True
    put(state, "skeletor", 4, 22, debuff="curse", wounds=5)
    pass_round(state)
    assert state.fighters["skeletor"].knocked_out
    assert (state.is_terminal(), state.winner, state.result) == (True, 0, "knockout victory")


def test_interrupting_move_out_of_engagement_gives_an_attack_of_opportunity(tmp_path):
    """Rulebook, Interruptions (the interrupting character may move) and Attacks of Opportunity
    (any engaged character about to move out of its hex): He-Man, engaged with Trap Jaw, leaves
    him in his overwatch interruption and Trap Jaw's player may attack him."""
    state = start(arena(tmp_path))
    put(state, "he-man", 8, 4, facing=5, overwatch=True)
    put(state, "trap-jaw", 9, 4, facing=3)
    put(state, "mer-man", 5, 12, facing=2)
    evil_moves(state)
    move(state, 6, 8, facing=2)
    act(state, "interrupt", character="he-man")
    act(state, "move", to=[6, 7, 0], focus=False)
    assert top(state).kind == "opportunity"
    assert state.current_player() == 1
    assert [a.get("character") for a in state.legal_actions() if a.kind == "interrupt"] == [
        "trap-jaw"
    ]


def farthest_move(state):
    he_man = state.fighters["he-man"]
    return max(
        hex_distance(he_man.position.hex, tuple(a.get("to")[:2]))
        for a in state.legal_actions()
        if a.kind == "move" and not a.get("focus")
    )


@pytest.mark.parametrize(
    ("buff", "debuff", "difficult", "reach"),
    [
        ("", "", False, 5),
        ("quickness", "", False, 7),
        ("", "cripple", False, 3),
        ("quickness", "cripple", False, 5),
        ("", "", True, 3),  # difficult terrain: speed -2
        ("", "cripple", True, 3),  # Cripple is ignored when starting in difficult terrain
    ],
)
def test_quickness_and_cripple_change_speed(tmp_path, buff, debuff, difficult, reach):
    """Rulebook, Buffs and Debuffs (Quickness +2 speed, Cripple -2, ignored when the move starts
    in difficult terrain) and Movement and Difficult Terrain (-2)."""
    bog = [{"id": "bog", "kind": "difficult", "hexes": [[7, 7]]}] if difficult else []
    state = start(arena(tmp_path, terrain=bog))
    put(state, "he-man", 7, 7, facing=0, buff=buff, debuff=debuff)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    assert farthest_move(state) == reach


def test_ongoing_buff_lasts_until_the_clean_up(tmp_path):
    """Rulebook, Buffs and Debuffs and Clear Tokens: a buff stays until the clean-up phase
    (Enhancement still raises the scope of a later activation's attack in the same round)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, buff="enhancement")
    put(state, "skeletor", 6, 7, facing=3)
    hand(state, 0, STEADY_AIM, DEFENSIVE_STANCE)
    hand(state, 1, DARK_AMBITION)
    select(state, STEADY_AIM, DARK_AMBITION)
    activate(state, "stratos")
    end(state)
    activate(state, "mer-man")
    end(state)
    select(state, DEFENSIVE_STANCE, None)
    activate(state, "he-man", "mana")
    attack(state, "sword-of-power", "skeletor")
    assert current_test(state).scope == 3
