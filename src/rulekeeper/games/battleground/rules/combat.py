"""Attacks: who may be targeted, the tests, and what the successes do.

Sources: rulebook *Attack* (melee, ranged, spell, fists, mana costs, targeting allies), *Tests*,
*Defence Tests*, *Scope Modifiers* (flank, cover, target engaged), *Extra Effects*, *Area
Attacks* and *AoE Knockouts*, *Health and Wounds*, *Interruptions* and *Attacks of
Opportunity*, *Buffs and Debuffs*; battleground.md §3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import Step
from rulekeeper.core.hexes import direction_to, hex_distance
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.games.battleground.board.facing import arc_of, facings_toward
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.forces import cost_of_character_with_equipment
from rulekeeper.games.battleground.model import AttackWeaponId, CharacterId, Fighter, Seat, Turn
from rulekeeper.games.battleground.rules import abilities, effects, missions, modifiers, triggers
from rulekeeper.games.battleground.rules.ap import weapon_cost
from rulekeeper.games.battleground.rules.attack_geometry import is_flank_attack, target_cover
from rulekeeper.games.battleground.rules.dicetest import (
    DiceTest,
    DiceTestStep,
    Modifier,
    finished,
    start_test,
)
from rulekeeper.games.battleground.rules.move import FaceStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

FISTS = "fists"
ATTACK_STAT = {"melee": "strength", "ranged": "perception", "spell": "power"}
DEFENCE_STAT = {"melee": "toughness", "ranged": "toughness", "spell": "mind"}


def weapon_type(state: BattleState, weapon_id: str) -> str:
    if weapon_id == FISTS:
        return "melee"
    weapon = state.weapon(weapon_id)
    assert weapon is not None
    return weapon.type


def usable_weapons(state: BattleState, fighter: Fighter) -> list[str]:
    """Equipped weapons, and fists when no melee weapon is equipped (rulebook: Melee Attack)."""
    weapons = [w for w in fighter.weapons if state.weapon(w) is not None]
    if not any(weapon_type(state, w) == "melee" for w in weapons):
        weapons.append(FISTS)
    return weapons


def target_refusal(
    state: BattleState,
    turn: Turn,
    attacker: Fighter,
    weapon_id: str,
    target: Fighter,
    engaged: list[Fighter] | None = None,
) -> str | None:
    """Why ``attacker`` may not attack ``target`` with the weapon now (None: it may);
    *engaged*: the attacker's engaged enemies, when the caller has them already."""
    weapon = state.weapon(weapon_id)
    if weapon_id != FISTS and (weapon is None or weapon_id not in attacker.weapons):
        return f"{attacker.id} has no {weapon_id} equipped"
    kind = weapon_type(state, weapon_id)
    if target.knocked_out or target is attacker:
        return f"{target.id} cannot be the target"
    ally = target.owner == attacker.owner
    if ally and not (weapon is not None and weapon.can_target_allies):
        return "only spells that say so can target allies (Targeting Allies)"
    if not ally and weapon is not None and not weapon.can_target_enemies:
        return f"{weapon.name} only targets allies"
    if turn.kind == "opportunity" and kind != "melee":
        return "attacks of opportunity are melee attacks"
    if turn.interruption and not ally and target.id != turn.interrupted:
        return f"an interruption's attacks must target the interrupted {turn.interrupted}"
    cost = 0 if _free_attack(turn, kind) else weapon_cost(turn, kind)
    if cost > turn.ap:
        return f"a {kind} attack costs {cost} AP now, {attacker.id} has {turn.ap} (Attack)"
    if engaged is None:
        engaged = state.engaged_enemies(attacker)
    if kind == "melee":
        if target not in engaged:
            return f"{target.id} is not engaged with {attacker.id} (Melee Attack)"
        return None
    if engaged:
        return f"{attacker.id} is engaged and cannot make a {kind} attack (Ranged Attack)"
    assert weapon is not None and weapon.range is not None
    if kind == "spell" and (weapon.mana_cost or 0) > attacker.mana:
        return f"{weapon.name} costs {weapon.mana_cost} mana, {attacker.id} has {attacker.mana}"
    distance = state.field.range_inches(attacker.position, target.position)
    if distance > weapon.range:
        return f'{target.id} is {distance:.1f}" away, beyond the {weapon.range:g}" range'
    if not state.field.has_line_of_sight(attacker.position, target.position):
        reason = state.field.line_of_sight(attacker.position, target.position).reason
        return f"no line of sight to {target.id}: {reason}"
    return None


