"""More of the map game's rules (issue 28 §4's coverage table), each test naming its source:
the end of the game, Outpost Movement, forced moves, soldiers, the backpack, allies, taming,
encounters, the duel's roles, a skirmish's draft and defeats, Fast Travel, merchant offers."""

from __future__ import annotations

from map_helpers import refusal

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.map import defeat, holdings
from rulekeeper.games.eternia.map.encounters import EncounterStep
from rulekeeper.games.eternia.map.meetings import leave, leave_places
from rulekeeper.games.eternia.map.outposts import add_soldiers, controller
from rulekeeper.games.eternia.map.quests import BeastStep


def new(seed: int = 1, **params: object):
    """A new standard game, team 0 (MOTU) first."""
    return load_game("eternia", players=2, first_team=0, **params).new_initial_state(seed)


def turn_of(state, name: str) -> int:
    """*name*'s turn begins; its index."""
    state.apply_action(Action.of("activate", hero=name))
    return state.hero_index(name)


def test_the_game_ends_after_the_fourth_skull_round_most_vp_winning() -> None:
    """Spec §4.4, §1.3: after the round on the 4th skull space the team with the most VP wins."""
    state = new()
    state.round = len(state.game.track)
    assert state.final_round()
    state.teams[1].pool.gain({"vp": 3})
    for _ in range(2000):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions(seat) if seat >= 0 else []
        if seat < 0:
            state.resolve_chance()
        else:
            end = Action.of("end-turn")
            state.apply_action(end if end in legal else legal[0])
    assert state.is_terminal() and state.winners == [1] and state.ending == "victory"


def test_outpost_movement_is_a_path_step_of_a_move_between_held_outposts() -> None:
    """Spec §5.2.3, A-1, §9.15: moving along a path between two outposts the team controls costs
    1 MP within a Move (no separate action)."""
    state = new()
    board = state.board
    start, to = next(
        (a, b)
        for a in board.outposts()
        for b in board.paths_from(a)
        if board.is_outpost(b) and not board.base_team(a) and not board.base_team(b)
    )
    add_soldiers(state, start, 0, 1)
    add_soldiers(state, to, 0, 1)
    index = turn_of(state, "he-man")
    state.heroes[index].area = start
    state.apply_action(Action.of("move", to=to))
    move = state.flow.steps[-1]
    assert state.heroes[index].area == to
    assert move.kind == "moving" and move.mp == holdings.movement(state, index) - 1


def test_a_pushed_hero_goes_next_door_never_into_an_enemy_base_the_winner_choosing() -> None:
    """Spec §5.2.5, A-8: a loser is moved to an adjacent land area, never an enemy base,
    preferring areas without its enemies; the winner's player chooses."""
    state = new()
    board = state.board
    base = board.base_of("evil-warriors")
    area = next(a for a in board.graph.neighbours(base) if not board.base_team(a))
    index = state.hero_index("he-man")
    state.heroes[index].area = area
    state.heroes[state.hero_index("skeletor")].area = area
    places = leave_places(state, index, "pushed")
    assert places and base not in places
    leave(state, index, "pushed")
    step = state.flow.steps[-1]
    assert step.kind == "leave" and step.seat == state.controller_of(state.hero_index("skeletor"))


def test_a_retreat_goes_to_the_nearest_outpost_the_team_holds() -> None:
    """Spec §3.3, A-9: a retreating loser goes to the nearest outpost its team controls (fewest
    steps, a flight route one), else its base."""
    state = new()
    board = state.board
    index = state.hero_index("he-man")
    far = max(board.areas, key=lambda a: board.distance(a, board.base_of("motu")))
    state.heroes[index].area = far
    mine = [a for a in board.outposts() if controller(state, a) == 0 and a != far]
    best = min(board.distance(far, a) for a in mine)
    assert all(board.distance(far, a) == best for a in leave_places(state, index, "retreats"))


