"""Resource and Treasure dice on the map (issue 24 §2 "Economy: dice"; homm3.md §5.13.2,
§5.13.3, §5.17, §5.25 rules 3 and 6, §9.6): the faces and their odds from the board data,
"roll N, choose one", keeping all, rerolls, and what each face does."""

from __future__ import annotations

import pytest
from visit_helpers import act, at_turn, roll, top_kind

from rulekeeper.core import CHANCE, Action
from rulekeeper.games.homm3.map import dice


def test_resource_die_faces() -> None:
    """homm3.md §5.13.2, §9.6: 2 BM, 4 BM, 1 V, 2 V, 3 G, 6 G, one face each."""
    state = at_turn()
    odds = dict(dice.outcomes(state, "resource"))
    names = {"2-materials", "4-materials", "1-valuables", "2-valuables", "3-gold", "6-gold"}
    assert set(odds) == names
    assert all(p == pytest.approx(1 / 6) for p in odds.values())


def test_treasure_die_faces() -> None:
    """homm3.md §5.13.3, §9.6: half a Level ×2, Artifact ×2, 1 Resource die, 2 Resource dice
    keeping one."""
    state = at_turn()
    odds = dict(dice.outcomes(state, "treasure"))
    assert odds == pytest.approx(
        {
            "experience": 2 / 6,
            "search-artifacts": 2 / 6,
            "resource-dice-1-all": 1 / 6,
            "resource-dice-2-one": 1 / 6,
        }
    )


@pytest.mark.parametrize(
    ("face", "resource", "amount", "one"),
    [
        ("2-materials", "materials", 2, False),
        ("4-materials", "materials", 4, False),
        ("1-valuables", "valuables", 1, False),
        ("2-valuables", "valuables", 2, False),
        ("3-gold", "gold", 3, False),
        ("6-gold", "gold", 6, False),
        ("6-gold", "gold", 1, True),  # optional rule 3: only 1 resource
        ("4-materials", "materials", 1, True),
    ],
)
def test_resource_face_gains(face: str, resource: str, amount: int, one: bool) -> None:
    """homm3.md §5.13.2, §5.25 rule 3: a Resource die face gives its resources (1 under rule 3)."""
    state = at_turn({"one-resource-dice": "yes"} if one else None)
    held = state.players[0].resources.get(resource)
    dice.roll(state, 0, "resource", 1)
    roll(state, "resource", face)
    state.settle()
    assert state.players[0].resources.get(resource) == held + amount


def test_roll_two_keep_one() -> None:
    """homm3.md §5.13.3: roll N dice, choose one and resolve it."""
    state = at_turn()
    gold = state.players[0].resources.get("gold")
    dice.roll(state, 0, "resource", 2, "one")
    roll(state, "resource", "3-gold")
    roll(state, "resource", "6-gold")
    keeps = [a for a in state.legal_actions(0) if a.kind == "keep"]
    assert keeps == [Action.of("keep", face="3-gold"), Action.of("keep", face="6-gold")]
    act(state, Action.of("keep", face="6-gold"))
    assert state.players[0].resources.get("gold") == gold + 6


def test_keep_all() -> None:
    """homm3.md §5.23 (Easy: 2 Resource dice, both gained): ``keep: all`` gains every die."""
    state = at_turn()
    player = state.players[0]
    before = dict(player.resources.amounts)
    dice.roll(state, 0, "resource", 2, "all")
    roll(state, "resource", "3-gold")
    roll(state, "resource", "2-valuables")
    state.settle()
    assert player.resources.get("gold") == before["gold"] + 3
    assert player.resources.get("valuables") == before["valuables"] + 2


def test_reroll_with_positive_morale() -> None:
    """homm3.md §5.17 (c): a Positive Morale token rerolls one die; it is spent."""
    state = at_turn()
    player = state.players[0]
    player.morale = 1
    gold = player.resources.get("gold")
    dice.roll(state, 0, "resource", 1)
    roll(state, "resource", "3-gold")
    reroll = Action.of("reroll", die=0, by="morale")
    assert reroll in state.legal_actions(0)
    act(state, reroll)
    assert player.morale == 0 and state.current_player() == CHANCE
    roll(state, "resource", "6-gold")
    state.settle()
    assert player.resources.get("gold") == gold + 6


def test_no_rerolls_under_optional_rule_6() -> None:
    """homm3.md §5.25 rule 6: no die may be rerolled (the refusal names the rule)."""
    state = at_turn({"no-rerolls": "yes"})
    state.players[0].morale = 1
    dice.roll(state, 0, "resource", 2)
    roll(state, "resource", "3-gold")
    roll(state, "resource", "6-gold")
    refused = state.explain(Action.of("reroll", die=0, by="morale"), 0)
    assert not refused.legal and "rule 6" in refused.rule + refused.reason


@pytest.mark.parametrize(
    ("face", "then"),
    [
        ("experience", None),
        ("search-artifacts", "search"),
        ("resource-dice-1-all", "dice"),
        ("resource-dice-2-one", "dice"),
    ],
)
def test_treasure_faces(face: str, then: str | None) -> None:
    """homm3.md §5.13.3: ½ Level, Search (2) Artifacts, 1 Resource die, or 2 keeping one."""
    state = at_turn()
    player = state.players[0]
    dice.roll(state, 0, "treasure", 1)
    roll(state, "treasure", face)
    state.settle()
    if then is None:
        assert player.experience == 1
    else:
        assert top_kind(state) == then
    if face.startswith("resource-dice"):
        step = state.flow.top()
        assert (step.die, step.count, step.keep) == ("resource", int(face[14]), face[16:])
    if face == "search-artifacts":
        assert state.flow.top().deck == "artifact"


def test_unknown_face_is_an_error() -> None:
    """homm3.md §9.6: a face not on the die is refused."""
    state = at_turn()
    with pytest.raises(KeyError):
        dice.face_effect(state, "resource", "7-gold")
