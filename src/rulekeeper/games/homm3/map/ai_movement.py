"""How an AI hero moves on the map (homm3.md §5.24.2, §9.13; docs/homm3.md "Solo and co-op").

After the players' turns of a round ([EXT] the community rewrite: "AI heroes take their turn
after the player"), each AI hero on the map spends its 3 MP one field at a time. Before every
field it looks again (§9.13) and takes the first of these that it can:

1. a player's hero on its tile: it goes for that hero, and the fight ends its turn (§9.13:
   step 1's "all MP" ends the loop when the hero is reached);
2. a mine or settlement on its tile that the AI has not flagged: it goes to the nearest one;
3. it goes toward the nearest town of the players.

"Nearest" counts fields on the core graph of the face-up tiles, walls and blocked fields
respected, a face-down tile counted as its seven open fields; entering a face-down tile turns
it up first, for 1 MP, and the player lays it ([EXT] the rewrite). A field holding a player's
hero is entered only to fight it; a Sanctuary holding one is never entered (§8.19). When two
or more fields are equally good next steps (a tie between targets or between ways), the
player chooses (§9.13, as in the combat, :class:`AiChoiceStep`). Every move is an automatic
step, logged with the step of the loop that chose it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import Edge, Graph, Mover, hex_key, key_hex, nearest, reachable
from rulekeeper.core.hexes import neighbours
from rulekeeper.games.homm3.map import (
    ai_heroes,
    board,
    exploration,
    geometry,
    movement,
    victory,
)
from rulekeeper.games.homm3.map.ai_fights import AiFightStep
from rulekeeper.games.homm3.map.model import AI_SEAT, NOBODY_SEAT, AiHero

__all__ = ["AI_MP", "AiChoiceStep", "AiTurnStep", "Plan", "plan"]

AI_MP = 3
"""Movement points of an AI hero a round (§5.24.2)."""
RULE = ai_heroes.RULE_AI
STEP_RULES = {
    1: "homm3.md §5.24.2 step 1 (a player's hero on the AI hero's tile)",
    2: "homm3.md §5.24.2 step 2 (a mine or settlement on its tile to flag)",
    3: "homm3.md §5.24.2 step 3 (toward the players' town)",
}
STEP_WORDS = {
    1: "goes for your hero on its tile",
    2: "goes to flag the nearest mine or settlement on its tile",
    3: "moves toward your town",
}


class Plan(NamedTuple):
    """The AI hero's next field: the loop's step that chose it, the fields equally good for
    it (one: no choice; more: the player chooses), and the targets it goes for."""

    step: int
    options: tuple[str, ...]
    targets: tuple[str, ...]


def _hidden(state: Any) -> dict[str, str]:
    """The fields of the face-down tiles, each with its slot's centre."""
    return {hex_key(h): slot.at for slot in state.face_down for h in geometry.slot_fields(slot.at)}


def _graph(state: Any) -> tuple[Graph, dict[str, str]]:
    """The face-up fields' graph with the face-down tiles' fields added, and the slot each
    face-down field lies in."""
    base = state.tilemap().graph
    hidden = _hidden(state)
    edges = list(base.edges)
    known = set(base.nodes)
    for key in hidden:
        for n in neighbours(key_hex(key)):
            other = hex_key(n)
            inside = other in hidden and other > key  # each edge of two hidden fields once
            if inside or (other in known and other not in base.closed):
                edges.append(Edge(key, other))
    return Graph((*base.nodes, *hidden), tuple(edges), base.blocked), hidden


def _sanctuary_heroes(state: Any) -> tuple[str, ...]:
    return tuple(
        h.field
        for h in ai_heroes.players_heroes(state)
        if (p := board.field_at(state, h.field)) is not None and p.location == "sanctuary"
    )


def _targets(state: Any, item: AiHero, step: int, shut: Sequence[str]) -> list[str]:
    """The fields step *step* of the loop goes for (none: the step does not apply)."""
    here = geometry.slot_of(item.field)
    if step == 1:
        return [
            h.field
            for h in ai_heroes.players_heroes(state)
            if geometry.slot_of(h.field) == here and h.field not in shut
        ]
    if step == 2:
        found: list[str] = []
        if not state.game.scenario.rule("ai-flags"):
            return found  # the scenario's switch: its AI heroes flag nothing
        for h in geometry.slot_fields(here):
            key = hex_key(h)
            printed = board.field_at(state, key)
            if printed is None or printed.location not in ai_heroes.FLAGGED or key == item.field:
                continue
            if board.site_owner(state, key) != AI_SEAT and key not in shut:
                found.append(key)
        return found
    return [t.field for t in state.towns if t.owner not in (AI_SEAT, NOBODY_SEAT)]


