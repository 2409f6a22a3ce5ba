"""The Battleground battlefield as data for a browser (issue 10): what the web UI draws for one
seat, as JSON-safe values.

    board(state, seat)                 # the whole picture: geometry, characters, hints
    hex_sight(state, seat, a, b)       # why position b can or cannot be seen from a

Everything comes from what the seat may know: the public geometry of the map, the characters
(public), the seat's own hand, and the pending procedure as ``state.observation(seat)`` shows it;
another seat's hand, deck or secret choice is never read. Texts and previews come from the other
views (card_text, preview, screen, explain), so the browser shows what the terminal shows; no rule
is written here.

Geometry (core/hexes.py): pointy-topped hexes 1 unit across the flats; a hex's centre is at
``x = q + r/2``, ``y = r * sqrt(3)/2`` (screen coordinates, y down); facing directions 0..5 are
E, NE, NW, W, SW, SE.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from rulekeeper.core import CHANCE, SIMULTANEOUS, JsonObject, JsonValue
from rulekeeper.core.errors import DataError
from rulekeeper.core.hexes import DIRECTION_NAMES, Hex
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position
from rulekeeper.games.battleground.content.cards import GloryCard
from rulekeeper.games.battleground.content.effects import PlaceMark
from rulekeeper.games.battleground.rules import ap
from rulekeeper.games.battleground.rules.combat import usable_weapons, weapon_type
from rulekeeper.games.battleground.rules.dicetest import DiceTestStep, RerollStep
from rulekeeper.games.battleground.rules.round import SelectStep
from rulekeeper.games.battleground.views import card_text, glossary, screen
from rulekeeper.games.battleground.views.hints import action_hints
from rulekeeper.games.battleground.views.objectives import objectives_info
from rulekeeper.games.battleground.views.results import last_attack
from rulekeeper.games.battleground.views.words import obstacle_words, phase_words

if TYPE_CHECKING:
    from rulekeeper.games.battleground.board.battlefield import Battlefield
    from rulekeeper.games.battleground.game import BattlegroundState
    from rulekeeper.games.battleground.model import Fighter, Turn

__all__ = ["board", "hex_sight", "parse_position", "sight_query"]

STATS = ("health", *screen.STATS)
"""The stats on a character card, in the order the terminal shows them."""


def board(state: BattlegroundState, seat: int | None) -> JsonObject:
    """Everything the web UI draws for ``seat`` (None: a spectator): the three parts below."""
    return {**battlefield_board(state), **public_board(state), **seat_board(state, seat)}


def battlefield_board(state: BattlegroundState) -> JsonObject:
    """The part of :func:`board` that never changes in a game: the map and its hexes."""
    return {
        "map": map_info(state.field),
        "hexes": hexes(state.field),
        "platforms": platforms(state.field),
        "ladders": ladders(state.field),
        "glossary": glossary.GLOSSARY.to_json(),
    }


def public_board(state: BattlegroundState) -> JsonObject:
    """The part of :func:`board` that is the same for every seat and spectator, and changes
    (the map's name and size too, to tell which battlefield it goes with)."""
    return {
        "map": map_info(state.field),
        "objectives": objectives(state),
        "objectives_info": objectives_info(state),
        "last_attack": last_attack(state),
        "marks": marks(state),
        "characters": characters(state),
        "sight": sight(state),
        "turn": turn_info(state),
        "tests": tests(state),
        "decision": decision(state),
    }


def seat_board(state: BattlegroundState, seat: int | None) -> JsonObject:
    """The part of :func:`board` that is ``seat``'s own: status, hand and legal actions."""
    return {
        "status": status(state, seat),
        "hand": hand(state, seat),
        "actions": action_hints(state, seat),
    }


# === the battlefield ===========================================================================


def map_info(field: Battlefield) -> JsonObject:
    """The map's name, title and size, and the layout of the hexes."""
    return {
        "name": field.name,
        "title": field.title,
        "columns": field.columns,
        "rows": field.rows,
        "hex_inches": field.hex_inches,
        "provisional": bool(field.provisional),
        "layout": "pointy-top; centre x = q + r/2, y = r*sqrt(3)/2; directions E NE NW W SW SE",
    }


def _level_of(field: Battlefield, h: Hex) -> list[int]:
    """The levels one may stand on in hex ``h`` (none: an obstacle or a ladder)."""
    return [level for level in (GROUND, PLATFORM) if Position(h[0], h[1], level) in field.positions]


def hex_record(field: Battlefield, h: Hex, kinds: dict[str, str]) -> JsonObject:
    """One hex: where it is, its terrain and levels, and (only when there is one) its terrain
    piece, platform, ladder, deployment zone and objective, and its description in words."""
    terrain = field.obstacle_height.get(h) or ("difficult" if h in field.difficult else "open")
    record: JsonObject = {
        "q": h[0],
        "r": h[1],
        "terrain": terrain,
        "levels": _level_of(field, h),
    }
    piece = field.piece_of.get(h)
    ladder = field.ladders.get(h)
    extras: dict[str, Any] = {
        "piece": piece,
        "piece_kind": kinds.get(piece) if piece is not None else None,
        "platform": field.platform_of.get(h),
        "ladder": ladder.id if ladder is not None else None,
        "zone": next((player for player, zone in field.zones.items() if h in zone), None),
        "objective": next((oid for oid, at in field.objectives.items() if at == h), None),
    }
    record.update({key: value for key, value in extras.items() if value is not None})
    text = field.describe_hex(h)
    if text != "open ground":
        record["text"] = text
    return record


def _board_order(field: Battlefield) -> list[Hex]:
    """The hexes row by row, then left to right (the order of :func:`hexes` and :func:`sight`)."""
    return field.derived("web-order", lambda: sorted(field.board, key=lambda h: (h[1], h[0])))


def hexes(field: Battlefield) -> list[JsonObject]:
    """Every hex of the board, row by row (open ground without a text: "open ground")."""
    return field.derived("web-hexes", partial(_hex_records, field))


def _hex_records(field: Battlefield) -> list[JsonObject]:
    kinds = {piece.id: str(piece.kind) for piece in field.data.terrain}
    return [hex_record(field, h, kinds) for h in _board_order(field)]


def platforms(field: Battlefield) -> list[JsonObject]:
    """The raised platforms with their hexes (level 1 positions)."""
    return [
        {"id": pid, "hexes": [list(h) for h in sorted(cells, key=lambda h: (h[1], h[0]))]}
        for pid, cells in sorted(field.platforms.items())
    ]


def ladders(field: Battlefield) -> list[JsonObject]:
    """The ladders, each with the platform it climbs to."""
    return [
        {"id": info.id, "at": list(h), "platform": info.platform}
        for h, info in sorted(field.ladders.items(), key=lambda item: item[1].id)
    ]


def objectives(state: BattlegroundState) -> list[JsonObject]:
    """The objective tokens as they stand: on the battlefield, claimed (by whom) or gone."""
    claimed = screen.claimed_objectives(state)
    found: list[JsonObject] = []
    for oid, at in sorted(state.field.objectives.items()):
        record: JsonObject = {"id": oid, "at": list(at), "status": "gone", "by": None}
        if oid in claimed:
            player, character = claimed[oid]
            name = state.card(character).name if character in state.pack.characters else None
            record.update(status="claimed", by=player, character=name)
        elif oid in state.objectives:
            record["status"] = "on the battlefield"
        found.append(record)
    return found


def _mark_text(mark: dict[str, Any]) -> str:
    """A mark's rules in words, from its effect data."""
    spec = PlaceMark.model_validate(
        {
            "kind": "place_mark",
            "mark": mark["mark"],
            "range": 0,
            "radius": mark["radius"],
            "affects": mark["affects"],
            "when": mark["when"],
            "effects": mark["effects"],
        }
    )
    what = "; ".join(card_text.effect_text(e) for e in spec.effects)
    when = card_text.TRIGGERS.get(spec.when, spec.when)
    return f'{spec.affects} within {spec.radius:g}" and sight: {when}: {what}'


def marks(state: BattlegroundState) -> list[JsonObject]:
    """The marks on the battlefield, with their owner, radius and rules."""
    return [
        {
            "mark": str(m["mark"]),
            "name": card_text.readable(state.pack, str(m["mark"])),
            "owner": int(m["owner"]),
            "at": [int(v) for v in m["at"]],
            "radius": float(m["radius"]),
            "text": _mark_text(m),
        }
        for m in state.marks
    ]


# === the characters ============================================================================


def _active_id(state: BattlegroundState) -> str | None:
    """The character whose activation or interruption is being played (innermost)."""
    return state.turns[-1].character if state.turns else None


def weapon_record(state: BattlegroundState, weapon_id: str) -> JsonObject:
    """A usable weapon: name, type, range and its card's text (fists: 1 wound on 1+)."""
    weapon = state.weapon(weapon_id)
    if weapon is None:
        return {
            "id": weapon_id,
            "name": "Fists",
            "type": "melee",
            "range": None,
            "text": "Fists (melee): 1+: 1 wound",
        }
    return {
        "id": weapon_id,
        "name": weapon.name,
        "type": weapon_type(state, weapon_id),
        "range": weapon.range,
        "text": card_text.weapon_text(weapon),
    }


def character_card(state: BattlegroundState, fighter: Fighter) -> JsonObject:
    """A character's card: stats as they stand, weapons, items and skills in words."""
    card = state.card(fighter)
    turn = state.turns[-1] if state.turns else None
    used_skills = turn.skills_used if turn is not None and turn.character == fighter.id else []
    items: list[JsonValue] = []
    for item_id in fighter.items:
        item = state.pack.items.get(item_id)
        if item is not None:
            items.append(
                {
                    "id": item_id,
                    "name": item.name,
                    "used": item_id in fighter.used_items,
                    "text": card_text.item_text(item),
                }
            )
    return {
        "name": card.name,
        "faction": card.faction,
        "stats": {stat: state.stat(fighter, stat) for stat in STATS},
        "weapons": [weapon_record(state, w) for w in usable_weapons(state, fighter)],
        "items": items,
        "skills": [
            {
                "id": skill.id,
                "name": skill.name,
                "active": skill.active,
                "used": f"skill:{skill.id}" in used_skills,
                "text": card_text.skill_text(skill),
            }
            for skill in card.skills
        ],
        "provisional": list(card.provisional),
    }


def character_record(state: BattlegroundState, fighter: Fighter, letter: str) -> JsonObject:
    """One character: who, where, facing, wounds, mana, tokens, and its card."""
    at = None if fighter.knocked_out else fighter.position.to_json()
    return {
        "id": fighter.id,
        "name": state.card(fighter).name,
        "letter": letter,
        "owner": fighter.owner,
        "at": at,
        "facing": fighter.facing,
        "facing_name": DIRECTION_NAMES[fighter.facing],
        "wounds": fighter.wounds,
        "health": state.stat(fighter, "health"),
        "mana": fighter.mana,
        "focus": fighter.focused,
        "overwatch": fighter.overwatch,
        "buff": fighter.buff or None,
        "debuff": fighter.debuff or None,
        "activated": fighter.activated,
        "knocked_out": fighter.knocked_out,
        "active": fighter.id == _active_id(state),
        "acting": any(t.character == fighter.id for t in state.turns),
        "card": character_card(state, fighter),
    }


def characters(state: BattlegroundState) -> list[JsonObject]:
    """Every character of both forces (knocked-out ones too, without a position)."""
    key = screen.letters(state)
    ordered = sorted(state.fighters.values(), key=lambda f: (f.owner, f.id))
    return [character_record(state, f, key[f.id]) for f in ordered]


def sight(state: BattlegroundState) -> dict[str, str]:
    """For each character on the battlefield, what it sees: one digit per hex of :func:`hexes`
    (bit 1: the ground position is in line of sight, bit 2: the platform position)."""
    field = state.field
    return {
        fighter.id: field.derived(
            ("web-sight", fighter.position), partial(_seen, field, fighter.position)
        )
        for fighter in state.on_board()
    }


def _seen(field: Battlefield, origin: Position) -> str:
    """What *origin* sees (terrain alone blocks sight): the digits of :func:`sight`."""
    digits = []
    for q, r in _board_order(field):
        value = 0
        for level, bit in ((GROUND, 1), (PLATFORM, 2)):
            pos = Position(q, r, level)
            if pos in field.positions and field.has_line_of_sight(origin, pos):
                value |= bit
        digits.append(str(value))
    return "".join(digits)


# === the round and the turn ====================================================================


def _costs(state: BattlegroundState, turn: Turn, fighter: Fighter) -> dict[str, int]:
    """What the next action of each kind costs in AP (rising with repeats; Perform Actions)."""
    costs = {kind: ap.cost_of(turn, kind) for kind in ("move", "focus")}
    for kind in sorted({weapon_type(state, w) for w in usable_weapons(state, fighter)}):
        costs[f"{kind} attack"] = ap.weapon_cost(turn, kind)
    return costs


def turn_info(state: BattlegroundState) -> JsonObject | None:
    """The activation or interruption being played: who, AP left, costs, cards, missions."""
    if not state.turns:
        return None
    turn = state.turns[-1]
    fighter = state.fighters[turn.character]
    missions: list[JsonValue] = []
    for card_id in turn.missions:
        glory = state.pack.glory.get(card_id)
        if glory is not None:
            missions.append(
                {
                    "card": glory.name,
                    "vp": glory.vp,
                    "text": glory.text_override or card_text.mission_text(glory.mission),
                    "done": card_id in state.sides[turn.player].glory_done,
                }
            )
    return {
        "character": turn.character,
        "name": state.card(fighter).name,
        "player": turn.player,
        "kind": turn.kind,
        "interrupted": turn.interrupted or None,
        "ap": turn.ap,
        "costs": _costs(state, turn, fighter),
        "free_actions": list(turn.free_actions),
        "cards": [state.play_card(c).name for c in turn.cards],
        "missions": missions,
        "depth": len(state.turns),
    }


def _phase(state: BattlegroundState) -> str:
    """The phase and the step being decided, in words."""
    if state.phase == "over":
        winner = "a draw" if state.winner < 0 else f"player {state.winner} wins"
        return f"game over: {winner} ({state.result})"
    if not state.flow.steps:
        return state.phase
    top = state.flow.top()
    return f"{state.phase}: {getattr(top, 'rule', '') or top.kind}"


def _to_act(state: BattlegroundState) -> list[int]:
    """The seats that decide now."""
    current = state.current_player()
    if current == SIMULTANEOUS:
        return [s for s in (0, 1) if state.legal_actions(s)]
    return [current] if current >= 0 and current != CHANCE else []


def status(state: BattlegroundState, seat: int | None) -> JsonObject:
    """Round, phase, initiative, who decides, and each player's VP, cards and state."""
    top = state.flow.top() if state.flow.steps else None
    decided = {int(p) for p in top.chosen} if isinstance(top, SelectStep) else set()
    players: list[JsonValue] = []
    for player, side in enumerate(state.sides):
        players.append(
            {
                "player": player,
                "vp": side.vp,
                "breakdown": screen.vp_breakdown(state, player),
                "hand": len(side.hand),
                "glory": len(side.glory),
                "deck": side.deck.size,
                "discard": side.deck.discard_size,
                "passed": side.passed,
                # chosen in secret (a card or a pass: the choice is public, not what it is)
                "selected": bool(side.selected) or player in decided,
                "missions_done": [
                    state.pack.glory[c].name for c in side.glory_done if c in state.pack.glory
                ],
            }
        )
    return {
        "round": state.round,
        "rounds": state.game.rounds,
        "phase": _phase(state),
        "step": state.flow.top().kind if state.flow.steps else None,
        **phase_words(state),
        "initiative": screen.initiative_line(state),
        "first_player": state.first_player if state.first_player >= 0 else None,
        "to_act": _to_act(state),
        "you": seat,
        "cards": bool(state.game.activations.cards),
        "players": players,
        "over": state.phase == "over",
        "result": state.describe_result() if state.phase == "over" else None,
    }


def hand(state: BattlegroundState, seat: int | None) -> JsonObject | None:
    """The seat's own fate and glory cards with their values and texts (None: a spectator)."""
    if seat is None:
        return None
    side = state.sides[seat]
    cards: list[JsonValue] = []
    for card_id in [*side.hand, *side.glory]:
        card = state.play_card(card_id)
        glory = isinstance(card, GloryCard)
        cards.append(
            {
                "id": card_id,
                "name": card.name,
                "kind": "glory" if glory else "fate",
                "initiative": card.initiative,
                "ap": card.ap,
                "mana": card.mana,
                "vp": card.vp if isinstance(card, GloryCard) else None,
                "bonus": card_text.bonus_text(card),
                "text": card_text.play_card_text(card),
            }
        )
    selected = state.play_card(side.selected).name if side.selected else None
    return {"player": seat, "cards": cards, "selected": selected}


def tests(state: BattlegroundState) -> list[JsonObject]:
    """The dice tests in progress (both players see them): dice, scope and its causes."""
    found: list[JsonObject] = []
    steps = state.flow.steps
    for index, step in enumerate(steps):
        if not isinstance(step, DiceTestStep):
            continue
        test = state.test_of(step)
        above = steps[index + 1] if index + 1 < len(steps) else None
        picked = (
            [int(above.options[i]) for i in above.picked] if isinstance(above, RerollStep) else []
        )
        found.append(
            {
                "label": test.label,
                "role": step.role,
                "owner": test.owner,
                "dice": test.dice,
                "scope": test.scope,
                "face": max(2, min(6, test.scope)),
                "initial": list(test.initial),
                "exploded": list(test.exploded),
                "successes": test.successes(),
                "stage": test.stage,
                "free_rerolls": test.free_rerolls,
                "mana": test.mana,
                "causes": [card_text.readable(state.pack, n) for n in test.notes[1:-1]],
                "notes": [card_text.readable(state.pack, n) for n in test.notes],
                # the reroll being chosen (issue 23 §2.3): the dice picked so far by face, the
                # most that may be rerolled, and the mana each costs
                "picked": picked,
                "limit": test.reroll_limit(),
                "cost_each": 1 if test.stage == "mana" else 0,
            }
        )
    return found


def decision(state: BattlegroundState) -> JsonObject | None:
    """The step being decided: its kind, its rule and the character it is about (a facing to
    choose, a push, an interruption), as the observation's procedure shows it."""
    if not state.flow.steps:
        return None
    top = state.flow.top()
    character = getattr(top, "character", None)
    return {
        "step": top.kind,
        "rule": str(getattr(top, "rule", "") or top.kind),
        "character": character if isinstance(character, str) and character else None,
    }


# === hovering a hex ============================================================================


def parse_position(value: Any) -> Position:
    """A position from ``[q, r, level]``, ``[q, r]`` or the text ``q,r[,level]``."""
    if isinstance(value, str):
        value = [part for part in value.replace(" ", "").strip("[]()").split(",") if part]
    if not isinstance(value, list | tuple) or len(value) not in (2, 3):
        raise ValueError(f"{value!r} is not a position: give q,r or q,r,level")
    try:
        numbers = [int(v) for v in value]
    except (TypeError, ValueError):
        raise ValueError(f"{value!r} is not a position: give whole numbers") from None
    if len(numbers) == 2:
        numbers.append(GROUND)
    return Position(*numbers)


def hex_sight(state: BattlegroundState, seat: int | None, from_pos: Any, to_pos: Any) -> str:
    """Why ``to_pos`` can or cannot be seen from ``from_pos``: range, line of sight (with the
    blocking terrain), cover from the characters and terrain between, and what the hex is.
    Sight is public geometry: ``seat`` changes nothing."""
    field = state.field
    a, b = parse_position(from_pos), parse_position(to_pos)
    for pos in (a, b):
        if pos.hex not in field.board:
            return f"{pos} is off the board"
    for pos in (a, b):
        if pos not in field.positions:  # an obstacle, a ladder, no platform there: in words
            return obstacle_words(field, pos)
    seen = field.line_of_sight(a, b)
    text = f'{a} to {b}: {field.range_inches(a, b):.1f}"; {seen.reason}'
    if seen.visible and a in field.positions and b in field.positions:
        others = [f.position for f in state.on_board() if f.position not in (a, b)]
        text += f"; {field.cover(a, b, others).reason}"
    who = state.occupant(b)
    here = field.describe_hex(b.hex)
    if who is not None:
        here = f"{state.card(who).name} (player {who.owner}); {here}"
    return f"{text}. {b}: {here}"


SIGHT_ARGUMENTS = ("from", "to")


def sight_query(state: BattlegroundState, seat: int | None, **arguments: str) -> JsonObject:
    """The game's ``sight`` query (plugin.py; the server's ``GET .../query/sight?from=q,r,level
    &to=q,r,level``): :func:`hex_sight` as ``{"text": ...}``. Sight is public geometry, the
    same for every seat. A missing, unknown or unreadable argument is a DataError naming it."""
    for name in arguments:
        if name not in SIGHT_ARGUMENTS:
            raise DataError("sight", name, "unknown argument (known: from, to)")
    places = []
    for name in SIGHT_ARGUMENTS:
        if name not in arguments:
            raise DataError("sight", name, "missing: give q,r or q,r,level")
        try:
            places.append(parse_position(arguments[name]))
        except ValueError as error:
            raise DataError("sight", name, str(error)) from None
    return {"text": hex_sight(state, seat, *places)}