def test_the_soldier_supply_is_finite_and_an_outpost_holds_three() -> None:
    """Spec §5.3: 15 soldiers a faction, a finite supply; at most 3 of a team in an outpost."""
    state = new()
    outpost = next(a for a in state.board.outposts() if not state.board.base_team(a))
    assert add_soldiers(state, outpost, 0, 5) == 3
    state.teams[0].soldiers = 0
    other = next(a for a in state.board.outposts() if a != outpost and not state.board.base_team(a))
    assert add_soldiers(state, other, 0, 1) == 0


def test_equipment_swaps_with_the_backpack_during_the_turn() -> None:
    """Spec §5.11.2, §5.11.1: during its turn a hero swaps equipped armor with its backpack."""
    state = new()
    armor = [c for c, e in state.pack.equipment.items() if e.type == "armor"]
    first = armor[0]
    second = next(
        c
        for c in armor
        if state.pack.equipment[c].subtype == state.pack.equipment[first].subtype and c != first
    )
    index = turn_of(state, "he-man")
    hero = state.heroes[index]
    subtype = str(state.pack.equipment[first].subtype)
    hero.armor[subtype] = first
    hero.backpack.append(second)
    state.apply_action(Action.of("equip", card=second))
    assert hero.armor[subtype] == second and first in hero.backpack
    assert refusal(state, Action.of("equip", card="no-such-card"))


def test_each_card_moves_once_a_turn() -> None:
    """Spec §5.11.2 [reading, docs/eternia.md]: a card equipped or put in the backpack does not
    move again in the same turn (swapping back and forth changes nothing and would let a turn
    of free actions never end)."""
    state = new()
    armor = [c for c, e in state.pack.equipment.items() if e.type == "armor"]
    first = armor[0]
    index = turn_of(state, "he-man")
    hero = state.heroes[index]
    hero.backpack.append(first)
    state.apply_action(Action.of("equip", card=first))
    why = refusal(state, Action.of("unequip", card=first))
    assert why is not None and "once a turn" in why


def test_a_loyal_ally_is_acquired_or_shuffled_back_for_1() -> None:
    """Spec §5.15, §5.11.5, A-16: an ally of the team's faction is acquired for its cost (it
    stays with the hero) or shuffled back into the deck for 1 Eternium."""
    state = new()
    index = turn_of(state, "he-man")
    ally = next(a for a, card in state.pack.allies.items() if card.loyalty == "motu")
    before = state.teams[0].eternium
    state.flow.push(EncounterStep(hero=index, card=ally))
    state.settle()
    state.apply_action(Action.of("shuffle-back"))
    assert state.teams[0].eternium == before + 1 and ally in state.decks["encounters"]
    state.flow.push(EncounterStep(hero=index, card=ally))
    state.settle()
    state.apply_action(Action.of("acquire"))
    assert state.heroes[index].ally == ally


def test_brave_the_wilds_needs_a_wild_region_and_two_cards_cost_1() -> None:
    """Spec §5.15: in a wild region the hero draws an encounter card, or pays 1 Eternium to draw
    two and keep one (the other to the bottom)."""
    state = new()
    index = turn_of(state, "he-man")
    assert "not a wild region" in refusal(state, Action.of("brave-wilds"))
    state.heroes[index].area = next(a for a in state.board.areas if state.board.is_wild(a))
    before = state.teams[0].eternium
    state.apply_action(Action.of("brave-wilds", cards=2))
    assert state.teams[0].eternium == before - 1
    assert state.flow.steps[-1].kind == "choose-encounter"
    pick = state.legal_actions(0)[0]
    bottom = state.decks["encounters"][0]
    state.apply_action(pick)
    assert state.decks["encounters"][0] != bottom or len(state.decks["encounters"]) == 1


