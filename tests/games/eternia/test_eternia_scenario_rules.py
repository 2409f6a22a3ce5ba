"""The scenario's pieces, rule by rule (issue 28 §4; spec §1.3, §4.1, §5.14-§5.16), each test
naming its source: victory cards dealt, revealed, completed, limited and cycled; each objective
kind; each mission task kind won and lost with forced dice; each event effect kind; each skull
event kind; the vines; the boss. States are made by the game, then arranged as a table would be."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from map_helpers import refusal

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.map import holdings, objectives, victory
from rulekeeper.games.eternia.map.outposts import add_soldiers
from rulekeeper.games.eternia.map.quests import boss_fought
from rulekeeper.games.eternia.map.rewards import EVENT_EFFECTS
from rulekeeper.games.eternia.map.skull_events import EFFECTS
from rulekeeper.games.eternia.scenario.model import Switch


def new(scenario: str = "fractures-in-time", seed: int = 1):
    """A 2-player standard game of *scenario*, team 0 (MOTU) first."""
    game = load_game("eternia", players=2, first_team=0, scenario=scenario)
    return game.new_initial_state(seed)


def turn_of(state, name: str) -> int:
    state.apply_action(Action.of("activate", hero=name))
    return state.hero_index(name)


def on_top(state, deck: str, card: str) -> None:
    """*card* to the top of *deck* (the next drawn)."""
    pile = state.decks[deck]
    if card in pile:
        pile.remove(card)
    pile.append(card)


def roll(successes: int, doubles: int = 0, dice: int = 0) -> Action:
    """A chance outcome of the wild dice with these faces (the rest blank)."""
    blank = max(0, dice - successes - doubles)
    return Action.of("roll", blank=blank, success=successes, double=doubles, reroll=0)


def outposts(state) -> list[str]:
    """The map's outposts that are no team's base."""
    return [a for a in state.board.outposts() if not state.board.base_team(a)]


def quest_with(state, name: str, card: str) -> int:
    """*name* goes on a quest where a mission token lies, *card* on top of the scenario deck."""
    index = turn_of(state, name)
    state.heroes[index].area = state.missions[0]
    on_top(state, "scenario", card)
    state.apply_action(Action.of("quest"))
    return index


# --------------------------------------------------------------------- victory cards (§5.14)


def test_victory_cards_dealt_one_per_hero() -> None:
    """Spec §5.14, §3.1 step 7: each team is dealt one victory card per hero, none revealed."""
    state = new("evil-seed")
    heroes = [sum(1 for h in state.heroes if h.team == t) for t in range(2)]
    assert [len(t.victory) for t in state.teams] == heroes
    assert not any(t.revealed or t.vp for t in state.teams)


def test_reveal_scores_primary_then_completion_scores_secondary() -> None:
    """Spec §5.14, A-14: the primary objective reveals the card with its VP; the secondary,
    held at a later check, completes it with its own VP."""
    state = new()
    team = state.teams[0]
    team.victory[0] = "outpost-network"
    card = state.pack.victory_cards["outpost-network"]
    for area in outposts(state)[:3]:
        add_soldiers(state, area, 0, 1)
    victory.check(state)
    assert "outpost-network" in team.revealed and team.vp == card.primary_vp
    victory.check(state)
    assert "outpost-network" not in team.completed  # only 3 outposts
    for area in outposts(state)[3:5]:
        add_soldiers(state, area, 0, 1)
    victory.check(state)
    assert "outpost-network" in team.completed
    assert team.vp == card.primary_vp + card.secondary_vp


def test_the_reveal_limit_is_the_heroes_then_the_hand_is_discarded() -> None:
    """Spec §5.14: once a team has revealed as many cards as it has heroes, its hand goes to the
    discard pile and no more are revealed."""
    state = new()
    team = state.teams[0]
    team.revealed[:] = ["watchtowers", "lord-of-the-tower", "merchant-princes"]
    team.victory[:] = ["outpost-network"]
    for area in outposts(state)[:5]:
        add_soldiers(state, area, 0, 1)
    victory.check(state)
    assert len(team.revealed) == 3 and not team.victory
    assert "outpost-network" in state.discards["victory"]


def test_cycling_costs_one_eternium_and_redraws_the_discarded() -> None:
    """Spec §5.14 (A-14: any number of times in a turn): cycling costs 1 Eternium; the team
    discards the cards it picks and draws as many."""
    state = new()
    turn_of(state, "he-man")
    team = state.teams[0]
    before, hand = team.eternium, list(team.victory)
    state.apply_action(Action.of("cycle-victory"))
    assert team.eternium == before - 1
    state.apply_action(Action.of("discard-victory", item=sorted(hand)[0]))
    state.apply_action(Action.of("done"))
    assert len(team.victory) == len(hand) and sorted(hand)[0] in state.discards["victory"]
    assert state.flow.steps[-1].kind == "turn"
    state.apply_action(Action.of("cycle-victory"))  # again, the same turn
    assert team.eternium == before - 2


def test_cycling_is_refused_without_eternium_or_outside_a_turn() -> None:
    """Spec §5.14: cycling costs 1 Eternium and happens during one of the team's turns."""
    state = new()
    assert "activated first" in refusal(state, Action.of("cycle-victory"))
    turn_of(state, "he-man")
    state.teams[0].pool.lose({"eternium": state.teams[0].eternium})
    assert "1 Eternium" in refusal(state, Action.of("cycle-victory"))


