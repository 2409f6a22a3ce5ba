"""Claiming objective tokens in the clean-up phase (rulebook: Claim Objective Tokens)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from rulekeeper.core.hexes import Hex
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.measures import GROUND, Position


class OnTheBattleground(Protocol):
    id: str
    owner: int

    @property
    def position(self) -> Position: ...


def claimant(
    field: Battlefield, at: Hex, fighters: Iterable[OnTheBattleground]
) -> OnTheBattleground | None:
    """The character that claims the token at ``at``, or None. All four conditions: no enemy
    adjacent to the character; the character in or adjacent to the token's hex; no enemy in or
    adjacent to the token's hex; the token not in the character's own deployment zone. At most
    one side can meet them, since a claimant next to the token keeps the other side out."""
    standing = sorted(fighters, key=lambda f: f.id)
    token = Position(at[0], at[1], GROUND)
    near = {token, *field.adjacent_positions(token)}
    for fighter in standing:
        if fighter.position not in near:
            continue
        enemies = [e for e in standing if e.owner != fighter.owner]
        around = set(field.adjacent_positions(fighter.position))
        if any(e.position in around for e in enemies):
            continue
        if any(e.position in near for e in enemies):
            continue
        if tuple(at) in field.zones.get(fighter.owner, frozenset()):
            continue
        return fighter
    return None
