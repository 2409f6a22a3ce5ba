"""What MCTS needs to search Battleground (core/mcts.py, docs/bots.md): this module is the
game's bot logic (``Game.bot_logic``), with the greedy bot's :func:`choose` from planning.py.

MCTS searches the decisions :func:`searched` names, over the greedy bot's candidates
(:func:`candidates`), each simulation played by :func:`simulate` to a horizon (:class:`Horizon`)
with the luck of the dice taken out; its budgets per level are :data:`LEVELS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulekeeper.core.actions import Action
from rulekeeper.core.agents import actor_of, sample_chance
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE
from rulekeeper.games.battleground import evaluation, fighter_data
from rulekeeper.games.battleground.planning import (
    LEVELS,
    SEARCHED,
    TURN_LIMIT,
    QuickPolicy,
    attack_gain,
    choose,
    dealt,
    rank_actions,
)
from rulekeeper.games.battleground.rules.combat import AttackStep
from rulekeeper.games.battleground.rules.round import ActivateStep, SelectStep
from rulekeeper.games.battleground.rules.setup import ChooseFirstStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState

__all__ = ["LEVELS", "Horizon", "candidates", "choose", "searched", "simulate"]


def searched(world: BattlegroundState, seat: int) -> bool:
    """Whether MCTS searches *seat*'s decision here (else it takes the greedy bot's): the
    greedy bot's searched decisions, and who is first player when *seat* won the roll-off
    (the evaluation sees no difference there, so the greedy bot always names seat 0)."""
    return isinstance(world.flow.top(), (*SEARCHED, ChooseFirstStep))


def candidates(
    world: BattlegroundState, seat: int, legal: Sequence[Action], rng: Pcg32
) -> list[tuple[Action, float]]:
    """The greedy bot's candidates (:func:`rank_actions`), best first, each with its value as
    the evaluation's (a card's or character's gain in VP added to the lead as it stands)."""
    top = world.flow.top()
    ranked = rank_actions(world, seat, legal, rng)
    if isinstance(top, SelectStep) or (
        isinstance(top, ActivateStep) and top.card and len(legal) > 1
    ):
        lead = evaluation.advantage(world, seat)
        ranked = [(a, evaluation.value_of_lead(world, lead + gain)) for a, gain in ranked]
    ranked.sort(key=lambda item: -item[1])
    return ranked


class _Luck:
    """The luck of the dice in the attacks of a simulation: for each attack, the worth of the
    wounds it dealt less the worth expected from its exact odds (:func:`attack_gain`), summed
    for *seat* (a control variate: the simulation's lead is corrected by it)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.correction = 0.0
        self.pending: tuple[int, str, int, float, fighter_data.FighterInfo] | None = None

    def before(self, world: BattlegroundState, action: Action) -> None:
        """*action* is about to be taken: an attack's expected worth is noted."""
        if action.kind != "attack" or not world.turns:
            return
        self.settle(world, force=True)
        owner = world.fighters[world.turns[-1].character].owner
        target = world.fighters[action.str_param("target")]
        info = fighter_data.fighter_info(world, target)
        self.pending = (owner, target.id, target.wounds, attack_gain(world, action), info)

    def settle(self, world: BattlegroundState, force: bool = False) -> None:
        """Once the attack noted is over (or *force*), its luck is counted."""
        if self.pending is None:
            return
        if not force and AttackStep in world.flow and not world.is_terminal():
            return
        owner, target_id, before, expected, info = self.pending
        self.pending = None
        change = expected - dealt(world, target_id, before, info)
        self.correction += change if owner == self.seat else -change


def simulate(
    world: BattlegroundState,
    seat: int,
    action: Action,
    rng: Pcg32,
    extra: int,
    memo: dict[Any, Any] | None = None,
) -> float:
    """*action* played on *world*, then every decision (both seats') by the quick policy until
    the horizon (:class:`Horizon`: the end of *seat*'s activation and *extra* more), chance
    sampled from *rng*; the evaluation there for *seat*, the luck of every attack's dice taken
    out. *memo*: the decision's, shared by its simulations from determinisations of the same
    state (the quick policy keeps its move leads there)."""
    horizon = Horizon(world, seat, extra)
    luck = _Luck(seat)
    policy = QuickPolicy(rng, memo, start=tuple(side.selected for side in world.sides))
    path = policy.path
    player = seat
    for _ in range(4 * TURN_LIMIT):
        luck.before(world, action)
        world.apply_action(action, player)
        path.append((action, player))
        luck.settle(world)
        while not world.is_terminal() and world.is_chance_node():
            path.append((sample_chance(world, rng), CHANCE))
            luck.settle(world)
        if world.is_terminal() or horizon.reached(world):
            break
        player = actor_of(world, seat)
        action = policy.choose(world, player)
    luck.settle(world, force=True)
    if world.is_terminal():
        return float(world.returns()[seat])
    return evaluation.value_of_lead(world, evaluation.advantage(world, seat) + luck.correction)


class Horizon:
    """Where a simulation stops: once *seat*'s next activation (the one under way, if any) is
    over and *extra* more activations after it, or when the round ends."""

    def __init__(self, world: BattlegroundState, seat: int, extra: int) -> None:
        self.seat = seat
        self.extra = extra
        self.round = world.round
        self.done = self._completed(world)
        self.ours_over = False
        self.after = 0

    @staticmethod
    def _completed(world: BattlegroundState) -> list[int]:
        counts = [side.activations for side in world.sides]
        for turn in world.turns:
            if not turn.interruption:
                counts[turn.player] -= 1
        return counts

    def reached(self, world: BattlegroundState) -> bool:
        if world.round != self.round or world.is_terminal():
            return True
        counts = self._completed(world)
        for player in (0, 1):
            new = counts[player] - self.done[player]
            if new <= 0:
                continue
            self.done[player] = counts[player]
            if player == self.seat and not self.ours_over:
                self.ours_over = True
                new -= 1
            if self.ours_over:
                self.after += new
        return self.ours_over and self.after >= self.extra
