"""Random map games (issue 28 §4): each reaches its end with its invariants kept after every
action (map/invariants.py); saves round-trip; a game replays from its setup, seed and actions;
every listed action is accepted and sampled unlisted ones are refused with the state as it was.
RULEKEEPER_LONG=1 plays 1,000 games of each mode."""

from __future__ import annotations

import json
import os
import random

import pytest

from rulekeeper.core import CHANCE, Action, GameState, load_game
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.games.eternia.map.invariants import broken
from rulekeeper.games.eternia.scenario.reading import read_scenario, shipped_scenarios

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
GAMES = 1000 if LONG else 50
MODES = {
    "standard": {},
    "first-game": {"options": {"first_game": True}},
    "faster": {"options": {"faster": True, "initiative_matters": True, "stronger_together": True}},
    "dice-of-power": {"options": {"dice_of_power": True}},
    "skirmish": {"mode": "skirmish"},
    "free-heroes": {"mode": "skirmish", "options": {"free_heroes": True}},
    "solo": {"mode": "solo"},
    "coop": {"mode": "coop"},
}
"""Each mode's parameters (issue 28 §4; solo and co-op, issue 29 §3)."""
LEVELS = ("beginner", "novice", "advanced", "relentless")


def seats(params: dict, seed: int) -> int:
    """The players of game *seed*: 2-6; solo 1; co-op 2-3."""
    mode = params.get("mode")
    return 1 if mode == "solo" else 2 + seed % 2 if mode == "coop" else 2 + seed % 5


def with_level(params: dict, seed: int) -> dict:
    """*params* with game *seed*'s difficulty when the game is against the game."""
    if params.get("mode") in ("solo", "coop"):
        return {**params, "difficulty": LEVELS[seed % len(LEVELS)]}
    return params


def unlisted(state: GameState, rng: random.Random) -> Action:
    """An action not in the legal list: another step's kind, or a listed one bent."""
    legal = state.legal_actions()
    pick = rng.choice(legal)
    bent = dict(pick.params)
    for key, value in bent.items():
        if isinstance(value, str):
            bent[key] = value + "-nowhere"
        elif isinstance(value, int):
            bent[key] = value + 7
    options = [
        Action.of("fly-away"),
        Action.of(pick.kind, **bent),
        Action.of("move", to="the-moon"),
        Action.of("buy", card="sword-of-nothing"),
    ]
    return next((a for a in options if a not in legal), options[0])


def play(seed: int, params: dict, players: int, checks: bool) -> GameState:
    """A random game from *seed*; with *checks*, the save, refusal and invariant checks."""
    rng = random.Random(seed)
    game = load_game("eternia", players=players, **params)
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.resolve_chance()
        else:
            if checks and rng.random() < 0.05:
                before = state.serialize()
                with pytest.raises(RulekeeperError):
                    state.apply_action(unlisted(state, rng))
                assert state.serialize() == before
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 20_000
        problems = broken(state)
        assert not problems, (seed, problems, [s.kind for s in state.flow.steps])
        if checks and rng.random() < 0.02:
            text = state.serialize()
            assert game.deserialize_state(text).serialize() == text
    return state


@pytest.mark.parametrize("mode", MODES)
def test_random_games_reach_their_end(mode: str) -> None:
    """≥ 50 random games of each mode from setup to a winner (or a tie), 2-6 players."""
    endings: dict[str, int] = {}
    for seed in range(GAMES):
        params = with_level(MODES[mode], seed)
        state = play(seed, params, seats(params, seed), checks=seed % 5 == 0)
        endings[state.ending] = endings.get(state.ending, 0) + 1
        assert state.returns() and state.outcome().text
    assert sum(endings.values()) == GAMES
    if mode in ("solo", "coop"):  # against the game: the objective, or the round limit
        assert set(endings) <= {"objective", "round-limit", "boss"}
    else:
        assert endings.get("victory")


