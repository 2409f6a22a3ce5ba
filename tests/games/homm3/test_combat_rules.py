"""Rules tests of the HoMM3 combat (homm3.md §5.14.4, §5.15, §5.18–§5.20, §5.24.1, §5.25, §8 and
§9; §9 wins where it differs). Each test cites its source: the spec section and the rulebook page.

Battles start mid-fight (``pending: [{kind: battle, stage: fight}]``) with the units placed; units
marked ``activated`` wait for the next round, which is how a test picks who acts first. Dice are
forced (``roll``); the Attack die has faces −1, 0, +1 (§9.6).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from homm3_helpers import (
    act,
    active,
    at_chance,
    attacks,
    battle,
    done,
    end_activation,
    events,
    fight,
    finished,
    kinds,
    last,
    moves,
    refuse,
    result,
    roll,
    roll_all,
    side_result,
    start,
    take,
    targets,
    unit,
)

from rulekeeper.core import CHANCE, Action
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.unit_abilities import IMPLEMENTED

# --------------------------------------------------------------------------- helpers


def unit_at(state: Any, field: str) -> Any:
    return state.battle.at(board.NAMES[field])


def field_of(state: Any, uid: str) -> str | None:
    number = state.battle.units[uid].field
    return board.name(number) if number >= 0 else None


def activation_order(state: Any) -> list[str]:
    """End every activation of the current round, in order; the units that activated."""
    order: list[str] = []
    first_round = state.battle.round
    while not finished(state) and state.battle.round == first_round:
        uid = active(state)
        assert uid is not None and state.current_player() >= 0
        order.append(uid)
        end_activation(state)
    return order


# --------------------------------------------------------------------------- activation order


def test_units_activate_in_descending_initiative() -> None:
    """homm3.md §5.18.5 combat round and §5.18.6 step 1, rulebook p. 30–31: the unit with the
    highest Initiative that has not activated goes next; each unit activates once a round."""
    state = fight(
        ["griffins:pack@a2", "marksmen@b1"],  # Initiative 9 and 4
        ["vampires@d4", "zombies:pack@c5"],  # Initiative 6 and 4
    )
    assert activation_order(state) == ["griffins", "vampires", "marksmen", "zombies"]
    assert state.battle.round == 2


def test_enemy_tie_goes_to_the_attacker_first_then_alternates() -> None:
    """homm3.md §5.18.6 step 1 and §5.24.1 rule 1, rulebook p. 31: two enemy units of equal
    Initiative: the attacking side's unit first; several alternate sides, starting with the
    attacker; when one side has none left, the other activates the rest."""
    state = fight(["skeletons@a1"], ["troglodytes@a5", "halberdiers@b5"])  # all Initiative 4
    assert active(state) == "skeletons"
    end_activation(state)
    assert state.current_player() == 1  # the defender chooses among its tied units
    take(state, "halberdiers")
    end_activation(state)
    assert active(state) == "troglodytes"


def test_equal_initiative_alternates_between_sides() -> None:
    """homm3.md §5.18.6 step 1, rulebook p. 31: equal Initiative alternates sides A, D, A, D."""
    state = fight(
        ["halberdiers@a1", "marksmen@b1"],  # Initiative 4
        ["skeletons@a5", "troglodytes@b5"],  # Initiative 4
    )
    sides = []
    for _ in range(4):
        if active(state) is None:  # a tie within one side: its controller picks
            seat = state.current_player()
            take(state, str(state.legal_actions(seat)[0].get("unit")))
        uid = active(state)
        assert uid is not None
        sides.append(state.battle.units[uid].side)
        end_activation(state)
    assert sides == [0, 1, 0, 1]


def test_same_side_tie_is_chosen_by_its_controller() -> None:
    """homm3.md §5.18.6 step 1 (the rulebook does not order two units of one side; their
    controller chooses), rulebook p. 31."""
    state = fight(["halberdiers@a1", "marksmen@b1"], ["skeletons@d5"])  # all Initiative 4
    assert state.current_player() == 0
    assert set(state.legal_actions()) == {
        Action.of("activate", unit="halberdiers"),
        Action.of("activate", unit="marksmen"),
    }
    refuse(state, "activate", unit="skeletons")
    refuse(state, "activate", seat=1, unit="halberdiers")
    take(state, "marksmen")
    assert active(state) == "marksmen"


# --------------------------------------------------------------------------- movement


def test_ground_units_move_up_to_three_fields() -> None:
    """homm3.md §5.15 unit types and §8.38, rulebook p. 26: Ground moves up to 3 fields
    (orthogonal steps)."""
    state = fight(["skeletons@b1"], ["zombies@d5"])
    assert moves(state) == {"a1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "b4"}
    refuse(state, "move", to="b5")


def test_ground_units_are_blocked_by_cards_on_the_board() -> None:
    """homm3.md §5.18.5 terrain obstacles and §8.38, rulebook p. 30: every card blocks the way of
    a non-flying unit; no unit ends on an occupied field."""
    state = fight(
        ["skeletons:pack@a1", done("halberdiers@b1"), done("marksmen@a2")], ["zombies@d5"]
    )
    assert active(state) == "skeletons"
    assert moves(state) == set()
    refuse(state, "move", to="c1")
    refuse(state, "move", to="b1")


def test_flying_units_move_three_fields_over_obstacles() -> None:
    """homm3.md §5.15 Flying and §5.18.5, rulebook p. 26, 30: Flying moves up to 3 fields and
    ignores terrain obstacles, but does not end on a card."""
    state = fight(["griffins@a1", done("halberdiers@b1"), done("marksmen@a2")], ["zombies@d5"])
    assert moves(state) == {"c1", "d1", "b2", "c2", "a3", "b3", "a4"}
    refuse(state, "move", to="b1")
    refuse(state, "move", to="b4")  # 4 steps


def test_ranged_units_move_one_field() -> None:
    """homm3.md §5.15 Ranged and §5.18.6 step 2, rulebook p. 26, 31: Ranged moves 1 field."""
    state = fight(["marksmen@b1"], ["zombies@d5"])
    assert moves(state) == {"a1", "c1", "b2"}
    refuse(state, "move", to="b3")


def test_a_ranged_unit_attacks_then_moves_one() -> None:
    """homm3.md §5.15 Ranged and §5.18.6 step 2, rulebook p. 26, 31: it may attack any unit not
    adjacent, then move 1 field; no second attack."""
    state = fight(["marksmen@b2"], [done("crusaders@c4"), done("zombies@d5")])
    assert targets(state) == {"crusaders", "zombies"}
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert active(state) == "marksmen"
    assert moves(state) == {"a2", "c2", "b1", "b3"}
    assert targets(state) == set()
    refuse(state, "attack", target="zombies")
    act(state, "move", to="b1")
    assert field_of(state, "marksmen") == "b1"


def test_a_ranged_unit_cannot_attack_after_moving() -> None:
    """homm3.md §5.15 Ranged and §5.18.6 step 2, rulebook p. 26, 31: it cannot attack after
    moving."""
    state = fight(["marksmen@b2"], [done("crusaders@c4")])
    act(state, "move", to="b1")
    assert targets(state) == set()
    error = refuse(state, "attack", target="crusaders")
    assert error.rule


# --------------------------------------------------------------------------- ranged penalties


def test_a_ranged_unit_next_to_an_enemy_attacks_only_adjacent_enemies_with_the_penalty() -> None:
    """homm3.md §5.15 Ranged, §8.39, §8.41, §9.2, rulebook p. 26: while adjacent to an enemy it
    may attack only an adjacent enemy, with the combat penalty (two Attack dice, the lower
    counts)."""
    state = fight(["zealots@b2"], [done("griffins@b3"), done("skeletons@d5")])
    assert targets(state) == {"griffins"}
    refuse(state, "attack", target="skeletons")
    act(state, "attack", target="griffins")
    roll(state, 1, -1)  # two dice
    hit = attacks(state)[0]
    assert hit["dice"] == [1, -1] and hit["die"] == -1
    assert hit["attack"] == 2 and hit["damage"] == 2  # Zealots Attack 3, −1; Griffins Defence 0
    assert state.battle.units["griffins"].damage == 2


def test_a_ranged_attack_from_an_adjacent_field_provokes_retaliation() -> None:
    """homm3.md §8.40 and §5.18.5 Retaliation, rulebook p. 30: the attacker is adjacent."""
    state = fight(["zealots@b2"], [done("griffins@b3")])
    act(state, "attack", target="griffins")
    roll(state, 0, 0, 1)  # two dice (penalty), then the retaliation's die
    assert [a["kind"] for a in attacks(state)] == ["attack", "retaliation"]
    assert state.battle.units["zealots"].damage == 2  # Griffins 2 + 1 − Zealots Defence 1


def test_back_line_to_back_line_suffers_the_combat_penalty() -> None:
    """homm3.md §5.15 Ranged, rulebook p. 26: the penalty applies when a Ranged unit in your back
    line attacks a unit in the enemy's back line."""
    state = fight(["marksmen@b1"], [done("crusaders@b5"), done("skeletons@c4")])
    act(state, "attack", target="crusaders")
    roll(state, 1)
    assert at_chance(state)  # a second die
    roll(state, 0)
    assert attacks(state)[0]["die"] == 0 and attacks(state)[0]["penalty"] is True