# ---------------------------------------------------------------------- objectives (§5.14)


def _arrange(state, kind: str, met: bool):
    """An objective of *kind* and the state arranged so it holds (met) or not."""
    area = outposts(state)[0]
    if kind == "control-outposts":
        for spot in outposts(state)[: 2 if met else 1]:
            add_soldiers(state, spot, 0, 1)
        return SimpleNamespace(kind=kind, count=2)
    if kind == "control-area":
        if met:
            add_soldiers(state, area, 0, 1)
        return SimpleNamespace(kind=kind, area=area)
    if kind == "hold-eternium":
        state.teams[0].pool.lose({"eternium": state.teams[0].eternium})
        state.teams[0].pool.gain({"eternium": 8 if met else 7})
        return SimpleNamespace(kind=kind, amount=8)
    if kind == "soldiers-on-map":
        add_soldiers(state, area, 0, 3 if met else 2)
        return SimpleNamespace(kind=kind, count=3)
    if kind == "defeat-heroes":
        state.teams[0].defeats = 1 if met else 0
        return SimpleNamespace(kind=kind, count=1)
    if kind == "quests-done":
        state.teams[0].quests = 2 if met else 1
        return SimpleNamespace(kind=kind, count=2)
    assert kind == "full-health"
    heroes = [h for h in state.heroes if h.team == 0]
    heroes[0].damage = 0 if met else 1
    heroes[1].damage = heroes[2].damage = 1
    return SimpleNamespace(kind=kind, count=1)


KINDS = [
    "control-outposts",
    "control-area",
    "hold-eternium",
    "soldiers-on-map",
    "defeat-heroes",
    "quests-done",
    "full-health",
]


@pytest.mark.parametrize("met", [True, False])
@pytest.mark.parametrize("kind", KINDS)
def test_an_objective_kind_is_checked_on_the_state(kind: str, met: bool) -> None:
    """Spec §5.14: an objective holds exactly when the state shows it (content/objectives.py)."""
    state = new()
    objective = _arrange(state, kind, met)
    assert objectives.achieved(state, 0, objective) is met


# ------------------------------------------------------------------------ mission tasks (§5.16)


@pytest.mark.parametrize("won", [True, False])
def test_a_stat_test_task_is_a_chance_roll(won: bool) -> None:
    """Spec §5.16: a stat test rolls the hero's stat in wild dice, needing the successes."""
    state = new()
    index = quest_with(state, "he-man", "fit-guardians-of-time")  # MOTU: body, 2 successes
    assert state.current_player() < 0
    body = holdings.stat(state, state.heroes[index], "body")
    state.apply_action(roll(2 if won else 1, dice=body))
    vp = state.pack.scenario_cards["fit-guardians-of-time"].vp
    assert state.teams[0].vp == (vp if won else 0)
    assert "fit-guardians-of-time" in state.discards["scenario"]


