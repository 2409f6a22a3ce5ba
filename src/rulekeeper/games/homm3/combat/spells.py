"""Casting spells in combat (homm3.md §5.11, §5.18.7; §8.26–8.28).

A player casts at most one Spell card per combat round. Casting costs nothing; the caster may
empower the spell by discarding other cards that give power (a Spell card gives its
alternative power; a Power card, Sorcery or an artifact with a ``power`` effect give theirs),
picked one at a time; the power buys the highest row of the spell's table it reaches, and the
target is chosen among the units that row allows. Spell damage ignores Defence and is reduced
by a unit's ``spell-resistance``; a unit with ``spell-immunity`` cannot be targeted.

Actions: ``cast card=S`` (the spell leaves the hand), then ``empower item=C`` ... ``done``,
then ``target unit=U`` (or ``fizzle`` when no unit is left to target).

A host may hand a side lasting effects on its next spell (battle file ``lasting``, until
``used``): :data:`FIRST_SPELL_POWER` (power to start with) and :data:`FIRST_SPELL_BACK` (the
card returns to hand once resolved); both are spent by the side's next cast.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core import AUTO, Action, Step, lasting
from rulekeeper.core.lasting import Lasting, total
from rulekeeper.games.homm3.combat import board, card_effects, cards, hands
from rulekeeper.games.homm3.combat.damage import take_damage
from rulekeeper.games.homm3.combat.model import Unit
from rulekeeper.games.homm3.combat.stats import BattleState, abilities, has, side_holder
from rulekeeper.games.homm3.content.cards import Spell, SpellRow

RULE = "homm3.md §5.11 spells, §5.18.7 one spell a round (rulebook p. 14–15, 31)"
FIZZLE = Action.of("fizzle")
FIRST_SPELL_POWER = "first-spell-power"
"""A side's lasting effect (battle file ``lasting``, until ``used``): the next spell it casts
starts with that much power (a host's effect: the map's Astrologers card Grim Warlock)."""
FIRST_SPELL_BACK = "first-spell-back"
"""A side's lasting effect (until ``used``): the next spell it casts returns to hand once
resolved (the map's Astrologers card Crazy Wizard)."""


def most_power(state: BattleState, side: int, cards_: list[str]) -> int:
    """The most power *cards_* could give a spell of *side* (each card its best use)."""
    return sum(max((p for _, p in power_uses(state, side, c)), default=0) for c in cards_)


def row_for(spell: Spell, power: int) -> SpellRow:
    """The highest row of the power table that *power* reaches."""
    return [row for row in spell.rows if row.power <= power][-1]


def castable(spell: Spell) -> bool:
    """A spell whose every row the combat rules can carry out, on a unit or two fields
    (Resurrection is cast only to save a unit, lethal.py)."""
    kinds = card_effects.IMPLEMENTED - {"power", "cancel-lethal"}
    return (
        spell.play.timing != "map"
        and spell.play.target in (*cards.UNIT_TARGETS, "two-fields")
        and all({e.kind for e in row.effects} <= kinds for row in spell.rows)
    )


def affected(state: BattleState, unit: Unit) -> bool:
    """A spell may target or hit *unit*: not ``spell-immunity``, not under Anti-Magic."""
    return not has(state, unit, "spell-immunity") and not any(
        e.kind == "spell-shield" and e.holder == unit.id for e in state.battle.lasting
    )


def spell_targets(state: BattleState, side: int, spell: Spell, row: SpellRow) -> list[Unit]:
    """Units the spell may target at *row*: its target kind, types, tier, and not immune."""
    return [
        unit
        for unit in cards.unit_targets(state, side, spell.play, row.max_tier)
        if affected(state, unit)
    ]


def field_pairs(state: BattleState) -> list[tuple[int, int]]:
    """Two adjacent fields with a unit a spell may hit on at least one (Fireball)."""
    battle = state.battle
    found = []
    for here in range(board.ROWS * board.COLUMNS):
        for there in board.NEAR[here]:
            if there > here and any(
                (unit := battle.at(f)) is not None and affected(state, unit) for f in (here, there)
            ):
                found.append((here, there))
    return found


def targets_exist(state: BattleState, side: int, spell: Spell, row: SpellRow) -> bool:
    if spell.play.target == "two-fields":
        return bool(field_pairs(state))
    return bool(spell_targets(state, side, spell, row))


def spell_damage(state: BattleState, unit: Unit, amount: int) -> None:
    """Spell damage: Defence does not reduce it, ``spell-resistance`` does (§5.11, §5.15)."""
    for ability in abilities(state, unit, "spell-resistance"):
        amount -= ability.amount or 0
    take_damage(state, unit, max(0, amount), "spell")


def chain(state: BattleState, side: int, first: Unit, amounts: list[int], seat: int) -> None:
    """Chain Lightning: *first* takes the first amount, then the units nearest to it the next
    ones, in turn; where units are equally near the caster (*seat*) picks (``chain unit=U``)."""
    around = first.field
    spell_damage(state, first, amounts[0])
    if len(amounts) > 1:
        state.flow.push(
            ChainStep(side=side, seat=seat, around=around, amounts=amounts[1:], hit=[first.id])
        )


@dataclass
class ChainStep(Step[Any]):
    """The next unit Chain Lightning strikes: the nearest to its first target not yet struck;
    a tie is the caster's to break."""

    kind = "chain"
    rule = RULE
    side: int = 0
    seat: int = 0
    around: int = 0
    amounts: list[int] = field(default_factory=list)
    hit: list[str] = field(default_factory=list)

    def nearest(self, state: Any) -> list[Unit]:
        others = [u for u in state.battle.on_board() if u.id not in self.hit and affected(state, u)]
        if not others or not self.amounts:
            return []
        least = min(board.distance(self.around, u.field) for u in others)
        return [u for u in others if board.distance(self.around, u.field) == least]

    def actor(self, state: Any) -> int:
        return self.seat if len(self.nearest(state)) > 1 else AUTO

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("chain", unit=u.id) for u in self.nearest(state)]

    def run(self, state: Any) -> None:
        found = self.nearest(state)
        if not found:
            state.flow.pop()
            return
        self._strike(state, found[0])

    def apply(self, state: Any, action: Action, seat: int) -> None:
        self._strike(state, state.battle.units[action.str_param("unit")])

    def _strike(self, state: Any, unit: Unit) -> None:
        amount = self.amounts.pop(0)
        self.hit.append(unit.id)
        if not self.amounts:
            state.flow.pop()
        spell_damage(state, unit, amount)


