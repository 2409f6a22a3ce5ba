"""The HoMM3 map board's panels as data (issue 25 §1): the players, the round track, the towns
and the seat's hand, JSON-safe, for views/static/homm3-map-panels.js.

    players(state)        # public, per seat: faction, colour, resources, income, level, army
    round_track(state)    # the round (of the limit), its kind, whose turn, the Astrologers card
    towns_public(state)   # every town: field, faction, owner, buildings built (town.py)
    towns(state, seat)    # the seat's own town panels, each choice with `action` / `refusal`
    hand(state, seat)     # the seat's own hand with card texts and the plays legal now

``panel_actions(towns(...))`` and ``hand_actions(hand(...))`` are the action strings these
panels give a button (each once), for the decision panel to leave out.

Nothing a seat may not know is read for another seat: a hand, a deck and a discard pile are
counts, except the seat's own hand in :func:`hand`. No rule is written here: an ``action`` is
a legal action's string (server/views.py ``entries``), a refusal the rule's own words.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.content.cards import AbilityCard, Artifact, Specialty, Spell, StatCard
from rulekeeper.games.homm3.map import board, economy
from rulekeeper.games.homm3.map import hand as hands
from rulekeeper.games.homm3.map.experience import MAX_LEVEL
from rulekeeper.games.homm3.map.model import RESOURCES
from rulekeeper.games.homm3.views.card_text import text_of
from rulekeeper.games.homm3.views.map_words import (
    RESOURCE_NAMES,
    card_name,
    effects_words,
    faction_name,
    hero_name,
    in_battle,
    location_name,
    place,
    seat_name,
    unit_name,
)
from rulekeeper.games.homm3.views.web_map.tiles import colour_of
from rulekeeper.games.homm3.views.web_map.town import (
    legal_strings,
    panel_actions,
    towns,
    towns_public,
)

__all__ = [
    "CARD_KINDS",
    "hand",
    "hand_actions",
    "panel_actions",
    "players",
    "round_track",
    "towns",
    "towns_public",
]

CARD_KINDS: tuple[tuple[type, str], ...] = (
    (StatCard, "statistic"),
    (AbilityCard, "ability"),
    (Spell, "spell"),
    (Artifact, "artifact"),
    (Specialty, "specialty"),
)
"""A Might & Magic card's kind by its data's type (content/cards.py)."""
KIND_NAMES = {"resource": "Resource round", "astrologers": "Astrologers round"}
MORALE = {1: "Positive", 0: "Neutral", -1: "Negative"}
DURATIONS = {
    "at-once": "at once",
    "until-next-astrologers": "until the next Astrologers card",
    "next-resource-round": "in the next Resource round",
}


# ---------------------------------------------------------------------------- players


def players(state: Any) -> list[JsonObject]:
    """Every seat as all may see it (module doc): never a card of a hand or deck."""
    return [_player(state, player) for player in state.players]


def _player(state: Any, player: Any) -> JsonObject:
    """One seat's public panel."""
    seat = player.seat
    return {
        "seat": seat,
        "name": seat_name(state, seat),
        "faction": player.faction,
        "faction_name": faction_name(player.faction),
        "colour": colour_of(state, seat),
        "hero": player.hero,
        "eliminated": player.eliminated,
        "resources": {n: int(player.resources.amounts.get(n, 0)) for n in RESOURCES},
        "resource_names": dict(RESOURCE_NAMES),
        "income": {n: int(v) for n, v in economy.income(state, seat).items()},
        "level": player.level,
        "experience": player.experience,
        "to_next_level": 0 if player.level >= MAX_LEVEL else 2 - player.experience,
        "morale": player.morale,
        "morale_name": MORALE.get(player.morale, str(player.morale)),
        "hand_count": len(player.hand),
        "hand_limit": hands.hand_limit(state, player),
        "deck_count": len(player.deck),
        "discard_count": len(player.discard),
        "army": [_troop(state, troop) for troop in player.units],
        "heroes": [_hero(state, item) for item in state.heroes if item.seat == seat],
        "places": held(state, seat),
        "cubes": [faction_name(c) for c in player.cubes],
        "homeless_since": player.homeless_since,
    }


def _troop(state: Any, troop: Any) -> JsonObject:
    """A unit card of an army: its name, side (Few/Pack) and tier."""
    unit = state.game.pack.units.get(troop.card)
    return {
        "card": troop.card,
        "name": unit_name(state, troop.card),
        "side": troop.side,
        "side_name": troop.side.capitalize(),
        "tier": str(unit.tier) if unit is not None else "",
    }


def _hero(state: Any, item: Any) -> JsonObject:
    """A hero figure: Main or Secondary, its field and MP left."""
    return {
        "id": item.id,
        "name": hero_name(state, item.id),
        "role": item.role,
        "role_name": "Main" if item.role == "main" else "Secondary",
        "field": item.field,
        "place": place(state, item.field) if item.on_map else "off the map",
        "mp": item.mp,
    }