def test_no_penalty_from_the_back_line_at_the_enemy_front_line() -> None:
    """homm3.md §5.15 Ranged, rulebook p. 26: only back line to back line."""
    state = fight(["marksmen@b1"], [done("crusaders@b5"), done("skeletons@c4")])
    act(state, "attack", target="skeletons")
    roll(state, 1)
    assert not at_chance(state)
    assert attacks(state)[0]["dice"] == [1] and attacks(state)[0]["penalty"] is False


def test_no_penalty_from_the_front_line_at_the_enemy_back_line() -> None:
    """homm3.md §5.15 Ranged, rulebook p. 26: only back line to back line."""
    state = fight(["marksmen@b2"], [done("crusaders@b5")])
    act(state, "attack", target="crusaders")
    roll(state, 1)
    assert attacks(state)[0]["dice"] == [1]


# --------------------------------------------------------------------------- attack and damage


def test_the_attack_die_is_added_to_attack_and_damage_is_attack_minus_defence() -> None:
    """homm3.md §5.18.5 Attack die and §5.18.6 steps 4–5, rulebook p. 30–31."""
    state = fight(["griffins@b2"], [done("crusaders@b3")])
    act(state, "attack", target="crusaders")
    roll(state, 1)
    hit = attacks(state)[0]
    assert (hit["die"], hit["attack"], hit["defence"], hit["damage"]) == (1, 3, 2, 1)
    assert state.battle.units["crusaders"].damage == 1


def test_damage_is_never_negative() -> None:
    """homm3.md §5.18.6 step 5, rulebook p. 31: 0 damage if Defence ≥ Attack."""
    state = fight(["halberdiers@b2"], [done("crusaders@b3")])
    act(state, "attack", target="crusaders")
    roll(state, -1)
    hit = attacks(state)[0]
    assert (hit["attack"], hit["defence"], hit["damage"]) == (1, 2, 0)
    assert state.battle.units["crusaders"].damage == 0


def test_a_pack_unit_flips_to_few_and_keeps_the_excess_damage() -> None:
    """homm3.md §5.15 damage and flipping and §9.12 (worked example), rulebook p. 27, 31: Pack
    Zombies (HP 3) with 2 damage take 2 from Pack Harpies rolling +1 (3 + 1 − (1 + 1)): they
    flip to Few with 1 damage."""
    state = fight(["harpies:pack@b2"], [done("zombies:pack@b3", damage=2)])
    act(state, "attack", target="zombies")
    roll(state, 1)
    zombies = state.battle.units["zombies"]
    assert attacks(state)[0]["damage"] == 2
    assert (zombies.face, zombies.damage, zombies.destroyed) == ("few", 1, False)
    assert last(state, "damage")["flipped"] is True


def test_a_few_unit_whose_damage_reaches_its_hp_is_destroyed() -> None:
    """homm3.md §5.15 damage and flipping, rulebook p. 27: a Few unit is removed from the
    board."""
    state = fight(["dread-knights@b2"], [done("skeletons@b3"), done("zombies@d5")])
    act(state, "attack", target="skeletons")
    roll(state, 0)
    skeletons = state.battle.units["skeletons"]
    assert skeletons.destroyed and skeletons.field < 0
    assert unit_at(state, "b3") is None
    assert [a["kind"] for a in attacks(state)] == ["attack"]  # the destroyed never retaliate


def test_the_last_unit_destroyed_ends_the_battle() -> None:
    """homm3.md §5.20 Defeat, rulebook p. 32: one side loses all its units on the board."""
    state = fight(["dread-knights@b2"], [done("skeletons@b3")])
    act(state, "attack", target="skeletons")
    roll(state, 0)
    outcome = result(state)
    assert outcome["ending"] == "victory" and outcome["winner"] == "attacker"
    assert side_result(state, "defender")["destroyed"][0]["unit"] == "skeletons"


# --------------------------------------------------------------------------- Defend


def test_defend_gives_a_defense_token_and_ends_the_activation() -> None:
    """homm3.md §5.18.6 step 2 and §5.18.5 Defense token, rulebook p. 30–31."""
    state = fight(["halberdiers@b2"], ["crusaders@b3"])
    assert active(state) == "crusaders"  # Initiative 5
    act(state, "defend")
    assert state.battle.units["crusaders"].defending
    assert active(state) == "halberdiers"


def test_the_defense_die_plus_one_adds_one_defence() -> None:
    """homm3.md §5.18.5 Defense token and §5.18.6 step 4, rulebook p. 30–31: after the
    attacker's roll the defender rolls an Attack die; "+1" gives +1 Defence for that attack."""
    state = fight(["halberdiers@b2"], [done("crusaders@b3", defending=True)])
    act(state, "attack", target="crusaders")
    roll(state, 1)  # the attacker's die
    assert at_chance(state)  # the Defense token's die
    roll(state, 1)
    hit = attacks(state)[0]
    assert hit["defence_die"] == [1]
    assert (hit["attack"], hit["defence"], hit["damage"]) == (3, 3, 0)


def test_the_defense_die_other_faces_add_nothing() -> None:
    """homm3.md §5.18.5 Defense token, rulebook p. 30: only "+1" counts."""
    state = fight(["halberdiers@b2"], [done("crusaders@b3", defending=True)])
    act(state, "attack", target="crusaders")
    roll(state, 1, 0)
    hit = attacks(state)[0]
    assert (hit["defence"], hit["damage"]) == (2, 1)


def test_the_defense_token_goes_at_the_next_activation_which_may_not_defend() -> None:
    """homm3.md §5.18.5 Defense token, rulebook p. 30: at the start of the unit's next activation
    discard the token; that unit may not Defend in that activation."""
    state = fight(["crusaders@b2", done("skeletons@d1")], [done("zombies@d5")])
    act(state, "defend")
    assert state.battle.round == 2 and active(state) == "crusaders"
    assert not state.battle.units["crusaders"].defending
    assert "defend" not in kinds(state)
    refuse(state, "defend")


# --------------------------------------------------------------------------- Paralysis


def test_a_paralysed_unit_skips_its_next_activation() -> None:
    """homm3.md §5.18.5 Paralysis token, rulebook p. 30: the unit skips its next activation,
    discarding the token instead."""
    state = fight([unit("griffins@a1", paralysed=True), "skeletons@b1"], ["zombies@d5"])
    griffins = state.battle.units["griffins"]
    assert active(state) != "griffins"
    assert not griffins.paralysed and griffins.activated
    assert events(state, "paralysis-ends") == [{"unit": "griffins"}]


def test_an_attacked_paralysed_unit_loses_the_token_and_retaliates() -> None:
    """homm3.md §5.18.5 Paralysis and §8.49, rulebook p. 30: attacked, the token is removed;
    the unit then retaliates if it has not yet retaliated this round."""
    state = fight(["halberdiers@b2"], [done("crusaders@b3", paralysed=True)])
    act(state, "attack", target="crusaders")
    roll(state, 0, 0)
    assert not state.battle.units["crusaders"].paralysed
    assert [a["kind"] for a in attacks(state)] == ["attack", "retaliation"]


# --------------------------------------------------------------------------- retaliation


def test_a_surviving_target_of_an_adjacent_attack_retaliates() -> None:
    """homm3.md §5.18.5 Retaliation and §5.18.6 step 6, rulebook p. 30–31."""
    state = fight(["halberdiers@b2", "zombies@d1"], [done("crusaders@b3")])
    act(state, "attack", target="crusaders")
    roll(state, 1, 0)
    _, back = attacks(state)
    assert back["kind"] == "retaliation"
    assert (back["attacker"], back["target"]) == ("crusaders", "halberdiers")
    assert back["damage"] == 3 - 1  # Crusaders Attack 3 against Halberdiers Defence 1
    assert state.battle.units["halberdiers"].destroyed  # HP 2
    assert state.battle.units["crusaders"].retaliations == 1


def test_a_retaliation_never_provokes_a_retaliation() -> None:
    """homm3.md §5.18.5 Retaliation, rulebook p. 30."""
    state = fight(["crusaders@b2"], [done("crusaders@b3")])
    act(state, "attack", target="crusaders-2")
    roll(state, -1, -1)  # the attack, the retaliation
    assert not at_chance(state)
    assert [a["kind"] for a in attacks(state)] == ["attack", "retaliation"]
    assert state.battle.units["crusaders"].retaliations == 0


def test_a_unit_retaliates_once_per_round() -> None:
    """homm3.md §5.18.5 Retaliation, rulebook p. 30: max 1 retaliation per unit per round."""
    state = fight(["halberdiers@b2", "skeletons@a3"], [done("crusaders@b3")])
    take(state, "halberdiers")
    act(state, "attack", target="crusaders")
    roll(state, -1, -1)
    assert active(state) == "skeletons"
    act(state, "attack", target="crusaders")
    roll(state, -1)
    assert not at_chance(state)
    assert [a["kind"] for a in attacks(state)] == ["attack", "retaliation", "attack"]


