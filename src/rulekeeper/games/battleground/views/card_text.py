"""Card texts generated from the effect data (issue 9 §1): what a player reads is what the engine
enforces, so an edited card reads as it now plays.

Every text is built from the fields the rules read (content/effects.py, the vocabulary; the
result tables; the missions of rules/missions.py). A card or skill with a ``text_override`` in its
pack shows that instead of the generated words for what it does; its numbers (initiative, AP,
mana, VP, stats, range, dice, result table) are always shown from the data. The pack's own
``text`` field (authored words for people, never read by the engine) is not used here.

    play_card_text(pack.fate["masters-by-the-power"])
    # "By the Power! (fate, initiative 3, 2 AP, 2 mana). Bonus: +1 mana, or: In its attack
    #  tests, if a melee attack: +1 die (this activation or interruption)."
"""

from __future__ import annotations

import re
from typing import Any

from rulekeeper.games.battleground.content.cards import FateCard, GloryCard, Mission
from rulekeeper.games.battleground.content.characters import CharacterCard
from rulekeeper.games.battleground.content.effects import (
    CUSTOM_EFFECTS,
    Ability,
    Condition,
    Effect,
    ResultRow,
    Skill,
    Targeting,
)
from rulekeeper.games.battleground.content.equipment import ItemCard, WeaponCard
from rulekeeper.games.battleground.content.pack import ContentPack

__all__ = [
    "ability_text",
    "bonus_text",
    "character_text",
    "condition_text",
    "effect_text",
    "item_text",
    "mission_text",
    "name_of",
    "play_card_text",
    "readable",
    "results_text",
    "skill_text",
    "text_of",
    "weapon_profile",
    "weapon_text",
]

TRIGGERS: dict[str, str] = {
    "immediately": "At once",
    "at_will": "At will (own activation or interruption)",
    "passive": "Always",
    "upon_activation": "When activated",
    "end_of_activation": "At the end of its activation",
    "upon_interruption": "When it interrupts",
    "end_of_interruption": "At the end of its interruption",
    "on_attack": "In its attack tests",
    "after_attack": "After its attack",
    "on_defence": "In its defence tests",
    "on_knock_out": "When it knocks out an enemy",
}
"""Each trigger (content/effects.py ``Trigger``) in words."""

