"""The map game's actions and things in words (issue 24 §5): for the menu, the log and ``why``
(``MapState.describe``).

Heroes, factions, places, cards, units, tiles and buildings are named, never shown by id; a
field is written ``(q,r)`` (the form a person may type: ``move 4,-2``) with what lies there.
During a fight the combat's own words are used (views/words.py). An action kind this module
does not know yet (the rules are still growing) is told as its kind with every id in it named.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.games.homm3.map import geometry
from rulekeeper.games.homm3.map.fights import FIGHT_STEPS
from rulekeeper.games.homm3.map.model import AI_SEAT
from rulekeeper.games.homm3.map.setup import StartRotationStep
from rulekeeper.games.homm3.views import words as battle_words

__all__ = [
    "RESOURCE_NAMES",
    "ai_hero_of",
    "building_name",
    "card_name",
    "choice_words",
    "cost_words",
    "describe",
    "effect_words",
    "effects_words",
    "face_words",
    "faction_name",
    "field_name",
    "hero_name",
    "in_battle",
    "location_name",
    "odds_words",
    "place",
    "seat_name",
    "start_rotation_words",
    "tile_words",
    "unit_name",
]

RESOURCE_NAMES: Mapping[str, str] = {
    "gold": "Gold",
    "materials": "Building Materials",
    "valuables": "Valuables",
}
"""The three resources as the rulebook names them (homm3.md §5.13.1)."""
SHORT_RESOURCES: Mapping[str, str] = {"gold": "G", "materials": "BM", "valuables": "V"}
"""The resources as the board abbreviates them (homm3.md §5.5: "5 G", "2 BM", "1 V")."""
KIND_NAMES: Mapping[str, str] = {
    "starting": "Starting",
    "far": "Far",
    "near": "Near",
    "center": "Center",
}
"""The kinds of map tile (the back of a face-down tile shows its kind, §5.1)."""
PLAIN: Mapping[str, str] = {
    "end-turn": "end your turn",
    "draw": "draw up to your hand limit",
    "keep": "keep your hand as it is",
    "done": "done",
    "pass": "pass",
    "decline": "decline",
    "no-transport": "do not defend: the place is captured without a fight",
    "take-discard": "take the top card of the discard pile",
    "done-trading": "done trading",
    "discard-card": "discard the card",
    "use": "use it",
    "morale-draw": "spend Positive Morale to draw a card",
    "morale-cycle": "spend Positive Morale to discard and draw cards",
}
"""Map actions without a parameter, in words."""


PHRASES: Mapping[str, str] = {
    "roll-dice": "roll {dice} dice, resolve one",
    "remove-card": "Remove a card from your hand",
    "peek-deck": "look at the top {amount} of the {deck} deck, take one",
    "recover-discard": "take back one of your top {amount} discards",
    "reveal-tile": "reveal a face-down tile nearby",
    "trade": "trade resources",
    "morale": "a {sign} Morale token",
    "income-now": "its income at once",
}
"""Effects of the content's vocabularies (locations.py, board.py) said in a phrase."""


def faction_name(faction: object) -> str:
    """A faction by name: "Castle"."""
    return str(faction).replace("-", " ").title()


def seat_name(state: Any, seat: object) -> str:
    """A seat by its faction: "Castle" (the AI heroes' side: "the AI"; a seat the game does
    not have: "player N")."""
    if isinstance(seat, int) and 0 <= seat < len(state.players):
        return faction_name(state.players[seat].faction)
    if seat == AI_SEAT:
        return "the AI"
    return f"player {seat}"


def hero_name(state: Any, hero_id: object) -> str:
    """A hero by name: "Catherine" (an AI hero by its scenario's name)."""
    found = state.game.pack.heroes.get(str(hero_id))
    if found is not None:
        return str(found.name)
    ai = ai_hero_of(state, hero_id)
    return str(ai.name) if ai is not None else str(hero_id)


def ai_hero_of(state: Any, hero_id: object) -> Any:
    """The AI hero called *hero_id* (None: no AI hero is)."""
    return next((a for a in getattr(state, "ai_heroes", ()) if a.id == hero_id), None)


