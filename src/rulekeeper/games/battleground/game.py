"""Masters of the Universe: Battleground, the complete game, through the engine's state API.

Rulebook sections are named in brackets where a rule is applied; readings decided beyond the
rulebook come from ``shared/rules/battleground.md`` §3 or are listed in ``docs/rules.md``.
The procedure is the core's typed stack of steps (core/flow.py), each step class in the rules
module of its concept (rules/setup.py, round.py, activation.py, move.py, overwatch.py,
opportunity.py, combat.py, effects.py, dicetest.py); combat.py resolves attacks and tests,
effects.py the cards' effect vocabulary.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rulekeeper.core import (
    TERMINAL,
    Action,
    DataError,
    Deck,
    Game,
    GameState,
    JsonObject,
    register_game,
)
from rulekeeper.core.flow import Flow, StepKinds
from rulekeeper.core.jsonvalue import copy_json
from rulekeeper.core.record import Reader
from rulekeeper.games.battleground.actions import SIMPLE_ACT_KINDS, act, move_action
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.facing import in_front_arc
from rulekeeper.games.battleground.board.hexes import Position
from rulekeeper.games.battleground.board.movement import (
    MovementPoints,
    Occupancy,
    Route,
    Style,
    movement_points,
    reachable,
)
from rulekeeper.games.battleground.board.movement_effects import towards
from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.content.characters import CharacterCard
from rulekeeper.games.battleground.content.equipment import WeaponCard
from rulekeeper.games.battleground.content.pack import (
    ContentPack,
    load_content_pack,
    validate_fate_deck,
    validate_force,
    validate_glory_cards,
)
from rulekeeper.games.battleground.content.setups import FirstGameSide
from rulekeeper.games.battleground.model import HAND_SIZE, Fighter, Side, Turn
from rulekeeper.games.battleground.rules import combat, effects
from rulekeeper.games.battleground.rules.activation import (
    ActStep,
    BeforeInterruptionStep,
    BonusStep,
    DrawOfferStep,
    EndTurnStep,
    start_interruption,
)
from rulekeeper.games.battleground.rules.combat import AreaTargetStep, AttackStep
from rulekeeper.games.battleground.rules.deployment import default_deployments, owner_of_faction
from rulekeeper.games.battleground.rules.dicetest import DiceTest, DiceTestStep
from rulekeeper.games.battleground.rules.effects import (
    AbilityTargetStep,
    EffectMoveStep,
    OrderEffectsStep,
    PlaceMarkStep,
    PushLineStep,
    SkillTestStep,
    SwitchStep,
)
from rulekeeper.games.battleground.rules.move import (
    AfterMoveStep,
    ContinueMoveStep,
    FaceStep,
    PushStep,
)
from rulekeeper.games.battleground.rules.objectives import claimant
from rulekeeper.games.battleground.rules.opportunity import OpportunityStep
from rulekeeper.games.battleground.rules.overwatch import OverwatchOrderStep
from rulekeeper.games.battleground.rules.round import (
    ActivateStep,
    CleanUpStep,
    PrepareStep,
    RoundStep,
    SelectStep,
)
from rulekeeper.games.battleground.rules.setup import ChooseFirstStep, DeployStep, RollOffStep
from rulekeeper.games.battleground.views import hidden

ROUNDS = 4
STEPS = StepKinds(
    RollOffStep,
    ChooseFirstStep,
    DeployStep,
    RoundStep,
    SelectStep,
    ActivateStep,
    PrepareStep,
    CleanUpStep,
    BonusStep,
    ActStep,
    EndTurnStep,
    DrawOfferStep,
    BeforeInterruptionStep,
    ContinueMoveStep,
    PushStep,
    FaceStep,
    AfterMoveStep,
    OverwatchOrderStep,
    OpportunityStep,
    AttackStep,
    DiceTestStep,
    AreaTargetStep,
    AbilityTargetStep,
    EffectMoveStep,
    PlaceMarkStep,
    PushLineStep,
    OrderEffectsStep,
    SkillTestStep,
    SwitchStep,
)
"""Every step of the game's procedure (their kind names are part of the saved format)."""
OBJECTIVE_VP = 20
WIN_MARGIN = 20