@pytest.mark.parametrize("won", [True, False])
def test_a_success_check_task_rolls_one_die(won: bool) -> None:
    """Spec §5.16: a success check rolls one wild die, a success achieving the task."""
    state = new()
    quest_with(state, "he-man", "fit-rift-in-the-sky")
    assert state.current_player() < 0
    state.apply_action(roll(1 if won else 0, dice=1))
    vp = state.pack.scenario_cards["fit-rift-in-the-sky"].vp
    assert state.teams[0].vp == (vp if won else 0)


@pytest.mark.parametrize("attempt", [True, False])
def test_a_pay_eternium_task_is_attempted_or_declined(attempt: bool) -> None:
    """Spec §5.16: a task with a price in Eternium is paid (scoring the card) or declined."""
    state = new("evil-seed")
    quest_with(state, "he-man", "es-seed-of-power")
    before = state.teams[0].eternium
    state.apply_action(Action.of("attempt" if attempt else "decline"))
    vp = state.pack.scenario_cards["es-seed-of-power"].vp
    assert state.teams[0].eternium == before - (2 if attempt else 0)
    assert state.teams[0].vp == (vp if attempt else 0)


def test_a_pay_eternium_task_is_refused_without_the_eternium() -> None:
    """Spec §5.16: a price the team cannot pay cannot be attempted."""
    state = new("evil-seed")
    index = turn_of(state, "he-man")
    state.teams[0].pool.lose({"eternium": state.teams[0].eternium})
    state.heroes[index].area = state.missions[0]
    on_top(state, "scenario", "es-seed-of-power")
    state.apply_action(Action.of("quest"))
    assert "2 Eternium" in refusal(state, Action.of("attempt"))


@pytest.mark.parametrize("held", [True, False])
def test_a_discard_spell_task_needs_a_spell(held: bool) -> None:
    """Spec §5.16: a discard-a-spell task is attempted by discarding one; without it, refused."""
    state = new()
    index = turn_of(state, "he-man")
    if held:
        state.heroes[index].spells.append("mending-light")
    state.heroes[index].area = state.missions[0]
    on_top(state, "scenario", "fit-sorceress-vision")
    state.apply_action(Action.of("quest"))
    if held:
        state.apply_action(Action.of("attempt"))
        assert not state.heroes[index].spells and state.teams[0].vp == 2
    else:
        assert "no spell" in refusal(state, Action.of("attempt"))
        state.apply_action(Action.of("decline"))
        assert state.teams[0].vp == 0


@pytest.mark.parametrize("held", [True, False])
def test_a_discard_card_task_needs_a_card(held: bool) -> None:
    """Spec §5.16: a discard-a-card task needs a card the hero holds."""
    state = new("evil-seed")
    index = turn_of(state, "he-man")
    found = state.heroes[index]
    found.backpack.clear()
    if not held:
        for card in list(holdings.held(found)):
            holdings.lose(state, index, card)
    else:
        found.backpack.append(state.decks["equipment"][-1])
    found.area = state.missions[0]
    on_top(state, "scenario", "es-burn-the-vines")
    state.apply_action(Action.of("quest"))
    if held:
        state.apply_action(Action.of("attempt"))
        assert state.teams[0].vp == 2
    else:
        assert "no card" in refusal(state, Action.of("attempt"))


@pytest.mark.parametrize("there", [True, False])
def test_a_be_in_task_is_checked_where_the_hero_stands(there: bool) -> None:
    """Spec §5.16: a be-in task is achieved only in its area."""
    state = new()
    state.missions.insert(0, "sands-of-time" if there else state.missions[0])
    quest_with(state, "he-man", "fit-the-broken-hourglass")
    vp = state.pack.scenario_cards["fit-the-broken-hourglass"].vp
    assert state.teams[0].vp == (vp if there else 0)


