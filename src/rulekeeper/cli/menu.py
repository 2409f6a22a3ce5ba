"""The numbered menu of a seat's choices in the terminal (cli/play.py): each choice with its
number, the kinds with many choices summed up in a long menu, and the words completion offers."""

from __future__ import annotations

from collections import Counter

from rulekeeper.cli import commands
from rulekeeper.core import GameState

MENU_LIMIT = 24
"""Up to this many choices are all listed; beyond it, a kind with many choices is summed up."""
GROUP = 8
"""A kind of choice with more entries than this is summed up in a long menu."""


def menu(state: GameState, seat: int, show: str | None = None) -> list[str]:
    """The numbered choices of *seat*; kinds with many choices summed up in a long list,
    unless *show* names the kind (or ``all``)."""
    legal = state.legal_actions(seat)
    counts = Counter(action.kind for action in legal)
    long = len(legal) > MENU_LIMIT and show != "all"
    lines = []
    only = show if show in counts else None
    for index, action in enumerate(legal):
        if only is not None and action.kind != only:
            continue
        if long and counts[action.kind] > GROUP and action.kind != show:
            continue
        lines.append(f"  {index:3d}  {state.describe(action)}")
    if long and only is None:
        for kind, count in counts.items():
            if count > GROUP and kind != show:
                example = next(a for a in legal if a.kind == kind)
                lines.append(
                    f"   ..  {kind}: {count} choices, e.g. {state.describe(example)!r} "
                    f"(type words of one, or 'list {kind}')"
                )
    return lines


def choice_words(state: GameState, seat: int) -> list[str]:
    """What completion offers: the descriptions of the seat's choices and the commands."""
    said = [state.describe(action) for action in state.legal_actions(seat)]
    return [*said, *commands.NAMES]


def indented(lines: list[str]) -> str:
    """*lines* under a menu line."""
    return "\n".join(f"         {line}" for line in lines)
