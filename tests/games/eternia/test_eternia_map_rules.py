"""The map game's rules (issue 28 §2; spec §3-§5.19), each test naming its source: setup,
rounds and activations, a hero's turn, movement, soldiers, merchants, rest, defeat, the end.
States are made by the game and then arranged (heroes moved, pools set) as a table would be."""

from __future__ import annotations

import pytest
from map_helpers import refusal

from rulekeeper.core import Action, load_game
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.outposts import controller


def new(players: int = 2, seed: int = 1, **params: object):
    """A new game, team 0 (MOTU) first."""
    return load_game("eternia", players=players, first_team=0, **params).new_initial_state(seed)


def activate(state, hero: str) -> None:
    """The team's lead picks *hero*; its turn begins."""
    state.apply_action(Action.of("activate", hero=hero))


def hero(state, name: str):
    return state.heroes[state.hero_index(name)]


def wild_next_to(state, area: str) -> str:
    board = state.board
    return next(a for a in board.graph.neighbours(area) if board.is_wild(a))


# --------------------------------------------------------------------------- setup (§3.1)


def test_setup_gives_each_team_its_heroes_deck_soldiers_and_eternium() -> None:
    """Spec §3.1 steps 3-6: three heroes at the base, a 21-card deck, 15 soldiers, 3
    Eternium per hero + 1 (and round 1's day income: the base's value, A-12, A-13)."""
    state = new()
    for index, team in enumerate(state.teams):
        base = state.board.base_of(team.faction)
        heroes = [h for h in state.heroes if h.team == index]
        assert len(heroes) == 3 and all(h.area == base for h in heroes)
        assert len(team.deck) == 21 and team.soldiers == 15
        assert team.eternium == 10 + state.board.eternium(base) and team.vp == 0


def test_first_game_puts_heroes_and_soldiers_on_their_sides_merchants() -> None:
    """Spec §3.3, A-43: one random hero and one soldier on each merchant outpost of the team's
    side."""
    state = new(options={"first_game": True})
    for index, team in enumerate(state.teams):
        places = set(state.board.side_merchants(team.faction))
        assert {h.area for h in state.heroes if h.team == index} == places
        assert all(state.soldiers[a][index] == 1 for a in places)
        assert team.soldiers == 12


def test_a_hero_of_another_faction_or_team_is_refused() -> None:
    """Spec §3.1 step 2: each team selects three heroes of its own faction."""
    with pytest.raises(RulekeeperError, match="not a motu hero"):
        load_game(
            "eternia",
            heroes=[["he-man", "she-ra", "skeletor"], ["mer-man", "beast-man", "evil-lyn"]],
        )


# --------------------------------------------------------------------------- rounds (§4)


def test_teams_alternate_activations_and_the_lead_seat_picks() -> None:
    """Spec §4.2: the starting team activates one hero of its choice, then the next team."""
    state = new(players=4)
    assert state.current_player() == 0  # team 0's first seat picks
    activate(state, "he-man")
    assert hero(state, "he-man").activated
    state.apply_action(Action.of("end-turn"))
    assert state.current_player() == 1  # team 1's first seat
    assert "not a hero of this team" in refusal(state, Action.of("activate", hero="he-man"))
    activate(state, "skeletor")
    state.apply_action(Action.of("end-turn"))
    assert "activated this round" in refusal(state, Action.of("activate", hero="he-man"))


def test_a_hero_is_played_by_the_seat_that_controls_it() -> None:
    """Issue 28 §2: the controllers map gives each hero to one seat of its team."""
    state = new(players=4, controllers={"he-man": 2})
    activate(state, "he-man")
    assert state.current_player() == 2


def test_day_income_comes_from_controlled_outposts() -> None:
    """Spec §4.1 step 2: on a day round each team gains the Eternium of its outposts."""
    state = new(options={"first_game": True})
    worth = sum(state.board.eternium(a) for a in state.board.side_merchants("motu"))
    base = state.board.eternium(state.board.base_of("motu"))
    assert state.teams[0].eternium == 10 + worth + base


# --------------------------------------------------------------------------- a turn (§4.3)