def test_no_retaliation_against_a_ranged_attack_from_afar() -> None:
    """homm3.md §5.18.5 Retaliation, rulebook p. 30: only an attack by an adjacent unit."""
    state = fight(["marksmen@b2"], [done("crusaders@b4")])
    act(state, "attack", target="crusaders")
    roll(state, 1)
    assert not at_chance(state)
    assert [a["kind"] for a in attacks(state)] == ["attack"]
    assert state.battle.units["crusaders"].retaliations == 0


def test_the_round_end_clears_activation_and_retaliation_marks() -> None:
    """homm3.md §5.18.5 and §5.18.6 step 8, rulebook p. 30–31: remove the activation and
    retaliation cubes at the end of the combat round."""
    state = fight(["halberdiers@b2"], [done("crusaders@b3"), done("zombies@d5")])
    act(state, "attack", target="crusaders")
    roll(state, -1, -1)
    assert state.battle.round == 2
    for uid in ("halberdiers", "crusaders", "zombies"):
        unit = state.battle.units[uid]
        assert unit.retaliations == 0
        assert unit.activated == (uid == active(state))
    assert active(state) == "crusaders"  # round 2 starts with the highest Initiative


# --------------------------------------------------------------------------- round limit


def neutral_round(defender: list[Any], mp: int = 2, **kwargs: Any) -> Any:
    """Solo: a hero against neutral units, every unit already activated in round 1 (so the
    round ends at once)."""
    return fight(
        [done("halberdiers@a1")],
        [done(u) for u in defender],
        defender_kind="neutral",
        mode="solo",
        attacker_hero={"name": "Catherine", "level": 1, "mp": mp, "gold": 12},
        **kwargs,
    )


def test_after_round_one_against_neutrals_the_hero_extends_for_one_mp() -> None:
    """homm3.md §5.18.2 duration, §5.18.6 step 8 and §8.51, rulebook p. 29: vs Bronze–Gold
    neutrals only 1 round; the hero may spend 1 MP to extend by a round."""
    state = neutral_round(["skeletons-neutral@d5"])
    assert state.battle.round == 1
    assert state.current_player() == 0
    assert set(state.legal_actions()) == {Action.of("extend"), Action.of("retreat")}
    act(state, "extend")
    assert state.battle.armies[0].hero.mp == 1
    assert state.battle.round == 2 and not finished(state)


def test_the_hero_may_retreat_instead_of_extending() -> None:
    """homm3.md §5.18.2 and §9.1 (retreat = not paying the extension), rulebook p. 29."""
    state = neutral_round(["skeletons-neutral@d5"])
    act(state, "retreat")
    outcome = result(state)
    assert outcome["ending"] == "flee" and outcome["loser"] == "attacker"
    assert side_result(state, "attacker")["goes"] == "previous-field"
    assert state.battle.armies[0].hero.mp == 2


def test_a_hero_without_mp_retreats() -> None:
    """homm3.md §5.18.2, rulebook p. 29: if you cannot extend, your hero flees."""
    state = neutral_round(["skeletons-neutral@d5"], mp=0)
    assert result(state)["ending"] == "flee"


def test_optional_rule_9_makes_the_extension_free() -> None:
    """homm3.md §5.25 optional rule 9 and §8.51, rulebook p. 34: extending costs no MP."""
    state = neutral_round(["skeletons-neutral@d5"], mp=0, options={"free-extension": "yes"})
    assert Action.of("extend") in state.legal_actions()
    act(state, "extend")
    assert state.battle.armies[0].hero.mp == 0 and state.battle.round == 2


def test_azure_neutrals_have_no_round_limit() -> None:
    """homm3.md §5.18.2, rulebook p. 29: vs Azure neutrals the combat goes on until one side
    wins."""
    state = neutral_round(["azure-dragons@d5"], mp=0)
    assert not finished(state)
    assert state.battle.round == 2


def test_a_hero_battle_has_no_round_limit() -> None:
    """homm3.md §5.18.2, rulebook p. 29: vs enemy heroes no round limit."""
    state = fight([done("halberdiers@a1")], [done("skeletons@d5")])
    assert not finished(state) and state.battle.round == 2


def test_no_flight_during_the_round_by_default() -> None:
    """homm3.md §9.1 (option retreat = end-of-round, the default), §5.20 Flee: a hero retreats
    only by not paying the extension."""
    state = fight(
        ["halberdiers@a1"],
        ["skeletons-neutral@d5"],
        defender_kind="neutral",
        mode="solo",
    )
    assert "flee" not in kinds(state)
    refuse(state, "flee")


def test_option_any_time_lets_the_hero_flee_during_the_round() -> None:
    """homm3.md §9.1 option retreat = any-time (the seed's §5.20 Flee)."""
    state = fight(
        ["halberdiers@a1"],
        ["skeletons-neutral@d5"],
        defender_kind="neutral",
        mode="solo",
        options={"retreat": "any-time"},
    )
    act(state, "flee")
    assert result(state)["ending"] == "flee"


# --------------------------------------------------------------------------- surrender


def test_surrender_before_the_unit_moves_or_attacks_pays_ten_gold() -> None:
    """homm3.md §5.20 Surrender and §9.5, rulebook p. 32: only against another player, during
    the activation of one of your units before it moves or attacks; pay the enemy hero 10 Gold."""
    state = fight(["halberdiers@a1"], [done("skeletons@d5")])
    assert "surrender" in kinds(state)
    act(state, "surrender")
    outcome = result(state)
    assert outcome["ending"] == "surrender" and outcome["winner"] == "defender"
    assert state.battle.armies[0].hero.gold == 12 - 10
    assert state.battle.armies[1].hero.gold == 10 + 10
    assert side_result(state, "attacker")["gold_paid"] == 10
    assert side_result(state, "attacker")["goes"] == "own-town"


def test_no_surrender_after_moving() -> None:
    """homm3.md §5.20 Surrender, rulebook p. 32: before you move or attack with the unit."""
    state = fight(["halberdiers@a1"], [done("skeletons@d5")])
    act(state, "move", to="a2")
    assert "surrender" not in kinds(state)
    refuse(state, "surrender")


def test_no_surrender_after_attacking() -> None:
    """homm3.md §5.20 Surrender, rulebook p. 32: before you move or attack with the unit."""
    state = fight(["marksmen@b2"], [done("crusaders@c4")])
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert active(state) == "marksmen"
    refuse(state, "surrender")


def test_no_surrender_against_neutral_units() -> None:
    """homm3.md §5.20 Surrender, rulebook p. 32: only in combat against another player."""
    state = fight(["halberdiers@a1"], [done("skeletons-neutral@d5")], defender_kind="neutral")
    assert "surrender" not in kinds(state)
    refuse(state, "surrender")


def test_no_surrender_when_defending_a_town() -> None:
    """homm3.md §5.20, §5.14.4 and §8.48, rulebook p. 17, 32: defending a Town you can neither
    surrender nor flee."""
    state = fight(
        [done("halberdiers@a1")], ["skeletons@d5"], site={"kind": "town", "owner": "necropolis"}
    )
    assert active(state) == "skeletons"
    assert "surrender" not in kinds(state)
    refuse(state, "surrender")


def test_the_besieger_may_surrender() -> None:
    """homm3.md §5.20 and §8.48, rulebook p. 32: the ban is on the Town's defender only."""
    state = fight(
        ["halberdiers@a1"], [done("skeletons@d5")], site={"kind": "town", "owner": "necropolis"}
    )
    assert "surrender" in kinds(state)


# --------------------------------------------------------------------------- sieges

TOWN = {"kind": "town", "owner": "necropolis", "citadel": True}
TOWER = {"card": "arrow-tower", "field": "tower"}


