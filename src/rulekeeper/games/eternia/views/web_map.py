"""The Fields of Eternia map board as data for a browser (issue 28 §3): what
``views/static/eternia-map.js`` draws for one seat, as JSON-safe values.

    battlefield_board(state)     # the map: its areas (kind, name, place), ways, towers, bases
    public_board(state)          # heroes, soldiers, outposts held, teams, round, offers, combat
    seat_board(state, seat)      # the seat's choices (legal actions in words), its heroes

Nothing a seat may not know is read for it: the public parts come from the spectator's
observation, the seat's from its own; the choices are its legal actions. No rule is written
here.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rulekeeper.core import JsonObject

__all__ = ["battlefield_board", "layout", "public_board", "seat_board"]

ITERATIONS = 300


def layout(board: Any) -> dict[str, tuple[float, float]]:
    """A place for each area in the unit square: the map file's ``at`` where it gives one,
    else a spring layout of the land graph, the same for the same map (its own seed)."""
    nodes = list(board.graph.nodes)
    given = {a: board.place(a) for a in nodes if board.place(a) is not None}
    if len(given) == len(nodes):
        return {a: (float(x), float(y)) for a, (x, y) in given.items()}
    rng = random.Random(len(nodes))
    pos = {a: given.get(a, (rng.random(), rng.random())) for a in nodes}
    edges = [(a, b) for a in nodes for b in board.graph.neighbours(a) if a < b]
    k = 1.0 / math.sqrt(len(nodes))
    step = 0.1
    for _ in range(ITERATIONS):
        move = {a: [0.0, 0.0] for a in nodes}
        for i, a in enumerate(nodes):
            for b in nodes[i + 1 :]:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                d = max(1e-3, math.hypot(dx, dy))
                f = k * k / d
                move[a][0] += dx / d * f
                move[a][1] += dy / d * f
                move[b][0] -= dx / d * f
                move[b][1] -= dy / d * f
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = max(1e-3, math.hypot(dx, dy))
            f = d * d / k
            move[a][0] -= dx / d * f
            move[a][1] -= dy / d * f
            move[b][0] += dx / d * f
            move[b][1] += dy / d * f
        for a in nodes:
            if a in given:
                continue
            dx, dy = move[a]
            d = max(1e-9, math.hypot(dx, dy))
            pos[a] = (pos[a][0] + dx / d * min(d, step), pos[a][1] + dy / d * min(d, step))
        step *= 0.985
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    return {a: ((x - min(xs)) / span, (y - min(ys)) / span) for a, (x, y) in pos.items()}


def battlefield_board(state: Any) -> JsonObject:
    """The map, which never changes in a game."""
    board = state.board
    places = layout(board)
    areas = []
    for area in board.graph.nodes:
        x, y = places[area]
        areas.append(
            {
                "id": area,
                "name": board.area_name(area),
                "kind": "outpost" if board.is_outpost(area) else "wild",
                "x": round(x, 4),
                "y": round(y, 4),
                "eternium": board.eternium(area) if board.is_outpost(area) else 0,
                "merchant": board.merchant_of(area) or "",
                "tower": area in board.towers(),
                "base": board.base_team(area) or "",
            }
        )
    ways = [
        {"a": a, "b": arc.to, "kind": arc.kind}
        for a in board.graph.nodes
        for arc in board.graph.arcs(a)
        if a < arc.to
    ]
    return {"areas": areas, "ways": ways, "map": board.name}


def public_board(state: Any) -> JsonObject:
    """What every seat and spectator sees alike."""
    doc = state.spectator_observation()
    return {
        "round": {
            "round": doc["round"],
            "rounds": doc["rounds"],
            "time": doc["time"],
            "skull": doc["skull"],
            "track": [{"time": s.time, "skull": s.skull} for s in state.game.track],
        },
        "teams": [
            {
                "faction": t["faction"],
                "name": state.faction_name(t["faction"]),
                "seats": t["seats"],
                "eternium": t["eternium"],
                "vp": t["vp"],
                "soldiers": t["soldiers"],
                "outposts": t["outposts"],
            }
            for t in doc["teams"]
        ],
        "heroes": [
            {
                "id": h["id"],
                "name": state.pack.heroes[h["id"]].name,
                "team": h["team"],
                "area": h["area"],
                "hp": h["hp"],
                "health": h["health"],
                "activated": h["activated"],
                "seat": h["seat"],
                "flies": h["flies"],
                "held": [h[k] for k in ("ally", "mount", "artifact") if h[k]]
                + list(h["armor"].values()),
            }
            for h in doc["heroes"]
        ],
        "soldiers": doc["soldiers"],
        "missions": list(state.missions),
        "vines": doc["vines"],
        "boss": doc["boss"],
        "lairs": doc["lairs"],
        "mode": doc["mode"],
        "deployed": doc["deployed"],
        "offers": doc["offers"],
        "combat": doc.get("combat"),
        "ending": doc["ending"],
        "solo": doc.get("solo"),
    }


def seat_board(state: Any, seat: int | None) -> JsonObject:
    """*seat*'s own: its choices in words (each with the area it names, to click on the map),
    its team's heroes' hidden holdings and the combat as it sees it (its own face-down cards;
    None: a spectator, nothing)."""
    if seat is None:
        return {"choices": [], "mine": []}
    doc = state.observation(seat)
    choices = []
    if not state.is_terminal() and state.current_player() == seat:
        for action in state.legal_actions(seat):
            choices.append(
                {
                    "action": str(action),
                    "kind": action.kind,
                    "text": state.describe(action),
                    "area": str(action.get("to", action.get("area", "")) or ""),
                }
            )
    mine = [
        {"id": h["id"], "spells": h["spells"], "backpack": h["backpack"]}
        for h in doc["heroes"]
        if isinstance(h["spells"], list)
    ]
    return {"choices": choices, "mine": mine, "combat": doc.get("combat")}
