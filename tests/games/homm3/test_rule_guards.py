"""Guards for HoMM3 combat rules that a one-line slip could break unnoticed (issue 20 §4, first
half): the combat penalty against a best-of-two ability, the floor on Attack, the HP a flipped
unit is measured against, retaliation by a paralysed target, Expert empowering, the neutral and
AI targeting order (homm3.md §5.24.1) and the AI card that draws a card.

Each test names its rule: a section of homm3.md (/work/shared/rules/homm3.md), of
docs/homm3-combat.md, or the card data. Battles start mid-fight with the units placed (units
marked ``activated`` wait for the next round); the Attack die is forced (faces −1, 0, +1, §9.6).
"""

from __future__ import annotations

from typing import Any

from combat_ai import ai_pick
from homm3_helpers import (
    HERO_A,
    act,
    active,
    at_chance,
    attack_step,
    attacks,
    battle,
    done,
    events,
    fight,
    last,
    refuse,
    roll,
    start,
    unit,
)

from rulekeeper.core import Action
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.spells import EmpowerStep

# --------------------------------------------------------------------------- helpers


def neutral_clash(attacker: list[Any], defender: list[Any], **kwargs: Any) -> Any:
    """Clash: a hero (seat 0) against neutral units its opponent controls (seat 1)."""
    return fight(attacker, defender, defender_kind="neutral", **kwargs)


def solo(player: list[Any], neutrals: list[Any]) -> Any:
    """Solo: the player's hero (seat 0) against neutral units the AI rules drive (§5.24.1)."""
    return fight(player, neutrals, defender_kind="neutral", mode="solo")


def pass_until(state: Any, action: Action) -> Any:
    """Seats asked at windows (the start of the combat, of an activation) pass until *action*
    is open."""
    for _ in range(10):
        if action in state.legal_actions():
            return state
        act(state, "pass")
    raise AssertionError(f"{action} never offered")


def field_of(state: Any, uid: str) -> str:
    return board.name(state.battle.units[uid].field)


# --------------------------------------------------------------------------- the attack dice


def test_best_of_two_under_the_combat_penalty_rolls_one_die() -> None:
    """homm3.md §5.15 combat penalty (two dice, the lower counts) against neutral Crusaders'
    best-of-two (two dice, the higher counts, printed as passive): the two cancel and one die
    is rolled (research/homm3/unit_abilities.yaml, always-roll-two-attack-dice-take-higher, the
    community rule for this very case). The Crusaders retaliate against Few Dread Knights
    (hinders-retaliation: the retaliator takes the penalty)."""
    state = neutral_clash(["dread-knights@b2"], [done("crusaders-neutral@b3")])
    act(state, "attack", target="crusaders-neutral")
    roll(state, -1)  # 5 − 1 − 2 = 2 damage: the Crusaders (HP 4) survive and retaliate
    assert attack_step(state) is not None and attack_step(state).attack_kind == "retaliation"
    assert attack_step(state).penalty
    roll(state, -1)
    assert not at_chance(state), "a second die was rolled: the penalty did not cancel"
    back = attacks(state)[1]
    assert back["kind"] == "retaliation" and back["dice"] == [-1] and back["die"] == -1
    assert back["attack"] == 3 - 1


def test_attack_lowered_below_zero_is_floored_before_the_die() -> None:
    """spells.yaml Weakness ("never below 0"), docs/homm3-content.md conventions (the penalties
    of Curse and Weakness, never below 0) and homm3.md §5.18.6 step 4 (roll, add the result to
    Attack): Attack lowered below 0 by card effects counts 0, then the die is added (Peasants,
    Attack 1, with −2 Attack roll +1: 0 + 1 = 1 damage to a Defence 0 unit, not −1 + 1 = 0)."""
    doc = battle(
        [done("griffins@b2"), done("zombies@d1")],
        ["peasants@b3"],
        lasting=[{"kind": "attack", "holder": "peasants", "amount": -2, "until": "attack"}],
    )
    state = start(doc)
    assert active(state) == "peasants"
    act(state, "attack", target="griffins")
    roll(state, 1)
    hit = attacks(state)[0]
    assert (hit["attack"], hit["damage"]) == (0 + 1, 1)
    assert state.battle.units["griffins"].damage == 1


