"""One test for each card effect kind the combat rules implement (combat/card_effects.py;
the vocabulary in content/cards.py), on a card of the core box that uses it; each fails if the
effect is removed. The kinds tested in test_cards.py are listed in ``ELSEWHERE``; a last test
checks that every implemented kind has its test. Card numbers come from the card data
(content/*.yaml, re-typed from the fan database Mirzipan/Homm3_BG_Database)."""

from __future__ import annotations

from typing import Any

from homm3_helpers import act, active, attacks, done, fight, last, roll
from test_cards import cast, hero, hero_a, hero_d, pass_windows, plays, unit_of

from rulekeeper.games.homm3.combat import card_effects

TESTED: dict[str, str] = {}
ELSEWHERE = {
    "area-damage": "test_cards.test_fireball_hits_both_fields_friends_too",
    "attack": "test_cards.test_attack_card_basic_adds_one_to_the_next_attack",
    "bless": "test_cards.test_bless_attacks_without_the_die",
    "cancel-spell": "test_cards (Resistance)",
    "chain-damage": "test_cards.test_chain_lightning_hits_the_target_then_the_nearest_units",
    "damage": "test_cards.test_magic_arrow_deals_one_two_three_by_power_ignoring_defence",
    "defence": "test_cards.test_defense_card_adds_to_the_next_incoming_attack_only",
    "die-ignore": "test_cards (Shield of the Dwarven Lords)",
    "die-multiply": "test_cards (Centaur's Axe)",
    "draw": "test_cards (Breastplate of Petrified Wood, Leadership, Offense)",
    "extra-spell": "test_cards.test_knowledge_expert_allows_one_more_spell_this_round",
    "fire-shield": "test_cards.test_fire_shield_damages_an_adjacent_attacker",
    "gold": "test_cards (Endless Bag of Gold)",
    "initiative": "test_cards.test_haste_raises_initiative_for_the_combat",
    "morale": "test_cards (Leadership)",
    "paralyse": "test_cards.test_blind_paralyses_its_target",
    "power": "test_cards.test_a_power_card_adds_power",
    "reshuffle-first-round": "test_cards (AI Use a skill v2)",
    "spell-back": "test_cards.test_knowledge_returns_the_spell_to_hand",
    "spell-shield": "test_cards.test_anti_magic_protects_from_later_spells",
    "teleport": "test_cards.test_teleport_moves_a_unit_to_an_empty_field",
    "use-skill": "test_cards (AI Use a skill v1)",
}


def effect(kind: str) -> Any:
    def mark(test: Any) -> Any:
        TESTED[kind] = test.__name__
        return test

    return mark


@effect("archery")
def test_archery_adds_attack_to_ranged_units_shooting_from_afar() -> None:
    """Archery (Basic, ongoing): your ranged units get +1 Attack against non-adjacent targets
    until the end of the round (abilities.yaml)."""
    state = fight(["marksmen@a2"], [done("skeletons@d5")], attacker_hero=hero_a(hand=["archery"]))
    act(state, "play", card="archery", use="basic")
    act(state, "attack", target="skeletons")
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 2 + 1  # Few Marksmen: Attack 2


@effect("cure")
def test_cure_removes_paralysis_and_heals() -> None:
    """Cure (spell): removes a Paralysis token and heals 1 at power 0 (spells.yaml)."""
    state = fight(
        [done("crusaders@b2", damage=2, paralysed=True), "griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["cure"]),
    )
    cast(state, "cure", unit="crusaders")
    assert unit_of(state, "crusaders").damage == 1
    assert not unit_of(state, "crusaders").paralysed


@effect("discard")
def test_charm_of_mana_draws_two_then_discards_one() -> None:
    """Charm of Mana (option 2): draw 2 cards, then discard 1 (artifacts.yaml)."""
    state = fight(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["charm-of-mana"], deck=["attack", "defence"]),
    )
    act(state, "play", card="charm-of-mana", use="option-2")
    assert sorted(hero(state, 0).hand) == ["attack", "defence"]
    act(state, "discard", item="attack")
    assert hero(state, 0).hand == ["defence"]
    assert "attack" in hero(state, 0).discard


