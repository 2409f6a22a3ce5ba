"""Rules tests of cards, spells, morale and AI cards in HoMM3 combat (homm3.md §5.8–§5.12,
§5.17, §5.18.7, §5.24.1; §8 items 11, 26–28, 50; §9 items 6, 10, 12). Each test cites its
source: the spec section and rulebook page, or the card data (content/*.yaml, re-typed from the
fan database Mirzipan/Homm3_BG_Database) for a card's numbers.

Battles start mid-fight with the units placed; units marked ``activated`` wait for the next
round. Heroes hold only the cards a test needs, so a seat with nothing to play is passed over.
The Attack die is forced (faces −1, 0, +1, §9.6).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from homm3_helpers import (
    HERO_A,
    HERO_D,
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
    legal,
    refuse,
    roll,
    side_result,
    start,
)

from rulekeeper.core import Action
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.attack import InstantWindow, RerollWindow
from rulekeeper.games.homm3.combat.cards import PayStep
from rulekeeper.games.homm3.combat.spells import EmpowerStep
from rulekeeper.games.homm3.combat.stats import boost

# --------------------------------------------------------------------------- helpers


def hero_a(**extra: Any) -> dict[str, Any]:
    """The attacking Main Hero (Catherine, Castle) with *extra* fields (hand, deck, ...)."""
    return {**HERO_A, **extra}


def hero_d(**extra: Any) -> dict[str, Any]:
    """The defending Main Hero (Sandro, Necropolis) with *extra* fields."""
    return {**HERO_D, **extra}


def hero(state: Any, side: int) -> Any:
    found = state.battle.armies[side].hero
    assert found is not None
    return found


def unit_of(state: Any, uid: str) -> Any:
    return state.battle.units[uid]


def field_of(state: Any, uid: str) -> str | None:
    number = unit_of(state, uid).field
    return board.name(number) if number >= 0 else None


def offered(state: Any, kind: str, seat: int | None = None) -> list[Action]:
    """The actions of *kind* open to *seat* (default: the seat to act)."""
    seat = state.current_player() if seat is None else seat
    return [a for a in state.legal_actions(seat) if a.kind == kind]


def plays(state: Any, seat: int | None = None) -> set[tuple[str, str]]:
    """The (card, use) pairs *seat* may play now."""
    return {(str(a.get("card")), str(a.get("use"))) for a in offered(state, "play", seat)}


def casts(state: Any, seat: int | None = None) -> set[str]:
    return {str(a.get("card")) for a in offered(state, "cast", seat)}


def spell_targets(state: Any) -> set[str]:
    return {str(a.get("unit")) for a in offered(state, "target")}


def in_window(state: Any) -> bool:
    return isinstance(state.flow.steps[-1], InstantWindow | RerollWindow)


def pass_windows(state: Any) -> Any:
    """Every seat asked at the window(s) on top passes."""
    while state.current_player() >= 0 and in_window(state):
        act(state, "pass")
    return state


def cast(state: Any, spell: str, *power: str, unit: str | None = None, **params: Any) -> Any:
    """Cast *spell*, empower it with the cards *power* (each by its first use offered: a
    Spell discarded, a card's Basic play, an artifact's first power option), then target
    *unit* (or ``target`` with *params*, e.g. ``fields``)."""
    act(state, "cast", card=spell)
    step = state.flow.steps[-1]
    if isinstance(step, EmpowerStep):
        for item in power:
            seat = state.current_player()
            use = next(
                a.get("use")
                for a in state.legal_actions(seat)
                if a.kind == "empower" and a.get("card") == item
            )
            act(state, "empower", card=item, use=use)
        if isinstance(state.flow.steps[-1], EmpowerStep):
            act(state, "done")
    else:
        assert not power, f"nothing to empower {spell} with"
    if unit is not None:
        act(state, "target", unit=unit)
    elif params:
        act(state, "target", **params)
    return state


def damage_events(state: Any, cause: str) -> dict[str, int]:
    return {e["unit"]: e["amount"] for e in events(state, "damage") if e["cause"] == cause}


def reachable(state: Any, goal: Any, allowed: set[str], depth: int) -> bool:
    """Some sequence of at most *depth* player actions of the *allowed* kinds (no dice) leads
    from *state* to a state where *goal* holds."""
    if goal(state):
        return True
    if depth == 0 or state.current_player() < 0:
        return False
    for action in legal(state):
        if action.kind in allowed:
            after = state.clone()
            after.apply_action(action)
            if reachable(after, goal, allowed, depth - 1):
                return True
    return False


def order_of_round(state: Any) -> list[str]:
    """End each activation of the current round in turn (passing windows); who activated."""
    order: list[str] = []
    current = state.battle.round
    while not finished(state) and state.battle.round == current:
        pass_windows(state)
        uid = active(state)
        assert uid is not None
        order.append(uid)
        end_activation(state)
        pass_windows(state)
    return order


# --------------------------------------------------------------------------- Statistic cards


def test_attack_card_basic_adds_one_to_the_next_attack() -> None:
    """homm3.md §5.9, §5.18.7, rulebook p. 13, 31; statistics.yaml Attack: Basic, one of your
    units gets +1 Attack for its next attack."""
    state = fight(
        ["griffins:pack@b2"], [done("crusaders@b3")], attacker_hero=hero_a(hand=["attack"])
    )
    act(state, "play", card="attack", use="basic", unit="griffins")
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 3 + 1


def test_attack_card_expert_adds_two_and_spends_an_expert_use() -> None:
    """homm3.md §5.9, rulebook p. 13; statistics.yaml Attack: Expert +2 Attack; playing the
    Expert effect spends one of the hero's Expert uses."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["attack"], expert_uses=1),
    )
    act(state, "play", card="attack", use="expert", unit="griffins")
    assert hero(state, 0).expert_uses == 0
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 3 + 2


def test_attack_bonus_lasts_for_the_next_attack_only() -> None:
    """homm3.md §5.18.7, rulebook p. 31: an Instant stat boost ends before that unit's next
    action: the Attack card's +1 is spent on the first attack, the next one has none."""
    state = fight(
        ["griffins:pack@b2"], [done("crusaders@b3")], attacker_hero=hero_a(hand=["attack"])
    )
    act(state, "play", card="attack", use="basic", unit="griffins")
    act(state, "attack", target="crusaders")
    roll(state, 0, 0)  # the attack, the Crusaders' retaliation
    pass_windows(state)
    assert state.battle.round == 2 and active(state) == "griffins"
    act(state, "attack", target="crusaders")
    roll(state, 0)
    first, _, second = attacks(state)[:3]
    assert (first["attack"], second["attack"]) == (4, 3)


def test_expert_play_is_not_offered_without_expert_uses() -> None:
    """homm3.md §5.9 and §8.12, rulebook p. 13: an Expert effect spends one of the round's
    Expert uses; with none left only the Basic effect may be played."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["attack", "attack"], expert_uses=1),
    )
    assert ("attack", "expert") in plays(state)
    act(state, "play", card="attack", use="expert", unit="griffins")
    assert plays(state) == {("attack", "basic")}
    refuse(state, "play", card="attack", use="expert", unit="griffins")


def test_no_expert_play_for_a_level_one_hero() -> None:
    """homm3.md §5.9, rulebook p. 13: Expert uses by Level 0/1/1/2/2/3/3; a hero with none
    cannot play an Expert effect."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(level=1, hand=["attack"], expert_uses=0),
    )
    assert plays(state) == {("attack", "basic")}
    refuse(state, "play", card="attack", use="expert", unit="griffins")


