"""Recruiting and Reinforcing units (homm3.md §5.14.2, §5.14.3, §5.15, §8.13) and what every
Town action shares: the towns whose buildings a seat may use, the token check, prices in words.

A seat uses the buildings of its own starting town, even while an enemy holds it, and not those
of a town it captured (§5.14.3); optional rule 12 (``use-captured-towns``) lets it use the
captured ones too. The Population token, once flipped, allows any number of Recruits and
Reinforcements at that moment (:class:`PopulationStep`): Recruit a unit of a faction whose
Dwelling of the unit's tier you may use (Bronze Level 1, Silver 2, Gold 3; one card per unit),
paying its Recruit cost, on its Few side; Reinforce a Few unit with a Citadel you may use,
paying its Reinforce cost, and flip it to Pack. Units chosen for an effect (a free or cheaper
Reinforcement, a Pack unit weakened) are :class:`UnitChoiceStep`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.ledger import missing_words
from rulekeeper.games.homm3.content.towns import DWELLING_TIERS
from rulekeeper.games.homm3.map import effects, neutral_decks
from rulekeeper.games.homm3.map.model import Town, Troop

__all__ = [
    "NAMES",
    "RULE_CAPTURED",
    "RULE_RECRUIT",
    "RULE_REINFORCE",
    "RULE_TOKENS",
    "TOKEN_NAMES",
    "PopulationStep",
    "SummonStep",
    "UnitChoiceStep",
    "choose_unit",
    "cost_of",
    "flip_token",
    "has_role",
    "named_action",
    "population_candidates",
    "price_refusal",
    "recruit_refusal",
    "reinforce_cost",
    "reinforce_refusal",
    "summon",
    "token_refusal",
    "unit_actions",
    "usable_towns",
]

RULE_TOKENS = "homm3.md §5.14.2 (each Town action once a round, its token flipped)"
RULE_RECRUIT = "homm3.md §5.15 (Recruit: the Dwelling of the unit's tier, its Recruit cost)"
RULE_REINFORCE = "homm3.md §5.15 (Reinforce: a Citadel, the Reinforce cost, Few to Pack)"
RULE_CAPTURED = "homm3.md §5.14.3 (a captured town's buildings are not the captor's; rule 12)"
NAMES: Mapping[str, str] = {
    "gold": "Gold",
    "materials": "Building Materials",
    "valuables": "Valuables",
}
"""The resources' names in refusals."""
TOKEN_NAMES: Mapping[str, str] = {
    "build": "Build",
    "population": "Population",
    "spellbook": "Spell Book",
}
TIER_ROLE: Mapping[str, str] = {tier: role for role, tier in DWELLING_TIERS.items()}
"""The Dwelling role that allows Recruiting each tier (§5.15)."""
DONE = Action.of("done")
DECLINE = Action.of("decline")


def usable_towns(state: Any, seat: int) -> list[Town]:
    """The towns whose buildings *seat* may use (module doc, §5.14.3, optional rule 12)."""
    captured = state.option("use-captured-towns")
    return [t for t in state.towns if t.seat == seat or (captured and t.owner == seat)]


def has_role(state: Any, seat: int, role: str, faction: str | None = None) -> bool:
    """Whether a town *seat* may use (of *faction*, if given) has the building of *role*."""
    return any(
        f"{town.faction}-{role}" in town.buildings
        for town in usable_towns(state, seat)
        if faction is None or town.faction == faction
    )


def token_refusal(state: Any, seat: int, token: str) -> Refusal | None:
    """Why *seat* cannot use its *token* now: flipped already this round (§5.14.2)."""
    if token in state.players[seat].used_tokens:
        return (RULE_TOKENS, f"the {TOKEN_NAMES[token]} token is used this round")
    return None


def flip_token(state: Any, seat: int, token: str) -> None:
    """*seat* flips its *token* until the next round (§5.14.2)."""
    state.players[seat].used_tokens.append(token)
    state.events.append("token-used", {"seat": seat, "token": token})


