"""Go on a Quest (spec §5.16, standard action) and the epic beasts it meets (§5.6.4, §5.12).

With a mission token in its area the hero removes it and draws the scenario deck's top card:
a mission is resolved (missions.py), an epic beast fought in an epic combat (a sub-game on this
state, :class:`BeastStep`): beaten, it gives 1 VP and its rewards and, by a hero still standing,
may be tamed for its taming cost; otherwise it is shuffled back into the deck (§9.15). In a
skirmish the token is removed from the game for 2 Eternium and no card is drawn (§5.18.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action
from rulekeeper.core.decks import Deck
from rulekeeper.core.flow import Refusal
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Bounds
from rulekeeper.core.rules import Rule
from rulekeeper.core.subgame import HostStep, Seating
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.result import EpicResult
from rulekeeper.games.eternia.combat.subgames import EpicSubGame
from rulekeeper.games.eternia.map import defeat, triggers
from rulekeeper.games.eternia.map.meetings import (
    can_flee,
    carry_side,
    combat_options,
    leave,
    side_entry,
)
from rulekeeper.games.eternia.map.rewards import reward_kinds
from rulekeeper.games.eternia.map.standard import standard_refusal, take
from rulekeeper.games.eternia.map.taming import RULE_TAME, TameChoice

__all__ = ["QUEST", "BeastStep", "boss_fought", "fight_beast"]

RULE_QUEST = "spec §5.16 (rulebook p.13): Go on a Quest"
ACTION = "quest"


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    yield Action.of(ACTION)


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    found = standard_refusal(state, seat, ACTION)
    if found is not None:
        return found
    hero = state.heroes[state.turn().hero]
    if hero.area == state.boss_area or hero.area in state.lairs:
        return None
    if hero.area not in state.missions:
        return (RULE_QUEST, f"no mission token in {hero.area}")
    if not state.skirmish() and not (state.decks["scenario"] or state.discards["scenario"]):
        return (RULE_QUEST, "the scenario deck has no card left")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    take(state, ACTION)
    index = state.turn().hero
    hero = state.heroes[index]
    state.teams[hero.team].quests += 1
    if hero.area == state.boss_area:  # the boss (spec §1.3; [Reading] a quest fights it)
        state.events.append("quest", {"hero": hero.id, "area": hero.area, "boss": state.boss})
        fight_beast(state, index, state.boss, "boss")
        return
    if hero.area in state.lairs:  # an epic beast a skull event put here
        card = state.lairs.pop(hero.area)
        state.events.append("quest", {"hero": hero.id, "area": hero.area, "card": card})
        fight_beast(state, index, str(state.beast_of(card)), "quest", card)
        return
    state.missions.remove(hero.area)
    if state.skirmish():
        state.teams[hero.team].pool.gain({"eternium": state.number("skirmish_quest")})
        state.events.append("quest", {"hero": hero.id, "area": hero.area, "skirmish": True})
        return
    pile = Deck.over(state.decks["scenario"], state.discards["scenario"])
    card = pile.draw_reshuffling(1, state.rng)[0][0]
    state.events.append("quest", {"hero": hero.id, "area": hero.area, "card": card})
    beast = state.beast_of(card)
    if beast is not None:
        fight_beast(state, index, beast, "quest", card)
    else:
        state.resolve_mission(index, card)


QUEST = Rule((ACTION,), _candidates, _refusal, _apply)


def boss_fought(state: Any, team: int, beaten: bool, side: JsonObject) -> None:
    """After a fight with the boss: beaten, it leaves play (its card's reward scores, as an
    epic beast's); otherwise it keeps its damage (spec §5.6.4)."""
    if not beaten:
        damage = side.get("damage", 0)
        state.boss_damage = int(damage) if isinstance(damage, int) else state.boss_damage
        triggers.fire_boss(state, "end-of-combat")
        return
    triggers.fire_boss(state, "defeat")
    state.events.append("boss-defeated", {"boss": state.boss, "team": team})
    state.boss, state.boss_area, state.boss_damage = "", "", 0


def fight_beast(state: Any, index: int, beast: str, why: str, card: str = "") -> None:
    """Hero *index* fights epic beast *beast* (*why*: ``quest``, ``mount`` or ``boss``; *card*
    the scenario card it came on, if not the beast's own)."""
    state.flow.push(BeastStep(hero=index, beast=beast, why=why, card=card))


@dataclass
class BeastStep(TameChoice, HostStep[Any, EpicResult]):
    """Hero *hero* against epic beast *beast* (spec §5.6.4); then ``tame`` or ``pass``."""

    kind = "beast"
    rule = RULE_TAME
    result_type = EpicResult
    public_kinds = frozenset({"tame", "pass"})
    hero: Annotated[int, Bounds(0, 8)] = 0
    beast: str = ""
    why: str = "quest"
    stage: str = "fight"
    card: str = ""
    """The scenario card the beast came on ("": the beast's own card)."""

    def actor(self, state: Any) -> int:
        return -3 if self.stage == "fight" else int(state.controller_of(self.hero))

    def run(self, state: Any) -> None:
        self.stage = "fighting"
        hero = state.heroes[self.hero]
        doc: JsonObject = {
            "format": "eternia-combat",
            "version": 1,
            "combat": "epic",
            "options": combat_options(state),
            "can_flee": can_flee(state, self.hero),
            "active": side_entry(state, self.hero),
            "defender": {"beast": self.beast},
        }
        if self.why == "boss":  # it keeps its damage (spec §5.6.4)
            doc["boss"] = True
            doc["defender"] = {"beast": self.beast, "damage": state.boss_damage}
        state.events.append("beast-combat", {"hero": hero.id, "beast": self.beast})
        seating = Seating.alone(max(2, state.num_players), decider=state.controller_of(self.hero))
        self.play(state, EpicSubGame(doc, "quest"), seating)

    def take(self, state: Any, result: EpicResult) -> None:
        hero = state.heroes[self.hero]
        team = hero.team
        sides = state.epic_sides()
        state.epic = Epic(fighters=[])
        beaten = 1 in result.defeated
        tame = beaten and result.tameable and 0 not in result.defeated
        if tame:
            self.stage = "tame"
        else:  # this step leaves first: what follows may push steps
            state.flow.pop()
            self._settle(state, beaten)
        carry_side(state, self.hero, sides[0])
        if result.eternium[0] > 0:
            state.teams[team].pool.gain({"eternium": result.eternium[0]})
        elif result.eternium[0] < 0:
            state.teams[team].pool.lose({"eternium": -result.eternium[0]})
        if self.why == "boss":
            boss_fought(state, team, beaten, sides[1])
        if beaten:
            state.teams[team].beasts += 1
            if result.vp[0] and self.why != "mount":  # a mount gives no VP (§5.18.3, §9.15)
                state.score_vp(team, result.vp[0], "epic beast")
            reward_kinds(state, self.hero, result.rewards, self.beast)
        if 0 in result.defeated:
            defeat.defeat(state, self.hero)
        elif result.moves == 0:
            leave(state, self.hero, "fled")

    def _settle(self, state: Any, beaten: bool) -> None:
        """The card's place after the fight: beaten and not tamed, the discard pile (from a
        skirmish's mount deck: out of the game); otherwise shuffled back (§9.15)."""
        if self.why == "boss":
            return
        deck = "mounts" if self.why == "mount" else "scenario"
        card = self.card or self.beast
        if beaten:
            if deck == "scenario":
                state.discards[deck].append(card)
            return
        state.decks[deck].append(card)
        state.rng.shuffle(state.decks[deck])

    def beast_card(self) -> str:
        return self.beast

    def taming_cost(self, state: Any) -> int:
        found = state.pack.epic_beasts.get(self.beast)
        return int(getattr(found, "taming_cost", None) or 0)

    def passed(self, state: Any) -> None:
        self._settle(state, True)