def works(gate: str = "c3", broken: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The 3 Walls and the Gate in the middle row (§9.3), the *broken* ones flipped."""
    return [
        {"kind": "gate" if field == gate else "wall", "field": field, "intact": field not in broken}
        for field in ("a3", "b3", "c3", "d3")
    ]


def siege(attacker: list[Any], defender: list[Any], **kwargs: Any) -> Any:
    kwargs.setdefault("obstacles", works())
    return fight(attacker, defender, site=TOWN, **kwargs)


def test_the_defender_sets_the_gate_and_walls_after_deploying() -> None:
    """homm3.md §5.14.4 and §9.3, rulebook p. 17, 30: the defender places the 3 Walls and the
    Gate in the middle row, in any order, after deploying its units."""
    state = start(battle(["halberdiers"], ["skeletons"], site=TOWN, pending=None))
    assert state.current_player() == 0
    act(state, "place", unit="halberdiers", at="b2")
    assert state.current_player() == 1
    act(state, "place", unit="skeletons", at="b4")
    assert state.current_player() == 1
    assert set(state.legal_actions()) == {Action.of("gate", at=f) for f in ("a3", "b3", "c3", "d3")}
    refuse(state, "gate", at="b2")
    act(state, "gate", at="c3")
    built = {board.name(o.field): o.kind for o in state.battle.obstacles}
    assert built == {"a3": "wall", "b3": "wall", "c3": "gate", "d3": "wall"}
    assert all(o.intact for o in state.battle.obstacles)
    assert state.battle.tower() is not None


def test_walls_and_gate_block_the_attackers_ground_units() -> None:
    """homm3.md §5.14.4 and §5.18.5 terrain obstacles, rulebook p. 17, 30."""
    state = siege(["skeletons@c2"], [done("zombies@a5")])
    assert moves(state) and all(field[1] in "12" for field in moves(state))
    refuse(state, "move", to="c4")
    refuse(state, "move", to="c3")


def test_flying_attackers_pass_over_the_walls() -> None:
    """homm3.md §5.14.4 and §5.15 Flying, rulebook p. 17, 26."""
    state = siege(["griffins@b2"], [done("zombies@a5")])
    assert {"b4", "c4"} <= moves(state)
    assert "b3" not in moves(state)


def test_the_defenders_units_pass_through_the_gate() -> None:
    """homm3.md §5.14.4, rulebook p. 17: the defender's units move through the Gate as if it
    were empty (but not through a Wall)."""
    state = siege([done("halberdiers@a1")], ["skeletons@c4"])
    assert active(state) == "skeletons"
    assert "c2" in moves(state)
    assert "c3" not in moves(state)
    assert "b2" in moves(state)  # c4 → c3 (gate) → c2 → b2
    refuse(state, "move", to="c3")


def test_an_adjacent_ground_attacker_breaks_a_wall_without_a_roll() -> None:
    """homm3.md §5.14.4 and §9.3, rulebook p. 17: a Wall or Gate attacked by an adjacent Ground
    or Flying unit is destroyed; such attacks always succeed (no die, no cards)."""
    state = siege(["halberdiers@b2", done("griffins@d1")], [done("zombies@a5")])
    assert Action.of("breach", at="b3") in state.legal_actions()
    refuse(state, "breach", at="c3")  # not adjacent
    act(state, "breach", at="b3")
    assert not at_chance(state)
    wall = next(o for o in state.battle.obstacles if board.name(o.field) == "b3")
    assert not wall.intact
    assert state.battle.obstacle_at(board.NAMES["b3"]) is None


def test_the_broken_wall_no_longer_blocks() -> None:
    """homm3.md §5.14.4, rulebook p. 17: a flipped Wall no longer obstructs."""
    state = siege(["skeletons@b2"], [done("zombies@a5")], obstacles=works(broken=("b3",)))
    assert {"b3", "b4"} <= moves(state)


def test_flying_attackers_break_walls_and_gates_too() -> None:
    """homm3.md §5.14.4, rulebook p. 17: an adjacent Flying unit destroys a Wall or Gate."""
    state = siege(["griffins@c2"], [done("zombies@a5")])
    act(state, "breach", at="c3")
    assert state.battle.obstacle_at(board.NAMES["c3"]) is None


def test_ranged_units_and_defenders_do_not_breach() -> None:
    """homm3.md §5.14.4, rulebook p. 17: only an adjacent Flying or Ground unit (of the
    besieger) destroys a Wall or Gate."""
    state = siege(["marksmen@b2"], [done("zombies@a5")])
    assert "breach" not in kinds(state)
    refuse(state, "breach", at="b3")
    state = siege([done("halberdiers@a1")], ["skeletons@b4"])
    assert "breach" not in kinds(state)
    refuse(state, "breach", at="b3")


def test_ranged_attack_at_a_unit_behind_its_wall_gets_minus_one() -> None:
    """homm3.md §9.2 and §5.15 Ranged, rulebook p. 26: −1 Attack when the target stands on its
    side in the column of an intact Wall or Gate and the shooter is on the other side."""
    state = siege(["marksmen@b1"], [done("zombies@b4"), done("skeletons@d5")])
    act(state, "attack", target="zombies")
    roll(state, 1)
    hit = attacks(state)[0]
    assert hit["walled"] is True
    assert hit["attack"] == 2 + 1 - 1


def test_no_wall_penalty_where_the_wall_in_the_column_is_down() -> None:
    """homm3.md §9.2, rulebook p. 26: only an intact Wall or Gate in the target's column."""
    state = siege(
        ["marksmen@b1"], [done("zombies@b4"), done("skeletons@d5")], obstacles=works(broken=("b3",))
    )
    act(state, "attack", target="zombies")
    roll(state, 1)
    hit = attacks(state)[0]
    assert hit["walled"] is False and hit["attack"] == 3


def test_the_arrow_tower_fires_at_any_enemy_unit() -> None:
    """homm3.md §9.3 and §5.14.4, rulebook p. 17: the Arrow Tower (ranged, Attack 4, Initiative 9)
    acts as a Ranged unit ignoring positioning rules."""
    state = siege(["skeletons@a1", "halberdiers@d2"], [done("zombies@a5"), TOWER])
    assert active(state) == "arrow-tower"
    assert targets(state) == {"skeletons", "halberdiers"}
    act(state, "attack", target="skeletons")
    roll(state, 0)
    assert not at_chance(state)  # one die: no back-line penalty for the tower
    hit = attacks(state)[0]
    assert (hit["attack"], hit["damage"]) == (4, 4 - 1)


def test_the_arrow_tower_falls_when_all_walls_and_the_gate_are_down() -> None:
    """homm3.md §9.3 and §5.14.4, rulebook p. 17."""
    state = siege(
        ["halberdiers@c2", done("griffins@a1")],
        [done("zombies@a5"), done(TOWER)],
        obstacles=works(broken=("a3", "b3", "d3")),
    )
    act(state, "breach", at="c3")
    assert state.battle.tower() is None
    assert state.battle.units["arrow-tower"].destroyed


def test_the_arrow_tower_stands_while_a_wall_stands() -> None:
    """homm3.md §9.3, rulebook p. 17: destroyed only when all Walls and the Gate are down."""
    state = siege(
        ["halberdiers@c2", done("griffins@a1")],
        [done("zombies@a5"), done(TOWER)],
        obstacles=works(broken=("a3", "b3")),
    )
    act(state, "breach", at="c3")
    assert state.battle.tower() is not None


def test_ranged_units_may_shoot_the_arrow_tower() -> None:
    """homm3.md §9.3, rulebook p. 17: the tower is destroyed by ranged attacks."""
    state = siege(["marksmen@b1"], [done("zombies@a5"), done(TOWER)])
    assert "arrow-tower" in targets(state)


def test_the_arrow_tower_need_not_be_destroyed_to_win() -> None:
    """homm3.md §9.3, rulebook p. 17."""
    state = siege(
        ["dread-knights@b2"],
        [done("skeletons@b3"), done(TOWER)],
        obstacles=works(gate="a3", broken=("b3",)),
    )
    act(state, "attack", target="skeletons")
    roll(state, 0)
    outcome = result(state)
    assert outcome["ending"] == "victory" and outcome["winner"] == "attacker"


# --------------------------------------------------------------------------- quick combat, Exp


def neutral_battle(level: int, difficulty: int, defender: list[Any], **kwargs: Any) -> Any:
    return start(
        battle(
            kwargs.pop("attacker", ["dread-knights:pack@b2"]),
            defender,
            defender_kind="neutral",
            mode="solo",
            attacker_hero={"name": "Catherine", "level": level, "mp": 2, "gold": 12},
            site={"kind": "field", "difficulty": difficulty},
            **kwargs,
        )
    )


def test_quick_combat_a_higher_level_hero_wins_at_once() -> None:
    """homm3.md §5.19.2 and §5.19.1 rule 1, rulebook p. 32: a Main Hero of a Level higher than
    the Field Difficulty wins without fighting, and gains no Exp."""
    state = neutral_battle(3, 2, ["skeletons-neutral"], pending=None)
    outcome = result(state)
    assert outcome["ending"] == "quick-combat" and outcome["winner"] == "attacker"
    assert side_result(state, "attacker")["experience"] == 0
    assert state.battle.armies[0].hero.level == 3


def test_no_quick_combat_at_an_equal_level() -> None:
    """homm3.md §5.19.2, rulebook p. 32: only a higher Level."""
    state = neutral_battle(2, 2, ["skeletons-neutral"], pending=None)
    assert not finished(state)


def win_at_once(state: Any, target: str) -> Any:
    act(state, "attack", target=target)
    roll(state, 0)
    assert result(state)["winner"] == "attacker"
    return state


def test_experience_for_an_equal_field_difficulty_is_one() -> None:
    """homm3.md §5.19.1 rule 2 and §8.24, rulebook p. 32: equal → 1 Exp (half a Level)."""
    state = win_at_once(neutral_battle(2, 2, [done("peasants@b3")]), "peasants")
    assert side_result(state, "attacker")["experience"] == 1
    hero = state.battle.armies[0].hero
    assert (hero.level, hero.experience) == (2, 1)


def test_experience_for_a_higher_field_difficulty_is_two() -> None:
    """homm3.md §5.19.1 rule 3 and §8.24, rulebook p. 32: higher → 2 Exp (a Level)."""
    state = win_at_once(neutral_battle(2, 4, [done("peasants@b3")]), "peasants")
    entry = side_result(state, "attacker")
    assert entry["experience"] == 2 and entry["level"] == 3


def test_beating_azure_neutrals_raises_the_hero_to_level_seven() -> None:
    """homm3.md §5.19.1 rule 4, rulebook p. 32."""
    state = neutral_battle(
        5, 7, [done("azure-dragons@b3", damage=9)], attacker=["archangels:pack@b2"]
    )
    win_at_once(state, "azure-dragons")
    assert side_result(state, "attacker")["level"] == 7


def test_experience_against_heroes_compares_levels() -> None:
    """homm3.md §5.19.1 rules 1–3, rulebook p. 32: the enemy hero's Level against yours."""
    for enemy_level, exp in ((1, 0), (2, 1), (3, 2)):
        state = fight(
            ["dread-knights:pack@b2"],
            [done("skeletons@b3")],
            defender_hero={"name": "Sandro", "level": enemy_level, "mp": 1, "gold": 10},
        )
        win_at_once(state, "skeletons")
        assert side_result(state, "attacker")["experience"] == exp, enemy_level


def test_no_experience_for_beating_a_secondary_hero() -> None:
    """homm3.md §5.19.1, rulebook p. 32: no Exp for fighting a Secondary Hero."""
    state = fight(
        ["dread-knights:pack@b2"],
        [done("skeletons@b3")],
        defender_kind="secondary-hero",
        defender_hero={"name": "Vokial", "level": 3},
    )
    win_at_once(state, "skeletons")
    assert side_result(state, "attacker")["experience"] == 0


# --------------------------------------------------------------------------- optional rules


def test_optional_rule_2_every_attack_deals_at_least_one_damage() -> None:
    """homm3.md §5.25 optional rule 2, rulebook p. 34."""
    state = fight(["halberdiers@b2"], [done("crusaders@b3")], options={"minimum-damage": "yes"})
    act(state, "attack", target="crusaders")
    roll(state, -1)
    assert attacks(state)[0]["damage"] == 1
    assert state.battle.units["crusaders"].damage == 1


def test_optional_rule_5_the_die_does_not_change_damage() -> None:
    """homm3.md §5.25 optional rule 5, rulebook p. 34: the Attack die does not change damage."""
    state = fight(["griffins@b2"], [done("crusaders@b3")], options={"die-no-damage": "yes"})
    act(state, "attack", target="crusaders")
    roll(state, 1)
    hit = attacks(state)[0]
    assert hit["attack"] == 2 and hit["damage"] == 0


def test_optional_rule_5_the_die_still_triggers_abilities() -> None:
    """homm3.md §5.25 optional rule 5, rulebook p. 34: it can still trigger abilities (Dread
    Knights Pack: +1 damage on 0 or +1)."""
    state = fight(
        ["dread-knights:pack@b2"], [done("crusaders:pack@b3")], options={"die-no-damage": "yes"}
    )
    act(state, "attack", target="crusaders")
    roll(state, 1)
    assert attacks(state)[0]["damage"] == 6 - 2 + 1


# --------------------------------------------------------------------------- refusals


def test_every_refusal_names_a_rule_and_leaves_the_state_unchanged() -> None:
    """Every illegal action is refused with the rule it breaks (explain(...).rule), and the
    state is unchanged (homm3.md §5.18 throughout)."""
    state = fight(["halberdiers@b2", "griffins@a1"], [done("crusaders@b4")])
    assert active(state) == "griffins"
    refuse(state, "move", to="d5")  # too far
    refuse(state, "move", to="b2")  # occupied
    refuse(state, "attack", target="crusaders")  # not adjacent
    refuse(state, "attack", target="halberdiers")  # own unit
    refuse(state, "activate", unit="halberdiers")  # mid-activation
    refuse(state, "end", seat=1)  # out of turn
    refuse(state, "roll", face=1)  # no die rolling
    refuse(state, "dance")  # no such action
    refuse(state, "place", unit="griffins", at="a2")  # no deployment now
    refuse(state, "breach", at="b3")  # no wall
    act(state, "move", to="b3")
    refuse(state, "move", to="b2")  # moved already
    act(state, "attack", target="crusaders")
    assert state.current_player() == CHANCE
    refuse(state, "end")  # the dice are rolling
    refuse(state, "roll", face=2)  # no such face
    roll(state, 0, 0)
    assert active(state) == "halberdiers"
    refuse(state, "attack", target="crusaders")


def test_neutral_units_must_attack_when_they_can() -> None:
    """homm3.md §5.18.3 neutral behaviour and §8.43, rulebook p. 29: when a Neutral unit
    activates its controller must attack the hero's units; it never Defends."""
    state = fight([done("halberdiers@b2")], ["skeletons-neutral@b3"], defender_kind="neutral")
    assert state.current_player() == 1
    assert "attack" in kinds(state)
    assert not {"defend", "end"} & kinds(state)
    refuse(state, "defend")
    refuse(state, "end")


def test_a_ranged_unit_retaliating_suffers_the_combat_penalty() -> None:
    """homm3.md §5.15 Ranged and §5.18.5 Retaliation, rulebook p. 26, 30: a retaliation is
    resolved like a normal attack, and a Ranged unit adjacent to an enemy suffers the combat
    penalty (two dice, the lower counts)."""
    state = fight(["skeletons@b2", "halberdiers@d1"], [done("zealots@b3")])
    take(state, "skeletons")
    act(state, "attack", target="zealots")
    roll(state, -1)  # Skeletons' attack: 2 − 1 − 1 = 0
    roll(state, 1)
    assert at_chance(state), "a ranged retaliation rolls two dice"
    roll(state, -1)
    back = attacks(state)[1]
    assert back["kind"] == "retaliation" and back["die"] == -1


# --------------------------------------------------------------------------- unit abilities
# One test per ability kind the rules implement (combat/unit_abilities.py IMPLEMENTED), on a
# card that has it (content/units.yaml); each fails if the ability stops working.

ABILITY_TESTS: dict[str, str] = {}


def ability(kind: str) -> Any:
    def mark(test: Any) -> Any:
        ABILITY_TESTS[kind] = test.__name__
        return test

    return mark


def neutral_clash(attacker: list[Any], defender: list[Any], **kwargs: Any) -> Any:
    """Clash: a hero (seat 0) against neutral units its opponent controls (seat 1)."""
    return fight(attacker, defender, defender_kind="neutral", **kwargs)


@ability("no-retaliation")
def test_ability_no_retaliation_vampires() -> None:
    """Vampires (Few): no-retaliation — their target does not retaliate (§5.15, §5.18.5)."""
    state = fight(["vampires@b2"], [done("crusaders@b3")])
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert not at_chance(state)
    assert [a["kind"] for a in attacks(state)] == ["attack"]
    assert state.battle.units["crusaders"].damage == 4 - 2


@ability("unlimited-retaliation")
def test_ability_unlimited_retaliation_griffins() -> None:
    """Griffins: unlimited-retaliation — they retaliate against every adjacent attack."""
    state = fight(["halberdiers@b2", "skeletons@a3", "zombies@d1"], [done("griffins@b3")])
    take(state, "halberdiers")
    act(state, "attack", target="griffins")
    roll(state, -1, -1)
    act(state, "attack", target="griffins")
    roll(state, -1, -1)
    assert [a["kind"] for a in attacks(state)] == ["attack", "retaliation"] * 2
    assert state.battle.units["griffins"].retaliations == 2


@ability("no-combat-penalty")
def test_ability_no_combat_penalty_sharpshooters() -> None:
    """Sharpshooters: no-combat-penalty — one die even next to an enemy or back line to back
    line."""
    state = neutral_clash([done("griffins@b3"), done("skeletons@b1")], ["sharpshooters@b4"])
    act(state, "attack", target="griffins")
    roll(state, 1)
    assert attacks(state)[0]["dice"] == [1] and attacks(state)[0]["penalty"] is False
    state = neutral_clash([done("skeletons@b1")], ["sharpshooters@b5"])
    act(state, "attack", target="skeletons")
    roll(state, 1)
    assert attacks(state)[0]["dice"] == [1]


@ability("no-adjacent-penalty")
def test_ability_no_adjacent_penalty_zealots() -> None:
    """Zealots (Pack): no-adjacent-penalty — one die when attacking an adjacent enemy."""
    state = fight(["zealots:pack@b2"], [done("griffins@b3"), done("zombies@d5")])
    act(state, "attack", target="griffins")
    roll(state, 1)
    assert attacks(state)[0]["dice"] == [1] and attacks(state)[0]["penalty"] is False


@ability("immune-paralysis")
def test_ability_immune_paralysis_troglodytes() -> None:
    """Troglodytes (neutral): immune-paralysis — the Medusas' retaliation does not paralyse
    them."""
    state = neutral_clash([done("medusas:pack@b2"), done("zombies@d1")], ["troglodytes-neutral@b3"])
    act(state, "attack", target="medusas")
    roll(state, 0)
    roll_all(state, -1)
    assert [a["kind"] for a in attacks(state)] == ["attack", "retaliation"]
    assert not state.battle.units["troglodytes-neutral"].destroyed
    assert not state.battle.units["troglodytes-neutral"].paralysed


@ability("paralyse-retaliating")
def test_ability_paralyse_retaliating_medusas() -> None:
    """Medusas (Pack): paralyse-retaliating — their retaliation paralyses the attacker."""
    state = fight(["skeletons:pack@b2", "zombies@d1"], [done("medusas:pack@b3")])
    act(state, "attack", target="medusas")
    roll_all(state, 0)
    assert state.battle.units["skeletons"].paralysed


@ability("paralyse-retaliating-on-roll")
def test_ability_paralyse_retaliating_on_roll_medusas_few() -> None:
    """Medusas (Few): paralyse-retaliating-on-roll 0 — a retaliation rolling 0 paralyses."""
    state = fight(["crusaders@b2", "zombies@d1"], [done("medusas@b3")])
    act(state, "attack", target="medusas")
    roll(state, -1)
    roll_all(state, 0)
    assert state.battle.units["crusaders"].paralysed
    state = fight(["crusaders@b2", "zombies@d1"], [done("medusas@b3")])
    act(state, "attack", target="medusas")
    roll(state, -1)
    roll_all(state, 1)
    assert not state.battle.units["crusaders"].paralysed


@ability("defence-on-roll")
def test_ability_defence_on_roll_zombies() -> None:
    """Zombies (Pack): defence-on-roll +1 when the attacker rolls 0 or +1 (§9.12)."""
    for face, defence in ((-1, 1), (0, 2), (1, 2)):
        state = fight(["harpies:pack@b2"], [done("zombies:pack@b3")])
        act(state, "attack", target="zombies")
        roll(state, face)
        assert attacks(state)[0]["defence"] == defence, face


@ability("defence-vs-retaliation")
def test_ability_defence_vs_retaliation_dread_knights_neutral() -> None:
    """Dread Knights (neutral): defence-vs-retaliation +1 against retaliations."""
    state = neutral_clash([done("crusaders@b2"), done("zombies@d1")], ["dread-knights-neutral@b3"])
    act(state, "attack", target="crusaders")
    roll(state, -1, 0)
    hit, back = attacks(state)
    assert hit["defence"] == 2
    assert back["kind"] == "retaliation" and back["defence"] == 1 + 1


@ability("hinders-retaliation")
def test_ability_hinders_retaliation_dread_knights() -> None:
    """Dread Knights (Few): hinders-retaliation — a retaliation against them rolls two dice, the
    lower counts."""
    state = fight(["dread-knights@b2"], [done("crusaders:pack@b3")])
    act(state, "attack", target="crusaders")
    roll(state, -1)
    roll(state, 1)
    assert at_chance(state)
    roll(state, -1)
    back = attacks(state)[1]
    assert back["dice"] == [1, -1] and back["die"] == -1


@ability("sets-attacker-die")
def test_ability_sets_attacker_die_mummies() -> None:
    """Mummies: sets-attacker-die −1 — an attack on them counts −1 whatever is rolled."""
    state = fight(["griffins@b2", "zombies@d1"], [done("mummies@b3")])
    act(state, "attack", target="mummies")
    roll(state, 1)
    hit = attacks(state)[0]
    assert hit["die"] == -1 and hit["attack"] == 1


@ability("no-attack-die")
def test_ability_no_attack_die_mummies() -> None:
    """Mummies: no-attack-die — their attack rolls no Attack die."""
    state = neutral_clash([done("griffins@b2"), done("zombies@d1")], ["mummies@b3"])
    act(state, "attack", target="griffins")
    hit = attacks(state)[0]
    assert hit["dice"] == [] and hit["die"] == 0 and hit["attack"] == 3


@ability("best-of-two")
def test_ability_best_of_two_crusaders_neutral() -> None:
    """Crusaders (neutral): best-of-two — two dice, the higher counts."""
    state = neutral_clash([done("griffins@b2"), done("zombies@d1")], ["crusaders-neutral@b3"])
    act(state, "attack", target="griffins")
    roll(state, -1)
    assert at_chance(state)
    roll(state, 0)
    hit = attacks(state)[0]
    assert hit["dice"] == [-1, 0] and hit["die"] == 0 and hit["attack"] == 3


@ability("two-dice-sum")
def test_ability_two_dice_sum_champions_neutral() -> None:
    """Champions (neutral): two-dice-sum — two dice, both added."""
    state = neutral_clash([done("dread-knights@b2")], ["champions-neutral@b3"])
    act(state, "attack", target="dread-knights")
    roll(state, 1, 1)
    hit = attacks(state)[0]
    assert hit["die"] == 2 and hit["attack"] == 4 + 2


@ability("reroll-face")
def test_ability_reroll_face_crusaders() -> None:
    """Crusaders (Pack): reroll-face 0 — a 0 on the Attack die may be rerolled (once)."""
    state = fight(["crusaders:pack@b2"], [done("dread-knights@b3")])
    act(state, "attack", target="dread-knights")
    roll(state, 0)
    assert state.current_player() == 0
    assert Action.of("reroll", die=0) in state.legal_actions()
    act(state, "reroll", die=0)
    roll(state, 1)
    assert state.current_player() != 0 or Action.of("reroll", die=0) not in state.legal_actions()
    roll_all(state, 0)
    assert attacks(state)[0]["die"] == 1 and attacks(state)[0]["attack"] == 5
    # no reroll offered for another face
    state = fight(["crusaders:pack@b2"], [done("dread-knights@b3")])
    act(state, "attack", target="dread-knights")
    roll(state, -1)
    assert state.current_player() == CHANCE  # straight on to the retaliation


@ability("reroll-after-move")
def test_ability_reroll_after_move_champions() -> None:
    """Champions (Pack): reroll-after-move — after moving, the Attack die may be rerolled."""
    state = fight(["champions:pack@a2"], [done("dread-knights@b3")])
    act(state, "move", to="b2")
    act(state, "attack", target="dread-knights")
    roll(state, -1)
    assert Action.of("reroll", die=0) in state.legal_actions()
    act(state, "reroll", die=0)
    roll(state, 1)
    roll_all(state, 0)
    assert attacks(state)[0]["die"] == 1
    state = fight(["champions:pack@b2"], [done("dread-knights@b3")])
    act(state, "attack", target="dread-knights")
    roll(state, -1)
    assert state.current_player() == CHANCE  # not moved: no reroll, on to the retaliation


@ability("die-bonus")
def test_ability_die_bonus_ghost_dragons() -> None:
    """Ghost Dragons (Pack): die-bonus +1 — +1 Attack on their attack."""
    state = fight(["ghost-dragons:pack@b2"], [done("archangels:pack@b3")])
    act(state, "attack", target="archangels")
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 7 + 1


@ability("death-blow")
def test_ability_death_blow_dread_knights() -> None:
    """Dread Knights (Pack): death-blow +1 damage when the die shows 0 or +1."""
    for face, damage in ((-1, 6 - 1 - 3), (0, 6 - 3 + 1), (1, 6 + 1 - 3 + 1)):
        state = fight(["dread-knights:pack@b2"], [done("archangels:pack@b3")])
        act(state, "attack", target="archangels")
        roll(state, face)
        assert attacks(state)[0]["damage"] == damage, face


@ability("ignore-defence")
def test_ability_ignore_defence_manticores() -> None:
    """Manticores (Pack): ignore-defence — the target's Defence counts 0."""
    state = fight(["manticores:pack@b2"], [done("archangels:pack@b3")])
    act(state, "attack", target="archangels")
    roll(state, 0)
    hit = attacks(state)[0]
    assert hit["defence"] == 0 and hit["damage"] == 5


@ability("attack-bonus-vs")
def test_ability_attack_bonus_vs_archangels_neutral(tmp_path: Path) -> None:
    """Archangels (neutral): attack-bonus-vs +2 against the listed units (Arch Devils, not in
    the core box: a pack naming Black Dragons instead)."""
    shipped = Path(board.__file__).parents[1] / "content"
    text = (shipped / "units.yaml").read_text(encoding="utf-8")
    assert "      - arch-devils\n" in text
    for other in shipped.glob("*.yaml"):
        (tmp_path / other.name).write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "units.yaml").write_text(
        text.replace("      - arch-devils\n", "      - black-dragons\n"), encoding="utf-8"
    )
    for target, attack in (("black-dragons", 5 + 2), ("archangels", 5)):
        doc = battle(
            [done(f"{target}:pack@b2"), done("zombies@d1")],
            ["archangels-neutral@b3"],
            defender_kind="neutral",
        )
        state = start(doc, content=str(tmp_path))
        act(state, "attack", target=target)
        roll(state, 0)
        assert attacks(state)[0]["attack"] == attack, target


