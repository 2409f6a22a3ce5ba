"""Guards on the limits, the endings and the combat result of a HoMM3 battle (issue 20 §4: rules
a plausible one-line slip broke with no test failing). Each test cites its rule in
/work/shared/rules/homm3.md or docs/homm3-combat.md.

- Limits and endings (§5.18.2, §5.20, §9.1, §9.5): the one-round limit is lifted by one Azure
  unit among the neutrals; only the hero facing Bronze–Gold neutrals may retreat; a hero never
  pays more gold than it has.
- The combat result the map game applies (games/homm3/combat/result.py; §5.17, §5.19, §5.20,
  §8.52): an Azure win takes the hero to Level VII counting the Exp it holds; Quick Combat gives
  no Exp; a unit that started on its Few side is not reported as flipped; a defeated Necropolis
  hero takes no Negative Morale; a hero beaten by neutrals goes back to the field it came from.

Battles start mid-fight with the units placed (tests/games/homm3/homm3_helpers.py); units marked
``done`` wait for the next round.
"""

from __future__ import annotations

from typing import Any

import pytest
from homm3_helpers import (
    act,
    active,
    battle,
    done,
    fight,
    finished,
    kinds,
    refuse,
    result,
    roll_all,
    side_result,
    start,
)

from rulekeeper.core import Action

CATHERINE = {"name": "Catherine", "faction": "castle", "level": 2, "mp": 2, "gold": 12}
ANY_TIME = {"retreat": "any-time"}
"""§9.1's option: a hero may flee at any moment (the seed's text), where fleeing is allowed."""


def against_neutrals(level: int, difficulty: int, defender: list[Any], **kwargs: Any) -> Any:
    """Solo: Catherine (Level *level*, 1 Exp held unless told) against neutral units on a field
    of *difficulty*."""
    hero = {"name": "Catherine", "level": level, "mp": 2, "gold": 12}
    hero.update(kwargs.pop("hero", {}))
    return start(
        battle(
            kwargs.pop("attacker", ["archangels:pack@b2"]),
            defender,
            defender_kind="neutral",
            mode="solo",
            attacker_hero=hero,
            site={"kind": "field", "difficulty": difficulty},
            **kwargs,
        )
    )


def strike(state: Any, target: str) -> Any:
    """The active unit attacks *target*, every die rolling 0."""
    act(state, "attack", target=target)
    return roll_all(state, 0)


# --------------------------------------------------------------------------- limits and endings


def test_one_azure_unit_lifts_the_round_limit_homm3_5_18_2() -> None:
    """homm3.md §5.18.2: the 1-round limit is for Bronze–Gold neutrals only; a neutral army
    holding an Azure unit fights on with no limit, even beside a Bronze unit, and a hero with no
    MP does not flee at the round's end."""
    for defender in (
        ["azure-dragons@d5", "skeletons-neutral@d4"],
        ["skeletons-neutral@d4", "azure-dragons@d5"],
    ):
        state = fight(
            [done("halberdiers@a1")],
            [done(u) for u in defender],
            defender_kind="neutral",
            mode="solo",
            attacker_hero={"name": "Catherine", "level": 1, "mp": 0, "gold": 12},
        )
        assert not finished(state), defender
        assert state.battle.round == 2
        assert "retreat" not in kinds(state) and "extend" not in kinds(state)


def test_a_bronze_gold_neutral_army_keeps_its_round_limit_homm3_5_18_2() -> None:
    """homm3.md §5.18.2 (the control of the test above): Bronze and Gold neutrals together keep
    the 1-round limit; a hero with no MP flees at the round's end."""
    state = fight(
        [done("halberdiers@a1")],
        [done("skeletons-neutral@d4"), done("dread-knights-neutral@d5")],
        defender_kind="neutral",
        mode="solo",
        attacker_hero={"name": "Catherine", "level": 1, "mp": 0, "gold": 12},
    )
    assert result(state)["ending"] == "flee"


@pytest.mark.parametrize("kind", ["hero", "ai-hero", "secondary-hero", "army"])
def test_no_retreat_and_no_round_limit_against_anything_but_neutrals_homm3_9_1(kind: str) -> None:
    """homm3.md §9.1 and §5.18.2: only the hero facing Bronze–Gold neutrals retreats: never
    against a hero, an AI hero, a Secondary Hero or a transported army, even with the option
    retreat=any-time; and against them a round ends with no extension to pay."""
    site = {"kind": "town", "owner": "necropolis"} if kind == "army" else None
    state = fight(
        ["halberdiers@a1"],
        [done("skeletons@d5")],
        defender_kind=kind,
        options=ANY_TIME,
        **({"site": site} if site else {}),
    )
    assert active(state) == "halberdiers"
    assert "flee" not in kinds(state)
    refuse(state, "flee")
    act(state, "end")
    assert not finished(state) and state.battle.round == 2
    assert "retreat" not in kinds(state) and "extend" not in kinds(state)


