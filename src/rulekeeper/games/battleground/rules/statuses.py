"""Buffs and debuffs (rulebook *Buffs and Debuffs*): given, replaced, and removed with what
their removal does (regeneration heals, curse wounds, a card's own 'on removed' effects)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.games.battleground.content.effects import Effect
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules.abilities import Context

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState


def give_status(state: BattlegroundState, subject: Fighter, slot: str, effect: Any) -> None:
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


def _remove_status(state: BattlegroundState, fighter: Fighter, slot: str) -> None:
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
        from pydantic import TypeAdapter

        from rulekeeper.games.battleground.rules.effects import apply_effects

        effects = TypeAdapter(list[Effect]).validate_python(entry["on_removed"])
        apply_effects(Context(state, fighter), effects)


def remove_buff(state: BattlegroundState, fighter: Fighter) -> None:
    """Remove *fighter*'s buff, if any."""
    _remove_status(state, fighter, "buff")


def remove_debuff(state: BattlegroundState, fighter: Fighter) -> None:
    """Remove *fighter*'s debuff, if any."""
    _remove_status(state, fighter, "debuff")
