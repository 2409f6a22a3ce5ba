"""``rulekeeper play [GAME]``: any registered game in the terminal, through the state API alone.

The game is a session (core/session.py): every action is validated by the rules and saved (by
default in the platform's data folder, cli/saves.py), ``undo`` goes back to the player's last
decision (never past a die or a card revealed), and ``--resume`` continues the last unfinished
game. Each decision shows the game's screen (cli/screens.py), then the choices; a person types a
number, words of a choice or a command (cli/commands.py). A move or an attack is previewed (its
path and risk, or its odds) before it is taken. With more than one person at the keyboard, each
player's screen is hidden from the others until that player says they are at the screen, and the
hand-over clears the terminal's scrollback too (issue 23 §2.7). Above the choices, a box tells
what happened since the player's last decision (issue 23 §2.6), so a bot's moves never scroll
away unseen.
"""

from __future__ import annotations

import secrets
import time
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulekeeper.cli import campaign as campaign_cli
from rulekeeper.cli import commands
from rulekeeper.cli.menu import choice_words, indented, menu
from rulekeeper.cli.params import CONTEXT as OPTIONS
from rulekeeper.cli.params import (
    OptionError,
    default_game,
    game_params,
    option_help,
    seat_count,
    split_game,
    wanted_seats,
)
from rulekeeper.cli.prompt import LineReader
from rulekeeper.cli.saves import LAST, last_save, new_save
from rulekeeper.cli.screens import screen_for
from rulekeeper.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Agent,
    GameState,
    RulekeeperError,
    load_game,
)
from rulekeeper.core.agents import bot_names, make_agent
from rulekeeper.core.plugin import Screen, plain_news
from rulekeeper.core.registry import game_info
from rulekeeper.core.session import Session

