"""Rounds (spec §4): the preparation phase, the activation order, the end of the game.

:class:`GameStep` is the root of the map game. Each round it advances the round track (not in
the first round), gives the day's income or announces the night's healing (spec §4.1), then has
the teams activate their heroes in turn, one each (spec §4.2; :class:`ActivateStep`, played by
the team's first seat), until every hero has had its turn (turn.py). After the round on the
track's fourth skull the game ends (spec §4.4, scoring.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.map import events, scoring, skull_events, solo, triggers
from rulekeeper.games.eternia.map.outposts import controlled
from rulekeeper.games.eternia.map.turn import TurnStep

__all__ = ["ActivateStep", "GameStep", "prepare"]

RULE_ROUND = "spec §4.1 (rulebook p.11): the preparation phase"
RULE_ACTIVATE = "spec §4.2 (rulebook p.11): the teams activate one hero each in turn"
STAGES = ("prepare", "activate", "end")


@dataclass
class GameStep(Step[Any]):
    """The game's rounds (see module doc). ``stage``: ``prepare`` (the next round begins),
    ``activate`` (the teams activate their heroes), ``end`` (the round is over)."""

    kind = "game"
    rule = RULE_ROUND
    stage: str = "prepare"
    started: bool = False
    ended: bool = False
    """The round's end was announced (a tie's duel may come before the game ends)."""

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage is one of {', '.join(STAGES)}")

    def actor(self, state: Any) -> int:
        return AUTO

    def run(self, state: Any) -> None:
        if self.stage == "prepare":
            prepare(state, advance=self.started)
            self.started = True
            self.stage = "activate"
            return
        if self.stage == "activate":
            team = next_team(state)
            if team is None:
                self.stage = "end"
                return
            state.flow.push(ActivateStep(team=team))
            return
        if not self.ended:
            self.ended = True
            for hero in state.heroes:
                hero.activated = False
            events.round_over(state)
            state.events.append("round-ends", {"round": state.round})
            solo.reinforce(state, "round")
            if state.space().time == "night":
                solo.reinforce(state, "night")
        if scoring.game_over(state):
            return  # over, or a duel first (then this step looks again)
        self.ended = False
        self.stage = "prepare"


def prepare(state: Any, advance: bool) -> None:
    """The preparation phase (spec §4.1): the marker advances (not in round 1, A-12), a day's
    income (each team gains its controlled outposts' Eternium) or the night's notice."""
    if advance:
        state.round += 1
    space = state.space()
    state.events.append(
        "round-starts", {"round": state.round, "time": space.time, "skull": space.skull}
    )
    if space.time == "day":
        for index, team in enumerate(state.teams):
            income = sum(_yield(state, area) for area in controlled(state, index))
            if income:
                team.pool.gain({"eternium": income})
                state.events.append("income", {"team": index, "eternium": income})
    state.active_team = state.first
    if space.skull:
        skull_events.skull_event(state, space.skull)
    triggers.fire_all(state, "preparation")
    triggers.fire_boss(state, "preparation")


def _yield(state: Any, area: str) -> int:
    """An outpost's Eternium in a day round, less a vine's drain (a scenario's rule)."""
    drain = state.setting.rule("vines-drain-eternium")
    value = int(state.board.eternium(area))
    if drain is not None and area in state.vines:
        value = max(0, value - int(drain.amount or 0))
    return value


def next_team(state: Any) -> int | None:
    """The team that activates a hero next (spec §4.2): teams alternate from the first; a team
    with no hero left to activate is skipped [INTERP]; None once every hero has had its turn."""
    count = len(state.teams)
    for offset in range(count):
        team = (state.active_team + offset) % count
        if team == solo.ENEMY and solo.is_solo(state):
            continue  # the enemy takes no turns against the game (spec §7.14)
        if any(hero.team == team and not hero.activated for hero in state.heroes):
            return int(team)
    return None


@dataclass
class ActivateStep(Step[Any]):
    """*team* picks which of its heroes not yet activated this round takes its turn."""

    kind = "pick-hero"
    rule = RULE_ACTIVATE
    public_kinds = frozenset({"activate"})
    team: Annotated[int, Bounds(0, 2)] = 0

    def actor(self, state: Any) -> int:
        return int(state.teams[self.team].seats[0])

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for hero in state.heroes:
            if hero.team == self.team:
                yield Action.of("activate", hero=hero.id)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [a for a in self.candidates(state, seat) if not self.refusal(state, seat, a)]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        lead = self.actor(state)
        if seat != lead:
            return (self.rule, f"player {lead} picks the hero of this team's activation")
        if action.kind != "activate":
            return (self.rule, "a hero is activated first: activate hero=...")
        index = state.hero_index(str(action.get("hero")))
        if index is None or state.heroes[index].team != self.team:
            return (self.rule, f"{action.get('hero')} is not a hero of this team")
        if state.heroes[index].activated:
            return (self.rule, f"{action.get('hero')} was activated this round already")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        index = state.hero_index(str(action.get("hero")))
        hero = state.heroes[index]
        hero.activated = True
        state.active_team = (self.team + 1) % len(state.teams)
        state.flow.pop()
        state.events.append("activated", {"hero": hero.id, "team": self.team})
        state.flow.push(TurnStep(hero=index))
