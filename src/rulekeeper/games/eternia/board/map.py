"""The map of Eternia as data: the ``eternia-map`` file format (docs/eternia-map.md).

A map file lists the areas (outposts, wild regions, the bases; each outpost's Eternium value,
its merchant, whether it is a tower; each area's side of the board and its place for drawing)
and the ways between them: borders, paths (between outposts), wraps (the two map edges' icons)
and flight routes (over the seas, flyers only). :func:`check_map` names every broken
constraint the rulebook states (spec §5.1, §9.7); :func:`load_map` reads a shipped map's name,
a path or parsed data into an :class:`EterniaMap` over the core's graph (core/graph.py), with
the questions the rules ask of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from rulekeeper.core.content import first_problem, read_named
from rulekeeper.core.graph import Edge, Graph, Mover, components, nearest, shortest_path

__all__ = ["EterniaMap", "check_map", "load_map", "shipped_maps"]

FORMAT = "eternia-map"
VERSIONS = (1,)
KINDS = ("outpost", "wild", "base")
SIDES = ("motu", "evil-warriors", "none")
MERCHANTS = ("shop", "mage-guild", "forge")
BASES = {"motu": "castle-grayskull", "evil-warriors": "temple-of-serpos"}
TOWERS = ("grayskull-tower", "central-tower", "viper-tower")
WAYS = {"borders": "border", "paths": "path", "wraps": "wrap", "flight_routes": "flight"}
COSTS = {"border": 1, "path": 1, "wrap": 1, "flight": 2}
"""MP to cross each kind of way (spec §5.2.1, §5.2.4)."""
LAND = ("border", "path", "wrap")
TOP = ("format", "version", "name", "provisional", "areas", *WAYS)
AREA_FIELDS = ("id", "name", "kind", "side", "eternium", "merchant", "tower", "base_of", "at")
Problem = tuple[str, str]


def shipped_maps() -> dict[str, str]:
    """The maps shipped with the game, name -> path."""
    folder = resources.files("rulekeeper.games.eternia.maps")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".yaml"))
    return {n.removesuffix(".yaml"): str(folder / n) for n in names}


def _areas(doc: Mapping[str, Any], out: list[Problem]) -> dict[str, Mapping[str, Any]]:
    """The areas by id, each field checked (spec §5.1)."""
    found: dict[str, Mapping[str, Any]] = {}
    raw = doc.get("areas")
    if not isinstance(raw, list) or not raw:
        out.append(("areas", "a list of areas"))
        return found
    for i, area in enumerate(raw):
        where = f"areas[{i}]"
        if not isinstance(area, Mapping):
            out.append((where, "an area is a mapping"))
            continue
        for key in area:
            if key not in AREA_FIELDS:
                out.append((f"{where}.{key}", f"unknown field (known: {', '.join(AREA_FIELDS)})"))
        ident = area.get("id")
        if not isinstance(ident, str) or not ident:
            out.append((f"{where}.id", "an area has an id"))
            continue
        if ident in found:
            out.append((f"{where}.id", f"{ident} is listed twice"))
        kind = area.get("kind")
        if kind not in KINDS:
            out.append((f"{where}.kind", f"one of {', '.join(KINDS)}"))
        if area.get("side", "none") not in SIDES:
            out.append((f"{where}.side", f"one of {', '.join(SIDES)}"))
        value = area.get("eternium")
        if kind == "wild" and value is not None:
            out.append((f"{where}.eternium", "a wild region has no Eternium value (spec §5.1)"))
        if kind in ("outpost", "base") and (not isinstance(value, int) or value < 0):
            out.append((f"{where}.eternium", "an outpost shows its Eternium value, 0 or more"))
        merchant = area.get("merchant")
        if merchant is not None and (merchant not in MERCHANTS or kind != "outpost"):
            out.append((f"{where}.merchant", f"an outpost's merchant: {', '.join(MERCHANTS)}"))
        if area.get("tower") and kind != "outpost":
            out.append((f"{where}.tower", "a tower is an outpost (spec §5.1)"))
        if (kind == "base") != ("base_of" in area):
            out.append((f"{where}.base_of", "a base, and only a base, names its faction"))
        at = area.get("at")
        if at is not None and not (
            isinstance(at, list) and len(at) == 2 and all(isinstance(v, int | float) for v in at)
        ):
            out.append((f"{where}.at", "its place for drawing: [x, y]"))
        found[ident] = area
    return found


def _ways(doc: Mapping[str, Any], areas: Mapping[str, Any], out: list[Problem]) -> list[Edge]:
    """The ways between areas, each checked."""
    edges: list[Edge] = []
    seen: set[frozenset[str]] = set()
    for key, kind in WAYS.items():
        raw = doc.get(key, [])
        if not isinstance(raw, list):
            out.append((key, "a list of pairs of area ids"))
            continue
        for i, pair in enumerate(raw):
            where = f"{key}[{i}]"
            if not (
                isinstance(pair, list) and len(pair) == 2 and all(isinstance(a, str) for a in pair)
            ):
                out.append((where, "a pair of area ids"))
                continue
            a, b = pair
            if a == b:
                out.append((where, "an area is never adjacent to itself (spec §5.1)"))
                continue
            missing = [x for x in pair if x not in areas]
            if missing:
                out.append((where, f"no area {missing[0]!r}"))
                continue
            if kind == "path" and not all(
                areas[x].get("kind") in ("outpost", "base") for x in pair
            ):
                out.append((where, "a path joins two outposts (spec §5.1)"))
            key_pair = frozenset(pair)
            if key_pair in seen:
                out.append((where, f"{a} and {b} are joined twice"))
            seen.add(key_pair)
            edges.append(Edge(a, b, kind, COSTS[kind]))
    return edges


def check_map(doc: Any) -> list[Problem]:
    """Every constraint of spec §5.1 and §9.7 *doc* breaks, as (field, reason)."""
    out: list[Problem] = []
    if not isinstance(doc, Mapping):
        return [("(file)", "a map file is a mapping")]
    if doc.get("format") != FORMAT:
        out.append(("format", f"must be {FORMAT}"))
    if doc.get("version") not in VERSIONS:
        out.append(("version", f"one of {', '.join(map(str, VERSIONS))}"))
    for key in doc:
        if key not in TOP:
            out.append((str(key), f"unknown field (known: {', '.join(TOP)})"))
    areas = _areas(doc, out)
    edges = _ways(doc, areas, out)
    if not areas:
        return out
    for faction, base in BASES.items():
        area = areas.get(base)
        if area is None or area.get("kind") != "base" or area.get("base_of") != faction:
            out.append(("areas", f"{base} is {faction}'s base (spec §3.1 step 3)"))
    bases = [a for a, v in areas.items() if v.get("kind") == "base"]
    if len(bases) != len(BASES):
        out.append(("areas", "exactly one base for each faction (spec §5.1)"))
    towers = sorted(a for a, v in areas.items() if v.get("tower"))
    if towers != sorted(TOWERS):
        out.append(("areas", f"the three towers are {', '.join(TOWERS)} (spec §5.1)"))
    for side in ("motu", "evil-warriors"):
        kinds = sorted(
            str(v.get("merchant"))
            for v in areas.values()
            if v.get("merchant") and v.get("side") == side
        )
        if kinds != sorted(MERCHANTS):
            out.append(("areas", f"the {side} side has each merchant type once (spec §9.7)"))
    if areas.get("perpetua-mountains", {}).get("kind") != "outpost":
        out.append(("areas", "perpetua-mountains is an outpost (spec §9.7)"))
    if not doc.get("wraps"):
        out.append(("wraps", "the map wraps round at least once (spec §5.1)"))
    try:
        graph = Graph(tuple(areas), tuple(edges))
    except ValueError as error:
        out.append(("areas", str(error)))
        return out
    if len(components(graph, kinds=LAND)) > 1:
        out.append(("borders", "the land areas are not all connected (spec §5.1)"))
    for i, pair in enumerate(doc.get("flight_routes", []) or []):
        joins = isinstance(pair, list) and len(pair) == 2 and all(a in areas for a in pair)
        if joins and pair[1] in graph.neighbours(pair[0], LAND):
            reason = "a flight route crosses water between areas not adjacent"
            out.append((f"flight_routes[{i}]", reason))
    return out


@dataclass(frozen=True)
class EterniaMap:
    """A checked map: its areas by id and its graph (built once, owned by the map)."""

    name: str
    areas: Mapping[str, Mapping[str, Any]]
    graph: Graph
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def kind(self, area: str) -> str:
        return str(self.areas[area].get("kind"))

    def is_outpost(self, area: str) -> bool:
        """Outposts and bases (spec §5.1: a base is an outpost its team always controls)."""
        return self.kind(area) in ("outpost", "base")

    def is_wild(self, area: str) -> bool:
        return self.kind(area) == "wild"

    def area_name(self, area: str) -> str:
        return str(self.areas[area].get("name", area))

    def place(self, area: str) -> tuple[float, float] | None:
        """Where the area is drawn, or None."""
        at = self.areas[area].get("at")
        return None if at is None else (float(at[0]), float(at[1]))

    def eternium(self, area: str) -> int:
        return int(self.areas[area].get("eternium") or 0)

    def base_team(self, area: str) -> str | None:
        """The faction whose base *area* is, or None."""
        found = self.areas[area].get("base_of")
        return None if found is None else str(found)

    def base_of(self, faction: str) -> str:
        return next(a for a, v in self.areas.items() if v.get("base_of") == faction)

    def outposts(self) -> list[str]:
        return [a for a in self.areas if self.is_outpost(a)]

    def towers(self) -> tuple[str, ...]:
        return tuple(a for a, v in self.areas.items() if v.get("tower"))

    def merchant_of(self, area: str) -> str:
        return str(self.areas[area].get("merchant") or "")

    def merchants(self, kind: str) -> tuple[str, ...]:
        return tuple(a for a, v in self.areas.items() if v.get("merchant") == kind)

    def side_merchants(self, faction: str) -> tuple[str, ...]:
        """The merchant outposts on *faction*'s side (the first game's deployment, spec §3.3)."""
        return tuple(
            a for a, v in self.areas.items() if v.get("merchant") and v.get("side") == faction
        )

    def paths_from(self, area: str) -> tuple[str, ...]:
        return self.graph.neighbours(area, ("path",))

    def distance(self, a: str, b: str) -> int:
        """Fewest steps from *a* to *b*, a flight route one step (A-9); 99 if none."""
        key = f"{a}|{b}"
        if key not in self._cache:
            route = shortest_path(self._steps(), a, b)
            self._cache[key] = 99 if route is None else len(route.nodes) - 1
        return int(self._cache[key])

    def _steps(self) -> Graph:
        """The graph with every way one step (for distances)."""
        if "steps" not in self._cache:
            edges = tuple(Edge(e.a, e.b, e.kind, 1) for e in self.graph.edges)
            self._cache["steps"] = Graph(self.graph.nodes, edges)
        found: Graph = self._cache["steps"]
        return found

    def nearest(self, start: str, targets: list[str]) -> tuple[str, ...]:
        """The *targets* fewest steps from *start* (all of them on a tie, A-9)."""
        return nearest(self._steps(), start, targets, Mover())


def load_map(source: Any) -> EterniaMap:
    """A map from a shipped map's name, a path or parsed data; a DataError names the first
    problem (``map check`` lists them all)."""
    where, doc = read_named(source, shipped_maps(), "map")
    problems = check_map(doc)
    if problems:
        raise first_problem(where, problems)
    areas = {str(a["id"]): a for a in doc["areas"]}
    edges = tuple(
        Edge(a, b, kind, COSTS[kind])
        for key, kind in WAYS.items()
        for a, b in doc.get(key, []) or []
    )
    return EterniaMap(str(doc.get("name", where)), areas, Graph(tuple(areas), edges))
