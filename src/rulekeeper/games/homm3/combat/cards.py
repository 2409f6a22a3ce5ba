"""Playing Might & Magic cards in combat (homm3.md §5.8, §5.9, §5.18.6 step 3, §5.18.7).

Instant cards are played at the window points (docs/homm3-combat.md: the start of each
activation, before each attack roll, after each attack) and during your own units'
activations; Activation and Ongoing cards only during the activation of one of your units,
before it attacks. A Statistic or Ability card is played for its Basic effect or, spending one
of the hero's Expert uses, its Expert effect; an Artifact for one of its options. A cost (cards
discarded, the card removed) is paid first. Only a Main Hero's side plays cards: a Secondary
Hero and a transported army use none. A play whose effects the rules do not implement is never
offered (card_effects.py). Spells are cast (spells.py).

An action: ``play card=C use=basic|expert|option-N [unit=U] [pick=K]`` (``pick``: which of the
play's ``one_of`` effects).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.games.homm3.combat import board, by_kind, card_effects, hands
from rulekeeper.games.homm3.combat.model import Unit
from rulekeeper.games.homm3.combat.stats import BattleState, move_type, tier_rank
from rulekeeper.games.homm3.content.cards import (
    AbilityCard,
    Artifact,
    Play,
    Specialty,
    Spell,
    StatCard,
)

RULE = "homm3.md §5.18.7 cards in combat (rulebook p. 31)"
RULE_EXPERT = "homm3.md §5.9 Expert effects (rulebook p. 13)"
TIERS = ("bronze", "silver", "gold", "azure")
UNIT_TARGETS = ("own-unit", "enemy-unit", "any-unit")


def plays_of(pack: Any, card_id: str) -> list[tuple[str, Play]]:
    """The ways to play a card (not a spell: those are cast)."""
    found = pack.card(card_id)
    if isinstance(found, StatCard | AbilityCard):
        return [("basic", found.basic), ("expert", found.expert)]
    if isinstance(found, Artifact):
        return [(f"option-{index + 1}", play) for index, play in enumerate(found.options)]
    if isinstance(found, Specialty):
        return [("basic", found.play)]
    return []


def playable(play: Play) -> bool:
    """A play the combat rules can carry out on its own: not a map effect, every effect
    implemented, and more than empowerment (a ``power`` effect is spent while casting)."""
    kinds = play.kinds()
    return (
        play.timing != "map"
        and bool(kinds)
        and kinds <= card_effects.IMPLEMENTED
        and kinds != {"power"}
        and not kinds & card_effects.SPELL_ONLY
        and play.target in ("none", "own-units", *UNIT_TARGETS)
    )


def _moment_allows(state: BattleState, side: int, play: Play, moment: str) -> bool:
    """Die effects only after an attack's dice (``roll``), Spell-back only right after a
    cast; Activation and Ongoing cards only in the side's activation; nothing but die
    effects between the roll and the damage (§5.18.7)."""
    kinds = play.kinds()
    if play.timing == "start" or moment == "start":
        return play.timing == "start" and moment == "start"
    for special, where in (
        (card_effects.AFTER_ROLL, "roll"),
        (card_effects.COUNTER, "counter"),
        (card_effects.AT_START, "start"),
    ):
        if kinds & special:
            if moment != where:
                return False
            if where == "counter":
                return all(
                    card_effects.counterable(state, e)
                    for e in play.effects
                    if e.kind in card_effects.COUNTER
                )
            return True
    if moment in ("roll", "counter", "start"):
        return False
    if kinds & card_effects.AFTER_CAST and not state.battle.last_cast[side]:
        return False
    return play.timing == "instant" or moment == "activation"


def unit_targets(state: BattleState, side: int, play: Play, max_tier: str | None) -> list[Unit]:
    """Units on the board *play* may target for *side* (its target kind, types and tier)."""
    battle = state.battle
    if play.target in ("own-unit", "own-units"):
        units = battle.on_board(side)
    elif play.target == "enemy-unit":
        units = battle.on_board(1 - side)
    else:
        units = battle.on_board()
    found = []
    laid_on = [on for e in play.effects if e.kind == "overlay" for on in (e.laid_on or ())]
    for unit in units:
        if play.unit_types and move_type(state, unit) not in play.unit_types:
            continue
        if laid_on and unit.card not in laid_on and f"{unit.card}:{unit.face}" not in laid_on:
            continue
        if max_tier is not None and tier_rank(state, unit) > TIERS.index(max_tier) + 1:
            continue
        found.append(unit)
    return found


def bound_elsewhere(pack: Any, card_id: str, faction: str) -> bool:
    """A faction-bound Ability card in another faction's hand cannot be used (§5.9)."""
    found = pack.card(card_id)
    return isinstance(found, AbilityCard) and found.faction not in (None, faction)


