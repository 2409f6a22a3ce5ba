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
    side_result,
    start,
    take,
    targets,
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
