"""What a legal HoMM3 combat action costs and does, in words (issue 23 §2.5: ``why`` answers
with what an action does, never "is legal"): the state's ``_explain_legal`` hook
(core/explain.py), for the terminal's ``why`` and the browser's ``?``. No rule is written here:
the numbers come from the battle as it stands, an attack's from ``state.odds``."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Action, IllegalActionError
from rulekeeper.games.homm3.combat import board, movement
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.stats import initiative, move_type
from rulekeeper.games.homm3.views.card_text import text_of
from rulekeeper.games.homm3.views.odds import OUTCOMES, percent

__all__ = ["legal_words"]

RULES = {
    "attack": "homm3.md §5.18.6 steps 4–6 (attack, damage, retaliation)",
    "move": "homm3.md §5.18.6 step 2, §5.15 unit types",
    "defend": "homm3.md §5.18.5 Defense token, §5.18.6 step 2",
    "end": "homm3.md §5.18.6 step 2 (moving and attacking are optional)",
    "place": "homm3.md §5.18.3, §5.18.4 (setup)",
    "done": "homm3.md §5.18.3 (up to 5 units)",
    "activate": "homm3.md §5.18.6 step 1 (Initiative)",
    "breach": "homm3.md §5.14.4, §9.3 (siege)",
    "gate": "homm3.md §5.14.4 (the Citadel's Gate)",
    "play": "homm3.md §5.8, §5.18.7 (cards in combat)",
    "cast": "homm3.md §5.11, §5.18.7 (spells, one a round)",
    "pass": "homm3.md §5.18.7 (cards in combat)",
    "surrender": "homm3.md §5.20 (surrender)",
    "retreat": "homm3.md §5.20, §9.1 (retreat)",
    "flee": "homm3.md §5.20, §9.1 (retreat)",
    "extend": "homm3.md §5.18.2 (the round limit against neutral units)",
}
"""The rule item each kind of action follows."""


def legal_words(state: Any, action: Action, player: int) -> tuple[str, str] | None:
    """(rule, words) for a legal *action* of *player*: what it does and what it costs."""
    kind = action.kind
    step = state.flow.find(ActivationStep)
    unit = state.battle.units.get(step.unit) if step is not None else None
    rule = RULES.get(kind, str(getattr(state.flow.steps[-1], "rule", "") or "homm3.md §5.18"))
    if kind == "attack":
        return rule, attack_words(state, action, player)
    if kind == "move" and unit is not None:
        there = board.NAMES[str(action.get("to"))]
        steps = movement.destinations(state, unit).get(there)
        kind_of = move_type(state, unit)
        reach = board.MOVE_RANGE[kind_of]  # type: ignore[index]
        if kind_of != "ranged":
            after = "it may still attack from there"
        elif step is not None and step.attacked:
            after = "a Ranged unit's one field after its attack"
        else:
            after = "a Ranged unit may not attack after moving"
        over = ", over other cards" if kind_of == "flying" else ""
        return rule, f"moves {steps} of its {reach} fields ({kind_of}{over}); {after}"
    if kind == "defend":
        return rule, (
            "ends the activation with a Defense token: against each attack until its next "
            "activation, a die on +1 gives +1 Defence; it may not Defend in that activation"
        )
    if kind == "end":
        return rule, "ends the activation without doing more"
    if kind == "activate":
        chosen = state.battle.units[str(action.get("unit"))]
        return rule, (
            f"it activates next (Initiative {initiative(state, chosen)}; units of one side "
            "with equal Initiative go in the order their player chooses)"
        )
    if kind == "place":
        return rule, f"places the unit on {action.get('at')}, in your first or second line"
    if kind in ("play", "cast"):
        return rule, text_of(state.game.pack, str(action.get("card")))
    if kind == "pass":
        return rule, "plays no card now; the battle goes on"
    if kind == "breach":
        return rule, f"breaks the {_work(state, action)} at {action.get('at')}: the field is open"
    if kind == "extend":
        return rule, "pays 1 MP of the hero to fight one more round"
    if kind in ("retreat", "flee"):
        return rule, (
            "leaves the battle with the surviving units: the enemy wins, and the hero goes back "
            "to the field it last visited"
        )
    if kind == "surrender":
        return rule, (
            "ends the battle: the enemy wins; your hero pays the enemy hero 10 Gold, keeps its "
            "surviving units and goes to a Town or Settlement you control"
        )
    return None


def _work(state: Any, action: Action) -> str:
    number = board.NAMES.get(str(action.get("at")))
    found = state.battle.obstacle_at(number) if number is not None else None
    return "Gate" if found is not None and found.kind == "gate" else "Wall"


def attack_words(state: Any, action: Action, player: int) -> str:
    """An attack's exact odds in a sentence: the damage expected, the target's fate, the
    retaliation and the attacker's fate."""
    try:
        odds = state.odds(action, player)
    except (IllegalActionError, ValueError):
        odds = None
    if not odds:
        return "attacks the unit"
    fate = ", ".join(
        f"{OUTCOMES.get(k, k)} {percent(v)}" for k, v in odds["outcome"].items() if float(v) > 0
    )
    words = f"expected damage {float(odds['expected_damage']):.2f}; the target {fate}"
    retaliation = float(odds.get("retaliation", {}).get("probability", 0.0))
    if retaliation > 0:
        words += f"; it retaliates {percent(retaliation)} of the time"
    else:
        words += "; no retaliation"
    mine = odds.get("attacker_outcome", {})
    if float(mine.get("survives", 1.0)) < 1:
        words += "; the attacker " + ", ".join(
            f"{OUTCOMES.get(k, k)} {percent(v)}" for k, v in mine.items() if float(v) > 0
        )
    return words
