"""An AI hero in combat (homm3.md §5.24, §5.24.1 rule 1; content/ai.yaml).

Each time a unit of an AI hero activates, the top AI card is drawn and resolved at the
battle's difficulty before the unit moves or attacks (an empty AI deck draws nothing): an
Attack card gives the activating unit a bonus for its next attack, a Defense card the AI unit
with the most HP (or the one to activate next) a bonus against the next attack on it, a Cast a
spell card casts the top card of the AI's Spell deck with the power for the difficulty (a
harmful spell on the player's unit with the highest Defence, a helpful one on the AI's, any
other discarded), a Use a skill card uses the Ability card its scenario names. When told to
draw a card, the AI draws and resolves another AI card (research/homm3/ai.yaml, deck rules).
Where a card leaves a tie between units, the player picks (:class:`AiTieStep`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core import Action, Deck, Step
from rulekeeper.games.homm3.combat import card_effects, order, spells
from rulekeeper.games.homm3.combat.model import Unit
from rulekeeper.games.homm3.combat.neutral_ai import decider
from rulekeeper.games.homm3.combat.stats import BattleState, face, hp_left, initiative
from rulekeeper.games.homm3.content.cards import Effect, Play, Spell

RULE = "homm3.md §5.24.1 rule 1 (rulebook p. 33)"
RULE_ITEM = "AI combat, homm3.md §5.24.1 rule 1"
"""The rule item the log names for an AI card drawn (issue 23 §1)."""
SPELL_WHY = (
    "a harmful spell on the player's unit with the highest Defence, a helpful one on the AI's "
    "(the Cast a spell AI card, homm3.md §5.24)"
)
"""How the AI aims the spells of its Spell deck, as the log says it (content/ai.yaml)."""
HARMFUL = frozenset({"damage", "chain-damage", "area-damage", "paralyse", "no-abilities"})


def on_activation(state: BattleState, unit: Unit, depth: int = 0) -> None:
    """Draw and resolve an AI card for an AI hero's activating *unit*."""
    army = state.battle.armies[unit.side]
    if army.kind != "ai-hero" or not army.ai_deck or depth > 1:
        return
    deck = Deck.over(army.ai_deck, army.ai_discard)  # the core's deck over the army's piles
    card_id = deck.draw(1)[0]
    card = state.game.pack.ai_cards[card_id]
    play: Play = getattr(card, state.battle.difficulty)
    state.events.append("ai-card", {"side": unit.side, "card": card_id})
    back = False
    for effect in play.effects:
        if effect.kind == "reshuffle-first-round" and state.battle.round == 1:
            back = True
        else:
            _resolve(state, unit, play, effect, depth)
    if back:
        deck.put_on_top(card_id)
        deck.shuffle(state.rng)
    else:
        deck.discard(card_id)


def _best(units: list[Unit], key: Any) -> list[Unit]:
    """The units with the highest *key* (several on a tie)."""
    if not units:
        return []
    top = max(key(u) for u in units)
    return [u for u in units if key(u) == top]


def _strongest(state: BattleState, side: int) -> list[Unit]:
    return _best(state.battle.on_board(side), lambda u: hp_left(state, u))


def _next_of_side(state: BattleState, unit: Unit) -> list[Unit]:
    waiting = [u for u in order.waiting(state) if u.side == unit.side and u is not unit]
    return _best(waiting, lambda u: initiative(state, u))


def _choose(
    state: BattleState, side: int, units: list[Unit], what: str, card: str, kind: str, amount: int
) -> None:
    """Apply the AI's effect to the one unit, or let the player break a tie (AiTieStep)."""
    if len(units) > 1:
        state.flow.push(
            AiTieStep(
                side=side,
                options=[u.id for u in units],
                what=what,
                card=card,
                effect=kind,
                amount=amount,
            )
        )
    elif units:
        _perform(state, side, units[0], what, card, kind, amount)


def _perform(
    state: BattleState, side: int, unit: Unit, what: str, card: str, kind: str, amount: int
) -> None:
    if what == "bonus":
        card_effects.apply(state, side, Effect(kind=kind, amount=amount), unit, "ai-card")
    else:
        cast_on(state, side, card, amount, unit)


def _resolve(state: BattleState, unit: Unit, play: Play, effect: Effect, depth: int) -> None:
    side = unit.side
    kind = effect.kind
    if kind in ("attack", "defence"):
        if not effect.amount:
            return
        targets = {
            "activating-unit": [unit],
            "strongest-own-unit": _strongest(state, side),
            "own-unit": _next_of_side(state, unit),
        }.get(play.target, [unit])
        _choose(state, side, targets, "bonus", "", kind, effect.amount)
    elif kind == "power":
        cast_top_spell(state, side, effect.amount or 0)
    elif kind == "use-skill":
        for _ in range(effect.amount or 1):
            use_skill(state, unit, depth)


