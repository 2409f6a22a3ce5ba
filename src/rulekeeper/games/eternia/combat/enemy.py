"""The enemy hero of the solo and co-op mode in an epic combat (spec §5.17.3; A-25, A-26, A-28,
§9.15): no seat plays it and it has no grid. Each round a battle card gives its totals and the
weapon it fights with; after the player's step 4 it plays effect cards and its momentum ability;
every choice it makes follows the harm order (choices.py). Each decision is logged with the rule
that made it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.dice import Die, roll_outcome_actions
from rulekeeper.core.flow import AUTO, Step
from rulekeeper.core.lasting import Lasting
from rulekeeper.core.state import CHANCE
from rulekeeper.games.eternia.combat.abilities import EFFECTS, use
from rulekeeper.games.eternia.combat.choices import harmful_targets
from rulekeeper.games.eternia.combat.model import Solo
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.content.solo import GRID_KINDS, Difficulty

__all__ = [
    "NO_GRID",
    "BattleStep",
    "EnemyStep",
    "act",
    "applies",
    "difficulty_of",
    "draw_battle",
    "effects_to_draw",
    "flee_cost",
    "return_battle_cards",
]

RULE_DECK = "spec §5.17.2 (rulebook p.31): the wild die picks the battle deck"
RULE_BATTLE = "spec §5.17.3 replacing step 1, A-25 (rulebook p.32): drawn until a weapon matches"
RULE_EFFECTS = "spec §5.17.3 replacing step 4 (rulebook p.32): effect cards played for the enemy"
RULE_MOMENTUM = "spec §5.17.3, A-26 (rulebook p.32): the momentum ability, once per symbol"
RULE_ZONE = "spec §5.17.3, §9.15 (rulebook p.32): +X to a zone needs an effect card's identifier"
RULE_FALLBACK = "spec §5.17.3 (rulebook p.32): no momentum ability applies, +1 Defense +1 Attack"
NO_GRID = GRID_KINDS
"""Effect kinds that need a grid or a combat deck: an enemy hero has neither (A-28)."""
ENEMY = 1
"""The enemy hero is always the defender: the active player is the player (A-28)."""


def solo_of(state: CombatState) -> Solo:
    """The combat's solo record (the combat is against an enemy hero)."""
    solo = state.epic.solo
    assert solo is not None, "an enemy hero fights only in the solo mode"
    return solo


def difficulty_of(state: CombatState) -> Difficulty:
    """The difficulty level the combat is played at."""
    return state.pack.difficulties[solo_of(state).difficulty]


def flee_cost(state: CombatState, standard: int) -> int:
    """The Eternium fleeing costs: the difficulty's against an enemy hero or another foe in the
    solo mode (spec §5.17.2, §9.1), else *standard*."""
    if state.epic.solo is None:
        return standard
    level = difficulty_of(state)
    return level.flee_enemy if state.epic.fighters[ENEMY].kind == "enemy" else level.flee_other


def _wild_die(state: CombatState) -> Die:
    faction = state.epic.fighters[0].faction
    found = next(d for d in state.pack.dice.wild_dice if d.faction == faction)
    return Die("wild", tuple(found.faces))


def draw_battle(state: CombatState, deck: str, face: str) -> None:
    """This round's battle card from *deck* (picked by the wild die's *face*; "" no roll): the
    cards are turned from the top until one shows a weapon type of the enemy hero's; the others
    go back and the deck is shuffled (A-25). The enemy fights with its first weapon of that
    type; the card gives its Attack, Defense and Initiative."""
    solo = solo_of(state)
    enemy = state.epic.fighters[ENEMY]
    weapons = [weapon.type for weapon in state.pack.heroes[enemy.name].weapons]
    pile: list[str] = getattr(solo, deck)
    if not any(state.pack.battle_cards[c].weapon in weapons for c in pile):
        _take_back(state, deck)  # a short deck (a file's): round 1's card comes back [reading]
    skipped: list[str] = []
    card = ""
    while pile:
        top = pile.pop()
        if state.pack.battle_cards[top].weapon in weapons:
            card = top
            break
        skipped.append(top)
    pile.extend(skipped)
    state.rng.shuffle(pile)
    if not card:  # (the file's check: each deck holds a card of the enemy's weapon types)
        raise ValueError(f"the {deck} battle deck has no card for {weapons}")
    found = state.pack.battle_cards[card]
    solo.battle = card
    enemy.weapon = weapons.index(found.weapon)
    enemy.attack, enemy.defense = found.attack, found.defense
    enemy.initiative = found.initiative
    state.events.append(
        "battle-card",
        {
            "card": card,
            "deck": deck,
            "face": face,
            "skipped": skipped,
            "weapon": enemy.weapon,
            "rule": RULE_BATTLE,
        },
    )


def _take_back(state: CombatState, deck: str) -> None:
    """The cards of *deck* set aside this combat go back into it (a deck whose other cards all
    show other weapons; the shipped pack's decks hold two of each type, content/pack.py)."""
    solo = solo_of(state)
    momentum = deck == "momentum"
    back = [c for c in solo.used if state.pack.battle_cards[c].momentum == momentum]
    for card in back:
        solo.used.remove(card)
    getattr(solo, deck).extend(back)


