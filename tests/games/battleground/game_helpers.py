"""Helpers for the rules tests of the complete Battleground game (``test_game_*.py``).

The tests drive :class:`BattlegroundGame` only through its state API (``apply_action``), forcing
every die with an explicit ``roll`` chance outcome, and set up precise situations by placing the
fighters directly on a small open map written to a temporary folder (:func:`arena`).

Directions (hexes.py): 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE; a hex's centre is at
``x = q + r/2, y = r * sqrt(3)/2``, so on one row ``r`` the hexes ``(q, r)`` and ``(q + n, r)``
are ``n`` hex steps and ``n - 1`` inches apart.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from rulekeeper.core import CHANCE, SIMULTANEOUS, Action, GameState, load_game
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.convert import upgrade_action
from rulekeeper.games.battleground.game import BattlegroundGame, BattlegroundState
from rulekeeper.games.battleground.model import Fighter, Turn
from rulekeeper.games.battleground.rules.dicetest import DiceTest

# Cards of the first-game decks with many AP (initiative, AP, mana in the comments).
FOR_ETERNIA = "masters-for-eternia"  # 1, 3 AP, 2 mana; ability: a free move
HEROIC_RESOLVE = "masters-heroic-resolve"  # 2, 3 AP, 1 mana; ability: defence reroll
STEADY_AIM = "masters-steady-aim"  # 3, 3 AP, 0 mana; ability: gain focus
BATTLE_CRY = "masters-battle-cry"  # 5, 2 AP, 0 mana; ability: enhancement
DEFENSIVE_STANCE = "masters-defensive-stance"  # 4, 2 AP, 1 mana; ability: protection
COSMIC_KEY = "masters-cosmic-key"  # 7, 1 AP, 0 mana; ability: teleport 3
DEFEND_ETERNIA = "masters-defend-eternia"  # glory 3, 3 AP, 1 mana; mission: next to objective
HONOUR = "masters-honour-of-grayskull"  # glory 4, 2 AP, 2 mana; mission: melee knock-out (15)
DARK_AMBITION = "evil-dark-ambition"  # 1, 3 AP, 2 mana
RUTHLESS = "evil-ruthless-strike"  # 2, 3 AP, 1 mana
TREACHERY = "evil-treachery"  # 3, 3 AP, 0 mana
MIGHT = "evil-might-of-snake-mountain"  # 5, 2 AP, 0 mana; ability: enhancement
REIGN = "evil-reign-of-terror"  # glory 2, 3 AP, 2 mana; mission: 3 wounds (15)


# === maps =================================================================================


def arena(
    tmp_path: Path,
    *,
    columns: int = 16,
    rows: int = 16,
    terrain: Sequence[dict[str, Any]] = (),
    platforms: Sequence[dict[str, Any]] = (),
    ladders: Sequence[dict[str, Any]] = (),
    objectives: Sequence[dict[str, Any]] = (),
    zones: Sequence[dict[str, Any]] | None = None,
    name: str = "arena",
) -> BattlegroundGame:
    """A game on an open board (``columns`` x ``rows``, odd-r offset layout) with the default
    deployments (Masters on row 0, Evil Warriors on the last row)."""
    data: dict[str, Any] = {
        "name": name,
        "title": "Test arena",
        "board": {"columns": columns, "rows": rows},
        "deployment_zones": list(zones)
        if zones is not None
        else [{"player": 0, "rows": [0, 0]}, {"player": 1, "rows": [rows - 1, rows - 1]}],
    }
    if terrain:
        data["terrain"] = list(terrain)
    if platforms:
        data["platforms"] = list(platforms)
    if ladders:
        data["ladders"] = list(ladders)
    if objectives:
        data["objectives"] = list(objectives)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    game = load_game("battleground", map=str(path))
    assert isinstance(game, BattlegroundGame)
    return game


def first_game() -> BattlegroundGame:
    game = load_game("battleground")
    assert isinstance(game, BattlegroundGame)
    return game


# === starting a game ========================================================================


def start(
    game: BattlegroundGame | None = None, *, seed: int = 0, first: int = 0
) -> BattlegroundState:
    """A state after the roll-off (player 0 rolls 6, player 1 rolls 1) and player 0's choice of
    ``first`` as the first player: round 1, both players about to select cards."""
    game = game or first_game()
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, BattlegroundState)
    roll(state, 6, 1)
    state.apply_action(Action.of("first-player", player=first), 0)
    return state


def put(
    state: BattlegroundState,
    character: str,
    q: int,
    r: int,
    level: int = 0,
    *,
    facing: int | None = None,
    **fields: Any,
) -> Fighter:
    """Place a fighter (and set any of its fields: wounds, mana, focused, buff, ...)."""
    fighter = state.fighters[character]
    pos = Position(q, r, level)
    assert state.field.is_position(pos), f"{pos} is not a position of {state.field.name}"
    other = state.occupant(pos)
    assert other is None or other is fighter, f"{other.id if other else ''} already at {pos}"
    fighter.place(pos)
    if facing is not None:
        fighter.facing = facing
    for key, value in fields.items():
        assert hasattr(fighter, key), key
        setattr(fighter, key, value)
    return fighter


def add_fighter(
    state: BattlegroundState,
    character: str,
    owner: int,
    q: int,
    r: int,
    level: int = 0,
    *,
    facing: int = 0,
    weapons: Sequence[str] = (),
    items: Sequence[str] = (),
) -> Fighter:
    """Bring a character that the First Game Setup does not use onto the battleground."""
    assert character in state.pack.characters
    fighter = Fighter(character, owner, q, r, level, facing, list(weapons), list(items))
    state.fighters[character] = fighter
    return fighter


def hand(
    state: BattlegroundState, player: int, *cards: str, glory: Sequence[str] | None = None
) -> None:
    """Give a player exactly these fate cards (and, if given, these glory cards)."""
    state.sides[player].hand = list(cards)
    if glory is not None:
        state.sides[player].glory = list(glory)


# === driving the game ========================================================================


def roll(state: BattlegroundState, *faces: int) -> None:
    """Apply chance outcomes, one per die, in order; each must be a chance node."""
    for face in faces:
        assert state.current_player() == CHANCE, (
            f"expected dice, but {state.current_player()} must act: {top(state)['kind']}"
        )
        state.apply_action(Action.of("roll", face=face))


def act(state: BattlegroundState, kind: str, **params: Any) -> None:
    """Apply an action for the player to act now; a whole discard (``cards=[...]``) or reroll
    (``faces=[...]``) is played as its picks, one card or die at a time (issue 21 §1)."""
    player = state.current_player()
    assert player >= 0, f"no single player to act ({player})"
    for action in upgrade_action(state, Action.of(kind, **params)):
        state.apply_action(action, player)


def select(state: BattlegroundState, card0: str | None, card1: str | None) -> None:
    """Both seats select a card at the simultaneous selection (None: pass)."""
    for player, card in ((0, card0), (1, card1)):
        if not state.legal_actions(player):
            continue  # this seat has passed for the round, or has already chosen
        action = Action.of("pass") if card is None else Action.of("select", card=card)
        state.apply_action(action, player)


def activate(state: BattlegroundState, character: str, bonus: str | None = "mana") -> None:
    """Activate a character and take the card's bonus (None: leave the bonus choice open)."""
    act(state, "activate", character=character)
    if bonus is not None:
        act(state, "bonus", choice=bonus)


