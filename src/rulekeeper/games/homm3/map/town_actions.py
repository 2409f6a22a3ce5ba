"""Town actions (homm3.md §5.14.2): building, recruiting and reinforcing, the Secondary Hero,
buying spells; in one's own turn or, at the window points, in another player's (§8.13).

Each action is one :class:`~.actions.Rule` whose refusal is the one statement of the rule:

* ``build building=ID`` (Build token, §5.14.1): a building of the seat's own town whose
  requirements stand (Dwellings Level 1, 2, 3; towns.py ``requirement_refusal``), paying its
  cost; one a round. Its "when built" uses follow at once: the Mage Guild's two Searches (2) of
  the Spell deck (§5.11).
* ``recruit unit=ID`` / ``reinforce unit=ID`` (Population token, recruiting.py).
* ``recruit-hero field=KEY`` (Population token instead, §5.6): 10 Gold, at most one Secondary
  Hero, placed on a town or settlement the seat holds; in the seat's own turn only (§8.33).
* ``buy-spell guild=ID`` (Spell Book token, §5.11): the Mage Guild's price, then Search (2) the
  Spell deck; not in the round the Guild was built.

:func:`open_window` lets the other players take these actions before a fight and at the end of
a turn (:class:`TownWindow`): priority passes in turn order from the active player; a seat with
no Town action it could take is passed at once (tokens, resources, buildings and units are
public, so the pass tells nobody anything).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import PASS, Refusal, ResponseWindow
from rulekeeper.games.homm3.content.towns import requirement_refusal
from rulekeeper.games.homm3.map import (
    astrologers,
    building_uses,
    effects,
    places,
    recruiting,
    search,
)
from rulekeeper.games.homm3.map.actions import Rule, legal_of, refusal_of
from rulekeeper.games.homm3.map.building_uses import (
    BuildingUseStep,
    resource_round,
    starting_buildings,
    turn_start,
)
from rulekeeper.games.homm3.map.building_uses import building as _building
from rulekeeper.games.homm3.map.model import SECONDARY, MapHero
from rulekeeper.games.homm3.map.recruiting import (
    flip_token,
    named_action,
    price_refusal,
    token_refusal,
    usable_towns,
)

__all__ = [
    "POINTS",
    "RULES",
    "BuildingUseStep",
    "TownWindow",
    "build_refusal",
    "guild_refusal",
    "hero_refusal",
    "open_window",
    "resource_round",
    "starting_buildings",
    "turn_start",
]

RULE_BUILD = "homm3.md §5.14.1 (Build: the Town board's cost, one building a round)"
RULE_HERO = "homm3.md §5.6 (Secondary Hero: 10 Gold, a town or settlement you hold, one)"
RULE_OWN_TURN = "homm3.md §8.33 (the Secondary Hero is recruited in your own turn)"
RULE_SPELL = "homm3.md §5.11 (Mage Guild: one spell a round, not in the round it was built)"
RULE_USE = "homm3.md §5.14.1 (faction buildings: their use as the Town board prints it)"
USED = "building-used"
"""effects.py kind of a building used this turn (holder: its id), gone at the turn's end."""
RULE_WINDOW = "homm3.md §5.14.2, §8.13 (Town actions in another player's turn)"
POINTS = ("before-combat", "end-of-turn")
"""Where another player's turn opens a Town-action window (docs/homm3.md)."""
GUILD = "mage-guild"
DECLINE = Action.of("decline")


def _own_towns(state: Any, seat: int) -> list[Any]:
    """The towns *seat* builds in: its own starting towns (held by anybody)."""
    return [town for town in state.towns if town.seat == seat]


def _town_of(state: Any, seat: int, building_id: str) -> Any:
    """The town of *seat*'s own in which *building_id* would stand, or None."""
    for town in _own_towns(state, seat):
        if building_id in state.game.pack.towns[town.faction].ids():
            return town
    return None


# --------------------------------------------------------------------------- build


def build_candidates(state: Any, seat: int) -> Iterable[Action]:
    """Every building of *seat*'s own towns not built yet (none once the Build token is
    used: the refusal would say so for each)."""
    if "build" in state.players[seat].used_tokens:
        return
    for town in _own_towns(state, seat):
        for building_id in state.game.pack.towns[town.faction].ids():
            if building_id not in town.buildings:
                yield named_action(state, "build", "building", building_id)


