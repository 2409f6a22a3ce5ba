"""A skirmish's VP (spec §5.18.1): the scenario's scoring rules, the conversion of VP it does
not score into Eternium, its end.

A skirmish scores only what its scenario's ``scoring`` switches say (no victory cards). VP the
standard rules would give for something the scenario does not score are 2 Eternium each
instead (spec §5.18.1: defeating an enemy hero, an epic beast). The game ends after the
scenario's last round; then the end-of-game switches score, and the standard tie-breaks follow
(spec §1.3, scoring.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulekeeper.games.eternia.map.outposts import controlled

__all__ = ["AT_END", "DURING", "at_end", "converted", "last_round"]

RULE_SKIRMISH_VP = "spec §5.18.1 (rulebook p.33): a skirmish's VP"
CONVERSION = 2
"""Eternium per VP a skirmish does not score (spec §5.18.1)."""


def _rules(state: Any) -> list[Any]:
    return list(state.setting.scoring)


def _amount(rule: Any) -> int:
    return int(getattr(rule, "amount", None) or getattr(rule, "vp", None) or 1)


DURING: Mapping[str, str] = {
    "vp-per-enemy-hero-defeated": "enemy hero",
    "vp-per-epic-beast-defeated": "epic beast",
}
"""The switches that let a VP of the standard rules score, and the reason they score."""


def converted(state: Any, team: int, vp: int, why: str) -> bool:
    """In a skirmish, whether *team*'s *vp* for *why* are not the scenario's to score: then the
    team gains 2 Eternium per VP instead (True); False: the VP score as usual."""
    if not state.skirmish():
        return False
    for rule in _rules(state):
        if DURING.get(str(rule.kind)) == why:
            return False
    state.teams[team].pool.gain({"eternium": CONVERSION * vp})
    state.events.append("vp-converted", {"team": team, "vp": vp, "eternium": CONVERSION * vp})
    return True


def _outposts(state: Any, team: int, rule: Any) -> int:
    """VP for each outpost (of the rule's areas, if it names some) the team controls."""
    areas = set(getattr(rule, "areas", None) or ())
    held = [a for a in controlled(state, team) if state.board.base_team(a) is None]
    return _amount(rule) * sum(1 for a in held if not areas or a in areas)


def _artifacts(state: Any, team: int, rule: Any) -> int:
    """VP for each artifact the team's heroes wear."""
    return _amount(rule) * sum(1 for h in state.heroes if h.team == team and h.artifact)


def _tamed(state: Any, team: int, rule: Any) -> int:
    """VP for each tamed beast the team's heroes hold."""
    kinds = ("beast", "epic-beast")
    return _amount(rule) * sum(1 for h in state.heroes if h.team == team and h.mount_kind in kinds)


def _soldiers(state: Any, team: int, rule: Any) -> int:
    """VP for each of the team's soldiers on the map."""
    return _amount(rule) * int(sum(counts[team] for counts in state.soldiers.values()))


AT_END: Mapping[str, Callable[[Any, int, Any], int]] = {
    "vp-per-outpost-held-at-end": _outposts,
    "vp-per-artifact-at-end": _artifacts,
    "vp-per-tamed-beast-at-end": _tamed,
    "vp-per-soldier-at-end": _soldiers,
}
"""The switches that score at the end of a skirmish."""


def last_round(state: Any) -> bool:
    """Whether this round is a skirmish's last (its scenario's ``rounds``)."""
    return bool(state.round >= int(state.setting.rounds))


def at_end(state: Any) -> None:
    """The end-of-game switches score for every team."""
    for rule in _rules(state):
        score = AT_END.get(str(rule.kind))
        if score is None:
            continue
        for team in range(len(state.teams)):
            vp = score(state, team, rule)
            if vp:
                state.score_vp(team, vp, str(rule.kind))
