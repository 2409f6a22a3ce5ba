"""Map spells (spec §5.11.3, A-19): cast by the hero that holds one during its own turn, outside
combat, without using an action; the team pays its casting cost; the card is then discarded.

``cast spell=ID``. Its effects act at once on the caster (heal, gain Eternium: rewards.py) or
for the rest of the turn (``boons``: the spells cast this turn): a Movement bonus for its Moves,
flight, extra wild dice and rerolls in its wilds combats (the combat file's ``boons``), and
``avoid-combat``: [Reading] this turn, entering an area with enemies starts no combat and does
not stop it. The round's events' ``map`` abilities then act for the caster (events.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map import events, holdings
from rulekeeper.games.eternia.map.rewards import reward

__all__ = ["CAST", "boon_effects", "has_boon"]

RULE_CAST = "spec §5.11.3, A-19 (rulebook p.29): a map spell"
LASTING = ("stat-bonus", "fly", "extra-dice", "reroll", "avoid-combat")
"""Effect kinds of a map spell that last for the caster's turn."""


def boon_effects(state: Any, hero: int) -> list[Any]:
    """The lasting effects of the map spells hero *hero* cast this turn."""
    turn = state.turn()
    if turn is None or turn.hero != hero:
        return []
    return [
        effect
        for card in turn.boons
        for ability in state.pack.spells[card].effects
        for effect in ability.effects
        if effect.kind in LASTING
    ]


def has_boon(state: Any, hero: int, kind: str) -> bool:
    """Whether a map spell cast this turn gives hero *hero* an effect of *kind*."""
    return any(effect.kind == kind for effect in boon_effects(state, hero))


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    turn = state.turn()
    if turn is None:
        return
    for card in dict.fromkeys(state.heroes[turn.hero].spells):
        if "map" in state.pack.spells[card].uses:
            yield Action.of("cast", spell=card)


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    turn = state.turn()
    if turn is None or turn.over or seat != state.controller_of(turn.hero):
        return (RULE_CAST, "a map spell is cast by its hero during its own turn")
    hero = state.heroes[turn.hero]
    card = str(action.get("spell"))
    if card not in hero.spells:
        return (RULE_CAST, f"{hero.id} holds no spell {card!r}")
    found = state.pack.spells[card]
    if "map" not in found.uses:
        return (RULE_CAST, f"{card} is a combat spell (cast in an epic combat's step 4)")
    team = state.teams[hero.team]
    if team.eternium < found.casting_cost:
        return (RULE_CAST, f"casting {card} costs {found.casting_cost} Eternium")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    turn = state.turn()
    index = turn.hero
    hero = state.heroes[index]
    card = str(action.get("spell"))
    found = state.pack.spells[card]
    if found.casting_cost:
        state.teams[hero.team].pool.lose({"eternium": found.casting_cost})
    holdings.lose(state, index, card)
    turn.boons.append(card)
    state.events.append("cast", {"hero": hero.id, "spell": card})
    for ability in reversed(found.effects):
        reward(state, index, ability, card)
    events.cast(state, index)


CAST = Rule(("cast",), _candidates, _refusal, _apply)
