"""Finding games by name: their classes and their declarations (core/plugin.py).

A game package declares itself with a Python entry point in the group :data:`ENTRY_POINTS`
(``[project.entry-points."rulekeeper.games"]`` in its ``pyproject.toml``:
``mygame = "mygame.plugin:PLUGIN"``, a :class:`~rulekeeper.core.plugin.Plugin`), the shipped
games too, so the core names none of them. Importing every game (and its card data) just to
start the CLI would be slow and would make one broken game break all of them, so a declaration
names its game classes, views and commands by reference, imported when first used; a
declaration that cannot be read is reported by :meth:`GameRegistry.problems` and leaves the
other games alone. A game class may also be registered directly (:func:`register_game`, a test's
toy game) or named lazily as ``name -> module:GameClass``; it then gets a plain declaration.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import TypeVar

from rulekeeper.core.errors import UnknownGameError
from rulekeeper.core.game import Game
from rulekeeper.core.plugin import GameInfo, Plugin, resolve

__all__ = [
    "ENTRY_POINTS",
    "GameRegistry",
    "default_registry",
    "game_info",
    "installed_games",
    "list_games",
    "load_game",
    "register_game",
]

G = TypeVar("G", bound=type[Game])

ENTRY_POINTS = "rulekeeper.games"
"""The entry-point group where a game package declares itself: name -> ``module:PLUGIN`` (a
:class:`~rulekeeper.core.plugin.Plugin`)."""


def installed_games(group: str = ENTRY_POINTS) -> dict[str, str]:
    """The plug-ins installed packages declare in the entry-point *group*: name -> reference."""
    return {entry.name: entry.value for entry in entry_points(group=group)}


def _module_missing(exc: ModuleNotFoundError, module: str) -> bool:
    """True if *exc* is about *module* (or a parent package) itself being absent,
    as opposed to the game module failing to import one of its own dependencies."""
    missing = exc.name or ""
    return module == missing or module.startswith(missing + ".")


class GameRegistry:
    """Name -> game class and declaration, from plug-ins, lazy entries and registered classes."""

    def __init__(
        self, lazy: Mapping[str, str] | None = None, plugins: Mapping[str, str] | None = None
    ) -> None:
        self._classes: dict[str, type[Game]] = {}
        self._lazy: dict[str, str] = dict(lazy or {})
        self._plugin_refs: dict[str, str] = dict(plugins or {})
        self._plugins: dict[str, Plugin] | None = None
        self._infos: dict[str, GameInfo] = {}
        self._problems: dict[str, str] = {}

    # ------------------------------------------------------------------ declarations

    def plugins(self) -> dict[str, Plugin]:
        """The plug-ins whose declarations could be read, by name (read once)."""
        if self._plugins is None:
            found: dict[str, Plugin] = {}
            for name, ref in self._plugin_refs.items():
                try:
                    plugin = resolve(ref)
                except Exception as exc:  # one broken package breaks none of the others
                    self._problems[name] = f"{ref}: {type(exc).__name__}: {exc}"
                    continue
                if not isinstance(plugin, Plugin):
                    self._problems[name] = f"{ref} is not a rulekeeper.core.plugin.Plugin"
                    continue
                found[name] = plugin
                for info in plugin.games:
                    self._infos.setdefault(info.name, info)
            self._plugins = found
        return dict(self._plugins)

    def problems(self) -> dict[str, str]:
        """The declarations that could not be read: plug-in name -> what went wrong."""
        self.plugins()
        return dict(self._problems)

    def add_plugin(self, plugin: Plugin) -> Plugin:
        """Declare *plugin* here (a test's plug-in, without installing a package)."""
        self.plugins()
        assert self._plugins is not None
        for info in plugin.games:
            if self._infos.get(info.name, info) is not info:
                raise ValueError(f"game name {info.name!r} is already declared")
        self._plugins[plugin.name] = plugin
        for info in plugin.games:
            self._infos[info.name] = info
        return plugin

    def info(self, name: str) -> GameInfo:
        """The declaration of game *name*; a game registered without one gets a plain one
        (its class's first docstring line, no parameters, the generic views)."""
        self.plugins()
        found = self._infos.get(name)
        if found is not None:
            return found
        game_class = self.get(name)
        doc = (game_class.__doc__ or name).strip().splitlines()[0]
        return GameInfo(
            name=name,
            game=f"{game_class.__module__}:{game_class.__qualname__}",
            description=doc,
            players=(),
        )

    def plugin_of(self, name: str) -> Plugin | None:
        """The plug-in declaring game *name*, or None."""
        for plugin in self.plugins().values():
            if any(info.name == name for info in plugin.games):
                return plugin
        return None

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
        self.plugins()
        if name in self._infos:
            return self._declared(self._infos[name])
        known = ", ".join(self.known_names()) or "none"
        raise UnknownGameError(f"unknown game {name!r}; known games: {known}")

    def _declared(self, info: GameInfo) -> type[Game]:
        module_name = info.game.partition(":")[0]
        try:
            game_class: object = info.game_class()
        except ModuleNotFoundError as exc:
            if not _module_missing(exc, module_name):
                raise
            raise UnknownGameError(
                f"game {info.name!r} is not available: module {module_name} is not installed"
            ) from exc
        except ImportError as exc:
            raise UnknownGameError(f"game {info.name!r}: {exc}") from exc
        if not (isinstance(game_class, type) and issubclass(game_class, Game)):
            raise UnknownGameError(f"game {info.name!r}: {info.game} is not a Game class")
        if game_class.name != info.name:
            raise UnknownGameError(f"game {info.name!r}: {info.game} is named {game_class.name!r}")
        return self.register(game_class)

    def load(self, name: str, **params: object) -> Game:
        return self.get(name)(**params)

    def known_names(self) -> list[str]:
        """Every name registered or declared, whether or not it can be imported."""
        self.plugins()
        return sorted(set(self._classes) | set(self._lazy) | set(self._infos))

    def available(self) -> list[str]:
        """Registered names, declared ones and lazy ones whose module exists (not imported)."""
        self.plugins()
        names = set(self._classes) | set(self._infos)
        for name, target in self._lazy.items():
            module_name = target.partition(":")[0]
            try:
                found = importlib.util.find_spec(module_name) is not None
            except ModuleNotFoundError:
                found = False
            if found:
                names.add(name)
        return sorted(names)


def plugin_info(plugin: Plugin, name: str) -> GameInfo | None:
    """The declaration of game *name* in *plugin*, or None."""
    return next((info for info in plugin.games if info.name == name), None)


default_registry = GameRegistry(plugins=installed_games())


def register_game(game_class: G) -> G:
    """Class decorator registering a game in the default registry."""
    return default_registry.register(game_class)


def load_game(name: str, **params: object) -> Game:
    """Instantiate the game called *name* with *params*; UnknownGameError if unknown."""
    return default_registry.load(name, **params)


def list_games() -> list[str]:
    """Names of the games that can currently be loaded (sorted)."""
    return default_registry.available()


def game_info(name: str) -> GameInfo:
    """The declaration of the game called *name* (core/plugin.py); UnknownGameError if unknown."""
    return default_registry.info(name)
