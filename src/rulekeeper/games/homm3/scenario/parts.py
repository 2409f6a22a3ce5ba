"""Reading the small parts of a scenario file: values, resources, effects, triggers, victory
conditions, the round track and the scenario locations; each problem noted with its field."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rulekeeper.core.graph import key_hex
from rulekeeper.core.hexes import Hex
from rulekeeper.core.position import Problems
from rulekeeper.games.homm3.scenario import fields as F
from rulekeeper.games.homm3.scenario.model import (
    Condition,
    Effect,
    Event,
    LocationRule,
    Rounds,
    RoundTrack,
    Trigger,
)

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
"""An id: lower-case letters, digits and hyphens, at most 40 characters."""


def whole(value: Any, lo: int, hi: int, problems: Problems, path: str, default: int = 0) -> int:
    """An integer from *lo* to *hi*, or *default* with the problem noted."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        problems.add(path, f"must be an integer from {lo} to {hi}")
        return default
    return value


def flag(value: Any, problems: Problems, path: str) -> bool:
    """True or false, or false with the problem noted."""
    if not isinstance(value, bool):
        problems.add(path, "must be true or false")
        return False
    return value


def text(value: Any, problems: Problems, path: str, longest: int = 80) -> str:
    """A text of at most *longest* characters, or "" with the problem noted."""
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        problems.add(path, f"must be a text of 1 to {longest} characters")
        return ""
    return value


def choice(value: Any, allowed: tuple[str, ...], problems: Problems, path: str) -> str:
    """One of *allowed*, or the first of them with the problem noted."""
    if value not in allowed:
        problems.add(path, f"must be one of {', '.join(allowed)}, not {value!r}")
        return allowed[0]
    return str(value)


def items(value: Any, problems: Problems, path: str) -> list[Any]:
    """A list of at most fields.MAX_LIST entries (none if missing), or [] with the problem."""
    if value is None:
        return []
    if not isinstance(value, list):
        problems.add(path, "must be a list")
        return []
    if len(value) > F.MAX_LIST:
        problems.add(path, f"more than {F.MAX_LIST} entries")
        return []
    return value


def mapping(
    value: Any, problems: Problems, path: str, known: tuple[str, ...] = ()
) -> dict[str, Any]:
    """An object (empty if missing); with *known*, each key outside it is noted."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        problems.add(path, "must be an object")
        return {}
    for key in value:
        if known and key not in known:
            problems.add(f"{path}.{key}", f"unknown field (known: {', '.join(known)})")
    return dict(value)


def slot_hex(value: Any, problems: Problems, path: str) -> Hex | None:
    """A board hex written ``"q,r"`` (a slot is named by its centre, contracts §B)."""
    try:
        if isinstance(value, str):
            return key_hex(value.replace(" ", ""))
    except ValueError:
        pass
    problems.add(path, f"must be a hex written 'q,r', not {value!r}")
    return None


def resources(
    value: Any, problems: Problems, path: str, lo: int = 0, hi: int = F.MAX_AMOUNT
) -> dict[str, int]:
    """Amounts by resource (gold, materials, valuables), each from *lo* to *hi*."""
    found = mapping(value, problems, path, F.RESOURCES)
    return {
        name: whole(found[name], lo, hi, problems, f"{path}.{name}")
        for name in F.RESOURCES
        if name in found
    }


def effect(raw: Any, problems: Problems, path: str) -> Effect | None:
    """One effect: ``{kind: ..., <its fields>}`` (fields.EFFECT_KINDS)."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in F.EFFECT_KINDS:
        problems.add(f"{path}.kind", f"an effect's kind is one of {', '.join(F.EFFECT_KINDS)}")
        return None
    kind = str(raw["kind"])
    params = mapping(raw, problems, path, ("kind", *F.EFFECT_KINDS[kind]))
    params.pop("kind")
    found: dict[str, int | str] = {}
    if kind in ("gain", "lose", "income"):
        lo = -99 if kind == "income" else 0
        found.update(resources(params, problems, path, lo))
        if not any(found.values()):
            problems.add(path, f"a {kind} effect names a resource and an amount")
    elif kind == "movement":
        found["amount"] = whole(params.get("amount", 1), 1, 9, problems, f"{path}.amount", 1)
    elif kind == "morale":
        found["value"] = choice(params.get("value"), F.MORALE, problems, f"{path}.value")
    elif kind == "search":
        found["deck"] = choice(params.get("deck"), F.DECKS, problems, f"{path}.deck")
        found["amount"] = whole(params.get("amount", 2), 1, 5, problems, f"{path}.amount", 2)
        found["times"] = whole(params.get("times", 1), 1, 5, problems, f"{path}.times", 1)
    elif kind in ("experience", "resource-dice", "treasure-dice"):
        most = 14 if kind == "experience" else 3
        found["amount"] = whole(params.get("amount", 1), 1, most, problems, f"{path}.amount", 1)
    elif kind == "note":
        found["text"] = text(params.get("text"), problems, f"{path}.text", 300)
    return Effect(kind=kind, params=found)


