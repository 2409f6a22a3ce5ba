"""Random play of complete Battleground games, checking the rules' invariants after every action.

The random player chooses an action *kind* uniformly among the legal ones, then an action of
that kind, so that attacks, skills and cards happen as often as moves (forfeits and draw offers
are left out most of the time, and passing is made rarer so that games last). Two maps: the
shipped first-game map, and a small crowded skirmish map (obstacles, difficult terrain, a
platform with a ladder, objectives) where the forces meet at once.

Invariants (rulebook: Mana, Card Limits, Perform Actions, Health and Wounds, Buffs and Debuffs;
core/state.py: explain, serialization): mana 0-5; at most five fate cards in hand; AP never
negative; a character on the battleground has fewer wounds than its health outside the middle
of an attack; at most one buff and one debuff; every legal action is accepted by ``explain``;
serialize/deserialize round-trips exactly; every game ends. The same seed and action log replay
to the same final state and event log.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
import yaml

from rulekeeper.core import CHANCE, SIMULTANEOUS, Action, load_game, record_of, replay
from rulekeeper.games.battleground.game import BattlegroundGame, BattlegroundState
from rulekeeper.games.battleground.model import HAND_SIZE, MAX_MANA

MAX_ACTIONS = 6000
ROUND_TRIP_EVERY = 29
EXPLAIN_ALL_EVERY = 6

SKIRMISH = {
    "name": "fuzz-skirmish",
    "title": "Fuzz skirmish",
    "board": {"columns": 12, "rows": 10},
    "terrain": [
        {"id": "rock", "kind": "high", "hexes": [[4, 4], [5, 4]]},
        {"id": "fence", "kind": "low", "hexes": [[1, 5], [2, 5]]},
        {"id": "bog", "kind": "difficult", "hexes": [[6, 5], [7, 5], [6, 6]]},
        {
            "id": "ruin",
            "kind": "mixed",
            "hexes": [{"at": [0, 3], "height": "low"}, {"at": [1, 3], "height": "high"}],
        },
    ],
    "platforms": [{"id": "tower", "hexes": [[8, 3], [9, 3], [8, 4]]}],
    "ladders": [{"id": "tower-ladder", "at": [7, 4], "platform": "tower"}],
    "deployment_zones": [{"player": 0, "rows": [0, 1]}, {"player": 1, "rows": [8, 9]}],
    "objectives": [
        {"id": "west", "at": [0, 5]},
        {"id": "east", "at": [8, 5]},
        {"id": "centre", "at": [3, 5]},
    ],
    "deployments": [
        {"character": "he-man", "at": [3, 2], "facing": 5},
        {"character": "stratos", "at": [6, 1], "facing": 5},
        {"character": "man-at-arms", "at": [8, 1], "facing": 4},
        {"character": "skeletor", "at": [2, 7], "facing": 1},
        {"character": "mer-man", "at": [4, 6], "facing": 2},
        {"character": "trap-jaw", "at": [5, 7], "facing": 2},
    ],
}


@cache
def skirmish_game(folder: str) -> BattlegroundGame:
    path = Path(folder) / "fuzz-skirmish.yaml"
    path.write_text(yaml.safe_dump(SKIRMISH, sort_keys=False), encoding="utf-8")
    game = load_game("battleground", map=str(path))
    assert isinstance(game, BattlegroundGame)
    return game


# A Standard Setup (docs/content.md, "The rules we chose") with the characters, weapons (area
# attacks included), items and neutral cards the First Game Setup leaves out.
STANDARD_FORCES = [
    {
        "faction": "masters",
        "characters": [
            {"character": "ram-man", "weapons": ["battering-helmet"], "items": ["chain-mail"]},
            {
                "character": "orko",
                "weapons": ["mystic-mischief", "telekinesis"],
                "items": ["mana-crystal"],
            },
            {
                "character": "stratos",
                "weapons": ["wing-blades", "flamethrower"],
                "items": ["flash-powder"],
            },
        ],
        "fate_deck": [
            card
            for card in (
                "masters-for-eternia",
                "masters-steady-aim",
                "masters-battle-cry",
                "masters-guardians-call",
                "masters-cosmic-key",
                "charge",
                "change-places",
                "haste",
                "regenerate",
                "shove",
            )
            for _ in range(2)
        ],
        "glory": ["single-combat", "in-the-thick-of-it"],
    },
    {
        "faction": "evil",
        "characters": [
            {"character": "evil-lyn", "weapons": ["fireball", "shadow-ward"]},
            {"character": "tri-klops", "weapons": ["long-rifle"]},
            {"character": "trap-jaw", "weapons": ["claw-attachment", "thermal-grenade"]},
        ],
        "fate_deck": [
            card
            for card in (
                "evil-dark-ambition",
                "evil-treachery",
                "evil-evil-laughter",
                "evil-slither-away",
                "evil-cruel-precision",
                "drag-closer",
                "blink",
                "sidestep",
                "crippling-blow",
                "mana-surge",
            )
            for _ in range(2)
        ],
        "glory": ["hex-and-hinder", "outflank"],
    },
]


@cache
def standard_game(folder: str) -> BattlegroundGame:
    path = Path(folder) / "fuzz-skirmish.yaml"
    game = load_game("battleground", map=str(path), setup="standard", forces=STANDARD_FORCES)
    assert isinstance(game, BattlegroundGame)
    return game


@cache
def first_game() -> BattlegroundGame:
    game = load_game("battleground")
    assert isinstance(game, BattlegroundGame)
    return game


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("fuzz"))


@pytest.fixture(scope="module")
def skirmish(folder) -> BattlegroundGame:
    return skirmish_game(folder)


@pytest.fixture(scope="module")
def standard(folder, skirmish) -> BattlegroundGame:
    return standard_game(folder)  # on the skirmish map, written by ``skirmish``


def choose(rng: random.Random, actions: list[Action]) -> Action:
    """A kind uniformly, then an action of that kind; forfeits and draw offers 0.2% of the time;
    passing, ending an activation and declining an attack of opportunity are left out three
    times in four (so that activations last and characters meet)."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    rare = {"forfeit", "offer-draw"}
    if len(by_kind) > len(rare & set(by_kind)) and rng.random() > 0.002:
        for kind in rare:
            by_kind.pop(kind, None)
    for lazy in ("pass", "end", "decline", "play", "overwatch"):
        if lazy in by_kind and len(by_kind) > 1 and rng.random() > 0.25:
            by_kind.pop(lazy)
    if "attack" in by_kind and rng.random() < 0.5:
        return rng.choice(by_kind["attack"])  # attack half the time when one is possible
    kind = rng.choice(sorted(by_kind))
    return rng.choice(by_kind[kind])


