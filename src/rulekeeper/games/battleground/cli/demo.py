"""``rulekeeper demo``: Battleground in the terminal, two bots playing (declared by plugin.py;
the game plays with ``rulekeeper play`` like any other).

The bots drive the game only through the engine's state API: the legal actions, numbered and
described, are the whole interface, so every rule the engine enforces is enforced here too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from rulekeeper.cli.play import Client
from rulekeeper.cli.screens import screen_for
from rulekeeper.core import (
    Agent,
    GameState,
    RulekeeperError,
    load_game,
)
from rulekeeper.core.session import Session
from rulekeeper.games.battleground.agents import ObjectiveSeeker, SkirmishBot
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.render import render_map
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.variants import MovementState

SeedOption = Annotated[int, typer.Option(help="Seed of the game's random stream.")]
MapOption = Annotated[str, typer.Option("--map", help="Shipped map name or path to a map file.")]
ROUNDS = 4
RoundsOption = Annotated[int, typer.Option(help="Rounds to play (the rulebook: 4).")]
GameOption = Annotated[
    str,
    typer.Option(help="battleground (the complete game) or battleground-movement (movement only)."),
]
# Events worth a line of their own in the running commentary.
_NEWS = {
    "test result",
    "wounds",
    "knocked out",
    "claim",
    "side mission",
    "interruption",
    "buff",
    "debuff",
    "push",
    "pull",
    "mark",
    "reveal",
    "round",
    "game end",
    "heal",
    "switch",
}


def _new_state(
    console: Console,
    game_name: str,
    map_name: str,
    rounds: int,
    seed: int,
    position: Path | None = None,
) -> BattlegroundState:
    if game_name not in ("battleground", "battleground-movement"):
        raise typer.BadParameter("battleground or battleground-movement", param_hint="--game")
    try:
        if position is not None:
            game = load_game(game_name, position=position)
        else:
            game = load_game(game_name, map=map_name, rounds=rounds)
    except RulekeeperError as error:
        console.print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, BattlegroundState)
    return state


def _labels(state: BattlegroundState) -> dict[Position, str]:
    return {f.position: state.card(f.id).name[:2] for f in state.on_board()}


def board(console: Console, state: BattlegroundState, sight_from: Position | None = None) -> None:
    console.print(render_map(state.field, characters=_labels(state), sight_from=sight_from))


def forces_table(state: BattlegroundState) -> Table:
    table = Table(title=f"Round {state.round} of {state.game.rounds}")
    for column in ("character", "player", "at", "wounds", "mana", "state"):
        table.add_column(column)
    for fighter in sorted(state.fighters.values(), key=lambda f: (f.owner, f.id)):
        card = state.card(fighter.id)
        flags = []
        if fighter.knocked_out:
            flags.append("knocked out")
        flags += [t for t in (fighter.buff, fighter.debuff) if t]
        if fighter.overwatch:
            flags.append("overwatch")
        if fighter.cards or fighter.activated:
            flags.append("activated")
        wounds = f"{fighter.wounds}/{card.health}"
        mana = str(fighter.mana) if state.game.activations.cards else "-"
        if fighter.focused:
            flags.append("focused")
        table.add_row(
            card.name, str(fighter.owner), str(fighter.position), wounds, mana, ", ".join(flags)
        )
    return table


def score_line(state: BattlegroundState) -> str:
    vp = [side.vp for side in state.sides]
    return f"VP: player 0 {vp[0]}, player 1 {vp[1]}"


def hand_line(state: BattlegroundState, player: int) -> str:
    if not state.game.activations.cards:
        return ""
    side = state.sides[player]
    cards = []
    for card_id in side.hand + side.glory:
        card = state.play_card(card_id)
        cards.append(f"{card.name} ({card.initiative}/{card.ap} AP/{card.mana} mana)")
    return f"Player {player}'s hand: " + ("; ".join(cards) or "empty")


def _news(console: Console, state: GameState, since: int) -> int:
    for event in state.events.public(since):
        if event.kind in _NEWS:
            details = ", ".join(f"{k}={v}" for k, v in event.data.items())
            console.print(f"      [dim]{event.kind}: {details}[/]")
    return state.events.last_seq


def _bot(state: BattlegroundState, seed: int) -> Agent:
    return ObjectiveSeeker(seed) if isinstance(state, MovementState) else SkirmishBot(seed)


def _finish(console: Console, state: BattlegroundState) -> None:
    console.print(screen_for(state.game.name).render(state, None))
    console.print(f"[bold]{escape(state.describe_result())}[/]")


def demo(
    seed: SeedOption = 1,
    map_name: MapOption = "first-game",
    delay: Annotated[float, typer.Option(help="Seconds between actions.")] = 0.0,
    rounds: RoundsOption = 4,
    game: GameOption = "battleground",
) -> None:
    """Show the first-game battlefield, line of sight from He-Man, and two bots playing."""
    console = Console()
    state = _new_state(console, game, map_name, rounds, seed)
    field = state.field
    console.print(Panel(f"[bold]{field.title}[/]\n{field.data.description}", expand=False))
    fighters = state.fighters
    viewer = fighters.get("he-man") or next(iter(fighters.values()))
    console.print(f"Line of sight from {state.card(viewer.id).name} at {viewer.position}:")
    board(console, state, sight_from=viewer.position)
    for other in sorted(fighters.values(), key=lambda f: f.id):
        if other.owner != viewer.owner:
            verdict = field.line_of_sight(viewer.position, other.position)
            cover = field.cover(
                viewer.position, other.position, [f.position for f in fighters.values()]
            )
            inches = field.range_inches(viewer.position, other.position)
            console.print(
                f'  {state.card(other.id).name}: {inches:.1f}" away; {verdict.reason}; '
                f"{cover.reason}"
            )
    console.rule("The bots play")
    bots = {0: _bot(state, seed), 1: _bot(state, seed + 1)}
    client = Client(console, Session(state), bots, set(), screen_for(game), delay=delay)
    _finish(console, client.run())  # type: ignore[arg-type]