def test_attack_floored_at_zero_then_a_minus_one_die_deals_nothing() -> None:
    """homm3.md §5.18.6 step 5 (damage = Attack − Defence, 0 if Defence ≥ Attack) with the floor
    of the test above: floored Attack 0 and a −1 die leave Attack −1, no damage."""
    doc = battle(
        [done("griffins@b2"), done("zombies@d1")],
        ["peasants@b3"],
        lasting=[{"kind": "attack", "holder": "peasants", "amount": -2, "until": "attack"}],
    )
    state = start(doc)
    act(state, "attack", target="griffins")
    roll(state, -1)
    hit = attacks(state)[0]
    assert (hit["attack"], hit["damage"]) == (-1, 0)


# --------------------------------------------------------------------------- damage and flipping


def test_damage_carried_past_a_flip_is_measured_against_the_few_sides_hp() -> None:
    """homm3.md §5.15 "Damage and flipping": a Pack unit flips to Few carrying the excess; a Few
    unit whose damage reaches its HP is destroyed. Pack Wraiths (HP 5, 4 damage) take 4 more:
    they flip with 3 damage, which is the Few side's HP (3): destroyed (not kept alive by the
    Pack side's 5)."""
    state = fight(["vampires@b2"], [done(unit("wraiths:pack@b3", damage=4))])
    act(state, "attack", target="wraiths")
    roll(state, 0)  # Few Vampires: 4 + 0 − 0 = 4 damage, 8 in all: 3 carried to the Few side
    assert attacks(state)[0]["damage"] == 4
    wraiths = state.battle.units["wraiths"]
    assert wraiths.destroyed
    damage = last(state, "damage")
    assert damage["unit"] == "wraiths" and damage["flipped"] and damage["destroyed"]


def test_damage_carried_past_a_flip_below_the_few_hp_leaves_it_standing() -> None:
    """homm3.md §5.15 "Damage and flipping" (the rulebook's worked example: Pack Zombies, HP 3,
    flip to Few with 1 damage): the excess below the Few side's HP stays on the Few side."""
    state = fight(["vampires@b2"], [done(unit("wraiths:pack@b3", damage=4))])
    act(state, "attack", target="wraiths")
    roll(state, -1)  # 4 − 1 − 0 = 3: 7 in all, 2 carried to the Few side (HP 3)
    wraiths = state.battle.units["wraiths"]
    assert not wraiths.destroyed
    assert (wraiths.face, wraiths.damage) == ("few", 2)


# --------------------------------------------------------------------------- retaliation


def test_a_target_paralysed_by_the_attack_does_not_retaliate() -> None:
    """docs/homm3-combat.md "Readings taken" (a target paralysed by the attack does not
    retaliate) and homm3.md §5.18.5 Paralysis: Azure Dragons roll −1 (paralyse-on-roll): the
    Pack Archangels (HP 10) survive 8 − 1 − 3 = 4 damage, paralysed, and do not strike back."""
    state = neutral_clash([done("archangels:pack@b2"), done("zombies@d1")], ["azure-dragons@b3"])
    act(state, "attack", target="archangels")
    roll(state, -1)
    assert state.battle.units["archangels"].paralysed
    assert not at_chance(state), "a retaliation die is being rolled"
    assert [a["kind"] for a in attacks(state)] == ["attack"]
    assert state.battle.units["archangels"].retaliations == 0


def test_a_target_not_paralysed_by_the_attack_retaliates() -> None:
    """homm3.md §5.18.5 Retaliation, the control of the test above: on 0 the Azure Dragons do
    not paralyse, and the Archangels retaliate."""
    state = neutral_clash([done("archangels:pack@b2"), done("zombies@d1")], ["azure-dragons@b3"])
    act(state, "attack", target="archangels")
    roll(state, 0)
    assert not state.battle.units["archangels"].paralysed
    assert attack_step(state) is not None and attack_step(state).attack_kind == "retaliation"


# --------------------------------------------------------------------------- Expert uses


def empower_offers(expert_uses: int) -> tuple[Any, set[str]]:
    """A hero casts Magic Arrow holding a Power card: the state at the empower step and the
    ``use`` values offered for the Power card."""
    hero = {**HERO_A, "hand": ["magic-arrow", "power"], "expert_uses": expert_uses}
    state = fight(["griffins:pack@b2"], [done("dread-knights@d4")], attacker_hero=hero)
    pass_until(state, Action.of("cast", card="magic-arrow"))
    act(state, "cast", card="magic-arrow")
    assert isinstance(state.flow.steps[-1], EmpowerStep)
    uses = {str(a.get("use")) for a in state.legal_actions(0) if a.kind == "empower"}
    return state, uses


