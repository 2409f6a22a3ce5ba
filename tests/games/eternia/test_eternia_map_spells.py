"""Map spells (issue 28 §2; spec §5.11.3, A-19), each test naming its source: cast by its hero
during its own turn without an action, its casting cost paid, the card discarded, its effects
at once or for the turn (Movement, flight, avoiding combat, wild dice in a wilds combat)."""

from __future__ import annotations

from map_helpers import refusal

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.map import holdings


def ready(spell: str):
    """A standard game, He-Man's turn, He-Man holding *spell*, the team with 10 Eternium."""
    state = load_game("eternia", players=2, first_team=0).new_initial_state(1)
    state.apply_action(Action.of("activate", hero="he-man"))
    index = state.hero_index("he-man")
    state.heroes[index].spells.append(spell)
    team = state.teams[0]
    team.pool.lose({"eternium": team.eternium})
    team.pool.gain({"eternium": 10})
    return state, index


def with_effect(state, kind: str) -> str:
    """A map-only spell of the pack with an effect of *kind*."""
    return next(
        card.id
        for card in state.pack.spells.values()
        if "map" in card.uses and any(e.kind == kind for a in card.effects for e in a.effects)
    )


def test_a_map_spell_is_cast_without_an_action_and_discarded() -> None:
    """Spec §5.11.3, A-19: cast during its hero's turn, no action used; its casting cost paid;
    the card goes to the spell discard pile; a heal acts at once on the caster."""
    state, index = ready("restoration")
    hero = state.heroes[index]
    hero.damage = 3
    cost = state.pack.spells["restoration"].casting_cost
    state.apply_action(Action.of("cast", spell="restoration"))
    assert "restoration" not in hero.spells and "restoration" in state.discards["spells"]
    assert hero.damage < 3 and state.teams[0].eternium == 10 - cost
    assert not state.turn().actions


def test_a_combat_only_spell_is_not_cast_on_the_map() -> None:
    """Spec §5.11.3: a combat spell is used in an epic combat's step 4, not on the map."""
    state, _ = ready("mending-light")
    combat = next(c.id for c in state.pack.spells.values() if c.uses == ("combat",))
    state.heroes[state.hero_index("he-man")].spells.append(combat)
    assert "combat spell" in refusal(state, Action.of("cast", spell=combat))
    assert "holds no spell" in refusal(state, Action.of("cast", spell="wings-of-the-wind"))


def test_flight_and_movement_last_for_the_turn() -> None:
    """Spec §5.11.3: a map spell's flight or Movement bonus acts for the caster's turn."""
    state, index = ready("wings-of-the-wind")
    hero = state.heroes[index]
    assert not holdings.can_fly(state, hero)
    state.apply_action(Action.of("cast", spell="wings-of-the-wind"))
    assert holdings.can_fly(state, hero)
    stride = with_effect(state, "stat-bonus")
    hero.spells.append(stride)
    before = holdings.movement(state, index)
    state.apply_action(Action.of("cast", spell=stride))
    assert holdings.movement(state, index) > before
    state.apply_action(Action.of("end-turn"))
    assert not holdings.can_fly(state, hero) and holdings.movement(state, index) == before


def test_a_spell_that_avoids_combat_lets_the_hero_pass_enemies() -> None:
    """Spec §5.11.3 [Reading]: an avoid-combat map spell: this turn, entering enemies starts no
    combat and does not stop the hero."""
    state, index = ready("mist-walk")
    hero = state.heroes[index]
    board = state.board
    to = next(a for a in board.paths_from(hero.area) if board.base_team(a) is None)
    state.heroes[state.hero_index("skeletor")].area = to
    state.apply_action(Action.of("cast", spell="mist-walk"))
    state.apply_action(Action.of("move", to=to))
    assert hero.area == to and not state.epic.fighters
    assert "meeting" not in [step.kind for step in state.flow.steps]


def test_extra_dice_go_into_the_wilds_combat() -> None:
    """Spec §5.11.3, §5.8 step 1: a map spell's extra wild dice act in the caster's wilds
    combat this turn (the combat file's boons)."""
    state, index = ready("hunters-blessing")
    hero = state.heroes[index]
    hero.area = next(a for a in state.board.areas if state.board.is_wild(a))
    state.apply_action(Action.of("cast", spell="hunters-blessing"))
    beast = next(iter(state.pack.beasts))
    state.decks["encounters"].remove(beast)
    state.decks["encounters"].append(beast)
    state.apply_action(Action.of("brave-wilds"))
    assert state.epic.fighters[0].boons == ["hunters-blessing"]
