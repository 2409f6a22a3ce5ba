"""The end of a battle and its result (homm3.md §5.19, §5.20, §8.52, §9.5).

:func:`conclude` applies what the ending costs and gives (gold for a surrender or a defeated
Main Hero, the morale lost, experience for a Main Hero's win) and returns the typed
:class:`CombatResult` a host game reads (core/subgame.py): how it ended, the winner, each
side's surviving (and flipped) and destroyed units, cards played, discarded, removed and
drawn, gold paid and gained, resources card effects gave, morale change, experience and new
level, MP spent on extensions, and where each hero goes. Its data (``to_data``) is the
battle's ``result``, documented in docs/homm3-combat.md.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core import Bounds, JsonObject
from rulekeeper.core.record import to_data
from rulekeeper.games.homm3.combat.damage import lift_overlay
from rulekeeper.games.homm3.combat.model import ARMY_KINDS, ENDINGS, SIDES, Army, Hero
from rulekeeper.games.homm3.combat.stats import BattleState, card
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING
from rulekeeper.games.homm3.content.locations import RESOURCES

SURRENDER_GOLD = 10
DEFEAT_GOLD = 5
"""Gold a surrendering hero, and a Main Hero defeated by another player, pays (homm3.md §9.5)."""
MAX_LEVEL = 7
GOES = ("stays", "previous-field", "own-town", "removed")
"""Where a side's hero goes after the battle (§5.20, §8.52): it stays on the field, goes back
to the field it came from, to a town of its own, or is removed from the game."""

Small = Annotated[int, Bounds(-999, 999)]
Amount = Annotated[int, Bounds(0, 999)]


def _one_of(value: str, allowed: tuple[str, ...], name: str) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")


@dataclass
class UnitKept:
    """A unit that survived: its card and the side showing (``flipped``: it entered on its
    Pack side and ends on Few); its damage is removed (§5.20)."""

    unit: str
    card: str
    side: str
    flipped: bool


@dataclass
class UnitLost:
    """A unit destroyed: it leaves its owner's unit deck (§5.15, §5.20)."""

    unit: str
    card: str
    side: str


@dataclass
class SideResult:
    """What the battle did to one side (field names as in the battle's ``result``)."""

    side: str
    kind: str
    hero: str | None
    surviving: list[UnitKept]
    destroyed: list[UnitLost]
    played: list[str]
    discarded: list[str]
    removed: list[str]
    drawn: list[str]
    gold_paid: Small
    morale_change: Small
    experience: Small
    level: int | None
    level_before: int | None
    mp_spent: Small
    goes: str
    card_gains: dict[str, Amount] = dataclasses.field(default_factory=dict)
    """The resources card effects gave the side (battle file version 2; a result written before
    has none)."""

    def __post_init__(self) -> None:
        _one_of(self.side, SIDES, "side")
        _one_of(self.kind, ARMY_KINDS, "kind")
        _one_of(self.goes, GOES, "goes")
        for name in self.card_gains:
            _one_of(name, RESOURCES, "a resource gained")

    def flipped(self) -> list[UnitKept]:
        """The survivors that flipped from Pack to Few."""
        return [unit for unit in self.surviving if unit.flipped]

    def spent(self) -> list[str]:
        """Every Might & Magic card the side spent: played, discarded or removed."""
        return [*self.played, *self.discarded, *self.removed]


@dataclass
class CombatResult:
    """A finished battle, typed: the record a host game applies (core/subgame.py). Only Gold
    changes hands in a combat (§5.20), and card effects give resources: :meth:`paid` and
    :meth:`gained` say per side what its player pays and gains."""

    ending: str
    winner: str
    loser: str
    rounds: Small
    extensions: Small
    sides: list[SideResult] = dataclasses.field(default_factory=list)

    def __post_init__(self) -> None:
        _one_of(self.ending, ENDINGS, "ending")
        _one_of(self.winner, SIDES, "winner")
        _one_of(self.loser, SIDES, "loser")
        if self.winner == self.loser or [s.side for s in self.sides] != list(SIDES):
            raise ValueError("a result names a winner, a loser and both sides in order")

    def side(self, index: int) -> SideResult:
        """The result of side *index* (0 the attacker, 1 the defender)."""
        return self.sides[index]

    @property
    def winner_index(self) -> int:
        return SIDES.index(self.winner)

    def paid(self, index: int) -> dict[str, int]:
        """The resources side *index* paid (a surrender's or a defeat's Gold, §5.20)."""
        gold = self.sides[index].gold_paid
        return {"gold": gold} if gold else {}

    def gained(self, index: int) -> dict[str, int]:
        """The resources side *index* gained: what its cards gave it, and what the other side
        paid, which went to its hero (§5.20 "pay the enemy hero"); neutral units gain
        nothing."""
        if self.sides[index].kind == "neutral":
            return {}
        total = dict(self.sides[index].card_gains)
        for name, amount in self.paid(1 - index).items():
            total[name] = total.get(name, 0) + amount
        return {name: total[name] for name in RESOURCES if total.get(name)}


def result_data(found: CombatResult) -> JsonObject:
    """The data of *found*, the battle's ``result``: a side's ``card_gains`` only if a card gave
    it something (without them it reads as none, as a result written before version 2)."""
    data = to_data(found)
    sides = data["sides"]
    for side in sides if isinstance(sides, list) else []:
        if isinstance(side, dict) and not side.get("card_gains"):
            side.pop("card_gains", None)
    return data