CONTEXT = {**OPTIONS, "help_option_names": []}
"""The command's context settings (cli/main.py): the game's own options are read from its
declaration (cli/params.py), and ``--help`` is the command's own, to list them."""
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen, clear the scrollback (xterm's ``ESC [ 3 J``): what ``clear`` sends."""
NEWS_LINES = 8
"""The most lines the "since your last decision" box shows (``log`` shows more)."""


class Client:
    """One game in the terminal: the session, who plays each seat, and what was shown."""

    def __init__(
        self,
        console: Console,
        session: Session,
        agents: dict[int, Agent],
        humans: set[int],
        screen: Screen,
        reader: LineReader | None = None,
        delay: float = 0.0,
    ) -> None:
        self.console = console
        self.session = session
        self.agents = agents
        self.humans = humans
        self.screen = screen
        self.reader = reader or LineReader()
        self.log: list[str] = []
        self.seen = session.state.events.last_seq
        self.at_screen: int | None = None
        self.read_up_to: dict[int, int] = {}
        """Per seat, how much of the log its player has seen at a decision."""
        self.known: dict[str, Action] = {}
        """Actions offered before, by their words (``why`` may ask about them later)."""
        self.delay = delay
        """Seconds to wait after a bot's action (to watch bots play)."""

    # ------------------------------------------------------------------ the loop

    def run(self) -> GameState:
        """Play to the end of the game."""
        while not self.session.state.is_terminal():
            state = self.session.state
            player = state.current_player()
            if player == CHANCE:
                outcome = state.clone().resolve_chance()
                self.session.apply(outcome)
                if not self._news() and self.screen.news is plain_news:
                    # a game's own log tells its dice in words, once, where they count (the
                    # attack's line); the generic log tells each outcome (issue 23 §2.8)
                    self._say(f"chance: {state.describe(outcome)}", dim=True)
                continue
            seats = range(state.num_players) if player == SIMULTANEOUS else [player]
            seat = next(p for p in seats if state.legal_actions(p))
            if seat in self.humans:
                actions = self.decide(seat)
                if actions is None:
                    continue
            else:
                actions = [self.agents[seat].choose(state, seat)]
                time.sleep(self.delay)
            for action in actions:
                self.take(action, seat)
        return self.session.state

    def take(self, action: Action, seat: int) -> None:
        """Apply *action* for *seat* and report it (a secret choice as such)."""
        said = self.session.state.describe(action)
        self.session.apply(action, seat)
        history = self.session.state.history()
        hidden = history[-1].visible_to if history else None
        if hidden is not None and not self.humans <= set(hidden):
            said = "makes a secret choice"  # a person at the screen may not see it
        self._say(f"player {seat}: {said}")
        self._news()

    def decide(self, seat: int) -> list[Action] | None:
        """The person's actions for *seat* (one, or several picks typed in one line), or None
        after a command (undo, save, ...). A forced choice (the only one there is) is taken
        without asking."""
        state = self.session.state
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            self.console.print(f"  [dim]the only choice: {escape(state.describe(legal[0]))}[/]")
            return legal
        if self._hands_over(seat):
            self._hand_over(seat)
        self.at_screen = seat
        self.known.update((state.describe(a).casefold(), a) for a in legal)
        self.console.print(self.screen.render(state, seat))
        self._since(seat)
        self.console.print(
            f"[bold]Player {seat}[/], choose (a number, words of a choice, or help):"
        )
        details = self._details(state, seat)
        for line in details.pop(-1, []):
            self.console.print(escape(line), style="dim")
        for line in menu(state, seat):
            self.console.print(escape(line))
            index = int(line.split()[0]) if line.split()[0].isdigit() else -1
            if details.get(index):
                self.console.print(escape(indented(details[index])), style="dim")
        while True:
            line = self.reader.read(f"player {seat}: ", choice_words(state, seat))
            said = {state.describe(a).casefold() for a in state.legal_actions(seat)}
            exact = line.strip().casefold() in said  # a choice's text is that choice
            own = (
                None if exact or not self.screen.command else self.screen.command(state, seat, line)
            )
            if own is not None:
                self.console.print(escape(own))
                continue
            if self.screen.words is not None and not exact:
                line = self.screen.words(state, seat, line)
            answer = commands.interpret(state, seat, line, self.known)
            if answer.message == commands.HELP and self.screen.help:
                answer = commands.Answer(message=f"{commands.HELP}\n{self.screen.help}")
            if answer.message:
                self.console.print(escape(answer.message))
                continue
            if answer.command:
                done = self._command(answer, seat)
                if done:
                    return None
                continue
            assert answer.action is not None
            if self._confirmed(state, seat, answer):
                return [answer.action, *answer.then]

    # ------------------------------------------------------------------ helpers

    def _details(self, state: GameState, seat: int) -> dict[int, list[str]]:
        """What to show under each choice whose kind the screen details, by index; what all
        of them share is said once, under -1 (the dice of a reroll, say)."""
        legal = state.legal_actions(seat)
        found: dict[int, list[str]] = {}
        for index, action in enumerate(legal):
            if action.kind in self.screen.details:
                shown = self.screen.preview(state, seat, action)
                if shown:
                    found[index] = shown.splitlines()
        if len(found) < 2:
            return found
        shared = [
            line
            for line in next(iter(found.values()))
            if all(line in lines for lines in found.values())
        ]
        details = {i: [line for line in lines if line not in shared] for i, lines in found.items()}
        details[-1] = shared
        return details

    def _confirmed(self, state: GameState, seat: int, answer: commands.Answer) -> bool:
        """Whether the person goes ahead: a preview to confirm, or a grave choice."""
        action = answer.action
        assert action is not None
        if answer.confirm:
            return self.reader.confirm(f"{state.describe(action)}: are you sure?", False)
        if answer.picks:  # picks typed in one line: what they come to, before the last one
            taken = [action, *answer.then]
            state = state.clone()
            for earlier in taken[:-1]:
                state.apply_action(earlier, seat)
            action = taken[-1]
        elif action.kind not in self.screen.confirm:
            return True
        shown = self.screen.preview(state, seat, action)
        if not shown:
            return True
        self.console.print(escape(shown))
        return self.reader.confirm("Go ahead?", True)

    def _command(self, answer: commands.Answer, seat: int) -> bool:
        """Carry out a command; True when the game moved (undo) and the screen is redrawn."""
        state = self.session.state
        if answer.command == "quit":
            if self.reader.confirm("Leave the game? (it is saved; play --resume continues)", False):
                raise typer.Exit(0)
            return False
        if answer.command == "save":
            self.session.save()
            where = f" to {self.session.path}" if self.session.path else ""
            self.console.print(f"  [dim]saved{escape(where)}[/]")
            return False
        if answer.command == "undo":
            try:
                self.session.undo(seat)
                while self._forced(seat) and self.session.undo_target(seat) is not None:
                    self.session.undo(seat)  # past a forced choice, which would come back
            except RulekeeperError as error:
                self.console.print(f"[red]{escape(str(error))}[/]")
                return False
            self.seen = self.session.state.events.last_seq
            self.console.print("  [dim]undone[/]")
            return True
        if answer.command == "list":
            for line in menu(state, seat, answer.argument or "all"):
                self.console.print(escape(line))
            return False
        if answer.command == "log":
            for line in self.log[-40:]:
                self.console.print(escape(line))
            return False
        if answer.command == "help":  # a word of the rules, from the game's glossary
            entries = game_info(state.game.name).glossary_entries()
            self.console.print(escape(commands.define(entries, answer.argument)))
            return False
        action = Action.parse(answer.argument)
        if answer.command == "why":
            legal = action in state.legal_actions(seat)
            does = self.screen.preview(state, seat, action) if legal else None
            self.console.print(escape(commands.explain(state, seat, action, does)))
        else:  # odds or preview: what the person would see before confirming
            shown = self.screen.preview(state, seat, action) or commands.odds_text(
                state, seat, action
            )
            self.console.print(escape(shown))
        return False

    def _forced(self, seat: int) -> bool:
        """Whether *seat*'s next decision has only one choice (taken without asking)."""
        state = self.session.state
        return not state.is_terminal() and len(state.legal_actions(seat)) == 1

    def _hands_over(self, seat: int) -> bool:
        """Whether *seat*'s person must take the screen from the others: people who may not
        see the same things play here (not one team sharing its secrets, as in co-op), and the
        last one at it may not see *seat*'s."""
        if self.final_seat() is not None or not self.humans:
            return False
        sight = self.session.state.game.sight_of
        return self.at_screen is None or seat not in sight(self.at_screen)

    def final_seat(self) -> int | None:
        """The seat whose view the last screen shows: the people's, when they all see the same
        things (one person, or one team sharing its secrets); else None, a spectator's."""
        sight = self.session.state.game.sight_of
        if self.humans and all(o in sight(one) for one in self.humans for o in self.humans):
            return min(self.humans)
        return None

    def _hand_over(self, seat: int) -> None:
        """Hide the last player's screen, and the scrollback, until *seat*'s player says they
        are at it."""
        self._clear()
        self.console.print(
            f"[bold]Player {seat}'s turn.[/] Other players, look away: what follows is for "
            f"player {seat} only."
        )
        self.reader.read(f"Player {seat}, press Enter when you are at the screen: ")
        self._clear()

    def _clear(self) -> None:
        """Clear the screen and the scrollback (the other hand and its pick stay in it after a
        plain clear), on a terminal (issue 23 §2.7)."""
        if self.console.is_terminal:
            self.console.file.write(CLEAR_ALL)
            self.console.file.flush()

    def _since(self, seat: int) -> None:
        """The box of what happened since *seat*'s last decision (its newest lines)."""
        missed = self.log[self.read_up_to.get(seat, 0) :]
        self.read_up_to[seat] = len(self.log)
        if not missed:
            return
        shown = missed[-NEWS_LINES:]
        more = len(missed) - len(shown)
        title = "Since your last decision" + (f" ({more} lines more: log)" if more else "")
        body = Text("\n".join(shown))
        self.console.print(Panel(body, title=title, title_align="left", expand=False))

    def _news(self) -> int:
        """Tell what happened since the last news; how many lines that took."""
        lines, self.seen = self.screen.news(self.session.state, self.seen)
        for line in lines:
            self._say(f"      {line}", dim=True)
        return len(lines)

    def _say(self, line: str, dim: bool = False) -> None:
        self.log.append(line.strip())
        self.console.print(f"[dim]{escape(line)}[/]" if dim else f"  {escape(line)}")


# ---------------------------------------------------------------------- the command


def play(
    ctx: typer.Context,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed of the game's random stream (default: a random one, shown at the end)."
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            help="Who plays each seat, in order: human, random, greedy, mcts, one of the game's "
            "own bots (rulekeeper games) or module:Class, each with an optional @LEVEL "
            "(default: human,mcts).",
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(
            help="Older form: which seats the game's first own bot (random if it has none) "
            "plays: none, 0, 1 or both."
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Where to save the game (default: the saves folder)."),
    ] = None,
    resume: Annotated[
        str | None,
        typer.Option(
            metavar="[FILE]",
            help="Continue a saved game: the last unfinished one, or the file named.",
        ),
    ] = None,
    think: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            help="Let the MCTS bots think this long per decision (wall clock; their level's "
            "iterations otherwise, the same on any machine).",
        ),
    ] = None,
    game: Annotated[str | None, typer.Option("--game", help="The same as GAME.")] = None,
    campaign: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Play a campaign: its scenarios one after another, the hero carried over, the "
            "campaign saved after each (--save FILE; --resume FILE goes on from a save).",
        ),
    ] = None,
    auto: Annotated[
        bool,
        typer.Option(help="In a campaign, keep the campaign's automatic pick of cards."),
    ] = False,
    show_help: Annotated[
        bool,
        typer.Option("--help", help="Show this message, with GAME's own options, and exit."),
    ] = False,
) -> None:
    """Play GAME in the terminal: against bots, hotseat, or watch bots play.

    rulekeeper play [GAME] [OPTIONS]: GAME is any installed game (rulekeeper games lists them;
    default: the first game of the first plug-in by name); its own options (a map, rounds, a
    battle file, ...) come from its declaration: rulekeeper play GAME --help lists them.
    """
    console = Console()
    named, tokens = split_game(ctx.args)
    if named is not None and game is not None and named != game:
        raise typer.BadParameter(f"GAME is {named}: give one game", param_hint="--game")
    name = named or game
    if show_help:
        _help(ctx, console, name)
        return
    if bot is not None and players is not None:
        raise typer.BadParameter("give --players or --bot, not both", param_hint="--players")
    if bot is not None and bot not in ("none", "0", "1", "both"):
        raise typer.BadParameter("choose none, 0, 1 or both", param_hint="--bot")
    if campaign is not None:  # cli/campaign.py
        seats = partial(_campaign_seats, console, players, bot, think)
        campaign_cli.play_campaign(
            console,
            name,
            campaign,
            tokens,
            seed,
            seats,
            partial(_client, console),
            save,
            resume,
            auto,
        )
        return
    if resume is not None:
        if tokens:
            raise typer.BadParameter(
                f"a saved game keeps its parameters: give no {tokens[0]}", param_hint="--resume"
            )
        session = _resumed(console, resume)
        saved = session.state.game.name
        if name is not None and name != saved:
            console.print(
                f"[red]error:[/] --resume: the saved game is {escape(saved)}, not {escape(name)}"
            )
            raise typer.Exit(2)
        seed = session.record().seed
    else:
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            name = name or default_game()
            tokens, players = seat_count(game_info(name), tokens, players)
            params = game_params(game_info(name), tokens)
            loaded = load_game(name, **params)
            wanted = wanted_seats(game_info(name), params, players)
            if wanted > loaded.num_players:  # a list of more seats: that many (coop with 3)
                loaded = load_game(name, **params, players=wanted)
        except (RulekeeperError, KeyError, OptionError) as error:
            console.print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
            raise typer.Exit(2) from None
        session = Session(loaded.new_initial_state(seed), save or new_save(name, seed))
        session.save()
    state = session.state
    humans, agents = _seats(console, state, seed, players, bot)
    _think(agents, think)
    console.print(f"[dim]saving to {escape(str(session.path))}[/]", soft_wrap=True)
    client = Client(console, session, agents, humans, screen_for(state.game.name))
    final = client.run()
    console.print(client.screen.render(final, client.final_seat()))
    console.print(f"[bold]{escape(final.describe_result())}[/]")
    console.print(f"seed {seed} (play it again with --seed {seed})")


