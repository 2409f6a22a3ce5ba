"""One attack, from the Instant window before the roll to retaliation (homm3.md §5.18.6 steps
4–6, §5.18.5 Attack die, Defense token, Retaliation, Paralysis; §5.15 combat penalty).

An :class:`AttackStep` runs by stages: the window before the roll (Instant cards, morale), the
attack dice (one; two and the lower under the combat penalty; abilities may change that), the
Defense token die when the target holds one, the window for rerolls (abilities, a Positive Morale
token), then the damage, the attack's effects, the retaliation, and the window after it.
The numbers of an attack are computed by :func:`resolve`, a pure function the odds use too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from rulekeeper.core import AUTO, CHANCE, Action, Bounds, JsonObject, Step
from rulekeeper.core.dice import roll_outcome_actions
from rulekeeper.core.lasting import total
from rulekeeper.games.homm3.combat import board, cards, free_actions, hands
from rulekeeper.games.homm3.combat import unit_abilities as abilities
from rulekeeper.games.homm3.combat.damage import take_damage
from rulekeeper.games.homm3.combat.hands import HandWindow, side_of_seat
from rulekeeper.games.homm3.combat.lethal import LethalWindow
from rulekeeper.games.homm3.combat.model import ATTACK_DIE
from rulekeeper.games.homm3.combat.stats import (
    BattleState,
    boost,
    face,
    hp_left,
    seat_of,
    side_holder,
)
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING

RULE = "homm3.md §5.18.6 steps 4–6 (rulebook p. 31)"
RULE_REROLL = "homm3.md §5.17 and §8.50: a Positive Morale token rerolls one die"
ATTACK_KINDS = ("attack", "retaliation", "second", "splash")
"""A unit's attack; the target's retaliation; a second attack (an ability's); an attack an
ability adds against another unit."""
STAGES = ("before", "roll", "defence", "reroll", "resolve", "retaliate", "after", "done")
Face = Annotated[int, Bounds(-3, 3)]
"""A die as it counts: −1 to +1, up to ±3 once multiplied (Centaur's Axe)."""


@dataclass(frozen=True)
class AttackRoll:
    """The numbers of an attack once its dice are known: the die that counts, the attack and
    defence values and the damage (not a game's ``Outcome``: core/outcome.py)."""

    die: int
    """The attack die that counts (after the penalty or an ability choosing among dice)."""
    attack: int
    defence: int
    damage: int


@dataclass
class AttackStep(Step[Any]):
    """An attack of ``attacker`` on ``target`` (unit ids). ``shot`` fields say how it is made;
    ``dice`` and ``defence_die`` fill in as the dice are rolled."""

    kind = "attack"
    rule = RULE

    attacker: str
    target: str
    attack_kind: str = "attack"
    ranged: bool = False
    penalty: bool = False
    walled: bool = False
    adjacent: bool = False
    """The attacker stood next to the target (a survivor retaliates, §5.18.5)."""
    stage: str = "before"
    dice: list[Face] = field(default_factory=list)
    defence_die: list[Face] = field(default_factory=list)
    fixed_attack: Annotated[int, Bounds(-1, 20)] = -1
    """An added attack's own Attack value (``splash``, ``line-attack``: 2), or -1."""
    die_ignored: bool = False
    """The attacker's die is ignored (``ignore-incoming-die``): no bonus, no die triggers."""
    guard_asked: bool = False
    cancelled: bool = False
    """A ``guardian`` cancelled the attack: no damage, nothing it would trigger, no retaliation."""
    rerolled: list[str] = field(default_factory=list)
    """Who rerolled a die in this attack (``ability``), so each reroll is taken once."""

    def __post_init__(self) -> None:
        if self.attack_kind not in ATTACK_KINDS:
            raise ValueError(f"attack_kind must be one of {', '.join(ATTACK_KINDS)}")
        if self.stage not in STAGES:
            raise ValueError(f"stage must be one of {', '.join(STAGES)}")

    @property
    def first(self) -> bool:
        """Attack-action abilities resolve on a unit's first attack only (§5.15)."""
        return self.attack_kind == "attack"

    def run(self, state: BattleState) -> None:
        battle = state.battle
        attacker, target = battle.units[self.attacker], battle.units[self.target]
        if self.stage == "before":
            if self.attack_kind != "splash":
                target.paralysed = False  # §5.18.5: attacked, the token goes
            self.stage = "roll"
            state.flow.push(InstantWindow(seats=window_seats(state, attacker, target)))
        elif self.stage == "roll":
            if len(self.dice) < abilities.dice_to_roll(state, self):
                state.flow.push(DieStep(purpose="attack"))
            else:
                self.stage = "defence"
        elif self.stage == "defence":
            again = abilities.automatic_reroll(state, self)
            if again is not None and state.battle.options.get("no-rerolls") != "yes":
                state.flow.push(RerollStep(index=again))
            elif abilities.defended(state, target) and not self.defence_die:
                state.flow.push(DieStep(purpose="defence"))
            else:
                self.stage = "reroll"
        elif self.stage == "reroll":
            self.stage = "resolve"
            state.flow.push(RerollWindow(seats=window_seats(state, attacker, target)))
        elif self.stage == "resolve":
            if not self.guard_asked and self._lethal(state):
                self.guard_asked = True
                seat = seat_of(state, target)
                if seat >= 0:  # cards that cancel it (lethal.py), after any guardian
                    state.flow.push(LethalWindow(seats=[seat], unit=target.id))
                guardian = abilities.guardian_for(state, target)
                if guardian is not None:
                    guard = GuardStep(unit=guardian.id, attacker=self.attacker, target=self.target)
                    state.flow.push(guard)
            else:
                self._resolve(state)
        elif self.stage == "retaliate":
            self.stage = "after"
            if retaliates(state, self):
                target.retaliations += 1
                state.flow.push(
                    AttackStep(
                        attacker=target.id,
                        target=attacker.id,
                        attack_kind="retaliation",
                        ranged=False,
                        penalty=abilities.retaliation_penalty(state, target, attacker),
                        adjacent=True,
                    )
                )
        elif self.stage == "after":
            self.stage = "done"
            if not battle_decided(state):
                state.flow.push(InstantWindow(seats=window_seats(state, attacker, target)))
        else:
            state.flow.finish(state, {"attack": self.attacker})

    def resume(self, state: BattleState, result: JsonObject) -> None:
        face_ = result.get("face")
        if isinstance(face_, int):
            if result.get("purpose") == "attack":
                if not self.dice:
                    face_ = abilities.first_die(state, self, face_)
                self.dice.append(face_)
            else:
                self.defence_die.append(face_)

    def _lethal(self, state: BattleState) -> bool:
        """This attack would destroy its target, or flip it from Pack to Few."""
        target = state.battle.units[self.target]
        if target.field < 0 or target.destroyed:
            return False
        return resolve(state, self, self.dice, self.defence_die).damage >= hp_left(state, target)

    def _resolve(self, state: BattleState) -> None:
        battle = state.battle
        attacker, target = battle.units[self.attacker], battle.units[self.target]
        if self.cancelled:
            state.events.append("attack-cancelled", {"attacker": attacker.id, "target": target.id})
            COMBAT_TIMING.expire(battle.lasting, "attack", attacker.id)
            self.stage = "after"
            return
        roll = resolve(state, self, self.dice, self.defence_die)
        state.events.append(
            "attack",
            {
                "attacker": attacker.id,
                "target": target.id,
                "kind": self.attack_kind,
                "dice": list(self.dice),
                "die": roll.die,
                "defence_die": list(self.defence_die),
                "attack": roll.attack,
                "defence": roll.defence,
                "damage": roll.damage,
                "penalty": self.penalty,
                "walled": self.walled,
            },
        )
        where = target.field  # an added attack goes around it, even if it is destroyed
        take_damage(state, target, roll.damage, self.attack_kind)
        shield = boost(state, target, "fire-shield")
        if shield and self.adjacent and not attacker.destroyed:  # even if the target fell
            take_damage(state, attacker, shield, "fire-shield")
        battle.last_cast = [[], []]
        # §5.18.7: boosts last one attack
        COMBAT_TIMING.expire(battle.lasting, "attack", attacker.id)
        COMBAT_TIMING.expire(battle.lasting, "defence", target.id)
        self.stage = "retaliate"
        abilities.after_attack(state, self, roll, where)

    def check(self, state: Any, above: Step[Any] | None) -> str | None:
        units = state.battle.units
        for uid in (self.attacker, self.target):
            if uid not in units:
                return f"no unit {uid!r} in the battle"
        return None


def resolve(
    state: BattleState, attack: AttackStep, dice: list[int], defence_die: list[int]
) -> AttackRoll:
    """The numbers of *attack* given its dice (§5.18.6 steps 4–5, optional rules 2 and 5)."""
    battle = state.battle
    attacker = battle.units[attack.attacker]
    die = abilities.counting_die(state, attack, dice)
    options = battle.options
    printed = face(state, attacker).attack if attack.fixed_attack < 0 else attack.fixed_attack
    attack_value = printed + abilities.attack_bonus(state, attack, die)
    attack_value = max(0, attack_value)
    if options.get("die-no-damage", "no") != "yes":  # optional rule 5
        attack_value += die
    if attack.walled:
        attack_value -= 1
    defence = abilities.defence(state, attack, die)
    if defence_die and defence_die[0] == 1:
        defence += 1
    damage = max(0, attack_value - defence) + abilities.bonus_damage(state, attack, die)
    if options.get("minimum-damage", "no") == "yes":  # optional rule 2
        damage = max(damage, 1)
    return AttackRoll(die=die, attack=attack_value, defence=defence, damage=damage)


def retaliates(state: BattleState, attack: AttackStep) -> bool:
    """§5.18.5: a target that survived an attack by an adjacent unit, and has not retaliated
    this round, retaliates; a retaliation provokes none."""
    battle = state.battle
    attacker, target = battle.units[attack.attacker], battle.units[attack.target]
    if attack.attack_kind not in ("attack", "second") or not attack.adjacent:
        return False
    if target.destroyed or attacker.destroyed or target.field < 0 or attacker.field < 0:
        return False
    if target.paralysed:  # paralysed by this very attack (an ability): it cannot strike back
        return False
    if target.field not in board.NEAR[attacker.field]:  # pushed away meanwhile
        return False
    return abilities.may_retaliate(state, target, attacker)


def battle_decided(state: BattleState) -> bool:
    """One side has no unit left on the board (§5.20 Defeat)."""
    battle = state.battle
    return not battle.on_board(0) or not battle.on_board(1)


def window_seats(state: BattleState, *units: Any) -> list[int]:
    """The seats of the units' sides that are players, the attacking unit's first."""
    seats: list[int] = []
    for unit in units:
        seat = seat_of(state, unit)
        if seat >= 0 and seat not in seats:
            seats.append(seat)
    return seats


@dataclass
class DieStep(Step[Any]):
    """One roll of the Attack die (CHANCE); hands ``{"purpose", "face"}`` to the step below."""

    kind = "die"
    rule = RULE
    shared = True
    purpose: str = "attack"

    def actor(self, state: Any) -> int:
        return CHANCE

    def chance(self, state: Any) -> list[tuple[Action, float]]:
        return roll_outcome_actions(ATTACK_DIE)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        face_ = action.int_param("face")
        state.events.append("rolled", {"purpose": self.purpose, "face": face_})
        state.flow.finish(state, {"purpose": self.purpose, "face": face_})


@dataclass
class InstantWindow(HandWindow):
    """At the window points (the start of an activation, before an attack's roll, after its
    resolution): Instant cards, Instant spells and morale (§5.18.6 step 4, §5.18.7)."""

    kind = "instant-window"
    rule = "homm3.md §5.18.7 (rulebook p. 31)"

    def responses(self, state: Any, seat: int) -> list[Action]:
        side = hands.side_of_seat(state, seat)
        return [] if side is None else free_actions.free_actions(state, side, activation=False)

    def respond(self, state: Any, action: Action, seat: int) -> None:
        side = hands.side_of_seat(state, seat)
        assert side is not None
        free_actions.take_free_action(state, side, action)


@dataclass
class RerollWindow(HandWindow):
    """After the dice of an attack: the attacker's reroll abilities and Positive Morale tokens
    (§5.17, §8.50); nothing else may be played between the roll and the damage (§5.18.7)."""

    kind = "reroll-window"
    rule = RULE_REROLL

    def attack(self, state: Any) -> AttackStep:
        found: AttackStep | None = state.flow.find(AttackStep)
        assert found is not None
        return found

    def public_pass(self, state: Any, seat: int) -> bool:
        """Optional rule 6 (no rerolls) closes the window for everyone, whatever their hands."""
        return state.battle.options.get("no-rerolls") == "yes" or super().public_pass(state, seat)

    def responses(self, state: Any, seat: int) -> list[Action]:
        attack = self.attack(state)
        if state.battle.options.get("no-rerolls") == "yes":  # optional rule 6
            return []
        found = [
            Action.of("reroll", die=index)
            for index in abilities.ability_rerolls(state, attack, seat)
        ]
        found += abilities.ignore_die_actions(state, attack, seat)
        found += luck_rerolls(state, attack, seat)
        side = hands.side_of_seat(state, seat)
        if side is not None:
            found += cards.card_actions(state, side, "roll")
        if morale_holder(state, seat):
            dice = len(attack.dice) + len(attack.defence_die)
            found += [Action.of("morale-reroll", die=index) for index in range(dice)]
        return found

    def respond(self, state: Any, action: Action, seat: int) -> None:
        attack = self.attack(state)
        if action.kind == "play":
            side = hands.side_of_seat(state, seat)
            assert side is not None
            cards.play_card(state, side, action)
            return
        if action.kind == "ignore-die":
            target = state.battle.units[attack.target]
            hands.discard(state, target.side, action.str_param("card"))
            attack.die_ignored = True
            state.events.append("die-ignored", {"unit": target.id})
            return
        index = action.int_param("die")
        if action.kind == "luck-reroll":
            attack.rerolled.append(f"luck:{index}")
        elif action.kind == "reroll":
            attack.rerolled.append("ability")
        else:
            spend_morale(state, seat)
        state.flow.push(RerollStep(index=index))

    def check(self, state: Any, above: Step[Any] | None) -> str | None:
        return None if state.flow.find(AttackStep) else "no attack to reroll in"


@dataclass
class RerollStep(Step[Any]):
    """The new roll of one die of the attack below (die ``index``: the attack dice first, then
    the Defense token die)."""

    kind = "reroll"
    rule = RULE_REROLL
    index: Annotated[int, Bounds(0, 3)] = 0

    def actor(self, state: Any) -> int:
        return CHANCE

    def chance(self, state: Any) -> list[tuple[Action, float]]:
        return roll_outcome_actions(ATTACK_DIE)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        attack = state.flow.find(AttackStep)
        face_ = action.int_param("face")
        dice = attack.dice if self.index < len(attack.dice) else attack.defence_die
        where = self.index if self.index < len(attack.dice) else self.index - len(attack.dice)
        state.events.append("rerolled", {"die": self.index, "was": dice[where], "face": face_})
        dice[where] = face_
        state.flow.pop()


def morale_holder(state: BattleState, seat: int) -> bool:
    """*seat* leads a hero holding a Positive Morale token (Necropolis ignores morale, §5.17)."""
    for army in state.battle.armies:
        if army.seat == seat and army.hero is not None:
            return army.hero.morale > 0 and army.hero.faction != "necropolis"
    return False


def spend_morale(state: BattleState, seat: int) -> None:
    for side, army in enumerate(state.battle.armies):
        if army.seat == seat and army.hero is not None:
            army.hero.morale = 0
            state.events.append("morale-spent", {"side": side})
            return


@dataclass
class GuardStep(Step[Any]):
    """``guardian``: the attack would destroy (or flip) another friendly unit of ``unit``; its
    controller may cancel the attack, once per combat (``guard`` or ``pass``)."""

    kind = "guard"
    rule = "homm3.md §5.15; research/homm3/unit_abilities.yaml (guardian)"
    unit: str = ""
    attacker: str = ""
    target: str = ""

    def actor(self, state: Any) -> int:
        seat = seat_of(state, state.battle.units[self.unit])
        return seat if seat >= 0 else AUTO

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("guard"), Action.of("pass")]

    def run(self, state: Any) -> None:  # the rules' own units always use it
        self.apply(state, Action.of("guard"), AUTO)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action.kind == "guard":
            state.battle.units[self.unit].used.append("guardian")
            attack = state.flow.find(AttackStep)
            assert attack is not None
            attack.cancelled = True
            state.events.append("guarded", {"unit": self.unit, "target": self.target})


def luck_rerolls(state: Any, attack: AttackStep, seat: int) -> list[Action]:
    """Luck (Expert): each die the seat's side rolled in this attack may be rerolled once
    (``luck-reroll die=I``: the attack dice are the attacker's, the Defense die the target's)."""
    side = side_of_seat(state, seat)
    battle = state.battle
    if side is None or not total(battle.lasting, "reroll-any", side_holder(side)):
        return []
    mine: list[int] = []
    if battle.units[attack.attacker].side == side:
        mine += range(len(attack.dice))
    if battle.units[attack.target].side == side:
        mine += range(len(attack.dice), len(attack.dice) + len(attack.defence_die))
    return [
        Action.of("luck-reroll", die=index)
        for index in mine
        if f"luck:{index}" not in attack.rerolled
    ]
