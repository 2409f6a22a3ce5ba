"""The battle's news in words (issue 9 §1, games/homm3/views/log.py): every event the combat
appends has a line of its own with units, heroes and cards by name; an attack's line has its
dice, Attack, Defence and damage (homm3.md §5.18.6 steps 4–5); asking after every action gives
the lines asking once at the end gives."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from homm3_helpers import act, done, fight, roll

from rulekeeper.core import CHANCE, SIMULTANEOUS, load_game
from rulekeeper.core.agents import RandomAgent
from rulekeeper.games.homm3.game import CombatState, shipped_battle, shipped_battles
from rulekeeper.games.homm3.views.log import COVERED, PRIVATE, in_attack_line, news

BATTLES = shipped_battles()
COMBAT = Path(str(resources.files("rulekeeper.games.homm3.combat")))
APPENDED = re.compile(r'events\.append\(\s*"([a-z -]+)"')


def appended_kinds() -> set[str]:
    """Every event kind the combat code appends (read from its source)."""
    return {kind for path in COMBAT.glob("*.py") for kind in APPENDED.findall(path.read_text())}


def play(state: CombatState, seed: int, limit: int = 300) -> list[str]:
    """Random agents play up to *limit* actions; the news asked after every action."""
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    lines, seen = news(state, 0)
    for _ in range(limit):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
        else:
            if seat == SIMULTANEOUS:
                seat = next(p for p in range(state.num_players) if state.legal_actions(p))
            state.apply_action(agents[seat].choose(state, seat), seat)
        more, seen = news(state, seen)
        lines += more
    assert seen == state.events.last_seq
    return lines


def seeded(name: str, seed: int) -> CombatState:
    game = load_game("homm3-combat", battle=shipped_battle(name).as_posix())
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, CombatState)
    return state


@pytest.mark.parametrize("name", BATTLES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_battles_read_well(name: str, seed: int) -> None:
    """Each line is non-empty and names units (no raw unit id), every event kind seen has a line
    of its own, and the lines asked after every action are the lines asked once at the end."""
    state = seeded(name, seed)
    lines = play(state, seed)
    assert lines == news(state, 0)[0]
    assert lines == news(state, 0)[0]  # asking changes nothing
    events = [e for e in state.events.public(0) if not in_attack_line(e)]
    assert len(lines) == len(events)  # issue 23 §2.8: an attack's dice only in its line
    assert {e.kind for e in events} <= COVERED
    hyphenated = [uid for uid in state.battle.units if "-" in uid]
    for line, event in zip(lines, events, strict=True):
        assert line.strip() and line[0].isupper(), (event, line)
        assert not line.startswith(f"{event.kind}:"), f"generic line for {event.kind}: {line}"
        for uid in hyphenated:
            assert not re.search(rf"\b{re.escape(uid)}\b", line), f"raw id {uid}: {line}"


def test_every_kind_the_combat_appends_is_covered() -> None:
    kinds = appended_kinds()
    assert {"attack", "rolled", "damage", "round-starts", "paralysed"} <= kinds  # the reading
    assert kinds - PRIVATE <= COVERED, sorted(kinds - PRIVATE - COVERED)


def test_an_attack_line_has_its_die_numbers_and_damage() -> None:
    """homm3.md §5.18.6 steps 4–6: Griffins (Few: Attack 2) roll +1 against Crusaders (Few:
    Defence 2): 1 damage; the Crusaders survive and retaliate (Attack 3, +0, against Defence 0)."""
    state = fight(["griffins:few@b2"], [done("crusaders:few@b3")])
    seen = news(state, 0)[1]
    act(state, "attack", target="crusaders")
    roll(state, 1, 0)
    lines, _ = news(state, seen)
    assert lines[:4] == [  # issue 23 §2.8: the dice once, in the attack's line
        "Griffins (Few) attack Crusaders (Few): die +1, attack 3 against defence 2: 1 damage",
        "Crusaders (Few) take 1 damage (1 on the card)",
        "Crusaders (Few) retaliate against Griffins (Few): die +0, attack 3 against "
        "defence 0: 3 damage",
        "Griffins (Few) take 3 damage (3 on the card)",
    ]


def test_a_unit_keeps_the_side_it_showed_then() -> None:
    """homm3.md §5.15 Damage and flipping: the attack that flips a Pack card names it Pack, the
    lines after it Few, however late the news is asked."""
    state = fight(["halberdiers:few@b2"], [done("skeletons:pack@b3")])
    act(state, "attack", target="skeletons")
    roll(state, 1)
    while state.current_player() == CHANCE:
        roll(state, 0)
    text = "\n".join(news(state, 0)[0])
    assert "attack Skeletons (Pack)" in text
    assert state.battle.units["skeletons"].face == "few"
    flipped = [e for e in state.events if e.kind == "damage" and e.data["flipped"]]
    assert flipped, "the test needs the Skeletons to flip"
    assert "Skeletons (Pack) take" in text and "flip to Few" in text


def test_twin_units_are_told_apart() -> None:
    state = fight(["one=griffins:pack@b1", "two=griffins:pack@c1"], [done("zombies@b5")])
    act(state, "activate", unit="one")
    act(state, "move", to="b3")
    lines, _ = news(state, 0)
    assert lines[-1] == "Catherine's Griffins 1 (Pack) move from b1 to b3"


def test_rare_events_read_well() -> None:
    """Events random battles seldom reach, built by hand on a battle in progress."""
    state = fight(["halberdiers:few@b2"], [done("zombies:few@b3")])
    seen = news(state, 0)[1]
    for kind, data in [
        ("pushed", {"unit": "zombies", "from": 9, "to": 13}),
        ("teleported", {"unit": "halberdiers", "from": 5, "to": 0}),
        ("swapped", {"units": ["halberdiers", "zombies"]}),
        ("overlay", {"unit": "zombies", "card": "magic-arrow"}),
        ("morale-lost", {"side": 0, "cause": "drain-morale"}),
        ("countered", {"side": 0, "card": "magic-arrow"}),
        ("gained", {"side": 1, "resource": "gold", "amount": 3}),
        ("recovered", {"side": 0, "card": None}),
        ("tower-falls", {}),
        ("rerolled", {"die": 0, "was": -1, "face": 1}),
    ]:
        state.events.append(kind, data)
    state.battle.units["zombies"].face = "pack"  # as ReinforceStep does, then its event
    state.events.append("reinforced", {"unit": "zombies", "cause": "necromancy-reinforce"})
    state.events.append("defends", {"unit": "zombies"})
    lines, _ = news(state, seen)
    assert lines == [
        "Zombies (Few) are pushed from b3 to b4",
        "Halberdiers (Few) teleport from b2 to a1",
        "Halberdiers (Few) and Zombies (Few) swap fields",
        "Magic Arrow is laid on Zombies (Few)",
        "Catherine loses the Positive Morale token (drain morale)",
        "Catherine's Magic Arrow is countered",
        "Sandro gains 3 gold",
        "Catherine shuffles the discard pile into the deck",
        "The Arrow Tower falls: no Wall or Gate is left standing",
        "Die 1 is rerolled: -1 becomes +1",
        "Zombies (Few) flip to Pack (necromancy reinforce)",
        "Zombies (Pack) defend (a Defense token)",
    ]


def test_an_unknown_event_gets_a_generic_line_with_names() -> None:
    state = fight(["halberdiers:few@b2"], [done("zombies:pack@b3")])
    seen = news(state, 0)[1]
    state.events.append("mystery", {"unit": "zombies", "card": "magic-arrow", "n": 2})
    state.events.append("hush", {})
    assert news(state, seen)[0] == [
        "Mystery: unit=Zombies (Pack), card=Magic Arrow, n=2",
        "Hush",
    ]
