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
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, PickSubset
from rulekeeper.games.homm3.combat import card_effects, hands
from rulekeeper.games.homm3.combat.model import Unit
from rulekeeper.games.homm3.combat.stats import BattleState, card, is_ranged, move_type, tier_rank
from rulekeeper.games.homm3.content.cards import AbilityCard, Artifact, Play, Specialty, StatCard

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
        and play.target in ("none", *UNIT_TARGETS)
    )


def unit_targets(state: BattleState, side: int, play: Play, max_tier: str | None) -> list[Unit]:
    """Units on the board *play* may target for *side* (its target kind, types and tier)."""
    battle = state.battle
    if play.target == "own-unit":
        units = battle.on_board(side)
    elif play.target == "enemy-unit":
        units = battle.on_board(1 - side)
    else:
        units = battle.on_board()
    found = []
    for unit in units:
        if play.unit_types and move_type(state, unit) not in play.unit_types:
            continue
        if max_tier is not None and tier_rank(state, unit) > TIERS.index(max_tier) + 1:
            continue
        found.append(unit)
    return found


def bound_elsewhere(pack: Any, card_id: str, faction: str) -> bool:
    """A faction-bound Ability card in another faction's hand cannot be used (§5.9)."""
    found = pack.card(card_id)
    return isinstance(found, AbilityCard) and found.faction not in (None, faction)


def card_actions(state: BattleState, side: int, activation: bool) -> Iterator[Action]:
    """The card plays open to *side* now (*activation*: during its unit's activation, before
    the attack, where Activation and Ongoing cards may be played too)."""
    hero = hands.hero_of(state, side)
    if hero is None:
        return
    pack = state.game.pack
    for card_id in sorted(set(hero.hand)):
        if bound_elsewhere(pack, card_id, hero.faction):
            continue
        for use, play in plays_of(pack, card_id):
            if not playable(play):
                continue
            if play.timing in ("activation", "ongoing") and not activation:
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
            for unit in targets:
                for pick in picks:
                    params: dict[str, Any] = {"card": card_id, "use": use}
                    if unit is not None:
                        params["unit"] = unit.id
                    if pick is not None:
                        params["pick"] = pick
                    yield Action.of("play", **params)


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
    else:
        hero.discard.append(card_id)
    battle.played[side].append(card_id)
    if use == "expert":
        hero.expert_uses -= 1
    state.events.append("played", {"side": side, "card": card_id, "use": use, "unit": uid})
    pending = Pending(
        side=side,
        card=card_id,
        use=use,
        unit=str(uid) if isinstance(uid, str) else "",
        pick=pick if isinstance(pick, int) else -1,
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


def resolve(state: BattleState, pending: Pending, x: int) -> None:
    """The play's effects, in order (*x*: the cards discarded for a ``discard_any`` cost)."""
    play = dict(plays_of(state.game.pack, pending.card))[pending.use]
    unit = state.battle.units.get(pending.unit) if pending.unit else None
    effects = list(play.effects)
    if play.one_of and pending.pick >= 0:
        effects.append(play.one_of[pending.pick])
    for effect in effects:
        if unit is not None and (unit.destroyed or unit.field < 0) and effect.kind != "draw":
            continue
        card_effects.apply(state, pending.side, effect, unit, pending.card, x)


@dataclass
class PayStep(PickSubset[Any]):
    """Discarding cards to pay a card's cost, one pick at a time."""

    kind = "pay-cost"
    verb = "discard"
    rule = RULE
    pending: Pending | None = None

    def chosen(self, state: Any, items: list[str]) -> None:
        assert self.pending is not None
        for card_id in items:
            hands.discard(state, self.pending.side, card_id)
        resolve(state, self.pending, len(items))


def describe_unit(state: BattleState, unit: Unit) -> str:
    kind = "ranged" if is_ranged(state, unit) else move_type(state, unit)
    return f"{card(state, unit).name} ({kind})"


def free_actions(state: BattleState, side: int, activation: bool) -> list[Action]:
    """What *side* may do at a window (or in its unit's activation, before the attack): play a
    card, cast a spell, spend a Positive Morale token."""
    from rulekeeper.games.homm3.combat import morale, spells

    return [
        *card_actions(state, side, activation),
        *spells.cast_actions(state, side, activation),
        *morale.morale_actions(state, side),
    ]


def take_free_action(state: BattleState, side: int, action: Action) -> None:
    from rulekeeper.games.homm3.combat import morale, spells

    if action.kind == "play":
        play_card(state, side, action)
    elif action.kind == "cast":
        spells.cast(state, side, action)
    else:
        morale.spend(state, side, action)


FREE_KINDS = frozenset({"play", "cast", "morale-draw", "morale-cycle"})
