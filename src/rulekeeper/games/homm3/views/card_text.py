"""Card texts generated from the effect data (issue 9 §1): what a player reads is what the
engine enforces, so an edited card reads as it now plays. A card's own ``text`` (our words,
in the pack) is shown beside it, never instead of it.

    text_of(pack, "magic-arrow")   # "Magic Arrow (Spell, any school, Basic; Activation, any unit):
                                   #  power 0: 1 damage; power 1: 2 damage; power 2: 3 damage. ..."
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.combat import stats
from rulekeeper.games.homm3.combat.stats import BattleState
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


# ---------------------------------------------------------------------------- unit cards in words
# (issue 23 §1, §2.13): each ability's name and a sentence made from its kind and numbers, and a
# unit's whole card; the browser's combat board and the terminal's ``card UNIT`` show them.

ABILITY_NAMES = {
    "no-retaliation": "No retaliation",
    "unlimited-retaliation": "Unlimited retaliation",
    "no-combat-penalty": "No combat penalty",
    "no-adjacent-penalty": "No penalty when adjacent",
    "immune-paralysis": "Immune to Paralysis",
    "spell-resistance": "Spell resistance",
    "spell-immunity": "Spell immunity",
    "defence-on-roll": "Defence on a roll",
    "defence-vs-retaliation": "Defence against retaliation",
    "guards-neighbours": "Guards its neighbours",
    "hinders-retaliation": "Hinders retaliation",
    "sets-attacker-die": "Sets the attacker's die",
    "ignore-incoming-die": "Ignores an incoming die",
    "guardian": "Guardian",
    "necromancy-reinforce": "Necromancy",
    "best-of-two": "Best of two dice",
    "two-dice-sum": "Two dice added",
    "no-attack-die": "No Attack die",
    "reroll-face": "Reroll a face",
    "reroll-after-move": "Reroll after moving",
    "die-bonus": "Die bonus",
    "death-blow": "Death blow",
    "ignore-defence": "Ignores Defence",
    "attack-bonus-vs": "Attack bonus against named units",
    "splash": "Splash attack",
    "line-attack": "Line attack",
    "double-attack-distant": "Two shots at a distance",
    "return-after-attack": "Returns after attacking",
    "heal-after-attack": "Heals after attacking",
    "paralyse-on-roll": "Paralyses on a roll",
    "push-on-roll": "Pushes on a roll",
    "draw-on-roll": "Draws on a roll",
    "enemy-discards": "Enemy discards",
    "drain-morale": "Drains morale",
    "paralyse-retaliating": "Paralysing retaliation",
    "paralyse-retaliating-on-roll": "Paralysing retaliation on a roll",
    "regenerate": "Regeneration",
    "heal-or-bless": "Heal or bless",
    "draw-at-start": "Draws at the start",
    "map": "On the adventure map",
}
"""Each unit ability kind's name as players read it."""

ABILITY_SENTENCES = {
    "no-retaliation": "Units it attacks do not retaliate.",
    "unlimited-retaliation": "It retaliates against every attack, not only once a round.",
    "no-combat-penalty": "It never suffers the combat penalty (it rolls one Attack die).",
    "no-adjacent-penalty": "It shoots an adjacent unit without the combat penalty.",
    "immune-paralysis": "It cannot be paralysed.",
    "spell-resistance": "Spells deal {amount} less damage to it.",
    "spell-immunity": "Spells cannot target it.",
    "defence-on-roll": "+{amount} Defence when the attacker's die shows {faces}.",
    "defence-vs-retaliation": "+{amount} Defence against retaliations.",
    "guards-neighbours": "Friendly units next to it roll the Defense token die as if they held "
    "a Defense token.",
    "hinders-retaliation": "A unit retaliating against it suffers the combat penalty.",
    "sets-attacker-die": "The first Attack die rolled against it counts as {faces}.",
    "ignore-incoming-die": "Its owner may discard a card to have an attacker's die ignored.",
    "guardian": "Once a combat it cancels an attack on a friendly unit.",
    "necromancy-reinforce": "When it is destroyed by a Necropolis hero's side, that side flips "
    "one of its Bronze units to Pack for free.",
    "best-of-two": "It rolls two Attack dice and keeps the higher{always}.",
    "two-dice-sum": "It rolls two Attack dice and adds them.",
    "no-attack-die": "Its attack rolls no die.",
    "reroll-face": "It rerolls an Attack die showing {faces}{again}{always}.",
    "reroll-after-move": "After moving it may reroll its Attack die.",
    "die-bonus": "+{amount} to its Attack die's result.",
    "death-blow": "+{amount} Attack when its die shows {faces}.",
    "ignore-defence": "Its attack ignores the target's Defence.",
    "attack-bonus-vs": "+{amount} Attack against {units}.",
    "splash": "Its attack also hits the units next to the target, at Attack {attack}.",
    "line-attack": "Its attack also hits the unit behind the target, at Attack {attack}.",
    "double-attack-distant": "It attacks twice a target that is not adjacent.",
    "return-after-attack": "After attacking it goes back to the field it started from.",
    "heal-after-attack": "After attacking it heals {amount} damage.",
    "paralyse-on-roll": "When its die shows {faces} the target is paralysed.",
    "push-on-roll": "When its die shows {faces} the target is pushed away.",
    "draw-on-roll": "When its die shows {faces} its hero draws a card.",
    "enemy-discards": "When it activates the enemy hero discards a card at random.",
    "drain-morale": "When it activates the enemy loses its Positive Morale.",
    "paralyse-retaliating": "When it retaliates, the unit it strikes is paralysed.",
    "paralyse-retaliating-on-roll": "When it retaliates, a die showing {faces} paralyses the "
    "unit it strikes.",
    "regenerate": "When it activates it heals {amount} damage.",
    "heal-or-bless": "When it activates it heals {amount} damage on a friendly unit, or "
    "else gains +1 Attack.",
    "draw-at-start": "Its hero draws a card at the start of the combat.",
    "map": "On the adventure map only ({effect}).",
}
"""Each unit ability kind as a sentence, its numbers filled in from the card's data."""


