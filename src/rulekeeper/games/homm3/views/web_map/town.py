"""The HoMM3 map board's town panels as data (issue 25 §1): every town as all may see it, and
a seat's own towns with each Town action it could take (homm3.md §5.14.2): a building to build,
a unit to recruit or reinforce, the Mage Guild's spell, the Secondary Hero.

Every choice carries ``action``, the exact string of the seat's legal action when it is legal
now (server/views.py ``entries``), else null, and ``refusal``, why not: the words of the rule
that refuses it (map/town_actions.py ``RULES``, the same functions the legal list is made
from), or, when that rule allows it, the game's own refusal (not this seat's decision now).
No rule is written here. The same buttons carry the action in an out-of-turn Town window
(town_actions.py ``TownWindow``), whose legal actions are these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rulekeeper.core import Action, JsonObject
from rulekeeper.games.homm3.map import places, recruiting, town_actions
from rulekeeper.games.homm3.map.model import SECONDARY, TOKENS
from rulekeeper.games.homm3.map.recruiting import TOKEN_NAMES, PopulationStep
from rulekeeper.games.homm3.views.map_words import (
    cost_words,
    faction_name,
    place,
    seat_name,
    unit_name,
)

__all__ = ["TOWN_KINDS", "legal_strings", "panel_actions", "towns", "towns_public"]

TOWN_KINDS = frozenset({"build", "recruit", "reinforce", "recruit-hero", "buy-spell"})
"""The Town actions a town panel offers (town_actions.py ``RULES``; building uses aside)."""
UNIT_KINDS = ("recruit", "reinforce")
RULES = {kind: rule for rule in town_actions.RULES for kind in rule.kinds}
"""Each Town action kind's rule (its refusal is the panel's reason)."""


def legal_strings(state: Any, seat: int | None) -> dict[str, Action]:
    """*seat*'s legal actions now by their strings (none when it is not asked)."""
    if seat is None or seat not in state.decision_seat():
        return {}
    return {str(action): action for action in state.legal_actions(seat)}


def towns_public(state: Any) -> list[JsonObject]:
    """Every town: its field, faction, whose starting town it is, who holds it, what is built."""
    out: list[JsonObject] = []
    for town in state.towns:
        content = state.game.pack.towns.get(town.faction)
        names = {b.id: b.name for b in content.buildings} if content is not None else {}
        out.append(
            {
                "field": town.field,
                "place": place(state, town.field),
                "faction": town.faction,
                "name": f"{faction_name(town.faction)} Town",
                "seat": town.seat,
                "owner": town.owner,
                "owner_name": seat_name(state, town.owner) if town.owner >= 0 else "nobody",
                "buildings": [{"id": b, "name": names.get(b, b)} for b in town.buildings],
            }
        )
    return out


def towns(state: Any, seat: int | None) -> list[JsonObject]:
    """*seat*'s own town panels: its starting towns (where it builds), then towns it captured;
    the seat's tokens, Few units to reinforce and the Secondary Hero go with the first (a
    spectator, or a seat without a town: none)."""
    if seat is None or not 0 <= seat < len(state.players):
        return []
    legal = legal_strings(state, seat)
    own = [t for t in state.towns if t.seat == seat]
    own += [t for t in state.towns if t.owner == seat and t.seat != seat]
    panels: list[JsonObject] = []
    listed: set[str] = set()
    for town in own:
        panel = _town_panel(state, seat, town, legal, listed)
        if not panels:
            panel["tokens"] = tokens(state, seat)
            panel["reinforce"] = reinforce(state, seat, legal)
            panel["hero"] = secondary_hero(state, seat, legal)
        panels.append(panel)
    return panels


def _town_panel(
    state: Any, seat: int, town: Any, legal: Mapping[str, Action], listed: set[str]
) -> JsonObject:
    """One town: built and buildable buildings, its units to recruit, its Mage Guild."""
    content = state.game.pack.towns[town.faction]
    buildings = [
        _building(state, seat, town, b, legal) for b in content.buildings if town.seat == seat
    ]
    units = [
        {"unit": card, "name": unit.name, "tier": unit.tier} | _recruit(state, seat, card, legal)
        for card, unit in state.game.pack.units.items()
        if unit.faction == town.faction and unit.recruit is not None and card not in listed
    ]
    listed.update(str(u["unit"]) for u in units)
    return {
        "field": town.field,
        "place": place(state, town.field),
        "faction": town.faction,
        "name": f"{faction_name(town.faction)} Town",
        "owner": town.owner,
        "captured": town.seat != seat,
        "held": town.owner == seat,
        "buildings": buildings,
        "recruit": units,
        "guild": _guild(state, seat, town, legal),
        "tokens": [],
        "reinforce": [],
        "hero": [],
    }


