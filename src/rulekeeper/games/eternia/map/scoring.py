"""The end of the game (spec §1.3, §4.4): after the round on the track's 4th skull, the team
with the most VP wins; ties go to more controlled outposts, then more Eternium, then one more
night round (once). A boss still in play makes every team lose."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.map import skirmish_scoring, solo
from rulekeeper.games.eternia.map.duel import DuelStep
from rulekeeper.games.eternia.map.outposts import controlled

__all__ = ["game_over", "standing"]

RULE_END = "spec §1.3, §4.4 (rulebook p.30): the end of the game"


def standing(state: Any, team: int) -> tuple[int, int, int]:
    """*team*'s place for the win (spec §1.3): VP, then controlled outposts, then Eternium."""
    found = state.teams[team]
    return (found.vp, len(controlled(state, team)), found.eternium)


def game_over(state: Any) -> bool:
    """After a round: if it was the last, end the game (the winners), or on a tie play one more
    night round, then the duel (duel.py); whether the game goes on is False."""
    if solo.is_solo(state):
        return solo.game_over(state, round_over=True)
    if not state.final_round():
        return False
    if state.boss_in_play():
        _end(state, [], "boss")
        return True
    if state.skirmish() and not state.extra_round:
        skirmish_scoring.at_end(state)
    places = {team: standing(state, team) for team in range(len(state.teams))}
    best = max(places.values())
    leaders = [team for team, place in places.items() if place == best]
    if len(leaders) > 1 and not state.extra_round:
        state.extra_round = True
        state.events.append("tie", {"teams": leaders, "then": "one more night round"})
        return False
    if len(leaders) > 1 and not state.duel_over:
        state.events.append("tie", {"teams": leaders, "then": "a duel"})
        state.flow.push(DuelStep())
        return True
    _end(state, leaders if len(leaders) == 1 else [], "victory" if len(leaders) == 1 else "tie")
    return True


def _end(state: Any, teams: list[int], ending: str) -> None:
    """The game ends: *teams* win (none: a tie, or everybody lost to a boss)."""
    state.winners = list(teams)
    state.ending = ending
    state.events.append(
        "game-ends",
        {
            "ending": ending,
            "winners": [state.teams[t].faction for t in teams],
            "vp": [team.vp for team in state.teams],
        },
    )
    while state.flow.steps:
        state.flow.pop()
