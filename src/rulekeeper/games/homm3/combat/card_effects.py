"""Card effects in combat (content/cards.py's vocabulary): each effect kind implemented once.

:data:`IMPLEMENTED` lists the kinds the combat rules apply; a card play using any other kind is
never offered (``rulekeeper homm3 content check`` lists them). Stat boosts are lasting effects
(core/lasting.py) on the unit: an Attack bonus lasts for the unit's next attack or
retaliation, a Defence bonus for its next incoming attack (homm3.md §5.18.7: instant boosts end
before that unit's next action), Initiative and maximum HP for the combat.
"""

from __future__ import annotations

from rulekeeper.core.lasting import Lasting
from rulekeeper.games.homm3.combat import by_kind, card_choices, hands
from rulekeeper.games.homm3.combat.damage import heal, lift_overlay, paralyse, take_damage
from rulekeeper.games.homm3.combat.model import Unit
from rulekeeper.games.homm3.combat.stats import BattleState, side_holder
from rulekeeper.games.homm3.content.cards import Effect
from rulekeeper.games.homm3.content.locations import RESOURCES

IMPLEMENTED: frozenset[str] = frozenset(
    {
        "attack",
        "defence",
        "initiative",
        "max-hp",
        "damage",
        "heal",
        "cure",
        "paralyse",
        "unparalyse",
        "bless",
        "retaliate-again",
        "no-abilities",
        "draw",
        "enemy-discards",
        "morale",
        "enemy-morale",
        "gold",
        "valuables",
        "materials",
        "power",
        "extra-spell",
        "spell-shield",
        "fire-shield",
        "archery",
        "no-escape",
        "discard",
        "draw-keep",
        "morale-roll",
        "recover-spell",
        "spell-back",
        "swap",
        "die-multiply",
        "die-ignore",
        "chain-damage",
        "area-damage",
        "teleport",
        "use-skill",
        "reshuffle-first-round",
        "cancel-lethal",
        "cancel-spell",
        "early-spell",
        "reroll-any",
        "overlay",
        "returns",
        "draw-if-spell",
    }
)
UNIT_KINDS = frozenset(
    {
        "attack",
        "defence",
        "initiative",
        "max-hp",
        "damage",
        "heal",
        "cure",
        "paralyse",
        "unparalyse",
        "bless",
        "retaliate-again",
        "no-abilities",
        "spell-shield",
        "fire-shield",
    }
)
"""Kinds that act on a unit (the play's target; with ``own-units``, each of them)."""
SPELL_ONLY = frozenset(
    {
        "chain-damage",
        "area-damage",
        "teleport",
        "use-skill",
        "reshuffle-first-round",
        "cancel-lethal",
    }
)
"""Kinds only a spell's targeting (spells.py), an AI card (ai_hero.py) or a save (lethal.py)
carries out: never a card play or a cast of their own."""
AFTER_ROLL = frozenset({"die-multiply", "die-ignore"})
"""Kinds played on a die just rolled: only in the window after an attack's dice."""
AFTER_CAST = frozenset({"spell-back"})
COUNTER = frozenset({"cancel-spell"})
"""Kinds played right after an enemy casts a spell (Resistance)."""
AT_START = frozenset({"early-spell"})
"""Kinds played at the start of the combat, before the first activation (Intelligence)."""
"""Kinds played right after casting a spell."""
"""Effect kinds the combat rules apply (``power`` only while empowering a spell)."""
STAT_UNTIL = {"attack": "attack", "defence": "defence", "bless": "attack"}


def amount_for(effect: Effect, unit: Unit | None, power_amount: int | None = None) -> int:
    """The effect's number: ``named_amount`` for a named unit, else ``amount`` (or the X of a
    ``discard_any`` cost)."""
    if unit is not None and effect.named_units and unit.card in effect.named_units:
        return effect.named_amount or 0
    if effect.amount is None:
        return power_amount or 0
    return effect.amount


