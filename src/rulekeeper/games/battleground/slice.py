"""Battleground's movement slice: rounds of activations with focus and move only.

A small game on the same battlefield as the complete game (game.py): useful to learn movement,
to test bots and as the terminal demo.

What this slice enforces (rulebook sections in brackets): the roll-off for the first player, who
also breaks ties [First Game Setup, step 7]; rounds in which players alternate activating ready
characters, passing, and the double-activation rule [Activation Phase]; focus and move actions
with their rising AP cost [Perform Actions, Focus, Move]; every movement rule of movement.py;
pushing when climbing, decided by the pushed character's owner [Pushing]; facing after a move
[Move]; claiming objective tokens and points victory after the last round [Clean-Up Phase].

Not yet here (the complete game is the next issue): fate and glory cards (an activation gets a
fixed number of AP, the ``ap`` parameter), attacks and tests, overwatch and interruptions,
buffs, debuffs, marks, skills and items.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core import (
    CHANCE,
    D6,
    TERMINAL,
    Action,
    DataError,
    Decision,
    DecisionStack,
    Game,
    GameState,
    JsonObject,
    register_game,
    roll_outcome_actions,
)
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.hexes import (
    DIRECTION_NAMES,
    Position,
)
from rulekeeper.games.battleground.board.movement import (
    MoveStep,
    Occupancy,
    Route,
    movement_points,
    reachable,
)
from rulekeeper.games.battleground.content.characters import CharacterCard, shipped_characters
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules.deployment import default_deployments, owner_of_faction
from rulekeeper.games.battleground.rules.objectives import claimant

FIRST_GAME_FORCES = {
    "masters": ["he-man", "stratos", "man-at-arms"],
    "evil": ["skeletor", "mer-man", "trap-jaw"],
}
OBJECTIVE_VP = 20
WIN_MARGIN = 20


@register_game
class MovementSliceGame(Game):
    name = "battleground-movement"

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "battleground parameters"
        defaults: dict[str, Any] = {"map": "first-game", "rounds": 4, "ap": 3}
        for key in params:
            if key not in defaults:
                raise DataError(source, key, f"unknown parameter (known: {', '.join(defaults)})")
        merged = {**defaults, **params}
        if not isinstance(merged["map"], str):
            raise DataError(source, "map", "must be a map name or a path to a map file")
        for key, low in (("rounds", 1), ("ap", 1)):
            value = merged[key]
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise DataError(source, key, f"must be an integer of at least {low}")
        field = Battlefield.load(merged["map"])
        cards = shipped_characters()
        for deployment in field.data.deployments:
            if deployment.character not in cards:
                raise DataError(field.source, "deployments", f"unknown {deployment.character!r}")
        self.field = field
        self.cards: Mapping[str, CharacterCard] = cards
        self.deployments = list(field.data.deployments) or default_deployments(
            field, FIRST_GAME_FORCES
        )
        return merged

    @property
    def num_players(self) -> int:
        return 2

    @property
    def rounds(self) -> int:
        rounds = self._params["rounds"]
        assert isinstance(rounds, int)
        return rounds

    @property
    def ap_per_activation(self) -> int:
        ap = self._params["ap"]
        assert isinstance(ap, int)
        return ap

    def new_initial_state(self, seed: int = 0) -> MovementSliceState:
        return MovementSliceState(self, seed)

    def owner_of_faction(self, faction: str) -> int:
        return owner_of_faction(self.field, faction)


class MovementSliceState(GameState):
    game: MovementSliceGame

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        assert isinstance(game, MovementSliceGame)
        self.phase = "roll-off"
        self.rolls: list[int] = []
        self.first_player = -1
        self.round = 1
        self.active_player = -1
        self.active_character = ""
        self.ap = 0
        self.action_counts: dict[str, int] = {}
        self.passed = [False, False]
        self.activated_this_round = [0, 0]
        self.last_activated = ["", ""]
        self.previous_last = ["", ""]
        self.decisions = DecisionStack()
        self.pending_steps: list[dict[str, Any]] = []
        self.objectives = dict(sorted(game.field.objectives.items()))
        self.claimed: list[list[str]] = [[], []]
        self.vp = [0, 0]
        self.winner = -1
        self.fighters: dict[str, Fighter] = {}
        for deployment in game.deployments:
            card = game.cards[deployment.character]
            owner = game.owner_of_faction(card.faction)
            self.fighters[card.id] = Fighter(
                card.id,
                owner,
                deployment.at[0],
                deployment.at[1],
                deployment.level,
                deployment.facing,
            )

    # --- helpers -------------------------------------------------------------------------

    @property
    def field(self) -> Battlefield:
        return self.game.field

    def card(self, character: str) -> CharacterCard:
        return self.game.cards[character]

    def cost_of(self, kind: str) -> int:
        """Rulebook, Perform Actions: 1 AP, and 1 more each time it is repeated."""
        return self.action_counts.get(kind, 0) + 1

    def occupancy_for(self, mover: Fighter) -> Occupancy:
        friends = [f.position for f in self.fighters.values() if f.owner == mover.owner]
        enemies = [f.position for f in self.fighters.values() if f.owner != mover.owner]
        return Occupancy.of(set(friends) - {mover.position}, enemies)

    def routes_for(self, fighter: Fighter, use_focus: bool) -> tuple[int, Mapping[Position, Route]]:
        card = self.card(fighter.id)
        budget = movement_points(
            self.field, fighter.position, card.speed, card.focused_speed, use_focus=use_focus
        )
        return budget.points, reachable(
            self.field, fighter.position, budget.points, self.occupancy_for(fighter)
        )

    def _may_activate(self, player: int) -> list[Fighter]:
        ready = [f for f in self.fighters.values() if f.owner == player and not f.activated]
        if self.activated_this_round[player] == 0 and len(ready) > 1:
            # Double Activation: not the same character last and first in a row of rounds.
            ready = [f for f in ready if f.id != self.previous_last[player]] or ready
        return sorted(ready, key=lambda f: f.id)

    # --- state API hooks -----------------------------------------------------------------

    def _current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "roll-off":
            return CHANCE
        if not self.decisions.empty():
            return self.decisions.top().player
        return self.active_player

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return roll_outcome_actions(D6)

    def _legal_actions(self, player: int) -> Sequence[Action]:
        if self.phase == "roll-off" or self.phase == "over":
            return []
        if not self.decisions.empty():
            decision = self.decisions.top()
            if decision.kind == "choose-first":
                return [Action.of("first-player", player=p) for p in (0, 1)]
            if decision.kind == "face":
                return [Action.of("face", direction=d) for d in range(6)]
            if decision.kind == "push":
                options = decision.context["options"]
                assert isinstance(options, list)
                return [Action.of("push-to", to=list(o)) for o in options]
            return []
        if not self.active_character:
            choices = [Action.of("activate", character=f.id) for f in self._may_activate(player)]
            return [*choices, Action.of("pass")]
        fighter = self.fighters[self.active_character]
        actions: list[Action] = []
        if not fighter.focused and self.cost_of("focus") <= self.ap:
            actions.append(Action.of("focus"))
        if self.cost_of("move") <= self.ap:
            for use_focus in (False, True) if fighter.focused else (False,):
                _, routes = self.routes_for(fighter, use_focus)
                actions.extend(
                    Action.of("move", to=pos.to_json(), focus=use_focus) for pos in sorted(routes)
                )
        actions.append(Action.of("end"))
        return actions

    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]:
        kind = action.kind
        if self.phase == "choose-first" or (
            not self.decisions.empty() and self.decisions.top().kind != kind
        ):
            top = self.decisions.top()
            return ("Decision stack", f"player {top.player} must first decide: {top.prompt}")
        if kind == "activate":
            character = str(action.get("character"))
            fighter = self.fighters.get(character)
            if self.active_character:
                return ("Activation Phase", f"{self.active_character} is still active")
            if fighter is None:
                return ("Activation Phase", f"no character {character!r} on the battleground")
            if fighter.owner != player:
                return ("Force", f"{character} belongs to the other player")
            if fighter.activated:
                return ("Activate Character", f"{character} was already activated this round")
            return (
                "Double Activation",
                f"{character} was the last character you activated last round; "
                "it cannot be your first this round",
            )
        if kind in ("focus", "move", "end") and not self.active_character:
            return ("Activate Character", "no character is active: activate one first")
        if kind == "focus":
            if self.fighters[self.active_character].focused:
                return ("Focus", "a focused character cannot gain another focus token")
            return self._ap_refusal("focus")
        if kind == "move":
            if self.cost_of("move") > self.ap:
                return self._ap_refusal("move")
            return self._explain_move(action)
        return super()._explain_illegal(action, player)

    def _ap_refusal(self, kind: str) -> tuple[str, str]:
        return (
            "Perform Actions: repeated actions cost 1 AP more",
            f"{kind} costs {self.cost_of(kind)} AP now, {self.active_character} has {self.ap}",
        )

    def _explain_move(self, action: Action) -> tuple[str, str]:
        fighter = self.fighters[self.active_character]
        use_focus = bool(action.get("focus", False))
        if use_focus and not fighter.focused:
            return ("Spending Focus", f"{fighter.id} is not focused")
        try:
            target = Position(*action.ints_param("to"))
        except (KeyError, ValueError, TypeError):
            return ("Move", "'to' must be [q, r, level]")
        if target not in self.field.positions:
            return (
                "Move",
                f"{target} is not a position: {self.field.describe_hex(target.hex)}",
            )
        occupied = {f.position: f.id for f in self.fighters.values()}
        if target in occupied and occupied[target] != fighter.id:
            return ("Standard Movement", f"{target} is occupied by {occupied[target]}")
        points, _ = self.routes_for(fighter, use_focus)
        unlimited = reachable(self.field, fighter.position, 99, self.occupancy_for(fighter))
        if target not in unlimited:
            return ("Move", f"{fighter.id} cannot reach {target} with one move action at all")
        need = unlimited[target].cost
        if need <= points:
            return (
                "Move: entering a hex adjacent to an enemy ends the move",
                f"every route to {target} passes a hex adjacent to an enemy",
            )
        return ("Move", f"{target} costs {need} movement points, {fighter.id} has {points}")

    def _apply(self, action: Action, player: int) -> None:
        if player == CHANCE:
            self._apply_roll(action.int_param("face"))
            return
        kind = action.kind
        if not self.decisions.empty():
            decision = self.decisions.pop()
            if kind == "first-player":
                self._start(action.int_param("player"))
            elif kind == "face":
                self._face(decision, action.int_param("direction"))
            elif kind == "push-to":
                self._push_to(decision, action)
            return
        if kind == "activate":
            self._activate(player, str(action.param("character")))
        elif kind == "pass":
            self.passed[player] = True
            self.events.append("pass", {"player": player, "round": self.round})
            self._next_turn()
        elif kind == "focus":
            self._spend("focus")
            self.fighters[self.active_character].focused = True
            self.events.append("focus", {"character": self.active_character})
        elif kind == "move":
            self._move(action)
        elif kind == "end":
            self._end_activation()

    # --- transitions ---------------------------------------------------------------------

    def _apply_roll(self, face: int) -> None:
        self.rolls.append(face)
        self.events.append(
            "roll", {"player": len(self.rolls) - 1, "face": face, "for": "first player"}
        )
        if len(self.rolls) < 2:
            return
        if self.rolls[0] == self.rolls[1]:
            self.events.append("roll-off tie", {"faces": list(self.rolls)})
            self.rolls = []
            return
        winner = 0 if self.rolls[0] > self.rolls[1] else 1
        self.phase = "choose-first"
        self.decisions.push(
            Decision(winner, "choose-first", {}, "You won the roll-off: choose the first player")
        )

    def _start(self, first: int) -> None:
        self.first_player = first
        self.active_player = first
        self.phase = "activation"
        self.events.append("first player", {"player": first})
        self.events.append("round", {"round": 1})

    def _activate(self, player: int, character: str) -> None:
        self.active_character = character
        self.ap = self.game.ap_per_activation
        self.action_counts = {}
        self.activated_this_round[player] += 1
        self.last_activated[player] = character
        self.events.append("activate", {"player": player, "character": character, "ap": self.ap})

    def _spend(self, kind: str) -> None:
        cost = self.cost_of(kind)
        self.ap -= cost
        self.action_counts[kind] = self.action_counts.get(kind, 0) + 1

    def _move(self, action: Action) -> None:
        fighter = self.fighters[self.active_character]
        use_focus = bool(action.get("focus", False))
        target = Position(*action.ints_param("to"))
        _, routes = self.routes_for(fighter, use_focus)
        route = routes[target]
        self._spend("move")
        if use_focus:
            fighter.focused = False
        self.events.append(
            "move",
            {
                "character": fighter.id,
                "from": fighter.position.to_json(),
                "to": target.to_json(),
                "cost": route.cost,
                "focus": use_focus,
            },
        )
        self.pending_steps = [_step_data(s) for s in route.steps]
        self._walk(fighter)

    def _walk(self, fighter: Fighter) -> None:
        while self.pending_steps:
            step = self.pending_steps[0]
            to = Position(*step["to"])
            occupant = next(
                (f for f in self.fighters.values() if f.position == to and f is not fighter), None
            )
            if occupant is not None:
                if step.get("pushes") is None:
                    break  # a pushed character landed on the route: the move ends here
                rest = {Position(*s["to"]) for s in self.pending_steps[1:]}
                taken = {f.position for f in self.fighters.values()}
                room = [p for p in self.field.adjacent_positions(to) if p not in taken]
                options = [p for p in room if p not in rest] or room
                if not options:
                    break
                self.decisions.push(
                    Decision(
                        occupant.owner,
                        "push",
                        {"character": occupant.id, "options": [p.to_json() for p in options]},
                        f"{fighter.id} climbs onto {occupant.id}: choose where it is pushed",
                    )
                )
                return
            self.pending_steps.pop(0)
            fighter.place(to)
            if (
                any(
                    f.owner != fighter.owner and f.position in self.field.adjacent_positions(to)
                    for f in self.fighters.values()
                )
                and self.pending_steps
            ):
                break
        self.pending_steps = []
        self.decisions.push(
            Decision(
                fighter.owner,
                "face",
                {"character": fighter.id},
                f"{fighter.id} has moved: choose its facing",
            )
        )

    def _push_to(self, decision: Decision, action: Action) -> None:
        character = str(decision.context["character"])
        destination = Position(*action.ints_param("to"))
        pushed = self.fighters[character]
        self.events.append(
            "push",
            {
                "character": character,
                "from": pushed.position.to_json(),
                "to": destination.to_json(),
            },
        )
        pushed.place(destination)
        self._walk(self.fighters[self.active_character])

    def _face(self, decision: Decision, direction: int) -> None:
        fighter = self.fighters[str(decision.context["character"])]
        fighter.facing = direction
        self.events.append("face", {"character": fighter.id, "facing": DIRECTION_NAMES[direction]})

    def _end_activation(self) -> None:
        fighter = self.fighters[self.active_character]
        fighter.activated = True
        self.events.append("end activation", {"character": fighter.id, "unspent ap": self.ap})
        self.active_character = ""
        self.ap = 0
        self._next_turn()

    def _next_turn(self) -> None:
        for player in (0, 1):
            if not self.passed[player] and not self._may_activate(player):
                self.passed[player] = True
                self.events.append(
                    "pass", {"player": player, "round": self.round, "why": "no ready character"}
                )
        other = 1 - self.active_player
        if not self.passed[other]:
            self.active_player = other
        elif self.passed[self.active_player]:
            self._clean_up()

    def _clean_up(self) -> None:
        self._claim_objectives()
        self.events.append("round end", {"round": self.round, "vp": list(self.vp)})
        if self.round >= self.game.rounds:
            self._finish()
            return
        self.round += 1
        for fighter in self.fighters.values():
            fighter.activated = False
        self.previous_last = list(self.last_activated)
        self.activated_this_round = [0, 0]
        self.passed = [False, False]
        self.active_player = self.first_player
        self.events.append("round", {"round": self.round})

    def _claim_objectives(self) -> None:
        """Rulebook, Claim Objective Tokens (objectives.py); 20 VP each at the end."""
        for objective, at in list(self.objectives.items()):
            fighter = claimant(self.field, at, self.fighters.values())
            if fighter is None:
                continue
            del self.objectives[objective]
            self.claimed[fighter.owner].append(objective)
            self.vp[fighter.owner] += OBJECTIVE_VP
            self.events.append(
                "claim", {"player": fighter.owner, "objective": objective, "by": fighter.id}
            )

    def _finish(self) -> None:
        self.phase = "over"
        margin = self.vp[0] - self.vp[1]
        self.winner = 0 if margin >= WIN_MARGIN else 1 if -margin >= WIN_MARGIN else -1
        self.events.append("game end", {"vp": list(self.vp), "winner": self.winner})

    # --- results, views, data ------------------------------------------------------------

    def _returns(self) -> Sequence[float]:
        if self.phase != "over" or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _observation(self, player: int) -> JsonObject:
        # Nothing in this slice is hidden: every player sees the whole battleground.
        data = self._to_data()
        data["you"] = player
        return data

    def describe(self, action: Action) -> str:
        kind = action.kind
        if kind == "roll":
            return f"roll {action.get('face')}"
        if kind == "activate":
            return f"activate {self.card(str(action.get('character'))).name}"
        if kind == "move" and self.active_character:
            raw = action.get("to")
            if isinstance(raw, (list, tuple)) and len(raw) == 3:
                fighter = self.fighters[self.active_character]
                target = Position(*action.ints_param("to"))
                _, routes = self.routes_for(fighter, bool(action.get("focus", False)))
                route = routes.get(target)
                cost = f" for {route.cost} MP" if route else ""
                focus = " spending focus" if action.get("focus") else ""
                name = self.card(fighter.id).name
                return f"move {name} to {target}{cost}{focus} ({self.cost_of('move')} AP)"
        if kind == "face":
            return f"face {DIRECTION_NAMES[action.int_param('direction')]}"
        if kind == "focus":
            return f"focus ({self.cost_of('focus')} AP)"
        if kind == "end":
            return "end activation"
        if kind == "first-player":
            return f"player {action.get('player')} goes first"
        if kind == "push-to":
            return f"push to {Position(*action.ints_param('to'))}"
        return str(action)

    def _to_data(self) -> JsonObject:
        return {
            "phase": self.phase,
            "rolls": list(self.rolls),
            "first_player": self.first_player,
            "round": self.round,
            "active_player": self.active_player,
            "active_character": self.active_character,
            "ap": self.ap,
            "action_counts": dict(self.action_counts),
            "passed": list(self.passed),
            "activated_this_round": list(self.activated_this_round),
            "last_activated": list(self.last_activated),
            "previous_last": list(self.previous_last),
            "decisions": self.decisions.to_data(),
            "pending_steps": [dict(s) for s in self.pending_steps],
            "objectives": {k: list(v) for k, v in self.objectives.items()},
            "claimed": [list(c) for c in self.claimed],
            "vp": list(self.vp),
            "winner": self.winner,
            "fighters": [f.to_data() for f in self.fighters.values()],
        }

    def _from_data(self, data: Mapping[str, Any]) -> None:
        self.phase = str(data["phase"])
        self.rolls = [int(v) for v in data["rolls"]]
        self.first_player = int(data["first_player"])
        self.round = int(data["round"])
        self.active_player = int(data["active_player"])
        self.active_character = str(data["active_character"])
        self.ap = int(data["ap"])
        self.action_counts = {str(k): int(v) for k, v in data["action_counts"].items()}
        self.passed = [bool(v) for v in data["passed"]]
        self.activated_this_round = [int(v) for v in data["activated_this_round"]]
        self.last_activated = [str(v) for v in data["last_activated"]]
        self.previous_last = [str(v) for v in data["previous_last"]]
        self.decisions = DecisionStack.from_data(data["decisions"])
        self.pending_steps = [dict(s) for s in data["pending_steps"]]
        self.objectives = {str(k): (int(v[0]), int(v[1])) for k, v in data["objectives"].items()}
        self.claimed = [[str(o) for o in c] for c in data["claimed"]]
        self.vp = [int(v) for v in data["vp"]]
        self.winner = int(data["winner"])
        self.fighters = {}
        for raw in data["fighters"]:
            fighter = Fighter.from_data(dict(raw))
            if fighter.id not in self.game.cards:
                raise DataError(
                    "battleground state", "data.fighters", f"unknown character {fighter.id!r}"
                )
            self.fighters[fighter.id] = fighter


def _step_data(step: MoveStep) -> dict[str, Any]:
    return {
        "kind": step.kind,
        "to": step.to.to_json(),
        "cost": step.cost,
        "pushes": step.pushes.to_json() if step.pushes is not None else None,
    }


MovementSliceGame.state_class = MovementSliceState
