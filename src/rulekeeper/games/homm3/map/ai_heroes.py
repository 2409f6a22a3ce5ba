"""AI heroes on the map (homm3.md §5.24; docs/homm3.md "Solo and co-op").

An AI hero of a solo or co-op scenario has no seat, town board, resources or hero card: its
units are the scenario's, its AI deck is drawn at setup from the AI cards by the scenario's
counts of each type (the variants chosen at random, [EXT] the community rewrite's AI rules)
and kept hidden from every seat, beside its Spell deck. The rules move it (ai_movement.py) and
fight it (ai_fights.py). What it does to a field it enters is here: it beats any neutral
units there at once (§5.24.2), flags a mine or settlement and takes a town nobody defends for
the AI (at a Settlement it takes the reward the player chooses for it, §9.13:
:class:`AiRewardStep`), and leaves a black cube on a one-time location; it gains nothing else
from any field ([EXT] the rewrite: "they gain no benefits from any fields").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import hex_key
from rulekeeper.games.homm3.map import board, visiting
from rulekeeper.games.homm3.map.model import AI_SEAT, MAIN, AiHero, Troop

__all__ = [
    "AI_EVENTS",
    "AiRewardStep",
    "active",
    "ai_hero",
    "enter_field",
    "players_heroes",
    "set_up",
    "team_seats",
]

RULE_AI = "homm3.md §5.24.2 (AI movement, rulebook p. 33)"
RULE_NEUTRALS = "homm3.md §5.24.2: the AI automatically wins all combats against neutral units"
AI_EVENTS = (
    "ai-hero-moves",
    "ai-flags",
    "ai-captures",
    "ai-beats-neutrals",
    "ai-visits",
    "ai-reveals",
    "ai-stays",
    "ai-reward",
    "ai-hero-defeated",
)
"""The events the AI heroes' steps log (each with the rule that chose it where one did)."""
FLAGGED = ("mine", "settlement")
"""The locations an AI hero flags by entering them (§5.24.2 step 2)."""


def _ai_deck(state: Any, counts: Any) -> list[str]:
    """The AI deck: per card type its count of cards, drawn from the AI cards of that type
    (each printed copy once); None counts: the whole AI deck. Shuffled by the state's stream."""
    cards = state.game.pack.ai_cards
    if counts is None:
        deck = [c.id for c in cards.values() for _ in range(c.copies)]
    else:
        deck = []
        for kind, count in counts.items():
            pool = [c.id for c in cards.values() if c.card_type == kind for _ in range(c.copies)]
            state.rng.shuffle(pool)
            deck.extend(pool[:count])
    state.rng.shuffle(deck)
    return deck


def set_up(state: Any) -> None:
    """The scenario's AI heroes on their start fields, their decks drawn and shuffled."""
    state.ai_heroes, state.triggered = [], []
    for spec in state.game.scenario.ai_heroes:
        spells = list(spec.spells)
        state.rng.shuffle(spells)
        state.ai_heroes.append(
            AiHero(
                id=spec.id,
                name=spec.name,
                faction=spec.faction,
                field=hex_key(spec.start),
                units=[Troop(card, side) for card, side in spec.armies[state.difficulty]],
                ai_deck=_ai_deck(state, spec.deck),
                spells=spells,
                skill=spec.skill,
                difficulty=spec.difficulty,
            )
        )


def ai_hero(state: Any, ident: str) -> AiHero | None:
    """The AI hero called *ident* (None: there is none)."""
    return next((a for a in state.ai_heroes if a.id == ident), None)


def active(state: Any) -> Iterator[AiHero]:
    """The AI heroes still on the map."""
    return (a for a in state.ai_heroes if a.on_map)


def at_field(state: Any, key: str) -> AiHero | None:
    """The AI hero standing on *key* (the first, if several share it)."""
    return next((a for a in active(state) if a.field == key), None)


def team_seats(state: Any) -> list[int]:
    """The seats still playing (every seat is on the one team in solo and co-op)."""
    return [p.seat for p in state.players if not p.eliminated]