def _by_defence(state: BattleState, units: list[Unit]) -> list[Unit]:
    return _best(units, lambda u: face(state, u).defence)


def harmful(spell: Spell) -> bool | None:
    """True for a spell that harms its target, False for one that helps, None for neither."""
    if spell.play.target == "enemy-unit" or spell.play.target == "two-fields":
        return True
    if spell.play.target == "own-unit":
        return False
    kinds = {e.kind for row in spell.rows for e in row.effects}
    negative = any((e.amount or 0) < 0 for row in spell.rows for e in row.effects)
    if kinds & HARMFUL or negative:
        return True
    return False if kinds <= card_effects.IMPLEMENTED else None


def cast_top_spell(state: BattleState, side: int, power: int) -> None:
    """Cast the top card of the AI's Spell deck with *power* (content/ai.yaml)."""
    army = state.battle.armies[side]
    if not army.ai_spells:
        return
    card_id = Deck.over(army.ai_spells, []).draw(1)[0]
    spell = state.game.pack.card(card_id)
    assert isinstance(spell, Spell)
    kind = harmful(spell)
    row = spells.row_for(spell, power)
    state.events.append("ai-casts", {"side": side, "card": card_id, "power": power})
    if kind is None or not spells.castable(spell) or spell.play.timing == "map":
        state.events.append("fizzles", {"side": side, "card": card_id})
        return
    if spell.play.target == "two-fields":
        enemies = _by_defence(state, state.battle.on_board(1 - side))
        if enemies:
            enemy = enemies[0]  # the fields around it: a reading (docs/homm3-combat.md)
            pairs = [p for p in spells.field_pairs(state) if enemy.field in p]
            if pairs:
                for effect in row.effects:
                    for field in pairs[0]:
                        hit = state.battle.at(field)
                        if hit is not None and spells.affected(state, hit):
                            spells.spell_damage(state, hit, effect.amount or 0)
        return
    pool = [u for u in spells.spell_targets(state, side, spell, row) if (u.side != side) == kind]
    targets = _by_defence(state, pool)
    if not targets:
        state.events.append("fizzles", {"side": side, "card": card_id})
        return
    _choose(state, side, targets, "spell", card_id, "", power)


def cast_on(state: BattleState, side: int, card_id: str, power: int, target: Unit) -> None:
    """The AI's spell *card_id* at *power* on *target*."""
    spell = state.game.pack.card(card_id)
    row = spells.row_for(spell, power)
    for effect in row.effects:
        if effect.kind == "damage":
            spells.spell_damage(state, target, card_effects.amount_for(effect, target))
        elif effect.kind == "chain-damage":  # the player breaks the AI's ties
            spells.chain(state, side, target, list(effect.amounts or ()), decider(state))
        elif effect.kind != "teleport":
            card_effects.apply(state, side, effect, target, card_id)


def use_skill(state: BattleState, unit: Unit, depth: int) -> None:
    """The AI uses its scenario's Ability card (its Basic effect) on the activating unit, or
    on the player's unit with the highest Defence when the card targets an enemy."""
    army = state.battle.armies[unit.side]
    if not army.ai_skill:
        return
    card = state.game.pack.card(army.ai_skill)
    play: Play = card.basic
    target: Unit | None = unit
    if play.target == "enemy-unit":
        enemies = _by_defence(state, state.battle.on_board(1 - unit.side))
        target = enemies[0] if enemies else None  # a skill's target: a reading
    state.events.append("ai-skill", {"side": unit.side, "card": army.ai_skill})
    for effect in play.effects:
        if effect.kind == "draw":
            on_activation(state, unit, depth + 1)  # the AI draws: another AI card
        elif effect.kind in card_effects.UNIT_KINDS and target is not None:
            card_effects.apply(state, unit.side, effect, target, army.ai_skill)
        elif effect.kind in ("gold", "morale", "enemy-morale", "enemy-discards"):
            card_effects.apply(state, unit.side, effect, None, army.ai_skill)


@dataclass
class AiTieStep(Step[Any]):
    """Where an AI card leaves a tie between units, the player picks (``choose unit=U``;
    issue 8: a tie the rulebook leaves to a person is that person's)."""

    kind = "ai-tie"
    rule = RULE
    side: int = 0
    options: list[str] = field(default_factory=list)
    what: str = "bonus"
    card: str = ""
    effect: str = ""
    amount: int = 0

    def actor(self, state: Any) -> int:
        return decider(state)

    def legal(self, state: Any, seat: int) -> list[Action]:
        units = state.battle.units
        alive = [u for u in self.options if units[u].field >= 0 and not units[u].destroyed]
        return [Action.of("choose", unit=u) for u in alive]

    def pointless(self, state: Any) -> bool:
        return not self.legal(state, decider(state))

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        unit = state.battle.units[action.str_param("unit")]
        _perform(state, self.side, unit, self.what, self.card, self.effect, self.amount)
