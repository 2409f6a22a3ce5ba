"""Semantic checks of card data beyond its schema (docs/content.md, "What the check verifies").

Each function appends :class:`DataError` problems with exact bracketed paths; none stops at the
first. They guarantee the engine a well-formed card: effects appear only where their trigger gives
them a meaning (test modifiers in tests, stat modifiers in passives), ``who: target`` only where
there is a target, result tables sorted, weapon fields matching the weapon type, ``provisional``
and ``source`` naming real fields, and every ``custom`` id registered.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.content.base import NOT_VALUES
from rulekeeper.games.battleground.content.effects import (
    ACTION_EFFECTS,
    COMMON_BUFFS,
    COMMON_DEBUFFS,
    CUSTOM_EFFECTS,
    MODIFIER_EFFECTS,
    PASSIVE_EFFECTS,
    Ability,
    AllOf,
    Buff,
    Condition,
    Debuff,
    Effect,
    PlaceMark,
    ResultRow,
    Skill,
    SkillTest,
    StatusRule,
)

__all__ = [
    "Context",
    "StatusRegistry",
    "check_ability",
    "check_outcomes",
    "check_paths",
    "check_skill",
    "uncovered",
]

#: Triggers of an attack (made or defended against) or a knock-out: they have an implicit target.
EVENT_TRIGGERS = frozenset({"on_attack", "after_attack", "on_defence", "on_knock_out"})
#: Triggers at which an ability may choose its own target.
TARGETING_TRIGGERS = frozenset(
    {
        "immediately",
        "at_will",
        "upon_activation",
        "end_of_activation",
        "upon_interruption",
        "end_of_interruption",
    }
)
MODIFIER_TRIGGERS = frozenset({"on_attack", "on_defence"})
MARK_TRIGGERS = frozenset(
    {"passive", "on_attack", "on_defence", "upon_activation", "end_of_activation"}
)
# Conditions about the attack itself, meaningful only at attack triggers.
_ATTACK_CONDITIONS = frozenset({"in_cover", "flank_attack", "attack_type", "target_is_ally"})


@dataclass(frozen=True)
class Context:
    """Where a list of effects sits: its trigger (``result``: a result table row) and target."""

    trigger: str
    has_target: bool
    place: str  # for messages: "weapon results", "mark", ...


@dataclass
class StatusRegistry:
    """Unique buffs/debuffs seen so far: the same name must mean the same thing everywhere."""

    seen: dict[tuple[str, str], tuple[str, str, BaseModel]]

    @classmethod
    def empty(cls) -> StatusRegistry:
        return cls({})


def _where(path: str, *parts: str | int) -> str:
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def check_condition(
    condition: Condition, ctx: Context, source: str, path: str, out: list[DataError]
) -> None:
    if isinstance(condition, AllOf):
        for index, inner in enumerate(condition.conditions):
            check_condition(inner, ctx, source, _where(path, "conditions", index), out)
        return
    kind = condition.kind
    if kind == "successes_at_least" and ctx.trigger != "after_attack":
        out.append(
            DataError(
                source, path, f"successes_at_least only applies after_attack, not {ctx.trigger}"
            )
        )
    elif kind in _ATTACK_CONDITIONS and ctx.trigger not in EVENT_TRIGGERS | {"result"}:
        out.append(
            DataError(source, path, f"{kind} needs an attack, but the trigger is {ctx.trigger}")
        )
    if getattr(condition, "who", None) == "target" and not ctx.has_target:
        out.append(DataError(source, path, f"who: target, but {ctx.place} has no target"))


def check_effects(
    effects: Sequence[Effect],
    ctx: Context,
    source: str,
    path: str,
    out: list[DataError],
    statuses: StatusRegistry,
) -> None:
    for index, effect in enumerate(effects):
        check_effect(effect, ctx, source, _where(path, index), out, statuses)


def check_effect(
    effect: Effect,
    ctx: Context,
    source: str,
    path: str,
    out: list[DataError],
    statuses: StatusRegistry,
) -> None:
    kind = effect.kind
    if kind in MODIFIER_EFFECTS and ctx.trigger not in MODIFIER_TRIGGERS:
        out.append(
            DataError(
                source,
                path,
                f"{kind} modifies a test, so it belongs under on_attack or on_defence, "
                f"not {ctx.trigger}",
            )
        )
    if kind in PASSIVE_EFFECTS and ctx.trigger != "passive":
        out.append(DataError(source, path, f"{kind} is a passive modifier, not for {ctx.trigger}"))
    if kind in ACTION_EFFECTS and ctx.trigger == "passive":
        out.append(
            DataError(source, path, f"{kind} happens at a moment; give it a trigger, not passive")
        )
    who = getattr(effect, "who", None)
    needs_target = who == "target" or kind == "switch"
    needs_target |= kind == "move" and getattr(effect, "style", "") in ("towards", "charge")
    needs_target |= isinstance(effect, SkillTest) and effect.against is not None
    if needs_target and not ctx.has_target:
        out.append(DataError(source, path, f"{kind} needs a target, but {ctx.place} has none"))
    condition = getattr(effect, "condition", None)
    if condition is not None:
        check_condition(condition, ctx, source, _where(path, "condition"), out)
    if kind == "custom" and getattr(effect, "id", "") not in CUSTOM_EFFECTS:
        known = ", ".join(sorted(CUSTOM_EFFECTS))
        reason = f"unknown custom effect {getattr(effect, 'id', '')!r} (registered: {known})"
        out.append(DataError(source, _where(path, "id"), reason))
    if isinstance(effect, SkillTest):
        check_outcomes(effect.results, ctx, source, _where(path, "results"), out, statuses)
    elif isinstance(effect, PlaceMark):
        mark_ctx = Context(effect.when, effect.when in EVENT_TRIGGERS, f"mark {effect.mark!r}")
        if effect.when not in MARK_TRIGGERS:
            allowed = ", ".join(sorted(MARK_TRIGGERS))
            out.append(DataError(source, _where(path, "when"), f"a mark fires at {allowed}"))
        check_effects(effect.effects, mark_ctx, source, _where(path, "effects"), out, statuses)
    elif isinstance(effect, Buff | Debuff):
        _check_status(effect, source, path, out, statuses)


def _check_status(
    effect: Buff | Debuff, source: str, path: str, out: list[DataError], statuses: StatusRegistry
) -> None:
    common = COMMON_BUFFS if effect.kind == "buff" else COMMON_DEBUFFS
    every_common = (*COMMON_BUFFS, *COMMON_DEBUFFS)
    if not effect.unique:
        if effect.name not in common:
            reason = (
                f"{effect.name!r} is not a common {effect.kind} ({', '.join(common)}); "
                "declare it with unique: true and its rules"
            )
            out.append(DataError(source, _where(path, "name"), reason))
        if effect.ongoing is not None or effect.on_removed is not None:
            reason = "only a unique status carries its own rules (ongoing, on_removed)"
            out.append(DataError(source, path, reason))
        return
    if effect.name in every_common:
        reason = f"{effect.name!r} is a common buff/debuff, it cannot be unique"
        out.append(DataError(source, _where(path, "name"), reason))
    if effect.ongoing is None and effect.on_removed is None:
        reason = "a unique status needs its rules: ongoing and/or on_removed"
        out.append(DataError(source, path, reason))
    if effect.ongoing is not None:
        rule: StatusRule = effect.ongoing
        ctx = Context(rule.when, rule.when in EVENT_TRIGGERS, f"status {effect.name!r}")
        if rule.condition is not None:
            check_condition(rule.condition, ctx, source, _where(path, "ongoing", "condition"), out)
        check_effects(rule.effects, ctx, source, _where(path, "ongoing", "effects"), out, statuses)
    if effect.on_removed is not None:
        ctx = Context("end_of_activation", False, f"removal of {effect.name!r}")
        check_effects(effect.on_removed, ctx, source, _where(path, "on_removed"), out, statuses)
    definition = effect.model_copy(update={"who": "self", "range": None})
    key = (effect.kind, effect.name)
    if key in statuses.seen:
        first_source, first_path, first = statuses.seen[key]
        if first != definition:
            reason = (
                f"unique {effect.kind} {effect.name!r} differs from its definition at "
                f"{first_source}: {first_path}"
            )
            out.append(DataError(source, path, reason))
    else:
        statuses.seen[key] = (source, path, definition)


def check_outcomes(
    outcomes: Sequence[ResultRow],
    ctx: Context,
    source: str,
    path: str,
    out: list[DataError],
    statuses: StatusRegistry,
) -> None:
    """A result table: strictly increasing ``successes``; rows resolve like an attack's result."""
    previous = 0
    for index, row in enumerate(outcomes):
        if row.successes <= previous:
            reason = (
                f"{row.successes} is not above the previous row's {previous}: rows must be sorted "
                "by successes, each needing more than the one before"
            )
            out.append(DataError(source, _where(path, index, "successes"), reason))
        previous = max(previous, row.successes)
        row_ctx = replace(ctx, trigger="result")
        check_effects(row.effects, row_ctx, source, _where(path, index, "effects"), out, statuses)