def test_only_the_hero_flees_not_the_player_moving_the_neutrals_homm3_9_1() -> None:
    """homm3.md §9.1 and §5.20 Flee: in a Clash the player controlling the neutral units may not
    flee with them (only the hero facing Bronze–Gold neutrals retreats), while the hero may."""
    state = fight(
        [done("halberdiers@a1")],
        ["skeletons-neutral@d5"],
        defender_kind="neutral",
        options=ANY_TIME,
    )
    assert active(state) == "skeletons-neutral"
    assert "flee" not in kinds(state)
    refuse(state, "flee")
    hero_side = fight(
        ["halberdiers@a1"],
        [done("skeletons-neutral@d5")],
        defender_kind="neutral",
        options=ANY_TIME,
    )
    assert Action.of("flee") in hero_side.legal_actions()


def test_an_army_without_a_hero_does_not_flee_from_neutrals_homm3_9_1() -> None:
    """homm3.md §9.1 and §5.20 Flee: fleeing moves *the hero* back; an army led by no hero
    facing Bronze neutrals is offered no flight, even with retreat=any-time."""
    state = fight(
        ["halberdiers@a1"],
        [done("skeletons-neutral@d5")],
        attacker_kind="army",
        defender_kind="neutral",
        mode="solo",
        options=ANY_TIME,
    )
    assert active(state) == "halberdiers"
    assert "flee" not in kinds(state)
    refuse(state, "flee")


def test_a_surrendering_hero_pays_only_the_gold_it_has_homm3_9_5() -> None:
    """homm3.md §5.20 Surrender and §9.5 (10 Gold): a hero holding 4 Gold pays 4, never more;
    the enemy hero gains what was paid."""
    state = fight(
        ["halberdiers@a1"],
        [done("skeletons@d5")],
        attacker_hero={**CATHERINE, "gold": 4},
    )
    act(state, "surrender")
    loser = side_result(state, "attacker")
    assert result(state)["ending"] == "surrender" and loser["goes"] == "own-town"
    assert loser["gold_paid"] == 4
    assert state.battle.armies[0].hero.gold == 0
    assert state.battle.armies[1].hero.gold == 10 + 4


def test_a_defeated_main_hero_pays_only_the_gold_it_has_homm3_9_5() -> None:
    """homm3.md §5.20 and §9.5 (5 Gold for a Main Hero defeated by another player): a hero
    holding 3 Gold pays 3; the winner gains 3."""
    state = fight(
        [done("skeletons@b2")],
        ["dread-knights@b3"],
        attacker_hero={**CATHERINE, "gold": 3},
    )
    strike(state, "skeletons")
    loser = side_result(state, "attacker")
    assert result(state)["winner"] == "defender"
    assert loser["gold_paid"] == 3
    assert state.battle.armies[0].hero.gold == 0
    assert state.battle.armies[1].hero.gold == 10 + 3


@pytest.mark.parametrize("kind", ["secondary-hero", "army"])
def test_a_main_hero_beaten_by_any_other_players_army_pays_and_goes_home_homm3_5_20(
    kind: str,
) -> None:
    """homm3.md §5.20: a Main Hero "defeated by another player" pays 5 Gold, takes a Negative
    Morale and goes to a town of its own, whether the other player fought with a Secondary Hero
    or with an army transported to defend a town (it used to stay put and pay nothing)."""
    site = {"kind": "town", "owner": "necropolis"} if kind == "army" else None
    state = fight(
        [done("skeletons@b2")],
        ["dread-knights@b3"],
        defender_kind=kind,
        attacker_hero=CATHERINE,
        **({"site": site} if site else {}),
    )
    strike(state, "skeletons")
    loser = side_result(state, "attacker")
    assert result(state)["winner"] == "defender"
    assert loser["goes"] == "own-town"
    assert loser["gold_paid"] == 5
    assert loser["morale_change"] == -1


# --------------------------------------------------------------------------- the combat result


def test_an_azure_win_counts_the_experience_held_homm3_5_19_1() -> None:
    """homm3.md §5.19.1 rule 4 and §8.24 (1 Exp is ½ Level): a Level V hero holding 1 Exp that
    beats Azure neutrals goes to Level VII, which takes 3 Exp, not 4; it holds none after."""
    state = against_neutrals(5, 7, [done("azure-dragons@b3", damage=9)], hero={"experience": 1})
    strike(state, "azure-dragons")
    entry = side_result(state, "attacker")
    assert result(state)["winner"] == "attacker"
    assert (entry["level_before"], entry["level"], entry["experience"]) == (5, 7, 3)
    hero = state.battle.armies[0].hero
    assert (hero.level, hero.experience) == (7, 0)


def test_an_azure_unit_among_bronze_ones_still_gives_level_seven_homm3_5_19_1() -> None:
    """homm3.md §5.19.1 rule 4: defeating neutral units that include an Azure unit raises the
    hero to Level VII (a Level II hero on a Level II field would gain only 1 Exp otherwise)."""
    state = against_neutrals(
        2,
        2,
        [done("azure-dragons@b3", damage=9), done("peasants@c2")],
        attacker=["archangels:pack@b2", "dread-knights:pack@c1"],
    )
    while not finished(state):
        attacker = active(state)
        assert attacker is not None
        strike(state, "azure-dragons" if attacker == "archangels" else "peasants")
    entry = side_result(state, "attacker")
    assert result(state)["winner"] == "attacker"
    assert (entry["level"], entry["experience"]) == (7, 10)


