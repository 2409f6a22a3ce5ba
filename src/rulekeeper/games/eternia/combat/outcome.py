"""How an epic combat ends and what it hands back (spec §5.6.3 steps 7–9, §5.6.4 steps 7–9,
§5.6.6, §5.13): the typed :class:`~.result.EpicResult`."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.combat.area import AreaResult
from rulekeeper.games.eternia.combat.foes import beast_card
from rulekeeper.games.eternia.combat.model import ACTIVE, DEFENDER
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.combat.result import EpicResult
from rulekeeper.games.eternia.combat.soldiers import SoldierResult
from rulekeeper.games.eternia.combat.wilds import WildsResult

__all__ = ["combat_kind", "ending", "result_type", "winner_of"]


def _reward(state: CombatState, result: EpicResult) -> None:
    """A defeated beast: 1 VP and the rewards on its card to the active team (§5.6.4 step 7)."""
    beast = beast_card(state.pack, state.epic.fighters[DEFENDER].name)
    result.vp[ACTIVE] += 1
    for effect in beast.reward.effects:
        if effect.kind == "gain-eternium":
            result.eternium[ACTIVE] += effect.amount
        elif effect.kind == "gain-vp":
            result.vp[ACTIVE] += effect.amount
        else:
            result.rewards.append(f"{effect.kind}:{getattr(effect, 'card', '')}".rstrip(":"))
    result.tameable = (
        getattr(beast, "taming_cost", None) is not None and state.epic.fighters[ACTIVE].alive
    )


def _by_damage(state: CombatState) -> tuple[int, str]:
    """(winner, ending) of a combat that ran its rounds with nobody defeated."""
    epic = state.epic
    fighters = epic.fighters
    if fighters[DEFENDER].kind == "beast":
        return -1, "escaped"  # a beast escapes; a boss stays with its damage
    if epic.options.faster and fighters[DEFENDER].kind == "hero":
        # §5.6.6, A-30: fewer HP left moves; equal: the defender wins
        return (ACTIVE if fighters[ACTIVE].hp > fighters[DEFENDER].hp else DEFENDER), "faster"
    more = fighters[ACTIVE].inflicted > fighters[DEFENDER].inflicted
    return (ACTIVE if more else DEFENDER), "damage"


def ending(state: CombatState, early: str) -> EpicResult:
    """The result of the combat as it stands (*early*: ``fled`` or ``avoided``, else "")."""
    epic = state.epic
    fighters = epic.fighters
    beast = fighters[DEFENDER].kind == "beast"
    defeated = [side for side in (ACTIVE, DEFENDER) if not fighters[side].alive]
    result = EpicResult(
        ending="defeat",
        winner=-1,
        rounds=epic.round,
        damage=[f.damage for f in fighters],
        inflicted=[f.inflicted for f in fighters],
        defeated=defeated,
        soldiers_lost=[f.lost for f in fighters],
    )
    if early == "avoided":
        result.ending, result.rounds = "avoided", 0
    elif early == "fled":
        result.ending, result.winner, result.moves = "fled", DEFENDER, ACTIVE
    elif len(defeated) == 2:
        result.ending = "both-defeated"
    elif defeated:
        result.winner = 1 - defeated[0]
        if beast:
            if result.winner == ACTIVE:
                _reward(state, result)
        elif not epic.options.first_game:
            result.vp[result.winner] += 1
    else:
        result.winner, result.ending = _by_damage(state)
        if result.winner >= 0:
            result.moves = 1 - result.winner
        elif epic.boss:
            result.moves = ACTIVE  # the hero retreats; the boss keeps its damage
    for side in (ACTIVE, DEFENDER):
        result.eternium[side] += epic.eternium[side] - epic.start_eternium[side]
    return result


def combat_kind(state: Any) -> str:
    """Which combat the state holds: ``epic``, ``wilds``, ``area`` or ``soldiers``."""
    if state.area is not None:
        return str(state.area.kind)
    fighters = state.epic.fighters
    return "wilds" if fighters and fighters[1].kind == "encounter" else "epic"


def result_type(state: Any) -> type[Any]:
    """The record the state's combat finishes with."""
    return {
        "epic": EpicResult,
        "wilds": WildsResult,
        "area": AreaResult,
        "soldiers": SoldierResult,
    }[combat_kind(state)]


def winner_of(state: Any) -> int:
    """The side that won the finished combat (0 the active hero or the entering soldiers, 1
    the other), -1 for none: a wilds foe beaten by a hero still standing is a win, a fallen
    hero against a foe still standing a loss; soldiers win when they alone remain."""
    result = state.flow.result
    kind = combat_kind(state)
    if kind in ("epic", "area"):
        return int(result["winner"])
    if kind == "wilds":
        beaten, fallen = result["foe_defeated"], result["hero_defeated"]
        return 0 if beaten and not fallen else 1 if fallen and not beaten else -1
    area = state.area
    alone = area.soldiers == 0 and len(result["heroes_defeated"]) == len(area.defenders)
    return 0 if area.attackers and alone else 1 if not area.attackers else -1