@effect("draw-keep")
def test_shackles_of_war_draws_two_and_keeps_one() -> None:
    """Shackles of War (option 2): draw 2 cards, keep 1, discard the other."""
    state = fight(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["shackles-of-war"], deck=["attack", "defence"]),
    )
    act(state, "pass")  # the start-of-combat window (option 1 could be played there)
    act(state, "play", card="shackles-of-war", use="option-2")
    act(state, "keep", item="defence")
    assert hero(state, 0).hand == ["defence"]
    assert "attack" in hero(state, 0).discard


@effect("no-escape")
def test_shackles_of_war_bars_the_enemys_surrender() -> None:
    """Shackles of War (option 1): the enemy hero can neither retreat nor surrender."""
    state = fight(["griffins@a1"], ["skeletons@d5"], attacker_hero=hero_a(hand=["shackles-of-war"]))
    act(state, "play", card="shackles-of-war", use="option-1")  # at the start of combat
    assert active(state) == "griffins"
    act(state, "end")
    pass_windows(state)
    assert active(state) == "skeletons"
    assert "surrender" not in {a.kind for a in state.legal_actions(1)}


@effect("early-spell")
def test_intelligence_casts_a_spell_before_the_first_activation() -> None:
    """Intelligence (Basic): at the start of combat, cast a spell from hand (it counts)."""
    state = fight(
        ["griffins@a1"],
        ["skeletons@d5"],
        attacker_hero=hero_a(hand=["intelligence", "magic-arrow"]),
    )
    act(state, "play", card="intelligence", use="basic")
    act(state, "cast", card="magic-arrow")
    act(state, "target", unit="skeletons")
    assert unit_of(state, "skeletons").damage == 1
    assert state.battle.armies[0].spells_cast == 1


@effect("enemy-discards")
def test_dragon_wing_tabard_makes_the_enemy_discard() -> None:
    """Dragon Wing Tabard (option 1): the enemy hero discards a random card."""
    state = fight(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["dragon-wing-tabard"]),
        defender_hero=hero_d(hand=["magic-arrow"]),  # not playable out of its turn
    )
    act(state, "play", card="dragon-wing-tabard", use="option-1")
    assert hero(state, 1).hand == [] and hero(state, 1).discard == ["magic-arrow"]


@effect("enemy-morale")
def test_hourglass_takes_the_enemys_morale() -> None:
    """Hourglass of the Evil Hour (option 1): the enemy hero loses morale."""
    state = fight(
        ["griffins@a1"],
        [done("crusaders@d5")],
        attacker_hero=hero_a(hand=["hourglass-of-the-evil-hour"]),
        defender_hero={"name": "Tamika", "faction": "castle", "morale": 1},
        defender_kind="hero",
    )
    act(state, "play", card="hourglass-of-the-evil-hour", use="option-1")
    assert hero(state, 1).morale == 0


@effect("morale-roll")
def test_hourglass_rolls_for_morale() -> None:
    """Hourglass of the Evil Hour (option 2): roll an Attack die; on 0 gain morale."""
    for face, morale in ((0, 1), (1, 0)):
        state = fight(
            ["griffins@a1"],
            [done("skeletons@d5")],
            attacker_hero=hero_a(hand=["hourglass-of-the-evil-hour"]),
        )
        act(state, "play", card="hourglass-of-the-evil-hour", use="option-2")
        roll(state, face)
        assert hero(state, 0).morale == morale


@effect("heal")
def test_rion_heals_and_draws() -> None:
    """Rion's specialty (I): remove 1 damage from one of your units, then draw 1."""
    state = fight(
        ["griffins@a1", done("crusaders@b2", damage=2)],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["rion-1"], deck=["attack"]),
    )
    act(state, "play", card="rion-1", use="basic", unit="crusaders")
    assert unit_of(state, "crusaders").damage == 1
    assert hero(state, 0).hand == ["attack"]