def spell_limit(state: BattleState, side: int) -> int:
    """One spell a combat round (§5.18.7), more with ``extra-spell`` (Knowledge Expert)."""
    return 1 + total(state.battle.lasting, "extra-spell", side_holder(side))


def cast_actions(state: BattleState, side: int, activation: bool) -> Iterator[Action]:
    """``cast`` actions open to *side*: its spells of the right timing, within the limit, with
    a unit to target at the most power its hand could give."""
    hero = hands.hero_of(state, side)
    battle = state.battle
    if hero is None or battle.armies[side].spells_cast >= spell_limit(state, side):
        return
    pack = state.game.pack
    holder = side_holder(side)
    for card_id in sorted(set(hero.hand)):
        spell = pack.card(card_id)
        if not isinstance(spell, Spell) or not castable(spell):
            continue
        if spell.play.timing in ("activation", "ongoing") and not activation:
            continue
        rest = list(hero.hand)
        rest.remove(card_id)
        power = most_power(state, side, rest) + total(battle.lasting, FIRST_SPELL_POWER, holder)
        if targets_exist(state, side, spell, row_for(spell, power)):
            yield Action.of("cast", card=card_id)


def cast(state: BattleState, side: int, action: Action) -> None:
    """The spell leaves the hand; empowering is next."""
    hero = hands.hero_of(state, side)
    assert hero is not None
    card_id = action.str_param("card")
    hero.hand.remove(card_id)
    battle = state.battle
    battle.armies[side].spells_cast += 1
    battle.played[side].append(card_id)
    state.events.append("casts", {"side": side, "card": card_id})
    battle.last_cast[side] = [card_id]
    holder = side_holder(side)
    power = sum(e.amount for e in lasting.use(battle.lasting, FIRST_SPELL_POWER, holder))
    back = bool(lasting.use(battle.lasting, FIRST_SPELL_BACK, holder))
    state.flow.push(SpellTargetStep(side=side, card=card_id, power=power, back=back))
    if hero.hand:  # asked whatever the hand holds: a hidden hand's power is not told
        state.flow.push(EmpowerStep(seat=battle.armies[side].seat, side=side))


