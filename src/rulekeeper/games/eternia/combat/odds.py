"""Exact odds of an epic combat round (issue 27 §3): what steps 5–6 will do given the cards on
the grid, as the seat asking knows them.

Unknown to the seat are the opponent's face-down cards (modifiers, by the rules, drawn from the
opponent's cards the seat has not seen) and, against a beast before step 3, the epic die. The
odds enumerate both: every ordered draw of the face-down values from the unseen modifiers
(hypergeometric, exact) and every face of the epic die; each case resolves steps 5–6 with the
rules' own functions (resolution.py). The model: the opponent's face-down cards are equally
likely any of its unseen modifiers (the opponent's choices are not modelled; said in the answer).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations
from math import perm
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import to_data
from rulekeeper.games.eternia.combat.abilities import use
from rulekeeper.games.eternia.combat.encounter import WildsCombat, the_foe
from rulekeeper.games.eternia.combat.enemy import act, effects_to_draw
from rulekeeper.games.eternia.combat.foes import beast_card
from rulekeeper.games.eternia.combat.model import card_kind
from rulekeeper.games.eternia.combat.power import default_cap, dice_of
from rulekeeper.games.eternia.combat.resolution import (
    attack_damage,
    first_attacker,
    hits,
    surprise,
    totals,
)
from rulekeeper.games.eternia.combat.roll import RollStep
from rulekeeper.games.eternia.combat.wild_dice import final_counts, success_distribution
from rulekeeper.games.eternia.combat.wilds import Assignment, best_assignment, resolve
from rulekeeper.games.eternia.content.dice import WILD_FACES

__all__ = [
    "power_round_odds",
    "round_odds",
    "step_odds",
    "value_sequences",
]

MODEL = "the opponent's face-down cards are equally likely any of its unseen modifiers"
ENEMY_DRAWS = 2_000
"""The most orders of an enemy's effect draws the odds go through (then they leave them out)."""