def card_name(state: Any, card_id: object) -> str:
    """A Might & Magic card, a unit card or an Astrologers Proclaim card by name."""
    pack = state.game.pack
    text = str(card_id)
    try:
        return str(pack.card(text).name)
    except KeyError:
        pass
    if text in pack.units or text == pack.tower.id:
        return str(pack.unit(text).name)
    astrologers = getattr(pack, "astrologers", {})
    if text in astrologers:
        return str(astrologers[text].name)
    return text


def unit_name(state: Any, card_id: object) -> str:
    """A unit card by name: "Griffins"."""
    try:
        return str(state.game.pack.unit(str(card_id)).name)
    except KeyError:
        return str(card_id)


def building_name(state: Any, building: object, faction: str = "") -> str:
    """A town building (id or role) by name: "Towers"."""
    towns = getattr(state.game.pack, "towns", {})
    text = str(building)
    factions = [faction] if faction in towns else list(towns)
    if not faction:
        factions = [f for f in towns if text.startswith(f"{f}-")] or factions
    for name in factions:
        try:
            return str(towns[name].building(text).name)
        except (KeyError, ValueError, StopIteration):
            continue
    return text.replace("-", " ")


def face_words(face: object) -> str:
    """A Resource or Treasure die face ("3-gold") in words: "3 Gold"."""
    amount, _, what = str(face).partition("-")
    if amount.isdigit() and what in RESOURCE_NAMES:
        return cost_words({what: int(amount)})
    return str(face).replace("-", " ")


def cost_words(cost: Mapping[str, int]) -> str:
    """A price: "5 Gold, 3 Building Materials and 1 Valuables" ("nothing" when free)."""
    parts = [
        f"{amount} {RESOURCE_NAMES.get(name, name)}" for name, amount in cost.items() if amount
    ]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def short_cost(cost: Mapping[str, int]) -> str:
    """A price as the board writes it: "5 G 3 BM 1 V" ("free")."""
    parts = [
        f"{amount} {SHORT_RESOURCES.get(name, name)}" for name, amount in cost.items() if amount
    ]
    return " ".join(parts) or "free"


def location_name(state: Any, printed: Any) -> str:
    """What a printed field (content MapField) holds: "Gold Mine", "Castle Town", "Water
    Wheel", "empty"."""
    location = printed.location
    if location == "mine" and printed.resource:
        return f"{RESOURCE_NAMES[printed.resource]} Mine"
    if location in ("town", "settlement") and printed.faction:
        return f"{faction_name(printed.faction)} {location.capitalize()}"
    if location == "empty":
        return "empty"
    found = state.game.pack.locations.get(location)
    name = str(found.name) if found is not None else location.replace("-", " ")
    if printed.dice:
        name += f" ({printed.dice} {'die' if printed.dice == 1 else 'dice'})"
    return name


def field_name(state: Any, key: str) -> str:
    """What lies on board field *key* as a seat may see it: its location (face-up tiles), "a
    face-down tile", or "no tile"."""
    if not _is_key(key):
        return "no field"
    printed = _printed(state, key)
    if printed is not None:
        return location_name(state, printed)
    return "a face-down tile" if _face_down_at(state, key) else "no tile"


def place(state: Any, key: object) -> str:
    """A field as a person types it, with what it holds: "(-4,1) Gold Mine"."""
    text = str(key)
    if not text:
        return "off the map"
    if not _is_key(text):
        return text
    return f"({text}) {field_name(state, text)}"


def tile_words(state: Any, tile_id: object) -> str:
    """A map tile by id and kind: "N3 (Near)"."""
    tile = state.game.pack.tiles.get(str(tile_id))
    if tile is None:
        return str(tile_id)
    return f"{tile.id} ({KIND_NAMES.get(tile.kind, tile.kind)})"


def odds_words(odds: Any, against: str) -> str:
    """A fight's odds before the move (map/fight_odds.py ``FightOdds``): "odds: about 72% to
    win (between 47% and 88%; 8 simulated battles, greedy play on both sides; the enemy's
    hand dealt at random)", then the losses and the units lost on average."""
    hidden = {
        "neutral": "the neutral units drawn at random from what the tier decks may hold",
    }.get(against, "the enemy's hand and deck dealt at random")
    head = (
        f"odds: about {round(odds.share * 100)}% to win (between {round(odds.low * 100)}% and "
        f"{round(odds.high * 100)}%; {odds.runs} simulated battles, {odds.policy}; {hidden})"
    )
    return (
        f"{head}\n  won {odds.wins}, lost {odds.losses}, fled or no battle {odds.others}; "
        f"units lost on average: yours {odds.lost:.1f}, the enemy's {odds.enemy_lost:.1f}"
    )


