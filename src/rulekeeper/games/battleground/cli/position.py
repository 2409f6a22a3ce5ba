"""``rulekeeper battleground position``: draw a position file, or check one (docs/positions.md).

A position is where a game stands, written by hand or by ``state.to_position()``: ``show``
draws it (the battlefield, the characters, the score, both hands, what is pending) and lists
what the player to act may do, which is what a player setting up a situation from the table
wants to know; ``check`` reports every problem of a file. Paths are read from the current folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from rulekeeper.cli.positions import (
    FileArgument,
    FilesArgument,
    SeedOption,
    check_files,
)
from rulekeeper.cli.positions import load_position as read_position
from rulekeeper.cli.positions import to_act as act_words
from rulekeeper.core import SIMULTANEOUS
from rulekeeper.games.battleground.board.render import render_map, render_plain
from rulekeeper.games.battleground.cli.demo import forces_table, hand_line, score_line
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.position import phase_of
from rulekeeper.games.battleground.rules.dicetest import DiceTest, DiceTestStep

app = typer.Typer(
    help="Battleground positions (docs/positions.md): draw a position file, or check one.",
    no_args_is_help=True,
)


def load_position(path: Path, seed: int) -> BattlegroundState:
    """The state of the position file at *path*, or exit 1 with every problem printed."""
    state = read_position("battleground", path, seed)
    assert isinstance(state, BattlegroundState)
    return state


def summary(state: BattlegroundState) -> str:
    """Round, phase and who is to act, in one line."""
    acting = to_act(state)
    return f"Round {state.round} of {state.game.rounds}, {phase_of(state)} phase; {acting}"


def test_line(test: DiceTest) -> str:
    """A test in progress: its dice, what succeeds, the dice rolled so far and why."""
    rolled = f"; rolled {test.initial + test.exploded}" if test.initial else ""
    notes = "; ".join(test.notes)
    return f"Test: {test.label}, {test.dice} dice, successes on {test.scope}+{rolled} ({notes})"


def to_act(state: BattlegroundState) -> str:
    """Who must act now, in words."""
    winner = "a draw" if state.winner < 0 else f"player {state.winner} wins"
    return act_words(state, f"{winner} ({state.result})", "both players choose in secret")


def seats(state: BattlegroundState) -> list[int]:
    """The players who have a decision now."""
    player = state.current_player()
    if player == SIMULTANEOUS:
        return [seat for seat in (0, 1) if state.legal_actions(seat)]
    return [player] if player >= 0 else []


@app.command("show")
def show(
    file: FileArgument,
    seed: SeedOption = 0,
    plain: Annotated[
        bool, typer.Option("--plain", help="Plain text, no colours (the default in a pipe).")
    ] = False,
) -> None:
    """Draw a position: battlefield, characters, score, hands, pending steps and legal actions."""
    state = load_position(file, seed)
    console = Console(markup=False, highlight=False, soft_wrap=True)
    labels = {f.position: state.card(f.id).name[:2] for f in state.on_board()}
    if plain or console.color_system is None:
        typer.echo(render_plain(state.field, characters=labels))
    else:
        console.print(render_map(state.field, characters=labels))
    console.print(forces_table(state))
    console.print(score_line(state))
    for player in (0, 1):
        console.print(hand_line(state, player))
    console.print("Pending: " + " > ".join(step.kind for step in state.flow.steps))
    tests = [step for step in state.flow.steps[-2:] if isinstance(step, DiceTestStep)]
    if tests:  # the test on top, or under its reroll choice
        console.print(test_line(state.test_of(tests[-1])))
    console.print(summary(state))
    if state.is_chance_node():
        for action, probability in state.chance_outcomes():
            console.print(f"  {state.describe(action)} ({probability:.3f})")
    for player in seats(state):
        console.print(f"Player {player} may:")
        for action in state.legal_actions(player):
            console.print(f"  {state.describe(action)}  [{action}]")


@app.command("check")
def check(files: FilesArgument, seed: SeedOption = 0) -> None:
    """Check position files: print OK and where the game stands, or every problem (exit 1)."""
    check_files(files, lambda path: load_position(path, seed), summary)
