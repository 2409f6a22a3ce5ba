"""What a seat (or a spectator) of a hosted game receives: its view (docs/protocol.md, Views).
Nothing hidden from that seat is in it: the observation is the game's own for that seat, the
log is made of public events, and the seed and record wait for the end."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rulekeeper.cli.screens import screen_for
from rulekeeper.core import Action, GameState

if TYPE_CHECKING:
    from rulekeeper.server.lobby import Hosted

PROTOCOL = 1
LOG_EVENTS = 80
"""The log in a view tells the last this many public events."""
BOARDS = {
    "battleground": "rulekeeper.games.battleground.views.web",
    "battleground-movement": "rulekeeper.games.battleground.views.web",
}
"""Games whose view carries board data for the browser's own board (``board(state, seat)``)."""


def board_of(game: str) -> Callable[[GameState, int | None], Any] | None:
    """The board-data function of *game*, if it has one."""
    module = BOARDS.get(game)
    if module is None:
        return None
    try:
        found = importlib.import_module(module)
    except ImportError:
        return None
    board: Callable[[GameState, int | None], Any] | None = getattr(found, "board", None)
    return board


def replay_board(game: str, state: GameState) -> Any:
    """The board data of *state* as a spectator sees it, or None for a game without a board."""
    board = board_of(game)
    return None if board is None else board(state, None)


def entries(state: GameState, actions: list[Action]) -> list[dict[str, Any]]:
    """Choices in the engine's form, as data and in words."""
    return [
        {
            "index": index,
            "action": str(action),
            "kind": action.kind,
            "params": {k: v for k, v in action.to_json().items() if k != "kind"},
            "text": state.describe(action),
        }
        for index, action in enumerate(actions)
    ]


def log_lines(state: GameState) -> list[str]:
    """The readable lines of the last public events."""
    since = max(0, state.events.last_seq - LOG_EVENTS)
    lines, _ = screen_for(state.game.name).news(state, since)
    return lines


def seat_view(hosted: Hosted, seat: int | None) -> dict[str, Any]:
    """The view of *hosted* for *seat* (None: a spectator), built once per version and seat
    (the answer to an action and the message to every socket of that seat share it)."""
    key = (seat, hosted.version, hosted.status, tuple(s.kind + s.name for s in hosted.seats))
    found = hosted.views.get(key)
    if found is None:
        if any(k[1] != hosted.version for k in hosted.views):
            hosted.views.clear()
        found = hosted.views[key] = build_view(hosted, seat)
    return found


def build_view(hosted: Hosted, seat: int | None) -> dict[str, Any]:
    """The view of *hosted* for *seat*, built afresh."""
    view: dict[str, Any] = {
        "type": "view",
        "protocol": PROTOCOL,
        **hosted.summary(),
        "seat": seat,
        "to_act": [],
        "legal": [],
        "observation": None,
        "log": [],
        "board": None,
        "result": None,
        "can_undo": False,
    }
    if hosted.session is None:
        return view
    state = hosted.state
    to_act = hosted.to_act()
    view["to_act"] = to_act
    if seat is not None and seat in to_act:
        view["legal"] = entries(state, state.legal_actions(seat))
    elif seat is not None:  # forfeiting, offering a draw: allowed whoever is to act
        view["legal"] = entries(state, state.anytime_actions(seat))
    view["observation"] = (
        state.observation(seat) if seat is not None else state.spectator_observation()
    )
    view["log"] = log_lines(state)
    board = board_of(hosted.game_name)
    if board is not None:
        view["board"] = board(state, seat)
    if state.is_terminal():
        view["result"] = state.describe_result()
    if seat is not None:
        view["can_undo"] = hosted.session.undo_target(seat) is not None
    return view
