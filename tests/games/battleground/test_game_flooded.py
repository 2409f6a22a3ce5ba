"""The custom effect 'flooded' (Mer-Man's mark; content/effects.py CUSTOM_EFFECTS): a character
within the mark counts as standing in difficult terrain for every rule (docs/rules.md)."""

from __future__ import annotations

from rulekeeper.core import load_game
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.rules.reach import move_points


def flooded_state() -> BattlegroundState:
    state = load_game("battleground").new_initial_state(seed=2)
    assert isinstance(state, BattlegroundState)
    he_man = state.fighters["he-man"]
    state.marks.append(
        {
            "mark": "tide",
            "owner": 1,
            "at": he_man.position.to_json(),
            "radius": 2.0,
            "affects": "all",
            "when": "passive",
            "effects": [{"kind": "custom", "id": "flooded"}],
            "customs": ["flooded"],
        }
    )
    return state


def test_a_move_starting_in_the_flood_loses_two_speed() -> None:
    """Rulebook, Movement and Difficult Terrain (speed −2), through the flooded mark."""
    state = flooded_state()
    he_man = state.fighters["he-man"]
    assert not state.field.is_difficult(he_man.position)
    assert move_points(state, he_man, use_focus=False).points == 5 - 2


def test_cripple_is_ignored_in_the_flood() -> None:
    """Rulebook, Buffs and Debuffs: cripple is ignored when the movement begins in difficult
    terrain; the flood counts as difficult terrain."""
    state = flooded_state()
    he_man = state.fighters["he-man"]
    he_man.debuff = "cripple"
    assert move_points(state, he_man, use_focus=False).points == 5 - 2


def test_outside_the_flood_speed_is_whole() -> None:
    state = flooded_state()
    stratos = state.fighters["stratos"]
    far = Position(stratos.q, stratos.r, stratos.level)
    assert state.field.range_inches(far, state.fighters["he-man"].position) > 2.0
    assert move_points(state, stratos, use_focus=False).points == state.stat(stratos, "speed")
