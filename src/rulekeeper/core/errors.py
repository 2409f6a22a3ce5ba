"""Exception hierarchy shared by the engine, the games and the front ends.

Every error the engine raises on purpose derives from :class:`RulekeeperError`, so a
front end can catch "anything the rules or the data complained about" in one place
while genuine bugs (``AttributeError`` and friends) still surface as crashes.
"""

from __future__ import annotations

__all__ = [
    "DataError",
    "IllegalActionError",
    "RulekeeperError",
    "UnknownGameError",
]


class RulekeeperError(Exception):
    """Base class for every error the engine raises deliberately."""


class IllegalActionError(RulekeeperError):
    """An action was refused by the rules.

    ``rule`` cites where the refusal comes from (a rulebook section such as
    ``"rulebook, Move"`` or an engine invariant such as
    ``"core: out of turn"``) so that players can look it up and disagree with
    the engine on the merits instead of guessing.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(rule, reason)
        self.rule = rule
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.reason} (rule: {self.rule})"


class DataError(RulekeeperError, ValueError):
    """Content or saved data is malformed.

    Also a ``ValueError`` so that generic callers validating input (game
    parameters, parsed JSON) need not know about the engine's hierarchy.
    ``source`` names the file or kind of document and ``field`` the dotted
    path inside it, because "invalid value" without a location is useless in
    a 3000-line card file.
    """

    def __init__(self, source: str, field: str, reason: str) -> None:
        super().__init__(source, field, reason)
        self.source = source
        self.field = field
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.source}: {self.field}: {self.reason}"


class UnknownGameError(RulekeeperError, LookupError):
    """A game name could not be resolved to a loadable game class."""
