"""Where a character's abilities come from (its card's skills, its items, the skills used and
fate abilities granted in its turns), whether their conditions hold, and the
passive values they give (stats, movement style, whether it can be moved).

The effects themselves are in effects.py; when they fire, in triggers.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulekeeper.games.battleground.board.movement import Style
from rulekeeper.games.battleground.content.effects import (
    Ability,
    Condition,
    Skill,
)
from rulekeeper.games.battleground.model import Fighter, Turn
from rulekeeper.games.battleground.rules import marks
from rulekeeper.games.battleground.rules.attack_geometry import is_flank_attack, target_cover

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState, PendingAttack


@dataclass
class Context:
    """Who an effect is about: ``owner`` is "self", ``other`` is "target"."""

    state: BattleState
    owner: Fighter
    other: Fighter | None = None
    weapon: str | None = None
    attack: PendingAttack | None = None
    successes: int = 0
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


# === where abilities come from ===========================================================


def _skill_sources(state: BattleState, fighter: Fighter) -> list[tuple[str, Skill]]:
    """(source key, skill): the character card's skills and its items' skills (cached on the
    game: they change only when an item is used up)."""
    key = (fighter.id, tuple(fighter.items), tuple(fighter.used_items))
    memo: dict[tuple[Any, ...], list[tuple[str, Skill]]] = state.game.derived("skill-sources", dict)
    found = memo.get(key)
    if found is None:
        found = _collect_skill_sources(state, fighter)
        memo[key] = found
    return found


def _collect_skill_sources(state: BattleState, fighter: Fighter) -> list[tuple[str, Skill]]:
    found: list[tuple[str, Skill]] = [(f"skill:{s.id}", s) for s in state.card(fighter).skills]
    for item_id in fighter.items:
        item = state.pack.items.get(item_id)
        if item is None or item_id in fighter.used_items:
            continue
        found += [(f"item:{item_id}:{s.id}", s) for s in item.skills]
    return found


def own_turns(state: BattleState, fighter: Fighter) -> list[Turn]:
    """The fighter's activation or interruptions in progress. Effect Timing: what lasts "this
    activation or interruption" lasts through the interruptions nested inside it (an attack of
    opportunity on its move, an overwatch interruption after it), not only while it is on top."""
    return [turn for turn in state.turns if turn.character == fighter.id]


def standing_abilities(
    state: BattleState, fighter: Fighter, trigger: str
) -> list[tuple[str, Ability]]:
    """Abilities that fire by themselves at ``trigger``: passive skills, active skills used in
    the fighter's turns in progress and fate abilities granted in them (their event abilities
    last for that activation or interruption), and ongoing statuses."""
    turns = own_turns(state, fighter)
    used = {key for turn in turns for key in turn.skills_used}
    found = []
    for key, skill in _skill_sources(state, fighter):
        if skill.active and key not in used:
            continue
        for ability in skill.abilities:
            if ability.when == trigger and ability.limit is None:
                found.append((key, ability))
    for turn in turns:
        for key in turn.granted:
            card = state.pack.fate.get(key.removeprefix("fate:"))
            if card is not None and card.ability.when == trigger:
                found.append((key, card.ability))
    return found


def condition_holds(context: Context, condition: Condition | None) -> bool:
    if condition is None:
        return True
    state = context.state
    kind = condition.kind

    def party(who: str) -> Fighter | None:
        return context.owner if who == "self" else context.other

    if kind == "all":
        return all(condition_holds(context, c) for c in condition.conditions)  # type: ignore[union-attr]
    if kind == "successes_at_least":
        return context.successes >= condition.n  # type: ignore[union-attr]
    if kind == "attack_type":
        return bool(context.attack) and context.attack.type == condition.type  # type: ignore[union-attr]
    if kind == "interruption":
        return bool(state.turns) and state.turns[-1].interruption
    if kind == "target_is_ally":
        return context.other is not None and context.other.owner == context.owner.owner
    if kind == "flank_attack":
        if context.attack is None or context.other is None:
            return False
        return is_flank_attack(state, context.attack)
    if kind == "in_cover":
        if context.attack is None:
            return False
        return target_cover(state, context.attack).in_cover
    who = party(getattr(condition, "who", "self"))
    if who is None:
        return False
    if kind == "in_difficult_terrain":
        return state.field.is_difficult(who.position) or marks.in_mark(state, who, "flooded")
    if kind == "engaged":
        return bool(state.engaged_enemies(who))
    if kind == "focused":
        # The attacker's token is spent when the attack is declared; it still counts as
        # focused for the abilities of that attack ("while focused").
        spent = context.attack is not None and context.attack.focus
        return who.focused or (
            spent and context.attack is not None and who.id == context.attack.attacker
        )
    if kind == "wounded":
        return who.wounds > 0
    if kind == "has_buff":
        name = getattr(condition, "name", None)
        return bool(who.buff) and (name is None or who.buff == name)
    if kind == "has_debuff":
        name = getattr(condition, "name", None)
        return bool(who.debuff) and (name is None or who.debuff == name)
    if kind == "on_platform":
        return who.level == 1
    raise NotImplementedError(f"condition {kind}")


# === passive values ======================================================================


def passive_stat_bonus(state: BattleState, fighter: Fighter, stat: str) -> int:
    total = 0
    for ability in _passive_stat_abilities(state, fighter, stat):
        if condition_holds(Context(state, fighter), ability.condition):
            total += sum(e.amount for e in ability.effects if e.kind == "stat" and e.stat == stat)
    return total


def _passive_stat_abilities(state: BattleState, fighter: Fighter, stat: str) -> list[Ability]:
    """Passive abilities that change ``stat`` (asked for on every rule that reads a stat):
    cached by the character's skill sources, plus any used active skill's for this turn."""
    key = (fighter.id, tuple(fighter.items), tuple(fighter.used_items), stat)
    memo: dict[tuple[Any, ...], list[Ability]] = state.game.derived("stat-abilities", dict)
    found = memo.get(key)
    if found is None:
        found = [
            ability
            for skill_key, skill in _skill_sources(state, fighter)
            if not skill.active
            for ability in skill.abilities
            if ability.when == "passive"
            and ability.limit is None
            and any(e.kind == "stat" and e.stat == stat for e in ability.effects)
        ]
        memo[key] = found
    turns = own_turns(state, fighter)
    if any(turn.skills_used or turn.granted for turn in turns):
        used = {key for turn in turns for key in turn.skills_used}
        extra = [
            ability
            for source, ability in standing_abilities(state, fighter, "passive")
            if not source.startswith("skill:") or source in used
            if any(e.kind == "stat" and e.stat == stat for e in ability.effects)
        ]
        return list({id(a): a for a in [*found, *extra]}.values())
    return found


def move_style(state: BattleState, fighter: Fighter) -> Style:
    for _, ability in standing_abilities(state, fighter, "passive"):
        for effect in ability.effects:
            if effect.kind == "move_as":
                return effect.style
    return "move"


def can_be_moved(state: BattleState, fighter: Fighter | None) -> bool:
    """Massive models and 'immovable' characters are not pushed, pulled or switched."""
    if fighter is None:
        return False
    key = (fighter.id, tuple(fighter.items), tuple(fighter.used_items))
    memo: dict[tuple[Any, ...], bool] = state.game.derived("movable", dict)
    found = memo.get(key)
    if found is None:
        found = _can_be_moved(state, fighter)
        memo[key] = found
    return found


def _can_be_moved(state: BattleState, fighter: Fighter) -> bool:
    if state.card(fighter).massive:
        return False
    for _, ability in standing_abilities(state, fighter, "passive"):
        if any(e.kind == "custom" and e.id == "immovable" for e in ability.effects):
            return False
    return True