def effects(value: Any, problems: Problems, path: str) -> tuple[Effect, ...]:
    """A non-empty list of effects."""
    found = items(value, problems, path)
    if not found and isinstance(value, list | type(None)):
        problems.add(path, "at least one effect")
    read = (effect(raw, problems, f"{path}[{i}]") for i, raw in enumerate(found))
    return tuple(e for e in read if e is not None)


def trigger(raw: Any, limit: int, problems: Problems, path: str) -> Trigger | None:
    """When an event fires: ``{round: N}``, ``{rounds: [..]}``, ``{every: N, from: M}``,
    ``{level: L}``, ``{visited: "q,r"}`` or ``{defeated: ID}``; a round past the round *limit*
    (0: none) is refused."""
    found = mapping(raw, problems, path, (*F.TRIGGER_KINDS, "from"))
    kinds = [k for k in F.TRIGGER_KINDS if k in found]
    if len(kinds) != 1 or ("from" in found and kinds != ["every"]):
        problems.add(path, f"give one of {', '.join(F.TRIGGER_KINDS)} ('from' only with every)")
        return None
    kind = kinds[0]
    last = limit or F.MAX_ROUNDS
    if kind == "visited":
        at = slot_hex(found[kind], problems, f"{path}.visited")
        return Trigger(kind, target=f"{at[0]},{at[1]}" if at else "")
    if kind == "defeated":
        ident = found[kind]
        if not isinstance(ident, str) or not SLUG.match(ident):
            problems.add(f"{path}.defeated", "an AI hero's id")
        return Trigger(kind, target=str(ident))
    if kind == "level":
        return Trigger(kind, level=whole(found["level"], 2, 7, problems, f"{path}.level", 2))
    if kind == "every":
        step = whole(found["every"], 1, last, problems, f"{path}.every", 1)
        first = whole(found.get("from", step), 1, last, problems, f"{path}.from", 1)
        return Trigger(kind, rounds=(step, first))
    listed = [found[kind]] if kind == "round" else items(found[kind], problems, f"{path}.{kind}")
    if not listed:
        problems.add(f"{path}.{kind}", "at least one round")
    where = f"{path}.round" if kind == "round" else f"{path}.rounds"
    rounds = tuple(whole(n, 1, last, problems, where, 1) for n in listed)
    return Trigger(kind, rounds=rounds)


def events(value: Any, limit: int, problems: Problems, path: str) -> tuple[Event, ...]:
    """Timed events (homm3.md §4.1): ``{when, who, effects, choose}``."""
    found: list[Event] = []
    for index, raw in enumerate(items(value, problems, path)):
        where = f"{path}[{index}]"
        doc = mapping(raw, problems, where, F.EVENT_FIELDS)
        when = trigger(doc.get("when"), limit, problems, f"{where}.when")
        who = choice(doc.get("who", "all"), F.WHO, problems, f"{where}.who")
        done = effects(doc.get("effects"), problems, f"{where}.effects")
        choose = flag(doc.get("choose", False), problems, f"{where}.choose")
        once = when is not None and when.kind in ("visited", "defeated")
        if who == "actor" and not once:
            problems.add(f"{where}.who", "actor: only for a visited or a defeated event")
        if when is not None:
            found.append(Event(when=when, who=who, effects=done, choose=choose))
    return tuple(found)


