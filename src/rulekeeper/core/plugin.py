"""What a game package declares about itself (its plug-in), so that the terminal, the server,
the browser and the research tools serve it without naming it (docs/architecture.md, "Writing
a new game").

A package declares one :class:`Plugin` and registers it with a Python entry point in the group
``rulekeeper.games`` (``[project.entry-points."rulekeeper.games"]`` in its ``pyproject.toml``:
``mygame = "mygame.plugin:PLUGIN"``); the shipped games use the same mechanism. The module that
holds the declaration imports nothing of the game: everything heavy is named by a :data:`Ref`
(``"module:attribute"``) and imported when first used, so listing the games is cheap and one
broken game breaks none of the others.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import DataError, IllegalActionError
from rulekeeper.core.glossary import Entry, Glossary, read_entries
from rulekeeper.core.jsonvalue import JsonObject, JsonValue

__all__ = [
    "FILE_FORMATS",
    "Board",
    "Campaigns",
    "GameInfo",
    "Param",
    "Plugin",
    "Ref",
    "Screen",
    "odds_preview",
    "plain_news",
    "resolve",
]

Ref = str
"""``"module:attribute"`` (``"module"`` alone for a module), imported when first used."""

ParamKind = Literal["int", "float", "str", "bool", "file"]

KIND_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false"}
"""How an option's kind is said in an error."""

FILE_FORMATS = ("map", "battle", "scenario", "position", "forces", "content")
"""What a file parameter may hold; a client of the server names only a shipped file of that
format, or gives the data itself."""


def resolve(ref: Ref) -> Any:
    """The object *ref* names (``module:attribute``, or a module)."""
    module_name, _, attribute = ref.partition(":")
    module = importlib.import_module(module_name)
    if not attribute:
        return module
    found = module
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise ImportError(f"{module_name} has no {attribute!r} (declared as {ref!r})") from None
    return found


@dataclass(frozen=True)
class Param:
    """One parameter of a game: what the CLI's options, the lobby's form and the server's file
    checks are made from. The game's own ``_validate_params`` stays the judge of a value."""

    name: str
    kind: ParamKind
    help: str
    default: JsonValue = None
    choices: tuple[str, ...] = ()
    """The values allowed (empty: any of the kind)."""
    minimum: float | None = None
    maximum: float | None = None
    format: str | None = None
    """For a ``file`` parameter: what the file holds (one of :data:`FILE_FORMATS`)."""
    shipped: Ref | None = None
    """For a ``file`` parameter: a function returning the files shipped with the game, name ->
    path; a name among them may be given instead of a path (``--map first-game``)."""
    by_name: bool = False
    """For a file parameter with shipped files: the game itself reads a shipped file's name
    (a map's shared tables), so a name is given to it as the name; otherwise a shipped name is
    given to the game as the file's path (:meth:`shipped_value`)."""
    excludes: tuple[str, ...] = ()
    """Parameters that may not be given with this one (a position says its map and rounds)."""

    def __post_init__(self) -> None:
        if (self.kind == "file") != (self.format is not None):
            raise ValueError(
                f"parameter {self.name!r}: a file parameter, and only one, names its format"
            )
        if self.format is not None and self.format not in FILE_FORMATS:
            raise ValueError(f"parameter {self.name!r}: format must be one of {FILE_FORMATS}")

    def shipped_files(self) -> dict[str, str]:
        """The shipped files this parameter may name, name -> path (none: an empty dict)."""
        if self.shipped is None:
            return {}
        return {str(name): str(path) for name, path in resolve(self.shipped)().items()}

    def shipped_value(self, text: str) -> str | None:
        """What the game is given for the shipped file *text* names (its name, with or without
        ``.yaml``, or its path): the name (:attr:`by_name`) or the path; None when *text* names
        none of them."""
        files = self.shipped_files()
        name = text if text in files else text.removesuffix(".yaml")
        if name not in files:
            name = next((key for key, path in files.items() if path == text), "")
        if not name:
            return None
        return name if self.by_name else files[name]

    def parse(self, text: str) -> JsonValue:
        """The value of the option text *text* (the CLI), checked against the kind and the
        choices; DataError naming the parameter otherwise."""
        value: JsonValue
        try:
            if self.kind == "int":
                value = int(text)
            elif self.kind == "float":
                value = float(text)
            elif self.kind == "bool":
                lowered = text.strip().lower()
                if lowered not in ("true", "false", "yes", "no", "1", "0"):
                    raise ValueError(text)
                value = lowered in ("true", "yes", "1")
            else:
                value = text
        except ValueError:
            wanted = KIND_WORDS.get(self.kind, self.kind)
            raise DataError("parameters", self.name, f"{text!r} is not {wanted}") from None
        self.check(value)
        return value

    def check(self, value: JsonValue) -> None:
        """DataError unless *value* is one this declaration allows (kind, choices, range)."""
        if self.choices and value not in self.choices:
            raise DataError("parameters", self.name, f"must be one of {', '.join(self.choices)}")
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if self.minimum is not None and number and value < self.minimum:  # type: ignore[operator]
            raise DataError("parameters", self.name, f"must be at least {self.minimum:g}")
        if self.maximum is not None and number and value > self.maximum:  # type: ignore[operator]
            raise DataError("parameters", self.name, f"must be at most {self.maximum:g}")

    def to_json(self) -> JsonObject:
        """The declaration as data (the server's catalog, the lobby's form)."""
        found: JsonObject = {"name": self.name, "kind": self.kind, "help": self.help}
        if self.default is not None:
            found["default"] = self.default
        if self.choices:
            found["choices"] = list(self.choices)
        for key in ("minimum", "maximum", "format"):
            if getattr(self, key) is not None:
                found[key] = getattr(self, key)
        if self.shipped is not None:
            found["shipped"] = sorted(self.shipped_files())
        if self.excludes:
            found["excludes"] = list(self.excludes)
        return found