def check_ability(
    ability: Ability,
    allowed: Iterable[str],
    source: str,
    path: str,
    out: list[DataError],
    statuses: StatusRegistry,
    place: str,
) -> None:
    allowed = tuple(allowed)
    if ability.when not in allowed:
        reason = f"{place} fires at {', '.join(allowed)}, not {ability.when}"
        out.append(DataError(source, _where(path, "when"), reason))
    if ability.target is not None and ability.when not in TARGETING_TRIGGERS:
        reason = f"at {ability.when} the target is the attack's; drop target"
        out.append(DataError(source, _where(path, "target"), reason))
    has_target = ability.target is not None or ability.when in EVENT_TRIGGERS
    ctx = Context(ability.when, has_target, place)
    if ability.condition is not None:
        check_condition(ability.condition, ctx, source, _where(path, "condition"), out)
    check_effects(ability.effects, ctx, source, _where(path, "effects"), out, statuses)


ACTIVE_TRIGGERS = ("immediately", "on_attack", "after_attack", "on_defence", "on_knock_out")
PASSIVE_TRIGGERS = (
    "at_will",
    "passive",
    "upon_activation",
    "end_of_activation",
    "upon_interruption",
    "end_of_interruption",
    "on_attack",
    "after_attack",
    "on_defence",
    "on_knock_out",
)


