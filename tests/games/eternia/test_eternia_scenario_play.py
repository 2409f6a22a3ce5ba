"""The scenario's pieces in play (issue 28 §2; spec §1.3, §4.1 step 3, §5.14-§5.16), each test
naming its source: victory cards revealed and completed, missions and their tasks with forced
dice, events at once and for the round, skull events, the vines, the boss, an epic beast on the
map. States are made by the game, then arranged as a table would be."""

from __future__ import annotations

import pytest
from map_helpers import refusal

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.map import holdings, victory
from rulekeeper.games.eternia.map.outposts import add_soldiers
from rulekeeper.games.eternia.map.quests import boss_fought
from rulekeeper.games.eternia.map.skull_events import EFFECTS, skull_event
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


def quest_with(state, name: str, card: str) -> int:
    """*name* goes on a quest where a mission token lies, *card* on top of the scenario deck."""
    index = turn_of(state, name)
    state.heroes[index].area = state.missions[0]
    on_top(state, "scenario", card)
    state.apply_action(Action.of("quest"))
    return index


# --------------------------------------------------------------------- victory cards (§5.14)


def test_one_victory_card_a_hero_hidden_from_the_other_team() -> None:
    """Spec §3.1 step 7, §5.14: each team draws one victory card per hero, seen by its team."""
    state = new()
    assert [len(t.victory) for t in state.teams] == [3, 3]
    seat = state.game.teams[1][0]
    assert state.observation(seat)["teams"][0]["victory"] == 3


def test_a_primary_objective_reveals_the_card_and_scores() -> None:
    """Spec §5.14, A-14: a card whose primary objective holds is revealed and scores its VP; its
    secondary counts only after the reveal (a later check)."""
    state = new()
    team = state.teams[0]
    team.victory[0] = "outpost-network"  # control 3 outposts, then 5
    outposts = [a for a in state.board.outposts() if not state.board.base_team(a)]
    for area in outposts[:5]:
        add_soldiers(state, area, 0, 1)
    card = state.pack.victory_cards["outpost-network"]
    victory.check(state)
    assert "outpost-network" in team.revealed and team.vp == card.primary_vp
    assert "outpost-network" not in team.completed
    victory.check(state)
    assert "outpost-network" in team.completed
    assert team.vp == card.primary_vp + card.secondary_vp


def test_a_team_reveals_as_many_cards_as_it_has_heroes_then_discards() -> None:
    """Spec §5.14: at most as many revealed cards as heroes; then the hand is discarded."""
    state = new()
    team = state.teams[0]
    team.revealed[:] = ["watchtowers", "lord-of-the-tower"]
    team.victory[:] = ["outpost-network", "merchant-princes"]
    for area in [a for a in state.board.outposts() if not state.board.base_team(a)][:4]:
        add_soldiers(state, area, 0, 1)
    victory.check(state)
    assert len(team.revealed) == 3 and not team.victory
    assert state.discards["victory"]


def test_cycling_needs_eternium_and_a_hand() -> None:
    """Spec §5.14: cycling costs 1 Eternium, during the team's turn."""
    state = new()
    turn_of(state, "he-man")
    state.teams[0].pool.lose({"eternium": state.teams[0].eternium})
    assert "costs 1 Eternium" in refusal(state, Action.of("cycle-victory"))


# --------------------------------------------------------------------------- missions (§5.16)


def test_a_stat_test_rolls_the_stat_in_wild_dice() -> None:
    """Spec §5.16, §5.14: a mission's Mind test rolls as many wild dice as the hero's Mind and
    needs its successes (a double counts 2); achieved, the team scores the card's VP."""
    state = new()
    index = quest_with(state, "he-man", "fit-echoes-of-the-past")
    step = state.flow.steps[-1]
    assert step.kind == "mission" and state.current_player() < 0
    mind = holdings.stat(state, state.heroes[index], "mind")
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    vp = state.pack.scenario_cards["fit-echoes-of-the-past"].vp
    state.apply_action(roll(0, doubles=1, dice=mind))
    assert state.teams[0].vp == vp
    assert "fit-echoes-of-the-past" in state.discards["scenario"]


def test_a_failed_test_scores_nothing() -> None:
    """Spec §5.16: a task not achieved gives nothing; the card is discarded all the same."""
    state = new()
    index = quest_with(state, "he-man", "fit-echoes-of-the-past")
    mind = holdings.stat(state, state.heroes[index], "mind")
    state.apply_action(roll(1, dice=mind))
    assert state.teams[0].vp == 0 and "fit-echoes-of-the-past" in state.discards["scenario"]