def apply(
    state: BattleState, side: int, effect: Effect, unit: Unit | None, source: str, x: int = 0
) -> None:
    """Carry out *effect* for *side* on *unit* (the play's target, if any)."""
    battle = state.battle
    kind = effect.kind
    value = amount_for(effect, unit, x)
    seat = max(-1, battle.armies[side].seat)  # an AI side's: -1, the rules' (core/lasting.py)
    if kind in ("attack", "defence", "bless"):
        assert unit is not None
        # §5.18.7: an Instant boost ends before the unit's next action in this round; an AI
        # card's lasts for the unit's next attack or defence in the combat (ai.yaml).
        battle.lasting.append(
            Lasting(
                kind,
                unit.id,
                value,
                until=STAT_UNTIL[kind],
                owner=seat,
                source=source,
                this_round=source != "ai-card",
            )
        )
    elif kind in ("initiative", "max-hp", "no-abilities"):
        assert unit is not None
        until, rounds = ("round", effect.rounds) if effect.rounds else ("combat", 1)
        battle.lasting.append(
            Lasting(kind, unit.id, value, until=until, rounds=rounds, owner=seat, source=source)
        )
    elif kind == "damage":
        assert unit is not None
        take_damage(state, unit, value, "card")
    elif kind == "heal":
        assert unit is not None
        heal(state, unit, value, source)
    elif kind == "cure":
        assert unit is not None
        unit.paralysed = False
        battle.lasting[:] = [e for e in battle.lasting if e.holder != unit.id or e.amount > 0]
        heal(state, unit, value, source)
    elif kind == "paralyse":
        assert unit is not None
        paralyse(state, unit, source)
    elif kind == "unparalyse":
        assert unit is not None
        unit.paralysed = False
    elif kind == "retaliate-again":
        assert unit is not None
        unit.retaliations = 0
    elif kind == "draw":
        hands.draw(state, side, value)
    elif kind == "enemy-discards":
        hands.discard_random(state, 1 - side, max(1, value))
    elif kind == "morale":
        hands.gain_morale(state, side)
    elif kind == "enemy-morale":
        hands.lose_morale(state, 1 - side)
    elif kind in RESOURCES:
        gain_resource(state, side, kind, value)
    elif kind == "power":
        pass  # counted by the spell being cast (spells.py)
    elif kind in ("extra-spell", "archery"):
        holder = side_holder(side)
        until, rounds = ("round", effect.rounds or 1)
        battle.lasting.append(
            Lasting(kind, holder, value or 1, until=until, rounds=rounds, owner=seat, source=source)
        )
    elif kind == "no-escape":
        battle.lasting.append(Lasting(kind, side_holder(1 - side), 1, owner=seat, source=source))
    elif kind == "spell-shield":
        assert unit is not None
        battle.lasting.append(Lasting(kind, unit.id, 1, owner=seat, source=source))
    elif kind == "fire-shield":
        assert unit is not None
        battle.lasting.append(
            Lasting(kind, unit.id, value, until="round", owner=seat, source=source)
        )
    elif kind == "spell-back":
        cast = battle.last_cast[side]
        hands.back_to_hand(state, side, cast if effect.all else cast[:1])
        battle.last_cast[side] = []
    elif kind in ("discard", "draw-keep", "morale-roll", "recover-spell", "swap"):
        card_choices.push_choice(state, side, effect, source)
    elif kind == "cancel-spell":
        counter(state)
    elif kind == "early-spell":
        by_kind.push(state, by_kind.EARLY_CAST, side=side, free=effect.amount == 0)
    elif kind == "overlay":
        assert unit is not None
        if unit.overlay:  # a Legion over a Horde: the Horde's card goes
            lift_overlay(state, unit)
        unit.under_damage, unit.damage = unit.damage, 0
        unit.overlay = source
        state.events.append("overlay", {"unit": unit.id, "card": source})
    elif kind == "reroll-any":
        battle.lasting.append(Lasting(kind, side_holder(side), 1, owner=seat, source=source))
    elif kind in AFTER_ROLL:
        attack = by_kind.find(state, by_kind.ATTACK)
        assert attack is not None
        if kind == "die-ignore":
            attack.die_ignored = True
        else:
            index = x  # the die chosen (cards.py passes the die's index as x)
            if index < len(attack.dice):
                attack.dice[index] *= value
            else:
                attack.defence_die[index - len(attack.dice)] *= value
    else:  # pragma: no cover - plays with other kinds are never offered
        raise AssertionError(f"effect {kind!r} is not implemented")


def gain_resource(state: BattleState, side: int, resource: str, amount: int) -> None:
    """*side* gains *amount* of *resource* from a card: its hero holds it now, and the battle
    counts it for the result (a host game adds it to the player's resources)."""
    battle = state.battle
    hero = battle.armies[side].hero
    if hero is not None:
        setattr(hero, resource, getattr(hero, resource) + amount)
    gains = battle.card_gains[side]
    gains[resource] = gains.get(resource, 0) + amount
    state.events.append("gained", {"side": side, "resource": resource, "amount": amount})


def counterable(state: BattleState, effect: Effect) -> bool:
    """A ``cancel-spell`` effect (its ``amount``: the most power it cancels) against the spell
    being cast now."""
    step = by_kind.find(state, by_kind.SPELL_TARGET)
    return (
        step is not None
        and not step.countered
        and (effect.amount is None or step.power <= effect.amount)
    )


def counter(state: BattleState) -> None:
    """The spell being cast now is countered (``cancel-spell``)."""
    step = by_kind.find(state, by_kind.SPELL_TARGET)
    assert step is not None
    step.countered = True
