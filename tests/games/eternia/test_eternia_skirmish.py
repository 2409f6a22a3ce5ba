"""The skirmish (issue 28 §2; spec §3.4, §5.18, §9.8-§9.9), each test naming its source: the
setup's steps in order, the purchases, deployment, soldiers, heroes and mission tokens, the
gameplay changes (movement cap, quests for Eternium, VP conversion, no victory cards), Train,
Acquire a Mount, where a defeated hero goes, the Free Heroes draft."""

from __future__ import annotations

import random

import pytest
from map_helpers import refusal

from rulekeeper.core import Action, load_game
from rulekeeper.games.eternia.map import defeat, holdings
from rulekeeper.games.eternia.map.game import SKIRMISH_MOVEMENT


def new(seed: int = 1, **params: object):
    """A new skirmish, team 0 (MOTU) first."""
    game = load_game("eternia", mode="skirmish", first_team=0, **params)
    return game.new_initial_state(seed)


def top(state) -> str:
    return state.flow.steps[-1].kind


def play_setup(state, pick=lambda legal: legal[0]) -> None:
    """Play the setup's steps, each decision by *pick*, until the first hero is activated."""
    while top(state) != "pick-hero":
        seat = state.current_player()
        state.apply_action(pick(state.legal_actions(seat)))


def passing(legal):
    """Pass at the purchases; otherwise the first choice."""
    return Action.of("pass") if Action.of("pass") in legal else legal[0]


def hero(state, name: str):
    return state.heroes[state.hero_index(name)]


def test_setup_steps_in_the_order_of_the_rulebook() -> None:
    """Spec §3.4 items 3-7: purchases, deployment zones, soldiers, heroes, mission tokens."""
    state = new()
    seen: list[str] = []
    while top(state) != "pick-hero":
        if not seen or seen[-1] != top(state):
            seen.append(top(state))
        state.apply_action(passing(state.legal_actions(state.current_player())))
    assert seen == ["purchase", "deploy", "place-soldiers", "place-heroes", "place-tokens"]


def test_purchases_give_5_eternium_per_hero_then_the_rest_is_discarded() -> None:
    """Spec §3.4 item 3, §9.9, A-35: 5 Eternium per hero; one equipment or spell card per turn from
    the shop's and mage guild's offers; when all have passed every team's Eternium is
    discarded."""
    state = new()
    assert [t.eternium for t in state.teams] == [15, 15]
    assert set(state.offers) == {"shop", "mage-guild"}
    card = next(a for a in state.legal_actions(0) if a.kind == "buy")
    state.apply_action(card)
    assert state.teams[0].eternium < 15
    assert any(card.get("card") in holdings.held(h) + h.backpack + h.spells for h in state.heroes)
    while top(state) == "purchase":
        state.apply_action(Action.of("pass"))
    assert [t.eternium for t in state.teams] == [0, 0]


def test_a_team_picks_a_zone_and_places_soldiers_only_on_its_outposts() -> None:
    """Spec §3.4 items 4-5: the first team picks a zone first; soldiers go only on outposts of
    the team's zone, the first team's all before the other's."""
    state = new()
    while top(state) == "purchase":
        state.apply_action(Action.of("pass"))
    zones = [a.get("zone") for a in state.legal_actions(0)]
    state.apply_action(Action.of("zone", zone=zones[0]))
    assert "other team took" in refusal(state, Action.of("zone", zone=zones[0]))
    state.apply_action(Action.of("zone", zone=zones[1]))
    assert top(state) == "place-soldiers" and state.current_player() == 0
    wild = next(a for a in state.zone_areas(0) if state.board.is_wild(a))
    assert "outpost" in refusal(state, Action.of("place-soldier", area=wild))
    theirs = next(a for a in state.zone_areas(1) if state.board.is_outpost(a))
    assert "deployment zone" in refusal(state, Action.of("place-soldier", area=theirs))
    placed = 0
    while state.current_player() == 0 and top(state) == "place-soldiers":
        state.apply_action(state.legal_actions(0)[0])
        placed += 1
    assert placed == state.setting.soldiers
    assert all(a in state.zone_areas(0) for a, n in state.soldiers.items() if n[0])


def test_heroes_alternate_and_tokens_go_in_wild_regions_apart() -> None:
    """Spec §3.4 items 6-7: the teams alternate placing one hero; mission tokens alternate,
    only in wild regions, one a region, never next to another."""
    state = new()
    while top(state) != "place-heroes":
        state.apply_action(passing(state.legal_actions(state.current_player())))
    teams = []
    while top(state) == "place-heroes":
        action = state.legal_actions(state.current_player())[0]
        teams.append(hero(state, str(action.get("hero"))).team)
        assert action.get("area") in state.hero_places(teams[-1])
        state.apply_action(action)
    assert teams == [0, 1, 0, 1, 0, 1]
    outpost = next(a for a in state.board.areas if state.board.is_outpost(a))
    assert "not a wild region" in refusal(state, Action.of("place-token", area=outpost))
    first = state.legal_actions(state.current_player())[0]
    state.apply_action(first)
    area = str(first.get("area"))
    assert "already" in refusal(state, Action.of("place-token", area=area))
    near = next((a for a in state.board.graph.neighbours(area) if state.board.is_wild(a)), None)
    if near is not None:
        assert "next to" in refusal(state, Action.of("place-token", area=near))
    while top(state) == "place-tokens":
        state.apply_action(state.legal_actions(state.current_player())[0])
    for token in state.missions:
        assert state.board.is_wild(token)
        assert not set(state.board.graph.neighbours(token)) & set(state.missions)
    assert len(state.missions) <= 2 * state.setting.mission_tokens_per_team


