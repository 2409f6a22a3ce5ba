"""Playing Might & Magic cards with Map effects in one's turn (homm3.md §4.3 step 2, §5.8,
§5.9, §5.11, §5.12).

A card whose play is timed ``map`` (content/abilities.yaml, artifacts.yaml, spells.yaml: an
effect of kind ``map`` naming its ``effect``) is played from the hand in its player's turn,
never in combat: ``play-card card=ID use=basic|expert|option-N|cast`` and the target its effect
needs (``hero=``, ``to=``, ``at=``, ``unit=``). An Expert play spends one of the Level's Expert
uses (§5.9); a faction-bound card works for its faction only (§5.9); the card goes to its
player's discard pile. A spell is cast (Town Portal, §5.11): the player may empower it from the
hand first (:class:`MapEmpowerStep`), its row for the power put in says the bonus MP.

Each effect is one short function registered by its name in :data:`IMPLEMENTED` with the kind
of target it takes (:data:`TARGETS`). Effects that last the turn are kept on the player
(effects.py), where the modules they touch ask for them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step, missing_words
from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import key_hex
from rulekeeper.core.hexes import hex_distance as distance
from rulekeeper.games.homm3.combat.cards import plays_of
from rulekeeper.games.homm3.content.cards import Effect, Spell
from rulekeeper.games.homm3.map import (
    board,
    card_instants,
    effects,
    exploration,
    proclaimed_spells,
)
from rulekeeper.games.homm3.map.actions import Rule
from rulekeeper.games.homm3.map.card_targets import (
    RULE_MAP,
    RULE_NECRO,
    RULE_SPELL,
    TARGETS,
    acting,
    no_refusal,
    number,
)
from rulekeeper.games.homm3.map.model import Troop
from rulekeeper.games.homm3.map.movement import EnterStep

__all__ = [
    "IMPLEMENTED",
    "PLAY",
    "RULE",
    "DiplomacyStep",
    "EndStepStep",
    "MapEmpowerStep",
    "end_of_turn",
    "map_plays",
    "refusal",
]

RULE_EXPERT = "homm3.md §5.9 Expert effects (one Expert use each, rulebook p. 13)"
RULE_BOUND = "homm3.md §5.9 faction-bound Ability cards (rulebook p. 13)"
PLAY = "play-card"
NAMES = {"gold": "Gold", "materials": "Building Materials", "valuables": "Valuables"}
"""The resources' names in refusals."""
DWELLING_TIERS = {
    "dwelling-1": ("bronze",),
    "dwelling-2": ("silver",),
    "dwelling-3": ("gold", "azure"),
}
"""The neutral tier decks Diplomacy draws from for each Dwelling owned (its card's reading)."""


def map_plays(pack: Any, card_id: str) -> list[tuple[str, Effect]]:
    """The Map plays of a card and the map effect of each (a spell: ``cast``, its first row)."""
    found = pack.card(card_id)
    if isinstance(found, Spell):
        if found.play.timing != "map":
            return []
        first = [e for e in found.rows[0].effects if e.kind == "map"]
        return [("cast", first[0])] if first else []
    out: list[tuple[str, Effect]] = []
    for use, play in plays_of(pack, card_id):
        if play.timing == "map":
            out.extend((use, e) for e in play.effects if e.kind == "map")
    return out


# --------------------------------------------------------------------------- the effects

Apply = Callable[[Any, int, Action, Effect, str], None]
Check = Callable[[Any, int, Action, Effect], Refusal | None]


@dataclass(frozen=True)
class MapEffect:
    """A registered map effect: its target kind, what it does, and its own condition."""

    target: str
    apply: Apply
    check: Check = no_refusal


IMPLEMENTED: dict[str, MapEffect] = {}
"""The map effects the map game carries out, by ``effect`` name (cli.py ``--strict``)."""


def effect(name: str, target: str = "none", check: Check = no_refusal) -> Callable[[Apply], Apply]:
    """Register the function carrying out map effect *name* (:data:`IMPLEMENTED`)."""

    def register(apply: Apply) -> Apply:
        IMPLEMENTED[name] = MapEffect(target, apply, check)
        return apply

    return register