def experience(state: BattleState, winner: int) -> int:
    """Exp the winner's Main Hero gains (§5.19.1): 0, 1 or 2 by the enemy's level against its
    own; beating Azure neutrals raises it to Level VII (returned as the Exp that takes)."""
    battle = state.battle
    army, enemy = battle.armies[winner], battle.armies[1 - winner]
    hero = army.hero
    if army.kind != "hero" or hero is None:
        return 0
    if enemy.kind == "neutral":
        if any(card(state, battle.units[uid]).tier == "azure" for uid in enemy.units):
            return max(0, 2 * (MAX_LEVEL - hero.level) - hero.experience)
        level = battle.site.difficulty
    elif enemy.kind in ("hero", "ai-hero") and enemy.hero is not None:
        level = enemy.hero.level
    else:  # a Secondary Hero or a transported army gives none
        return 0
    return 0 if level < hero.level else 1 if level == hero.level else 2


def _gain(hero: Hero, exp: int) -> None:
    total = hero.experience + exp
    hero.level = min(MAX_LEVEL, hero.level + total // 2)
    hero.experience = 0 if hero.level == MAX_LEVEL else total % 2


def _lose_morale(hero: Hero) -> int:
    """§5.17: lose the Positive token, else take a Negative one; the change in morale."""
    if hero.faction == "necropolis":
        return 0
    if hero.morale > 0:
        hero.morale = 0
        return -1
    if hero.morale == 0:
        hero.morale = -1
        return -1
    return 0  # a second Negative token: the hand is discarded at turn end (the map game)


def _pay(state: BattleState, payer: int, gold: int) -> int:
    battle = state.battle
    hero = battle.armies[payer].hero
    if hero is None:
        return 0
    paid = min(gold, hero.gold)
    hero.gold -= paid
    battle.gold_paid[payer] += paid
    other = battle.armies[1 - payer].hero
    if other is not None:
        other.gold += paid
    return paid


def _units(state: BattleState, army: Army) -> tuple[list[UnitKept], list[UnitLost]]:
    battle = state.battle
    alive: list[UnitKept] = []
    dead: list[UnitLost] = []
    for uid in army.units:
        unit = battle.units[uid]
        if unit.field == -2:
            continue  # the Arrow Tower is the town's, not the army's
        if unit.destroyed:
            dead.append(UnitLost(unit=uid, card=unit.card, side=unit.face))
        else:
            flipped = unit.was_pack and unit.face == "few"
            alive.append(UnitKept(unit=uid, card=unit.card, side=unit.face, flipped=flipped))
    return alive, dead


def conclude(state: BattleState, ending: str, side: int) -> CombatResult:
    """End the battle: *side* won (victory, quick combat) or fled or surrendered; apply the
    costs and rewards, clear the damage, and return the combat result."""
    battle = state.battle
    winner = side if ending in ("victory", "quick-combat") else 1 - side
    loser = 1 - winner
    morale = [0, 0]
    exp = [0, 0]
    goes = ["stays", "stays"]
    losing, winning = battle.armies[loser], battle.armies[winner]
    if ending == "surrender":
        _pay(state, loser, SURRENDER_GOLD)
        goes[loser] = "own-town"
    elif ending == "flee":
        goes[loser] = "previous-field"
    elif losing.kind in ("hero", "ai-hero") and winning.kind != "neutral" and losing.hero:
        # §5.20: defeated by another player, whether their hero, Secondary Hero or transported army
        _pay(state, loser, DEFEAT_GOLD)
        morale[loser] = _lose_morale(losing.hero)
        goes[loser] = "own-town"
    elif losing.kind == "secondary-hero":
        goes[loser] = "removed"
    elif losing.kind == "hero" and winning.kind == "neutral":
        goes[loser] = "previous-field"  # §8.52: like fleeing
    if ending in ("victory", "quick-combat") and ending != "quick-combat":
        exp[winner] = experience(state, winner)
    sides: list[SideResult] = []
    for index, army in enumerate(battle.armies):
        alive, dead = _units(state, army)
        hero = army.hero
        level_before = hero.level if hero else None
        if hero is not None and exp[index]:
            _gain(hero, exp[index])
        sides.append(
            SideResult(
                side=SIDES[index],
                kind=army.kind,
                hero=hero.name if hero else None,
                surviving=alive,
                destroyed=dead,
                played=list(battle.played[index]),
                discarded=list(battle.discarded[index]),
                removed=list(battle.removed[index]),
                drawn=list(battle.drawn[index]),
                gold_paid=battle.gold_paid[index],
                morale_change=morale[index],
                experience=exp[index],
                level=hero.level if hero else None,
                level_before=level_before,
                mp_spent=battle.mp_spent[index],
                goes=goes[index],
                card_gains={k: v for k, v in battle.card_gains[index].items() if v},
            )
        )
    COMBAT_TIMING.expire(battle.lasting, "combat")
    for army in battle.armies:
        army.spells_cast = 0
    for unit in battle.units.values():
        if unit.overlay:
            lift_overlay(state, unit)
        unit.damage = 0
        unit.defending = unit.paralysed = unit.activated = False
        unit.retaliations = 0
    return CombatResult(
        ending=ending,
        winner=SIDES[winner],
        loser=SIDES[loser],
        rounds=battle.round,
        extensions=battle.extensions,
        sides=sides,
    )


def returns_of(outcome: JsonObject | None, seats: list[int]) -> list[float]:
    """+1 to the winner's seat, −1 to the loser's (a side with no seat gets nothing)."""
    values = [0.0] * (max(seats) + 1 if seats else 0)
    for index, seat in enumerate(seats):
        if seat >= 0 and isinstance(outcome, dict):
            values[seat] = 1.0 if outcome.get("winner") == SIDES[index] else -1.0
    return values