def test_expert_power_is_not_offered_without_an_expert_use() -> None:
    """homm3.md §5.9 Expert effects (playing one consumes one of the round's Expert uses) and
    §8.12; statistics.yaml Power: with no Expert use left, only the Power card's Basic effect
    empowers the spell being cast."""
    state, uses = empower_offers(0)
    assert uses == {"basic"}
    refuse(state, "empower", seat=0, card="power", use="expert")
    act(state, "empower", card="power", use="basic")
    assert state.battle.armies[0].hero.expert_uses == 0


def test_expert_power_is_offered_with_an_expert_use_left() -> None:
    """homm3.md §5.9, the control of the test above: with an Expert use left the Expert effect
    (+2 power) is offered too, and spends the use."""
    state, uses = empower_offers(1)
    assert uses == {"basic", "expert"}
    act(state, "empower", card="power", use="expert")
    assert state.battle.armies[0].hero.expert_uses == 0
    assert last(state, "empowered")["power"] == 2


# --------------------------------------------------------------------------- neutral and AI targets
# homm3.md §5.24.1 rules 2 and 3 (rulebook p. 33), §8.44 (no rule applies: the nearest), §8.45
# ("within reach": an enemy the unit can end its move next to). Solo: the AI rules drive the
# neutral units; the player's units have all activated, so the neutral unit acts first.


def test_ai_melee_prefers_its_own_tier_over_nearer_lower_and_higher_tiers() -> None:
    """homm3.md §5.24.1 rule 2: Silver Nomads attack the Silver Crusaders within reach (two
    steps away) before the Bronze Skeletons and Gold Champions standing next to them."""
    state = solo([done("skeletons@a4"), done("champions@c4"), done("crusaders@d3")], ["nomads@b4"])
    assert ai_pick(state) == {"crusaders"}
    assert field_of(state, "nomads") == "c3"


def test_ai_melee_prefers_a_lower_tier_over_a_higher_one() -> None:
    """homm3.md §5.24.1 rule 2 ("second, a unit of a lower tier within reach"): with no Silver
    unit in reach, Silver Nomads attack the Bronze Skeletons (a step away), not the Gold
    Champions next to them."""
    state = solo([done("champions@b3"), done("skeletons@d4")], ["nomads@b4"])
    assert ai_pick(state) == {"skeletons"}
    assert field_of(state, "nomads") == "c4"


def test_ai_melee_otherwise_attacks_the_nearest_unit() -> None:
    """homm3.md §5.24.1 rule 2 ("otherwise the nearest unit within reach") and §8.44: Bronze
    Boars with only higher tiers in reach attack the Silver Crusaders next to them, not the
    Gold Champions a step away."""
    state = solo([done("crusaders@b3"), done("champions@d4")], ["boars@b4"])
    assert ai_pick(state) == {"crusaders"}
    assert field_of(state, "boars") == "b4"


def test_ai_melee_attacks_the_nearer_of_two_units_of_its_tier() -> None:
    """homm3.md §5.24.1 rule 3 ("among several valid targets attack the closer one"): Silver
    Nomads with two Silver units in reach attack the adjacent Crusaders without moving, not the
    Zealots a step away."""
    state = solo([done("crusaders@b3"), done("zealots@d4")], ["nomads@b4"])
    assert ai_pick(state) == {"crusaders"}
    assert field_of(state, "nomads") == "b4"


def test_ai_ranged_prefers_ranged_units_of_its_own_tier() -> None:
    """homm3.md §5.24.1 rule 3 ("first attack your Ranged units of their own tier"): Silver
    Sharpshooters shoot the far Silver Zealots, not the nearer Bronze Marksmen, Gold
    Enchanters (ranged) or Silver Crusaders (ground)."""
    state = solo(
        [done("zealots@d1"), done("marksmen@b2"), done("enchanters@a2"), done("crusaders@b4")],
        ["sharpshooters@a5"],
    )
    assert ai_pick(state) == {"zealots"}


