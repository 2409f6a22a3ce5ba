"""How each game is drawn in the terminal: a screen is three view functions, written by the
game's own views package (observers apart from rules) and looked up here by game name.

* ``render(state, seat)``: what *seat* sees when deciding (``None``: a spectator, the end);
* ``news(state, since)``: readable lines of the public events after event *since*, and the
  new last event;
* ``preview(state, seat, action)``: what to show before a person confirms *action* (a move's
  path and risk, an attack's odds), or ``None``.

A game with no views of its own gets the generic screen: its observation as tables, its public
events, and the exact odds of any action that involves chance (``state.odds``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from rulekeeper.core import Action, GameState, IllegalActionError


@dataclass(frozen=True)
class Screen:
    """The three view functions of a game in the terminal (see the module doc)."""

    render: Callable[[GameState, int | None], RenderableType]
    news: Callable[[GameState, int], tuple[list[str], int]]
    preview: Callable[[GameState, int, Action], str | None]
    confirm: frozenset[str] = frozenset({"move", "attack"})
    """Kinds of action whose preview a person confirms before the action is taken."""
    details: frozenset[str] = frozenset()
    """Kinds of action whose preview is shown under each choice in the menu (a bonus's text,
    what a reroll would reroll), so no choice is blind."""
    command: Callable[[GameState, int, str], str | None] | None = None
    """The game's own commands (Battleground: ``los A B``): the answer to a line, or None
    when the line is not one of them."""
    help: str = ""
    """One line per game command, for ``help``."""


def _short(value: object, width: int = 160) -> str:
    """A JSON value on one line, cut to *width* characters."""
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text if len(text) <= width else text[: width - 1] + "…"


def generic_render(state: GameState, seat: int | None) -> RenderableType:
    """The seat's observation as a table of its top-level fields."""
    observation = state.observation(0 if seat is None else seat)
    who = "the end" if seat is None else f"what player {seat} sees"
    table = Table(title=f"{state.game.name}: {who}", show_header=False)
    table.add_column("field", style="bold")
    table.add_column("value")
    if isinstance(observation, dict):
        for key, value in observation.items():
            table.add_row(str(key), Text(_short(value)))
    else:
        table.add_row("observation", Text(_short(observation)))
    return table


def generic_news(state: GameState, since: int) -> tuple[list[str], int]:
    """Each public event after *since* as ``kind: key=value, ...``."""
    lines = []
    for event in state.events.public(since):
        details = ", ".join(f"{k}={_short(v, 60)}" for k, v in event.data.items())
        lines.append(f"{event.kind}: {details}" if details else event.kind)
    return lines, state.events.last_seq


def odds_preview(state: GameState, seat: int, action: Action) -> str | None:
    """The exact odds of *action* in words, when chance is involved."""
    try:
        found = state.odds(action, seat)
    except (IllegalActionError, ValueError):
        return None
    if not found:
        return None
    lines = [f"{state.describe(action)}: the odds"]
    for key, value in found.items():
        if isinstance(value, dict):
            parts = ", ".join(f"{k}: {v:.1%}" for k, v in value.items() if isinstance(v, float))
            if parts:
                lines.append(f"  {key}: {parts}")
        elif isinstance(value, float):
            shown = f"{value:.2f}" if key.startswith("expected") else f"{value:.1%}"
            lines.append(f"  {key.replace('_', ' ')}: {shown}")
    return "\n".join(lines)


GENERIC = Screen(generic_render, generic_news, odds_preview)


def _homm3() -> Screen:
    from rulekeeper.games.homm3.views.log import news
    from rulekeeper.games.homm3.views.odds import preview
    from rulekeeper.games.homm3.views.text import render

    def draw(state: GameState, seat: int | None) -> RenderableType:
        return Text(render(state, seat))  # type: ignore[arg-type]

    return Screen(draw, news, preview)  # type: ignore[arg-type]


def _battleground() -> Screen:
    from rulekeeper.games.battleground.views import log, preview, screen, sight

    return Screen(
        screen.render,  # type: ignore[arg-type]
        log.news,  # type: ignore[arg-type]
        preview.preview,  # type: ignore[arg-type]
        details=frozenset({"bonus", "reroll", "done", "interrupt"}),
        command=sight.command,  # type: ignore[arg-type]
        help=f"  {sight.USAGE}",
    )


SCREENS: dict[str, Callable[[], Screen]] = {
    "battleground": _battleground,
    "battleground-movement": _battleground,
    "homm3-combat": _homm3,
}


def screen_for(game: str) -> Screen:
    """The screen of *game* (the generic one for a game without views)."""
    make = SCREENS.get(game)
    return make() if make is not None else GENERIC