def build_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not build: the token, a building of another town, the order of
    buildings, the price (§5.14.1, §5.14.2)."""
    building_id = str(action.get("building"))
    town = _town_of(state, seat, building_id)
    if town is None:
        return (RULE_BUILD, f"{building_id!r} is not a building of your town")
    problem = token_refusal(state, seat, "build")
    if problem is not None:
        return (RULE_BUILD, f"{problem[1]}: one building a round")
    content = state.game.pack.towns[town.faction]
    problem = requirement_refusal(content, town.buildings, building_id)
    if problem is not None:
        return problem
    building = content.building(building_id)
    return price_refusal(state, seat, building.cost.amounts(), f"the {building.name}", RULE_BUILD)


def build(state: Any, seat: int, action: Action) -> None:
    """Pay, place the building, flip the Build token; then its "when built" uses."""
    building_id = action.str_param("building")
    town = _town_of(state, seat, building_id)
    building = state.game.pack.towns[town.faction].building(building_id)
    state.players[seat].resources.pay(building.cost.amounts())
    town.buildings.append(building_id)
    town.built_round = state.round
    flip_token(state, seat, "build")
    built = {"seat": seat, "building": building_id, "field": town.field, "round": state.round}
    state.events.append("built", built)
    for use in building.uses:
        if use.timing == "built":
            for effect in use.effects:
                building_uses.apply_effect(state, seat, effect)


# --------------------------------------------------------------------------- Secondary Hero


def hero_candidates(state: Any, seat: int) -> Iterable[Action]:
    """A Secondary Hero on each town or settlement *seat* holds."""
    for key in places.held_places(state, seat):
        yield Action.of("recruit-hero", field=key)


def hero_cost(state: Any) -> dict[str, int]:
    """The Secondary Hero's price (board data; 10 Gold, §5.6, §9.5)."""
    value = state.game.pack.board.values["secondary-hero-cost"]
    return {value.unit: value.amount}


def hero_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not recruit its Secondary Hero on ``field`` (§5.6, §8.33)."""
    if state.players_turn() != seat:
        return (RULE_OWN_TURN, "only in your own turn")
    problem = token_refusal(state, seat, "population")
    if problem is not None:
        return problem
    if any(item.seat == seat and item.role == SECONDARY for item in state.heroes):
        return (RULE_HERO, "you have a Secondary Hero already (at most one)")
    key = action.get("field")
    if key not in places.held_places(state, seat):
        return (RULE_HERO, f"{key!r} is not a town or settlement you hold")
    return price_refusal(state, seat, hero_cost(state), "the Secondary Hero", RULE_HERO)


def recruit_hero(state: Any, seat: int, action: Action) -> None:
    """Pay, flip the Population token and place the faction's second figure (§5.6)."""
    state.players[seat].resources.pay(hero_cost(state))
    flip_token(state, seat, "population")
    key = action.str_param("field")
    hero_id = secondary_of(state, seat)
    mp = state.game.pack.board.values["secondary-hero-mp"].amount
    state.heroes.append(MapHero(id=hero_id, seat=seat, role=SECONDARY, field=key, mp=mp))
    state.events.append("secondary-hero", {"seat": seat, "hero": hero_id, "field": key})


def secondary_of(state: Any, seat: int) -> str:
    """The id of *seat*'s Secondary Hero figure: its faction's other hero (§2.2)."""
    pack, main = state.game.pack, state.players[seat].hero
    faction = pack.heroes[main].faction
    return str(
        next(h for h in sorted(pack.heroes) if h != main and pack.heroes[h].faction == faction)
    )


# --------------------------------------------------------------------------- Mage Guild


def guild_candidates(state: Any, seat: int) -> Iterable[Action]:
    """The Mage Guilds of the towns *seat* may use (none once the Spell Book token is used)."""
    if "spellbook" in state.players[seat].used_tokens:
        return
    for town in usable_towns(state, seat):
        yield Action.of("buy-spell", guild=f"{town.faction}-{GUILD}")