def _free_attack(turn: Turn, kind: str) -> str | None:
    if not turn.free_actions:
        return None
    for label in (f"attack:{kind}", "attack"):
        if label in turn.free_actions:
            return label
    return None


def attack_actions(state: BattleState, turn: Turn, attacker: Fighter) -> list[Action]:
    """Every legal attack. Candidates are narrowed cheaply first (engaged enemies for melee,
    nobody while engaged for ranged and spells); each is then checked by target_refusal, the
    same function that explains a refusal, so the list and the explanations cannot disagree."""
    engaged = state.engaged_enemies(attacker)
    others = sorted((f for f in state.on_board() if f is not attacker), key=lambda f: f.id)
    actions = []
    for weapon_id in usable_weapons(state, attacker):
        kind = weapon_type(state, weapon_id)
        if not _free_attack(turn, kind) and weapon_cost(turn, kind) > turn.ap:
            continue
        if kind == "melee":
            candidates = sorted(engaged, key=lambda f: f.id)
        elif engaged:
            continue
        else:
            candidates = others
        for target in candidates:
            if target_refusal(state, turn, attacker, weapon_id, target, engaged) is None:
                actions.append(state.game.actions.attack(weapon_id, target.id))
    return actions


def declare_attack(state: BattleState, turn: Turn, attacker: Fighter, action: Action) -> None:
    weapon_id = action.str_param("weapon")
    target = state.fighters[action.str_param("target")]
    kind = weapon_type(state, weapon_id)
    free = _free_attack(turn, kind)
    if free:
        turn.free_actions.remove(free)  # Free Actions: no AP, and the cost does not rise
    else:
        turn.ap -= weapon_cost(turn, kind)
        turn.weapon_counts[kind] = turn.weapon_counts.get(kind, 0) + 1
    weapon = state.weapon(weapon_id)
    if kind == "spell" and weapon is not None and weapon.mana_cost:
        attacker.mana -= weapon.mana_cost  # Mana Costs: paid when the spell is chosen
    focus = attacker.focused
    if focus:
        attacker.focused = False  # battleground.md §3: spent on the next test
    state.events.append(
        "attack",
        {
            "attacker": attacker.id,
            "weapon": weapon_id,
            "target": target.id,
            "type": kind,
            "focus": focus,
        },
    )
    attack = AttackStep(
        attacker=attacker.id,
        weapon=weapon_id,
        type=kind,
        target=target.id,
        initial=target.id,
        origin=target.position.to_json(),
        done=[],
        stage="attack-test",
        focus=focus,
        interruption=turn.kind,
        attack_successes=0,
        defence_successes=0,
        hits=[],
    )
    state.flow.push(attack)
    if kind == "melee":
        facing = direction_to(attacker.position.hex, target.position.hex)
        options = (
            [facing]
            if facing is not None
            else facings_toward(attacker.position.hex, target.position.hex)
        )
    else:
        options = facings_toward(attacker.position.hex, target.position.hex)
    if len(options) == 1:
        attacker.facing = options[0]
    else:
        state.flow.push(FaceStep(player=attacker.owner, character=attacker.id, options=options))


def _scope_modifiers(
    state: BattleState, attack: AttackStep, attacker: Fighter, target: Fighter
) -> list[Modifier]:
    kind = attack.type
    mods: list[Modifier] = []
    if is_flank_attack(state, attack):
        mods.append(Modifier(1, "flank attack (Flank Attacks)"))
    if kind in ("ranged", "spell") and target_cover(state, attack).in_cover:
        mods.append(Modifier(-1, "target in cover (Cover)"))
    if kind == "ranged" and state.engaged_enemies(target):
        # Targeting Engaged Models; Area Attacks: an engaged additional target, allies included
        mods.append(Modifier(-1, "target engaged (Targeting Engaged Models)"))
    if attack.focus:
        mods.append(Modifier(1, "focused (Spending Focus)"))
    if attacker.buff == "enhancement":
        mods.append(Modifier(1, "enhancement (Buffs and Debuffs)"))
    if attacker.debuff == "blind":
        mods.append(Modifier(-1, "blind (Buffs and Debuffs)"))
    if attack.interruption == "overwatch":
        mods.append(Modifier(-1, "interruption (Interruptions)"))
    elif attack.interruption == "opportunity":
        mods.append(Modifier(1, "attack of opportunity (Attacks of Opportunity)"))
    return mods