def plan(state: Any, item: AiHero) -> Plan | None:
    """The AI hero's next field by the loop (module doc); None: no step can be taken."""
    graph, _ = _graph(state)
    shut = _sanctuary_heroes(state)
    stops = tuple(h.field for h in ai_heroes.players_heroes(state) if h.field not in shut)
    mover = Mover(blocked=shut, stops=stops)
    for step in (1, 2, 3):
        targets = [t for t in _targets(state, item, step, shut) if t in graph]
        goals = nearest(graph, item.field, targets, mover) if targets else ()
        goals = tuple(g for g in goals if g != item.field)
        if not goals:
            continue
        options: set[str] = set()
        for goal in goals:
            back = reachable(graph, goal, None, mover)
            far = back.get(item.field)
            if far is None:
                continue
            for n in graph.neighbours(item.field):
                if n in graph.closed or n in shut or (n in stops and n != goal):
                    continue
                if back.get(n) == far - 1:
                    options.add(n)
        if options:
            return Plan(step, tuple(sorted(options, key=graph.index)), goals)
    return None


def _go(state: Any, item: AiHero, key: str, step: int) -> None:
    """Take the AI hero onto *key* (a face-down field: turn its tile up first, 1 MP)."""
    hidden = _hidden(state)
    if key in hidden:
        item.mp -= 1
        at = hidden[key]
        state.events.append("ai-reveals", {"hero": item.id, "at": at, "rule": STEP_RULES[step]})
        exploration.reveal(state, ai_heroes.decider(state), item.id, at, item.field)
        return
    refused = movement.step_refusal(state, item, key)  # the rules a player's step obeys
    if refused is not None:
        raise RuntimeError(f"the AI hero {item.id} may not step to {key}: {refused[1]}")
    item.mp -= 1
    item.previous, item.field = item.field, key
    state.events.append(
        "ai-hero-moves",
        {"hero": item.id, "from": item.previous, "to": key, "rule": STEP_RULES[step]},
    )
    enemies = [h for h in ai_heroes.players_heroes(state) if h.field == key]
    if enemies:
        item.mp = 0  # §9.13: step 1 ends the loop when the hero is reached
        target = next((h for h in enemies if h.role == "main"), enemies[0])
        state.flow.push(AiFightStep(ai=item.id, hero=target.id, field=key, ai_attacks=True))
        return
    ai_heroes.enter_field(state, item, key)


@dataclass
class AiTurnStep(Step[Any]):
    """An AI hero's turn (automatic): one field a run until its MP are spent (module doc)."""

    kind = "ai-turn"
    rule = RULE
    hero: str = ""

    def run(self, state: Any) -> None:
        item = ai_heroes.ai_hero(state, self.hero)
        if item is None or not item.on_map or item.mp <= 0 or victory.decided(state):
            state.flow.pop()
            return
        found = plan(state, item)
        if found is None:
            state.events.append("ai-stays", {"hero": item.id, "rule": RULE})
            item.mp = 0
            state.flow.pop()
            return
        if len(found.options) > 1:
            state.flow.push(
                AiChoiceStep(
                    seat=ai_heroes.decider(state),
                    hero=item.id,
                    step=found.step,
                    options=list(found.options),
                )
            )
            return
        _go(state, item, found.options[0], found.step)


@dataclass
class AiChoiceStep(Step[Any]):
    """The player chooses which of equally good fields the AI hero takes next (§9.13)."""

    kind = "ai-choice"
    rule = "homm3.md §9.13 (AI movement: among equally near targets the player chooses)"
    public_kinds = frozenset({"ai-step"})
    seat: int = 0
    hero: str = ""
    step: int = 3
    options: list[str] = dataclasses.field(default_factory=list)

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [Action.of("ai-step", to=key) for key in self.options]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action.kind != "ai-step" or action.get("to") not in self.options:
            words = STEP_WORDS.get(self.step, "moves")
            return (self.rule, f"the AI hero {words}: choose its next field of {self.options}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        item = ai_heroes.ai_hero(state, self.hero)
        if item is not None:
            _go(state, item, action.str_param("to"), self.step)
