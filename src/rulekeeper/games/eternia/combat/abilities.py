"""What each effect kind does in an epic combat (content/effects.py's vocabulary, spec §5.21).

One function per kind, :data:`EFFECTS` maps the kind to it; :func:`use` runs an ability's
effects for a side. A bonus lasts the combat round (core/lasting.py, moment ``round``); a
choice (a swap, a card to turn face down) is a step pushed for the side's seat. Kinds that act
outside an epic combat are listed in :data:`ELSEWHERE` with the rule that applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulekeeper.core.lasting import Lasting, Moment, Timing
from rulekeeper.games.eternia.combat.choices import PickStep, SwapStep, pick_harmfully
from rulekeeper.games.eternia.combat.draws import DrawStep
from rulekeeper.games.eternia.combat.foes import beast_card
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.content.effects import Ability
from rulekeeper.games.eternia.content.heroes import HeroCard

__all__ = [
    "EFFECTS",
    "ELSEWHERE",
    "IMPLEMENTED",
    "MAP_KINDS",
    "TIMING",
    "hurt",
    "passives",
    "use",
    "weapon_type",
]

TIMING = Timing(
    (
        Moment("round", "the end of a combat round (spec §5.6.3 step 9)", whose="all"),
        Moment("combat", "the end of the combat", whose="all", ends_all=True),
    )
)
"""When an epic combat's lasting effects end."""


def hurt(state: CombatState, side: int, amount: int, by: int | None) -> int:
    """*side* loses *amount* HP (never below 0), inflicted by side *by*; the HP lost."""
    fighter = state.epic.fighters[side]
    lost = min(amount, fighter.hp)
    fighter.damage += lost
    if by is not None:
        state.epic.fighters[by].inflicted += lost
    if lost:
        state.events.append("hp-lost", {"side": side, "amount": lost, "hp": fighter.hp})
    return lost


def weapon_type(state: CombatState, side: int) -> str | None:
    """The type of the weapon *side* fights with (None: a beast, or none chosen yet; an enemy
    hero's: its battle card's)."""
    fighter = state.epic.fighters[side]
    hero = state.pack.heroes.get(fighter.name) if fighter.kind in ("hero", "enemy") else None
    if hero is None or fighter.weapon < 0:
        return None
    return hero.weapons[fighter.weapon].type


def _lasting(epic: Epic, kind: str, side: int, amount: int, source: str) -> None:
    epic.effects.append(Lasting(kind, str(side), amount, until="round", source=source))


def _zone_bonus(state: CombatState, side: int, effect: Any, source: str) -> None:
    if effect.versus is None or weapon_type(state, 1 - side) == effect.versus:
        _lasting(state.epic, effect.zone, side, effect.amount, source)


def _enemy_penalty(state: CombatState, side: int, effect: Any, source: str) -> None:
    _lasting(state.epic, effect.zone, 1 - side, -effect.amount, source)


def _stat_bonus(state: CombatState, side: int, effect: Any, source: str) -> None:
    # Held bonuses are in the fighter's statistics already; in combat only Initiative counts.
    if effect.stat == "initiative":
        _lasting(state.epic, "initiative", side, effect.amount, source)


def _damage(state: CombatState, side: int, effect: Any, source: str) -> None:
    hurt(state, 1 - side, effect.amount, side)


def _heal(state: CombatState, side: int, effect: Any, source: str) -> None:
    fighter = state.epic.fighters[side]
    fighter.damage = max(0, fighter.damage - effect.amount)
    state.events.append("healed", {"side": side, "hp": fighter.hp})


def _round_mark(kind: str) -> Callable[[CombatState, int, Any, str], None]:
    def mark(state: CombatState, side: int, effect: Any, source: str) -> None:
        _lasting(state.epic, kind, side, getattr(effect, "amount", 1), source)

    return mark


def _draw_play(state: CombatState, side: int, effect: Any, source: str) -> None:
    state.flow.push(DrawStep(side=side, left=effect.amount, counting=False))


def _draw_choose(state: CombatState, side: int, effect: Any, source: str) -> None:
    state.flow.push(DrawStep(side=side, left=1, counting=False, draws=effect.amount))


def _swap(state: CombatState, side: int, effect: Any, source: str) -> None:
    state.flow.push(SwapStep(side=side))


def _momentum(state: CombatState, side: int, effect: Any, source: str) -> None:
    state.momentum(side)


def _pick(what: str) -> Callable[[CombatState, int, Any, str], None]:
    def pick(state: CombatState, side: int, effect: Any, source: str) -> None:
        if state.seat_of(side) < 0:  # an enemy hero, a beast alone: the harm order chooses
            pick_harmfully(state, side, what, effect.amount)
            return
        state.flow.push(PickStep(side=side, what=what, left=effect.amount))

    return pick


def _reward(state: CombatState, side: int, effect: Any, source: str) -> None:
    """Gains are the combat's rewards: the result hands them to the host (result.py)."""
    if effect.kind == "gain-eternium":
        state.epic.eternium[side] += effect.amount


def _none(state: CombatState, side: int, effect: Any, source: str) -> None:
    """No effect inside an epic combat (see :data:`ELSEWHERE`)."""


