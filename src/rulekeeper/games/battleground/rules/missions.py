"""Side missions (rulebook, Side Missions): glory cards scored when their condition is met."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.cards import GloryCard
from rulekeeper.games.battleground.model import Fighter, Turn

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


# === side missions [Side Missions] =======================================================


def check_missions(state: BattleState, ending: Turn | None = None) -> None:
    """Score side missions in play whose condition is now met; ``ending`` is a turn that is
    ending now (for the conditions checked at the end of an activation or interruption)."""
    for turn in state.turns if ending is None else [ending]:
        side = state.sides[turn.player]
        fighter = state.fighters[turn.character]
        for card_id in list(turn.missions):
            if card_id in side.glory_done:
                continue
            card = state.pack.glory.get(card_id)
            if card is None or not _mission_met(state, turn, fighter, card, ending is not None):
                continue
            side.glory_done.append(card_id)
            side.vp += card.vp
            state.events.append(
                "side mission", {"player": turn.player, "card": card_id, "vp": card.vp}
            )


def _mission_met(
    state: BattleState, turn: Turn, fighter: Fighter, card: GloryCard, ending: bool
) -> bool:
    mission = card.mission
    kind = mission.kind
    done = turn.progress.get(card.id, {})
    if kind == "knock_out_with":
        wanted = mission.weapon_type  # type: ignore[union-attr]
        return any(
            n > 0 and (wanted == "any" or key == f"ko:{wanted}")
            for key, n in done.items()
            if key.startswith("ko:")
        )
    if kind == "wound_enemies":
        return done.get("wounds", 0) >= mission.wounds  # type: ignore[union-attr]
    if kind == "apply_debuffs":
        return done.get("debuffs", 0) >= mission.count  # type: ignore[union-attr]
    if kind == "flank_attack":
        return done.get("flank_best", 0) >= mission.successes  # type: ignore[union-attr]
    if kind == "area_attack_hits":
        return done.get("area_best", 0) >= mission.targets  # type: ignore[union-attr]
    if not ending or fighter.knocked_out:
        return False
    if kind == "engage_enemies":
        return len(state.engaged_enemies(fighter)) >= mission.count  # type: ignore[union-attr]
    if kind == "end_activation_in_zone":
        zone = mission.zone  # type: ignore[union-attr]
        if zone == "platform":
            return fighter.level == 1
        if zone == "enemy_deployment":
            return fighter.position.hex in state.field.zones.get(1 - fighter.owner, frozenset())
        near = {fighter.position, *state.field.adjacent_positions(fighter.position)}
        return any(Position(q, r, 0) in near for q, r in state.objectives.values())
    return False