@effect("unparalyse")
def test_rion_removes_a_paralysis_token() -> None:
    """Rion's specialty (IV): remove 1 damage OR a Paralysis token, then draw 1."""
    state = fight(
        ["griffins@a1", done("crusaders@b2", paralysed=True)],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["rion-4"]),
    )
    act(state, "play", card="rion-4", use="basic", unit="crusaders", pick=1)
    assert not unit_of(state, "crusaders").paralysed


@effect("materials")
def test_cart_of_lumber_gives_building_materials() -> None:
    """Inexhaustible Cart of Lumber (option 1): gain 2 Building Materials (in the log and the
    result, for the map game)."""
    state = fight(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["inexhaustible-cart-of-lumber"]),
    )
    act(state, "play", card="inexhaustible-cart-of-lumber", use="option-1")
    assert last(state, "gained") == {"side": 0, "resource": "materials", "amount": 2}


@effect("valuables")
def test_crystal_cloak_gives_valuables() -> None:
    """Everflowing Crystal Cloak (option 2): gain 1 Valuables."""
    state = fight(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["everflowing-crystal-cloak"]),
    )
    act(state, "play", card="everflowing-crystal-cloak", use="option-2")
    assert last(state, "gained") == {"side": 0, "resource": "valuables", "amount": 1}


@effect("max-hp")
def test_catherines_specialty_raises_maximum_hp() -> None:
    """Catherine's specialty (IV): +1 maximum HP for the combat, +2 on Crusaders."""
    state = fight(
        ["crusaders@b2"], [done("skeletons@d5")], attacker_hero=hero_a(hand=["catherine-4"])
    )
    act(state, "play", card="catherine-4", use="basic", unit="crusaders")
    from rulekeeper.games.homm3.combat.stats import max_hp

    assert max_hp(state, unit_of(state, "crusaders")) == 4 + 2  # Few Crusaders: HP 4


@effect("no-abilities")
def test_disrupting_ray_takes_a_units_abilities() -> None:
    """Disrupting Ray: the unit's special abilities do not apply for the combat (Pack Zombies
    lose their +1 Defence when the attacker rolls 0 or +1)."""
    state = fight(
        ["harpies:pack@b2"],
        [done("zombies:pack@b3")],
        attacker_hero=hero_a(hand=["disrupting-ray"]),
    )
    cast(state, "disrupting-ray", unit="zombies")
    act(state, "attack", target="zombies")
    roll(state, 0)
    assert attacks(state)[0]["defence"] == 1  # printed Defence only


@effect("overlay")
def test_sandros_cloak_makes_a_horde_of_skeletons() -> None:
    """Sandro's specialty (I): laid on Pack Skeletons they fight with Attack 3, Defence 1, HP 2,
    Initiative 6 until that HP is gone; the excess damage goes to the Pack below."""
    state = fight(
        ["skeletons:pack@b2"],
        [done("griffins:pack@b3")],
        attacker_hero={"name": "Sandro", "faction": "necropolis", "hand": ["sandro-1"]},
    )
    act(state, "play", card="sandro-1", use="basic", unit="skeletons")
    act(state, "attack", target="griffins")
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 3
    roll(state, 1)  # the Pack Griffins retaliate: 4 + 1 − 1 = 4 damage, the Horde's 2 HP gone
    skeletons = unit_of(state, "skeletons")
    assert skeletons.overlay == "" and skeletons.face == "pack"  # the retaliation broke it
    assert "sandro-1" in hero(state, 0).discard


