"""The commands games declare, mounted in ``rulekeeper`` without importing a game at start-up
(issue 22 §1, §3).

A game package declares its commands by reference (core/plugin.py): ``Plugin.commands``, a typer
app mounted as ``rulekeeper <plug-in>``; ``GameInfo.odds``, a function mounted as
``rulekeeper odds <game>``; ``Plugin.demo``, a function mounted as ``rulekeeper demo`` (from the
first plug-in by name that declares one). The groups below list these names from the
declarations and import a command only when it is run or its own help is asked for, so
``rulekeeper --help`` and ``rulekeeper play`` import no game's commands, and the listing shows
each with the description its declaration gives. A reference that cannot be loaded becomes a
command reporting what went wrong (exit code 2), and leaves the other commands alone.

A declared name that a built-in command already has (``play``) is not mounted: the built-in one
wins.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Any, ClassVar

import typer
from typer import _click as click
from typer._click.exceptions import UsageError
from typer.core import TyperCommand, TyperGroup

from rulekeeper.core.plugin import Plugin, Ref, resolve
from rulekeeper.core.registry import GameRegistry, default_registry

__all__ = ["DeclaredGroup", "Entry", "MainGroup", "OddsGroup", "demo_entry"]

EXIT_BROKEN = 2
"""The exit code of a declared command that cannot be loaded."""
PASS_EVERYTHING = {"ignore_unknown_options": True, "allow_extra_args": True}


@dataclass(frozen=True)
class Entry:
    """A command a declaration names: mounted as *name*, imported from *ref* when needed."""

    name: str
    ref: Ref
    help: str
    """What the listing says of it (from the declaration: nothing is imported to say it)."""
    owner: str
    """Who declares it, for an error (``plug-in mygame``)."""
    app: bool
    """A typer app (a group of commands), or a function typer makes one command of."""

    def stub(self) -> click.Command:
        """A stand-in for the listing: the name and the declared help, nothing imported."""
        return TyperCommand(self.name, help=self.help, short_help=self.help)

    def load(self) -> click.Command:
        """The command itself, or one that reports why it cannot be loaded."""
        try:
            found = resolve(self.ref)
        except Exception as error:  # a broken package breaks its own commands only
            return self.broken(f"{type(error).__name__}: {error}")
        if self.app:
            if not isinstance(found, typer.Typer):
                return self.broken(f"{self.ref} is not a typer.Typer app")
            command: click.Command = typer.main.get_group(found)
        else:
            if not callable(found):
                return self.broken(f"{self.ref} is not a function")
            single = typer.Typer(add_completion=False)
            single.command(self.name)(found)
            command = typer.main.get_command(single)
        command.name = self.name
        return command

    def broken(self, why: str) -> click.Command:
        """A command that says, whatever it is given, that this entry cannot be loaded."""

        def report() -> None:
            typer.echo(
                f"error: {self.name!r}, declared by the {self.owner} as {self.ref}, "
                f"cannot be loaded: {why}",
                err=True,
            )
            raise typer.Exit(EXIT_BROKEN)

        return TyperCommand(
            self.name,
            callback=report,
            help=f"{self.help} (cannot be loaded: {why})",
            short_help=f"{self.help} (cannot be loaded)",
            context_settings=PASS_EVERYTHING,
            add_help_option=False,
        )


class DeclaredGroup(TyperGroup):
    """A typer group whose commands are its own (``commands``) and the declared entries
    (:meth:`entries`), the latter imported only when used."""

    registry: ClassVar[GameRegistry] = default_registry
    """Where the declarations are read (a test swaps in its own)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._listing = False
        self._loaded: dict[str, click.Command] = {}

    def entries(self) -> Iterator[Entry]:
        """The declared commands, in the order they are listed."""
        return iter(())

    def _declared(self) -> dict[str, Entry]:
        return {e.name: e for e in self.entries() if e.name not in self.commands}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self._declared(), *super().list_commands(ctx)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        if cmd_name in self._loaded:
            return self._loaded[cmd_name]
        entry = self._declared().get(cmd_name)
        if entry is None:
            return None
        if self._listing:
            return entry.stub()
        self._loaded[cmd_name] = entry.load()
        return self._loaded[cmd_name]

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The help, listing the declared commands by their declarations (none imported)."""
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:
            close = get_close_matches(args[0], list(self._declared())) if args else []
            if close and "Did you mean" not in error.message:
                error.message = (
                    error.message.rstrip(".")
                    + ". Did you mean "
                    + (", ".join(repr(name) for name in close) + "?")
                )
            raise


def _plugins(registry: GameRegistry) -> list[Plugin]:
    return [plugin for _, plugin in sorted(registry.plugins().items())]


def demo_entry(registry: GameRegistry) -> Entry | None:
    """``rulekeeper demo``: the demo of the first plug-in by name that declares one."""
    for plugin in _plugins(registry):
        if plugin.demo is not None:
            about = plugin.description or plugin.name
            return Entry("demo", plugin.demo, f"A terminal demo: {about}", _owner(plugin), False)
    return None


def _owner(plugin: Plugin) -> str:
    return f"plug-in {plugin.name}"


class MainGroup(DeclaredGroup):
    """``rulekeeper``: each plug-in's command group, then ``demo``, then the built-in commands."""

    def entries(self) -> Iterator[Entry]:
        for plugin in _plugins(self.registry):
            if plugin.commands is not None:
                about = plugin.description or f"The {plugin.name} plug-in's commands."
                yield Entry(plugin.name, plugin.commands, about, _owner(plugin), True)
        demo = demo_entry(self.registry)
        if demo is not None:
            yield demo


class OddsGroup(DeclaredGroup):
    """``rulekeeper odds``: the odds command of each game that declares one."""

    def entries(self) -> Iterator[Entry]:
        for plugin in _plugins(self.registry):
            for info in plugin.games:
                if info.odds is not None:
                    about = f"Exact odds: {info.description}"
                    yield Entry(info.name, info.odds, about, _owner(plugin), False)
