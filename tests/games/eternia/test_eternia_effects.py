"""Effects that reach the opponent's cards (content/effects.py ``face-down``, spec §5.6.3 step
5: a card turned face down gives no bonus but keeps its slot): an immediate momentum in step 3
may pick a card the opponent placed face down, known only by its zone."""

from __future__ import annotations

from eternia_files import deck

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.combat.resolution import totals

COMBAT = {
    "format": "eternia-combat",
    "version": 1,
    "active": {"hero": "skeletor", "seat": 0, "deck": deck("evil", "plus-1", "momentum")},
    "defender": {"hero": "he-man", "seat": 1, "deck": deck("motu", "plus-3")},
}


def test_an_immediate_effect_blanks_a_face_down_card() -> None:
    state = load_game("eternia-combat", combat=COMBAT).new_initial_state(0)
    for text in (
        "weapon index=1",  # Skeletor's sword: immediate, turn one opponent card face down
        "weapon index=0",
        "place card=evil-plus-1 zone=attack",
        "place card=motu-plus-3 zone=attack",  # He-Man's "+3", face down
        "place card=evil-momentum zone=defense",
    ):
        state.apply_action(Action.parse(text))
    assert state.flow.steps[-1].kind == "pick" and state.current_player() == 0
    assert state.legal_actions() == [Action.of("pick", index=0)]
    state.apply_action(Action.of("pick", index=0))
    he_man = state.epic.fighters[1]
    assert he_man.down_blank == [True]
    assert totals(state, 1)["attack"] == 1  # the "+3" gives nothing; his passive +1 vs melee
    picked = [e.data for e in state.events_for(0) if e.kind == "picked"]
    assert picked == [{"side": 0, "what": "blank", "zone": "attack"}]  # its value unseen
    position = state.to_position()
    again = load_game("eternia-combat", combat=position).new_initial_state(0)
    assert again.to_position() == position


BEAST = {
    "format": "eternia-combat",
    "version": 1,
    "active": {"hero": "he-man", "seat": 0, "deck": deck("motu", *("plus-1",) * 4)},
    "defender": {"beast": "granite-behemoth", "seat": 1, "spells": ["fireball", "battle-fury"]},
}


def test_the_other_team_casts_spells_at_a_hero_fighting_a_beast() -> None:
    """Spec §5.6.4 step 4 (rulebook p.21), A-46: other teams may play combat spells during a
    hero's fight with an epic beast, in turn with the active player; with no hero of their own
    in the fight, only spells aimed at the hero (Fireball, not a bonus to "your" hero)."""
    state = load_game("eternia-combat", combat=BEAST).new_initial_state(0)
    assert state.game.num_players == 2
    state.apply_action(Action.parse("weapon index=0"))
    state.resolve_chance()  # the epic die
    for zone in ("attack", "defense", "initiative", "attack"):
        state.apply_action(Action.parse(f"place card=motu-plus-1 zone={zone}"))
    while state.flow.steps[-1].kind != "activate":
        state.resolve_chance()
    state.apply_action(Action.parse("pass"))  # He-Man
    assert state.current_player() == 1
    bonus = Action.parse("spell card=battle-fury")
    assert bonus not in state.legal_actions()
    assert "A-46" in state.explain(bonus, 1).rule
    assert state.observation(0)["defender"]["spells"] == 2  # the hero's player sees a count
    assert state.observation(1)["defender"]["spells"] == ["fireball", "battle-fury"]
    before = state.epic.fighters[0].hp
    state.apply_action(Action.parse("spell card=fireball"))
    assert state.epic.fighters[0].hp == before - 2


def test_a_listed_deck_may_be_shuffled() -> None:
    """docs/eternia-combat.md ``shuffle``: the cards listed, their order the seeded stream's;
    the position written keeps the order drawn."""
    listed = deck("motu", *("plus-3",) * 3)
    doc = {
        **COMBAT,
        "active": {"hero": "he-man", "seat": 0, "deck": listed, "shuffle": True},
        "defender": {"hero": "skeletor", "seat": 1},
    }
    orders = set()
    for seed in range(4):
        state = load_game("eternia-combat", combat=doc).new_initial_state(seed)
        cards = [card.split("#")[0] for card in reversed(state.epic.fighters[0].deck)]
        assert sorted(cards) == sorted(listed)
        orders.add(tuple(cards))
    assert len(orders) > 1
