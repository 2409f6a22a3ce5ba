"""A campaign played scenario after scenario (``rulekeeper play homm3 --campaign FILE``,
cli/campaign.py): the game parameters of the scenario to play, the cards the player chooses
after a won one, the progress after each scenario and its save file.

A won scenario leads to the next, the hero carried (rules.py); a lost one is played again with
the hero as noted at its start (campaign.tex). The campaign save (``homm3-campaign-save``)
holds the campaign's id, the seed, the progress, the hero state the next scenario starts
with and the save file of the scenario being played, so that ``--campaign FILE --resume SAVE``
goes on from there."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulekeeper.core import DataError
from rulekeeper.games.homm3.campaign import rules
from rulekeeper.games.homm3.campaign.model import Campaign, HeroState, Progress
from rulekeeper.games.homm3.campaign.reading import load_campaign
from rulekeeper.games.homm3.content.pack import ContentPack, load_content_pack

__all__ = ["SAVE_FORMAT", "Chain", "open_campaign"]

SAVE_FORMAT = "homm3-campaign-save"
SEED_STEP = 1000
"""A scenario's seed: the campaign's seed + SEED_STEP × its index + its attempt."""


def open_campaign(value: object) -> Chain:
    """The campaign file (or shipped name) *value*, ready to play; raises a DataError."""
    pack = load_content_pack()
    return Chain(load_campaign(value, pack), pack)


@dataclass
class Chain:
    """A campaign and the content pack its cards come from."""

    campaign: Campaign
    pack: ContentPack

    @property
    def hero(self) -> str:
        """The campaign's Main Hero (default: its faction's first hero, as map/params.py)."""
        if self.campaign.hero:
            return self.campaign.hero
        faction = self.campaign.faction
        return next(h for h in sorted(self.pack.heroes) if self.pack.heroes[h].faction == faction)

    def start(self, seed: int) -> Progress:
        """The progress of a campaign not begun."""
        return Progress(campaign=self.campaign.id, seed=seed)

    def done(self, progress: Progress) -> bool:
        """Whether every scenario of the chain is won."""
        return progress.index >= len(self.campaign.scenarios)

    def seed(self, progress: Progress) -> int:
        """The seed of the scenario to play now."""
        return progress.seed + SEED_STEP * progress.index + progress.attempt

    def params(self, progress: Progress) -> dict[str, Any]:
        """The ``load_game("homm3", ...)`` parameters of the scenario to play now."""
        found: dict[str, Any] = {
            "mode": "solo",
            "scenario": self.campaign.scenarios[progress.index],
            "factions": [self.campaign.faction],
            "heroes": [self.hero],
        }
        if self.campaign.difficulty:
            found["difficulty"] = self.campaign.difficulty
        if progress.start is not None:
            found["carry"] = progress.start.to_json()
        return found

    def heading(self, progress: Progress) -> str:
        """What the player reads before a scenario."""
        count = len(self.campaign.scenarios)
        name = Path(self.campaign.scenarios[progress.index]).name.removesuffix(".yaml")
        again = f", attempt {progress.attempt}" if progress.attempt > 1 else ""
        hero = progress.start
        deck = f"; starting deck: {', '.join(hero.deck)}" if hero else ""
        return (
            f"{self.campaign.name}: scenario {progress.index + 1} of {count} ({name}{again}){deck}"
        )

    def won(self, state: Any) -> bool:
        """Whether the finished game *state* is a won scenario."""
        return 0 in state.winners

    def choice(self, progress: Progress, state: Any) -> tuple[list[str], int, list[str]] | None:
        """After a won scenario with one to follow: the cards to choose from, how many to
        keep and the automatic pick (None: nothing to choose)."""
        last = progress.index + 1 >= len(self.campaign.scenarios)
        if not self.won(state) or last or not self.campaign.carry.hero:
            return None
        pool = rules.choosable(self.pack, rules.owned_cards(state.players[0]))
        count = min(self.campaign.carry.cards, len(pool))
        return pool, count, rules.auto_choice(self.pack, self.campaign.carry, pool)

    def refusal(self, state: Any, chosen: Sequence[str]) -> tuple[str, str] | None:
        """Why *chosen* may not be kept after *state* (rules.py), or None."""
        pool = rules.choosable(self.pack, rules.owned_cards(state.players[0]))
        return rules.choice_refusal(self.campaign.carry, pool, chosen)

    def finish(self, progress: Progress, state: Any, chosen: Sequence[str] = ()) -> Progress:
        """The progress after the finished scenario *state* (rules.py; a lost one again)."""
        results = [*progress.results, "won" if self.won(state) else "lost"]
        if not self.won(state):
            return Progress(
                campaign=progress.campaign,
                seed=progress.seed,
                index=progress.index,
                attempt=progress.attempt + 1,
                start=rules.replay_start(progress.start),
                results=results,
            )
        start = None
        offer = self.choice(progress, state)
        if offer is not None:
            player = state.players[0]
            start = rules.next_start(
                self.pack,
                self.campaign.carry,
                self.hero,
                player.level,
                rules.owned_cards(player),
                chosen,
            )
        return Progress(
            campaign=progress.campaign,
            seed=progress.seed,
            index=progress.index + 1,
            attempt=1,
            start=start,
            results=results,
        )

    def summary(self, progress: Progress) -> str:
        """The campaign's end."""
        lost = progress.results.count("lost")
        return f"{self.campaign.name}: campaign won ({lost} scenario(s) lost and played again)"

    # ------------------------------------------------------------------ the save file

    def to_json(self, progress: Progress) -> dict[str, Any]:
        """The campaign save's document (``homm3-campaign-save``)."""
        start = progress.start
        return {
            "format": SAVE_FORMAT,
            "version": 1,
            "campaign": progress.campaign,
            "seed": progress.seed,
            "index": progress.index,
            "attempt": progress.attempt,
            "start": start.to_json() if start is not None else None,
            "results": list(progress.results),
            "game": progress.game,
            "finished": self.done(progress),
        }

    def from_json(self, doc: Any, source: str) -> Progress:
        """The progress a campaign save's document holds; raises a DataError naming the
        field."""
        if not isinstance(doc, Mapping) or doc.get("format") != SAVE_FORMAT:
            raise DataError(source, "format", f"expected {SAVE_FORMAT!r}")
        if doc.get("campaign") != self.campaign.id:
            raise DataError(
                source,
                "campaign",
                f"a save of {doc.get('campaign')!r}, not of {self.campaign.id!r}",
            )
        numbers = {}
        for name, lowest in (("seed", 0), ("index", 0), ("attempt", 1)):
            value = doc.get(name)
            if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
                raise DataError(source, name, f"a whole number from {lowest}")
            numbers[name] = value
        if numbers["index"] > len(self.campaign.scenarios):
            raise DataError(source, "index", "past the campaign's last scenario")
        results = doc.get("results", [])
        if not isinstance(results, list) or any(r not in ("won", "lost") for r in results):
            raise DataError(source, "results", "a list of won and lost")
        game = doc.get("game", "")
        if not isinstance(game, str):
            raise DataError(source, "game", "the save file of the scenario being played")
        return Progress(
            campaign=self.campaign.id,
            start=self._start(doc.get("start"), source),
            results=[str(r) for r in results],
            game=game,
            **numbers,
        )

    def save(self, progress: Progress, path: Path) -> None:
        """Write the campaign save (after each scenario)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(progress), indent=1) + "\n", encoding="utf-8")

    def load(self, path: Path) -> Progress:
        """The progress a campaign save holds; raises a DataError naming the field."""
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise DataError(str(path), "(file)", f"not a campaign save: {error}") from None
        return self.from_json(doc, str(path))

    def _start(self, raw: Any, source: str) -> HeroState | None:
        """The saved hero state (checked as the game parameter ``carry`` is, map/carry.py)."""
        if raw is None:
            return None
        if not isinstance(raw, Mapping) or not isinstance(raw.get("deck"), list):
            raise DataError(source, "start", "a mapping of hero, level and deck")
        level = raw.get("level", 1)
        if raw.get("hero") != self.hero or not isinstance(level, int):
            raise DataError(source, "start.hero", f"the campaign's hero is {self.hero}")
        return HeroState(hero=self.hero, level=level, deck=[str(c) for c in raw["deck"]])
