"""Targeted tests of rules that an independent probe found tested in one place but not in
another: the edges of overwatch ranges and of mana costs, the interruption's −1 on skill tests,
objectives claimed in the last clean-up, the interrupting character's ordinary moves, and
distinct deployment positions (rulebook: Overwatch, Determining Range, Attack, Spell Attack,
Mana Costs, Interruptions, Use an Active Skill, Clean-Up Phase, Claim Objective Tokens, Check
for Victory, Points Victory, Towards, Standard Setup; docs/rules.md).

Each test goes through the public state API (``legal_actions``, ``apply_action``, ``explain``)
and sets positions up with the helpers of ``game_helpers.py``; each pairs the case at the edge
with the case just beyond it, so that a rule applied one step too far or too short fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from game_helpers import (
    DARK_AMBITION,
    STEADY_AIM,
    TREACHERY,
    act,
    activate,
    arena,
    current_test,
    dice,
    events,
    hand,
    move,
    pass_round,
    prepare,
    put,
    select,
    start,
    top,
    turn,
)

from rulekeeper.core import Action, DataError, IllegalActionError, load_game
from rulekeeper.core.hexes import hex_distance
from rulekeeper.games.battleground.board.battlefield import shipped_maps
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.game import BattlegroundGame, BattlegroundState


def evil_moves(state: BattlegroundState, character: str = "mer-man") -> None:
    """Player 1 activates ``character`` with Dark Ambition (3 AP); player 0 passes."""
    hand(state, 0, STEADY_AIM)
    hand(state, 1, DARK_AMBITION, TREACHERY)
    select(state, None, DARK_AMBITION)
    activate(state, character, "mana")


def refused(state: BattlegroundState, action: Action, player: int | None = None) -> str:
    """Check that ``action`` is not listed, that ``explain`` and ``apply_action`` refuse it
    with the same rule, and that the refusal changes nothing; return the rule."""
    before = state.serialize()
    assert action not in state.legal_actions(player)
    verdict = state.explain(action, player)
    assert not verdict.legal, verdict
    with pytest.raises(IllegalActionError) as refusal:
        state.apply_action(action, player)
    assert (refusal.value.rule, refusal.value.reason) == (verdict.rule, verdict.reason)
    assert state.serialize() == before
    return verdict.rule


def accepted(state: BattlegroundState, action: Action, player: int | None = None) -> None:
    """Check that ``action`` is listed and explained as legal, then apply it."""
    assert action in state.legal_actions(player), action
    assert state.explain(action, player).legal
    state.apply_action(action, player)


# === 1. Overwatch: exactly at a weapon's range [Overwatch; Determining Range] ===============


@pytest.mark.parametrize(
    ("watcher", "weapon", "inches", "q"),
    [("man-at-arms", "arm-cannon", 12, -2), ("stratos", "flamethrower", 8, 2)],
)
@pytest.mark.parametrize("beyond", [0, 1], ids=["at-range", "one-inch-beyond"])
def test_overwatch_triggers_at_exactly_the_weapons_range(
    tmp_path, watcher, weapon, inches, q, beyond
):
    """Rulebook, Overwatch ("the enemy is either within range of a weapon equipped by the
    character on overwatch...") and Determining Range (a target is within range when the
    distance is at most the range; battleground.md §2): Mer-Man ends his move exactly at the
    weapon's range from the watcher (Arm Cannon 12", Flamethrower 8"), in its sight and front
    arc, and the watcher must interrupt and may shoot; one hex (one inch) further, and beyond
    one move of the watcher, nothing happens and the token stays."""
    state = start(arena(tmp_path))
    put(state, watcher, q, 7, facing=0, overwatch=True)
    end_at = (q + inches + 1 + beyond, 7)  # on the row: n hexes further is n - 1 inches
    put(state, "mer-man", end_at[0] - 2, 10, facing=2)
    evil_moves(state)
    move(state, *end_at, facing=3)
    watcher_at = state.fighters[watcher].position
    mer_man_at = state.fighters["mer-man"].position
    assert mer_man_at == Position(*end_at, 0)
    assert state.field.range_inches(watcher_at, mer_man_at) == inches + beyond
    assert state.field.has_line_of_sight(watcher_at, mer_man_at)
    assert hex_distance(watcher_at.hex, mer_man_at.hex) - 1 > state.stat(
        state.fighters[watcher], "speed"
    )  # the watcher cannot engage Mer-Man with one move: only the weapon can trigger it
    interrupt = Action.of("interrupt", character=watcher)
    if beyond:
        assert top(state).kind != "overwatch-order"
        assert state.current_player() == 1 and turn(state).character == "mer-man"
        assert state.fighters[watcher].overwatch
        assert not events(state, "interruption")
        refused(state, interrupt, 0)
        return
    assert top(state).kind == "overwatch-order"
    assert state.legal_actions(0) == [interrupt]  # it must interrupt: nothing else is offered
    accepted(state, interrupt, 0)
    assert (turn(state).character, turn(state).kind) == (watcher, "overwatch")
    assert not state.fighters[watcher].overwatch
    shot = Action.of("attack", weapon=weapon, target="mer-man")
    assert shot in state.legal_actions(0)  # at exactly its range, the weapon reaches him


# === 2. Mana costs: exactly the spell's cost [Spell Attack; Mana Costs] ======================


@pytest.mark.parametrize(("spell", "cost"), [("magic-blast", 1), ("bolt-of-havoc", 2)])
def test_a_spell_can_be_cast_with_exactly_its_mana_cost(tmp_path, spell, cost):
    """Rulebook, Spell Attack and Mana Costs (the attacker spends the spell's mana cost; with
    less mana the spell cannot be cast): Skeletor with exactly the cost of Magic Blast (1) or
    Bolt of Havoc (2) casts it and is left with no mana (so no mana reroll in the test)."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 5, 7, facing=0, weapons=["havoc-staff", spell])
    put(state, "he-man", 9, 7, facing=3)
    evil_moves(state, "skeletor")
    state.fighters["skeletor"].mana = cost
    cast = Action.of("attack", weapon=spell, target="he-man")
    accepted(state, cast)
    assert state.fighters["skeletor"].mana == 0
    assert events(state, "attack")[-1]["weapon"] == spell
    test = current_test(state)
    assert (test.label, test.mana) == ("Skeletor power", 0)