def test_a_price_is_paid_or_declined() -> None:
    """Spec §5.16: a task that asks a price (here MOTU's: discard a spell) is attempted by paying
    it, or declined; without the spell it cannot be attempted."""
    state = new()
    index = quest_with(state, "he-man", "fit-sorceress-vision")
    assert "no spell" in refusal(state, Action.of("attempt"))
    state.heroes[index].spells.append("mending-light")
    state.apply_action(Action.of("attempt"))
    assert not state.heroes[index].spells and state.teams[0].vp > 0


def test_a_place_task_is_checked_where_the_hero_stands() -> None:
    """Spec §5.16: a place task (be in an area) is achieved only there."""
    state = new()
    quest_with(state, "he-man", "fit-the-broken-hourglass")
    assert state.teams[0].vp == 0 and state.flow.steps[-1].kind == "turn"


def test_a_scenario_epic_beast_is_fought() -> None:
    """Spec §5.16, §5.6.4: a scenario card that is an epic beast is fought in an epic combat."""
    state = new()
    quest_with(state, "he-man", "fit-granite-behemoth")
    beast = state.pack.scenario_cards["fit-granite-behemoth"].beast
    assert state.epic.fighters[1].name == beast


# ----------------------------------------------------------------------------- events (§5.15)


def event(state, card: str, hero: str = "he-man") -> int:
    index = turn_of(state, hero)
    state.resolve_event(index, card)
    state.settle()
    return index


def test_an_event_changes_the_teams_eternium_at_once() -> None:
    """Spec §5.15: an event acts at once (Eternium gained, lost), then is discarded."""
    state = new()
    before = state.teams[0].eternium
    event(state, "eternium-vein")
    assert state.teams[0].eternium == before + 2
    state.resolve_event(state.hero_index("he-man"), "raiders-of-snake-mountain")
    assert state.teams[0].eternium == before
    assert {"eternium-vein", "raiders-of-snake-mountain"} <= set(state.discards["encounters"])


def test_a_storm_hurts_every_hero_in_the_wilds_never_below_1() -> None:
    """Spec §5.15: an event's harm to heroes in wild areas leaves each at least 1 HP."""
    state = new()
    wild = next(a for a in state.board.areas if state.board.is_wild(a))
    skeletor = state.heroes[state.hero_index("skeletor")]
    skeletor.area = wild
    skeletor.damage = holdings.health(state, skeletor) - 1
    event(state, "sorcerous-storm")
    assert holdings.hp(state, skeletor) == 1


def test_soldiers_placed_and_recalled_by_the_team_area_by_area() -> None:
    """Spec §5.15, §5.3: an event places a soldier from the supply in an outpost the team holds,
    or returns one from the map, the team choosing the area."""
    state = new()
    outpost = next(a for a in state.board.outposts() if not state.board.base_team(a))
    add_soldiers(state, outpost, 0, 1)
    event(state, "call-to-arms")
    assert state.flow.steps[-1].kind == "place"
    state.apply_action(Action.of("place-soldier", area=outpost))
    assert state.soldiers[outpost][0] == 2
    state.resolve_event(state.hero_index("he-man"), "desertion")
    state.apply_action(Action.of("recall-soldier", area=outpost))
    assert state.soldiers[outpost][0] == 1


def test_an_extra_action_and_refreshed_offers() -> None:
    """Spec §5.15, §4.3, §5.10: an event may give one more standard action this turn, or deal
    every revealed offer anew."""
    state = new()
    state.arrived_soldiers(state.board.merchants("shop")[0])
    offer = list(state.offers["shop"])
    event(state, "second-wind")
    assert state.turn().extra == 1
    state.resolve_event(state.hero_index("he-man"), "travelling-caravan")
    assert state.offers["shop"] != offer and set(offer) <= set(state.discards["equipment"])


def test_a_lasting_event_acts_until_the_end_of_the_round() -> None:
    """Spec §5.15: an event's Movement bonus lasts for every hero until the end of the round."""
    state = new()
    index = state.hero_index("she-ra")
    before = holdings.movement(state, index)
    event(state, "favourable-winds")
    assert holdings.movement(state, index) == before + 1
    state.round_events.clear()  # what the round's end does (events.round_over)
    assert holdings.movement(state, index) == before


