"""The map game's bot logic (``Game.bot_logic``, core/lookahead.py, core/mcts.py; docs/bots.md):
what the greedy bot chooses, and what MCTS needs to search the map (issue 24 §5).

Every decision is taken on the determinisation the core deals for the bot's seat, one action
ahead, with the chance that follows an action (a die, a draw) resolved by its outcomes:

* **On the map** (a turn's actions, a tile's rotation, a card to keep, a reward...) each legal
  action is tried on a copy and the map's evaluation (evaluation.py) read where the next
  decision is: it rewards what the seat holds and a *plan*, its heroes' closeness to the
  enemy's towns and to the mines, settlements and locations still to take, so the heroes march
  somewhere rather than wander. An action that starts a fight is valued where the battle
  starts, by the combat's own strength reckoning of the two sides (the fight term of the
  evaluation): a fight the seat's army would lose looks bad before it is fought.
* **In a fight** each action is valued by the combat's evaluation alone (the map does not
  change during a battle), a battle's end by who won it.

MCTS (advised search) searches the turn's actions (:func:`searched`) over these candidates
(:func:`candidates`), each simulation played on by this same policy for both seats up to a
horizon of decisions (:func:`simulate`), where the evaluation scores it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.lookahead import actor_of, playable, resolve, sample_chance
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE, GameState
from rulekeeper.games.homm3 import evaluation as combat
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.sieges import SiegeStep
from rulekeeper.games.homm3.map.turn import TurnStep

__all__ = ["LEVELS", "candidates", "choose", "searched", "simulate", "tree_measure", "value_of"]

LEVELS = {1: 4, 2: 8, 3: 12, 4: 24, 5: 48}
"""Simulations per searched decision at each MCTS level (a simulation plays many decisions)."""
HORIZON_DECISIONS = 8
"""Decisions of more than one choice a simulation plays at most per unit of MCTS's ``horizon``
(it stops sooner when the seat's turn is over)."""
RESOLVE_LIMIT = 40
"""Random decisions at most while the chance after an action is settled (core resolve)."""
TIE = 1e-9
FOLLOW_UP = 1
"""How many of the seat's own completing choices are looked through after an action."""
WAIT_LIMIT = 12
"""Other players' choices at most played before a fight's battle begins (:func:`_to_the_fight`)."""
PASSING = ("pass", "done", "no-transport", "decline", "end")
"""Kinds of action taken for another player who waits for a fight (:func:`_to_the_fight`)."""

Value = Callable[[GameState], float]


def searched(world: Any, seat: int) -> bool:
    """Whether MCTS searches *seat*'s decision here: the actions of its turn on the map."""
    return world.battle is None and isinstance(world.flow.top(), TurnStep)


def tree_measure(world: Any, seat: int) -> Value | None:
    """In a fight, what MCTS's generic tree search scores with (core/mcts.py), so a battle on
    the map is searched as the combat game's MCTS searches it: the combat's evaluation while
    it lasts, who won once it is over (:func:`_battle_value`); None on the map (searched by
    :func:`simulate`)."""
    return _battle_value(world, seat) if world.battle is not None else None


def _battle_value(before: Any, seat: int) -> Value:
    """How a state after a fight's action looks to *seat*: the combat's evaluation while the
    battle lasts; once it is over, 1 if *seat*'s side won it, -1 if it lost, 0 otherwise."""
    sides = [army.seat for army in before.battle.armies]
    start = before.events.last_seq

    def value(after: GameState) -> float:
        state: Any = after
        if state.is_terminal():
            return float(after.evaluate(seat))
        if state.battle is not None:
            return float(combat.evaluate(state, seat))
        for event in reversed(state.events.since(start)):
            if event.kind == "fight-ends":
                winner = event.data.get("winner")
                index = {"attacker": 0, "defender": 1}.get(str(winner))
                if index is None or seat not in sides:
                    return 0.0
                return 1.0 if sides[index] == seat else -1.0
        return 0.0

    return value


def _map_value(seat: int) -> Value:
    return lambda after: float(after.evaluate(seat))


def _fight_pending(state: Any) -> bool:
    """Whether a fight or a siege is pending but its battle has not begun."""
    return state.battle is None and any(
        isinstance(step, FightStep | SiegeStep) for step in state.flow.steps
    )


def _to_the_fight(state: Any, seat: int) -> None:
    """Play on while a fight *seat* started waits for the other players' choices before it
    (Town actions before a combat, §8.13; the 8-Gold transport, §5.14.4): each passes (its
    first "pass"-like action), so the fight is valued where its battle begins."""
    for _ in range(WAIT_LIMIT):
        if state.is_terminal() or not _fight_pending(state):
            return
        player = actor_of(state, seat)
        if player in (CHANCE, seat):
            return
        legal = state.legal_actions(player)
        if not legal:
            return
        passing = [a for a in legal if a.kind in PASSING]
        state.apply_action(passing[0] if passing else legal[0], player)


def value_of(
    world: Any, seat: int, action: Action, rng: Pcg32, kinds: frozenset[str], depth: int = 0
) -> float:
    """*action*'s one-ply value for *seat* (module doc); chance after it is an expectation over
    its outcomes, each settled by one sampled continuation (core ``resolve``). When the action
    leaves *seat* a choice that completes it (the rotation of a revealed tile, a card to keep),
    the best of those choices counts."""
    measure = _battle_value(world, seat) if world.battle is not None else _map_value(seat)
    player = actor_of(world, seat)
    after = world.clone()
    after.apply_action(action, player)
    if world.battle is None:
        _to_the_fight(after, seat)
        if depth < FOLLOW_UP and _completes(after, seat):
            legal = playable(after.legal_actions(seat))
            more = frozenset(a.kind for a in legal)
            return max(value_of(after, seat, a, rng, more, depth + 1) for a in legal)
    if not after.is_chance_node():
        return measure(after)
    total = 0.0
    for outcome, p in after.chance_outcomes():
        if p <= 0.0:
            continue
        branch = after.clone()
        branch.apply_action(outcome, CHANCE)
        resolve(branch, seat, kinds, rng, RESOLVE_LIMIT)
        total += p * measure(branch)
    return total


def _turn_over(state: Any, seat: int) -> bool:
    """Whether another seat's turn is what the game is at (*seat*'s turn is over)."""
    top = state.flow.top() if state.flow.steps else None
    return isinstance(top, TurnStep) and top.seat != seat


def _completes(state: Any, seat: int) -> bool:
    """Whether *seat* decides next, on the map, something other than its turn's next action."""
    if state.is_terminal() or state.battle is not None or state.is_chance_node():
        return False
    if actor_of(state, seat) != seat or isinstance(state.flow.top(), TurnStep):
        return False
    return len(state.legal_actions(seat)) > 1


def candidates(
    world: Any, seat: int, legal: Sequence[Action], rng: Pcg32
) -> list[tuple[Action, float]]:
    """Each playable action with its one-ply value, best first (ties in the legal order)."""
    actions = playable(list(legal))
    if len(actions) == 1:
        return [(actions[0], 0.0)]
    kinds = frozenset(a.kind for a in actions)
    scored = [(a, value_of(world, seat, a, rng, kinds)) for a in actions]
    scored.sort(key=lambda item: -item[1])
    return scored


def choose(world: Any, seat: int, legal: Sequence[Action], rng: Pcg32) -> Action:
    """The greedy bot's choice: the best one-ply value, ties broken by *rng*."""
    ranked = candidates(world, seat, legal, rng)
    best = ranked[0][1]
    top = [action for action, value in ranked if value >= best - TIE]
    return top[0] if len(top) == 1 else rng.choice(top)


def simulate(
    world: Any, seat: int, action: Action, rng: Pcg32, horizon: int, memo: dict[Any, Any]
) -> float:
    """MCTS's simulation: *action*, then this policy for every seat (chance sampled from *rng*)
    until *seat*'s turn is over (another seat's turn begins) or for *horizon* ×
    :data:`HORIZON_DECISIONS` decisions of more than one choice; the evaluation for *seat* at
    the end. (Stopping after a fixed count of decisions compared an action that ends the turn,
    scored after the other seat's moves, with one that keeps it, scored after *seat*'s own.)"""
    del memo  # nothing worth keeping between simulations yet
    world.apply_action(action, actor_of(world, seat))
    decisions = 0
    while not world.is_terminal() and decisions < horizon * HORIZON_DECISIONS:
        if _turn_over(world, seat):
            break  # every candidate is scored at the same point: the next seat's turn
        player = actor_of(world, seat)
        if player == CHANCE:
            sample_chance(world, rng)
            continue
        legal = playable(world.legal_actions(player))
        if len(legal) > 1:
            decisions += 1
            world.apply_action(choose(world, player, legal, rng), player)
        else:
            world.apply_action(legal[0], player)
    return float(world.evaluate(seat))