@pytest.mark.parametrize("held", [True, False])
def test_a_control_area_task_is_checked_on_the_map(held: bool) -> None:
    """Spec §5.16: a control-area task is achieved when the team controls the area."""
    state = new()
    if held:
        add_soldiers(state, "central-tower", 0, 1)
    quest_with(state, "he-man", "fit-hold-the-tower")
    vp = state.pack.scenario_cards["fit-hold-the-tower"].vp
    assert state.teams[0].vp == (vp if held else 0)


# ----------------------------------------------------------------------------- events (§5.15)


def test_event_lose_eternium_never_below_zero() -> None:
    """Spec §5.15: an event's Eternium loss takes what the team has, never below 0."""
    state = new()
    index = turn_of(state, "he-man")
    state.teams[0].pool.lose({"eternium": state.teams[0].eternium - 1})
    EVENT_EFFECTS["lose-eternium"](state, index, 2)
    assert state.teams[0].eternium == 0


def test_event_heal_all_heals_every_hero() -> None:
    """Spec §5.15: heal-all heals every hero by the amount."""
    state = new()
    for found in state.heroes:
        found.damage = 3
    EVENT_EFFECTS["heal-all"](state, 0, 2)
    assert all(h.damage == 1 for h in state.heroes)


def test_event_damage_in_wilds_spares_heroes_elsewhere() -> None:
    """Spec §5.15: damage-heroes-in-wilds hurts only heroes in wild areas, never below 1 HP."""
    state = new()
    wild = next(a for a in state.board.areas if state.board.is_wild(a))
    out, home = state.heroes[0], state.heroes[1]
    out.area = wild
    EVENT_EFFECTS["damage-heroes-in-wilds"](state, 0, 2)
    assert out.damage == 2 and home.damage == 0


def test_event_draw_encounter_draws_one() -> None:
    """Spec §5.15: draw-encounter makes the hero draw an encounter card."""
    state = new()
    index = turn_of(state, "he-man")
    before = len(state.decks["encounters"])
    EVENT_EFFECTS["draw-encounter"](state, index, 0)
    assert len(state.decks["encounters"]) == before - 1


def test_event_spread_and_remove_vines() -> None:
    """Spec §5.15 (Evil Seed): spread-vines places a vine next to the boss where the player
    picks; remove-vines clears them all."""
    state = new("evil-seed")
    area = outposts(state)[0]
    EFFECTS["boss-enters"](state, Switch("boss-enters", {"boss": "evil-seed", "area": area}))
    index = turn_of(state, "he-man")
    EVENT_EFFECTS["spread-vines"](state, index, 1)
    state.settle()
    step = state.flow.steps[-1]
    assert step.kind == "place"
    choice = state.legal_actions(state.current_player())[0]
    state.apply_action(choice)
    assert len(state.vines) == 1 and state.board.distance(area, state.vines[0]) == 1
    EVENT_EFFECTS["remove-vines"](state, index, 0)
    assert not state.vines


def test_a_lasting_movement_event_is_gone_next_round() -> None:
    """Spec §5.15: a movement event lasts for the round only."""
    state = new()
    index = turn_of(state, "he-man")
    before = holdings.movement(state, index)
    state.resolve_event(index, "favourable-winds")
    state.settle()
    assert holdings.movement(state, index) == before + 1
    assert "favourable-winds" in state.round_events
    first = state.round
    for _ in range(200):
        if state.round != first or state.is_terminal():
            break
        seat = state.current_player()
        if seat < 0:
            state.resolve_chance()
            continue
        legal = state.legal_actions(seat)
        end = Action.of("end-turn")
        state.apply_action(end if end in legal else legal[0])
    assert not state.round_events and holdings.movement(state, index) == before


# ------------------------------------------------------------------- skull events (§4.1 step 3)


def test_skull_place_mission_tokens() -> None:
    """Spec §4.1 step 3: a skull event places mission tokens in the listed areas."""
    state = new()
    area = next(a for a in state.board.areas if a not in state.missions)
    EFFECTS["place-mission-tokens"](state, Switch("place-mission-tokens", {"areas": [area]}))
    assert area in state.missions


