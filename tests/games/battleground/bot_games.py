"""Seeded games of the built-in SkirmishBot against itself, paused at its decisions, for the
tests of the players' views (test_screen.py, test_log.py, test_preview.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulekeeper.core import CHANCE, SIMULTANEOUS, load_game
from rulekeeper.games.battleground.agents import SkirmishBot
from rulekeeper.games.battleground.game import BattlegroundState


def new_game(seed: int, game: str = "battleground") -> BattlegroundState:
    state = load_game(game).new_initial_state(seed=seed)
    assert isinstance(state, BattlegroundState)
    return state


def decisions(state: BattlegroundState, seed: int) -> Iterator[int]:
    """Play ``state`` with two seeded bots, pausing before each decision with the seat to
    decide; the game goes on when the loop asks for the next one (chance: the state's own
    stream)."""
    bots = {0: SkirmishBot(seed), 1: SkirmishBot(seed + 100)}
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
            continue
        if player == SIMULTANEOUS:
            player = next(p for p in (0, 1) if state.legal_actions(p))
        yield player
        state.apply_action(bots[player].choose(state, player), player)


def bot_game(seed: int) -> Iterator[tuple[BattlegroundState, int]]:
    """The live state before each decision of a seeded bot game, with the seat to decide."""
    state = new_game(seed)
    for seat in decisions(state, seed):
        yield state, seat


def first_decision(
    seed: int, wanted: Callable[[BattlegroundState, int], bool]
) -> tuple[BattlegroundState, int]:
    """The first decision of a seeded bot game where ``wanted`` holds."""
    state = new_game(seed)
    for seat in decisions(state, seed):
        if wanted(state, seat):
            return state, seat
    raise AssertionError(f"no such decision in the bot game of seed {seed}")


def finished_game(seed: int) -> BattlegroundState:
    """A seeded bot game played to its end."""
    state = new_game(seed)
    for _seat in decisions(state, seed):
        pass
    return state
