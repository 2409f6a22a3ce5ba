"""Reading a scenario's AI heroes (homm3.md §5.24; docs/homm3-scenarios.md ``ai_heroes``):
solo and co-op scenarios only, each problem noted with its field."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.position import Problems
from rulekeeper.games.homm3.content.pack import ContentPack
from rulekeeper.games.homm3.map.geometry import position_hex, slot_of
from rulekeeper.games.homm3.scenario import checks, parts
from rulekeeper.games.homm3.scenario import fields as F
from rulekeeper.games.homm3.scenario.model import AiHeroSpec, Layout

MAX_CARDS = 20
"""The most AI cards of one type a deck may take (the core box has 20 AI cards)."""


def _army(value: Any, pack: ContentPack, problems: Problems, path: str) -> tuple[Any, ...]:
    """The AI hero's units: unit card ids (Few side) or ``{card, side}``, at most 5 (§5.18.2)."""
    found = []
    listed = parts.items(value, problems, path)
    if not listed:
        problems.add(path, "an AI hero has at least one unit (§5.24)")
    if len(listed) > 5:
        problems.add(path, "at most 5 units: the size of a side on the combat board (§5.18.2)")
    for index, raw in enumerate(listed):
        where = f"{path}[{index}]"
        unit = (
            {"card": raw}
            if isinstance(raw, str)
            else parts.mapping(raw, problems, where, ("card", "side"))
        )
        card = pack.units.get(str(unit.get("card")))
        if card is None:
            problems.add(f"{where}.card", f"unknown unit card {unit.get('card')!r}")
            continue
        side = parts.choice(unit.get("side", "few"), ("few", "pack"), problems, f"{where}.side")
        if side == "pack" and not card.two_sided:
            problems.add(f"{where}.side", f"{card.name} has no Pack side")
        found.append((card.id, side))
    return tuple(found)


def _armies(value: Any, pack: ContentPack, problems: Problems, path: str) -> dict[str, Any]:
    """The AI hero's units at each difficulty: one list for all, or one list a difficulty
    (``{easy: [...], normal: [...], hard: [...], impossible: [...]}``, each given)."""
    if not isinstance(value, dict):
        army = _army(value, pack, problems, path)
        return {name: army for name in F.DIFFICULTIES}
    doc = parts.mapping(value, problems, path, F.DIFFICULTIES)
    for name in F.DIFFICULTIES:
        if name not in doc:
            problems.add(f"{path}.{name}", "an army a difficulty: each of the four is given")
    return {name: _army(doc.get(name), pack, problems, f"{path}.{name}") for name in doc}


def _deck(value: Any, problems: Problems, path: str) -> dict[str, int] | None:
    """How many AI cards of each type (might, magic, skill); None: the whole AI deck."""
    if value is None:
        return None
    doc = parts.mapping(value, problems, path, F.AI_CARD_TYPES)
    return {
        kind: parts.whole(doc.get(kind, 0), 0, MAX_CARDS, problems, f"{path}.{kind}")
        for kind in F.AI_CARD_TYPES
    }


def _one(raw: Any, pack: ContentPack, problems: Problems, path: str) -> AiHeroSpec | None:
    doc = parts.mapping(raw, problems, path, F.AI_HERO_FIELDS)
    ident = str(doc.get("id", ""))
    if not parts.SLUG.match(ident):
        problems.add(f"{path}.id", "an id of a-z, 0-9 and - (at most 40 characters)")
    if ident in pack.heroes:
        problems.add(f"{path}.id", f"{ident!r} is a hero the players may play: use another id")
    name = parts.text(doc.get("name", ident or "AI hero"), problems, f"{path}.name")
    faction = parts.choice(doc.get("faction"), checks.factions(pack), problems, f"{path}.faction")
    start = parts.slot_hex(doc.get("start"), problems, f"{path}.start")
    armies = _armies(doc.get("army"), pack, problems, f"{path}.army")
    difficulty = doc.get("difficulty", "")
    if difficulty:
        difficulty = parts.choice(difficulty, F.DIFFICULTIES, problems, f"{path}.difficulty")
    spells = tuple(str(s) for s in parts.items(doc.get("spells"), problems, f"{path}.spells"))
    for index, spell in enumerate(spells):
        if spell not in pack.spells:
            problems.add(f"{path}.spells[{index}]", f"unknown spell {spell!r}")
    skill = str(doc.get("skill", ""))
    if skill and skill not in pack.abilities:
        problems.add(f"{path}.skill", f"unknown Ability card {skill!r}")
    if start is None:
        return None
    return AiHeroSpec(
        id=ident,
        name=name,
        faction=faction,
        start=start,
        armies=armies,
        difficulty=str(difficulty),
        deck=_deck(doc.get("deck"), problems, f"{path}.deck"),
        spells=spells,
        skill=skill,
    )


def _printed(field: Any, layout: Layout, pack: ContentPack) -> str:
    """The location printed on *field* of a fixed tile of *layout* ("" if none lies there)."""
    for entry in layout.fixed():
        for position in range(7):
            if position_hex(entry.at, position, entry.rotation) == field:
                return str(pack.tiles[entry.tile].fields[position].location)
    return ""


def ai_heroes(
    value: Any, mode: str, layouts: dict[int, Layout], pack: ContentPack, problems: Problems
) -> tuple[AiHeroSpec, ...]:
    """The scenario's AI heroes: only solo and co-op have them; each starts on a fixed tile
    that is face up at setup in every layout."""
    listed = parts.items(value, problems, "ai_heroes")
    if listed and mode not in F.TEAM_MODES:
        problems.add("ai_heroes", f"only solo and co-op scenarios have AI heroes, not {mode}")
    found = [_one(raw, pack, problems, f"ai_heroes[{i}]") for i, raw in enumerate(listed)]
    specs = tuple(spec for spec in found if spec is not None)
    for index, spec in enumerate(specs):
        if spec.id in [other.id for other in specs[:index]]:
            problems.add(f"ai_heroes[{index}].id", f"two AI heroes are called {spec.id!r}")
        for layout in layouts.values():
            up = {e.at for e in layout.fixed() if e.face == "up"}
            if _printed(spec.start, layout, pack) == "blocked":
                problems.add(f"ai_heroes[{index}].start", "a blocked field (§5.1)")
            if slot_of(spec.start) not in up:
                problems.add(
                    f"ai_heroes[{index}].start",
                    f"{spec.start[0]},{spec.start[1]} is not on a fixed tile face up at setup "
                    f"(the layout for {layout.players})",
                )
    return specs