def rules(value: Any, problems: Problems, path: str) -> dict[str, bool]:
    """The scenario's rule switches (fields.SCENARIO_RULES): each true or false."""
    doc = mapping(value, problems, path, tuple(F.SCENARIO_RULES))
    return {str(k): flag(v, problems, f"{path}.{k}") for k, v in doc.items()}


def locations(value: Any, problems: Problems, path: str) -> dict[str, LocationRule]:
    """The scenario's effect of each of fields.SCENARIO_LOCATIONS it gives."""
    found: dict[str, LocationRule] = {}
    for name, raw in mapping(value, problems, path, F.SCENARIO_LOCATIONS).items():
        if name not in F.SCENARIO_LOCATIONS:
            continue
        where = f"{path}.{name}"
        doc = mapping(raw, problems, where, F.LOCATION_FIELDS)
        choose = flag(doc.get("choose", False), problems, f"{where}.choose")
        found[name] = LocationRule(
            effects(doc.get("effects"), problems, f"{where}.effects"), choose
        )
    return found


def condition(raw: Any, holdable: frozenset[str], problems: Problems, path: str) -> Condition:
    """One victory condition (fields.VICTORY_KINDS)."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in F.VICTORY_KINDS:
        problems.add(f"{path}.kind", f"a condition's kind is one of {', '.join(F.VICTORY_KINDS)}")
        return Condition("last-standing")
    kind = str(raw["kind"])
    doc = mapping(raw, problems, path, ("kind", *F.VICTORY_KINDS[kind]))
    params: dict[str, int | str | bool] = {}
    if kind == "capture-all":
        what = doc.get("what", F.CAPTURE_TARGETS[0])
        params["what"] = choice(what, F.CAPTURE_TARGETS, problems, f"{path}.what")
    elif kind == "cubes":
        params["count"] = whole(doc.get("count", 1), 1, 20, problems, f"{path}.count", 1)
        params["each"] = flag(doc.get("each", False), problems, f"{path}.each")
    elif kind == "hold":
        location = doc.get("location")
        if location not in holdable:
            known = ", ".join(sorted(holdable))
            problems.add(f"{path}.location", f"a flaggable location ({known}), not {location!r}")
        params["location"] = str(location)
        params["count"] = whole(doc.get("count", 1), 1, 20, problems, f"{path}.count", 1)
        params["rounds"] = whole(doc.get("rounds", 1), 1, 20, problems, f"{path}.rounds", 1)
    return Condition(kind, params)


def _rounds(value: Any, problems: Problems, path: str) -> Rounds:
    if isinstance(value, list):
        return tuple(whole(n, 1, F.MAX_ROUNDS, problems, path, 1) for n in value)
    return choice(value, ("odd", "even", "every", "none"), problems, path)


def round_track(value: Any, limit: int, problems: Problems, path: str) -> RoundTrack | None:
    """The round track, or None (the board's, homm3.md §4.1); a round may not be both kinds."""
    if value is None:
        return None
    doc = mapping(value, problems, path, ("resource", "astrologers", "no_income"))
    track = RoundTrack(
        resource=_rounds(doc.get("resource", "odd"), problems, f"{path}.resource"),
        astrologers=_rounds(doc.get("astrologers", "even"), problems, f"{path}.astrologers"),
        no_income=tuple(
            whole(n, 1, F.MAX_ROUNDS, problems, f"{path}.no_income", 1)
            for n in items(doc.get("no_income", [1]), problems, f"{path}.no_income")
        ),
    )
    both = [
        n for n in range(1, (limit or 20) + 1) if track.is_resource(n) and track.is_astrologers(n)
    ]
    if both:
        problems.add(
            f"{path}.astrologers",
            f"round {both[0]} is also a Resource round: a round is one or the other (§4.1)",
        )
    return track