EFFECTS: Mapping[str, Callable[[CombatState, int, Any, str], None]] = {
    "zone-bonus": _zone_bonus,
    "enemy-penalty": _enemy_penalty,
    "stat-bonus": _stat_bonus,
    "damage": _damage,
    "heal": _heal,
    "shield": _round_mark("shield"),
    "pierce": _round_mark("pierce"),
    "no-surprise": _round_mark("no-surprise"),
    "extra-focus": _round_mark("extra-focus"),
    "draw-play": _draw_play,
    "draw-choose": _draw_choose,
    "swap-cards": _swap,
    "activate-momentum": _momentum,
    "face-down": _pick("blank"),
    "discard-enemy": _pick("discard"),
    "gain-eternium": _reward,
    "gain-vp": _reward,
    "gain-combat-card": _reward,
    "roll-bonus": _none,
    "extra-dice": _none,
    "reroll": _none,
    "fly": _none,
    "avoid-combat": _none,
}
"""The epic-combat rule of every effect kind."""
ELSEWHERE: Mapping[str, str] = {
    "roll-bonus": "wilds combat, before the roll (spec §5.8 step 1): wilds.py",
    "extra-dice": "wilds combat, the hero's dice (spec §5.8 step 1): wilds.py",
    "reroll": "wilds combat, rerolls (spec §5.8 step 1): wilds.py",
    "fly": "movement on the map (spec §5.2.4): nothing flies in a combat",
    "avoid-combat": "the order of combats (spec §5.5): rounds.py offers to avoid the combat",
    "gain-vp": "the combat's result: the host adds the VP (result.py)",
    "gain-combat-card": "the combat's result: the host adds the card to the deck (spec §5.6.1)",
}
"""Effect kinds that act outside the epic-combat grid, with where their rule is."""


IMPLEMENTED: frozenset[str] = frozenset(
    kind for kind, rule in EFFECTS.items() if rule is not _none
) | frozenset({"roll-bonus", "extra-dice", "reroll", "avoid-combat", "gain-vp", "gain-combat-card"})
"""The effect kinds the combat rules carry out: the epic combat's (:data:`EFFECTS`), the wilds
combat's (wilds.py ``foe_of``, encounter.py ``hero_dice``), refusing a combat (rounds.py) and the
rewards the result hands over (outcome.py)."""
MAP_KINDS: Mapping[str, str] = {
    "fly": "flight on the map (spec §5.2.4): map/holdings.py, map/movement.py",
    "lose-eternium": "an event's loss (spec §5.15): map/rewards.py",
    "heal-all": "an event's healing of every hero (spec §5.15): map/rewards.py",
    "damage-heroes-in-wilds": "an event's harm to heroes in the wilds (spec §5.15): "
    "map/rewards.py",
    "place-soldiers": "soldiers from the supply (spec §5.3, §5.15): map/placing.py",
    "remove-soldiers": "soldiers back to the supply (spec §5.3, §5.15): map/placing.py",
    "draw-encounter": "another encounter at once (spec §5.15): map/encounters.py",
    "refresh-offers": "every merchant's offer dealt anew (spec §5.10): map/merchants.py",
    "extra-action": "one more standard action (spec §4.3): map/standard.py",
    "spread-vines": "the Evil Seed's vine tokens (spec §2.5, §1.3): map/placing.py",
    "remove-vines": "the vines withering with the boss (spec §2.5): map/triggers.py",
}
"""Effect kinds whose rule is the map game's: no combat uses them."""


def use(state: CombatState, side: int, ability: Ability, source: str) -> None:
    """Run *ability*'s effects for *side* (steps they push come after, in order)."""
    state.events.append("ability", {"side": side, "source": source, "text": ability.text})
    for effect in reversed(ability.effects):  # pushed steps run in the printed order
        EFFECTS[effect.kind](state, side, effect, source)


def passives(state: CombatState, side: int, when: str) -> list[tuple[Ability, str]]:
    """*side*'s abilities that act at *when*: its hero's passive, its held cards' abilities,
    a beast's passive."""
    fighter = state.epic.fighters[side]
    pack = state.pack
    found: list[tuple[Ability, str]] = []
    card: Any
    if fighter.kind in ("hero", "enemy"):  # an enemy hero's passive too (docs/eternia.md)
        card = pack.heroes[fighter.name]
        assert isinstance(card, HeroCard)
        if card.passive.when == when:
            found.append((card.passive, card.id))
    elif fighter.kind == "beast":
        card = beast_card(pack, fighter.name)
        if card.passive is not None and card.passive.when == when:
            found.append((card.passive, card.id))
    for held in fighter.held:
        for ability in held_abilities(state, held):
            if ability.when == when:
                found.append((ability, held))
    return found


def held_abilities(state: CombatState, card: str) -> tuple[Ability, ...]:
    """The abilities a held card gives its hero (a tamed beast's, an ally's hero bonus, an
    equipped armor's or artifact's, a vehicle's)."""
    pack = state.pack
    if card in pack.beasts:
        return pack.beasts[card].hero_bonus
    if card in pack.allies:
        return pack.allies[card].hero_bonus
    if card in pack.epic_beasts:
        return pack.epic_beasts[card].taming_bonus
    if card in pack.equipment:  # equipped armor and artifacts (spec §5.11.1)
        return pack.equipment[card].effects
    if card in pack.vehicles:  # spec §5.11.4
        return pack.vehicles[card].effects
    return ()