MOVE_STYLES: dict[str, str] = {
    "towards": "move towards the target",
    "charge": "charge the target",
    "teleport": "teleport",
    "jump": "jump",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _inches(value: float) -> str:
    return f'{value:g}"'


def _name(slug: str) -> str:
    return slug.replace("-", " ").replace("_", " ").title()


def _who(who: str, range_: float | None = None) -> str:
    """The subject of an effect (``who``) in words."""
    if who == "self":
        return "this character"
    if who == "target":
        return "the target"
    side = "ally" if who == "allies_in_range" else "enemy"
    return f"each {side} within {_inches(range_ or 0)} in sight"


def _party(who: str) -> str:
    return "it" if who == "self" else "the target"


# === conditions ================================================================================


def condition_text(condition: Condition) -> str:
    """A condition in words (content/effects.py)."""
    kind = condition.kind
    c: Any = condition
    if kind == "in_difficult_terrain":
        return f"{_party(c.who)} is in difficult terrain"
    if kind in ("engaged", "focused", "wounded"):
        return f"{_party(c.who)} is {kind}"
    if kind in ("has_buff", "has_debuff"):
        slot = "buff" if kind == "has_buff" else "debuff"
        what = f"the {_name(c.name)} {slot}" if c.name else f"a {slot}"
        return f"{_party(c.who)} has {what}"
    if kind == "on_platform":
        return f"{_party(c.who)} is on a platform"
    if kind == "in_cover":
        return "the target is in cover"
    if kind == "flank_attack":
        return "it is a flank attack"
    if kind == "attack_type":
        return f"it is a {c.type} attack"
    if kind == "successes_at_least":
        return f"{c.n}+ successes"
    if kind == "target_is_ally":
        return "the target is an ally"
    if kind == "interruption":
        return "it is interrupting"
    if kind == "all":
        return " and ".join(condition_text(part) for part in c.conditions)
    return kind.replace("_", " ")


# === effects ===================================================================================


def effect_text(effect: Effect) -> str:
    """One effect in words, with its numbers as the data holds them."""
    kind = effect.kind
    e: Any = effect
    if kind == "wounds":
        wounds = _plural(e.amount, "wound")
        return wounds if e.who == "target" else f"{wounds} to {_who(e.who, e.range)}"
    if kind == "heal":
        wounds = _plural(e.amount, "wound")
        if e.who == "self":
            return f"remove up to {wounds}"
        return f"{_who(e.who, e.range)} removes up to {wounds}"
    if kind == "gain_mana":
        gained = f"+{e.amount} mana"
        return gained if e.who == "self" else f"{_who(e.who, e.range)} gains {gained}"
    if kind == "lose_mana":
        return f"{_who(e.who, e.range)} loses up to {e.amount} mana"
    if kind == "gain_ap":
        return f"+{e.amount} AP"
    if kind == "gain_focus":
        return "gain a focus token" if e.who == "self" else f"{_who(e.who)} gains a focus token"
    if kind in ("buff", "debuff"):
        return _status_text(e)
    if kind == "remove_debuff":
        return f"{_who(e.who, e.range)} loses its debuff"
    if kind in ("push", "pull"):
        return f"{kind} {_who(e.who, e.range)} {e.hexes} {'hex' if e.hexes == 1 else 'hexes'}"
    if kind == "move":
        return f"{MOVE_STYLES[e.style]} with {e.points} movement points"
    if kind == "switch":
        return "switch places with the target"
    if kind == "place_mark":
        inner = "; ".join(effect_text(x) for x in e.effects)
        when = "" if e.when == "passive" else f"{TRIGGERS[e.when].lower()}: "
        return (
            f"place the {_name(e.mark)} mark within {_inches(e.range)} in sight; "
            f"{e.affects} within {_inches(e.radius)} of it: {when}{inner} (until the clean-up)"
        )
    if kind == "extra_dice":
        dice = f"{e.amount:+d} {'die' if abs(e.amount) == 1 else 'dice'}"
        return _conditional(dice, e.condition)
    if kind == "scope":
        return _conditional(f"scope {e.amount:+d}", e.condition)
    if kind == "reroll":
        return _conditional(f"{_plural(e.count, 'free reroll')}", e.condition)
    if kind == "stat":
        return f"{e.stat} {e.amount:+d}"
    if kind == "move_as":
        return f"its move actions are {e.style}s"
    if kind == "free_action":
        what = "move" if e.action == "move" else f"{e.weapon_type or 'any'} attack"
        return f"a free {what} action (no AP)"
    if kind == "test":
        against = f" against the target's {e.against}" if e.against else ""
        return f"{e.stat} test{against}: {results_text(e.results)}"
    if kind == "draw_fate":
        return f"draw {_plural(e.amount, 'fate card')} (hand limit 5)"
    if kind == "custom":
        return _custom_text(e.id)
    return kind.replace("_", " ")


def _custom_text(custom_id: str) -> str:
    """A registered custom effect's description, without its placement and card name."""
    text = CUSTOM_EFFECTS.get(custom_id, custom_id).split(" (")[0]
    head, _, rest = text.partition(": ")
    return rest if rest and len(head) < 15 else text


def _conditional(text: str, condition: Condition | None) -> str:
    return text if condition is None else f"{text} if {condition_text(condition)}"


def _status_text(e: Any) -> str:
    subject = "" if e.who == "self" else f"{_who(e.who, e.range)} "
    verb = "gain" if e.who == "self" else "gains"
    text = f"{subject}{verb} the {_name(e.name)} {e.kind}".strip()
    rules = []
    if e.ongoing is not None:
        effects = "; ".join(effect_text(x) for x in e.ongoing.effects)
        cond = f", if {condition_text(e.ongoing.condition)}" if e.ongoing.condition else ""
        rules.append(f"{TRIGGERS[e.ongoing.when].lower()}{cond}: {effects}")
    if e.on_removed:
        rules.append("when removed: " + "; ".join(effect_text(x) for x in e.on_removed))
    return f"{text} ({'; '.join(rules)})" if rules else text


def results_text(rows: list[ResultRow]) -> str:
    """A result table: each row with the successes it needs (the greatest reached applies)."""
    return " | ".join(
        f"{row.successes}+: {', '.join(effect_text(e) for e in row.effects)}" for row in rows
    )


# === abilities and skills ======================================================================


def _targeting(target: Targeting) -> str:
    side = {"enemy": "an enemy", "ally": "an ally", "any": "a character"}[target.side]
    if target.range == 0:
        return f"target {side} engaged with it"
    return f"target {side} within {_inches(target.range)} in sight"


def ability_text(ability: Ability) -> str:
    """An ability: its trigger, condition, target, limit, then its effects."""
    head = TRIGGERS.get(ability.when, ability.when)
    if ability.condition is not None:
        head += f", if {condition_text(ability.condition)}"
    if ability.target is not None:
        head += f", {_targeting(ability.target)}"
    if ability.limit == "once_per_game":
        head += ", once per game"
    return f"{head}: {'; '.join(effect_text(e) for e in ability.effects)}"


def skill_text(skill: Skill) -> str:
    """A skill: its name, cost (active) or passive, and what it does."""
    costs = [f"{skill.ap_cost} AP"] if skill.ap_cost else []
    costs += [f"{skill.mana_cost} mana"] if skill.mana_cost else []
    kind = f"active, {' + '.join(costs)}" if skill.active else "passive"
    body = skill.text_override or ". ".join(ability_text(a) for a in skill.abilities)
    return f"{skill.name} ({kind}): {body}"


# === cards =====================================================================================


def weapon_profile(weapon: WeaponCard) -> str:
    """A weapon's numbers: type, range, dice modifier, mana cost, area."""
    parts: list[str] = [weapon.type]
    if weapon.range is not None:
        parts.append(f"range {_inches(weapon.range)}")
    if weapon.dice:
        parts.append(f"{weapon.dice:+d} {'die' if abs(weapon.dice) == 1 else 'dice'}")
    if weapon.mana_cost:
        parts.append(f"{weapon.mana_cost} mana")
    if weapon.area:
        parts.append(f"area {weapon.area} {'hex' if weapon.area == 1 else 'hexes'}")
    if weapon.can_target_allies:
        parts.append("targets allies" if not weapon.can_target_enemies else "any target")
    return ", ".join(parts)


def weapon_text(weapon: WeaponCard) -> str:
    """A weapon card: profile, result table (net successes after defence) and ability."""
    ability = weapon.text_override or ". ".join(ability_text(a) for a in weapon.ability)
    return (
        f"{weapon.name} ({weapon_profile(weapon)}). "
        f"Results: {results_text(weapon.results)}. {ability}"
    )


def item_text(item: ItemCard) -> str:
    """An item card: kind, disposable, skills."""
    kind = f"{item.kind}, disposable" if item.disposable else item.kind
    body = item.text_override or ". ".join(skill_text(s) for s in item.skills)
    return f"{item.name} ({kind}): {body}"


def character_text(card: CharacterCard) -> str:
    """A character card: stats, then skills."""
    stats = (
        f"health {card.health}, strength {card.strength}, perception {card.perception}, "
        f"power {card.power}, toughness {card.toughness}, mind {card.mind}, "
        f"speed {card.speed}/{card.focused_speed}"
    )
    body = card.text_override or ". ".join(skill_text(s) for s in card.skills) or "no skills"
    return f"{card.name} ({stats}). {body}"


def mission_text(mission: Mission) -> str:
    """A side mission, as rules/missions.py checks it (during the card's activation)."""
    m: Any = mission
    kind = mission.kind
    if kind == "knock_out_with":
        weapon = "any weapon" if m.weapon_type == "any" else f"a {m.weapon_type} weapon"
        return f"knock out an enemy with {weapon}"
    if kind == "wound_enemies":
        return f"inflict at least {_plural(m.wounds, 'wound')} on enemies"
    if kind == "end_activation_in_zone":
        zone = {
            "enemy_deployment": "in the enemy deployment zone",
            "objective": "in or next to an objective token's hex",
            "platform": "on a platform",
        }[m.zone]
        return f"end the activation or interruption {zone}"
    if kind == "engage_enemies":
        return f"end the activation or interruption engaged with {m.count}+ enemies"
    if kind == "flank_attack":
        return f"make a flank attack with {m.successes}+ successes after defence"
    if kind == "area_attack_hits":
        return f"wound {m.targets}+ characters with one area attack"
    if kind == "apply_debuffs":
        return f"give enemies {_plural(m.count, 'debuff')}"
    return kind.replace("_", " ")


def bonus_text(card: FateCard | GloryCard) -> str:
    """The card's bonus choice (rulebook, Gain Bonuses; Side Missions)."""
    if isinstance(card, GloryCard):
        mission = card.text_override or mission_text(card.mission)
        return f"+1 AP, or the side mission ({card.vp} VP): {mission}"
    ability = card.text_override or ability_text(card.ability)
    lasting = (
        ""
        if card.ability.when in ("immediately", "at_will")
        else " (this activation or interruption)"
    )
    return f"+1 mana, or: {ability}{lasting}"


def play_card_text(card: FateCard | GloryCard) -> str:
    """A fate or glory card: initiative, AP, mana and its bonus."""
    kind = "glory" if isinstance(card, GloryCard) else "fate"
    return (
        f"{card.name} ({kind}, initiative {card.initiative}, {card.ap} AP, {card.mana} mana). "
        f"Bonus: {bonus_text(card)}"
    )


ID = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")
"""A card, skill or character id written in a text (lower case words joined by hyphens)."""


def name_of(pack: ContentPack, key: str) -> str | None:
    """The name of the card, character or skill with id ``key`` (None: no such id)."""
    for cards in (pack.characters, pack.weapons, pack.items, pack.fate, pack.glory):
        found = cards.get(key)
        if found is not None:
            return str(found.name)
    skills = [s for c in pack.characters.values() for s in c.skills]
    skills += [s for i in pack.items.values() for s in i.skills]
    return next((skill.name for skill in skills if skill.id == key), None)


def readable(pack: ContentPack, text: str) -> str:
    """``text`` with every id of the pack it holds replaced by the name (the rules' notes name
    some sources by id)."""
    return ID.sub(lambda match: name_of(pack, match.group()) or match.group(), text)


def text_of(pack: ContentPack, card_id: str) -> str:
    """Any card of the pack by id (character, weapon, item, fate or glory), or a skill by id."""
    if card_id in pack.characters:
        return character_text(pack.characters[card_id])
    if card_id in pack.weapons:
        return weapon_text(pack.weapons[card_id])
    if card_id in pack.items:
        return item_text(pack.items[card_id])
    if card_id in pack.fate:
        return play_card_text(pack.fate[card_id])
    if card_id in pack.glory:
        return play_card_text(pack.glory[card_id])
    skills = [s for c in pack.characters.values() for s in c.skills]
    skills += [s for i in pack.items.values() for s in i.skills]
    for skill in skills:
        if skill.id == card_id:
            return skill_text(skill)
    raise KeyError(card_id)