def test_a_played_card_goes_to_the_discard_pile() -> None:
    """homm3.md §5.8, rulebook p. 13: Discard = put onto your discard pile after use."""
    state = fight(
        ["griffins:pack@b2"], [done("crusaders@b3")], attacker_hero=hero_a(hand=["attack", "power"])
    )
    act(state, "play", card="attack", use="basic", unit="griffins")
    assert hero(state, 0).hand == ["power"]
    assert hero(state, 0).discard == ["attack"]


def test_defense_card_adds_to_the_next_incoming_attack_only() -> None:
    """homm3.md §5.18.6 step 4, §5.18.7, rulebook p. 31; statistics.yaml Defense: +1 Defense
    against the unit's next incoming attack; the following attack meets the printed Defence."""
    state = fight(
        ["griffins:pack@b2"], [done("crusaders@b3")], defender_hero=hero_d(hand=["defence"])
    )
    act(state, "pass", seat=1)  # the window at the start of the activation
    act(state, "attack", target="crusaders")
    assert state.current_player() == 1, "the target's owner gets the window before the roll"
    act(state, "play", seat=1, card="defence", use="basic", unit="crusaders")
    pass_windows(state)
    roll(state, 0, 0)
    pass_windows(state)
    assert state.battle.round == 2 and active(state) == "griffins"
    act(state, "attack", target="crusaders")
    roll(state, 0)
    first, _, second = attacks(state)[:3]
    assert (first["defence"], second["defence"]) == (2 + 1, 2)


def test_defense_card_expert_adds_two() -> None:
    """homm3.md §5.9, rulebook p. 13 (the text's example: a Defense card's Expert effect gave
    +2 Defense); statistics.yaml Defense Expert."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        defender_hero=hero_d(hand=["defence"], expert_uses=1),
    )
    act(state, "pass", seat=1)
    act(state, "attack", target="crusaders")
    act(state, "play", seat=1, card="defence", use="expert", unit="crusaders")
    assert hero(state, 1).expert_uses == 0
    pass_windows(state)
    roll(state, 1)
    assert attacks(state)[0]["defence"] == 2 + 2
    assert attacks(state)[0]["damage"] == 0  # 3 + 1 − 4


def test_power_cannot_be_played_alone() -> None:
    """homm3.md §5.9, §5.11, rulebook p. 13–14; statistics.yaml Power: it only adds power to a
    spell being cast, so it is never played on its own."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["power"], expert_uses=1),
    )
    assert not offered(state, "play")
    refuse(state, "play", card="power", use="basic")
    refuse(state, "play", card="power", use="expert")


# --------------------------------------------------------------------------- spells


def magic_arrow_at(power_cards: int) -> Any:
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", *["power"] * power_cards]),
    )
    return cast(state, "magic-arrow", *["power"] * power_cards, unit="crusaders")


def test_magic_arrow_deals_one_two_three_by_power_ignoring_defence() -> None:
    """homm3.md §5.11, rulebook p. 14–15: Magic Arrow deals 1 damage, up to 3 with more power;
    spell damage ignores Defense (spells.yaml: 1/2/3 at power 0/1/2; Crusaders Defence 2)."""
    for power, damage in ((0, 1), (1, 2), (2, 3)):
        state = magic_arrow_at(power)
        assert last(state, "spell")["power"] == power
        assert unit_of(state, "crusaders").damage == damage, power


def test_discarded_spells_each_add_one_power() -> None:
    """homm3.md §5.11 and §8.27, rulebook p. 14: empower a spell by discarding other Spell cards
    (spells.yaml: every core spell's alternative effect is +1 power); they go to the discard
    pile and are not cast."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "haste", "slow"]),
    )
    cast(state, "magic-arrow", "haste", "slow", unit="crusaders")
    assert last(state, "spell")["power"] == 2
    assert unit_of(state, "crusaders").damage == 3
    assert sorted(hero(state, 0).discard) == ["haste", "magic-arrow", "slow"]
    assert [e["card"] for e in events(state, "casts")] == ["magic-arrow"]


def test_a_power_card_adds_power() -> None:
    """homm3.md §5.9, §5.11, rulebook p. 13–14; statistics.yaml Power: +1 power to the spell
    being cast."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "power"]),
    )
    cast(state, "magic-arrow", "power", unit="crusaders")
    assert unit_of(state, "crusaders").damage == 2
    assert "power" in hero(state, 0).discard


def test_one_spell_per_combat_round() -> None:
    """homm3.md §5.11, §5.18.7, rulebook p. 14, 31: a player casts at most one Spell card per
    combat round; a second cast is refused, and allowed again in the next round."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "magic-arrow"]),
    )
    cast(state, "magic-arrow", unit="crusaders")
    assert not casts(state)
    refuse(state, "cast", card="magic-arrow")
    end_activation(state)
    pass_windows(state)
    assert state.battle.round == 2 and active(state) == "griffins"
    assert casts(state) == {"magic-arrow"}
    cast(state, "magic-arrow", unit="crusaders")
    assert unit_of(state, "crusaders").damage == 2


def test_discarding_to_empower_does_not_use_up_the_spell_limit() -> None:
    """homm3.md §5.11 and §8.27: cards discarded to empower do not count as cast; the limit is
    reached by the one spell cast, not by the spells discarded."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "haste"]),
    )
    cast(state, "magic-arrow", "haste", unit="crusaders")
    assert state.battle.armies[0].spells_cast == 1


def test_knowledge_returns_the_spell_to_hand() -> None:
    """homm3.md §5.9; statistics.yaml Knowledge Basic: right after you cast a spell its card
    returns to your hand; the one-spell limit still holds this round."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "knowledge"]),
    )
    cast(state, "magic-arrow", unit="crusaders")
    assert ("knowledge", "basic") in plays(state)
    act(state, "play", card="knowledge", use="basic")
    assert hero(state, 0).hand == ["magic-arrow"]
    assert hero(state, 0).discard == ["knowledge"]
    refuse(state, "cast", card="magic-arrow")


def test_knowledge_is_played_only_right_after_a_cast() -> None:
    """statistics.yaml Knowledge: "right after you cast a spell": not before any cast."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "knowledge"]),
    )
    assert not any(card == "knowledge" for card, _ in plays(state))
    refuse(state, "play", card="knowledge", use="basic")


