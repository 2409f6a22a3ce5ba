"""Simple heuristic bots: one for the movement variant (go for the objectives, face the enemy)
and one for the complete game.

They play through the generic state API only (legal actions in, one action out), like every
future bot, and draw any randomness from their own generators.
"""

from __future__ import annotations

from rulekeeper.core import Action, GameState, Pcg32
from rulekeeper.core.hexes import Hex, hex_distance
from rulekeeper.games.battleground.board.facing import facings_toward
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.quick import next_pick
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.dicetest import DiceTestStep, RerollStep
from rulekeeper.games.battleground.rules.move import FaceStep


class ObjectiveSeeker:
    """Moves each character towards the nearest objective it could claim (made for the movement
    variant, variants.py: it never attacks, plays a card or passes)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def choose(self, state: GameState, player: int) -> Action:
        legal = state.legal_actions(player)
        if not isinstance(state, BattlegroundState) or len(legal) == 1:
            return legal[self.rng.below(len(legal))]
        kinds = {a.kind for a in legal}
        top = state.flow.top()
        if "first-player" in kinds:
            return Action.of("first-player", player=player)
        if isinstance(top, FaceStep):
            return self._face(state, top, player, legal)
        if "activate" in kinds:
            options = [a for a in legal if a.kind == "activate"]
            return options[self.rng.below(len(options))]
        if "move" in kinds and isinstance(top, ActStep):
            best = self._best_move(state, player, legal)
            if best is not None:
                return best
        if "end" in kinds and isinstance(top, ActStep):
            return Action.of("end")
        return legal[self.rng.below(len(legal))]

    def _targets(self, state: BattlegroundState, player: int) -> list[Hex]:
        own_zone = state.field.zones.get(player, frozenset())
        spots = [(at[0], at[1]) for at in state.objectives.values()]
        return [at for at in spots if at not in own_zone]

    def _best_move(
        self, state: BattlegroundState, player: int, legal: list[Action]
    ) -> Action | None:
        targets = self._targets(state, player)
        if not targets:
            return None
        mover = state.fighters[state.turn().character]

        def distance(pos: Position) -> int:
            return min(hex_distance(pos.hex, t) for t in targets)

        current = distance(mover.position)
        if current <= 1:
            return None
        scored: list[tuple[int, int, Action]] = []
        for index, action in enumerate(legal):
            if action.kind != "move":
                continue
            pos = Position(*action.ints_param("to"))
            scored.append((distance(pos), index, action))
        if not scored:
            return None
        best = min(scored)
        return best[2] if best[0] < current else None

    def _face(
        self, state: BattlegroundState, step: FaceStep, player: int, legal: list[Action]
    ) -> Action:
        mover = state.fighters[step.character]
        enemies = [f.position for f in state.on_board() if f.owner != player]
        if not enemies:
            return legal[0]
        nearest = min(enemies, key=lambda e: hex_distance(e.hex, mover.position.hex))
        direction = facings_toward(mover.position.hex, nearest.hex)[0]
        action = Action.of("face", direction=direction)
        return action if action in legal else legal[0]


class SkirmishBot:
    """A simple bot for the complete game: attack when it can, close in on the nearest enemy
    or objective, reroll failed dice with mana, never forfeit. Randomness from its own stream."""

    AVOID = frozenset({"forfeit", "offer-draw", "accept-draw"})

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def choose(self, state: GameState, player: int) -> Action:
        legal = [a for a in state.legal_actions(player) if a.kind not in self.AVOID]
        if not legal:
            return state.legal_actions(player)[0]
        if not isinstance(state, BattlegroundState):
            return legal[self.rng.below(len(legal))]
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        if "attack" in by_kind:
            return by_kind["attack"][self.rng.below(len(by_kind["attack"]))]
        top = state.flow.top()
        if isinstance(top, RerollStep):  # the set with the most dice at 3 or less, die by die
            below = state.flow.steps[-2]
            assert isinstance(below, DiceTestStep)
            ranked = sorted(
                below.dice().choices(), key=lambda fs: -sum(1 for f in fs if f <= 3)
            )
            return next_pick(top, ranked)
        if "move" in by_kind and isinstance(state.flow.top(), ActStep):
            best = self._closer(state, by_kind["move"])
            if best is not None:
                return best
        if "end" in by_kind and isinstance(state.flow.top(), ActStep):
            return by_kind["end"][0]
        if "select" in by_kind:
            options = by_kind["select"]
            return options[self.rng.below(len(options))]
        return legal[self.rng.below(len(legal))]

    def _closer(self, state: GameState, moves: list[Action]) -> Action | None:
        assert isinstance(state, BattlegroundState)
        mover = state.fighters[state.turn().character]
        goals = [e.position.hex for e in state.enemies_of(mover)]
        goals += [tuple(at) for at in state.objectives.values()]  # type: ignore[misc]
        if not goals:
            return None

        def distance(hex_: Hex) -> int:
            return min(hex_distance(hex_, g) for g in goals)

        here = distance(mover.position.hex)
        scored = [(distance(Position(*m.ints_param("to")).hex), i, m) for i, m in enumerate(moves)]
        best = min(scored)
        return best[2] if best[0] < here else None