def test_each_standard_action_once_and_two_in_all() -> None:
    """Spec §4.3: up to 2 standard actions, each at most once per turn."""
    state = new()
    activate(state, "he-man")
    base = hero(state, "he-man").area
    to = state.board.graph.neighbours(base)[0]
    state.apply_action(Action.of("move", to=to))
    state.apply_action(Action.of("stop"))
    back = hero(state, "he-man").area
    nxt = state.board.graph.neighbours(back)[0]
    assert "taken this turn already" in refusal(state, Action.of("move", to=nxt))


def test_a_move_is_not_interrupted_by_another_action() -> None:
    """Spec §5.2.1: Move cannot be interrupted to perform another action."""
    state = new()
    activate(state, "he-man")
    to = state.board.graph.neighbours(hero(state, "he-man").area)[0]
    state.apply_action(Action.of("move", to=to))
    assert "not interrupted" in refusal(state, Action.of("fortify"))


def test_moves_spend_mp_and_end_when_none_is_left() -> None:
    """Spec §5.2.1: each area entered costs 1 MP; with none left only stopping remains."""
    state = new()
    activate(state, "he-man")
    mp = state.pack.heroes["he-man"].movement
    spent = 0
    while state.flow.steps[-1].kind in ("turn", "moving") and spent < mp:
        here = hero(state, "he-man").area
        free = [
            a
            for a in state.legal_actions()
            if a.kind == "move" and not state.board.base_team(str(a.get("to")))
        ]
        state.apply_action(free[0])
        spent += 1
        assert hero(state, "he-man").area != here
    step = state.flow.steps[-1]
    assert step.kind == "moving" and step.mp == 0
    assert state.legal_actions() == [Action.of("stop")]


def test_no_hero_enters_an_enemy_base() -> None:
    """Spec §5.1, §5.2.1: heroes may never enter an enemy team's base."""
    state = new()
    activate(state, "he-man")
    enemy = state.board.base_of("evil-warriors")
    hero(state, "he-man").area = state.board.graph.neighbours(enemy, ("border", "path", "wrap"))[0]
    assert "base of another team" in refusal(state, Action.of("move", to=enemy))


def test_fast_travel_goes_between_towers() -> None:
    """Spec §5.2.2: in a tower, the hero may travel to either other tower."""
    state = new()
    activate(state, "he-man")
    towers = state.board.towers()
    assert "not in a tower" in refusal(state, Action.of("fast-travel", to=towers[1]))
    hero(state, "he-man").area = towers[0]
    state.apply_action(Action.of("fast-travel", to=towers[2]))
    assert hero(state, "he-man").area == towers[2]


def test_fortify_fills_an_outpost_to_three_and_never_a_base() -> None:
    """Spec §5.4 (A-42): Fortify tops the outpost up to 3 soldiers; never in a base (§5.1)."""
    state = new()
    activate(state, "he-man")
    assert "is a base" in refusal(state, Action.of("fortify"))
    outpost = state.board.side_merchants("motu")[0]
    hero(state, "he-man").area = outpost
    state.apply_action(Action.of("fortify"))
    assert state.soldiers[outpost][0] == 3 and state.teams[0].soldiers == 12
    assert controller(state, outpost) == 0


def test_soldiers_move_along_paths_only_within_the_cap() -> None:
    """Spec §5.4: Move Soldiers along a path to a neighbouring outpost; cap 3 (§5.1)."""
    state = new()
    board = state.board
    start = next(a for a in board.outposts() if board.paths_from(a) and board.base_team(a) is None)
    to = board.paths_from(start)[0]
    state.soldiers[start] = [2, 0]
    state.teams[0].soldiers -= 2
    activate(state, "he-man")
    hero(state, "he-man").area = start
    wrong = next((a for a in board.graph.neighbours(start, ("border",)) if a != to), None)
    if wrong is not None:
        action = Action.of("send-soldiers", count=1, to=wrong, **{"from": start})
        assert "no path" in refusal(state, action)
    state.apply_action(Action.of("send-soldiers", count=2, to=to, **{"from": start}))
    assert state.soldiers[to][0] == 2 and start not in state.soldiers


def test_rest_is_for_night_rounds_and_takes_both_actions() -> None:
    """Spec §5.19, A-44: Rest, night only, both standard actions, 4 HP."""
    state = new()
    activate(state, "he-man")
    assert state.space().time == "day"
    assert "night" in refusal(state, Action.of("rest"))


