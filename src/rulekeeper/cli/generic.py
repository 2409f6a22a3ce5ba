"""Terminal play for any registered game through the state API alone: the legal actions,
numbered and described, are the whole interface (issue 9 brings a full client). A game may
give a text view (HoMM3 combat: its board)."""

from __future__ import annotations

from collections.abc import Callable

import typer
from rich.console import Console
from rich.markup import escape

from rulekeeper.core import CHANCE, SIMULTANEOUS, Action, Agent, GameState, RulekeeperError
from rulekeeper.core.session import Session


def run(
    console: Console,
    session: Session,
    agents: dict[int, Agent],
    humans: set[int],
    view: Callable[[GameState, int], str] | None = None,
) -> None:
    """Play the session's game to its end: humans choose from the numbered list (``u``
    undoes), agents for the others; every action goes through the session (saved if it has
    a path)."""
    while not session.state.is_terminal():
        state = session.state
        player = state.current_player()
        if player == CHANCE:
            outcome = state.clone().resolve_chance()
            session.apply(outcome)
            console.print(f"  [dim]chance: {escape(state.describe(outcome))}[/]")
            continue
        seats = range(state.num_players) if player == SIMULTANEOUS else [player]
        seat = next(p for p in seats if state.legal_actions(p))
        if seat in humans:
            if view is not None:
                console.print(escape(view(state, seat)))
            action = ask(console, state, seat)
            if action is None:
                try:
                    session.undo(seat)
                    console.print("  [dim]undone[/]")
                except RulekeeperError as error:
                    console.print(f"[red]{escape(str(error))}[/]")
                continue
        else:
            action = agents[seat].choose(state, seat)
        session.apply(action, seat)
        console.print(f"  player {seat}: {escape(state.describe(action))}")


def ask(console: Console, state: GameState, seat: int) -> Action | None:
    """A numbered choice of the seat's legal actions; None when the person asks to undo."""
    legal = state.legal_actions(seat)
    while True:
        console.print(f"[bold]Player {seat}[/], choose:")
        for index, action in enumerate(legal):
            console.print(f"  {index:3d}  {escape(state.describe(action))}")
        answer = typer.prompt("Your choice (number, u to undo, q to quit)")
        if answer.strip().lower() in ("q", "quit"):
            raise typer.Exit(0)
        if answer.strip().lower() in ("u", "undo"):
            return None
        if answer.strip().isdigit() and int(answer) < len(legal):
            return legal[int(answer)]
        console.print(f"[red]{escape(answer)!r} is not one of the numbers 0..{len(legal) - 1}[/]")
