"""The small clicking policy of the HoMM3 map browser tests (issue 25 §1): among the actions
the page offers (``data-action`` of its elements), explore when it can, build and recruit when
offered, move a hero toward the nearest target (a guarded field, a face-down tile), else end
the turn. Pure: it sees action strings and field keys only, so the same choice can be made on
a state in Python (to find a seed) and on the page."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rulekeeper.core import Action
from rulekeeper.server.hosted import parse_action

FIRST = ("reveal", "build", "recruit", "reinforce", "transport")
"""Taken at once when offered, in this order."""
LATER = ("keep", "done", "pass", "bonus", "lay", "choose-effect", "choose-option", "roll")
"""The answers to the other steps, in this order (then whatever is first)."""
AVOID = frozenset(
    {
        "surrender",
        "retreat",
        "flee",
        "play-card",
        "use-building",
        "morale-draw",
        "morale-cycle",
        "trade",
    }
)
"""Never chosen while anything else is offered."""


def distance(a: str, b: str) -> int:
    """Hexes between two axial field keys "q,r"."""
    aq, ar = (int(part) for part in a.split(","))
    bq, br = (int(part) for part in b.split(","))
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def nearest(key: str, targets: Iterable[str]) -> int:
    """How far *key* is from the nearest target (99: no target)."""
    return min((distance(key, target) for target in targets), default=99)


def choose(
    actions: Sequence[str],
    targets: Iterable[str],
    heroes: dict[str, str],
    been: set[str],
    avoid: frozenset[str] = frozenset(),
) -> str:
    """The policy's action among *actions* (module doc): *heroes* the field of each hero of the
    seat, *been* the fields its heroes stood on this turn (a move back there is no progress),
    *avoid* fields not to enter (a guard once one fight was had)."""
    parsed = [(text, parse_action(text)) for text in actions]
    by_kind: dict[str, list[tuple[str, Action]]] = {}
    for text, action in parsed:
        by_kind.setdefault(action.kind, []).append((text, action))
    for kind in FIRST:
        if kind in by_kind:
            return by_kind[kind][0][0]
    goals = list(targets)
    moves = []
    for text, action in by_kind.get("move", []):
        to = str(action.get("to"))
        if to in been or to in avoid:
            continue
        here = heroes.get(str(action.get("hero")), to)
        gain = nearest(here, goals) - nearest(to, goals)
        moves.append((-gain, nearest(to, goals), text))
    if moves:
        moves.sort()
        if moves[0][0] < 0 or "end-turn" not in by_kind:
            return moves[0][2]
    if "end-turn" in by_kind:
        return by_kind["end-turn"][0][0]
    for kind in LATER:
        if kind in by_kind:
            return by_kind[kind][0][0]
    calm = [text for text, action in parsed if action.kind not in AVOID]
    return (calm or list(actions))[0]