def held(state: Any, seat: int) -> list[JsonObject]:
    """The towns, mines, settlements and other places *seat*'s faction cube flags."""
    out: list[JsonObject] = [
        {"field": t.field, "kind": "town", "name": f"{faction_name(t.faction)} Town"}
        for t in state.towns
        if t.owner == seat
    ]
    for key in sorted(state.sites):
        site = state.sites[key]
        printed = board.field_at(state, key)
        if site.owner != seat or printed is None or board.town_at(state, key) is not None:
            continue
        name = location_name(state, printed)
        out.append({"field": key, "kind": str(printed.location), "name": name})
    return out


# ---------------------------------------------------------------------------- round track


def round_track(state: Any) -> JsonObject:
    """The round of the limit, its kind, whose turn, the Astrologers card in force and its
    text, the timed events of this round and the next (homm3.md §4.1, §5.21)."""
    track = state.round_track()
    number = state.round
    kinds = [
        name
        for name, found in (("resource", track.is_resource), ("astrologers", track.is_astrologers))
        if number > 0 and found(number)
    ]
    turn = state.players_turn()
    limit = state.rounds_limit()
    return {
        "round": number,
        "limit": limit,
        "kinds": kinds,
        "track": [_round_kinds(track, n) for n in range(1, limit + 1)],
        "kind_name": " and ".join(KIND_NAMES[k] for k in kinds) or "Setting up",
        "income": number > 0 and track.pays_income(number),
        "turn": turn,
        "turn_name": seat_name(state, turn) if turn >= 0 else "",
        "order": list(state.order),
        "astrologers": astrologers_card(state),
        "events": timed_events(state),
        "winners": list(state.winners),
    }


def _round_kinds(track: Any, number: int) -> JsonObject:
    """One space of the round track: its number, kinds and whether it pays income."""
    kinds = [
        k
        for k, found in (("resource", track.is_resource), ("astrologers", track.is_astrologers))
        if found(number)
    ]
    return {"round": number, "kinds": kinds, "income": track.pays_income(number)}


def astrologers_card(state: Any) -> JsonObject | None:
    """The Astrologers Proclaim card in force, with its text made from its effects."""
    card_id = state.astrologers
    card = getattr(state.game.pack, "astrologers", {}).get(card_id) if card_id else None
    if card is None:
        return None
    duration = DURATIONS.get(card.duration, card.duration.replace("-", " "))
    return {
        "card": card_id,
        "name": card.name,
        "duration": card.duration,
        "text": f"{card.name} ({duration}): {effects_words(card.effects)}",
    }


def timed_events(state: Any) -> list[JsonObject]:
    """The scenario's timed events of this round and the next, in words."""
    out: list[JsonObject] = []
    for number in (state.round, state.round + 1):
        if number < 1:
            continue
        for event in state.game.scenario.events_at(number):
            how = "one of: " if event.choose else ""
            said = ", ".join(_event_effect(e) for e in event.effects) or "nothing"
            text = f"{event.who}: {how}{said}"
            out.append({"round": number, "who": event.who, "text": text})
    return out


def _event_effect(effect: Any) -> str:
    """A scenario effect (scenario/model.py ``Effect``) in short words: "gain 5 Gold"."""
    params = ", ".join(
        f"{value} {RESOURCE_NAMES.get(name, name)}" for name, value in effect.params.items()
    )
    return f"{effect.kind.replace('-', ' ')} {params}".strip()


# ---------------------------------------------------------------------------- the hand


def hand(state: Any, seat: int | None) -> JsonObject:
    """*seat*'s own hand (a spectator: {}): each card once with how many are held, its kind,
    generated text (views/card_text.py) and the legal actions that play or use it now (none
    during a fight: the combat board's hand offers those)."""
    if seat is None or not 0 <= seat < len(state.players):
        return {}
    player = state.players[seat]
    legal = {} if in_battle(state) else legal_strings(state, seat)
    cards: list[JsonObject] = []
    for card_id in dict.fromkeys(player.hand):
        actions = [
            {"action": text, "kind": action.kind, "text": state.describe(action)}
            for text, action in legal.items()
            if action.get("card") == card_id
        ]
        cards.append(
            {
                "card": card_id,
                "count": player.hand.count(card_id),
                "name": card_name(state, card_id),
                "kind": card_kind(state, card_id),
                "text": text_of(state.game.pack, card_id),
                "actions": actions,
            }
        )
    return {
        "seat": seat,
        "cards": cards,
        "hand_count": len(player.hand),
        "hand_limit": hands.hand_limit(state, player),
        "deck_count": len(player.deck),
        "discard_count": len(player.discard),
    }


def card_kind(state: Any, card_id: str) -> str:
    """A Might & Magic card's kind: statistic, ability, spell, artifact or specialty."""
    try:
        card = state.game.pack.card(card_id)
    except KeyError:
        return "card"
    return next((name for kind, name in CARD_KINDS if isinstance(card, kind)), "card")


def hand_actions(found: Any) -> list[str]:
    """Every ``action`` string of a :func:`hand` (the decision panel leaves these out, as it
    leaves out :func:`panel_actions`: one button per action on the board)."""
    return [a["action"] for card in found.get("cards") or [] for a in card["actions"]]
