"""``rulekeeper replay FILE``: step through a replay file (issue 9 §4).

Non-interactive by default: prints the actions with their numbers and the state after action
``--to N`` (default: the end); ``--branch OUT --to N`` writes a new save that continues from
action N (play on with ``rulekeeper play GAME --resume OUT``). ``--step`` walks through the game
interactively: ``n`` next, ``p`` previous, a number jumps there, ``b FILE`` branches, ``q`` quits.
A replay recorded on other cards or another map is refused with both hashes named.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from rulekeeper.core import RulekeeperError
from rulekeeper.core.replay import GameRecord, replay_prefix
from rulekeeper.core.session import Session, read_replay, write_replay

MAX_BYTES = 20_000_000


def _load(console: Console, path: Path) -> GameRecord:
    try:
        if path.stat().st_size > MAX_BYTES:
            raise RulekeeperError(f"{path}: too large for a replay file")
        record = read_replay(json.loads(path.read_text(encoding="utf-8")), str(path))
        Session.from_record(record)  # checks the content hash and every action
    except (OSError, ValueError, RulekeeperError) as error:
        console.print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    return record


def _show(console: Console, record: GameRecord, at: int) -> None:
    state = replay_prefix(record, at)
    console.print(
        f"[bold]{record.game}[/], seed {record.seed}: after action {at} of {len(record.actions)}"
    )
    for index, entry in enumerate(record.actions[:at][-10:], start=max(0, at - 10)):
        who = "chance" if entry.player < 0 else f"player {entry.player}"
        console.print(f"  {index + 1:4d}  {who}: {escape(state.describe(entry.action))}")
    if state.is_terminal():
        console.print(f"the game is over: returns {state.returns()}")


def replay_command(
    file: Annotated[Path, typer.Argument(help="A replay file (or a save).")],
    to: Annotated[int | None, typer.Option(help="Show the game after this many actions.")] = None,
    branch: Annotated[
        Path | None, typer.Option(help="Write a new save continuing from action --to.")
    ] = None,
    step: Annotated[bool, typer.Option(help="Walk through the game interactively.")] = False,
) -> None:
    """Step through a replay file, or branch a new game from any point of it."""
    console = Console()
    record = _load(console, file)
    total = len(record.actions)
    at = total if to is None else to
    if not 0 <= at <= total:
        console.print(f"[red]error:[/] --to must be from 0 to {total}", soft_wrap=True)
        raise typer.Exit(2)
    if branch is not None:
        cut = GameRecord(
            record.game, record.params, record.seed, record.actions[:at], record.content_version
        )
        branch.write_text(json.dumps(write_replay(cut, finished=False)), encoding="utf-8")
        console.print(f"wrote {branch}: the game after action {at}")
        return
    _show(console, record, at)
    while step:
        answer = typer.prompt("n next, p previous, a number, b FILE branch, q quit", default="n")
        word = answer.strip().lower()
        if word == "q":
            return
        if word == "n":
            at = min(total, at + 1)
        elif word == "p":
            at = max(0, at - 1)
        elif word.isdigit() and int(word) <= total:
            at = int(word)
        elif word.startswith("b "):
            target = Path(answer.strip()[2:].strip())
            cut = GameRecord(
                record.game, record.params, record.seed, record.actions[:at], record.content_version
            )
            target.write_text(json.dumps(write_replay(cut, finished=False)), encoding="utf-8")
            console.print(f"wrote {target}")
            continue
        else:
            console.print(
                f"[red]{escape(answer)!r}: n, p, a number from 0 to {total}, b FILE or q[/]"
            )
            continue
        _show(console, record, at)
