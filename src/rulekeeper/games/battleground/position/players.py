"""The players of a position: hand, draw pile, discards, glory cards and scores, with their
defaults (the faction's First Game deck shuffled by the seed, five cards dealt)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.core import DataError, Deck
from rulekeeper.core.position import field_readers, read_record
from rulekeeper.core.record import plan_of
from rulekeeper.games.battleground.content.setups import FirstGameSide
from rulekeeper.games.battleground.model import (
    Placing,
    Side,
)
from rulekeeper.games.battleground.position.reading import Reading, read_value, unknown_fields
from rulekeeper.games.battleground.rules.deployment import FACTIONS

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

    StateT = TypeVar("StateT", bound=BattleState)
from rulekeeper.games.battleground.position.fields import (
    MISSING,
    NULLABLE_TEXT,
    PLAYER_FIELDS,
    PLAYER_SPECIAL,
    json_kind,
)


def read_players(reading: Reading) -> None:
    """The ``players``: two entries, player 0's and player 1's cards and score."""
    raw = reading.doc.get("players", [{}, {}])
    problems = reading.problems
    if not isinstance(raw, list) or len(raw) != 2:
        problems.add("players", "a list of two entries: player 0's, then player 1's")
        raw = [{}, {}]
    for player, entry in enumerate(raw):
        path = f"players[{player}]"
        if not isinstance(entry, Mapping):
            problems.add(path, f"expected an object, got {json_kind(entry)}")
            entry = {}
        reading.sides.append(read_player(reading, player, entry, path))
        reading.ordered.append(entry.get("draw_ordered") is True)
        reading.dealt.append("hand" not in entry)


def read_player(reading: Reading, player: int, entry: Mapping[str, Any], path: str) -> Side:
    """One player's side (its draw pile as given: defaults come once the state is built)."""
    problems = reading.problems
    unknown_fields(entry, problems, (*PLAYER_FIELDS, *PLAYER_SPECIAL), path)
    readers = field_readers(Side)
    values: dict[str, Any] = {}
    for name, attribute in PLAYER_FIELDS.items():
        if name not in entry:
            continue
        value = entry[name]
        if name in NULLABLE_TEXT and value is None:
            value = ""
        found = read_value(reading, readers[attribute][0], value, f"{path}.{name}")
        if found is not MISSING:
            values[attribute] = found
    cards = plan_of(list[str])
    draw = _read_cards(reading, cards, entry, "draw", path)
    discard = _read_cards(reading, cards, entry, "discard", path) or []
    ordered = entry.get("draw_ordered", False)
    if not isinstance(ordered, bool):
        problems.add(f"{path}.draw_ordered", "true (the draw pile is given top first) or false")
    elif ordered and "draw" not in entry:
        problems.add(f"{path}.draw_ordered", "no draw pile is given to keep in order")
    reading.placing[player] = read_placing(reading, entry.get("to_deploy", []), path)
    pile = default_draw(reading, player, entry) if draw is None else list(reversed(draw))
    return Side(Deck(pile, discard), **values)


def _read_cards(
    reading: Reading, plan: Any, entry: Mapping[str, Any], name: str, path: str
) -> list[str] | None:
    """A pile of fate cards (``draw`` or ``discard``), or None when it is not given."""
    if name not in entry:
        return None
    where = f"{path}.{name}"
    try:
        cards: list[str] = plan.read(entry[name], reading.reader, where)
    except DataError as error:
        reading.problems.note(error)
        return None
    bad = [i for i, card in enumerate(cards) if card not in reading.pack.fate]
    for index in bad:
        reading.problems.add(f"{where}[{index}]", f"unknown fate card {cards[index]!r}")
    return None if bad else cards


def read_placing(reading: Reading, raw: Any, path: str) -> list[Placing]:
    """Standard Setup: the characters a player has still to deploy, with their equipment."""
    if not isinstance(raw, list):
        reading.problems.add(f"{path}.to_deploy", "a list of {character, weapons, items}")
        return []
    out: list[Placing] = []
    for index, entry in enumerate(raw):
        where = f"{path}.to_deploy[{index}]"
        placing = read_record(Placing, entry, reading.problems, where, reading.reader)
        if placing is not None:
            out.append(placing)
    return out


def faction_side(reading: Reading, player: int) -> FirstGameSide | None:
    """The First Game Setup side of the faction that *player* plays on this map."""
    faction = reading.field.zone_factions.get(player) or FACTIONS[player]
    for side in reading.pack.setups.first_game.sides:
        if side.faction == faction:
            return side
    return None


def default_draw(reading: Reading, player: int, entry: Mapping[str, Any]) -> list[str]:
    """The draw pile of a player who gives none: their faction's First Game fate deck without
    the cards the position puts elsewhere (hand, discard, selected, played)."""
    side = faction_side(reading, player)
    if side is None:
        return []
    cards = [card for card, n in sorted(side.fate_deck.items()) for _ in range(n)]
    elsewhere = [*_strings(entry.get("hand")), *_strings(entry.get("discard"))]
    elsewhere += _strings([entry.get("selected")])
    elsewhere += _played_by(reading, player)
    for card in elsewhere:
        if card in cards:
            cards.remove(card)
    return cards


def _played_by(reading: Reading, player: int) -> list[str]:
    """Cards the position shows *player* played: on characters and in turns."""
    played: list[str] = []
    characters = reading.doc.get("characters")
    for entry in characters if isinstance(characters, list) else []:
        if isinstance(entry, Mapping):
            card = reading.pack.characters.get(str(entry.get("id")))
            if card is not None and reading.game.owner_of_faction(card.faction) == player:
                played += _strings(entry.get("played"))
    turns = reading.doc.get("turns")
    if isinstance(turns, list):
        for turn in turns:
            if isinstance(turn, Mapping):
                card = reading.pack.characters.get(str(turn.get("character")))
                if card is not None and reading.game.owner_of_faction(card.faction) == player:
                    played += _strings(turn.get("cards"))
    return played


def _strings(value: Any) -> list[str]:
    """The texts in *value* (a list), for defaults computed from fields not yet checked."""
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []
