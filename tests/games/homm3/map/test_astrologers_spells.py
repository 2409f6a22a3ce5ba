"""Crazy Wizard and Grim Warlock carried into the battle (issue 24 §2 "Combat as a
sub-procedure"; homm3.md §5.21, §5.11; astrologers.yaml ``crazy-wizard`` spell-returns,
``grim-warlock`` spell-power per_turn; docs/homm3-battle.md ``lasting``): the battle file gives
each Main Hero's side ``first-spell-back`` / ``first-spell-power`` (combat/spells.py spends
them at the side's next cast); after the battle a side that played a Spell has used them."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Action, load_game
from rulekeeper.games.homm3.combat.spells import FIRST_SPELL_BACK, FIRST_SPELL_POWER
from rulekeeper.games.homm3.map import astrologers, board, effects, proclaimed_spells
from rulekeeper.games.homm3.map.fights import FightStep, battle_doc
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN
from rulekeeper.games.homm3.map.turn import TurnStep

HERO = {"name": "Catherine", "faction": "castle", "level": 2, "mp": 2, "gold": 12}
FOE = {"name": "Sandro", "faction": "necropolis", "level": 2, "mp": 1, "gold": 10}


def spell_battle(lasting: list[dict[str, Any]]) -> Any:
    """A battle at its first round: the attacker holds only Magic Arrow, *lasting* in force."""
    doc = {
        "format": "homm3-battle",
        "version": 1,
        "mode": "clash",
        "site": {"kind": "field"},
        "attacker": {
            "kind": "hero",
            "hero": {**HERO, "hand": ["magic-arrow"]},
            "units": [{"card": "griffins", "side": "pack", "field": "b2"}],
        },
        "defender": {
            "kind": "hero",
            "hero": FOE,
            "units": [{"card": "crusaders", "field": "d4", "activated": True}],
        },
        "pending": [{"kind": "battle", "stage": "fight"}],
        "lasting": lasting,
    }
    return load_game("homm3-combat", battle=doc).new_initial_state(seed=0)


def pass_windows(state: Any) -> None:
    while state.current_player() >= 0 and [a.kind for a in state.legal_actions()] == ["pass"]:
        state.apply_action(Action.of("pass"))


def cast_arrow(state: Any) -> None:
    """The attacker casts Magic Arrow at the crusaders (passing the windows where a seat may
    only pass)."""
    pass_windows(state)
    state.apply_action(Action.of("cast", card="magic-arrow"))
    state.apply_action(Action.of("target", unit="crusaders"))
    pass_windows(state)


def entry(kind: str, amount: int = 1) -> dict[str, Any]:
    return {"kind": kind, "holder": "side-0", "amount": amount, "until": "used"}


def test_first_spell_power_in_the_battle_file() -> None:
    """homm3.md §5.21, astrologers.yaml grim-warlock: the first Spell the side casts gets +1
    power (Magic Arrow deals 2, not 1, §5.11); the effect is spent by that cast."""
    plain = spell_battle([])
    cast_arrow(plain)
    assert plain.battle.units["crusaders"].damage == 1
    state = spell_battle([entry(FIRST_SPELL_POWER)])
    cast_arrow(state)
    assert state.battle.units["crusaders"].damage == 2
    assert not any(e.kind == FIRST_SPELL_POWER for e in state.battle.lasting)


def test_first_spell_back_in_the_battle_file() -> None:
    """homm3.md §5.21, astrologers.yaml crazy-wizard: the first Spell card the side plays goes
    back to hand once resolved (not to the discard pile); the effect is spent."""
    state = spell_battle([entry(FIRST_SPELL_BACK)])
    cast_arrow(state)
    hero = state.battle.armies[0].hero
    assert hero.hand == ["magic-arrow"] and "magic-arrow" not in hero.discard
    assert state.battle.units["crusaders"].damage == 1
    assert not any(e.kind == FIRST_SPELL_BACK for e in state.battle.lasting)


def map_state(card: str) -> MapState:
    state = load_game("homm3", players=2, scenario="clash-2").new_initial_state(seed=4)
    assert isinstance(state, MapState)
    state.astrologers = card
    return state


def hero_fight_doc(state: MapState) -> dict[str, Any]:
    item, other = (next(h for h in state.heroes if h.seat == s and h.role == MAIN) for s in (0, 1))
    step = FightStep(
        hero=item.id, field=other.field, against="hero", defender=other.id, defender_seat=1
    )
    return dict(battle_doc(state, step))


def test_the_map_hands_both_main_heroes_the_effect() -> None:
    """homm3.md §5.21: with Grim Warlock in force both Main Heroes of a fight get
    first-spell-power; with Crazy Wizard first-spell-back; with neither no ``lasting``."""
    doc = hero_fight_doc(map_state("grim-warlock"))
    assert [(e["kind"], e["holder"]) for e in doc["lasting"]] == [
        (FIRST_SPELL_POWER, "side-0"),
        (FIRST_SPELL_POWER, "side-1"),
    ]
    doc = hero_fight_doc(map_state("crazy-wizard"))
    assert {e["kind"] for e in doc["lasting"]} == {FIRST_SPELL_BACK}
    assert "lasting" not in hero_fight_doc(map_state("dead-silence"))


def test_grim_warlock_is_used_for_the_turn() -> None:
    """astrologers.yaml grim-warlock (per_turn): a side that played a Spell in a battle has no
    bonus left this turn, the other side keeps it; in the next turn it is back."""
    state = map_state("grim-warlock")
    proclaimed_spells.note_battle(state, [(0, 0), (1, 1)], [["magic-arrow"], ["power"]])
    assert proclaimed_spells.unused(state, 0, "spell-power") == 0
    assert proclaimed_spells.unused(state, 1, "spell-power") == 1
    state.round += 1
    assert proclaimed_spells.unused(state, 0, "spell-power") == 1


def test_crazy_wizard_is_used_until_the_next_astrologers_card() -> None:
    """astrologers.yaml crazy-wizard (until-next-astrologers, not per turn): once a player's
    first Spell returned, no other does, even in later turns (the mark outlives the turn's
    end); the next card drawn clears it."""
    state = map_state("crazy-wizard")
    proclaimed_spells.note_spell(state, 0)
    effects.end_turn(state, 0)
    state.round += 1
    assert proclaimed_spells.unused(state, 0, "spell-returns") == 0
    assert proclaimed_spells.unused(state, 1, "spell-returns") == 1
    deck = state.decks["astrologers"]
    deck.remove("crazy-wizard")
    deck.append("crazy-wizard")  # drawn again: a new time in force
    astrologers.draw(state)
    assert proclaimed_spells.unused(state, 0, "spell-returns") == 1


def town_portal(card: str) -> tuple[MapState, Any, Any]:
    """Seat 0's Main Hero next to its town at its turn, holding Town Portal and a Bless, *card*
    in force."""
    state = map_state(card)
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat = state.current_player()
        legal = state.legal_actions(seat)
        state.apply_action(Action.of("draw") if Action.of("draw") in legal else legal[-1], seat)
    assert state.current_player() == 0
    state.astrologers = card
    hero = next(h for h in state.heroes if h.seat == 0 and h.role == MAIN)
    town = next(t for t in state.towns if t.owner == 0)
    hero.field = next(
        k
        for k in board.neighbour_fields(state.tilemap(), town.field)
        if k not in state.tilemap().graph.closed
    )
    state.players[0].hand = ["town-portal", "bless"]
    state.apply_action(
        Action.of("play-card", card="town-portal", use="cast", hero=hero.id, to=town.field), 0
    )
    return state, hero, town


def test_grim_warlock_on_a_map_spell() -> None:
    """homm3.md §5.21 grim-warlock, §5.11: a Spell cast on the map starts with +1 power (Town
    Portal reaches power 2 with one Spell discarded: +1 MP); the effect is used for the turn."""
    state, hero, town = town_portal("grim-warlock")
    mp = hero.mp
    state.apply_action(Action.of("empower", card="bless", use="discard"), 0)
    state.apply_action(Action.of("done"), 0)
    assert hero.field == town.field and hero.mp == mp + 1
    assert proclaimed_spells.unused(state, 0, "spell-power") == 0


def test_crazy_wizard_on_a_map_spell() -> None:
    """homm3.md §5.21 crazy-wizard: the first Spell card the player plays (here on the map)
    goes back to hand once resolved; the effect is used."""
    state, hero, town = town_portal("crazy-wizard")
    state.apply_action(Action.of("done"), 0)
    player = state.players[0]
    assert hero.field == town.field
    assert sorted(player.hand) == ["bless", "town-portal"] and "town-portal" not in player.discard
    assert proclaimed_spells.unused(state, 0, "spell-returns") == 0