@ability("double-attack-distant")
def test_ability_double_attack_distant_marksmen() -> None:
    """Marksmen (Pack): double-attack-distant — a second attack on a target not adjacent."""
    state = fight(["marksmen:pack@b2"], [done("archangels:pack@b4")])
    act(state, "attack", target="archangels")
    roll(state, 1, 1)
    assert [a["kind"] for a in attacks(state)] == ["attack", "second"]
    state = fight(["marksmen:pack@b2"], [done("archangels:pack@b3")])
    act(state, "attack", target="archangels")
    roll_all(state, 1)
    assert "second" not in [a["kind"] for a in attacks(state)]


@ability("return-after-attack")
def test_ability_return_after_attack_harpies() -> None:
    """Harpies: return-after-attack — after attacking they go back where they started."""
    state = fight(["harpies@a1"], [done("skeletons@b3")])
    act(state, "move", to="b2")
    act(state, "attack", target="skeletons")
    roll_all(state, 0)
    assert field_of(state, "harpies") == "a1"


@ability("heal-after-attack")
def test_ability_heal_after_attack_vampires() -> None:
    """Vampires (Pack): heal-after-attack 2 — they heal 2 damage after attacking."""
    state = fight([unit("vampires:pack@b2", damage=3)], [done("crusaders@b3")])
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert state.battle.units["vampires"].damage == 1


