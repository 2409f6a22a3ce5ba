"""The cards' effect vocabulary (content/effects.py), carried out on a game state.

Sources: rulebook *Skills*, *Use an Active Skill*, *Items*, *Disposable Items*, *Effect Timing*,
*Buffs and Debuffs*, *Marks*, *Side Missions*, *Free Actions*, *Movement Effects*,
*Targeting and Tests*. Each effect kind is implemented once here; cards only name them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import Step
from rulekeeper.core.hexes import Position
from rulekeeper.games.battleground.board.facing import facings_toward
from rulekeeper.games.battleground.board.movement import Route, reachable
from rulekeeper.games.battleground.board.movement_effects import charge, displace, towards
from rulekeeper.games.battleground.content.effects import (
    Ability,
    Buff,
    Custom,
    Debuff,
    DrawFate,
    Effect,
    FreeAction,
    GainAp,
    GainFocus,
    GainMana,
    Heal,
    LoseMana,
    PlaceMark,
    Pull,
    Push,
    RemoveDebuff,
    SkillTest,
    Switch,
    Wounds,
)
from rulekeeper.games.battleground.content.effects import Move as MoveEffect
from rulekeeper.games.battleground.model import HAND_SIZE, CharacterId, Fighter, Seat, Turn
from rulekeeper.games.battleground.rules import marks
from rulekeeper.games.battleground.rules.abilities import (
    Context,
    can_be_moved,
    condition_holds,
    own_turns,
    standing_abilities,
)
from rulekeeper.games.battleground.rules.choice import CharacterChoice
from rulekeeper.games.battleground.rules.dicetest import DiceTest, DiceTestStep, Modifier, TestOwner
from rulekeeper.games.battleground.rules.move import AfterMoveStep, FaceStep, face_any
from rulekeeper.games.battleground.rules.opportunity import OpportunityStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState
    from rulekeeper.games.battleground.rules.combat import AttackStep

COMMON_BUFF_EFFECTS = ("quickness", "enhancement", "protection", "regeneration")


def spend_focus(fighter: Fighter) -> list[Modifier]:
    """battleground.md §3: a focused character spends its token on its next test of any kind,
    for +1 scope (Spending Focus)."""
    if not fighter.focused:
        return []
    fighter.focused = False
    return [Modifier(1, "focused (Spending Focus)")]


def interrupting_defence(state: BattlegroundState, fighter: Fighter) -> list[Modifier]:
    """Rulebook, Interruptions: "all tests made by the interrupting character have their scope
    decreased by one", its defence tests included (docs/rules.md), such as against an attack of
    opportunity or an overwatch interruption nested in its own interruption."""
    if any(turn.interruption for turn in own_turns(state, fighter)):
        return [Modifier(-1, "interruption (Interruptions)")]
    return []


def defence_test(
    state: BattlegroundState,
    defender: Fighter,
    enemy: Fighter,
    stat_name: str,
    attack: AttackStep | None = None,
) -> DiceTest:
    """Defence Tests, written once for attacks and skill tests (Glossary: "any test made to
    decrease the number of successes received by the enemy during an attack or skill test"):
    focus, the interrupting character's −1, protection and knockdown ("each of their defence
    tests"), and the defender's 'on defence' card and skill effects."""
    from rulekeeper.games.battleground.rules.dicetest import start_test

    scope = spend_focus(defender) + interrupting_defence(state, defender)
    if defender.buff == "protection":
        scope.append(Modifier(1, "protection (Buffs and Debuffs)"))
    if defender.debuff == "knockdown":
        scope.append(Modifier(-1, "knockdown (Buffs and Debuffs)"))
    weapon = attack.weapon if attack is not None else None
    context = Context(state, defender, enemy, weapon=weapon, attack=attack)
    extra_dice, extra_scope, free = test_modifiers(context, "on_defence")
    return start_test(
        defender.owner,
        f"{state.card(defender).name} {stat_name}",
        state.stat(defender, stat_name),
        extra_dice,
        scope + extra_scope,
        free_rerolls=free,
        mana=defender.mana,
    )


def wound_effect(amount: int) -> Wounds:
    return Wounds(kind="wounds", amount=amount)


# === test modifiers [Tests, step 2 and 3; Extra Effects] =================================


def test_modifiers(context: Context, trigger: str) -> tuple[list[Modifier], list[Modifier], int]:
    """Dice and scope modifiers and free rerolls for the owner's test fired by ``trigger``."""
    state = context.state
    abilities = list(standing_abilities(state, context.owner, trigger))
    if trigger == "on_attack" and context.weapon:
        weapon = state.weapon(context.weapon)
        if weapon is not None:
            abilities += [(f"weapon:{weapon.id}", a) for a in weapon.ability if a.when == trigger]
    abilities += _status_abilities(state, context.owner, trigger)
    dice: list[Modifier] = []
    scope: list[Modifier] = []
    rerolls = 0
    for source, ability in abilities:
        if not condition_holds(context, ability.condition):
            continue
        for effect in ability.effects:
            if effect.kind in ("extra_dice", "scope", "reroll") and not condition_holds(
                context, effect.condition
            ):
                continue
            label = _label(state, source)
            if effect.kind == "extra_dice":
                dice.append(Modifier(effect.amount, label))
            elif effect.kind == "scope":
                scope.append(Modifier(effect.amount, label))
            elif effect.kind == "reroll":
                rerolls += effect.count
    return dice, scope, rerolls


def _status_abilities(
    state: BattlegroundState, fighter: Fighter, trigger: str
) -> list[tuple[str, Ability]]:
    found: list[tuple[str, Ability]] = []
    for status in state.statuses.get(fighter.id, []):
        rule = status.get("ongoing")
        if rule and rule["when"] == trigger:
            found.append((f"status:{status['name']}", Ability.model_validate(rule)))
    for mark in state.marks:
        if mark["when"] == trigger and marks.mark_affects(state, mark, fighter):
            found.append(
                (
                    f"mark:{mark['mark']}",
                    Ability.model_validate({"when": trigger, "effects": mark["effects"]}),
                )
            )
    return found


def _label(state: BattlegroundState, source: str) -> str:
    parts = source.split(":")
    if parts[0] == "weapon":
        return state.pack.weapons[parts[1]].name
    if parts[0] == "item":
        return state.pack.items[parts[1]].name
    if parts[0] == "fate":
        return state.pack.fate[parts[1]].name
    return parts[-1]


def after_attack(context: Context) -> None:
    """Rulebook, Extra Effects: benefits by the successes left after the defence test."""
    state = context.state
    abilities = list(standing_abilities(state, context.owner, "after_attack"))
    if context.weapon:
        weapon = state.weapon(context.weapon)
        if weapon is not None:
            abilities += [
                (f"weapon:{weapon.id}", a) for a in weapon.ability if a.when == "after_attack"
            ]
    for source, ability in abilities:
        if condition_holds(context, ability.condition):
            state.events.append(
                "extra effect", {"source": _label(state, source), "successes": context.successes}
            )
            apply_effects(context, ability.effects)


# === firing at a moment [Effect Timing] ==================================================


def fire(state: BattlegroundState, fighter: Fighter, trigger: str) -> None:
    """Abilities triggered 'upon activation', 'at the end of activation', and so on (Effect
    Timing). With several at once, the controlling player orders them: a decision."""
    ready = triggered(state, fighter, trigger)
    if len(ready) == 1:
        fire_one(state, fighter, trigger, ready[0])
    elif ready:
        state.flow.push(
            OrderEffectsStep(
                player=fighter.owner, character=fighter.id, trigger=trigger, remaining=ready
            )
        )


def triggered(state: BattlegroundState, fighter: Fighter, trigger: str) -> list[str]:
    """Keys (source#index) of the abilities that fire now for ``fighter``."""
    return [
        key
        for key, (source, ability) in _keyed(state, fighter, trigger).items()
        if condition_holds(Context(state, fighter, source=source), ability.condition)
    ]


def _keyed(
    state: BattlegroundState, fighter: Fighter, trigger: str
) -> dict[str, tuple[str, Ability]]:
    found = standing_abilities(state, fighter, trigger) + _status_abilities(state, fighter, trigger)
    return {f"{source}#{index}": (source, ability) for index, (source, ability) in enumerate(found)}


def fire_one(state: BattlegroundState, fighter: Fighter, trigger: str, key: str) -> None:
    entry = _keyed(state, fighter, trigger).get(key)
    if entry is None or fighter.knocked_out:
        return  # an earlier effect removed it
    source, ability = entry
    if not condition_holds(Context(state, fighter, source=source), ability.condition):
        return
    state.events.append(
        "effect", {"source": _label(state, source), "when": trigger, "character": fighter.id}
    )
    resolve_ability(state, state.turns[-1] if state.turns else None, fighter, ability, source)


def effect_label(state: BattlegroundState, key: str) -> str:
    return _label(state, key.split("#")[0])


def ability_usable(state: BattlegroundState, turn: Turn | None, ability: Ability) -> bool:
    if turn is None:
        return False
    if ability.when not in ("immediately", "at_will"):
        return True  # an event ability lasts for the turn and fires when its moment comes
    fighter = state.fighters[turn.character]
    if not condition_holds(Context(state, fighter), ability.condition):
        return False
    return ability.target is None or bool(_ability_targets(state, turn, fighter, ability))


def _ability_targets(
    state: BattlegroundState, turn: Turn, fighter: Fighter, ability: Ability
) -> list[Fighter]:
    """Rulebook, Targeting and Tests: in line of sight and range; interruptions' enemy targets
    are the interrupted character only."""
    targeting = ability.target
    assert targeting is not None
    found = []
    for other in state.on_board():
        if other is fighter:
            continue
        ally = other.owner == fighter.owner
        if (targeting.side == "enemy" and ally) or (targeting.side == "ally" and not ally):
            continue
        if turn.interruption and not ally and other.id != turn.interrupted:
            continue
        if targeting.range == 0:
            if not state.field.are_adjacent(fighter.position, other.position):
                continue
        elif state.field.range_inches(fighter.position, other.position) > targeting.range:
            continue
        if not state.field.has_line_of_sight(fighter.position, other.position):
            continue
        found.append(other)
    return sorted(found, key=lambda f: f.id)


def resolve_ability(
    state: BattlegroundState, turn: Turn | None, fighter: Fighter, ability: Ability, source: str
) -> None:
    if ability.limit == "once_per_game":
        fighter.used_once.append(source)
    if ability.target is None or turn is None:
        apply_effects(Context(state, fighter, source=source), ability.effects)
        return
    targets = _ability_targets(state, turn, fighter, ability)
    if not targets:
        state.events.append("no target", {"source": _label(state, source)})
        return
    if len(targets) == 1:
        resolve_on_target(state, fighter, targets[0], ability, source)
        return
    state.flow.push(
        AbilityTargetStep(
            player=fighter.owner,
            character=fighter.id,
            source=source,
            ability=ability.model_dump(mode="json"),
            characters=[t.id for t in targets],
        )
    )


def resolve_on_target(
    state: BattlegroundState, fighter: Fighter, target: Fighter, ability: Ability, source: str
) -> None:
    """Targeting and Tests: the character turns to face the target (as for a ranged attack; on a
    tie between two neighbours its player chooses, right after the effect)."""
    options = facings_toward(fighter.position.hex, target.position.hex)
    apply_effects(Context(state, fighter, target, source=source), ability.effects)
    if len(options) == 1:
        fighter.facing = options[0]
    else:
        state.flow.push(FaceStep(player=fighter.owner, character=fighter.id, options=options))


# === the effects themselves ==============================================================


def _subjects(context: Context, who: str, range_: float | None) -> list[Fighter]:
    state = context.state
    if who == "self":
        return [context.owner]
    if who == "target":
        return [context.other] if context.other is not None else []
    ally = who == "allies_in_range"
    found = []
    for other in state.on_board():
        if other is context.owner or (other.owner == context.owner.owner) != ally:
            continue
        assert range_ is not None
        if state.field.range_inches(context.owner.position, other.position) > range_:
            continue
        if state.field.has_line_of_sight(context.owner.position, other.position):
            found.append(other)
    return sorted(found, key=lambda f: f.id)


def apply_effects(context: Context, effects: Sequence[Effect]) -> None:
    for effect in effects:
        _apply_effect(context, effect)


_SUBJECT_EFFECTS = (
    Wounds,
    Heal,
    GainMana,
    LoseMana,
    GainFocus,
    Buff,
    Debuff,
    RemoveDebuff,
    Push,
    Pull,
)


def _apply_effect(context: Context, effect: Effect) -> None:
    state = context.state
    turn = state.turns[-1] if state.turns else None
    if isinstance(effect, _SUBJECT_EFFECTS):
        for subject in _subjects(context, effect.who, effect.range):
            _on_subject(context, effect, subject, turn)
    elif isinstance(effect, GainAp):
        if turn is not None and turn.character == context.owner.id:
            turn.ap += effect.amount
            state.events.append("gain ap", {"character": context.owner.id, "amount": effect.amount})
    elif isinstance(effect, DrawFate):
        side = state.sides[context.owner.owner]
        room = max(0, HAND_SIZE - len(side.hand))
        drawn = side.deck.draw(min(room, effect.amount))
        side.hand.extend(drawn)
        state.events.append(
            "draw",
            {"player": context.owner.owner, "cards": drawn},
            visible_to=(context.owner.owner,),
        )
    elif isinstance(effect, FreeAction):
        if turn is not None:
            label = effect.action if effect.weapon_type is None else f"attack:{effect.weapon_type}"
            turn.free_actions.append(label)
    elif isinstance(effect, MoveEffect):
        _movement_effect(context, effect)
    elif isinstance(effect, Switch):
        other = context.other
        if other is not None and can_be_moved(state, other) and can_be_moved(state, context.owner):
            # Switch: no overwatch, but attacks of opportunity on whoever leaves an engagement.
            state.flow.push(SwitchStep(first=context.owner.id, second=other.id))
            for fighter in (context.owner, other):
                engaged = [e.id for e in state.engaged_enemies(fighter)]
                if engaged:
                    state.flow.push(
                        OpportunityStep(
                            player=1 - fighter.owner, mover=fighter.id, characters=engaged
                        )
                    )
    elif isinstance(effect, PlaceMark):
        marks.place_mark(context.state, context.owner, effect)
    elif isinstance(effect, SkillTest):
        _skill_test(context, effect)
    elif isinstance(effect, Custom):
        pass  # custom ids act through the rules that look for them (immovable, flooded)
    else:
        raise NotImplementedError(f"effect kind {effect.kind} outside a test or passive")


def _on_subject(context: Context, effect: Any, subject: Fighter, turn: Turn | None) -> None:
    state = context.state
    kind = effect.kind
    enemy = subject.owner != context.owner.owner
    if kind == "wounds":
        subject.wounds += effect.amount
        if enemy and turn is not None:
            turn.record("wounds", effect.amount)
        state.events.append(
            "wounds", {"character": subject.id, "amount": effect.amount, "total": subject.wounds}
        )
    elif kind == "heal":
        healed = min(subject.wounds, effect.amount)
        subject.wounds -= healed
        state.events.append("heal", {"character": subject.id, "amount": healed})
    elif kind == "gain_mana":
        state.events.append(
            "gain mana", {"character": subject.id, "amount": subject.gain_mana(effect.amount)}
        )
    elif kind == "lose_mana":
        lost = min(subject.mana, effect.amount)
        subject.mana -= lost
        state.events.append("lose mana", {"character": subject.id, "amount": lost})
    elif kind == "gain_focus":
        subject.focused = True
    elif kind == "buff":
        _give_status(state, subject, "buff", effect)
    elif kind == "debuff":
        _give_status(state, subject, "debuff", effect)
        if enemy and turn is not None:
            turn.record("debuffs")
    elif kind == "remove_debuff":
        remove_debuff(state, subject)
    elif kind in ("push", "pull"):
        if not can_be_moved(state, subject):
            state.events.append(
                "not moved", {"character": subject.id, "why": "cannot be pushed or pulled"}
            )
            return
        occupied = [f.position for f in state.on_board()]
        options = displace(
            state.field,
            context.owner.position.hex,
            subject.position,
            effect.hexes,
            occupied,
            pull=kind == "pull",
        )
        finals = sorted({o.final for o in options})
        if len(finals) > 1:
            # The line runs between two hexes: the player resolving the effect picks the side.
            state.flow.push(
                PushLineStep(
                    player=context.owner.owner,
                    character=subject.id,
                    effect=kind,
                    options=[p.to_json() for p in finals],
                )
            )
            return
        if options:
            displaced(state, subject, kind, options[0].final, options[0].stopped)


def displaced(
    state: BattlegroundState, subject: Fighter, kind: str, to: Position, why: str
) -> None:
    subject.place(to)
    state.events.append(kind, {"character": subject.id, "to": to.to_json(), "why": why})


def _give_status(state: BattlegroundState, subject: Fighter, slot: str, effect: Any) -> None:
    """Rulebook, Buffs and Debuffs: one of each per character, a new one replaces the old; a
    unique one exists once per force."""
    if effect.unique:
        for other in state.on_board():
            if (
                other.owner == subject.owner
                and getattr(other, slot) == effect.name
                and other is not subject
            ):
                (remove_buff if slot == "buff" else remove_debuff)(state, other)
    if getattr(subject, slot):
        (remove_buff if slot == "buff" else remove_debuff)(state, subject)
    setattr(subject, slot, effect.name)
    statuses = state.statuses.setdefault(subject.id, [])
    statuses.append(
        {
            "slot": slot,
            "name": effect.name,
            "ongoing": effect.ongoing.model_dump(mode="json") if effect.ongoing else None,
            "on_removed": [e.model_dump(mode="json") for e in effect.on_removed]
            if effect.on_removed
            else None,
        }
    )
    state.events.append(slot, {"character": subject.id, "name": effect.name})


def _remove_status(state: BattlegroundState, fighter: Fighter, slot: str) -> None:
    name = getattr(fighter, slot)
    if not name:
        return
    setattr(fighter, slot, "")
    statuses = state.statuses.get(fighter.id, [])
    entry = next((s for s in statuses if s["slot"] == slot), None)
    if entry is not None:
        statuses.remove(entry)
    state.events.append(f"{slot} removed", {"character": fighter.id, "name": name})
    if name == "regeneration" and not fighter.knocked_out and fighter.wounds:
        fighter.wounds -= 1
        state.events.append("heal", {"character": fighter.id, "amount": 1, "why": "regeneration"})
    if name == "curse" and not fighter.knocked_out:
        fighter.wounds += 1
        state.events.append(
            "wounds",
            {"character": fighter.id, "amount": 1, "why": "curse", "total": fighter.wounds},
        )
    if entry is not None and entry.get("on_removed"):
        from pydantic import TypeAdapter

        effects = TypeAdapter(list[Effect]).validate_python(entry["on_removed"])
        apply_effects(Context(state, fighter), effects)


def remove_buff(state: BattlegroundState, fighter: Fighter) -> None:
    _remove_status(state, fighter, "buff")


def remove_debuff(state: BattlegroundState, fighter: Fighter) -> None:
    _remove_status(state, fighter, "debuff")


def _movement_effect(context: Context, effect: Any) -> None:
    """Towards, charge, jump and teleport granted by a card: the owner picks the destination.
    Leaving an engagement this way provokes attacks of opportunity first (only teleports do not:
    rulebook Movement Effects), and the destinations are worked out when the choice is asked."""
    state = context.state
    mover = context.owner
    move = EffectMoveStep(
        player=mover.owner,
        character=mover.id,
        style=effect.style,
        points=effect.points,
        toward=context.other.id if context.other is not None else "",
    )
    if not movement_options(state, move):
        return
    state.flow.push(move)
    engaged = [e.id for e in state.engaged_enemies(mover)]
    if engaged and effect.style != "teleport":
        state.flow.push(OpportunityStep(player=1 - mover.owner, mover=mover.id, characters=engaged))


def movement_options(state: BattlegroundState, move: EffectMoveStep) -> list[Position]:
    mover = state.fighters[move.character]
    if mover.knocked_out:
        return []
    occupancy = state.occupancy_for(mover)
    style: Any = move.style  # a movement style of the card (content/effects.py)
    points = move.points
    options: Mapping[Position, Route]
    if style in ("teleport", "jump"):
        options = reachable(state.field, mover.position, points, occupancy, style=style)
    elif move.toward:
        other = state.fighters[move.toward]
        if other.knocked_out:
            return []
        if style == "charge":
            found = charge(state.field, mover.position, points, other.position, occupancy)
            options = {c.route.destination: c.route for c in found}
        else:
            goal = state.field.adjacent_positions(other.position)
            options = towards(state.field, mover.position, points, goal, occupancy)
    else:
        options = {}
    turn = state.turns[-1] if state.turns else None
    if turn is not None and turn.interruption and turn.character == mover.id and turn.interrupted:
        # Interruptions: every movement of the interrupting character (jumps and teleports of
        # skills, items and cards too) goes towards the interrupted character, ending in its sight.
        allowed = state.interruption_routes(
            mover, turn.interrupted, points, style if style in ("jump", "teleport") else "move"
        )
        return sorted(p for p in options if p in allowed)
    return sorted(options)


def _skill_test(context: Context, effect: Any) -> None:
    """A skill test (Targeting and Tests): the owner's stat, against the target's if given."""
    from rulekeeper.games.battleground.rules.dicetest import start_test

    state = context.state
    owner = context.owner
    turn = state.turns[-1] if state.turns else None
    scope: list[Modifier] = []
    if (
        turn is not None
        and turn.interruption
        and turn.kind == "overwatch"
        and turn.character == owner.id
    ):
        scope.append(Modifier(-1, "interruption (Interruptions)"))
    scope += spend_focus(owner)
    test = start_test(
        owner.owner,
        f"{state.card(owner).name} {effect.stat}",
        state.stat(owner, effect.stat),
        [],
        scope,
        mana=owner.mana,
    )
    state.flow.push(
        SkillTestStep(
            character=owner.id,
            target=context.other.id if context.other else "",
            effect=effect.model_dump(mode="json"),
            stage="owner",
            owner_successes=0,
        )
    )
    state.flow.push(DiceTestStep(test=test.to_data(), role="skill"))


def skill_test_step(state: BattlegroundState, top: SkillTestStep) -> None:
    """Run a skill test step: the owner's test, the target's defence, then the result row."""
    from rulekeeper.games.battleground.content.effects import SkillTest

    effect = SkillTest.model_validate(top.effect)
    owner = state.fighters[top.character]
    target = state.fighters[top.target] if top.target else None
    if top.stage == "defence" and effect.against and target is not None and not target.knocked_out:
        top.stage = "apply"
        test = defence_test(state, target, owner, effect.against)
        state.flow.push(DiceTestStep(test=test.to_data(), role="skill-defence"))
        return
    state.flow.pop()
    net = max(0, top.owner_successes - top.defence_successes)
    row = None
    for candidate in effect.results:
        if candidate.successes <= net:
            row = candidate
    state.events.append(
        "skill test result",
        {"character": owner.id, "successes": net, "row": row.successes if row else None},
    )
    if row is not None:
        apply_effects(Context(state, owner, target, successes=net), row.effects)
    from rulekeeper.games.battleground.rules.combat import remove_knocked_out

    remove_knocked_out(state, by=owner)


# === the steps of effects ================================================================


@dataclass
class OrderEffectsStep(CharacterChoice):
    """Effect Timing: several abilities fire at once; their player picks the next one."""

    kind: ClassVar[str] = "order-effects"
    rule: ClassVar[str] = "Effect Timing"
    trigger: str
    remaining: list[str]

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        return [state.game.actions.one("resolve", "effect", key) for key in self.remaining]

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        key = action.str_param("effect")
        self.remaining.remove(key)
        if not self.remaining:
            state.flow.discard(self)
        fire_one(state, state.fighters[self.character], self.trigger, key)


@dataclass
class AbilityTargetStep(CharacterChoice):
    """Targeting and Tests: the owner picks the target of an ability."""

    kind: ClassVar[str] = "ability-target"
    rule: ClassVar[str] = "Targeting and Tests"
    shared: ClassVar[bool] = True  # its fields never change
    source: str
    ability: dict[str, Any]
    characters: list[CharacterId]

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        return [state.game.actions.one("target", "character", c) for c in self.characters]

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        from rulekeeper.games.battleground.rules.combat import remove_knocked_out

        state.flow.pop()
        fighter = state.fighters[self.character]
        target = state.fighters[action.str_param("character")]
        ability = Ability.model_validate(self.ability)
        resolve_on_target(state, fighter, target, ability, self.source)
        remove_knocked_out(state, by=fighter)


@dataclass
class EffectMoveStep(Step["BattlegroundState"]):
    """Movement Effects: towards, charge, jump or teleport; the owner picks the destination."""

    kind: ClassVar[str] = "effect-move"
    rule: ClassVar[str] = "Movement Effects"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat
    character: CharacterId
    style: str
    points: int
    toward: CharacterId

    def actor(self, state: BattlegroundState) -> int:
        return self.player

    def pointless(self, state: BattlegroundState) -> bool:
        return not movement_options(state, self)

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        return [
            state.game.actions.act("move-to", to=p.to_json()) for p in movement_options(state, self)
        ]

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        flow = state.flow
        flow.pop()
        fighter = state.fighters[self.character]
        start = fighter.position
        fighter.place(Position(*action.ints_param("to")))
        state.events.append(
            self.style,
            {"character": fighter.id, "from": start.to_json(), "to": fighter.position.to_json()},
        )
        if self.style == "teleport":
            # Teleport: no overwatch, and the owner may change the facing.
            flow.push(face_any(fighter))
            return
        if self.toward:
            target = state.fighters[self.toward]
            options = facings_toward(fighter.position.hex, target.position.hex)
            if len(options) == 1:
                fighter.facing = options[0]
            else:
                flow.push(AfterMoveStep(mover=fighter.id))
                flow.push(FaceStep(player=fighter.owner, character=fighter.id, options=options))
                return
            flow.push(AfterMoveStep(mover=fighter.id))
            return
        flow.push(AfterMoveStep(mover=fighter.id))
        flow.push(face_any(fighter))


@dataclass
class PushLineStep(CharacterChoice):
    """A push or pull along a line between two hexes: the resolving player picks the side."""

    kind: ClassVar[str] = "push-line"
    rule: ClassVar[str] = "Push and Pull"
    shared: ClassVar[bool] = True  # its fields never change
    effect: str
    options: list[list[int]]

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        return [state.game.actions.act("push-to", to=o) for o in self.options]

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        state.flow.pop()
        subject = state.fighters[self.character]
        to = Position(*action.ints_param("to"))
        displaced(state, subject, self.effect, to, "along the chosen side of the line")


@dataclass
class SkillTestStep(Step["BattlegroundState"], TestOwner):
    """A skill test (Targeting and Tests): the owner's test, the target's defence, the result."""

    kind: ClassVar[str] = "skill-test"
    character: CharacterId
    target: CharacterId
    effect: dict[str, Any]
    stage: str
    owner_successes: int
    defence_successes: int = 0

    def run(self, state: BattlegroundState) -> None:
        skill_test_step(state, self)

    def test_done(self, state: BattlegroundState, role: str, test: DiceTest) -> None:
        if role == "skill":
            tester = state.fighters[self.character]
            self.owner_successes = test.successes()
            self.stage = "defence"
        else:
            tester = state.fighters[self.target]
            self.defence_successes = test.successes()
        tester.mana = max(0, tester.mana - test.mana_spent)
        state.events.append(
            "test result",
            {
                "label": test.label,
                "initial": test.initial,
                "exploded": test.exploded,
                "successes": test.successes(),
            },
        )


@dataclass
class SwitchStep(Step["BattlegroundState"]):
    """Switch: two characters trade places (after any attacks of opportunity)."""

    kind: ClassVar[str] = "switch"
    shared: ClassVar[bool] = True  # its fields never change
    first: CharacterId
    second: CharacterId

    def run(self, state: BattlegroundState) -> None:
        state.flow.pop()
        first, second = state.fighters[self.first], state.fighters[self.second]
        if first.knocked_out or second.knocked_out:
            return
        a, b = first.position, second.position
        first.place(b)
        second.place(a)
        state.events.append("switch", {"characters": [first.id, second.id]})