@cache
def _shared_field(name: str) -> Battlefield:
    """Shipped maps are loaded once per process: every game on them shares the sight tables."""
    return Battlefield.load(name)


def standard_sides(pack: ContentPack, forces: Any, points_limit: Any) -> list[FirstGameSide]:
    """Standard Setup: each player's force, fate deck and glory cards, validated with the
    pack's rules (setups.yaml ``standard``); every problem names its field."""
    source = "battleground parameters"
    if not isinstance(forces, list) or len(forces) != 2:
        raise DataError(source, "forces", "the standard setup needs a list of two forces")
    limit = pack.setups.standard.points_limit if points_limit is None else points_limit
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise DataError(source, "points_limit", "must be a positive integer")
    sides: list[FirstGameSide] = []
    for index, force in enumerate(forces):
        where = f"forces[{index}]"
        if not isinstance(force, dict):
            raise DataError(
                source, where, "a force is an object with faction, characters, fate_deck and glory"
            )
        faction = force.get("faction")
        fate = force.get("fate_deck", [])
        glory = force.get("glory", [])
        body = {"faction": faction, "characters": force.get("characters", [])}
        problems = validate_force(pack, body, limit)
        if isinstance(faction, str):
            problems += [f"fate_deck: {p}" for p in validate_fate_deck(pack, faction, fate)]
            problems += [f"glory: {p}" for p in validate_glory_cards(pack, faction, glory)]
        if problems:
            raise DataError(source, where, "; ".join(problems))
        sides.append(
            FirstGameSide.model_validate(
                {
                    **body,
                    "fate_deck": dict(Counter(fate)),
                    "glory": list(glory),
                }
            )
        )
    if {side.faction for side in sides} != {"masters", "evil"}:
        raise DataError(source, "forces", "one force of the Masters and one of the Evil Warriors")
    return sides


@register_game
class BattlegroundGame(Game):
    """Parameters: ``map`` (shipped name or path), ``setup`` (``first-game``), ``content``
    (a folder with your own card values, or omitted for the shipped pack), ``rounds`` (4)."""

    name = "battleground"

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "battleground parameters"
        defaults: dict[str, Any] = {
            "map": "first-game",
            "setup": "first-game",
            "content": None,
            "rounds": ROUNDS,
            "forces": None,
            "points_limit": None,
            "deployment": None,
        }
        for key in params:
            if key not in defaults:
                raise DataError(source, key, f"unknown parameter (known: {', '.join(defaults)})")
        merged = {**defaults, **params}
        if not isinstance(merged["map"], str):
            raise DataError(source, "map", "must be a map name or a path to a map file")
        if merged["setup"] not in ("first-game", "standard"):
            raise DataError(source, "setup", "must be 'first-game' or 'standard'")
        rounds = merged["rounds"]
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 10:
            raise DataError(source, "rounds", "must be an integer from 1 to 10")
        content = merged["content"]
        if content is not None and not isinstance(content, str):
            raise DataError(source, "content", "must be a folder path or null")
        from pathlib import Path

        self.pack: ContentPack = load_content_pack(Path(content) if content else None)
        name = merged["map"]
        self.field = (
            _shared_field(name)
            if "/" not in name and not name.endswith(".yaml")
            else Battlefield.load(name)
        )
        if merged["setup"] == "standard":
            self.sides = standard_sides(self.pack, merged["forces"], merged["points_limit"])
        else:
            if merged["forces"] is not None:
                raise DataError(source, "forces", "only the standard setup takes forces")
            self.sides = list(self.pack.setups.first_game.sides)
        deployment = merged["deployment"]
        if deployment is None:
            deployment = "players" if merged["setup"] == "standard" else "map"
        if deployment not in ("map", "zones", "players"):
            raise DataError(source, "deployment", "must be 'map', 'zones' or 'players'")
        merged["deployment"] = deployment
        self.deployment: str = deployment
        self.reach_memo: dict[tuple[Any, ...], Mapping[Position, Route]] = {}
        return merged

    @property
    def num_players(self) -> int:
        return 2

    @property
    def rounds(self) -> int:
        value = self._params["rounds"]
        assert isinstance(value, int)
        return value

    def owner_of_faction(self, faction: str) -> int:
        return owner_of_faction(self.field, faction)