def short(value: object, width: int = 160) -> str:
    """A JSON value on one line, cut to *width* characters."""
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text if len(text) <= width else text[: width - 1] + "…"


def odds_preview(
    state: Any,
    seat: int,
    action: Action,
    words: Callable[[JsonObject], list[str]] | None = None,
) -> str | None:
    """The exact odds of *action* in words, when chance is involved (*words*: a game's own
    lines for its odds; default: each number of the answer)."""
    try:
        found = state.odds(action, seat)
    except (IllegalActionError, ValueError):
        return None
    if not found:
        return None
    return "\n".join([f"{state.describe(action)}: the odds", *(words or _odds_lines)(found)])


def _odds_lines(found: JsonObject) -> list[str]:
    """Each number of an odds answer, as a percentage (an expectation as a number)."""
    lines = []
    for key, value in found.items():
        if isinstance(value, dict):
            parts = ", ".join(f"{k}: {v:.1%}" for k, v in value.items() if isinstance(v, float))
            if parts:
                lines.append(f"  {key}: {parts}")
        elif isinstance(value, float):
            shown = f"{value:.2f}" if key.startswith("expected") else f"{value:.1%}"
            lines.append(f"  {key.replace('_', ' ')}: {shown}")
    return lines


def plain_news(state: Any, since: int) -> tuple[list[str], int]:
    """Each public event of *state* after *since* as ``kind: key=value, ...``, and the new last
    event (the log of a game without its own)."""
    lines = []
    for event in state.events.public(since):
        details = ", ".join(f"{k}={short(v, 60)}" for k, v in event.data.items())
        lines.append(f"{event.kind}: {details}" if details else event.kind)
    return lines, state.events.last_seq


@dataclass(frozen=True)
class Screen:
    """How a game is drawn in the terminal and told in a log: view functions written by the
    game's own views package (observers apart from rules). Every callable takes the state
    first; a game without a screen gets the generic one (cli/screens.py)."""

    render: Callable[..., Any]
    """``render(state, seat)``: what *seat* sees when deciding (``None``: a spectator, the
    end), as text or a rich renderable."""
    news: Callable[..., tuple[list[str], int]]
    """``news(state, since)``: readable lines of the public events after event *since*, and
    the new last event (the terminal's log and the server's)."""
    preview: Callable[..., str | None]
    """``preview(state, seat, action)``: what to show before a person confirms *action*."""
    confirm: frozenset[str] = frozenset({"move", "attack"})
    """Kinds of action whose preview a person confirms before the action is taken."""
    details: frozenset[str] = frozenset()
    """Kinds of action whose preview is shown under each choice in the menu."""
    command: Callable[..., str | None] | None = None
    """The game's own commands at the prompt (``los A B``): ``command(state, seat, line)``,
    the answer to a line, or None when the line is not one of them."""
    help: str = ""
    """One line per game command, for ``help``."""
    words: Callable[..., str] | None = None
    """What a person typed in the game's own terms, before it is matched to a choice:
    ``words(state, seat, line)``, the line rewritten (a map's row and column labels as the hex
    they name), or None to take lines as they are."""


@dataclass(frozen=True)
class Board:
    """A game's own board in the browser: the data (a module with ``battlefield_board(state)``,
    what never changes in a game; ``public_board(state)``, the same for every seat; and
    ``seat_board(state, seat)``) and the script that draws it (a file in the plugin's
    ``static`` folder, an ES module exporting ``createView(body, ctx)``)."""

    data: Ref
    script: str


