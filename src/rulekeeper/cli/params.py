"""A game's own options on the command line, read from its declared parameters (core/plugin.py
``Param``), so ``rulekeeper play`` and ``rulekeeper tournament`` name no game and no option of
one: the parameter ``points_limit`` is the option ``--points-limit VALUE`` (or
``--points-limit=VALUE``); a ``bool`` parameter alone is true and ``--no-NAME`` false; a ``file``
parameter takes a path, or the name of a file shipped with the game (``--map first-game``,
``--battle siege``).

The commands take the words typer does not know (click's ``allow_extra_args`` and
``ignore_unknown_options``, :data:`CONTEXT`) and read them here: :func:`split_game` finds the
game among them, :func:`game_params` the game's parameters. An unknown or malformed option is an
:class:`OptionError` naming the option and the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulekeeper.core.errors import DataError
from rulekeeper.core.jsonvalue import JsonValue
from rulekeeper.core.plugin import GameInfo, Param
from rulekeeper.core.registry import GameRegistry, default_registry

__all__ = [
    "CONTEXT",
    "OptionError",
    "default_game",
    "game_params",
    "option_help",
    "option_name",
    "seat_count",
    "split_game",
    "wanted_seats",
]

CONTEXT: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}
"""The context settings of a command taking a game's own options (cli/main.py)."""


class OptionError(ValueError):
    """A game option that is unknown or malformed (the command says it and exits with 2)."""


TRUE_WORDS = ("true", "false", "yes", "no", "1", "0")
"""What may follow a ``bool`` option as its value (``--redraw false``)."""


def option_name(param: Param) -> str:
    """The option of *param* (``points_limit``: ``--points-limit``)."""
    return "--" + param.name.replace("_", "-")


def default_game(registry: GameRegistry = default_registry) -> str:
    """The game played when none is named: the first game of the first plug-in by name."""
    plugins = registry.plugins()
    for name in sorted(plugins):
        if plugins[name].games:
            return plugins[name].games[0].name
    raise OptionError("no game is installed (rulekeeper games lists them)")


def split_game(
    tokens: Sequence[str], registry: GameRegistry = default_registry
) -> tuple[str | None, list[str]]:
    """The game named among *tokens* (the words typer left), and the other words (the game's
    options). The game is the first word when it is not an option; otherwise the first word
    naming a known game (``play --seed 1 mygame --board small``); None when no word
    names one."""
    words = list(tokens)
    if words and not words[0].startswith("-"):
        return words[0], words[1:]
    known = set(registry.known_names())
    for index, word in enumerate(words):
        if word in known:
            return word, words[:index] + words[index + 1 :]
    return None, words


def _their_options(info: GameInfo) -> str:
    names = ", ".join(option_name(param) for param in info.params)
    return f"its options: {names}" if names else "it has no options of its own"


def game_params(
    info: GameInfo, tokens: Sequence[str], absolute: bool = False
) -> dict[str, JsonValue]:
    """The parameters of the game *info* declares, given as options in *tokens*; a file is
    given as its path (made absolute with *absolute*: the games of a tournament may run in
    other processes), or as what the game takes for a shipped file's name. An
    :class:`OptionError` names an unknown option, a malformed value, a parameter given twice
    and two that exclude each other."""
    by_option = {option_name(param): param for param in info.params}
    found: dict[str, JsonValue] = {}
    given: dict[str, str] = {}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        option, equals, text = token.partition("=")
        if not option.startswith("--"):
            raise OptionError(f"unexpected argument {token!r} ({info.name} is the game)")
        param = by_option.get(option)
        negated = param is None and option.startswith("--no-")
        if negated:
            param = by_option.get("--" + option.removeprefix("--no-"))
            if param is not None and (param.kind != "bool" or equals):
                param = None
        if param is None:
            raise OptionError(
                f"{info.name} has no option {option} ({_their_options(info)}; rulekeeper "
                f"games {info.name} tells them)"
            )
        if negated:
            text = "false"
        elif not equals and param.kind == "bool":
            following = tokens[index] if index < len(tokens) else ""
            if following.strip().lower() in TRUE_WORDS:
                text, index = following, index + 1
            else:
                text = "true"
        elif not equals:
            if index >= len(tokens):
                raise OptionError(f"{option} needs a value ({info.name}: {param.help})")
            text, index = tokens[index], index + 1
        if param.name in found:
            raise OptionError(f"{option} is given twice")
        found[param.name] = _value(info, param, option, text, absolute)
        given[param.name] = option
    for name, option in given.items():
        param = next(param for param in info.params if param.name == name)
        for other in param.excludes:
            if other in given:
                raise OptionError(
                    f"{info.name}: {option} and {given[other]} cannot be given together "
                    f"({option}: {param.help})"
                )
    return found


def _value(info: GameInfo, param: Param, option: str, text: str, absolute: bool) -> JsonValue:
    """The value of *param* written *text*."""
    if param.kind == "file":
        path = Path(text)
        if text and path.exists():
            return str(path.resolve()) if absolute else text
        shipped = param.shipped_value(text) if param.shipped else None
        if shipped is not None:
            return shipped
        return str(path.resolve()) if absolute and text else text  # the game says what is wrong
    try:
        return param.parse(text)
    except DataError as error:
        raise OptionError(f"{info.name}: {option}: {error.reason}") from None


def option_help(info: GameInfo) -> list[tuple[str, str]]:
    """Each option of *info* and what it says (kind, choices, default, shipped files), for a
    help text."""
    rows = []
    for param in info.params:
        value = {"bool": "", "file": " FILE"}.get(param.kind, f" {param.kind.upper()}")
        notes = []
        if param.choices:
            notes.append(f"one of {', '.join(param.choices)}")
        if param.default is not None:
            notes.append(f"default {param.default}")
        shipped = sorted(param.shipped_files())
        if shipped:
            notes.append(f"shipped: {', '.join(shipped)}")
        if param.excludes:
            notes.append(
                "not with " + ", ".join(f"--{n.replace('_', '-')}" for n in param.excludes)
            )
        said = f"{param.help} ({'; '.join(notes)})" if notes else param.help
        rows.append((f"{option_name(param)}{value}", said))
    return rows


def seat_count(
    info: GameInfo, tokens: list[str], players: str | None
) -> tuple[list[str], str | None]:
    """The command's ``--players`` for a game with a ``players`` parameter of its own (how many
    seats): a number is that parameter (``--players 3``), not who plays the seats."""
    declared = any(p.name == "players" for p in info.params)
    if declared and players is not None and players.strip().isdigit() and "--players" not in tokens:
        return [*tokens, "--players", players.strip()], None
    return tokens, players


def wanted_seats(info: GameInfo, params: dict[str, Any], players: str | None) -> int:
    """How many seats a ``--players`` list names, when the game takes its count as a
    parameter not given (0: leave the game's default; the last entry repeats otherwise)."""
    if "players" in params or not any(p.name == "players" for p in info.params):
        return 0
    return len([s for s in (players or "").split(",") if s.strip()])
