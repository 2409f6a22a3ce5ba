"""Corrections of rule bugs in the complete Battleground game, each test naming the rule it comes
from (rulebook: Effect Timing, Interruptions, Movement Effects, Double Activation, Area Attacks,
Ready Characters and Gain Mana; docs/rules.md, Corrections)."""

from __future__ import annotations

import pytest
from game_helpers import (
    DARK_AMBITION,
    HEROIC_RESOLVE,
    STEADY_AIM,
    TREACHERY,
    act,
    activate,
    arena,
    attack,
    current_test,
    dice,
    end,
    hand,
    move,
    pass_round,
    play_round,
    prepare,
    put,
    select,
    start,
    top,
    turn,
)

from rulekeeper.core.hexes import hex_distance
from rulekeeper.games.battleground.board.measures import Position

SLITHER_AWAY = "evil-slither-away"  # 6, 1 AP, 1 mana; ability: jump 3


def evil_moves(state, character="mer-man", card=DARK_AMBITION):
    """Player 1 activates ``character``; player 0 has passed for the round."""
    hand(state, 0, STEADY_AIM)
    hand(state, 1, card, TREACHERY)
    select(state, None, card)
    activate(state, character, "mana")


def roll_all(state, face):
    """Every die of the current test shows ``face`` (no reroll)."""
    dice(state, *[face] * current_test(state).dice)


# === 1. Effect Timing: "this activation or interruption" lasts through nested interruptions ===


@pytest.mark.parametrize(
    ("card", "free_rerolls", "scope"),
    [
        (HEROIC_RESOLVE, 1, 4),
        ("brace-for-impact", 0, 3),  # scope +1: successes on 3+
        ("quick-reflexes", 1, 4),
        ("lucky-break", 2, 4),
    ],
)
def test_effect_timing_fate_defence_ability_lasts_through_an_attack_of_opportunity(
    tmp_path, card, free_rerolls, scope
):
    """Rulebook, Effect Timing (card rules override) and Attacks of Opportunity: a fate card
    whose ability lasts "this activation or interruption" still works in a defence test made
    during an interruption nested inside that activation: He-Man plays the card, moves out of
    his engagement, and Mer-Man's attack of opportunity meets the card's reroll or scope."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "mer-man", 6, 7, facing=3)
    hand(state, 0, card)
    select(state, card, None)
    activate(state, "he-man", "ability")
    act(state, "move", to=[2, 7, 0], focus=False)
    act(state, "interrupt", character="mer-man")
    attack(state, "trident", "he-man")
    roll_all(state, 4)
    test = current_test(state)
    assert test.label == "He-Man toughness"
    assert (test.free_rerolls, test.scope) == (free_rerolls, scope)


# === 2. Interruptions: every movement goes towards the interrupted character ==================


@pytest.mark.parametrize("how", ["dark-teleport", "slither-away", "smoke-bomb"])
def test_interruptions_teleports_and_jumps_go_towards_the_interrupted_character(tmp_path, how):
    """Rulebook, Interruptions: "all movements must be made towards the interrupted character
    and end within the line of sight of that character", teleports and jumps of skills, cards
    and items included: in Skeletor's overwatch interruption of He-Man, every destination of
    Dark Teleport, Slither Away or the Smoke Bomb is on a shortest route to He-Man (each step
    brings Skeletor closer) and in He-Man's sight."""
    state = start(arena(tmp_path))
    put(state, "he-man", 8, 4, facing=5)
    put(state, "skeletor", 11, 8, facing=3, overwatch=True, mana=2, items=["smoke-bomb"])
    hand(state, 0, STEADY_AIM)
    hand(state, 1, SLITHER_AWAY)
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    move(state, 6, 7, facing=5)
    act(state, "interrupt", character="skeletor")
    assert (turn(state).character, turn(state).kind) == ("skeletor", "overwatch")
    if how == "dark-teleport":
        act(state, "skill", skill="skeletor-dark-teleport")
    elif how == "slither-away":
        act(state, "play", card=SLITHER_AWAY)
        act(state, "bonus", choice="ability")
    else:
        act(state, "use-item", item="smoke-bomb")
    assert top(state).kind == "effect-move"
    he_man = state.fighters["he-man"].position
    start_at = state.fighters["skeletor"].position
    before = hex_distance(start_at.hex, he_man.hex)
    options = [Position(*a.get("to")) for a in state.legal_actions()]
    assert options
    for pos in options:
        steps = hex_distance(start_at.hex, pos.hex)
        assert steps + hex_distance(pos.hex, he_man.hex) == before, pos
        assert state.field.has_line_of_sight(pos, he_man), pos


# === 3. Movement Effects: a character's own movement style in an interruption =================