@effect("recover-spell")
def test_rib_cage_recovers_a_spell() -> None:
    """Rib Cage (option 1): a Spell card from the discard pile into hand; the rest of the
    discard pile is shuffled into the deck."""
    state = fight(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["rib-cage"], discard=["haste", "attack"]),
    )
    act(state, "play", card="rib-cage", use="option-1")
    act(state, "recover", card="haste")
    assert hero(state, 0).hand == ["haste"]
    assert sorted(hero(state, 0).deck) == ["attack", "rib-cage"]


@effect("reroll-any")
def test_luck_rerolls_ones_own_die() -> None:
    """Luck (Expert): each die you roll may be rerolled once."""
    state = fight(
        ["griffins:pack@b2"],
        [done("skeletons@b3")],
        attacker_hero=hero_a(hand=["luck"], expert_uses=1),
    )
    act(state, "play", card="luck", use="expert")
    act(state, "attack", target="skeletons")
    roll(state, -1)
    act(state, "luck-reroll", die=0)
    roll(state, 1)
    assert attacks(state)[0]["die"] == 1


@effect("retaliate-again")
def test_counterstrike_lets_a_unit_retaliate_again() -> None:
    """Counterstrike: the unit's retaliation mark goes; it may retaliate again this round."""
    state = fight(
        ["griffins@a1", done("halberdiers@b2", retaliations=1)],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["counterstrike"]),
    )
    cast(state, "counterstrike", unit="halberdiers")  # Bronze: power 0 is enough
    assert unit_of(state, "halberdiers").retaliations == 0


@effect("swap")
def test_tactics_swaps_two_units() -> None:
    """Tactics (Basic): at the start of combat, swap the fields of two of your units."""
    state = fight(
        ["griffins@a1", done("zealots@b2")],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["tactics"]),
    )
    act(state, "play", card="tactics", use="basic")
    act(state, "swap", item="griffins")
    act(state, "swap", item="zealots")
    assert (unit_of(state, "griffins").field, unit_of(state, "zealots").field) == (5, 0)


@effect("cancel-lethal")
def test_resurrection_cancels_a_lethal_attack() -> None:
    """Resurrection: right after an enemy attack that would destroy a Bronze unit, cast at
    power 0, the attack is cancelled and the unit does not retaliate."""
    state = fight(
        [done("halberdiers@b3")],
        ["dread-knights:pack@b4"],
        attacker_hero=hero_a(hand=["resurrection"]),
    )
    act(state, "attack", seat=1, target="halberdiers")
    roll(state, 1)
    act(state, "save", seat=0, card="resurrection")
    assert not unit_of(state, "halberdiers").destroyed
    assert last(state, "saved")["unit"] == "halberdiers"
    assert [a for a in attacks(state) if a["kind"] == "retaliation"] == []


def test_a_silver_unit_needs_power_two_to_be_saved() -> None:
    """Resurrection saves a Silver unit only at power 2: with nothing to empower it, it is not
    offered."""
    state = fight(
        [done("zealots@b3")],
        ["dread-knights:pack@b4"],
        attacker_hero=hero_a(hand=["resurrection"]),
    )
    act(state, "attack", seat=1, target="zealots")
    roll(state, 1)
    assert unit_of(state, "zealots").destroyed


@effect("draw-if-spell")
def test_blackshard_draws_when_a_spell_paid_for_it() -> None:
    """Blackshard of the Dead Knight (option 1): discard 1 card for +2 Attack; if the card
    discarded was a Spell, draw 1."""
    for paid, drawn in (("haste", ["defence"]), ("attack", [])):
        state = fight(
            ["griffins@a1"],
            [done("skeletons@d5")],
            attacker_hero=hero_a(hand=["blackshard-of-the-dead-knight", paid], deck=["defence"]),
        )
        act(state, "play", card="blackshard-of-the-dead-knight", use="option-1", unit="griffins")
        act(state, "discard", item=paid)
        assert hero(state, 0).hand == drawn, paid


