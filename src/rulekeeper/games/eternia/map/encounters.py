"""Brave the Wilds (spec §5.15, standard action): an encounter card in a wild region.

``brave-wilds``: the top encounter card; ``brave-wilds cards=2``: for 1 Eternium the top two,
one chosen (``choose card=X``), the other to the bottom of the deck. A beast is fought in a
wilds combat (combat/encounter.py, a sub-game on this state); beaten by a hero still standing
it may be tamed for its taming cost (spec §5.12). An ally of the hero's faction is acquired for
its cost or shuffled back for 1 Eternium; another faction's ally is fought. A defeated foe or
an acquired ally gives its reward. An event acts at once (events.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.decks import Deck
from rulekeeper.core.flow import Refusal
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Bounds
from rulekeeper.core.rules import Rule
from rulekeeper.core.subgame import HostStep, Seating
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.subgames import WildsSubGame
from rulekeeper.games.eternia.combat.wilds import WildsResult
from rulekeeper.games.eternia.map import defeat, holdings
from rulekeeper.games.eternia.map.gains import gain
from rulekeeper.games.eternia.map.meetings import combat_options
from rulekeeper.games.eternia.map.rewards import reward
from rulekeeper.games.eternia.map.standard import standard_refusal, take
from rulekeeper.games.eternia.map.taming import RULE_TAME, TameChoice

__all__ = ["BRAVE", "ChooseStep", "EncounterStep", "FoeStep", "encounter"]

RULE_WILDS = "spec §5.15 (rulebook p.13): Brave the Wilds"
ACTION = "brave-wilds"


def _draw(state: Any, count: int) -> list[str]:
    pile = Deck.over(state.decks["encounters"], state.discards["encounters"])
    cards, _ = pile.draw_reshuffling(count, state.rng)
    return cards


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    yield Action.of(ACTION)
    yield Action.of(ACTION, cards=2)


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    found = standard_refusal(state, seat, ACTION)
    if found is not None:
        return found
    hero = state.heroes[state.turn().hero]
    if not state.board.is_wild(hero.area):
        return (RULE_WILDS, f"{hero.area} is not a wild region")
    cards = action.get("cards", 1)
    if cards not in (1, 2):
        return (RULE_WILDS, "one card, or two for 1 Eternium")
    if cards == 2 and state.teams[hero.team].eternium < 1:
        return (RULE_WILDS, "drawing two encounter cards costs 1 Eternium")
    deck = len(state.decks["encounters"]) + len(state.discards["encounters"])
    if deck < (2 if cards == 2 else 1):
        return (RULE_WILDS, "the encounter deck has no card left")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    take(state, ACTION)
    index = state.turn().hero
    hero = state.heroes[index]
    if action.get("cards", 1) == 2:
        state.teams[hero.team].pool.lose({"eternium": 1})
        cards = _draw(state, 2)
        state.events.append("encounters-drawn", {"hero": hero.id, "count": len(cards)})
        state.flow.push(ChooseStep(hero=index, cards=cards))
        return
    encounter(state, index)


def encounter(state: Any, index: int) -> None:
    """Hero *index* draws the top encounter card and resolves it (none left: nothing)."""
    cards = _draw(state, 1)
    if cards:
        state.flow.push(EncounterStep(hero=index, card=cards[0]))


BRAVE = Rule((ACTION,), _candidates, _refusal, _apply)


@dataclass
class ChooseStep(Step[Any]):
    """Hero *hero* drew two encounter cards: one is resolved, the other goes to the bottom."""

    kind = "choose-encounter"
    rule = RULE_WILDS
    public_kinds = frozenset()
    hero: Annotated[int, Bounds(0, 8)] = 0
    cards: list[str] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.cards is None:
            self.cards = []

    def actor(self, state: Any) -> int:
        return int(state.controller_of(self.hero))

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for card in dict.fromkeys(self.cards):
            yield Action.of("choose", card=card)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return list(self.candidates(state, seat)) if seat == self.actor(state) else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.actor(state) or action not in self.legal(state, seat):
            return (self.rule, "the hero's player chooses one of the two cards drawn")
        return None

    def secret_words(self, state: Any, action: Action) -> str:
        return "chooses one of the two encounter cards"

    def apply(self, state: Any, action: Action, seat: int) -> None:
        card = str(action.get("card"))
        other = [c for c in self.cards if c != card] or self.cards[1:]
        state.flow.pop()
        for rest in other:
            Deck.over(state.decks["encounters"], state.discards["encounters"]).put_on_bottom(rest)
        state.flow.push(EncounterStep(hero=self.hero, card=card))


def _boons(state: Any, hero: int) -> list[str]:
    """The map spells hero *hero* cast this turn (casting.py), for its wilds combat."""
    turn = state.turn()
    return list(turn.boons) if turn is not None and turn.hero == hero else []


def _free(state: Any) -> bool:
    """Whether the Free Heroes variant is played: any ally may be befriended or fought (§3.4
    item 1, §9.8)."""
    return bool(state.game.options.get("free_heroes"))


@dataclass
class EncounterStep(Step[Any]):
    """Hero *hero* resolves encounter card *card* (see module doc). ``stage``: ``show`` (the
    card is revealed and sorted), ``ally`` (a loyal ally: ``acquire`` or ``shuffle-back``)."""

    kind = "encounter"
    rule = RULE_WILDS
    public_kinds = frozenset({"acquire", "shuffle-back", "fight"})
    hero: Annotated[int, Bounds(0, 8)] = 0
    card: str = ""
    stage: str = "show"

    def actor(self, state: Any) -> int:
        return -3 if self.stage == "show" else int(state.controller_of(self.hero))

    def run(self, state: Any) -> None:
        hero = state.heroes[self.hero]
        pack = state.pack
        state.events.append("encounter", {"hero": hero.id, "card": self.card})
        if self.card in pack.allies and (
            pack.allies[self.card].loyalty == state.teams[hero.team].faction or _free(state)
        ):
            self.stage = "ally"
            return
        if self.card in pack.allies or self.card in pack.beasts:
            state.flow.pop()
            state.flow.push(FoeStep(hero=self.hero, card=self.card))
            return
        state.flow.pop()
        state.resolve_event(self.hero, self.card)

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        yield Action.of("acquire")
        yield Action.of("shuffle-back")
        yield Action.of("fight")

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [a for a in self.candidates(state, seat) if self.refusal(state, seat, a) is None]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.actor(state):
            return (self.rule, "the hero's player decides")
        if action.kind == "shuffle-back":
            return None
        if action.kind == "fight":
            return (
                None if _free(state) else (self.rule, "an ally of the team's faction is not fought")
            )
        if action.kind != "acquire":
            return (self.rule, "acquire the ally, or shuffle it back for 1 Eternium")
        cost = state.pack.allies[self.card].cost
        team = state.teams[state.heroes[self.hero].team]
        if team.eternium < cost:
            return (self.rule, f"the ally costs {cost} Eternium; the team has {team.eternium}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        hero = state.heroes[self.hero]
        team = state.teams[hero.team]
        ally = state.pack.allies[self.card]
        if action.kind == "fight":  # Free Heroes: the ally treated as an enemy (§9.8)
            state.flow.push(FoeStep(hero=self.hero, card=self.card))
            return
        if action.kind == "shuffle-back":
            team.pool.gain({"eternium": 1})
            state.decks["encounters"].append(self.card)
            state.rng.shuffle(state.decks["encounters"])
            state.events.append("ally-shuffled-back", {"hero": hero.id, "card": self.card})
            return
        team.pool.lose({"eternium": ally.cost})
        state.events.append("ally-acquired", {"hero": hero.id, "card": self.card})
        gain(state, self.hero, self.card)
        reward(state, self.hero, ally.reward, self.card)


@dataclass
class FoeStep(TameChoice, HostStep[Any, WildsResult]):
    """Hero *hero* fights encounter card *card* in a wilds combat (spec §5.8); then, a beast
    beaten by a hero still standing, ``tame`` or ``pass`` (spec §5.12)."""

    kind = "foe"
    rule = RULE_TAME
    result_type = WildsResult
    public_kinds = frozenset({"tame", "pass"})
    hero: Annotated[int, Bounds(0, 8)] = 0
    card: str = ""
    stage: str = "fight"

    def actor(self, state: Any) -> int:
        return -3 if self.stage == "fight" else int(state.controller_of(self.hero))

    def run(self, state: Any) -> None:
        doc: JsonObject = {
            "format": "eternia-combat",
            "version": 1,
            "combat": "wilds",
            "options": combat_options(state),
            "active": {
                "hero": state.heroes[self.hero].id,
                "faction": state.teams[state.heroes[self.hero].team].faction,
                "seat": state.controller_of(self.hero),
                "damage": state.heroes[self.hero].damage,
                "held": holdings.held(state.heroes[self.hero]),
                "boons": _boons(state, self.hero),
            },
            "defender": {"encounter": self.card},
        }
        self.stage = "fighting"
        seating = Seating.alone(max(2, state.num_players), decider=state.controller_of(self.hero))
        self.play(state, WildsSubGame(doc, "wilds"), seating)

    def take(self, state: Any, result: WildsResult) -> None:
        hero = state.heroes[self.hero]
        state.epic = Epic(fighters=[])
        hero.damage = min(hero.damage + result.hero_damage, holdings.health(state, hero))
        card = state.pack.beasts.get(self.card) or state.pack.allies.get(self.card)
        state.events.append(
            "wilds-combat",
            {
                "hero": hero.id,
                "card": self.card,
                "won": result.foe_defeated,
                "hp_lost": result.hero_damage,
            },
        )
        tame = result.may_tame and self.card in state.pack.beasts and not result.hero_defeated
        if tame:
            self.stage = "tame"
        else:
            state.flow.pop()
            state.discard("encounters", self.card)
        if result.reward and card is not None:
            reward(state, self.hero, card.reward, self.card)  # (may push a step above)
        if result.hero_defeated:
            defeat.defeat(state, self.hero)

    def beast_card(self) -> str:
        return self.card

    def taming_cost(self, state: Any) -> int:
        return int(state.pack.beasts[self.card].taming_cost or 0)

    def passed(self, state: Any) -> None:
        state.discard("encounters", self.card)