class BattlegroundState(GameState):
    game: BattlegroundGame
    ANYTIME_KINDS = frozenset({"forfeit", "offer-draw"})

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        assert isinstance(game, BattlegroundGame)
        self.phase = "setup"
        self.round = 1
        self.first_player = -1
        self.winner = -1
        self.result = ""
        self.fighters: dict[str, Fighter] = {}
        self.sides: list[Side] = [Side(Deck()), Side(Deck())]
        self.turns: list[Turn] = []
        self.flow = Flow()
        self.objectives = {k: list(v) for k, v in sorted(game.field.objectives.items())}
        self.marks: list[dict[str, Any]] = []
        self.statuses: dict[str, list[dict[str, Any]]] = {}
        self._setup_first_game()

    # === setup [First Game Setup] ========================================================

    def _setup_first_game(self) -> None:
        game = self.game
        deployments = {d.character: d for d in game.field.data.deployments}
        wanted = {c.character for side in game.sides for c in side.characters}
        placing: dict[str, list[dict[str, Any]]] = {"0": [], "1": []}
        by_players = game.deployment == "players" and not wanted <= set(deployments)
        if by_players:
            deployments = {}
        elif not wanted <= set(deployments) or game.deployment == "zones":
            # The map places other characters (or none): deploy in the zones instead.
            forces: dict[str, list[str]] = {
                side.faction: [c.character for c in side.characters] for side in game.sides
            }
            deployments = {d.character: d for d in default_deployments(game.field, forces)}
        for side_setup in game.sides:
            player = game.owner_of_faction(side_setup.faction)
            for entry in side_setup.characters:
                if by_players:
                    placing[str(player)].append(
                        {
                            "character": entry.character,
                            "weapons": list(entry.weapons),
                            "items": list(entry.items),
                        }
                    )
                    continue
                spot = deployments.get(entry.character)
                if spot is None:
                    raise DataError(
                        game.field.source, "deployments", f"no place for {entry.character}"
                    )
                self.fighters[entry.character] = Fighter(
                    entry.character,
                    player,
                    spot.at[0],
                    spot.at[1],
                    spot.level,
                    spot.facing,
                    weapons=list(entry.weapons),
                    items=list(entry.items),
                )
            cards = [card for card, n in sorted(side_setup.fate_deck.items()) for _ in range(n)]
            side = self.sides[player]
            side.deck = Deck(cards)
            side.deck.shuffle(self.rng.derive(f"fate-{player}"))
            side.hand = side.deck.draw(HAND_SIZE)
            side.glory = list(side_setup.glory)
        self.events.append(
            "setup",
            {
                "map": game.field.name,
                "forces": {
                    str(p): sorted(f.id for f in self.fighters.values() if f.owner == p)
                    for p in (0, 1)
                },
            },
        )
        self.flow = Flow([RollOffStep(rolls=[])])
        self.placing = placing
        self.phase = "play"

    # === small queries ===================================================================

    @property
    def field(self) -> Battlefield:
        return self.game.field

    @property
    def pack(self) -> ContentPack:
        return self.game.pack

    def card(self, fighter: Fighter | str) -> CharacterCard:
        key = fighter.id if isinstance(fighter, Fighter) else fighter
        return self.pack.characters[key]

    def weapon(self, weapon_id: str) -> WeaponCard | None:
        return self.pack.weapons.get(weapon_id)

    def play_card(self, card_id: str) -> FateCard | GloryCard:
        found = self.pack.fate.get(card_id) or self.pack.glory.get(card_id)
        if found is None:
            raise KeyError(card_id)
        return found

    def on_board(self, player: int | None = None) -> list[Fighter]:
        return [
            f
            for f in self.fighters.values()
            if not f.knocked_out and (player is None or f.owner == player)
        ]

    def enemies_of(self, fighter: Fighter) -> list[Fighter]:
        return [f for f in self.on_board() if f.owner != fighter.owner]

    def occupant(self, pos: Position) -> Fighter | None:
        for f in self.on_board():
            if f.position == pos:
                return f
        return None

    def engaged_enemies(self, fighter: Fighter) -> list[Fighter]:
        """Rulebook, Melee Attack: enemies in adjacent hexes are engaged."""
        around = self.field.adjacent_positions(fighter.position)
        return [
            e
            for e in self.fighters.values()
            if e.owner != fighter.owner and not e.knocked_out and e.position in around
        ]

    def stat(self, fighter: Fighter, name: str) -> int:
        card = self.card(fighter)
        base = int(getattr(card, name))
        bonus = effects.passive_stat_bonus(
            self, fighter, "speed" if name == "focused_speed" else name
        )
        return max(0, base + bonus)

    def turn(self) -> Turn:
        return self.turns[-1]

    def cost_of(self, turn: Turn, kind: str) -> int:
        """Rulebook, Perform Actions: 1 AP, and 1 more for each repeat in the activation."""
        return turn.counts.get(kind, 0) + 1

    def weapon_cost(self, turn: Turn, weapon_type: str) -> int:
        """Rulebook, Attack: 1 AP for the first use of a weapon type, 1 more per repeat."""
        return turn.weapon_counts.get(weapon_type, 0) + 1

    # === state API hooks =================================================================

    def _current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        return self.flow.steps[-1].actor(self)

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return self.flow.steps[-1].chance(self)

    def test_of(self, step: DiceTestStep) -> DiceTest:
        return step.dice()

    def _legal_actions(self, player: int) -> Sequence[Action]:
        return self.flow.steps[-1].legal(self, player)

    def _simple_act_is_legal(self, action: Action, player: int) -> bool:
        """The cheap members of ``_legal_act``, checked one by one with the same tests."""
        turn = self.turn()
        fighter = self.fighters[turn.character]
        opportunity = turn.kind == "opportunity"
        kind = action.kind
        try:
            if kind == "focus":
                return (
                    action == act("focus")
                    and not turn.interruption
                    and not fighter.focused
                    and self.cost_of(turn, "focus") <= turn.ap
                )
            if kind == "overwatch":
                return (
                    action == act("overwatch")
                    and not turn.interruption
                    and self.cost_of(turn, "overwatch") <= turn.ap
                )
            if kind == "end":
                return action == act("end")
            if kind == "play":
                card = action.str_param("card")
                side = self.sides[player]
                return action == act("play", card=card) and (
                    card in side.hand or card in side.glory
                )
            if kind == "skill":
                skill_id = action.str_param("skill")
                skills = {s.id: s for s in self.card(fighter).skills}
                return (
                    action == act("skill", skill=skill_id)
                    and not opportunity
                    and skill_id in skills
                    and effects._skill_refusal(
                        self, turn, fighter, f"skill:{skill_id}", skills[skill_id]
                    )
                    is None
                )
            item = action.str_param("item")
            return (
                action == act("use-item", item=item)
                and not opportunity
                and effects.item_refusal(self, turn, fighter, item) is None
            )
        except (KeyError, TypeError):
            return False

    def _anytime_actions(self, player: int) -> Sequence[Action]:
        """Rulebook, Scoring: a player can forfeit, or offer a draw, at any time."""
        if self.phase == "over":
            return ()
        if DrawOfferStep in self.flow:
            return (act("forfeit"),)
        return (act("forfeit"), act("offer-draw"))

    def _is_legal(self, action: Action, player: int) -> bool:
        """A direct check for the two big families (moves and attacks) instead of building the
        whole list; both use the very functions that build the list."""
        top = self.flow.steps[-1]
        if not isinstance(top, ActStep):
            return action in self._legal_actions(player)
        if action.kind in SIMPLE_ACT_KINDS:
            return self._simple_act_is_legal(action, player)
        if action.kind in ("move", "attack"):
            turn = self.turn()
            fighter = self.fighters[turn.character]
            try:
                if action.kind == "move":
                    pos = Position(*action.ints_param("to"))
                    use_focus = action.bool_param("focus")
                    return (
                        action == move_action(pos, use_focus)
                        and turn.kind != "opportunity"
                        and self.can_afford(turn, "move")
                        and (fighter.focused or not use_focus)
                        and pos in self.move_options(turn, fighter, use_focus)
                    )
                weapon = action.str_param("weapon")
                target = self.fighters.get(action.str_param("target"))
            except (KeyError, TypeError):
                return False
            return (
                target is not None
                and action == combat.attack_action(weapon, target.id)
                and weapon in combat.usable_weapons(self, fighter)
                and combat.target_refusal(self, turn, fighter, weapon, target) is None
            )
        return action in self._legal_actions(player)

    def _apply(self, action: Action, player: int) -> None:
        if action.kind == "forfeit":
            self.finish(1 - player, f"player {player} forfeits")
            return
        if action.kind == "offer-draw":
            self.flow.push(DrawOfferStep(player=1 - player, by=player))
            self.events.append("draw offered", {"player": player})
            return
        self.flow.steps[-1].apply(self, action, player)
        self.flow.settle(self, _between_steps)

    def start_interruption(self, player: int, character: str, kind: str, interrupted: str) -> None:
        """Interruptions (rules/activation.py), for the steps that cannot import it."""
        start_interruption(self, player, character, kind, interrupted)

    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]:
        from rulekeeper.games.battleground.views import explain

        return explain.why_not(self, action, player)

    def _returns(self) -> Sequence[float]:
        if self.phase != "over" or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    # === rounds [Playing the Game] =======================================================

    def order(self) -> list[int]:
        return [self.first_player, 1 - self.first_player]

    def ready(self, player: int) -> list[Fighter]:
        ready = [f for f in self.on_board(player) if not f.activated]
        side = self.sides[player]
        if side.activations == 0 and len(self.on_board(player)) > 1:
            # Double Activation: not the last character of the previous round first.
            ready = [f for f in ready if f.id != side.previous_last]
        return sorted(ready, key=lambda f: f.id)

    def can_select(self, player: int) -> bool:
        side = self.sides[player]
        return bool(self.ready(player)) and bool(side.hand or side.glory)

    def take_from_hand(self, player: int, card: str) -> None:
        side = self.sides[player]
        if card in side.hand:
            side.hand.remove(card)
        else:
            side.glory.remove(card)
            side.glory_used.append(card)

    # --- actions [Perform Actions] ---

    def move_points(self, fighter: Fighter, use_focus: bool, style: str = "move") -> MovementPoints:
        return movement_points(
            self.field,
            fighter.position,
            self.stat(fighter, "speed"),
            self.stat(fighter, "focused_speed"),
            use_focus=use_focus,
            quickness=fighter.buff == "quickness",
            cripple=fighter.debuff == "cripple",
            in_difficult=self.field.is_difficult(fighter.position)
            or effects.flooded(self, fighter),
        )

    def occupancy_for(self, fighter: Fighter) -> Occupancy:
        others = [f for f in self.fighters.values() if f is not fighter and not f.knocked_out]
        friends = frozenset(f.position for f in others if f.owner == fighter.owner)
        enemies = frozenset(f.position for f in others if f.owner != fighter.owner)
        fixed = frozenset(f.position for f in others if not effects.can_be_moved(self, f))
        occupancy = Occupancy(friends, enemies)
        occupancy.can_be_pushed = lambda pos: pos not in fixed
        occupancy.unpushable = fixed
        return occupancy

    def routes(self, fighter: Fighter, use_focus: bool) -> Mapping[Position, Route]:
        """Reach of one move action. Memoised on the game by everything it depends on, since
        the legal-action list and the legality check of the chosen move both ask for it."""
        budget = self.move_points(fighter, use_focus)
        style = effects.move_style(self, fighter)
        occupancy = self.occupancy_for(fighter)
        unpushable = occupancy.unpushable
        key = (
            fighter.position,
            budget.points,
            style,
            occupancy.friends,
            occupancy.enemies,
            unpushable,
        )
        memo = self.game.reach_memo
        found = memo.get(key)
        if found is None:
            if len(memo) > 256:  # small: hits come from the same few states, and a big
                # memo of route trees only gives the garbage collector more to scan
                memo.clear()
            found = reachable(self.field, fighter.position, budget.points, occupancy, style=style)
            memo[key] = found
        return found

    def move_options(
        self, turn: Turn, fighter: Fighter, use_focus: bool
    ) -> Mapping[Position, Route]:
        if turn.kind == "overwatch" and turn.interrupted:
            # The character's own movement style (Flight, Levitation) applies here too.
            budget = self.move_points(fighter, use_focus)
            style = effects.move_style(self, fighter)
            return self.interruption_routes(fighter, turn.interrupted, budget.points, style)
        return self.routes(fighter, use_focus)

    def interruption_routes(
        self, fighter: Fighter, interrupted: str, points: int, style: Style
    ) -> dict[Position, Route]:
        """Interruptions: "all movements must be made towards the interrupted character and end
        within the line of sight of that character" (move actions, jumps and teleports)."""
        target = self.fighters[interrupted]
        goal = self.field.adjacent_positions(target.position)
        toward = towards(
            self.field, fighter.position, points, goal, self.occupancy_for(fighter), style=style
        )
        return {p: r for p, r in toward.items() if self.field.has_line_of_sight(p, target.position)}

    def spend(self, turn: Turn, kind: str) -> None:
        if kind in turn.free_actions:
            turn.free_actions.remove(kind)  # Free Actions: no AP, and costs do not rise
            return
        turn.ap -= self.cost_of(turn, kind)
        turn.counts[kind] = turn.counts.get(kind, 0) + 1

    def can_afford(self, turn: Turn, kind: str) -> bool:
        return kind in turn.free_actions or self.cost_of(turn, kind) <= turn.ap

    # --- moving [Move; Attacks of Opportunity; Overwatch] ---

    def overwatch_triggers(self, watcher: Fighter, mover: Fighter) -> bool:
        """Rulebook, Overwatch: sight, front arc, and in range of a weapon or one move away."""
        if not self.field.has_line_of_sight(watcher.position, mover.position):
            return False
        if not in_front_arc(watcher.position.hex, watcher.facing, [mover.position.hex]):
            return False
        distance = self.field.range_inches(watcher.position, mover.position)
        for weapon_id in watcher.weapons:
            weapon = self.weapon(weapon_id)
            if weapon is not None and weapon.range is not None and distance <= weapon.range:
                return True
        goal = set(self.field.adjacent_positions(mover.position))
        for use_focus in (False, True) if watcher.focused else (False,):
            if goal & set(self.routes(watcher, use_focus)):
                return True
        return False

    def discard_cards(self, player: int, cards: list[str]) -> None:
        side = self.sides[player]
        fate = [c for c in cards if c in self.pack.fate]
        side.deck.discard(fate)

    # === clean-up [Clean-Up Phase] =======================================================

    def claim_objectives(self) -> None:
        """Rulebook, Claim Objective Tokens (objectives.py); 20 VP each at the end."""
        for objective, at in list(self.objectives.items()):
            fighter = claimant(self.field, (at[0], at[1]), self.on_board())
            if fighter is None:
                continue
            del self.objectives[objective]
            side = self.sides[fighter.owner]
            side.objectives.append(objective)
            side.vp += OBJECTIVE_VP
            self.events.append(
                "claim", {"player": fighter.owner, "objective": objective, "by": fighter.id}
            )

    def clear_tokens(self) -> None:
        """Clean-up: buffs, debuffs and marks go; regeneration heals and curse wounds as they do."""
        for fighter in sorted(self.on_board(), key=lambda f: f.id):
            effects.remove_buff(self, fighter)
            effects.remove_debuff(self, fighter)
        self.marks = []
        combat.remove_knocked_out(self)

    def check_victory(self) -> bool:
        alive = [bool(self.on_board(p)) for p in (0, 1)]
        if not all(alive):
            if any(alive):
                winner = alive.index(True)
                self.finish(winner, "knockout victory")
            else:
                self.finish(-1, "both forces knocked out: draw")
            return True
        if self.round >= self.game.rounds:
            vp = [side.vp for side in self.sides]
            margin = vp[0] - vp[1]
            if abs(margin) >= WIN_MARGIN:
                self.finish(0 if margin > 0 else 1, "points victory")
            else:
                self.finish(-1, "draw on points")
            return True
        return False

    def finish(self, winner: int, result: str) -> None:
        self.phase = "over"
        self.winner = winner
        self.result = result
        self.events.append(
            "game end", {"winner": winner, "result": result, "vp": [s.vp for s in self.sides]}
        )

    def _clone_data_into(self, new: BattlegroundState) -> None:
        """Cloning is on every action's path (atomic apply) and in every bot's search: copy the
        plain data by hand instead of deepcopy."""
        new.phase = self.phase
        new.round = self.round
        new.first_player = self.first_player
        new.winner = self.winner
        new.result = self.result
        new.fighters = {key: f.copy() for key, f in self.fighters.items()}
        new.sides = [side.copy() for side in self.sides]
        new.turns = [turn.copy() for turn in self.turns]
        new.flow = self.flow.clone()
        new.objectives = {k: list(v) for k, v in self.objectives.items()}
        new.marks = [copy_json(m) for m in self.marks]
        new.statuses = {k: [copy_json(s) for s in v] for k, v in self.statuses.items()}
        new.placing = {k: [copy_json(e) for e in v] for k, v in self.placing.items()}

    # === views and data ==================================================================

    def _observation(self, player: int) -> JsonObject:
        data: dict[str, Any] = dict(self._to_data())
        for p, side in enumerate(data["sides"]):
            deck = side["deck"]
            side["deck"] = {"draw": len(deck["draw"]), "discard": deck["discard"]}
            if p != player:
                side["hand"] = len(side["hand"])
                side["glory"] = len(side["glory"])
                side["selected"] = bool(side["selected"])
        for item in data["flow"]["steps"]:
            if item["kind"] == "select":
                item["chosen"] = {
                    k: (v if k == str(player) else "(hidden)") for k, v in item["chosen"].items()
                }
        data["you"] = player
        data["events"] = [e.to_data() for e in self.events.for_player(player)]
        return data

    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        return hidden.secret(self, action, player)

    def _resample(self, player: int, rng: random.Random) -> None:
        hidden.resample(self, player, rng)

    def describe(self, action: Action) -> str:
        from rulekeeper.games.battleground.views import explain

        return explain.describe(self, action)

    def _to_data(self) -> JsonObject:
        return {
            "phase": self.phase,
            "round": self.round,
            "first_player": self.first_player,
            "winner": self.winner,
            "result": self.result,
            "fighters": [f.to_data() for f in self.fighters.values()],
            "sides": [s.to_data() for s in self.sides],
            "turns": [t.to_data() for t in self.turns],
            "flow": self.flow.to_data(),
            "objectives": {k: list(v) for k, v in self.objectives.items()},
            "marks": [dict(m) for m in self.marks],
            "statuses": {k: [dict(s) for s in v] for k, v in self.statuses.items()},
            "placing": {k: [dict(e) for e in v] for k, v in self.placing.items()},
        }

    def _from_data(self, data: Mapping[str, Any]) -> None:
        import copy

        self.phase = str(data["phase"])
        self.round = int(data["round"])
        self.first_player = int(data["first_player"])
        self.winner = int(data["winner"])
        self.result = str(data["result"])
        self.fighters = {}
        for raw in data["fighters"]:
            fighter = Fighter.from_data(dict(raw))
            if fighter.id not in self.game.pack.characters:
                raise DataError(
                    "battleground state", "data.fighters", f"unknown character {fighter.id!r}"
                )
            self.fighters[fighter.id] = fighter
        self.sides = [Side.from_data(dict(s)) for s in data["sides"]]
        self.turns = [Turn.from_data(dict(t)) for t in data["turns"]]
        reader = Reader("battleground state")
        self.flow = Flow.from_data(data["flow"], STEPS, reader, "data.flow")
        for ref in reader.refs:
            if ref.kind == "character" and ref.value not in self.fighters:
                raise DataError(reader.source, ref.path, f"unknown character {ref.value!r}")
        self.objectives = {str(k): [int(v[0]), int(v[1])] for k, v in data["objectives"].items()}
        self.marks = [copy.deepcopy(dict(m)) for m in data["marks"]]
        self.statuses = {str(k): copy.deepcopy(list(v)) for k, v in data["statuses"].items()}
        self.placing = {str(k): copy.deepcopy(list(v)) for k, v in data["placing"].items()}


BattlegroundGame.state_class = BattlegroundState


def _between_steps(state: BattlegroundState) -> bool:
    """Between steps, wounds are checked (outside an attack, whose knock-outs wait for its end:
    AoE Knockouts); steps that a knock-out made pointless then drop themselves, and a knocked-out
    character's own turn ends (ActStep). Nothing more once the game is over."""
    if state.phase == "over":
        return False
    for step in state.flow.steps:
        if type(step) is AttackStep:
            return True
    combat.remove_knocked_out(state)
    return True
