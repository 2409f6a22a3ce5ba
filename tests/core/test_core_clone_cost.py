"""The cost of a clone does not grow with the length of the game (no timing involved).

What a clone costs is measured as memory: the bytes of every object reachable from the clone
but not from the original. History and event log are shared chains, so this stays the same
after 10 and after 1,000 actions of a long toy game; copying them would make it grow."""

from __future__ import annotations

import gc
import sys
import types
from typing import Any

from toy_game import PickCards, ToyGame, ToyState

from rulekeeper.core import CHANCE, SIMULTANEOUS, Pcg32
from rulekeeper.core.history import history_of

_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType)


def reachable(root: object) -> dict[int, object]:
    """Every object reachable from *root* (classes, modules and functions left out)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _OPAQUE):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return seen


def size(obj: object) -> int:
    # An instance's __dict__ may be laid out in several ways (CPython shares keys, keeps
    # values inline...): count a dict as a fresh one with the same entries would be.
    return sys.getsizeof(dict(obj) if type(obj) is dict else obj)


def clone_cost(original: object, clone: object) -> int:
    """Bytes held by *clone* alone: objects reachable from it and not from *original*."""
    shared = reachable(original)
    return sum(size(obj) for key, obj in reachable(clone).items() if key not in shared)


def advance(state: ToyState, rng: Pcg32, actions: int) -> None:
    """Play at random until at least *actions* were taken and a round is about to start."""
    while True:
        top = state.flow.top()
        at_round_start = isinstance(top, PickCards) and len(top.waiting(state)) == 2
        if len(state.history()) >= actions and at_round_start:
            return
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
        elif player == SIMULTANEOUS:
            seat = rng.choice([p for p in (0, 1) if state.legal_actions(p)])
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_clone_cost_does_not_grow_with_the_game() -> None:
    state = ToyGame(rounds=1000, redraw=True).new_initial_state(1)
    assert isinstance(state, ToyState)
    rng = Pcg32(2)
    advance(state, rng, 10)
    early = clone_cost(state, state.clone())
    advance(state, rng, 1000)
    assert not state.is_terminal() and len(state.history()) >= 1000
    late = clone_cost(state, state.clone())
    assert abs(late - early) <= 0.1 * early, (early, late)


def test_the_measure_sees_a_copied_history() -> None:
    # Guards the guard: a clone that copied its history would be caught.
    state = ToyGame(rounds=1000).new_initial_state(1)
    assert isinstance(state, ToyState)
    advance(state, Pcg32(3), 300)
    shared = state.clone()
    copied: Any = state.clone()
    copied._history = history_of(state.history())
    # A copy holds at least one reference (8 bytes) per entry, the items themselves shared.
    extra = clone_cost(state, copied) - clone_cost(state, shared)
    assert extra >= 8 * len(state.history()), extra
