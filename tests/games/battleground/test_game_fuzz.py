"""Random play of complete Battleground games, checking the rules' invariants after every action.

The random player chooses an action *kind* uniformly among the legal ones, then an action of
that kind, so that attacks, skills and cards happen as often as moves (forfeits and draw offers
are left out most of the time, and passing is made rarer so that games last). Two maps: the
shipped first-game map, and a small crowded skirmish map (obstacles, difficult terrain, a
platform with a ladder, objectives) where the forces meet at once.

Invariants (rulebook: Mana, Card Limits, Perform Actions, Health and Wounds, Buffs and Debuffs;
core/state.py: explain, serialization): mana 0-5; at most five fate cards in hand; AP never
negative; a character on the battleground has fewer wounds than its health outside the middle
of an attack; at most one buff and one debuff; serialize/deserialize round-trips exactly; every
game ends. The same seed and action log replay to the same final state and event log.

Legality both ways (core/state.py: validation before mutation, atomic application): listed
actions are accepted (``explain`` says legal: all of them every twelfth decision, a sampled one
otherwise; and every seventh decision a sampled one is applied to a clone); plausible
*unlisted* actions are refused (``explain`` says not legal, ``apply_action`` raises
IllegalActionError with the same rule and reason, and ``serialize()`` is unchanged). The
unlisted actions are built from actions listed at earlier decision points, the acting seat's
actions submitted by the other seat, a move to a position that is not listed, an attack with a
weapon the character does not carry, and listed actions with one parameter changed, dropped or
added (:class:`Prober`).

Clone independence (core/state.py: clone): playing a clone on, or scribbling over every list
and dict inside it, leaves the original's ``serialize()`` as it was; and an earlier clone is
unchanged by the actions later applied to the original.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
import yaml

from rulekeeper.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Deck,
    Flow,
    IllegalActionError,
    Step,
    load_game,
    record_of,
    replay,
)
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.game import BattlegroundGame, BattlegroundState
from rulekeeper.games.battleground.model import HAND_SIZE, MAX_MANA, Fighter, Side, Turn
from rulekeeper.games.battleground.rules.combat import usable_weapons

MAX_ACTIONS = 6000
ROUND_TRIP_EVERY = 29
EXPLAIN_ALL_EVERY = 12
ACCEPT_ON_CLONE_EVERY = 7  # apply a sampled listed action to a clone (it must be accepted)
REFUSE_EVERY = 19  # try a few plausible unlisted actions (at a chance node 1 time in 3)
CLONE_EVERY = 151  # play a clone on and scribble over it; check an earlier clone
MANY_BLOCKS = 80 if os.environ.get("RULEKEEPER_LONG") else 1
"""Blocks of 25 games of the slow run (:func:`test_random_games_many_more`)."""

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


# === legality both ways, clone independence ===================================================


class Prober:
    """Builds plausible unlisted actions from what the game listed before (for one game)."""

    POOL = 300

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seen: list[Action] = []  # actions listed at earlier decision points (a sample)
        self.earlier: tuple[BattlegroundState, str] | None = None  # a clone and its text

    def remember(self, actions: list[Action]) -> None:
        action = actions[self.rng.randrange(len(actions))]
        if len(self.seen) < self.POOL:
            self.seen.append(action)
        else:
            self.seen[self.rng.randrange(self.POOL)] = action

    def values(self, name: str) -> list[object]:
        """The values a parameter of this name had in the actions seen."""
        return [v for a in self.seen for n, v in a.params if n == name]

    def mutated(self, action: Action) -> Action:
        """The action with one parameter changed (to another value of its kind, or one seen
        under that name), dropped, or one parameter added."""
        params = dict(action.params)
        roll = self.rng.random()
        if not params or roll < 0.1:
            params["extra"] = self.rng.choice([1, True, "x"])
            return Action(action.kind, tuple(params.items()))
        name = self.rng.choice(sorted(params))
        if roll < 0.2:
            del params[name]
            return Action(action.kind, tuple(params.items()))
        value = params[name]
        seen = [v for v in self.values(name) if v != value]
        if seen and self.rng.random() < 0.5:
            params[name] = self.rng.choice(seen)
        elif isinstance(value, bool):
            params[name] = not value
        elif isinstance(value, int):
            params[name] = value + self.rng.choice([-7, -2, -1, 1, 2, 7])
        elif isinstance(value, str):
            params[name] = value + "-x" if self.rng.random() < 0.5 else value.upper()
        elif isinstance(value, tuple):
            items = list(value)
            if items and self.rng.random() < 0.3:
                items.pop(self.rng.randrange(len(items)))
            elif items and all(isinstance(v, int) for v in items):
                index = self.rng.randrange(len(items))
                items[index] += self.rng.choice([-1, 1, 3])
            elif items:
                items.append(self.rng.choice(items))  # a card twice, a die twice
            else:
                seen_lists = [v for v in self.values(name) if isinstance(v, tuple)]
                elements = [e for v in seen_lists for e in v]
                items.append(self.rng.choice(elements) if elements else 0)
            params[name] = items
        return Action(action.kind, tuple(params.items()))

    def candidates(
        self, state: BattlegroundState, player: int, actions: list[Action]
    ) -> list[tuple[Action, int]]:
        rng = self.rng
        out: list[tuple[Action, int]] = []
        out += [(a, player) for a in rng.sample(self.seen, min(3, len(self.seen)))]
        out.append((rng.choice(actions), 1 - player))  # the other seat
        out += [(self.mutated(rng.choice(actions)), player) for _ in range(4)]
        if state.flow.top().kind == "act":
            fighter = state.fighters[state.turn().character]
            listed = {a.get("to") for a in actions if a.kind == "move" and a.get("focus") is False}
            spots = sorted(state.field.positions)
            for _ in range(3):
                spot = rng.choice(spots)
                if tuple(spot.to_json()) not in listed:
                    out.append((Action.of("move", to=spot.to_json(), focus=False), player))
                    break
            if not fighter.focused:
                spot = rng.choice(spots)
                out.append((Action.of("move", to=spot.to_json(), focus=True), player))
            missing = sorted(set(state.pack.weapons) - set(usable_weapons(state, fighter)))
            targets = sorted(state.fighters)
            if missing:
                weapon = rng.choice(missing)
                out.append((Action.of("attack", weapon=weapon, target=rng.choice(targets)), player))
        return out

    def refuse_unlisted(self, state: BattlegroundState, player: int, actions: list[Action]) -> None:
        """Plausible actions that are not listed are refused and change nothing."""
        before = state.serialize()
        listed = {p: set(state.legal_actions(p)) for p in (0, 1)}
        tried = 0
        for action, seat in self.candidates(state, player, actions):
            if action in listed[seat] or action in state.anytime_actions(seat):
                continue
            tried += 1
            verdict = state.explain(action, seat)
            assert not verdict.legal, (action, seat, verdict)
            with pytest.raises(IllegalActionError) as refusal:
                state.apply_action(action, seat)
            assert (refusal.value.rule, refusal.value.reason) == (verdict.rule, verdict.reason)
        if tried:
            assert state.serialize() == before, "a refused action changed the state"

    def refuse_at_chance(self, state: BattlegroundState) -> None:
        """At a chance node: no impossible face, and no player acts (forfeits and draw offers
        aside)."""
        before = state.serialize()
        faces = [a.get("face") for a in state.legal_actions()]
        tries: list[tuple[Action, int | None]] = [
            (Action.of("roll", face=max(faces) + 1), None),
            (Action.of("roll", face=min(faces) - 1), None),
            (state.legal_actions()[0], self.rng.choice([0, 1])),
        ]
        if self.seen:
            tries.append((self.rng.choice(self.seen), self.rng.choice([0, 1])))
        for action, seat in tries:
            if seat is not None and action in state.anytime_actions(seat):
                continue
            assert not state.explain(action, seat).legal, (action, seat)
            with pytest.raises(IllegalActionError):
                state.apply_action(action, seat)
        assert state.serialize() == before

    def refuse_at_end(self, state: BattlegroundState) -> None:
        """Nothing more is accepted once the game is over (forfeits and draw offers
        included), and the last earlier clone is still as it was."""
        before = state.serialize()
        tries = [*self.rng.sample(self.seen, min(3, len(self.seen))), Action.of("forfeit")]
        for action in tries:
            seat = self.rng.choice([0, 1])
            verdict = state.explain(action, seat)
            assert (verdict.legal, verdict.rule) == (False, "core: game over"), verdict
            with pytest.raises(IllegalActionError):
                state.apply_action(action, seat)
        assert state.serialize() == before
        if self.earlier is not None:
            clone, text = self.earlier
            assert clone.serialize() == text, "actions on the original changed an earlier clone"

    def check_clones(self, state: BattlegroundState, rng: random.Random) -> None:
        """A clone played on, or scribbled over, leaves the original unchanged; an earlier
        clone is unchanged by what the original did since."""
        before = state.serialize()
        if self.earlier is not None:
            clone, text = self.earlier
            assert clone.serialize() == text, "actions on the original changed an earlier clone"
        self.earlier = (state.clone(), before)
        twin = state.clone()
        assert twin.serialize() == before
        for _ in range(rng.randrange(1, 6)):
            if twin.is_terminal():
                break
            if twin.current_player() == CHANCE:
                twin.resolve_chance()
            else:
                seat = to_act(twin, rng)
                twin.apply_action(choose(rng, twin.legal_actions(seat)), seat)
        assert len(twin.history()) > len(state.history())
        assert state.serialize() == before, "actions on a clone changed the original"
        scribble(state.clone())
        try:
            after = state.serialize()
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise AssertionError("changing a clone's data broke the original") from exc
        assert after == before, "changing a clone's data changed the original"


SCRIBBLE = "#scribbled"


def scribble(value: object) -> None:
    """Change every list and dict reachable from the state's own data, the pending steps of
    its procedure included (a fighter's weapons and items and the steps marked ``shared``
    aside: they never change in a game, and clones share them by design)."""
    if isinstance(value, BattlegroundState):
        for key, item in vars(value).items():
            if key not in BattlegroundState._BASE_FIELDS:
                scribble(item)
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append(SCRIBBLE)
    elif isinstance(value, dict):
        for item in list(value.values()):
            scribble(item)
        value[SCRIBBLE] = SCRIBBLE
    elif isinstance(value, Fighter):
        for key, item in vars(value).items():
            if key not in ("weapons", "items"):
                scribble(item)
    elif isinstance(value, Side | Turn):
        for item in vars(value).values():
            scribble(item)
    elif isinstance(value, Deck):
        value.discard([SCRIBBLE])
    elif isinstance(value, Flow):
        scribble(value.steps)
    elif isinstance(value, Step) and dataclasses.is_dataclass(value) and not value.shared:
        for spec in dataclasses.fields(value):  # steps marked ``shared`` never change
            scribble(getattr(value, spec.name))


def play(game: BattlegroundGame, seed: int, *, checks: bool = True) -> BattlegroundState:
    rng = random.Random(seed)
    sampler = random.Random(-seed - 1)  # for the checks only: the game is the same without
    prober = Prober(random.Random(seed + 7_777_777))
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, BattlegroundState)
    for count in range(MAX_ACTIONS):
        if state.is_terminal():
            if checks:
                prober.refuse_at_end(state)
            return state
        if checks and count % CLONE_EVERY == 0:
            prober.check_clones(state, sampler)
        if state.current_player() == CHANCE:
            if checks and count % (3 * REFUSE_EVERY) == 0:
                prober.refuse_at_chance(state)
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
                if count % ACCEPT_ON_CLONE_EVERY == 0:
                    state.clone().apply_action(sampler.choice(actions), player)
                if count % REFUSE_EVERY == 0:
                    prober.refuse_unlisted(state, player, actions)
                prober.remember(actions)
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


@pytest.mark.parametrize("block", range(3))
def test_random_games_on_the_skirmish_map(skirmish, block):
    """Rulebook, Mana, Card Limits, Perform Actions, Health and Wounds, Buffs and Debuffs, and
    core/state.py (explain, serialization), checked after every action: random complete games
    of the First Game Setup on the crowded map (20 seeds per block)."""
    for seed in range(block * 20, block * 20 + 20):
        finished(play(skirmish, seed))


@pytest.mark.parametrize("block", range(1))
def test_random_games_on_the_first_game_map(block):
    """The invariants of the module docstring (rulebook: Mana, Card Limits, Perform Actions,
    Health and Wounds, Buffs and Debuffs; core/state.py): random complete games on the First
    Game Setup's battleground (20 seeds per block)."""
    for seed in range(1000 + block * 20, 1000 + block * 20 + 20):
        finished(play(first_game(), seed))