def _guild_town(state: Any, seat: int, guild: object) -> Any:
    """The usable town with the Mage Guild *guild* built, or None."""
    for town in usable_towns(state, seat):
        if guild == f"{town.faction}-{GUILD}" and guild in town.buildings:
            return town
    return None


def _spellbook_use(state: Any, guild: str) -> Any:
    """The Mage Guild's Spell Book use (price and Search) from the town data."""
    faction = guild.removesuffix(f"-{GUILD}")
    building = state.game.pack.towns[faction].building(guild)
    return next(use for use in building.uses if use.timing == "spellbook")


def guild_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not buy a spell at ``guild`` (§5.11, §5.14.2)."""
    problem = token_refusal(state, seat, "spellbook")
    if problem is not None:
        return problem
    guild = action.get("guild")
    town = _guild_town(state, seat, guild)
    if town is None:
        return (RULE_SPELL, f"no Mage Guild {guild!r} stands in a town you may use")
    if town.built_round and town.built_round == state.round and town.buildings[-1] == guild:
        return (RULE_SPELL, "the Mage Guild was built this round")
    price = spell_price(state, seat, str(guild))
    return price_refusal(state, seat, price, "a spell", RULE_SPELL)


def buy_spell(state: Any, seat: int, action: Action) -> None:
    """Pay the Guild's price, flip the Spell Book token, Search (2) the Spell deck."""
    guild = action.str_param("guild")
    state.players[seat].resources.pay(spell_price(state, seat, guild))
    _, size = effects.use_mage_guild_terms(state, seat)
    flip_token(state, seat, "spellbook")
    state.events.append("spell-bought", {"seat": seat, "guild": guild})
    for effect in _spellbook_use(state, guild).effects:
        if effect.kind == "search":
            search.search(state, seat, "spell", max(size, effect.amount or 2))
        else:
            astrologers.apply_effect(state, seat, effect)


def spell_price(state: Any, seat: int, guild: str) -> dict[str, int]:
    """The Mage Guild's price (town data) less a card's discount (Wisdom, effects.py)."""
    price = _spellbook_use(state, guild).pay.amounts()
    off, _ = effects.mage_guild_terms(state, seat)
    if off and price.get("gold"):
        price["gold"] = max(0, price["gold"] - off)
    return {k: v for k, v in price.items() if v}


# --------------------------------------------------------------------------- building uses


def use_candidates(state: Any, seat: int) -> Iterable[Action]:
    """Each option of each ``own-turn`` use of the buildings *seat* may use."""
    for town in usable_towns(state, seat):
        for building_id in town.buildings:
            for use in _building(state, building_id).uses:
                if use.timing == "own-turn":
                    for option in range(max(1, len(use.one_of))):
                        yield Action.of("use-building", building=building_id, option=option)


def _own_turn_use(state: Any, seat: int, action: Action) -> tuple[Any, Any] | None:
    """The ``own-turn`` use of the action's building and its chosen option (None: no such
    building *seat* may use, or no such option)."""
    building_id, option = action.get("building"), action.get("option")
    usable = {b for town in usable_towns(state, seat) for b in town.buildings}
    if building_id not in usable or not isinstance(option, int):
        return None
    use = next((u for u in _building(state, str(building_id)).uses if u.timing == "own-turn"), None)
    if use is None or not 0 <= option < max(1, len(use.one_of)):
        return None
    return use, (use.one_of[option] if use.one_of else None)


