"""The round track and the rules' numbers, as the content pack's components give them (spec
§4, §2; content/components.py): nothing here hard-codes them.

:class:`Space`: a round's time (day or night) and its skull (1-4, 0 none).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.games.eternia.content.components import Components

__all__ = ["Space", "numbers_of", "track_of"]


@dataclass(frozen=True)
class Space:
    """A space of the round track: ``time`` day or night, ``skull`` 1-4 (0: none)."""

    time: str
    skull: int = 0


def track_of(components: Components) -> tuple[Space, ...]:
    """The round track's spaces, first day first (spec §4)."""
    return tuple(Space(time=s.time, skull=s.skull or 0) for s in components.round_track)


def numbers_of(components: Components) -> dict[str, int]:
    """The rules' numbers by name."""
    return {name: int(value) for name, value in components.rules.model_dump().items()}
