"""Action values of Battleground, built once and cached: legal-action lists rebuild the same few
thousand actions over and over, and actions are immutable."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.jsonvalue import freeze
from rulekeeper.games.battleground.board.hexes import Position

_ACTIONS: dict[tuple[Any, ...], Action] = {}
SIMPLE_ACT_KINDS = frozenset({"focus", "overwatch", "end", "play", "skill", "use-item"})


def act(kind: str, **params: Any) -> Action:
    """An action value from a cache: legal-action lists rebuild the same few thousand actions
    over and over, and actions are immutable. The key keeps types apart (1, 1.0, True)."""
    if len(params) == 1:
        ((name, value),) = params.items()
        key: tuple[Any, ...] = (kind, name, type(value).__name__, freeze(value))
    else:
        key = (kind, *sorted((k, type(v).__name__, freeze(v)) for k, v in params.items()))
    found = _ACTIONS.get(key)
    if found is None:
        if len(_ACTIONS) > 200_000:
            _ACTIONS.clear()
        found = Action.of(kind, **params)
        _ACTIONS[key] = found
    return found


@lru_cache(maxsize=4096)
def card_choices(
    kind: str, hand: tuple[str, ...], glory: tuple[str, ...], extra: tuple[str, ...]
) -> tuple[Action, ...]:
    cards = sorted(set(hand)) + sorted(set(glory))
    return (*(act(kind, card=c) for c in cards), *(act(k) for k in extra))


@lru_cache(maxsize=64)
def face_choices(directions: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(act("face", direction=d) for d in directions)


@lru_cache(maxsize=4096)
def discard_choices(hand: tuple[str, ...]) -> tuple[Action, ...]:
    """Preparation Phase: any number of cards may be discarded (each distinct choice once)."""
    options: set[tuple[str, ...]] = set()
    for size in range(len(hand) + 1):
        options.update(combinations(hand, size))
    return tuple(act("discard", cards=list(c)) for c in sorted(options, key=lambda c: (len(c), c)))


@cache
def move_action(pos: Position, use_focus: bool) -> Action:
    """Actions are immutable values: the few thousand distinct moves are built once."""
    return Action.of("move", to=pos.to_json(), focus=use_focus)  # keep: the cache itself
