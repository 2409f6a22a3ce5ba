"""Terminal play for any registered game through the state API alone: the legal actions,
numbered and described, are the whole interface (issue 9 brings a full client). A game may
give a text view (HoMM3 combat: its board)."""

from __future__ import annotations

from collections.abc import Callable

import typer
from rich.console import Console
from rich.markup import escape

from rulekeeper.cli import commands
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
            choice = ask(console, state, seat)
            if choice == "save":
                session.save()
                console.print(
                    f"  [dim]saved{' to ' + str(session.path) if session.path else ''}[/]"
                )
                continue
            if choice == "undo":
                try:
                    session.undo(seat)
                    console.print("  [dim]undone[/]")
                except RulekeeperError as error:
                    console.print(f"[red]{escape(str(error))}[/]")
                continue
            assert isinstance(choice, Action)
            action = choice
        else:
            action = agents[seat].choose(state, seat)
        session.apply(action, seat)
        console.print(f"  player {seat}: {escape(state.describe(action))}")


def ask(console: Console, state: GameState, seat: int) -> Action | str:
    """The seat's choice, typed as a number, words of a choice or an action (cli/commands.py);
    ``"undo"`` or ``"save"`` for those commands. Leaving asks for confirmation."""
    legal = state.legal_actions(seat)
    console.print(f"[bold]Player {seat}[/], choose (a number, words of a choice, or help):")
    for index, action in enumerate(legal):
        console.print(f"  {index:3d}  {escape(state.describe(action))}")
    while True:
        try:
            line = typer.prompt(f"player {seat}")
        except (EOFError, typer.Abort):
            raise typer.Exit(0) from None
        answer = commands.interpret(state, seat, line)
        if answer.message:
            console.print(escape(answer.message))
            continue
        if answer.command == "quit":
            if typer.confirm("Leave the game? (a saved game can be resumed)", default=False):
                raise typer.Exit(0)
            continue
        if answer.command in ("undo", "save"):
            return answer.command
        if answer.command in ("odds", "why"):
            action = Action.parse(answer.argument)
            text = (
                commands.odds_text(state, seat, action)
                if answer.command == "odds"
                else (commands.explain(state, seat, action))
            )
            console.print(escape(text))
            continue
        assert answer.action is not None
        if answer.confirm and not typer.confirm(
            f"{state.describe(answer.action)}: are you sure?", default=False
        ):
            continue
        return answer.action