@effect("movement-points", "hero")
def movement_points(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Logistics Expert: the hero gains MP this turn (§8.10: bonus MP last the turn)."""
    item = acting(state, action)
    item.mp += number(found, "mp")
    state.events.append("bonus-mp", {"hero": item.id, "mp": number(found, "mp"), "card": card})


@effect("end-turn-step", "hero")
def end_turn_step(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Logistics Basic: at the turn's end the hero may step to an adjacent empty field."""
    effects.add(state, seat, "end-turn-step", action.str_param("hero"), number(found, "fields"))


@effect("reroll-treasure-resource")
def reroll_treasure_resource(
    state: Any, seat: int, action: Action, found: Effect, card: str
) -> None:
    """Luck Basic: one Treasure and one Resource die may be rerolled this turn."""
    for die in effects.DICE:
        effects.add(state, seat, f"reroll-{die}", str(seat), number(found, "rerolls"), card)


@effect("skip-neutral-combat")
def skip_neutral_combat(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Diplomacy Expert: the next fight against neutrals of the Main Hero's Level is skipped."""
    effects.add(state, seat, effects.SKIP, str(seat), 1, card)


@effect("mage-guild-discount")
def mage_guild_discount(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Wisdom: this turn's Mage Guild purchase is cheaper and searches more cards."""
    effects.add(state, seat, "mage-guild-discount", str(seat), number(found, "gold"), card)
    effects.add(state, seat, "mage-guild-search", str(seat), number(found, "search"), card)


@effect("recruit-discount")
def recruit_discount(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """A Legion artifact: one Recruit or Reinforce this turn costs less Gold."""
    effects.add(state, seat, "recruit-discount", str(seat), number(found, "gold"), card)


@effect("fly-over-fields", "fly")
def fly_over_fields(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Angel Wings: +MP, then the hero flies to the field, passing over what lies between
    (1 MP a field; only the field it stops on is resolved)."""
    item = acting(state, action)
    to = action.str_param("to")
    item.mp = item.mp + number(found, "mp") - distance(key_hex(item.field), key_hex(to))
    _arrive(state, item, to, "hero-flies")


@effect("reveal-tile", "reveal")
def reveal_tile(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Speculum: a face-down tile touching the hero's tile is revealed, at no MP cost."""
    item = acting(state, action)
    exploration.reveal(state, seat, item.id, action.str_param("at"), None)


def _owns_dwelling(state: Any, seat: int, action: Action, found: Effect) -> Refusal | None:
    if not _dwelling_decks(state, seat):
        return (RULE_MAP, "Diplomacy draws for each Dwelling you own: you own none")
    return None


@effect("diplomacy-recruit", check=_owns_dwelling)
def diplomacy_recruit(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Diplomacy Basic: draw Neutral cards for your Dwellings; you may recruit one of them."""
    seen = []
    for deck in _dwelling_decks(state, seat):
        for _ in range(number(found, "cards_per_dwelling") or 1):
            drawn = _draw_neutral(state, deck)
            if drawn:
                seen.append(drawn)
    state.events.append("neutrals-drawn", {"seat": seat, "cards": seen, "card": card})
    if seen:
        state.flow.push(DiplomacyStep(seat=seat, seen=seen))


def _necromancy_check(state: Any, seat: int, action: Action, found: Effect) -> Refusal | None:
    if not effects.has(state, seat, effects.WON):
        return (RULE_NECRO, "Necromancy follows a combat you won this turn (not a Quick Combat)")
    troop = state.players[seat].units[action.int_param("unit")]
    cost = _necromancy_cost(state, troop, found)
    missing = state.players[seat].resources.missing(cost)
    if missing:
        need = missing_words(missing, NAMES)
        return (RULE_NECRO, f"reinforcing {troop.card} costs {_words(cost)}: you need {need}")
    return None


@effect("necromancy-reinforce", "unit", check=_necromancy_check)
def necromancy_reinforce(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Necromancy: after a won combat, Reinforce a Necropolis unit for part of its Gold cost."""
    player = state.players[seat]
    troop = player.units[action.int_param("unit")]
    cost = _necromancy_cost(state, troop, found)
    player.resources.pay(cost)
    troop.side = "pack"
    effects.spend(state, seat, effects.WON)
    state.events.append("reinforced", {"seat": seat, "unit": troop.card, "paid": cost})


@effect("town-portal", "portal")
def town_portal(state: Any, seat: int, action: Action, found: Effect, card: str) -> None:
    """Town Portal: the Main Hero moves to a Town or Settlement you control, +MP by the power."""
    item = acting(state, action)
    item.mp += number(found, "mp")
    _arrive(state, item, action.str_param("to"), "hero-teleports")


def _arrive(state: Any, item: Any, to: str, kind: str) -> None:
    """*item* lands on *to* (not stepping through what lies between): entering it resolves."""
    item.previous, item.field = item.field, to
    state.events.append(kind, {"hero": item.id, "from": item.previous, "to": to})
    state.flow.push(EnterStep(hero=item.id, field=to))


def _necromancy_cost(state: Any, troop: Troop, found: Effect) -> dict[str, int]:
    """The Reinforce cost of *troop* with its Gold cut to ``gold_percent`` (rounded down)."""
    price = state.game.pack.units[troop.card].reinforce
    gold = price.gold * number(found, "gold_percent") // 100
    return {k: v for k, v in {"gold": gold, "valuables": price.valuables}.items() if v}


def _words(cost: Mapping[str, int]) -> str:
    return " and ".join(f"{n} {NAMES.get(k, k)}" for k, n in sorted(cost.items())) or "nothing"


def _dwelling_decks(state: Any, seat: int) -> list[str]:
    """The neutral decks Diplomacy draws from: one per tier of each Dwelling *seat* owns."""
    towns = getattr(state.game.pack, "towns", {}) or {}
    decks: list[str] = []
    for town in state.towns:
        if town.owner != seat or town.faction not in towns:
            continue
        for building_id in town.buildings:
            role = towns[town.faction].building(building_id).role
            decks.extend(f"neutral-{tier}" for tier in DWELLING_TIERS.get(role, ()))
    return decks


def _draw_neutral(state: Any, deck: str) -> str:
    """The top card of a neutral deck (its discard pile shuffled back when it runs out, §8.29)."""
    pile, discard = state.decks[deck], state.discards[deck]
    if not pile and discard:
        pile.extend(discard)
        discard.clear()
        state.rng.shuffle(pile)
    return pile.pop() if pile else ""


# --------------------------------------------------------------------------- the rule


def candidates(state: Any, seat: int) -> Iterable[Action]:
    """Each Map play of each card in *seat*'s hand on each target its effect takes, and each
    Instant play the map allows (card_instants.py)."""
    pack = state.game.pack
    for card in sorted(set(state.players[seat].hand)):
        for use, found in map_plays(pack, card):
            registered = IMPLEMENTED.get(found.effect or "")
            if registered is None:
                continue
            for params in TARGETS[registered.target].candidates(state, seat, found):
                yield Action.of(PLAY, card=card, use=use, **params)
        for use, _ in card_instants.instant_plays(pack, card):
            yield Action.of(PLAY, card=card, use=use)


def refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not play a card's Map (or Instant) effect as *action* says (None: it may)."""
    player = state.players[seat]
    card, use = action.get("card"), action.get("use")
    if not isinstance(card, str) or not isinstance(use, str):
        return (RULE_MAP, "write it as: play-card card=ID use=basic|expert|option-N|cast ...")
    if card not in player.hand:
        return (RULE_MAP, f"you hold no {card!r} card")
    pack = state.game.pack
    found = dict(map_plays(pack, card)).get(use)
    instant = dict(card_instants.instant_plays(pack, card)).get(use)
    if found is None and instant is None:
        uses = [u for u, _ in map_plays(pack, card)]
        uses += [u for u, _ in card_instants.instant_plays(pack, card)]
        listed = ", ".join(uses) or "none"
        return (RULE_MAP, f"{card} has no play as {use!r} outside combat (its plays: {listed})")
    faction = getattr(pack.card(card), "faction", None)
    if faction and faction != player.faction:
        return (RULE_BOUND, f"{card} is bound to {faction}: only {faction} may play it")
    if use == "expert" and expert_uses_left(state, seat) <= 0:
        return (RULE_EXPERT, f"no Expert use left this round at Level {player.level}")
    names = sorted(name for name, _ in action.params if name not in ("card", "use"))
    if instant is not None:
        if names:
            return (card_instants.RULE_INSTANT, f"{card} {use} takes no target")
        return card_instants.cost_refusal(state, seat, card, instant)
    assert found is not None
    registered = IMPLEMENTED.get(found.effect or "")
    if registered is None:
        return (RULE_MAP, f"the map effect {found.effect!r} is not implemented")
    target = TARGETS[registered.target]
    if names != sorted(target.params):
        wanted = " ".join(f"{name}=..." for name in target.params) or "no target"
        return (RULE_MAP, f"{found.effect} takes {wanted}")
    return target.refusal(state, seat, action, found) or registered.check(
        state, seat, action, found
    )


def expert_uses_left(state: Any, seat: int) -> int:
    """The Expert uses *seat*'s Main Hero has left this round (§5.7 table, §5.9)."""
    player = state.players[seat]
    return int(state.game.pack.levels[player.level].expert_uses) - int(player.expert_used)


def apply(state: Any, seat: int, action: Action) -> None:
    """Play the card: it leaves the hand (to the discard pile), then its effect resolves; a
    spell is empowered first (:class:`MapEmpowerStep`); an Instant play as card_instants.py says."""
    player = state.players[seat]
    card, use = action.str_param("card"), action.str_param("use")
    player.hand.remove(card)
    if use == "expert":
        player.expert_used += 1
    state.events.append("card-played", {"seat": seat, "card": card, "use": use})
    found = dict(map_plays(state.game.pack, card)).get(use)
    if found is None:
        instant = dict(card_instants.instant_plays(state.game.pack, card))[use]
        card_instants.play(state, seat, card, use, instant)
        return
    player.discard.append(card)
    power = proclaimed_spells.map_cast(state, seat, card) if use == "cast" else 0  # §5.21
    target = {k: str(v) for k, v in action.params}
    if use == "cast" and player.hand:  # asked whatever the hand holds: its power is not told
        state.flow.push(MapEmpowerStep(seat=seat, card=card, target=target, power=power))
        return
    if power:
        cast_spell(state, seat, card, target, power)
        return
    IMPLEMENTED[found.effect or ""].apply(state, seat, action, found, card)
    proclaimed_spells.map_cast_done(state, seat, card)


RULE: Rule = Rule((PLAY,), candidates, refusal, apply)
HAND_KINDS = frozenset({PLAY})
"""Kinds whose refusal reads the hand (not judged in public)."""


def cast_spell(state: Any, seat: int, card: str, target: Mapping[str, Any], power: int) -> None:
    """Resolve the map spell *card* with *power* put in: the row of the highest power reached."""
    spell = state.game.pack.card(card)
    row = [r for r in spell.rows if r.power <= power][-1]
    found = next(e for e in row.effects if e.kind == "map")
    action = Action.of(PLAY, **dict(target))
    state.events.append("spell-cast", {"seat": seat, "card": card, "power": power})
    IMPLEMENTED[found.effect or ""].apply(state, seat, action, found, card)
    proclaimed_spells.map_cast_done(state, seat, card)  # Crazy Wizard, §5.21


def _power_uses(state: Any, seat: int, card_id: str) -> list[tuple[str, int]]:
    """How *card_id* in *seat*'s hand can empower a spell on the map and the power each way
    gives: a Spell card discarded (its alternative power), a play of another timing with a
    ``power`` effect and no card cost (Expert with an Expert use left)."""
    pack = state.game.pack
    found = pack.card(card_id)
    if isinstance(found, Spell):
        return [("discard", found.alternative_power)] if found.alternative_power else []
    out = []
    for use, play in plays_of(pack, card_id):
        power = sum(e.amount or 0 for e in play.effects if e.kind == "power")
        if not power or play.timing == "map" or play.cost.discard or play.cost.discard_any:
            continue
        if use == "expert" and expert_uses_left(state, seat) <= 0:
            continue
        out.append((use, power))
    return out


@dataclass
class MapEmpowerStep(Step[Any]):
    """Empowering a spell cast on the map (§5.11, §8.27): ``empower card=C use=U`` a card at a
    time (a Spell card discarded, or a play giving power), then ``done`` casts it."""

    kind = "map-empower"
    rule = RULE_SPELL
    seat: int = 0
    card: str = ""
    target: dict[str, str] = dataclasses.field(default_factory=dict)
    """The cast's parameters (card, use, hero, to)."""
    power: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> list[Action]:
        hand = state.players[self.seat].hand
        found = [
            Action.of("empower", card=card, use=use)
            for card in sorted(set(hand))
            for use, _ in _power_uses(state, self.seat, card)
        ]
        return [*found, Action.of("done")]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action in self.legal(state, seat):
            return None
        return (self.rule, "empower with a card of your hand ('empower card=C use=U') or 'done'")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "done":
            state.flow.pop()
            cast_spell(state, self.seat, self.card, self.target, self.power)
            return
        player = state.players[self.seat]
        card, use = action.str_param("card"), action.str_param("use")
        self.power += dict(_power_uses(state, self.seat, card))[use]
        if use == "expert":
            player.expert_used += 1
        player.hand.remove(card)
        player.discard.append(card)
        state.events.append("empowers", {"seat": self.seat, "card": card, "use": use})


@dataclass
class DiplomacyStep(Step[Any]):
    """Diplomacy Basic: recruit one of the Neutral cards drawn at its printed cost, without the
    Population token (``recruit card=C``), or ``pass``; the others go to their discard piles."""

    kind = "diplomacy"
    rule = RULE_MAP
    public_kinds = frozenset({"recruit", "pass"})
    seat: int = 0
    seen: list[str] = dataclasses.field(default_factory=list)

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> list[Action]:
        found = [Action.of("recruit", card=c) for c in dict.fromkeys(self.seen)]
        return [a for a in found if self.refusal(state, seat, a) is None] + [Action.of("pass")]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        if action.kind != "recruit" or action.get("card") not in self.seen:
            return (self.rule, "recruit one of the cards drawn ('recruit card=C') or 'pass'")
        cost = _recruit_cost(state, action.str_param("card"))
        missing = state.players[self.seat].resources.missing(cost)
        if missing:
            need = missing_words(missing, NAMES)
            return (self.rule, f"{action.get('card')} costs {_words(cost)}: you need {need}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        rest = list(self.seen)
        if action.kind == "recruit":
            card = action.str_param("card")
            rest.remove(card)
            player = state.players[self.seat]
            player.resources.pay(_recruit_cost(state, card))
            player.units.append(Troop(card, "few"))
            state.events.append("recruited", {"seat": self.seat, "unit": card})
        for card in rest:
            tier = state.game.pack.units[card].tier
            state.discards[f"neutral-{tier}"].append(card)


def _recruit_cost(state: Any, card: str) -> dict[str, int]:
    price = state.game.pack.units[card].recruit
    if price is None:
        return {}
    return {k: v for k, v in {"gold": price.gold, "valuables": price.valuables}.items() if v}


# --------------------------------------------------------------------------- the turn's end


def end_of_turn(state: Any, seat: int) -> None:
    """The turn's map effects end (effects.py); Logistics first offers its step."""
    steps = [e.holder for e in state.players[seat].lasting if e.kind == "end-turn-step"]
    effects.end_turn(state, seat)
    for hero_id in steps:
        item = board.hero(state, hero_id)
        if item is not None and item.on_map and step_fields(state, item):
            state.flow.push(EndStepStep(seat=seat, hero=hero_id))


def step_fields(state: Any, item: Any) -> list[str]:
    """The adjacent empty fields *item* may step to with Logistics: not blocked, no location,
    no hero (our reading of "empty")."""
    tilemap = state.tilemap()
    out = []
    for key in board.neighbour_fields(tilemap, item.field):
        printed = board.field_at(state, key)
        if printed is None or key in tilemap.graph.closed or printed.location != "empty":
            continue
        if not board.heroes_at(state, key):
            out.append(key)
    return out


@dataclass
class EndStepStep(Step[Any]):
    """Logistics Basic at the turn's end: ``step to=Q,R`` (an adjacent empty field, nothing
    resolved, no MP) or ``stay``."""

    kind = "logistics-step"
    rule = RULE_MAP
    public_kinds = None
    seat: int = 0
    hero: str = ""

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> list[Action]:
        item = board.hero(state, self.hero)
        fields = step_fields(state, item) if item is not None else []
        return [*(Action.of("step", to=key) for key in fields), Action.of("stay")]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action in self.legal(state, seat):
            return None
        return (self.rule, "step to an adjacent empty field ('step to=Q,R') or 'stay'")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        item = board.hero(state, self.hero)
        if action.kind == "step" and item is not None:
            item.previous, item.field = item.field, action.str_param("to")
            state.events.append("hero-steps", {"hero": item.id, "to": item.field})