def return_battle_cards(state: CombatState) -> None:
    """At the end of the combat the battle cards it used go back to their decks, shuffled."""
    solo = solo_of(state)
    for card in [*solo.used, *([solo.battle] if solo.battle else [])]:
        deck = "momentum" if state.pack.battle_cards[card].momentum else "plain"
        getattr(solo, deck).append(card)
    solo.used.clear()
    solo.battle = ""
    state.rng.shuffle(solo.momentum)
    state.rng.shuffle(solo.plain)


@dataclass
class BattleStep(Step[CombatState]):
    """The enemy's battle card for the round (spec §5.17.3): a wild die picks the deck at the
    difficulties that roll (CHANCE), the others draw from their one deck (automatic)."""

    kind = "battle-card"
    rule = RULE_DECK

    def actor(self, state: CombatState) -> int:
        return CHANCE if difficulty_of(state).rolls() else AUTO

    def chance(self, state: CombatState) -> Sequence[tuple[Action, float]]:
        return roll_outcome_actions(_wild_die(state))

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        face = action.str_param("face")
        state.flow.pop()
        deck = difficulty_of(state).battle_deck[face]  # type: ignore[index]
        state.events.append("battle-deck", {"face": face, "deck": deck, "rule": RULE_DECK})
        draw_battle(state, deck, face)

    def run(self, state: CombatState) -> None:
        state.flow.pop()
        deck = next(iter(difficulty_of(state).battle_deck.values()))
        draw_battle(state, deck, "")


def draw_effects(state: CombatState, count: int) -> list[str]:
    """*count* effect cards from the top of the effect deck (the spent ones shuffled back in
    when it runs out)."""
    solo = solo_of(state)
    drawn: list[str] = []
    for _ in range(count):
        if not solo.effects:
            solo.effects, solo.spent = solo.spent, []
            state.rng.shuffle(solo.effects)
        if not solo.effects:
            break
        drawn.append(solo.effects.pop())
    solo.spent.extend(drawn)
    solo.drawn.extend(drawn)
    return drawn


def applies(state: CombatState, effect: Any) -> bool:
    """Whether the enemy hero's momentum *effect* can be applied now (spec §5.17.3): "+X to a
    zone" only with an effect card of this combat showing that zone's identifier (§9.15);
    nothing that needs a grid (A-28); a pick only with a card to pick."""
    kind = effect.kind
    if kind in NO_GRID:
        return False
    if kind == "zone-bonus":
        zones = {state.pack.effect_cards[card].zone for card in solo_of(state).drawn}
        versus = effect.versus
        opponent = state.epic.fighters[0]
        weapon = state.pack.heroes[opponent.name].weapons[opponent.weapon].type
        return effect.zone in zones and versus in (None, weapon)
    if kind in ("face-down", "discard-enemy"):
        return bool(harmful_targets(state, ENEMY, "blank" if kind == "face-down" else "discard"))
    if kind == "stat-bonus":
        return bool(effect.stat == "initiative")
    return True


def momentum(state: CombatState) -> None:
    """The enemy hero's momentum ability for its weapon acts once: the effects that apply, or
    +1 Defense and +1 Attack for the round when none does."""
    enemy = state.epic.fighters[ENEMY]
    weapon = state.pack.heroes[enemy.name].weapons[enemy.weapon]
    ability = weapon.momentum
    usable = [effect for effect in ability.effects if applies(state, effect)]
    skipped = [effect.kind for effect in ability.effects if effect not in usable]
    if not usable:
        for zone in ("defense", "attack"):
            lasting = Lasting(zone, str(ENEMY), 1, until="round", source="momentum-fallback")
            state.epic.effects.append(lasting)
        state.events.append("momentum-fallback", {"weapon": weapon.name, "rule": RULE_FALLBACK})
        return
    state.events.append(
        "enemy-momentum",
        {
            "weapon": weapon.name,
            "text": ability.text,
            "skipped": skipped,
            "rule": RULE_ZONE if "zone-bonus" in skipped else RULE_MOMENTUM,
        },
    )
    for effect in usable:
        EFFECTS[effect.kind](state, ENEMY, effect, weapon.name)


def effects_to_draw(state: CombatState) -> int:
    """How many effect cards the enemy draws this round: its battle card's number and the
    difficulty's extra ones (spec §5.17.2)."""
    battle = state.pack.battle_cards[solo_of(state).battle]
    return int(battle.draws + difficulty_of(state).extra_effects)


def act(state: CombatState) -> None:
    """The enemy's step 4 (spec §5.17.3), at once: it draws its effect cards and plays each;
    then its momentum ability acts once per momentum symbol on the battle card and the effect
    cards drawn. No seat plays the enemy: nothing waits for a choice (the harm order)."""
    solo = solo_of(state)
    battle = state.pack.battle_cards[solo.battle]
    cards = draw_effects(state, effects_to_draw(state))
    solo.acted = True
    symbols = int(battle.momentum) + sum(
        int(state.pack.effect_cards[card].momentum) for card in cards
    )
    state.events.append("effect-cards", {"cards": cards, "momentum": symbols, "rule": RULE_EFFECTS})
    for card in cards:
        use(state, ENEMY, state.pack.effect_cards[card].effect, card)
    for _ in range(symbols):
        momentum(state)


@dataclass
class EnemyStep(Step[CombatState]):
    """After the player's step 4 (spec §5.17.3): the enemy plays (:func:`act`)."""

    kind = "enemy-effects"
    rule = RULE_EFFECTS

    def run(self, state: CombatState) -> None:
        state.flow.pop()
        act(state)