@pytest.mark.parametrize(("spell", "cost"), [("magic-blast", 1), ("bolt-of-havoc", 2)])
def test_a_spell_cannot_be_cast_with_one_mana_less_than_its_cost(tmp_path, spell, cost):
    """Rulebook, Spell Attack and Mana Costs: one mana short of the spell's cost, the spell is
    not offered and is refused (citing the mana), and nothing changes."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 5, 7, facing=0, weapons=["havoc-staff", spell])
    put(state, "he-man", 9, 7, facing=3)
    evil_moves(state, "skeletor")
    state.fighters["skeletor"].mana = cost - 1
    assert refused(state, Action.of("attack", weapon=spell, target="he-man")) == "Attack"
    assert "mana" in state.explain(Action.of("attack", weapon=spell, target="he-man")).reason
    assert state.fighters["skeletor"].mana == cost - 1


def test_an_active_skill_can_be_used_with_exactly_its_mana_cost(tmp_path):
    """Rulebook, Use an Active Skill (the character spends the skill's AP and mana): He-Man's
    By the Power of Grayskull! (1 AP, 2 mana) with exactly 2 mana is used and leaves 0; with 1
    it is refused."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0, wounds=1)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "he-man")
    skill = Action.of("skill", skill="he-man-by-the-power")
    state.fighters["he-man"].mana = 1
    assert refused(state, skill) == "Use an Active Skill"
    state.fighters["he-man"].mana = 2
    accepted(state, skill)
    assert (state.fighters["he-man"].mana, state.fighters["he-man"].buff) == (0, "enhancement")


# === 3. Interruptions: −1 on the interrupting character's skill tests =======================


def iron_jaw_on_he_man(tmp_path, *, interrupting: bool) -> BattlegroundState:
    """Trap Jaw uses Iron Jaw (strength against toughness) on an engaged He-Man: in an
    overwatch interruption of He-Man's move, or in his own activation."""
    state = start(arena(tmp_path))
    put(state, "trap-jaw", 7, 9, facing=2, overwatch=interrupting)  # He-Man comes to (7,8)
    if interrupting:
        put(state, "he-man", 6, 4, facing=5)
        hand(state, 0, STEADY_AIM)
        hand(state, 1, DARK_AMBITION)
        select(state, STEADY_AIM, None)
        activate(state, "he-man")
        move(state, 7, 8, facing=5)  # ends next to Trap Jaw, in his sight and front arc
        accepted(state, Action.of("interrupt", character="trap-jaw"), 1)
        assert (turn(state).character, turn(state).kind, turn(state).ap) == (
            "trap-jaw",
            "overwatch",
            1,
        )
    else:
        put(state, "he-man", 7, 8, facing=5)
        hand(state, 1, DARK_AMBITION)
        select(state, None, DARK_AMBITION)
        activate(state, "trap-jaw")
    accepted(state, Action.of("skill", skill="trap-jaw-iron-jaw"), 1)
    if top(state).kind == "ability-target":
        accepted(state, Action.of("target", character="he-man"), 1)
    return state


@pytest.mark.parametrize(("interrupting", "scope"), [(True, 5), (False, 4)])
def test_interrupting_characters_skill_test_has_its_scope_decreased_by_one(
    tmp_path, interrupting, scope
):
    """Rulebook, Interruptions ("all tests made by the interrupting character have their scope
    decreased by one") and Use an Active Skill: Trap Jaw's Iron Jaw strength test succeeds on
    5+ in his overwatch interruption, on 4+ in his own activation; He-Man's toughness test
    against it is not the interrupting character's and keeps 4+ either way."""
    state = iron_jaw_on_he_man(tmp_path, interrupting=interrupting)
    test = current_test(state)
    assert (test.label, test.owner, test.scope) == ("Trap Jaw strength", 1, scope)
    assert any("interruption" in note for note in test.notes) == interrupting
    dice(state, *[scope] * test.dice)  # every die just succeeds
    defence = current_test(state)
    assert (defence.label, defence.owner, defence.scope) == ("He-Man toughness", 0, 4)
    assert not any("interruption" in note for note in defence.notes)
    dice(state, *[1] * defence.dice)
    result = events(state, "skill test result")[-1]
    assert (result["character"], result["successes"]) == ("trap-jaw", test.dice)
    assert state.fighters["he-man"].wounds == 2  # 3 or more successes: 2 wounds


def test_interrupting_characters_skill_test_at_its_lowered_scope_fails_on_the_old_one(tmp_path):
    """Rulebook, Interruptions and Tests: with the scope decreased by one, a die showing 4 is
    no longer a success: Trap Jaw's Iron Jaw in his interruption, every die on 4, does
    nothing."""
    state = iron_jaw_on_he_man(tmp_path, interrupting=True)
    dice(state, *[4] * current_test(state).dice)
    dice(state, *[1] * current_test(state).dice)
    assert events(state, "skill test result")[-1]["successes"] == 0
    assert state.fighters["he-man"].wounds == 0


# === 4. Clean-up: objectives claimed in round 4 count before the victory check ===============

OBJECTIVES = {"objectives": [{"id": "middle", "at": [7, 7]}]}


def to_the_last_round(state: BattlegroundState) -> None:
    for _ in range(state.game.rounds - 1):
        pass_round(state)
        assert not state.is_terminal()
        prepare(state)
    assert state.round == state.game.rounds


@pytest.mark.parametrize(
    ("claimer", "vp", "winner", "result"),
    [
        ("he-man", (0, 0), 0, "points victory"),  # 20 - 0 only with the claim
        ("skeletor", (0, 0), 1, "points victory"),
        ("he-man", (0, 20), -1, "draw on points"),  # 20 - 20: the claim cancels the lead
        ("skeletor", (20, 0), -1, "draw on points"),
        ("skeletor", (0, 1), 1, "points victory"),  # 0 - 21
        (None, (0, 0), -1, "draw on points"),
    ],
)
def test_objectives_claimed_in_the_last_round_count_before_the_victory_check(
    tmp_path, claimer, vp, winner, result
):
    """Rulebook, Clean-Up Phase (1. Claim Objective Tokens, 2. Clear Tokens, 3. Check for
    Victory), Claim Objective Tokens (20 VP each) and Points Victory: a token claimed in the
    clean-up of round 4 is in the totals that decide the game."""
    state = start(arena(tmp_path, **OBJECTIVES))
    to_the_last_round(state)
    state.sides[0].vp, state.sides[1].vp = vp
    if claimer is not None:
        put(state, claimer, 8, 7)  # next to the token, no enemy near
    pass_round(state)
    assert state.is_terminal()
    assert (state.winner, state.result) == (winner, result)
    claims = events(state, "claim")
    owner = None if claimer is None else state.fighters[claimer].owner
    assert [c["by"] for c in claims] == ([] if claimer is None else [claimer])
    final = list(vp)
    if owner is not None:
        final[owner] += 20
        assert state.sides[owner].objectives == ["middle"]
    assert [side.vp for side in state.sides] == final
    assert events(state, "game end")[-1]["vp"] == final
    kinds = [e.kind for e in state.events.since(0)]
    if claims:
        assert kinds.index("claim") < kinds.index("game end")


def test_objective_claim_and_knockout_victory_in_the_same_clean_up(tmp_path):
    """Rulebook, Clean-Up Phase and Knockout Victory: the claim comes first (Skeletor takes
    the token), and a wiped-out force still loses whatever its points (the Masters' 100 VP)."""
    state = start(arena(tmp_path, **OBJECTIVES))
    to_the_last_round(state)
    for character in ("he-man", "stratos", "man-at-arms"):
        state.fighters[character].knocked_out = True
    put(state, "skeletor", 8, 7)
    state.sides[0].vp = 100
    pass_round(state)
    assert (state.winner, state.result) == (1, "knockout victory")
    assert state.sides[1].objectives == ["middle"]


# === 5. Interruptions: an ordinary move goes towards the interrupted character ===============

# Man-At-Arms on overwatch at (2,3), a high wall at (3,7)-(4,7); Mer-Man ends his move at
# (6,10). Of the positions on a shortest route towards Mer-Man within Man-At-Arms's move,
# (2,4), (2,5), (2,6) and (3,6) are out of Mer-Man's sight behind the wall.
TOWARDS_WALL = {"id": "wall", "kind": "high", "hexes": [[3, 7], [4, 7]]}


def man_at_arms_interrupts(tmp_path, *, focused: bool = False) -> BattlegroundState:
    state = start(arena(tmp_path, terrain=[TOWARDS_WALL]))
    put(state, "man-at-arms", 2, 3, facing=5, overwatch=True, focused=focused)
    put(state, "mer-man", 6, 14, facing=2)
    evil_moves(state)
    move(state, 6, 10, facing=2)
    assert top(state).kind == "overwatch-order"
    accepted(state, Action.of("interrupt", character="man-at-arms"), 0)
    assert (turn(state).character, turn(state).kind) == ("man-at-arms", "overwatch")
    return state


def towards_in_sight(state: BattlegroundState, points: int) -> tuple[set, set]:
    """The positions (open ground between the two) on a shortest route towards Mer-Man within
    ``points`` hexes: (those in his sight, those out of it)."""
    start_at = state.fighters["man-at-arms"].position
    target = state.fighters["mer-man"].position
    whole = hex_distance(start_at.hex, target.hex)
    on_route = {
        p
        for p in state.field.positions
        if p.level == 0
        and 0 < hex_distance(start_at.hex, p.hex) <= points
        and hex_distance(start_at.hex, p.hex) + hex_distance(p.hex, target.hex) == whole
        and p != target
    }
    seen = {p for p in on_route if state.field.has_line_of_sight(p, target)}
    return seen, on_route - seen


@pytest.mark.parametrize("focused", [False, True], ids=["move", "focused-move"])
def test_interrupting_move_goes_towards_the_interrupted_character_and_ends_in_its_sight(
    tmp_path, focused
):
    """Rulebook, Interruptions ("all movements must be made towards the interrupted character
    and end within the line of sight of that character") and Towards (the shortest route):
    every move Man-At-Arms is offered in his overwatch interruption of Mer-Man (with his
    focus too) is a stop on a shortest route to Mer-Man, in Mer-Man's sight; the stops behind
    the wall, a step back and a step aside are refused, citing Interruptions."""
    state = man_at_arms_interrupts(tmp_path, focused=focused)
    fighter = state.fighters["man-at-arms"]
    for use_focus in (False, True) if focused else (False,):
        points = state.stat(fighter, "focused_speed" if use_focus else "speed")
        seen, hidden = towards_in_sight(state, points)
        offered = {
            Position(*a.get("to"))
            for a in state.legal_actions()
            if a.kind == "move" and a.get("focus") is use_focus
        }
        assert offered == seen
        assert hidden, "the wall hides some stops on the way"
        for spot in sorted(hidden):
            rule = refused(state, Action.of("move", to=spot.to_json(), focus=use_focus))
            assert rule == "Interruptions"
        for spot in ((1, 3), (3, 2), (1, 4)):  # back, away, aside: fine outside interruptions
            assert state.field.is_position(Position(*spot))
            rule = refused(state, Action.of("move", to=[*spot, 0], focus=use_focus))
            assert rule == "Interruptions"
    if not focused:
        assert {(p.q, p.r) for p in towards_in_sight(state, 4)[1]} == {
            (2, 4),
            (2, 5),
            (2, 6),
            (3, 6),
        }
    furthest = max(
        (a for a in state.legal_actions() if a.kind == "move"),
        key=lambda a: hex_distance(fighter.position.hex, tuple(a.get("to"))[:2]),
    )
    accepted(state, furthest)
    if top(state).kind == "face":
        act(state, "face", direction=5)
    moved = state.fighters["man-at-arms"].position
    target = state.fighters["mer-man"].position
    assert moved == Position(*furthest.get("to"))
    assert state.field.has_line_of_sight(moved, target)
    assert hex_distance(moved.hex, target.hex) < hex_distance((2, 3), target.hex)


def test_same_moves_outside_an_interruption_are_allowed(tmp_path):
    """Rulebook, Move (control for the test above): in his own activation Man-At-Arms may move
    back, aside and behind the wall; only the interruption restricts him."""
    state = start(arena(tmp_path, terrain=[TOWARDS_WALL]))
    put(state, "man-at-arms", 2, 3, facing=5)
    put(state, "mer-man", 6, 10, facing=2)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "man-at-arms")
    offered = {tuple(a.get("to")) for a in state.legal_actions() if a.kind == "move"}
    for spot in ((1, 3, 0), (3, 2, 0), (1, 4, 0), (2, 4, 0), (2, 6, 0), (3, 6, 0)):
        assert spot in offered