def _origin(attack: AttackStep) -> Position:
    return Position(*attack.origin)


def attack_test(state: BattleState, attack: AttackStep) -> DiceTest:
    attacker = state.fighters[attack.attacker]
    target = state.fighters[attack.target]
    weapon = state.weapon(attack.weapon)
    stat_name = ATTACK_STAT[attack.type]
    dice: list[Modifier] = []
    if weapon is not None and weapon.dice:
        dice.append(Modifier(weapon.dice, weapon.name))
    context = abilities.Context(state, attacker, target, weapon=attack.weapon, attack=attack)
    extra_dice, extra_scope, free = modifiers.test_modifiers(context, "on_attack")
    scope = _scope_modifiers(state, attack, attacker, target) + extra_scope
    name = state.card(attacker).name
    return start_test(
        attacker.owner,
        f"{name} {stat_name}",
        state.stat(attacker, stat_name),
        dice + extra_dice,
        scope,
        free_rerolls=free,
        mana=attacker.mana,
    )


def defence_test(state: BattleState, attack: AttackStep) -> DiceTest:
    attacker = state.fighters[attack.attacker]
    target = state.fighters[attack.target]
    return modifiers.defence_test(state, target, attacker, DEFENCE_STAT[attack.type], attack)


def run_attack(state: BattleState, attack: AttackStep) -> None:
    """The automatic steps of an attack; tests and the area order are frames of their own."""
    stage = attack.stage
    attacker = state.fighters[attack.attacker]
    target = state.fighters[attack.target]
    if stage == "attack-test":
        attack.stage = "defence-test"
        test = attack_test(state, attack)
        state.events.append("test", {"label": test.label, "notes": test.notes})
        state.flow.push(DiceTestStep(test=test.to_data(), role="attack"))
    elif stage == "defence-test":
        attack.stage = "apply"
        weapon = state.weapon(attack.weapon)
        friendly = weapon is not None and weapon.can_target_allies
        if target.owner == attacker.owner and friendly and target.id == attack.initial:
            attack.defence_successes = 0
            return  # the ally a helpful spell is aimed at does not defend (decided reading)
        test = defence_test(state, attack)
        state.events.append("test", {"label": test.label, "notes": test.notes})
        state.flow.push(DiceTestStep(test=test.to_data(), role="defence"))
    elif stage == "apply":
        # Results may ask for decisions (which way a push goes): they come before the next target.
        attack.stage = "next-target"
        _apply_successes(state, attack, attacker, target)
        attack.done.append(target.id)
    elif stage == "next-target":
        candidates = _area_candidates(state, attack)
        if not candidates:
            attack.stage = "finish"
        elif len(candidates) == 1:
            next_area_target(state, attack, candidates[0])
        else:
            state.flow.push(AreaTargetStep(player=attacker.owner, characters=candidates))
    elif stage == "finish":
        state.flow.pop()
        remove_knocked_out(state, by=attacker, weapon_type=attack.type)
        missions.check_missions(state)


def test_finished(state: BattleState, attack: AttackStep, role: str, test: DiceTest) -> None:
    owner = state.fighters[attack.attacker if role == "attack" else attack.target]
    owner.mana = max(0, owner.mana - test.mana_spent)
    if role == "attack":
        attack.attack_successes = test.successes()
    else:
        attack.defence_successes = test.successes()
    state.events.append("test result", test.result())


def _apply_successes(
    state: BattleState, attack: AttackStep, attacker: Fighter, target: Fighter
) -> None:
    """Rulebook, Attack and Extra Effects: successes left after defence pick one result row."""
    net = max(0, attack.attack_successes - attack.defence_successes)
    attack.net = net
    context = abilities.Context(
        state, attacker, target, weapon=attack.weapon, attack=attack, successes=net
    )
    if attack.weapon == FISTS:
        if net >= 1:
            effects.apply_effects(context, [effects.wound_effect(1)])
        state.events.append(
            "attack result", {"target": target.id, "successes": net, "row": 1 if net else None}
        )
    else:
        weapon = state.weapon(attack.weapon)
        assert weapon is not None
        row = weapon.result_for(net)
        state.events.append(
            "attack result",
            {
                "target": target.id,
                "successes": net,
                "row": row.successes if row else None,
            },
        )
        if row is not None:
            effects.apply_effects(context, row.effects)
    effects.after_attack(context)
    turn = state.turns[-1] if state.turns else None
    if net and turn is not None and turn.character == attacker.id:
        attack.hits.append(target.id)
        if arc_of(target.position.hex, target.facing, attacker.position.hex) == "rear":
            turn.record("flank_best", net, best=True)
        turn.record("area_best", len(attack.hits), best=True)


