"""What a seat (or a spectator) of a hosted game receives: its view (docs/protocol.md, Views).
Nothing hidden from that seat is in it: the observation is the game's own for that seat, the
log is made of public events, and the seed and record wait for the end."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, GameState
from rulekeeper.core.errors import UnknownGameError
from rulekeeper.core.plugin import resolve
from rulekeeper.core.registry import default_registry, game_info
from rulekeeper.server.hosted import Hosted

PROTOCOL = 1
LOG_EVENTS = 80
"""The log in a view tells the last this many public events."""


@dataclass(frozen=True)
class BoardView:
    """A game's board data in three parts: the battlefield, which never changes in a game;
    what every seat sees alike; and a seat's own. A view carries the last two."""

    battlefield: Callable[[GameState], dict[str, Any]]
    public: Callable[[GameState], dict[str, Any]]
    private: Callable[[GameState, int | None], dict[str, Any]]

    def of(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The whole board data of *state* for *seat*, the battlefield included."""
        return {**self.battlefield(state), **self.public(state), **self.private(state, seat)}


def board_of(game: str) -> BoardView | None:
    """The board-data functions of *game*, if its declaration names a board (core/plugin.py
    ``Board``: ``battlefield_board(state)``, what never changes in a game, sent once by
    ``GET .../map``; ``public_board(state)``, the same for every seat; ``seat_board(state,
    seat)``)."""
    board = game_info(game).board
    if board is None:
        return None
    found = resolve(board.data)
    return BoardView(found.battlefield_board, found.public_board, found.seat_board)


PLUGINS = "/plugins"
"""Where the server serves each plug-in's static folder: ``/plugins/<plug-in name>/``."""


def board_script(game: str) -> str | None:
    """The URL of the script that draws *game*'s board in the browser (an ES module in its
    plug-in's static folder exporting ``createView(body, ctx)``), or None: the generic view."""
    try:
        board = game_info(game).board
    except UnknownGameError:  # a stored game no longer installed: it needs attention
        return None
    plugin = default_registry.plugin_of(game)
    if board is None or plugin is None or plugin.static is None:
        return None
    return f"{PLUGINS}/{plugin.name}/{board.script}"


def replay_board(game: str, state: GameState) -> Any:
    """The board data of *state* as a spectator sees it, or None for a game without a board."""
    board = board_of(game)
    return None if board is None else board.of(state, None)


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
    lines, _ = game_info(state.game.name).news(state, since)
    return lines


def seat_view(hosted: Hosted, seat: int | None) -> dict[str, Any]:
    """The view of *hosted* for *seat* (None: a spectator), built once per version and seat
    (the answer to an action and the message to every socket of that seat share it)."""
    key = _key(hosted, "view", seat)
    found = hosted.views.get(key)
    if found is None:
        if any(k[1] != hosted.version for k in hosted.views):
            hosted.views.clear()
        found = hosted.views[key] = build_view(hosted, seat)
    return found


def view_text(hosted: Hosted, seat: int | None, reply_to: int | None = None) -> str:
    """:func:`seat_view` as the JSON text a socket sends, encoded once per version and seat;
    with ``reply_to`` (the version an action of this client was made on) when it answers one."""
    key = _key(hosted, "text", seat)
    text = hosted.views.get(key)
    if text is None:
        view = seat_view(hosted, seat)
        text = hosted.views[key] = json.dumps(view, separators=(",", ":"), ensure_ascii=False)
    if reply_to is None:
        return str(text)
    return f'{text[:-1]},"reply_to":{int(reply_to)}}}'


def stamp(hosted: Hosted) -> tuple[Any, ...]:
    """What a view depends on: the game's version, and what it shows of the lobby (the game's
    status and seats); two views with the same stamp are the same."""
    return (hosted.version, hosted.status, tuple(s.kind + s.name for s in hosted.seats))


def _key(hosted: Hosted, kind: str, seat: int | None) -> tuple[Any, ...]:
    """A view's key among the views kept: the version second (what :func:`seat_view` clears
    by)."""
    version, *rest = stamp(hosted)
    return (kind, version, seat, *rest)


def shared(hosted: Hosted, name: str, compute: Callable[[], Any]) -> Any:
    """A part of the views of *hosted* that is the same for every seat, made once a version
    (kept with the views, and dropped with them)."""
    key = (name, hosted.version)
    if key not in hosted.views:
        hosted.views[key] = compute()
    return hosted.views[key]


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
        "board_script": board_script(hosted.game_name),
        "result": None,
        "outcome": None,
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
    view["log"] = shared(hosted, "log", lambda: log_lines(state))
    board = board_of(hosted.game_name)
    if board is not None:
        public = shared(hosted, "board", lambda: board.public(state))
        view["board"] = {**public, **board.private(state, seat)}
    outcome = state.outcome()
    if outcome is not None:
        view["result"] = outcome.text
        view["outcome"] = outcome.to_json()
    if seat is not None:
        view["can_undo"] = hosted.session.undo_target(seat) is not None
    return view
