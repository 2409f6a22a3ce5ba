"""Victory, elimination and the end of the game (homm3.md §1.4, §5.22, §8.37, §9.13).

The scenario's victory conditions are checked (``decided``); the default Clash condition is
capturing every town and settlement of the other players, which in practice means every other
player is eliminated. A player with no town and no settlement is eliminated at the end of the
third full round after the round in which it lost the last one (§1.4, §9.13). When the last
round of the scenario ends, ``at_limit`` says what it gives: a draw, or a winner by score.

In solo and co-op the players are one team (homm3.md §1.2, §5.24): a victory condition met by
any of them wins for all of them, and the team loses together when a defeat condition holds
(its starting town taken, a Main Hero beaten: the scenario's ``defeat``), when every player is
eliminated, or, with ``at_limit: defeat``, when the last round ends without a victory.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.map import economy, places
from rulekeeper.games.homm3.map.model import AI_SEAT
from rulekeeper.games.homm3.map.teams import team_mode

__all__ = [
    "decided",
    "end_of_round",
    "finish",
    "main_hero_beaten",
    "out_of_rounds",
    "team_loses",
    "winners",
]

ELIMINATION_ROUNDS = 3


def _standing(state: Any) -> list[int]:
    return [p.seat for p in state.players if not p.eliminated]


def _captured_all(state: Any, seat: int, towns_only: bool) -> bool:
    """Whether *seat* holds every town (and settlement) another player held at the start or
    holds now: the others hold none (in solo and co-op: the AI heroes' flags)."""
    others = [AI_SEAT] if team_mode(state) else [o for o in _standing(state) if o != seat]
    for other in others:
        held = places.held_places(state, other)
        if towns_only:
            held = [k for k in held if any(t.field == k for t in state.towns)]
        if held:
            return False
    return True


def _team_winners(state: Any) -> list[int]:
    """Every seat, when a player meets a victory condition (solo, co-op)."""
    for seat in _standing(state):
        if any(_holds(state, seat, c) for c in state.game.scenario.victory):
            return [p.seat for p in state.players]
    return []


def _team_defeat(state: Any) -> str:
    """Why the team has lost now ("": it has not)."""
    if not _standing(state):
        return "every player is eliminated (homm3.md §1.4)"
    if "lose-start-town" in state.game.scenario.defeat:
        for town in state.towns:
            if town.seat >= 0 and town.owner != town.seat and town.owner == AI_SEAT:
                return "an AI hero took a player's starting town (the scenario's defeat)"
    return ""


def team_loses(state: Any, why: str) -> None:
    """The team loses now (solo, co-op): the game ends in a defeat for every seat."""
    if state.winners or state.ending:
        return
    state.ending = "defeat"
    state.events.append("team-defeated", {"why": why})


def winners(state: Any) -> list[int]:
    """The seats a victory condition names now (empty: none yet)."""
    if team_mode(state):
        return _team_winners(state)
    standing = _standing(state)
    if len(standing) == 1:
        return standing
    found = []
    for seat in standing:
        for condition in state.game.scenario.victory:
            if _holds(state, seat, condition):
                found.append(seat)
                break
    return found


def _holds(state: Any, seat: int, condition: Any) -> bool:
    kind, params = condition.kind, condition.params
    if kind == "capture-all":
        return _captured_all(state, seat, params.get("what") == "towns")
    if kind == "cubes":
        cubes = state.players[seat].cubes
        if params.get("each"):
            others = [p.faction for p in state.players if p.seat != seat]
            return all(cubes.count(f) >= int(params["each"]) for f in others)
        return len(cubes) >= int(params.get("count", 1))
    if kind == "last-standing":
        return _standing(state) == [seat]
    if kind == "grail":
        return bool(state.players[seat].grail)
    if kind == "defeat-ai-heroes":
        return bool(state.ai_heroes) and all(a.defeated for a in state.ai_heroes)
    return False


def decided(state: Any) -> bool:
    """Whether the game is won (a victory condition holds for somebody)."""
    if state.winners or state.ending == "defeat":
        return True
    if team_mode(state):
        why = _team_defeat(state)
        if why:
            team_loses(state, why)
            return True
    found = winners(state)
    if found:
        state.winners = found
        state.ending = "victory"
    return bool(found)


def out_of_rounds(state: Any) -> bool:
    """Whether the scenario's last round has been played."""
    limit = state.rounds_limit()
    return bool(limit) and state.round >= limit


def end_of_round(state: Any) -> None:
    """The elimination clock (§1.4, §9.13): starts when a player's last town or settlement is
    lost; three full rounds later the player is eliminated."""
    for player in state.players:
        if player.eliminated:
            continue
        if places.held_places(state, player.seat):
            player.homeless_since = 0
            continue
        if not player.homeless_since:
            player.homeless_since = state.round
            state.events.append("elimination-clock", {"seat": player.seat})
        elif state.round - player.homeless_since >= ELIMINATION_ROUNDS:
            eliminate(state, player.seat)


def main_hero_beaten(state: Any, seat: int) -> None:
    """*seat*'s Main Hero lost a fight: with the scenario's defeat ``lose-main-hero`` (§1.4)
    that player loses, in solo and co-op with the whole team, in Clash by elimination."""
    if "lose-main-hero" not in state.game.scenario.defeat or state.players[seat].eliminated:
        return
    if team_mode(state):
        team_loses(state, "a player's Main Hero was beaten (the scenario's defeat)")
    else:
        eliminate(state, seat)


def eliminate(state: Any, seat: int) -> None:
    """*seat* is out (§1.4): its heroes leave the map."""
    state.players[seat].eliminated = True
    state.heroes = [h for h in state.heroes if h.seat != seat]
    state.events.append("eliminated", {"seat": seat})


def finish(state: Any) -> None:
    """The game ends: by a victory, or at the round limit (a draw or the best score)."""
    if state.ending == "defeat":
        pass
    elif not state.winners and state.game.scenario.at_limit == "defeat":
        state.ending = "defeat"
        state.events.append("team-defeated", {"why": "the last round ended without a victory"})
    elif not state.winners:
        state.ending = "round-limit"
        if state.game.scenario.at_limit == "score":
            scores = {p.seat: score(state, p.seat) for p in state.players if not p.eliminated}
            best = max(scores.values())
            state.winners = [s for s, v in scores.items() if v == best]
            if len(state.winners) == len(scores):  # every player standing ties: a draw
                state.winners = []
    state.events.append("game-ends", {"ending": state.ending, "winners": list(state.winners)})


def score(state: Any, seat: int) -> tuple[int, int, int, int]:
    """The round-limit score: towns and settlements, then faction cubes, then income (its
    three resources counted alike), then resources in stock (our reading, docs/homm3.md)."""
    player = state.players[seat]
    held = len(places.held_places(state, seat))
    income = sum(economy.income(state, seat).values())
    return (held, len(player.cubes), income, player.resources.total())