@pytest.mark.parametrize("block", range(1))
def test_random_games_of_a_standard_setup(standard, block):
    """The invariants of the module docstring (rulebook and core/state.py): random complete
    games of a Standard Setup (Ram Man, Orko, Stratos against Evil-Lyn,
    Tri-Klops, Trap Jaw, with area weapons, items and neutral cards) on the crowded map (20
    seeds per block)."""
    for seed in range(2000 + block * 20, 2000 + block * 20 + 20):
        finished(play(standard, seed))


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("RULEKEEPER_LONG"),
    reason="the long fuzz runs with RULEKEEPER_LONG=1",
)
@pytest.mark.parametrize("block", range(MANY_BLOCKS))
def test_random_games_many_more(skirmish, standard, block):
    """The invariants of the module docstring (rulebook and core/state.py), the long run: more
    games on the skirmish map, half of them of the Standard Setup, in blocks of 25 (about 12
    CPU seconds each): 2,000 with RULEKEEPER_LONG=1. A run without it skips it."""
    for seed in range(10_000 + block * 25, 10_000 + block * 25 + 25):
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


def _he_man_active() -> BattlegroundState:
    """The first game, He-Man activated (Steady Aim, +1 mana): an 'act' decision."""
    state = first_game().new_initial_state(seed=5)
    assert isinstance(state, BattlegroundState)
    state.apply_action(Action.of("roll", face=6))
    state.apply_action(Action.of("roll", face=1))
    state.apply_action(Action.of("first-player", player=0))
    state.sides[0].hand = ["masters-steady-aim"]
    state.apply_action(Action.of("select", card="masters-steady-aim"), 0)
    state.apply_action(Action.of("pass"), 1)
    state.apply_action(Action.of("activate", character="he-man"), 0)
    state.apply_action(Action.of("bonus", choice="mana"), 0)
    assert state.flow.top().kind == "act"
    return state