def check_skill(
    skill: Skill,
    source: str,
    path: str,
    out: list[DataError],
    statuses: StatusRegistry,
    disposable: bool = False,
) -> None:
    """Active skills resolve when used; passive ones at their triggers; disposable ones at will."""
    if disposable:
        if skill.active:
            reason = "a disposable item's skill is used as a free action: no AP or mana cost"
            out.append(DataError(source, path, reason))
        allowed: tuple[str, ...] = ("at_will",)
        place = "a disposable skill"
    elif skill.active:
        allowed, place = ACTIVE_TRIGGERS, "an active skill"
    else:
        allowed, place = PASSIVE_TRIGGERS, "a passive skill"
    for index, ability in enumerate(skill.abilities):
        where = _where(path, "abilities", index)
        check_ability(ability, allowed, source, where, out, statuses, place)


# --- provisional / source paths ------------------------------------------------------------

_TOKEN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\.")


def _tokens(path: str) -> list[str | int] | None:
    tokens: list[str | int] = []
    position = 0
    expect_name = True
    while position < len(path):
        match = _TOKEN.match(path, position)
        if match is None:
            return None
        name, index = match.group(1), match.group(2)
        if name is not None:
            if not expect_name:
                return None
            tokens.append(name)
            expect_name = False
        elif index is not None:
            if expect_name:
                return None
            tokens.append(int(index))
        else:
            if expect_name:
                return None
            expect_name = True
        position = match.end()
    return tokens if tokens and not expect_name else None


def _resolves(data: Any, tokens: Sequence[str | int]) -> bool:
    for token in tokens:
        if isinstance(token, int):
            if not isinstance(data, list) or token >= len(data):
                return False
        elif not isinstance(data, dict) or token not in data:
            return False
        data = data[token]
    return True


def check_paths(card: BaseModel, source: str, path: str, out: list[DataError]) -> None:
    """``provisional`` and ``source`` name fields the card has (not left empty), never the same."""
    data = card.model_dump(exclude_none=True)
    provisional: list[str] = list(getattr(card, "provisional", []))
    sourced: list[str] = list(getattr(card, "source", {}))
    for field_name, entries in (("provisional", provisional), ("source", sourced)):
        for index, entry in enumerate(entries):
            where = (
                _where(path, field_name, index)
                if field_name == "provisional"
                else (_where(path, field_name, entry))
            )
            tokens = _tokens(entry)
            if tokens is None:
                out.append(DataError(source, where, f"{entry!r} is not a field path"))
            elif tokens[0] in NOT_VALUES:
                out.append(DataError(source, where, f"{tokens[0]!r} is not a card value"))
            elif not _resolves(data, tokens):
                out.append(DataError(source, where, f"{entry!r} names no field of this card"))
    for index, entry in enumerate(provisional):
        for other in sourced:
            if entry == other or _prefix(entry, other) or _prefix(other, entry):
                reason = f"{entry!r} is both provisional and sourced ({other!r})"
                out.append(DataError(source, _where(path, "provisional", index), reason))


def _prefix(short: str, long: str) -> bool:
    return long.startswith(short) and long[len(short)] in ".["


def uncovered(card: BaseModel) -> list[str]:
    """Values set in the data that are neither ``provisional`` nor cited in ``source``.

    The shipped pack has none: every value is either printed in the rulebook (and sourced) or
    our reconstruction (and provisional). ``id``, ``text`` and ``text_override`` fields are not
    values.
    """
    covered = set(getattr(card, "provisional", [])) | set(getattr(card, "source", {}))
    data = card.model_dump(exclude_unset=True)
    missing: list[str] = []

    def visit(node: Any, path: str) -> None:
        if path in covered:
            return
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("id", "text", "text_override") or (not path and key in NOT_VALUES):
                    continue
                visit(value, f"{path}.{key}" if path else key)
        elif isinstance(node, list) and node and isinstance(node[0], dict | list):
            for index, value in enumerate(node):
                visit(value, f"{path}[{index}]")
        else:
            missing.append(path)

    visit(data, "")
    return missing
