"""What every state of the map game holds (issue 24 §6 fuzz): checked after every action of the
random games of the tests, and of a saved game when it is read back.

Resources never negative (§5.13), MP never negative (§5.2), heroes only on face-up fields that
are not blocked (§5.1), at most one Secondary Hero a player (§5.6), one town a field, no
face-down tile or Far pool tile named in any seat's observation (§5.1, issue 24 §4); and, from
the log, at most one building a town a round (§5.14.1).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from rulekeeper.games.homm3.map import board
from rulekeeper.games.homm3.map.model import SECONDARY

__all__ = ["log_problems", "problems"]


def problems(state: Any, views: bool = True) -> list[str]:
    """Every broken invariant of *state*, in words (empty: none)."""
    found: list[str] = []
    for player in state.players:
        for name, amount in player.resources.amounts.items():
            if amount < 0:
                found.append(f"player {player.seat} has {amount} {name}")
    for item in state.heroes:
        if item.mp < 0:
            found.append(f"{item.id} has {item.mp} MP")
        if item.field:
            printed = board.field_at(state, item.field)
            if printed is None:
                found.append(f"{item.id} stands on {item.field}, no face-up field")
            elif item.field in state.tilemap().graph.closed:
                found.append(f"{item.id} stands on the blocked field {item.field}")
    for ai in state.ai_heroes:  # §5.24.2: 3 MP; on an open face-up field until beaten
        if not 0 <= ai.mp <= 3:
            found.append(f"the AI hero {ai.id} has {ai.mp} MP")
        if ai.defeated and ai.field:
            found.append(f"the beaten AI hero {ai.id} still stands on {ai.field}")
        if ai.on_map and (
            board.field_at(state, ai.field) is None or ai.field in state.tilemap().graph.closed
        ):
            found.append(f"the AI hero {ai.id} stands on {ai.field}, no open face-up field")
    secondaries = Counter(h.seat for h in state.heroes if h.role == SECONDARY)
    found += [f"player {s} has {n} Secondary Heroes" for s, n in secondaries.items() if n > 1]
    fields = Counter(t.field for t in state.towns)
    found += [f"{n} towns on {k}" for k, n in fields.items() if n > 1]
    if views:
        found += _hidden_tiles_shown(state)
    return found


def log_problems(state: Any) -> list[str]:
    """What the whole log shows broken: more than one building a town a round (§5.14.1)."""
    built = Counter(
        (e.data.get("field"), e.data.get("round")) for e in state.events if e.kind == "built"
    )
    return [f"{n} buildings in town {k[0]} in round {k[1]}" for k, n in built.items() if n > 1]


def _hidden_tiles_shown(state: Any) -> list[str]:
    """Face-down and Far pool tiles named in an observation (none may be)."""
    hidden = {t for tiles in state.tiles_down.values() for t in tiles}
    hidden |= {t for p in state.players for t in p.far_pool}
    out = []
    for seat in [-1, *range(state.num_players)]:
        text = json.dumps(state.observation(seat) if seat >= 0 else state.spectator_observation())
        out += [f"seat {seat} sees the hidden tile {t}" for t in sorted(hidden) if f'"{t}"' in text]
    return out