@ability("paralyse-on-roll")
def test_ability_paralyse_on_roll_azure_dragons() -> None:
    """Azure Dragons: paralyse-on-roll −1 — a −1 on their attack paralyses the target."""
    state = neutral_clash([done("archangels:pack@b2"), done("zombies@d1")], ["azure-dragons@b3"])
    act(state, "attack", target="archangels")
    roll(state, -1)
    assert last(state, "paralysed")["unit"] == "archangels"


@ability("drain-morale")
def test_ability_drain_morale_ghost_dragons() -> None:
    """Ghost Dragons: drain-morale — when they activate, the enemy hero's Positive Morale token
    is discarded (an activation ability, research/homm3/unit_abilities.yaml)."""
    state = fight(
        ["ghost-dragons@b2"],
        [done("archangels:pack@b3")],
        defender_hero={"name": "Catherine", "faction": "castle", "level": 2, "morale": 1},
    )
    assert active(state) == "ghost-dragons"
    assert state.battle.armies[1].hero.morale == 0
    assert last(state, "morale-lost")["cause"] == "drain-morale"


@ability("guards-neighbours")
def test_ability_guards_neighbours_halberdiers() -> None:
    """Neutral Halberdiers: a friendly unit next to them rolls the Defense die as if it held
    a Defense token; +1 on it adds 1 Defence."""
    state = neutral_clash(["griffins:pack@b2"], [done("boars@b3"), done("halberdiers-neutral@c3")])
    act(state, "attack", target="boars")
    roll(state, 0)
    roll(state, 1)  # the Defense die of the guarded Boars
    assert attacks(state)[0]["defence_die"] == [1]
    assert attacks(state)[0]["defence"] == 1


