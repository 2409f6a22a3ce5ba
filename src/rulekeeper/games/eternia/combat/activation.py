"""Step 4 of an epic combat: activating abilities (spec §5.6.3 step 4, §5.6.4 step 4).

The face-down cards are revealed; then the teams take turns, the active one first, each doing
one thing or passing: activate a Time card (swap two of its cards) or a Momentum card (its
weapon's momentum ability, if not an immediate one already used), play a combat spell of any
teammate, play a consumable of the hero, or sacrifice the soldiers in the area (once per combat,
+1 to one total each, §9.3). A team that passed is skipped; the step ends when both passed.
A beast takes no part; its momentum, if the epic die showed it, acts when both passed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.lasting import Lasting
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.combat.abilities import use
from rulekeeper.games.eternia.combat.choices import SwapStep
from rulekeeper.games.eternia.combat.model import Fighter, Placed, card_kind
from rulekeeper.games.eternia.combat.protocols import CombatState

__all__ = ["PASS", "ActivationStep", "reveal", "sacrifices"]

RULE = "spec §5.6.3 step 4 (rulebook p.19)"
SOLDIERS = "spec §5.6.3 step 4, §9.3 (rulebook p.19): soldiers are sacrificed once per combat"
SPELLS = "spec §5.11.3 (rulebook p.29): a combat spell costs what it says"
POWER = "spec §5.7 item 3 (rulebook p.25)"
BEAST_SPELLS = "spec §5.6.4 step 4, A-46 (rulebook p.21): other teams' spells in a beast fight"
AIMED = frozenset({"damage", "enemy-penalty", "face-down", "discard-enemy"})
"""Effect kinds that act on the opposing hero or its cards."""
PASS = Action.of("pass")
Side = Annotated[int, Bounds(0, 1)]


def reveal(state: CombatState) -> None:
    """Turn every face-down card face up (the start of step 4). The no-same-zone rule ends
    with step 3 (A-4): a card an effect draws in step 4 may go into any zone with room."""
    for side, fighter in enumerate(state.epic.fighters):
        fighter.last_zone = ""
        if not fighter.down:
            continue
        for card, zone, blank in zip(
            fighter.down, fighter.down_zones, fighter.down_blank, strict=True
        ):
            fighter.grid.append(Placed(card=card, zone=zone, blank=blank))
        shown = [
            [card_kind(card), zone]
            for card, zone in zip(fighter.down, fighter.down_zones, strict=True)
        ]
        state.events.append("revealed", {"side": side, "cards": shown})
        fighter.down.clear()
        fighter.down_zones.clear()
        fighter.down_blank.clear()


def sacrifices(soldiers: int) -> Iterator[tuple[int, int, int]]:
    """Every split of 1 to *soldiers* soldiers over (attack, defense, initiative)."""
    for attack in range(soldiers + 1):
        for defense in range(soldiers + 1 - attack):
            for initiative in range(soldiers + 1 - attack - defense):
                if attack + defense + initiative:
                    yield attack, defense, initiative


def _momentum_cards(state: CombatState, fighter: Fighter) -> list[int]:
    cards = state.pack.combat_cards
    return [
        index
        for index, placed in enumerate(fighter.grid)
        if cards[card_kind(placed.card)].kind == "momentum" and not placed.used
    ]


def _targets_the_hero(state: CombatState, card: str) -> bool:
    """Whether spell *card* only acts on the opposing hero and its cards (A-46: a team with
    no hero in the fight plays only such spells)."""
    spell = state.pack.spells.get(card)
    return spell is not None and all(
        effect.kind in AIMED for ability in spell.effects for effect in ability.effects
    )


def _cost(state: CombatState, card: str) -> int:
    """What playing *card* takes from the team's pool: a spell's casting cost (spec §5.11.3);
    a consumable costs nothing to use (its price was paid at the merchant)."""
    spell = state.pack.spells.get(card)
    return 0 if spell is None else spell.casting_cost


@dataclass
class ActivationStep(Step[CombatState]):
    """Step 4's turns: ``turn`` is the side to act next."""

    kind = "activate"
    rule = RULE
    public_kinds = frozenset({"pass", "time", "momentum", "soldiers"})

    turn: Side = 0

    def actor(self, state: CombatState) -> int:
        passed = state.epic.passed
        if all(passed):
            return -3
        if passed[self.turn]:
            self.turn = 1 - self.turn
        return state.seat_of(self.turn)

    def run(self, state: CombatState) -> None:
        state.flow.finish(state, {"stage": "activate"})

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        fighter = state.epic.fighters[self.turn]
        if fighter.kind != "hero":  # the other team in a beast fight: its spells
            for card in dict.fromkeys(fighter.spells):
                yield Action.of("spell", card=card)
            yield PASS
            return
        for card in dict.fromkeys(card_kind(c) for c in fighter.beside):
            yield Action.of("time", card=card)
        for index in _momentum_cards(state, fighter):
            yield Action.of("momentum", index=index)
        for card in dict.fromkeys(fighter.spells):
            yield Action.of("spell", card=card)
        for card in dict.fromkeys(fighter.consumables):
            yield Action.of("consumable", card=card)
        if not fighter.sacrificed:
            for attack, defense, initiative in sacrifices(fighter.soldiers):
                yield Action.of("soldiers", attack=attack, defense=defense, initiative=initiative)
        yield PASS

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        fighter = state.epic.fighters[self.turn]
        if seat != state.seat_of(self.turn):
            return (RULE, "the other team is to act (or pass)")
        kind = action.kind
        if kind == "pass":
            if state.epic.options.dice_of_power and fighter.beside:
                return (POWER, "with Dice of Power every Time card is activated before the totals")
            return None
        if kind == "time":
            known = {card_kind(c) for c in fighter.beside}
            return None if action.get("card") in known else (RULE, "no such Time card beside")
        if kind == "momentum":
            if action.get("index") not in _momentum_cards(state, fighter):
                return (RULE, "no Momentum card there still to activate (an immediate one acted)")
            return None
        if kind in ("spell", "consumable"):
            if fighter.kind != "hero" and kind != "spell":
                return (BEAST_SPELLS, "the other team only casts combat spells here")
            return self._card_refusal(state, fighter, action)
        if fighter.kind != "hero":
            return (BEAST_SPELLS, "the other team only casts combat spells here, or passes")
        if kind == "soldiers":
            return self._soldiers_refusal(fighter, action)
        return (RULE, f"no {kind!r} in step 4 (time, momentum, spell, consumable, soldiers, pass)")

    def _card_refusal(self, state: CombatState, fighter: Fighter, action: Action) -> Refusal | None:
        card = action.get("card")
        held = fighter.spells if action.kind == "spell" else fighter.consumables
        if card not in held:
            return (RULE, f"your team holds no {action.kind} {card!r}")
        if fighter.kind != "hero" and not _targets_the_hero(state, str(card)):
            reason = "with no hero of yours in this fight, only a spell aimed at the hero"
            return (BEAST_SPELLS, reason)
        cost = _cost(state, str(card))
        if cost > state.epic.eternium[self.turn]:
            return (
                SPELLS,
                f"it costs {cost} Eternium; the team has {state.epic.eternium[self.turn]}",
            )
        return None

    def _soldiers_refusal(self, fighter: Fighter, action: Action) -> Refusal | None:
        if fighter.sacrificed:
            return (SOLDIERS, "soldiers were sacrificed already in this combat")
        split = (action.get("attack"), action.get("defense"), action.get("initiative"))
        if split not in set(sacrifices(fighter.soldiers)):
            return (SOLDIERS, f"sacrifice 1 to {fighter.soldiers} soldiers in the area")
        return None

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        side = self.turn
        epic = state.epic
        fighter = epic.fighters[side]
        if action.kind == "pass":
            epic.passed[side] = True
            state.events.append("passed", {"side": side})
        else:
            self._act(state, side, fighter, action)
        if not epic.passed[1 - side]:
            self.turn = 1 - side

    def _act(self, state: CombatState, side: int, fighter: Fighter, action: Action) -> None:
        kind = action.kind
        if kind == "time":
            card = next(c for c in fighter.beside if card_kind(c) == action.get("card"))
            fighter.beside.remove(card)
            fighter.discard.append(card)
            state.events.append("time", {"side": side})
            state.flow.push(SwapStep(side=side))
        elif kind == "momentum":
            fighter.grid[action.int_param("index")].used = True
            state.momentum(side)
        elif kind == "soldiers":
            self._sacrifice(state, side, fighter, action)
        else:
            card = action.str_param("card")
            (fighter.spells if kind == "spell" else fighter.consumables).remove(card)
            cost = _cost(state, card)
            state.epic.eternium[side] -= cost
            state.epic.spent[side] += cost
            found = state.pack.spells.get(card) or state.pack.equipment[card]
            state.events.append(kind, {"side": side, "card": card})
            for ability in found.effects:
                if ability.when == "activation":
                    use(state, side, ability, card)

    def _sacrifice(self, state: CombatState, side: int, fighter: Fighter, action: Action) -> None:
        fighter.sacrificed = True
        split = {z: action.int_param(z) for z in ("attack", "defense", "initiative")}
        count = sum(split.values())
        fighter.soldiers -= count
        fighter.lost += count
        for zone, amount in split.items():
            if amount:
                lasting = Lasting(zone, str(side), amount, until="round", source="soldiers")
                state.epic.effects.append(lasting)
        state.events.append("soldiers", {"side": side, **split})