def test_interruptions_move_keeps_the_characters_flight(tmp_path):
    """Rulebook, Interruptions and Jump, with Stratos's Flight (his move actions follow the jump
    rules): in his overwatch interruption Stratos moves towards Mer-Man by jumping, so he can
    cross the low wall for one point a hex and end next to Mer-Man, six hexes away; walking, the
    wall would cost him three points."""
    wall = {"id": "wall", "kind": "low", "hexes": [[q, 3] for q in range(2, 12)]}
    state = start(arena(tmp_path, terrain=[wall]))
    put(state, "stratos", 6, 1, facing=5, overwatch=True)
    put(state, "mer-man", 6, 12, facing=2)
    evil_moves(state)
    turn(state).ap = 5
    move(state, 6, 8, facing=2)
    act(state, "interrupt", character="stratos")
    moves = {tuple(a.get("to")) for a in state.legal_actions() if a.kind == "move"}
    assert (6, 7, 0) in moves  # next to Mer-Man, over the wall: a jump of six hexes
    assert moves == {(6, 2, 0), (6, 4, 0), (6, 5, 0), (6, 6, 0), (6, 7, 0)}


# === 4. Double Activation: the next round only ================================================


def test_double_activation_bans_the_last_character_in_the_next_round_only():
    """Rulebook, Double Activation: the last character a player activated in a round cannot be
    that player's first character "during their next round". Man-At-Arms, last in round 1, may
    open round 3 when his player activated nobody in round 2."""
    state = start()
    play_round(state, ["he-man", "stratos", "man-at-arms"], ["skeletor", "mer-man", "trap-jaw"])
    prepare(state)
    pass_round(state)  # round 2: nobody is activated
    assert state.round == 3
    prepare(state)
    select(state, state.sides[0].hand[0], None)
    options = {a.get("character") for a in state.legal_actions()}
    assert options == {"he-man", "stratos", "man-at-arms"}


# === 5. Area Attacks: an engaged ally as additional target ====================================


def test_area_attacks_engaged_ally_additional_target_lowers_ranged_scope(tmp_path):
    """Rulebook, Area Attacks (Attacked While Engaged): "if the additional target is engaged,
    ranged attacks have their scope decreased by one", also when it is the attacker's ally:
    Man-At-Arms's Thermal Grenade on Skeletor also hits He-Man, engaged with Skeletor."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 7, 3, facing=5, weapons=["thermal-grenade"])
    put(state, "skeletor", 8, 7, facing=2)
    put(state, "he-man", 7, 7, facing=0)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "man-at-arms")
    attack(state, "thermal-grenade", "skeletor")
    assert current_test(state).scope == 5  # Skeletor is engaged with He-Man: 5+
    roll_all(state, 1)
    roll_all(state, 1)  # Skeletor's defence
    assert state.flow.steps[-2].target == "he-man"
    test = current_test(state)
    assert test.label == "Man-At-Arms perception"
    assert test.scope == 5
    assert any("engaged" in note for note in test.notes)


# === 6. Ready Characters and Gain Mana: every card played in the round is discarded ===========


def test_clean_up_discards_the_cards_of_a_knocked_out_character(tmp_path):
    """Rulebook, Ready Characters and Gain Mana: players take "all the fate and glory cards they
    played in the last round" to the discard piles, including the card on Mer-Man, knocked out
    by an attack of opportunity during the activation that card paid for."""
    state = start(arena(tmp_path))
    put(state, "man-at-arms", 5, 7, facing=0)
    put(state, "mer-man", 6, 7, facing=3, wounds=4)
    evil_moves(state)
    act(state, "move", to=[9, 7, 0], focus=False)
    act(state, "interrupt", character="man-at-arms")
    attack(state, "mace", "mer-man")
    dice(state, 4, 1, 1, 1)
    dice(state, 1, 1, 1, 1)
    end(state)
    assert state.fighters["mer-man"].knocked_out
    assert state.fighters["mer-man"].cards == [DARK_AMBITION]
    select(state, None, None)  # player 1 passes too: the clean-up
    assert state.round == 2
    assert DARK_AMBITION in state.sides[1].deck.discard_pile
    assert state.fighters["mer-man"].cards == []


# === reading: Interruptions, the interrupting character's defence tests ======================


def test_interruptions_interrupting_characters_defence_test_scope_minus_one(tmp_path):
    """Rulebook, Interruptions: "all tests made by the interrupting character have their scope
    decreased by one" (docs/rules.md: defence tests included). He-Man, interrupting Mer-Man on
    overwatch, moves out of his engagement with Trap Jaw; against Trap Jaw's attack of
    opportunity his toughness test has its scope decreased by one (successes on 5+)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 8, 4, facing=5, overwatch=True)
    put(state, "trap-jaw", 9, 4, facing=3)
    put(state, "mer-man", 5, 12, facing=2)
    evil_moves(state)
    move(state, 6, 8, facing=2)
    act(state, "interrupt", character="he-man")
    act(state, "move", to=[6, 7, 0], focus=False)
    act(state, "interrupt", character="trap-jaw")
    attack(state, "fists", "he-man")
    roll_all(state, 4)
    test = current_test(state)
    assert test.label == "He-Man toughness"
    assert test.scope == 5
    assert any("interruption" in note for note in test.notes)
