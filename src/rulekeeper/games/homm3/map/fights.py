"""Fights on the map: the combat as a sub-procedure (homm3.md §5.18–§5.20, §5.14.4, §8.42,
§8.52, §9.1, §9.9; core/subgame.py).

A hero entering a guarded field, an enemy hero's field or an enemy town or settlement starts a
fight (movement.py). :class:`FightStep` builds a battle file from the map state (the sides'
heroes, cards and unit decks; neutral units drawn from the tier decks by the Field Difficulty
Table at the scenario's difficulty, §5.23), runs the unchanged ``homm3-combat`` procedure
above itself and applies its typed ``CombatResult`` (:mod:`rulekeeper.games.homm3.map.aftermath`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import HostStep, JsonObject, Seating
from rulekeeper.games.homm3.battle.neutrals import FIELD_TABLE, TIER_LETTERS
from rulekeeper.games.homm3.combat.result import CombatResult
from rulekeeper.games.homm3.game import CombatSubGame
from rulekeeper.games.homm3.map import (
    aftermath,
    board,
    effects,
    neutral_decks,
    neutral_redraw,
    proclaimed_spells,
)
from rulekeeper.games.homm3.map.model import MAIN, MapHero

__all__ = ["FIGHT_KINDS", "FIGHT_STEPS", "FightStep", "battle_doc", "neutral_controller"]

FIGHT_KINDS = ("neutral", "hero", "siege", "army")
"""Whom a hero fights: neutral units guarding a field, a hero on a field, a town's or
settlement's defending hero (a siege), or an army the owner transported there (§5.14.4)."""
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
FIGHT_STEPS = ("fight", "ai-fight")
"""The kinds of the map steps that run a battle: a fight, a fight against an AI hero
(ai_fights.py)."""


def neutral_controller(state: Any, seat: int) -> int:
    """Who plays the neutral units against *seat*'s hero in Clash (§5.18.3, §8.42, §9.13): the
    player who last finished a turn before *seat*'s, skipping the fighting seat itself."""
    order = state.order
    index = order.index(seat)
    for step in range(1, len(order) + 1):
        other = order[(index - step) % len(order)]
        if other != seat:
            return int(other)
    return seat


def _battle_mode(state: Any) -> str:
    """The battle's mode: solo and co-op fights play the neutral units by the AI rules
    (§5.18.3, §5.24.1); Clash ones by a player (battle/checks.py ``seats_of``)."""
    mode = str(state.game.scenario.mode)
    return mode if mode in ("solo", "coop") else "clash"


def draw_neutrals(state: Any, level: int) -> list[str]:
    """The neutral cards met on a field of *level* (§5.16, §5.23), drawn from the tier decks;
    an empty deck gets its discard pile shuffled back (§8.29)."""
    letters = FIELD_TABLE[level][DIFFICULTIES.index(state.difficulty)]
    drawn = [neutral_decks.draw(state, TIER_LETTERS[letter]) for letter in letters]
    return [card for card in drawn if card is not None]


def hero_side(state: Any, item: MapHero, army_only: bool = False) -> JsonObject:
    """A battle file's side for *item*'s army: its hero (Main Hero: its level, cards, Gold,
    morale; Secondary Hero: the Main Hero's level and no cards, §5.6, §8.34) and unit deck; or,
    with *army_only*, the army transported to defend (§5.14.4: no hero, no cards)."""
    player = state.players[item.seat]
    units: list[Any] = [{"card": troop.card, "side": troop.side} for troop in player.units]
    if army_only:
        return {"kind": "army", "units": units}
    pack = state.game.pack
    hero: dict[str, Any] = {
        "name": pack.heroes[item.id].name if item.id in pack.heroes else item.id,
        "faction": player.faction,
        "level": player.level,
        "experience": player.experience,
        "mp": item.mp,
        "gold": player.resources.get("gold"),
        "materials": player.resources.get("materials"),
        "valuables": player.resources.get("valuables"),
        "morale": player.morale,
    }
    if item.role == MAIN:
        uses = pack.levels[player.level].expert_uses
        hero["expert_uses"] = max(0, uses - player.expert_used)
        hero.update(hand=list(player.hand), deck=list(player.deck), discard=list(player.discard))
    kind = "hero" if item.role == MAIN else "secondary-hero"
    return {"kind": kind, "hero": hero, "units": units}


