"""The newest resolved attack as data, for the board to show in place for a moment (issue 23
§2.2): who attacked whom with what, each test's dice (the final faces, the faces rerolled, the
exploded dice, the successes), the result row in words, the wounds dealt and a knock-out.

Read from the public events alone (the same ones the log tells): ``attack`` opens it, ``test``,
``reroll`` and ``test result`` tell its tests, ``attack result`` closes it, and the ``wounds``
and ``knocked out`` events after it (until the next attack) tell what it did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulekeeper.core import JsonObject, JsonValue
from rulekeeper.games.battleground.views import attack_odds

if TYPE_CHECKING:
    from rulekeeper.core.events import Event
    from rulekeeper.games.battleground.protocols import BattleState

__all__ = ["last_attack"]

_AFTER = frozenset({"wounds", "knocked out", "buff", "debuff", "push", "pull"})
"""Events after an attack's result that belong to it (its row's effects)."""


def _int(value: Any) -> int:
    return int(value) if isinstance(value, int | float | str) and str(value).isdigit() else 0


def _ints(value: Any) -> list[JsonValue]:
    return [int(v) for v in value] if isinstance(value, list | tuple) else []


def _tests(state: BattleState, events: list[Event], attack: Mapping[str, Any]) -> list[JsonObject]:
    """The attack's tests, in order: attack first, then defence."""
    found: list[JsonObject] = []
    attacker = state.fighters.get(str(attack.get("attacker")))
    target = state.fighters.get(str(attack.get("target")))
    for event in events:
        data: Mapping[str, Any] = event.data
        if event.kind == "test":
            role = "attack" if not found else "defence"
            owner = attacker if role == "attack" else target
            notes = [str(n) for n in data.get("notes", [])]
            summary = notes[-1] if notes else ""
            face = (
                summary.split("successes on ")[-1].split("+")[0]
                if "successes on" in summary
                else ""
            )
            found.append(
                {
                    "role": role,
                    "label": str(data.get("label", "")),
                    "owner": owner.owner if owner is not None else None,
                    "face": int(face) if face.isdigit() else None,
                    "rerolled": [],
                    "final": [],
                    "exploded": [],
                    "successes": None,
                    "mana_spent": 0,
                }
            )
        elif event.kind == "reroll" and found:
            rerolled = found[-1]["rerolled"]
            assert isinstance(rerolled, list)
            rerolled.extend(_ints(data.get("faces")))
        elif event.kind == "test result" and found:
            found[-1].update(
                final=_ints(data.get("initial")),
                exploded=_ints(data.get("exploded")),
                successes=_int(data.get("successes")),
                mana_spent=_int(data.get("mana spent")),
            )
    return found


def last_attack(state: BattleState) -> JsonObject | None:
    """The newest resolved attack (``seq``: its "attack result" event, to tell a new one), or
    None before the first."""
    events = list(state.events.public(0))
    result_at = next(
        (i for i in range(len(events) - 1, -1, -1) if events[i].kind == "attack result"), None
    )
    if result_at is None:
        return None
    start = next(
        (i for i in range(result_at - 1, -1, -1) if events[i].kind in ("attack", "attack result")),
        None,
    )
    opening = next((i for i in range(result_at - 1, -1, -1) if events[i].kind == "attack"), None)
    if start is None or opening is None:  # pragma: no cover - a result follows its attack
        return None
    attack: Mapping[str, Any] = events[opening].data
    result: Mapping[str, Any] = events[result_at].data
    target_id = str(result.get("target", attack.get("target")))
    wounds, knocked_out = 0, False
    for event in events[result_at + 1 :]:
        if event.kind not in _AFTER:
            break
        if event.kind == "wounds" and str(event.data.get("character")) == target_id:
            wounds += _int(event.data.get("amount"))
        if event.kind == "knocked out" and str(event.data.get("character")) == target_id:
            knocked_out = True
    weapon_id = str(attack.get("weapon"))
    weapon = state.weapon(weapon_id)
    rows = attack_odds.row_words(weapon)
    row = result.get("row")
    attacker = state.fighters.get(str(attack.get("attacker")))
    target = state.fighters.get(target_id)
    return {
        "seq": events[result_at].seq,
        "attacker": str(attack.get("attacker")),
        "attacker_name": state.card(attacker).name if attacker is not None else None,
        "target": target_id,
        "target_name": state.card(target).name if target is not None else None,
        "weapon": weapon_id,
        "weapon_name": weapon.name if weapon is not None else "Fists",
        "tests": list(
            _tests(state, events[start + 1 : result_at], {**attack, "target": target_id})
        ),
        "net": _int(result.get("successes")),
        "row": rows.get("none" if row is None else str(row), f"row {row}+"),
        "wounds": wounds,
        "knocked_out": knocked_out,
    }
