"""How each game is drawn in the terminal: a screen (core/plugin.py ``Screen``) is three view
functions, written by the game's own views package (observers apart from rules) and named by the
game's declaration.

* ``render(state, seat)``: what *seat* sees when deciding (``None``: a spectator, the end);
* ``news(state, since)``: readable lines of the public events after event *since*, and the
  new last event;
* ``preview(state, seat, action)``: what to show before a person confirms *action* (a move's
  path and risk, an attack's odds), or ``None``.

A game with no views of its own gets the generic screen: its observation as tables, its public
events, and the exact odds of any action that involves chance (``state.odds``).
"""

from __future__ import annotations

import dataclasses

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from rulekeeper.core import GameState
from rulekeeper.core.plugin import Screen, odds_preview, plain_news, short
from rulekeeper.core.registry import game_info


def generic_render(state: GameState, seat: int | None) -> RenderableType:
    """The seat's observation as a table of its top-level fields."""
    observation = state.observation(0 if seat is None else seat)
    who = "the end" if seat is None else f"what player {seat} sees"
    table = Table(title=f"{state.game.name}: {who}", show_header=False)
    table.add_column("field", style="bold")
    table.add_column("value")
    if isinstance(observation, dict):
        for key, value in observation.items():
            table.add_row(str(key), Text(short(value)))
    else:
        table.add_row("observation", Text(short(observation)))
    return table


GENERIC = Screen(generic_render, plain_news, odds_preview)


def screen_for(game: str) -> Screen:
    """The screen of *game*: its own (its declaration's, core/plugin.py), or the generic one."""
    found = game_info(game).terminal()
    if found is None:
        return GENERIC
    render = found.render
    return dataclasses.replace(found, render=lambda state, seat: _renderable(render(state, seat)))


def _renderable(drawn: object) -> RenderableType:
    """What a game's render gave, as rich prints it: text as it is (no markup read into it)."""
    return Text(drawn) if isinstance(drawn, str) else drawn  # type: ignore[return-value]
