"""What a server can host (``GET /api/catalog``, docs/protocol.md): every installed game as its
declaration says (core/plugin.py ``GameInfo``): description, player counts, parameters (with
the names of their shipped files), whether it has a board and which script draws it, its
queries, and the bots offered for it; for the lobby's form, each seat's choices (a person, an
open seat, each bot with its levels) and each shipped file in words (its title, what it is, for
how many players)."""

from __future__ import annotations

import functools
import logging
import re
from pathlib import Path
from typing import Any

import rulekeeper
from rulekeeper.core.agents import bot_names
from rulekeeper.core.content import load_yaml
from rulekeeper.core.mcts import LEVELS
from rulekeeper.core.plugin import GameInfo, Param
from rulekeeper.core.registry import game_info, list_games
from rulekeeper.server.views import PROTOCOL, board_script

__all__ = ["catalog", "game_entry", "offered_bots", "seat_choices", "shipped_files_in_words"]

LOG = logging.getLogger("rulekeeper.server")

BOT_WORDS = {
    "random": "Random bot (any legal choice)",
    "greedy": "Greedy bot (the best choice one step ahead)",
}
"""The built-in bots without levels, in words (``mcts`` is offered at each of its levels)."""


def offered_bots(info: GameInfo) -> list[str]:
    """The bots a seat of the game may be given by name: the built-in ones, then the game's own
    (its declaration's ``bots``): no other game's bot."""
    return [*bot_names(), *sorted(info.bots)]


def seat_choices(info: GameInfo) -> list[dict[str, str]]:
    """What a seat of the game may be in the lobby's form, in order, each ``{spec, text}``: the
    person creating the game (``me``), an open seat, then each bot offered for the game (its
    declaration's own only): MCTS at each of its levels, the others as they are."""
    found = [
        {"spec": "me", "text": "You (this browser)"},
        {"spec": "open", "text": "Open (someone joins)"},
    ]
    for name in offered_bots(info):
        if name == "mcts":
            found.extend(
                {"spec": f"mcts@{level}", "text": f"MCTS bot, level {level} ({budget} playouts)"}
                for level, budget in sorted(LEVELS.items())
            )
        elif name in info.bots:
            found.append({"spec": name, "text": f"{name} ({info.name}'s own bot)"})
        else:
            found.append({"spec": name, "text": BOT_WORDS.get(name, f"{name} bot")})
    return found


def _leading_comment(text: str) -> str:
    """The comment lines a YAML file opens with, as one text (the file's own description)."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(line for line in lines if line)


RULE_REFERENCE = re.compile(r"\s*\([^()]*\.md\b[^()]*\)")
"""A reference to a rules document in parentheses ("(rules.md §5.18)"), left out of the words."""


def _file_words(name: str, path: str) -> tuple[str, str]:
    """A shipped file's title and what it is: its own ``title`` and ``description`` fields when
    it has them, else its name in words and the comment it opens with."""
    title = name.replace("-", " ").replace("_", " ").capitalize()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        return title, ""
    about = _leading_comment(text)
    try:
        data = load_yaml(text, path)
    except Exception:  # an unreadable file is the game's to refuse when it is chosen
        data = None
    if isinstance(data, dict):
        title = str(data.get("title") or title)
        about = str(data.get("description") or about)
    return title, " ".join(RULE_REFERENCE.sub("", about).split())


def _players_with(info: GameInfo, values: dict[str, Any]) -> int | None:
    """How many seats the game has when set up with *values* (None when it cannot be)."""
    if len(info.players) == 1:
        return info.players[0]
    try:
        players: int = info.game_class()(**values).num_players
    except Exception as error:  # the game refuses it: no count to tell
        LOG.warning("player count unknown", extra={"kind": info.name, "error": str(error)})
        return None
    return players


def _param_files(info: GameInfo, param: Param) -> list[dict[str, Any]]:
    files = []
    for name, path in sorted(param.shipped_files().items()):
        title, about = _file_words(name, path)
        players = _players_with(info, {param.name: param.shipped_value(name)})
        files.append({"name": name, "title": title, "description": about, "players": players})
    return files


def _choice_seats(info: GameInfo, param: Param) -> list[dict[str, Any]]:
    """A choice parameter whose choices set different seat counts (a game's solo mode: one
    seat), each choice with its count as a shipped file's entry, so the form sets the seats;
    empty when the count does not depend on it."""
    counts = {choice: _players_with(info, {param.name: choice}) for choice in param.choices}
    if len(set(counts.values())) < 2 or None in counts.values():
        return []
    return [
        {"name": choice, "title": choice, "description": param.help, "players": players}
        for choice, players in counts.items()
    ]


@functools.lru_cache(maxsize=64)
def shipped_files_in_words(name: str) -> tuple[dict[str, list[dict[str, Any]]], int | None]:
    """For game *name*: each file parameter's shipped files in words (parameter -> ``[{name,
    title, description, players}]``: its title, what it is, how many seats a game on it has),
    and the seats of a game set up with no parameter given (its defaults). Cached: shipped files
    do not change while a server runs."""
    info = game_info(name)
    files = {
        param.name: _param_files(info, param)
        for param in info.params
        if param.kind == "file" and param.shipped is not None
    }
    for param in info.params:
        if param.choices and (seats := _choice_seats(info, param)):
            files[param.name] = seats
    return files, _players_with(info, {})


def game_entry(name: str) -> dict[str, Any]:
    """The catalog's entry for game *name*: its declaration as data, with the bots offered for
    it, the URL of its board's script (null: the generic view), each seat's choices, its
    shipped files in words and the seats of a game with its defaults."""
    info = game_info(name)
    files, players = shipped_files_in_words(name)
    return {
        **info.to_json(),
        "board_script": board_script(name),
        "bots": offered_bots(info),
        "seat_choices": seat_choices(info),
        "files": files,
        "default_players": players,
    }


def catalog() -> dict[str, Any]:
    """What can be hosted: each installed game (one whose declaration cannot be read is left
    out, and logged), and the built-in bots with the levels a spec may add (``mcts@3``)."""
    games = []
    for name in list_games():
        try:
            games.append(game_entry(name))
        except Exception as error:  # one broken game leaves the others offered
            LOG.warning("game left out of the catalog", extra={"kind": name, "error": str(error)})
    return {
        "protocol": PROTOCOL,
        "rulekeeper": rulekeeper.__version__,
        "games": games,
        "bots": list(bot_names()),
        "levels": sorted(LEVELS),
    }