def value_sequences(pool: Counter[int], n: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every ordered draw of *n* values without replacement from *pool* (value -> copies),
    with its probability."""
    if n == 0:
        yield (), Fraction(1)
        return
    size = sum(pool.values())
    if size < n:
        return
    for value in sorted(pool):
        copies = pool[value]
        if not copies:
            continue
        pool[value] -= 1
        for rest, chance in value_sequences(pool, n - 1):
            yield (value, *rest), chance * Fraction(copies, size)
        pool[value] += 1


def _unseen_modifiers(state: Any, side: int) -> dict[int, list[str]]:
    """The opponent *side*'s modifiers a seat of the other side has not seen, by value."""
    fighter = state.epic.fighters[side]
    cards = state.pack.combat_cards
    out: dict[int, list[str]] = {}
    for card in [*fighter.deck, *fighter.hand, *fighter.down, *fighter.focus, *fighter.discard]:
        content = cards[card_kind(card)]
        if content.kind == "modifier":
            out.setdefault(content.value, []).append(card)
    return out


def _enemy_cases(state: Any) -> Iterator[tuple[Any, Fraction]] | None:
    """Against an enemy hero that has not played yet (spec §5.17.3): each ordered draw of its
    effect cards from its deck (whose cards are known, not their order), the enemy's step 4
    played on a copy; None when there is none to come, or too many draws to go through."""
    solo = state.epic.solo
    if state.epic.fighters[1].kind != "enemy" or solo is None or solo.acted or not solo.battle:
        return None
    count = effects_to_draw(state)
    deck = sorted(solo.effects)
    if count > len(deck) or perm(len(deck), count) > ENEMY_DRAWS:
        return None
    chance = Fraction(1, perm(len(deck), count))

    def cases() -> Iterator[tuple[Any, Fraction]]:
        for drawn in permutations(range(len(deck)), count):
            case = state.clone()
            rest = [deck[i] for i in range(len(deck)) if i not in drawn]
            case.epic.solo.effects = rest + [deck[i] for i in reversed(drawn)]
            act(case)
            yield case, chance

    return cases()


def _cases(state: Any, seat: int) -> Iterator[tuple[Any, Fraction]]:
    """The states the seat cannot tell apart, with their probabilities."""
    enemy = _enemy_cases(state)
    if enemy is not None:  # an enemy hero has no hidden cards: its draws are what is unknown
        yield from enemy
        return
    hidden = [
        side
        for side, fighter in enumerate(state.epic.fighters)
        if fighter.down and seat not in state.seats_of(side)
    ]
    faces = _die_faces(state)
    for face, face_chance in faces:
        base = state.clone()
        if face is not None:
            base.epic.fighters[1].epic = [face]
        beast = base.epic.fighters[1]
        if "momentum" in beast.epic:  # it acts before the totals (§5.6.4 step 4)
            beast.epic[beast.epic.index("momentum")] = "momentum-used"
            use(base, 1, beast_card(base.pack, beast.name).momentum, beast.name)
        if not hidden:
            yield base, face_chance
            continue
        side = hidden[0]
        unseen = _unseen_modifiers(base, side)
        pool = Counter({value: len(ids) for value, ids in unseen.items()})
        n = len(base.epic.fighters[side].down)
        for values, chance in value_sequences(pool, n):
            case = base.clone()
            used: Counter[int] = Counter()
            down = []
            for value in values:
                down.append(unseen[value][used[value]])
                used[value] += 1
            case.epic.fighters[side].down = down
            yield case, face_chance * chance


def _die_faces(state: Any) -> list[tuple[str | None, Fraction]]:
    """The epic die's faces still to come (before step 3 against a beast), else none."""
    epic = state.epic
    if epic.fighters[1].kind != "beast" or epic.fighters[1].epic:
        return [(None, Fraction(1))]
    from_pack = state.pack.dice.epic_die.faces
    labels = ["momentum" if f.momentum else f"{f.zone}+{f.amount}" for f in from_pack]
    return [(label, Fraction(1, len(labels))) for label in labels]


def round_odds(state: Any, seat: int) -> JsonObject:
    """The distribution of this round's steps 5–6 given the grid as *seat* sees it: each
    side's step-5 totals (each zone's values with their chances), the chance each side falls,
    the expected HP each loses, the chance the active side attacks first."""
    fall = [Fraction(0), Fraction(0)]
    lost = [Fraction(0), Fraction(0)]
    first = Fraction(0)
    cases = 0
    spread: list[dict[str, dict[int, Fraction]]] = [{}, {}]
    for case, chance in _cases(state, seat):
        cases += 1
        found = [totals(case, side) for side in (0, 1)]
        for side in (0, 1):
            for zone, value in found[side].items():
                zone_values = spread[side].setdefault(zone, {})
                zone_values[value] = zone_values.get(value, Fraction(0)) + chance
        hp = [f.hp for f in case.epic.fighters]
        for side, amount, _why in hits(case, found):
            lost[side] += chance * amount
            hp[side] -= amount
        for side in (0, 1):
            if hp[side] <= 0:
                fall[side] += chance
        if found[0]["initiative"] >= found[1]["initiative"]:
            first += chance
    return {
        "kind": "epic-round",
        "cases": cases,
        "computed": True,
        "totals": [
            {
                zone: {str(v): float(p) for v, p in sorted(values.items())}
                for zone, values in side.items()
            }
            for side in spread
        ],
        "falls": [float(f) for f in fall],
        "hp_lost": [float(v) for v in lost],
        "active_first": float(first),
        "model": _model(state),
    }


def _model(state: Any) -> str:
    """What the odds assume; against an enemy hero, its effect cards still to come: each order
    of its deck equally likely, or, when too many, left out (spec §5.17.3)."""
    solo = state.epic.solo
    if state.epic.fighters[1].kind != "enemy" or solo is None or solo.acted:
        return MODEL
    if _enemy_cases(state) is None:
        return "not counted: the enemy's effect cards and momentum still to come (too many draws)"
    return "the enemy's effect cards still to come: every order of its deck equally likely"


def _zone_values(state: Any, side: int, zone: str) -> dict[int, Fraction]:
    """A side's successes in *zone* with Dice of Power (a beast's value stands)."""
    fighter = state.epic.fighters[side]
    if fighter.kind != "hero":
        return {totals(state, side)[zone]: Fraction(1)}
    dice = dice_of(state, side)
    die = RollStep(side=side, purpose="odds").die(state)
    extra = (fighter.initiative if zone == "initiative" else 0) + default_cap(dice)[zone]
    rolled = dice[zone] - default_cap(dice)[zone]
    return {v + extra: p for v, p in success_distribution(die, rolled).items()}


def power_round_odds(state: Any) -> JsonObject:
    """Dice of Power's steps 5–6 (spec §5.7) as exact odds from the dice on the grids: every
    reroll face rolled again (a player may stop earlier or add a die: not modelled)."""
    epic = state.epic
    fall = [Fraction(0), Fraction(0)]
    lost = [Fraction(0), Fraction(0)]
    first_chance = Fraction(0)
    init = [_zone_values(state, side, "initiative") for side in (0, 1)]
    hp0 = [f.hp for f in epic.fighters]
    for v0, p0 in init[0].items():
        for v1, p1 in init[1].items():
            found = [v0, v1]
            first, surprised = first_attacker(epic, found)
            chance = p0 * p1
            if first == 0:
                first_chance += chance
            hp = list(hp0)
            if surprised is not None:
                hp[surprised] -= min(hp[surprised], surprise(state, surprised, found))
            _exchanges(state, first, hp, chance, fall, lost, hp0)
    return {
        "kind": "dice-of-power-round",
        "falls": [float(f) for f in fall],
        "hp_lost": [float(v) for v in lost],
        "active_first": float(first_chance),
        "computed": True,
        "model": "every reroll face is rolled again, with no extra die; dice beyond 10 become "
        "automatic successes in the zones with the most dice",
    }


def _exchanges(
    state: Any,
    first: int,
    hp: list[int],
    chance: Fraction,
    fall: list[Fraction],
    lost: list[Fraction],
    hp0: list[int],
) -> None:
    """Add the two attacks' outcomes from *hp* (weighted by *chance*) to *fall* and *lost*."""
    cases = [(list(hp), chance)]
    for attacker in (first, 1 - first):
        defender = 1 - attacker
        attack = _zone_values(state, attacker, "attack")
        defense = _zone_values(state, defender, "defense")
        nxt = []
        for now, p in cases:
            if min(now) <= 0:
                nxt.append((now, p))
                continue
            for a, pa in attack.items():
                for d, pd in defense.items():
                    after = list(now)
                    after[defender] -= min(after[defender], attack_damage(state, attacker, a, d))
                    nxt.append((after, p * pa * pd))
        cases = nxt
    for after, p in cases:
        for side in (0, 1):
            lost[side] += p * (hp0[side] - after[side])
            if after[side] <= 0:
                fall[side] += p


def _wilds_faces(kept: list[int], rolled: tuple[int, ...]) -> list[str]:
    counts = [a + b for a, b in zip(kept, rolled, strict=True)]
    return [face for face, n in zip(WILD_FACES, counts, strict=True) for _ in range(n)]


def wilds_odds_of(state: Any, action: Action) -> JsonObject | None:
    """A wilds combat's odds before *action* (spec §5.8): the result of an assignment; for a
    stop or a reroll, the chances under the best assignment of each roll (rerolled dice
    rolled again until no reroll face shows, as the odds' policy says)."""
    top = state.flow.steps[-1]
    root = state.flow.find(WildsCombat)
    hero_hp = state.epic.fighters[0].hp
    foe = the_foe(state, root.ability)
    if action.kind == "assign":
        parts = [action.get(stat) for stat in ("defense", "attack", "health")]
        chosen = Assignment(*(tuple(map(str, p)) if isinstance(p, tuple) else () for p in parts))
        found = resolve(foe, hero_hp, chosen)
        return {"kind": "wilds-assignment", "computed": True, **to_data(found)}
    if not isinstance(top, RollStep) or top.purpose != "wilds":
        return None
    kept = list(top.kept)
    dice = 0
    if action.kind == "reroll":
        dice = kept[3] + (action.get("extra") != "none")
        kept[3] = 0
        if action.get("extra") != "none":
            kept[WILD_FACES.index(str(action.get("extra")))] -= 1
    elif action.kind == "again":
        dice = 1
        kept[WILD_FACES.index(str(action.get("face")))] -= 1
    beaten = fallen = damage = Fraction(0)
    for rolled, chance in final_counts(top.die(state), dice, "reroll").items():
        faces = _wilds_faces(kept, rolled)
        result = resolve(foe, hero_hp, best_assignment(faces, foe, hero_hp))
        beaten += chance * result.foe_defeated
        fallen += chance * result.hero_defeated
        damage += chance * result.hero_damage
    return {
        "kind": "wilds-roll",
        "computed": True,
        "foe_defeated": float(beaten),
        "hero_falls": float(fallen),
        "expected_damage": float(damage),
        "model": "the dice rolled again until no reroll face shows, then the best assignment",
    }


def step_odds(state: Any, action: Action, seat: int) -> JsonObject | None:
    """The odds shown before *seat* commits to *action*: the round as it would stand after it
    (a card placed, a pass in step 4). None for other actions."""
    if state.flow.find(WildsCombat) is not None:
        return wilds_odds_of(state, action)
    if action.kind in ("reroll", "again", "stop"):  # a Dice of Power roll under way
        why = "a reroll's odds are not computed during Dice of Power's steps 5-6"
        return {"kind": "dice-of-power-roll", "computed": False, "why": why}
    if action.kind not in ("place", "pass", "soldiers", "momentum"):
        return None
    if action.kind == "pass":
        if state.epic.options.dice_of_power:
            return power_round_odds(state)
        return round_odds(state, seat)
    after = state.clone()
    after.apply_action(action, seat)
    if after.is_terminal() or after.epic.round != state.epic.round:
        return None  # the round was resolved: its result is in the log
    return round_odds(after, seat)