@effect("returns")
def test_targ_comes_back_to_hand() -> None:
    """Targ of the Rampaging Ogre (option 1): discard 2 cards for +2 Defence; the card comes
    back to hand instead of the discard pile."""
    state = fight(
        ["griffins@a1"],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["targ-of-the-rampaging-ogre", "attack", "haste"]),
    )
    act(state, "play", card="targ-of-the-rampaging-ogre", use="option-1", unit="griffins")
    act(state, "discard", item="attack")
    act(state, "discard", item="haste")
    assert hero(state, 0).hand == ["targ-of-the-rampaging-ogre"]
    assert sorted(hero(state, 0).discard) == ["attack", "haste"]


def test_prayer_gives_the_one_bonus_chosen() -> None:
    """Prayer: the caster picks one of Attack, Defence or Initiative (spells.yaml)."""
    state = fight(["griffins@a1"], [done("skeletons@d5")], attacker_hero=hero_a(hand=["prayer"]))
    act(state, "cast", card="prayer")
    act(state, "target", unit="griffins", pick=1)
    from rulekeeper.games.homm3.combat.stats import boost

    griffins = unit_of(state, "griffins")
    assert (boost(state, griffins, "attack"), boost(state, griffins, "defence")) == (0, 1)
    assert boost(state, griffins, "initiative") == 0


def test_an_instant_boost_ends_with_the_round() -> None:
    """homm3.md §5.18.7, rulebook p. 31: Instant stat boosts end before the unit's next action
    in this round: a boost on a unit that does not act again this round is gone at its end."""
    from rulekeeper.games.homm3.combat.stats import boost

    state = fight(
        ["griffins@a1", done("zealots@b2")],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["attack"]),
    )
    act(state, "play", card="attack", use="basic", unit="zealots")
    assert boost(state, unit_of(state, "zealots"), "attack") == 1
    act(state, "end")
    assert state.battle.round == 2
    assert boost(state, unit_of(state, "zealots"), "attack") == 0


def test_chain_lightning_ties_are_the_casters() -> None:
    """Chain Lightning: where units are equally near the first target, the caster picks the
    next one (the fan database's rule; issue 8: a tie left to a person is that person's)."""
    state = fight(
        ["griffins:pack@a1"],
        [done("crusaders@c4"), done("vampires@c5"), done("skeletons@c3")],
        attacker_hero=hero_a(hand=["chain-lightning"]),
    )
    cast(state, "chain-lightning", unit="crusaders")
    assert {str(a.get("unit")) for a in state.legal_actions(0)} == {"vampires", "skeletons"}
    act(state, "chain", unit="skeletons")
    struck = [e.data["unit"] for e in state.events if e.kind == "damage"]
    assert struck[:3] == ["crusaders", "skeletons", "vampires"]


def test_an_ai_cards_tie_is_the_players() -> None:
    """AI Defense (v1): the AI unit with the most HP gets the bonus; two with as many HP: the
    player picks (§5.24.1; issue 8: a tie left to a person is that person's)."""
    from homm3_helpers import battle, start

    from rulekeeper.games.homm3.combat.stats import boost

    doc = battle(
        [done("griffins@a1")],
        ["skeletons@b4", "b=skeletons@c4"],
        mode="solo",
        defender_kind="ai-hero",
        defender_hero={"name": "Sandro", "faction": "necropolis", "level": 2},
        difficulty="normal",
    )
    doc["defender"]["ai_deck"] = ["ai-defense-v1"]
    state = start(doc)
    act(state, "activate", unit="skeletons")  # equal Initiative: the player orders them too
    assert {str(a.get("unit")) for a in state.legal_actions(0)} == {"skeletons", "b"}
    act(state, "choose", unit="b")
    assert boost(state, unit_of(state, "b"), "defence") == 1


def test_every_implemented_card_effect_has_a_test() -> None:
    """Each effect kind the combat rules implement is tested (here or in test_cards.py)."""
    missing = sorted(card_effects.IMPLEMENTED - set(TESTED) - set(ELSEWHERE))
    assert missing == []
    assert plays  # the card helpers come from test_cards.py
