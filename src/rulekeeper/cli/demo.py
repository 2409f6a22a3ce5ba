"""``rulekeeper demo`` and ``rulekeeper play``: Battleground in the terminal.

Both drive a game only through the engine's state API: the legal actions, numbered and described,
are the whole interface, so every rule the engine enforces is enforced here too.
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from rulekeeper.cli import generic
from rulekeeper.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Agent,
    GameState,
    RulekeeperError,
    load_game,
)
from rulekeeper.core.hexes import Position
from rulekeeper.core.session import Session
from rulekeeper.games.battleground.agents import ObjectiveSeeker, SkirmishBot
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
        console.print(f"[red]error:[/] {escape(str(error))}")
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


def _seats(state: GameState) -> list[int]:
    player = state.current_player()
    return [0, 1] if player == SIMULTANEOUS else [player]


def _run(
    console: Console,
    state: BattlegroundState,
    agents: dict[int, Agent],
    delay: float,
    humans: set[int],
    session: Session | None = None,
) -> BattlegroundState:
    """Play to the end; with a *session*, every action is saved and ``u`` undoes."""
    seen = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            if session is not None:
                outcome = state.clone().resolve_chance()
                session.apply(outcome)
            else:
                state.resolve_chance()  # the test results below show the dice
            seen = _news(console, state, seen)
            continue
        seat = next(p for p in _seats(state) if state.legal_actions(p))
        chooser = _ask if seat in humans else None
        action = chooser(console, state, seat) if chooser else agents[seat].choose(state, seat)
        if action == UNDO:
            state = _undo(console, session, seat, state)  # type: ignore[assignment]
            continue
        if action == SAVE:
            if session is not None:
                session.save()
            console.print("  [dim]saved[/]" if session else "[red]no save file: --save FILE[/]")
            continue
        text = "selects a card" if action.kind == "select" else state.describe(action)
        if session is not None:
            session.apply(action, seat)
        else:
            state.apply_action(action, seat)
        console.print(f"  player {seat}: {text}")
        seen = _news(console, state, seen)
        if delay:
            time.sleep(delay)
    return state


UNDO = Action.of("undo")
"""What a person types as ``u``: undo, when the game is played in a session."""
SAVE = Action.of("save")


def _undo(console: Console, session: Session | None, seat: int, state: GameState) -> GameState:
    if session is None:
        console.print("[red]undo needs a saved game (--save FILE)[/]")
        return state
    try:
        session.undo(seat)
    except RulekeeperError as error:
        console.print(f"[red]{escape(str(error))}[/]")
    return session.state


def _ask(console: Console, state: BattlegroundState, player: int) -> Action:
    """The person's choice: a number, words of a choice or a command (cli/commands.py)."""
    board(console, state)
    console.print(forces_table(state))
    console.print(score_line(state))
    hand = hand_line(state, player)
    if hand:
        console.print(hand)
    choice = generic.ask(console, state, player)
    if choice in ("undo", "save"):
        return UNDO if choice == "undo" else SAVE
    assert isinstance(choice, Action)
    return choice


def _bot(state: BattlegroundState, seed: int) -> Agent:
    return ObjectiveSeeker(seed) if isinstance(state, MovementState) else SkirmishBot(seed)


def _finish(console: Console, state: BattlegroundState) -> None:
    board(console, state)
    console.print(forces_table(state))
    console.print(score_line(state))
    winner = state.winner
    result = getattr(state, "result", "")
    if winner < 0:
        console.print(f"[bold]Draw[/] ({result or 'no player leads by 20 VP or more'}).")
    else:
        console.print(f"[bold]Player {winner} wins[/] ({result or 'points victory'}).")


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
    _run(console, state, {0: _bot(state, seed), 1: _bot(state, seed + 1)}, delay, set())
    _finish(console, state)


