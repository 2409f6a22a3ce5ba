"""``rulekeeper demo`` and ``rulekeeper play``: the Battleground movement slice in the terminal."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from rulekeeper.core import Action, Agent, GameState, RandomAgent, RulekeeperError, load_game
from rulekeeper.games.battleground.agents import ObjectiveSeeker
from rulekeeper.games.battleground.hexes import Position
from rulekeeper.games.battleground.render import render_map
from rulekeeper.games.battleground.slice import MovementSliceState

SeedOption = Annotated[int, typer.Option(help="Seed of the game's random stream.")]
MapOption = Annotated[str, typer.Option("--map", help="Shipped map name or path to a map file.")]


def _new_state(console: Console, map_name: str, rounds: int, seed: int) -> MovementSliceState:
    try:
        game = load_game("battleground-movement", map=map_name, rounds=rounds)
    except RulekeeperError as error:
        console.print(f"[red]error:[/] {error}")
        raise typer.Exit(2) from None
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, MovementSliceState)
    return state


def _labels(state: MovementSliceState) -> dict[Position, str]:
    return {f.position: state.card(f.id).name[:2] for f in state.fighters.values()}


def _board(console: Console, state: MovementSliceState, sight_from: Position | None = None) -> None:
    console.print(render_map(state.field, characters=_labels(state), sight_from=sight_from))


def _score(state: MovementSliceState) -> Table:
    table = Table(title=f"Round {state.round} of {state.game.rounds}")
    table.add_column("player")
    table.add_column("faction")
    table.add_column("VP", justify="right")
    table.add_column("objectives")
    for player in (0, 1):
        faction = state.field.zone_factions.get(player) or f"player {player}"
        table.add_row(str(player), faction, str(state.vp[player]), ", ".join(state.claimed[player]))
    return table


def _resolve(state: GameState) -> str:
    return f"dice: {state.describe(state.resolve_chance())}"


def demo(
    seed: SeedOption = 1,
    map_name: MapOption = "first-game",
    delay: Annotated[float, typer.Option(help="Seconds between actions.")] = 0.0,
    rounds: Annotated[int, typer.Option(help="Rounds to play.")] = 4,
) -> None:
    """Show the first-game battlefield, line of sight from He-Man, and two bots playing."""
    console = Console()
    state = _new_state(console, map_name, rounds, seed)
    field = state.field
    console.print(Panel(f"[bold]{field.title}[/]\n{field.data.description}", expand=False))
    viewer = state.fighters.get("he-man") or next(iter(state.fighters.values()))
    console.print(f"Line of sight from {state.card(viewer.id).name} at {viewer.position}:")
    _board(console, state, sight_from=viewer.position)
    for other in sorted(state.fighters.values(), key=lambda f: f.id):
        if other.owner != viewer.owner:
            verdict = field.line_of_sight(viewer.position, other.position)
            cover = field.cover(
                viewer.position, other.position, [f.position for f in state.fighters.values()]
            )
            inches = field.range_inches(viewer.position, other.position)
            console.print(
                f'  {state.card(other.id).name}: {inches:.1f}" away; {verdict.reason}; '
                f"{cover.reason}"
            )
    agents: dict[int, Agent] = {0: ObjectiveSeeker(seed), 1: ObjectiveSeeker(seed + 1)}
    console.rule("The bots play")
    _run(console, state, agents, delay, interactive=set())
    _board(console, state)
    console.print(_score(state))
    _announce(console, state)


def _announce(console: Console, state: MovementSliceState) -> None:
    if state.winner < 0:
        console.print("[bold]Draw[/]: no player leads by 20 VP or more (Points Victory).")
    else:
        console.print(f"[bold]Player {state.winner} wins[/] with {state.vp[state.winner]} VP.")


def _run(
    console: Console,
    state: MovementSliceState,
    agents: dict[int, Agent],
    delay: float,
    interactive: set[int],
) -> None:
    round_shown = 0
    while not state.is_terminal():
        if state.is_chance_node():
            console.print(f"  {_resolve(state)}")
            continue
        player = state.current_player()
        if state.round != round_shown and state.phase == "activation":
            round_shown = state.round
            console.rule(f"Round {state.round}")
        if player in interactive:
            action = _ask(console, state, player)
        else:
            action = agents[player].choose(state, player)
        text = state.describe(action)
        state.apply_action(action)
        console.print(f"  player {player}: {text}")
        if delay:
            time.sleep(delay)


def _ask(console: Console, state: MovementSliceState, player: int) -> Action:
    legal = state.legal_actions()
    while True:
        _board(console, state)
        console.print(_score(state))
        if not state.decisions.empty():
            console.print(f"[bold]Player {player}[/]: {state.decisions.top().prompt}")
        elif state.active_character:
            console.print(
                f"[bold]Player {player}[/]: {state.card(state.active_character).name} is active "
                f"with {state.ap} AP"
            )
        else:
            console.print(f"[bold]Player {player}[/]: activate a character or pass")
        for index, action in enumerate(legal):
            console.print(f"  {index:3d}  {state.describe(action)}")
        answer = typer.prompt("Your choice (number, or q to quit)")
        if answer.strip().lower() in ("q", "quit"):
            raise typer.Exit(0)
        if answer.strip().isdigit() and int(answer) < len(legal):
            return legal[int(answer)]
        console.print(f"[red]{answer!r} is not one of the numbers 0..{len(legal) - 1}[/]")


def play(
    seed: SeedOption = 1,
    map_name: MapOption = "first-game",
    bot: Annotated[str, typer.Option(help="Which seats a bot plays: none, 0, 1 or both.")] = "1",
    rounds: Annotated[int, typer.Option(help="Rounds to play.")] = 4,
) -> None:
    """Play the Battleground movement slice: hotseat, against the bot, or bot against bot."""
    console = Console()
    choices = {"none": set(), "0": {0}, "1": {1}, "both": {0, 1}}
    if bot not in choices:
        raise typer.BadParameter("choose none, 0, 1 or both", param_hint="--bot")
    bots: set[int] = choices[bot]
    state = _new_state(console, map_name, rounds, seed)
    agents: dict[int, Agent] = {p: ObjectiveSeeker(seed + p) for p in bots}
    for p in (0, 1):
        agents.setdefault(p, RandomAgent(seed))
    _run(console, state, agents, 0.0, interactive={0, 1} - bots)
    _board(console, state)
    console.print(_score(state))
    _announce(console, state)
