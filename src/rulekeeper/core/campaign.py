"""Campaigns: a chain of scenarios played one after another, something carried from each to the
next (issue 26 §3). A game offers them by declaring :class:`~rulekeeper.core.plugin.Campaigns`;
the terminal (``rulekeeper play GAME --campaign FILE``, cli/campaign.py) and the server
(``/api/campaigns``, server/campaigns.py) play every game's campaigns through the same
:class:`Chain` calls, and neither knows what is carried."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from rulekeeper.core.errors import DataError
from rulekeeper.core.plugin import resolve
from rulekeeper.core.registry import game_info

__all__ = ["Chain", "Offer", "open_campaign", "shipped_campaigns"]

Offer = tuple[list[str], int, list[str]]
"""What a player chooses between two scenarios: the choices, how many to keep and the pick a
bot (or ``--auto``) takes."""


class Chain(Protocol):
    """An opened campaign; its progress (``Any`` here) is the game's own plain data, written
    by :meth:`to_json` and read back by :meth:`from_json`."""

    def start(self, seed: int) -> Any:
        """The progress of a campaign not begun."""

    def done(self, progress: Any) -> bool:
        """Whether the campaign is over (every scenario won)."""

    def seed(self, progress: Any) -> int:
        """The seed of the scenario to play now."""

    def params(self, progress: Any) -> dict[str, Any]:
        """The ``load_game`` parameters of the scenario to play now."""

    def heading(self, progress: Any) -> str:
        """What the player reads before the scenario to play now."""

    def choice(self, progress: Any, state: Any) -> Offer | None:
        """What the player chooses after the finished scenario *state* (None: nothing)."""

    def refusal(self, state: Any, chosen: Sequence[str]) -> tuple[str, str] | None:
        """The rule and the reason *chosen* may not be kept after *state*, or None."""

    def finish(self, progress: Any, state: Any, chosen: Sequence[str] = ()) -> Any:
        """The progress after the finished scenario *state*."""

    def summary(self, progress: Any) -> str:
        """The campaign's end, in words."""

    def to_json(self, progress: Any) -> dict[str, Any]:
        """*progress* as plain data."""

    def from_json(self, doc: Mapping[str, Any], source: str) -> Any:
        """The progress *doc* holds; a DataError names the field of *source* that is wrong."""

    def save(self, progress: Any, path: Path) -> None:
        """Write *progress* to the campaign save file *path*."""

    def load(self, path: Path) -> Any:
        """The progress the campaign save file *path* holds; raises a DataError."""


def shipped_campaigns(game: str) -> list[str]:
    """The names of the campaigns game *game* ships (none: empty)."""
    declared = game_info(game).campaigns
    return declared.names() if declared is not None else []


def open_campaign(game: str, value: object) -> Chain:
    """Game *game*'s campaign *value* (a file, or a shipped campaign's name), opened by the
    game's own function; a DataError when the game has no campaigns or the file is wrong."""
    declared = game_info(game).campaigns
    if declared is None:
        raise DataError(game, "campaign", f"{game} has no campaigns")
    chain: Chain = resolve(declared.open)(value)
    return chain
