"""Masters of the Universe: Battleground, the complete game, through the engine's state API.

Rulebook sections are named in brackets where a rule is applied; readings decided beyond the
rulebook come from ``shared/rules/battleground.md`` §3 or are listed in ``docs/rules.md``.
The flow is a stack of frames (frames.py); combat.py resolves attacks and tests, effects.py the
cards' effect vocabulary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from rulekeeper.core import (
    CHANCE,
    D6,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    DataError,
    Deck,
    Game,
    GameState,
    JsonObject,
    register_game,
    roll_outcome_actions,
)
from rulekeeper.core.jsonvalue import copy_json, freeze
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.facing import facings_toward, in_front_arc
from rulekeeper.games.battleground.board.hexes import DIRECTION_NAMES, Position
from rulekeeper.games.battleground.board.movement import (
    MovementPoints,
    Occupancy,
    Reach,
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
from rulekeeper.games.battleground.frames import AUTOMATIC_FRAMES, Frame, frame
from rulekeeper.games.battleground.model import HAND_SIZE, Fighter, Side, Turn
from rulekeeper.games.battleground.rules import combat, effects
from rulekeeper.games.battleground.rules.deployment import default_deployments, owner_of_faction
from rulekeeper.games.battleground.rules.dicetest import DiceTest
from rulekeeper.games.battleground.rules.objectives import claimant

ROUNDS = 4
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
        self.frames: list[Frame] = []
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
        self.frames = [frame("roll-off", rolls=[])]
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
        top = self.frames[-1]
        kind = top["kind"]
        if kind == "roll-off":
            return CHANCE
        if kind == "test":
            test = self.test_of(top)
            return CHANCE if test.is_chance() else test.owner
        if kind == "select":
            waiting = self._still_selecting(top)
            return SIMULTANEOUS if len(waiting) > 1 else waiting[0]
        player = top["player"]
        assert isinstance(player, int)
        return player

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return roll_outcome_actions(D6)

    def test_of(self, top: Frame) -> DiceTest:
        return DiceTest.from_data(top["test"])

    def _legal_actions(self, player: int) -> Sequence[Action]:
        top = self.frames[-1]
        handler = getattr(self, "_legal_" + top["kind"].replace("-", "_"))
        actions: list[Action] = handler(top, player)
        return actions

    def _simple_act_is_legal(self, action: Action, player: int) -> bool:
        """The cheap members of ``_legal_act``, checked one by one with the same tests."""
        turn = self.turn()
        fighter = self.fighters[turn.character]
        opportunity = turn.kind == "opportunity"
        kind = action.kind
        try:
            if kind == "focus":
                return (
                    action == _act("focus")
                    and not turn.interruption
                    and not fighter.focused
                    and self.cost_of(turn, "focus") <= turn.ap
                )
            if kind == "overwatch":
                return (
                    action == _act("overwatch")
                    and not turn.interruption
                    and self.cost_of(turn, "overwatch") <= turn.ap
                )
            if kind == "end":
                return action == _act("end")
            if kind == "play":
                card = action.str_param("card")
                side = self.sides[player]
                return action == _act("play", card=card) and (
                    card in side.hand or card in side.glory
                )
            if kind == "skill":
                skill_id = action.str_param("skill")
                skills = {s.id: s for s in self.card(fighter).skills}
                return (
                    action == _act("skill", skill=skill_id)
                    and not opportunity
                    and skill_id in skills
                    and effects._skill_refusal(
                        self, turn, fighter, f"skill:{skill_id}", skills[skill_id]
                    )
                    is None
                )
            item = action.str_param("item")
            return (
                action == _act("use-item", item=item)
                and not opportunity
                and effects.item_refusal(self, turn, fighter, item) is None
            )
        except (KeyError, TypeError):
            return False

    def _anytime_actions(self, player: int) -> Sequence[Action]:
        """Rulebook, Scoring: a player can forfeit, or offer a draw, at any time."""
        if self.phase == "over":
            return ()
        if any(f["kind"] == "draw-offer" for f in self.frames):
            return (_act("forfeit"),)
        return (_act("forfeit"), _act("offer-draw"))

    def _is_legal(self, action: Action, player: int) -> bool:
        """A direct check for the two big families (moves and attacks) instead of building the
        whole list; both use the very functions that build the list."""
        top = self.frames[-1]
        if top["kind"] == "act" and action.kind in _SIMPLE_ACT_KINDS:
            return self._simple_act_is_legal(action, player)
        if top["kind"] == "act" and action.kind in ("move", "attack"):
            turn = self.turn()
            fighter = self.fighters[turn.character]
            try:
                if action.kind == "move":
                    pos = Position(*action.ints_param("to"))
                    use_focus = action.bool_param("focus")
                    return (
                        action == _move_action(pos, use_focus)
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
            self._finish(1 - player, f"player {player} forfeits")
            return
        if action.kind == "offer-draw":
            self.frames.append(frame("draw-offer", player=1 - player, by=player))
            self.events.append("draw offered", {"player": player})
            return
        top = self.frames[-1]
        handler = getattr(self, "_apply_" + top["kind"].replace("-", "_"))
        handler(top, action, player)
        self._settle()

    def _settle(self) -> None:
        """Run every frame that needs no input, until someone must decide or roll.

        Between frames, wounds are checked (outside an attack, whose knock-outs wait for its end:
        AoE Knockouts), and decisions that a knock-out made pointless are dropped: a knocked-out
        character's own turn ends, and nobody interrupts a knocked-out mover."""
        guard = 0
        while self.phase != "over" and self.frames:
            if not any(f["kind"] == "attack" for f in self.frames):
                combat.remove_knocked_out(self)
            top = self.frames[-1]
            if self._pointless(top):
                self.frames.pop()
                continue
            if top["kind"] == "act" and self.fighters[self.turn().character].knocked_out:
                self.frames.append(frame("end-turn"))
                continue
            if top["kind"] not in AUTOMATIC_FRAMES:
                break
            getattr(self, "_run_" + top["kind"].replace("-", "_"))(top)
            guard += 1
            if guard > 10_000:
                raise RuntimeError("the rules loop did not settle")

    def _pointless(self, top: Frame) -> bool:
        kind = top["kind"]
        if kind in ("opportunity", "overwatch-order"):
            return bool(self.fighters[top["mover"]].knocked_out or not top["candidates"])
        if kind in ("face", "push", "place-mark", "ability-target", "push-line", "order-effects"):
            return bool(self.fighters[top["character"]].knocked_out)
        if kind == "before-interruption":
            return bool(self.fighters[top["character"]].knocked_out)
        if kind == "effect-move":
            return not effects.movement_options(self, top)
        return False

    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]:
        from rulekeeper.games.battleground.views import explain

        return explain.why_not(self, action, player)

    def _returns(self) -> Sequence[float]:
        if self.phase != "over" or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    # === roll-off and first player [First Game Setup, step 7] ===========================

    def _legal_roll_off(self, top: Frame, player: int) -> list[Action]:
        return []

    def _apply_roll_off(self, top: Frame, action: Action, player: int) -> None:
        rolls: list[int] = top["rolls"]
        rolls.append(action.int_param("face"))
        self.events.append(
            "roll", {"player": len(rolls) - 1, "face": rolls[-1], "for": "first player"}
        )
        if len(rolls) < 2:
            return
        if rolls[0] == rolls[1]:
            top["rolls"] = []
            return
        winner = 0 if rolls[0] > rolls[1] else 1
        self.frames[-1] = frame("choose-first", player=winner)

    def _legal_choose_first(self, top: Frame, player: int) -> list[Action]:
        return [_act("first-player", player=p) for p in (0, 1)]

    def _apply_choose_first(self, top: Frame, action: Action, player: int) -> None:
        self.first_player = action.int_param("player")
        self.events.append("first player", {"player": self.first_player})
        self.frames = [frame("round")]
        self.events.append("round", {"round": self.round})
        if any(self.placing.values()):
            # Standard Setup: the players place their characters in their zones, one at a
            # time, the first player first (a decided reading: docs/rules.md).
            self.frames.append(frame("deploy", player=self.first_player))

    def _deploy_spots(self, player: int) -> list[Position]:
        zone = self.field.zones.get(player, frozenset())
        taken = {f.position for f in self.fighters.values()}
        return [p for p in sorted(self.field.positions) if p.hex in zone and p not in taken]

    def _legal_deploy(self, top: Frame, player: int) -> list[Action]:
        spots = self._deploy_spots(player)
        return [
            _act("deploy", character=entry["character"], to=spot.to_json())
            for entry in self.placing[str(player)]
            for spot in spots
        ]

    def _apply_deploy(self, top: Frame, action: Action, player: int) -> None:
        name = action.str_param("character")
        entry = next(e for e in self.placing[str(player)] if e["character"] == name)
        self.placing[str(player)].remove(entry)
        spot = Position(*action.ints_param("to"))
        self.fighters[name] = Fighter(
            name,
            player,
            spot.q,
            spot.r,
            spot.level,
            0,
            weapons=entry["weapons"],
            items=entry["items"],
        )
        self.events.append("deploy", {"player": player, "character": name, "at": spot.to_json()})
        other = 1 - player
        if self.placing[str(other)]:
            top["player"] = other
        elif not self.placing[str(player)]:
            self.frames.remove(top)
        self.frames.append(frame("face", player=player, character=name, options=list(range(6))))

    # === rounds [Playing the Game] =======================================================

    def _run_round(self, top: Frame) -> None:
        """Between activations: select cards again while anybody can, else clean up."""
        for player in (0, 1):
            side = self.sides[player]
            if not side.passed and not self._can_select(player):
                side.passed = True
                self.events.append("pass", {"player": player, "why": "no ready character or card"})
        waiting = [p for p in self._order() if not self.sides[p].passed]
        if waiting:
            self.frames.append(frame("select", players=waiting, chosen={}))
        else:
            self.frames[-1] = frame("clean-up")

    def _order(self) -> list[int]:
        return [self.first_player, 1 - self.first_player]

    def _ready(self, player: int) -> list[Fighter]:
        ready = [f for f in self.on_board(player) if not f.activated]
        side = self.sides[player]
        if side.activations == 0 and len(self.on_board(player)) > 1:
            # Double Activation: not the last character of the previous round first.
            ready = [f for f in ready if f.id != side.previous_last]
        return sorted(ready, key=lambda f: f.id)

    def _can_select(self, player: int) -> bool:
        side = self.sides[player]
        return bool(self._ready(player)) and bool(side.hand or side.glory)

    # --- select cards [Activation Phase, step 1] ---

    def _still_selecting(self, top: Frame) -> list[int]:
        chosen: dict[str, str] = top["chosen"]
        return [p for p in top["players"] if str(p) not in chosen]

    def _legal_select(self, top: Frame, player: int) -> list[Action]:
        if player not in self._still_selecting(top):
            return []
        side = self.sides[player]
        return list(
            _card_choices("select", tuple(side.hand), tuple(side.glory), ("pass", "forfeit"))
        )

    def _apply_select(self, top: Frame, action: Action, player: int) -> None:
        chosen: dict[str, str] = top["chosen"]
        if action.kind == "pass":
            chosen[str(player)] = ""
        else:
            card = action.str_param("card")
            chosen[str(player)] = card
            self.sides[player].selected = card
        self.events.append(
            "card selected",
            {"player": player},
        )
        if self._still_selecting(top):
            return
        self.frames.pop()
        revealed: list[tuple[int, int, str]] = []
        for player_key, card in chosen.items():
            p = int(player_key)
            side = self.sides[p]
            if not card:
                side.passed = True
                self.events.append("pass", {"player": p})
                continue
            self._take_from_hand(p, card)
            side.selected = ""
            initiative = self.play_card(card).initiative
            first = 0 if p == self.first_player else 1
            revealed.append((-initiative, first, card))
            self.events.append("reveal", {"player": p, "card": card, "initiative": initiative})
        revealed.sort()
        by_card_player = {card: int(k) for k, card in chosen.items() if card}
        # Highest initiative activates first; the first player breaks ties [Select Cards].
        for _, _, card in reversed(revealed):
            self.frames.append(frame("activate", player=by_card_player[card], card=card))

    def _take_from_hand(self, player: int, card: str) -> None:
        side = self.sides[player]
        if card in side.hand:
            side.hand.remove(card)
        else:
            side.glory.remove(card)
            side.glory_used.append(card)

    # --- activate character [Activation Phase, steps 2–3] ---

    def _legal_activate(self, top: Frame, player: int) -> list[Action]:
        ready = self._ready(player)
        if not ready:
            return [_act("discard-card")]
        return [_act("activate", character=f.id) for f in ready]

    def _apply_activate(self, top: Frame, action: Action, player: int) -> None:
        card_id: str = top["card"]
        if action.kind == "discard-card":
            # The card's character was knocked out before it could act: the card is lost.
            self._discard_cards(player, [card_id])
            self.frames.pop()
            return
        fighter = self.fighters[action.str_param("character")]
        card = self.play_card(card_id)
        side = self.sides[player]
        side.activations += 1
        side.last_activated = fighter.id
        if fighter.overwatch:
            fighter.overwatch = False  # Overwatch: the token goes when it starts an activation
            self.events.append("overwatch ends", {"character": fighter.id})
        turn = Turn(player, fighter.id, card.ap, cards=[card_id])
        self.turns.append(turn)
        gained = fighter.gain_mana(card.mana)
        self.events.append(
            "activate",
            {
                "player": player,
                "character": fighter.id,
                "card": card_id,
                "ap": card.ap,
                "mana": gained,
            },
        )
        self.frames[-1] = frame("act", player=player)
        self.frames.append(frame("bonus", player=player, card=card_id, start=True))

    # --- bonuses [Gain Bonuses; Playing Additional Cards] ---

    def _legal_bonus(self, top: Frame, player: int) -> list[Action]:
        card = self.play_card(top["card"])
        if isinstance(card, FateCard):
            options = [_act("bonus", choice="mana")]
            if effects.ability_usable(self, self.turn(), card.ability):
                options.append(_act("bonus", choice="ability"))
        else:
            options = [_act("bonus", choice="ap"), _act("bonus", choice="mission")]
        return options

    def _apply_bonus(self, top: Frame, action: Action, player: int) -> None:
        choice = action.str_param("choice")
        card_id: str = top["card"]
        turn = self.turn()
        fighter = self.fighters[turn.character]
        self.frames.pop()
        if choice == "mana":
            fighter.gain_mana(1)
        elif choice == "ap":
            turn.ap += 1
        elif choice == "mission":
            turn.missions.append(card_id)
        elif choice == "ability":
            card = self.play_card(card_id)
            assert isinstance(card, FateCard)
            if card.ability.when in ("immediately", "at_will"):
                effects.resolve_ability(self, turn, fighter, card.ability, source=f"fate:{card_id}")
                combat.remove_knocked_out(self, by=fighter)
            else:
                turn.granted.append(f"fate:{card_id}")
        self.events.append("bonus", {"player": player, "card": card_id, "choice": choice})
        if top.get("start"):
            effects.fire(
                self, fighter, "upon_interruption" if turn.interruption else "upon_activation"
            )

    # --- actions [Perform Actions] ---

    def _legal_act(self, top: Frame, player: int) -> list[Action]:
        turn = self.turn()
        fighter = self.fighters[turn.character]
        actions: list[Action] = []
        opportunity = turn.kind == "opportunity"
        if not turn.interruption and not fighter.focused and self.cost_of(turn, "focus") <= turn.ap:
            actions.append(_act("focus"))
        if not opportunity and self.can_afford(turn, "move"):
            for use_focus in (False, True) if fighter.focused else (False,):
                options = self.move_options(turn, fighter, use_focus)
                ordered = options.ordered() if isinstance(options, Reach) else sorted(options)
                actions.extend(_move_action(pos, use_focus) for pos in ordered)
        actions.extend(combat.attack_actions(self, turn, fighter))
        if not opportunity:
            actions.extend(effects.skill_actions(self, turn, fighter))
        if not opportunity:
            actions.extend(effects.item_actions(self, turn, fighter))
        if not turn.interruption and self.cost_of(turn, "overwatch") <= turn.ap:
            actions.append(_act("overwatch"))
        side = self.sides[player]
        actions.extend(_card_choices("play", tuple(side.hand), tuple(side.glory), ()))
        actions.append(_act("end"))
        if not turn.interruption:
            actions += [_act("offer-draw"), _act("forfeit")]
        return actions

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

    def _apply_act(self, top: Frame, action: Action, player: int) -> None:
        turn = self.turn()
        fighter = self.fighters[turn.character]
        kind = action.kind
        if kind == "focus":
            self._spend(turn, "focus")
            fighter.focused = True
            self.events.append("focus", {"character": fighter.id})
        elif kind == "move":
            self._declare_move(turn, fighter, action)
        elif kind == "attack":
            combat.declare_attack(self, turn, fighter, action)
        elif kind == "skill":
            effects.use_skill(self, turn, fighter, action.str_param("skill"))
        elif kind == "use-item":
            effects.use_item(self, turn, fighter, action.str_param("item"))
        elif kind == "overwatch":
            self._spend(turn, "overwatch")
            fighter.overwatch = True
            self.events.append("overwatch", {"character": fighter.id})
            self.frames.append(frame("end-turn"))  # the activation ends immediately
        elif kind == "play":
            card = action.str_param("card")
            self._take_from_hand(player, card)
            turn.cards.append(card)
            self.events.append("play card", {"player": player, "card": card})
            self.frames.append(frame("bonus", player=player, card=card))
        elif kind == "end":
            self.frames.append(frame("end-turn"))

    def _spend(self, turn: Turn, kind: str) -> None:
        if kind in turn.free_actions:
            turn.free_actions.remove(kind)  # Free Actions: no AP, and costs do not rise
            return
        turn.ap -= self.cost_of(turn, kind)
        turn.counts[kind] = turn.counts.get(kind, 0) + 1

    def can_afford(self, turn: Turn, kind: str) -> bool:
        return kind in turn.free_actions or self.cost_of(turn, kind) <= turn.ap

    # --- moving [Move; Attacks of Opportunity; Overwatch] ---

    def _declare_move(self, turn: Turn, fighter: Fighter, action: Action) -> None:
        use_focus = action.bool_param("focus")
        target = Position(*action.ints_param("to"))
        self._spend(turn, "move")
        if use_focus:
            fighter.focused = False
        self.events.append(
            "move declared", {"character": fighter.id, "to": target.to_json(), "focus": use_focus}
        )
        move = frame(
            "continue-move",
            player=turn.player,
            character=fighter.id,
            to=target.to_json(),
            focus=use_focus,
            started=False,
        )
        self.frames.append(move)
        engaged = [e.id for e in self.engaged_enemies(fighter)]
        if engaged and effects.move_style(self, fighter) != "teleport":
            # Attacks of opportunity come when the move is declared, before leaving the hex.
            owner = 1 - fighter.owner
            self.frames.append(
                frame("opportunity", player=owner, mover=fighter.id, candidates=engaged)
            )

    def _legal_opportunity(self, top: Frame, player: int) -> list[Action]:
        options = [_act("interrupt", character=c) for c in top["candidates"]]
        return [*options, _act("decline")]

    def _apply_opportunity(self, top: Frame, action: Action, player: int) -> None:
        if action.kind == "decline":
            self.frames.pop()
            return
        attacker = action.str_param("character")
        top["candidates"].remove(attacker)
        if not top["candidates"]:
            self.frames.pop()
        self._start_interruption(player, attacker, "opportunity", top["mover"])

    def _start_interruption(self, player: int, character: str, kind: str, interrupted: str) -> None:
        fighter = self.fighters[character]
        if kind == "overwatch":
            fighter.overwatch = False  # the token returns when the overwatch interruption starts
        self.turns.append(Turn(player, character, 1, kind=kind, interrupted=interrupted))
        self.events.append(
            "interruption", {"character": character, "kind": kind, "interrupts": interrupted}
        )
        self.frames.append(frame("act", player=player))
        effects.fire(self, fighter, "upon_interruption")
        target = self.fighters[interrupted]
        own = next((t for t in reversed(self.turns) if t.character == interrupted), None)
        if own is not None and self._disposables(own, target):
            # Disposable Items: the interrupted character may use them before the interruption.
            self.frames.append(
                frame("before-interruption", player=target.owner, character=interrupted)
            )

    def _disposables(self, turn: Turn, fighter: Fighter) -> list[str]:
        return [
            item_id
            for item_id in fighter.items
            if self.pack.items.get(item_id) is not None
            and self.pack.items[item_id].disposable
            and effects.item_refusal(self, turn, fighter, item_id) is None
        ]

    def _legal_before_interruption(self, top: Frame, player: int) -> list[Action]:
        fighter = self.fighters[top["character"]]
        own = next(t for t in reversed(self.turns) if t.character == fighter.id)
        options = [_act("use-item", item=i) for i in self._disposables(own, fighter)]
        return [*options, _act("continue")]

    def _apply_before_interruption(self, top: Frame, action: Action, player: int) -> None:
        fighter = self.fighters[top["character"]]
        own = next(t for t in reversed(self.turns) if t.character == fighter.id)
        if action.kind == "continue" or not self._disposables(own, fighter):
            self.frames.pop()
            return
        effects.use_item(self, own, fighter, action.str_param("item"))
        if not self._disposables(own, fighter):
            self.frames.remove(top)

    def _run_continue_move(self, top: Frame) -> None:
        fighter = self.fighters[top["character"]]
        if fighter.knocked_out:
            self.frames.pop()
            return
        if not top["started"]:
            top["started"] = True
            target = Position(*top["to"])
            routes = self.routes(fighter, top["focus"])
            route = routes.get(target)
            if route is None:
                # The attacks of opportunity changed the battleground: the move stops here.
                self.events.append(
                    "move blocked", {"character": fighter.id, "to": target.to_json()}
                )
                self.frames.pop()
                return
            top["steps"] = [s.to.to_json() for s in route.steps]
            top["pushes"] = [s.pushes is not None for s in route.steps]
            top["from"] = fighter.position.to_json()
        self._walk(top, fighter)

    def _walk(self, top: Frame, fighter: Fighter) -> None:
        steps: list[list[int]] = top["steps"]
        pushes: list[bool] = top["pushes"]
        while steps:
            to = Position(*steps[0])
            occupant = self.occupant(to)
            if occupant is not None and occupant is not fighter:
                if not pushes[0]:
                    break
                room = [p for p in self.field.adjacent_positions(to) if self.occupant(p) is None]
                rest = {Position(*s) for s in steps[1:]}
                options = [p for p in room if p not in rest] or room
                if not options:
                    break
                self.frames.append(
                    frame(
                        "push",
                        player=occupant.owner,
                        character=occupant.id,
                        options=[p.to_json() for p in options],
                    )
                )
                return
            steps.pop(0)
            pushes.pop(0)
            fighter.place(to)
        self.frames.pop()
        self.events.append(
            "move", {"character": fighter.id, "from": top["from"], "to": fighter.position.to_json()}
        )
        self.frames.append(frame("after-move", mover=fighter.id))
        self.frames.append(
            frame("face", player=fighter.owner, character=fighter.id, options=list(range(6)))
        )

    def _legal_push(self, top: Frame, player: int) -> list[Action]:
        return [_act("push-to", to=o) for o in top["options"]]

    def _apply_push(self, top: Frame, action: Action, player: int) -> None:
        pushed = self.fighters[top["character"]]
        destination = Position(*action.ints_param("to"))
        self.events.append(
            "push",
            {
                "character": pushed.id,
                "from": pushed.position.to_json(),
                "to": destination.to_json(),
            },
        )
        pushed.place(destination)
        self.frames.pop()

    def _legal_face(self, top: Frame, player: int) -> list[Action]:
        return list(_face_choices(tuple(top["options"])))

    def _apply_face(self, top: Frame, action: Action, player: int) -> None:
        fighter = self.fighters[top["character"]]
        fighter.facing = action.int_param("direction")
        self.events.append(
            "face", {"character": fighter.id, "facing": DIRECTION_NAMES[fighter.facing]}
        )
        self.frames.pop()

    def _run_after_move(self, top: Frame) -> None:
        """battleground.md §3: overwatch is checked each time an enemy ends a movement."""
        self.frames.pop()
        mover = self.fighters[top["mover"]]
        if mover.knocked_out:
            return
        triggered = [
            f.id
            for f in self.enemies_of(mover)
            if f.overwatch and self.overwatch_triggers(f, mover)
        ]
        if triggered:
            owner = 1 - mover.owner
            self.frames.append(
                frame("overwatch-order", player=owner, mover=mover.id, candidates=triggered)
            )
        effects.check_missions(self)

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

    def _legal_overwatch_order(self, top: Frame, player: int) -> list[Action]:
        return [_act("interrupt", character=c) for c in top["candidates"]]

    def _apply_overwatch_order(self, top: Frame, action: Action, player: int) -> None:
        watcher = action.str_param("character")
        top["candidates"].remove(watcher)
        mover = self.fighters[top["mover"]]
        remaining = [
            c
            for c in top["candidates"]
            if self.fighters[c].overwatch and not self.fighters[c].knocked_out
        ]
        top["candidates"] = remaining
        if not remaining or mover.knocked_out:
            self.frames.pop()
        self._start_interruption(player, watcher, "overwatch", mover.id)

    # --- ending a turn [End Activation; Interruptions] ---

    def _run_end_turn(self, top: Frame) -> None:
        turn = self.turn()
        fighter = self.fighters[turn.character]
        if not top.get("fired"):
            # Effect Timing: 'at the end of activation/interruption' effects, still inside the
            # turn; if several need ordering, this frame runs again after that decision.
            top["fired"] = True
            if not fighter.knocked_out:
                trigger = "end_of_interruption" if turn.interruption else "end_of_activation"
                effects.fire(self, fighter, trigger)
            return
        self.frames.pop()
        assert self.frames[-1]["kind"] == "act"
        self.frames.pop()
        self.turns.pop()
        side = self.sides[turn.player]
        effects.check_missions(self, ending=turn)
        completed = [c for c in turn.missions if c in side.glory_done]
        if turn.interruption:
            self._discard_cards(turn.player, [c for c in turn.cards if c not in completed])
            self.events.append("interruption ends", {"character": fighter.id})
        else:
            fighter.cards.extend(turn.cards)
            fighter.activated = True
            self.events.append("end activation", {"character": fighter.id, "unspent ap": turn.ap})

    def _discard_cards(self, player: int, cards: list[str]) -> None:
        side = self.sides[player]
        fate = [c for c in cards if c in self.pack.fate]
        side.deck.discard(fate)

    # --- preparation [Preparation Phase] ---

    def _legal_prepare(self, top: Frame, player: int) -> list[Action]:
        return list(_discard_choices(tuple(sorted(self.sides[player].hand))))

    def _apply_prepare(self, top: Frame, action: Action, player: int) -> None:
        side = self.sides[player]
        cards = [str(c) for c in action.param("cards")]  # type: ignore[union-attr]
        for card in cards:
            side.hand.remove(card)
        side.deck.discard(cards)
        drawn = side.deck.draw(HAND_SIZE - len(side.hand))
        side.hand.extend(drawn)
        self.events.append("discard", {"player": player, "cards": cards})
        self.events.append("draw", {"player": player, "cards": drawn}, visible_to=(player,))
        self.events.append("draw count", {"player": player, "count": len(drawn)})
        self.frames.pop()

    # --- draws by agreement ---

    def _legal_draw_offer(self, top: Frame, player: int) -> list[Action]:
        return [_act("accept-draw"), _act("decline-draw")]

    def _apply_draw_offer(self, top: Frame, action: Action, player: int) -> None:
        self.frames.pop()
        if action.kind == "accept-draw":
            self._finish(-1, "draw by agreement")
        else:
            self.events.append("draw declined", {"player": player})

    # --- tests, area targets (combat.py) ---

    def _legal_test(self, top: Frame, player: int) -> list[Action]:
        return self.test_of(top).choices()

    def _apply_test(self, top: Frame, action: Action, player: int) -> None:
        test = self.test_of(top)
        if player == CHANCE:
            test.apply_roll(action.int_param("face"))
        else:
            test.apply_reroll(list(action.ints_param("faces")))
            if test.stage != "mana" and action.ints_param("faces"):
                self.events.append(
                    "reroll", {"test": test.label, "faces": list(action.ints_param("faces"))}
                )
        top["test"] = test.to_data()
        if test.is_done():
            self.frames.pop()
            if top["role"] in ("skill", "skill-defence"):
                self._skill_test_done(top, test)
            else:
                combat.test_finished(self, top, test)

    def _skill_test_done(self, test_frame: Frame, test: DiceTest) -> None:
        skill = self.frames[-1]
        assert skill["kind"] == "skill-test"
        if test_frame["role"] == "skill":
            tester = self.fighters[skill["character"]]
            skill["owner_successes"] = test.successes()
            skill["stage"] = "defence"
        else:
            tester = self.fighters[skill["target"]]
            skill["defence_successes"] = test.successes()
        tester.mana = max(0, tester.mana - test.mana_spent)
        self.events.append(
            "test result",
            {
                "label": test.label,
                "initial": test.initial,
                "exploded": test.exploded,
                "successes": test.successes(),
            },
        )

    def _run_skill_test(self, top: Frame) -> None:
        effects.skill_test_step(self, top)

    def _legal_ability_target(self, top: Frame, player: int) -> list[Action]:
        return [_act("target", character=c) for c in top["candidates"]]

    def _apply_ability_target(self, top: Frame, action: Action, player: int) -> None:
        from rulekeeper.games.battleground.content.effects import Ability

        self.frames.pop()
        fighter = self.fighters[top["character"]]
        target = self.fighters[action.str_param("character")]
        ability = Ability.model_validate(top["ability"])
        effects.resolve_on_target(self, fighter, target, ability, top["source"])
        combat.remove_knocked_out(self, by=fighter)

    def _legal_effect_move(self, top: Frame, player: int) -> list[Action]:
        return [_act("move-to", to=p.to_json()) for p in effects.movement_options(self, top)]

    def _legal_order_effects(self, top: Frame, player: int) -> list[Action]:
        return [_act("resolve", effect=key) for key in top["remaining"]]

    def _apply_order_effects(self, top: Frame, action: Action, player: int) -> None:
        key = action.str_param("effect")
        top["remaining"].remove(key)
        if not top["remaining"]:
            self.frames.remove(top)
        effects.fire_one(self, self.fighters[top["character"]], top["trigger"], key)

    def _legal_push_line(self, top: Frame, player: int) -> list[Action]:
        return [_act("push-to", to=o) for o in top["options"]]

    def _apply_push_line(self, top: Frame, action: Action, player: int) -> None:
        self.frames.pop()
        subject = self.fighters[top["character"]]
        to = Position(*action.ints_param("to"))
        effects.displaced(self, subject, top["effect"], to, "along the chosen side of the line")

    def _run_switch(self, top: Frame) -> None:
        self.frames.pop()
        first, second = self.fighters[top["first"]], self.fighters[top["second"]]
        if first.knocked_out or second.knocked_out:
            return
        a, b = first.position, second.position
        first.place(b)
        second.place(a)
        self.events.append("switch", {"characters": [first.id, second.id]})

    def _apply_effect_move(self, top: Frame, action: Action, player: int) -> None:
        self.frames.pop()
        fighter = self.fighters[top["character"]]
        start = fighter.position
        fighter.place(Position(*action.ints_param("to")))
        self.events.append(
            top["style"],
            {"character": fighter.id, "from": start.to_json(), "to": fighter.position.to_json()},
        )
        if top["style"] == "teleport":
            # Teleport: no overwatch, and the owner may change the facing.
            self.frames.append(
                frame("face", player=fighter.owner, character=fighter.id, options=list(range(6)))
            )
            return
        if top["toward"]:
            target = self.fighters[top["toward"]]
            options = facings_toward(fighter.position.hex, target.position.hex)
            if len(options) == 1:
                fighter.facing = options[0]
            else:
                self.frames.append(frame("after-move", mover=fighter.id))
                self.frames.append(
                    frame("face", player=fighter.owner, character=fighter.id, options=options)
                )
                return
            self.frames.append(frame("after-move", mover=fighter.id))
            return
        self.frames.append(frame("after-move", mover=fighter.id))
        self.frames.append(
            frame("face", player=fighter.owner, character=fighter.id, options=list(range(6)))
        )

    def _legal_place_mark(self, top: Frame, player: int) -> list[Action]:
        return [_act("mark-at", at=o) for o in top["options"]]

    def _apply_place_mark(self, top: Frame, action: Action, player: int) -> None:
        self.frames.pop()
        effects.mark_placed(self, top, list(action.ints_param("at")))

    def _legal_area_target(self, top: Frame, player: int) -> list[Action]:
        return [_act("next-target", character=c) for c in top["candidates"]]

    def _apply_area_target(self, top: Frame, action: Action, player: int) -> None:
        self.frames.pop()
        attack = self.frames[-1]
        assert attack["kind"] == "attack"
        combat.next_area_target(self, attack, action.str_param("character"))

    def _run_attack(self, top: Frame) -> None:
        combat.run_attack(self, top)

    # === clean-up [Clean-Up Phase] =======================================================

    def _run_clean_up(self, top: Frame) -> None:
        self.frames.pop()
        self._claim_objectives()
        self._clear_tokens()
        ended = self._check_victory()
        if ended:
            return
        for fighter in self.fighters.values():
            if not fighter.knocked_out and not fighter.activated and not fighter.cards:
                fighter.gain_mana(1)
            # "All the fate and glory cards they played in the last round" are discarded, those
            # on a character knocked out since too.
            self._discard_cards(fighter.owner, fighter.cards)
            fighter.cards = []
            if not fighter.knocked_out:
                fighter.activated = False
        for side in self.sides:
            side.passed = False
            # Double Activation: the ban is for the next round only; a player who activates
            # nobody this round has no last character in it.
            side.previous_last = side.last_activated
            side.last_activated = ""
            side.activations = 0
        self.round += 1
        self.events.append("round", {"round": self.round})
        self.frames = [frame("round")]
        for player in reversed(self._order()):
            self.frames.append(frame("prepare", player=player))

    def _claim_objectives(self) -> None:
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

    def _clear_tokens(self) -> None:
        """Clean-up: buffs, debuffs and marks go; regeneration heals and curse wounds as they do."""
        for fighter in sorted(self.on_board(), key=lambda f: f.id):
            effects.remove_buff(self, fighter)
            effects.remove_debuff(self, fighter)
        self.marks = []
        combat.remove_knocked_out(self)

    def _check_victory(self) -> bool:
        alive = [bool(self.on_board(p)) for p in (0, 1)]
        if not all(alive):
            if any(alive):
                winner = alive.index(True)
                self._finish(winner, "knockout victory")
            else:
                self._finish(-1, "both forces knocked out: draw")
            return True
        if self.round >= self.game.rounds:
            vp = [side.vp for side in self.sides]
            margin = vp[0] - vp[1]
            if abs(margin) >= WIN_MARGIN:
                self._finish(0 if margin > 0 else 1, "points victory")
            else:
                self._finish(-1, "draw on points")
            return True
        return False

    def _finish(self, winner: int, result: str) -> None:
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
        new.frames = [copy_json(f) for f in self.frames]
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
        for item in data["frames"]:
            if item["kind"] == "select":
                item["chosen"] = {
                    k: (v if k == str(player) else "(hidden)") for k, v in item["chosen"].items()
                }
        data["you"] = player
        data["events"] = [e.to_data() for e in self.events.for_player(player)]
        return data

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
            "frames": [dict(f) for f in self.frames],
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
        self.frames = [copy.deepcopy(dict(f)) for f in data["frames"]]
        self.objectives = {str(k): [int(v[0]), int(v[1])] for k, v in data["objectives"].items()}
        self.marks = [copy.deepcopy(dict(m)) for m in data["marks"]]
        self.statuses = {str(k): copy.deepcopy(list(v)) for k, v in data["statuses"].items()}
        self.placing = {str(k): copy.deepcopy(list(v)) for k, v in data["placing"].items()}