def test_knowledge_expert_allows_one_more_spell_this_round() -> None:
    """homm3.md §5.9, §5.18.7; statistics.yaml Knowledge Expert: as Basic, and you may cast one
    more spell this combat round."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "magic-arrow", "knowledge"], expert_uses=1),
    )
    cast(state, "magic-arrow", unit="crusaders")  # not empowered
    assert not casts(state)
    act(state, "play", card="knowledge", use="expert")
    assert sorted(hero(state, 0).hand) == ["magic-arrow", "magic-arrow"]
    assert casts(state) == {"magic-arrow"}
    cast(state, "magic-arrow", unit="crusaders")
    assert unit_of(state, "crusaders").damage == 2
    refuse(state, "cast", card="magic-arrow")  # two this round, no more


def test_activation_spells_only_in_your_own_units_activation() -> None:
    """homm3.md §5.8 effect types and §5.18.7, rulebook p. 13, 31: Activation cards only
    during the activation of the unit concerned; at the window of an enemy activation an
    Instant spell (Stone Skin) is offered, an Activation spell (Magic Arrow) is not."""
    state = fight(
        [done("griffins:pack@b2")],
        ["crusaders@d4"],
        attacker_hero=hero_a(hand=["magic-arrow", "stone-skin"]),
    )
    assert active(state) == "crusaders" and state.current_player() == 0
    assert casts(state) == {"stone-skin"}
    refuse(state, "cast", card="magic-arrow")


def test_activation_spells_only_before_the_unit_attacks() -> None:
    """homm3.md §5.18.6 step 3 and §5.18.7, rulebook p. 31: Activation cards must be played
    before the unit attacks (a ranged unit that has shot may still move, but casts nothing)."""
    state = fight(
        ["marksmen@b2"], [done("crusaders@c4")], attacker_hero=hero_a(hand=["magic-arrow"])
    )
    assert casts(state) == {"magic-arrow"}
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert active(state) == "marksmen" and "move" in kinds(state)
    assert not casts(state)
    refuse(state, "cast", card="magic-arrow")


def test_spell_immunity_pack_black_dragons_cannot_be_targeted() -> None:
    """homm3.md §5.15 and units.yaml Black Dragons (Pack): spell-immunity, no spell targets
    them."""
    state = fight(
        ["griffins:pack@b2"],
        [done("black-dragons:pack@d4"), done("crusaders@c4")],
        attacker_hero=hero_a(hand=["magic-arrow"]),
    )
    cast(state, "magic-arrow")
    assert "black-dragons" not in spell_targets(state)
    assert "crusaders" in spell_targets(state)
    refuse(state, "target", unit="black-dragons")


def test_spell_resistance_few_black_dragons_take_two_less() -> None:
    """units.yaml Black Dragons (Few): spell-resistance 2, spell damage to them is 2 lower:
    Magic Arrow at power 2 (3 damage) deals 1."""
    state = fight(
        ["griffins:pack@b2"],
        [done("black-dragons@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "power", "power"]),
    )
    cast(state, "magic-arrow", "power", "power", unit="black-dragons")
    assert unit_of(state, "black-dragons").damage == 1


def test_blind_tier_limit_rises_with_power() -> None:
    """spells.yaml Blind: a Paralysis token on a Bronze unit; Silver too at power 1, Gold too at
    power 2 (the tiers are cumulative)."""
    units = [done("skeletons@a4"), done("vampires@b4"), done("dread-knights@c4")]
    reach = {}
    for power in (0, 1, 2):
        state = fight(
            ["griffins:pack@b2"],
            units,
            attacker_hero=hero_a(hand=["blind", *["power"] * power]),
        )
        cast(state, "blind", *["power"] * power)
        reach[power] = spell_targets(state)
    assert reach[0] == {"griffins", "skeletons"}
    assert reach[1] == {"griffins", "skeletons", "vampires"}
    assert reach[2] == {"griffins", "skeletons", "vampires", "dread-knights"}


def test_blind_paralyses_its_target() -> None:
    """spells.yaml Blind and homm3.md §5.18.5 Paralysis, rulebook p. 30: the paralysed unit
    skips its next activation."""
    state = fight(
        ["griffins:pack@b2", done("marksmen@a1")],
        ["skeletons@a4"],
        attacker_hero=hero_a(hand=["blind"]),
    )
    cast(state, "blind", unit="skeletons")
    assert unit_of(state, "skeletons").paralysed
    end_activation(state)
    assert state.battle.round == 2, "the paralysed Skeletons skipped their activation"


def test_stone_skin_adds_defence_against_the_next_attack() -> None:
    """spells.yaml Stone Skin (Instant): a unit gets +1 Defense against its next incoming
    attack (power 0); cast in the window at the start of an enemy activation."""
    state = fight(
        [done("crusaders@b2")],
        ["griffins:pack@b3"],
        attacker_hero=hero_a(hand=["stone-skin"]),
    )
    assert state.current_player() == 0
    cast(state, "stone-skin", unit="crusaders")
    pass_windows(state)
    act(state, "attack", seat=1, target="crusaders")
    roll(state, 0)
    assert attacks(state)[0]["defence"] == 2 + 1


def test_curse_lowers_the_targets_defence() -> None:
    """spells.yaml Curse: a unit gets −1 Defense against its next incoming attack (−2 at power
    1), never below 0."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["curse", "power"]),
    )
    cast(state, "curse", "power", unit="crusaders")
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert attacks(state)[0]["defence"] == 2 - 2


def test_bless_attacks_without_the_die() -> None:
    """spells.yaml Bless: a ground or flying unit makes its next attack without rolling the
    Attack die, with +1 Attack at power 1."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["bless", "power"]),
    )
    cast(state, "bless", "power", unit="griffins")
    act(state, "attack", target="crusaders")
    pass_windows(state)
    assert attacks(state), "no die was rolled for the blessed attack"
    hit = attacks(state)[0]
    assert hit["dice"] == [] and hit["attack"] == 3 + 1


def test_haste_raises_initiative_for_the_combat() -> None:
    """spells.yaml Haste (Ongoing): a unit gets +1 Initiative until the combat ends: the Few
    Zombies (3) tie the Few Skeletons (4) and, as the attacker's, go first (§5.18.6 step 1)."""
    state = fight(
        ["griffins@a1", done("zombies@b1")],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["haste"]),
    )
    cast(state, "haste", unit="zombies")
    end_activation(state)
    assert order_of_round(state) == ["griffins", "zombies", "skeletons"]
    assert order_of_round(state) == ["griffins", "zombies", "skeletons"]


def test_without_haste_the_skeletons_go_first() -> None:
    """homm3.md §5.18.6 step 1: the control case of the Haste test (Skeletons 4 > Zombies 3)."""
    state = fight(["griffins@a1", done("zombies@b1")], [done("skeletons@d5")])
    end_activation(state)
    assert order_of_round(state) == ["griffins", "skeletons", "zombies"]


def test_slow_lowers_initiative() -> None:
    """spells.yaml Slow (Ongoing): a unit gets −1 Initiative until the combat ends: the Few
    Skeletons (4) fall to the Zombies' 3 and the attacker's Zombies go first."""
    state = fight(
        ["griffins@a1", done("zombies@b1")],
        [done("skeletons@d5")],
        attacker_hero=hero_a(hand=["slow"]),
    )
    cast(state, "slow", unit="skeletons")
    end_activation(state)
    assert order_of_round(state) == ["griffins", "zombies", "skeletons"]


def test_ongoing_spells_are_cast_only_in_your_units_activation() -> None:
    """homm3.md §5.18.7, rulebook p. 31: Ongoing cards only during the activation of the unit
    concerned (Haste is not offered at the window of an enemy activation)."""
    state = fight(
        [done("griffins@a1")],
        ["skeletons@d5"],
        attacker_hero=hero_a(hand=["haste", "stone-skin"]),
    )
    assert active(state) == "skeletons" and state.current_player() == 0
    assert casts(state) == {"stone-skin"}
    refuse(state, "cast", card="haste")


def test_fireball_hits_both_fields_friends_too() -> None:
    """spells.yaml Fireball: 1 damage to every unit on two adjacent fields, your own too; a unit
    elsewhere is not hit."""
    state = fight(
        ["griffins:pack@b2", done("marksmen@a1")],
        [done("crusaders@b3"), done("skeletons@d5")],
        attacker_hero=hero_a(hand=["fireball"]),
    )
    cast(state, "fireball", fields="b2 b3")
    assert damage_events(state, "spell") == {"griffins": 1, "crusaders": 1}
    assert unit_of(state, "skeletons").damage == 0 and unit_of(state, "marksmen").damage == 0


