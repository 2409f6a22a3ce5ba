"""The odds of a reroll before it is confirmed (issue 23 §2.3): "what happens to this test, and
to the attack it belongs to, if these dice are rerolled", with the mana it costs.

The test waiting for its owner's rerolls (rules/dicetest.py ``RerollStep`` on a
``DiceTestStep``) is read as it stands: the kept dice stay, the rerolled ones are fresh, the
mana rerolls still to come (after free ones) go to failed dice, and sixes explode (views/odds.py
:func:`~rulekeeper.games.battleground.views.odds.reroll_distribution`). For an attack test, the
defence test still to come is counted as ``state.odds`` counts it; for a defence test, the
attack's successes are known. The dice are public, so every seat gets the same answer.

    reroll_odds(state, [2, 5])                 # the data (bgweb's ``reroll`` query, the terminal)
    reroll_query(state, seat, faces="2,5")     # the game's ``reroll`` query (plugin.py)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulekeeper.core import JsonObject, JsonValue
from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.rules import combat
from rulekeeper.games.battleground.rules.dicetest import (
    MAX_MANA_REROLLS,
    DiceTest,
    DiceTestStep,
    RerollStep,
)
from rulekeeper.games.battleground.views import attack_odds, odds
from rulekeeper.games.battleground.views.text import percent, plural

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

__all__ = ["pending_test", "reroll_odds", "reroll_query"]


def pending_test(state: BattleState) -> tuple[RerollStep, DiceTestStep, DiceTest] | None:
    """The reroll being chosen: its step, the test's step and the test; None when none is."""
    steps = state.flow.steps
    if len(steps) < 2 or not isinstance(steps[-1], RerollStep):
        return None
    below = steps[-2]
    if not isinstance(below, DiceTestStep):  # pragma: no cover - the flow's check forbids it
        return None
    return steps[-1], below, below.dice()


def _later_rerolls(test: DiceTest) -> int:
    """The mana rerolls still to come after this choice (only after the free ones)."""
    if test.stage != "free":
        return 0
    return min(MAX_MANA_REROLLS, test.mana, len(test.initial))


def _defence(state: BattleState, attack: combat.AttackStep) -> dict[int, float]:
    """The defence test still to come, as ``state.odds`` counts it (none for the ally a
    helpful spell is aimed at)."""
    attacker, target = state.fighters[attack.attacker], state.fighters[attack.target]
    weapon = state.weapon(attack.weapon)
    friendly = weapon is not None and weapon.can_target_allies
    if target.owner == attacker.owner and friendly and target.id == attack.initial:
        return {0: 1.0}
    test = combat.defence_test(state, attack)
    return odds.success_distribution(
        test.dice,
        test.scope,
        free_rerolls=test.free_rerolls,
        mana_rerolls=min(test.mana, MAX_MANA_REROLLS),
    )


def _attack_results(
    state: BattleState, attack: combat.AttackStep, role: str, mine: dict[int, float]
) -> tuple[list[JsonObject], float | None]:
    """The attack's result rows and knock-out chance, given this test's successes."""
    if role == "attack":
        net = odds.net_distribution(mine, _defence(state, attack))
    else:
        net = odds.net_distribution({attack.attack_successes: 1.0}, mine)
    target = state.fighters[attack.target]
    left = state.stat(target, "health") - target.wounds
    outcome, knockout = attack_odds.results(state.weapon(attack.weapon), net, left)
    rows = attack_odds.row_words(state.weapon(attack.weapon))
    found: list[JsonObject] = [{"row": rows.get(key, key), "p": p} for key, p in outcome.items()]
    return found, knockout


def reroll_odds(state: BattleState, faces: Sequence[int]) -> JsonObject:
    """The chances of the pending test (and of its attack) if the dice showing *faces* are
    rerolled, and the mana it costs; ValueError when no reroll is being chosen or the faces
    cannot be rerolled (its reason)."""
    found = pending_test(state)
    if found is None:
        raise ValueError("no reroll is being chosen now")
    _, step, test = found
    chosen = [int(face) for face in faces]
    problem = test.refusal(chosen)
    if problem is not None:
        raise ValueError(problem)
    mine = odds.reroll_distribution(test.initial, chosen, test.scope, _later_rerolls(test))
    mana = len(chosen) if test.stage == "mana" else 0
    doc: dict[str, JsonValue] = {
        "faces": list(chosen),
        "mana": mana,
        "label": test.label,
        "successes": [{"n": n, "p": p} for n, p in sorted(mine.items())],
        "outcomes": [],
        "knockout": None,
    }
    attack = state.flow.find(combat.AttackStep)
    if attack is not None and step.role in ("attack", "defence"):
        doc["outcomes"], doc["knockout"] = _attack_results(state, attack, step.role, mine)
    doc["text"] = _text(test, chosen, mana, mine, doc)
    return doc


def _text(
    test: DiceTest, faces: list[int], mana: int, mine: dict[int, float], doc: dict[str, Any]
) -> str:
    """The odds in one line: what is rerolled and for how much, then the results."""
    what = f"reroll {' '.join(map(str, faces))}" if faces else "keep the dice"
    cost = f" ({plural(mana, 'mana', 'mana')})" if mana else ""
    expected = odds.expected(mine)
    parts = [f"{test.label}, {what}{cost}: {expected:.2f} successes on average"]
    if doc["outcomes"]:
        parts.append(
            "results: " + " | ".join(f"{o['row']} {percent(o['p'])}" for o in doc["outcomes"])
        )
        parts.append(f"knock-out {percent(doc['knockout'] or 0.0)}")
    else:
        parts.append(
            "; ".join(f"{n}+ successes {percent(odds.at_least(mine, n))}" for n in (1, 2, 3))
        )
    return "; ".join(parts)


def parse_faces(text: str) -> list[int]:
    """Faces from ``2,5`` or ``2 5`` (empty: keep the dice); ValueError naming a bad one."""
    found = []
    for part in text.replace(",", " ").split():
        if not part.isdigit() or not 1 <= int(part) <= 6:
            raise ValueError(f"{part!r} is not a die face (1 to 6)")
        found.append(int(part))
    return found


def reroll_query(state: BattleState, seat: int | None, **arguments: Any) -> JsonObject:
    """The game's ``reroll`` query (plugin.py; ``GET .../query/reroll?faces=2,5``):
    :func:`reroll_odds`. *faces* is a text (``2,5``) or a list of faces; the dice are public,
    so *seat* changes nothing. A bad argument is a DataError naming it."""
    for name in arguments:
        if name != "faces":
            raise DataError("reroll", name, "unknown argument (known: faces)")
    given = arguments.get("faces", "")
    try:
        faces = parse_faces(given) if isinstance(given, str) else [int(f) for f in given]
        return reroll_odds(state, faces)
    except ValueError as error:
        raise DataError("reroll", "faces", str(error)) from None