def use_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not use a building now: not one it may use, not its own turn, used this
    turn, or too dear (§5.14.1, the Town board's faction buildings)."""
    found = _own_turn_use(state, seat, action)
    if found is None:
        return (RULE_USE, f"no building of yours offers {action}")
    if state.players_turn() != seat:
        return (RULE_USE, "a building's use in your own turn only")
    building_id = str(action.get("building"))
    if effects.has(state, seat, USED, building_id):
        return (RULE_USE, f"the {_building(state, building_id).name} is used this turn")
    use, option = found
    chosen = action.int_param("option") if option is not None else -1
    problem = building_uses.discard_refusal(state, seat, use, chosen)
    if problem is not None:
        return problem
    price = {**use.pay.amounts()}
    for name, amount in (option.pay.amounts() if option else {}).items():
        price[name] = price.get(name, 0) + amount
    return price_refusal(state, seat, price, f"the {_building(state, building_id).name}", RULE_USE)


def use_building(state: Any, seat: int, action: Action) -> None:
    """Pay, mark the building used this turn, then its effects (a card to Remove or cards to
    discard first)."""
    found = _own_turn_use(state, seat, action)
    assert found is not None
    use, option = found
    building_id = str(action.get("building"))
    ledger = state.players[seat].resources
    ledger.pay(use.pay.amounts())
    if option is not None:
        ledger.pay(option.pay.amounts())
    effects.add(state, seat, USED, building_id, source=building_id)
    state.events.append("building-used", {"seat": seat, "building": building_id})
    if option is not None and option.remove:
        index = _building(state, building_id).uses.index(use)
        step = astrologers.HandCardStep(
            seat=seat,
            mode="remove",
            card_kind=option.remove,
            building=building_id,
            use=index,
            option=action.int_param("option"),
        )
        state.flow.push(step)
        return
    index = _building(state, building_id).uses.index(use)
    chosen = action.int_param("option") if option is not None else -1
    if building_uses.discard_count(use, chosen):  # the cards first, then the effects
        building_uses.begin(state, seat, building_id, index, chosen)
        return
    for effect in (*use.effects, *(option.effects if option else ())):
        if effect.kind == "combat-enemy-discards":
            effects.add(state, seat, effect.kind, str(seat), effect.amount or 1, building_id)
        else:
            building_uses.apply_effect(state, seat, effect)


RULES: tuple[Rule, ...] = (
    Rule(("build",), build_candidates, build_refusal, build),
    Rule(
        ("recruit", "reinforce"),
        recruiting.population_candidates,
        recruiting.population_refusal,
        recruiting.use_population,
    ),
    Rule(("recruit-hero",), hero_candidates, hero_refusal, recruit_hero),
    Rule(("buy-spell",), guild_candidates, guild_refusal, buy_spell),
    Rule(("use-building",), use_candidates, use_refusal, use_building),
)
"""The Town actions a turn and a window offer."""


# --------------------------------------------------------------------------- the window


@dataclass
class TownWindow(ResponseWindow[Any]):
    """The other players' Town actions at ``point`` of *active*'s turn (§5.14.2, §8.13):
    priority in turn order; a seat with no Town action possible is passed at once."""

    kind = "town-window"
    rule = RULE_WINDOW
    public_kinds = None
    point: str = "end-of-turn"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.point not in POINTS:
            raise ValueError(f"point must be one of {', '.join(POINTS)}, not {self.point!r}")

    def responses(self, state: Any, seat: int) -> Sequence[Action]:
        return legal_of(RULES, state, seat)

    def public_pass(self, state: Any, seat: int) -> bool:
        return not can_act(state, seat)

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for rule in RULES:
            yield from rule.candidates(state, seat)
        yield PASS

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if not self.seats or seat != self.holding():
            return (self.rule, f"player {self.holding()} may take Town actions now, not {seat}")
        if action == PASS:
            return None
        return refusal_of(RULES, state, seat, action, "of a Town-action window")

    def respond(self, state: Any, action: Action, seat: int) -> None:
        rule = next(item for item in RULES if action.kind in item.kinds)
        rule.apply(state, seat, action)


def can_act(state: Any, seat: int) -> bool:
    """Whether *seat* has any Town action it could take now (stops at the first found)."""
    return any(
        rule.refusal(state, seat, action) is None
        for rule in RULES
        for action in rule.candidates(state, seat)
    )


def open_window(state: Any, active: int, point: str) -> None:
    """Let the players other than *active* take Town actions at *point* (§8.13): every seat
    not eliminated, in turn order from *active*."""
    order = list(state.order)
    start = order.index(active) if active in order else 0
    seats = [
        seat
        for seat in order[start + 1 :] + order[:start]
        if seat != active and not state.players[seat].eliminated
    ]
    if any(can_act(state, seat) for seat in seats):
        state.flow.push(TownWindow(seats=seats, point=point))
        state.events.append("town-window", {"point": point, "active": active})