def test_fireball_needs_two_adjacent_fields() -> None:
    """spells.yaml Fireball: the two fields are adjacent."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b4")],
        attacker_hero=hero_a(hand=["fireball"]),
    )
    act(state, "cast", card="fireball")
    refuse(state, "target", fields="b2 b4")


def test_chain_lightning_hits_the_target_then_the_nearest_units() -> None:
    """spells.yaml Chain Lightning: damage to a unit, then the unit nearest to it, then the next
    nearest (either side): 2/1/1 at power 2."""
    state = fight(
        ["griffins:pack@a1"],
        [done("crusaders@c4"), done("vampires@c5"), done("skeletons@a4")],
        attacker_hero=hero_a(hand=["chain-lightning", "power", "power"]),
    )
    cast(state, "chain-lightning", "power", "power", unit="crusaders")
    assert damage_events(state, "spell") == {"crusaders": 2, "vampires": 1, "skeletons": 1}
    assert unit_of(state, "griffins").damage == 0


def test_chain_lightning_strikes_nearer_units_first() -> None:
    """spells.yaml Chain Lightning at power 4: 3 to the target, 2 to the unit nearest to it, 1
    to the next nearest; units farther away (listed first) are not struck."""
    state = fight(
        ["griffins:pack@a1", done("marksmen@b1")],
        [done("crusaders@c4"), done("vampires@c5"), done("skeletons@a4")],
        attacker_hero=hero_a(hand=["chain-lightning", *["power"] * 4]),
    )
    cast(state, "chain-lightning", *["power"] * 4, unit="crusaders")
    assert damage_events(state, "spell") == {"crusaders": 3, "vampires": 2, "skeletons": 1}


def test_teleport_moves_a_unit_to_an_empty_field() -> None:
    """spells.yaml Teleport: move your Bronze unit to any empty field (not an occupied one)."""
    state = fight(
        ["griffins:pack@a1", done("marksmen@b1")],
        [done("crusaders@d5")],
        attacker_hero=hero_a(hand=["teleport"]),
    )
    cast(state, "teleport", unit="marksmen")
    refuse(state, "teleport", to="d5")
    refuse(state, "teleport", to="a1")
    act(state, "teleport", to="c4")
    assert field_of(state, "marksmen") == "c4"


def test_anti_magic_protects_from_later_spells() -> None:
    """spells.yaml Anti-Magic (Ongoing): until the combat ends no spell may target the Bronze
    unit (power 0); the enemy's Magic Arrow cannot target it."""
    state = fight(
        ["griffins@a2", done("marksmen@a1")],
        ["skeletons@d4"],
        attacker_hero=hero_a(hand=["anti-magic"]),
        defender_hero=hero_d(hand=["magic-arrow"]),
    )
    cast(state, "anti-magic", unit="griffins")
    end_activation(state)
    assert active(state) == "skeletons"
    act(state, "cast", seat=1, card="magic-arrow")
    assert spell_targets(state) == {"marksmen", "skeletons"}
    refuse(state, "target", seat=1, unit="griffins")


def test_fire_shield_damages_an_adjacent_attacker() -> None:
    """spells.yaml Fire Shield (Ongoing): this combat round each adjacent unit that attacks the
    unit takes 1 damage (power 0)."""
    state = fight(
        ["crusaders@b2"],
        ["skeletons@b3"],
        attacker_hero=hero_a(hand=["fire-shield"]),
    )
    cast(state, "fire-shield", unit="crusaders")
    end_activation(state)
    assert active(state) == "skeletons"
    act(state, "attack", seat=1, target="crusaders")
    roll(state, 0)
    assert damage_events(state, "fire-shield") == {"skeletons": 1}


def test_spell_damage_ignores_a_defense_token() -> None:
    """homm3.md §5.11, rulebook p. 14: spell damage ignores Defense (a unit holding a Defense
    token takes the full Magic Arrow)."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4", defending=True)],
        attacker_hero=hero_a(hand=["magic-arrow"]),
    )
    cast(state, "magic-arrow", unit="crusaders")
    assert unit_of(state, "crusaders").damage == 1


def test_curse_never_lowers_defence_below_zero() -> None:
    """spells.yaml Curse: "never below 0": Few Skeletons (Defence 1) cursed at power 1 (−2)
    defend with 0."""
    state = fight(
        ["griffins:pack@b2"],
        [done("skeletons@b3")],
        attacker_hero=hero_a(hand=["curse", "power"]),
    )
    cast(state, "curse", "power", unit="skeletons")
    act(state, "attack", target="skeletons")
    roll(state, -1)
    hit = attacks(state)[0]
    assert (hit["defence"], hit["damage"]) == (0, 2)


def test_anti_magic_makes_area_spells_miss() -> None:
    """spells.yaml Anti-Magic: area spells miss the protected unit (a Fireball on its field and
    the next one hits only the other unit)."""
    state = fight(
        ["griffins@a2", done("marksmen@a1")],
        ["skeletons@a3"],
        attacker_hero=hero_a(hand=["anti-magic"]),
        defender_hero=hero_d(hand=["fireball"]),
    )
    cast(state, "anti-magic", unit="griffins")
    end_activation(state)
    assert active(state) == "skeletons"
    act(state, "cast", seat=1, card="fireball")
    act(state, "target", seat=1, fields="a1 a2")
    assert damage_events(state, "spell") == {"marksmen": 1}


def test_expert_uses_do_not_come_back_in_the_next_combat_round() -> None:
    """homm3.md §5.9 and §8.12, rulebook p. 13: Expert uses are per (game) round and reset at
    its start, not at the start of a combat round."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["attack", "attack"], expert_uses=1),
    )
    act(state, "play", card="attack", use="expert", unit="griffins")
    end_activation(state)
    pass_windows(state)
    assert state.battle.round == 2 and active(state) == "griffins"
    assert plays(state) == {("attack", "basic")}