def _building(
    state: Any, seat: int, town: Any, building: Any, legal: Mapping[str, Action]
) -> JsonObject:
    """A building of the town: built (with the uses legal now), or its cost and whether and
    why it may be built now."""
    entry: JsonObject = {"id": building.id, "name": building.name, "role": building.role}
    if building.id in town.buildings:
        uses = [
            {"action": text, "text": state.describe(action)}
            for text, action in legal.items()
            if action.kind == "use-building" and action.get("building") == building.id
        ]
        return entry | {"built": True, "uses": uses}
    cost = building.cost.amounts()
    action = Action.of("build", building=building.id)
    return entry | {"built": False, "uses": []} | choice(state, seat, action, cost, legal)


def _guild(state: Any, seat: int, town: Any, legal: Mapping[str, Action]) -> JsonObject | None:
    """The town's Mage Guild, if built: a spell's price and the ``buy-spell`` choice."""
    guild = f"{town.faction}-{town_actions.GUILD}"
    if guild not in town.buildings:
        return None
    price = town_actions.spell_price(state, seat, guild)
    action = Action.of("buy-spell", guild=guild)
    entry: JsonObject = {"guild": guild, "search": 2}
    return entry | choice(state, seat, action, price, legal)


def reinforce(state: Any, seat: int, legal: Mapping[str, Action]) -> list[JsonObject]:
    """Each Few unit of *seat* with a Pack side: its Reinforce cost and choice."""
    out = []
    for troop in state.players[seat].units:
        unit = state.game.pack.units.get(troop.card)
        if troop.side != "few" or unit is None or unit.reinforce is None:
            continue
        cost = recruiting.discounted(state, seat, recruiting.reinforce_cost(state, troop.card))
        action = Action.of("reinforce", unit=troop.card)
        entry = {"unit": troop.card, "name": unit_name(state, troop.card), "tier": unit.tier}
        out.append(entry | choice(state, seat, action, cost, legal))
    return out


def secondary_hero(state: Any, seat: int, legal: Mapping[str, Action]) -> list[JsonObject]:
    """The Secondary Hero to recruit on each town or settlement *seat* holds (none once it
    has one)."""
    if any(h.seat == seat and h.role == SECONDARY for h in state.heroes):
        return []
    cost = town_actions.hero_cost(state)
    return [
        {"field": key, "place": place(state, key)}
        | choice(state, seat, Action.of("recruit-hero", field=key), cost, legal)
        for key in places.held_places(state, seat)
    ]


def tokens(state: Any, seat: int) -> list[JsonObject]:
    """The three Town-action tokens and whether each is used this round (§5.14.2)."""
    used = state.players[seat].used_tokens
    return [{"token": t, "name": TOKEN_NAMES.get(t, t), "used": t in used} for t in TOKENS]


def choice(
    state: Any, seat: int, action: Action, cost: Mapping[str, int], legal: Mapping[str, Action]
) -> JsonObject:
    """A Town action on a panel: its cost (in words too), ``affordable``, ``action`` (legal
    now) or ``refusal`` (module doc)."""
    text = str(action)
    now = text in legal
    rule, why = (None, None) if now else refusal(state, seat, action)
    return {
        "kind": action.kind,
        "cost": {k: int(v) for k, v in cost.items() if v},
        "cost_words": cost_words(cost),
        "affordable": not state.players[seat].resources.missing(dict(cost)),
        "action": text if now else None,
        "text": state.describe(action),
        "refusal": why,
        "rule": rule,
    }


def refusal(state: Any, seat: int, action: Action) -> tuple[str, str]:
    """Why *seat* may not take the Town *action* now, as (rule, words): its rule's refusal
    (in a Population step, the unit's: the token is flipped already), else the game's."""
    top = state.flow.steps[-1] if state.flow.steps else None
    if isinstance(top, PopulationStep) and top.seat == seat and action.kind in UNIT_KINDS:
        found = recruiting.unit_refusal(state, seat, action)
    else:
        found = RULES[action.kind].refusal(state, seat, action)
    if found is not None:
        return (found[0], found[1])
    explained = state.explain(action, seat)
    return (explained.rule, explained.reason)


def panel_actions(panels: Iterable[Any]) -> list[str]:
    """Every ``action`` string on the town panels, each once (for the decision panel)."""
    out: list[str] = []
    for panel in panels:
        for key in ("buildings", "recruit", "reinforce", "hero"):
            for entry in panel.get(key) or []:
                if entry.get("action"):
                    out.append(entry["action"])
                out += [use["action"] for use in entry.get("uses") or []]
        guild = panel.get("guild")
        if guild and guild.get("action"):
            out.append(guild["action"])
    return out


def _recruit(state: Any, seat: int, card: str, legal: Mapping[str, Action]) -> JsonObject:
    """A unit to Recruit: its cost to *seat* (less a card's discount, recruiting.py)."""
    cost = recruiting.discounted(
        state, seat, recruiting.cost_of(state.game.pack.units[card].recruit)
    )
    return choice(state, seat, Action.of("recruit", unit=card), cost, legal)
