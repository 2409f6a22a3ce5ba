"""Reading a campaign file (docs/homm3-campaigns.md) into a :class:`Campaign`; every problem is
noted with its field (as scenario/reading.py does), and nothing is built from a file with
problems."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulekeeper.core import DataError
from rulekeeper.core.content import shipped_file, shipped_names
from rulekeeper.core.position import PositionError, Problems, check_header, read_position
from rulekeeper.games.homm3.campaign.model import (
    ARTIFACT_RULES,
    LEVEL_RULES,
    Campaign,
    CarryRules,
)
from rulekeeper.games.homm3.content.pack import ContentPack, load_content_pack
from rulekeeper.games.homm3.scenario import checks, load_scenario, parts, shipped_scenarios
from rulekeeper.games.homm3.scenario.fields import ANY_FACTION

__all__ = [
    "FORMAT",
    "CampaignError",
    "campaign_problems",
    "check_campaign_file",
    "load_campaign",
    "read_campaign",
    "shipped_campaign",
    "shipped_campaigns",
]

FORMAT = "homm3-campaign"
VERSIONS = (1,)
SHIPPED = "rulekeeper.games.homm3.campaigns"
TOP_FIELDS = (
    "format",
    "version",
    "id",
    "name",
    "faction",
    "hero",
    "difficulty",
    "scenarios",
    "carry",
    "source",
    "provisional",
)
CARRY_FIELDS = ("hero", "level", "cards", "artifacts")
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
MAX_CARDS = 30


class CampaignError(PositionError):
    """A campaign with problems: ``problems`` holds every one, each naming its field."""


def shipped_campaign(name: str) -> Path:
    """The path of a campaign shipped with the game (``campaigns/<name>.yaml``)."""
    return shipped_file(SHIPPED, name)


def shipped_campaigns() -> list[str]:
    """The names of the shipped campaigns (without ``.yaml``)."""
    return shipped_names(SHIPPED)


def _carry(value: Any, problems: Problems) -> CarryRules:
    """What carries over (each field defaults to campaign.tex's rule)."""
    doc = parts.mapping(value, problems, "carry", CARRY_FIELDS)
    base = CarryRules()
    return CarryRules(
        hero=parts.flag(doc.get("hero", base.hero), problems, "carry.hero"),
        level=parts.choice(doc.get("level", base.level), LEVEL_RULES, problems, "carry.level"),
        cards=parts.whole(doc.get("cards", base.cards), 0, MAX_CARDS, problems, "carry.cards"),
        artifacts=parts.choice(
            doc.get("artifacts", base.artifacts), ARTIFACT_RULES, problems, "carry.artifacts"
        ),
    )


def scenario_path(name: str, folder: Path | None) -> str:
    """A scenario entry as :func:`load_scenario` takes it: a shipped name, or a path taken
    relative to the campaign file's *folder*."""
    if name.removesuffix(".yaml") in shipped_scenarios() or folder is None:
        return name
    path = Path(name)
    return str(path if path.is_absolute() else folder / path)


def _scenarios(
    value: Any, folder: Path | None, pack: ContentPack, problems: Problems
) -> tuple[list[str], list[str]]:
    """The chain of scenarios, each one that reads and is a solo scenario, and the factions
    every one of them lets the player play."""
    found: list[str] = []
    factions = list(checks.factions(pack))
    listed = parts.items(value, problems, "scenarios")
    if not listed:
        problems.add("scenarios", "at least one scenario")
    for index, raw in enumerate(listed):
        where = f"scenarios[{index}]"
        if not isinstance(raw, str) or not raw:
            problems.add(where, "a shipped scenario's name or a scenario file")
            continue
        path = scenario_path(raw, folder)
        try:
            scenario = load_scenario(path, pack)
        except (PositionError, OSError) as error:
            first = error.problems[0] if isinstance(error, PositionError) else None
            said = f"{first.field}: {first.reason}" if first else str(error)
            problems.add(where, f"the scenario {raw!r} does not read ({said})")
            continue
        if scenario.mode != "solo":
            problems.add(where, f"a campaign is a chain of solo scenarios, not {scenario.mode}")
            continue
        seat = scenario.layout(1).seats[0]
        if seat.faction != ANY_FACTION:
            factions = [f for f in factions if f == seat.faction]
        found.append(path)
    return found, factions


def _hero(
    doc: Mapping[str, Any], factions: list[str], pack: ContentPack, problems: Problems
) -> tuple[str, str]:
    """The campaign's faction and Main Hero (either may be left to the defaults)."""
    faction = str(doc.get("faction", ""))
    if "faction" in doc:
        faction = parts.choice(doc["faction"], checks.factions(pack), problems, "faction")
        if faction and faction not in factions:
            problems.add("faction", f"a scenario of the chain is not for {faction}")
    hero = str(doc.get("hero", ""))
    if "hero" in doc:
        card = pack.heroes.get(hero)
        if card is None:
            problems.add("hero", f"unknown hero {hero!r} (heroes.yaml)")
        elif faction and card.faction != faction:
            problems.add("hero", f"{hero} is not a {faction} hero")
        elif not faction:
            faction = str(card.faction)
    return faction, hero


def _marks(doc: Mapping[str, Any], problems: Problems) -> tuple[dict[str, str], tuple[str, ...]]:
    """``source`` and ``provisional``, each naming a top-level field of the file."""
    source = parts.mapping(doc.get("source"), problems, "source")
    provisional = parts.items(doc.get("provisional"), problems, "provisional")
    for index, name in enumerate(provisional):
        top = str(name).split(".")[0].split("[")[0]
        if top not in TOP_FIELDS or top not in doc:
            problems.add(f"provisional[{index}]", f"{name!r} is not a field of the file")
    for name, value in source.items():
        top = str(name).split(".")[0]
        if top not in TOP_FIELDS or top not in doc:
            problems.add(f"source.{name}", f"{name!r} is not a field of the file")
        parts.text(value, problems, f"source.{name}", 300)
    return {str(k): str(v) for k, v in source.items()}, tuple(str(p) for p in provisional)


def _read(
    doc: Mapping[str, Any], pack: ContentPack, problems: Problems, folder: Path | None
) -> Campaign:
    """The campaign *doc* describes, every problem noted."""
    check_header(doc, FORMAT, VERSIONS, problems)
    for key in doc:
        if key not in TOP_FIELDS:
            problems.add(str(key), f"unknown field (known: {', '.join(TOP_FIELDS)})")
    campaign_id = str(doc.get("id", ""))
    if not parts.SLUG.match(campaign_id):
        problems.add("id", "an id of a-z, 0-9 and - (at most 40 characters)")
    name = parts.text(doc.get("name"), problems, "name")
    scenarios, factions = _scenarios(doc.get("scenarios"), folder, pack, problems)
    if not factions:
        problems.add("scenarios", "no faction may play every scenario of the chain")
    faction, hero = _hero(doc, factions, pack, problems)
    difficulty = ""
    if "difficulty" in doc:
        difficulty = parts.choice(doc["difficulty"], DIFFICULTIES, problems, "difficulty")
    source, provisional = _marks(doc, problems)
    return Campaign(
        id=campaign_id,
        name=name,
        scenarios=tuple(scenarios),
        faction=faction or (factions[0] if factions else ""),
        hero=hero,
        difficulty=difficulty,
        carry=_carry(doc.get("carry"), problems),
        source=source,
        provisional=provisional,
    )


def campaign_problems(
    doc: Mapping[str, Any],
    pack: ContentPack | None = None,
    source: str = FORMAT,
    folder: Path | None = None,
) -> list[DataError]:
    """Every problem of the campaign *doc* (none: it reads), each naming its field."""
    problems = Problems(source)
    _read(doc, pack or load_content_pack(), problems, folder)
    return list(problems.items)


def read_campaign(
    doc: Mapping[str, Any],
    pack: ContentPack | None = None,
    source: str = FORMAT,
    folder: Path | None = None,
) -> Campaign:
    """The campaign *doc* describes (scenario files taken relative to *folder*); raises a
    :class:`CampaignError` naming every problem."""
    problems = Problems(source)
    campaign = _read(doc, pack or load_content_pack(), problems, folder)
    if problems:
        raise CampaignError(problems.items)
    return campaign


def load_campaign(value: object, pack: ContentPack | None = None) -> Campaign:
    """A campaign from data, a file path (YAML or JSON) or a shipped campaign's name."""
    if isinstance(value, str) and value.removesuffix(".yaml") in shipped_campaigns():
        value = shipped_campaign(value)
    try:
        doc, source = read_position(value, FORMAT)
    except PositionError as error:
        raise CampaignError(error.problems) from None
    folder = Path(str(value)).parent if isinstance(value, str | Path) else None
    return read_campaign(doc, pack, source, folder)


def check_campaign_file(value: object, pack: ContentPack | None = None) -> list[DataError]:
    """Every problem of the campaign file (or data) *value*: none when it reads."""
    try:
        load_campaign(value, pack)
    except PositionError as error:
        return list(error.problems)
    return []