def card_actions(state: BattleState, side: int, moment: str) -> Iterator[Action]:
    """The card plays open to *side* now; *moment* is ``activation`` (its unit's activation,
    before the attack: Activation and Ongoing cards too), ``window`` (a window point) or
    ``roll`` (after an attack's dice: die effects only)."""
    hero = hands.hero_of(state, side)
    if hero is None:
        return
    pack = state.game.pack
    for card_id in sorted(set(hero.hand)):
        if bound_elsewhere(pack, card_id, hero.faction):
            continue
        for use, play in plays_of(pack, card_id):
            if not playable(play) or not _moment_allows(state, side, play, moment):
                continue
            if use == "expert" and hero.expert_uses <= 0:
                continue
            others = len(hero.hand) - 1
            if play.cost.discard > others or (play.cost.discard_any and others < 1):
                continue
            picks: list[int | None] = list(range(len(play.one_of))) if play.one_of else [None]
            targets: list[Unit | None] = (
                list(unit_targets(state, side, play, play.max_tier))
                if play.target in UNIT_TARGETS
                else [None]
            )
            dice: list[int | None] = [None]
            if "die-multiply" in play.kinds():
                attack = _attack(state)
                dice = list(range(len(attack.dice) + len(attack.defence_die))) if attack else []
            for unit in targets:
                for pick in picks:
                    for die in dice:
                        params: dict[str, Any] = {"card": card_id, "use": use}
                        if unit is not None:
                            params["unit"] = unit.id
                        if pick is not None:
                            params["pick"] = pick
                        if die is not None:
                            params["die"] = die
                        yield Action.of("play", **params)


def _attack(state: BattleState) -> Any:
    return by_kind.find(state, by_kind.ATTACK)


def play_card(state: BattleState, side: int, action: Action) -> None:
    """Carry out a ``play`` action from :func:`card_actions` (checked before)."""
    hero = hands.hero_of(state, side)
    assert hero is not None
    battle = state.battle
    card_id = action.str_param("card")
    use = action.str_param("use")
    play = dict(plays_of(state.game.pack, card_id))[use]
    uid = action.get("unit")
    pick = action.get("pick")
    hero.hand.remove(card_id)
    if play.cost.remove:
        battle.removed[side].append(card_id)
    elif "overlay" not in play.kinds():  # a card laid on a unit stays there
        hero.discard.append(card_id)
    battle.played[side].append(card_id)
    if use == "expert":
        hero.expert_uses -= 1
    state.events.append("played", {"side": side, "card": card_id, "use": use, "unit": uid})
    die = action.get("die")
    pending = Pending(
        side=side,
        card=card_id,
        use=use,
        unit=str(uid) if isinstance(uid, str) else "",
        pick=pick if isinstance(pick, int) else -1,
        die=die if isinstance(die, int) else -1,
    )
    if play.cost.discard or play.cost.discard_any:
        count = play.cost.discard
        state.flow.push(
            PayStep(
                seat=battle.armies[side].seat,
                options=sorted(hero.hand),
                least=count or 1,
                most=count or len(hero.hand),
                pending=pending,
            )
        )
        return
    resolve(state, pending, 0)