def test_a_beaten_epic_beast_may_be_tamed_for_its_cost() -> None:
    """Spec §5.12: a hero that defeats a tameable beast may tame it, paying its taming cost; it
    then holds it (its mount)."""
    state = new()
    index = turn_of(state, "he-man")
    beast = next(b for b, card in state.pack.epic_beasts.items() if card.taming_cost)
    cost = int(state.pack.epic_beasts[beast].taming_cost)
    state.teams[0].pool.gain({"eternium": cost})
    before = state.teams[0].eternium
    state.flow.push(BeastStep(hero=index, beast=beast, stage="tame"))
    state.apply_action(Action.of("tame"))
    assert state.heroes[index].mount == beast and state.teams[0].eternium == before - cost


def test_fast_travel_needs_no_control_of_the_tower_but_never_a_base() -> None:
    """Spec §5.2.2, A-45: from a tower, Fast Travel to another tower whoever controls it."""
    state = new()
    towers = list(state.board.towers())
    index = turn_of(state, "he-man")
    state.heroes[index].area = towers[0]
    add_soldiers(state, towers[1], 1, 2)
    state.apply_action(Action.of("fast-travel", to=towers[1]))
    assert state.heroes[index].area == towers[1]


def test_the_duel_puts_the_first_team_on_the_active_side() -> None:
    """Spec §1.3 (4), A-32: in the tie-break duel the team that went first is the active side."""
    state = new()
    state.round = len(state.game.track)
    state.extra_round = True
    for _ in range(3000):
        if state.epic.fighters or state.is_terminal():
            break
        seat = state.current_player()
        if seat < 0:
            state.resolve_chance()
            continue
        legal = state.legal_actions(seat)
        end = Action.of("end-turn")
        state.apply_action(end if end in legal else legal[0])
    assert state.epic.fighters, "no duel: the teams were not tied"
    active = state.epic.fighters[0].name
    assert state.heroes[state.hero_index(active)].team == state.first


def test_a_skirmish_defeat_keeps_the_payment() -> None:
    """Spec §5.18.2, A-36: in a skirmish only the placement changes: damage removed, 5 Eternium
    paid."""
    state = load_game("eternia", mode="skirmish", first_team=0).new_initial_state(1)
    while state.flow.steps[-1].kind != "pick-hero":
        seat = state.current_player()
        legal = state.legal_actions(seat)
        state.apply_action(Action.of("pass") if Action.of("pass") in legal else legal[0])
    index = state.hero_index(next(h.id for h in state.heroes if h.team == 0))
    team = state.teams[0]
    team.pool.gain({"eternium": 7})
    before = team.eternium
    state.heroes[index].damage = 2
    defeat.defeat(state, index)
    assert state.heroes[index].damage == 0 and team.eternium == before - 5
    assert state.heroes[index].area in state.zone_areas(0)


def test_an_offer_is_revealed_when_its_outpost_is_first_held() -> None:
    """Spec §5.10, §9.2: a merchant's offer is revealed the first time a hero or soldier of any
    team is in one of its outposts."""
    state = new()
    shop = state.board.merchants("shop")[0]
    assert "shop" not in state.offers
    add_soldiers(state, shop, 0, 1)
    state.arrived_soldiers(shop)
    assert len(state.offers["shop"]) == state.number("offer")


def test_perpetua_mountains_is_an_outpost() -> None:
    """Spec §9.7: Perpetua Mountains is an outpost (the rulebook's example puts a soldier there)."""
    state = new()
    assert state.board.is_outpost("perpetua-mountains")
    assert add_soldiers(state, "perpetua-mountains", 0, 1) == 1


def test_victory_cards_may_be_cycled_again_in_one_turn() -> None:
    """Spec §5.14, A-14: cycling costs 1 Eternium each time, any number of times in a turn."""
    state = new()
    turn_of(state, "he-man")
    before = state.teams[0].eternium
    for _ in range(2):
        state.apply_action(Action.of("cycle-victory"))
        state.apply_action(state.legal_actions(0)[0])
        if state.flow.steps[-1].kind == "cycle-victory":
            state.apply_action(Action.of("done"))
    assert state.teams[0].eternium == before - 2 and len(state.teams[0].victory) == 3
