"""The map game's parameters (``load_game("homm3", ...)``, issue 24 §2): the scenario (a shipped
name, a file or its data), the factions and heroes of the seats and the optional rules, read
from what a caller or the command line gives, each problem named by its parameter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulekeeper.core import DataError
from rulekeeper.core.content import load_yaml
from rulekeeper.games.homm3.battle.fields import OPTIONS as BATTLE_OPTIONS
from rulekeeper.games.homm3.content.pack import ContentPack
from rulekeeper.games.homm3.map import setup
from rulekeeper.games.homm3.scenario import shipped_scenario, shipped_scenarios
from rulekeeper.games.homm3.scenario.model import Scenario

__all__ = [
    "DEFAULT_SCENARIO",
    "DEFAULT_SCENARIOS",
    "DIFFICULTIES",
    "FACTIONS",
    "MODES",
    "PARAMS",
    "factions",
    "heroes",
    "options",
    "scenario_doc",
    "shipped_scenario_files",
]

DEFAULT_SCENARIO = "clash-2"
DEFAULT_SCENARIOS = {"clash": "clash-2", "solo": "solo-1", "coop": "coop-2"}
"""The scenario a mode plays when none is named (issue 26)."""
MODES = tuple(DEFAULT_SCENARIOS)
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
FACTIONS = setup.FACTIONS
PARAMS = (
    "mode",
    "scenario",
    "players",
    "difficulty",
    "factions",
    "heroes",
    "options",
    "content",
    "position",
    "carry",
)


def scenario_doc(raw: Any) -> tuple[Mapping[str, Any], str]:
    """A scenario's document and its name for errors: shipped name, path or data."""
    if isinstance(raw, Mapping):
        return raw, "scenario"
    if not isinstance(raw, str) or not raw:
        raise DataError("homm3 parameters", "scenario", "a scenario name, a file or its data")
    path = Path(raw)
    if not path.suffix:
        path = shipped_scenario(raw)
    text = path.read_text(encoding="utf-8")
    doc = load_yaml(text, str(path))
    if not isinstance(doc, Mapping):
        raise DataError(str(path), "(file)", "a scenario file is a mapping")
    return doc, path.name


def shipped_scenario_files() -> dict[str, str]:
    """The shipped scenarios, name -> path (plugin.py)."""
    return {name: str(shipped_scenario(name)) for name in shipped_scenarios()}


def _listed(raw: Any) -> Any:
    """A list parameter given as text (the command line): ``castle,dungeon``."""
    if isinstance(raw, str):
        return [part.strip() for part in raw.split(",") if part.strip()]
    return raw


def factions(raw: Any, players: int, scenario: Scenario, source: str) -> tuple[str, ...]:
    raw = _listed(raw)
    if raw is None:
        fixed = [seat.faction for seat in scenario.layout(players).seats]
        free = [f for f in FACTIONS if f not in fixed]
        return tuple(f if f in FACTIONS else free.pop(0) for f in fixed)
    if not isinstance(raw, list | tuple) or len(raw) != players:
        raise DataError(source, "factions", f"a list of {players} factions")
    if any(f not in FACTIONS for f in raw) or len(set(raw)) != len(raw):
        raise DataError(source, "factions", f"different factions of {', '.join(FACTIONS)}")
    return tuple(str(f) for f in raw)


def heroes(raw: Any, factions: Sequence[str], pack: ContentPack, source: str) -> tuple[str, ...]:
    raw = _listed(raw)
    if raw is None:
        return tuple(
            next(h for h in sorted(pack.heroes) if pack.heroes[h].faction == f) for f in factions
        )
    if not isinstance(raw, list | tuple) or len(raw) != len(factions):
        raise DataError(source, "heroes", f"a list of {len(factions)} hero ids")
    for seat, (hero, faction) in enumerate(zip(raw, factions, strict=True)):
        card = pack.heroes.get(hero)
        if card is None or card.faction != faction:
            raise DataError(source, f"heroes[{seat}]", f"{hero!r} is not a {faction} hero")
    return tuple(str(h) for h in raw)


def options(raw: Any, source: str) -> dict[str, str]:
    if raw is None:
        return {}
    if isinstance(raw, str):
        pairs = [part.partition("=") for part in _listed(raw)]
        if any(not sep for _, sep, _ in pairs):
            raise DataError(source, "options", "write them as name=value,name=value")
        raw = {name.strip(): value.strip() for name, _, value in pairs}
    if not isinstance(raw, Mapping) or any(not isinstance(v, str) for v in raw.values()):
        raise DataError(source, "options", "a mapping of option names to values")
    for name, value in raw.items():
        allowed = BATTLE_OPTIONS.get(name)
        if allowed is not None and value not in allowed:
            raise DataError(source, f"options.{name}", f"one of {', '.join(allowed)}")
    return {str(k): str(v) for k, v in raw.items()}
