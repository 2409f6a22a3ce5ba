"""HoMM3 combat in the terminal (issue 23 §2.13): the board shows each unit's Attack, Defence
and abilities, ``card UNIT`` prints a unit's whole card, and hands are shown by card name
(§2.8)."""

from __future__ import annotations

from rulekeeper.cli.screens import screen_for
from rulekeeper.core import load_game
from rulekeeper.games.homm3.game import shipped_battle


def battle(name: str):  # type: ignore[no-untyped-def]
    return load_game("homm3-combat", battle=shipped_battle(name).as_posix()).new_initial_state(
        seed=1
    )


def test_the_board_shows_attack_defence_and_abilities_of_every_unit() -> None:
    """issue 23 §2.13: each unit's line has its Attack, Defence, HP, Initiative, type and
    abilities by name (Harpies: No retaliation)."""
    state = battle("neutral-fight.yaml")
    shown = str(screen_for("homm3-combat").render(state, 0))
    harpies = next(line for line in shown.splitlines() if "Harpies" in line)
    assert "Attack 3" in harpies and "Defence 0" in harpies and "flying" in harpies
    assert "No retaliation" in harpies
    units = [line for line in shown.splitlines() if "Attack " in line and "Defence " in line]
    assert len(units) == len(state.battle.units)


def test_card_unit_prints_the_whole_card() -> None:
    """issue 23 §2.13: 'card harpies' is the unit's whole card: both sides, every ability in
    a sentence; an unknown name says so with close names."""
    state = battle("neutral-fight.yaml")
    command = screen_for("homm3-combat").command
    assert command is not None
    said = command(state, 0, "card harp") or ""
    assert "Few side" in said and "Pack side" in said
    assert "Units it attacks do not retaliate" in said
    assert "did you mean" in (command(state, 0, "card harpis") or "")
    assert command(state, 0, "place harpies at a1") is None
    siege = battle("siege.yaml")
    assert "Arrow Tower" in (command(siege, 0, "card tower") or "")
    shown = str(screen_for("homm3-combat").render(siege, 0))
    assert shown.count("Arrow Tower: Attack") == 1


def test_a_heros_hand_by_card_name() -> None:
    """issue 23 §2.8: the seat's own hand by card name, not by id; 'cards' gives their text."""
    state = battle("hero-battle.yaml")
    army = next(a for a in state.battle.armies if a.seat == 0 and a.hero is not None)
    assert army.hero is not None
    army.hero.hand = ["attack", "magic-arrow"]  # as if dealt (the cards' ids)
    first = army.hero.hand[0]
    name = state.game.pack.card(first).name
    shown = str(screen_for("homm3-combat").render(state, 0))
    assert name in shown
    if name.casefold() != first:
        assert f"hand: {first}" not in shown
    command = screen_for("homm3-combat").command
    assert command is not None
    assert name in (command(state, 0, "cards") or "")
