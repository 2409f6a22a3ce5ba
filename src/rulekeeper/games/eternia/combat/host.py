"""What a state running the combats provides their steps (combat/protocols.py): the
``eternia-combat`` game's own state and the map game's (core/subgame.py hosts) share it."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.subgame import NO_SEAT
from rulekeeper.games.eternia.combat import file as combat_file
from rulekeeper.games.eternia.combat.abilities import use
from rulekeeper.games.eternia.combat.rounds import stop_at_defeat
from rulekeeper.games.eternia.combat.subgames import EpicSubGame

__all__ = ["CombatHost"]


class CombatHost:
    """The combat steps' calls on their state: its ``epic``, ``area``, ``control`` and
    ``pack`` (declared by the state class) and these."""

    epic: Any
    area: Any
    control: Any
    game: Any
    events: Any
    flow: Any
    rng: Any
    pack: Any

    def epic_game(self, doc: JsonObject) -> EpicSubGame:
        """An epic combat of an area (combat/area.py)."""
        return EpicSubGame(doc, str(getattr(self.game, "position_source", "combat")))

    def epic_sides(self) -> list[JsonObject]:
        """The two sides of the epic combat just ended, as they go on in the area."""
        return [combat_file.carried(self.epic, side, self.control) for side in (0, 1)]

    def soldiers_against_hero(self) -> int:
        """The entering hero against the soldiers left in the area (spec §5.9, A-2): each
        soldier deals 1 HP and goes back to the supply, until the hero is at 0 HP (the rest
        stay). The HP lost."""
        area = self.area
        assert area is not None
        health = combat_file.entry_health(self.pack, area.active)
        damage = area.active.get("damage", 0)
        hp = health - (damage if isinstance(damage, int) else 0)
        lost = min(hp, area.soldiers)
        area.soldiers -= lost
        area.active["damage"] = health - hp + lost
        self.events.append("soldiers-fought", {"hp_lost": lost, "soldiers_left": area.soldiers})
        return int(lost)

    def _between_steps(self) -> bool | None:
        if self.epic.fighters:
            stop_at_defeat(self)
        return None

    def momentum(self, side: int) -> None:
        """The side's hero's momentum ability for its chosen weapon acts (spec §5.6.1)."""
        fighter = self.epic.fighters[side]
        if fighter.kind != "hero" or fighter.weapon < 0:
            return
        weapon = self.pack.heroes[fighter.name].weapons[fighter.weapon]
        use(self, side, weapon.momentum, weapon.name)

    def momentum_immediate(self, side: int) -> bool:
        fighter = self.epic.fighters[side]
        if fighter.kind != "hero" or fighter.weapon < 0:
            return False
        return bool(self.pack.heroes[fighter.name].weapons[fighter.weapon].momentum.immediate)

    def seat_of(self, side: int) -> int:
        """The seat controlling *side*'s hero, or casting spells for a beast's side (A-46);
        NO_SEAT for a beast alone or a card."""
        fighter = self.epic.fighters[side]
        owner = self.control.owner(fighter.name) if fighter.kind != "encounter" else None
        return NO_SEAT if owner is None else int(owner)

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that see *side*'s hidden cards (its own)."""
        if not self.epic.fighters:
            return (side,)
        seat = self.seat_of(side)
        return (seat,) if seat >= 0 else ()
