"""Small helpers for HoMM3 combat rules tests: compact battle files started mid-battle, forced
dice, the unit now activating, and checked refusals.

A unit is written ``"card@field"``, ``"card:pack@field"`` or ``"id=card:pack@field"`` (the
field may be left out: the unit waits in reserve), or as a battle-file unit object.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from rulekeeper.core import CHANCE, TERMINAL, Action, ResponseWindow, load_game
from rulekeeper.core.errors import IllegalActionError
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.attack import AttackStep

FIGHT = [{"kind": "battle", "stage": "fight"}]
"""``pending``: start the first combat round with the units as placed (no deployment)."""
HERO_A = {"name": "Catherine", "faction": "castle", "level": 2, "mp": 2, "gold": 12}
HERO_D = {"name": "Sandro", "faction": "necropolis", "level": 2, "mp": 1, "gold": 10}


def unit(spec: str | Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    """A battle-file unit from ``"[id=]card[:face][@field]"`` (or a unit object) plus *extra*."""
    if isinstance(spec, Mapping):
        return {**spec, **extra}
    entry: dict[str, Any] = {}
    if "=" in spec:
        entry["id"], spec = spec.split("=", 1)
    if "@" in spec:
        spec, entry["field"] = spec.split("@", 1)
    if ":" in spec:
        spec, entry["side"] = spec.split(":", 1)
    entry["card"] = spec
    return {**entry, **extra}


def battle(
    attacker: Iterable[str | Mapping[str, Any]],
    defender: Iterable[str | Mapping[str, Any]],
    *,
    attacker_kind: str = "hero",
    defender_kind: str = "hero",
    mode: str = "clash",
    attacker_hero: Mapping[str, Any] | None = None,
    defender_hero: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    site: Mapping[str, Any] | None = None,
    obstacles: list[Mapping[str, Any]] | None = None,
    pending: list[Mapping[str, Any]] | None = FIGHT,
    **top: Any,
) -> dict[str, Any]:
    """A battle file: the two sides' units, who leads them, and (by default) the fight begun."""
    sides: list[dict[str, Any]] = []
    for kind, units, hero, default in (
        (attacker_kind, attacker, attacker_hero, HERO_A),
        (defender_kind, defender, defender_hero, HERO_D),
    ):
        side: dict[str, Any] = {"kind": kind, "units": [unit(u) for u in units]}
        if kind in ("hero", "secondary-hero", "ai-hero"):
            side["hero"] = dict(hero if hero is not None else default)
        sides.append(side)
    doc: dict[str, Any] = {
        "format": "homm3-battle",
        "version": 1,
        "mode": mode,
        "site": dict(site or {"kind": "field"}),
        "attacker": sides[0],
        "defender": sides[1],
        **top,
    }
    if options:
        doc["options"] = dict(options)
    if obstacles is not None:
        doc["obstacles"] = [dict(o) for o in obstacles]
    if pending is not None:
        doc["pending"] = [dict(step) for step in pending]
    return doc


def start(doc: Mapping[str, Any], seed: int = 0, **params: Any) -> Any:
    """A new state of the battle *doc*."""
    game = load_game("homm3-combat", battle=dict(doc), **params)
    return pass_windows(game.new_initial_state(seed=seed))


def pass_windows(state: Any) -> Any:
    """Pass at every window where the seat to act may only pass, as a client passes for its own
    player (a hand with cards is asked even when nothing in it can be played: issue 20 §1)."""
    while state.current_player() >= 0 and isinstance(state.flow.steps[-1], ResponseWindow):
        legal = state.legal_actions()
        if [a.kind for a in legal] != ["pass"]:
            break
        state.apply_action(legal[0])
    return state


def fight(attacker: Any, defender: Any, **kwargs: Any) -> Any:
    """Start a battle built by :func:`battle` at its first round."""
    return start(battle(attacker, defender, **kwargs))


def act(state: Any, kind: str, seat: int | None = None, **params: Any) -> Any:
    """Apply ``kind`` with *params* for *seat* (default: the seat to act); returns the state."""
    state.apply_action(Action.of(kind, **params), seat)
    return pass_windows(state)


def roll(state: Any, *faces: int) -> Any:
    """Force the next Attack dice to *faces*, one chance node each."""
    for face in faces:
        assert state.current_player() == CHANCE, f"no die to roll now (rolling {faces})"
        state.apply_action(Action.of("roll", face=face))
        pass_windows(state)
    return state


def at_chance(state: Any) -> bool:
    return state.current_player() == CHANCE


def active(state: Any) -> str | None:
    """The unit whose activation is running (the topmost one), or None."""
    for step in reversed(state.flow.steps):
        if isinstance(step, ActivationStep):
            return step.unit
    return None


def attack_step(state: Any) -> AttackStep | None:
    for step in reversed(state.flow.steps):
        if isinstance(step, AttackStep):
            return step
    return None


def legal(state: Any) -> list[Action]:
    return list(state.legal_actions())


def moves(state: Any) -> set[str]:
    """Fields the active unit may move to now."""
    return {str(a.get("to")) for a in legal(state) if a.kind == "move"}


def targets(state: Any) -> set[str]:
    """Units the active unit may attack now."""
    return {str(a.get("target")) for a in legal(state) if a.kind == "attack"}


def kinds(state: Any) -> set[str]:
    return {a.kind for a in legal(state)}


def events(state: Any, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.events if e.kind == kind]


def last(state: Any, kind: str) -> dict[str, Any]:
    found = events(state, kind)
    assert found, f"no {kind!r} event"
    return found[-1]


def attacks(state: Any) -> list[dict[str, Any]]:
    """Every resolved attack (``attack`` events: attacker, target, kind, dice, die, attack,
    defence, damage, ...)."""
    return events(state, "attack")


def refuse(state: Any, kind: str, seat: int | None = None, **params: Any) -> IllegalActionError:
    """Check that ``kind`` is refused: the refusal names a rule, ``explain`` agrees, and the
    state is unchanged."""
    action = Action.of(kind, **params)
    before = state.serialize()
    explanation = state.explain(action, state.current_player() if seat is None else seat)
    assert not explanation.legal, f"{action} is legal"
    assert explanation.rule.strip(), f"refusal of {action} names no rule"
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action, seat)
    assert caught.value.rule.strip()
    assert caught.value.rule == explanation.rule
    assert state.serialize() == before, f"refusing {action} changed the state"
    return caught.value


def finished(state: Any) -> bool:
    return state.current_player() == TERMINAL


def result(state: Any) -> dict[str, Any]:
    assert finished(state), "the battle is not over"
    outcome = state.flow.result
    assert isinstance(outcome, dict)
    return outcome


def side_result(state: Any, side: str) -> dict[str, Any]:
    for entry in result(state)["sides"]:
        if entry["side"] == side:
            return dict(entry)
    raise AssertionError(side)


def end_activation(state: Any) -> Any:
    """The active unit ends its activation."""
    return act(state, "end")


def take(state: Any, uid: str) -> Any:
    """Choose *uid* to activate when a tie leaves the choice to a player."""
    return act(state, "activate", unit=uid)


def done(spec: str | Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    """A unit that has already activated this round (it waits for the next round)."""
    return unit(spec, activated=True, **extra)


def roll_all(state: Any, face: int) -> Any:
    """Roll *face* on every die until nobody rolls (however many dice the rules ask for)."""
    while state.current_player() == CHANCE:
        state.apply_action(Action.of("roll", face=face))
        pass_windows(state)
    return state