def _think(agents: dict[int, Agent], think: float | None) -> None:
    """Let the MCTS bots think *think* seconds a decision (None: their level's iterations)."""
    if think is None:
        return
    if think <= 0:
        raise typer.BadParameter("a number of seconds above 0", param_hint="--think")
    for agent in agents.values():
        if hasattr(agent, "think"):
            agent.think = think


def _campaign_seats(
    console: Console,
    players: str | None,
    bot: str | None,
    think: float | None,
    state: GameState,
    seed: int,
) -> tuple[set[int], dict[int, Agent]]:
    """A campaign scenario's people and bots, as for a game (``--players``, ``--bot``)."""
    humans, agents = _seats(console, state, seed, players, bot)
    _think(agents, think)
    return humans, agents


def _client(
    console: Console, session: Session, humans: set[int], agents: dict[int, Agent]
) -> Client:
    """The terminal client of a campaign scenario."""
    return Client(console, session, agents, humans, screen_for(session.state.game.name))


def _help(ctx: typer.Context, console: Console, name: str | None) -> None:
    """The command's help, then the options of game *name* (default: the default game) from
    its declaration."""
    ctx.get_help()  # typer prints it
    try:
        name = name or default_game()
        info = game_info(name)
    except (RulekeeperError, OptionError) as error:
        console.print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    table = Table(title=f"{name}'s own options", show_header=False, box=None, padding=(0, 2))
    table.add_column("option", style="bold", no_wrap=True)
    table.add_column("help")
    for option, said in option_help(info):
        table.add_row(escape(option), escape(said))
    if not info.params:
        table.add_row("", "(none)")
    console.print(table)
    bots = ", ".join([*bot_names(), *info.bots])
    console.print(f"bots for --players: {escape(bots)}, or module:Class", soft_wrap=True)