@ability("push-on-roll")
def test_ability_push_on_roll_ghost_dragons_neutral() -> None:
    """Neutral Ghost Dragons: after their attack a new die; on 0 the target's owner moves it
    to an empty field next to it and not next to the dragons; it no longer retaliates."""
    state = neutral_clash([done("griffins:pack@b2")], ["ghost-dragons-neutral@b3"])
    assert active(state) == "ghost-dragons-neutral"
    act(state, "attack", target="griffins")
    roll(state, -1)
    roll(state, 0)  # the push die
    assert state.current_player() == 0
    assert {str(a.get("to")) for a in state.legal_actions(0)} == {"a2", "b1", "c2"}
    act(state, "push", to="b1")
    assert state.battle.units["griffins"].field == 1
    assert [a for a in attacks(state) if a["kind"] == "retaliation"] == []


@ability("splash")
def test_ability_splash_liches() -> None:
    """Liches (Pack): after their attack they attack a unit next to the target (either side,
    chosen by their controller) with Attack 2; the added attack draws no retaliation."""
    state = fight(["liches:pack@a1"], [done("zombies@c4"), done("skeletons@c5")])
    act(state, "attack", target="zombies")
    roll_all(state, 1)
    act(state, "splash", unit="skeletons")
    roll_all(state, 0)
    splash = [a for a in attacks(state) if a["kind"] == "splash"]
    assert splash and splash[0]["target"] == "skeletons" and splash[0]["attack"] == 2


@ability("line-attack")
def test_ability_line_attack_black_dragons_neutral() -> None:
    """Neutral Black Dragons: they also attack the unit directly behind their target with
    Attack 2 (any side)."""
    state = neutral_clash(
        [done("griffins:pack@b2"), done("zealots@b1")], ["black-dragons-neutral@b3"]
    )
    act(state, "attack", target="griffins")
    roll_all(state, 0)
    line = [a for a in attacks(state) if a["kind"] == "splash"]
    assert line and line[0]["target"] == "zealots" and line[0]["attack"] == 2


@ability("regenerate")
def test_ability_regenerate_wraiths() -> None:
    """Wraiths: regenerate 1 — they heal 1 damage when they activate."""
    state = fight([unit("wraiths@a1", damage=2)], [done("zombies@d5")])
    assert active(state) == "wraiths"
    assert state.battle.units["wraiths"].damage == 1


@ability("map")
def test_ability_map_abilities_do_nothing_in_combat() -> None:
    """Peasants: a map ability — no effect in combat; the unit fights normally."""
    state = fight(["dread-knights@b2"], [done("peasants@b3"), done("zombies@d5")])
    act(state, "attack", target="peasants")
    roll(state, -1)
    assert state.battle.units["peasants"].destroyed


def test_every_implemented_ability_kind_has_a_test() -> None:
    """combat/unit_abilities.py IMPLEMENTED: each kind is tested above on a card that has it."""
    assert set(ABILITY_TESTS) == set(IMPLEMENTED)


# --------------------------------------------------------------------------- more rules


def test_ground_units_may_attack_after_moving() -> None:
    """homm3.md §5.15 Ground and §5.18.6 step 2, rulebook p. 26, 31: move, then attack an
    adjacent unit; no move after the attack."""
    state = fight(["skeletons@a1", "zombies@d1"], [done("crusaders@b3")])
    assert active(state) == "skeletons"
    act(state, "move", to="b2")
    assert targets(state) == {"crusaders"}
    act(state, "attack", target="crusaders")
    roll_all(state, -1)
    assert active(state) == "zombies"  # nothing left to do: the activation ended


def test_players_deploy_in_their_first_and_second_lines_at_most_five_units() -> None:
    """homm3.md §5.18.3–5.18.4 and §5.15, rulebook p. 26, 29: up to 5 units in the first and
    second line of your side."""
    army = ["halberdiers", "marksmen", "griffins", "crusaders", "zealots", "champions"]
    state = start(battle(army, ["skeletons"], pending=None))
    refuse(state, "place", unit="halberdiers", at="a3")  # the middle row
    refuse(state, "place", unit="halberdiers", at="a4")  # the enemy's line
    for uid, field in zip(army[:5], ("a1", "b1", "c2", "d2", "a2"), strict=True):
        act(state, "place", unit=uid, at=field)
    assert state.current_player() == 1  # the sixth stays in reserve; the defender deploys
    assert state.battle.units["champions"].field < 0


def test_neutrals_are_placed_by_the_rule_in_solo() -> None:
    """homm3.md §5.18.3 step 2, rulebook p. 29: Ranged neutrals in the second line, the others
    in the first; each line from the left in descending Initiative."""
    state = start(
        battle(
            ["halberdiers"],
            ["skeletons-neutral", "sharpshooters", "griffins-neutral", "boars"],
            defender_kind="neutral",
            mode="solo",
            pending=None,
        )
    )
    act(state, "place", unit="halberdiers", at="a1")
    placed = {uid: field_of(state, uid) for uid in state.battle.armies[1].units}
    assert placed == {
        "griffins-neutral": "a4",  # Initiative 8
        "boars": "b4",  # 6
        "skeletons-neutral": "c4",  # 4
        "sharpshooters": "a5",  # ranged: second line
    }


def test_ai_melee_neutrals_attack_a_unit_of_their_own_tier_first() -> None:
    """homm3.md §5.24.1 rule 2, rulebook p. 33: enemy Ground and Flying units first attack a
    unit of their own tier within reach."""
    state = fight(
        [done("crusaders@a3"), done("halberdiers@c3")],  # Silver, Bronze
        ["boars@b3"],  # Bronze
        defender_kind="neutral",
        mode="solo",
    )
    assert state.current_player() == CHANCE
    roll_all(state, 0)
    assert attacks(state)[0]["target"] == "halberdiers"


def test_ai_ranged_neutrals_shoot_ranged_units_of_their_tier_first() -> None:
    """homm3.md §5.24.1 rule 3, rulebook p. 33: enemy Ranged units first attack your Ranged
    units of their own tier."""
    state = fight(
        [done("halberdiers@a2"), done("marksmen@d1")],  # both Bronze; the Marksmen farther
        ["evil-eyes-neutral@a5"],  # Bronze, ranged
        defender_kind="neutral",
        mode="solo",
    )
    roll_all(state, 0)
    assert attacks(state)[0]["target"] == "marksmen"