def battle_doc(state: Any, step: FightStep) -> JsonObject:
    """The battle file of *step*'s fight, built from the map state."""
    attacker = board.hero(state, step.hero)
    assert attacker is not None
    site: dict[str, Any] = {"kind": "field", "difficulty": step.difficulty}
    if step.against == "neutral":
        defender: JsonObject = {"kind": "neutral", "units": list(step.neutrals)}
    else:
        town = board.town_at(state, step.field)
        if town is not None:
            citadel = f"{town.faction}-citadel" in town.buildings
            site = {
                "kind": "town",
                "owner": town.faction,
                "citadel": citadel,
                "captured": town.owner != town.seat,
            }
        elif step.against in ("siege", "army"):
            site = {"kind": "settlement"}
        if step.against == "army":
            defender = hero_side(state, _stand_in(state, step.defender_seat), army_only=True)
        else:
            other = board.hero(state, step.defender)
            assert other is not None
            defender = hero_side(state, other)
    doc: dict[str, Any] = {
        "format": "homm3-battle",
        "version": 2,
        "mode": _battle_mode(state),
        "difficulty": state.difficulty,
        "options": dict(state.battle_options()),
        "site": site,
        "attacker": hero_side(state, attacker),
        "defender": defender,
    }
    sides = proclaimed_spells.hero_sides(
        [str(doc["attacker"]["kind"]), str(defender["kind"])], [attacker.seat, step.defender_seat]
    )
    lasting = proclaimed_spells.battle_lasting(state, sides)  # Crazy Wizard, Grim Warlock
    if lasting:
        doc["lasting"] = lasting
    return doc


def _stand_in(state: Any, seat: int) -> MapHero:
    """The defending seat's Main Hero, whose army is transported (§5.14.4)."""
    found: MapHero = next(h for h in state.heroes if h.seat == seat and h.role == MAIN)
    return found


@dataclass
class FightStep(HostStep[Any, CombatResult]):
    """One fight of *hero* on *field* against ``against`` (:data:`FIGHT_KINDS`): started when
    it is run, finished when the battle's result comes back (``take``)."""

    kind = "fight"
    rule = "homm3.md §5.18 (combat, rulebook p. 29)"
    result_type = CombatResult
    hero: str = ""
    field: str = ""
    against: str = "neutral"
    defender: str = ""
    """The defending hero's id (a hero fight or a siege with its hero)."""
    defender_seat: int = -1
    difficulty: int = 0
    neutrals: list[str] = dataclasses.field(default_factory=list)
    started: bool = False

    def __post_init__(self) -> None:
        if self.against not in FIGHT_KINDS:
            raise ValueError(f"against must be one of {', '.join(FIGHT_KINDS)}")

    def run(self, state: Any) -> None:
        if self.started:  # pragma: no cover - take pops it
            state.flow.pop()
            return
        attacker = board.hero(state, self.hero)
        assert attacker is not None
        if self.against == "neutral" and not self.neutrals:
            self.neutrals = draw_neutrals(state, self.difficulty)
            if neutral_redraw.offer(state, attacker.seat, self.neutrals):
                return  # Groovy Satyr: the swap first; run again after it (§5.21)
        self.started = True
        if self.against in ("hero", "siege") and self.defender:
            other = board.hero(state, self.defender)
            if other is not None:  # Cover of Darkness (effects.py), before the cards are dealt
                effects.enemy_discards(state, attacker.seat, other.seat, other.role == MAIN)
                effects.enemy_discards(state, other.seat, attacker.seat, attacker.role == MAIN)
        doc = battle_doc(state, self)
        if self.against == "neutral" and _battle_mode(state) != "clash":
            seating = Seating([attacker.seat], decider=attacker.seat)  # the AI rules (§5.18.3)
        elif self.against == "neutral":
            seating = Seating(
                [attacker.seat, neutral_controller(state, attacker.seat)], decider=attacker.seat
            )
        else:
            seating = Seating([attacker.seat, self.defender_seat], decider=attacker.seat)
        state.events.append(
            "fight-starts",
            {
                "hero": self.hero,
                "field": self.field,
                "against": self.against,
                "neutrals": list(self.neutrals),
            },
        )
        self.play(state, CombatSubGame(doc, "fight"), seating)
        for side in ("attacker", "defender"):  # the Main Heroes' cards are in the battle now
            entry = doc[side]
            if isinstance(entry, dict) and entry.get("kind") == "hero":
                seat = seating.seats[0 if side == "attacker" else 1]
                player = state.players[seat]
                player.hand, player.deck, player.discard = [], [], []

    def take(self, state: Any, result: CombatResult) -> None:
        state.flow.pop()
        attacker = board.hero(state, self.hero)
        seats = [attacker.seat if attacker else -1, self.defender_seat]
        sides = proclaimed_spells.hero_sides([s.kind for s in result.sides], seats)
        proclaimed_spells.note_battle(state, sides, [s.played for s in result.sides])
        aftermath.apply(state, self, result)
