"""The exact odds of a choice against an enemy hero (issue 29; spec §5.17.3, rulebook p.32):
the effect cards it will draw in step 4 are what the player does not know, every order of its
deck equally likely; the odds never depend on the deck's actual order (hidden information).
And the enemy's choice in a soldier combat, made by the rules."""

from __future__ import annotations

from math import perm
from typing import Any

from rulekeeper.core import Action, load_game

QUIET = ["hesitation", "quick-jab", "brace"]
"""A forced effect deck: -1 to the hero's Attack, +1 Attack, +1 Defense (solo.yaml)."""


def at_step_3(level: str, effects: list[str], seed: int = 1) -> Any:
    """Teela against Skeletor, the battle card drawn (Dark Surge: melee, 1 effect card), the
    first card of Teela's to place."""
    doc = {
        "format": "eternia-combat",
        "version": 1,
        "active": {"seat": 0, "hero": "teela"},
        "defender": {"enemy": "skeletor"},
        "solo": {
            "difficulty": level,
            "momentum": ["dark-surge"],
            "plain": ["guarded-stance"],
            "effects": effects,
        },
    }
    state = load_game("eternia-combat", combat=doc).new_initial_state(seed)
    state.apply_action(Action.parse("weapon index=0"))
    if state.current_player() < 0:
        state.apply_action(Action.parse("roll face=blank"))
    return state


def test_the_odds_go_through_every_draw_of_the_enemy() -> None:
    """Spec §5.17.3: Novice draws the battle card's 1 effect card: 3 equally likely cases."""
    state = at_step_3("novice", QUIET)
    assert state.epic.solo.battle == "dark-surge"
    action = state.legal_actions()[0]
    odds = state.odds(action, 0)
    assert odds["cases"] == perm(len(QUIET), 1)
    assert "every order of its deck" in odds["model"]
    assert 0.0 <= odds["falls"][0] <= 1.0


def test_the_odds_do_not_tell_the_enemy_decks_order() -> None:
    """Hidden information (brief): the same position with the effect deck in another order
    gives the same odds."""
    action = at_step_3("novice", QUIET).legal_actions()[0]
    seen = [at_step_3("novice", order).odds(action, 0) for order in (QUIET, QUIET[::-1])]
    assert seen[0] == seen[1]


def test_too_many_draws_are_left_out_and_said() -> None:
    """Relentless draws 3 here from 24 cards: the odds leave them out and say so."""
    state = at_step_3("relentless", [])
    state.epic.solo.effects = sorted(state.pack.effect_deck("relentless"))
    odds = state.odds(state.legal_actions()[0], 0)
    assert odds["cases"] == 1 and "not counted" in odds["model"]


def test_soldiers_entering_an_enemy_heros_area_take_the_harm_order() -> None:
    """Spec §5.9, §5.17.3 (rulebook p.28, p.32): soldiers entering an area an enemy hero holds
    with its soldiers: where the damage goes is the enemy's choice, made by the harm order (the
    fewest of its soldiers lost, then the damage spread), never offered to a seat, and logged."""
    doc = {
        "format": "eternia-combat",
        "version": 1,
        "combat": "soldiers",
        "attackers": 3,
        "defenders": [{"enemy": "skeletor", "damage": 0}],
        "soldiers": 2,
    }
    state = load_game("eternia-combat", combat=doc).new_initial_state(0)
    assert state.is_terminal()
    choice = next(e for e in state.events if e.kind == "enemy-choice")
    assert choice.data["allocation"] == [3, 0] and "harm order" in choice.data["rule"]
    assert state.flow.result["hero_damage"] == [3] and state.flow.result["defenders_lost"] == 0