def start_rotation_words(state: Any, step: StartRotationStep, rotation: object) -> str:
    """A Starting tile's rotation (§3 step 21): "turn the Starting tile S3 (Starting) at
    (-5,1) 2 sixths counter-clockwise"."""
    tile = tile_words(state, step.tile_of(state))
    sixths = "sixth" if rotation == 1 else "sixths"
    turned = "unturned" if rotation == 0 else f"{rotation} {sixths} counter-clockwise"
    return f"turn the Starting tile {tile} at ({step.slot(state)}) {turned}"


def in_battle(state: Any) -> bool:
    """Whether the pending decision is one of a fight's (the combat's steps are on top)."""
    if getattr(state, "battle", None) is None:
        return False
    steps = list(state.flow.steps)
    fights = [i for i, step in enumerate(steps) if step.kind in FIGHT_STEPS]
    return bool(fights) and fights[-1] < len(steps) - 1


def describe(state: Any, action: Action) -> str:
    """Words for *action* now (module doc)."""
    if in_battle(state):
        return battle_words.describe(state, action)
    return _map_words(state, action)


def _map_words(state: Any, action: Action) -> str:
    kind, get = action.kind, action.get
    if kind == "move":
        to = str(get("to"))
        return f"{hero_name(state, get('hero'))} moves to {place(state, to)}{_risk(state, to)}"
    if kind == "reveal":
        back = _back(state, str(get("at")))
        return f"{hero_name(state, get('hero'))} reveals the {back} tile at ({get('at')}) (1 MP)"
    if kind == "explore":
        return f"{hero_name(state, get('hero'))} explores: lays your next Far tile (1 MP)"
    if kind == "lay":
        top = state.flow.steps[-1] if state.flow.steps else None
        if isinstance(top, StartRotationStep):
            return start_rotation_words(state, top, get("rotation"))
        tile = getattr(top, "tile", "") or "the tile"
        return f"lay {tile} at ({get('at')}) turned {get('rotation')}"
    if get("face") is not None and len(action.params) == 1:
        return f"{kind} the die showing {face_words(get('face'))}"
    if kind in ("discard", "cycle", "keep") and get("item") is not None:
        return f"{kind} {card_name(state, get('item'))}"
    if kind == "take":
        return f"take {card_name(state, get('card'))}"
    if kind == "ai-step":
        return _ai_step_words(state, str(get("to")))
    if kind == "ai-reward":
        return _ai_reward_words(state, str(get("reward")))
    if kind == "place-hero":
        return f"your Main Hero goes to {place(state, get('field'))}"
    if kind == "transport":
        return "pay 8 Gold to transport your army and defend"
    if kind == "build":
        return _build_words(state, str(get("building")))
    if kind == "recruit-hero":
        return f"recruit your Secondary Hero at {place(state, get('field'))}"
    if kind == "buy-spell":
        return "buy a spell at the Mage Guild (Search the Spell deck)"
    if kind == "recruit":
        return f"recruit {unit_name(state, get('unit'))}{_unit_cost(state, get('unit'), 'recruit')}"
    if kind == "reinforce":
        cost = _unit_cost(state, get("unit"), "reinforce")
        return f"reinforce {unit_name(state, get('unit'))} to Pack{cost}"
    if kind == "choose-unit":
        return f"choose {unit_name(state, get('unit'))}"
    if kind == "remove":
        return f"remove {card_name(state, get('card'))} from the game"
    if kind == "play-card":
        return _play_words(state, action)
    if kind == "empower":
        return f"empower the spell with {card_name(state, get('card'))} ({get('use')})"
    if kind == "trade":
        return _trade_words(state, str(get("give")), str(get("get")))
    if kind == "reroll":
        die = get("die")
        number = die + 1 if isinstance(die, int) else die
        return f"reroll die {number} ({get('by')})"
    if kind in ("bonus", "choose", "choose-option"):
        found = _option_words(state, action)
        if found:
            return found
    if kind in PLAIN and not action.params:
        return PLAIN[kind]
    return _generic(state, action)