def price_refusal(
    state: Any, seat: int, cost: Mapping[str, int], what: str, rule: str
) -> Refusal | None:
    """Why *seat* cannot pay *cost* for *what*: what it lacks, in words."""
    missing = state.players[seat].resources.missing(cost)
    if not missing:
        return None
    price = ", ".join(f"{n} {NAMES[k]}" for k, n in cost.items() if n) or "nothing"
    return (rule, f"{what} costs {price}: you need {missing_words(missing, NAMES)}")


def cost_of(model: Any) -> dict[str, int]:
    """A unit card's cost record as ledger amounts."""
    return {k: v for k, v in model.model_dump().items() if v} if model is not None else {}


def discounted(state: Any, seat: int, cost: dict[str, int], spend: bool = False) -> dict[str, int]:
    """*cost* less the Gold a card's discount takes off one Recruit or Reinforce (effects.py
    ``recruit_discount``; *spend*: the discount is used up)."""
    off = (effects.use_recruit_discount if spend else effects.recruit_discount)(state, seat)
    out = dict(cost)
    if off and out.get("gold"):
        out["gold"] = max(0, out["gold"] - off)
    return {k: v for k, v in out.items() if v}


def reinforce_cost(state: Any, card: str, percent: int = 100) -> dict[str, int]:
    """The Reinforce cost of *card* (*percent* of it, rounded up: a half-cost effect)."""
    full = cost_of(state.game.pack.units[card].reinforce)
    return {k: math.ceil(v * percent / 100) for k, v in full.items() if v}


def recruit_refusal(state: Any, seat: int, card: str) -> Refusal | None:
    """Why *seat* cannot Recruit *card* (token aside): not a faction unit, held already, no
    Dwelling of its tier in a town it may use, or too dear (§5.15, §5.14.3)."""
    unit = state.game.pack.units.get(card)
    if unit is None or unit.recruit is None or unit.tier not in TIER_ROLE:
        return (RULE_RECRUIT, f"{card!r} is not a faction unit you could Recruit")
    if any(troop.card == card for troop in state.players[seat].units):
        return (RULE_RECRUIT, f"your unit deck holds the {unit.name} already (one card each)")
    role = TIER_ROLE[unit.tier]
    if not has_role(state, seat, role, unit.faction):
        captor = any(t.owner == seat and t.faction == unit.faction for t in state.towns)
        if captor and not any(t.faction == unit.faction for t in usable_towns(state, seat)):
            return (
                RULE_CAPTURED,
                f"the {unit.faction.capitalize()} town you captured is not yours to use",
            )
        level = role.rsplit("-", 1)[1]
        what = f"Recruiting {unit.tier.capitalize()} units needs the Level {level} Dwelling"
        return (RULE_RECRUIT, f"{what} of a {unit.faction.capitalize()} town you may use")
    cost = discounted(state, seat, cost_of(unit.recruit))
    return price_refusal(state, seat, cost, f"Recruiting the {unit.name}", RULE_RECRUIT)


def _few(state: Any, seat: int, card: str) -> Troop | None:
    """*seat*'s unit card *card*, if it shows its Few side."""
    return next((t for t in state.players[seat].units if t.card == card and t.side == "few"), None)


def reinforce_refusal(
    state: Any, seat: int, card: str, percent: int = 100, citadel: bool = True
) -> Refusal | None:
    """Why *seat* cannot Reinforce *card* (token aside): not a Few unit of its deck, no Pack
    side, no Citadel it may use (unless *citadel* is False), or too dear (§5.15)."""
    unit = state.game.pack.units.get(card)
    name = unit.name if unit is not None else repr(card)
    if _few(state, seat, card) is None:
        return (RULE_REINFORCE, f"your unit deck holds no {name} on its Few side")
    if unit is None or unit.reinforce is None:
        return (RULE_REINFORCE, f"the {name} has no Pack side")
    if citadel and not has_role(state, seat, "citadel"):
        return (RULE_REINFORCE, "Reinforcing needs a Citadel in a town you may use")
    cost = reinforce_cost(state, card, percent)
    if percent == 100:
        cost = discounted(state, seat, cost)
    return price_refusal(state, seat, cost, f"Reinforcing the {name}", RULE_REINFORCE)