def move(
    state: BattlegroundState,
    q: int,
    r: int,
    level: int = 0,
    *,
    focus: bool = False,
    facing: int = 0,
) -> None:
    act(state, "move", to=[q, r, level], focus=focus)
    if top(state).kind == "face":
        act(state, "face", direction=facing)


def keep(state: BattlegroundState) -> None:
    """The owner of the test rerolls nothing (free or mana reroll step)."""
    act(state, "reroll", faces=[])


def dice(state: BattlegroundState, *faces: int) -> None:
    """Roll the dice of the current test, keeping every die at each reroll choice."""
    for face in faces:
        while top(state).kind == "reroll":
            keep(state)
        roll(state, face)
    while top(state).kind == "reroll":
        keep(state)


def attack(
    state: BattlegroundState, weapon: str, target: str, *, facing: int | None = None
) -> None:
    """Declare an attack (choosing ``facing`` if the rules offer a choice)."""
    act(state, "attack", weapon=weapon, target=target)
    if top(state).kind == "face":
        options = [a.int_param("direction") for a in state.legal_actions()]
        act(state, "face", direction=options[0] if facing is None else facing)


def end(state: BattlegroundState) -> None:
    act(state, "end")


# === looking at the state ======================================================================


def top(state: BattlegroundState) -> Any:
    """The step on top of the procedure (any step class: tests read its fields)."""
    return state.flow.top()


