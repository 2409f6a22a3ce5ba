"""Finding game classes by name.

Games register themselves with :func:`register_game`, but importing every
game (and its card data) just to start the CLI would be slow and would make
one broken game break all of them.  So the registry also knows where each
installed game *lives* and imports it only when it is first asked for: a game
package declares itself with a Python entry point in the group
:data:`ENTRY_POINTS` (``[project.entry-points."rulekeeper.games"]`` in its
``pyproject.toml``: ``name = "module:GameClass"``), the shipped games too, so
the core names none of them.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import TypeVar

from rulekeeper.core.errors import UnknownGameError
from rulekeeper.core.game import Game

__all__ = [
    "ENTRY_POINTS",
    "GameRegistry",
    "default_registry",
    "installed_games",
    "list_games",
    "load_game",
    "register_game",
]

G = TypeVar("G", bound=type[Game])

ENTRY_POINTS = "rulekeeper.games"
"""The entry-point group where a game package declares its games: name -> ``module:ClassName``.
Importing the module is expected to register the class (via @register_game); if it does not,
the class is registered from its entry."""


def installed_games(group: str = ENTRY_POINTS) -> dict[str, str]:
    """The games installed packages declare in the entry-point *group*: name -> module:Class."""
    return {entry.name: entry.value for entry in entry_points(group=group)}


def _module_missing(exc: ModuleNotFoundError, module: str) -> bool:
    """True if *exc* is about *module* (or a parent package) itself being absent,
    as opposed to the game module failing to import one of its own dependencies."""
    missing = exc.name or ""
    return module == missing or module.startswith(missing + ".")


class GameRegistry:
    """Name -> game class, with lazily imported entries."""

    def __init__(self, lazy: Mapping[str, str] | None = None) -> None:
        self._classes: dict[str, type[Game]] = {}
        self._lazy: dict[str, str] = dict(lazy or {})

    def register(self, game_class: G) -> G:
        """Register *game_class* under its ``name``; usable as a class decorator."""
        if not isinstance(game_class, type) or not issubclass(game_class, Game):
            raise TypeError(f"{game_class!r} is not a Game subclass")
        name = getattr(game_class, "name", None)
        if not isinstance(name, str) or not name:
            raise ValueError(f"{game_class.__qualname__} must define a non-empty 'name'")
        existing = self._classes.get(name)
        if existing is not None and existing is not game_class:
            raise ValueError(
                f"game name {name!r} is already registered by "
                f"{existing.__module__}.{existing.__qualname__}"
            )
        self._classes[name] = game_class
        return game_class

    def _import(self, name: str) -> type[Game]:
        target = self._lazy[name]
        module_name, _, class_name = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if not _module_missing(exc, module_name):
                raise
            raise UnknownGameError(
                f"game {name!r} is not available: module {module_name} is not installed "
                f"or not written yet"
            ) from exc
        if name in self._classes:
            return self._classes[name]
        game_class: object = getattr(module, class_name, None)
        if not (isinstance(game_class, type) and issubclass(game_class, Game)):
            raise UnknownGameError(f"game {name!r}: {module_name} has no Game class {class_name}")
        return self.register(game_class)

    def get(self, name: str) -> type[Game]:
        """The class registered as *name*, importing it on first use."""
        if name in self._classes:
            return self._classes[name]
        if name in self._lazy:
            return self._import(name)
        known = ", ".join(self.known_names()) or "none"
        raise UnknownGameError(f"unknown game {name!r}; known games: {known}")

    def load(self, name: str, **params: object) -> Game:
        return self.get(name)(**params)

    def known_names(self) -> list[str]:
        """Every name registered or declared, whether or not it can be imported."""
        return sorted(set(self._classes) | set(self._lazy))

    def available(self) -> list[str]:
        """Registered names plus declared ones whose module exists (not imported)."""
        names = set(self._classes)
        for name, target in self._lazy.items():
            module_name = target.partition(":")[0]
            try:
                found = importlib.util.find_spec(module_name) is not None
            except ModuleNotFoundError:
                found = False
            if found:
                names.add(name)
        return sorted(names)


default_registry = GameRegistry(installed_games())


def register_game(game_class: G) -> G:
    """Class decorator registering a game in the default registry."""
    return default_registry.register(game_class)


def load_game(name: str, **params: object) -> Game:
    """Instantiate the game called *name* with *params*; UnknownGameError if unknown."""
    return default_registry.load(name, **params)


def list_games() -> list[str]:
    """Names of the games that can currently be loaded (sorted)."""
    return default_registry.available()