def power_uses(state: BattleState, side: int, card_id: str) -> list[tuple[str, int]]:
    """The ways *card_id* can empower a spell for *side* now, with the power each gives: a
    Spell card discarded (its alternative power); a play with a ``power`` effect (Basic, or
    Expert with an Expert use left; an artifact's option whose cost can be paid)."""
    pack = state.game.pack
    found = pack.card(card_id)
    if isinstance(found, Spell):
        return [("discard", found.alternative_power)] if found.alternative_power else []
    hero = hands.hero_of(state, side)
    assert hero is not None
    uses = []
    for use, play in cards.plays_of(pack, card_id):
        power = sum(e.amount or 0 for e in play.effects if e.kind == "power")
        if not power or play.timing == "map":
            continue
        if use == "expert" and hero.expert_uses <= 0:
            continue
        others = len(hero.hand) - 1
        if play.cost.discard > others or (play.cost.discard_any and others < 1):
            continue
        uses.append((use, power))
    return uses


@dataclass
class EmpowerStep(Step[Any]):
    """Empowering the spell being cast (§5.11, §8.27): ``empower card=C use=U`` one card at a
    time (``use``: ``discard`` for a Spell card, else the card's play giving power, whose
    cost is paid and whose other effects apply, e.g. Sorcery's draw), then ``done``."""

    kind = "empower"
    rule = RULE
    seat: int = 0
    side: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> list[Action]:
        hero = hands.hero_of(state, self.side)
        found = []
        for card_id in sorted(set(hero.hand if hero else [])):
            for use, _ in power_uses(state, self.side, card_id):
                found.append(Action.of("empower", card=card_id, use=use))
        return [*found, Action.of("done")]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "done":
            state.flow.pop()
            return
        target = state.flow.steps[-2]  # what is empowered: a spell's target step, a save
        assert hasattr(target, "power")
        card_id, use = action.str_param("card"), action.str_param("use")
        power = dict(power_uses(state, self.side, card_id))[use]
        target.power += power
        state.battle.last_cast[self.side].append(card_id)
        state.events.append(
            "empowered", {"side": self.side, "card": card_id, "use": use, "power": target.power}
        )
        if use == "discard":
            hands.discard(state, self.side, card_id)
        else:  # the card is played: its cost, its Expert use, its other effects
            cards.play_card(state, self.side, Action.of("play", card=card_id, use=use))
        hero = hands.hero_of(state, self.side)
        if (hero is None or not hero.hand) and state.flow.steps[-1] is self:
            state.flow.pop()  # an empty hand, a public reason (not a hand with no power left)