@dataclass
class Pending:
    """A card play waiting for its cost to be paid."""

    side: int
    card: str
    use: str
    unit: str = ""
    pick: int = -1
    die: int = -1
    paid: list[str] = field(default_factory=list)
    """The cards discarded to pay the play's cost."""


def resolve(state: BattleState, pending: Pending, x: int) -> None:
    """The play's effects, in order (*x*: the cards discarded for a ``discard_any`` cost)."""
    play = dict(plays_of(state.game.pack, pending.card))[pending.use]
    unit = state.battle.units.get(pending.unit) if pending.unit else None
    effects = list(play.effects)
    if play.one_of and pending.pick >= 0:  # the chosen effect first ("choose one, then draw")
        effects.insert(0, play.one_of[pending.pick])
    everyone = (
        unit_targets(state, pending.side, play, play.max_tier) if play.target == "own-units" else []
    )
    for effect in effects:
        if play.target == "own-units" and effect.kind in card_effects.UNIT_KINDS:
            for each in everyone:  # every unit of the side the play allows
                card_effects.apply(state, pending.side, effect, each, pending.card, x)
            continue
        if unit is not None and (unit.destroyed or unit.field < 0) and effect.kind != "draw":
            continue
        if effect.kind == "draw-if-spell":  # Blackshard: only if a Spell paid for it
            pack = state.game.pack
            if any(isinstance(pack.card(c), Spell) for c in pending.paid):
                hands.draw(state, pending.side, effect.amount or 1)
            continue
        if effect.kind == "returns":  # Targ: the card comes back to hand
            hands.back_to_hand(state, pending.side, [pending.card])
            continue
        x_value = pending.die if effect.kind in card_effects.AFTER_ROLL else x
        card_effects.apply(state, pending.side, effect, unit, pending.card, x_value)


@dataclass
class PayStep(hands.HandPick):
    """Discarding cards to pay a card's cost, one pick at a time."""

    kind = "pay-cost"
    verb = "discard"
    rule = RULE
    pending: Pending | None = None

    def check(self, state: Any, above: Step[Any] | None) -> str | None:
        """A cost is paid for a card play of this pack, by a side of the battle."""
        pending = self.pending
        if pending is None:
            return "no card play waits for its cost"
        if pending.side not in (0, 1):
            return f"side {pending.side} is not a side of the battle"
        try:
            plays = dict(plays_of(state.game.pack, pending.card))
        except KeyError:
            return f"{pending.card!r} is not a card"
        if pending.use not in plays:
            return f"{pending.card!r} has no play {pending.use!r}"
        return None

    def chosen(self, state: Any, items: list[str]) -> None:
        assert self.pending is not None
        for card_id in items:
            hands.discard(state, self.pending.side, card_id)
        self.pending.paid = list(items)
        resolve(state, self.pending, len(items))


FREE_KINDS = frozenset({"play", "cast", "morale-draw", "morale-cycle"})


@dataclass
class TeleportStep(Step[Any]):
    """Teleport: the unit goes to an empty field of the caster's choice (``teleport to=F``)."""

    kind = "teleport"
    rule = RULE
    unit: str = ""
    seat: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> list[Action]:
        battle = state.battle
        return [
            Action.of("teleport", to=board.name(f))
            for f in range(board.ROWS * board.COLUMNS)
            if battle.at(f) is None and battle.obstacle_at(f) is None
        ]

    def pointless(self, state: Any) -> bool:
        unit = state.battle.units[self.unit]
        return bool(unit.destroyed or unit.field < 0)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        unit = state.battle.units[self.unit]
        there = board.NAMES[action.str_param("to")]
        state.events.append("teleported", {"unit": unit.id, "from": unit.field, "to": there})
        unit.field = there
        state.flow.pop()