def players_heroes(state: Any) -> list[Any]:
    """The players' heroes on the map."""
    return [h for h in state.heroes if h.on_map]


def decider(state: Any) -> int:
    """The seat that breaks the ties the AI rules leave open (§5.24.1, §9.13): the player in
    solo; in co-op the first seat in turn order still playing (our reading, docs/homm3.md)."""
    standing = set(team_seats(state))
    return int(next((seat for seat in state.order if seat in standing), state.order[0]))


def enter_field(state: Any, item: AiHero, key: str) -> None:
    """What the AI hero entering *key* does to it (module doc); a town is taken when no hero
    defends it (a hero there is fought first, ai_movement.py)."""
    printed = board.field_at(state, key)
    town = board.town_at(state, key)
    if town is not None and town.owner != AI_SEAT:
        before = town.owner
        town.owner = AI_SEAT
        state.events.append("ai-captures", {"hero": item.id, "field": key, "from": before})
        return
    if printed is None:
        return
    site = state.sites.get(key)
    guarded = printed.difficulty > 0 and not (site and (site.visited or site.flagged_before))
    rules = state.game.scenario
    if printed.location in FLAGGED and rules.rule("ai-flags"):
        site = board.touch(state, key)
        if site.owner != AI_SEAT:
            before = site.owner
            site.owner, site.flagged_before, site.reward = AI_SEAT, True, ""
            state.events.append("ai-flags", {"hero": item.id, "field": key, "from": before})
            if printed.location == "settlement":  # §9.13: the player chooses its reward
                state.flow.push(AiRewardStep(seat=decider(state), hero=item.id, field=key))
        return
    if guarded:
        board.touch(state, key).visited = True
        state.events.append("ai-beats-neutrals", {"hero": item.id, "field": key})
        return
    if rules.rule("ai-visits") and _one_time(state, printed) and not (site and site.visited):
        board.touch(state, key).visited = True
        state.events.append("ai-visits", {"hero": item.id, "field": key})


def _one_time(state: Any, printed: Any) -> bool:
    location = state.game.pack.locations.get(printed.location)
    return location is not None and visiting.category(state, location) == "one-time"


def main_heroes(state: Any) -> list[Any]:
    """The players' Main Heroes on the map."""
    return [h for h in state.heroes if h.on_map and h.role == MAIN]


REWARDS = ("gold", "materials", "valuables", "reinforce")
"""A Settlement's rewards (§5.5): an income, or a reinforcement (locations.yaml)."""


def reinforce(item: AiHero, pack: Any) -> str:
    """A Settlement's first reinforcement for an AI hero: its first Few Bronze or Silver unit
    with a Pack side turns to it, free (§5.5, §9.5); the card ("": none could)."""
    for troop in item.units:
        card = pack.units.get(troop.card)
        few = troop.side == "few" and card is not None and card.two_sided
        if few and card.tier in ("bronze", "silver"):
            troop.side = "pack"
            return str(troop.card)
    return ""


@dataclass
class AiRewardStep(Step[Any]):
    """The player chooses the reward the AI hero takes at the Settlement it flagged (§9.13):
    an income (nothing to the AI, which has no resources) or the reinforcement of one of its
    Few Bronze or Silver units."""

    kind = "ai-reward"
    rule = (
        "homm3.md §9.13 (AI movement: at a settlement the AI takes the reward the player chooses)"
    )
    public_kinds = frozenset({"ai-reward"})
    seat: int = 0
    hero: str = ""
    field: str = ""

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [Action.of("ai-reward", reward=name) for name in REWARDS]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action.kind != "ai-reward" or action.get("reward") not in REWARDS:
            return (self.rule, f"choose the Settlement's reward for the AI: {', '.join(REWARDS)}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        reward = action.str_param("reward")
        item = ai_hero(state, self.hero)
        board.touch(state, self.field).reward = "" if reward == "reinforce" else reward
        flipped = reinforce(item, state.game.pack) if item and reward == "reinforce" else ""
        state.events.append(
            "ai-reward", {"hero": self.hero, "field": self.field, "reward": reward, "unit": flipped}
        )