def test_skull_shuffle_scenario_deck_takes_back_the_discards() -> None:
    """Spec §4.1 step 3: the scenario deck is shuffled with its discard pile."""
    state = new()
    card = state.decks["scenario"].pop()
    state.discards["scenario"].append(card)
    size = len(state.decks["scenario"]) + 1
    EFFECTS["shuffle-scenario-deck"](state, Switch("shuffle-scenario-deck", {}))
    assert len(state.decks["scenario"]) == size and not state.discards["scenario"]


def test_skull_boss_enters_undamaged() -> None:
    """Spec §1.3, §4.1 step 3: the boss enters play in its area with no damage."""
    state = new("evil-seed")
    area = outposts(state)[0]
    EFFECTS["boss-enters"](state, Switch("boss-enters", {"boss": "evil-seed", "area": area}))
    assert state.boss == "evil-seed" and state.boss_area == area and state.boss_damage == 0


def test_skull_vines_without_areas_grow_next_to_the_boss() -> None:
    """Spec §4.1 step 3 (Evil Seed): vines with no area listed go to the free area nearest the
    boss, never a base."""
    state = new("evil-seed")
    area = outposts(state)[0]
    EFFECTS["boss-enters"](state, Switch("boss-enters", {"boss": "evil-seed", "area": area}))
    EFFECTS["vines"](state, Switch("vines", {"count": 2}))
    assert state.vines[0] == area and len(state.vines) == 2
    assert state.board.distance(area, state.vines[1]) == 1
    assert all(state.board.base_team(a) is None for a in state.vines)


def test_skull_all_teams_gain_eternium() -> None:
    """Spec §4.1 step 3: every team gains the Eternium."""
    state = new()
    before = [t.eternium for t in state.teams]
    EFFECTS["all-teams-gain-eternium"](state, Switch("all-teams-gain-eternium", {"amount": 2}))
    assert [t.eternium for t in state.teams] == [b + 2 for b in before]


def test_skull_epic_beast_waits_in_its_lair() -> None:
    """Spec §4.1 step 3: the scenario deck's first epic beast card waits in the area (a lair);
    a quest there fights it."""
    state = new()
    card = next(c for c in reversed(state.decks["scenario"]) if state.beast_of(c))  # from the top
    area = next(a for a in state.board.areas if state.board.is_wild(a) and a not in state.missions)
    EFFECTS["epic-beast-appears"](state, Switch("epic-beast-appears", {"area": area}))
    assert state.lairs[area] == card and card not in state.decks["scenario"]
    index = turn_of(state, "he-man")
    state.heroes[index].area = area
    state.apply_action(Action.of("quest"))
    assert state.epic.fighters[1].name == state.beast_of(card) and area not in state.lairs


# ------------------------------------------------------------------------------ the boss (§1.3)


def test_the_boss_keeps_its_damage_between_fights() -> None:
    """Spec §1.3, §5.6.4: a boss that survives a fight keeps its damage; the next fight starts
    from it."""
    state = new("evil-seed")
    area = outposts(state)[0]
    EFFECTS["boss-enters"](state, Switch("boss-enters", {"boss": "evil-seed", "area": area}))
    boss_fought(state, 0, False, {"damage": 3})
    assert state.boss_damage == 3 and state.boss_in_play()
    state.settle()
    while state.flow.steps[-1].kind == "place":  # the boss's end-of-combat vines
        state.apply_action(state.legal_actions(state.current_player())[0])
    index = turn_of(state, "he-man")
    state.heroes[index].area = area
    state.apply_action(Action.of("quest"))
    assert state.epic.boss and state.epic.fighters[1].damage == 3


def test_the_boss_defeated_leaves_play_with_its_vines() -> None:
    """Spec §1.3: a boss defeated leaves play; its vines are removed."""
    state = new("evil-seed")
    area = outposts(state)[0]
    EFFECTS["boss-enters"](state, Switch("boss-enters", {"boss": "evil-seed", "area": area}))
    EFFECTS["vines"](state, Switch("vines", {"count": 3}))
    boss_fought(state, 0, True, {"damage": 16})
    assert not state.boss_in_play() and not state.vines and not state.boss_area