@dataclass
class SpellTargetStep(Step[Any]):
    """The caster picks the spell's target among the units (or fields) its row allows; the
    enemy may then counter it (Resistance, a :class:`CounterWindow`); then it resolves."""

    kind = "spell-target"
    rule = RULE
    side: int = 0
    card: str = ""
    power: int = 0
    chosen: str = ""
    """The target chosen (``unit=`` or ``fields=`` text), or "" while choosing."""
    countered: bool = False
    back: bool = False
    """The spell returns to hand once resolved (``first-spell-back``)."""

    def actor(self, state: Any) -> int:
        return AUTO if self.chosen else int(state.battle.armies[self.side].seat)

    def spell(self, state: Any) -> Spell:
        found = state.game.pack.card(self.card)
        assert isinstance(found, Spell)
        return found

    def legal(self, state: Any, seat: int) -> list[Action]:
        spell = self.spell(state)
        if spell.play.target == "two-fields":
            found = [
                Action.of("target", fields=f"{board.name(a)} {board.name(b)}")
                for a, b in field_pairs(state)
            ]
        else:
            picks: list[dict[str, int]] = (
                [{"pick": k} for k in range(len(spell.play.one_of))] if spell.play.one_of else [{}]
            )
            found = [
                Action.of("target", unit=unit.id, **pick)
                for unit in spell_targets(state, self.side, spell, row_for(spell, self.power))
                for pick in picks
            ]
        return found or [FIZZLE]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action == FIZZLE:
            self._discard(state)
            state.flow.pop()
            state.events.append("fizzles", {"side": self.side, "card": self.card})
            return
        fields = action.get("fields")
        self.chosen = f"fields={fields}" if fields is not None else f"unit={action.get('unit')}"
        pick = action.get("pick")
        if isinstance(pick, int):  # Prayer: which of its effects
            self.chosen += f" pick={pick}"
        enemy = state.battle.armies[1 - self.side].seat
        if enemy >= 0:
            state.flow.push(CounterWindow(seats=[enemy]))

    def _discard(self, state: Any) -> None:
        hero = hands.hero_of(state, self.side)
        assert hero is not None
        hero.discard.append(self.card)
        if self.back:  # the battle file's first-spell-back: the spell returns to hand
            hands.back_to_hand(state, self.side, [self.card])

    def run(self, state: Any) -> None:
        self._discard(state)
        state.flow.pop()
        if self.countered:
            state.events.append("countered", {"side": self.side, "card": self.card})
            return
        spell = self.spell(state)
        row = row_for(spell, self.power)
        battle = state.battle
        chosen, _, pick = self.chosen.partition(" pick=")
        what, value = chosen.split("=", 1)
        effects = list(row.effects)
        if pick:  # the one effect chosen of the spell's ``one_of`` (Prayer)
            kind = spell.play.one_of[int(pick)].kind
            effects = [e for e in effects if e.kind == kind]
        if what == "fields":
            hit = [battle.at(board.NAMES[name]) for name in value.split()]
            state.events.append(
                "spell",
                {"side": self.side, "card": self.card, "fields": value, "power": self.power},
            )
            for effect in row.effects:
                for unit in hit:
                    if unit is not None and affected(state, unit):
                        spell_damage(state, unit, effect.amount or 0)
            return
        unit = battle.units[value]
        if unit.destroyed or unit.field < 0:
            state.events.append("fizzles", {"side": self.side, "card": self.card})
            return
        state.events.append(
            "spell", {"side": self.side, "card": self.card, "unit": unit.id, "power": self.power}
        )
        for effect in effects:
            if effect.kind == "damage":
                spell_damage(state, unit, card_effects.amount_for(effect, unit))
            elif effect.kind == "chain-damage":
                caster = int(state.battle.armies[self.side].seat)
                chain(state, self.side, unit, list(effect.amounts or ()), caster)
            elif effect.kind == "teleport":
                seat = int(state.battle.armies[self.side].seat)
                state.flow.push(cards.TeleportStep(unit=unit.id, seat=seat))
            else:
                card_effects.apply(state, self.side, effect, unit, self.card)

    def check(self, state: Any, above: Step[Any] | None) -> str | None:
        found = state.game.pack.card(self.card) if self.card else None
        return None if isinstance(found, Spell) else f"{self.card!r} is not a spell"


@dataclass
class CounterWindow(hands.HandWindow):
    """Right after an enemy spell is cast and aimed: cards that cancel it (Resistance:
    ``play card=resistance use=...``)."""

    kind = "counter-window"
    rule = RULE

    def responses(self, state: Any, seat: int) -> list[Action]:
        side = hands.side_of_seat(state, seat)
        return [] if side is None else list(cards.card_actions(state, side, "counter"))

    def respond(self, state: Any, action: Action, seat: int) -> None:
        side = hands.side_of_seat(state, seat)
        assert side is not None
        cards.play_card(state, side, action)


@dataclass
class EarlyCastStep(Step[Any]):
    """Intelligence: before the first activation, cast a spell from hand (``cast card=S``, any
    timing but the map's) or ``pass``; with ``free`` it does not count towards the limit."""

    kind = "early-cast"
    rule = RULE
    side: int = 0
    free: bool = False

    def actor(self, state: Any) -> int:
        return int(state.battle.armies[self.side].seat)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [*cast_actions(state, self.side, activation=True), Action.of("pass")]

    def check(self, state: Any, above: Step[Any] | None) -> str | None:
        army = state.battle.armies[self.side]
        if army.hero is None or army.seat < 0:
            return f"side {self.side} has no hero of a player to cast a spell"
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action.kind == "cast":
            if self.free:
                state.battle.lasting.append(
                    Lasting("extra-spell", side_holder(self.side), 1, until="round")
                )
            cast(state, self.side, action)


@dataclass
class StartWindow(hands.HandWindow):
    """Before the first activation of the combat: cards played at its start (Intelligence)."""

    kind = "start-window"
    rule = RULE

    def responses(self, state: Any, seat: int) -> list[Action]:
        side = hands.side_of_seat(state, seat)
        return [] if side is None else list(cards.card_actions(state, side, "start"))

    def respond(self, state: Any, action: Action, seat: int) -> None:
        side = hands.side_of_seat(state, seat)
        assert side is not None
        cards.play_card(state, side, action)
