"""Reading what a person types: with completion and history in a real terminal
(prompt_toolkit), plain lines otherwise (pipes, tests). End of input leaves the game."""

from __future__ import annotations

import sys
from collections.abc import Iterable

import typer


class LineReader:
    """Asks for lines; completes from the words it is given when the terminal allows it."""

    def __init__(self, interactive: bool | None = None) -> None:
        if interactive is None:
            interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.interactive = interactive
        self._session: object | None = None

    def read(self, prompt: str, choices: Iterable[str] = ()) -> str:
        """One line; *choices* are offered as completions (any part of them matches)."""
        try:
            if self.interactive:
                return self._prompt_toolkit(prompt, list(choices))
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise typer.Exit(0) from None

    def confirm(self, question: str, default: bool) -> bool:
        """A yes or no; an empty line is *default*."""
        hint = "[Y/n]" if default else "[y/N]"
        while True:
            answer = self.read(f"{question} {hint} ").strip().casefold()
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            print("answer y or n")

    def _prompt_toolkit(self, prompt: str, choices: list[str]) -> str:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter

        if self._session is None:
            self._session = PromptSession()
        session = self._session
        assert isinstance(session, PromptSession)
        completer = WordCompleter(choices, ignore_case=True, sentence=True, match_middle=True)
        text: str = session.prompt(prompt, completer=completer if choices else None)
        return text