def test_quick_combat_gives_no_experience_even_against_azure_units_homm3_5_19_2() -> None:
    """homm3.md §5.19.2 and docs/homm3-combat.md (*The combat result*): Quick Combat gives no
    Exp, whatever the neutral units were (here an Azure unit on a field whose effective
    difficulty, §8.35, is below the hero's Level)."""
    state = against_neutrals(3, 2, ["azure-dragons"], pending=None)
    outcome = result(state)
    assert outcome["ending"] == "quick-combat" and outcome["winner"] == "attacker"
    entry = side_result(state, "attacker")
    assert entry["experience"] == 0 and entry["level"] == entry["level_before"] == 3
    assert state.battle.armies[0].hero.level == 3


def test_a_unit_that_started_few_is_not_reported_flipped_homm3_5_20() -> None:
    """homm3.md §5.15, §5.20 and docs/homm3-combat.md (*The combat result*: ``flipped`` is a
    Pack unit that flipped to Few): a unit that began the battle on its Few side did not flip,
    nor did a Pack unit still on its Pack side; a Pack unit flipped to Few earlier in the battle
    did."""
    state = fight(
        [
            done("griffins:few@a1"),
            done("zombies:pack@a2"),
            done("halberdiers:few@a4", was_pack=True),
            "dread-knights:pack@b2",
        ],
        [done("skeletons@b3")],
    )
    strike(state, "skeletons")
    assert result(state)["winner"] == "attacker"
    surviving = side_result(state, "attacker")["surviving"]
    reported = {e["unit"]: (e["side"], e["flipped"]) for e in surviving}
    assert reported == {
        "griffins": ("few", False),
        "zombies": ("pack", False),
        "halberdiers": ("few", True),
        "dread-knights": ("pack", False),
    }


def test_a_defeated_necropolis_hero_takes_no_negative_morale_homm3_5_17() -> None:
    """homm3.md §5.17 (Necropolis ignores all Morale effects) with §5.20 (a Main Hero defeated
    by another player takes a Negative Morale): Sandro of Necropolis, defeated, pays the 5 Gold
    but his morale does not change."""
    state = fight(["dread-knights:pack@b2"], [done("skeletons@b3")])
    assert state.battle.armies[1].hero.faction == "necropolis"
    strike(state, "skeletons")
    loser = side_result(state, "defender")
    assert result(state)["winner"] == "attacker"
    assert loser["gold_paid"] == 5 and loser["goes"] == "own-town"
    assert loser["morale_change"] == 0
    assert state.battle.armies[1].hero.morale == 0


def test_a_hero_beaten_by_neutrals_goes_back_to_its_previous_field_homm3_8_52() -> None:
    """homm3.md §8.52 and docs/homm3-combat.md: a Main Hero whose units are all destroyed by
    neutral units goes back to the field it came from (like fleeing), not to its town; it pays
    nothing and keeps its morale."""
    state = fight(
        [done("skeletons@b2")],
        ["dread-knights-neutral@b3"],
        defender_kind="neutral",
        mode="solo",
    )
    roll_all(state, 0)
    outcome = result(state)
    assert outcome["winner"] == "defender" and outcome["ending"] == "victory"
    loser = side_result(state, "attacker")
    assert loser["goes"] == "previous-field"
    assert loser["gold_paid"] == 0 and loser["morale_change"] == 0
    assert state.battle.armies[0].hero.gold == 12


def test_a_secondary_hero_beaten_by_neutrals_is_removed_homm3_8_52() -> None:
    """homm3.md §8.52 and §5.20 (a defeated Secondary Hero is removed): beaten by neutral units,
    a Secondary Hero does not go back to a field."""
    state = fight(
        [done("skeletons@b2")],
        ["dread-knights-neutral@b3"],
        attacker_kind="secondary-hero",
        attacker_hero={"name": "Valeska", "level": 1},
        defender_kind="neutral",
        mode="solo",
    )
    roll_all(state, 0)
    assert result(state)["winner"] == "defender"
    assert side_result(state, "attacker")["goes"] == "removed"


def test_the_necropolis_guard_does_not_spare_other_factions_homm3_5_20() -> None:
    """homm3.md §5.20 (the control of the Necropolis test): a defeated Castle hero with a
    Positive Morale token loses it."""
    state = fight(
        [done("skeletons@b2")],
        ["dread-knights@b3"],
        attacker_hero={**CATHERINE, "morale": 1},
    )
    strike(state, "skeletons")
    act(state, "pass", seat=0)  # no morale reroll of the Dread Knights' die
    loser = side_result(state, "attacker")
    assert loser["morale_change"] == -1 and state.battle.armies[0].hero.morale == 0