def pass_round(state) -> None:
    """Every hero activated and its turn ended at once: the next round begins."""
    start = state.round
    while state.round == start:
        legal = state.legal_actions()
        state.apply_action(next((a for a in legal if a.kind == "end-turn"), legal[0]))


def test_the_night_heals_a_hero_at_the_end_of_its_turn() -> None:
    """Spec §4.1: at night each hero heals 1 HP at the end of its own turn; Rest heals 4 and
    takes both standard actions (§5.19, A-37)."""
    state = new()
    while state.space().time != "night":
        pass_round(state)
    hero(state, "he-man").damage = 2
    activate(state, "he-man")
    state.apply_action(Action.of("end-turn"))
    assert hero(state, "he-man").damage == 1
    state.apply_action(Action.of("activate", hero="skeletor"))
    state.apply_action(Action.of("end-turn"))
    hero(state, "she-ra").damage = 6
    activate(state, "she-ra")
    state.apply_action(Action.of("rest"))
    assert hero(state, "she-ra").damage == 2
    assert "2 standard actions" in refusal(state, Action.of("fortify"))
    state.apply_action(Action.of("end-turn"))
    assert hero(state, "she-ra").damage == 1


# --------------------------------------------------------------------------- merchants (§5.10)


def test_a_merchant_needs_a_controlled_outpost_and_sells_at_a_discount() -> None:
    """Spec §5.10: Use a Merchant needs an outpost of that type; each further one -1 (min 1)."""
    from rulekeeper.games.eternia.map.merchants import price

    state = new()
    activate(state, "he-man")
    assert "controls no shop" in refusal(state, Action.of("merchant", merchant="shop"))
    shops = state.board.merchants("shop")
    for area in shops:
        state.soldiers[area] = [1, 0]
    card = next(iter(state.pack.equipment))
    cost = state.pack.equipment[card].cost
    assert price(state, 0, "shop", card) == max(1, cost - (len(shops) - 1))
    state.apply_action(Action.of("merchant", merchant="shop"))
    assert len(state.offers["shop"]) == 4
    state.apply_action(Action.of("refresh"))
    assert "at most once" in refusal(state, Action.of("refresh"))
    state.apply_action(Action.of("done"))
    assert state.flow.steps[-1].kind != "turn" or not state.legal_actions()


# --------------------------------------------------------------------------- defeat (§5.13)


def test_a_defeated_hero_goes_home_healed_and_pays_five() -> None:
    """Spec §5.13: base, damage removed, 5 Eternium from the pool."""
    from rulekeeper.games.eternia.map.defeat import defeat

    state = new()
    index = state.hero_index("skeletor")
    state.heroes[index].area = state.board.towers()[1]
    state.heroes[index].damage = 4
    before = state.teams[1].eternium
    defeat(state, index)
    found = state.heroes[index]
    assert found.area == state.board.base_of("evil-warriors") and found.damage == 0
    assert state.teams[1].eternium == before - 5


# --------------------------------------------------------------------------- hidden (§5.21)


def test_the_other_team_sees_counts_of_spells_and_backpacks() -> None:
    """Spec §5.21 hidden information: spells and backpacks are the team's own."""
    state = new(players=4)
    hero(state, "skeletor").spells.append(next(iter(state.pack.spells)))
    mine = state.observation(1)
    theirs = state.observation(0)
    find = lambda doc: next(h for h in doc["heroes"] if h["id"] == "skeletor")  # noqa: E731
    assert find(mine)["spells"] == [state.heroes[state.hero_index("skeletor")].spells[0]]
    assert find(theirs)["spells"] == 1
    assert state.observation(3)["heroes"] == mine["heroes"]  # a teammate sees the same


# --------------------------------------------------------------------------- meetings (§5.5)


def next_to_base(state, faction: str) -> tuple[str, str]:
    """An outpost and a wild region, next to each other, away from both bases."""
    board = state.board
    bases = {board.base_of("motu"), board.base_of("evil-warriors")}
    for area in board.outposts():
        if area in bases:
            continue
        for other in board.graph.neighbours(area, ("border",)):
            if board.is_wild(other) and not set(board.graph.neighbours(other)) & bases:
                return area, other
    raise AssertionError("no outpost next to a wild region")