def play(
    game_name: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]", help="battleground (default), battleground-movement or homm3-combat."
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed of the game's random stream (default: a random one, shown at the end)."
        ),
    ] = None,
    map_name: Annotated[
        str | None,
        typer.Option("--map", help="Shipped map name or path to a map file (first-game)."),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(help="Which seats the legacy bot plays: none (hotseat), 0, 1 or both."),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            help="Who plays each seat, in order: human, random, greedy, mcts, legacy or "
            "module:Class, each with an optional @LEVEL (default: human,mcts)."
        ),
    ] = None,
    rounds: Annotated[int | None, typer.Option(help="Rounds to play (the rulebook: 4).")] = None,
    game: GameOption = "battleground",
    position: Annotated[
        Path | None,
        typer.Option(
            "--position",
            metavar="FILE",
            help="Play from this position (YAML or JSON, docs/positions.md); the seed decides "
            "what it leaves open. Its map and rounds are the position's.",
        ),
    ] = None,
    battle: Annotated[
        Path | None,
        typer.Option(
            "--battle",
            metavar="FILE",
            help="homm3-combat: the battle file to play (docs/homm3-battle.md); default: the "
            "shipped hero battle.",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", metavar="FILE", help="Save the game after every action (a replay file)."
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume", metavar="FILE", help="Continue a saved game (and keep saving it there)."
        ),
    ] = None,
) -> None:
    """Play in the terminal: hotseat, against the bot, or bot against bot."""
    console = Console()
    choices: dict[str, set[int]] = {"none": set(), "0": {0}, "1": {1}, "both": {0, 1}}
    if bot is not None and bot not in choices:
        raise typer.BadParameter("choose none, 0, 1 or both", param_hint="--bot")
    if bot is not None and players is not None:
        raise typer.BadParameter("give --players or --bot, not both", param_hint="--players")
    if seed is None:
        seed = secrets.randbelow(2**31)
    specs = _specs(players if bot is None else None)
    game = game_name or game
    session: Session | None = None
    if resume is not None:
        try:
            session = Session.resume(resume)
        except (OSError, RulekeeperError) as error:
            console.print(f"[red]error:[/] {escape(str(error))}")
            raise typer.Exit(2) from None
        game = session.state.game.name
    legacy = choices[bot] if bot is not None else None
    if game == "homm3-combat":
        _play_battle(console, battle or position, seed, legacy, specs, session, save)
        return
    if battle is not None:
        raise typer.BadParameter("only homm3-combat takes a battle file", param_hint="--battle")
    if position is not None and (map_name is not None or rounds is not None):
        raise typer.BadParameter("a position says its map and rounds", param_hint="--position")
    if session is None:
        state = _new_state(
            console, game, map_name or "first-game", rounds or ROUNDS, seed, position
        )
        if save is not None:
            session = Session(state, save)
            session.save()
    else:
        assert isinstance(session.state, BattlegroundState)
        state = session.state
    if legacy is not None:  # --bot: the legacy bots of this game
        agents: dict[int, Agent] = {p: _bot(state, seed + p) for p in (0, 1)}
        humans = {0, 1} - legacy
    else:
        humans, agents = _players(console, specs, state.num_players, seed)
    state = _run(console, state, agents, 0.0, humans=humans, session=session)
    _finish(console, state)
    console.print(f"seed {seed} (play it again with --seed {seed})")


def _specs(players: str | None) -> list[str]:
    """The SPEC of each seat (``--players``; default ``human,mcts``)."""
    return [s.strip() for s in (players or "human,mcts").split(",") if s.strip()]


def _players(
    console: Console, specs: list[str], seats: int, seed: int
) -> tuple[set[int], dict[int, Agent]]:
    """The seats people play, and a bot for every other seat (the last SPEC repeats)."""
    from rulekeeper.core.agents import make_agent

    humans: set[int] = set()
    agents: dict[int, Agent] = {}
    for seat in range(seats):
        spec = specs[min(seat, len(specs) - 1)] if specs else "human"
        if spec == "human":
            humans.add(seat)
            continue
        try:
            agents[seat] = make_agent(spec, seed + 1000 + seat)
        except ValueError as error:
            console.print(f"[red]error:[/] --players: {escape(str(error))}")
            raise typer.Exit(2) from None
    return humans, agents


def _play_battle(
    console: Console,
    battle: Path | None,
    seed: int,
    bots: set[int] | None,
    specs: list[str],
    session: Session | None = None,
    save: Path | None = None,
) -> None:
    """A HoMM3 battle: the players' seats by hand or by the random bot; neutral units and AI
    heroes follow the rules' AI (docs/homm3-combat.md)."""
    from rulekeeper.core import RandomAgent
    from rulekeeper.games.homm3.game import CombatState
    from rulekeeper.games.homm3.views.text import render

    if session is None:
        try:
            game = load_game("homm3-combat", **({"battle": battle} if battle else {}))
        except RulekeeperError as error:
            console.print(f"[red]error:[/] {escape(str(error))}")
            raise typer.Exit(2) from None
        session = Session(game.new_initial_state(seed=seed), save)
        session.save()
    state = session.state
    assert isinstance(state, CombatState)
    seats = set(range(state.num_players))
    if bots is not None:  # --bot: the random bot
        agents: dict[int, Agent] = {p: RandomAgent(seed + p) for p in seats}
        humans = seats - bots
    else:
        humans, agents = _players(console, specs, state.num_players, seed)

    def view(shown: GameState, seat: int) -> str:
        assert isinstance(shown, CombatState)
        return render(shown, seat)

    generic.run(console, session, agents, humans=humans, view=view)
    state = session.state
    assert isinstance(state, CombatState)
    console.print(escape(render(state)))
    result = state.flow.result or {}
    console.print(
        f"[bold]{str(result.get('winner', '?')).capitalize()} wins[/] "
        f"({result.get('ending', '?')}, {result.get('rounds', '?')} rounds); seed {seed}."
    )