@dataclass(frozen=True)
class Campaigns:
    """A game's campaigns: the function opening a campaign (a file or a shipped campaign's
    name, ``value -> chain``, core/campaign.py) and the one listing the shipped ones' names."""

    open: Ref
    shipped: Ref

    def names(self) -> list[str]:
        """The shipped campaigns' names."""
        return [str(name) for name in resolve(self.shipped)()]


@dataclass(frozen=True)
class GameInfo:
    """One game a package offers, under its name (``mygame-duel``)."""

    name: str
    game: Ref
    """The ``Game`` class."""
    description: str
    players: tuple[int, ...]
    """The player counts the game may be set up for."""
    params: tuple[Param, ...] = ()
    screen: Ref | None = None
    """A :class:`Screen` (None: the generic one)."""
    board: Board | None = None
    """The browser's own board (None: the generic view)."""
    odds: Ref | None = None
    """The ``rulekeeper odds <game>`` command: a function typer turns into a command."""
    bots: Mapping[str, Ref] = field(default_factory=dict)
    """The game's own bots by name (``legacy``: ``module:Class``, built as ``Class(seed=seed)``),
    offered for this game only, beside the built-in ones (core/agents.py)."""
    queries: Mapping[str, Ref] = field(default_factory=dict)
    """The game's own questions about a state (``sight``: line of sight), each a function
    ``query(state, seat, **arguments) -> JSON``; the server answers them at
    ``/api/games/{id}/query/{name}``, and ``ValueError`` is a bad request."""
    glossary: Ref | None = None
    """The game's glossary (core/glossary.py): a ``Glossary`` (a YAML file read on first use)
    or a list of entries, what its keywords, buffs, debuffs and statuses mean (the browser's
    hover definitions, the terminal's ``help KEYWORD``)."""
    campaigns: Campaigns | None = None
    """The game's campaigns (core/campaign.py): chains of scenarios played one after another."""

    def __post_init__(self) -> None:
        names = [param.name for param in self.params]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: a parameter is declared twice")

    def param(self, name: str) -> Param | None:
        """The declaration of parameter *name*, or None."""
        return next((param for param in self.params if param.name == name), None)

    def terminal(self) -> Screen | None:
        """The game's own :class:`Screen` (imported on first use), or None."""
        if self.screen is None:
            return None
        found = resolve(self.screen)
        if not isinstance(found, Screen):
            raise ImportError(f"{self.name}: {self.screen} is not a core.plugin.Screen")
        return found

    def news(self, state: Any, since: int) -> tuple[list[str], int]:
        """Readable lines of the public events of *state* after event *since*, and the new
        last event: the game's own log, or each event as ``kind: key=value, ...``."""
        screen = self.terminal()
        if screen is not None:
            return screen.news(state, since)
        return plain_news(state, since)

    def glossary_entries(self) -> tuple[Entry, ...]:
        """The game's glossary entries (imported on first use; none declared: empty)."""
        if self.glossary is None:
            return ()
        found = resolve(self.glossary)
        if isinstance(found, Glossary):
            return found.entries()
        return read_entries(found, f"{self.name} glossary")

    def game_class(self) -> type[Any]:
        """The ``Game`` class (imported on first use)."""
        found: type[Any] = resolve(self.game)
        return found

    def to_json(self) -> JsonObject:
        """What the server's catalog tells of the game."""
        return {
            "name": self.name,
            "description": self.description,
            "players": list(self.players),
            "params": [param.to_json() for param in self.params],
            "board": self.board is not None,
            "queries": sorted(self.queries),
            "glossary": self.glossary is not None,
            "campaigns": self.campaigns.names() if self.campaigns is not None else [],
        }


@dataclass(frozen=True)
class Plugin:
    """What one game package declares: its games, its command group and its web files."""

    name: str
    """The package's name, and its command group (``rulekeeper mygame ...``)."""
    games: tuple[GameInfo, ...]
    commands: Ref | None = None
    """A typer app mounted as ``rulekeeper <name>`` (content, maps, positions, queries)."""
    demo: Ref | None = None
    """A function typer turns into ``rulekeeper demo`` (the terminal demo): the first plug-in
    by name that declares one gives it."""
    static: Ref | None = None
    """A package whose ``static`` folder the server serves at ``/plugins/<name>/`` (the
    board scripts)."""
    description: str = ""

    def static_folder(self) -> Path | None:
        """The folder of the plugin's web files, or None."""
        if self.static is None:
            return None
        module = resolve(self.static)
        return Path(module.__file__).parent / "static"