def test_a_hero_entering_enemy_soldiers_alone_loses_one_hp_per_soldier() -> None:
    """A-2: each defending soldier removed deals the entering hero 1 HP; no VP."""
    state = new()
    outpost, wild = next_to_base(state, "motu")
    state.soldiers[outpost] = [0, 2]
    state.teams[1].soldiers -= 2
    activate(state, "he-man")
    hero(state, "he-man").area = wild
    state.apply_action(Action.of("move", to=outpost))
    assert hero(state, "he-man").damage == 2 and outpost not in state.soldiers
    assert state.teams[1].soldiers == 15 and state.teams[0].vp == 0
    assert controller(state, outpost) == 0
    assert state.flow.steps[-1].kind == "turn"  # the move ended there (§5.2.1)


def test_a_walker_entering_an_enemy_hero_stops_and_the_combats_begin() -> None:
    """Spec §5.2.1, §5.5: entering an area with enemy miniatures ends the move; the epic
    combat against the hero there follows."""
    state = new()
    outpost, wild = next_to_base(state, "motu")
    hero(state, "skeletor").area = outpost
    activate(state, "he-man")
    hero(state, "he-man").area = wild
    state.apply_action(Action.of("move", to=outpost))
    kinds = [step.kind for step in state.flow.steps]
    assert "meeting" in kinds and "area" in kinds and "moving" not in kinds
    assert state.epic.fighters[1].name == "skeletor"


def test_a_flyer_passes_over_enemies_and_fights_where_it_stops() -> None:
    """Spec §5.2.4: a flying hero moves through areas with enemies; ending its move there
    starts the combat."""
    state = new()
    outpost, wild = next_to_base(state, "motu")
    hero(state, "skeletor").area = wild
    flyer = next(card for card, v in state.pack.vehicles.items() if v.flying)
    hero(state, "he-man").mount, hero(state, "he-man").mount_kind = flyer, "vehicle"
    activate(state, "he-man")
    hero(state, "he-man").area = outpost
    state.apply_action(Action.of("move", to=wild))
    assert state.flow.steps[-1].kind == "moving"  # still moving
    state.apply_action(Action.of("stop"))
    assert "meeting" in [step.kind for step in state.flow.steps]


def test_the_first_game_protects_heroes_until_skull_event_2() -> None:
    """Spec §3.3, A-29: no attack on enemy heroes before Skull Event 2."""
    state = new(options={"first_game": True})
    outpost, wild = next_to_base(state, "motu")
    hero(state, "skeletor").area = outpost
    activate(state, "he-man")
    hero(state, "he-man").area = wild
    assert "Skull Event 2" in refusal(state, Action.of("move", to=outpost))


# --------------------------------------------------------------------------- holdings


def test_a_defeated_hero_short_of_eternium_gives_up_cards() -> None:
    """Spec §5.13, A-11: what the pool lacks is paid with cards owned, at their cost."""
    from rulekeeper.games.eternia.map.defeat import defeat

    state = new()
    index = state.hero_index("skeletor")
    card = max(state.pack.equipment, key=lambda c: state.pack.equipment[c].cost)
    state.heroes[index].backpack.append(card)
    state.teams[1].pool.lose({"eternium": state.teams[1].eternium - 2})
    defeat(state, index)
    assert state.teams[1].eternium == 0
    assert state.legal_actions() == [Action.of("give-up", card=card)]
    state.apply_action(Action.of("give-up", card=card))
    assert not state.heroes[index].backpack and card in state.discards["equipment"]


def test_a_third_spell_makes_its_owner_discard_one() -> None:
    """Spec §5.11.3, A-17: at most 2 spells; the owner chooses what goes."""
    from rulekeeper.games.eternia.map.gains import gain

    state = new()
    activate(state, "he-man")
    spells = list(state.pack.spells)[:3]
    for card in spells:
        gain(state, state.hero_index("he-man"), card)
    assert state.flow.steps[-1].kind == "discard-down"
    state.apply_action(Action.of("discard", card=spells[0]))
    assert hero(state, "he-man").spells == spells[1:]


def test_trade_passes_cards_between_heroes_of_one_area() -> None:
    """Spec §5.19, A-18: once a turn, with every friendly hero in the area; a card changes
    hands once in one trade."""
    state = new()
    card = next(iter(state.pack.spells))
    hero(state, "she-ra").spells.append(card)
    activate(state, "he-man")
    state.apply_action(Action.of("trade"))
    state.apply_action(Action.of("give", card=card, to="he-man"))
    assert hero(state, "he-man").spells == [card]
    assert "changed hands" in refusal(state, Action.of("give", card=card, to="she-ra"))
    state.apply_action(Action.of("done"))
    assert "once a turn" in refusal(state, Action.of("trade"))