def _refused_cleanly(state: BattlegroundState, action: Action) -> None:
    before = state.serialize()
    assert action not in state.legal_actions()
    verdict = state.explain(action, state.current_player())
    assert not verdict.legal
    with pytest.raises(IllegalActionError) as refusal:
        state.apply_action(action)
    assert (refusal.value.rule, refusal.value.reason) == (verdict.rule, verdict.reason)
    assert state.serialize() == before


@pytest.mark.parametrize(
    "action",
    [
        Action.of("attack", weapon="no-such-weapon", target="skeletor"),
        Action.of("attack", target="skeletor"),
    ],
    ids=["unknown-weapon", "no-weapon"],
)
def test_attack_with_an_unknown_weapon_is_refused(action):
    """core/state.py (validation before mutation: an action that is not listed is refused with
    IllegalActionError, ``explain`` gives the same verdict) and rulebook, Attack (a character
    attacks with a weapon it has equipped): an unknown weapon id is refused, not a crash."""
    _refused_cleanly(_he_man_active(), action)


def _at_reroll_choice() -> BattlegroundState:
    """He-Man's sword attack on an adjacent Skeletor, dice rolled: the free reroll choice."""
    state = _he_man_active()
    he_man, skeletor = state.fighters["he-man"], state.fighters["skeletor"]
    skeletor.place(Position(he_man.position.q + 1, he_man.position.r, 0))
    state.apply_action(Action.of("attack", weapon="sword-of-power", target="skeletor"))
    while state.current_player() == CHANCE:
        state.apply_action(Action.of("roll", face=3))
    assert state.flow.top().kind == "reroll"  # one die at a time, then done (issue 21 §1)
    assert {a.kind for a in state.legal_actions()} == {"reroll", "done"}
    return state


@pytest.mark.parametrize("faces", [["a"], [True], "0"], ids=["strings", "booleans", "text"])
def test_reroll_with_malformed_faces_is_refused(faces):
    """core/state.py (validation before mutation) and rulebook, Tests (Free Rerolls and Mana
    Rerolls): a reroll naming no dice by their numbers is refused, not a crash."""
    _refused_cleanly(_at_reroll_choice(), Action.of("reroll", faces=faces))