BattlegroundGame.state_class = BattlegroundState


_ACTIONS: dict[tuple[Any, ...], Action] = {}
_SIMPLE_ACT_KINDS = frozenset({"focus", "overwatch", "end", "play", "skill", "use-item"})


def _act(kind: str, **params: Any) -> Action:
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
def _card_choices(
    kind: str, hand: tuple[str, ...], glory: tuple[str, ...], extra: tuple[str, ...]
) -> tuple[Action, ...]:
    cards = sorted(set(hand)) + sorted(set(glory))
    return (*(_act(kind, card=c) for c in cards), *(_act(k) for k in extra))


@lru_cache(maxsize=64)
def _face_choices(directions: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(_act("face", direction=d) for d in directions)


@lru_cache(maxsize=4096)
def _discard_choices(hand: tuple[str, ...]) -> tuple[Action, ...]:
    """Preparation Phase: any number of cards may be discarded (each distinct choice once)."""
    options: set[tuple[str, ...]] = set()
    for size in range(len(hand) + 1):
        options.update(combinations(hand, size))
    return tuple(_act("discard", cards=list(c)) for c in sorted(options, key=lambda c: (len(c), c)))


@cache
def _move_action(pos: Position, use_focus: bool) -> Action:
    """Actions are immutable values: the few thousand distinct moves are built once."""
    return Action.of("move", to=pos.to_json(), focus=use_focus)  # keep: the cache itself