def test_extensions_repeat_while_mp_remain() -> None:
    """homm3.md §5.18.2, rulebook p. 29: extending is repeatable while MP remain."""
    state = fight(
        [done("halberdiers@a1")],
        [done("skeletons-neutral@d5")],
        defender_kind="neutral",
        mode="solo",
        attacker_hero={"name": "Catherine", "level": 1, "mp": 1, "gold": 0},
    )
    act(state, "extend")
    while not finished(state) and state.battle.round == 2:
        if state.current_player() == CHANCE:
            roll_all(state, 0)
        elif active(state) == "halberdiers":
            end_activation(state)
        else:
            act(state, str(state.legal_actions()[0].kind), **dict(state.legal_actions()[0].params))
    outcome = result(state)  # no MP left after round 2: the hero retreats
    assert outcome["ending"] == "flee" and outcome["extensions"] == 1
    assert side_result(state, "attacker")["mp_spent"] == 1


def test_flight_is_never_possible_against_azure_neutrals() -> None:
    """homm3.md §9.1, rulebook p. 29: never against Azure, even with retreat = any-time."""
    state = fight(
        ["halberdiers@a1"],
        [done("azure-dragons@d5")],
        defender_kind="neutral",
        mode="solo",
        options={"retreat": "any-time"},
    )
    assert "flee" not in kinds(state)
    refuse(state, "flee")


def test_a_defeated_main_hero_pays_five_gold_and_loses_morale() -> None:
    """homm3.md §5.20 and §9.5, rulebook p. 32: a Main Hero defeated by another player pays them
    5 Gold, takes a Negative Morale and goes to a Town or Settlement it controls."""
    state = fight([done("skeletons@b2")], ["dread-knights@b3"])
    act(state, "attack", target="skeletons")
    roll(state, 0)
    loser = side_result(state, "attacker")
    assert result(state)["winner"] == "defender"
    assert loser["gold_paid"] == 5 and loser["morale_change"] == -1 and loser["goes"] == "own-town"
    assert state.battle.armies[0].hero.gold == 12 - 5
    assert state.battle.armies[0].hero.morale == -1
    assert state.battle.armies[1].hero.gold == 10 + 5


def test_after_combat_damage_is_removed_but_flipped_cards_stay_few() -> None:
    """homm3.md §5.15 and §5.20, rulebook p. 27, 32: survivors lose all damage; cards flipped
    from Pack to Few stay Few."""
    griffins = done("griffins@a1", was_pack=True, damage=2)  # flipped earlier in the battle
    state = fight(["dread-knights@b2", griffins], [done("skeletons@b3")])
    act(state, "attack", target="skeletons")
    roll(state, 0)
    survivors = {e["unit"]: e for e in side_result(state, "attacker")["surviving"]}
    assert survivors["griffins"]["flipped"] is True and survivors["griffins"]["side"] == "few"
    assert state.battle.units["griffins"].damage == 0


def test_no_experience_for_beating_a_transported_army() -> None:
    """homm3.md §5.19.1 and §5.14.4, rulebook p. 17, 32: no Exp for an army transported to
    defend a Town or Settlement."""
    state = fight(
        ["dread-knights:pack@b2"],
        [done("skeletons@b3")],
        defender_kind="army",
        site={"kind": "town", "owner": "necropolis"},
    )
    win_at_once(state, "skeletons")
    assert side_result(state, "attacker")["experience"] == 0


def test_quick_combat_for_a_secondary_hero_uses_the_main_heros_level() -> None:
    """homm3.md §8.34 and §5.19.2, rulebook p. 32: Quick Combat for a Secondary Hero uses the
    Main Hero's Level (the level its side records)."""
    state = start(
        battle(
            ["halberdiers"],
            ["skeletons-neutral"],
            attacker_kind="secondary-hero",
            attacker_hero={"name": "Valeska", "level": 3},
            defender_kind="neutral",
            mode="solo",
            site={"kind": "field", "difficulty": 2},
            pending=None,
        )
    )
    assert result(state)["ending"] == "quick-combat"


from homm3_helpers import HERO_A, HERO_D  # noqa: E402


@ability("draw-at-start")
def test_ability_draw_at_start_archangels_few() -> None:
    """Archangels (Few): their owner draws a card when the combat starts."""
    hero = {**HERO_A, "hand": [], "deck": ["attack", "defence"]}
    state = fight(["archangels"], ["zombies"], attacker_hero=hero, pending=None)
    act(state, "place", unit="archangels", at="b2")  # its last unit: deployment ends
    act(state, "place", seat=1, unit="zombies", at="d5")
    assert state.battle.armies[0].hero.hand == ["defence"]


@ability("draw-on-roll")
def test_ability_draw_on_roll_minotaurs() -> None:
    """Minotaurs: when their attack's die is −1, their owner draws a card."""
    hero = {**HERO_A, "deck": ["attack"]}
    state = fight(["minotaurs@b2"], [done("zombies@b3")], attacker_hero=hero)
    act(state, "attack", target="zombies")
    roll(state, -1)
    assert state.battle.armies[0].hero.hand == ["attack"]
    state = fight(["minotaurs@b2"], [done("zombies@b3")], attacker_hero=hero)
    act(state, "attack", target="zombies")
    roll(state, 0)
    assert state.battle.armies[0].hero.hand == []


@ability("enemy-discards")
def test_ability_enemy_discards_wraiths_pack() -> None:
    """Wraiths (Pack): when they activate, the enemy hero discards a random card."""
    state = fight(
        [done("griffins@a1")],
        ["wraiths:pack@d4"],
        attacker_hero={**HERO_A, "hand": ["attack", "defence"]},
    )
    assert active(state) == "wraiths"
    assert len(state.battle.armies[0].hero.hand) == 1
    assert len(state.battle.armies[0].hero.discard) == 1


@ability("heal-or-bless")
def test_ability_heal_or_bless_enchanters() -> None:
    """Enchanters: when they activate they heal 2 damage of another damaged friendly unit;
    with none damaged they get +1 Attack for this activation."""
    state = neutral_clash([done("griffins:pack@b2")], ["enchanters@d1", done("boars@d3", damage=3)])
    assert state.battle.units["boars"].damage == 1
    state = neutral_clash([done("griffins:pack@b2")], ["enchanters@d1", done("boars@d3")])
    act(state, "attack", target="griffins", seat=1)
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 5  # Attack 4 + 1


@ability("guardian")
def test_ability_guardian_archangels_pack() -> None:
    """Archangels (Pack): once per combat their owner may cancel an attack that would destroy
    another friendly unit; the saved unit does not retaliate."""
    state = fight([done("archangels:pack@a1"), done("zealots@b1")], ["black-dragons:pack@b2"])
    act(state, "attack", seat=1, target="zealots")
    roll_all(state, 1)
    assert {a.kind for a in state.legal_actions(0)} == {"guard", "pass"}
    act(state, "guard", seat=0)
    assert not state.battle.units["zealots"].destroyed
    assert last(state, "attack-cancelled")["target"] == "zealots"
    assert state.battle.units["archangels"].used == ["guardian"]


@ability("ignore-incoming-die")
def test_ability_ignore_incoming_die_halberdiers_pack() -> None:
    """Halberdiers (Pack): their owner may discard a card to ignore the attacker's die."""
    state = fight(
        [done("halberdiers:pack@b2")],
        ["dread-knights@b3"],
        attacker_hero={**HERO_A, "hand": ["magic-arrow"]},  # not playable out of turn
    )
    act(state, "attack", seat=1, target="halberdiers")
    roll(state, 1)
    act(state, "ignore-die", seat=0, card="magic-arrow")
    assert attacks(state)[0]["die"] == 0
    assert attacks(state)[0]["attack"] == 5  # Dread Knights (Few) Attack 5, the +1 ignored
    assert state.battle.armies[0].hero.discard == ["magic-arrow"]


@ability("necromancy-reinforce")
def test_ability_necromancy_reinforce_skeletons_neutral() -> None:
    """Neutral Skeletons destroyed by a Necropolis hero's units: that player reinforces one
    of their Bronze units (Few to Pack) for free."""
    state = neutral_clash(
        ["dread-knights:pack@b2", done("zombies@a1")],
        [done("skeletons-neutral@b3")],
        attacker_hero={**HERO_D, "faction": "necropolis"},
    )
    act(state, "attack", target="skeletons-neutral")
    roll_all(state, 1)
    act(state, "reinforce", unit="zombies")
    assert state.battle.units["zombies"].face == "pack"


@ability("spell-resistance")
def test_ability_spell_resistance_is_applied_by_spells() -> None:
    """Black Dragons (Few): spell damage to them is 2 lower (tested with spells, spells.py)."""
    from rulekeeper.games.homm3.combat import spells

    assert "spell-resistance" in spells.__doc__


@ability("spell-immunity")
def test_ability_spell_immunity_is_applied_by_spells() -> None:
    """Black Dragons (Pack): no spell targets them (tested with spells, spells.py)."""
    from rulekeeper.games.homm3.combat import spells

    assert "spell-immunity" in spells.__doc__
