"""Fields of Eternia's combats as lines of text, drawn from a seat's observation only: the
fighters, their grids (the other team's face-down cards as backs ``[?]``), the totals, the
epic die, the pending step (views/terminal.py puts them on the screen).

A card is shown by its value or name, never by its instance id: ``[+2]`` face up, ``(+2)``
one's own face-down card, ``[?]`` the other team's, ``[ ]`` a card turned blank, ``[Momentum*]``
a Momentum card already used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.games.eternia.combat.model import card_kind

Entry = Mapping[str, Any]
"""A part of an observation (JSON data)."""

__all__ = [
    "STEP_WORDS",
    "ZONE_NAMES",
    "card_label",
    "fighter_name",
    "grid_lines",
    "options_line",
    "pending_line",
    "side_lines",
]

ZONE_NAMES = ("attack", "defense", "initiative")
STEP_WORDS = {
    "epic-combat": "epic combat",
    "weapon": "step 1: choose a weapon",
    "epic-die": "step 2: the epic die is rolled",
    "grid": "step 3: cards onto the grid",
    "draw": "step 3: place the card drawn, or focus",
    "activate": "step 4: activations (momentum, spells, soldiers) or pass",
    "swap": "a card to swap",
    "pick": "a card to pick",
    "flee": "step 8: flee or fight on",
    "power": "Dice of Power: the dice on the grid",
    "cap": "Dice of Power: dice beyond 10",
    "roll": "wild dice: reroll or stop",
    "wilds": "wilds combat",
    "assign": "wilds combat: assign the dice",
    "soldier-combat": "soldier combat",
    "allocate": "soldier combat: allocate the losses",
    "area": "an area's combats",
    "defend": "the defenders choose their hero",
}
"""Each pending step in words (its kind as the combat file names it)."""


def card_label(state: Any, card: str) -> str:
    """A card by its value (a modifier: ``+2``) or its name (``Momentum``), never its id."""
    found = state.pack.combat_cards.get(card_kind(card))
    if found is None:
        return "?"
    return f"+{found.value}" if found.kind == "modifier" else str(found.name)


def _named(table: Any, key: object) -> str:
    """A content entry's name, or its id when the pack has none."""
    found = table.get(str(key)) if table is not None else None
    return str(getattr(found, "name", key))


def fighter_name(state: Any, entry: Entry) -> str:
    """The hero's, the epic beast's or the encounter card's name."""
    pack = state.pack
    if "hero" in entry or "enemy" in entry:
        return _named(pack.heroes, entry.get("hero") or entry.get("enemy"))
    if "beast" in entry:
        return _named(pack.epic_beasts, entry["beast"])
    name = str(entry.get("encounter"))
    return _named(pack.beasts if name in pack.beasts else pack.allies, name)


def max_health(state: Any, side: int, entry: Entry) -> int:
    """The fighter's maximum HP (printed, with what it holds): public, as on the table."""
    fighters = state.epic.fighters
    if side < len(fighters) and fighters[side].name == next(
        (entry[k] for k in ("hero", "beast", "encounter", "enemy") if k in entry), None
    ):
        return int(fighters[side].health)
    pack = state.pack
    for table in (pack.heroes, pack.epic_beasts, pack.beasts, pack.allies):
        for key in ("hero", "beast", "encounter", "enemy"):
            if key in entry and str(entry[key]) in table:
                return int(table[str(entry[key])].health)
    return 0


def _weapon(state: Any, entry: Entry) -> str:
    index = entry.get("weapon", -1)
    name = entry.get("hero") or entry.get("enemy")
    if name is None or not isinstance(index, int) or index < 0:
        return "not chosen" if name is not None else "-"
    weapon = state.pack.heroes[str(name)].weapons[index]
    return f"{weapon.name} ({weapon.type})"


def _count(value: object) -> int:
    """A pile's size: its cards (one's own) or its count (the other team's)."""
    return len(value) if isinstance(value, list) else int(value) if isinstance(value, int) else 0