def faces_words(faces: tuple[int, ...] | None) -> str:
    """Die faces in words: "+1", "-1 or 0"."""
    return " or ".join(f"{face:+d}" for face in faces or ())


def ability_name(ability: UnitAbility) -> str:
    kind = str(ability.kind)
    return ABILITY_NAMES.get(kind, kind.replace("-", " ").capitalize())


def ability_sentence(ability: UnitAbility, unit_names: Any = None) -> str:
    """What *ability* does, from its kind and numbers (*unit_names*: unit card id -> name)."""
    template = ABILITY_SENTENCES.get(ability.kind, ability_text(ability) + ".")
    names = unit_names or {}
    return template.format(
        amount=ability.amount if ability.amount is not None else 1,
        faces=faces_words(ability.faces),
        attack=ability.attack if ability.attack is not None else "?",
        units=", ".join(str(names.get(u, u)) for u in ability.units or ()),
        effect=(ability.effect or "").replace("-", " "),
        always=", every attack and retaliation" if ability.always else "",
        again=" (again while it shows it)" if ability.repeat else "",
    )


def ability_record(ability: UnitAbility, unit_names: Any = None) -> dict[str, str]:
    """An ability as data: kind, name, sentence, and the rulebook's kind of ability."""
    return {
        "kind": ability.kind,
        "name": ability_name(ability),
        "text": ability_sentence(ability, unit_names),
        "trigger": ability.trigger,
    }


def unit_names_of(pack: Any) -> dict[str, str]:
    """Unit card id -> name, for the sentences naming units."""
    return {uid: str(card.name) for uid, card in getattr(pack, "units", {}).items()}


def side_words(card: Any, face: str, pack: Any = None) -> str:
    """One side of a unit card in words: statistics, type and each ability with its sentence."""
    side = card.side(face)
    names = unit_names_of(pack) if pack is not None else {}
    head = (
        f"Attack {side.attack}, Defence {side.defence}, HP {side.hp}, "
        f"Initiative {side.initiative}, {side.type}"
    )
    abilities = " ".join(f"{ability_name(a)}: {ability_sentence(a, names)}" for a in side.abilities)
    return f"{head}. {abilities or 'No ability.'}"


def unit_card_words(pack: Any, card_id: str, face: str | None = None) -> str:
    """A unit card's whole card in words (issue 23 §2.13, the terminal's ``card UNIT``): name,
    tier, faction, and each side (or only *face*) with statistics, type and abilities."""
    card = pack.unit(card_id)
    lines = [f"{card.name} ({card.tier.capitalize()}, {card.faction})"]
    faces = ("few", "pack") if card.two_sided else ("few",)
    for each in faces:
        if face is not None and card.two_sided and each != face:
            continue
        label = f"{each.capitalize()} side" if card.two_sided else "Card"
        lines.append(f"  {label}: {side_words(card, each, pack)}")
    return "\n".join(lines)


def unit_line(state: BattleState, uid: str) -> str:
    """A unit of the battle in one line, its statistics as they stand (card effects counted):
    "Griffins (Pack): Attack 3, Defence 0, HP 4 of 4, Initiative 9, flying; Unlimited
    retaliation" (issue 23 §2.13)."""
    unit = state.battle.units[uid]
    card = state.game.pack.unit(unit.card)
    side = stats.face(state, unit)
    label = f"{card.name} ({unit.face.capitalize()})" if card.two_sided else str(card.name)
    left = 0 if unit.destroyed else stats.hp_left(state, unit)
    abilities = ", ".join(ability_name(a) for a in side.abilities)
    return (
        f"{label}: Attack {side.attack}, Defence {side.defence}, HP {left} of "
        f"{stats.max_hp(state, unit)}, Initiative {stats.initiative(state, unit)}, {side.type}"
        + (f"; {abilities}" if abilities else "")
    )


def unit_card(state: BattleState, uid: str) -> str:
    """A unit of the battle's whole card in words (the terminal's ``card UNIT``, issue 23
    §2.13): the line as it stands, then the card's sides with every ability's sentence."""
    unit = state.battle.units[uid]
    return unit_line(state, uid) + "\n" + unit_card_words(state.game.pack, unit.card)