def named_action(state: Any, kind: str, param: str, value: str) -> Action:
    """The action ``kind param=value``, built once per game (actions are immutable; the
    candidate lists ask for the same few hundred again and again): the game's own table
    (core/derived.py), which this function alone fills."""
    table: dict[tuple[str, str, str], Action] = state.game.derived("named-actions", dict)
    key = (kind, param, value)
    found = table.get(key)
    if found is None:
        found = table[key] = Action.of(kind, **{param: value})
    return found


def unit_actions(state: Any, seat: int) -> Iterable[Action]:
    """Recruit and Reinforce candidates of *seat*: the units of the factions of the towns it
    has, and its Few units."""
    factions = {town.faction for town in state.towns if town.seat == seat or town.owner == seat}
    for card, unit in state.game.pack.units.items():
        if unit.faction in factions and unit.recruit is not None:
            yield named_action(state, "recruit", "unit", card)
    for troop in state.players[seat].units:
        if troop.side == "few":
            yield named_action(state, "reinforce", "unit", troop.card)


def unit_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why a ``recruit``/``reinforce`` action is refused, the token aside."""
    card = action.get("unit")
    if action.kind not in ("recruit", "reinforce") or not isinstance(card, str):
        return (RULE_RECRUIT, "'recruit unit=ID' or 'reinforce unit=ID'")
    if action.kind == "recruit":
        return recruit_refusal(state, seat, card)
    return reinforce_refusal(state, seat, card)


def apply_unit(state: Any, seat: int, action: Action) -> None:
    """Carry out a legal Recruit (the card joins the deck on its Few side) or Reinforce."""
    card = action.str_param("unit")
    player = state.players[seat]
    unit = state.game.pack.units[card]
    if action.kind == "recruit":
        player.resources.pay(discounted(state, seat, cost_of(unit.recruit), spend=True))
        player.units.append(Troop(card, "few"))
        state.events.append("recruited", {"seat": seat, "unit": card})
        return
    player.resources.pay(discounted(state, seat, reinforce_cost(state, card), spend=True))
    reinforce(state, seat, card)


def reinforce(state: Any, seat: int, card: str) -> None:
    """Flip *seat*'s Few *card* to its Pack side (paid for already)."""
    troop = _few(state, seat, card)
    if troop is not None:
        troop.side = "pack"
        state.events.append("reinforced", {"seat": seat, "unit": card})


def population_candidates(state: Any, seat: int) -> Iterable[Action]:
    """The Recruit and Reinforce candidates of a use of the Population token (none once it is
    used this round: the refusal would say so for each)."""
    if "population" in state.players[seat].used_tokens:
        return iter(())
    return unit_actions(state, seat)


def population_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """The Population token's Recruit/Reinforce as a Town action: the token, then the unit."""
    return token_refusal(state, seat, "population") or unit_refusal(state, seat, action)


def use_population(state: Any, seat: int, action: Action) -> None:
    """Flip the Population token, Recruit or Reinforce, then more (:class:`PopulationStep`)."""
    flip_token(state, seat, "population")
    apply_unit(state, seat, action)
    state.flow.push(PopulationStep(seat=seat))


@dataclass
class PopulationStep(Step[Any]):
    """The rest of one use of the Population token: *seat* Recruits and Reinforces any number
    of units, then is ``done`` (§5.14.2, §5.15). Dropped when nothing more can be paid for
    (resources and units are public)."""

    kind = "population"
    rule = RULE_RECRUIT
    public_kinds = None
    seat: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        yield from unit_actions(state, seat)
        yield DONE

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} is using the Population token")
        if action == DONE:
            return None
        return unit_refusal(state, seat, action)

    def pointless(self, state: Any) -> bool:
        return all(unit_refusal(state, self.seat, a) for a in unit_actions(state, self.seat))

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action == DONE:
            state.flow.pop()
            return
        apply_unit(state, seat, action)


MODES: Mapping[str, str] = {
    "reinforce": "Reinforce one Few unit (an effect's price)",
    "weaken": "flip one Pack unit to Few",
}


def choose_unit(state: Any, seat: int, mode: str, percent: int = 0, tier: str = "") -> None:
    """Push *seat*'s choice of one unit for an effect (:class:`UnitChoiceStep`), unless it has
    no unit to choose."""
    step = UnitChoiceStep(seat=seat, mode=mode, percent=percent, tier=tier)
    if step.options(state):
        state.flow.push(step)