def side_lines(state: Any, side: int, entry: Entry, mine: bool, focuses: int | None) -> list[str]:
    """A fighter's header: HP, soldiers, Eternium; a hero's weapon, piles (one's own hand by
    value, the other team's as counts) and focuses (None: a wilds combat, without cards)."""
    role = ("active", "defender")[side]
    seat = f", seat {entry['seat']}" if "seat" in entry else ""
    hp = max_health(state, side, entry) - int(entry.get("damage", 0) or 0)
    head = (
        f"{fighter_name(state, entry)} ({role}{seat}{', you' if mine else ''}): "
        f"HP {hp}/{max_health(state, side, entry)}, soldiers {entry.get('soldiers', 0)}, "
        f"Eternium {entry.get('eternium', 0)}"
    )
    lines = [head]
    if "hero" in entry and focuses is None:
        lines.append(f"   spells {_count(entry.get('spells'))}, held {_count(entry.get('held'))}")
    elif "hero" in entry:
        hand = entry.get("hand", [])
        shown = (
            ", ".join(card_label(state, str(c)) for c in hand) or "empty"
            if isinstance(hand, list)
            else f"{hand} cards"
        )
        lines.append(
            f"   weapon {_weapon(state, entry)}; deck {_count(entry.get('deck'))}, hand {shown}"
        )
        lines.append(
            f"   focus pile {_count(entry.get('focus'))}, discards "
            f"{_count(entry.get('discard'))}, focuses used {focuses}, spells "
            f"{_count(entry.get('spells'))}"
        )
    faces = entry.get("epic")
    if isinstance(faces, list) and faces:
        lines.append(f"   epic die: {', '.join(str(f) for f in faces)}")
    return lines


def _placed(state: Any, item: Entry) -> str:
    if item.get("blank"):
        return "[ ]"
    mark = "*" if item.get("used") else ""
    return f"[{card_label(state, str(item.get('card')))}{mark}]"


def grid_lines(state: Any, entry: Entry) -> list[str]:
    """A hero's three zones with their cards, the Time cards beside, the totals if given."""
    if "hero" not in entry:
        return []
    totals = entry.get("totals")
    lines = []
    for zone in ZONE_NAMES:
        cards = [_placed(state, p) for p in entry.get("grid", []) if p.get("zone") == zone]
        for down in entry.get("down", []):
            if down.get("zone") == zone:
                known = "card" in down
                cards.append(f"({card_label(state, str(down['card']))})" if known else "[?]")
        total = f"= {totals[zone]}" if isinstance(totals, dict) and zone in totals else ""
        lines.append(f"   {zone:<11}{' '.join(cards) or '.':<30}{total}")
    beside = entry.get("beside", [])
    if beside:
        lines.append(f"   beside     {' '.join(f'[{card_label(state, str(c))}]' for c in beside)}")
    if not isinstance(totals, dict):
        lines.append("   (totals hidden: face-down cards on the grid)")
    return lines


def beast_lines(entry: Entry) -> list[str]:
    """An epic beast's or an encounter card's printed values, as its totals."""
    totals = entry.get("totals")
    if "hero" in entry or not isinstance(totals, dict):
        return []
    return ["   " + ", ".join(f"{zone} {totals.get(zone, 0)}" for zone in ZONE_NAMES)]


def options_line(doc: Entry) -> str:
    """The optional rules in play."""
    options = doc.get("options")
    on = [k.replace("_", " ") for k, v in options.items() if v] if isinstance(options, dict) else []
    extra = [] if doc.get("can_flee", True) else ["no fleeing"]
    extra += ["boss"] if doc.get("boss") else []
    return "options: " + (", ".join(on + extra) or "none")


def pending_line(pending: object) -> str:
    """The step under way, in words."""
    if not isinstance(pending, list) or not pending:
        return "the combat is over"
    return "now: " + STEP_WORDS.get(str(pending[-1]), str(pending[-1]))
