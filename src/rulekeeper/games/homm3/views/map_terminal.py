"""The HoMM3 map game in the terminal (core/plugin.py ``Screen``; issue 24 §5).

What a seat decides from: the round and whose turn it is, the map (views/map_text.py), every
player on a line (resources, income, army, what it holds), the heroes with their fields and
MP, the seat's own hand by card name and its town panel (buildings built, what is left to build
and its cost, what may be recruited, what can be done now). During a fight the combat's own
board is shown (views/terminal.py), headed by where and whom the fight is against.

In solo and co-op (issue 26) the AI heroes are drawn on the map (``&``) and listed under the
players: faction, field, MP, units, and their AI and Spell decks by count only (homm3.md §5.24);
the player's choice of an AI hero's next field (``ai-choice``, §9.13) names the step of the
AI's movement loop and the fields it may take.

A move is previewed before it is confirmed: its MP, the fight it starts (a guard's Field
Difficulty and the neutral units the Field Difficulty Table draws at the scenario's difficulty,
§5.23; an enemy hero; a siege), the fight's odds (map/fight_odds.py: battles played out from
what the seat knows) and the location visited. Commands at the prompt: ``map``,
``field Q,R``, ``town``, ``cards`` (and, in a fight, the combat's ``card UNIT``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from rulekeeper.core import Action, IllegalActionError
from rulekeeper.core.graph import key_hex
from rulekeeper.core.plugin import Screen
from rulekeeper.games.homm3.battle.neutrals import FIELD_TABLE, TIER_LETTERS
from rulekeeper.games.homm3.content.towns import requirement_refusal
from rulekeeper.games.homm3.map import board, economy, fight_odds, movement
from rulekeeper.games.homm3.map.ai_movement import STEP_WORDS, AiChoiceStep
from rulekeeper.games.homm3.map.exploration import LayTileStep
from rulekeeper.games.homm3.map.fights import FIGHT_STEPS
from rulekeeper.games.homm3.map.search import SearchStep
from rulekeeper.games.homm3.map.setup import StartRotationStep
from rulekeeper.games.homm3.views import map_log, map_text
from rulekeeper.games.homm3.views import terminal as battle_screen
from rulekeeper.games.homm3.views.card_text import text_of
from rulekeeper.games.homm3.views.map_words import (
    RESOURCE_NAMES,
    card_name,
    cost_words,
    effects_words,
    faction_name,
    field_name,
    hero_name,
    in_battle,
    location_name,
    odds_words,
    place,
    seat_name,
    short_cost,
    unit_name,
)
from rulekeeper.games.homm3.views.odds import preview as battle_preview

__all__ = [
    "SCREEN",
    "ai_choice_words",
    "ai_lines",
    "command",
    "field_text",
    "move_preview",
    "preview",
    "render",
    "town_lines",
]

USAGE = """  map            the whole map with its legend
  field Q,R      what lies on a field: its location, what a visit does, its guard, flags
  town           your towns: buildings built and to build with their costs, recruiting
  cards          your hand, every card with its text
  move -4,1      a field by the coordinates the map prints under it (q,r)
  in a fight: card UNIT (a unit's whole card), cards (your hand); map, field, town too"""
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
TIERS = ("bronze", "silver", "gold", "azure")


# ---------------------------------------------------------------------------- the screen


def render(state: Any, seat: int | None = None) -> RenderableType:
    """What *seat* sees when deciding (None: a spectator, the end)."""
    if in_battle(state):
        head = fight_header(state) + _neutral_words(state, seat)
        return Group(Text(head.strip(), style="bold"), battle_screen.render(state, seat))
    marks = _lay_marks(state, seat)
    parts: list[RenderableType] = [
        Text(status_line(state), style="bold"),
        map_text.MapView(state, focus=_focus(state, seat), marks=marks),
        Text(map_text.legend(state, marks=bool(marks)), style="dim"),
        *player_lines(state, seat),
        *ai_lines(state),
    ]
    if seat is not None and 0 <= seat < len(state.players):
        parts.append(Text(hand_line(state, seat)))
        parts.extend(Text(line) for line in town_lines(state, seat))
        parts.extend(Text(line, style="bold") for line in pending_lines(state, seat))
    parts.append(Text("More: map, field Q,R, town, cards, log, help", style="dim"))
    return Group(*parts)


def status_line(state: Any) -> str:
    """The round (of the limit) and its kind, the difficulty, the Astrologers card in force
    and whose turn it is."""
    limit = state.rounds_limit()
    track = state.round_track()
    kind = "an Astrologers round" if track.is_astrologers(state.round) else "a Resource round"
    parts = [f"Round {state.round}" + (f" of {limit}" if limit else "") + f", {kind}"]
    if state.round == 0:
        parts = ["Setting up (the Starting Bonus, the Starting tiles' rotation, homm3.md §3)"]
    parts.append(f"{state.game.scenario.name}, {state.difficulty}")
    if state.astrologers:
        parts.append(f"Astrologers: {card_name(state, state.astrologers)}")
    turn = state.players_turn()
    if turn >= 0:
        parts.append(f"{seat_name(state, turn)}'s turn")
    if state.winners:
        parts.append("won by " + " and ".join(seat_name(state, s) for s in state.winners))
    elif state.ending == "defeat":
        parts.append("lost: the AI heroes win")
    return " | ".join(parts)


def _focus(state: Any, seat: int | None) -> list[str]:
    """The fields the map is centred on when cut: the seat's heroes (or whose turn it is)."""
    who = seat if seat is not None and seat >= 0 else state.players_turn()
    return [h.field for h in state.heroes if h.seat == who and h.on_map]


def _lay_marks(state: Any, seat: int | None) -> dict[str, str]:
    """The slots a tile being laid may go on (the seat's own decision), marked on the map."""
    top = state.flow.steps[-1] if state.flow.steps else None
    if isinstance(top, StartRotationStep) and top.seats[0] == seat:
        return {top.slot(state): top.tile_of(state)}
    if not isinstance(top, LayTileStep) or top.seat != seat:
        return {}
    return {at: top.tile for at in top.slots}


def player_lines(state: Any, seat: int | None) -> list[Text]:
    """Each player on two lines: faction, heroes (where, MP), Level and morale, resources and
    income, what it holds; its army, cards by count, captured cubes, the elimination clock."""
    lines = []
    for player in state.players:
        you = " (you)" if player.seat == seat else ""
        text = Text()
        colour = map_text.COLOURS.get(player.faction)
        text.append(f"{faction_name(player.faction)}{you}", style=colour)
        if player.eliminated:
            text.append(": eliminated")
            lines.append(text)
            continue
        level = f"Level {player.level}" + (" and a half" if player.experience else "")
        morale = {1: ", Positive Morale", -1: ", Negative Morale"}.get(player.morale, "")
        amounts = player.resources.amounts
        stock = short_cost({n: amounts.get(n, 0) for n in RESOURCE_NAMES})
        income = short_cost(economy.income(state, player.seat))
        heroes = "; ".join(_hero_words(state, h) for h in state.heroes if h.seat == player.seat)
        text.append(
            f": {heroes or 'no hero'} | {level}{morale} | {stock} (income {income}) | "
            f"{_held_words(state, player.seat)}"
        )
        army = ", ".join(
            f"{unit_name(state, t.card)} ({t.side.capitalize()})" for t in player.units
        )
        more = Text(
            f"  army: {army or 'none'} | cards: {len(player.hand)} in hand, "
            f"{len(player.deck)} in deck, {len(player.discard)} discarded"
        )
        if player.cubes:
            more.append(" | cubes: " + ", ".join(faction_name(c) for c in player.cubes))
        if player.homeless_since:
            more.append(f" | no town since round {player.homeless_since}", style="bold red")
        lines += [text, more]
    return lines


def ai_lines(state: Any) -> list[Text]:
    """Each AI hero on a line (solo, co-op; homm3.md §5.24): name, faction, field and MP, its
    units, its AI deck and Spell deck by count only (what they hold is hidden from every seat)."""
    lines = []
    for item in state.ai_heroes:
        text = Text()
        text.append(
            f"{item.name} (AI hero, {faction_name(item.faction)})", style=map_text.AI_COLOUR
        )
        if not item.on_map:
            text.append(": defeated, off the map")
            lines.append(text)
            continue
        army = ", ".join(f"{unit_name(state, t.card)} ({t.side.capitalize()})" for t in item.units)
        text.append(
            f": at {place(state, item.field)} {item.mp} MP | army: {army or 'none'} | "
            f"AI deck {len(item.ai_deck)} cards, Spell deck {len(item.spells)} cards"
        )
        lines.append(text)
    return lines


def _hero_words(state: Any, item: Any) -> str:
    """A hero on a player's line: "Catherine at (-5,1) 3 MP" (a Secondary Hero so marked)."""
    role = "" if item.role == "main" else "Secondary "
    where = f"at ({item.field})" if item.on_map else "off the map"
    return f"{role}{hero_name(state, item.id)} {where} {item.mp} MP"


def _held_words(state: Any, seat: int) -> str:
    """What a seat flags: "holds 1 town, 2 mines"."""
    towns = sum(1 for t in state.towns if t.owner == seat)
    kinds: dict[str, int] = {}
    for key, item in state.sites.items():
        if item.owner != seat or board.town_at(state, key) is not None:
            continue
        printed = board.field_at(state, key)
        if printed is not None:
            kinds[printed.location] = kinds.get(printed.location, 0) + 1
    parts = [f"{towns} town{'s' if towns != 1 else ''}"]
    parts += [f"{n} {kind}{'s' if n != 1 else ''}" for kind, n in sorted(kinds.items())]
    return "holds " + ", ".join(parts)


def hand_line(state: Any, seat: int) -> str:
    """The seat's own hand by card name (nobody else's)."""
    hand = state.players[seat].hand
    names = ", ".join(card_name(state, c) for c in hand)
    return f"Your hand ({len(hand)}): {names or 'empty'}"


def pending_lines(state: Any, seat: int) -> list[str]:
    """What the decision in front of the seat is about (a Search's cards, a tile to lay)."""
    top = state.flow.steps[-1] if state.flow.steps else None
    if isinstance(top, AiChoiceStep) and top.seat == seat:
        return [ai_choice_words(state, top)]
    if top is not None and top.kind == "ai-reward" and getattr(top, "seat", -1) == seat:
        return [
            f"The AI hero {hero_name(state, getattr(top, 'hero', ''))} flagged "
            f"{place(state, getattr(top, 'field', ''))}: choose the reward it takes "
            "(homm3.md §9.13)"
        ]
    if isinstance(top, SearchStep) and top.seat == seat:
        seen = ", ".join(card_name(state, c) for c in top.seen) or "no card"
        pile = state.discards.get(top.deck) or []
        shown = card_name(state, pile[-1]) if pile else "empty"
        return [f"Search of the {top.deck} deck: you see {seen}; its discard pile shows {shown}"]
    if top is not None and top.kind == "siege" and getattr(top, "owner", -1) == seat:
        return [
            f"{hero_name(state, top.hero)} besieges {place(state, top.field)}: pay 8 Gold to "
            "transport your army there and defend it (homm3.md §5.14.4), or it is captured"
        ]
    if isinstance(top, StartRotationStep) and top.seats[0] == seat:
        turns = ", ".join(str(a.get("rotation")) for a in state.legal_actions(seat))
        return [
            f"Rotate your Starting tile {top.tile_of(state)} at ({top.slot(state)}): lay "
            f"rotation={turns} (sixths of a turn counter-clockwise; 'preview N' shows the map "
            "with choice N laid; homm3.md §3 step 21)"
        ]
    if isinstance(top, LayTileStep) and top.seat == seat:
        slots = ", ".join(f"({at})" for at in top.slots)
        return [
            f"Lay tile {top.tile} on {slots} in a rotation of the choices "
            "('preview N' shows the map with choice N laid)"
        ]
    return []


def ai_choice_words(state: Any, step: AiChoiceStep) -> str:
    """The player's choice of an AI hero's next field, with the loop's step that leaves it
    open (homm3.md §5.24.2, §9.13)."""
    words = STEP_WORDS.get(step.step, "moves")
    fields = ", ".join(place(state, key) for key in step.options)
    return (
        f"The AI hero {hero_name(state, step.hero)} {words}: choose its next field, one of "
        f"{fields} (these are equally near; homm3.md §5.24.2 step {step.step}, §9.13)"
    )


# ---------------------------------------------------------------------------- towns


def town_lines(state: Any, seat: int) -> list[str]:
    """The seat's towns: built, still to build (with cost), recruitable units (with cost) and,
    in its decision, the town actions it may take now."""
    towns = getattr(state.game.pack, "towns", {})
    lines = []
    for town in state.towns:
        if town.owner != seat or town.faction not in towns:
            continue
        printed = towns[town.faction]
        built = {_building_id(printed, b) for b in town.buildings}
        done = [b.name for b in printed.buildings if b.id in built]
        left = [_to_build(printed, built, b) for b in printed.buildings if b.id not in built]
        head = f"{faction_name(town.faction)} Town at ({town.field})"
        lines.append(f"{head}: built {', '.join(done) or 'nothing'}")
        lines.append(f"  to build: {', '.join(left) or 'everything is built'}")
        tiers = _recruit_tiers(printed, built)
        units = [
            f"{u.name} ({short_cost(u.recruit.model_dump())})"
            for u in state.game.pack.units.values()
            if u.faction == town.faction and u.tier in tiers and u.recruit is not None
        ]
        lines.append(f"  recruit: {', '.join(units) or 'no Dwelling built'}")
    player = state.players[seat]
    used = ", ".join(player.used_tokens) or "none"
    lines.append(f"  Town-action tokens used this round: {used}")
    now = [a for a in state.legal_actions(seat) if a.kind in TOWN_KINDS] if lines else []
    if now:
        lines.append("  now: " + "; ".join(state.describe(a) for a in now[:8]))
    return lines


TOWN_KINDS = frozenset({"build", "recruit", "reinforce", "recruit-hero", "buy-spell", "population"})
"""Town actions (town_actions.py): the panel lists those legal now."""


def _to_build(printed: Any, built: set[str], building: Any) -> str:
    """A building not built yet, its cost, and what it waits for (Dwelling order, §5.14.1)."""
    cost = short_cost(building.cost.amounts())
    refused = requirement_refusal(printed, sorted(built), building.id)
    missing = [printed.building(need).name for need in building.requires if need not in built]
    after = f", after {' and '.join(missing)}" if refused is not None and missing else ""
    return f"{building.name} ({cost}{after})"


def _building_id(printed: Any, building: str) -> str:
    """A town's building as its id (the state may keep a role: "dwelling-1")."""
    try:
        return str(printed.building(building).id)
    except (KeyError, ValueError, StopIteration):
        return building


def _recruit_tiers(printed: Any, built: set[str]) -> set[str]:
    """The unit tiers the built Dwellings let the town recruit (their allow-recruit uses)."""
    tiers = set()
    for building in printed.buildings:
        if building.id not in built:
            continue
        for use in building.uses:
            for effect in use.effects:
                if effect.kind == "allow-recruit" and effect.tier:
                    tiers.add(effect.tier)
    return tiers


# ---------------------------------------------------------------------------- fights


def fight_header(state: Any) -> str:
    """Where the fight on the map is and whom it is against."""
    fight = next((s for s in reversed(state.flow.steps) if s.kind in FIGHT_STEPS), None)
    if fight is None:
        return "A fight"
    who = hero_name(state, fight.hero)
    if fight.kind == "ai-fight":
        return (
            f"Fight at {place(state, fight.field)}: {who} against the AI hero "
            f"{hero_name(state, fight.ai)} (its AI deck plays it, homm3.md §5.24.1)"
        )
    against = {
        "neutral": f"neutral units (Field Difficulty {fight.difficulty})",
        "hero": f"{hero_name(state, fight.defender)}",
        "siege": f"{hero_name(state, fight.defender)} defending the town",
        "army": f"{seat_name(state, fight.defender_seat)}'s army, transported to defend",
    }.get(fight.against, fight.against)
    return f"Fight at {place(state, fight.field)}: {who} against {against}"


def _neutral_words(state: Any, seat: int | None) -> str:
    """A note for the seat that plays the neutral units of another's fight (§8.42)."""
    for army in state.battle.armies:
        if army.kind == "neutral" and army.seat == seat:
            return "\nYou play the neutral units, by their rules (homm3.md §5.18.3, §8.42)"
    return ""


def neutral_draw(state: Any, level: int) -> str:
    """The neutral units a guard of *level* brings at the game's difficulty (§5.23)."""
    letters = FIELD_TABLE[level][DIFFICULTIES.index(state.difficulty)]
    counts = {tier: 0 for tier in TIERS}
    for letter in letters:
        counts[TIER_LETTERS[letter]] += 1
    said = ", ".join(f"{n} {tier.capitalize()}" for tier, n in counts.items() if n)
    return f"{said} neutral unit{'s' if len(letters) != 1 else ''}"


# ---------------------------------------------------------------------------- previews


def preview(state: Any, seat: int, action: Action) -> str | None:
    """What *action* would do, before a person confirms it: a move's MP, fight and visit; a
    fight's attack odds (the combat's)."""
    if in_battle(state):
        try:
            return battle_preview(state, seat, action)
        except (IllegalActionError, ValueError, KeyError):
            return None
    if action.kind == "move":
        return move_preview(state, seat, action)
    if action.kind == "lay" and action in state.legal_actions(seat):
        trial = state.clone()
        trial.apply_action(action, seat)
        drawn = map_text.map_text(trial, focus=[str(action.get("at"))])
        return f"{state.describe(action)}: the map would be\n{drawn.plain}"
    if action.kind in ("reveal", "explore"):
        return (
            f"{state.describe(action)}: then you lay the tile in a rotation that cuts no path off"
        )
    return None


def move_preview(state: Any, seat: int, action: Action, odds: bool = True) -> str | None:
    """A move's cost, what it starts (a fight or a siege) and what is visited (*odds* False:
    without the fight's odds, which take a second; the browser asks for them apart)."""
    item = board.hero(state, str(action.get("hero")))
    key = str(action.get("to"))
    if item is None or board.field_at(state, key) is None:
        return None
    lines = [f"{state.describe(action)}: 1 MP ({max(0, item.mp - 1)} left after)"]
    fight = movement.encounter(state, item, key)
    if fight is not None:
        lines.append(_encounter_words(state, fight))
        army = ", ".join(
            f"{unit_name(state, t.card)} ({t.side.capitalize()})"
            for t in state.players[item.seat].units
        )
        lines.append(f"your army: {army or 'none'}")
        found = fight_odds.fight_odds(state, seat, action) if odds else None
        if found is not None:  # issue 24 §5: the fight's odds where the fight is known
            lines.append(odds_words(found, getattr(fight, "against", "")))
    printed = board.field_at(state, key)
    if printed is not None and printed.location not in ("empty", "blocked"):
        lines.append("then the visit: " + visit_words(state, key, printed, item.seat))
    return "\n".join(lines)


def _encounter_words(state: Any, fight: Any) -> str:
    """The fight a move starts, in words (movement.py ``encounter``)."""
    kind = fight.kind
    if kind == "ai-fight":
        return ai_fight_words(state, fight.ai)
    if kind == "siege":
        owner = seat_name(state, fight.owner)
        gold = state.players[fight.owner].resources.get("gold")
        return (
            f"a siege: no hero of {owner} defends it; {owner} may pay 8 Gold to transport its "
            f"army there (it has {gold} Gold), or it is captured without a fight"
        )
    if fight.against == "neutral":
        return (
            f"a fight: the field is guarded, Field Difficulty {fight.difficulty}; at "
            f"{state.difficulty} difficulty the Field Difficulty Table draws "
            f"{neutral_draw(state, fight.difficulty)} (homm3.md §5.23)"
        )
    other = board.hero(state, fight.defender)
    if other is None:
        return "a fight"
    player = state.players[other.seat]
    army = ", ".join(f"{unit_name(state, t.card)} ({t.side.capitalize()})" for t in player.units)
    siege = " defending its town or settlement (a siege)" if fight.against == "siege" else ""
    return (
        f"a fight against {hero_name(state, other.id)} of {seat_name(state, other.seat)}{siege}: "
        f"Level {player.level}, {len(player.hand)} cards in hand, army: {army or 'none'}"
    )


def ai_fight_words(state: Any, ident: str) -> str:
    """A fight against an AI hero before the move: its units, its decks by count; neither side
    may retreat or surrender (homm3.md §5.24.1, §9.1)."""
    item = next((a for a in state.ai_heroes if a.id == ident), None)
    if item is None:
        return "a fight against an AI hero"
    army = ", ".join(f"{unit_name(state, t.card)} ({t.side.capitalize()})" for t in item.units)
    return (
        f"a fight against the AI hero {item.name}: army {army or 'none'}, AI deck "
        f"{len(item.ai_deck)} cards, Spell deck {len(item.spells)} cards; no retreat or "
        "surrender (homm3.md §5.24.1, §9.1)"
    )


def visit_words(state: Any, key: str, printed: Any, seat: int) -> str:
    """What visiting *key* does for *seat*: the location, its category and effect, or why
    nothing happens (visited already, flagged already)."""
    name = location_name(state, printed)
    location = state.game.pack.locations.get(printed.location)
    found = state.sites.get(key)
    if location is None:
        return name
    if location.category == "one-time" and found is not None and found.visited:
        return f"{name}, visited already: nothing happens (one-time)"
    if location.category == "flaggable" and found is not None and found.owner == seat:
        return f"{name}, flagged by you already"
    said = _options_words(location, printed)
    return f"{name} ({location.category}){': ' + said if said else ''}"


def _options_words(location: Any, printed: Any) -> str:
    """A location's options in short words ("3 Gold"; "pay 2 Gold: 1 Exp")."""
    options = []
    for option in location.options:
        effects = effects_words(option.effects)
        cost = getattr(option, "cost", None) or {}
        pay = f"pay {cost_words(cost)}: " if cost else ""
        options.append(pay + effects)
    if location.income and printed.resource:
        amount = location.income[printed.resource]
        return f"flag it: income {amount} {RESOURCE_NAMES[printed.resource]} a Resource round"
    return " or ".join(o for o in options if o)


# ---------------------------------------------------------------------------- commands


def field_text(state: Any, key: str) -> str:
    """``field Q,R``: what lies on the field, what a visit does, its guard, flag and heroes."""
    printed = board.field_at(state, key)
    if printed is None:
        return f"({key}): {field_name(state, key)}"
    lines = [f"({key}): {location_name(state, printed)}"]
    level = map_text.guard_level(state, key, printed)
    if level:
        lines.append(
            f"  guarded: Field Difficulty {level}, "
            f"{neutral_draw(state, level)} at {state.difficulty}"
        )
    found = state.sites.get(key)
    if found is not None and found.owner >= 0:
        lines.append(f"  flagged by {seat_name(state, found.owner)}")
    if found is not None and found.visited:
        lines.append("  visited (its black cube is on it)")
    if printed.location not in ("empty", "blocked"):
        lines.append("  a visit: " + visit_words(state, key, printed, -1))
    for item in board.heroes_at(state, key):
        lines.append(f"  {hero_name(state, item.id)} of {seat_name(state, item.seat)} stands here")
    for ai in state.ai_heroes:
        if ai.on_map and ai.field == key:
            lines.append(f"  the AI hero {ai.name} stands here")
    return "\n".join(lines)


def cards_text(state: Any, seat: int) -> str:
    """``cards``: the seat's hand, every card with its text."""
    hand = state.players[seat].hand
    if not hand:
        return "Your hand is empty"
    return "\n".join(
        ["Your hand:", *(f"  {text_of(state.game.pack, c)}" for c in sorted(set(hand)))]
    )


def command(state: Any, seat: int, line: str) -> str | None:
    """The game's own commands (module doc); None for any other line."""
    head, _, rest = line.strip().partition(" ")
    head = head.casefold()
    if in_battle(state):
        found = battle_screen.command(state, seat, line)
        if found is not None or head == "cards":
            return found
    if head == "map" and not rest.strip():
        return map_text.map_text(state, width=None).plain + "\n" + map_text.legend(state)
    if head == "field" and rest.strip():
        key = rest.strip().strip("()").replace(" ", "")
        try:
            key_hex(key)
        except ValueError:
            return "field Q,R: a field by its coordinates, as the map prints them (field -4,1)"
        return field_text(state, key)
    if head == "town" and not rest.strip():
        return "\n".join(town_lines(state, seat)) or "you hold no town"
    if head == "cards" and not rest.strip():
        return cards_text(state, seat)
    return None


SCREEN = Screen(
    render,
    map_log.news,
    preview,
    confirm=frozenset({"move", "attack"}),
    command=command,
    help=USAGE,
)
"""The map game's screen (plugin.py names it)."""