def _ai_step_words(state: Any, to: str) -> str:
    """The player's choice of the AI hero's next field (map/ai_movement.py ``AiChoiceStep``)."""
    top = state.flow.steps[-1] if state.flow.steps else None
    who = hero_name(state, getattr(top, "hero", "")) if top is not None else "the AI hero"
    return f"{who} goes to {place(state, to)}"


def _ai_reward_words(state: Any, reward: str) -> str:
    """The player's choice of the reward an AI hero takes at a Settlement (§9.13)."""
    top = state.flow.steps[-1] if state.flow.steps else None
    who = hero_name(state, getattr(top, "hero", "")) if top is not None else "the AI hero"
    if reward == "reinforce":
        return f"{who} takes the reinforcement: a Few Bronze or Silver unit of its turns to Pack"
    name = RESOURCE_NAMES.get(reward, reward)
    return f"{who} takes the {name} income (the AI has no resources: it gains nothing)"


def _risk(state: Any, key: str) -> str:
    """What entering *key* starts, in a few words: ", guarded (Field Difficulty 3)", ", a
    fight with Alamar", ", a siege" ("" for nothing)."""
    printed = _printed(state, key)
    if printed is None:
        return ""
    heroes = [h for h in state.heroes if h.field == key]
    turn = state.players_turn() if hasattr(state, "players_turn") else -1
    enemies = [h for h in heroes if h.seat != turn]
    if enemies and printed.location != "sanctuary":
        return f", a fight with {hero_name(state, enemies[0].id)}"
    town = next((t for t in state.towns if t.field == key), None)
    owner = town.owner if town is not None else -1
    found = state.sites.get(key)
    if town is None and printed.location == "settlement" and found is not None:
        owner = found.owner
    if owner >= 0 and owner != turn:
        return ", a siege"
    if printed.difficulty > 0 and not (found and (found.visited or found.flagged_before)):
        return f", guarded (Field Difficulty {printed.difficulty})"
    return ""


def _play_words(state: Any, action: Action) -> str:
    """A Might & Magic card played on the map: its hero, card, use and target field."""
    get = action.get
    use = str(get("use") or "")
    how = f" ({use.replace('option-', 'option ')})" if use else ""
    at = f" at {place(state, get('at'))}" if get("at") is not None else ""
    if get("hero") is None:
        return f"play {card_name(state, get('card'))}{how}{at}"
    return f"{hero_name(state, get('hero'))} plays {card_name(state, get('card'))}{how}{at}"


def _trade_words(state: Any, give: str, get: str) -> str:
    """A trade at its rate (board.yaml's price table)."""
    board = getattr(state.game.pack, "board", None)
    try:
        rate = board.trade(give, get) if board is not None else None
    except (KeyError, ValueError, StopIteration):
        rate = None
    if rate is None:
        return f"trade {RESOURCE_NAMES.get(give, give)} for {RESOURCE_NAMES.get(get, get)}"
    return (
        f"trade {rate.amount} {RESOURCE_NAMES.get(give, give)} for {rate.gets} "
        f"{RESOURCE_NAMES.get(get, get)}"
    )


def _option_words(state: Any, action: Action) -> str:
    """One option of a choice in words: a Starting Bonus, a location's, a building's ("" when
    the choice is not one of these)."""
    pack = state.game.pack
    top: Any = state.flow.steps[-1] if state.flow.steps else None
    index = action.get("option", action.get("index"))
    if not isinstance(index, int):
        return ""
    try:
        if action.kind == "bonus":
            choice = pack.board.bonuses[state.difficulty].one_of[index]
            return "Starting Bonus: " + choice_words(choice)
        place_id = str(getattr(top, "location", "") or "")
        building_id = str(getattr(top, "building", "") or "")
        if action.kind == "choose" and place_id:
            location = pack.locations[place_id]
            option = location.options[index]
            effects = option.first_flag if getattr(top, "first_flag", False) else None
            said = effects_words(effects or option.effects)
            cost = dict(getattr(option, "cost", None) or {})
            return f"{location.name}: " + (f"pay {cost_words(cost)}, " if cost else "") + said
        if action.kind == "choose-option" and building_id:
            building = building_name(state, building_id)
            for town in getattr(pack, "towns", {}).values():
                for item in town.buildings:
                    if item.id == building_id:
                        choice = item.uses[getattr(top, "use", 0)].one_of[index]
                        return f"{building}: " + choice_words(choice)
    except (KeyError, IndexError, AttributeError, TypeError):
        return ""
    return ""