def test_a_lasting_event_heals_at_the_end_of_each_turn() -> None:
    """Spec §5.15: an end-of-turn event heals each hero at the end of its turn this round."""
    state = new()
    index = event(state, "healing-rain")
    state.heroes[index].damage = 3
    state.apply_action(Action.of("end-turn"))
    night = 1 if state.space().time == "night" else 0
    assert state.heroes[index].damage == 3 - 1 - night


# ----------------------------------------------- skull events, vines, the boss (§4.1, §1.3)


def test_evil_seeds_skull_events_bring_vines_then_the_boss() -> None:
    """Spec §4.1 step 3: Evil Seed's first skull event places vines where it says, the second
    brings the boss into play (spec §1.3)."""
    state = new("evil-seed")
    skull_event(state, 1)
    listed = state.setting.skull(1)[0].areas
    assert set(listed) <= set(state.vines)
    skull_event(state, 2)
    assert state.boss == "evil-seed" and state.boss_area and state.boss_in_play()


def test_a_vine_on_an_outpost_drains_its_day_income() -> None:
    """Evil Seed's special rule (docs/eternia-scenarios.md): a vine on an outpost yields 1
    Eternium less in a day round."""
    state = new("evil-seed")
    outpost = next(
        a
        for a in state.board.outposts()
        if not state.board.base_team(a) and state.board.eternium(a)
    )
    add_soldiers(state, outpost, 0, 1)
    state.vines.append(outpost)
    before = state.teams[0].eternium
    state.round = 2  # round 3, a day, comes next
    state.flow.steps[0].stage = "prepare"
    state.flow.steps[0].started = True
    del state.flow.steps[1:]
    state.settle()
    base = state.board.eternium(state.board.base_of("motu"))
    expected = base + state.board.eternium(outpost) - 1
    assert state.teams[0].eternium - before == expected


def test_a_hero_entering_a_vine_area_stops() -> None:
    """Evil Seed's vines (content: spread-vines): a hero entering a vine area ends its move."""
    state = new("evil-seed")
    index = turn_of(state, "he-man")
    hero = state.heroes[index]
    to = next(a for a in state.board.paths_from(hero.area) if not state.board.base_team(a))
    state.vines.append(to)
    state.apply_action(Action.of("move", to=to))
    assert hero.area == to and state.flow.steps[-1].kind == "turn"


def test_the_boss_is_fought_on_a_quest_and_keeps_its_damage() -> None:
    """Spec §5.6.4, §1.3: a hero in the boss's area fights it on a quest; surviving, it keeps its
    damage; beaten, it leaves play and its vines wither."""
    state = new("evil-seed")
    skull_event(state, 2)
    index = turn_of(state, "he-man")
    state.heroes[index].area = state.boss_area
    state.apply_action(Action.of("quest"))
    assert state.epic.boss and state.epic.fighters[1].name == "evil-seed"
    state = new("evil-seed")
    skull_event(state, 2)
    boss_fought(state, 0, False, {"damage": 5})
    assert state.boss_damage == 5 and state.boss_in_play()
    state.vines.append(state.boss_area)
    boss_fought(state, 0, True, {"damage": 16})
    assert not state.boss and not state.boss_in_play() and not state.vines


def test_a_boss_in_play_at_the_end_makes_everybody_lose() -> None:
    """Spec §1.3, §4.4: a boss still in play after the final round: every team loses."""
    state = new("evil-seed")
    skull_event(state, 2)
    state.round = len(state.game.track)
    state.teams[0].pool.gain({"vp": 5})
    for _ in range(2000):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat < 0:
            state.resolve_chance()
            continue
        legal = state.legal_actions(seat)
        end = Action.of("end-turn")
        state.apply_action(end if end in legal else legal[0])
    assert state.ending == "boss" and not state.winners
    assert "Everybody loses" in state.outcome().text


def test_an_epic_beast_on_the_map_is_fought_by_a_quest_there() -> None:
    """Scenario skull event epic-beast-appears (docs/eternia-scenarios.md): the scenario deck's
    first epic beast waits in an area; a quest there fights it."""
    state = new()
    card = next(c for c in state.decks["scenario"] if state.beast_of(c))
    on_top(state, "scenario", card)
    area = next(a for a in state.board.areas if state.board.is_wild(a) and a not in state.missions)
    EFFECTS["epic-beast-appears"](state, Switch("epic-beast-appears", {"area": area}))
    assert state.lairs[area] == card and card not in state.decks["scenario"]
    index = turn_of(state, "he-man")
    state.heroes[index].area = area
    state.apply_action(Action.of("quest"))
    assert state.epic.fighters[1].name == state.beast_of(card) and area not in state.lairs