# === 6. Deployment: never two characters on one position [Standard Setup; maps] ==============

FORCES = [
    {
        "faction": "masters",
        "characters": [
            {"character": "he-man", "weapons": ["sword-of-power"]},
            {"character": "orko", "weapons": ["mystic-mischief"]},
            {"character": "ram-man", "weapons": ["battering-helmet"]},
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
            {"character": "skeletor", "weapons": ["havoc-staff"]},
            {"character": "evil-lyn", "weapons": ["fireball"]},
            {"character": "tri-klops", "weapons": ["long-rifle"]},
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

# A small map whose zone 0 holds exactly three positions for three characters: two ground
# positions and the platform above one of them (a separate position: battleground.md §2, and
# the rulebook's Line of Sight speaks of a character directly under a platform); zone 1 holds
# four.
TIGHT = {
    "name": "tight",
    "title": "Tight deployment",
    "board": {"columns": 8, "rows": 8},
    "terrain": [{"id": "rocks", "kind": "high", "hexes": [[3, 0], [4, 0], [5, 0], [6, 0]]}],
    "platforms": [{"id": "perch", "hexes": [[2, 0]]}],
    "ladders": [{"id": "perch-ladder", "at": [2, 1], "platform": "perch"}],
    "deployment_zones": [
        {"player": 0, "hexes": [[1, 0], [2, 0]]},
        {"player": 1, "hexes": [[0, 7], [1, 7], [2, 7], [3, 7]]},
    ],
}


def tight_game(folder: Path, deployment: str = "players") -> BattlegroundGame:
    path = folder / "tight.yaml"
    path.write_text(yaml.safe_dump(TIGHT, sort_keys=False), encoding="utf-8")
    game = load_game(
        "battleground", map=str(path), setup="standard", forces=FORCES, deployment=deployment
    )
    assert isinstance(game, BattlegroundGame)
    return game


def test_players_never_deploy_two_characters_on_one_position(tmp_path):
    """Standard Setup (docs/rules.md: the players place their characters in turn, each on a
    free position of their own zone): after each placement that position is no longer offered
    and deploying another character there is refused (Standard Setup: deployment); player 0's
    zone has exactly three positions, so its last character has exactly one left."""
    game = tight_game(tmp_path)
    state = game.new_initial_state(seed=3)
    assert isinstance(state, BattlegroundState)
    state.apply_action(Action.of("roll", face=6))
    state.apply_action(Action.of("roll", face=1))
    state.apply_action(Action.of("first-player", player=0))
    zones = {p: {q for q in state.field.positions if q.hex in state.field.zones[p]} for p in (0, 1)}
    assert len(zones[0]) == 3
    placed: dict[Position, str] = {}
    choices = 0
    while top(state).kind in ("deploy", "face"):
        player = state.current_player()
        if top(state).kind == "face":
            accepted(state, state.legal_actions()[0])
            continue
        options = state.legal_actions()
        spots = {Position(*a.get("to")) for a in options}
        assert spots == zones[player] - set(placed), (player, sorted(spots))
        waiting = sorted({a.get("character") for a in options})
        for taken in placed:  # no placed character's position is offered to anyone
            for name in waiting:
                rule = refused(state, Action.of("deploy", character=name, to=taken.to_json()))
                assert rule == "Standard Setup: deployment"
        action = options[choices % len(options)]  # vary the choices
        choices += 7
        accepted(state, action)
        placed[Position(*action.get("to"))] = action.get("character")
    assert len(placed) == 6
    positions = [f.position for f in state.fighters.values()]
    assert len(set(positions)) == len(positions) == 6
    for fighter in state.fighters.values():
        assert fighter.position in zones[fighter.owner]


def all_deployments() -> list[tuple[str, dict]]:
    cases: list[tuple[str, dict]] = []
    for name in shipped_maps():
        cases.append((f"{name}-map", {"map": name}))
        cases.append((f"{name}-zones", {"map": name, "deployment": "zones"}))
        cases.append(
            (
                f"{name}-standard-zones",
                {"map": name, "setup": "standard", "forces": FORCES, "deployment": "zones"},
            )
        )
    return cases


@pytest.mark.parametrize(("label", "params"), all_deployments(), ids=lambda v: str(v)[:40])
def test_automatic_deployments_put_every_character_on_its_own_position(label, params):
    """First Game Setup (the map's deployments) and Standard Setup with ``deployment: zones``
    (deployment.py): on every shipped map, every character stands on a position of its own,
    on the battleground (not an obstacle), in its player's zone when the zones place it."""
    game = load_game("battleground", **params)
    assert isinstance(game, BattlegroundGame)
    state = game.new_initial_state(seed=0)
    assert isinstance(state, BattlegroundState)
    fighters = list(state.fighters.values())
    assert len(fighters) == 6
    positions = [f.position for f in fighters]
    assert len(set(positions)) == len(positions), label
    for fighter in fighters:
        assert fighter.position in state.field.positions, (label, fighter)
        if params.get("deployment") == "zones":
            assert fighter.position.hex in state.field.zones[fighter.owner], (label, fighter)


def test_zone_deployment_in_a_zone_with_just_enough_room(tmp_path):
    """Standard Setup with ``deployment: zones`` (rules/deployment.py: a free position of the
    zone for each character, two hexes apart): on the tight map the automatic placement either
    finds six distinct positions or refuses, naming the deployment zones (today it refuses: two
    hexes apart, zone 0 has room for two); it never stacks two characters."""
    try:
        state = tight_game(tmp_path, deployment="zones").new_initial_state(seed=0)
    except DataError as exc:  # no room: a clear refusal naming the zones
        assert exc.field == "deployment_zones", exc
        return
    assert isinstance(state, BattlegroundState)
    positions = [f.position for f in state.fighters.values()]
    assert len(set(positions)) == len(positions) == 6