def test_an_expert_spell_spends_no_expert_use() -> None:
    """homm3.md §8.28 and §9.10: Basic/Expert is a property of the spell card; casting an Expert
    spell (Fireball) does not consume an Expert use (the default reading)."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b4"), done("skeletons@c4")],
        attacker_hero=hero_a(level=1, hand=["fireball"], expert_uses=0),
    )
    assert casts(state) == {"fireball"}
    cast(state, "fireball", fields="b4 c4")
    assert damage_events(state, "spell") == {"crusaders": 1, "skeletons": 1}
    assert hero(state, 0).expert_uses == 0


def test_a_specialty_card_does_not_count_towards_the_spell_limit() -> None:
    """homm3.md §5.10 and §8.26, rulebook p. 11: Specialty cards do not count towards the
    one-spell-a-round limit (Catherine's Crusaders (I) after a Magic Arrow)."""
    state = fight(
        ["crusaders@b2"],
        [done("skeletons@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "catherine-1"]),
    )
    cast(state, "magic-arrow", unit="skeletons")
    assert ("catherine-1", "basic") in plays(state)
    act(state, "play", card="catherine-1", use="basic", unit="crusaders", pick=0)
    assert state.battle.armies[0].spells_cast == 1


def test_power_card_expert_gives_two_power() -> None:
    """homm3.md §5.9, rulebook p. 13; statistics.yaml Power Expert: the spell being cast gets
    +2 power, spending an Expert use: one Power card and one Expert use bring Magic Arrow to
    power 2 (3 damage). Any way the engine offers to use the Expert effect will do."""
    state = fight(
        ["griffins:pack@b2"],
        [done("dread-knights@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "power"], expert_uses=1),
    )
    found = reachable(
        state,
        lambda s: unit_of(s, "dread-knights").damage == 3,
        {"cast", "empower", "done", "target", "play"},
        depth=5,
    )
    assert found, "no way to empower Magic Arrow with the Power card's Expert effect"


def test_sorcery_empowers_and_draws_a_card() -> None:
    """homm3.md §5.9 (Ability cards empower spells) and abilities.yaml Sorcery Basic: the
    spell being cast gets +1 power; draw 1 card."""
    state = fight(
        ["griffins:pack@b2"],
        [done("dread-knights@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "sorcery"], deck=["attack"]),
    )
    cast(state, "magic-arrow", "sorcery", unit="dread-knights")
    assert unit_of(state, "dread-knights").damage == 2
    assert hero(state, 0).hand == ["attack"], "Sorcery's draw"


def test_an_artifacts_power_option_with_a_cost_needs_the_cost_paid() -> None:
    """homm3.md §5.11 and artifacts.yaml Titan's Cuirass: option 1 is "discard 1 card: +4
    power", option 2 "+2 power". With no other card to discard only option 2 can empower:
    Chain Lightning reaches power 2 (2/1/1), not power 4 (3/2/1)."""
    state = fight(
        ["griffins:pack@a1"],
        [done("crusaders@c4"), done("vampires@c5"), done("skeletons@a4")],
        attacker_hero=hero_a(hand=["chain-lightning", "titans-cuirass"]),
    )
    cast(state, "chain-lightning", "titans-cuirass", unit="crusaders")
    assert last(state, "spell")["power"] == 2
    assert damage_events(state, "spell") == {"crusaders": 2, "vampires": 1, "skeletons": 1}


def test_an_artifact_with_a_power_option_empowers_a_spell() -> None:
    """homm3.md §5.9 and §5.11, rulebook p. 13–14: Artifact cards can empower spells
    (artifacts.yaml Breastplate of Petrified Wood option 2: +1 power); it is discarded."""
    state = fight(
        ["griffins:pack@b2"],
        [done("dread-knights@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "breastplate-of-petrified-wood"]),
    )
    cast(state, "magic-arrow", "breastplate-of-petrified-wood", unit="dread-knights")
    assert unit_of(state, "dread-knights").damage == 2
    assert "breastplate-of-petrified-wood" in hero(state, 0).discard


def test_excess_power_does_not_carry_over() -> None:
    """homm3.md §5.11, rulebook p. 14: excess power does not carry over to later spells: Magic
    Arrow at power 3 deals 3; next round's Magic Arrow, not empowered, deals 1."""
    state = fight(
        ["griffins:pack@b2"],
        [done("dread-knights@d4")],
        attacker_hero=hero_a(hand=["magic-arrow", "magic-arrow", "power", "power", "power"]),
    )
    cast(state, "magic-arrow", "power", "power", "power", unit="dread-knights")
    assert unit_of(state, "dread-knights").damage == 3
    assert hero(state, 0).hand == ["magic-arrow"]
    end_activation(state)
    pass_windows(state)
    assert state.battle.round == 2 and active(state) == "griffins"
    cast(state, "magic-arrow", unit="dread-knights")
    assert unit_of(state, "dread-knights").damage == 4


# --------------------------------------------------------------------------- §9.12 golden tests


def test_golden_magic_arrow_power_two_kills_rogues() -> None:
    """homm3.md §5.11 and §9.12 example 1, rulebook p. 14: Magic Arrow empowered with a Power
    card and a discarded Haste (power 2) deals 3 damage and kills Rogues (neutral, HP 3)."""
    state = fight(
        ["griffins:pack@b2"],
        [done("rogues@b4")],
        defender_kind="neutral",
        attacker_hero=hero_a(hand=["magic-arrow", "power", "haste"]),
    )
    cast(state, "magic-arrow", "power", "haste", unit="rogues")
    assert last(state, "spell")["power"] == 2
    assert unit_of(state, "rogues").destroyed
    assert finished(state)


def test_golden_alamar_magic_arrow_then_harpies_flip_zombies() -> None:
    """homm3.md §5.11 and §9.12 example 2, rulebook p. 14: Alamar's Magic Arrow with power +1
    deals 2 (ignoring Defence 1) to Pack Zombies; Pack Harpies then attack with a +1 roll:
    3 + 1 − (1 + 1) = 2 damage (Zombies: +1 Defence on a 0 or +1), flipping the Pack Zombies
    (HP 3) to Few with 1 damage."""
    alamar = {"name": "Alamar", "faction": "dungeon", "level": 2, "mp": 2, "gold": 6}
    state = fight(
        ["harpies:pack@b2"],
        [done("zombies:pack@b3")],
        attacker_hero={**alamar, "hand": ["magic-arrow", "power"]},
    )
    cast(state, "magic-arrow", "power", unit="zombies")
    assert unit_of(state, "zombies").damage == 2
    act(state, "attack", target="zombies")
    roll(state, 1)
    hit = attacks(state)[0]
    assert (hit["attack"], hit["defence"], hit["damage"]) == (4, 2, 2)
    zombies = unit_of(state, "zombies")
    assert (zombies.face, zombies.damage, zombies.destroyed) == ("few", 1, False)


def test_golden_griffins_against_dread_knights_with_defense_and_ogres_club() -> None:
    """homm3.md §5.9, §5.12 and §9.12 example 3, rulebook p. 13–14: Pack Griffins (Attack 3, +1
    on the die) against Few Dread Knights (Defence 2) with an Expert Defense card (+2) deal 0;
    the Dread Knights retaliate with Ogre's Club of Havoc (discard a card: +2 Attack), Attack
    5 + 2 = 7 with a 0 roll, flipping the Pack Griffins (HP 4) to Few with 1 HP left."""
    state = fight(
        ["griffins:pack@b2"],
        [done("dread-knights@b3")],
        defender_hero=hero_d(hand=["defence", "ogres-club-of-havoc", "magic-arrow"], expert_uses=1),
    )
    act(state, "pass", seat=1)  # the window at the start of the Griffins' activation
    act(state, "attack", target="dread-knights")
    act(state, "play", seat=1, card="defence", use="expert", unit="dread-knights")
    pass_windows(state)
    roll(state, 1)
    first = attacks(state)[0]
    assert (first["attack"], first["defence"], first["damage"]) == (4, 4, 0)
    # the retaliation: the window before its roll, the Dread Knights' player first
    assert state.current_player() == 1
    act(state, "play", seat=1, card="ogres-club-of-havoc", use="option-1", unit="dread-knights")
    act(state, "discard", seat=1, item="magic-arrow")
    pass_windows(state)
    roll(state, 0)
    back = attacks(state)[1]
    assert back["kind"] == "retaliation"
    assert (back["attack"], back["defence"], back["damage"]) == (7, 0, 7)
    griffins = unit_of(state, "griffins")
    assert (griffins.face, griffins.damage) == ("few", 3)  # HP 4: 1 left
    assert sorted(hero(state, 1).discard) == ["defence", "magic-arrow", "ogres-club-of-havoc"]


# --------------------------------------------------------------------------- artifacts


def test_a_discard_cost_is_paid_first() -> None:
    """homm3.md §5.12, rulebook p. 14 (Ogre's Club of Havoc: discard a card to give +2 Attack;
    artifacts.yaml option 1): the cost is paid (a card picked and discarded) before the
    effect applies."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["ogres-club-of-havoc", "haste", "slow"]),
    )
    act(state, "play", card="ogres-club-of-havoc", use="option-1", unit="griffins")
    assert isinstance(state.flow.steps[-1], PayStep)
    assert not state.battle.lasting, "the effect waits for the cost"
    assert {str(a.get("item")) for a in offered(state, "discard")} == {"haste", "slow"}
    act(state, "discard", item="slow")
    assert hero(state, 0).hand == ["haste"]
    assert sorted(hero(state, 0).discard) == ["ogres-club-of-havoc", "slow"]
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 3 + 2


def test_a_discard_cost_needs_a_card_to_discard() -> None:
    """artifacts.yaml Ogre's Club of Havoc option 1 (discard 1 card): not playable with no other
    card in hand; option 2 (+1 Attack, no cost) is."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["ogres-club-of-havoc"]),
    )
    assert plays(state) == {("ogres-club-of-havoc", "option-2")}
    refuse(state, "play", card="ogres-club-of-havoc", use="option-1", unit="griffins")


def test_discard_any_gives_x_for_x_cards() -> None:
    """artifacts.yaml Sword of Judgement option 1: discard X cards (at least 1), one of your
    units gets +X Attack for its next attack."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["sword-of-judgement", "haste", "slow", "curse"]),
    )
    act(state, "play", card="sword-of-judgement", use="option-1", unit="griffins")
    refuse(state, "done")  # at least 1
    act(state, "discard", item="curse")
    act(state, "discard", item="haste")
    act(state, "done")
    assert hero(state, 0).hand == ["slow"]
    act(state, "attack", target="crusaders")
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 3 + 2


def test_a_remove_cost_takes_the_card_out_of_the_game() -> None:
    """homm3.md §5.8 Remove, rulebook p. 13; artifacts.yaml Endless Bag of Gold option 2 (remove
    it: 6 Gold): the card goes back to the box, not to the discard pile; the combat result
    lists it as removed."""
    state = fight(
        ["griffins:pack@b2"],
        [done("rogues@b3", damage=2)],
        defender_kind="neutral",
        attacker_hero=hero_a(hand=["endless-bag-of-gold"]),
    )
    act(state, "play", card="endless-bag-of-gold", use="option-2")
    assert hero(state, 0).gold == 12 + 6
    assert hero(state, 0).discard == [] and hero(state, 0).hand == []
    act(state, "attack", target="rogues")
    roll(state, 0)
    assert finished(state)
    mine = side_result(state, "attacker")
    assert mine["removed"] == ["endless-bag-of-gold"]
    assert "endless-bag-of-gold" not in mine["discarded"]


def test_centaurs_axe_multiplies_a_die_only_after_the_roll() -> None:
    """artifacts.yaml Centaur's Axe option 1: right after an Attack die is rolled, multiply its
    result by 3 (not before the roll)."""
    state = fight(
        ["griffins:pack@b2"],
        [done("dread-knights@b3")],
        attacker_hero=hero_a(hand=["centaurs-axe"]),
    )
    assert ("centaurs-axe", "option-1") not in plays(state)
    act(state, "attack", target="dread-knights")
    assert ("centaurs-axe", "option-1") not in plays(state)
    act(state, "pass")  # Option 2 (+1 Attack) is open before the roll
    roll(state, 1)
    assert in_window(state) and state.current_player() == 0
    assert ("centaurs-axe", "option-1") in plays(state)
    act(state, "play", card="centaurs-axe", use="option-1", die=0)
    pass_windows(state)
    hit = attacks(state)[0]
    assert hit["die"] == 3 and hit["attack"] == 3 + 3


def test_centaurs_axe_is_not_played_after_the_damage() -> None:
    """artifacts.yaml Centaur's Axe option 1 ("right after an Attack die is rolled") and
    homm3.md §5.18.7: not in the windows before a roll or after an attack's resolution, only
    between the dice and the damage."""
    state = fight(
        ["griffins:pack@b2"],
        [done("dread-knights@b3")],
        attacker_hero=hero_a(hand=["centaurs-axe", "attack"]),
    )
    seen: list[tuple[str, bool]] = []
    act(state, "attack", target="dread-knights")
    while not finished(state) and active(state) == "griffins":
        if at_chance(state):
            roll(state, 0)
            continue
        assert in_window(state)
        kind = "reroll" if isinstance(state.flow.steps[-1], RerollWindow) else "instant"
        seen.append((kind, ("centaurs-axe", "option-1") in plays(state)))
        act(state, "pass")
    assert ("instant", False) in seen and ("reroll", True) in seen
    assert ("instant", True) not in seen


def test_shield_of_the_dwarven_lords_ignores_the_die() -> None:
    """artifacts.yaml Shield of the Dwarven Lords option 1: right after an Attack die is rolled,
    ignore its result (the target's owner plays it against a +1)."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        defender_hero=hero_d(hand=["shield-of-the-dwarven-lords"]),
    )
    act(state, "pass", seat=1)
    act(state, "attack", target="crusaders")
    act(state, "pass", seat=1)
    roll(state, 1)
    assert state.current_player() == 1
    act(state, "play", seat=1, card="shield-of-the-dwarven-lords", use="option-1")
    pass_windows(state)
    hit = attacks(state)[0]
    assert hit["die"] == 0 and hit["attack"] == 3


# --------------------------------------------------------------------------- morale


def test_morale_draws_a_card() -> None:
    """homm3.md §5.17 (a), rulebook p. 10: discard the Positive Morale token to draw 1 card."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(morale=1, deck=["defence", "attack"]),
    )
    act(state, "morale-draw")
    assert hero(state, 0).hand == ["attack"]
    assert hero(state, 0).morale == 0
    assert not offered(state, "morale-draw")


def test_morale_cycles_cards() -> None:
    """homm3.md §5.17 (b), rulebook p. 10: discard any number of cards, then draw as many."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(morale=1, hand=["haste", "slow", "curse"], deck=["defence", "attack"]),
    )
    act(state, "morale-cycle")
    act(state, "cycle", item="curse")
    act(state, "cycle", item="haste")
    act(state, "done")
    h = hero(state, 0)
    assert sorted(h.hand) == ["attack", "defence", "slow"]
    assert sorted(h.discard) == ["curse", "haste"]
    assert h.morale == 0


def test_morale_rerolls_the_attack_die() -> None:
    """homm3.md §5.17 (c) and §8.50: a Positive Morale token rerolls a die, also between the
    roll and the damage; the new face counts and the token is spent."""
    state = fight(["griffins:pack@b2"], [done("crusaders@b3")], attacker_hero=hero_a(morale=1))
    act(state, "attack", target="crusaders")
    roll(state, -1)
    assert {str(a) for a in offered(state, "morale-reroll")} == {"morale-reroll die=0"}
    act(state, "morale-reroll", die=0)
    roll(state, 1)
    assert hero(state, 0).morale == 0
    assert attacks(state)[0]["die"] == 1 and attacks(state)[0]["attack"] == 4


def test_morale_rerolls_the_defence_die() -> None:
    """homm3.md §5.17 (c), §5.18.6 step 4 and §8.50: any die of the attack may be rerolled: the
    target's owner rerolls its Defense token die."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3", defending=True)],
        defender_hero={**HERO_A, "name": "Rion", "morale": 1},
    )
    act(state, "attack", target="crusaders")
    roll(state, 0, -1)  # the attack die, the Defense token die
    assert state.current_player() == 1
    act(state, "morale-reroll", seat=1, die=1)
    roll(state, 1)
    hit = attacks(state)[0]
    assert hit["defence_die"] == [1] and hit["defence"] == 2 + 1
    assert hero(state, 1).morale == 0


def test_morale_rerolls_the_enemy_attack_die() -> None:
    """homm3.md §5.17 (c) "reroll 1 die": the target's owner may reroll the attacker's die."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        defender_hero={**HERO_A, "name": "Rion", "morale": 1},
    )
    act(state, "attack", target="crusaders")
    roll(state, 1)
    assert state.current_player() == 1
    act(state, "morale-reroll", seat=1, die=0)
    roll(state, -1)
    assert attacks(state)[0]["attack"] == 3 - 1


def test_necropolis_never_uses_morale() -> None:
    """homm3.md §5.17, rulebook p. 10: Necropolis ignores all Morale effects: a Necropolis hero
    is offered no morale use."""
    state = fight(
        ["skeletons:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero={**HERO_D, "morale": 1, "deck": ["attack"], "hand": ["haste"]},
    )
    assert not {"morale-draw", "morale-cycle"} & kinds(state)
    refuse(state, "morale-draw")
    act(state, "attack", target="crusaders")
    roll(state, -1)
    assert attacks(state), "no reroll window stopped the attack: no morale reroll offered"


# --------------------------------------------------------------------------- window points


def test_no_instant_card_between_the_roll_and_the_damage() -> None:
    """homm3.md §5.18.7 and §8.50, rulebook p. 31: Instant cards any time before the attack roll
    or after its resolution, not between roll and resolution (only a reroll then)."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@b3")],
        attacker_hero=hero_a(hand=["attack"], morale=1),
    )
    act(state, "attack", target="crusaders")
    assert ("attack", "basic") in plays(state)  # before the roll
    act(state, "pass")
    roll(state, 0)
    assert isinstance(state.flow.steps[-1], RerollWindow) and state.current_player() == 0
    assert not plays(state)
    refuse(state, "play", card="attack", use="basic", unit="griffins")


def test_instant_cards_after_the_attack_is_resolved() -> None:
    """homm3.md §5.18.7, rulebook p. 31: Instant cards may be played after the attack has been
    resolved (the window after it: the target's owner plays Defense for the next attack)."""
    state = fight(
        ["marksmen@b2"],
        [done("crusaders@c4")],
        defender_hero=hero_d(hand=["defence"]),
    )
    act(state, "pass", seat=1)
    act(state, "attack", target="crusaders")
    act(state, "pass", seat=1)
    roll(state, 0)
    assert attacks(state) and in_window(state) and state.current_player() == 1
    act(state, "play", seat=1, card="defence", use="basic", unit="crusaders")
    assert hero(state, 1).discard == ["defence"]


def test_morale_draw_reshuffles_an_empty_deck() -> None:
    """homm3.md §5.8, rulebook p. 13: if you must draw and your deck is empty, shuffle your
    discard pile into a new deck."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(morale=1, deck=[], discard=["attack"]),
    )
    act(state, "morale-draw")
    assert hero(state, 0).hand == ["attack"] and hero(state, 0).discard == []


def test_leadership_gains_morale_and_cancels_a_negative_token() -> None:
    """homm3.md §5.17, rulebook p. 10; abilities.yaml Leadership Basic (gain morale): a
    Negative token is discarded instead of taking a Positive one; at most one Positive token."""
    for before, after in ((-1, 0), (0, 1), (1, 1)):
        state = fight(
            ["griffins:pack@b2"],
            [done("crusaders@d4")],
            attacker_hero=hero_a(morale=before, hand=["leadership"]),
        )
        act(state, "play", card="leadership", use="basic")
        assert hero(state, 0).morale == after, before


def test_necropolis_gains_no_morale() -> None:
    """homm3.md §5.17, rulebook p. 10: Necropolis ignores all Morale effects (Leadership gives a
    Necropolis hero no token)."""
    state = fight(
        ["skeletons:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero={**HERO_D, "hand": ["leadership"]},
    )
    act(state, "play", card="leadership", use="basic")
    assert hero(state, 0).morale == 0


# --------------------------------------------------------------------------- who plays cards


def test_faction_bound_ability_cards_only_for_their_faction(tmp_path: Path) -> None:
    """homm3.md §5.9, rulebook p. 13: only the bound faction may use a faction-bound Ability
    card (Offense bound to Necropolis in a test pack: Castle may not play it, Necropolis may)."""
    shipped = Path(board.__file__).parents[1] / "content"
    for other in shipped.glob("*.yaml"):
        (tmp_path / other.name).write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    text = (shipped / "abilities.yaml").read_text(encoding="utf-8")
    assert "- id: offense\n  name: Offense\n" in text
    (tmp_path / "abilities.yaml").write_text(
        text.replace(
            "- id: offense\n  name: Offense\n",
            "- id: offense\n  name: Offense\n  faction: necropolis\n",
        ),
        encoding="utf-8",
    )
    for leader, allowed in ((HERO_A, False), (HERO_D, True)):
        doc = battle(
            ["skeletons:pack@b2"],
            [done("crusaders@b3")],
            attacker_hero={**leader, "hand": ["offense"]},
        )
        state = start(doc, content=str(tmp_path))
        assert (("offense", "basic") in plays(state)) == allowed, leader["faction"]
        if not allowed:
            refuse(state, "play", card="offense", use="basic", unit="skeletons")


def test_a_secondary_hero_plays_no_cards() -> None:
    """homm3.md §5.18.7, rulebook p. 31: a Secondary Hero uses no cards (nor spells)."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_kind="secondary-hero",
        attacker_hero=hero_a(hand=["attack", "magic-arrow"], morale=1),
    )
    assert not {"play", "cast"} & kinds(state)
    refuse(state, "play", card="attack", use="basic", unit="griffins")
    refuse(state, "cast", card="magic-arrow")


def test_a_transported_army_plays_no_cards() -> None:
    """homm3.md §5.18.7 and §5.14.4, rulebook p. 31: a transported army uses no cards: its units
    are offered no card play, spell or morale use."""
    state = fight(
        ["griffins:pack@b2"],
        ["crusaders@d4"],
        defender_kind="army",
        site={"kind": "town", "owner": "necropolis"},
    )
    end_activation(state)
    assert active(state) == "crusaders"
    assert not {"play", "cast", "morale-draw", "morale-cycle"} & kinds(state)


# --------------------------------------------------------------------------- AI cards


def ai_battle(
    card: str,
    player: list[Any],
    ai: list[Any],
    difficulty: str = "normal",
    **side: Any,
) -> Any:
    """A solo battle against an AI hero whose AI deck has *card* on top (§5.24)."""
    doc = battle(
        player,
        ai,
        mode="solo",
        defender_kind="ai-hero",
        defender_hero={"name": "Sandro", "faction": "necropolis", "level": 2},
        difficulty=difficulty,
    )
    doc["defender"]["ai_deck"] = [card]
    doc["defender"].update(side)
    return start(doc)


def test_ai_attack_card_bonus_on_the_next_attack() -> None:
    """homm3.md §5.24.1 rule 1, rulebook p. 33; ai.yaml Attack (v2): when an AI unit activates
    the AI card is drawn; at Hard the activating unit gets +2 on its next attack."""
    state = ai_battle("ai-attack-v2", [done("crusaders@b2")], ["dread-knights@b3"], "hard")
    assert last(state, "ai-card")["card"] == "ai-attack-v2"
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 5 + 2
    assert state.battle.armies[1].ai_deck == []
    assert state.battle.armies[1].ai_discard == ["ai-attack-v2"]


def test_ai_attack_card_depends_on_difficulty() -> None:
    """ai.yaml Attack (v1): +0 at Easy, +2 at Impossible: the difficulty picks the line."""
    for difficulty, bonus in (("easy", 0), ("impossible", 2)):
        state = ai_battle("ai-attack-v1", [done("crusaders@b2")], ["dread-knights@b3"], difficulty)
        roll(state, 0)
        assert attacks(state)[0]["attack"] == 5 + bonus, difficulty


def test_ai_defense_card_protects_the_highest_hp_unit() -> None:
    """ai.yaml Defense (v1): at Normal the AI unit with the highest HP gets +1 Defense the next
    time it is attacked (Few Dread Knights, HP 7, not the Few Skeletons, HP 2)."""
    state = ai_battle(
        "ai-defense-v1",
        [done("griffins:pack@b2"), done("zealots@d1")],
        ["skeletons@a4", done("dread-knights@b3")],
    )
    assert last(state, "ai-card")["card"] == "ai-defense-v1"  # the Skeletons activate
    while active(state) != "griffins":  # the Skeletons' attack; round 2 begins
        assert not finished(state)
        if at_chance(state):
            roll(state, 0)
        else:
            pass_windows(state)
    act(state, "attack", target="dread-knights")
    roll(state, 0)
    hit = next(a for a in attacks(state) if a["target"] == "dread-knights")
    assert hit["defence"] == 2 + 1


def test_ai_cast_a_spell_hits_the_players_highest_defence_unit() -> None:
    """homm3.md §5.24, rulebook p. 33; ai.yaml Cast a spell (v1): at Normal cast the top AI
    Spell card with power 1: a harmful spell (Magic Arrow, 2 damage) on the player's unit with
    the highest Defence (Crusaders 2 over Griffins 0)."""
    state = ai_battle(
        "ai-cast-spell-v1",
        [done("griffins:pack@a1"), done("crusaders@d1")],
        ["skeletons@b5"],
        ai_spells=["haste", "magic-arrow"],
    )
    assert last(state, "ai-casts") == {"side": 1, "card": "magic-arrow", "power": 1}
    assert unit_of(state, "crusaders").damage == 2
    assert unit_of(state, "griffins").damage == 0
    assert state.battle.armies[1].ai_spells == ["haste"]


def test_ai_use_a_skill_uses_the_scenarios_ability() -> None:
    """homm3.md §5.24, rulebook p. 33; ai.yaml Use a skill (v1): use the Ability card the
    scenario names (Offense: +1 Attack for the activating unit's next attack)."""
    state = ai_battle(
        "ai-use-skill-v1",
        [done("crusaders@b2")],
        ["dread-knights@b3"],
        ai_skill="offense",
    )
    assert last(state, "ai-skill")["card"] == "offense"
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 5 + 1


def test_ai_use_a_skill_twice_at_hard() -> None:
    """ai.yaml Use a skill (v1): at Hard the AI uses its skill a second time (Offense twice:
    +2 Attack)."""
    state = ai_battle(
        "ai-use-skill-v1",
        [done("crusaders@b2")],
        ["dread-knights@b3"],
        "hard",
        ai_skill="offense",
    )
    roll(state, 0)
    assert attacks(state)[0]["attack"] == 5 + 2


def test_ai_use_a_skill_v2_goes_back_into_the_deck_in_round_one() -> None:
    """ai.yaml Use a skill (v2): at Normal, in the first combat round, the card is shuffled back
    into the AI deck instead of being discarded."""
    state = ai_battle(
        "ai-use-skill-v2",
        [done("crusaders@b2")],
        ["dread-knights@b3"],
        ai_skill="offense",
    )
    assert last(state, "ai-card")["card"] == "ai-use-skill-v2"
    assert state.battle.armies[1].ai_deck == ["ai-use-skill-v2"]
    assert state.battle.armies[1].ai_discard == []


def test_ai_cast_a_helpful_spell_on_its_highest_defence_unit() -> None:
    """ai.yaml Cast a spell (v1): a helpful spell goes on the AI's unit with the highest Defence
    (Stone Skin at power 1, +2 Defence, on the Few Dread Knights, Defence 2, not the Few
    Skeletons, Defence 1)."""
    state = ai_battle(
        "ai-cast-spell-v1",
        [done("griffins:pack@a1")],
        ["skeletons@b5", done("dread-knights@d5")],
        ai_spells=["stone-skin"],
    )
    assert last(state, "ai-casts")["card"] == "stone-skin"
    assert boost(state, unit_of(state, "dread-knights"), "defence") == 2
    assert boost(state, unit_of(state, "skeletons"), "defence") == 0


def test_ai_cards_are_drawn_only_for_an_ai_hero() -> None:
    """homm3.md §5.24.1 rule 1, rulebook p. 33: the AI card is drawn when, in a combat with an AI
    hero, one of its units activates; not when the player's unit activates."""
    state = ai_battle("ai-attack-v1", ["crusaders@b2"], [done("dread-knights@b4")])
    assert active(state) == "crusaders"
    assert not events(state, "ai-card")
    assert state.battle.armies[1].ai_deck == ["ai-attack-v1"]


# --------------------------------------------------------------------------- observation


def test_the_opponents_hand_is_hidden_and_decks_are_counts() -> None:
    """homm3.md §5.8 (a hand is private; the deck face down) and the observation rules of
    docs/homm3-combat.md: each seat sees its own hand, the opponent's hand as a count, and every
    deck as a count."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(hand=["attack", "power"], deck=["haste", "slow", "bless"]),
        defender_hero=hero_d(hand=["defence"], deck=["curse"]),
    )
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["attacker"]["hero"]["hand"] == ["attack", "power"]
    assert mine["defender"]["hero"]["hand"] == 1
    assert theirs["attacker"]["hero"]["hand"] == 2
    assert theirs["defender"]["hero"]["hand"] == ["defence"]
    for seen in (mine, theirs):
        assert seen["attacker"]["hero"]["deck"] == 3
        assert seen["defender"]["hero"]["deck"] == 1
    assert "haste" not in str(theirs) and "curse" not in str(mine)


def test_cards_drawn_are_hidden_from_the_opponent() -> None:
    """homm3.md §5.8 (the hand is private): the opponent's event log tells how many cards were
    drawn, never which."""
    state = fight(
        ["griffins:pack@b2"],
        [done("crusaders@d4")],
        attacker_hero=hero_a(morale=1, deck=["bless"]),
    )
    act(state, "morale-draw")
    assert any("bless" in str(e.data) for e in state.events_for(0))
    assert not any("bless" in str(e.data) for e in state.events_for(1))


def test_the_ai_decks_are_hidden() -> None:
    """homm3.md §5.24, rulebook p. 33: the AI deck and the AI's Spell deck are decks like the
    others, face down: the player sees how many cards they hold, not which or in what order."""
    doc = battle(
        [done("crusaders@b2")],
        ["dread-knights@b4"],
        mode="solo",
        defender_kind="ai-hero",
        defender_hero={"name": "Sandro", "faction": "necropolis", "level": 2},
    )
    doc["defender"]["ai_deck"] = ["ai-defense-v1", "ai-attack-v2"]
    doc["defender"]["ai_spells"] = ["haste", "magic-arrow"]
    seen = start(doc).observation(0)
    # The Dread Knights activated: the top card (ai-attack-v2) was drawn, revealed, discarded.
    assert seen["defender"]["ai_deck"] == 1 and seen["defender"]["ai_spells"] == 2
    assert seen["defender"]["ai_discard"] == ["ai-attack-v2"]
    assert "ai-defense-v1" not in str(seen)
    assert "magic-arrow" not in str(seen)
