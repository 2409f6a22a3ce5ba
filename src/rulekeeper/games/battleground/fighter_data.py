"""What never changes about a Battleground character during a game, as the evaluation reads it
(evaluation.py, move_scoring.py): its worth, health, speeds and weapons, and the expected wounds
of its attacks from the exact odds of the dice, worked out once and kept on the game object."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.forces import cost_of_character_with_equipment
from rulekeeper.games.battleground.rules.combat import ATTACK_STAT, DEFENCE_STAT, FISTS
from rulekeeper.games.battleground.views import odds

if TYPE_CHECKING:
    from rulekeeper.games.battleground.model import Fighter
    from rulekeeper.games.battleground.protocols import BattleState


@dataclass(frozen=True)
class _Weapon:
    id: str
    type: str
    range: float | None  # inches, None for melee
    mana: int


@dataclass(frozen=True)
class FighterInfo:
    """A character's worth (its cost with its equipment), health, speeds and weapons."""

    worth: float
    health: int
    speed: int
    focused_speed: int
    weapons: tuple[_Weapon, ...]
    reach: int
    """The farthest (in hexes) it could strike from at its next activation."""


@dataclass
class StaticData:
    """What the evaluation keeps on the game object: each character's :class:`FighterInfo`, and
    caches of expected wounds, of attacker-target pairs, of the hexes around each token and of
    two facing tables."""

    fighters: dict[str, FighterInfo]
    expected: dict[tuple[Any, ...], float]
    pairs: dict[tuple[str, str], list[tuple[str, float, int, float, float]]]
    near: dict[tuple[int, int], frozenset[Position]]
    """By objective token: its hex and the hexes around it (rules/objectives.py)."""
    rear: dict[tuple[int, int, int], bool]
    """By a facing and an offset (dq, dr): whether the offset lies in that facing's rear arc."""
    toward: dict[tuple[int, int], int]
    """By an offset (dq, dr): the facing toward it (the first of board.facing.facings_toward)."""


def static_data(state: BattleState) -> StaticData:
    """What never changes during a game (costs, stats, weapons), kept by the game
    (``Game.derived``)."""
    slot: dict[str, StaticData] = state.game.derived("evaluation-static", dict)
    found = slot.get("static")
    if found is not None and state.fighters.keys() <= found.fighters.keys():
        return found
    fighters = {}
    for fighter in state.fighters.values():
        card = state.card(fighter)
        weapons = []
        for weapon_id in fighter.weapons:
            weapon = state.weapon(weapon_id)
            if weapon is None:
                continue
            weapons.append(
                _Weapon(weapon_id, weapon.type, weapon.range, int(weapon.mana_cost or 0))
            )
        if not any(w.type == "melee" for w in weapons):
            weapons.append(_Weapon(FISTS, "melee", None, 0))
        fighters[fighter.id] = FighterInfo(
            worth=float(
                cost_of_character_with_equipment(
                    state.pack, fighter.id, fighter.weapons, fighter.items
                )
            ),
            health=max(1, card.health),
            speed=card.speed,
            focused_speed=max(1, card.speed, card.focused_speed),
            weapons=tuple(weapons),
            reach=max(
                [max(1, card.speed, card.focused_speed) + 1]
                + [int(w.range) + card.speed + 1 for w in weapons if w.range is not None]
            ),
        )
    found = slot["static"] = StaticData(fighters, {}, {}, {}, {}, {})
    return found


def expected_wounds(
    state: BattleState, attacker: Fighter, weapon: str, target: Fighter, scope: int
) -> float:
    """Expected wounds of one attack with *weapon* at *scope* (the lowest face that succeeds:
    4, or 3 for a flank attack), without rerolls or other modifiers: the stats, the weapon's
    dice and result rows."""
    static = static_data(state)
    key = (attacker.id, weapon, target.id, scope)
    found = static.expected.get(key)
    if found is not None:
        return found
    kind = "melee" if weapon == FISTS else static_weapon_type(state, weapon)
    card = state.card(attacker)
    dice = int(getattr(card, ATTACK_STAT[kind]))
    rows: list[tuple[int, int]] = [(1, 1)]
    if weapon != FISTS:
        data = state.weapon(weapon)
        assert data is not None
        dice += int(data.dice or 0)
        rows = [
            (
                row.successes,
                sum(
                    int(getattr(e, "amount", 0))
                    for e in row.effects
                    if e.kind == "wounds" and getattr(e, "who", "target") == "target"
                ),
            )
            for row in data.results
        ]
    defence = int(getattr(state.card(target), DEFENCE_STAT[kind]))
    net = odds.net_distribution(
        odds.success_distribution(max(0, dice), scope), odds.success_distribution(defence, 4)
    )
    total = 0.0
    for successes, p in net.items():
        wounds = 0
        for need, amount in rows:
            if successes >= need:
                wounds = amount
        total += p * wounds
    static.expected[key] = total
    return total


def fighter_info(state: BattleState, fighter: Fighter) -> FighterInfo:
    """Worth, health, speeds and weapons of *fighter*."""
    return static_data(state).fighters[fighter.id]


def static_weapon_type(state: BattleState, weapon: str) -> str:
    """The type (melee, ranged, ...) of *weapon*."""
    data = state.weapon(weapon)
    assert data is not None
    return str(data.type)
