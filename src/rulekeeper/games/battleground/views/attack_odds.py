"""The exact odds of an attack about to be declared (``state.odds(action)``, issue 9 §1 and §3):
the attack test's successes, the defence's, the net successes, the weapon's result row and the
odds of a knock-out, with the tests' dice, scope and rerolls exactly as the rules would set them.

The attack is declared on a clone (so every modifier the rules apply is there: flank, cover,
focus, buffs, abilities) and its tests are read before any die is rolled; the distributions come
from views/odds.py (rerolls spent on failed initial dice, free ones first). A knock-out counts
the result rows whose wounds reach the target's health left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rulekeeper.core import Action, JsonObject
from rulekeeper.games.battleground.rules import combat
from rulekeeper.games.battleground.rules.dicetest import MAX_MANA_REROLLS, DiceTest
from rulekeeper.games.battleground.views import card_text, odds

if TYPE_CHECKING:
    from rulekeeper.games.battleground.content.equipment import WeaponCard
    from rulekeeper.games.battleground.protocols import BattleState

NOTE = "rerolls are spent on failed initial dice, free ones first"


def _distribution(test: DiceTest) -> dict[int, float]:
    return odds.success_distribution(
        test.dice,
        test.scope,
        free_rerolls=test.free_rerolls,
        mana_rerolls=min(test.mana, MAX_MANA_REROLLS),
    )


def attack_odds(state: BattleState, action: Action, seat: int) -> JsonObject | None:
    """The odds of declaring *action* (an ``attack``) for *seat*, or None for other actions."""
    if action.kind != "attack":
        return None
    trial = state.clone()
    trial.apply_action(action, seat)
    attack = trial.flow.find(combat.AttackStep)
    if attack is None:  # pragma: no cover - an attack action always declares one
        return None
    attack_test = combat.attack_test(trial, attack)
    defence_test = combat.defence_test(trial, attack)
    attack_dist = _distribution(attack_test)
    defence_dist = _distribution(defence_test)
    net = odds.net_distribution(attack_dist, defence_dist)
    target = trial.fighters[attack.target]
    left = trial.card(target).health - target.wounds
    weapon = trial.weapon(attack.weapon)
    doc: JsonObject = {
        "attacker": attack.attacker,
        "target": attack.target,
        "weapon": attack.weapon,
        "attack": {
            "dice": attack_test.dice,
            "scope": attack_test.scope,
            "free_rerolls": attack_test.free_rerolls,
            "mana_rerolls": min(attack_test.mana, MAX_MANA_REROLLS),
            "notes": list(attack_test.notes),
        },
        "defence": {"dice": defence_test.dice, "scope": defence_test.scope},
        "attack_successes": {str(k): v for k, v in sorted(attack_dist.items())},
        "net": {str(k): v for k, v in sorted(net.items())},
        "note": NOTE,
    }
    if weapon is not None:
        doc["outcome"], doc["knockout"] = results(weapon, net, left)
    return doc


def results(
    weapon: WeaponCard | None, net: Mapping[int, float], left: int
) -> tuple[dict[str, float], float]:
    """The chance of each result row (``"none"`` or the row's successes) and of a knock-out,
    from the net successes and the target's health left (*weapon* None: fists, 1 wound on 1+)."""
    if weapon is None:
        miss = sum(p for k, p in net.items() if k < 1)
        return {"none": miss, "1": 1.0 - miss}, (1.0 - miss if left <= 1 else 0.0)
    rows = {row.successes: row for row in weapon.results}
    outcome = odds.outcome_distribution(net, list(rows))
    knockout = 0.0
    for threshold, p in outcome.items():
        if threshold is None:
            continue
        wounds = sum(
            getattr(effect, "amount", 0)
            for effect in rows[threshold].effects
            if effect.kind == "wounds" and getattr(effect, "who", "target") == "target"
        )
        if wounds >= left:
            knockout += p
    return {("none" if k is None else str(k)): v for k, v in outcome.items()}, knockout


def row_words(weapon: WeaponCard | None) -> dict[str, str]:
    """Each result key of :func:`results` in words: ``"2+ (2 wounds, knockdown)"``."""
    rows = {"none": "no effect"}
    if weapon is None:
        rows["1"] = "1+ (1 wound)"
        return rows
    for row in weapon.results:
        words = ", ".join(card_text.effect_text(e) for e in row.effects)
        rows[str(row.successes)] = f"{row.successes}+ ({words})"
    return rows
