"""Battleground's lasting effects on the core's registry (core/lasting.py): its moments, how
long each kind of effect lasts and what ends it (:data:`TIMING`), and the buffs and debuffs
(rulebook *Buffs and Debuffs*): given, replaced, and removed with what their removal does
(regeneration heals, curse wounds, a card's own 'on removed' effects).

Rulebook *Effect Timing* and battleground.md §3-§4: buffs, debuffs and marks last until the
clean-up; a focus token until its holder's next test (or an attack or move declared with it);
an overwatch token until used or until its holder starts an activation; the active skills used
and the fate abilities granted in an activation or interruption until it ends (kept on its
turn). The abilities that fire at a trigger point are found by the finders registered there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from rulekeeper.core.lasting import Moment, Timing
from rulekeeper.games.battleground.content.effects import TRIGGERS, Ability, Effect
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules import by_kind, marks
from rulekeeper.games.battleground.rules.abilities import Context, standing_abilities

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

Found = list[tuple[str, Ability]]
"""Abilities that fire, each with its source (``weapon:...``, ``status:...``, a skill key)."""


def give_status(state: BattleState, subject: Fighter, slot: str, effect: Any) -> None:
    """Rulebook, Buffs and Debuffs: one of each per character, a new one replaces the old; a
    unique one exists once per force."""
    if effect.unique:
        for other in state.on_board():
            if (
                other.owner == subject.owner
                and getattr(other, slot) == effect.name
                and other is not subject
            ):
                (remove_buff if slot == "buff" else remove_debuff)(state, other)
    if getattr(subject, slot):
        (remove_buff if slot == "buff" else remove_debuff)(state, subject)
    setattr(subject, slot, effect.name)
    statuses = state.statuses.setdefault(subject.id, [])
    statuses.append(
        {
            "slot": slot,
            "name": effect.name,
            "ongoing": effect.ongoing.model_dump(mode="json") if effect.ongoing else None,
            "on_removed": [e.model_dump(mode="json") for e in effect.on_removed]
            if effect.on_removed
            else None,
        }
    )
    state.events.append(slot, {"character": subject.id, "name": effect.name})


def _remove_status(state: BattleState, fighter: Fighter, slot: str) -> None:
    """Remove *fighter*'s buff or debuff (*slot*), with what its removal does."""
    name = getattr(fighter, slot)
    if not name:
        return
    setattr(fighter, slot, "")
    statuses = state.statuses.get(fighter.id, [])
    entry = next((s for s in statuses if s["slot"] == slot), None)
    if entry is not None:
        statuses.remove(entry)
    state.events.append(f"{slot} removed", {"character": fighter.id, "name": name})
    if name == "regeneration" and not fighter.knocked_out and fighter.wounds:
        fighter.wounds -= 1
        state.events.append("heal", {"character": fighter.id, "amount": 1, "why": "regeneration"})
    if name == "curse" and not fighter.knocked_out:
        fighter.wounds += 1
        state.events.append(
            "wounds",
            {"character": fighter.id, "amount": 1, "why": "curse", "total": fighter.wounds},
        )
    if entry is not None and entry.get("on_removed"):
        effects = TypeAdapter(list[Effect]).validate_python(entry["on_removed"])
        by_kind.apply_effects(Context(state, fighter), effects)


def remove_buff(state: BattleState, fighter: Fighter) -> None:
    """Remove *fighter*'s buff, if any."""
    _remove_status(state, fighter, "buff")


def remove_debuff(state: BattleState, fighter: Fighter) -> None:
    """Remove *fighter*'s debuff, if any."""
    _remove_status(state, fighter, "debuff")


def end_statuses(state: BattleState) -> None:
    """Clean-up: every character's buff, then its debuff, goes (by character id)."""
    for fighter in sorted(state.on_board(), key=lambda f: f.id):
        remove_buff(state, fighter)
        remove_debuff(state, fighter)


def end_overwatch(state: BattleState, fighter: Fighter) -> None:
    """Overwatch (battleground.md §3): the token goes when its holder starts an activation."""
    if fighter.overwatch:
        fighter.overwatch = False
        state.events.append("overwatch ends", {"character": fighter.id})


def end_focus(fighter: Fighter) -> None:
    """battleground.md §3: the focus token is spent on its holder's next test."""
    fighter.focused = False


def status_abilities(
    state: BattleState, fighter: Fighter, trigger: str
) -> list[tuple[str, Ability]]:
    """The ongoing abilities of *fighter*'s statuses and of the marks affecting it at
    *trigger*."""
    found: list[tuple[str, Ability]] = []
    for status in state.statuses.get(fighter.id, []):
        rule = status.get("ongoing")
        if rule and rule["when"] == trigger:
            found.append((f"status:{status['name']}", Ability.model_validate(rule)))
    for mark in state.marks:
        if mark["when"] == trigger and marks.mark_affects(state, mark, fighter):
            found.append(
                (
                    f"mark:{mark['mark']}",
                    Ability.model_validate({"when": trigger, "effects": mark["effects"]}),
                )
            )
    return found


def _standing(trigger: str, context: Context) -> Found:
    """Finder: the owner's passive skills, and its skills and fate abilities of its turns."""
    return standing_abilities(context.state, context.owner, trigger)


def _weapon(trigger: str, context: Context) -> Found:
    """Finder: the abilities of the weapon of the attack under way."""
    weapon = context.state.weapon(context.weapon) if context.weapon else None
    if weapon is None:
        return []
    return [(f"weapon:{weapon.id}", a) for a in weapon.ability if a.when == trigger]


def _status(trigger: str, context: Context) -> Found:
    """Finder: the owner's statuses' and the marks' ongoing abilities."""
    return status_abilities(context.state, context.owner, trigger)


TIMING = (
    Timing(
        (
            *(Moment(trigger, "an ability's trigger (Effect Timing)") for trigger in TRIGGERS),
            Moment("turn-end", "an activation or interruption ends"),
            Moment("test", "its holder's next test, of any kind"),
            Moment("next-activation", "its holder starts an activation"),
            Moment("clean-up", "the round's Clean-Up Phase", whose="all"),
        )
    )
    .lasts("status", "clean-up", end_statuses)
    .lasts("mark", "clean-up", marks.clear_marks)
    .lasts("focus", "test", end_focus)
    .lasts("overwatch", "next-activation", end_overwatch)
    .lasts("turn-abilities", "turn-end")
    .on("on_attack", _standing, _weapon, _status)
    .on("after_attack", _standing, _weapon)
    .on("on_defence", _standing, _status)
    .on("on_knock_out", _standing, _status)
    .on("upon_activation", _standing, _status)
    .on("end_of_activation", _standing, _status)
    .on("upon_interruption", _standing, _status)
    .on("end_of_interruption", _standing, _status)
)
"""Battleground's moments, durations and triggers (module docstring); a fired trigger and a
test's modifiers come from :meth:`Timing.fired` with a :class:`Context` of the fighter."""