# --------------------------------------------------------------------------- the end (§1.3)


def test_a_tie_plays_a_night_round_then_a_duel() -> None:
    """Spec §1.3: tied VP, outposts and Eternium: one more night round, then the duel; its
    winner's team gains 1 VP and wins."""
    state = new()
    while not state.is_terminal():
        if state.current_player() < 0:
            state.resolve_chance()
            continue
        legal = state.legal_actions()
        state.apply_action(next((a for a in legal if a.kind in ("end-turn", "activate")), legal[0]))
    kinds = [event.kind for event in state.events]
    assert kinds.count("tie") == 2 and "duel" in kinds
    assert state.round == len(state.game.track) + 1
    assert state.ending in ("victory", "tie")
    if state.ending == "victory":
        assert state.teams[state.winners[0]].vp == 1


# --------------------------------------------------------------------------- quests (§5.16)


def test_a_quest_needs_a_mission_token_and_may_meet_an_epic_beast() -> None:
    """Spec §5.16: with a mission token in its area the hero removes it and draws the scenario
    deck's top card; an epic beast is fought in an epic combat (§5.6.4)."""
    state = new()
    activate(state, "he-man")
    assert "no mission token" in refusal(state, Action.of("quest"))
    area = hero(state, "he-man").area
    state.missions.append(area)
    card = next(c for c in state.decks["scenario"] if state.beast_of(c) is not None)
    state.decks["scenario"].remove(card)
    state.decks["scenario"].append(card)  # on top
    state.apply_action(Action.of("quest"))
    assert area not in state.missions
    assert "beast" in [step.kind for step in state.flow.steps]
    assert state.epic.fighters[1].name == state.beast_of(card)


def test_soldiers_meet_a_hero_whose_held_card_raises_its_health() -> None:
    """Spec §5.9, §5.11: a defending hero's Health counts its held cards' bonuses (a hero with
    more damage than its printed Health but alive thanks to an armor is fought as it stands)."""
    state = new()
    card = next(
        c
        for c, item in state.pack.equipment.items()
        if item.type == "armor"
        and any(
            e.kind == "stat-bonus" and e.stat == "health" for a in item.effects for e in a.effects
        )
    )
    board = state.board
    start = next(a for a in board.outposts() if board.paths_from(a) and board.base_team(a) is None)
    to = next(a for a in board.paths_from(start) if board.base_team(a) is None)
    skeletor = hero(state, "skeletor")
    skeletor.armor[state.pack.equipment[card].subtype] = card
    skeletor.area = to
    skeletor.damage = holdings.health(state, skeletor) - 1  # 1 HP left, thanks to the armor
    assert skeletor.damage >= state.pack.heroes["skeletor"].health
    state.soldiers[start] = [1, 0]
    state.teams[0].soldiers -= 1
    activate(state, "he-man")
    hero(state, "he-man").area = start
    state.apply_action(Action.of("send-soldiers", count=1, to=to, **{"from": start}))
    while state.flow.steps[-1].kind != "turn":
        state.apply_action(state.legal_actions()[0])
    assert skeletor.area == state.board.base_of("evil-warriors")  # defeated by the soldier


def test_a_mounted_hero_starts_with_its_beast_and_the_other_team_gains_4() -> None:
    """Spec §3.1 (mounted miniatures): a mounted hero starts with its beast tamed; a team
    fielding none against one that does starts with 4 more Eternium; one a team at most."""
    plain = new()
    beast = next(b for b, card in plain.pack.epic_beasts.items() if card.taming_cost)
    state = new(mounted={"he-man": beast})
    assert hero(state, "he-man").mount == beast
    assert hero(state, "he-man").mount_kind == "epic-beast"
    assert all(beast not in pile for pile in state.decks.values())
    assert state.teams[1].eternium == plain.teams[1].eternium + 4
    assert state.teams[0].eternium == plain.teams[0].eternium
    with pytest.raises(RulekeeperError, match="at most one"):
        new(mounted={"he-man": beast, "she-ra": beast})
