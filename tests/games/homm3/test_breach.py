"""Breaking a Wall or the Gate (homm3.md §5.14.4 and §9.3; §5.18.7; issue 20 §3).

A breach always succeeds: no die, no card window, no Attack Action ability (§9.3). It is the
unit's attack, so a unit that breached has nothing left to do and its activation ends by itself,
as after an attack (docs/homm3-combat.md). The reading decided for issue 20 §3: an Instant Attack
boost played earlier in that activation is spent, unused, by the breach (§5.18.7: a boost lasts
for the unit's next attack, and a Wall is "attacked"; §9.3: no cards apply to it), so it does
not carry over to a later retaliation.
"""

from __future__ import annotations

from typing import Any

from homm3_helpers import HERO_A, HERO_D, act, active, attacks, battle, done, roll, start

from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.attack import InstantWindow
from rulekeeper.games.homm3.combat.stats import boost

TOWN = {"kind": "town", "owner": "necropolis", "citadel": True}


def works(gate: str = "c3") -> list[dict[str, Any]]:
    """The three Walls and the Gate in the middle row (§9.3)."""
    return [{"kind": "gate" if f == gate else "wall", "field": f} for f in ("a3", "b3", "c3", "d3")]


def siege(attacker: list[Any], defender: list[Any], **kwargs: Any) -> Any:
    """A siege of a Town with a Citadel, begun with the units placed."""
    return start(battle(attacker, defender, site=TOWN, obstacles=works(), **kwargs))


def test_the_activation_ends_by_itself_after_a_breach() -> None:
    """homm3.md §9.3 and §5.18.6 step 2 (issue 20 §3): the breach is the unit's attack; with
    nothing left to do the activation ends by itself, and the next unit activates (not a lone
    ``end`` choice)."""
    state = siege(
        ["griffins:pack@c2", done("halberdiers@a1")], [done("zombies@a5"), "skeletons@c5"]
    )
    assert active(state) == "griffins"
    act(state, "breach", at="c3")
    assert active(state) == "skeletons"
    assert not any(isinstance(s, ActivationStep) and s.unit == "griffins" for s in state.flow.steps)


def test_a_breach_opens_no_card_window() -> None:
    """homm3.md §9.3 (attacks on Walls and the Gate: no die, no cards): the defender holds a
    playable Instant, yet no window opens around the breach; the next thing asked is the next
    unit's activation."""
    state = siege(
        ["griffins:pack@c2", done("halberdiers@a1")],
        [done("zombies@a5"), "skeletons@c5"],
        defender_hero={**HERO_D, "hand": ["defence"]},
    )
    act(state, "pass", seat=1)  # the window at the start of the griffins' activation
    act(state, "breach", at="c3")
    assert not any(isinstance(s, InstantWindow) for s in state.flow.steps)
    assert state.current_player() == 1 and active(state) == "skeletons"
    assert [e.kind for e in state.events][-2:] == ["breached", "activation"]


def test_a_breach_applies_no_attack_action_ability() -> None:
    """homm3.md §9.3 (no Attack Action abilities on a Wall): Vampires (Pack: heal 2 after
    attacking, units.yaml) breaking the Gate heal nothing."""
    state = siege(
        [{"card": "vampires", "side": "pack", "field": "c2", "damage": 2}, done("halberdiers@a1")],
        [done("zombies@a5"), "skeletons@c5"],
    )
    act(state, "breach", at="c3")
    assert state.battle.units["vampires"].damage == 2
    assert "healed" not in [e.kind for e in state.events]


def test_an_instant_attack_boost_is_spent_by_the_breach() -> None:
    """homm3.md §5.18.7 and §9.3, reading decided in docs/homm3-combat.md (issue 20 §3): the
    Attack card's +1 ("for its next attack or retaliation") played before a breach ends with the
    breach, unused; the unit's retaliation later that round has its printed Attack (3)."""
    state = siege(
        ["griffins:pack@c2", done("halberdiers@a1")],
        [done("zombies@a5"), "skeletons@c5"],
        attacker_hero={**HERO_A, "hand": ["attack"]},
    )
    act(state, "play", card="attack", use="basic", unit="griffins")
    griffins = state.battle.units["griffins"]
    assert boost(state, griffins, "attack") == 1
    act(state, "breach", at="c3")
    assert boost(state, griffins, "attack") == 0
    act(state, "move", to="c3")
    act(state, "attack", target="griffins")
    roll(state, 0, 0)  # the Skeletons' attack, the Griffins' retaliation
    retaliation = attacks(state)[1]
    assert retaliation["kind"] == "retaliation" and retaliation["attacker"] == "griffins"
    assert retaliation["attack"] == 3


def test_an_ai_unit_that_cannot_reach_breaks_the_wall() -> None:
    """docs/homm3.md (our reading of the fallback §5.24.1 leaves open, §8): in a siege an AI
    hero's ground unit that can neither reach an enemy nor get closer breaks an adjacent Wall
    or the Gate (a game on the map could otherwise never end: neither side may retreat or
    surrender against an AI hero, §9.1)."""
    state = siege(
        ["halberdiers:pack@b2"],
        ["zombies@a5", "skeletons@d5"],
        attacker_kind="ai-hero",
        mode="solo",
    )
    state.battle.armies[0].ai_deck.clear()  # no AI card: the unit's own choice alone
    for _ in range(6):
        if [e for e in state.events if e.kind == "breached"] or state.current_player() < 0:
            break
        act(state, state.legal_actions()[0].kind, **dict(state.legal_actions()[0].params))
    breached = [e.data for e in state.events if e.kind == "breached"]
    assert breached and breached[0]["unit"] == "halberdiers"