def _resumed(console: Console, resume: str) -> Session:
    """The session saved at *resume* (``last``: the last unfinished game)."""
    path = last_save() if resume == LAST else Path(resume)
    if path is None:
        console.print("[red]error:[/] --resume: no unfinished game is saved", soft_wrap=True)
        raise typer.Exit(2)
    try:
        session = Session.resume(path)
    except (OSError, RulekeeperError) as error:
        console.print(f"[red]error:[/] --resume: {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    console.print(f"[dim]resuming {escape(str(path))}[/]", soft_wrap=True)
    return session


def _seats(
    console: Console, state: GameState, seed: int, players: str | None, bot: str | None
) -> tuple[set[int], dict[int, Agent]]:
    """The seats people play, and a bot for every other seat (the last SPEC repeats)."""
    seats = range(state.num_players)
    if bot is not None:  # the older --bot: the game's first own bot on those seats
        bots = {"none": set(), "0": {0}, "1": {1}, "both": {0, 1}}[bot]
        own = next(iter(game_info(state.game.name).bots), "random")
        specs = [own if seat in bots else "human" for seat in seats]
    else:
        specs = [s.strip() for s in (players or "human,mcts").split(",") if s.strip()]
    humans: set[int] = set()
    agents: dict[int, Agent] = {}
    for seat in seats:
        spec = specs[min(seat, len(specs) - 1)] if specs else "human"
        if spec == "human":
            humans.add(seat)
            continue
        try:
            agents[seat] = make_agent(spec, seed + 1000 + seat, state.game)
        except ValueError as error:
            console.print(f"[red]error:[/] --players: {escape(str(error))}", soft_wrap=True)
            raise typer.Exit(2) from None
    return humans, agents
