"""Rewards and other effects on the map (spec §5.14, §5.21): an ability's effects carried out
for a hero and its team outside combat.

Kinds: ``gain-eternium``, ``gain-vp``, ``heal`` (the hero), ``gain-combat-card`` (a card of
that kind from the team's supply into its deck, then the owner removes a card of its choice
from the deck, which stays at 21, spec §5.6.1, A-15: removed from the game). Other kinds act
in combat only and are skipped here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.content.effects import Ability
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.placing import PlaceStep

__all__ = ["MAP_EFFECTS", "RemoveCardStep", "into_deck", "is_kind", "reward", "reward_kinds"]

RULE_DECK = "spec §5.6.1, A-15 (rulebook p.18): the combat deck stays at 21 cards"


def _lose_eternium(state: Any, hero: int, amount: int) -> None:
    team = state.teams[state.heroes[hero].team]
    team.pool.lose({"eternium": min(amount, team.eternium)})


def _heal_all(state: Any, hero: int, amount: int) -> None:
    for found in state.heroes:
        found.damage -= min(found.damage, amount)


def _hurt_in_wilds(state: Any, hero: int, amount: int) -> None:
    """Every hero in a wild area loses *amount* HP, never below 1."""
    for found in state.heroes:
        if state.board.is_wild(found.area):
            left = holdings.hp(state, found)
            found.damage += max(0, min(amount, left - 1))


def _place(what: str) -> Callable[[Any, int, int], None]:
    """A placement the hero's player chooses area by area (placing.py)."""

    def push(state: Any, hero: int, amount: int) -> None:
        team = state.heroes[hero].team
        seat = state.controller_of(hero)
        state.flow.push(PlaceStep(team=team, seat=seat, what=what, left=max(1, amount)))

    return push


def _draw_encounter(state: Any, hero: int, amount: int) -> None:
    state.encounter_for(hero)


def _refresh_offers(state: Any, hero: int, amount: int) -> None:
    for kind in list(state.offers):
        state.refresh_offer(kind)


def _extra_action(state: Any, hero: int, amount: int) -> None:
    turn = state.turn()
    if turn is not None and turn.hero == hero:
        turn.extra += 1


def _remove_vines(state: Any, hero: int, amount: int) -> None:
    state.vines.clear()


EVENT_EFFECTS: Mapping[str, Callable[[Any, int, int], None]] = {
    "lose-eternium": _lose_eternium,
    "heal-all": _heal_all,
    "damage-heroes-in-wilds": _hurt_in_wilds,
    "place-soldiers": _place("soldier"),
    "remove-soldiers": _place("recall"),
    "spread-vines": _place("vine"),
    "draw-encounter": _draw_encounter,
    "refresh-offers": _refresh_offers,
    "extra-action": _extra_action,
    "remove-vines": _remove_vines,
}
"""The map-only effect kinds of events, the boss and missions (content/effects.py)."""
MAP_EFFECTS = ("gain-eternium", "gain-vp", "heal", "gain-combat-card", *EVENT_EFFECTS)
"""The effect kinds this module carries out on the map."""


def reward(state: Any, hero: int, ability: Ability, source: str) -> None:
    """Carry out *ability*'s map effects for hero *hero* (its card *source*)."""
    found = state.heroes[hero]
    team = state.teams[found.team]
    for effect in ability.effects:
        kind = effect.kind
        amount = int(getattr(effect, "amount", 0))
        if kind == "gain-eternium":
            team.pool.gain({"eternium": amount})
        elif kind == "gain-vp":
            state.score_vp(found.team, amount, source)
        elif kind == "heal":
            found.damage -= min(found.damage, amount)
        elif kind == "gain-combat-card":
            _combat_card(state, hero, str(getattr(effect, "card", "")))
        elif kind in EVENT_EFFECTS:
            EVENT_EFFECTS[kind](state, hero, amount)
        else:
            continue
        state.events.append("reward", {"hero": found.id, "source": source, "effect": kind})


def reward_kinds(state: Any, hero: int, rewards: list[str], source: str) -> None:
    """The rewards an epic combat handed back as ``kind:card`` words beside its Eternium and VP
    (combat/outcome.py): the combat cards gained."""
    for word in rewards:
        kind, _, card = word.partition(":")
        if kind != "gain-combat-card":
            continue
        _combat_card(state, hero, card)
        state.events.append(
            "reward", {"hero": state.heroes[hero].id, "source": source, "effect": kind}
        )


def _combat_card(state: Any, hero: int, kind: str) -> None:
    """A combat card of *kind* (plus-2, plus-3, special) from the supply into the deck."""
    team = state.teams[state.heroes[hero].team]
    pack = state.pack
    for card in team.supply:
        if is_kind(pack.combat_cards[card.partition("#")[0]], kind):
            into_deck(state, hero, card)
            return


def into_deck(state: Any, hero: int, card: str) -> None:
    """The supply's *card* goes into hero *hero*'s team's deck; its owner then removes one
    (the deck stays at 21, A-15)."""
    team = state.teams[state.heroes[hero].team]
    team.supply.remove(card)
    team.deck.append(card)
    state.flow.push(RemoveCardStep(team=state.heroes[hero].team, seat=state.controller_of(hero)))


def is_kind(card: Any, kind: str) -> bool:
    """Whether a combat card is of reward kind *kind* (plus-2, plus-3 or special)."""
    if kind == "special":
        return bool(card.kind != "modifier")
    return bool(card.kind == "modifier" and f"plus-{card.value}" == kind)


@dataclass
class RemoveCardStep(Step[Any]):
    """*team*'s deck holds 22 cards: *seat* removes one from the game (A-15)."""

    kind = "remove-card"
    rule = RULE_DECK
    public_kinds = frozenset({"remove"})
    team: Annotated[int, Bounds(0, 2)] = 0
    seat: Annotated[int, Bounds(0, 63)] = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for card in dict.fromkeys(c.partition("#")[0] for c in state.teams[self.team].deck):
            yield Action.of("remove", card=card)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return list(self.candidates(state, seat)) if seat == self.seat else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} chooses the card removed")
        if action not in self.legal(state, seat):
            return (self.rule, "remove one of the deck's cards")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        deck = state.teams[self.team].deck
        card = str(action.get("card"))
        deck.remove(next(c for c in deck if c.partition("#")[0] == card))
        state.events.append("card-removed", {"team": self.team, "card": card})
        state.flow.pop()