def to_act(state: BattlegroundState, rng: random.Random) -> int:
    current = state.current_player()
    if current != SIMULTANEOUS:
        return current
    return rng.choice([p for p in (0, 1) if state.legal_actions(p)])


def check_invariants(state: BattlegroundState) -> None:
    for fighter in state.fighters.values():
        assert 0 <= fighter.mana <= MAX_MANA, fighter
        assert fighter.buff in ("", *_names(state, fighter, "buff"))
        assert fighter.debuff in ("", *_names(state, fighter, "debuff"))
        slots = Counter(s["slot"] for s in state.statuses.get(fighter.id, []))
        assert slots["buff"] <= 1 and slots["debuff"] <= 1, state.statuses
    for side in state.sides:
        assert len(side.hand) <= HAND_SIZE, side.hand
    for turn in state.turns:
        assert turn.ap >= 0, turn
    if any(s.kind == "attack" for s in state.flow):
        return  # AoE Knockouts: knocked-out targets stay until the whole attack is over
    for fighter in state.on_board():
        health = state.stat(fighter, "health")
        assert fighter.wounds < health, f"{fighter.id} stands with {fighter.wounds} wounds"


def _names(state: BattlegroundState, fighter, slot: str) -> list[str]:
    return [s["name"] for s in state.statuses.get(fighter.id, []) if s["slot"] == slot] or [
        getattr(fighter, slot)
    ]


