"""A skirmish's own rules (spec §5.18): Train, Acquire a Mount, where a defeated hero goes.

``train card=plus-2`` (free action, 3 Eternium) or ``train card=ID``, a special combat card
of the team's supply (5 Eternium): the card goes from the supply into the deck, then the owner
removes a card of the deck (it stays at 21, A-15). ``acquire-mount`` (standard action, 2
Eternium): the top epic beast of the skirmish's mount deck (the tameable epic beasts, §3.4
item 8) is fought; beaten, it gives its rewards but no VP and may be tamed, otherwise it is
shuffled back. A defeated hero goes to an outpost of its team's deployment zone not next to a
wild region with enemies, else to a location with a friendly hero, else to an area at least 3
areas from every enemy hero (§5.18.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map.outposts import enemies_in
from rulekeeper.games.eternia.map.quests import fight_beast
from rulekeeper.games.eternia.map.rewards import into_deck, is_kind
from rulekeeper.games.eternia.map.standard import standard_refusal, take

__all__ = ["MOUNT", "RULES", "TRAIN", "defeat_place"]

RULE_TRAIN = "spec §5.18.3 (rulebook p.34): Train, a free action"
RULE_MOUNT = "spec §5.18.3 (rulebook p.34): Acquire a Mount, a standard action"
RULE_PLACE = "spec §5.18.2 (rulebook p.34): a defeated hero in a skirmish"
PLUS_2 = "plus-2"


def _price(state: Any, card: str) -> int | None:
    """What training *card* costs: a +2 card 3, a special card 5; None: not trainable."""
    if card == PLUS_2:
        return int(state.number("train_plus_2"))
    found = state.pack.combat_cards.get(card)
    if found is not None and is_kind(found, "special"):
        return int(state.number("train_special"))
    return None


def _supply_card(state: Any, team: int, card: str) -> str | None:
    """The supply's copy of *card* (``plus-2``: any +2 card), or None."""
    for held in state.teams[team].supply:
        name = held.partition("#")[0]
        if name == card or (card == PLUS_2 and is_kind(state.pack.combat_cards[name], PLUS_2)):
            return str(held)
    return None


def _train_candidates(state: Any, seat: int) -> Iterable[Action]:
    turn = state.turn()
    if turn is None or not state.skirmish():
        return
    yield Action.of("train", card=PLUS_2)
    team = state.teams[state.heroes[turn.hero].team]
    for card in dict.fromkeys(c.partition("#")[0] for c in team.supply):
        if is_kind(state.pack.combat_cards[card], "special"):
            yield Action.of("train", card=card)


def _train_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    if not state.skirmish():
        return (RULE_TRAIN, "Train is a skirmish action (spec §5.18)")
    turn = state.turn()
    if turn is None or turn.over or seat != state.controller_of(turn.hero):
        return (RULE_TRAIN, "a hero trains during its own turn")
    if "train" in turn.free:
        return (RULE_TRAIN, "a free action is taken at most once a turn (spec §4.3)")
    card = str(action.get("card"))
    cost = _price(state, card)
    if cost is None:
        return (RULE_TRAIN, "train a +2 card (card=plus-2) or a special combat card")
    team = state.heroes[turn.hero].team
    if _supply_card(state, team, card) is None:
        return (RULE_TRAIN, f"the team's supply has no {card} card")
    if state.teams[team].eternium < cost:
        return (RULE_TRAIN, f"training {card} costs {cost} Eternium")
    return None


def _train_apply(state: Any, seat: int, action: Action) -> None:
    turn = state.turn()
    turn.free.append("train")
    team = state.heroes[turn.hero].team
    card = str(action.get("card"))
    state.teams[team].pool.lose({"eternium": int(_price(state, card) or 0)})
    held = _supply_card(state, team, card)
    assert held is not None
    state.events.append("trained", {"team": team, "card": held.partition("#")[0]})
    into_deck(state, turn.hero, held)


TRAIN = Rule(("train",), _train_candidates, _train_refusal, _train_apply)


def _mount_candidates(state: Any, seat: int) -> Iterable[Action]:
    if state.skirmish():
        yield Action.of("acquire-mount")


def _mount_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    if not state.skirmish():
        return (RULE_MOUNT, "Acquire a Mount is a skirmish action (spec §5.18)")
    found = standard_refusal(state, seat, "acquire-mount")
    if found is not None:
        return found
    team = state.heroes[state.turn().hero].team
    cost = state.number("mount_cost")
    if state.teams[team].eternium < cost:
        return (RULE_MOUNT, f"acquiring a mount costs {cost} Eternium")
    if not state.decks["mounts"]:
        return (RULE_MOUNT, "no epic beast is left in the skirmish's deck")
    return None


def _mount_apply(state: Any, seat: int, action: Action) -> None:
    take(state, "acquire-mount")
    index = state.turn().hero
    state.teams[state.heroes[index].team].pool.lose({"eternium": state.number("mount_cost")})
    fight_beast(state, index, state.decks["mounts"].pop(), "mount")


MOUNT = Rule(("acquire-mount",), _mount_candidates, _mount_refusal, _mount_apply)
RULES = (TRAIN, MOUNT)


def defeat_place(state: Any, index: int) -> str:
    """Where a defeated hero goes in a skirmish (§5.18.2; among several: the map's order)."""
    hero = state.heroes[index]
    board = state.board
    for area in state.zone_areas(hero.team):
        if not board.is_outpost(area):
            continue
        near = board.paths_from(area)
        if not any(board.is_wild(a) and enemies_in(state, a, hero.team) for a in near):
            return str(area)
    for other in state.heroes:
        if other.team == hero.team and other is not hero:
            return str(other.area)
    enemies = [h.area for h in state.heroes if h.team != hero.team]
    for area in board.areas:
        if all(board.distance(area, e) >= 3 for e in enemies):
            return str(area)
    return str(state.zone_areas(hero.team)[0])