def test_ai_ranged_then_prefers_ranged_units_of_a_lower_tier() -> None:
    """homm3.md §5.24.1 rule 3 ("second, Ranged of a lower tier"): with no Silver ranged unit,
    Silver Sharpshooters shoot the far Bronze Marksmen before the nearer Gold Enchanters
    (ranged, a higher tier) and Silver Crusaders (ground)."""
    state = solo(
        [done("marksmen@d1"), done("enchanters@a2"), done("crusaders@b4")],
        ["sharpshooters@a5"],
    )
    assert ai_pick(state) == {"marksmen"}


def test_ai_ranged_then_prefers_ranged_units_of_a_higher_tier() -> None:
    """homm3.md §5.24.1 rule 3 ("third, Ranged of a higher tier"): Bronze Evil Eyes shoot the
    far Silver Zealots (ranged) before the nearer Bronze Skeletons (ground, its own tier)."""
    state = solo(
        [done("zealots@d1"), done("skeletons@b4"), done("champions@a3")],
        ["evil-eyes-neutral@a5"],
    )
    assert ai_pick(state) == {"zealots"}


def test_ai_ranged_then_shoots_ground_or_flying_units_of_its_own_tier() -> None:
    """homm3.md §5.24.1 rule 3 ("if none, attack Ground or Flying units of the same tier"): with
    no ranged target, Silver Sharpshooters shoot the far Silver Crusaders before the nearer
    Bronze Skeletons and Gold Champions."""
    state = solo(
        [done("crusaders@d1"), done("skeletons@b4"), done("champions@a3")],
        ["sharpshooters@a5"],
    )
    assert ai_pick(state) == {"crusaders"}


def test_ai_ranged_otherwise_shoots_the_nearest_unit() -> None:
    """homm3.md §8.44 (no listed rule applies: the nearest unit): Silver Sharpshooters facing
    only Bronze and Gold ground units shoot the nearer Skeletons."""
    state = solo([done("champions@d1"), done("skeletons@b4")], ["sharpshooters@a5"])
    assert ai_pick(state) == {"skeletons"}


def test_ai_ranged_shoots_the_nearer_of_two_equally_preferred_units() -> None:
    """homm3.md §5.24.1 rule 3 ("among several valid targets attack the closer one"): Silver
    Sharpshooters shoot the nearer of two Silver ranged units (Liches 3 fields away, Zealots 7)."""
    state = solo([done("zealots@d1"), done("liches@b3")], ["sharpshooters@a5"])
    assert ai_pick(state) == {"liches"}


def test_ai_leaves_a_tie_at_equal_distance_to_the_player() -> None:
    """homm3.md §5.24.1 rule 3 ("if still tied, the player chooses"): two Silver ranged units
    equally near: the player (seat 0) picks the target."""
    state = solo([done("zealots@b2"), done("liches@c3")], ["sharpshooters@a5"])
    assert ai_pick(state) == {"zealots", "liches"}
    act(state, "attack", seat=0, target="liches")
    assert attack_step(state) is not None and attack_step(state).target == "liches"


# --------------------------------------------------------------------------- AI cards


def test_an_ai_card_that_says_draw_a_card_draws_one_ai_card() -> None:
    """research/homm3/ai.yaml deck rules ("if an AI hero is told to draw a card, it draws and
    resolves another AI card") and homm3.md §5.24.1 rule 1: Use a skill (Offense: +1 Attack,
    draw 1 card) at Normal draws exactly one more AI card (Attack v2: +1 at Normal); the third
    card stays in the AI deck."""
    doc = battle(
        [done("crusaders@b2")],
        ["dread-knights@b3"],
        mode="solo",
        defender_kind="ai-hero",
        defender_hero={"name": "Sandro", "faction": "necropolis", "level": 2},
        difficulty="normal",
    )
    doc["defender"].update(
        ai_deck=["ai-attack-v1", "ai-attack-v2", "ai-use-skill-v1"], ai_skill="offense"
    )
    state = start(doc)
    drawn = [e["card"] for e in events(state, "ai-card")]
    assert drawn == ["ai-use-skill-v1", "ai-attack-v2"]
    army = state.battle.armies[1]
    assert army.ai_deck == ["ai-attack-v1"]
    assert sorted(army.ai_discard) == ["ai-attack-v2", "ai-use-skill-v1"]
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 5 + 1 + 1
