"""``rulekeeper play GAME --campaign FILE``: a chain of scenarios in the terminal (issue 26 §3).

A game offers campaigns by declaring them in its plug-in (core/plugin.py ``Campaigns``); the
campaign core/campaign.py opens says each scenario's game parameters, what the player chooses
between scenarios and how the progress is saved. Each scenario is played as ``rulekeeper
play`` plays a game (the same seats, bots and saves); after each, the campaign's progress goes
to its save file (``--save``, or the data folder), and ``--campaign FILE --resume SAVE`` goes
on from there (the scenario being played, from its own save, if it was left unfinished).
Between scenarios a person chooses the cards to keep; a bot-only game or ``--auto`` takes the
campaign's automatic pick.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from rulekeeper.cli.params import OptionError, default_game
from rulekeeper.cli.prompt import LineReader
from rulekeeper.cli.saves import LAST, data_dir, new_save, unfinished
from rulekeeper.core import RulekeeperError, load_game
from rulekeeper.core.campaign import open_campaign
from rulekeeper.core.session import Session

__all__ = ["campaign_save", "parse_choice", "play_campaign"]


def campaign_save(game: str, seed: int) -> Path:
    """A fresh campaign save file in the data folder."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return data_dir() / "campaigns" / f"{game}-{stamp}-{seed}.json"


def _fail(console: Console, message: str) -> typer.Exit:
    """Print *message* as an error; the exit to raise."""
    console.print(f"[red]error:[/] {escape(message)}", soft_wrap=True)
    return typer.Exit(2)


def _opened(console: Console, name: str, file: str) -> Any:
    """The campaign *file* of game *name*, opened by the game's own function."""
    try:
        return open_campaign(name, file)
    except (RulekeeperError, OSError) as error:
        raise _fail(console, f"--campaign: {error}") from None


def parse_choice(answer: str, pool: Sequence[str]) -> list[str] | None:
    """The cards an answer names: numbers of *pool*'s list (``1 3 5`` or ``1,3,5``); None if
    a number is not on the list or named twice."""
    numbers = answer.replace(",", " ").split()
    if not all(n.isdigit() and 1 <= int(n) <= len(pool) for n in numbers):
        return None
    if len(set(numbers)) != len(numbers):
        return None
    return sorted(pool[int(n) - 1] for n in numbers)


def _ask(console: Console, reader: LineReader, chain: Any, final: Any, offer: Any) -> list[str]:
    """A person chooses the cards to keep (asked again until the rules accept the choice)."""
    pool, count, auto = offer
    console.print(f"Choose {count} cards to keep for the next scenario:")
    for number, card in enumerate(pool, 1):
        console.print(f"  {number:3d}  {escape(card)}")
    while True:
        answer = reader.read(f"{count} numbers (empty: {', '.join(auto)}) > ").strip()
        chosen = auto if not answer else parse_choice(answer, pool)
        if chosen is None:
            console.print(f"numbers from 1 to {len(pool)}, each once")
            continue
        refused = chain.refusal(final, chosen)
        if refused is None:
            return list(chosen)
        console.print(f"{escape(refused[1])} ({escape(refused[0])})")


def _session(console: Console, name: str, chain: Any, progress: Any) -> Session:
    """The scenario to play now: the one begun, if its game is saved unfinished, else a new
    game of the chain's parameters."""
    begun = Path(progress.game) if progress.game else None
    if begun is not None and unfinished(begun):
        try:
            session = Session.resume(begun)
        except (OSError, RulekeeperError) as error:
            raise _fail(console, f"--resume: {error}") from None
        console.print(f"[dim]resuming {escape(str(begun))}[/]", soft_wrap=True)
        return session
    try:
        loaded = load_game(name, **chain.params(progress))
    except RulekeeperError as error:
        raise _fail(console, str(error)) from None
    seed = chain.seed(progress)
    session = Session(loaded.new_initial_state(seed), new_save(name, seed))
    session.save()
    return session


def play_campaign(
    console: Console,
    name: str | None,
    file: str,
    tokens: Sequence[str],
    seed: int | None,
    seats: Any,
    client: Any,
    save: Path | None = None,
    resume: str | None = None,
    auto: bool = False,
) -> None:
    """Play the campaign *file* of game *name* to its end; *seats* gives each scenario's
    people and bots (``state, seed -> (humans, agents)``), *client* makes the terminal
    client (``session, humans, agents -> Client``) (cli/play.py)."""
    if tokens:
        raise typer.BadParameter(
            f"a campaign gives each scenario's parameters: give no {tokens[0]}",
            param_hint="--campaign",
        )
    if resume == LAST:
        raise typer.BadParameter("name the campaign's save file", param_hint="--resume")
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        name = name or default_game()
    except (RulekeeperError, OptionError) as error:
        raise _fail(console, str(error)) from None
    chain = _opened(console, name, file)
    path = Path(resume) if resume else save or campaign_save(name, seed)
    try:
        progress = chain.load(path) if resume else chain.start(seed)
    except RulekeeperError as error:
        raise _fail(console, f"--resume: {error}") from None
    reader = LineReader()
    while not chain.done(progress):
        console.print(f"[bold]{escape(chain.heading(progress))}[/]", soft_wrap=True)
        session = _session(console, name, chain, progress)
        if progress.game != str(session.path):
            progress.game = str(session.path)
            chain.save(progress, path)
        humans, agents = seats(session.state, chain.seed(progress))
        final = client(session, humans, agents).run()
        console.print(f"[bold]{escape(final.describe_result())}[/]")
        offer = chain.choice(progress, final)
        chosen: list[str] = []
        if offer is not None:
            chosen = (
                list(offer[2]) if auto or not humans else _ask(console, reader, chain, final, offer)
            )
        progress = chain.finish(progress, final, chosen)
        chain.save(progress, path)
        console.print(f"[dim]campaign saved to {escape(str(path))}[/]", soft_wrap=True)
    console.print(f"[bold]{escape(chain.summary(progress))}[/]", soft_wrap=True)
