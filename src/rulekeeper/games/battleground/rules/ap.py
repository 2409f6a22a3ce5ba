"""Action points (rulebook, Perform Actions; Attack; Free Actions): what an action costs in a
turn, and spending it (the state no longer forwards these; issue 21 §2)."""

from __future__ import annotations

from rulekeeper.games.battleground.model import Turn


def cost_of(turn: Turn, kind: str) -> int:
    """Rulebook, Perform Actions: 1 AP, and 1 more for each repeat in the activation."""
    return turn.counts.get(kind, 0) + 1


def weapon_cost(turn: Turn, weapon_type: str) -> int:
    """Rulebook, Attack: 1 AP for the first use of a weapon type, 1 more per repeat."""
    return turn.weapon_counts.get(weapon_type, 0) + 1


def charge(turn: Turn, kind: str) -> int:
    """The AP that :func:`spend` takes for an action of *kind* now (a free one: none)."""
    return 0 if kind in turn.free_actions else cost_of(turn, kind)


def spend(turn: Turn, kind: str) -> None:
    """Pay for an action of *kind*: its AP and one more repeat (a free action: neither)."""
    cost = charge(turn, kind)
    if kind in turn.free_actions:
        turn.free_actions.remove(kind)  # Free Actions: no AP, and costs do not rise
        return
    turn.ap -= cost
    turn.counts[kind] = turn.counts.get(kind, 0) + 1


def can_afford(turn: Turn, kind: str) -> bool:
    """Whether the turn has the AP for an action of *kind* (or it is free)."""
    return kind in turn.free_actions or cost_of(turn, kind) <= turn.ap