def _area_candidates(state: BattleState, attack: AttackStep) -> list[str]:
    """Rulebook, Area Attacks: in the area, in sight of the initial target, at its elevation."""
    weapon = state.weapon(attack.weapon)
    if weapon is None or not weapon.area:
        return []
    origin = _origin(attack)
    found = []
    for fighter in sorted(state.fighters.values(), key=lambda f: f.id):
        if fighter.id in attack.done or fighter.id == attack.attacker:
            continue
        if fighter.knocked_out:
            continue
        pos = fighter.position
        if pos.level != origin.level or hex_distance(pos.hex, origin.hex) > weapon.area:
            continue
        if state.field.has_line_of_sight(origin, pos):
            found.append(fighter.id)
    return found


def next_area_target(state: BattleState, attack: AttackStep, target: str) -> None:
    attack.target = target
    attack.stage = "attack-test"
    attack.attack_successes = attack.defence_successes = 0


def knock_out_value(state: BattleState, fighter: Fighter) -> int:
    """Rulebook, Scoring: the cost of the character and all its equipment."""
    return cost_of_character_with_equipment(state.pack, fighter.id, fighter.weapons, fighter.items)


def remove_knocked_out(
    state: BattleState, by: Fighter | None = None, weapon_type: str | None = None
) -> None:
    """Rulebook, Health and Wounds: wounds at or above health knock a character out."""
    wounded = [f for f in state.fighters.values() if f.wounds and not f.knocked_out]
    if len(wounded) > 1:
        wounded.sort(key=lambda f: f.id)
    for fighter in wounded:
        if fighter.wounds < state.stat(fighter, "health"):
            continue
        fighter.knocked_out = True
        fighter.focused = fighter.overwatch = False
        scorer = 1 - fighter.owner
        value = knock_out_value(state, fighter)
        state.sides[scorer].vp += value
        state.sides[scorer].knocked_out_enemies.append(fighter.id)
        if by is not None and state.turns and by.owner == scorer:
            state.turns[-1].knocked_out_with.append(weapon_type or "")
            state.turns[-1].record(f"ko:{weapon_type or ''}")
        state.events.append("knocked out", {"character": fighter.id, "vp": value, "to": scorer})
        if by is not None and by.owner == scorer and not by.knocked_out:
            triggers.fire(state, by, "on_knock_out")


# === the steps of an attack ==============================================================


@dataclass
class AttackStep(Step["BattleState"]):
    """An attack in progress (rulebook, Attack; Area Attacks): ``stage`` says what comes next
    for the current ``target``; ``done`` lists the targets resolved, ``hits`` those hit."""

    kind: ClassVar[str] = "attack"
    attacker: CharacterId
    weapon: AttackWeaponId
    type: str
    target: CharacterId
    initial: CharacterId
    origin: list[int]
    done: list[CharacterId]
    stage: str
    focus: bool
    interruption: str
    attack_successes: int
    defence_successes: int
    hits: list[CharacterId]
    net: int = 0

    @classmethod
    def knock_out(
        cls, state: BattleState, by: Fighter | None = None, weapon_type: str | None = None
    ) -> None:
        """Health and Wounds, for the rules below this module (rules/by_kind.py)."""
        remove_knocked_out(state, by, weapon_type)

    def run(self, state: BattleState) -> None:
        run_attack(state, self)

    def resume(self, state: BattleState, result: JsonObject) -> None:
        """The attack or defence test it pushed is over (rules/dicetest.py, DiceTestStep)."""
        role, test = finished(result)
        test_finished(state, self, role, test)


@dataclass
class AreaTargetStep(Step["BattleState"]):
    """Area Attacks: the attacker's player picks the next target in the area."""

    kind: ClassVar[str] = "area-target"
    rule: ClassVar[str] = "Area Attacks"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat
    characters: list[CharacterId]

    def actor(self, state: BattleState) -> int:
        return self.player

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.one("next-target", "character", c) for c in self.characters]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        state.flow.pop()
        attack = state.flow.top()
        assert isinstance(attack, AttackStep)
        next_area_target(state, attack, action.str_param("character"))