def ready(seed: int = 1, **params: object):
    """A skirmish set up (everyone passing at the purchases), team 0's first hero active."""
    state = new(seed, **params)
    play_setup(state, passing)
    first = next(h for h in state.heroes if h.team == 0)
    state.apply_action(Action.of("activate", hero=first.id))
    return state, state.hero_index(first.id)


def test_no_victory_cards_and_a_movement_of_at_most_2() -> None:
    """Spec §5.18.1: victory cards are not used; every hero moves at most 2, bonuses
    included."""
    state, _index = ready()
    assert all(not t.victory for t in state.teams) and "victory" not in state.decks
    assert SKIRMISH_MOVEMENT == 2
    assert all(holdings.movement(state, i) <= 2 for i in range(len(state.heroes)))
    assert not any(a.kind == "cycle-victory" for a in state.legal_actions(0))


def test_a_quest_removes_the_token_for_2_eternium() -> None:
    """Spec §5.18.1, §5.16: Go on a Quest removes the mission token from the game and gives
    the team 2 Eternium; no scenario card is drawn."""
    state, index = ready()
    state.heroes[index].area = state.missions[0]
    tokens, before = len(state.missions), state.teams[0].eternium
    state.apply_action(Action.of("quest"))
    assert len(state.missions) == tokens - 1
    assert state.teams[0].eternium == before + 2


def test_train_a_plus_2_card_for_3_and_a_special_card_for_5() -> None:
    """Spec §5.18.3: Train (free action): 3 Eternium for a +2 card, 5 for a special card of the
    supply; a card of the deck is then removed (it stays at 21, A-15)."""
    state, _index = ready()
    team = state.teams[0]
    team.pool.lose({"eternium": team.eternium})
    assert "costs 3" in refusal(state, Action.of("train", card="plus-2"))
    team.pool.gain({"eternium": 8})
    state.apply_action(Action.of("train", card="plus-2"))
    assert team.eternium == 5 and len(team.deck) == 22 and top(state) == "remove-card"
    state.apply_action(state.legal_actions(0)[0])
    assert len(team.deck) == 21
    assert "once a turn" in refusal(state, Action.of("train", card="plus-2"))


def test_train_is_a_skirmish_action() -> None:
    """Spec §5.18.3: Train and Acquire a Mount belong to the skirmish."""
    state = load_game("eternia", first_team=0).new_initial_state(1)
    first = next(h for h in state.heroes if h.team == 0)
    state.apply_action(Action.of("activate", hero=first.id))
    assert "skirmish" in refusal(state, Action.of("train", card="plus-2"))
    assert "skirmish" in refusal(state, Action.of("acquire-mount"))


def test_acquire_a_mount_pays_2_and_fights_a_tameable_epic_beast() -> None:
    """Spec §3.4 item 8, §5.18.3: Acquire a Mount (standard action) costs 2 Eternium and fights
    the top card of the tameable epic beasts' deck."""
    state, _index = ready()
    pack = state.pack
    assert state.decks["mounts"]
    assert all(pack.epic_beasts[b].taming_cost is not None for b in state.decks["mounts"])
    state.teams[0].pool.lose({"eternium": state.teams[0].eternium})
    state.teams[0].pool.gain({"eternium": 2})
    beast = state.decks["mounts"][-1]
    state.apply_action(Action.of("acquire-mount"))
    assert state.teams[0].eternium == 0
    assert state.epic.fighters and state.epic.fighters[1].name == beast


def test_a_defeated_hero_goes_to_its_zone_without_paying_vp() -> None:
    """Spec §5.18.2: a defeated hero is placed on an outpost of its team's deployment zone not
    next to a wild region with enemies."""
    state, index = ready()
    state.teams[0].pool.gain({"eternium": 5})
    defeat.defeat(state, index)
    area = state.heroes[index].area
    assert area in state.zone_areas(0) and state.board.is_outpost(area)


def test_vp_a_skirmish_does_not_score_are_2_eternium_each() -> None:
    """Spec §5.18.1: a VP the scenario does not score is 2 Eternium instead."""
    state, _index = ready()
    scored = {str(rule.kind) for rule in state.setting.scoring}
    before = (state.teams[0].vp, state.teams[0].eternium)
    state.score_vp(0, 1, "epic beast")
    if "vp-per-epic-beast-defeated" in scored:
        assert (state.teams[0].vp, state.teams[0].eternium) == (before[0] + 1, before[1])
    else:
        assert (state.teams[0].vp, state.teams[0].eternium) == (before[0], before[1] + 2)


def test_free_heroes_draft_alternates_over_both_factions() -> None:
    """Spec §3.4 item 1, §9.8, A-35: Free Heroes: the teams pick heroes of any faction in turn, the
    first team first, until six are in play."""
    state = new(options="free_heroes")
    assert top(state) == "draft" and not state.heroes
    picks = []
    while top(state) == "draft":
        seat = state.current_player()
        picks.append(seat)
        state.apply_action(state.legal_actions(seat)[-1])  # the last heroes: of either faction
        if len(picks) == 1:
            taken = Action.of("draft", hero=state.heroes[0].id)
            assert "drafted already" in refusal(state, taken)
    assert picks == [0, 1, 0, 1, 0, 1]
    assert len({h.id for h in state.heroes}) == 6
    assert [sum(1 for h in state.heroes if h.team == t) for t in (0, 1)] == [3, 3]


@pytest.mark.parametrize("seed", range(3))
def test_a_random_skirmish_reaches_its_end(seed: int) -> None:
    """Spec §5.18: a skirmish played at random ends after its scenario's rounds."""
    state = new(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat < 0 and state.chance_outcomes():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply_action(action)
    assert state.round >= state.setting.rounds
