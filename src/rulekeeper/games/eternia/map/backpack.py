"""The backpack (spec §5.11.2): during its own turn, outside combat, a hero freely swaps
equipped armor and artifacts with cards of its backpack (``equip card=X``: X goes on, what it
replaces into the backpack; ``unequip card=X``: into the backpack, if there is room).

[Reading] Each card moves once a turn: a swap undone in the same turn changes nothing, and an
unbounded run of free actions would let a turn never end (docs/eternia.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map import holdings

__all__ = ["EQUIP"]

RULE_BACKPACK = "spec §5.11.2 (rulebook p.29): swapping equipment with the backpack"
RULE_ONCE = "spec §5.11.2 (rulebook p.29) [reading, docs/eternia.md]: each card moves once a turn"


def _hero(state: Any, seat: int) -> int | None:
    turn = state.turn()
    if turn is None or turn.over or turn.finished or seat != state.controller_of(turn.hero):
        return None
    return int(turn.hero)


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    index = _hero(state, seat)
    if index is None:
        return
    hero = state.heroes[index]
    for card in dict.fromkeys(hero.backpack):
        yield Action.of("equip", card=card)
    for card in [*hero.armor.values(), hero.artifact]:
        if card:
            yield Action.of("unequip", card=card)


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    index = _hero(state, seat)
    if index is None:
        return (RULE_BACKPACK, "a hero swaps its equipment during its own turn")
    hero = state.heroes[index]
    card = str(action.get("card"))
    item = state.pack.equipment.get(card)
    if f"swap:{card}" in state.turn().free:
        return (RULE_ONCE, f"{card} was moved this turn already")
    if action.kind == "unequip":
        if card not in (*hero.armor.values(), hero.artifact) or not card:
            return (RULE_BACKPACK, f"{hero.id} does not wear {card}")
        if len(hero.backpack) >= state.number("backpack"):
            return (RULE_BACKPACK, "the backpack is full (5 cards)")
        return None
    if card not in hero.backpack:
        return (RULE_BACKPACK, f"{card} is not in {hero.id}'s backpack")
    if item is None or item.type not in ("armor", "artifact"):
        return (RULE_BACKPACK, "only armor and artifacts are equipped")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    turn = state.turn()
    hero = state.heroes[turn.hero]
    card = str(action.get("card"))
    item = state.pack.equipment[card]
    turn.free.append(f"swap:{card}")
    if action.kind == "unequip":
        if hero.artifact == card:
            hero.artifact = ""
        else:
            del hero.armor[str(item.subtype)]
        hero.backpack.append(card)
    else:
        hero.backpack.remove(card)
        if item.type == "artifact":
            old, hero.artifact = hero.artifact, card
        else:
            old = hero.armor.get(str(item.subtype), "")
            hero.armor[str(item.subtype)] = card
        if old:
            hero.backpack.append(old)
            turn.free.append(f"swap:{old}")
    holdings.fit(state, hero)
    state.events.append(action.kind, {"hero": hero.id, "card": card})


EQUIP = Rule(("equip", "unequip"), _candidates, _refusal, _apply)
