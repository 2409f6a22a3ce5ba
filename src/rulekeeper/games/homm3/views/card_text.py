"""Card texts generated from the effect data (issue 9 §1): what a player reads is what the
engine enforces, so an edited card reads as it now plays. A card's own ``text`` (our words,
in the pack) is shown beside it, never instead of it.

    text_of(pack, "magic-arrow")   # "Magic Arrow (Spell, any school, Basic; Activation, any unit):
                                   #  power 0: 1 damage; power 1: 2 damage; power 2: 3 damage. ..."
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.content.abilities import UnitAbility
from rulekeeper.games.homm3.content.cards import (
    AbilityCard,
    Artifact,
    Effect,
    Play,
    Specialty,
    Spell,
    StatCard,
)

TARGETS = {
    "none": "",
    "own-unit": "one of your units",
    "enemy-unit": "an enemy unit",
    "any-unit": "any unit",
    "own-units": "each of your units",
    "two-fields": "two adjacent fields",
    "activating-unit": "the activating unit",
    "strongest-own-unit": "the AI's unit with the most HP",
}
SIMPLE = {
    "attack": "{a:+d} Attack for its next attack",
    "defence": "{a:+d} Defence against its next attack",
    "initiative": "{a:+d} Initiative",
    "max-hp": "{a:+d} maximum HP for the combat",
    "damage": "{a} damage (Defence does not count)",
    "area-damage": "{a} damage to every unit there",
    "heal": "heal up to {a} damage",
    "cure": "remove Paralysis and card effects, heal up to {a}",
    "paralyse": "a Paralysis token",
    "unparalyse": "remove a Paralysis token",
    "bless": "its next attack rolls no die, {a:+d} Attack",
    "retaliate-again": "it may retaliate again this round",
    "teleport": "move it to any empty field",
    "swap": "swap two of your units",
    "no-abilities": "its abilities do not count this combat",
    "spell-shield": "no spell may target it this combat",
    "fire-shield": "each adjacent attacker takes {a} damage this round",
    "cancel-lethal": "cancel an attack that would destroy it",
    "archery": "your ranged units {a:+d} Attack against distant targets",
    "die-multiply": "multiply an Attack die by {a}",
    "die-ignore": "ignore an Attack die just rolled",
    "reroll-any": "reroll each die you roll once",
    "draw": "draw {a}",
    "discard": "discard {a}",
    "cycle": "discard any number, draw as many",
    "draw-keep": "draw {a}, keep one",
    "enemy-discards": "the enemy discards {a} at random",
    "power": "{a:+d} power to the spell being cast",
    "spell-back": "the spell just cast returns to hand",
    "extra-spell": "one more spell this round",
    "recover-spell": "a Spell from your discard pile to hand",
    "cancel-spell": "cancel an enemy spell of power up to {a}",
    "early-spell": "cast a spell before the first activation",
    "morale": "gain a Positive Morale token",
    "enemy-morale": "the enemy loses morale",
    "morale-roll": "roll: on 0, gain morale",
    "no-escape": "the enemy can neither retreat nor surrender",
    "gold": "gain {a} Gold",
    "valuables": "gain {a} Valuables",
    "materials": "gain {a} Building Materials",
    "returns": "this card returns to hand",
    "draw-if-spell": "draw {a} if a Spell paid for it",
    "overlay": "laid on the unit: fights as Attack {attack}, Defence {defence}, HP {hp}, "
    "Initiative {initiative}",
    "use-skill": "use the scenario's skill ({a}x)",
    "reshuffle-first-round": "in round 1, shuffled back into the AI deck",
    "chain-damage": "{amounts} damage to it and the nearest units",
    "map": "on the adventure map: {effect}",
}


def effect_text(effect: Effect) -> str:
    """One effect in words (the numbers as the data holds them)."""
    template = SIMPLE.get(effect.kind, effect.kind)
    amount = effect.amount if effect.amount is not None else 1
    numbers: dict[str, Any] = dict(effect.numbers or {})
    text: str = template.format(
        a=amount,
        amounts="/".join(str(n) for n in effect.amounts or ()),
        effect=effect.effect or "",
        **{k: numbers.get(k, "?") for k in ("attack", "defence", "hp", "initiative")},
    )
    if effect.amount is None and "{a" in template and effect.kind in ("attack", "defence"):
        text = text.replace("+1", "+X (the cards discarded)")
    if effect.named_units:
        text += f" ({effect.named_amount:+d} on {', '.join(effect.named_units)})"
    if effect.rounds:
        text += f" for {effect.rounds} round{'s' if effect.rounds > 1 else ''}"
    return text


def play_text(play: Play) -> str:
    """A play in words: timing, target, cost, effects."""
    parts = [play.timing.capitalize()]
    target = TARGETS.get(play.target, play.target)
    if target:
        kinds = f" ({'/'.join(play.unit_types)})" if play.unit_types else ""
        parts.append(target + kinds)
    if play.max_tier:
        parts.append(f"up to {play.max_tier}")
    cost = []
    if play.cost.discard:
        cost.append(f"discard {play.cost.discard}")
    if play.cost.discard_any:
        cost.append("discard X (at least 1)")
    if play.cost.remove:
        cost.append("remove this card from the game")
    head = ", ".join(parts)
    body = "; ".join(effect_text(e) for e in play.effects)
    if play.one_of:
        body = (
            (body + "; " if body else "")
            + "one of: "
            + " or ".join(effect_text(e) for e in play.one_of)
        )
    return f"{head}{' — cost: ' + ', '.join(cost) if cost else ''}: {body}"


def text_of(pack: Any, card_id: str) -> str:
    """A Might & Magic card, an AI card or a unit card in words, from its data."""
    if card_id in getattr(pack, "ai_cards", {}):
        card: Any = pack.ai_cards[card_id]
        rows = "; ".join(
            f"{level}: {play_text(getattr(card, level))}"
            for level in ("easy", "normal", "hard", "impossible")
        )
        return f"{card.name} (AI card, {card.card_type}): {rows}"
    if card_id in getattr(pack, "units", {}) or card_id == pack.tower.id:
        return str(unit_text(pack.unit(card_id)))
    card = pack.card(card_id)
    if isinstance(card, StatCard | AbilityCard):
        kind = "Statistic" if isinstance(card, StatCard) else "Ability"
        bound = f", {card.faction} only" if isinstance(card, AbilityCard) and card.faction else ""
        return (
            f"{card.name} ({kind}{bound}): Basic — {play_text(card.basic)}. "
            f"Expert (an Expert use) — {play_text(card.expert)}."
        )
    if isinstance(card, Spell):
        rows = "; ".join(
            f"power {row.power}: "
            + ", ".join(effect_text(e) for e in row.effects)
            + (f" (up to {row.max_tier})" if row.max_tier else "")
            for row in card.rows
        )
        choose = (
            " (the caster chooses one: " + ", ".join(e.kind for e in card.play.one_of) + ")"
            if card.play.one_of
            else ""
        )
        return (
            f"{card.name} (Spell, {card.school} school, {card.level.capitalize()}; "
            f"{play_text(card.play).split(':')[0]}): {rows}{choose}. "
            f"Discarded to empower another spell: +{card.alternative_power} power."
        )
    if isinstance(card, Artifact):
        options = " OR ".join(play_text(p) for p in card.options)
        return f"{card.name} ({card.grade.capitalize()} artifact): {options}."
    if isinstance(card, Specialty):
        return f"{card.name} ({card.hero}'s specialty, level {card.level}): {play_text(card.play)}."
    return str(card_id)  # pragma: no cover - every card kind is above


def ability_text(ability: UnitAbility) -> str:
    """A unit ability in words (its kind and numbers)."""
    parts = [ability.kind.replace("-", " ")]
    if ability.amount is not None:
        parts.append(str(ability.amount))
    if ability.faces:
        parts.append("on " + "/".join(f"{f:+d}" for f in ability.faces))
    if ability.attack is not None:
        parts.append(f"at Attack {ability.attack}")
    if ability.units:
        parts.append("vs " + ", ".join(ability.units))
    return " ".join(parts)


def unit_text(card: Any) -> str:
    """A unit card's sides in words: statistics, type and abilities."""
    sides = []
    for face in ("few", "pack") if card.pack else ("few",):
        side = card.side(face)
        abilities = "; ".join(ability_text(a) for a in side.abilities) or "no ability"
        sides.append(
            f"{face.capitalize() if card.pack else 'Card'}: Attack {side.attack}, Defence "
            f"{side.defence}, HP {side.hp}, Initiative {side.initiative}, {side.type}; {abilities}"
        )
    return f"{card.name} ({card.tier}): " + " | ".join(sides)