def play(game: BattlegroundGame, seed: int, *, checks: bool = True) -> BattlegroundState:
    rng = random.Random(seed)
    sampler = random.Random(-seed - 1)  # for the checks only: the game is the same without
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, BattlegroundState)
    for count in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        if state.current_player() == CHANCE:
            state.resolve_chance()
        else:
            player = to_act(state, rng)
            actions = state.legal_actions(player)
            assert actions, f"player {player} must act but has no legal action"
            if checks:
                sample = actions if count % EXPLAIN_ALL_EVERY == 0 else sampler.sample(actions, 1)
                for action in sample:
                    verdict = state.explain(action, player)
                    assert verdict.legal, (action, verdict)
            state.apply_action(choose(rng, actions), player)
        if checks:
            check_invariants(state)
            if count % ROUND_TRIP_EVERY == 0:
                text = state.serialize()
                assert game.deserialize_state(text).serialize() == text
    raise AssertionError(f"seed {seed}: no end after {MAX_ACTIONS} actions")


def finished(state: BattlegroundState) -> None:
    assert state.is_terminal()
    assert state.result
    assert state.winner in (-1, 0, 1)
    text = state.serialize()
    assert state.game.deserialize_state(text).serialize() == text


@pytest.mark.parametrize("block", range(6))
def test_random_games_on_the_skirmish_map(skirmish, block):
    """Rulebook, Mana, Card Limits, Perform Actions, Health and Wounds, Buffs and Debuffs, and
    core/state.py (explain, serialization), checked after every action: random complete games
    of the First Game Setup on the crowded map (20 seeds per block)."""
    for seed in range(block * 20, block * 20 + 20):
        finished(play(skirmish, seed))


@pytest.mark.parametrize("block", range(2))
def test_random_games_on_the_first_game_map(block):
    """The invariants of the module docstring (rulebook: Mana, Card Limits, Perform Actions,
    Health and Wounds, Buffs and Debuffs; core/state.py): random complete games on the First
    Game Setup's battleground (20 seeds per block)."""
    for seed in range(1000 + block * 20, 1000 + block * 20 + 20):
        finished(play(first_game(), seed))


@pytest.mark.parametrize("block", range(2))
def test_random_games_of_a_standard_setup(standard, block):
    """The invariants of the module docstring (rulebook and core/state.py): random complete
    games of a Standard Setup (Ram Man, Orko, Stratos against Evil-Lyn,
    Tri-Klops, Trap Jaw, with area weapons, items and neutral cards) on the crowded map (20
    seeds per block)."""
    for seed in range(2000 + block * 20, 2000 + block * 20 + 20):
        finished(play(standard, seed))


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("RULEKEEPER_SLOW"),
    reason="the long fuzz runs with RULEKEEPER_SLOW=1 (pytest -m slow)",
)
@pytest.mark.parametrize("block", range(40))
def test_random_games_many_more(skirmish, standard, block):
    """The invariants of the module docstring (rulebook and core/state.py), the slow run (about
    5 minutes): 2000 more games on the skirmish map, half of them of the
    Standard Setup. The default run
    (``./rk test``, no marker filter) skips it; run it with ``RULEKEEPER_SLOW=1 pytest -m
    slow``."""
    for seed in range(10_000 + block * 50, 10_000 + block * 50 + 50):
        finished(play(standard if seed % 2 else skirmish, seed))


def test_random_play_reaches_the_rules_that_matter(skirmish):
    """Rulebook, Attack, Use an Active Skill, Interruptions, Health and Wounds, Claim Objective
    Tokens: the fuzz is only worth something if random play reaches these rules; count what 40
    games do."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        state = play(skirmish, seed, checks=False)
        seen.update(e.kind for e in state.events)
    for kind in ("attack", "skill", "interruption", "knocked out", "claim", "test result"):
        assert seen[kind] > 0, (kind, seen)


@pytest.mark.parametrize("seed", [3, 17, 42])
def test_same_seed_and_actions_replay_to_the_same_game(skirmish, seed):
    """core/replay.py: a state is a function of the game, the seed and the action log: the
    replay of a finished random game gives the same final state and event log."""
    state = play(skirmish, seed, checks=False)
    again = replay(record_of(state))
    assert again.serialize() == state.serialize()
    assert [e.to_data() for e in again.events] == [e.to_data() for e in state.events]
    twice = play(skirmish, seed, checks=False)
    assert twice.serialize() == state.serialize()