@dataclass
class UnitChoiceStep(Step[Any]):
    """*seat* picks one of its units for an effect: ``reinforce`` (a Few unit of ``tier``, or
    any, for ``percent`` % of its Reinforce cost, no Citadel needed; it may ``decline``) or
    ``weaken`` (a Pack unit flips to Few; no choice of declining)."""

    kind = "unit-choice"
    rule = "homm3.md §5.15 (a unit chosen for an effect)"
    public_kinds = None
    seat: int = 0
    mode: str = "reinforce"
    percent: int = 0
    tier: str = ""

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")

    def actor(self, state: Any) -> int:
        return self.seat

    def options(self, state: Any) -> list[str]:
        """The unit cards the effect may take (in deck order)."""
        units = state.game.pack.units
        if self.mode == "weaken":
            return [t.card for t in state.players[self.seat].units if t.side == "pack"]
        return [
            t.card
            for t in state.players[self.seat].units
            if t.side == "few"
            and (not self.tier or units[t.card].tier == self.tier)
            and reinforce_refusal(state, self.seat, t.card, self.percent, citadel=False) is None
        ]

    def pointless(self, state: Any) -> bool:
        return not self.options(state)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        out = [Action.of("choose-unit", unit=card) for card in self.options(state)]
        return [*out, DECLINE] if self.mode == "reinforce" else out

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action == DECLINE:
            return
        card = action.str_param("unit")
        if self.mode == "weaken":
            troop = next(t for t in state.players[seat].units if t.card == card)
            troop.side = "few"
            state.events.append("weakened", {"seat": seat, "unit": card})
            return
        state.players[seat].resources.pay(reinforce_cost(state, card, self.percent))
        reinforce(state, seat, card)


RULE_SUMMON = "homm3.md §5.14.1, §5.15 (Portal of Summoning: towns.yaml dungeon-faction-building)"


def summon(state: Any, seat: int) -> None:
    """Push *seat*'s Portal of Summoning (:class:`SummonStep`) if a tier deck can be drawn."""
    step = SummonStep(seat=seat)
    if step.tiers(state):
        state.flow.push(step)


@dataclass
class SummonStep(Step[Any]):
    """*seat* draws the top Neutral card of a tier whose Dwelling it may use (``summon
    tier=T``, or ``decline``), then Recruits it at its cost (``recruit-neutral``, Few side)
    or lets it go to that tier's discard pile (``decline``). The card drawn is shown to
    everyone (``summoned``); the deck order stays hidden (neutral_decks.py)."""

    kind = "summon"
    rule = RULE_SUMMON
    public_kinds = None
    seat: int = 0
    card: str = ""
    tier: str = ""

    def actor(self, state: Any) -> int:
        return self.seat

    def tiers(self, state: Any) -> list[str]:
        """The tiers whose Dwelling *seat* may use and whose deck (or discard) has a card."""
        return [
            tier
            for tier, role in TIER_ROLE.items()
            if has_role(state, self.seat, role) and neutral_decks.drawable(state, tier)
        ]

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        if not self.card:
            return [*(Action.of("summon", tier=t) for t in self.tiers(state)), DECLINE]
        unit = state.game.pack.units[self.card]
        cost = cost_of(unit.recruit)
        payable = state.players[seat].resources.can_pay(cost)
        return [Action.of("recruit-neutral"), DECLINE] if payable else [DECLINE]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "summon":
            self.tier = action.str_param("tier")
            self.card = neutral_decks.draw(state, self.tier) or ""
            if not self.card:  # pragma: no cover - tiers() offers drawable tiers only
                state.flow.pop()
                return
            state.events.append("summoned", {"seat": seat, "unit": self.card})
            return
        state.flow.pop()
        if not self.card:
            return
        if action.kind == "recruit-neutral":
            state.players[seat].resources.pay(cost_of(state.game.pack.units[self.card].recruit))
            state.players[seat].units.append(Troop(self.card, "few"))
            state.events.append("recruited", {"seat": seat, "unit": self.card})
        else:
            state.discards[f"neutral-{self.tier}"].append(self.card)