SCENARIO_OPTIONS = [
    {},
    {"first_game": True},
    {"faster": True, "initiative_matters": True, "stronger_together": True},
    {"dice_of_power": True},
]
"""The optional rules each shipped scenario is played with in turn."""


@pytest.mark.parametrize("scenario", sorted(shipped_scenarios()))
def test_every_shipped_scenario_plays_to_its_end_with_every_option(scenario: str) -> None:
    """Issue 28 acceptance: every shipped scenario (docs/eternia-scenarios.md) reaches its end
    with each optional rule, 2-6 players (a skirmish: Free Heroes too)."""
    mode = read_scenario(scenario).mode
    for seed in range(GAMES // 5):
        options = dict(SCENARIO_OPTIONS[seed % len(SCENARIO_OPTIONS)])
        if mode == "skirmish":
            options.pop("first_game", None)
            options["free_heroes"] = seed % 2 == 1
        if mode == "solo":
            mode = ("solo", "coop")[seed % 2]
        params = with_level({"mode": mode, "scenario": scenario, "options": options}, seed)
        state = play(seed, params, seats(params, seed), checks=seed % 5 == 0)
        assert state.ending and state.outcome().text


def test_a_game_replays_from_its_setup_seed_and_actions() -> None:
    """A game is reproduced from its setup, seed and action log."""
    state = play(7, {}, 4, checks=False)
    again = load_game("eternia", **state.game.params).new_initial_state(7)
    for entry in state.history():
        again.apply_action(entry.action, entry.player)
    assert again.serialize() == state.serialize()


def test_the_other_team_never_sees_its_spells_or_backpacks() -> None:
    """Spec §5.21: a team's spells and backpacks are never in the other team's observation,
    events or history (by id; counts only)."""
    for seed in range(6):
        rng = random.Random(seed)
        state = load_game("eternia", players=2).new_initial_state(seed)
        while not state.is_terminal():
            for team in (0, 1):
                other = 1 - team
                hidden = {
                    card
                    for hero in state.heroes
                    if hero.team == team
                    for card in (*hero.spells, *hero.backpack)
                }
                seat = state.game.teams[other][0]
                shown = json.dumps(
                    [
                        state.observation(seat),
                        [e.data for e in state.events_for(seat)][-30:],
                    ]
                )
                leaked = [card for card in hidden if f'"{card}"' in shown]
                bought = [e.data.get("card") for e in state.events_for(seat) if e.kind == "bought"]
                assert not [c for c in leaked if c not in bought], (seed, leaked)
            if state.current_player() == CHANCE:
                state.resolve_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_the_other_team_never_sees_its_victory_cards_in_hand() -> None:
    """Spec §5.14, §5.21: a team's victory cards in hand (dealt, drawn, cycled away) are never
    in the other team's observation, events or history; revealed ones are public."""
    for seed in range(4):
        rng = random.Random(seed)
        state = load_game("eternia", players=2).new_initial_state(seed)
        ever: list[set[str]] = [set(), set()]
        while not state.is_terminal():
            for team in (0, 1):
                if rng.random() < 0.7:  # looked at every few actions: the hands' history
                    ever[team] |= set(state.teams[team].victory)
                    continue
                ever[team] |= set(state.teams[team].victory)
                seat = state.game.teams[1 - team][0]
                shown = json.dumps(
                    [
                        state.observation(seat),
                        [e.data for e in state.events_for(seat)][-40:],
                        [  # the hand's team's actions (the other's own are its to know)
                            str(h.action)
                            for h in state.history_for(seat)
                            if h.player in state.game.teams[team]
                        ][-40:],
                    ]
                )
                public = {c for t in state.teams for c in t.revealed} | set(
                    state.discards["victory"]
                )
                ever[team] -= {
                    c for t in state.teams for c in t.victory if t is not state.teams[team]
                }
                leaked = [c for c in ever[team] - public if f'"{c}"' in shown or f"={c}" in shown]
                assert not leaked, (seed, leaked)
            if state.current_player() == CHANCE:
                state.resolve_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