def current_test(state: BattlegroundState) -> DiceTest:
    """The test on top, or under the reroll choice on top."""
    step = state.flow.steps[-2] if top(state).kind == "reroll" else top(state)
    assert step.kind == "test", step.kind
    return state.test_of(step)


def turn(state: BattlegroundState) -> Turn:
    return state.turn()


def kinds(state: BattlegroundState, player: int | None = None) -> set[str]:
    return {a.kind for a in state.legal_actions(player)}


def legal(state: BattlegroundState, kind: str, player: int | None = None, **params: Any) -> bool:
    return Action.of(kind, **params) in state.legal_actions(player)


def events(state: BattlegroundState, kind: str, since: int = 0) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.events.since(since) if e.kind == kind]


def results(state: BattlegroundState, since: int = 0) -> list[int]:
    """The successes of every finished test, in order."""
    return [e["successes"] for e in events(state, "test result", since)]


def observation_text(state: BattlegroundState, player: int) -> str:
    return json.dumps(state.observation(player), sort_keys=True)


def prepare(
    state: BattlegroundState, discard0: Sequence[str] = (), discard1: Sequence[str] = ()
) -> None:
    """Both players' preparation phase: discard these cards, then draw up to five."""
    while top(state).kind == "discard":
        player = top(state).seat
        cards = discard0 if player == 0 else discard1
        act(state, "discard", cards=list(cards))


def pass_round(state: BattlegroundState) -> None:
    """Both players pass at the selection: the round goes straight to the clean-up."""
    select(state, None, None)


def play_round(state: BattlegroundState, order0: Sequence[str], order1: Sequence[str]) -> None:
    """Each player activates these characters in this order (first fate card of the hand, the
    +1 mana bonus, no action), then passes; the round ends with its clean-up."""
    queues = {0: list(order0), 1: list(order1)}
    while not state.is_terminal() and top(state).kind == "select":
        chosen: dict[int, str | None] = {}
        for player in (0, 1):
            side = state.sides[player]
            chosen[player] = side.hand[0] if queues[player] and side.hand else None
        select(state, chosen[0], chosen[1])
        while top(state).kind == "activate":
            player = top(state).player
            activate(state, queues[player].pop(0))
            end(state)


def miss(state: BattlegroundState) -> None:
    """Every die of the tests now waiting (the attack's and then the defence's) shows 1, every
    reroll choice keeps the dice: the attack does nothing."""
    while top(state).kind in ("test", "reroll"):
        if state.current_player() == CHANCE:
            roll(state, 1)
        else:
            keep(state)


def miss_target(state: BattlegroundState) -> None:
    """Like :func:`miss`, for the current target of an attack only (an area attack then goes on
    with its next target)."""
    done = len(events(state, "attack result"))
    while top(state).kind in ("test", "reroll") and len(events(state, "attack result")) == done:
        if state.current_player() == CHANCE:
            roll(state, 1)
        else:
            keep(state)


def random_step(state: GameState, chooser: random.Random) -> None:
    """One step of random play: a die from the state's own stream, or a random legal action of
    the seat asked (forfeits and draw offers left out)."""
    if state.is_chance_node():
        state.resolve_chance()
        return
    current = state.current_player()
    seats = [0, 1] if current == SIMULTANEOUS else [current]
    seat = next(s for s in seats if state.legal_actions(s))
    options = [a for a in state.legal_actions(seat) if a.kind not in ("forfeit", "offer-draw")]
    state.apply_action(chooser.choice(options), seat)


def play_randomly(state: GameState, chooser: random.Random) -> GameState:
    """Random play (:func:`random_step`) to the end of the game; returns *state*."""
    while not state.is_terminal():
        random_step(state, chooser)
    return state