def choice_words(choice: Any) -> str:
    """A choice of the board data (pay, then effects) in words."""
    pay = choice.pay.amounts() if getattr(choice, "pay", None) is not None else {}
    said = effects_words(choice.effects)
    return (f"pay {cost_words(pay)}, " if any(pay.values()) else "") + said


def effects_words(effects: Any) -> str:
    """Effects of the content's vocabularies (board.py, locations.py) in short words."""
    return ", ".join(effect_words(e) for e in effects or ()) or "nothing"


def effect_words(effect: Any) -> str:
    """One effect in short words: "3 Gold", "Search (2) the spell deck", "+1 MP"."""
    data = effect.model_dump(exclude_none=True)
    kind = str(data.pop("kind"))
    amount = data.get("amount")
    if kind in ("resources", "gain", "income") and ("resources" in data or "resource" in data):
        found = data.get("resources") or {str(data.get("resource")): amount or 0}
        words = cost_words(found)
        return f"income {words}" if kind == "income" else words
    if kind == "search":
        times = data.get("times", 1)
        twice = f", {times} times" if times and times > 1 else ""
        return f"Search ({amount}) the {data.get('deck')} deck{twice}"
    if kind == "movement":
        return f"{amount:+d} MP" if isinstance(amount, int) else "MP"
    if kind == "experience":
        return f"{amount} Exp"
    if kind in PHRASES:
        return PHRASES[kind].format(
            amount=amount if amount is not None else "some",
            deck=data.get("deck", "any"),
            dice=data.get("dice", "the field's"),
            sign="Positive" if (amount or 1) > 0 else "Negative",
        )
    words = kind.replace("-", " ")
    for name in ("deck", "dice", "tier"):
        if data.get(name):
            words += f" {data[name]}"
    if amount is not None:
        words += f" {amount}"
    return words


def _build_words(state: Any, building: str) -> str:
    towns = getattr(state.game.pack, "towns", {})
    for town in towns.values():
        try:
            found = town.building(building)
        except (KeyError, ValueError, StopIteration):
            continue
        return f"build {found.name} ({cost_words(found.cost.amounts())})"
    return f"build {building.replace('-', ' ')}"


def _unit_cost(state: Any, card_id: object, which: str) -> str:
    try:
        printed = state.game.pack.unit(str(card_id))
    except KeyError:
        return ""
    cost = getattr(printed, which, None)
    if cost is None:
        return ""
    return f" ({cost_words(cost.model_dump())})"


def _generic(state: Any, action: Action) -> str:
    """An action of a kind not known here: its kind and its parameters by name."""
    parts = [f"{name} {_value(state, name, value)}" for name, value in action.params]
    said = action.kind.replace("-", " ")
    return f"{said}: {', '.join(parts)}" if parts else said


def _value(state: Any, name: str, value: object) -> str:
    """A parameter's value by name: a hero, a field, a card, a unit, a building."""
    pack = state.game.pack
    text = str(value)
    if name == "hero" or text in pack.heroes:
        return hero_name(state, text)
    if name in ("to", "at", "field", "from") or _is_key(text):
        return place(state, text)
    if name == "building":
        return building_name(state, text)
    return card_name(state, text)


def _is_key(text: str) -> bool:
    q, sep, r = text.partition(",")
    return bool(sep) and q.lstrip("-").isdigit() and r.lstrip("-").isdigit()


def _printed(state: Any, key: str) -> Any:
    """The content MapField on *key* (None: no face-up tile there)."""
    try:
        spot = state.tilemap().at(key_hex(key))
    except ValueError:
        return None
    if spot is None:
        return None
    placement = state.placements[spot.placement]
    return state.game.pack.tiles[placement.tile].fields[int(spot.field.name)]


def _face_down_at(state: Any, key: str) -> bool:
    """Whether *key* lies on a face-down tile."""
    slot = hex_key(geometry.slot_of(key_hex(key)))
    return any(down.at == slot for down in state.face_down)


def _back(state: Any, at: str) -> str:
    """The kind on the back of the face-down tile at slot *at*: "Near"."""
    for slot in state.face_down:
        if slot.at == at:
            return KIND_NAMES.get(slot.kind, slot.kind)
    return "face-down"
